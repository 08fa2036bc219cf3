package adjudicator

import (
	"fmt"
	"slices"
	"strings"
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

// Effect kinds of the table.
const (
	// AggrValue is a target's value: victory points (34.51A, 34.52A),
	// additional random events (9.14A) and the aggression total (32.61B).
	AggrValue = "value"
	// AggrEAI raises the EAI from the turn after (23.21A, 23.22).
	AggrEAI = "eai"
	// AggrPermanentSupport raises Power's support from the turn after
	// the aggression is completed, for the rest of the game (10.51B,
	// 10.61A, 10.91B).
	AggrPermanentSupport = "permanent-support"
	// AggrTemporarySupport raises the Allied powers' support for Turns
	// turns from the turn after the aggression succeeds (10.71B, 10.81B;
	// 0 turns: as many as the target's value); an Italian aggression's
	// goes to Britain or France by flags (10.71B, 10.81B).
	AggrTemporarySupport = "temporary-support"
	// AggrPurge adds purge events when Germany moves against the target
	// without offering the Nazi-Soviet Pact (31.61C) or at all (31.91C).
	AggrPurge = "purge"
)

var effectKinds = []string{AggrValue, AggrEAI, AggrPermanentSupport, AggrTemporarySupport, AggrPurge}

// AggressionEffect is a row of the table.
type AggressionEffect struct {
	Kind string `json:"kind" toml:"kind"`
	// Aggressor: "germany" or "italy"; empty: either.
	Aggressor string `json:"aggressor,omitempty" toml:"aggressor,omitempty"`
	// Target as 27.31/27.41 spell it; "*": every target but those in
	// Except.
	Target string   `json:"target" toml:"target"`
	Except []string `json:"except,omitempty" toml:"except,omitempty"`
	// Power is who gains (permanent support): a power's name.
	Power    string `json:"power,omitempty" toml:"power,omitempty"`
	Value    int    `json:"value" toml:"value"`
	Turns    int    `json:"turns,omitempty" toml:"turns,omitempty"`
	Rule     string `json:"rule" toml:"rule"`
	Inferred bool   `json:"inferred,omitempty" toml:"inferred,omitempty"`
}

// DefaultAggressionEffects is the table as the rulebook gives it, with the
// inferred temporary increases.
var DefaultAggressionEffects = []AggressionEffect{
	{Kind: AggrValue, Target: Ethiopia, Value: 1, Rule: "34.51A"},
	{Kind: AggrValue, Target: Rhineland, Value: 1, Rule: "34.51A"},
	{Kind: AggrValue, Target: "Albania", Value: 1, Rule: "34.51A"},
	{Kind: AggrValue, Target: "Sudetenland", Value: 1, Rule: "34.51A"},
	{Kind: AggrValue, Target: "Danzig and the Corridor", Value: 1, Rule: "34.51A"},
	{Kind: AggrValue, Target: "Austria", Value: 2, Rule: "34.51A"},
	{Kind: AggrValue, Target: BalticStates, Value: 2, Rule: "34.51A"},
	{Kind: AggrValue, Target: "Greece", Value: 2, Rule: "34.51A"},
	{Kind: AggrValue, Target: "Czechoslovakia", Value: 3, Rule: "34.51A"},
	{Kind: AggrValue, Target: "Yugoslavia", Value: 3, Rule: "34.51A"},
	{Kind: AggrValue, Target: "Poland", Value: 4, Rule: "34.51A"},
	{Kind: AggrEAI, Target: "Austria", Value: 1, Rule: "23.21A"},
	{Kind: AggrEAI, Target: "Czechoslovakia", Value: 1, Rule: "23.21A"},
	{Kind: AggrEAI, Target: "Poland", Value: 1, Rule: "23.21A"},
	{Kind: AggrEAI, Target: BalticStates, Value: 1, Rule: "23.21A"},
	{Kind: AggrEAI, Target: "Yugoslavia", Value: 1, Rule: "23.21A"},
	{Kind: AggrEAI, Target: "Greece", Value: 1, Rule: "23.21A"},
	{Kind: AggrPermanentSupport, Aggressor: "germany", Target: BalticStates, Power: "germany", Value: 1, Rule: "10.51B"},
	{Kind: AggrPermanentSupport, Aggressor: "italy", Target: Ethiopia, Power: "italy", Value: 1, Rule: "10.61A"},
	{Kind: AggrPermanentSupport, Aggressor: "germany", Target: "Poland", Power: "russia", Value: 2, Rule: "10.91B"},
	{Kind: AggrPermanentSupport, Aggressor: "germany", Target: BalticStates, Power: "russia", Value: 1, Rule: "10.91B"},
	{Kind: AggrTemporarySupport, Target: "*", Except: []string{Ethiopia, Rhineland, BalticStates}, Value: 1, Rule: "10.71B, 10.81B", Inferred: true},
	{Kind: AggrPurge, Aggressor: "germany", Target: "Danzig and the Corridor", Value: 1, Rule: "31.61C"},
	{Kind: AggrPurge, Aggressor: "germany", Target: "Poland", Value: 7, Rule: "31.61C"},
	{Kind: AggrPurge, Aggressor: "germany", Target: BalticStates, Value: 2, Rule: "31.91C"},
}

// WithAggressionEffects returns s playing with the table rows instead of
// DefaultAggressionEffects; rows are checked (CheckAggressionEffects).
func WithAggressionEffects(s State, rows []AggressionEffect) (State, error) {
	if err := CheckAggressionEffects(rows); err != nil {
		return s, err
	}
	c := s.Clone()
	c.AggressionEffects = cloneEffects(rows)
	return c, nil
}

func cloneEffects(rows []AggressionEffect) []AggressionEffect {
	out := cloneSlice(rows)
	for i := range out {
		out[i].Except = cloneSlice(rows[i].Except)
	}
	return out
}

// CheckAggressionEffects checks a table: known kinds, targets and powers,
// a rule on every row, and a value for every target.
func CheckAggressionEffects(rows []AggressionEffect) error {
	var errs []string
	targets := map[string]bool{"*": true}
	for _, ts := range aggressionTargets {
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
		if r.Kind == AggrPermanentSupport {
			if _, ok := ParsePower(r.Power); !ok {
				errs = append(errs, fmt.Sprintf("%s: power %q is not a major power", at, r.Power))
			}
		}
		if r.Rule == "" {
			errs = append(errs, fmt.Sprintf("%s: every row names its rule", at))
		}
		if r.Turns < 0 {
			errs = append(errs, fmt.Sprintf("%s: turns may not be negative", at))
		}
		if r.Kind == AggrValue {
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

// effectTable is the game's table.
func effectTable(s State) []AggressionEffect {
	if s.AggressionEffects != nil {
		return s.AggressionEffects
	}
	return DefaultAggressionEffects
}

// effectRows are the rows of kind that apply to an aggression of by
// against target (by 0: any aggressor).
func effectRows(s State, kind string, by Power, target string) []AggressionEffect {
	var out []AggressionEffect
	for _, r := range effectTable(s) {
		if r.Kind != kind || (r.Aggressor != "" && by != 0 && r.Aggressor != by.String()) {
			continue
		}
		if r.Target == target || (r.Target == "*" && !slices.Contains(r.Except, target)) {
			out = append(out, r)
		}
	}
	return out
}

// effectSum is the sum of the values of the rows of kind for an
// aggression of by against target, and the rules they cite.
func effectSum(s State, kind string, by Power, target string) (int, string) {
	n := 0
	var rules []string
	for _, r := range effectRows(s, kind, by, target) {
		n += r.Value
		if !slices.Contains(rules, r.Rule) {
			rules = append(rules, r.Rule)
		}
	}
	return n, strings.Join(rules, ", ")
}

// aggressionValueIn is target's value in s's table (34.51A).
func aggressionValueIn(s State, target string) int {
	n, _ := effectSum(s, AggrValue, 0, target)
	return n
}

// temporarySupport grants the Allied powers their temporary increases
// after a successful aggression (10.71B, 10.81B): from the next turn, for
// the row's turns or as many as the target's value; an Italian aggression
// against Albania, Greece or Yugoslavia benefits only the Allied power
// with more flags there (AlliedBeneficiary). When the increase ends it
// leaves its residual income (11.71).
func temporarySupport(s *State, a Aggression, evs *[]Event) {
	rows := effectRows(*s, AggrTemporarySupport, a.Aggressor, a.Target)
	for _, r := range rows {
		turns := r.Turns
		if turns == 0 {
			turns = aggressionValueIn(*s, a.Target)
		}
		gains := []Power{Britain, France}
		if a.Aggressor == Italy && a.Target != Ethiopia {
			gains = []Power{a.AlliedBeneficiary()}
		}
		for _, p := range gains {
			rule := map[Power]string{Britain: "10.71B", France: "10.81B"}[p]
			g := SupportGrant{Rule: rule, What: fmt.Sprintf("temporary increase after the %s aggression against %s", a.Aggressor.Title(), a.Target),
				Value: r.Value, From: s.Turn.Next(), Turns: turns, Residual: true}
			AddSupportGrant(s, p, g)
			*evs = append(*evs, SupportGranted{Power: p, Grant: g, Inferred: r.Inferred})
		}
	}
}

// SupportGranted reports a support increase for later turns (10.71B,
// 10.81B); Inferred: its figures come from the table's inferred row.
type SupportGranted struct {
	Power    Power        `json:"power"`
	Grant    SupportGrant `json:"grant"`
	Inferred bool         `json:"inferred,omitempty"`
}

func (SupportGranted) Visibility() Visibility { return public }
func (SupportGranted) Type() string           { return "SupportGranted" }

func init() { eventTypes["SupportGranted"] = decode[SupportGranted] }

// britishLead reports more British than French flags in target and the
// minor countries bordering it (10.71B, 10.81B, 12.22E).
func britishLead(s State, target string) bool {
	b, f := 0, 0
	for _, name := range append([]string{target}, Borders(target)...) {
		if m := s.Minor(name); m != nil {
			c := m.FlagCounts()
			b += c[Britain]
			f += c[France]
		}
	}
	return b > f
}
