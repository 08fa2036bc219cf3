package track

import (
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
)

// The Axis-Allied balance of power (20), with the battleship race (19.9).
// Positive values favour the Axis, negative ones the Allies (19.92 speaks
// of an Allied -3).

// balanceLevelFor turns a number of unmatched counters into a level, 0..3
// (20.51, 20.52).
func balanceLevelFor(excess int) int {
	for _, r := range storm.BalanceLevels {
		if excess >= r.Excess {
			return r.Level
		}
	}
	return 0
}

// SignedLevel is the level of Axis minus Allied counters, signed (20.32:
// the unmatched counters of the superior side count).
func SignedLevel(axis, allies int) int {
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
func BalanceOfPower(s storm.State) storm.Balance {
	var b storm.Balance
	for _, p := range storm.Powers {
		ps := s.Powers[p]
		if ps == nil {
			continue
		}
		c := storm.CategoryCounts{Armor: ps.Active.Armor, Infantry: ps.Active.Infantry, Air: ps.Active.Air,
			Naval: ps.Naval.BalanceCounters()}
		switch storm.SideOf(p) {
		case storm.Axis:
			b.Axis = b.Axis.Add(c)
		case storm.Allies:
			b.Allies = b.Allies.Add(c)
		} // 20.55: Russia is not counted
	}
	// 16.11-16.18, 20.22-20.25, 20.41: the research counters of each side.
	b.Axis = b.Axis.Add(ResearchBalance(s, storm.Axis))
	b.Allies = b.Allies.Add(ResearchBalance(s, storm.Allies))
	b.Armor = SignedLevel(b.Axis.Armor, b.Allies.Armor)
	b.Infantry = SignedLevel(b.Axis.Infantry, b.Allies.Infantry)
	b.Air = SignedLevel(b.Axis.Air, b.Allies.Air)
	b.Naval = SignedLevel(b.Axis.Naval, b.Allies.Naval)
	b.Race = BattleshipRace(s)
	return b
}

// raceCounts counts one side's battleships of class c: launched, then on
// the rows 2, 3, 4, 5 of the chart (19.93), and laid down in all.
func raceCounts(s storm.State, side storm.Side, c storm.ShipClass) (byStage [5]int, started int) {
	for _, p := range storm.Powers {
		ps := s.Powers[p]
		if ps == nil || storm.SideOf(p) != side {
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
func BattleshipRace(s storm.State) int {
	ax5, ax5n := raceCounts(s, storm.Axis, storm.Battleship5)
	al5, al5n := raceCounts(s, storm.Allies, storm.Battleship5)
	ax4, ax4n := raceCounts(s, storm.Axis, storm.Battleship4)
	al4, al4n := raceCounts(s, storm.Allies, storm.Battleship4)
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

// AnnounceBalance recomputes the stored balance of power (20.53: the
// balance may change in the course of a turn) and reports it publicly
// (BalanceOfPowerChanged): always when always is set (the end of the
// economic phase shows the table), else only when it changed.
func AnnounceBalance(s *storm.State, always bool, evs *[]event.Event) {
	before := s.Balance
	s.Balance = BalanceOfPower(*s)
	if always || s.Balance != before {
		*evs = append(*evs, event.BalanceOfPowerChanged{Turn: s.Turn, Balance: s.Balance, Before: before})
	}
}

// FinishBalance announces the balance of power at the end of the economic
// phase, after units, ships and research of the phase and the research
// and construction random events that take effect then (9.41B-C), so that
// a result of such an event counts this turn (20.53).
func FinishBalance(s *storm.State, evs *[]event.Event) { AnnounceBalance(s, true, evs) }
