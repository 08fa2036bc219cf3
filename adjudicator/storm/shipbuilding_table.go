package storm

import "strconv"

// Tables of shipbuilding (19) and of the balance of power (20), each row
// citing its rule. Figures the rulebook's text does not give (the counter
// mix) are readings documented in docs/rules.md.

// ShipClass is a kind of ship a major power may lay down (19.63).
type ShipClass string

// Ship classes (19.63). Light ships are not represented (19.63D).
const (
	Carrier     ShipClass = "carrier"      // 2-factor aircraft carrier, CVL (19.63A)
	Battleship3 ShipClass = "battleship-3" // 3-factor battleship or battlecruiser (19.63B)
	Battleship4 ShipClass = "battleship-4" // modern battleship (19.63C)
	Battleship5 ShipClass = "battleship-5" // modern battleship (19.63C)
)

// shipClass is a row of the ship classes: its size (the row it is laid
// down in, 19.61, and its cost, 19.52A), who may build it, and the
// research results it needs per ship (19.63A, 19.63C).
type shipClass struct {
	Class    ShipClass
	Size     int
	Builders []Power
	// Project and Results: the national research results needed before
	// the class may be laid down (19.63C); carriers use PerResult instead.
	Project string
	Results int
	// PerResult: carriers built or building may not exceed PerResult times
	// the power's naval air training results (19.63A).
	PerResult int
	Rule      string
}

// ShipClasses are the rows of 19.63, one a class of ship.
var ShipClasses = []shipClass{
	{Class: Carrier, Size: 2, Builders: []Power{Germany, Italy, Britain}, Project: ProjectNavalAirTraining, PerResult: 3, Rule: "19.63A"},
	{Class: Battleship3, Size: 3, Builders: []Power{Germany, Italy, Britain, France}, Rule: "19.63B"},
	{Class: Battleship4, Size: 4, Builders: []Power{Germany, Italy, Britain, France}, Project: ProjectBattleshipDesign, Results: 1, Rule: "19.63C"},
	{Class: Battleship5, Size: 5, Builders: []Power{Germany, Italy, Britain, France}, Project: ProjectBattleshipDesign, Results: 2, Rule: "19.63C"},
}

// ClassOf returns the row of c, or nil.
func ClassOf(c ShipClass) *shipClass {
	for i := range ShipClasses {
		if ShipClasses[i].Class == c {
			return &ShipClasses[i]
		}
	}
	return nil
}

// Size is the ship's size in factors (19.61), 0 when c is unknown.
func (c ShipClass) Size() int {
	if r := ClassOf(c); r != nil {
		return r.Size
	}
	return 0
}

// Short is the class's short name on the naval construction chart: CVL
// (a light carrier, 19.63A), BB3, BB4, BB5 (by size, 19.63B-C).
func (c ShipClass) Short() string {
	switch c {
	case Carrier:
		return "CVL"
	case Battleship3, Battleship4, Battleship5:
		return "BB" + strconv.Itoa(c.Size())
	}
	return string(c)
}

// Modern reports a 4- or 5-factor battleship (19.63C).
func (c ShipClass) Modern() bool { return c == Battleship4 || c == Battleship5 }

// Name is the class as the rules call it for power p: Italian and French
// 3-factor capital ships are battleships, German and British ones
// battlecruisers (19.63B).
func (c ShipClass) Name(p Power) string {
	switch c {
	case Carrier:
		return "2-factor carrier"
	case Battleship3:
		if p == Germany || p == Britain {
			return "3-factor battlecruiser"
		}
		return "3-factor battleship"
	case Battleship4:
		return "4-factor battleship"
	case Battleship5:
		return "5-factor battleship"
	}
	return string(c)
}

// initialShipbuildingRate is the rate shown by the shipyard symbols of the
// scenario cards (19.31); it already includes the pre-game shipbuilding
// increases of 14.92 and 14.94.
var initialShipbuildingRate = map[Power]int{
	Britain: 3, // 19.31A
	Germany: 2, // 19.31B
	Italy:   2, // 19.31B
	France:  2, // 19.31B
}

// shipyardMobilizers may add one shipyard in the game (19.32), which also
// brings a shipbuilding-only 1 activity counter (12.22C, 19.33A).
var shipyardMobilizers = map[Power]bool{Germany: true, Italy: true, Britain: true} // 19.32, 12.22C

// maxShipyardIncreases is the number of shipyards a power may mobilize in
// a game (19.32).
const maxShipyardIncreases = 1

// CounterMix limits the ships of each class a power may have built or
// building (19.63): the counter sheet is not part of the rulebook's text,
// so these figures are a reading (docs/rules.md, "the counter mix").
// Carriers count Britain's three pre-game carriers.
var CounterMix = map[ShipClass]int{
	Carrier:     6, // 19.63A: two naval air training results allow six
	Battleship3: 6, // 19.63, reading
	Battleship4: 4, // 19.63, reading
	Battleship5: 2, // 19.63, reading
}

// StartingNaval is the naval state at the start (19.63A, 20.41C): Britain
// has built three carriers before the game and has two Royal Navy counters
// on the naval balance of power chart. No ship is on any naval
// construction chart (docs/rules.md).
var StartingNaval = map[Power]Naval{
	Britain: {PreGameCarriers: 3, RoyalNavy: 2}, // 19.63A, 20.41C
}

// balanceLevel is a row of 20.51: at least Excess unmatched counters give
// a balance of Level.
type balanceLevel struct {
	Excess, Level int
	Rule          string
}

// BalanceLevels are the rows of 20.51, the highest first.
var BalanceLevels = []balanceLevel{
	{6, 3, "20.51C"},
	{3, 2, "20.51B"},
	{1, 1, "20.51A"},
}
