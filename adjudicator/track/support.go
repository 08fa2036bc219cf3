package track

import (
	"fmt"

	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
)

// Support levels (10). A power's support level starts from zero every turn
// (10.31) and is the sum of the modifiers of 10.4-10.9 that apply. Each
// modifier is reported (SupportDetermined) so the report can explain the
// level. Modifiers whose facts are set by later issues (aggressions, the
// Nazi-Soviet Pact, flags in Russia, random events, crises) read the fields
// of SupportFacts and PowerEconomy; they are computed and tested now.

// SupportBreakdown lists the modifiers of p's support level at the start of
// the current turn (10.31: from zero), zero modifiers left out. The Russian
// garrison modifier (10.91D) is read from the last garrison check.
func SupportBreakdown(s storm.State, p storm.Power) []storm.SupportModifier {
	var mods []storm.SupportModifier
	add := func(rule, what string, v int) {
		if v != 0 {
			mods = append(mods, storm.SupportModifier{Rule: rule, What: what, Value: v})
		}
	}
	ps := s.Powers[p]
	if ps == nil {
		return nil
	}
	// 10.41A: military factories.
	add("10.41A", fmt.Sprintf("%d military factories", ps.Factories.Military), MobilizationSupport(p, ps.Factories.Military))
	// 10.41B, 10.41C: support random events of this turn.
	add("10.41B", "support random events", ps.Economy.SupportEvents)
	// 10.41D: the deficit of the previous turn.
	add("10.41D", "previous turn's deficit", -ps.Economy.Deficit)
	// Research results (10.51A, 10.71A, 10.81A, 10.91A; Italy has no
	// research modifier, 10.61): the research table says which results
	// raise support (research_table.go, ResearchSupport).
	if rule, ok := researchSupportRule[p]; ok {
		add(rule, "research results", ResearchSupport(s, p))
	}
	for _, m := range aggressionSupport(s, p) {
		add(m.Rule, m.What, m.Value)
	}
	// 10.51C, 10.61B, 10.71D, 10.81D, 10.91F: flags in Russia.
	if p == storm.Russia {
		n := 0
		for _, q := range storm.Powers {
			if q != storm.Russia { // a Russian flag there changes no support (10.91F)
				n += s.SupportFacts.FlagsInRussia[q]
			}
		}
		add("10.91F", "foreign flags in Russia", -n)
	} else {
		add(flagsInRussiaRule[p], "own flags in Russia", s.SupportFacts.FlagsInRussia[p])
	}
	// 10.71C, 10.81C: shipbuilding increases of the Axis rival, mobilized
	// in the game (one at most, 19.32; the pre-game ones of 14.9 are not).
	if rival, ok := shipbuildingRival[p]; ok {
		add(rival.Rule, rival.Power.Title()+" shipbuilding increase", storm.ShipyardsMobilized(s, rival.Power))
	}
	// 10.71E, 10.81E, 10.91C: the Nazi-Soviet Pact, from the turn after.
	if pt := s.SupportFacts.PactSigned; pt != nil && pt.Before(s.Turn) && !s.Conditions.PactViolated { // 31.83A: not once broken
		add(pactRule[p], "Nazi-Soviet Pact", pactSupport[p])
	}
	// 10.71F, 10.81F: post-1940 increases.
	if p == storm.Britain || p == storm.France {
		rule := map[storm.Power]string{storm.Britain: "10.71F", storm.France: "10.81F"}[p]
		add(rule, "post-1940 increases", PostWarIncrease(s.Turn))
	}
	// 10.91D: the Russian garrison; 10.91E, 22.73A: cohesion.
	if p == storm.Russia {
		add("10.91D", "Russian garrison", s.Russia.Garrison.Support)
		add("10.91E", string(s.Russia.Cohesion)+" cohesion", CohesionSupport[s.Russia.Cohesion])
	}
	// Grants: temporary aggression increases and crisis effects.
	for _, g := range ps.Economy.Grants {
		if g.ActiveAt(s.Turn) && g.Value != 0 {
			mods = append(mods, storm.SupportModifier{Rule: g.Rule, What: g.What, Value: g.Value, Reading: g.Reading})
		}
	}
	return mods
}

// SupportLevel is p's support level at the start of the turn: zero (10.31)
// plus every modifier of SupportBreakdown (10.14: it may be negative).
func SupportLevel(s storm.State, p storm.Power) int { return SupportSum(SupportBreakdown(s, p)) }

// SupportSum is the support level made of mods: zero plus each (10.31).
func SupportSum(mods []storm.SupportModifier) int {
	n := 0
	for _, m := range mods {
		n += m.Value
	}
	return n
}

// researchSupportRule is the rule of each power's research support
// modifier (10.51A, 10.71A, 10.81A, 10.91A); 10.61 gives Italy none.
var researchSupportRule = map[storm.Power]string{
	storm.Germany: "10.51A", storm.Britain: "10.71A", storm.France: "10.81A", storm.Russia: "10.91A",
}

// flagsInRussiaRule: each own flag in Russia is +1 (10.51C, 10.61B, 10.71D,
// 10.81D; 10.91F).
var flagsInRussiaRule = map[storm.Power]string{
	storm.Germany: "10.51C", storm.Italy: "10.61B", storm.Britain: "10.71D", storm.France: "10.81D",
}

// shipbuildingRival: Britain gains from German, France from Italian
// shipbuilding increases (10.71C, 10.81C).
var shipbuildingRival = map[storm.Power]struct {
	Power storm.Power
	Rule  string
}{
	storm.Britain: {storm.Germany, "10.71C"},
	storm.France:  {storm.Italy, "10.81C"},
}

// pactSupport: the Nazi-Soviet Pact raises British, French and Russian
// support by one from the turn after its signing (10.71E, 10.81E, 10.91C).
var pactSupport = map[storm.Power]int{storm.Britain: 1, storm.France: 1, storm.Russia: 1}
var pactRule = map[storm.Power]string{storm.Britain: "10.71E", storm.France: "10.81E", storm.Russia: "10.91C"}

// firstPostWarTurn is Spring 1941 (10.71F, 10.81F).
var firstPostWarTurn = storm.Turn{Year: 1941, Season: storm.Spring}

// PostWarIncrease is the cumulative British and French support increase of
// 10.71F and 10.81F: +1 in Spring 1941, +2 in Summer 1941, and so on.
func PostWarIncrease(t storm.Turn) int {
	return max(t.Index()-firstPostWarTurn.Index()+1, 0)
}

// CohesionSupport is the Russian support by cohesion level (10.91E, 22.73A).
var CohesionSupport = map[storm.Cohesion]int{
	storm.LowCohesion:    -1, // 22.73A
	storm.MediumCohesion: 0,  // 22.73A
	storm.HighCohesion:   +1, // 22.73A
	storm.FullCohesion:   +2, // 22.73A
}

// aggressionSupport lists the permanent support modifiers from Axis
// aggressions that apply to p this turn (10.51B, 10.61A, 10.71B, 10.81B,
// 10.91B). Each applies from the turn after its cause.
func aggressionSupport(s storm.State, p storm.Power) []storm.SupportModifier {
	var mods []storm.SupportModifier
	f := s.SupportFacts
	completedBefore := func(by storm.Power, target string) bool {
		for _, a := range f.Aggressions {
			if a.Aggressor == by && a.Target == target && a.Completed != nil && a.Completed.Before(s.Turn) {
				return true
			}
		}
		return false
	}
	// 10.51B, 10.61A, 10.91B: the permanent increases of the table of 30
	// (aggressioneffects.go), from the turn after the completion.
	for _, r := range storm.EffectTable(s) {
		by, _ := storm.ParsePower(r.Aggressor)
		if r.Kind != storm.AggrPermanentSupport || r.Power != p.String() || !completedBefore(by, r.Target) {
			continue
		}
		mods = append(mods, storm.SupportModifier{Rule: r.Rule, What: permanentWhat(p, by, r.Target), Value: r.Value})
	}
	switch p {
	case storm.Britain, storm.France:
		if by := SecondAggressors(s); len(by) > 0 {
			rule := map[storm.Power]string{storm.Britain: "10.71B", storm.France: "10.81B"}[p]
			mods = append(mods, storm.SupportModifier{Rule: rule, What: "second Axis aggression", Value: 1})
		}
	case storm.Russia:
		if t := f.NoPactProposed; t != nil && t.Before(s.Turn) {
			mods = append(mods, storm.SupportModifier{Rule: "10.91B", What: "aggression against Poland without a pact proposal", Value: 1})
		}
	}
	return mods
}

// SecondAggressors returns the Axis powers that have carried out a second
// aggression before the current turn (10.71B, 10.81B), as 32.61B defines
// one: a German aggression other than the Rhineland, an Italian one other
// than Ethiopia (FirstAggression). See docs/rules.md r-10-71b.
func SecondAggressors(s storm.State) []storm.Power {
	var out []storm.Power
	for _, p := range []storm.Power{storm.Germany, storm.Italy} {
		for _, a := range s.SupportFacts.Aggressions {
			if a.Aggressor == p && a.Target != FirstAggression[p] && a.Turn.Before(s.Turn) {
				out = append(out, p)
				break
			}
		}
	}
	return out
}

// FirstAggression is each Axis power's aggression that is not a second
// one (32.61B's definition): Germany's Rhineland, Italy's Ethiopia.
var FirstAggression = map[storm.Power]string{
	storm.Germany: storm.Rhineland, // 32.61B
	storm.Italy:   storm.Ethiopia,  // 32.61B
}

// ChangeSupport changes p's support level during a turn (11.52A): the
// support level moves by delta and p gains or loses as many tile points at
// once. A loss beyond the tile points held is a deficit that reduces the
// next turn's support (10.41D, 6.12). Changes from the Russian garrison do
// not touch tile points (11.52B): pass tiles=false.
func ChangeSupport(s *storm.State, p storm.Power, delta int, rule, what string, tiles bool, evs *[]event.Event) {
	ps := s.Powers[p]
	if ps == nil || delta == 0 {
		return
	}
	ps.Support += delta
	ev := event.SupportChanged{Power: p, Rule: rule, What: what, Delta: delta, Support: ps.Support}
	if tiles {
		if delta > 0 {
			ps.TilePoints += delta
		} else {
			ev.Deficit = PayMandatory(ps, -delta) // 10.41D
		}
		ev.TileDelta = delta + ev.Deficit
	}
	ev.TilePoints = ps.TilePoints
	*evs = append(*evs, ev)
}

// PayMandatory pays a cost p may not refuse from its tile points; what
// they cannot pay is a deficit that lowers the next turn's support
// (6.12, 10.41D), returned.
func PayMandatory(ps *storm.PowerState, cost int) (short int) {
	paid := min(cost, ps.TilePoints)
	ps.TilePoints -= paid
	short = cost - paid
	ps.Economy.DeficitThisTurn += short
	return short
}

// AddSupportGrant records a support increase lasting turns turns (0: the
// rest of the game) from turn from on, e.g. a temporary British increase
// after an aggression (10.71B) or a crisis effect (27.62A).
func AddSupportGrant(s *storm.State, p storm.Power, g storm.SupportGrant) {
	if ps := s.Powers[p]; ps != nil {
		ps.Economy.Grants = append(ps.Economy.Grants, g)
	}
}

// RussiaMustBuild reports whether Russia must build at least one unit this
// turn because its support level is negative (10.92, 18.51).
func RussiaMustBuild(s storm.State) bool {
	ru := s.Powers[storm.Russia]
	return ru != nil && ru.Support < 0
}

// permanentWhat words a permanent support increase of an aggression.
func permanentWhat(p, by storm.Power, target string) string {
	switch {
	case p == storm.Germany && by == storm.Germany && target == storm.BalticStates:
		return "annexation of the Baltic States"
	case by == storm.Germany && target == storm.BalticStates:
		return "German occupation of the Baltic States"
	case by == storm.Germany && target == "Poland":
		return "German occupation of Poland"
	case by == storm.Italy && target == storm.Ethiopia:
		return "conquest of Ethiopia"
	}
	return by.Title() + " aggression against " + target
}
