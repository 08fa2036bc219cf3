package adjudicator

import (
	"fmt"
	"slices"
	"strings"

	"stormjudge/adjudicator/crisis"
	"stormjudge/adjudicator/diplomacy"
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
// trip for each round a player decides in advance.

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
// standing ones (with their indices; the callers only read them).
func splitStanding(s storm.State, orders []storm.Order) (now []storm.Order, nowIdx []int, standing []storm.Order, standingIdx []int) {
	if !slices.ContainsFunc(orders, func(o storm.Order) bool { return o.Kind == storm.PassOrder && o.For == s.Segment || isStanding(s, o) }) {
		// all for the open segment: orders itself, not a copy, and its
		// indices, read only
		return orders, storm.Ordinals(len(orders)), nil, nil
	}
	now, nowIdx = make([]storm.Order, 0, len(orders)), make([]int, 0, len(orders)) // nil again below when empty: keepStanding tells none from nil
	for i, o := range orders {
		if o.Kind == storm.PassOrder && o.For == s.Segment {
			continue // a PASS under the open segment's own FOR line: no orders
		}
		if isStanding(s, o) {
			standing, standingIdx = append(standing, o), append(standingIdx, i)
		} else {
			now, nowIdx = append(now, o), append(nowIdx, i)
		}
	}
	if len(now) == 0 {
		now, nowIdx = nil, nil
	}
	return
}

// checkStanding checks a standing order when it is sent, with the orders
// it is sent with: a later placement round of this turn, one in which p
// places, an order of that round; the rest is checked when the round
// opens. The crisis phase's IF lines and FOR CRISIS lines have checks of
// their own (crisisphase.go).
func checkStanding(s storm.State, p storm.Power, o storm.Order, with []storm.Order) (rule, msg string) {
	if o.Kind == storm.PassOrder {
		return checkStandingPass(s, p, o)
	}
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
	case storm.SupportEventOrder: // 10.41C: the situation is judged when the covert segment opens
		return diplomacy.CheckSupportEvent(s, p, o)
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

// passOn reports a segment of PassSegments that s plays by email: the
// diplomatic phase's with diplomacy, the crisis phase's and pre-emptive
// war with the crisis.
func passOn(s storm.State, seg storm.Segment) bool {
	switch seg {
	case storm.SegCrisisAggression, storm.SegCrisisResponse, storm.SegPreemptiveWar:
		return s.Crisis.On
	}
	return s.Diplomacy.On
}

// checkStandingPass checks a standing PASS (storm.PassOrder) when it is
// sent: PASS TURN always; PASS under a FOR line for a later segment of the
// turn that takes one from p.
func checkStandingPass(s storm.State, p storm.Power, o storm.Order) (rule, msg string) {
	if o.For == storm.SegTurn {
		return "", ""
	}
	powers, ok := storm.PassSegments[o.For]
	switch {
	case !ok:
		return "7.31", fmt.Sprintf("a standing PASS is for a later segment that asks for orders (FOR SPY RINGS, AXIS 1, RUSSIA, ALLIES, AXIS 2, CRISIS, RESPONSE or WAR), not %s", o.For.Title())
	case !passOn(s, o.For):
		return "7.31", fmt.Sprintf("this game does not play %s by email", o.For.Title())
	case o.For.Index() <= s.Segment.Index():
		return "7.31", fmt.Sprintf("%s is not later in %s than the open segment, %s: write PASS without FOR", o.For.Title(), s.Turn, s.Segment.Title())
	case !slices.Contains(powers, p):
		return "7.31", fmt.Sprintf("%s is never asked in %s", p.Title(), o.For.Title())
	}
	return "", ""
}

// passTurn expands p's PASS TURN (a standing PASS For storm.SegTurn) into a
// standing PASS for each later segment of PassSegments that s plays and
// that may ask p, but those named in named (the power's own standing orders
// of the same email stand before it).
func passTurn(s storm.State, p storm.Power, named map[storm.Segment]bool) []storm.Order {
	var out []storm.Order
	for _, seg := range storm.Segments {
		powers, ok := storm.PassSegments[seg]
		if !ok || seg.Index() <= s.Segment.Index() || named[seg] || !passOn(s, seg) || !slices.Contains(powers, p) {
			continue
		}
		out = append(out, storm.Order{Kind: storm.PassOrder, For: seg})
	}
	return out
}

// MayOrder reports whether p may send orders now: it must order in the
// open segment, or the orders are all standing orders for its later rounds
// of the turn.
func MayOrder(s storm.State, p storm.Power, orders []storm.Order) bool {
	return mayOrder(&whoOrders{s: s}, p, orders)
}

// mayOrder is MayOrder(w.s, p, orders).
func mayOrder(w *whoOrders, p storm.Power, orders []storm.Order) bool {
	if w.s.Ended || AwaitsDraw(w.s) {
		return false
	}
	return mayOrderNowOf(w, p) || OnlyStanding(w.s, orders)
}

// mayOrderNow reports whether p may give orders for the open segment: it
// must, or it is a power of the open segment (not asked, or with
// standing orders that stand for it and may be replaced).
func mayOrderNow(s storm.State, p storm.Power) bool { return mayOrderNowOf(&whoOrders{s: s}, p) }

// mayOrderNowOf is mayOrderNow(w.s, p).
func mayOrderNowOf(w *whoOrders, p storm.Power) bool {
	s := w.s
	// A power of the open round that is not asked (who is asked is judged
	// on public facts, r-24-required) may still order while it is open.
	if s.Crisis.On && crisis.IsCrisisSegment(s.Segment) {
		return crisis.CrisisMayOrder(s, p) // crisisphase.go
	}
	return w.requires(p) || (s.Diplomacy.On && s.Segment != storm.SegCovert && slices.Contains(storm.OrderSegments[s.Segment].Powers, p))
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
		if rounds[storm.SegTurn] { // PASS TURN: a PASS for every later segment not named
			standing = slices.DeleteFunc(standing, func(o storm.Order) bool { return o.For == storm.SegTurn })
			standing = append(standing, passTurn(*s, p, rounds)...)
			for _, o := range standing {
				rounds[o.For] = true
			}
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
	storm.SegDiplomacyAllies: "FOR ALLIES", storm.SegDiplomacyAxis2: "FOR AXIS 2", storm.SegCovert: "FOR COVERT", storm.SegCrisisAggression: "FOR CRISIS",
	storm.SegCrisisResponse: "FOR RESPONSE", storm.SegPreemptiveWar: "FOR WAR"}

// laterSegments words, for p's notice, the segments still to come this
// turn in which p may give orders, and how to give them now (standing
// orders save a round trip each).
func laterSegments(s storm.State, p storm.Power) []string {
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
			if storm.HasStanding(s, p, seg) || !slices.ContainsFunc(crisis.AggressionOptions(s, p), func(o crisis.AggressionOption) bool { return o.Barred == "" }) {
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

// unplannedRound reports whether the open placement round asks p although
// it sent no standing orders for it (r-24-55-plan): always, unless p's
// orders for an earlier round of this turn were standing orders (it
// planned its rounds, storm.DiplomacyState.Planned) and nothing since
// concerns it. Then its silence for this round is a PASS. What concerns
// it: a counter of another side placed in this turn's later rounds in a
// country where p placed a counter this turn or holds a flag (the public
// facts of the rounds' reports).
func unplannedRound(s storm.State, p storm.Power) bool {
	if !slices.Contains(s.Diplomacy.Planned, p) {
		return true
	}
	mine := map[string]bool{}
	for _, pl := range s.Diplomacy.Placements {
		if pl.Power == p {
			mine[pl.Country] = true
		}
	}
	for _, pl := range s.Diplomacy.Placements {
		if storm.SideOf(pl.Power) == storm.SideOf(p) || pl.Round.Index() <= storm.SegDiplomacyAxis1.Index() {
			continue
		}
		if mine[pl.Country] {
			return true
		}
		if m := s.Minor(pl.Country); m != nil && m.FlagsOf(p) > 0 {
			return true
		}
	}
	return false
}

// PlanStep is one later segment of the turn in a power's ready-to-copy
// block (turnPlan): its FOR line and the orders that change nothing there.
type PlanStep struct {
	Segment storm.Segment `json:"segment"`
	Lines   []string      `json:"lines"`
}

// turnPlan is the rest of p's turn as its notice offers it to copy
// (docs/orders.md "The whole turn in one email"): for each later
// segment of the turn that may ask p and that p gave no standing order or
// plan for yet, in the order of 7.31, the lines that do nothing there: a
// standing PASS for its placement rounds, AGGRESSION NONE for the Axis
// aggression, IF AGGRESSION ACQUIESCE for Britain and France (no answer
// acquiesces, r-27-51-concert) and a standing PASS for Russia at the
// response, a standing PASS for the declarations of pre-emptive war.
// Sent with the open segment's orders, they settle p's turn; nothing in
// them starts an aggression, a threat or a declaration. Spy rings are
// left out: a PASS there would let an espionage result lapse (16.16B), so
// a leader with a ring to place is asked.
func turnPlan(s storm.State, p storm.Power) []PlanStep {
	if s.Ended || s.Segment.Index() >= storm.SegPreemptiveWar.Index() || (!s.Diplomacy.On && !s.Crisis.On) {
		return nil
	}
	var out []PlanStep
	for _, seg := range storm.Segments {
		powers, ok := storm.PassSegments[seg]
		if !ok || seg == storm.SegSpyRings || seg.Index() <= s.Segment.Index() || !passOn(s, seg) || !slices.Contains(powers, p) || storm.HasStanding(s, p, seg) {
			continue
		}
		lines := []string{forWords[seg], "PASS"}
		switch seg {
		case storm.SegCrisisAggression:
			if !slices.ContainsFunc(crisis.AggressionOptions(s, p), func(o crisis.AggressionOption) bool { return o.Barred == "" }) {
				continue // no target open: never asked
			}
			lines[1] = "AGGRESSION NONE"
		case storm.SegCrisisResponse:
			if p == storm.Russia {
				if s.SupportFacts.PactSigned != nil {
					continue // 26.14A: never asked once the pact is signed
				}
				break
			}
			if slices.ContainsFunc(s.Crisis.Plans, func(pl storm.CrisisPlan) bool {
				return pl.Power == p && len(pl.Order.Args) > 0 && pl.Order.Args[0] == "aggression" && pl.Order.Project == ""
			}) {
				continue // its IF AGGRESSION line answers already
			}
			lines[1] = "IF AGGRESSION ACQUIESCE"
		}
		out = append(out, PlanStep{Segment: seg, Lines: lines})
	}
	return out
}

// DefaultOrders are the orders that change nothing in the open segment,
// for p's ready-to-copy block (the do-nothing option first, never a
// drastic one pre-filled): PASS, AGGRESSION NONE, and in the crisis the
// answer the rules fall back to when none is given: ACQUIESCE at the
// Allied response (r-27-51-concert; Russia stays out), BACK DOWN at the
// Axis response, the ultimatum and the brink (r-27-61-default, 27.73),
// CONCEDE to a threat of war (r-32-83-default). Nil when p is not asked.
func DefaultOrders(s storm.State, p storm.Power) []string {
	if !requires(s, p) {
		return nil
	}
	// Britain's and France's answer, one per crisis at the stage, naming
	// the aggressor when there are two (27.13).
	named := func(st storm.CrisisStage, word string) []string {
		cs := s.Crisis.At(st)
		if len(cs) == 1 {
			return []string{word}
		}
		var out []string
		for _, c := range cs {
			out = append(out, word+" "+strings.ToUpper(c.Aggressor.String()))
		}
		return out
	}
	switch s.Segment {
	case storm.SegCrisisAggression:
		return []string{"AGGRESSION NONE"}
	case storm.SegCrisisResponse:
		if p == storm.Russia {
			return []string{"PASS"}
		}
		return named(storm.StageResponse, "ACQUIESCE")
	case storm.SegCrisisAxisResponse, storm.SegCrisisBrink:
		return []string{"BACK DOWN"}
	case storm.SegCrisisUltimatum:
		return named(storm.StageUltimatum, "BACK DOWN")
	case storm.SegPreemptiveWar:
		if len(s.Crisis.Threats) > 0 {
			return []string{"CONCEDE"}
		}
	}
	return []string{"PASS"}
}

// DefaultEffect words what the default lines (DefaultOrders) do in the
// open segment, given the power's options: when each is an option (a
// crisis answer the rules take for a power that sends none:
// r-27-51-concert, r-27-61-default, r-32-83-default) they send that
// answer, whose effect its option words; otherwise they change nothing
// (PASS, AGGRESSION NONE, or the PASS of a power not asked).
func DefaultEffect(def []string, opts []OptionView) string {
	if len(def) == 0 {
		return "changes nothing"
	}
	for _, l := range def {
		if !slices.ContainsFunc(opts, func(o OptionView) bool { return o.Order == l }) {
			return "changes nothing"
		}
	}
	return "sends " + storm.JoinAnd(def) + ", the answer taken when none is sent (its effect as worded above)"
}

// notOrderHere words why o is no order of the open segment, pointing to
// the fix: the FOR line that sends it now for the later segment
// of the turn it belongs to, or the segment that will ask for it.
func notOrderHere(s storm.State, p storm.Power, o storm.Order) string {
	word := strings.ToUpper(string(o.Kind))
	if f := strings.Fields(o.String()); len(f) > 0 {
		word = f[0] // as the player writes it
	}
	if seg, ok := laterSegmentOf(s, p, o); ok {
		return fmt.Sprintf("%s is an order of %s, later this turn: to send it now, write it under a %s line (docs/orders.md, \"The whole turn in one email\")", word, seg.Title(), forWords[seg])
	}
	switch o.Kind {
	case storm.OpposeOrder, storm.AcquiesceOrder:
		return fmt.Sprintf("%s answers an aggression once announced: to give it now, write IF AGGRESSION %s (docs/orders.md, Crisis)", word, word)
	case storm.DeclareWarOrder, storm.ThreatenWarOrder:
		return fmt.Sprintf("%s is an order of %s, which asks the powers that may declare war when it opens", word, storm.SegPreemptiveWar.Title())
	}
	return fmt.Sprintf("%s is not an order of the %s", word, s.Segment.Title())
}

// laterSegmentOf is the later segment of the turn whose order o is and
// that takes it from p in advance, under its FOR line.
func laterSegmentOf(s storm.State, p storm.Power, o storm.Order) (storm.Segment, bool) {
	for _, seg := range storm.Segments {
		if seg.Index() <= s.Segment.Index() {
			continue
		}
		if os, ok := storm.OrderSegments[seg]; ok && slices.Contains(os.Kinds, o.Kind) && slices.Contains(os.Powers, p) && forWords[seg] != "" {
			return seg, true
		}
	}
	return "", false
}

// standingProblems are the reasons p's standing orders for the open
// placement round or spy-ring segment can no longer be carried out as
// written (a country now closed, a counter used, a target taken): the
// segment asks p after all, in a mail that says why, rather
// than voiding them unseen. A standing PASS has none.
func standingProblems(s storm.State, p storm.Power) []storm.OrderError {
	_, round := storm.PlacementRounds[s.Segment]
	if !round && s.Segment != storm.SegSpyRings {
		return nil
	}
	st := slices.DeleteFunc(storm.StandingFor(s, p), func(o storm.Order) bool { return o.Kind == storm.PassOrder })
	if len(st) == 0 {
		return nil
	}
	var errs []storm.IndexedError
	if round { // the segment's own checks: Validate asks Required, which asks this
		errs, _ = diplomacy.ValidatePlacements(s, p, st)
	} else {
		errs, _ = diplomacy.ValidateSpyRings(s, p, st)
	}
	var out []storm.OrderError
	for _, e := range errs {
		out = append(out, e.OrderError)
	}
	return out
}
