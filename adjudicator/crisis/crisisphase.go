package crisis

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/randomevent"
	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/threshold"
	"stormjudge/adjudicator/track"
)

// The crisis phase by email (26-27): Axis aggressions, the Allied response,
// the resistance draw, the Axis response, the Allied ultimatum and the
// brink, one segment each (26.11A-F), each asking only the side whose
// decision it is. Both Axis powers may aggress in one turn; their crises
// run in tandem, stage by stage (27.13). Conditional orders (IF lines,
// CrisisPlan) decide later stages in advance, so a crisis can be settled
// in one round trip per side; a stage whose decision a plan gives, or that
// offers no choice, does not wait for anybody (docs/orders.md "Crisis").

// segmentStage is the stage each segment decides (storm.StageSegment's
// reverse).
var segmentStage = map[storm.Segment]storm.CrisisStage{
	storm.SegCrisisResponse: storm.StageResponse, storm.SegCrisisAxisResponse: storm.StageAxisResponse,
	storm.SegCrisisUltimatum: storm.StageUltimatum, storm.SegCrisisBrink: storm.StageBrink,
}

// decides reports whether p answers crisis c at its stage: Britain and
// France at the response (27.51) and the ultimatum (27.71), with Russia at
// the response where 26.14A lets it oppose; the aggressor at the Axis
// response (27.61) and the brink (27.81).
func decides(s storm.State, c storm.Crisis, p storm.Power) bool {
	switch c.Stage {
	case storm.StageResponse:
		return slices.Contains(storm.Allied, p) || (p == storm.Russia && russiaMayOppose(s, c))
	case storm.StageUltimatum:
		return slices.Contains(storm.Allied, p)
	case storm.StageAxisResponse, storm.StageBrink:
		return p == c.Aggressor
	}
	return false
}

// hasChoice reports a stage with a decision to take: the Allies have none
// at the ultimatum when neither may declare war (27.72, 27.73).
func hasChoice(s storm.State, c storm.Crisis) bool {
	return c.Stage != storm.StageUltimatum || ultimatumPossible(s, c)
}

// WithCrisis returns s playing the crisis phase by email (the judge's
// default; without it the crisis segments pass, docs/rules.md).
func WithCrisis(s storm.State) storm.State {
	c := s.Clone()
	c.Crisis.On = true
	return c
}

// planWhen maps the word of an IF line (the stage it answers:
// storm.PlanStage) to the side that may give it and its actions.
var planWhen = map[string]struct {
	allies  bool
	actions []storm.OrderKind
	rule    string
}{
	// IF AGGRESSION [<target>]: the Allies' response given before the
	// aggression is announced (Project: the target, "" for any).
	"aggression": {true, []storm.OrderKind{storm.OpposeOrder, storm.AcquiesceOrder}, "27.51"},
	"opposed":    {false, []storm.OrderKind{storm.ContinueAggression, storm.BackDownOrder}, "27.61C"},
	"continued":  {true, []storm.OrderKind{storm.UltimatumOrder, storm.BackDownOrder}, "27.71B"},
	"ultimatum":  {false, []storm.OrderKind{storm.AttackOrder, storm.BackDownOrder}, "27.81"},
}

// planExamples are the IF lines offered as examples, one a stage a plan
// may answer after the Allied response (26.11D-F), in the order of the
// stages: each is offered to a power that may give it (PlanLines).
var planExamples = []storm.Order{
	{Kind: storm.CrisisIfOrder, Args: []string{"opposed", string(storm.ContinueAggression), "<=", "4", string(storm.BackDownOrder)}}, // 27.61C
	{Kind: storm.CrisisIfOrder, Args: []string{"continued", string(storm.UltimatumOrder)}},                                           // 27.71B
	{Kind: storm.CrisisIfOrder, Args: []string{"ultimatum", string(storm.BackDownOrder)}},                                            // 27.81
}

// PlanLines are the IF lines p may give now for the later stages of a
// crisis under way (26.11D-F): the example of each stage still to come
// whose answer is p's (planWhen: the aggressor's or Britain's and
// France's) and that CheckPlan accepts from p, as p writes it.
func PlanLines(s storm.State, p storm.Power) []string {
	var out []string
	for _, o := range planExamples {
		if seg := storm.PlanSegment(o); seg.Index() <= s.Segment.Index() || slices.IndexFunc(s.Crisis.Crises, func(c storm.Crisis) bool {
			return c.Stage != storm.StageOver && storm.StageSegment[c.Stage].Index() <= seg.Index()
		}) < 0 {
			continue // a stage already past, or no crisis to reach it
		}
		if rule, _ := CheckPlan(s, p, o, nil); rule == "" {
			out = append(out, o.String())
		}
	}
	return out
}

// IsPlanNow reports an IF line that answers the open segment (it is the
// power's order for it, not a standing one).
func IsPlanNow(s storm.State, o storm.Order) bool {
	if o.Kind != storm.CrisisIfOrder || len(o.Args) == 0 {
		return false
	}
	return storm.PlanSegment(o) == s.Segment
}

// CrisisRequired lists the powers the open crisis segment waits for: those
// with a decision that no plan of theirs gives (26.11).
func CrisisRequired(s storm.State) []storm.Power {
	var out []storm.Power
	add := func(p storm.Power) {
		if !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	switch s.Segment {
	case storm.SegCrisisAggression:
		for _, p := range []storm.Power{storm.Germany, storm.Italy} { // 27.11
			if len(storm.StandingFor(s, p)) > 0 {
				continue // its standing order (FOR CRISIS) answers
			}
			for _, o := range AggressionOptions(s, p) {
				if o.Barred == "" {
					add(p)
					break
				}
			}
		}
	default:
		// The powers that decide, unless an IF line of theirs answers;
		// asked again, Britain and France both answer (r-27-51-concert).
		for _, c := range s.Crisis.At(segmentStage[s.Segment]) {
			if !hasChoice(s, c) {
				continue
			}
			for _, p := range storm.Powers {
				_, planned := PlannedAction(s, p, c)
				if s.Segment == storm.SegCrisisResponse && storm.HasStandingPass(s, p, s.Segment) {
					planned = true // its standing PASS: no answer, the rules' default (r-27-51-concert, 26.14A)
				}
				if decides(s, c, p) && (!planned || c.Asked > 0) {
					add(p)
				}
			}
		}
	}
	slices.Sort(out)
	return out
}

// CrisisMayOrder reports whether p may answer in the open crisis segment:
// the powers it waits for, and those whose plan would answer for them (an
// order replaces the plan).
func CrisisMayOrder(s storm.State, p storm.Power) bool {
	if slices.Contains(CrisisRequired(s), p) {
		return true
	}
	if s.Segment == storm.SegCrisisAggression && (p == storm.Germany || p == storm.Italy) {
		// its FOR CRISIS line answers for it, and an order replaces it
		return slices.ContainsFunc(AggressionOptions(s, p), func(o AggressionOption) bool { return o.Barred == "" })
	}
	return slices.ContainsFunc(s.Crisis.At(segmentStage[s.Segment]), func(c storm.Crisis) bool { return decides(s, c, p) && hasChoice(s, c) })
}

// russiaMayOppose reports whether Russia may oppose a German aggression
// as an Allied power (26.14A): no pact signed or offered, and the target
// is Poland, the Baltic States or a minor country with a Russian flag.
func russiaMayOppose(s storm.State, c storm.Crisis) bool {
	if c.Aggressor != storm.Germany || c.Pact || s.SupportFacts.PactSigned != nil {
		return false
	}
	switch c.Target {
	case "Poland", "Danzig and the Corridor", storm.BalticStates:
		return true
	}
	if m := s.Minor(storm.ResistanceName(c.Target)); m != nil { // the Sudetenland is Czechoslovakia's
		return m.FlagsOf(storm.Russia) > 0
	}
	return false
}

// PlannedAction is the action p's plans give for crisis c at its stage,
// with ok false when none applies.
// A plan naming the aggressor stands before one that names none; among
// plans alike the newest stands (KeepPlans keeps one of each).
func PlannedAction(s storm.State, p storm.Power, c storm.Crisis) (storm.OrderKind, bool) {
	for _, named := range []bool{true, false} {
		for i := len(s.Crisis.Plans) - 1; i >= 0; i-- {
			pl := s.Crisis.Plans[i]
			name := c.Aggressor.String()
			if len(pl.Order.Args) > 0 && pl.Order.Args[0] == "aggression" {
				name = c.Target // IF AGGRESSION names the target
			}
			if pl.Power != p || (named && pl.Order.Project != name) || (!named && pl.Order.Project != "") {
				continue
			}
			if k, ok := planAction(pl.Order, c); ok {
				return k, true
			}
		}
	}
	return "", false
}

// planAction evaluates an IF order for crisis c: the action, when the
// order answers c's stage.
func planAction(o storm.Order, c storm.Crisis) (storm.OrderKind, bool) {
	a := o.Args
	if len(a) < 2 || storm.PlanStage[a[0]] != c.Stage {
		return "", false
	}
	then := storm.OrderKind(a[1])
	if len(a) < 5 {
		return then, true
	}
	n, _ := strconv.Atoi(a[3])
	if compare(c.Resistance, a[2], n) {
		return then, true
	}
	return storm.OrderKind(a[4]), true
}

func compare(x int, op string, n int) bool {
	switch op {
	case "<=":
		return x <= n
	case "<":
		return x < n
	case ">=":
		return x >= n
	case ">":
		return x > n
	case "=":
		return x == n
	}
	return false
}

// crisisKinds are the orders of each crisis segment.
var crisisKinds = map[storm.Segment][]storm.OrderKind{
	storm.SegCrisisAggression:   {storm.AggressionOrder},
	storm.SegCrisisResponse:     {storm.AcquiesceOrder, storm.OpposeOrder},
	storm.SegCrisisAxisResponse: {storm.ContinueAggression, storm.BackDownOrder},
	storm.SegCrisisUltimatum:    {storm.UltimatumOrder, storm.BackDownOrder},
	storm.SegCrisisBrink:        {storm.AttackOrder, storm.BackDownOrder},
}

// IsCrisisSegment reports the segments of 26.11A-F.
func IsCrisisSegment(seg storm.Segment) bool { _, ok := crisisKinds[seg]; return ok }

// ValidateCrisis checks p's orders for the open crisis segment (IF lines
// for later stages are checked by CheckPlan); the state it returns is s,
// which they do not change.
func ValidateCrisis(s storm.State, p storm.Power, orders []storm.Order) ([]storm.IndexedError, storm.State) {
	var errs []storm.IndexedError
	bad := func(i int, rule, format string, a ...any) {
		errs = append(errs, storm.IndexedError{OrderError: storm.OrderError{Order: orders[i], Rule: rule, Msg: fmt.Sprintf(format, a...)}, Index: i})
	}
	seen := map[storm.Power]int{} // answers per crisis
	for i, o := range orders {
		if o.Kind == storm.CrisisIfOrder {
			if rule, msg := CheckPlan(s, p, o, orders); rule != "" {
				bad(i, rule, "%s", msg)
			}
			continue
		}
		if !slices.Contains(crisisKinds[s.Segment], o.Kind) {
			bad(i, "26.11", "%q is not an order of %s (it takes %s)", string(o.Kind), s.Segment.Title(), kindWords(crisisKinds[s.Segment]))
			continue
		}
		if o.Kind == storm.AggressionOrder {
			if rule, msg := CheckAggression(s, p, o); rule != "" {
				bad(i, rule, "%s", msg)
			}
			if seen[p]++; seen[p] > 1 {
				bad(i, "27.12", "one aggression a turn")
			}
			continue
		}
		c, rule, msg := crisisFor(s, p, o.Project)
		if rule != "" {
			bad(i, rule, "%s", msg)
			continue
		}
		if seen[c.Aggressor]++; seen[c.Aggressor] > 1 {
			bad(i, "26.11", "one answer to %s's aggression", c.Aggressor.Title())
			continue
		}
		if rule, msg := checkAnswer(s, p, o.Kind, *c); rule != "" {
			bad(i, rule, "%s", msg)
		}
	}
	return errs, s
}

func kindWords(ks []storm.OrderKind) string {
	var ws []string
	for _, k := range ks {
		ws = append(ws, storm.CrisisWord(k))
	}
	return storm.JoinOr(ws)
}

// CheckStandingAggression checks an AGGRESSION line sent before the crisis
// phase (FOR CRISIS): the target is checked again when the phase opens.
func CheckStandingAggression(s storm.State, p storm.Power, o storm.Order, with []storm.Order) (rule, msg string) {
	ahead := 0
	for _, x := range with {
		if x.Kind == storm.AggressionOrder && x.For == storm.SegCrisisAggression {
			ahead++
		}
	}
	switch {
	case ahead > 1:
		return "27.12", "one aggression a turn: one AGGRESSION line under FOR CRISIS"
	case !s.Crisis.On:
		return "26.11", "this game does not play the crisis phase by email"
	case o.Kind != storm.AggressionOrder:
		return "27.11", "FOR CRISIS takes AGGRESSION <target> or AGGRESSION NONE"
	case p != storm.Germany && p != storm.Italy:
		return "27.11", "only Germany and Italy conduct aggressions"
	case s.Segment.Index() >= storm.SegCrisisAggression.Index():
		return "7.31", "the crisis phase of this turn is open or over: send the AGGRESSION line without FOR"
	}
	if o.Project == storm.NoAggression {
		return "", ""
	}
	target := canonicalTarget(p, o.Project)
	if _, ok := storm.AggressionTarget(o.Project); !ok || !slices.Contains(storm.AggressionTargetsOf[p], target) {
		return targetRule[p], fmt.Sprintf("%s is not a target of %s's aggressions", o.Project, p.Title())
	}
	// A restriction that holds now holds when the segment opens (nothing
	// before it in the turn completes a conquest or undoes a counter's
	// use), so it is refused now as the segment would, but 29.34's: the
	// target's resistance may still fall in this turn's diplomacy.
	if rule, why := aggressionBar(s, p, target); rule != "" && rule != "29.34" {
		return rule, fmt.Sprintf("no aggression against %s this turn: %s", target, why)
	}
	return "", ""
}

// CheckAggression checks an AGGRESSION order (27.1-27.4, 31.21A).
func CheckAggression(s storm.State, p storm.Power, o storm.Order) (rule, msg string) {
	if p != storm.Germany && p != storm.Italy {
		return "27.11", "only Germany and Italy conduct aggressions"
	}
	if o.Project == storm.NoAggression {
		return "", ""
	}
	if p == storm.Italy && italyUsedMilitaryCounter(s, canonicalTarget(p, o.Project)) { // 29.34
		if r, _ := threshold.ResistanceOf(s, storm.ResistanceName(canonicalTarget(p, o.Project)), 0); r.Level >= 1 {
			return "29.34", fmt.Sprintf("Italy used its military counter earlier this turn: no aggression against %s, whose resistance is %d", o.Project, r.Level)
		}
	}
	if !slices.ContainsFunc(storm.AggressionTargetsOf[p], func(t string) bool { return strings.EqualFold(t, o.Project) }) {
		return targetRule[p], fmt.Sprintf("%s is not a target of %s's aggressions (%s)", o.Project, p.Title(), storm.JoinOr(storm.AggressionTargetsOf[p]))
	}
	if rule, why := aggressionBar(s, p, canonicalTarget(p, o.Project)); rule != "" { // 27.12, 27.21A-B, 27.31, 27.41, 29.22C, 29.3, 29.34
		return rule, fmt.Sprintf("no aggression against %s: %s", canonicalTarget(p, o.Project), why)
	}
	if slices.Contains(o.Args, "pact") {
		if rule, msg := PactOfferBarred(s, o.Project); rule != "" {
			return rule, msg
		}
	}
	switch choice := storm.PolandChoice(o); {
	case choice != storm.PolandConquest && canonicalTarget(p, o.Project) != "Poland":
		return "29.22", "SATELLITE and NEUTRAL are Germany's choices for Poland proper"
	case choice == storm.PolandNeutral && !slices.Contains(o.Args, "pact") && !storm.PactInEffect(s):
		return "29.22C", "Poland stays neutral only with the Nazi-Soviet Pact: AGGRESSION POLAND PACT NEUTRAL"
	case choice == storm.PolandNeutral && storm.CompletedBy(s, storm.Germany, "Danzig and the Corridor"):
		return "29.22C", "Danzig and the Corridor were taken in an earlier turn: Poland cannot stay neutral"
	case choice == storm.PolandSatellite && slices.Contains(o.Args, "pact"):
		return "31.82", "a satellite Poland breaks the pact: offering it now would be as if it were never signed; leave PACT out"
	}
	return "", ""
}

// PactOfferBarred says why Germany may not offer the pact with an
// aggression against target (31.21A, 31.61A, 31.71, 31.91A).
func PactOfferBarred(s storm.State, target string) (rule, msg string) {
	f := s.SupportFacts
	switch {
	case target != "Poland" && target != "Danzig and the Corridor":
		return "31.21A", "the Nazi-Soviet Pact is offered only with an aggression against Poland or Danzig and the Corridor"
	case f.PactSigned != nil:
		return "31.71", "the Nazi-Soviet Pact is in effect already and is not negotiated again"
	case f.NoPactProposed != nil:
		return "31.61A", "Germany did not offer the pact when it first moved against Poland: no pact any more"
	case storm.CompletedBy(s, storm.Germany, storm.BalticStates) || s.Conditions.BalticAggression:
		return "31.91A", "after an aggression against the Baltic States no pact may be negotiated"
	}
	return "", ""
}

// crisisFor finds the crisis an answer of p concerns: the one named, or
// the only one at the open segment's stage.
func crisisFor(s storm.State, p storm.Power, name string) (*storm.Crisis, string, string) {
	open := s.Crisis.At(segmentStage[s.Segment])
	if name == "" && storm.SideOf(p) == storm.Axis { // the aggressor answers for its own crisis
		for i := range open {
			if open[i].Aggressor == p {
				return &open[i], "", ""
			}
		}
	}
	if name != "" {
		a, ok := storm.ParsePower(name)
		if !ok {
			return nil, "26.11", fmt.Sprintf("%q is not a power", name)
		}
		for i := range open {
			if open[i].Aggressor == a {
				return &open[i], "", ""
			}
		}
		return nil, "26.11", fmt.Sprintf("%s has no aggression waiting for this answer", a.Title())
	}
	switch len(open) {
	case 0:
		return nil, "26.11", "no crisis waits for this answer"
	case 1:
		return &open[0], "", ""
	}
	return nil, "27.13", "both Axis powers aggress: name the aggressor (e.g. OPPOSE GERMANY)"
}

// checkAnswer checks p's answer k in crisis c.
func checkAnswer(s storm.State, p storm.Power, k storm.OrderKind, c storm.Crisis) (rule, msg string) {
	if !decides(s, c, p) {
		switch {
		case c.Stage == storm.StageAxisResponse || c.Stage == storm.StageBrink:
			return "27.61", fmt.Sprintf("%s decides for its own aggression", c.Aggressor.Title())
		case p == storm.Russia:
			return "26.14A", "Russia takes part only in a crisis over Poland, the Baltic States or a country with a Russian flag, without the pact"
		}
		return map[storm.CrisisStage]string{storm.StageResponse: "27.51", storm.StageUltimatum: "27.71"}[c.Stage], "Britain and France answer"
	}
	switch {
	case k == storm.OpposeOrder && p != storm.Russia && mustAcquiesce(s, c):
		return "27.51B", "with the Rhineland remilitarized, the Allies must acquiesce in Italy's aggression against Ethiopia"
	case k == storm.UltimatumOrder && !hasChoice(s, c):
		why, rule := noUltimatum(s, c)
		return "27.73" + rule, why + ": the Allies back down"
	}
	return "", ""
}

// mustAcquiesce is 27.51B's exception: Italy against Ethiopia once
// Germany has remilitarized the Rhineland (26.11B).
func mustAcquiesce(s storm.State, c storm.Crisis) bool {
	return c.Aggressor == storm.Italy && c.Target == storm.Ethiopia && storm.CompletedBy(s, storm.Germany, storm.Rhineland)
}

// CheckPlan checks an IF line: who may give it, what it answers, that the
// power has (or announces in the same orders) an aggression it concerns.
func CheckPlan(s storm.State, p storm.Power, o storm.Order, with []storm.Order) (rule, msg string) {
	if len(o.Args) < 2 {
		return "26.11", "IF OPPOSED, IF CONTINUED or IF ULTIMATUM, then the answer"
	}
	w, ok := planWhen[o.Args[0]]
	if !ok {
		return "26.11", fmt.Sprintf("IF %s: the conditions are OPPOSED, CONTINUED and ULTIMATUM", strings.ToUpper(o.Args[0]))
	}
	if !slices.Contains(w.actions, storm.OrderKind(o.Args[1])) || (len(o.Args) == 5 && !slices.Contains(w.actions, storm.OrderKind(o.Args[4]))) {
		return w.rule, fmt.Sprintf("IF %s takes %s", strings.ToUpper(o.Args[0]), kindWords(w.actions))
	}
	if len(o.Args) == 5 {
		if _, err := strconv.Atoi(o.Args[3]); err != nil || !slices.Contains([]string{"<=", "<", ">=", ">", "="}, o.Args[2]) {
			return "28.12", "IF RESISTANCE <=, <, >=, > or = a number"
		}
	}
	if w.allies != slices.Contains(storm.Allied, p) {
		if w.allies {
			return w.rule, fmt.Sprintf("IF %s is Britain's and France's", strings.ToUpper(o.Args[0]))
		}
		return w.rule, fmt.Sprintf("IF %s is the aggressor's", strings.ToUpper(o.Args[0]))
	}
	if !s.Crisis.On {
		return "26.11", "this game does not play the crisis phase by email"
	}
	if w.allies && o.Args[0] == "aggression" {
		if o.Project != "" {
			if _, ok := storm.AggressionTarget(o.Project); !ok {
				return "27.3, 27.4", fmt.Sprintf("%q is not a target of an Axis aggression", o.Project)
			}
		}
		if s.Segment.Index() > storm.SegCrisisResponse.Index() {
			return "7.31", "this turn's Allied response is over: IF AGGRESSION lines are for a response still to come"
		}
		return "", ""
	}
	if w.allies {
		if o.Project != "" {
			if a, ok := storm.ParsePower(o.Project); !ok || storm.SideOf(a) != storm.Axis {
				return "26.11", fmt.Sprintf("%q is not an Axis power", o.Project)
			}
		}
		return "", ""
	}
	if c := s.Crisis.CrisisOf(p); c != nil && c.Stage != storm.StageOver {
		return "", ""
	}
	if slices.ContainsFunc(with, func(x storm.Order) bool { // with its AGGRESSION line, now or FOR CRISIS
		return x.Kind == storm.AggressionOrder && x.Project != storm.NoAggression && (s.Segment == storm.SegCrisisAggression || x.For == storm.SegCrisisAggression)
	}) {
		return "", ""
	}
	if slices.ContainsFunc(s.Diplomacy.Standing, func(x storm.StandingOrder) bool { // its FOR CRISIS line of an earlier email
		return x.Power == p && x.For == storm.SegCrisisAggression && x.Order.Kind == storm.AggressionOrder && x.Order.Project != storm.NoAggression
	}) {
		return "", ""
	}
	// 26.11, docs/orders.md: IF lines are plans for later segments, sent
	// with any email of the turn (PASS included) before the aggression is
	// announced; they act only if it is.
	if s.Segment.Index() < storm.SegCrisisAggression.Index() {
		if slices.ContainsFunc(AggressionOptions(s, p), func(op AggressionOption) bool { return op.Barred == "" }) {
			return "", ""
		}
		return "27.2", fmt.Sprintf("%s has no aggression target open this turn (its notice lists why): IF %s would answer nothing", p.Title(), strings.ToUpper(o.Args[0]))
	}
	return "26.11", fmt.Sprintf("%s has no aggression under way this turn: send IF %s with the AGGRESSION order", p.Title(), strings.ToUpper(o.Args[0]))
}

// KeepPlans stores the IF lines of the orders (a power's new IF line
// replaces its earlier one for the same stage and aggressor) and returns
// the other orders.
func KeepPlans(s *storm.State, orders map[storm.Power][]storm.Order) map[storm.Power][]storm.Order {
	out := map[storm.Power][]storm.Order{}
	for _, p := range storm.Powers {
		rest := make([]storm.Order, 0, len(orders[p])) // one list, kept only when it holds orders
		for _, o := range orders[p] {
			if o.Kind != storm.CrisisIfOrder {
				rest = append(rest, o)
				continue
			}
			if rule, _ := CheckPlan(*s, p, o, orders[p]); rule != "" {
				continue // Validate refused it
			}
			s.Crisis.Plans = slices.DeleteFunc(s.Crisis.Plans, func(pl storm.CrisisPlan) bool {
				return pl.Power == p && storm.StandingKey(pl.Order) == storm.StandingKey(o) // the same stage and name
			})
			o.For = ""
			s.Crisis.Plans = append(s.Crisis.Plans, storm.CrisisPlan{Power: p, Order: o.Clone()})
		}
		if len(rest) > 0 {
			out[p] = rest
		}
	}
	return out
}

// answer is a power's answer in a crisis: the order's, or the plan's
// (Planned) for a power that sent none.
type answer struct {
	Kind    storm.OrderKind
	Planned bool
}

// answersAt is every power's answer in each crisis at stage st, by
// aggressor, judged on the state as the segment opens: answers are
// simultaneous, whatever an earlier crisis's outcome does (27.13).
func answersAt(s storm.State, orders map[storm.Power][]storm.Order, st storm.CrisisStage) map[storm.Power]map[storm.Power]answer {
	out := map[storm.Power]map[storm.Power]answer{}
	for _, c := range s.Crisis.At(st) {
		out[c.Aggressor] = answersTo(s, orders, c)
	}
	return out
}

// answersTo collects each power's answer in crisis c from the orders,
// after re-validation, with the plans for the powers that sent none.
func answersTo(s storm.State, orders map[storm.Power][]storm.Order, c storm.Crisis) map[storm.Power]answer {
	out := map[storm.Power]answer{}
	for p, os := range orders {
		for _, o := range os {
			if !slices.Contains(crisisKinds[s.Segment], o.Kind) {
				continue
			}
			if x, rule, _ := crisisFor(s, p, o.Project); rule != "" || x.Aggressor != c.Aggressor {
				continue
			}
			if rule, _ := checkAnswer(s, p, o.Kind, c); rule == "" {
				out[p] = answer{Kind: o.Kind}
			}
		}
	}
	for _, p := range storm.Powers {
		if _, ok := out[p]; ok {
			continue
		}
		if k, ok := PlannedAction(s, p, c); ok {
			if rule, _ := checkAnswer(s, p, k, c); rule == "" {
				out[p] = answer{Kind: k, Planned: true}
			}
		}
	}
	return out
}

// ResolveCrisisSegment resolves the open crisis segment.
func ResolveCrisisSegment(s *storm.State, orders map[storm.Power][]storm.Order, evs *[]event.Event) {
	if !s.Crisis.On {
		if s.Segment == storm.SegCrisisAggression {
			randomevent.RevealHeld(s, storm.RevealCrisis, evs) // 9.41E
		}
		*evs = append(*evs, event.SegmentSkipped{Turn: s.Turn, Segment: s.Segment, Note: event.NotImplemented})
		return
	}
	switch s.Segment {
	case storm.SegCrisisAggression:
		resolveAggressions(s, orders, evs)
	case storm.SegCrisisResponse:
		resolveResponse(s, orders, evs)
	case storm.SegCrisisAxisResponse:
		resolveAxisDecision(s, orders, storm.StageAxisResponse, evs)
	case storm.SegCrisisUltimatum:
		resolveUltimatum(s, orders, evs)
	case storm.SegCrisisBrink:
		resolveAxisDecision(s, orders, storm.StageBrink, evs)
	}
}

// resolveAggressions records the aggressions announced (27.11-27.13).
func resolveAggressions(s *storm.State, orders map[storm.Power][]storm.Order, evs *[]event.Event) {
	orders = storm.TakeStanding(s, orders) // FOR CRISIS lines (standing.go)
	for _, p := range []storm.Power{storm.Germany, storm.Italy} {
		announced := false
		for _, o := range orders[p] {
			if o.Kind != storm.AggressionOrder || o.Project == storm.NoAggression {
				continue
			}
			if announced { // 27.12: one aggression a turn
				*evs = append(*evs, event.OrderVoided{Power: p, Order: o, Rule: "27.12", Msg: "one aggression a turn"})
				continue
			}
			announced = true
			if rule, msg := CheckAggression(*s, p, o); rule != "" {
				*evs = append(*evs, event.OrderVoided{Power: p, Order: o, Rule: rule, Msg: "no longer allowed: " + msg})
				continue
			}
			target := canonicalTarget(p, o.Project)
			c := storm.Crisis{Aggressor: p, Target: target, Stage: storm.StageResponse, Pact: slices.Contains(o.Args, "pact")}
			if target == "Poland" && p == storm.Germany {
				c.Poland = storm.PolandChoice(o) // 29.22
			}
			c.Resistance = demandResistance(*s, p, target)
			forced := mustAcquiesce(*s, c)
			*evs = append(*evs, event.CrisisAnnounced{Turn: s.Turn, Aggressor: p, Target: target, Pact: c.Pact, Poland: c.Poland, Forced: forced})
			if p == storm.Germany && (target == "Poland" || target == "Danzig and the Corridor") {
				pactAtAnnouncement(s, c, evs) // 31.21A, 31.61
			}
			if target == storm.BalticStates {
				balticHostility(s, evs) // 31.91
			}
			s.Crisis.Crises = append(s.Crisis.Crises, c)
			if forced {
				x := s.Crisis.CrisisOf(p)
				*evs = append(*evs, event.CrisisDecision{Turn: s.Turn, Aggressor: p, Target: target, Stage: storm.StageResponse, Powers: storm.Allied, Decision: storm.AcquiesceOrder, How: "no choice", Rule: "27.51B"})
				endCrisis(s, x, storm.Acquiesced, "27.52", evs)
			}
		}
	}
}

// canonicalTarget spells target as 27.31/27.41 list it.
func canonicalTarget(p storm.Power, target string) string {
	for _, t := range storm.AggressionTargetsOf[p] {
		if strings.EqualFold(t, target) {
			return t
		}
	}
	return target
}

// resolveResponse is the Allied response (27.5): Britain and France in
// concert, Russia where 26.14A lets it oppose; then the resistance tile
// for the opposed aggressions (28.5) and the aggressor's secret support
// events (27.61A-B).
func resolveResponse(s *storm.State, orders map[storm.Power][]storm.Order, evs *[]event.Event) {
	all := answersAt(*s, orders, storm.StageResponse)
	for i := range s.Crisis.Crises {
		c := &s.Crisis.Crises[i]
		if c.Stage != storm.StageResponse {
			continue
		}
		a := all[c.Aggressor]
		if a[storm.Russia].Kind == storm.OpposeOrder && !c.Russia { // 26.14A; once, even when the Allies are asked again
			c.Russia = true // 26.14A
			*evs = append(*evs, event.CrisisDecision{Turn: s.Turn, Aggressor: c.Aggressor, Target: c.Target, Stage: c.Stage, Powers: []storm.Power{storm.Russia}, Decision: storm.OpposeOrder, How: "order", Rule: "26.14A"})
		}
		d, how, again := concert(c, a, storm.AcquiesceOrder)
		if again {
			*evs = append(*evs, event.CrisisDecision{Turn: s.Turn, Aggressor: c.Aggressor, Target: c.Target, Stage: c.Stage, Powers: storm.Allied, Decision: "", How: how, Rule: "27.51"})
			continue
		}
		*evs = append(*evs, event.CrisisDecision{Turn: s.Turn, Aggressor: c.Aggressor, Target: c.Target, Stage: c.Stage, Powers: storm.Allied, Decision: d, How: how, Rule: "27.51"})
		if d == storm.AcquiesceOrder {
			if c.Pact && storm.ResistanceName(c.Target) == "Poland" {
				// 31.32E: Poland's tile for the pact's level, acquiesced
				// or not; without the pact offered nothing needs it, and
				// the game's random sequence is left alone.
				drawResistance(s, c, evs)
			}
			endCrisis(s, c, storm.Acquiesced, "27.52", evs)
			continue
		}
		drawResistance(s, c, evs)                              // 26.11C, 28.5
		revealCrisisEvents(s, []storm.Power{c.Aggressor}, evs) // 27.61B
		c.Stage = storm.StageAxisResponse
	}
}

// concert combines Britain's and France's answers (27.51: they act in
// concert). The same answer is theirs; differing answers (a missing one
// counts as the mild one) ask both again once; if they still differ, the
// mild answer stands: opposing needs both (r-27-51-concert).
func concert(c *storm.Crisis, a map[storm.Power]answer, mild storm.OrderKind) (storm.OrderKind, string, bool) {
	b, f := a[storm.Britain].Kind, a[storm.France].Kind
	if b == "" {
		b = mild
	}
	if f == "" {
		f = mild
	}
	planned := func(p storm.Power) bool { return a[p].Planned }
	if b == f {
		how := "agreed"
		switch {
		case a[storm.Britain].Kind == "" && a[storm.France].Kind == "":
			how = "no answer: " + storm.CrisisWord(mild) // the default
		case planned(storm.Britain) && planned(storm.France):
			how = "agreed by conditional orders"
		case planned(storm.Britain) || planned(storm.France):
			how = "agreed, one by conditional order"
		}
		c.Asked = 0
		return b, how, false
	}
	word := func(p storm.Power, k storm.OrderKind) string {
		switch {
		case a[p].Kind == "":
			return "no answer"
		case planned(p):
			return storm.CrisisWord(k) + " by conditional order"
		}
		return storm.CrisisWord(k)
	}
	if c.Asked == 0 && !(planned(storm.Britain) && planned(storm.France)) { // two plans would only give the same answers again
		c.Asked++
		return "", fmt.Sprintf("Britain and France disagree (Britain %s, France %s): both are asked again", word(storm.Britain, b), word(storm.France, f)), true
	}
	c.Asked = 0
	return mild, fmt.Sprintf("Britain and France disagree (Britain %s, France %s): the Allies act only in concert, so %s", word(storm.Britain, b), word(storm.France, f), storm.CrisisWord(mild)), false
}

// drawResistance draws the random tile of 28.5 for c's target.
func drawResistance(s *storm.State, c *storm.Crisis, evs *[]event.Event) {
	name := storm.ResistanceName(c.Target)
	if c.Tile == 0 && c.Target != storm.Ethiopia { // 28.13: Ethiopia's is fixed, no tile
		c.Tile = s.DrawFaceDown()
	}
	if name == "Poland" {
		s.SupportFacts.PolandTile = c.Tile // 31.32E: the pact's level, signed or not (34.92)
	}
	r, _ := threshold.ResistanceOf(*s, name, c.Tile)
	c.Resistance = r.Level
	*evs = append(*evs, event.CrisisResistance{Turn: s.Turn, Aggressor: c.Aggressor, Resistance: r})
}

// revealCrisisEvents reveals the secret crisis events the powers hold
// (27.61B, 27.71A, 32.82).
func revealCrisisEvents(s *storm.State, powers []storm.Power, evs *[]event.Event) {
	randomevent.RevealHeldWhere(s, storm.RevealCrisis, func(h storm.HeldEvent) bool { return slices.Contains(powers, h.Power) }, evs)
}

// resolveAxisDecision is the aggressor's decision at the Axis response
// (27.6: back down or continue) or at the brink (27.8: back down or
// attack).
func resolveAxisDecision(s *storm.State, orders map[storm.Power][]storm.Order, st storm.CrisisStage, evs *[]event.Event) {
	all := answersAt(*s, orders, st)
	rule := map[storm.CrisisStage]string{storm.StageAxisResponse: "27.61C", storm.StageBrink: "27.81"}[st]
	for i := range s.Crisis.Crises {
		c := &s.Crisis.Crises[i]
		if c.Stage != st {
			continue
		}
		a, ok := all[c.Aggressor][c.Aggressor]
		d, how := a.Kind, map[bool]string{false: "order", true: "conditional order"}[a.Planned]
		if !ok {
			d, how = storm.BackDownOrder, "no answer: BACK DOWN" // r-27-61-default
		}
		*evs = append(*evs, event.CrisisDecision{Turn: s.Turn, Aggressor: c.Aggressor, Target: c.Target, Stage: st, Powers: []storm.Power{c.Aggressor}, Decision: d, How: how, Rule: rule})
		switch {
		case st == storm.StageAxisResponse && d == storm.BackDownOrder:
			endCrisis(s, c, storm.AggressorBacksDown, "27.62", evs)
		case st == storm.StageAxisResponse:
			revealCrisisEvents(s, storm.Allied, evs) // 27.71A
			c.Stage = storm.StageUltimatum
		case d == storm.BackDownOrder:
			endCrisis(s, c, storm.AggressorBacksDownUl, "27.82", evs)
		default:
			endCrisis(s, c, storm.WarOutcome, "27.83", evs)
		}
	}
}

// resolveUltimatum is the Allies' decision (27.7): back down, or issue an
// ultimatum if one of them meets the threshold for declaring war (27.73).
func resolveUltimatum(s *storm.State, orders map[storm.Power][]storm.Order, evs *[]event.Event) {
	all := answersAt(*s, orders, storm.StageUltimatum)
	for i := range s.Crisis.Crises {
		c := &s.Crisis.Crises[i]
		if c.Stage != storm.StageUltimatum {
			continue
		}
		if !ultimatumPossible(*s, *c) {
			why, rule := noUltimatum(*s, *c)
			*evs = append(*evs, event.CrisisDecision{Turn: s.Turn, Aggressor: c.Aggressor, Target: c.Target, Stage: c.Stage, Powers: storm.Allied, Decision: storm.BackDownOrder,
				How: "no choice: " + why, Rule: "27.72, 27.73" + rule})
			endCrisis(s, c, storm.AlliesBackDown, "27.72", evs)
			continue
		}
		d, how, again := concert(c, all[c.Aggressor], storm.BackDownOrder)
		*evs = append(*evs, event.CrisisDecision{Turn: s.Turn, Aggressor: c.Aggressor, Target: c.Target, Stage: c.Stage, Powers: storm.Allied, Decision: d, How: how, Rule: "27.71B"})
		switch {
		case again:
		case d == storm.BackDownOrder:
			endCrisis(s, c, storm.AlliesBackDown, "27.72", evs)
		default:
			c.Stage = storm.StageBrink
		}
	}
}

// ultimatumPossible is 27.73: Britain or France meets the threshold for
// declaring war on the aggressor in support of the target (32.62) and may
// declare it (32.61A: not offset by the other's negative result).
func ultimatumPossible(s storm.State, c storm.Crisis) bool {
	bMay, fMay := threshold.AlliedDeclarations(crisisThresholds(s, c)) // "and is able to declare war": 32.61A's offset
	return bMay || fMay
}

// noUltimatum says why neither Britain nor France may declare war on c's
// aggressor, so that no ultimatum is possible (27.73): neither meets its
// threshold (32.62), or the one that meets it is offset by the other's
// negative result (32.61A; rule is then ", 32.61A").
func noUltimatum(s storm.State, c storm.Crisis) (why, rule string) {
	b, f := crisisThresholds(s, c)
	switch {
	case b.Meets && f.Meets: // both meet: 32.61A's joint declaration; not a case of 27.73
		return "", ""
	case b.Meets || f.Meets:
		meets, other := b, f
		if f.Meets {
			meets, other = f, b
		}
		return fmt.Sprintf("%s meets the threshold for declaring war (%+d) but %s's %+d offsets it, the overall result %+d, so neither may declare war",
			meets.From.Title(), meets.Net, other.From.Title(), other.Net, meets.Net+other.Net), ", 32.61A"
	}
	return fmt.Sprintf("neither Britain (%+d) nor France (%+d) meets the threshold for declaring war (at least +1)", b.Net, f.Net), ""
}

// AlliedThresholds words Britain's and France's thresholds for declaring
// war on c's aggressor in support of its target (32.62) and what 32.61A
// makes of them, for the Allies' options: with the tile once drawn,
// before it at the response (28.5).
func AlliedThresholds(s storm.State, c storm.Crisis) string {
	b, f := crisisThresholds(s, c)
	tile := ""
	if c.Tile == 0 && c.Target != storm.Ethiopia {
		tile = " before the resistance tile"
	}
	verdict := "both may declare war (32.61A)"
	bMay, fMay := threshold.AlliedDeclarations(b, f)
	switch {
	case bMay && !fMay:
		verdict = "Britain alone may declare war (32.61A)"
	case fMay && !bMay:
		verdict = "France alone may declare war (32.61A)"
	case !bMay && !fMay:
		verdict, _ = noUltimatum(s, c)
		verdict += " (27.73)"
	}
	return fmt.Sprintf("thresholds%s: %s; %s; %s", tile, threshold.Words(b), threshold.Words(f), verdict)
}

// crisisThresholds are Britain's and France's thresholds for declaring
// war on c's aggressor in support of its target (32.62).
func crisisThresholds(s storm.State, c storm.Crisis) (britain, france storm.Threshold) {
	// a first demand counts its whole country (r-32-31d-first-demand); the
	// balance of power is read once for both (32.32)
	o := threshold.ThresholdOptions{Target: c.Target, Tile: c.Tile}.WithBalance(track.BalanceOfPower(s))
	return threshold.WarThreshold(s, storm.Britain, c.Aggressor, o), threshold.WarThreshold(s, storm.France, c.Aggressor, o)
}

// endCrisis ends crisis c with outcome: the effects of backing down
// (27.62, 27.72, 27.82), the aggression's success (29, 30) or war (27.83).
func endCrisis(s *storm.State, c *storm.Crisis, outcome storm.CrisisOutcome, rule string, evs *[]event.Event) {
	c.Stage, c.Outcome = storm.StageOver, outcome
	*evs = append(*evs, event.CrisisEnded{Turn: s.Turn, Aggressor: c.Aggressor, Target: c.Target, Outcome: outcome, Rule: rule})
	switch outcome {
	case storm.AggressorBacksDown, storm.AggressorBacksDownUl:
		_ = applyCrisisOutcome(s, c.Aggressor, outcome, c.Russia, evs)
	case storm.AlliesBackDown:
		_ = applyCrisisOutcome(s, c.Aggressor, outcome, c.Russia, evs)
		aggressionSucceeds(s, *c, evs)
	case storm.Acquiesced:
		aggressionSucceeds(s, *c, evs)
	case storm.WarOutcome:
		crisisWar(s, *c, evs)
	}
}

// demandResistance is target's resistance, before the tile, once by's
// demand is made: a first demand lowers its whole country's (28.21G-H).
func demandResistance(s storm.State, by storm.Power, target string) int {
	// ResistanceOf only reads the state (threshold changes nothing): s
	// with the demand added to a copy of its crises will do.
	s.Crisis.Crises = append(slices.Clip(s.Crisis.Crises), storm.Crisis{Aggressor: by, Target: target, Stage: storm.StageResponse})
	r, _ := threshold.ResistanceOf(s, storm.ResistanceName(target), 0)
	return r.Level
}

// CheckCrisisState rejects crisis states Resolve cannot work on (a state
// edited by hand or imported): unknown stages, a crisis asked again in a
// segment that is not its stage's, plans that are not IF lines.
func CheckCrisisState(s storm.State) error {
	for _, c := range s.Crisis.Crises {
		if _, ok := storm.StageSegment[c.Stage]; !ok && c.Stage != storm.StageOver {
			return fmt.Errorf("adjudicator: crisis of %s at unknown stage %q", c.Aggressor, c.Stage)
		}
		if c.Asked > 0 && (c.Stage == storm.StageOver || storm.StageSegment[c.Stage] != s.Segment) {
			return fmt.Errorf("adjudicator: crisis of %s asked again at %s while the open segment is %s", c.Aggressor, c.Stage, s.Segment)
		}
	}
	for _, pl := range s.Crisis.Plans {
		if pl.Order.Kind != storm.CrisisIfOrder || len(pl.Order.Args) < 2 {
			return fmt.Errorf("adjudicator: %s's crisis plan %q is not an IF line", pl.Power, pl.Order.String())
		}
		if _, ok := planWhen[pl.Order.Args[0]]; !ok {
			return fmt.Errorf("adjudicator: %s's crisis plan answers no stage (%q)", pl.Power, pl.Order.Args[0])
		}
	}
	return nil
}
