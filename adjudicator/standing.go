package adjudicator

import (
	"fmt"
	"slices"
)

// Standing orders: a power may send, with the orders of the open segment
// (or alone), the orders of its later placement rounds of the same turn
// (24.55), each marked with the round it is for (Order.For; "FOR ALLIES"
// in an email). They are kept in the state (DiplomacyState.Standing) and
// stand as the power's orders when that round opens: the round does not
// wait for a power that has them, and they are checked then like any
// order, void if the state no longer allows them. New orders for the round
// replace them. They lapse when the turn ends. This saves an email round
// trip for each round a player decides in advance (issue 11).

// orderSegments are the segments of the diplomatic phase that take orders
// or standing orders, with who orders there and the kinds of order.
var orderSegments = map[Segment]struct {
	powers []Power
	kinds  []OrderKind
}{
	SegSpyRings:        {intelligenceLeaders, []OrderKind{SpyRingOrder, ReactivateOrder}},   // 16.16B
	SegDiplomacyAxis1:  {placementRounds[SegDiplomacyAxis1], placementKinds},                // 24.55A
	SegDiplomacyRussia: {placementRounds[SegDiplomacyRussia], placementKinds},               // 24.55B
	SegDiplomacyAllies: {placementRounds[SegDiplomacyAllies], placementKinds},               // 24.55C
	SegDiplomacyAxis2:  {placementRounds[SegDiplomacyAxis2], placementKinds},                // 24.55D
	SegCovert:          {Powers, []OrderKind{CovertOrder, CounterIntelOrder, SubvertOrder}}, // 16.16A, C, H
	// 27.11: an Axis power's aggression, or AGGRESSION NONE, sent with
	// its earlier orders of the turn (crisisphase.go).
	SegCrisisAggression: {[]Power{Germany, Italy}, []OrderKind{AggressionOrder}},
}

var placementKinds = []OrderKind{Diplomatic, MilitaryCounter, AntiCominternOrder, FlexibleOrder, Play}

// SegmentOf is the segment an order of kind k belongs to when it is not
// marked with FOR: the spy-ring or covert segment for their orders, ""
// for the others (the open segment's).
func SegmentOf(k OrderKind) Segment {
	switch k {
	case SpyRingOrder, ReactivateOrder:
		return SegSpyRings
	case CovertOrder, CounterIntelOrder, SubvertOrder:
		return SegCovert
	}
	return ""
}

// StandingOrder is an order kept for a later round of the turn.
type StandingOrder struct {
	Power Power   `json:"power"`
	Order Order   `json:"order"`
	For   Segment `json:"for"`
}

// isStanding reports an order for a later segment than s's.
// An IF line of the crisis phase is standing unless it answers the open
// segment (isPlanNow, crisisphase.go).
func isStanding(s State, o Order) bool {
	if o.Kind == CrisisIfOrder {
		return !isPlanNow(s, o)
	}
	return o.For != "" && o.For != s.Segment
}

// splitStanding separates the orders for the open segment from the
// standing ones (with their indices).
func splitStanding(s State, orders []Order) (now []Order, nowIdx []int, standing []Order, standingIdx []int) {
	for i, o := range orders {
		if isStanding(s, o) {
			standing, standingIdx = append(standing, o), append(standingIdx, i)
		} else {
			now, nowIdx = append(now, o), append(nowIdx, i)
		}
	}
	return
}

// checkStanding checks a standing order when it is sent, with the orders
// it is sent with: a later placement round of this turn, one in which p
// places, an order of that round; the rest is checked when the round
// opens. The crisis phase's IF lines and FOR CRISIS lines have checks of
// their own (crisisphase.go).
func checkStanding(s State, p Power, o Order, with []Order) (rule, msg string) {
	if o.Kind == CrisisIfOrder {
		return checkPlan(s, p, o, with) // with its AGGRESSION line
	}
	if o.For == SegCrisisAggression {
		return checkStandingAggression(s, p, o, with)
	}
	seg, ok := orderSegments[o.For]
	switch {
	case !s.Diplomacy.On:
		return "7.31", "this game does not play the diplomatic phase by email: no orders for its rounds"
	case !ok:
		return "7.31", fmt.Sprintf("%q is not a segment that takes orders in advance (FOR SPY RINGS, AXIS 1, RUSSIA, ALLIES, AXIS 2 or COVERT)", o.For)
	case o.For.index() <= s.Segment.index():
		return "7.31", fmt.Sprintf("%s is not later in %s than the open segment, %s: send these orders next turn", o.For.Title(), s.Turn, s.Segment.Title())
	case !slices.Contains(seg.kinds, o.Kind) || o.Kind == Play:
		return "7.31", fmt.Sprintf("%q is not an order of %s", string(o.Kind), o.For.Title())
	case !slices.Contains(seg.powers, p):
		if o.For == SegSpyRings {
			return "16.16B", fmt.Sprintf("%s orders its side's spy rings", ResearchLeader(SideOf(p)).Title())
		}
		return "24.55", fmt.Sprintf("%s places nothing in %s", p.Title(), o.For.Title())
	case o.Kind == AntiCominternOrder && o.For != SegDiplomacyAxis1:
		return "24.31", "the anti-Comintern counter is placed in the Axis' first round"
	}
	switch o.Kind {
	case SpyRingOrder, ReactivateOrder:
		if o.Project == "research" {
			return "", ""
		}
		if c, ok := FindCountry(o.Project); !ok || c == RussiaTarget {
			return "16.16B", fmt.Sprintf("%q is not a diplomatic target", o.Project)
		}
		return "", ""
	case CovertOrder, SubvertOrder:
		return checkIntelTarget(s, 0, o.Project) // 25.51 when the covert segment opens
	case CounterIntelOrder:
		if o.Project == "any" || o.Project == "research" {
			return "", ""
		}
		if _, ok := FindCountry(o.Project); !ok {
			return "24.21", fmt.Sprintf("%q is not a diplomatic target", o.Project)
		}
		return "", ""
	}
	if o.Project != "none" {
		if _, ok := FindCountry(o.Project); !ok {
			return "24.21", fmt.Sprintf("%q is not a diplomatic target", o.Project)
		}
	}
	if o.Kind == Diplomatic && (len(o.Counters) != 1 || o.Counters[0] < 0 || o.Counters[0] > 3) {
		return "24.5", "give the counter's strength, 3, 2, 1 or 0"
	}
	return "", ""
}

// MayOrder reports whether p may send orders now: it must order in the
// open segment, or the orders are all standing orders for its later rounds
// of the turn.
func MayOrder(s State, p Power, orders []Order) bool {
	if s.Ended || AwaitsDraw(s) {
		return false
	}
	return mayOrderNow(s, p) || OnlyStanding(s, orders)
}

// mayOrderNow reports whether p may give orders for the open segment: it
// must, or it is a power of the open segment (not asked, or with
// standing orders that stand for it and may be replaced).
func mayOrderNow(s State, p Power) bool {
	// A power of the open round that is not asked (who is asked is judged
	// on public facts, r-24-required) may still order while it is open.
	if s.Crisis.On && isCrisisSegment(s.Segment) {
		return crisisMayOrder(s, p) // crisisphase.go
	}
	return requires(s, p) || (s.Diplomacy.On && s.Segment != SegCovert && slices.Contains(orderSegments[s.Segment].powers, p))
}

// OnlyStanding reports orders that are all standing orders for later
// rounds: sent with no order for the open segment, they are not the
// power's orders for it (the judge keeps waiting for those).
func OnlyStanding(s State, orders []Order) bool {
	if len(orders) == 0 {
		return false
	}
	for _, o := range orders {
		if !isStanding(s, o) {
			return false
		}
	}
	return true
}

// CombineOrders is a power's submission for the open segment once it
// sends orders (with PASS when sentPass) after earlier ones (earlier,
// earlierPass): standing orders sent alone are added to the earlier
// orders, replacing the earlier ones for the rounds they name; other
// orders replace the earlier orders for the open segment, and the
// earlier standing orders for rounds the new ones do not name stay.
func CombineOrders(s State, earlier []Order, earlierPass bool, sent []Order, sentPass bool) ([]Order, bool) {
	_, _, newStanding, _ := splitStanding(s, sent)
	rounds := map[string]bool{}
	for _, o := range newStanding {
		rounds[standingKey(o)] = true
	}
	keepCurrent := OnlyStanding(s, sent)
	var out []Order
	for _, o := range earlier {
		if isStanding(s, o) {
			if !rounds[standingKey(o)] {
				out = append(out, o)
			}
		} else if keepCurrent {
			out = append(out, o)
		}
	}
	if keepCurrent {
		return append(out, sent...), earlierPass
	}
	return append(out, sent...), sentPass
}

// standingKey is what a later standing order replaces: the orders for the
// same round, or an IF line for the same stage and aggressor (keepPlans).
func standingKey(o Order) string {
	if o.Kind == CrisisIfOrder && len(o.Args) > 0 {
		return "if " + o.Args[0] + " " + o.Project
	}
	return string(o.For)
}

// keepStanding stores the standing orders of the submitted orders (each
// power's replace its earlier ones for the same rounds) and returns the
// orders for the open segment.
func keepStanding(s *State, orders map[Power][]Order) map[Power][]Order {
	now := map[Power][]Order{}
	for _, p := range Powers {
		cur, _, standing, _ := splitStanding(*s, orders[p]) // IF lines are gone: keepPlans kept them
		if cur != nil {
			now[p] = cur
		}
		if len(standing) == 0 {
			continue
		}
		rounds := map[Segment]bool{}
		for _, o := range standing {
			rounds[o.For] = true
		}
		s.Diplomacy.Standing = slices.DeleteFunc(s.Diplomacy.Standing, func(so StandingOrder) bool { return so.Power == p && rounds[so.For] })
		for _, o := range standing {
			if rule, _ := checkStanding(*s, p, o, orders[p]); rule != "" {
				continue // Validate refused it
			}
			s.Diplomacy.Standing = append(s.Diplomacy.Standing, StandingOrder{Power: p, Order: o, For: o.For})
		}
	}
	return now
}

// standingFor returns p's standing orders for the open segment.
func standingFor(s State, p Power) []Order {
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

// takeStanding returns the round's orders with, for each power of the open
// round that sent none now, its standing orders for the round, and forgets
// the round's standing orders.
func takeStanding(s *State, orders map[Power][]Order) map[Power][]Order {
	out := map[Power][]Order{}
	for p, os := range orders {
		out[p] = os
	}
	for _, p := range orderSegments[s.Segment].powers {
		if len(out[p]) == 0 {
			if st := standingFor(*s, p); len(st) > 0 {
				out[p] = st
			}
		}
	}
	s.Diplomacy.Standing = slices.DeleteFunc(s.Diplomacy.Standing, func(so StandingOrder) bool { return so.For == s.Segment })
	return out
}

// forWords are the FOR words of the segments that take orders in advance.
var forWords = map[Segment]string{SegSpyRings: "FOR SPY RINGS", SegDiplomacyAxis1: "FOR AXIS 1", SegDiplomacyRussia: "FOR RUSSIA",
	SegDiplomacyAllies: "FOR ALLIES", SegDiplomacyAxis2: "FOR AXIS 2", SegCovert: "FOR COVERT", SegCrisisAggression: "FOR CRISIS"}

// LaterSegments words, for p's notice, the segments still to come this
// turn in which p may give orders, and how to give them now (standing
// orders save a round trip each).
func LaterSegments(s State, p Power) []string {
	if (!s.Diplomacy.On && !s.Crisis.On) || s.Ended {
		return nil
	}
	var out []string
	for _, seg := range Segments {
		if seg.index() <= s.Segment.index() {
			continue
		}
		os, ok := orderSegments[seg]
		isCrisis := seg == SegCrisisAggression
		if !ok || !slices.Contains(os.powers, p) || (isCrisis && !s.Crisis.On) || (!isCrisis && !s.Diplomacy.On) {
			continue
		}
		switch seg {
		case SegCrisisAggression:
			if slices.ContainsFunc(s.Diplomacy.Standing, func(so StandingOrder) bool { return so.Power == p && so.For == seg }) || !slices.ContainsFunc(AggressionOptions(s, p), func(o AggressionOption) bool { return o.Barred == "" }) {
				continue
			}
			out = append(out, fmt.Sprintf("%s: send AGGRESSION <target> or AGGRESSION NONE now under a FOR CRISIS line (with its IF lines) and the segment will not wait for you (docs/orders.md, Crisis).", seg.Title()))
		case SegCovert:
			if len(IntelligenceLines(s, p)) == 0 {
				continue
			}
			out = append(out, fmt.Sprintf("%s: never asked; COVERT, COUNTER-INTELLIGENCE and SUBVERT lines sent before it are its orders (16.16).", seg.Title()))
		case SegSpyRings:
			out = append(out, fmt.Sprintf("%s: asked only if your side then holds an espionage result or a ring due for reactivation; a SPY RING line now places the ring should this turn's research give the result (16.16B).", seg.Title()))
		default:
			out = append(out, fmt.Sprintf("%s: send its orders now under a %s line and the round will not wait for you (docs/orders.md).", seg.Title(), forWords[seg]))
		}
	}
	if s.Crisis.On && slices.Contains(allied, p) && s.Segment.index() < SegCrisisResponse.index() {
		out = append(out, fmt.Sprintf("%s: IF AGGRESSION [<target>] OPPOSE|ACQUIESCE lines now answer an aggression before it is announced (and IF CONTINUED ULTIMATUM|BACK DOWN the next stage); the response then waits for you only if Britain and France differ (docs/orders.md, Crisis).", SegCrisisResponse.Title()))
	}
	return out
}
