package threshold

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/track"
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
	AtWarWithGermany []storm.Power
	// GermanWarOnRussia: the Allies retaliate for a German declaration of
	// war on Russia; Russia's war readiness is added to their totals
	// (32.63).
	GermanWarOnRussia bool
	// balance is the balance of power of the state (32.32), when the
	// caller reckoned it once for many thresholds (PreemptiveOptions);
	// nil: reckoned for this one.
	balance *storm.Balance
}

// WithBalance is o with b, the balance of power of the state, for a
// caller that reckons many thresholds of one state.
func (o ThresholdOptions) WithBalance(b storm.Balance) ThresholdOptions {
	o.balance = &b
	return o
}

// declarationsPermitted is the table of 32.21: who may ever declare war on
// whom (the Nazi-Soviet Pact's conditions are restrictions, checked by
// PreemptiveOptions).
var declarationsPermitted = []struct {
	From    storm.Power
	Against []storm.Power
	Rule    string
}{
	{storm.Germany, []storm.Power{storm.Britain, storm.France, storm.Russia}, "32.21A"},
	{storm.Italy, nil, "32.21B, 32.51"},
	{storm.Britain, []storm.Power{storm.Germany, storm.Italy}, "32.21C"},
	{storm.France, []storm.Power{storm.Germany, storm.Italy}, "32.21D"},
	{storm.Russia, []storm.Power{storm.Germany}, "32.21E"},
}

// declarationNotPermitted says why 32.21 never permits from to declare war
// on against, "" when it does.
func declarationNotPermitted(from, against storm.Power) string {
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
		return fmt.Sprintf("%s: %s declares war only on %s", r.Rule, from.Title(), storm.JoinAnd(storm.PowerTitles(r.Against)))
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
func WarThreshold(s storm.State, from, against storm.Power, o ThresholdOptions) storm.Threshold {
	// Germany's declarations are all pre-emptive (32.41).
	t := storm.Threshold{From: from, Against: against, Preemptive: o.Preemptive || from == storm.Germany}
	if why := declarationNotPermitted(from, against); why != "" {
		t.NotPermitted = why
		return t
	}
	switch {
	case from == storm.Germany && against == storm.Russia:
		germanOnRussia(s, &t, o)
	case from == storm.Germany:
		germanOnAllies(s, &t, o)
	case from == storm.Russia:
		russianOnGermany(s, &t, o)
	default:
		alliedOnAxis(s, &t, o)
	}
	t.Meets = t.Net >= 1 // 32.31, 32.42, 32.43, 32.62, 32.72
	return t
}

// 32.42: Germany on Britain or France.
func germanOnAllies(s storm.State, t *storm.Threshold, o ThresholdOptions) {
	addBalance(s, t, o, "32.42A, 32.32", storm.Axis)
	// 32.42B: the greater Allied support; 10.71B/10.81B: increases Italy
	// triggered are not counted against Germany.
	g := supportNow(s, storm.Germany)
	b, bNote, bReading := countedSupport(s, storm.Britain, storm.Germany, false)
	f, fNote, fReading := countedSupport(s, storm.France, storm.Germany, false)
	t.Support = g
	t.AgainstSupport = map[storm.Power]int{storm.Britain: b, storm.France: f}[t.Against]
	t.Add("32.42B, 32.33", fmt.Sprintf("Germany's support %d against the greater of Britain's %d%s and France's %d%s",
		g, b, bNote, f, fNote), g-max(b, f))
	t.Terms[len(t.Terms)-1].Reading = max(bReading, fReading) // r-30-temporary: "" unless one counts it
	addEAI(s, t, "32.42C, 32.34")
	addEasternNeighbours(s, t, "32.42D")
	// 32.42D, 32.31E: Russia's war readiness while no pact is in effect.
	if !storm.PactInEffect(s) {
		v, what := russianWarReadiness(s)
		t.Add("32.42D", what, -v)
	}
}

// 32.43: Germany on Russia.
func germanOnRussia(s storm.State, t *storm.Threshold, o ThresholdOptions) {
	addBalance(s, t, o, "32.43A, 32.32", storm.Axis)
	g, r := supportNow(s, storm.Germany), supportNow(s, storm.Russia)
	t.Support, t.AgainstSupport = g, r
	t.Add("32.43B, 32.33", fmt.Sprintf("Germany's support %d against Russia's %d", g, r), g-r)
	addEAI(s, t, "32.43C, 32.34")
	addEasternNeighbours(s, t, "32.43D")
}

// 32.62: Britain or France on Germany or Italy.
func alliedOnAxis(s storm.State, t *storm.Threshold, o ThresholdOptions) {
	addBalance(s, t, o, "32.62A, 32.32", storm.Allies)
	// 32.63: a retaliation is no answer to an aggression; 10.71B/10.81B
	// leave the temporary increases out as for pre-emptive war
	// (r-32-63-retaliation).
	own, note, reading := countedSupport(s, t.From, t.Against, o.Preemptive || o.GermanWarOnRussia)
	them := supportNow(s, t.Against)
	t.Support, t.AgainstSupport = own, them
	t.Add("32.62B, 32.33", fmt.Sprintf("%s's support %d%s against %s's %d", t.From.Title(), own, note, t.Against.Title(), them), own-them)
	t.Terms[len(t.Terms)-1].Reading = reading // r-30-temporary
	addEAI(s, t, "32.62C, 32.34")
	if o.Target != "" && !o.Preemptive { // 32.61B: not for pre-emptive war
		t.Target = o.Target
		addResistance(s, t, "32.62D, 32.31D", o.Target, o.Tile)
	}
	if o.GermanWarOnRussia && t.Against == storm.Germany { // 32.63
		v, what := russianWarReadiness(s)
		t.Add("32.63, 32.42D", what, v)
	}
}

// 32.72: Russia on Germany.
func russianOnGermany(s storm.State, t *storm.Threshold, o ThresholdOptions) {
	r, g := supportNow(s, storm.Russia), supportNow(s, storm.Germany)
	t.Support, t.AgainstSupport = r, g
	t.Add("32.72A, 32.33", fmt.Sprintf("Russia's support %d against Germany's %d", r, g), r-g)
	addEAI(s, t, "32.72B, 32.34")
	allied, axis := flagsInRussiaBySide(s)
	t.Add("32.72C", fmt.Sprintf("%d Allied and %d Axis flag(s) in Russia", allied, axis), allied-axis)
	// 32.72D: Poland counts as a border country unless it is the target,
	// when 32.72E counts its resistance instead.
	whole := wholeCountry(o.Target)
	skip := ""
	if whole == "Poland" {
		skip = "Poland"
	}
	v, items := RussianMinorResults(s, RussianBorder, skip, true)
	t.Add("32.72D", "minor country diplomatic results"+itemList(items), v)
	// 32.72E: the target's resistance if it is Poland, the Baltic States or
	// holds a Russian flag.
	if whole != "" {
		m := s.Minor(whole)
		if whole == "Poland" || whole == storm.BalticStates || (m != nil && m.FlagsOf(storm.Russia) > 0) {
			t.Target = o.Target
			addResistance(s, t, "32.72E, 32.31D", o.Target, o.Tile)
		}
	}
	// 32.72F: -2 for each Allied power not at war with Germany.
	var neutral []storm.Power
	for _, p := range []storm.Power{storm.Britain, storm.France} {
		if !slices.Contains(o.AtWarWithGermany, p) {
			neutral = append(neutral, p)
		}
	}
	what := "Britain and France at war with Germany"
	if len(neutral) > 0 {
		what = storm.JoinAnd(storm.PowerTitles(neutral)) + " not at war with Germany"
	}
	t.Add("32.72F", what, -2*len(neutral))
}

// addBalance is 32.32: the net balance of power, one point a level, for
// the side it favours; the net of the four categories as 34.4 counts it
// (victory.go), the naval level with the battleship race (19.92); o's
// balance when its caller reckoned it.
func addBalance(s storm.State, t *storm.Threshold, o ThresholdOptions, rule string, side storm.Side) {
	var b storm.Balance
	if o.balance != nil {
		b = *o.balance
	} else {
		b = track.BalanceOfPower(s)
	}
	net := 0
	for _, c := range storm.BalanceCategories {
		net += b.Level(c)
	}
	v := net
	if side == storm.Allies {
		v = -net
	}
	t.Add(rule, fmt.Sprintf("balance of power %+d for the Axis (armor %+d, infantry %+d, air %+d, naval %+d)",
		net, b.Armor, b.Infantry, b.Air, b.NavalTotal()), v)
}

// addEAI is 32.34: the EAI, within +5..-5.
func addEAI(s storm.State, t *storm.Threshold, rule string) {
	t.Add(rule, fmt.Sprintf("EAI %+d", s.EAI), min(max(s.EAI, track.MinEAI), track.MaxEAI))
}

// addEasternNeighbours is 32.42D/32.43D: minus the resistance of
// Czechoslovakia and of Poland while unconquered, from 28.2-28.4 only (no
// tile). Unconquered: no completed German aggression against the whole
// country in SupportFacts.Aggressions; a first demand taken (the
// Sudetenland, Danzig and the Corridor) leaves it unconquered, its
// resistance lowered by 28.21G-H (r-32-42-unconquered).
func addEasternNeighbours(s storm.State, t *storm.Threshold, rule string) {
	for _, c := range []string{"Czechoslovakia", "Poland"} {
		if storm.CompletedBy(s, storm.Germany, c) {
			continue
		}
		r, _ := ResistanceOf(s, c, 0)
		t.Add(rule+", 32.31E", c+"'s resistance, unconquered (28.2-28.4, no tile)", -r.Level)
	}
}

// addResistance counts target's resistance with its tile for the
// declaring power (32.31D). A first demand counts its whole country's
// resistance, with 28.21G-H's -2 for the part being demanded
// (r-32-31d-first-demand).
func addResistance(s storm.State, t *storm.Threshold, rule, target string, tile int) {
	whole := wholeCountry(target)
	if whole != target && !demandedOrGerman(s, target) {
		// The demand under way may not be recorded yet: 28.21G-H count it.
		s.SupportFacts.Aggressions = append(slices.Clone(s.SupportFacts.Aggressions),
			storm.Aggression{Aggressor: storm.Germany, Target: target, Turn: s.Turn})
	}
	r, ok := ResistanceOf(s, whole, tile)
	if !ok {
		return
	}
	what := storm.Possessive(whole) + " resistance" // the Baltic States' resistance
	if whole != target {
		what += " (" + target + " demanded)"
	}
	if tile > 0 {
		what += fmt.Sprintf(" with tile %d", tile)
	} else {
		what += " (no tile)"
	}
	t.Add(rule, what, r.Level)
}

// wholeCountry is the country whose resistance a target has: a first
// demand is part of its whole country (28.21G-H; 34.51A's "including").
func wholeCountry(target string) string {
	for whole, part := range storm.FirstDemand {
		if part == target {
			return whole
		}
	}
	return target
}

// supportNow is p's support level now (32.82: after the secret support
// events revealed in the crisis phase): PowerState.Support.
func supportNow(s storm.State, p storm.Power) int {
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
// declaration (32.33C, 32.61B). note words what was left out; reading is
// the docs anchor of the judge's reading when the level counts an
// increase it sized (r-30-temporary), for the term's Reading.
func countedSupport(s storm.State, p, axis storm.Power, alliedPreemptive bool) (level int, note, reading string) {
	level = supportNow(s, p)
	ps := s.Powers[p]
	if ps == nil || (p != storm.Britain && p != storm.France) {
		return level, "", ""
	}
	var out []string
	if by := track.SecondAggressors(s); len(by) > 0 && !slices.Contains(by, axis) {
		level--
		out = append(out, fmt.Sprintf("1 for %s's second aggression", storm.JoinAnd(storm.PowerTitles(by))))
	}
	temporary, judged := 0, 0
	for _, g := range ps.Economy.Grants {
		if !aggressionGrant(g) || !g.ActiveAt(s.Turn) {
			continue
		}
		if by := grantTrigger(g); alliedPreemptive || (by != 0 && by != axis) {
			temporary += g.Value
		} else if g.Reading != "" {
			judged += g.Value
			reading = g.Reading
		}
	}
	if temporary != 0 {
		level -= temporary
		out = append(out, fmt.Sprintf("%d of temporary increases", temporary))
	}
	if len(out) > 0 {
		note = " (less " + storm.JoinAnd(out) + ", 32.33C)"
	}
	if judged != 0 { // r-30-temporary: never to be taken for rule text
		note += fmt.Sprintf(" (of which %+d temporary increase sized by the judge's reading, docs/rules.md#%s)", judged, reading)
	} else {
		reading = ""
	}
	return level, note, reading
}

// aggressionGrant reports a British or French support increase from an
// Axis aggression (10.71B, 10.81B) kept as a grant.
func aggressionGrant(g storm.SupportGrant) bool {
	return strings.Contains(g.Rule, "10.71B") || strings.Contains(g.Rule, "10.81B")
}

// grantTrigger is the Axis power whose aggression gave the grant g: the
// one whose targets (27.31, 27.41: they do not overlap) the grant's What
// names, else the one it names; 0 when it names neither, and such a grant
// counts against both (r-32-33c-trigger).
func grantTrigger(g storm.SupportGrant) storm.Power {
	for _, p := range []storm.Power{storm.Germany, storm.Italy} {
		for _, target := range storm.AggressionTargetsOf[p] {
			if strings.Contains(g.What, target) {
				return p
			}
		}
	}
	switch {
	case strings.Contains(g.What, "German"):
		return storm.Germany
	case strings.Contains(g.What, "Ital"):
		return storm.Italy
	}
	return 0
}

// RussianBorder are the border countries of 32.72D and 32.42D: those of
// 31.32D (PactBorder) and Poland.
var RussianBorder = []string{"Finland", "Rumania", "Turkey", "Poland"}

// russianWarReadiness is 32.42D: Russia's support level, the flags in
// Russia (32.72C) and the results in the four border countries (32.72D,
// Poland like the others); the results elsewhere are not part of it
// (r-32-42d-readiness).
func russianWarReadiness(s storm.State) (int, string) {
	r := supportNow(s, storm.Russia)
	allied, axis := flagsInRussiaBySide(s)
	minors, items := RussianMinorResults(s, RussianBorder, "", false)
	return r + allied - axis + minors, fmt.Sprintf("Russia's war readiness: support %d, flags in Russia %+d, border countries %+d%s",
		r, allied-axis, minors, itemList(items))
}

// flagsInRussiaBySide counts the Allied and the Axis flags in Russia
// (31.32C, 32.72C).
func flagsInRussiaBySide(s storm.State) (allied, axis int) {
	for p, n := range s.SupportFacts.FlagsInRussia {
		switch storm.SideOf(p) {
		case storm.Allies:
			allied += n
		case storm.Axis:
			axis += n
		}
	}
	return allied, axis
}

// RussianMinorResults are the minor country diplomatic results of 31.32D
// and 32.72D, in the order of 24.21: in a border country an Axis trade
// pact is -2, else Axis flags -1 (Allied flags ignored); a Russian trade
// pact is +2, else Russian flags +1, in the border countries and, when
// elsewhere is set, in the others. skip is left out (Poland when its
// resistance counts instead: 31.32E, 32.72E). pact.go's 31.32D is the
// call with its three border countries, skip "Poland", elsewhere set.
func RussianMinorResults(s storm.State, border []string, skip string, elsewhere bool) (total int, items []string) {
	add := func(what string, v int) {
		total += v
		items = append(items, fmt.Sprintf("%s %+d", what, v))
	}
	for _, m := range s.Minors {
		if m.Name == skip {
			continue
		}
		c := m.FlagsByPower()
		onBorder := slices.Contains(border, m.Name)
		if onBorder {
			switch {
			case m.TradePact != 0 && storm.SideOf(m.TradePact) == storm.Axis:
				add("Axis trade pact in "+m.Name, -2)
			case c[storm.Germany]+c[storm.Italy] > 0:
				add("Axis flags in "+m.Name, -1)
			}
		}
		if onBorder || elsewhere {
			switch {
			case m.TradePact == storm.Russia:
				add("Russian trade pact in "+m.Name, 2)
			case c[storm.Russia] > 0:
				add("Russian flags in "+m.Name, 1)
			}
		}
	}
	return total, items
}

// Words words a threshold with every term, for the options and notices
// that ask a power to decide (32.3): "Britain against Germany +2 (at
// least +1 to meet): balance of power ... +0 (32.62A, 32.32), ...".
func Words(t storm.Threshold) string {
	// One builder for the whole text, as fmt would spell it ("%+d"), for
	// the options and notices that word every threshold.
	var b strings.Builder
	meets := "met"
	if !t.Meets {
		meets = "not met"
	}
	b.WriteString(t.From.Title())
	b.WriteString("'s threshold against ")
	b.WriteString(t.Against.Title())
	b.WriteByte(' ')
	b.WriteString(signed(t.Net))
	b.WriteString(", ")
	b.WriteString(meets)
	b.WriteString(" (at least +1 to meet): ")
	for i, x := range t.Terms {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(x.What)
		b.WriteByte(' ')
		b.WriteString(signed(x.Value))
		b.WriteString(" (")
		b.WriteString(x.Rule)
		b.WriteByte(')')
	}
	return b.String()
}

// signed spells n as fmt's "%+d" does: "+2", "+0", "-1".
func signed(n int) string {
	if n >= 0 {
		return "+" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// itemList words a term's items: ": a, b and c", or "" for none.
func itemList(items []string) string {
	if len(items) == 0 {
		return ""
	}
	return ": " + storm.JoinAnd(items)
}

// AlliedDeclarations is 32.61A, the Allied declarations of war on an Axis
// power committing an aggression: both may declare when both meet their
// thresholds; when only one does, it may if the other's result does not
// offset its own (their sum is still positive).
func AlliedDeclarations(britain, france storm.Threshold) (britainMay, franceMay bool) {
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

// fullyMobilized reports p without idle or civilian factories (32.41C,
// 32.42, 32.61B).
func fullyMobilized(s storm.State, p storm.Power) bool {
	ps := s.Powers[p]
	return ps != nil && ps.Factories.Idle == 0 && ps.Factories.Civilian == 0
}

// aggressionCounted reports an aggression that counts for 32.61B's
// aggression total and second aggression: a successful one (completed),
// or an Italian one against Greece or Yugoslavia once demanded without
// war with the Allies, which the record itself shows (a record is made
// only for an aggression that went ahead; r-32-61b-aggression-total).
func aggressionCounted(a storm.Aggression) bool {
	return a.Completed != nil || (a.Aggressor == storm.Italy && (a.Target == "Greece" || a.Target == "Yugoslavia"))
}

// AggressionTotal is p's aggression total (32.61B): the values of its
// counted aggressions; 32.61B's values are those of 34.51A
// (AggressionValue), and a whole country counts its first demand within
// its own value (Czechoslovakia including the Sudetenland, Poland
// including Danzig and the Corridor).
func AggressionTotal(s storm.State, p storm.Power) int {
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
		n += storm.AggressionValueIn(s, target)
	}
	return n
}

// MoreAggressive is the more aggressive Axis power (32.61B): the higher
// aggression total, Germany if tied.
func MoreAggressive(s storm.State) storm.Power {
	if AggressionTotal(s, storm.Italy) > AggressionTotal(s, storm.Germany) {
		return storm.Italy
	}
	return storm.Germany
}

// CarriedOutSecondAggression is 32.61B's "second aggression": a counted
// aggression of p other than its first (track.FirstAggression; the
// support increase of 10.71B counts one from the turn after it is made,
// track.SecondAggressors; r-32-61b-second-aggression).
func CarriedOutSecondAggression(s storm.State, p storm.Power) bool {
	return slices.ContainsFunc(s.SupportFacts.Aggressions, func(a storm.Aggression) bool {
		return a.Aggressor == p && aggressionCounted(a) && a.Target != track.FirstAggression[p]
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
	Declarers []storm.Power   `json:"declarers"`
	Against   []storm.Power   `json:"against"`
	Mode      DeclarationMode `json:"mode"`
	// Barred lists every restriction that bars it, each with its rule;
	// BarredBy the rule of each, for a refusal (Refusal).
	Barred   []string `json:"barred,omitempty"`
	BarredBy []string `json:"barred_by,omitempty"`
	// If is a condition the option depends on (32.71C: Russia after an
	// Allied pre-emptive declaration this turn).
	If string `json:"if,omitempty"`
	// Thresholds are the declarers' thresholds: Germany's against Britain
	// and against France, Britain's and France's, Germany's or Russia's.
	Thresholds []storm.Threshold `json:"thresholds"`
	// Concession is what prevents a threatened war (32.83), for MayThreaten.
	Concession *storm.Concession `json:"concession,omitempty"`
}

// bar adds a restriction that bars o, with its rule.
func (o *PreemptiveOption) bar(rule, format string, a ...any) {
	o.Barred = append(o.Barred, fmt.Sprintf(format, a...)+" ("+rule+")")
	o.BarredBy = append(o.BarredBy, rule)
}

// Refusal words why o may not be declared, for the refusal of an order:
// the rules of its restrictions (each once) and the restrictions.
func (o PreemptiveOption) Refusal() (rule, msg string) {
	var rules []string
	for _, r := range o.BarredBy {
		for _, x := range strings.Split(r, ", ") {
			if !slices.Contains(rules, x) {
				rules = append(rules, x)
			}
		}
	}
	return strings.Join(rules, ", "), strings.Join(o.Barred, "; ")
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
// when 32.71A applies, with the tile its crisis drew (r-32-71c), and
// counts 32.72F with the Allied powers at war with Germany from a crisis
// of the turn (both at war in the 32.71C option); WarThreshold gives the
// figure for other circumstances.
//
// After a war in a crisis (26.12: "including by the outbreak of war";
// r-32-81-after-war) the options are those 26.12 allows, read from
// State.War: the Allies declared war in response to an aggression (32.41B
// bars Germany, 26.12A); the Allies may declare on the other Axis power,
// whose partner's aggression led to the war (26.12B, 32.81C); Russia may
// declare on Germany (26.12C), the crisis's target its 32.71A target, the
// Allied powers that declared on Germany at war for 32.72F.
func PreemptiveOptions(s storm.State, aggressedThisTurn map[storm.Power]bool, warDeclaredOnAxis bool) []PreemptiveOption {
	var out []PreemptiveOption
	balance := track.BalanceOfPower(s) // 32.32: read by every threshold below
	crisisWars := crisisWars(s)
	inCrisisWar := map[storm.Power]bool{} // the aggressors the Allies declared war on in a crisis
	var atWarWithGermany []storm.Power    // 32.72F
	for _, w := range crisisWars {
		// The declarers' thresholds name them (State.War's Declarers merge
		// every war of the turn, track.DeclareWar).
		for _, t := range w.Thresholds {
			warDeclaredOnAxis = true // 32.41B, 26.12A
			inCrisisWar[w.Aggressor] = true
			if t.Against == storm.Germany {
				atWarWithGermany = storm.AppendNew(atWarWithGermany, t.From)
			}
		}
	}
	rhineland := storm.CompletedBy(s, storm.Germany, storm.Rhineland)
	germanBars := func(o *PreemptiveOption) {
		if !rhineland {
			o.bar("32.41A, 32.22A", "Germany has not remilitarized the Rhineland")
		}
		if warDeclaredOnAxis {
			o.bar("32.41B, 32.22A", "the Allies declared war on an Axis power in response to an aggression this turn")
		}
	}
	germanMode := func(o *PreemptiveOption) {
		switch {
		case len(o.Barred) > 0:
			o.Mode = MayNot
		case fullyMobilized(s, storm.Germany):
			o.Mode = MayDeclare // 32.41C
		default:
			o.Mode = MayThreaten // 32.41C, 32.44
			c := ConcessionParties(o.Thresholds)
			o.Concession = &c
		}
	}

	// 32.42: Germany on Britain and France, both or neither.
	ga := PreemptiveOption{Declarers: []storm.Power{storm.Germany}, Against: []storm.Power{storm.Britain, storm.France}}
	germanBars(&ga)
	for _, p := range ga.Against {
		t := WarThreshold(s, storm.Germany, p, ThresholdOptions{Preemptive: true, balance: &balance})
		ga.Thresholds = append(ga.Thresholds, t)
		if !t.Meets {
			ga.bar("32.42", "threshold against %s not exceeded: net %+d", p.Title(), t.Net)
		}
	}
	germanMode(&ga)
	out = append(out, ga)

	// 32.43: Germany on Russia.
	gr := PreemptiveOption{Declarers: []storm.Power{storm.Germany}, Against: []storm.Power{storm.Russia}}
	germanBars(&gr)
	if storm.PactInEffect(s) {
		gr.bar("32.21A, 32.22A, 32.43", "the Nazi-Soviet Pact is in effect")
	}
	if !storm.CompletedBy(s, storm.Germany, "Poland") && !storm.CompletedBy(s, storm.Germany, storm.BalticStates) {
		gr.bar("32.43", "Germany controls neither Poland nor the Baltic States")
	}
	t := WarThreshold(s, storm.Germany, storm.Russia, ThresholdOptions{Preemptive: true, balance: &balance})
	gr.Thresholds = []storm.Threshold{t}
	if !t.Meets {
		gr.bar("32.43", "threshold not exceeded: net %+d", t.Net)
	}
	germanMode(&gr)
	out = append(out, gr)

	// 32.61B, 32.81C: the Allies jointly on the more aggressive Axis power.
	aggressive := MoreAggressive(s)
	both := fullyMobilized(s, storm.Britain) && fullyMobilized(s, storm.France)
	alliedOnGermany := false
	for _, axis := range []storm.Power{storm.Germany, storm.Italy} {
		o := PreemptiveOption{Declarers: []storm.Power{storm.Britain, storm.France}, Against: []storm.Power{axis}}
		if axis != aggressive {
			tie := ""
			if AggressionTotal(s, storm.Germany) == AggressionTotal(s, storm.Italy) {
				tie = ", Germany when tied"
			}
			o.bar("32.61B", "Britain and France may declare pre-emptive war only on the more aggressive Axis power, %s: aggression totals Germany %d, Italy %d%s",
				aggressive.Title(), AggressionTotal(s, storm.Germany), AggressionTotal(s, storm.Italy), tie)
		}
		var aggressors []storm.Power
		for _, p := range []storm.Power{storm.Germany, storm.Italy} {
			// 32.81C, 26.12B: the other Axis power's aggression that led to
			// an Allied declaration of war does not bar this one.
			if aggressedThisTurn[p] && !(p != axis && inCrisisWar[p]) {
				aggressors = append(aggressors, p)
			}
		}
		if len(aggressors) > 0 {
			o.bar("32.61B, 32.81C", "%s committed an aggression this turn", storm.JoinAnd(storm.PowerTitles(aggressors)))
		}
		if !both && !CarriedOutSecondAggression(s, axis) {
			o.bar("32.61B", "Britain and France are not both fully mobilized and %s has carried out no second aggression", axis.Title())
		}
		for _, p := range o.Declarers {
			t := WarThreshold(s, p, axis, ThresholdOptions{Preemptive: true, balance: &balance})
			o.Thresholds = append(o.Thresholds, t)
			if !t.Meets {
				o.bar("32.61B", "%s's threshold not exceeded: net %+d (both must meet theirs)", p.Title(), t.Net)
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
		alliedOnGermany = alliedOnGermany || (axis == storm.Germany && o.Mode != MayNot)
		out = append(out, o)
	}

	// 32.71, 32.72: Russia on Germany.
	target, tile, conditions := russianConditions(s, aggressedThisTurn)
	russia := func(atWar []storm.Power, ok bool, ifWhat string) PreemptiveOption {
		o := PreemptiveOption{Declarers: []storm.Power{storm.Russia}, Against: []storm.Power{storm.Germany}, If: ifWhat}
		if storm.PactInEffect(s) {
			o.bar("32.21E, 32.22B, 32.73", "the Nazi-Soviet Pact is in effect")
		}
		if !ok {
			o.bar("32.71", "none of the conditions of 32.71A-D is met")
		}
		t := WarThreshold(s, storm.Russia, storm.Germany, ThresholdOptions{Target: target, Tile: tile, AtWarWithGermany: atWar})
		o.Thresholds = []storm.Threshold{t}
		if !t.Meets {
			o.bar("32.71, 32.72", "threshold not exceeded: net %+d", t.Net)
		}
		o.Mode = MayDeclare
		if len(o.Barred) > 0 {
			o.Mode = MayNot
		}
		return o
	}
	out = append(out, russia(atWarWithGermany, len(conditions) > 0, ""))
	if alliedOnGermany {
		out = append(out, russia([]storm.Power{storm.Britain, storm.France}, true,
			"Britain and France declare pre-emptive war on Germany this turn (32.71C; 32.72F: both at war)"))
	}
	return out
}

// russianConditions are the conditions of 32.71A, B and D that hold (C,
// an Allied pre-emptive declaration this turn, is PreemptiveOptions' own
// option), and the target of 32.71A, "" for none: a German aggression
// of this turn against Poland (Danzig and the Corridor included, 31.61),
// the Baltic States or a country with a Russian flag, either successful
// (recorded in SupportFacts.Aggressions with this turn) or the one that
// went to war in its crisis (26.12C: Germany attacked, so it is carrying
// out the aggression; a war leaves no record, 34.51C). tile is the 28.5
// tile the crisis over the target drew, 0 if none (r-32-71c).
func russianConditions(s storm.State, aggressedThisTurn map[storm.Power]bool) (target string, tile int, met []string) {
	russianTarget := func(t string) bool {
		whole := wholeCountry(t)
		m := s.Minor(whole)
		return whole == "Poland" || whole == storm.BalticStates || (m != nil && m.FlagsOf(storm.Russia) > 0)
	}
	if aggressedThisTurn[storm.Germany] {
		var candidates []string
		for _, a := range s.SupportFacts.Aggressions {
			if a.Aggressor == storm.Germany && a.Turn == s.Turn {
				candidates = append(candidates, a.Target)
			}
		}
		for _, w := range crisisWars(s) {
			if w.Aggressor == storm.Germany {
				candidates = append(candidates, w.Target)
			}
		}
		for _, c := range candidates {
			if russianTarget(c) && target == "" {
				target = c
				met = append(met, "32.71A")
			}
		}
		if c := s.Crisis.CrisisOf(storm.Germany); target != "" && c != nil && c.Target == target {
			tile = c.Tile
		}
	}
	for _, c := range []string{"Poland", storm.BalticStates} {
		if slices.ContainsFunc(s.SupportFacts.Aggressions, func(a storm.Aggression) bool {
			return a.Aggressor == storm.Germany && a.Target == c && a.Completed != nil && a.Completed.Before(s.Turn)
		}) {
			met = append(met, "32.71B")
			break
		}
	}
	if s.Russia.Cohesion == storm.FullCohesion {
		met = append(met, "32.71D")
	}
	return target, tile, met
}

// crisisWars are the wars of this turn's crises (27.83): State.War and the
// others of the turn (War.More) whose Kind is "crisis".
func crisisWars(s storm.State) []storm.War {
	if s.War == nil {
		return nil
	}
	var out []storm.War
	for _, w := range append([]storm.War{*s.War}, s.War.More...) {
		if w.Kind == "crisis" {
			out = append(out, w)
		}
	}
	return out
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

// ConcessionParties is 32.83C for the thresholds of one threatened
// declaration: Germany's against Britain and France are based on the one
// against the Allied power with the higher support, which concedes;
// Britain's and France's on the one with the lower support, which gains
// what Germany or Italy concedes; otherwise (Germany on Russia) the one
// threshold, the target conceding. Ties go to the first threshold given
// (Britain, first in the order of play, 7.21; r-32-83c-tie).
func ConcessionParties(thresholds []storm.Threshold) storm.Concession {
	if len(thresholds) == 0 {
		return storm.Concession{}
	}
	basis := thresholds[0]
	byAllies := storm.SideOf(basis.From) == storm.Allies
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
	c := storm.Concession{BasisFrom: basis.From, BasisAgainst: basis.Against, Excess: basis.Excess(),
		Conceders: []storm.Power{basis.Against}, Beneficiaries: []storm.Power{basis.From}}
	c.Support, c.Preventable = ConcessionRequired(c.Excess)
	return c
}
