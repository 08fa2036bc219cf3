package adjudicator

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// The crisis phase by email (26-27): Axis aggressions, the Allied response,
// the resistance draw, the Axis response, the Allied ultimatum and the
// brink, one segment each (26.11A-F), each asking only the side whose
// decision it is. Both Axis powers may aggress in one turn; their crises
// run in tandem, stage by stage (27.13). Conditional orders (IF lines,
// CrisisPlan) decide later stages in advance, so a crisis can be settled
// in one round trip per side; a stage whose decision a plan gives, or that
// offers no choice, does not wait for anybody (docs/orders.md "Crisis").

// Crisis order kinds (27, 31.21A).
const (
	// AggressionOrder announces an aggression against Project (27.11);
	// Args may hold "pact" (the Nazi-Soviet Pact offered, 31.21A).
	AggressionOrder OrderKind = "aggression"
	// AcquiesceOrder and OpposeOrder are the Allied response (27.51) to
	// Project's aggression ("" when only one Axis power aggresses).
	AcquiesceOrder OrderKind = "acquiesce"
	OpposeOrder    OrderKind = "oppose"
	// BackDownOrder: the aggressor (27.61C, 27.81A) or the Allies (27.71B)
	// back down; Project names the aggressor for the Allies.
	BackDownOrder OrderKind = "back-down"
	// ContinueAggression: the aggressor continues (27.61C).
	ContinueAggression OrderKind = "continue-aggression"
	// UltimatumOrder: the Allies issue an ultimatum (27.71B, 27.73).
	UltimatumOrder OrderKind = "ultimatum"
	// AttackOrder: the aggressor attacks and war breaks out (27.81B, 27.83).
	AttackOrder OrderKind = "attack"
	// CrisisIfOrder is a conditional order for a later stage (CrisisPlan):
	// Args are the stage it answers ("opposed", "continued",
	// "ultimatum"), the action, and optionally a condition on the
	// target's resistance ("<=", "4") with the action otherwise.
	CrisisIfOrder OrderKind = "crisis-if"
)

// CrisisStage is where a crisis stands.
type CrisisStage string

// Crisis stages, one per segment of 26.11B-F, and the end.
const (
	StageResponse     CrisisStage = "response"      // 27.5: the Allies acquiesce or oppose
	StageAxisResponse CrisisStage = "axis-response" // 27.6: the aggressor backs down or continues
	StageUltimatum    CrisisStage = "ultimatum"     // 27.7: the Allies back down or issue an ultimatum
	StageBrink        CrisisStage = "brink"         // 27.8: the aggressor backs down or attacks
	StageOver         CrisisStage = "over"
)

// stageSegment is the segment that decides each stage, segmentStage the
// reverse.
var (
	stageSegment = map[CrisisStage]Segment{
		StageResponse: SegCrisisResponse, StageAxisResponse: SegCrisisAxisResponse,
		StageUltimatum: SegCrisisUltimatum, StageBrink: SegCrisisBrink,
	}
	segmentStage = map[Segment]CrisisStage{
		SegCrisisResponse: StageResponse, SegCrisisAxisResponse: StageAxisResponse,
		SegCrisisUltimatum: StageUltimatum, SegCrisisBrink: StageBrink,
	}
)

// decides reports whether p answers crisis c at its stage: Britain and
// France at the response (27.51) and the ultimatum (27.71), with Russia at
// the response where 26.14A lets it oppose; the aggressor at the Axis
// response (27.61) and the brink (27.81).
func decides(s State, c Crisis, p Power) bool {
	switch c.Stage {
	case StageResponse:
		return slices.Contains(allied, p) || (p == Russia && russiaMayOppose(s, c))
	case StageUltimatum:
		return slices.Contains(allied, p)
	case StageAxisResponse, StageBrink:
		return p == c.Aggressor
	}
	return false
}

// hasChoice reports a stage with a decision to take: the Allies have none
// at the ultimatum when neither may declare war (27.72, 27.73).
func hasChoice(s State, c Crisis) bool {
	return c.Stage != StageUltimatum || ultimatumPossible(s, c)
}

// Crisis outcomes besides those of crisis.go (27.62, 27.72, 27.82).
const (
	Acquiesced CrisisOutcome = "allies acquiesce" // 27.52
	WarOutcome CrisisOutcome = "war"              // 27.83
)

// Crisis is one Axis aggression of this turn and its course (27).
type Crisis struct {
	Aggressor Power       `json:"aggressor"`
	Target    string      `json:"target"`
	Stage     CrisisStage `json:"stage"`
	// Pact: Germany offered the Nazi-Soviet Pact with this aggression
	// against Poland (31.21A); Russia may not refuse (31.23).
	Pact bool `json:"pact,omitempty"`
	// Russia: Russia opposes as an Allied power (26.14A).
	Russia bool `json:"russia,omitempty"`
	// Poland: Germany's choice for Poland proper (29.22): conquest,
	// satellite or neutral.
	Poland string `json:"poland,omitempty"`
	// Tile is the random tile of 28.5 once drawn; Resistance the target's
	// level with it (28.12).
	Tile       int `json:"tile,omitempty"`
	Resistance int `json:"resistance"`
	// Asked counts the times Britain and France were asked again in one
	// stage because their answers differed (r-27-51-concert).
	Asked int `json:"asked,omitempty"`
	// Outcome once over.
	Outcome CrisisOutcome `json:"outcome,omitempty"`
}

// CrisisPlan is a conditional order kept for a later stage of a crisis.
type CrisisPlan struct {
	Power Power `json:"power"`
	Order Order `json:"order"`
}

// CrisisState is the crisis phase of the current turn (26-27); On says
// whether the game plays it by email (WithCrisis).
type CrisisState struct {
	On     bool         `json:"on"`
	Crises []Crisis     `json:"crises,omitempty"`
	Plans  []CrisisPlan `json:"plans,omitempty"`
	// Declared: the pre-emptive declarations of the turn are made (32.8);
	// Threats are those awaiting a concession (32.83).
	Declared bool     `json:"declared,omitempty"`
	Threats  []Threat `json:"threats,omitempty"`
}

func (c CrisisState) clone() CrisisState {
	d := c
	d.Crises = cloneSlice(c.Crises)
	d.Plans = cloneSlice(c.Plans)
	d.Threats = cloneSlice(c.Threats)
	for i, t := range c.Threats {
		x := &d.Threats[i]
		x.Declarers, x.Against = cloneSlice(t.Declarers), cloneSlice(t.Against)
		x.Concession.Conceders, x.Concession.Beneficiaries = cloneSlice(t.Concession.Conceders), cloneSlice(t.Concession.Beneficiaries)
		x.Thresholds = cloneThresholds(t.Thresholds)
	}
	for i := range d.Plans {
		d.Plans[i].Order = c.Plans[i].Order.clone()
	}
	return d
}

// WithCrisis returns s playing the crisis phase by email (the judge's
// default; without it the crisis segments pass, docs/rules.md).
func WithCrisis(s State) State {
	c := s.Clone()
	c.Crisis.On = true
	return c
}

// crisisOf returns the crisis of aggressor, nil if none.
func (c *CrisisState) crisisOf(aggressor Power) *Crisis {
	for i := range c.Crises {
		if c.Crises[i].Aggressor == aggressor {
			return &c.Crises[i]
		}
	}
	return nil
}

// at returns the crises at stage st.
func (c CrisisState) at(st CrisisStage) []Crisis {
	var out []Crisis
	for _, x := range c.Crises {
		if x.Stage == st {
			out = append(out, x)
		}
	}
	return out
}

// allied are the powers who answer for the Allies (27.51).
var allied = []Power{Britain, France}

// planWhen maps the word of an IF line to the stage it answers and the
// side that may give it.
var planWhen = map[string]struct {
	stage   CrisisStage
	allies  bool
	actions []OrderKind
	rule    string
}{
	// IF AGGRESSION [<target>]: the Allies' response given before the
	// aggression is announced (Project: the target, "" for any).
	"aggression": {StageResponse, true, []OrderKind{OpposeOrder, AcquiesceOrder}, "27.51"},
	"opposed":    {StageAxisResponse, false, []OrderKind{ContinueAggression, BackDownOrder}, "27.61C"},
	"continued":  {StageUltimatum, true, []OrderKind{UltimatumOrder, BackDownOrder}, "27.71B"},
	"ultimatum":  {StageBrink, false, []OrderKind{AttackOrder, BackDownOrder}, "27.81"},
}

// isPlanNow reports an IF line that answers the open segment (it is the
// power's order for it, not a standing one).
func isPlanNow(s State, o Order) bool {
	if o.Kind != CrisisIfOrder || len(o.Args) == 0 {
		return false
	}
	return stageSegment[planWhen[o.Args[0]].stage] == s.Segment
}

// crisisRequired lists the powers the open crisis segment waits for: those
// with a decision that no plan of theirs gives (26.11).
func crisisRequired(s State) []Power {
	var out []Power
	add := func(p Power) {
		if !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	switch s.Segment {
	case SegCrisisAggression:
		for _, p := range []Power{Germany, Italy} { // 27.11
			if len(standingFor(s, p)) > 0 {
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
		for _, c := range s.Crisis.at(segmentStage[s.Segment]) {
			if !hasChoice(s, c) {
				continue
			}
			for _, p := range Powers {
				if _, planned := plannedAction(s, p, c); decides(s, c, p) && (!planned || c.Asked > 0) {
					add(p)
				}
			}
		}
	}
	slices.Sort(out)
	return out
}

// crisisMayOrder reports whether p may answer in the open crisis segment:
// the powers it waits for, and those whose plan would answer for them (an
// order replaces the plan).
func crisisMayOrder(s State, p Power) bool {
	if slices.Contains(crisisRequired(s), p) {
		return true
	}
	if s.Segment == SegCrisisAggression && (p == Germany || p == Italy) {
		// its FOR CRISIS line answers for it, and an order replaces it
		return slices.ContainsFunc(AggressionOptions(s, p), func(o AggressionOption) bool { return o.Barred == "" })
	}
	return slices.ContainsFunc(s.Crisis.at(segmentStage[s.Segment]), func(c Crisis) bool { return decides(s, c, p) && hasChoice(s, c) })
}

// russiaMayOppose reports whether Russia may oppose a German aggression
// as an Allied power (26.14A): no pact signed or offered, and the target
// is Poland, the Baltic States or a minor country with a Russian flag.
func russiaMayOppose(s State, c Crisis) bool {
	if c.Aggressor != Germany || c.Pact || s.SupportFacts.PactSigned != nil {
		return false
	}
	switch c.Target {
	case "Poland", "Danzig and the Corridor", BalticStates:
		return true
	}
	if m := s.Minor(resistanceName(c.Target)); m != nil { // the Sudetenland is Czechoslovakia's
		return m.FlagCounts()[Russia] > 0
	}
	return false
}

// plannedAction is the action p's plans give for crisis c at its stage,
// with ok false when none applies.
// A plan naming the aggressor stands before one that names none; among
// plans alike the newest stands (keepPlans keeps one of each).
func plannedAction(s State, p Power, c Crisis) (OrderKind, bool) {
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
func planAction(o Order, c Crisis) (OrderKind, bool) {
	a := o.Args
	if len(a) < 2 || planWhen[a[0]].stage != c.Stage {
		return "", false
	}
	then := OrderKind(a[1])
	if len(a) < 5 {
		return then, true
	}
	n, _ := strconv.Atoi(a[3])
	if compare(c.Resistance, a[2], n) {
		return then, true
	}
	return OrderKind(a[4]), true
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
var crisisKinds = map[Segment][]OrderKind{
	SegCrisisAggression:   {AggressionOrder},
	SegCrisisResponse:     {AcquiesceOrder, OpposeOrder},
	SegCrisisAxisResponse: {ContinueAggression, BackDownOrder},
	SegCrisisUltimatum:    {UltimatumOrder, BackDownOrder},
	SegCrisisBrink:        {AttackOrder, BackDownOrder},
}

// isCrisisSegment reports the segments of 26.11A-F.
func isCrisisSegment(seg Segment) bool { _, ok := crisisKinds[seg]; return ok }

// validateCrisis checks p's orders for the open crisis segment (IF lines
// for later stages are checked by checkPlan).
func validateCrisis(s State, p Power, orders []Order) ([]indexedError, State) {
	var errs []indexedError
	bad := func(i int, rule, format string, a ...any) {
		errs = append(errs, indexedError{OrderError{Order: orders[i], Rule: rule, Msg: fmt.Sprintf(format, a...)}, i})
	}
	seen := map[Power]int{} // answers per crisis
	for i, o := range orders {
		if o.Kind == CrisisIfOrder {
			if rule, msg := checkPlan(s, p, o, orders); rule != "" {
				bad(i, rule, "%s", msg)
			}
			continue
		}
		if !slices.Contains(crisisKinds[s.Segment], o.Kind) {
			bad(i, "26.11", "%q is not an order of %s (it takes %s)", string(o.Kind), s.Segment.Title(), kindWords(crisisKinds[s.Segment]))
			continue
		}
		if o.Kind == AggressionOrder {
			if rule, msg := checkAggression(s, p, o); rule != "" {
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
	return errs, s.Clone()
}

func kindWords(ks []OrderKind) string {
	var ws []string
	for _, k := range ks {
		ws = append(ws, crisisWord(k))
	}
	return joinOr(ws)
}

func joinOr(xs []string) string {
	if len(xs) < 2 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " or " + xs[len(xs)-1]
}

// crisisWord is an order kind's word in an email.
func crisisWord(k OrderKind) string {
	switch k {
	case ContinueAggression:
		return "CONTINUE"
	case BackDownOrder:
		return "BACK DOWN"
	}
	return strings.ToUpper(string(k))
}

// NoAggression is the target of AGGRESSION NONE: no aggression this turn.
const NoAggression = "none"

// checkStandingAggression checks an AGGRESSION line sent before the crisis
// phase (FOR CRISIS): the target is checked again when the phase opens.
func checkStandingAggression(s State, p Power, o Order, with []Order) (rule, msg string) {
	ahead := 0
	for _, x := range with {
		if x.Kind == AggressionOrder && x.For == SegCrisisAggression {
			ahead++
		}
	}
	switch {
	case ahead > 1:
		return "27.12", "one aggression a turn: one AGGRESSION line under FOR CRISIS"
	case !s.Crisis.On:
		return "26.11", "this game does not play the crisis phase by email"
	case o.Kind != AggressionOrder:
		return "27.11", "FOR CRISIS takes AGGRESSION <target> or AGGRESSION NONE"
	case p != Germany && p != Italy:
		return "27.11", "only Germany and Italy conduct aggressions"
	case s.Segment.index() >= SegCrisisAggression.index():
		return "7.31", "the crisis phase of this turn is open or over: send the AGGRESSION line without FOR"
	}
	if o.Project == NoAggression {
		return "", ""
	}
	if _, ok := AggressionTarget(o.Project); !ok || !slices.Contains(aggressionTargets[p], canonicalTarget(p, o.Project)) {
		return targetRule[p], fmt.Sprintf("%s is not a target of %s's aggressions", o.Project, p.Title())
	}
	return "", ""
}

// checkAggression checks an AGGRESSION order (27.1-27.4, 31.21A).
func checkAggression(s State, p Power, o Order) (rule, msg string) {
	if p != Germany && p != Italy {
		return "27.11", "only Germany and Italy conduct aggressions"
	}
	if o.Project == NoAggression {
		return "", ""
	}
	if p == Italy && italyUsedMilitaryCounter(s, canonicalTarget(p, o.Project)) { // 29.34
		if r, _ := ResistanceOf(s, resistanceName(canonicalTarget(p, o.Project)), 0); r.Level >= 1 {
			return "29.34", fmt.Sprintf("Italy used its military counter earlier this turn: no aggression against %s, whose resistance is %d", o.Project, r.Level)
		}
	}
	found := false
	for _, op := range AggressionOptions(s, p) {
		if strings.EqualFold(op.Target, o.Project) {
			found = true
			if op.Barred != "" {
				return "27.21", fmt.Sprintf("no aggression against %s: %s", op.Target, op.Barred)
			}
		}
	}
	if !found {
		return targetRule[p], fmt.Sprintf("%s is not a target of %s's aggressions (%s)", o.Project, p.Title(), joinOr(aggressionTargets[p]))
	}
	if slices.Contains(o.Args, "pact") {
		if rule, msg := pactOfferBarred(s, o.Project); rule != "" {
			return rule, msg
		}
	}
	switch choice := polandChoice(o); {
	case choice != PolandConquest && canonicalTarget(p, o.Project) != "Poland":
		return "29.22", "SATELLITE and NEUTRAL are Germany's choices for Poland proper"
	case choice == PolandNeutral && !slices.Contains(o.Args, "pact") && !pactInEffect(s):
		return "29.22C", "Poland stays neutral only with the Nazi-Soviet Pact: AGGRESSION POLAND PACT NEUTRAL"
	case choice == PolandNeutral && completedBy(s, Germany, "Danzig and the Corridor"):
		return "29.22C", "Danzig and the Corridor were taken in an earlier turn: Poland cannot stay neutral"
	case choice == PolandSatellite && slices.Contains(o.Args, "pact"):
		return "31.82", "a satellite Poland breaks the pact: offering it now would be as if it were never signed; leave PACT out"
	}
	return "", ""
}

// pactOfferBarred says why Germany may not offer the pact with an
// aggression against target (31.21A, 31.61A, 31.71, 31.91A).
func pactOfferBarred(s State, target string) (rule, msg string) {
	f := s.SupportFacts
	switch {
	case target != "Poland" && target != "Danzig and the Corridor":
		return "31.21A", "the Nazi-Soviet Pact is offered only with an aggression against Poland or Danzig and the Corridor"
	case f.PactSigned != nil:
		return "31.71", "the Nazi-Soviet Pact is in effect already and is not negotiated again"
	case f.NoPactProposed != nil:
		return "31.61A", "Germany did not offer the pact when it first moved against Poland: no pact any more"
	case completedBy(s, Germany, BalticStates) || s.Conditions.BalticAggression:
		return "31.91A", "after an aggression against the Baltic States no pact may be negotiated"
	}
	return "", ""
}

// crisisFor finds the crisis an answer of p concerns: the one named, or
// the only one at the open segment's stage.
func crisisFor(s State, p Power, name string) (*Crisis, string, string) {
	open := s.Crisis.at(segmentStage[s.Segment])
	if name == "" && SideOf(p) == Axis { // the aggressor answers for its own crisis
		for i := range open {
			if open[i].Aggressor == p {
				return &open[i], "", ""
			}
		}
	}
	if name != "" {
		a, ok := ParsePower(name)
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
func checkAnswer(s State, p Power, k OrderKind, c Crisis) (rule, msg string) {
	if !decides(s, c, p) {
		switch {
		case c.Stage == StageAxisResponse || c.Stage == StageBrink:
			return "27.61", fmt.Sprintf("%s decides for its own aggression", c.Aggressor.Title())
		case p == Russia:
			return "26.14A", "Russia takes part only in a crisis over Poland, the Baltic States or a country with a Russian flag, without the pact"
		}
		return map[CrisisStage]string{StageResponse: "27.51", StageUltimatum: "27.71"}[c.Stage], "Britain and France answer"
	}
	switch {
	case k == OpposeOrder && p != Russia && mustAcquiesce(s, c):
		return "27.51B", "with the Rhineland remilitarized, the Allies must acquiesce in Italy's aggression against Ethiopia"
	case k == UltimatumOrder && !hasChoice(s, c):
		return "27.73", "neither Britain nor France meets the threshold for declaring war: the Allies back down"
	}
	return "", ""
}

// mustAcquiesce is 27.51B's exception: Italy against Ethiopia once
// Germany has remilitarized the Rhineland (26.11B).
func mustAcquiesce(s State, c Crisis) bool {
	return c.Aggressor == Italy && c.Target == Ethiopia && completedBy(s, Germany, Rhineland)
}

// checkPlan checks an IF line: who may give it, what it answers, that the
// power has (or announces in the same orders) an aggression it concerns.
func checkPlan(s State, p Power, o Order, with []Order) (rule, msg string) {
	if len(o.Args) < 2 {
		return "26.11", "IF OPPOSED, IF CONTINUED or IF ULTIMATUM, then the answer"
	}
	w, ok := planWhen[o.Args[0]]
	if !ok {
		return "26.11", fmt.Sprintf("IF %s: the conditions are OPPOSED, CONTINUED and ULTIMATUM", strings.ToUpper(o.Args[0]))
	}
	if !slices.Contains(w.actions, OrderKind(o.Args[1])) || (len(o.Args) == 5 && !slices.Contains(w.actions, OrderKind(o.Args[4]))) {
		return w.rule, fmt.Sprintf("IF %s takes %s", strings.ToUpper(o.Args[0]), kindWords(w.actions))
	}
	if len(o.Args) == 5 {
		if _, err := strconv.Atoi(o.Args[3]); err != nil || !slices.Contains([]string{"<=", "<", ">=", ">", "="}, o.Args[2]) {
			return "28.12", "IF RESISTANCE <=, <, >=, > or = a number"
		}
	}
	if w.allies != slices.Contains(allied, p) {
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
			if _, ok := AggressionTarget(o.Project); !ok {
				return "27.3, 27.4", fmt.Sprintf("%q is not a target of an Axis aggression", o.Project)
			}
		}
		if s.Segment.index() > SegCrisisResponse.index() {
			return "7.31", "this turn's Allied response is over: IF AGGRESSION lines are for a response still to come"
		}
		return "", ""
	}
	if w.allies {
		if o.Project != "" {
			if a, ok := ParsePower(o.Project); !ok || SideOf(a) != Axis {
				return "26.11", fmt.Sprintf("%q is not an Axis power", o.Project)
			}
		}
		return "", ""
	}
	if c := s.Crisis.crisisOf(p); c != nil && c.Stage != StageOver {
		return "", ""
	}
	if slices.ContainsFunc(with, func(x Order) bool { // with its AGGRESSION line, now or FOR CRISIS
		return x.Kind == AggressionOrder && x.Project != NoAggression && (s.Segment == SegCrisisAggression || x.For == SegCrisisAggression)
	}) {
		return "", ""
	}
	return "26.11", fmt.Sprintf("%s has no aggression under way this turn: send IF %s with the AGGRESSION order", p.Title(), strings.ToUpper(o.Args[0]))
}

// keepPlans stores the IF lines of the orders (a power's new IF line
// replaces its earlier one for the same stage and aggressor) and returns
// the other orders.
func keepPlans(s *State, orders map[Power][]Order) map[Power][]Order {
	out := map[Power][]Order{}
	for _, p := range Powers {
		var rest []Order
		for _, o := range orders[p] {
			if o.Kind != CrisisIfOrder {
				rest = append(rest, o)
				continue
			}
			if rule, _ := checkPlan(*s, p, o, orders[p]); rule != "" {
				continue // Validate refused it
			}
			s.Crisis.Plans = slices.DeleteFunc(s.Crisis.Plans, func(pl CrisisPlan) bool {
				return pl.Power == p && standingKey(pl.Order) == standingKey(o) // the same stage and name
			})
			o.For = ""
			s.Crisis.Plans = append(s.Crisis.Plans, CrisisPlan{Power: p, Order: o.clone()})
		}
		if rest != nil {
			out[p] = rest
		}
	}
	return out
}

// answer is a power's answer in a crisis: the order's, or the plan's
// (Planned) for a power that sent none.
type answer struct {
	Kind    OrderKind
	Planned bool
}

// answersAt is every power's answer in each crisis at stage st, by
// aggressor, judged on the state as the segment opens: answers are
// simultaneous, whatever an earlier crisis's outcome does (27.13).
func answersAt(s State, orders map[Power][]Order, st CrisisStage) map[Power]map[Power]answer {
	out := map[Power]map[Power]answer{}
	for _, c := range s.Crisis.at(st) {
		out[c.Aggressor] = answersTo(s, orders, c)
	}
	return out
}

// answersTo collects each power's answer in crisis c from the orders,
// after re-validation, with the plans for the powers that sent none.
func answersTo(s State, orders map[Power][]Order, c Crisis) map[Power]answer {
	out := map[Power]answer{}
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
	for _, p := range Powers {
		if _, ok := out[p]; ok {
			continue
		}
		if k, ok := plannedAction(s, p, c); ok {
			if rule, _ := checkAnswer(s, p, k, c); rule == "" {
				out[p] = answer{Kind: k, Planned: true}
			}
		}
	}
	return out
}

// CrisisAnnounced reports an Axis aggression announced (27.11); public.
type CrisisAnnounced struct {
	Turn      Turn   `json:"turn"`
	Aggressor Power  `json:"aggressor"`
	Target    string `json:"target"`
	Pact      bool   `json:"pact,omitempty"`
	// Poland: Germany's choice for Poland proper (29.22).
	Poland string `json:"poland,omitempty"`
	// Forced: the Allies must acquiesce (27.51B).
	Forced bool `json:"forced,omitempty"`
}

// CrisisDecision reports a side's decision in a crisis: who decided what,
// and how (an order, a plan, no choice, or the default of no answer).
type CrisisDecision struct {
	Turn      Turn        `json:"turn"`
	Aggressor Power       `json:"aggressor"`
	Target    string      `json:"target"`
	Stage     CrisisStage `json:"stage"`
	Powers    []Power     `json:"powers"`
	Decision  OrderKind   `json:"decision"`
	How       string      `json:"how"`
	Rule      string      `json:"rule"`
}

// CrisisResistance reports the target's resistance with its tile (28.5).
type CrisisResistance struct {
	Turn       Turn       `json:"turn"`
	Aggressor  Power      `json:"aggressor"`
	Resistance Resistance `json:"resistance"`
}

// CrisisEnded reports how a crisis ended.
type CrisisEnded struct {
	Turn      Turn          `json:"turn"`
	Aggressor Power         `json:"aggressor"`
	Target    string        `json:"target"`
	Outcome   CrisisOutcome `json:"outcome"`
	Rule      string        `json:"rule"`
}

func (CrisisAnnounced) Visibility() Visibility  { return public }
func (CrisisDecision) Visibility() Visibility   { return public }
func (CrisisResistance) Visibility() Visibility { return public }
func (CrisisEnded) Visibility() Visibility      { return public }
func (CrisisAnnounced) Type() string            { return "CrisisAnnounced" }
func (CrisisDecision) Type() string             { return "CrisisDecision" }
func (CrisisResistance) Type() string           { return "CrisisResistance" }
func (CrisisEnded) Type() string                { return "CrisisEnded" }

func init() {
	eventTypes["CrisisAnnounced"] = decode[CrisisAnnounced]
	eventTypes["CrisisDecision"] = decode[CrisisDecision]
	eventTypes["CrisisResistance"] = decode[CrisisResistance]
	eventTypes["CrisisEnded"] = decode[CrisisEnded]
}

// resolveCrisisSegment resolves the open crisis segment.
func resolveCrisisSegment(s *State, orders map[Power][]Order, evs *[]Event) {
	if !s.Crisis.On {
		if s.Segment == SegCrisisAggression {
			revealHeld(s, RevealCrisis, evs) // 9.41E
		}
		*evs = append(*evs, SegmentSkipped{Turn: s.Turn, Segment: s.Segment, Note: NotImplemented})
		return
	}
	switch s.Segment {
	case SegCrisisAggression:
		resolveAggressions(s, orders, evs)
	case SegCrisisResponse:
		resolveResponse(s, orders, evs)
	case SegCrisisAxisResponse:
		resolveAxisDecision(s, orders, StageAxisResponse, evs)
	case SegCrisisUltimatum:
		resolveUltimatum(s, orders, evs)
	case SegCrisisBrink:
		resolveAxisDecision(s, orders, StageBrink, evs)
	}
}

// resolveAggressions records the aggressions announced (27.11-27.13).
func resolveAggressions(s *State, orders map[Power][]Order, evs *[]Event) {
	orders = takeStanding(s, orders) // FOR CRISIS lines (standing.go)
	for _, p := range []Power{Germany, Italy} {
		announced := false
		for _, o := range orders[p] {
			if o.Kind != AggressionOrder || o.Project == NoAggression {
				continue
			}
			if announced { // 27.12: one aggression a turn
				*evs = append(*evs, OrderVoided{Power: p, Order: o, Rule: "27.12", Msg: "one aggression a turn"})
				continue
			}
			announced = true
			if rule, _ := checkAggression(*s, p, o); rule != "" {
				*evs = append(*evs, OrderVoided{Power: p, Order: o, Rule: rule, Msg: "no longer allowed"})
				continue
			}
			target := canonicalTarget(p, o.Project)
			c := Crisis{Aggressor: p, Target: target, Stage: StageResponse, Pact: slices.Contains(o.Args, "pact")}
			if target == "Poland" && p == Germany {
				c.Poland = polandChoice(o) // 29.22
			}
			c.Resistance = demandResistance(*s, p, target)
			forced := mustAcquiesce(*s, c)
			*evs = append(*evs, CrisisAnnounced{Turn: s.Turn, Aggressor: p, Target: target, Pact: c.Pact, Poland: c.Poland, Forced: forced})
			if p == Germany && (target == "Poland" || target == "Danzig and the Corridor") {
				pactAtAnnouncement(s, c, evs) // 31.21A, 31.61
			}
			if target == BalticStates {
				balticHostility(s, evs) // 31.91
			}
			s.Crisis.Crises = append(s.Crisis.Crises, c)
			if forced {
				x := s.Crisis.crisisOf(p)
				*evs = append(*evs, CrisisDecision{Turn: s.Turn, Aggressor: p, Target: target, Stage: StageResponse, Powers: allied, Decision: AcquiesceOrder, How: "no choice", Rule: "27.51B"})
				endCrisis(s, x, Acquiesced, "27.52", evs)
			}
		}
	}
}

// canonicalTarget spells target as 27.31/27.41 list it.
func canonicalTarget(p Power, target string) string {
	for _, t := range aggressionTargets[p] {
		if strings.EqualFold(t, target) {
			return t
		}
	}
	return target
}

// resistanceName is the country whose resistance a target has (28.21G-H:
// the Sudetenland is Czechoslovakia's, Danzig and the Corridor Poland's).
func resistanceName(target string) string {
	for whole, part := range firstDemand {
		if part == target {
			return whole
		}
	}
	return target
}

// resolveResponse is the Allied response (27.5): Britain and France in
// concert, Russia where 26.14A lets it oppose; then the resistance tile
// for the opposed aggressions (28.5) and the aggressor's secret support
// events (27.61A-B).
func resolveResponse(s *State, orders map[Power][]Order, evs *[]Event) {
	all := answersAt(*s, orders, StageResponse)
	for i := range s.Crisis.Crises {
		c := &s.Crisis.Crises[i]
		if c.Stage != StageResponse {
			continue
		}
		a := all[c.Aggressor]
		if a[Russia].Kind == OpposeOrder && !c.Russia { // 26.14A; once, even when the Allies are asked again
			c.Russia = true // 26.14A
			*evs = append(*evs, CrisisDecision{Turn: s.Turn, Aggressor: c.Aggressor, Target: c.Target, Stage: c.Stage, Powers: []Power{Russia}, Decision: OpposeOrder, How: "order", Rule: "26.14A"})
		}
		d, how, again := concert(c, a, AcquiesceOrder)
		if again {
			*evs = append(*evs, CrisisDecision{Turn: s.Turn, Aggressor: c.Aggressor, Target: c.Target, Stage: c.Stage, Powers: allied, Decision: "", How: how, Rule: "27.51"})
			continue
		}
		*evs = append(*evs, CrisisDecision{Turn: s.Turn, Aggressor: c.Aggressor, Target: c.Target, Stage: c.Stage, Powers: allied, Decision: d, How: how, Rule: "27.51"})
		if d == AcquiesceOrder {
			if resistanceName(c.Target) == "Poland" {
				drawResistance(s, c, evs) // 31.32E: Poland's tile for the pact, acquiesced or not
			}
			endCrisis(s, c, Acquiesced, "27.52", evs)
			continue
		}
		drawResistance(s, c, evs)                        // 26.11C, 28.5
		revealCrisisEvents(s, []Power{c.Aggressor}, evs) // 27.61B
		c.Stage = StageAxisResponse
	}
}

// concert combines Britain's and France's answers (27.51: they act in
// concert). The same answer is theirs; differing answers (a missing one
// counts as the mild one) ask both again once; if they still differ, the
// mild answer stands: opposing needs both (r-27-51-concert).
func concert(c *Crisis, a map[Power]answer, mild OrderKind) (OrderKind, string, bool) {
	b, f := a[Britain].Kind, a[France].Kind
	if b == "" {
		b = mild
	}
	if f == "" {
		f = mild
	}
	planned := func(p Power) bool { return a[p].Planned }
	if b == f {
		how := "agreed"
		switch {
		case a[Britain].Kind == "" && a[France].Kind == "":
			how = "no answer: " + crisisWord(mild) // the default
		case planned(Britain) && planned(France):
			how = "agreed by conditional orders"
		case planned(Britain) || planned(France):
			how = "agreed, one by conditional order"
		}
		c.Asked = 0
		return b, how, false
	}
	word := func(p Power, k OrderKind) string {
		switch {
		case a[p].Kind == "":
			return "no answer"
		case planned(p):
			return crisisWord(k) + " by conditional order"
		}
		return crisisWord(k)
	}
	if c.Asked == 0 && !(planned(Britain) && planned(France)) { // two plans would only give the same answers again
		c.Asked++
		return "", fmt.Sprintf("Britain and France disagree (Britain %s, France %s): both are asked again", word(Britain, b), word(France, f)), true
	}
	c.Asked = 0
	return mild, fmt.Sprintf("Britain and France disagree (Britain %s, France %s): the Allies act only in concert, so %s", word(Britain, b), word(France, f), crisisWord(mild)), false
}

// drawResistance draws the random tile of 28.5 for c's target.
func drawResistance(s *State, c *Crisis, evs *[]Event) {
	name := resistanceName(c.Target)
	if c.Tile == 0 && c.Target != Ethiopia { // 28.13: Ethiopia's is fixed, no tile
		c.Tile = s.drawFaceDown()
	}
	if name == "Poland" {
		s.SupportFacts.PolandTile = c.Tile // 31.32E: the pact's level, signed or not (34.92)
	}
	r, _ := ResistanceOf(*s, name, c.Tile)
	c.Resistance = r.Level
	*evs = append(*evs, CrisisResistance{Turn: s.Turn, Aggressor: c.Aggressor, Resistance: r})
}

// revealCrisisEvents reveals the secret crisis events the powers hold
// (27.61B, 27.71A, 32.82).
func revealCrisisEvents(s *State, powers []Power, evs *[]Event) {
	revealHeldWhere(s, RevealCrisis, func(h HeldEvent) bool { return slices.Contains(powers, h.Power) }, evs)
}

// resolveAxisDecision is the aggressor's decision at the Axis response
// (27.6: back down or continue) or at the brink (27.8: back down or
// attack).
func resolveAxisDecision(s *State, orders map[Power][]Order, st CrisisStage, evs *[]Event) {
	all := answersAt(*s, orders, st)
	rule := map[CrisisStage]string{StageAxisResponse: "27.61C", StageBrink: "27.81"}[st]
	for i := range s.Crisis.Crises {
		c := &s.Crisis.Crises[i]
		if c.Stage != st {
			continue
		}
		a, ok := all[c.Aggressor][c.Aggressor]
		d, how := a.Kind, map[bool]string{false: "order", true: "conditional order"}[a.Planned]
		if !ok {
			d, how = BackDownOrder, "no answer: BACK DOWN" // r-27-61-default
		}
		*evs = append(*evs, CrisisDecision{Turn: s.Turn, Aggressor: c.Aggressor, Target: c.Target, Stage: st, Powers: []Power{c.Aggressor}, Decision: d, How: how, Rule: rule})
		switch {
		case st == StageAxisResponse && d == BackDownOrder:
			endCrisis(s, c, AggressorBacksDown, "27.62", evs)
		case st == StageAxisResponse:
			revealCrisisEvents(s, allied, evs) // 27.71A
			c.Stage = StageUltimatum
		case d == BackDownOrder:
			endCrisis(s, c, AggressorBacksDownUl, "27.82", evs)
		default:
			endCrisis(s, c, WarOutcome, "27.83", evs)
		}
	}
}

// resolveUltimatum is the Allies' decision (27.7): back down, or issue an
// ultimatum if one of them meets the threshold for declaring war (27.73).
func resolveUltimatum(s *State, orders map[Power][]Order, evs *[]Event) {
	all := answersAt(*s, orders, StageUltimatum)
	for i := range s.Crisis.Crises {
		c := &s.Crisis.Crises[i]
		if c.Stage != StageUltimatum {
			continue
		}
		if !ultimatumPossible(*s, *c) {
			*evs = append(*evs, CrisisDecision{Turn: s.Turn, Aggressor: c.Aggressor, Target: c.Target, Stage: c.Stage, Powers: allied, Decision: BackDownOrder,
				How: "no choice: neither Britain nor France meets the threshold for declaring war", Rule: "27.72, 27.73"})
			endCrisis(s, c, AlliesBackDown, "27.72", evs)
			continue
		}
		d, how, again := concert(c, all[c.Aggressor], BackDownOrder)
		*evs = append(*evs, CrisisDecision{Turn: s.Turn, Aggressor: c.Aggressor, Target: c.Target, Stage: c.Stage, Powers: allied, Decision: d, How: how, Rule: "27.71B"})
		switch {
		case again:
		case d == BackDownOrder:
			endCrisis(s, c, AlliesBackDown, "27.72", evs)
		default:
			c.Stage = StageBrink
		}
	}
}

// ultimatumPossible is 27.73: Britain or France meets the threshold for
// declaring war on the aggressor in support of the target (32.62) and may
// declare it (32.61A: not offset by the other's negative result).
func ultimatumPossible(s State, c Crisis) bool {
	bMay, fMay := AlliedDeclarations(crisisThresholds(s, c)) // "and is able to declare war": 32.61A's offset
	return bMay || fMay
}

// crisisThresholds are Britain's and France's thresholds for declaring
// war on c's aggressor in support of its target (32.62).
func crisisThresholds(s State, c Crisis) (britain, france Threshold) {
	o := ThresholdOptions{Target: c.Target, Tile: c.Tile} // a first demand counts its whole country (r-32-31d-first-demand)
	return WarThreshold(s, Britain, c.Aggressor, o), WarThreshold(s, France, c.Aggressor, o)
}

// endCrisis ends crisis c with outcome: the effects of backing down
// (27.62, 27.72, 27.82), the aggression's success (29, 30) or war (27.83).
func endCrisis(s *State, c *Crisis, outcome CrisisOutcome, rule string, evs *[]Event) {
	c.Stage, c.Outcome = StageOver, outcome
	*evs = append(*evs, CrisisEnded{Turn: s.Turn, Aggressor: c.Aggressor, Target: c.Target, Outcome: outcome, Rule: rule})
	switch outcome {
	case AggressorBacksDown, AggressorBacksDownUl:
		_ = ApplyCrisisOutcome(s, c.Aggressor, outcome, c.Russia, evs)
	case AlliesBackDown:
		_ = ApplyCrisisOutcome(s, c.Aggressor, outcome, c.Russia, evs)
		aggressionSucceeds(s, *c, evs)
	case Acquiesced:
		aggressionSucceeds(s, *c, evs)
	case WarOutcome:
		crisisWar(s, *c, evs)
	}
}

// crisisString renders the crisis phase's orders: "AGGRESSION POLAND
// PACT", "OPPOSE GERMANY", "BACK DOWN", "IF OPPOSED CONTINUE IF
// RESISTANCE <= 4 ELSE BACK DOWN", "DECLARE WAR ON GERMANY".
func crisisString(o Order) (string, bool) {
	named := func(w string) string {
		if o.Project != "" {
			return w + " " + strings.ToUpper(o.Project)
		}
		return w
	}
	switch o.Kind {
	case AggressionOrder:
		s := "AGGRESSION " + strings.ToUpper(o.Project)
		if slices.Contains(o.Args, "pact") {
			s += " PACT"
		}
		if c := polandChoice(o); c != PolandConquest {
			s += " " + strings.ToUpper(c)
		}
		return s, true
	case AcquiesceOrder, OpposeOrder, BackDownOrder, ContinueAggression, UltimatumOrder, AttackOrder, ConcedeOrder, RefuseOrder:
		return named(crisisWord(o.Kind)), true
	case DeclareWarOrder:
		return "DECLARE WAR ON " + strings.ToUpper(o.Project), true
	case ThreatenWarOrder:
		return "THREATEN WAR ON " + strings.ToUpper(o.Project), true
	case CrisisIfOrder:
		a := o.Args
		if len(a) < 2 {
			return "IF", true
		}
		s := "IF " + strings.ToUpper(a[0])
		if a[0] == "aggression" && o.Project != "" {
			s += " " + strings.ToUpper(o.Project) // the target, before the answer
		}
		s += " " + crisisWord(OrderKind(a[1]))
		if len(a) == 5 {
			s += " IF RESISTANCE " + a[2] + " " + a[3] + " ELSE " + crisisWord(OrderKind(a[4]))
		}
		if o.Project != "" && a[0] != "aggression" {
			s += " " + strings.ToUpper(o.Project)
		}
		return s, true
	}
	return "", false
}

// demandResistance is target's resistance, before the tile, once by's
// demand is made: a first demand lowers its whole country's (28.21G-H).
func demandResistance(s State, by Power, target string) int {
	c := s.Clone()
	c.Crisis.Crises = append(c.Crisis.Crises, Crisis{Aggressor: by, Target: target, Stage: StageResponse})
	r, _ := ResistanceOf(c, resistanceName(target), 0)
	return r.Level
}

// checkCrisisState rejects crisis states Resolve cannot work on (a state
// edited by hand or imported): unknown stages, a crisis asked again in a
// segment that is not its stage's, plans that are not IF lines.
func checkCrisisState(s State) error {
	for _, c := range s.Crisis.Crises {
		if _, ok := stageSegment[c.Stage]; !ok && c.Stage != StageOver {
			return fmt.Errorf("adjudicator: crisis of %s at unknown stage %q", c.Aggressor, c.Stage)
		}
		if c.Asked > 0 && (c.Stage == StageOver || stageSegment[c.Stage] != s.Segment) {
			return fmt.Errorf("adjudicator: crisis of %s asked again at %s while the open segment is %s", c.Aggressor, c.Stage, s.Segment)
		}
	}
	for _, pl := range s.Crisis.Plans {
		if pl.Order.Kind != CrisisIfOrder || len(pl.Order.Args) < 2 {
			return fmt.Errorf("adjudicator: %s's crisis plan %q is not an IF line", pl.Power, pl.Order.String())
		}
		if _, ok := planWhen[pl.Order.Args[0]]; !ok {
			return fmt.Errorf("adjudicator: %s's crisis plan answers no stage (%q)", pl.Power, pl.Order.Args[0])
		}
	}
	return nil
}
