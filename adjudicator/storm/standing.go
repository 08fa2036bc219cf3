package storm

import (
	"slices"
)

// OrderSegments are the segments of the diplomatic phase that take orders
// or standing orders, with who orders there and the kinds of order.
var OrderSegments = map[Segment]struct {
	Powers []Power
	Kinds  []OrderKind
}{
	SegSpyRings:        {IntelligenceLeaders, []OrderKind{SpyRingOrder, ReactivateOrder}},   // 16.16B
	SegDiplomacyAxis1:  {PlacementRounds[SegDiplomacyAxis1], placementKinds},                // 24.55A
	SegDiplomacyRussia: {PlacementRounds[SegDiplomacyRussia], placementKinds},               // 24.55B
	SegDiplomacyAllies: {PlacementRounds[SegDiplomacyAllies], placementKinds},               // 24.55C
	SegDiplomacyAxis2:  {PlacementRounds[SegDiplomacyAxis2], placementKinds},                // 24.55D
	SegCovert:          {Powers, []OrderKind{CovertOrder, CounterIntelOrder, SubvertOrder}}, // 16.16A, C, H
	// 27.11: an Axis power's aggression, or AGGRESSION NONE, sent with
	// its earlier orders of the turn (crisisphase.go).
	SegCrisisAggression: {[]Power{Germany, Italy}, []OrderKind{AggressionOrder}},
}

var placementKinds = []OrderKind{Diplomatic, MilitaryCounter, AntiCominternOrder, FlexibleOrder, Play}

// StandingOrder is an order kept for a later round of the turn.
type StandingOrder struct {
	Power Power   `json:"power"`
	Order Order   `json:"order"`
	For   Segment `json:"for"`
}

// StandingKey is what a later standing order replaces: the orders for the
// same round, or an IF line for the same stage and aggressor (KeepPlans).
func StandingKey(o Order) string {
	if o.Kind == CrisisIfOrder && len(o.Args) > 0 {
		return "if " + o.Args[0] + " " + o.Project
	}
	return string(o.For)
}

// StandingFor returns p's standing orders for the open segment.
func StandingFor(s State, p Power) []Order {
	var out []Order
	for _, so := range s.Diplomacy.Standing {
		if so.Power == p && so.For == s.Segment {
			o := so.Order
			o.For = ""
			out = append(out, o)
		}
	}
	return out
}

// TakeStanding returns the round's orders with, for each power of the open
// round that sent none now, its standing orders for the round, and forgets
// the round's standing orders.
func TakeStanding(s *State, orders map[Power][]Order) map[Power][]Order {
	out := map[Power][]Order{}
	for p, os := range orders {
		out[p] = os
	}
	for _, p := range OrderSegments[s.Segment].Powers {
		if len(out[p]) == 0 {
			if st := StandingFor(*s, p); len(st) > 0 {
				out[p] = st
			}
		}
	}
	s.Diplomacy.Standing = slices.DeleteFunc(s.Diplomacy.Standing, func(so StandingOrder) bool { return so.For == s.Segment })
	return out
}
