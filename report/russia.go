package report

import (
	"fmt"
	"strings"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
)

// Russian purges and cohesion (22), the EAI (23) and the economic climate
// (11.3): all public.

const randomEventsSection = "Random events phase"

func russiaSection(e event.Event) (string, bool) {
	switch e.(type) {
	case event.PurgeCardDrawn, event.PurgeLevelRaised, event.CohesionChanged,
		event.UnitsPurged, event.FlagInRussiaEliminated,
		event.EAIDetermined, event.EconomicClimateChanged:
		return randomEventsSection, true
	case event.PartyPurgeChosen:
		return storm.SegEconomic.Title() + ": Party purge", true
	case event.PurgeOffsetApplied:
		return storm.SegEconomic.Title() + ": purge events", true
	}
	return "", false
}

// russiaEvent renders a purge, EAI or climate event; false if e is not one.
func russiaEvent(w *writer, e event.Event) bool {
	switch e := e.(type) {
	case event.PurgeCardDrawn:
		w.wrap(fmt.Sprintf("Russia draws the %s card (rule 22.41).", e.Card), "  ")
	case event.UnitsPurged:
		s := fmt.Sprintf("Russia purges %s: to the reserve (rule 22.21A); active now %s.",
			unitCounts(e.Purged), unitCounts(e.Active))
		if e.SiberianGarrison {
			s += " The Siberian garrison was purged: Russia must build a unit each turn until it is rebuilt (rule 22.61B)."
		}
		w.wrap(s, "  ")
	case event.PurgeLevelRaised:
		s := fmt.Sprintf("Russian purge level %d -> %d: %s, %d purge event(s) (rule %s); cohesion %s.",
			e.Before, e.After, e.What, e.Events, e.Rule, e.Cohesion)
		if e.Before == e.After { // never "2 -> 2"
			s = fmt.Sprintf("Russian purge level stays %d: %s, %d purge event(s) (rule %s); cohesion %s.", e.After, e.What, e.Events, e.Rule, e.Cohesion)
		}
		if e.Excess > 0 {
			s += fmt.Sprintf(" %d excess purge event(s) to assign (rule 22.73E).", e.Excess)
		}
		w.wrap(s, "  ")
	case event.CohesionChanged:
		w.wrap(fmt.Sprintf("Russian cohesion is now %s (was %s, rule 22.71).", e.After, e.Before), "  ")
	case event.FlagInRussiaEliminated:
		w.wrap(fmt.Sprintf("A %s flag in Russia is eliminated (rules 10.91F, %s); %d left.",
			e.Power.Title(), e.Rule, e.Left), "  ")
	case event.PartyPurgeChosen:
		what := map[string]string{
			"research":           "research is prohibited this turn, but for its one basic point",
			"diplomacy":          "diplomacy is prohibited this turn",
			"research+diplomacy": "research (but for its one basic point) and diplomacy are prohibited this turn",
		}[e.Prohibited]
		if what == "" {
			what = e.Prohibited + " is prohibited this turn"
		}
		w.wrap(fmt.Sprintf("Party purge: Russian %s (rules 22.21B, 15.21).", what), "  ")
	case event.PurgeOffsetApplied:
		w.wrap(fmt.Sprintf("Random event %d: %s.", e.Card, e.Note), "  ")
	case event.EconomicClimateChanged:
		w.climate = &e
		rules := "rule " + e.Rule // the trend's (11.33A-E); the bound's only when it held (11.34)
		if e.AtLimit() {
			rules = "rules " + e.Rule + ", 11.34"
		}
		switch {
		case e.Before == e.After && e.AtLimit(): // never "-3 -> -3"
			w.wrap(fmt.Sprintf("Economic trend %s: the economic climate stays %s, at its limit (%s).",
				signed(e.Trend), signed(e.After), rules), "  ")
		case e.Before == e.After: // 0 stays 0 (11.33E): no limit
			w.wrap(fmt.Sprintf("Economic trend %s: the economic climate stays %s (%s).",
				signed(e.Trend), signed(e.After), rules), "  ")
		default:
			w.wrap(fmt.Sprintf("Economic trend %s: economic climate %s -> %s (%s).",
				signed(e.Trend), signed(e.Before), signed(e.After), rules), "  ")
		}
	case event.EAIDetermined:
		var parts []string
		for _, t := range e.Terms {
			parts = append(parts, fmt.Sprintf("%s %s (%s)", t.What, signed(t.Value), t.Rule))
		}
		mods := "no modifiers"
		if len(parts) > 0 {
			mods = strings.Join(parts, ", ")
		}
		w.wrap(fmt.Sprintf("European Aggression Index %s (rule %s): %s.", signed(e.Level), adjudicator.EAIChangeRule(e, w.climate), mods), "  ")
	default:
		return false
	}
	return true
}
