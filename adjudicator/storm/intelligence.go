package storm

import (
	"strconv"
	"strings"
)

// Orders of the intelligence segments. Order.Project holds the country
// (or "research", "any"); Args the rest, as documented per kind.
const (
	// SpyRingOrder: SPY RING <country> or SPY RING RESEARCH <side>
	// <category> (Args: side, category): a new spy ring from an espionage
	// result (16.16B).
	SpyRingOrder OrderKind = "spy_ring"
	// ReactivateOrder: REACTIVATE SPY RING <country> or ... RESEARCH
	// <side> <category>: an existing ring activated again (16.16B).
	ReactivateOrder OrderKind = "reactivate"
	// CovertOrder: COVERT <country> [IF <condition>] (Args: condition):
	// a covert operation, +1 for the conducting power (16.16A). A power's
	// COVERT lines are alternatives: the first whose condition holds is
	// conducted.
	CovertOrder OrderKind = "covert"
	// CounterIntelOrder: COUNTER-INTELLIGENCE COVERT <country>|ANY [IF
	// DECISIVE] (Args: "covert", condition), COUNTER-INTELLIGENCE SPY RING
	// <country> (Args: "ring") or COUNTER-INTELLIGENCE SPY RING RESEARCH
	// <category> (Project "research", Args: "ring", category) (16.16C).
	CounterIntelOrder OrderKind = "counter_intelligence"
	// SubvertOrder: SUBVERT <country> [IF <condition>]: one level of
	// Russian subversion, +1 for Russia (16.16H). Each line whose
	// condition holds uses a level while any is held.
	SubvertOrder      OrderKind = "subvert"
	SupportEventOrder OrderKind = "support_event" // SUPPORT EVENT <card> (Card): a diplomatic random event as a support event (10.41C)
)

// Conditions of COVERT (16.16A), SUBVERT (16.16H) and COUNTER-INTELLIGENCE
// COVERT (16.16C) lines, written IF <condition> (docs/orders.md "COVERT"),
// judged on the efforts in the target when the line's turn comes (every
// counter, event and earlier operation counted).
const (
	CondBehind   = "behind"    // the power's alliance is below the highest other alliance
	CondNotAhead = "not ahead" // ... not strictly above both others (behind or tied)
	CondDecisive = "decisive"  // +1 for the alliance changes who gets a result (24.81B)
)

// IntelConditions lists the conditions in the order the docs give them.
var IntelConditions = []string{CondBehind, CondNotAhead, CondDecisive}

// SegmentOf is the segment an order of kind k belongs to when it is not
// marked with FOR: the spy-ring segment for new and reactivated rings
// (16.16B), the covert segment for covert operations, counter-intelligence
// and subversion (16.16A, 16.16C, 16.16H); "" for the others (the open
// segment's).
func SegmentOf(k OrderKind) Segment {
	switch k {
	case SpyRingOrder, ReactivateOrder:
		return SegSpyRings
	case CovertOrder, CounterIntelOrder, SubvertOrder, SupportEventOrder:
		return SegCovert
	}
	return ""
}

// IntelligenceLeaders order their side's spy rings and counter-intelligence.
var IntelligenceLeaders = []Power{Germany, Britain, Russia}

// SpyRing is a spy ring in a diplomatic target (16.16B, 24.551); it stays
// from turn to turn until eliminated.
type SpyRing struct {
	Side      Side   `json:"side"`
	Country   string `json:"country"`
	Placed    Turn   `json:"placed"`
	Activated Turn   `json:"activated"` // the last activation
	// Eliminated says how the ring was eliminated (16.16B-C); "" while it
	// stands.
	Eliminated string `json:"eliminated,omitempty"`
}

// Of returns side's effort.
func (e Effort) Of(side Side) int {
	switch side {
	case Axis:
		return e.Axis
	case Allies:
		return e.Allies
	case Soviet:
		return e.Russia
	}
	return 0
}

// OrderCond is the condition an intelligence order names (16.16,
// 24.81B), "" for none.
func OrderCond(o Order) string {
	if o.Kind == CounterIntelOrder {
		if len(o.Args) > 1 && o.Args[0] == "covert" {
			return o.Args[1]
		}
		return ""
	}
	if len(o.Args) > 0 {
		return o.Args[0]
	}
	return ""
}

// intelString is the canonical text of an intelligence order.
func intelString(o Order) (string, bool) {
	target := func() string {
		if o.Project == "research" && len(o.Args) >= 2 {
			return "RESEARCH " + strings.ToUpper(o.Args[len(o.Args)-2]+" "+o.Args[len(o.Args)-1])
		}
		return strings.ToUpper(o.Project)
	}
	cond := func(c string) string {
		if c == "" {
			return ""
		}
		return " IF " + strings.ToUpper(c)
	}
	switch o.Kind {
	case SpyRingOrder:
		return "SPY RING " + target(), true
	case ReactivateOrder:
		return "REACTIVATE SPY RING " + target(), true
	case CovertOrder, SubvertOrder: // COVERT or SUBVERT, the kind's word
		return strings.ToUpper(string(o.Kind)) + " " + strings.ToUpper(o.Project) + cond(OrderCond(o)), true
	case SupportEventOrder:
		return "SUPPORT EVENT " + strconv.Itoa(o.Card), true
	case CounterIntelOrder:
		if len(o.Args) > 0 && o.Args[0] == "ring" {
			if o.Project == "research" && len(o.Args) > 1 {
				return "COUNTER-INTELLIGENCE SPY RING RESEARCH " + strings.ToUpper(o.Args[1]), true
			}
			return "COUNTER-INTELLIGENCE SPY RING " + strings.ToUpper(o.Project), true
		}
		return "COUNTER-INTELLIGENCE COVERT " + strings.ToUpper(o.Project) + cond(OrderCond(o)), true
	}
	return "", false
}
