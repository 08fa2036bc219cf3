package storm

import (
	"fmt"
	"slices"
)

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

// Clone copies o, sharing no memory with it.
func (o EventOptions) Clone() EventOptions {
	c := o
	c.ExtraBuilds = slices.Clone(o.ExtraBuilds)
	c.FreeUnits = slices.Clone(o.FreeUnits)
	c.FreeShips = slices.Clone(o.FreeShips)
	c.FreeAccelerations = slices.Clone(o.FreeAccelerations)
	return c
}

// Lines words the open options for the power's notice, each with its rule;
// not the free units: BUILD <unit> FREE is offered among the orders when
// it can be built, and the view words why not when it cannot.
func (o EventOptions) Lines() []string {
	var out []string
	if o.ResearchCounters > 0 {
		out = append(out, fmt.Sprintf("%d more activity counter(s) may be used for research this turn (15.32D)", o.ResearchCounters))
	}
	for _, u := range o.ExtraBuilds {
		out = append(out, fmt.Sprintf("a second %s unit may be built this turn (18.41B)", u))
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

// UnitWord is the order word of a unit type.
func UnitWord(u UnitType) string {
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
