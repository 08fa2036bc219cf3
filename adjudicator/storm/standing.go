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
	SegSpyRings:        {IntelligenceLeaders, []OrderKind{SpyRingOrder, ReactivateOrder}},                      // 16.16B
	SegDiplomacyAxis1:  {PlacementRounds[SegDiplomacyAxis1], placementKinds},                                   // 24.55A
	SegDiplomacyRussia: {PlacementRounds[SegDiplomacyRussia], placementKinds},                                  // 24.55B
	SegDiplomacyAllies: {PlacementRounds[SegDiplomacyAllies], placementKinds},                                  // 24.55C
	SegDiplomacyAxis2:  {PlacementRounds[SegDiplomacyAxis2], placementKinds},                                   // 24.55D
	SegCovert:          {Powers, []OrderKind{CovertOrder, CounterIntelOrder, SubvertOrder, SupportEventOrder}}, // 16.16A, C, H; 10.41C
	// 27.11: an Axis power's aggression, or AGGRESSION NONE, sent with
	// its earlier orders of the turn (crisisphase.go).
	SegCrisisAggression: {[]Power{Germany, Italy}, []OrderKind{AggressionOrder}},
}

var placementKinds = []OrderKind{Diplomatic, MilitaryCounter, AntiCominternOrder, FlexibleOrder, Play}

// PassOrder is a standing PASS: no orders for the later segment it is
// For ("FOR AXIS 2" then "PASS"), so that segment does not ask the power;
// For SegTurn ("PASS TURN"), for every later segment of the turn that
// takes one (PassSegments). The word is the product's, like PASS itself
// (orders/pass.go): it saves the email round trip of a segment in which the
// power means to do nothing.
const PassOrder OrderKind = "pass"

// SegTurn is what a PASS TURN is For: the rest of the turn.
const SegTurn Segment = "turn"

// PassSegments are the later segments a standing PASS may be given for,
// with the powers each may ask: the diplomatic phase's of OrderSegments
// (but the covert segment, which asks nobody), the Axis aggression (a
// standing PASS there is AGGRESSION NONE), the Allied response (Britain,
// France and Russia: no answer, so the rules' default, r-27-51-concert and
// 26.14A) and the declarations of pre-emptive war (32.8: no declaration).
var PassSegments = map[Segment][]Power{
	SegSpyRings:         IntelligenceLeaders,
	SegDiplomacyAxis1:   PlacementRounds[SegDiplomacyAxis1],
	SegDiplomacyRussia:  PlacementRounds[SegDiplomacyRussia],
	SegDiplomacyAllies:  PlacementRounds[SegDiplomacyAllies],
	SegDiplomacyAxis2:   PlacementRounds[SegDiplomacyAxis2],
	SegCrisisAggression: {Germany, Italy},
	SegCrisisResponse:   {Britain, France, Russia},
	SegPreemptiveWar:    {Germany, Britain, France, Russia},
}

// HasStanding reports standing orders of p for seg.
func HasStanding(s State, p Power, seg Segment) bool {
	return slices.ContainsFunc(s.Diplomacy.Standing, func(so StandingOrder) bool { return so.Power == p && so.For == seg })
}

// HasStandingPass reports p's standing PASS for seg.
func HasStandingPass(s State, p Power, seg Segment) bool {
	return slices.ContainsFunc(s.Diplomacy.Standing, func(so StandingOrder) bool {
		return so.Power == p && so.For == seg && so.Order.Kind == PassOrder
	})
}

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
// round that sent none now, its standing orders for the round (a standing
// PASS gives none), and forgets the round's standing orders. A power of a
// placement round whose orders for it stood so is noted in
// DiplomacyState.Planned: it planned its rounds (the top package's unplannedRound).
func TakeStanding(s *State, orders map[Power][]Order) map[Power][]Order {
	out := map[Power][]Order{}
	for p, os := range orders {
		out[p] = os
	}
	for _, p := range OrderSegments[s.Segment].Powers {
		if len(out[p]) == 0 {
			if st := StandingFor(*s, p); len(st) > 0 {
				out[p] = slices.DeleteFunc(st, func(o Order) bool { return o.Kind == PassOrder })
				if _, ok := PlacementRounds[s.Segment]; ok && !slices.Contains(s.Diplomacy.Planned, p) {
					s.Diplomacy.Planned = append(s.Diplomacy.Planned, p)
				}
			}
		}
	}
	s.Diplomacy.Standing = slices.DeleteFunc(s.Diplomacy.Standing, func(so StandingOrder) bool { return so.For == s.Segment })
	return out
}
