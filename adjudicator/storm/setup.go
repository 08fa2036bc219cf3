package storm

// StartingPools are the Spring 1935 activity counter pools (12.21): counters
// of strength 3, 2, 1 and 0, and shipbuilding-only 1s (Russia has none).
var StartingPools = map[Power]ActivityCounters{
	Germany: {Three: 1, Two: 2, One: 2, Zero: 1, Ship: 1}, // 12.21
	Italy:   {Three: 0, Two: 2, One: 2, Zero: 1, Ship: 1}, // 12.21
	Britain: {Three: 1, Two: 2, One: 2, Zero: 1, Ship: 2}, // 12.21
	France:  {Three: 0, Two: 2, One: 2, Zero: 1, Ship: 1}, // 12.21
	Russia:  {Three: 0, Two: 2, One: 2, Zero: 1, Ship: 0}, // 12.21 ("-": no shipyard counter)
}

// initialMobilization is what each power created before the game (14.9).
type initialMobilization struct {
	Mobilizations int
	Units         Units
	Shipbuilding  int
}

// InitialMobilizations are the rows of 14.92-14.96, by power.
var InitialMobilizations = map[Power]initialMobilization{
	Germany: {Mobilizations: 3, Units: Units{Armor: 2, Infantry: 3, Air: 3}, Shipbuilding: 1}, // 14.92
	Italy:   {Mobilizations: 3, Units: Units{Armor: 1, Infantry: 3, Air: 2}},                  // 14.93
	Britain: {Mobilizations: 2, Units: Units{Armor: 1, Infantry: 1, Air: 2}, Shipbuilding: 2}, // 14.94
	France:  {Mobilizations: 3, Units: Units{Armor: 1, Infantry: 3, Air: 2}},                  // 14.95
	Russia:  {Mobilizations: 5, Units: Units{Armor: 4, Infantry: 4, Air: 7}},                  // 14.96
}

// startingMinor is a row of 24.21: the initial alignment is the number of
// flags, positive for an Axis power and negative for an Allied one.
type startingMinor struct {
	Name      string
	Alignment int
	Power     Power
	Rule      string
}

// StartingMinors lists the diplomatic targets and their flags (24.21).
var StartingMinors = []startingMinor{
	{"Albania", +1, Italy, "24.21A"},
	{"Austria", +1, Germany, "24.21B"},
	{"Belgium/Luxembourg", -3, France, "24.21C"},
	{"Bulgaria", 0, 0, "24.21D"},
	{"Czechoslovakia", -3, France, "24.21E"},
	{"Finland", +1, Germany, "24.21F"},
	{"Greece", 0, 0, "24.21G"},
	{"Hungary", +1, Italy, "24.21H"},
	{"Ireland", 0, 0, "24.21I"},
	{"Norway", 0, 0, "24.21J"},
	{"Poland", -1, France, "24.21K"},
	{"Rhineland", +2, Germany, "24.21L"},
	{"Rumania", +1, Germany, "24.21M"},
	{"Spain", 0, 0, "24.21N"},
	{"Sweden", 0, 0, "24.21O"},
	{"Turkey", 0, 0, "24.21P"},
	{"Yugoslavia", 0, 0, "24.21Q"},
}
