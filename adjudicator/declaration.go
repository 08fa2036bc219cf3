package adjudicator

import (
	"fmt"
	"slices"
	"strings"
)

// Declarations of war (32): the threshold requirement each declaring power
// must exceed (32.3, 32.42, 32.43, 32.62, 32.72), who may declare or only
// threaten pre-emptive war (32.2, 32.41, 32.44, 32.61B, 32.71, 32.81) and the
// concessions that prevent a threatened war (32.83). Everything here is a
// pure derivation from the state; the crisis phase and the pre-emptive war
// segment call it and report the thresholds term by term.
//
// Terms: every factor the rule lists for a declaration is one term, kept
// even when it is 0, so that a report shows each factor of 32.31A-F that
// applies. A factor that does not apply (a conquered neighbour, Russia's war
// readiness once the pact is in effect, a minor country when war is not
// declared in support of one) is left out. A factor made of several items
// (32.42D's war readiness, 32.72D's diplomatic results) is one term whose
// What lists its non-zero items.

// ThresholdTerm is one factor of a threshold (32.31).
type ThresholdTerm struct {
	Rule  string `json:"rule"`
	What  string `json:"what"`
	Value int    `json:"value"`
}

// Threshold is one declaring power's threshold for declaring war on one
// major power (32.11, 32.31: determined separately for each pair). Net is
// the sum of the terms; the declaration is possible when Net is at least
// +1 (32.31, 32.42, 32.43, 32.71, 32.72).
type Threshold struct {
	From    Power `json:"from"`
	Against Power `json:"against"`
	// Target is the minor country war is declared in support of (32.31D,
	// 32.62D, 32.72E), "" for none.
	Target     string          `json:"target,omitempty"`
	Preemptive bool            `json:"preemptive,omitempty"`
	Terms      []ThresholdTerm `json:"terms"`
	Net        int             `json:"net"`
	Meets      bool            `json:"meets"`
	// Support and AgainstSupport are the support levels the threshold
	// compares, as counted (32.33C: without the British and French
	// increases it leaves out); for Germany against Britain or France,
	// AgainstSupport is that power's own level, not the greater of the two
	// the term uses (32.42B). 32.83C chooses by them.
	Support        int `json:"support"`
	AgainstSupport int `json:"against_support"`
	// NotPermitted says why 32.21 never lets From declare war on Against
	// (no terms then).
	NotPermitted string `json:"not_permitted,omitempty"`
}

// Excess is by how much the threshold is exceeded (32.83A, 34.52B, 34.53):
// Net when it is met, 0 otherwise.
func (t Threshold) Excess() int {
	if !t.Meets {
		return 0
	}
	return t.Net
}

func (t *Threshold) add(rule, what string, v int) {
	t.Terms = append(t.Terms, ThresholdTerm{Rule: rule, What: what, Value: v})
	t.Net += v
}

// ThresholdOptions are the circumstances of a declaration that the state
// does not hold.
type ThresholdOptions struct {
	// Target is the minor country that is the target of the aggression war
	// is declared in support of (32.31D, 32.62D, 32.72E), "" for none. A
	// first demand (the Sudetenland, Danzig and the Corridor) counts the
	// resistance of its whole country (r-32-31d-first-demand).
	Target string
	// Tile is the 28.5 tile drawn for Target's resistance, 0 if none.
	Tile int
	// Preemptive: an Allied pre-emptive declaration (32.61B): temporary
	// Allied support increases from aggressions are not counted (32.33C)
	// and Target is ignored (32.61B: the target of a demand backed down
	// from does not count). Germany's declarations are always pre-emptive
	// (32.41) and read the 10.71B/10.81B rules of their own.
	Preemptive bool
	// AtWarWithGermany are the Allied powers at war with Germany by a
	// German or Allied declaration of war this turn (32.72F; Russia's
	// threshold only). A declaration on Italy does not count.
	AtWarWithGermany []Power
	// GermanWarOnRussia: the Allies retaliate for a German declaration of
	// war on Russia; Russia's war readiness is added to their totals
	// (32.63).
	GermanWarOnRussia bool
}

// declarationsPermitted is the table of 32.21: who may ever declare war on
// whom (the Nazi-Soviet Pact's conditions are restrictions, checked by
// PreemptiveOptions).
var declarationsPermitted = []struct {
	From    Power
	Against []Power
	Rule    string
}{
	{Germany, []Power{Britain, France, Russia}, "32.21A"},
	{Italy, nil, "32.21B, 32.51"},
	{Britain, []Power{Germany, Italy}, "32.21C"},
	{France, []Power{Germany, Italy}, "32.21D"},
	{Russia, []Power{Germany}, "32.21E"},
}

// declarationNotPermitted says why 32.21 never permits from to declare war
// on against, "" when it does.
func declarationNotPermitted(from, against Power) string {
	for _, r := range declarationsPermitted {
		if r.From != from {
			continue
		}
		if slices.Contains(r.Against, against) {
			return ""
		}
		if len(r.Against) == 0 {
			return fmt.Sprintf("%s: %s declares war on no major power", r.Rule, from.Title())
		}
		return fmt.Sprintf("%s: %s declares war only on %s", r.Rule, from.Title(), joinAnd(powerTitles(r.Against)))
	}
	return fmt.Sprintf("32.21: %s is no major power", from)
}

// WarThreshold derives from's threshold for declaring war on against
// (32.3) with every term:
//
//   - Germany on Britain or France (32.42): balance of power, German
//     support against the greater Allied one, EAI, the resistance of an
//     unconquered Czechoslovakia and Poland, Russia's war readiness while
//     no pact is in effect. The net is the same against both (32.42B
//     compares with the greater), as 32.42 wants.
//   - Germany on Russia (32.43): balance, German against Russian support,
//     EAI, Czechoslovakia and Poland.
//   - Britain or France on Germany or Italy (32.62): balance, own against
//     the target's support, EAI, the resistance of o.Target; 32.63 adds
//     Russia's war readiness after a German declaration on Russia.
//   - Russia on Germany (32.72): support, EAI, flags in Russia, minor
//     country results, the resistance of o.Target where 32.72E counts it,
//     Allied neutrality.
//
// A pair 32.21 never permits gives NotPermitted and no terms.
func WarThreshold(s State, from, against Power, o ThresholdOptions) Threshold {
	// Germany's declarations are all pre-emptive (32.41).
	t := Threshold{From: from, Against: against, Preemptive: o.Preemptive || from == Germany}
	if why := declarationNotPermitted(from, against); why != "" {
		t.NotPermitted = why
		return t
	}
	switch {
	case from == Germany && against == Russia:
		germanOnRussia(s, &t)
	case from == Germany:
		germanOnAllies(s, &t)
	case from == Russia:
		russianOnGermany(s, &t, o)
	default:
		alliedOnAxis(s, &t, o)
	}
	t.Meets = t.Net >= 1 // 32.31, 32.42, 32.43, 32.62, 32.72
	return t
}

// 32.42: Germany on Britain or France.
func germanOnAllies(s State, t *Threshold) {
	addBalance(s, t, "32.42A, 32.32", Axis)
	// 32.42B: the greater Allied support; 10.71B/10.81B: increases Italy
	// triggered are not counted against Germany.
	g := supportNow(s, Germany)
	b, bNote := countedSupport(s, Britain, Germany, false)
	f, fNote := countedSupport(s, France, Germany, false)
	t.Support = g
	t.AgainstSupport = map[Power]int{Britain: b, France: f}[t.Against]
	t.add("32.42B, 32.33", fmt.Sprintf("Germany's support %d against the greater of Britain's %d%s and France's %d%s",
		g, b, bNote, f, fNote), g-max(b, f))
	addEAI(s, t, "32.42C, 32.34")
	addEasternNeighbours(s, t, "32.42D")
	// 32.42D, 32.31E: Russia's war readiness while no pact is in effect.
	if !pactInEffect(s) {
		v, what := russianWarReadiness(s)
		t.add("32.42D", what, -v)
	}
}

// 32.43: Germany on Russia.
func germanOnRussia(s State, t *Threshold) {
	addBalance(s, t, "32.43A, 32.32", Axis)
	g, r := supportNow(s, Germany), supportNow(s, Russia)
	t.Support, t.AgainstSupport = g, r
	t.add("32.43B, 32.33", fmt.Sprintf("Germany's support %d against Russia's %d", g, r), g-r)
	addEAI(s, t, "32.43C, 32.34")
	addEasternNeighbours(s, t, "32.43D")
}

// 32.62: Britain or France on Germany or Italy.
func alliedOnAxis(s State, t *Threshold, o ThresholdOptions) {
	addBalance(s, t, "32.62A, 32.32", Allies)
	own, note := countedSupport(s, t.From, t.Against, o.Preemptive)
	them := supportNow(s, t.Against)
	t.Support, t.AgainstSupport = own, them
	t.add("32.62B, 32.33", fmt.Sprintf("%s's support %d%s against %s's %d", t.From.Title(), own, note, t.Against.Title(), them), own-them)
	addEAI(s, t, "32.62C, 32.34")
	if o.Target != "" && !o.Preemptive { // 32.61B: not for pre-emptive war
		t.Target = o.Target
		addResistance(s, t, "32.62D, 32.31D", o.Target, o.Tile)
	}
	if o.GermanWarOnRussia && t.Against == Germany { // 32.63
		v, what := russianWarReadiness(s)
		t.add("32.63, 32.42D", what, v)
	}
}

// 32.72: Russia on Germany.
func russianOnGermany(s State, t *Threshold, o ThresholdOptions) {
	r, g := supportNow(s, Russia), supportNow(s, Germany)
	t.Support, t.AgainstSupport = r, g
	t.add("32.72A, 32.33", fmt.Sprintf("Russia's support %d against Germany's %d", r, g), r-g)
	addEAI(s, t, "32.72B, 32.34")
	allied, axis := flagsInRussiaBySide(s)
	t.add("32.72C", fmt.Sprintf("%d Allied and %d Axis flag(s) in Russia", allied, axis), allied-axis)
	// 32.72D: Poland counts as a border country unless it is the target,
	// when 32.72E counts its resistance instead.
	whole := wholeCountry(o.Target)
	skip := ""
	if whole == "Poland" {
		skip = "Poland"
	}
	v, items := russianMinorResults(s, russianBorder, skip, true)
	t.add("32.72D", "minor country diplomatic results"+itemList(items), v)
	// 32.72E: the target's resistance if it is Poland, the Baltic States or
	// holds a Russian flag.
	if whole != "" {
		m := s.Minor(whole)
		if whole == "Poland" || whole == BalticStates || (m != nil && m.FlagCounts()[Russia] > 0) {
			t.Target = o.Target
			addResistance(s, t, "32.72E, 32.31D", o.Target, o.Tile)
		}
	}
	// 32.72F: -2 for each Allied power not at war with Germany.
	var neutral []Power
	for _, p := range []Power{Britain, France} {
		if !slices.Contains(o.AtWarWithGermany, p) {
			neutral = append(neutral, p)
		}
	}
	what := "Britain and France at war with Germany"
	if len(neutral) > 0 {
		what = joinAnd(powerTitles(neutral)) + " not at war with Germany"
	}
	t.add("32.72F", what, -2*len(neutral))
}

// addBalance is 32.32: the net balance of power, one point a level, for
// the side it favours; the net of the four categories as 34.4 counts it
// (victory.go), the naval level with the battleship race (19.92).
func addBalance(s State, t *Threshold, rule string, side Side) {
	b := BalanceOfPower(s)
	net := 0
	for _, c := range Categories {
		net += b.Level(c)
	}
	v := net
	if side == Allies {
		v = -net
	}
	t.add(rule, fmt.Sprintf("balance of power %+d for the Axis (armor %+d, infantry %+d, air %+d, naval %+d)",
		net, b.Armor, b.Infantry, b.Air, b.NavalTotal()), v)
}

// addEAI is 32.34: the EAI, within +5..-5.
func addEAI(s State, t *Threshold, rule string) {
	t.add(rule, fmt.Sprintf("EAI %+d", s.EAI), min(max(s.EAI, minEAI), maxEAI))
}

// addEasternNeighbours is 32.42D/32.43D: minus the resistance of
// Czechoslovakia and of Poland while unconquered, from 28.2-28.4 only (no
// tile). Unconquered: no completed German aggression against the whole
// country in SupportFacts.Aggressions; a first demand taken (the
// Sudetenland, Danzig and the Corridor) leaves it unconquered, its
// resistance lowered by 28.21G-H (r-32-42-unconquered).
func addEasternNeighbours(s State, t *Threshold, rule string) {
	for _, c := range []string{"Czechoslovakia", "Poland"} {
		if completedBy(s, Germany, c) {
			continue
		}
		r, _ := ResistanceOf(s, c, 0)
		t.add(rule+", 32.31E", c+"'s resistance, unconquered (28.2-28.4, no tile)", -r.Level)
	}
}

// addResistance counts target's resistance with its tile for the
// declaring power (32.31D). A first demand counts its whole country's
// resistance, with 28.21G-H's -2 for the part being demanded
// (r-32-31d-first-demand).
func addResistance(s State, t *Threshold, rule, target string, tile int) {
	whole := wholeCountry(target)
	if whole != target && !demandedOrGerman(s, target) {
		// The demand under way may not be recorded yet: 28.21G-H count it.
		s.SupportFacts.Aggressions = append(slices.Clone(s.SupportFacts.Aggressions),
			Aggression{Aggressor: Germany, Target: target, Turn: s.Turn})
	}
	r, ok := ResistanceOf(s, whole, tile)
	if !ok {
		return
	}
	what := whole + "'s resistance"
	if whole != target {
		what += " (" + target + " demanded)"
	}
	if tile > 0 {
		what += fmt.Sprintf(" with tile %d", tile)
	} else {
		what += " (no tile)"
	}
	t.add(rule, what, r.Level)
}

// wholeCountry is the country whose resistance a target has: a first
// demand is part of its whole country (28.21G-H; 34.51A's "including").
func wholeCountry(target string) string {
	for whole, part := range firstDemand {
		if part == target {
			return whole
		}
	}
	return target
}

// supportNow is p's support level now (32.82: after the secret support
// events revealed in the crisis phase): PowerState.Support.
func supportNow(s State, p Power) int {
	if ps := s.Powers[p]; ps != nil {
		return ps.Support
	}
	return 0
}

// countedSupport is p's support level as a threshold counts it (32.33):
// the level now, less the British and French increases of 10.71B/10.81B
// that 32.33C and 32.61B leave out. axis is the Axis power the declaration
// concerns: the target of a British or French declaration, Germany for a
// German one. The permanent second-aggression +1 counts only against an
// Axis power SecondAggressors names; a temporary increase counts only
// against the Axis power that triggered it (10.71B: also for a German
// declaration on the Allies), and never for an Allied pre-emptive
// declaration (32.33C, 32.61B). note words what was left out.
func countedSupport(s State, p, axis Power, alliedPreemptive bool) (level int, note string) {
	level = supportNow(s, p)
	ps := s.Powers[p]
	if ps == nil || (p != Britain && p != France) {
		return level, ""
	}
	var out []string
	if by := SecondAggressors(s); len(by) > 0 && !slices.Contains(by, axis) {
		level--
		out = append(out, fmt.Sprintf("1 for %s's second aggression", joinAnd(powerTitles(by))))
	}
	temporary := 0
	for _, g := range ps.Economy.Grants {
		if !aggressionGrant(g) || !g.activeAt(s.Turn) {
			continue
		}
		if by := grantTrigger(g); alliedPreemptive || (by != 0 && by != axis) {
			temporary += g.Value
		}
	}
	if temporary != 0 {
		level -= temporary
		out = append(out, fmt.Sprintf("%d of temporary increases", temporary))
	}
	if len(out) > 0 {
		note = " (less " + joinAnd(out) + ", 32.33C)"
	}
	return level, note
}

// aggressionGrant reports a British or French support increase from an
// Axis aggression (10.71B, 10.81B) kept as a grant.
func aggressionGrant(g SupportGrant) bool {
	return strings.Contains(g.Rule, "10.71B") || strings.Contains(g.Rule, "10.81B")
}

// grantTrigger is the Axis power whose aggression gave the grant g: the
// one whose targets (27.31, 27.41: they do not overlap) the grant's What
// names, else the one it names; 0 when it names neither, and such a grant
// counts against both (r-32-33c-trigger).
func grantTrigger(g SupportGrant) Power {
	for _, p := range []Power{Germany, Italy} {
		for _, target := range aggressionTargets[p] {
			if strings.Contains(g.What, target) {
				return p
			}
		}
	}
	switch {
	case strings.Contains(g.What, "German"):
		return Germany
	case strings.Contains(g.What, "Ital"):
		return Italy
	}
	return 0
}

// pactInEffect reports the Nazi-Soviet Pact signed and not broken
// (32.21A, 32.21E, 32.42D, 32.43, 32.73; 31.82-31.83: a broken pact no
// longer binds, r-32-21-pact).
func pactInEffect(s State) bool {
	return s.SupportFacts.PactSigned != nil && !s.Conditions.PactViolated
}

// russianBorder are the border countries of 32.72D and 32.42D: those of
// 31.32D (pactBorder) and Poland.
var russianBorder = []string{"Finland", "Rumania", "Turkey", "Poland"}

// russianWarReadiness is 32.42D: Russia's support level, the flags in
// Russia (32.72C) and the results in the four border countries (32.72D,
// Poland like the others); the results elsewhere are not part of it
// (r-32-42d-readiness).
func russianWarReadiness(s State) (int, string) {
	r := supportNow(s, Russia)
	allied, axis := flagsInRussiaBySide(s)
	minors, items := russianMinorResults(s, russianBorder, "", false)
	return r + allied - axis + minors, fmt.Sprintf("Russia's war readiness: support %d, flags in Russia %+d, border countries %+d%s",
		r, allied-axis, minors, itemList(items))
}

// flagsInRussiaBySide counts the Allied and the Axis flags in Russia
// (31.32C, 32.72C).
func flagsInRussiaBySide(s State) (allied, axis int) {
	for p, n := range s.SupportFacts.FlagsInRussia {
		switch SideOf(p) {
		case Allies:
			allied += n
		case Axis:
			axis += n
		}
	}
	return allied, axis
}

// russianMinorResults are the minor country diplomatic results of 31.32D
// and 32.72D, in the order of 24.21: in a border country an Axis trade
// pact is -2, else Axis flags -1 (Allied flags ignored); a Russian trade
// pact is +2, else Russian flags +1, in the border countries and, when
// elsewhere is set, in the others. skip is left out (Poland when its
// resistance counts instead: 31.32E, 32.72E). pact.go's 31.32D is the
// call with its three border countries, skip "Poland", elsewhere set.
func russianMinorResults(s State, border []string, skip string, elsewhere bool) (total int, items []string) {
	add := func(what string, v int) {
		total += v
		items = append(items, fmt.Sprintf("%s %+d", what, v))
	}
	for _, m := range s.Minors {
		if m.Name == skip {
			continue
		}
		c := m.FlagCounts()
		onBorder := slices.Contains(border, m.Name)
		if onBorder {
			switch {
			case m.TradePact != 0 && SideOf(m.TradePact) == Axis:
				add("Axis trade pact in "+m.Name, -2)
			case c[Germany]+c[Italy] > 0:
				add("Axis flags in "+m.Name, -1)
			}
		}
		if onBorder || elsewhere {
			switch {
			case m.TradePact == Russia:
				add("Russian trade pact in "+m.Name, 2)
			case c[Russia] > 0:
				add("Russian flags in "+m.Name, 1)
			}
		}
	}
	return total, items
}

// itemList words a term's items: ": a, b and c", or "" for none.
func itemList(items []string) string {
	if len(items) == 0 {
		return ""
	}
	return ": " + joinAnd(items)
}

func powerTitles(ps []Power) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.Title()
	}
	return out
}

// AlliedDeclarations is 32.61A, the Allied declarations of war on an Axis
// power committing an aggression: both may declare when both meet their
// thresholds; when only one does, it may if the other's result does not
// offset its own (their sum is still positive).
func AlliedDeclarations(britain, france Threshold) (britainMay, franceMay bool) {
	switch {
	case britain.Meets && france.Meets: // joint
		return true, true
	case britain.Meets: // unilateral
		return britain.Net+france.Net > 0, false
	case france.Meets:
		return false, britain.Net+france.Net > 0
	}
	return false, false
}

// FullyMobilized reports p without idle or civilian factories (32.41C,
// 32.42, 32.61B).
func FullyMobilized(s State, p Power) bool {
	ps := s.Powers[p]
	return ps != nil && ps.Factories.Idle == 0 && ps.Factories.Civilian == 0
}

// aggressionCounted reports an aggression that counts for 32.61B's
// aggression total and second aggression: a successful one (completed),
// or an Italian one against Greece or Yugoslavia once demanded without
// war with the Allies, which the record itself shows (a record is made
// only for an aggression that went ahead; r-32-61b-aggression-total).
func aggressionCounted(a Aggression) bool {
	return a.Completed != nil || (a.Aggressor == Italy && (a.Target == "Greece" || a.Target == "Yugoslavia"))
}

// AggressionTotal is p's aggression total (32.61B): the values of its
// counted aggressions; 32.61B's values are those of 34.51A
// (AggressionValue), and a whole country counts its first demand within
// its own value (Czechoslovakia including the Sudetenland, Poland
// including Danzig and the Corridor).
func AggressionTotal(s State, p Power) int {
	done := map[string]bool{}
	for _, a := range s.SupportFacts.Aggressions {
		if a.Aggressor == p && aggressionCounted(a) {
			done[a.Target] = true
		}
	}
	n := 0
	for target := range done {
		if whole := wholeCountry(target); whole != target && done[whole] {
			continue // within the whole's value
		}
		n += aggressionValueIn(s, target)
	}
	return n
}

// MoreAggressive is the more aggressive Axis power (32.61B): the higher
// aggression total, Germany if tied.
func MoreAggressive(s State) Power {
	if AggressionTotal(s, Italy) > AggressionTotal(s, Germany) {
		return Italy
	}
	return Germany
}

// firstAggression is the aggression 32.61B's "second aggression" excludes:
// the Rhineland for Germany, Ethiopia for Italy.
var firstAggression = map[Power]string{Germany: Rhineland, Italy: Ethiopia}

// carriedOutSecondAggression is 32.61B's "second aggression": a counted
// aggression of p other than its first (r-32-61b-second-aggression).
func carriedOutSecondAggression(s State, p Power) bool {
	return slices.ContainsFunc(s.SupportFacts.Aggressions, func(a Aggression) bool {
		return a.Aggressor == p && aggressionCounted(a) && a.Target != firstAggression[p]
	})
}

// DeclarationMode is what a pre-emptive declaration of war may be.
type DeclarationMode string

// Declaration modes (32.41C, 32.44, 32.61B, 32.83).
const (
	MayDeclare  DeclarationMode = "declare"  // war may be declared outright
	MayThreaten DeclarationMode = "threaten" // only threatened: the target may concede (32.83)
	MayNot      DeclarationMode = "barred"   // neither (Barred says why)
)

// PreemptiveOption is one pre-emptive declaration of war 32.21 permits:
// Germany on Britain and France together (32.42), Germany on Russia
// (32.43), Britain and France jointly on Germany or on Italy (32.61B),
// Russia on Germany (32.71); with whether it may be declared, only
// threatened, or neither and why.
type PreemptiveOption struct {
	Declarers []Power         `json:"declarers"`
	Against   []Power         `json:"against"`
	Mode      DeclarationMode `json:"mode"`
	// Barred lists every restriction that bars it, each with its rule.
	Barred []string `json:"barred,omitempty"`
	// If is a condition the option depends on (32.71C: Russia after an
	// Allied pre-emptive declaration this turn).
	If string `json:"if,omitempty"`
	// Thresholds are the declarers' thresholds: Germany's against Britain
	// and against France, Britain's and France's, Germany's or Russia's.
	Thresholds []Threshold `json:"thresholds"`
	// Concession is what prevents a threatened war (32.83), for MayThreaten.
	Concession *Concession `json:"concession,omitempty"`
}

// PreemptiveOptions lists the pre-emptive declarations of war 32.21
// permits at the end of the crisis phase (32.82), in the order Germany on
// the Allies, Germany on Russia, the Allies on Germany, the Allies on
// Italy, Russia on Germany (and, when the Allies may act against Germany,
// Russia on Germany if they do, 32.71C). aggressedThisTurn are the Axis
// powers that committed an aggression this turn (one backed down from
// does not count, 32.61B); warDeclaredOnAxis: the Allies declared war on
// Germany or Italy in response to an aggression (32.41B).
//
// Russia's threshold takes as its target this turn's German aggression
// when 32.71A applies, without a tile, and counts 32.72F as if no Allied
// power were at war with Germany (both at war in the 32.71C option);
// WarThreshold gives the figure for other circumstances.
func PreemptiveOptions(s State, aggressedThisTurn map[Power]bool, warDeclaredOnAxis bool) []PreemptiveOption {
	var out []PreemptiveOption
	rhineland := completedBy(s, Germany, Rhineland)
	germanBars := func() []string {
		var why []string
		if !rhineland {
			why = append(why, "Germany has not remilitarized the Rhineland (32.41A, 32.22A)")
		}
		if warDeclaredOnAxis {
			why = append(why, "the Allies declared war on an Axis power in response to an aggression this turn (32.41B, 32.22A)")
		}
		return why
	}
	germanMode := func(o *PreemptiveOption) {
		switch {
		case len(o.Barred) > 0:
			o.Mode = MayNot
		case FullyMobilized(s, Germany):
			o.Mode = MayDeclare // 32.41C
		default:
			o.Mode = MayThreaten // 32.41C, 32.44
			c := ConcessionParties(o.Thresholds)
			o.Concession = &c
		}
	}

	// 32.42: Germany on Britain and France, both or neither.
	ga := PreemptiveOption{Declarers: []Power{Germany}, Against: []Power{Britain, France}}
	ga.Barred = germanBars()
	for _, p := range ga.Against {
		t := WarThreshold(s, Germany, p, ThresholdOptions{Preemptive: true})
		ga.Thresholds = append(ga.Thresholds, t)
		if !t.Meets {
			ga.Barred = append(ga.Barred, fmt.Sprintf("threshold against %s not exceeded: net %+d (32.42)", p.Title(), t.Net))
		}
	}
	germanMode(&ga)
	out = append(out, ga)

	// 32.43: Germany on Russia.
	gr := PreemptiveOption{Declarers: []Power{Germany}, Against: []Power{Russia}}
	gr.Barred = germanBars()
	if pactInEffect(s) {
		gr.Barred = append(gr.Barred, "the Nazi-Soviet Pact is in effect (32.21A, 32.22A, 32.43)")
	}
	if !completedBy(s, Germany, "Poland") && !completedBy(s, Germany, BalticStates) {
		gr.Barred = append(gr.Barred, "Germany controls neither Poland nor the Baltic States (32.43)")
	}
	t := WarThreshold(s, Germany, Russia, ThresholdOptions{Preemptive: true})
	gr.Thresholds = []Threshold{t}
	if !t.Meets {
		gr.Barred = append(gr.Barred, fmt.Sprintf("threshold not exceeded: net %+d (32.43)", t.Net))
	}
	germanMode(&gr)
	out = append(out, gr)

	// 32.61B, 32.81C: the Allies jointly on the more aggressive Axis power.
	aggressive := MoreAggressive(s)
	both := FullyMobilized(s, Britain) && FullyMobilized(s, France)
	alliedOnGermany := false
	for _, axis := range []Power{Germany, Italy} {
		o := PreemptiveOption{Declarers: []Power{Britain, France}, Against: []Power{axis}}
		if axis != aggressive {
			o.Barred = append(o.Barred, fmt.Sprintf("%s is not the more aggressive Axis power: aggression totals Germany %d, Italy %d (32.61B)",
				axis.Title(), AggressionTotal(s, Germany), AggressionTotal(s, Italy)))
		}
		var aggressors []Power
		for _, p := range []Power{Germany, Italy} {
			if aggressedThisTurn[p] {
				aggressors = append(aggressors, p)
			}
		}
		if len(aggressors) > 0 {
			o.Barred = append(o.Barred, joinAnd(powerTitles(aggressors))+" committed an aggression this turn (32.61B, 32.81C)")
		}
		if !both && !carriedOutSecondAggression(s, axis) {
			o.Barred = append(o.Barred, fmt.Sprintf("Britain and France are not both fully mobilized and %s has carried out no second aggression (32.61B)", axis.Title()))
		}
		for _, p := range o.Declarers {
			t := WarThreshold(s, p, axis, ThresholdOptions{Preemptive: true})
			o.Thresholds = append(o.Thresholds, t)
			if !t.Meets {
				o.Barred = append(o.Barred, fmt.Sprintf("%s's threshold not exceeded: net %+d (32.61B: both must)", p.Title(), t.Net))
			}
		}
		switch {
		case len(o.Barred) > 0:
			o.Mode = MayNot
		case both:
			o.Mode = MayDeclare // 32.61B: both fully mobilized, no concessions
		default:
			o.Mode = MayThreaten
			c := ConcessionParties(o.Thresholds)
			o.Concession = &c
		}
		alliedOnGermany = alliedOnGermany || (axis == Germany && o.Mode != MayNot)
		out = append(out, o)
	}

	// 32.71, 32.72: Russia on Germany.
	target, conditions := russianConditions(s, aggressedThisTurn)
	russia := func(atWar []Power, ok bool, ifWhat string) PreemptiveOption {
		o := PreemptiveOption{Declarers: []Power{Russia}, Against: []Power{Germany}, If: ifWhat}
		if pactInEffect(s) {
			o.Barred = append(o.Barred, "the Nazi-Soviet Pact is in effect (32.21E, 32.22B, 32.73)")
		}
		if !ok {
			o.Barred = append(o.Barred, "none of the conditions of 32.71A-D is met")
		}
		t := WarThreshold(s, Russia, Germany, ThresholdOptions{Target: target, AtWarWithGermany: atWar})
		o.Thresholds = []Threshold{t}
		if !t.Meets {
			o.Barred = append(o.Barred, fmt.Sprintf("threshold not exceeded: net %+d (32.71, 32.72)", t.Net))
		}
		o.Mode = MayDeclare
		if len(o.Barred) > 0 {
			o.Mode = MayNot
		}
		return o
	}
	out = append(out, russia(nil, len(conditions) > 0, ""))
	if alliedOnGermany {
		out = append(out, russia([]Power{Britain, France}, true,
			"Britain and France declare pre-emptive war on Germany this turn (32.71C; 32.72F: both at war)"))
	}
	return out
}

// russianConditions are the conditions of 32.71A, B and D that hold (C,
// an Allied pre-emptive declaration this turn, is PreemptiveOptions' own
// option), and the target of 32.71A, "" for none: a German aggression
// committed this turn (recorded in SupportFacts.Aggressions with this
// turn) against Poland (Danzig and the Corridor included, 31.61), the
// Baltic States or a country with a Russian flag.
func russianConditions(s State, aggressedThisTurn map[Power]bool) (target string, met []string) {
	if aggressedThisTurn[Germany] {
		for _, a := range s.SupportFacts.Aggressions {
			if a.Aggressor != Germany || a.Turn != s.Turn {
				continue
			}
			whole := wholeCountry(a.Target)
			m := s.Minor(whole)
			if whole == "Poland" || whole == BalticStates || (m != nil && m.FlagCounts()[Russia] > 0) {
				target = a.Target
				met = append(met, "32.71A")
			}
		}
	}
	for _, c := range []string{"Poland", BalticStates} {
		if slices.ContainsFunc(s.SupportFacts.Aggressions, func(a Aggression) bool {
			return a.Aggressor == Germany && a.Target == c && a.Completed != nil && a.Completed.Before(s.Turn)
		}) {
			met = append(met, "32.71B")
			break
		}
	}
	if s.Russia.Cohesion == FullCohesion {
		met = append(met, "32.71D")
	}
	return target, met
}

// concessionTable is 32.83A: the concession that prevents a threatened war
// by how much the threshold is exceeded; from 4 on none can.
var concessionTable = []struct {
	Excess      int
	Support     int
	Preventable bool
	Rule        string
}{
	{1, 1, true, "32.83A"},
	{2, 2, true, "32.83A"},
	{3, 3, true, "32.83A"},
	{4, 0, false, "32.83A"}, // 4 or more
}

// ConcessionRequired is 32.83A: the support conceded to prevent a
// threatened war exceeding the threshold by excess (the declarer gains it,
// the conceding power loses it), and whether concessions can prevent it.
// Nothing is required when the threshold is not exceeded.
func ConcessionRequired(excess int) (support int, preventable bool) {
	if excess < 1 {
		return 0, true
	}
	for i := len(concessionTable) - 1; i >= 0; i-- {
		if r := concessionTable[i]; excess >= r.Excess {
			return r.Support, r.Preventable
		}
	}
	return 0, true
}

// Concession is what prevents a threatened pre-emptive war (32.83): the
// threshold it is based on (BasisFrom's against BasisAgainst), its excess,
// the support conceded (32.83A), and who concedes and who gains.
type Concession struct {
	BasisFrom     Power   `json:"basis_from"`
	BasisAgainst  Power   `json:"basis_against"`
	Excess        int     `json:"excess"`
	Support       int     `json:"support"`
	Preventable   bool    `json:"preventable"`
	Conceders     []Power `json:"conceders"`
	Beneficiaries []Power `json:"beneficiaries"`
}

// ConcessionParties is 32.83C for the thresholds of one threatened
// declaration: Germany's against Britain and France are based on the one
// against the Allied power with the higher support, which concedes;
// Britain's and France's on the one with the lower support, which gains
// what Germany or Italy concedes; otherwise (Germany on Russia) the one
// threshold, the target conceding. Ties go to the first threshold given
// (Britain, first in the order of play, 7.21; r-32-83c-tie).
func ConcessionParties(thresholds []Threshold) Concession {
	if len(thresholds) == 0 {
		return Concession{}
	}
	basis := thresholds[0]
	byAllies := SideOf(basis.From) == Allies
	for _, t := range thresholds[1:] {
		switch {
		case byAllies && (t.Support < basis.Support || (t.Support == basis.Support && t.Net < basis.Net)):
			basis = t
		case !byAllies && t.AgainstSupport > basis.AgainstSupport:
			basis = t
		}
	}
	// The basis's target concedes and its declarer gains: the Allied power
	// with the higher support to Germany, Germany or Italy to the Allied
	// power with the lower support, Russia to Germany (32.83A, 32.83C).
	c := Concession{BasisFrom: basis.From, BasisAgainst: basis.Against, Excess: basis.Excess(),
		Conceders: []Power{basis.Against}, Beneficiaries: []Power{basis.From}}
	c.Support, c.Preventable = ConcessionRequired(c.Excess)
	return c
}
