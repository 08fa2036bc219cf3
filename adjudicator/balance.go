package adjudicator

// The Axis-Allied balance of power (20), with the battleship race (19.9).
// Positive values favour the Axis, negative ones the Allies (19.92 speaks
// of an Allied -3).

// CategoryCounts counts balance of power counters per category (20.2).
type CategoryCounts struct {
	Armor    int `json:"armor"`
	Infantry int `json:"infantry"`
	Air      int `json:"air"`
	Naval    int `json:"naval"`
}

func (a CategoryCounts) add(b CategoryCounts) CategoryCounts {
	return CategoryCounts{a.Armor + b.Armor, a.Infantry + b.Infantry, a.Air + b.Air, a.Naval + b.Naval}
}

// Get returns the count of category c.
func (a CategoryCounts) Get(c BalanceCategory) int {
	switch c {
	case ArmorBalance:
		return a.Armor
	case InfantryBalance:
		return a.Infantry
	case AirBalance:
		return a.Air
	case NavalBalance:
		return a.Naval
	}
	return 0
}

// Balance is the balance of power: a level per category, -3..+3 (20.51,
// 20.52), the battleship race modifier (19.91, 20.54), and the counters it
// was computed from.
type Balance struct {
	Armor    int `json:"armor"`
	Infantry int `json:"infantry"`
	Air      int `json:"air"`
	Naval    int `json:"naval"` // before the battleship race
	// Race is +1 when the Axis lead the battleship race, -1 when the Allies
	// do, 0 when nobody does (19.91-19.94); it is added to the naval
	// balance beyond the +/-3 limit (19.92).
	Race   int            `json:"battleship_race"`
	Axis   CategoryCounts `json:"axis"`   // Axis counters on the chart (20.21)
	Allies CategoryCounts `json:"allies"` // Allied counters on the chart
}

// Categories lists the four categories in the order of 20.11.
var Categories = []BalanceCategory{ArmorBalance, InfantryBalance, AirBalance, NavalBalance}

// Level returns the balance of category c; for the naval category it
// includes the battleship race modifier (20.54, 19.92).
func (b Balance) Level(c BalanceCategory) int {
	switch c {
	case ArmorBalance:
		return b.Armor
	case InfantryBalance:
		return b.Infantry
	case AirBalance:
		return b.Air
	case NavalBalance:
		return b.NavalTotal()
	}
	return 0
}

// NavalTotal is the naval balance with the battleship race modifier, which
// the +/-3 limit does not cap (19.92): -4..+4.
func (b Balance) NavalTotal() int { return b.Naval + b.Race }

// Advantage reports whether side has a balance of power advantage in
// category c (20.61A, 32).
func (b Balance) Advantage(side Side, c BalanceCategory) bool {
	switch side {
	case Axis:
		return b.Level(c) > 0
	case Allies:
		return b.Level(c) < 0
	}
	return false
}

// GarrisonModifier is the net of the Axis armor, infantry and air
// advantages, one per category level (20.61C, 21.22B): it raises the
// Russian garrison requirement when positive and lowers it when negative.
// The naval balance is ignored.
func (b Balance) GarrisonModifier() int { return b.Armor + b.Infantry + b.Air }

// balanceLevelFor turns a number of unmatched counters into a level, 0..3
// (20.51, 20.52).
func balanceLevelFor(excess int) int {
	for _, r := range balanceLevels {
		if excess >= r.Excess {
			return r.Level
		}
	}
	return 0
}

// signedLevel is the level of Axis minus Allied counters, signed (20.32:
// the unmatched counters of the superior side count).
func signedLevel(axis, allies int) int {
	if axis >= allies {
		return balanceLevelFor(axis - allies)
	}
	return -balanceLevelFor(allies - axis)
}

// BalanceOfPower computes the balance of power from the state now (20.5;
// 20.53: the balance at the relevant time is used): the active armor,
// infantry and air units of Germany and Italy against those of Britain and
// France (20.12, 20.21; Russian units never count, 20.55), the naval
// counters of ships (19.81) and the Royal Navy (20.41C), and the research
// counters of each side (16.11-16.18, 20.41).
func BalanceOfPower(s State) Balance {
	var b Balance
	for _, p := range Powers {
		ps := s.Powers[p]
		if ps == nil {
			continue
		}
		c := CategoryCounts{Armor: ps.Active.Armor, Infantry: ps.Active.Infantry, Air: ps.Active.Air,
			Naval: ps.Naval.BalanceCounters()}
		switch SideOf(p) {
		case Axis:
			b.Axis = b.Axis.add(c)
		case Allies:
			b.Allies = b.Allies.add(c)
		} // 20.55: Russia is not counted
	}
	// 16.11-16.18, 20.22-20.25, 20.41: the research counters of each side.
	b.Axis = b.Axis.add(ResearchBalance(s, Axis))
	b.Allies = b.Allies.add(ResearchBalance(s, Allies))
	b.Armor = signedLevel(b.Axis.Armor, b.Allies.Armor)
	b.Infantry = signedLevel(b.Axis.Infantry, b.Allies.Infantry)
	b.Air = signedLevel(b.Axis.Air, b.Allies.Air)
	b.Naval = signedLevel(b.Axis.Naval, b.Allies.Naval)
	b.Race = BattleshipRace(s)
	return b
}

// raceCounts counts one side's battleships of class c: launched, then on
// the rows 2, 3, 4, 5 of the chart (19.93), and laid down in all.
func raceCounts(s State, side Side, c ShipClass) (byStage [5]int, started int) {
	for _, p := range Powers {
		ps := s.Powers[p]
		if ps == nil || SideOf(p) != side {
			continue
		}
		for _, sh := range ps.Naval.Launched {
			if sh.Class == c {
				byStage[0]++
				started++
			}
		}
		for _, sh := range ps.Naval.Building {
			if sh.Class == c && sh.Row >= 2 && sh.Row <= 5 {
				byStage[sh.Row-1]++
				started++
			}
		}
	}
	return byStage, started
}

// raceLead compares the sides stage by stage (19.93): launched ships
// first, then adding those on row 2, 3, 4 (and 5); the first time one side
// is two or more ahead it leads. Returns +1 (Axis), -1 (Allies) or 0.
func raceLead(axis, allies [5]int) int {
	a, l := 0, 0
	for i := range axis {
		a += axis[i]
		l += allies[i]
		switch {
		case a-l >= 2:
			return 1
		case l-a >= 2:
			return -1
		}
	}
	return 0
}

// BattleshipRace returns the battleship race modifier (19.91-19.94): +1
// when the Axis lead, -1 when the Allies do, 0 when tied or not yet run.
func BattleshipRace(s State) int {
	ax5, ax5n := raceCounts(s, Axis, Battleship5)
	al5, al5n := raceCounts(s, Allies, Battleship5)
	ax4, ax4n := raceCounts(s, Axis, Battleship4)
	al4, al4n := raceCounts(s, Allies, Battleship4)
	if ax5n+al5n > 0 {
		// 19.94: a 5-factor battleship was started (which needs two
		// battleship design results, 19.63C): the race is decided by
		// 5-factor ships alone ...
		if lead := raceLead(ax5, al5); lead != 0 {
			return lead
		}
		// ... and if that is tied, by the 4-factor race, a surplus
		// 5-factor ship counting as a launched 4-factor one.
		if d := ax5n - al5n; d > 0 {
			ax4[0] += d
			ax4n += d
		} else if d < 0 {
			al4[0] -= d
			al4n -= d
		}
	}
	// 19.93: the 4-factor race runs once either side has started two.
	if ax4n < 2 && al4n < 2 {
		return 0
	}
	return raceLead(ax4, al4)
}

// announceBalance recomputes the stored balance of power (20.53: the
// balance may change in the course of a turn) and reports it publicly
// (BalanceOfPowerChanged): always when always is set (the end of the
// economic phase shows the table), else only when it changed.
func announceBalance(s *State, always bool, evs *[]Event) {
	before := s.Balance
	s.Balance = BalanceOfPower(*s)
	if always || s.Balance != before {
		*evs = append(*evs, BalanceOfPowerChanged{Turn: s.Turn, Balance: s.Balance, Before: before})
	}
}

// finishBalance announces the balance of power at the end of the economic
// phase, after units, ships and research of the phase and the research
// and construction random events that take effect then (9.41B-C), so that
// a result of such an event counts this turn (20.53).
func finishBalance(s *State, evs *[]Event) { announceBalance(s, true, evs) }
