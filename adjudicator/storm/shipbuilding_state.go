package storm

import "slices"

// Naval is one major power's naval construction (19.2) and the ships that
// count on the naval balance of power chart (19.81, 20.25).
type Naval struct {
	// Building are the ships on the naval construction chart (19.21), in
	// the order they were laid down.
	Building []Ship `json:"building"`
	// Launched are the ships launched in the game (19.74).
	Launched []Ship `json:"launched"`
	// PreGameCarriers: carriers built before the game; they count against
	// the naval air training limit (19.63A) but place no counter.
	PreGameCarriers int `json:"pre_game_carriers"`
	// RoyalNavy: the starting Royal Navy counters on the naval balance of
	// power chart (20.41C, 20.25).
	RoyalNavy int `json:"royal_navy"`
	// Saved shipbuilding points (19.75), at most the shipbuilding rate.
	Saved int `json:"saved_points"`
	// Next is the number the next ship laid down gets (1, 2, ...); ships
	// are named by it in orders ("ADVANCE SHIP 3").
	Next int `json:"next_ship"`
}

// Ship is one ship under construction or launched.
type Ship struct {
	No    int       `json:"no"`
	Class ShipClass `json:"class"`
	// Row is the chart row (19.21): 5..2 while building, LaunchRow once
	// launched. A ship is laid down in the row of its size (19.61).
	Row int `json:"row"`
	// Column is the season column (19.21): the ship may be advanced in the
	// turns of that season (19.71).
	Column   Season `json:"column"`
	LaidDown Turn   `json:"laid_down"`
	// LaunchedIn is the turn of launch (19.74); nil while building.
	LaunchedIn *Turn `json:"launched_in,omitempty"`
}

// LaunchRow is the bottom row of the naval construction chart (19.21).
const LaunchRow = 1

// Clone deep-copies n.
func (n Naval) Clone() Naval {
	c := n
	c.Building = slices.Clone(n.Building)
	c.Launched = slices.Clone(n.Launched)
	return c
}

// Ship returns the building ship numbered no, or nil.
func (n *Naval) Ship(no int) *Ship {
	for i := range n.Building {
		if n.Building[i].No == no {
			return &n.Building[i]
		}
	}
	return nil
}

// CountClass counts p's ships of class c built or building, Britain's
// pre-game carriers included (19.63A).
func (n Naval) CountClass(c ShipClass) int {
	k := 0
	for _, sh := range n.Building {
		if sh.Class == c {
			k++
		}
	}
	for _, sh := range n.Launched {
		if sh.Class == c {
			k++
		}
	}
	if c == Carrier {
		k += n.PreGameCarriers
	}
	return k
}

// BalanceCounters is the number of generic ship counters p's navy places
// on the naval balance of power chart: one per ship launched (19.81A), one
// per modern battleship laid down (19.81B), and the Royal Navy counters
// (20.41C). Research counters are counted apart (balance.go).
func (n Naval) BalanceCounters() int {
	k := n.RoyalNavy + len(n.Launched)
	for _, sh := range n.Building {
		if sh.Class.Modern() {
			k++
		}
	}
	for _, sh := range n.Launched {
		if sh.Class.Modern() {
			k++
		}
	}
	return k
}

// ShipbuildingRate is p's shipbuilding rate (19.3): the scenario card's
// rate (19.31) plus the shipyards mobilized in the game (19.32, at most
// one). PowerState.ShipbuildingIncreases counts the pre-game increases of
// 14.9 too, which the card's rate already includes.
func ShipbuildingRate(s State, p Power) int {
	base, ok := initialShipbuildingRate[p]
	if !ok {
		return 0 // 19.11: Russia builds no ships
	}
	return base + ShipyardsMobilized(s, p)
}

// ShipyardsMobilized is the number of shipyards p mobilized in the game
// (19.32, 14.61).
func ShipyardsMobilized(s State, p Power) int {
	ps := s.Powers[p]
	if ps == nil || !shipyardMobilizers[p] {
		return 0
	}
	n := ps.ShipbuildingIncreases - InitialMobilizations[p].Shipbuilding
	return min(max(n, 0), maxShipyardIncreases)
}

// ShipyardCapacity is the number of ships p may have under construction:
// twice its shipbuilding rate (19.41).
func ShipyardCapacity(s State, p Power) int { return 2 * ShipbuildingRate(s, p) }

// ShipCost is the cost in activity counter points of laying down or
// advancing a ship of class c for p: its size, less the EAI when positive,
// plus it when negative, changed by this turn's random events (19.52), never
// below 1 (19.52A, 19.71A).
func ShipCost(s State, p Power, c ShipClass) int {
	mod := 0
	if ps := s.Powers[p]; ps != nil {
		mod = ps.Economy.Options.ShipCost
	}
	return max(c.Size()-s.EAI+mod, 1)
}

// AccelerationCost is 1 point per column, whatever the EAI (19.52B, 19.73C).
func AccelerationCost(columns int) int { return columns }

// ShipyardCountersNow returns ps's usable counters with the shipbuilding-
// only 1 counter of each shipyard mobilized in the game (12.22C, 19.33A),
// which may be used at once (13.21B) even before the pool is refreshed
// (pools.go derives the pool from the same ShipyardsMobilized).
func ShipyardCountersNow(s State, p Power, ps *PowerState) ActivityCounters {
	c := ps.Counters
	c.Ship = max(c.Ship, CountersFor(s, p).Ship)
	return c
}

// NextColumn returns the season column n columns to the right (n > 0) or
// left (n < 0) of c, Winter wrapping to Spring (19.72, 19.73).
func NextColumn(c Season, n int) Season {
	i := (int(c) - int(Spring) + n) % 4
	if i < 0 {
		i += 4
	}
	return Season(int(Spring) + i)
}
