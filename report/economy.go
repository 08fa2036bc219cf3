package report

import (
	"fmt"
	"strings"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
)

// Rendering of the economy events: support levels and their modifiers
// (10), trade pacts (11.61), the Russian garrison (21) and activity counter
// pools (12.2). The adjudicator computes everything; this only words it.

// economySection names the report section of an economy event.
func economySection(e event.Event) (string, bool) {
	switch e := e.(type) {
	case event.SupportDetermined, event.TradePactChanged,
		event.PoolChanged, event.TemporaryCounters:
		return storm.SegIncome.Title(), true
	case event.GarrisonChecked:
		if e.Check.When == "21.23A" {
			return storm.SegIncome.Title(), true
		}
		return "Russian garrison", true
	case event.SupportChanged:
		return "Support changes", true
	case event.TilePointsTransferred:
		return storm.SegEconomic.Title() + ": Anglo-French cooperation", true
	case event.CrisisEffect:
		return "Crisis phase", true
	}
	return "", false
}

// economyEvent renders an economy event; false if e is not one.
func economyEvent(w *writer, e event.Event) bool {
	switch e := e.(type) {
	case event.SupportDetermined:
		var parts []string
		for _, m := range e.Modifiers {
			parts = append(parts, supportTerm(m))
		}
		if len(parts) == 0 {
			return true // a level of 0 from no modifier: the income line says it
		}
		w.wrap(fmt.Sprintf("%s: support level %s: %s.", e.Power.Title(), signed(e.Level),
			strings.Join(parts, ", ")), "    ")
	case event.SupportChanged:
		msg := fmt.Sprintf("%s: support %s for %s (rule %s), now %s", e.Power.Title(),
			signed(e.Delta), e.What, e.Rule, signed(e.Support))
		if e.TileDelta != 0 || e.Deficit != 0 {
			msg += fmt.Sprintf("; tile points %s (rule 11.52A)", signed(e.TileDelta))
		} else {
			msg += "; no tile points change"
		}
		if e.Deficit > 0 {
			msg += fmt.Sprintf("; %d point(s) short, taken from next turn's support (rule 10.41D)", e.Deficit)
		}
		w.wrap(msg+".", "  ")
	case event.GarrisonChecked:
		g := e.Check
		state := fmt.Sprintf("surplus %d", g.Surplus)
		if g.Surplus < 0 {
			state = fmt.Sprintf("deficit %d", -g.Surplus)
		}
		w.wrap(fmt.Sprintf("Russian garrison (rule %s): %d (units %d, research %d, flags %d) "+
			"against %d required (Japan %d, balance of power %s, EAI %d, bordering minors %d, "+
			"occupation policies %d): %s, support %s, military counters %d (rule 21.41B).",
			g.When, g.Garrison, g.Units, g.ResearchCounts, g.Flags, g.Required, g.Japan,
			signed(g.BalanceOfPower), g.EAI, g.Borders, g.Occupation, state, signed(g.Support),
			g.MilitaryCounters), "  ")
	case event.CrisisEffect:
		ctr := "no activity counter change"
		switch {
		case e.Counter > 0:
			ctr = fmt.Sprintf("an additional %d activity counter", e.Counter)
		case e.Counter < 0:
			ctr = fmt.Sprintf("one of its %d activity counters barred", -e.Counter)
		}
		w.wrap(fmt.Sprintf("Next turn, as the crisis ended (%s): %s support %+d, %s (rule %s).",
			e.Outcome, e.Power.Title(), e.Support, ctr, e.Rule), "  ")
	case event.TilePointsTransferred:
		w.wrap(fmt.Sprintf("%s transfers %s to %s (Anglo-French cooperation, rule 16.16G): %s %d, %s %d.",
			e.From.Title(), TilePoints(e.Points), e.To.Title(), e.From.Title(), e.FromTilePoints, e.To.Title(), e.ToTilePoints), "  ")
	case event.TradePactChanged:
		switch {
		case e.To == 0:
			w.wrap(fmt.Sprintf("%s: the trade pact of %s ends (rule %s).", e.Minor, e.From.Title(), e.Rule), "  ")
		default:
			w.wrap(fmt.Sprintf("%s: trade pact now held by %s (rule %s).", e.Minor, e.To.Title(), e.Rule), "  ")
		}
	case event.PoolChanged:
		var parts []string
		for _, in := range e.Increases {
			parts = append(parts, fmt.Sprintf("%s for %s (%s)", counters(in.Counters), in.What, in.Rule))
		}
		w.wrap(fmt.Sprintf("%s: activity counter pool now %s (was %s); added: %s.",
			e.Power.Title(), counters(e.After), counters(e.Before), strings.Join(parts, "; ")), "  ")
	case event.TemporaryCounters:
		msg := fmt.Sprintf("%s: activity counters this turn %s", e.Power.Title(), counters(e.Counters))
		if e.Delta != (storm.ActivityCounters{}) {
			msg += fmt.Sprintf(", after a crisis (rule 12.22G): %s", deltaCounters(e.Delta))
		}
		if e.FreeDiplomatic > 0 {
			msg += fmt.Sprintf(", plus %d free diplomatic counter(s) of strength 1 (rule 12.22F)", e.FreeDiplomatic)
		}
		w.wrap(msg+".", "  ")
	default:
		return false
	}
	return true
}

// deltaCounters words a signed change of counters, e.g. "-1 x 3, +1 x 2".
func deltaCounters(c storm.ActivityCounters) string { return c.Change() }

// supportTerm words one term of a support level with its rule, and says
// when its figures are the judge's reading rather than rule text (the
// inferred temporary increases of 10.71B/10.81B, docs/rules.md).
func supportTerm(m storm.SupportModifier) string {
	if m.Reading != "" {
		return fmt.Sprintf("%s %s (%s; size and length the judge's reading, docs/rules.md#%s)", m.What, signed(m.Value), m.Rule, m.Reading)
	}
	return fmt.Sprintf("%s %s (%s)", m.What, signed(m.Value), m.Rule)
}

// supportDetail explains a power's support level in its private notice:
// the modifiers determined at the start of the turn (10.31), when there
// are any, and the Russian garrison's military counters (21.41B).
func supportDetail(w *writer, pv adjudicator.PublicView, pp adjudicator.PublicPower) {
	var parts []string
	for _, m := range pp.SupportTerms {
		parts = append(parts, supportTerm(m))
	}
	if len(parts) > 0 {
		w.indented("from: "+strings.Join(parts, ", "), "  ")
	}
	if pp.Power == storm.Russia && pv.Russia.Garrison != nil {
		g := pv.Russia.Garrison
		w.wrap(fmt.Sprintf("Russian garrison: %d, required %d, surplus %d; military counters allowed: %d (rule 21.41B)",
			g.Garrison, g.Required, g.Surplus, g.MilitaryCounters), "  ")
	}
}
