package track

import (
	"fmt"

	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
)

// The European Aggression Index (23). The EAI is determined at the start of
// every turn, after the public random events (23.21, 23.22, 23.31A), as the
// sum of its modifiers within -5..+5 (23.26). Permanent modifiers (Axis
// aggressions, the Nazi-Soviet Pact: 23.23) are read from the support facts;
// random event modifiers (23.24) are kept as one net residual value that
// loses one point at the start of each turn (23.25); the economic climate
// (23.21D) and civil wars (23.21E) count while they last.

// EAI bounds (23.26).
const (
	MaxEAI = 5
	MinEAI = -5
)

// EAIBreakdown returns the modifiers of the EAI in s (23.21).
func EAIBreakdown(s storm.State) []storm.EAITerm {
	var terms []storm.EAITerm
	add := func(rule, what string, v int) {
		if v != 0 {
			terms = append(terms, storm.EAITerm{Rule: rule, What: what, Value: v})
		}
	}
	// 23.21A, 23.22: from the turn after a German aggression is completed,
	// or after an Italian aggression starts.
	for _, a := range s.SupportFacts.Aggressions {
		n, rule := storm.EffectSum(s, storm.AggrEAI, a.Aggressor, a.Target) // the table of 30 (aggressioneffects.go)
		if n == 0 {
			continue
		}
		switch {
		case a.Aggressor == storm.Germany && a.Completed != nil && a.Completed.Before(s.Turn):
			add(rule, a.Aggressor.Title()+" aggression against "+a.Target, n)
		case a.Aggressor == storm.Italy && a.Turn.Before(s.Turn):
			add(rule, a.Aggressor.Title()+" aggression against "+a.Target, n)
		}
	}
	// 23.21B, 23.22: the Nazi-Soviet Pact, from the end of the turn it is
	// negotiated (so from the next determination), permanent (23.23).
	if pt := s.SupportFacts.PactSigned; pt != nil && pt.Before(s.Turn) {
		add("23.21B", "Nazi-Soviet Pact", 1)
	}
	add("23.21C", "random events", s.EAIFacts.RandomEvents) // 23.24, 23.25
	for _, m := range s.EAIFacts.Modifiers {
		if m.ActiveAt(s.Turn) {
			add(m.Rule, m.What, m.Value)
		}
	}
	add("23.21D", fmt.Sprintf("economic climate %+d", s.EconomicClimate), ClimateEAI(s.EconomicClimate)) // 11.35B
	if len(s.EAIFacts.CivilWars) > 0 {
		add("23.21E", "civil war being fought", 1) // at most +1
	}
	return terms
}

// EAILevel is the EAI of s: its modifiers' sum within -5..+5 (23.26); +5
// once war has broken out (23.27).
func EAILevel(s storm.State) int {
	if s.Ended {
		return MaxEAI // 23.27
	}
	n := 0
	for _, t := range EAIBreakdown(s) {
		n += t.Value
	}
	return min(max(n, MinEAI), MaxEAI) // 23.26
}

// StartEAITurn removes one point of the remaining random event modifiers at
// the start of a turn (23.25), before this turn's events apply.
func StartEAITurn(s *storm.State) {
	switch r := &s.EAIFacts.RandomEvents; {
	case *r > 0:
		*r--
	case *r < 0:
		*r++
	}
}

// RecomputeEAI determines the EAI from its modifiers (23.21) and reports
// it: always when rule is "23.22" (the determination after the public
// random events), otherwise only when the level changes (a modifier taking
// effect during the turn, 23.22).
func RecomputeEAI(s *storm.State, rule string, evs *[]event.Event) {
	before := s.EAI
	s.EAI = EAILevel(*s)
	if rule == "23.22" || s.EAI != before {
		*evs = append(*evs, event.EAIDetermined{Turn: s.Turn, Rule: rule, Before: before, Level: s.EAI,
			Terms: EAIBreakdown(*s)})
	}
}

// EAIChangeRule is the rule an EAI line cites for the change e reports:
// e.Rule, but for the EAI determined again as the economic trend applies
// (11.35B, ApplyEconomicTrend; climate is that trend's event, nil when
// none): the climate's rule only for the change its effect on the EAI
// made (ClimateEAI), 23.21 for a change the other modifiers in force this
// turn made (23.22, 23.25; each term cites its own rule).
func EAIChangeRule(e event.EAIDetermined, climate *event.EconomicClimateChanged) string {
	if e.Rule != "11.35B" || climate == nil {
		return e.Rule
	}
	switch d := ClimateEAI(climate.After) - ClimateEAI(climate.Before); {
	case d == 0:
		return "23.21"
	case d != e.Level-e.Before:
		return "11.35B, 23.21"
	}
	return e.Rule
}

// AddEAIEvent applies a random event's EAI modifier (23.21C): it joins the
// net residual value, offsetting earlier modifiers of the other sign at once
// (23.24), and the EAI is recomputed. For the random events code.
func AddEAIEvent(s *storm.State, value int, what string, evs *[]event.Event) {
	if value == 0 {
		return
	}
	s.EAIFacts.RandomEvents += value
	RecomputeEAI(s, "23.21C", evs)
}
