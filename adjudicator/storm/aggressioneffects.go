package storm

import (
	"slices"
	"strings"
)

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
	// without offering the Nazi-Soviet Pact (31.61C) or at all (31.91C),
	// while no pact has been signed (22.31C).
	AggrPurge = "purge"
)

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

// CloneEffects copies a table of aggression effects, rows and exceptions.
func CloneEffects(rows []AggressionEffect) []AggressionEffect {
	out := slices.Clone(rows)
	for i := range out {
		out[i].Except = slices.Clone(rows[i].Except)
	}
	return out
}

// EffectTable is the game's table.
func EffectTable(s State) []AggressionEffect {
	if s.AggressionEffects != nil {
		return s.AggressionEffects
	}
	return DefaultAggressionEffects
}

// EffectRows are the rows of kind that apply to an aggression of by
// against target (by 0: any aggressor).
func EffectRows(s State, kind string, by Power, target string) []AggressionEffect {
	var out []AggressionEffect
	for _, r := range EffectTable(s) {
		if r.Kind != kind || (r.Aggressor != "" && by != 0 && r.Aggressor != by.String()) {
			continue
		}
		if r.Target == target || (r.Target == "*" && !slices.Contains(r.Except, target)) {
			out = append(out, r)
		}
	}
	return out
}

// EffectSum is the sum of the values of the rows of kind for an
// aggression of by against target, and the rules they cite.
func EffectSum(s State, kind string, by Power, target string) (int, string) {
	n := 0
	var rules []string
	for _, r := range EffectRows(s, kind, by, target) {
		n += r.Value
		if !slices.Contains(rules, r.Rule) {
			rules = append(rules, r.Rule)
		}
	}
	return n, strings.Join(rules, ", ")
}

// AggressionValueIn is target's value in s's table (34.51A).
func AggressionValueIn(s State, target string) int {
	n, _ := EffectSum(s, AggrValue, 0, target)
	return n
}
