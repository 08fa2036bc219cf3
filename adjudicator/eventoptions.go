package adjudicator

import (
	"fmt"
	"slices"
)

// Options from random events for the economic phase of the turn they take
// effect in: activity counters (12.22, 15.32D) and construction (18.41,
// 19.52, 19.62, 19.73D). A construction or research event takes effect in
// the economic phase, before the power's orders are carried out
// (eventplay.go), so its options are there for the orders of the same
// phase; the orders that use them say FREE (docs/orders.md). They lapse
// when the turn ends (endTurnEconomy).

// EventOptions are one power's options of this turn from random events.
type EventOptions struct {
	// ResearchCounters: how many more activity counters than 12.41C's one
	// the power may use for research (15.32D).
	ResearchCounters int `json:"research_counters,omitempty"`
	// ExtraBuilds: a second unit of each listed type may be built (18.41B).
	ExtraBuilds []UnitType `json:"extra_builds,omitempty"`
	// FreeUnits: a unit of each listed type may be built at no cost and
	// beyond 18.41B's one of a type (BUILD <unit> FREE).
	FreeUnits []UnitType `json:"free_units,omitempty"`
	// FreeShips: a ship may be laid down at no cost and without a shipyard
	// counter (19.62), one per entry, of at most that size (0: any); LAY
	// DOWN <class> FREE.
	FreeShips []int `json:"free_ships,omitempty"`
	// ShipCost changes the cost of laying down and continuing each ship
	// (19.52A), never below 1.
	ShipCost int `json:"ship_cost,omitempty"`
	// FreeAccelerations: a ship may be accelerated that many columns at no
	// cost, in any column (19.73D); ACCELERATE SHIP <n> BY <v> FREE.
	FreeAccelerations []int `json:"free_accelerations,omitempty"`
}

func (o EventOptions) clone() EventOptions {
	c := o
	c.ExtraBuilds = cloneSlice(o.ExtraBuilds)
	c.FreeUnits = cloneSlice(o.FreeUnits)
	c.FreeShips = cloneSlice(o.FreeShips)
	c.FreeAccelerations = cloneSlice(o.FreeAccelerations)
	return c
}

// Empty reports whether no option is open.
func (o EventOptions) Empty() bool {
	return o.ResearchCounters == 0 && len(o.ExtraBuilds) == 0 && len(o.FreeUnits) == 0 &&
		len(o.FreeShips) == 0 && o.ShipCost == 0 && len(o.FreeAccelerations) == 0
}

// Lines words the open options for the power's notice, each with its rule.
func (o EventOptions) Lines() []string {
	var out []string
	if o.ResearchCounters > 0 {
		out = append(out, fmt.Sprintf("%d more activity counter(s) may be used for research this turn (15.32D)", o.ResearchCounters))
	}
	for _, u := range o.ExtraBuilds {
		out = append(out, fmt.Sprintf("a second %s unit may be built this turn (18.41B)", u))
	}
	for _, u := range o.FreeUnits {
		out = append(out, fmt.Sprintf("one %s unit may be built at no cost: BUILD %s FREE (18.41)", u, unitWord(u)))
	}
	for _, n := range o.FreeShips {
		what := "a ship of any size"
		if n > 0 {
			what = fmt.Sprintf("a ship of size %d or less", n)
		}
		out = append(out, what+" may be laid down at no cost and without a shipyard counter: LAY DOWN <ship> FREE (19.62)")
	}
	if o.ShipCost != 0 {
		out = append(out, fmt.Sprintf("laying down or continuing a ship costs %+d point(s) this turn, at least 1 (19.52)", o.ShipCost))
	}
	for _, n := range o.FreeAccelerations {
		out = append(out, fmt.Sprintf("a ship may be accelerated %d column(s) at no cost, in any column: ACCELERATE SHIP <n> BY %d FREE (19.73D)", n, n))
	}
	return out
}

// unitWord is the order word of a unit type.
func unitWord(u UnitType) string {
	switch u {
	case Armor:
		return "ARMOR"
	case Infantry:
		return "INFANTRY"
	case Air:
		return "AIR"
	}
	return string(u)
}

// economicOver reports whether the economic phase of the turn is over, so
// that an option for its orders can no longer be used.
func economicOver(s State) bool { return s.Segment.index() > SegEconomic.index() }

// applyOptionEffect applies an effect that opens an option or changes the
// activity counters of p; it returns the outcome's note, or diplomacy
// for a counter that serves diplomacy only (24.5; in a game that plays
// diplomacy applyEffect makes it an additional diplomatic counter first).
func applyOptionEffect(s *State, p Power, e Effect, evs *[]Event) (note string, diplomacy bool) {
	ps := s.Powers[p]
	if e.Kind == EffectActivityCounter && e.Use == CounterUseAny {
		return eventCounter(s, p, e, evs), false
	}
	if e.Kind == EffectActivityCounter && e.Use == CounterUseDiplomacy {
		return "", true
	}
	if economicOver(*s) {
		return "no effect: the economic phase of the turn is over", false
	}
	o := &ps.Economy.Options
	switch e.Kind {
	case EffectActivityCounter: // 15.32D
		n := max(e.Value, 1)
		o.ResearchCounters += n
		note = fmt.Sprintf("%s may use %d more activity counter(s) for research this turn (15.32D, 12.41C)", p.Title(), n)
		if e.Use == CounterUseResearchOrDiplomacy {
			note += "; what research leaves of it serves diplomacy (24.14)"
		}
	case EffectExtraUnitBuild: // 18.41B
		o.ExtraBuilds = append(o.ExtraBuilds, e.Unit)
		note = fmt.Sprintf("%s may build a second %s unit this turn (18.41B)", p.Title(), e.Unit)
	case EffectFreeUnit: // 18.41
		o.FreeUnits = append(o.FreeUnits, e.Unit)
		note = fmt.Sprintf("%s may build one %s unit at no cost this turn: BUILD %s FREE (18.41)", p.Title(), e.Unit, unitWord(e.Unit))
	case EffectFreeShip: // 19.62
		o.FreeShips = append(o.FreeShips, e.Value)
		what := "a ship"
		if e.Value > 0 {
			what = fmt.Sprintf("a ship of size %d or less", e.Value)
		}
		note = fmt.Sprintf("%s may lay down %s at no cost and without a shipyard counter this turn: LAY DOWN <ship> FREE (19.62)", p.Title(), what)
	case EffectShipCost: // 19.52
		o.ShipCost += e.Value
		note = fmt.Sprintf("%s: laying down or continuing a ship costs %+d point(s) this turn, at least 1 (19.52)", p.Title(), e.Value)
	case EffectFreeAcceleration: // 19.73D
		o.FreeAccelerations = append(o.FreeAccelerations, e.Value)
		note = fmt.Sprintf("%s may accelerate a ship %d column(s) at no cost this turn, in any column: ACCELERATE SHIP <n> BY %d FREE (19.73D)", p.Title(), e.Value, e.Value)
	}
	return note, false
}

// eventCounter gives or takes an activity counter of strength |value| for
// this turn or the next (12.22; as 12.22G's changes).
func eventCounter(s *State, p Power, e Effect, evs *[]Event) string {
	ps := s.Powers[p]
	c, _ := countersOf([]int{abs(e.Value)}) // 1..3, checked by the deck
	verb := "gains"
	if e.Value < 0 {
		c = ActivityCounters{}.sub(c)
		verb = "loses"
	}
	if e.When == "next" {
		ps.Economy.CountersNext = ps.Economy.CountersNext.add(c)
		return fmt.Sprintf("%s %s an activity counter of strength %d next turn (12.22)", p.Title(), verb, abs(e.Value))
	}
	if economicOver(*s) {
		return "no effect: the turn's activity counters are used (12.22)"
	}
	ps.Economy.CountersNow = ps.Economy.CountersNow.add(c)
	before := ps.Counters
	RefreshCounters(s, p, evs)
	if ps.Counters == before {
		// Nothing to lose: the loss does not wait for a counter gained
		// later in the turn.
		ps.Economy.CountersNow = ps.Economy.CountersNow.sub(c)
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

// takeOption removes the first entry of list that ok accepts and reports
// whether there was one.
func takeOption[T any](list *[]T, ok func(T) bool) bool {
	i := slices.IndexFunc(*list, ok)
	if i < 0 {
		return false
	}
	*list = slices.Delete(*list, i, i+1)
	return true
}
