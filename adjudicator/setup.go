package adjudicator

// startingFactories is the Spring 1935 economic profile (11.22).
var startingFactories = map[Power]Factories{
	Germany: {Civilian: 5, Military: 3, Idle: 4}, // 11.22: 12 factories
	Italy:   {Civilian: 2, Military: 3, Idle: 1}, // 11.22: 6 factories
	Britain: {Civilian: 4, Military: 2, Idle: 2}, // 11.22: 8 factories
	France:  {Civilian: 2, Military: 3, Idle: 1}, // 11.22: 6 factories
	Russia:  {Civilian: 5, Military: 5, Idle: 4}, // 11.22: 14 factories
}

// startingFactoryTotals is the "number of factories" column of 11.22, kept
// to check the table (a test compares it with the sums above).
var startingFactoryTotals = map[Power]int{
	Germany: 12, // 11.22
	Italy:   6,  // 11.22
	Britain: 8,  // 11.22
	France:  6,  // 11.22
	Russia:  14, // 11.22
}

// startingPools are the Spring 1935 activity counter pools (12.21): counters
// of strength 3, 2, 1 and 0, and shipbuilding-only 1s (Russia has none).
var startingPools = map[Power]ActivityCounters{
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

var initialMobilizations = map[Power]initialMobilization{
	Germany: {Mobilizations: 3, Units: Units{Armor: 2, Infantry: 3, Air: 3}, Shipbuilding: 1}, // 14.92
	Italy:   {Mobilizations: 3, Units: Units{Armor: 1, Infantry: 3, Air: 2}},                  // 14.93
	Britain: {Mobilizations: 2, Units: Units{Armor: 1, Infantry: 1, Air: 2}, Shipbuilding: 2}, // 14.94
	France:  {Mobilizations: 3, Units: Units{Armor: 1, Infantry: 3, Air: 2}},                  // 14.95
	Russia:  {Mobilizations: 5, Units: Units{Armor: 4, Infantry: 4, Air: 7}},                  // 14.96
}

// startingResearch are the research results achieved before the game (15.51).
var startingResearch = []ResearchResult{
	{Side: Axis, Project: "specialized units", Results: 1, Rule: "15.51A"},
	{Side: Allies, Power: Britain, Project: "strategic bombers", Results: 1, Rule: "15.51B"}, // British: 20.41B
	{Side: Allies, Power: Britain, Project: "naval air training", Results: 1, Rule: "15.51B"},
	{Side: Soviet, Project: "specialized units", Results: 1, Rule: "15.51C"},
}

// startingMinor is a row of 24.21: the initial alignment is the number of
// flags, positive for an Axis power and negative for an Allied one.
type startingMinor struct {
	Name      string
	Alignment int
	Power     Power
	Rule      string
}

// startingMinors lists the diplomatic targets and their flags (24.21).
var startingMinors = []startingMinor{
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

// startingTradePacts: France holds the trade pacts of Belgium/Luxembourg and
// Czechoslovakia (11.63).
var startingTradePacts = map[string]Power{
	"Belgium/Luxembourg": France, // 11.63
	"Czechoslovakia":     France, // 11.63
}

// Starting levels.
const (
	startingClimate = 0 // 11.32
	// startingEAI: rule 23 gives no starting level; every modifier of 23.21
	// is absent in Spring 1935 (no aggression, no pact, no random event yet,
	// climate 0, no civil war being fought), so the EAI starts at 0.
	startingEAI         = 0
	startingPurgeEvents = 0 // 22.71A: no purge events yet, low cohesion
)

// NewGame returns the Spring 1935 setup at the first segment of the turn,
// nothing resolved yet. The Spanish civil war events (25.32A) are drawn from
// the seeded generator here.
func NewGame(seed uint64) State {
	s := State{
		Turn:            FirstTurn,
		Segment:         Segments[0],
		Seed:            seed,
		RNG:             NewRNG(seed),
		EconomicClimate: startingClimate,
		EAI:             startingEAI,
		Tiles:           startingTilePool,
		Powers:          make(map[Power]*PowerState, len(Powers)),
		Research:        cloneSlice(startingResearch),
		Russia:          RussiaState{PurgeEvents: startingPurgeEvents, Cohesion: CohesionFor(startingPurgeEvents)},
	}
	for _, p := range Powers {
		m := initialMobilizations[p]
		ps := &PowerState{
			TilePoints:            0, // 6.32
			Factories:             startingFactories[p],
			Mobilizations:         m.Mobilizations,
			MobilizationTurns:     []Turn{},
			MobilizationUnits:     []MobilizationRecord{},
			Mobilizing:            []MobilizingUnit{},
			Active:                m.Units, // 14.9 units start active: docs/rules.md
			ShipbuildingIncreases: m.Shipbuilding,
			Pool:                  startingPools[p],
		}
		s.Powers[p] = ps
	}
	for _, m := range startingMinors {
		mi := Minor{Name: m.Name}
		if m.Alignment != 0 {
			mi.Flags = max(m.Alignment, -m.Alignment)
			mi.FlagPower = m.Power
		}
		mi.TradePact = startingTradePacts[m.Name]
		s.Minors = append(s.Minors, mi)
	}
	// 25.32A, 4.14B: one tile drawn at random; that many Spanish civil war
	// events have occurred. Greece and Yugoslavia start with none (25.32B-C).
	v := s.drawFaceDown()
	s.SpanishTile = v
	s.Minor("Spain").CivilWarEvents = v
	setupNaval(&s) // 19.63A, 20.41C, 20.4
	for _, p := range Powers {
		s.Powers[p].Counters = CountersFor(s, p) // 12.21, 12.22A/B (pools.go)
	}
	return s
}
