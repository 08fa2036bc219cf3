package randomevent

import (
	"fmt"
	"slices"

	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/track"
)

// Options from random events for the economic phase of the turn they take
// effect in: activity counters (12.22, 15.32D) and construction (18.41,
// 19.52, 19.62, 19.73D). A construction or research event takes effect in
// the economic phase, before the power's orders are carried out
// (eventplay.go), so its options are there for the orders of the same
// phase; the orders that use them say FREE (docs/orders.md). They lapse
// when the turn ends (EndTurnEconomy).

// economicOver reports whether the economic phase of the turn is over, so
// that an option for its orders can no longer be used.
func economicOver(s storm.State) bool { return s.Segment.Index() > storm.SegEconomic.Index() }

// applyOptionEffect applies an effect that opens an option or changes the
// activity counters of p; it returns the outcome's note, or diplomacy
// for a counter that serves diplomacy only (24.5; in a game that plays
// diplomacy ApplyEffect makes it an additional diplomatic counter first).
func applyOptionEffect(s *storm.State, p storm.Power, e storm.Effect, evs *[]event.Event) (note string, diplomacy bool) {
	ps := s.Powers[p]
	if e.Kind == storm.EffectActivityCounter && e.Use == storm.CounterUseAny {
		return eventCounter(s, p, e, evs), false
	}
	if e.Kind == storm.EffectActivityCounter && e.Use == storm.CounterUseDiplomacy {
		return "", true
	}
	if economicOver(*s) {
		return "no effect: the economic phase of the turn is over", false
	}
	o := &ps.Economy.Options
	switch e.Kind {
	case storm.EffectActivityCounter: // 15.32D
		n := max(e.Value, 1)
		o.ResearchCounters += n
		note = fmt.Sprintf("%s may use %d more activity counter(s) for research this turn (15.32D, 12.41C)", p.Title(), n)
		if e.Use == storm.CounterUseResearchOrDiplomacy {
			note += "; what research leaves of it serves diplomacy (24.14)"
		}
	case storm.EffectExtraUnitBuild: // 18.41B
		o.ExtraBuilds = append(o.ExtraBuilds, e.Unit)
		note = fmt.Sprintf("%s may build a second %s unit this turn (18.41B)", p.Title(), e.Unit)
	case storm.EffectFreeUnit: // 18.41
		o.FreeUnits = append(o.FreeUnits, e.Unit)
		note = fmt.Sprintf("%s may build one %s unit at no cost this turn: BUILD %s FREE (18.41)", p.Title(), e.Unit, storm.UnitWord(e.Unit))
	case storm.EffectFreeShip: // 19.62
		o.FreeShips = append(o.FreeShips, e.Value)
		what := "a ship"
		if e.Value > 0 {
			what = fmt.Sprintf("a ship of size %d or less", e.Value)
		}
		note = fmt.Sprintf("%s may lay down %s at no cost and without a shipyard counter this turn: LAY DOWN <ship> FREE (19.62)", p.Title(), what)
	case storm.EffectShipCost: // 19.52
		o.ShipCost += e.Value
		note = fmt.Sprintf("%s: laying down or continuing a ship costs %+d point(s) this turn, at least 1 (19.52)", p.Title(), e.Value)
	case storm.EffectFreeAcceleration: // 19.73D
		o.FreeAccelerations = append(o.FreeAccelerations, e.Value)
		note = fmt.Sprintf("%s may accelerate a ship %d column(s) at no cost this turn, in any column: ACCELERATE SHIP <n> BY %d FREE (19.73D)", p.Title(), e.Value, e.Value)
	}
	return note, false
}

// eventCounter gives or takes an activity counter of strength |value| for
// this turn or the next (12.22; as 12.22G's changes).
func eventCounter(s *storm.State, p storm.Power, e storm.Effect, evs *[]event.Event) string {
	ps := s.Powers[p]
	c, _ := storm.CountersOf([]int{abs(e.Value)}) // 1..3, checked by the deck
	verb := "gains"
	if e.Value < 0 {
		c = storm.ActivityCounters{}.Sub(c)
		verb = "loses"
	}
	if e.When == "next" {
		ps.Economy.CountersNext = ps.Economy.CountersNext.Add(c)
		return fmt.Sprintf("%s %s an activity counter of strength %d next turn (12.22)", p.Title(), verb, abs(e.Value))
	}
	if economicOver(*s) {
		return "no effect: the turn's activity counters are used (12.22)"
	}
	ps.Economy.CountersNow = ps.Economy.CountersNow.Add(c)
	before := ps.Counters
	track.RefreshCounters(s, p, evs)
	if ps.Counters == before {
		// Nothing to lose: the loss does not wait for a counter gained
		// later in the turn.
		ps.Economy.CountersNow = ps.Economy.CountersNow.Sub(c)
		return fmt.Sprintf("no effect: %s has no activity counter of strength %d to lose (12.22)", p.Title(), abs(e.Value))
	}
	return fmt.Sprintf("%s %s an activity counter of strength %d this turn (12.22)", p.Title(), verb, abs(e.Value))
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// TakeOption removes the first entry of list that ok accepts and reports
// whether there was one.
func TakeOption[T any](list *[]T, ok func(T) bool) bool {
	i := slices.IndexFunc(*list, ok)
	if i < 0 {
		return false
	}
	*list = slices.Delete(*list, i, i+1)
	return true
}
