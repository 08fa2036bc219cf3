package crisis

import (
	"fmt"
	"slices"
	"strings"

	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/track"
)

// The effects of an aggression (30). The rules leave them to the Battle
// Manual's Aggression Effects Guide, which the seeds do not hold; this
// table gathers, as data, the effects the rulebook itself names for each
// aggression, each row with its rule, and infers the one it leaves to the
// guide (the temporary British and French support increases of 10.71B and
// 10.81B: Inferred rows, docs/rules.md "Aggression effects"). A moderator
// who owns the guide replaces the table with a data file
// (testdata/aggression-effects.toml is the table as shipped; config
// aggression_effects), kept in the state so that a game replays with it.
// Effects that other tables already hold as data read their own rows: the
// activity counters of 12.22E (pools.go) and the resistance of neighbours
// (28.41A, resistance.go).

var effectKinds = []string{storm.AggrValue, storm.AggrEAI, storm.AggrPermanentSupport, storm.AggrTemporarySupport, storm.AggrPurge}

// WithAggressionEffects returns s playing with the table rows instead of
// DefaultAggressionEffects; rows are checked (CheckAggressionEffects).
func WithAggressionEffects(s storm.State, rows []storm.AggressionEffect) (storm.State, error) {
	if err := CheckAggressionEffects(rows); err != nil {
		return s, err
	}
	c := s.Clone()
	c.AggressionEffects = storm.CloneEffects(rows)
	return c, nil
}

// CheckAggressionEffects checks a table: known kinds, targets and powers,
// a rule on every row, and a value for every target.
func CheckAggressionEffects(rows []storm.AggressionEffect) error {
	var errs []string
	targets := map[string]bool{"*": true}
	for _, ts := range storm.AggressionTargetsOf {
		for _, t := range ts {
			targets[t] = true
		}
	}
	valued := map[string]bool{}
	for i, r := range rows {
		at := fmt.Sprintf("effect %d (%s %s)", i+1, r.Kind, r.Target)
		if !slices.Contains(effectKinds, r.Kind) {
			errs = append(errs, fmt.Sprintf("%s: kind must be one of %s", at, strings.Join(effectKinds, ", ")))
		}
		if !targets[r.Target] {
			errs = append(errs, fmt.Sprintf("%s: %q is not a target of 27.31 or 27.41 (or *)", at, r.Target))
		}
		for _, x := range r.Except {
			if !targets[x] {
				errs = append(errs, fmt.Sprintf("%s: except %q is not a target", at, x))
			}
		}
		if r.Aggressor != "" && r.Aggressor != "germany" && r.Aggressor != "italy" {
			errs = append(errs, fmt.Sprintf("%s: aggressor must be germany or italy", at))
		}
		if r.Kind == storm.AggrPermanentSupport {
			if _, ok := storm.ParsePower(r.Power); !ok {
				errs = append(errs, fmt.Sprintf("%s: power %q is not a major power", at, r.Power))
			}
		}
		if r.Kind == storm.AggrTemporarySupport && r.Power != "" && r.Power != "britain" && r.Power != "france" {
			errs = append(errs, fmt.Sprintf("%s: power must be britain, france or none (both; an Italian aggression's by flags)", at))
		}
		if r.Rule == "" {
			errs = append(errs, fmt.Sprintf("%s: every row names its rule", at))
		}
		if r.Turns < 0 {
			errs = append(errs, fmt.Sprintf("%s: turns may not be negative", at))
		}
		if r.Kind == storm.AggrValue {
			valued[r.Target] = true
		}
	}
	for t := range targets {
		if t != "*" && !valued[t] {
			errs = append(errs, fmt.Sprintf("no value row for %s (34.51A)", t))
		}
	}
	slices.Sort(errs)
	if len(errs) > 0 {
		return fmt.Errorf("adjudicator: aggression effects: %s", strings.Join(errs, "; "))
	}
	return nil
}

// temporarySupport grants the Allied powers their temporary increases
// after a successful aggression (10.71B, 10.81B): from the next turn, for
// the row's turns or as many as the target's value; an Italian aggression
// against Albania, Greece or Yugoslavia benefits only the Allied power
// with more flags there (AlliedBeneficiary); a row naming one Allied
// power applies to it alone, and for such an Italian aggression only if
// it is that beneficiary. An inferred row's grant carries the judge's reading
// (r-30-temporary) into every term it feeds. When the increase ends it
// leaves its residual income (11.71).
func temporarySupport(s *storm.State, a storm.Aggression, evs *[]event.Event) {
	rows := storm.EffectRows(*s, storm.AggrTemporarySupport, a.Aggressor, a.Target)
	for _, r := range rows {
		turns := r.Turns
		if turns == 0 {
			turns = storm.AggressionValueIn(*s, a.Target)
		}
		gains := []storm.Power{storm.Britain, storm.France}
		if a.Aggressor == storm.Italy && a.Target != storm.Ethiopia { // 10.71B, 10.81B: by flags
			gains = []storm.Power{a.AlliedBeneficiary()}
		}
		if p, ok := storm.ParsePower(r.Power); ok { // a table's row for one Allied power (the guide's figures may differ)
			gains = slices.DeleteFunc(gains, func(q storm.Power) bool { return q != p })
		}
		for _, p := range gains {
			rule := map[storm.Power]string{storm.Britain: "10.71B", storm.France: "10.81B"}[p]
			g := storm.SupportGrant{Rule: rule, What: fmt.Sprintf("temporary increase after %s aggression against %s", storm.Possessive(a.Aggressor.Title()), a.Target),
				Value: r.Value, From: s.Turn.Next(), Turns: turns, Residual: true}
			if r.Inferred {
				g.Reading = storm.TemporaryReading // r-30-temporary: the judge's figures, not the guide's
			}
			track.AddSupportGrant(s, p, g)
			*evs = append(*evs, event.SupportGranted{Power: p, Grant: g, Inferred: r.Inferred})
		}
	}
}

// britishLead reports more British than French flags in target and the
// minor countries bordering it (10.71B, 10.81B, 12.22E).
func britishLead(s storm.State, target string) bool {
	b, f := 0, 0
	for _, name := range append([]string{target}, storm.Borders(target)...) {
		if m := s.Minor(name); m != nil {
			c := m.FlagsByPower()
			b += c[storm.Britain]
			f += c[storm.France]
		}
	}
	return b > f
}
