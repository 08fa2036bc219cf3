package adjudicator

import (
	"fmt"
	"slices"

	"stormjudge/adjudicator/crisis"
	"stormjudge/adjudicator/diplomacy"
	"stormjudge/adjudicator/randomevent"
	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/track"
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

// SegmentOf is the segment an order of kind k belongs to when it is not
// marked with FOR: the spy-ring or covert segment for their orders, ""
// for the others (the open segment's).
func SegmentOf(k storm.OrderKind) storm.Segment {
	switch k {
	case storm.SpyRingOrder, storm.ReactivateOrder:
		return storm.SegSpyRings
	case storm.CovertOrder, storm.CounterIntelOrder, storm.SubvertOrder:
		return storm.SegCovert
	}
	return ""
}

// isStanding reports an order for a later segment than s's.
// An IF line of the crisis phase is standing unless it answers the open
// segment (IsPlanNow, crisisphase.go).
func isStanding(s storm.State, o storm.Order) bool {
	if o.Kind == storm.CrisisIfOrder {
		return !crisis.IsPlanNow(s, o)
	}
	return o.For != "" && o.For != s.Segment
}

// splitStanding separates the orders for the open segment from the
// standing ones (with their indices).
func splitStanding(s storm.State, orders []storm.Order) (now []storm.Order, nowIdx []int, standing []storm.Order, standingIdx []int) {
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
func checkStanding(s storm.State, p storm.Power, o storm.Order, with []storm.Order) (rule, msg string) {
	if o.Kind == storm.CrisisIfOrder {
		return crisis.CheckPlan(s, p, o, with) // with its AGGRESSION line
	}
	if o.For == storm.SegCrisisAggression {
		return crisis.CheckStandingAggression(s, p, o, with)
	}
	seg, ok := storm.OrderSegments[o.For]
	switch {
	case !s.Diplomacy.On:
		return "7.31", "this game does not play the diplomatic phase by email: no orders for its rounds"
	case !ok:
		return "7.31", fmt.Sprintf("%q is not a segment that takes orders in advance (FOR SPY RINGS, AXIS 1, RUSSIA, ALLIES, AXIS 2 or COVERT)", o.For)
	case o.For.Index() <= s.Segment.Index():
		return "7.31", fmt.Sprintf("%s is not later in %s than the open segment, %s: send these orders next turn", o.For.Title(), s.Turn, s.Segment.Title())
	case !slices.Contains(seg.Kinds, o.Kind) || o.Kind == storm.Play:
		return "7.31", fmt.Sprintf("%q is not an order of %s", string(o.Kind), o.For.Title())
	case !slices.Contains(seg.Powers, p):
		if o.For == storm.SegSpyRings {
			return "16.16B", fmt.Sprintf("%s orders its side's spy rings", track.ResearchLeader(storm.SideOf(p)).Title())
		}
		return "24.55", fmt.Sprintf("%s places nothing in %s", p.Title(), o.For.Title())
	case o.Kind == storm.AntiCominternOrder && o.For != storm.SegDiplomacyAxis1:
		return "24.31", "the anti-Comintern counter is placed in the Axis' first round"
	}
	switch o.Kind {
	case storm.SpyRingOrder, storm.ReactivateOrder:
		if o.Project == "research" {
			return "", ""
		}
		if c, ok := storm.FindCountry(o.Project); !ok || c == storm.RussiaTarget {
			return "16.16B", fmt.Sprintf("%q is not a diplomatic target", o.Project)
		}
		return "", ""
	case storm.CovertOrder, storm.SubvertOrder:
		return diplomacy.CheckIntelTarget(s, 0, o.Project) // 25.51 when the covert segment opens
	case storm.CounterIntelOrder:
		if o.Project == "any" || o.Project == "research" {
			return "", ""
		}
		if _, ok := storm.FindCountry(o.Project); !ok {
			return "24.21", fmt.Sprintf("%q is not a diplomatic target", o.Project)
		}
		return "", ""
	}
	if o.Project != "none" {
		if _, ok := storm.FindCountry(o.Project); !ok {
			return "24.21", fmt.Sprintf("%q is not a diplomatic target", o.Project)
		}
	}
	if o.Kind == storm.Diplomatic && (len(o.Counters) != 1 || o.Counters[0] < 0 || o.Counters[0] > 3) {
		return "24.5", "give the counter's strength, 3, 2, 1 or 0"
	}
	return "", ""
}

// MayOrder reports whether p may send orders now: it must order in the
// open segment, or the orders are all standing orders for its later rounds
// of the turn.
func MayOrder(s storm.State, p storm.Power, orders []storm.Order) bool {
	if s.Ended || randomevent.AwaitsDraw(s) {
		return false
	}
	return mayOrderNow(s, p) || OnlyStanding(s, orders)
}

// mayOrderNow reports whether p may give orders for the open segment: it
// must, or it is a power of the open segment (not asked, or with
// standing orders that stand for it and may be replaced).
func mayOrderNow(s storm.State, p storm.Power) bool {
	// A power of the open round that is not asked (who is asked is judged
	// on public facts, r-24-required) may still order while it is open.
	if s.Crisis.On && crisis.IsCrisisSegment(s.Segment) {
		return crisis.CrisisMayOrder(s, p) // crisisphase.go
	}
	return requires(s, p) || (s.Diplomacy.On && s.Segment != storm.SegCovert && slices.Contains(storm.OrderSegments[s.Segment].Powers, p))
}

// OnlyStanding reports orders that are all standing orders for later
// rounds: sent with no order for the open segment, they are not the
// power's orders for it (the judge keeps waiting for those).
func OnlyStanding(s storm.State, orders []storm.Order) bool {
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
func CombineOrders(s storm.State, earlier []storm.Order, earlierPass bool, sent []storm.Order, sentPass bool) ([]storm.Order, bool) {
	_, _, newStanding, _ := splitStanding(s, sent)
	rounds := map[string]bool{}
	for _, o := range newStanding {
		rounds[storm.StandingKey(o)] = true
	}
	keepCurrent := OnlyStanding(s, sent)
	var out []storm.Order
	for _, o := range earlier {
		if isStanding(s, o) {
			if !rounds[storm.StandingKey(o)] {
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

// keepStanding stores the standing orders of the submitted orders (each
// power's replace its earlier ones for the same rounds) and returns the
// orders for the open segment.
func keepStanding(s *storm.State, orders map[storm.Power][]storm.Order) map[storm.Power][]storm.Order {
	now := map[storm.Power][]storm.Order{}
	for _, p := range storm.Powers {
		cur, _, standing, _ := splitStanding(*s, orders[p]) // IF lines are gone: KeepPlans kept them
		if cur != nil {
			now[p] = cur
		}
		if len(standing) == 0 {
			continue
		}
		rounds := map[storm.Segment]bool{}
		for _, o := range standing {
			rounds[o.For] = true
		}
		s.Diplomacy.Standing = slices.DeleteFunc(s.Diplomacy.Standing, func(so storm.StandingOrder) bool { return so.Power == p && rounds[so.For] })
		for _, o := range standing {
			if rule, _ := checkStanding(*s, p, o, orders[p]); rule != "" {
				continue // Validate refused it
			}
			s.Diplomacy.Standing = append(s.Diplomacy.Standing, storm.StandingOrder{Power: p, Order: o, For: o.For})
		}
	}
	return now
}

// forWords are the FOR words of the segments that take orders in advance.
var forWords = map[storm.Segment]string{storm.SegSpyRings: "FOR SPY RINGS", storm.SegDiplomacyAxis1: "FOR AXIS 1", storm.SegDiplomacyRussia: "FOR RUSSIA",
	storm.SegDiplomacyAllies: "FOR ALLIES", storm.SegDiplomacyAxis2: "FOR AXIS 2", storm.SegCovert: "FOR COVERT", storm.SegCrisisAggression: "FOR CRISIS"}

// LaterSegments words, for p's notice, the segments still to come this
// turn in which p may give orders, and how to give them now (standing
// orders save a round trip each).
func LaterSegments(s storm.State, p storm.Power) []string {
	if (!s.Diplomacy.On && !s.Crisis.On) || s.Ended {
		return nil
	}
	var out []string
	for _, seg := range storm.Segments {
		if seg.Index() <= s.Segment.Index() {
			continue
		}
		os, ok := storm.OrderSegments[seg]
		isCrisis := seg == storm.SegCrisisAggression
		if !ok || !slices.Contains(os.Powers, p) || (isCrisis && !s.Crisis.On) || (!isCrisis && !s.Diplomacy.On) {
			continue
		}
		switch seg {
		case storm.SegCrisisAggression:
			if slices.ContainsFunc(s.Diplomacy.Standing, func(so storm.StandingOrder) bool { return so.Power == p && so.For == seg }) || !slices.ContainsFunc(crisis.AggressionOptions(s, p), func(o crisis.AggressionOption) bool { return o.Barred == "" }) {
				continue
			}
			out = append(out, fmt.Sprintf("%s: send AGGRESSION <target> or AGGRESSION NONE now under a FOR CRISIS line (with its IF lines) and the segment will not wait for you (docs/orders.md, Crisis).", seg.Title()))
		case storm.SegCovert:
			if len(diplomacy.IntelligenceLines(s, p)) == 0 {
				continue
			}
			out = append(out, fmt.Sprintf("%s: never asked; COVERT, COUNTER-INTELLIGENCE and SUBVERT lines sent before it are its orders (16.16).", seg.Title()))
		case storm.SegSpyRings:
			out = append(out, fmt.Sprintf("%s: asked only if your side then holds an espionage result or a ring due for reactivation; a SPY RING line now places the ring should this turn's research give the result (16.16B).", seg.Title()))
		default:
			out = append(out, fmt.Sprintf("%s: send its orders now under a %s line and the round will not wait for you (docs/orders.md).", seg.Title(), forWords[seg]))
		}
	}
	if s.Crisis.On && slices.Contains(storm.Allied, p) && s.Segment.Index() < storm.SegCrisisResponse.Index() {
		out = append(out, fmt.Sprintf("%s: IF AGGRESSION [<target>] OPPOSE|ACQUIESCE lines now answer an aggression before it is announced (and IF CONTINUED ULTIMATUM|BACK DOWN the next stage); the response then waits for you only if Britain and France differ (docs/orders.md, Crisis).", storm.SegCrisisResponse.Title()))
	}
	return out
}
