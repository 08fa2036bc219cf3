package report

import (
	"fmt"
	"strings"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
)

// section names the part of the report an event belongs to.
func section(e event.Event) string {
	if s, ok := economySection(e); ok { // economy.go
		return s
	}
	if s, ok := navalSection(e); ok { // naval.go
		return s
	}
	if s, ok := researchSection(e); ok { // research.go
		return s
	}
	if s, ok := unitSection(e); ok { // units.go
		return s
	}
	if s, ok := russiaSection(e); ok { // russia.go
		return s
	}
	if s, ok := randomEventSection(e); ok { // randomevents.go
		return s
	}
	if s, ok := diplomacySection(e); ok { // diplomacy.go
		return s
	}
	if s, ok := crisisSection(e); ok { // crisis.go
		return s
	}
	if s, ok := fixSectionOf(e); ok { // fix.go
		return s
	}
	switch e.(type) {
	case event.SpanishCivilWarSetup:
		return "Game setup"
	case event.IncomeComputed, event.TilePoolReplenished:
		return storm.SegIncome.Title()
	case event.FactoryConverted, event.NoConversion, event.Mobilized,
		event.SupportFromMobilization, event.ActivityCounterChanged:
		return storm.SegEconomic.Title() + ": factory conversion"
	case event.SegmentSkipped:
		return "Not yet adjudicated by stormjudge"
	case event.TilesCarriedOver, event.TurnEnded:
		return "End of turn"
	}
	return "Other events"
}

// phaseSections are the sections that name their phase (7.11); any other
// section belongs to the phase open when its event happened.
func phaseOfSection(sec string) (phase, sub string) {
	for _, ph := range []string{storm.SegRandomEvents.Title(), storm.SegIncome.Title(), storm.SegEconomic.Title(), diplomacyPhase, crisisPhase} {
		if sec == ph {
			return ph, ""
		}
		if rest, ok := strings.CutPrefix(sec, ph+": "); ok {
			return ph, rest
		}
	}
	switch sec {
	case "Game setup", "End of turn":
		return sec, ""
	}
	return "", sec
}

// renderEvents writes the events in order under one heading per turn and
// phase (7.11) and a sub-heading per part of a phase.
func renderEvents(w *writer, evs []event.Event, v adjudicator.PublicView) {
	incomeDone := map[storm.Turn]bool{}
	turn := turnOf(evs, v)
	phase, sub := "", ""
	phases := eventPhases(evs)
	for i := 0; i < len(evs); i++ {
		e := evs[i]
		if tb, ok := e.(event.TurnBegan); ok {
			turn, phase, sub = tb.Turn, "", ""
			continue
		}
		ph, sb := phases[i], eventSub(e)
		if ph != phase {
			w.blank()
			w.heading(fmt.Sprintf("%s: %s", turn, ph))
			phase, sub = ph, ""
		}
		if sb != sub {
			if sb != "" {
				w.sub(sb)
			}
			sub = sb
		}
		switch e := e.(type) {
		case event.SegmentSkipped:
			if e.Note != event.NotImplemented { // a segment passed for a reason of the rules
				w.wrap(fmt.Sprintf("%s: %s.", e.Segment.Title(), e.Note), "  ")
				break
			}
			// Collect a run of skipped segments of one phase into one list.
			names := []string{e.Segment.Title()}
			for i+1 < len(evs) {
				n, ok := evs[i+1].(event.SegmentSkipped)
				if !ok || n.Note != event.NotImplemented || (n.Segment.Phase() != e.Segment.Phase() && n.Segment != storm.SegPreemptiveWar && n.Segment != storm.SegEndOfGame) {
					break
				}
				names = append(names, n.Segment.Title())
				i++
			}
			w.indented(strings.Join(names, "; ")+".", "  ")
		case event.IncomeComputed:
			// A turn's incomes are one table with one header (11.12C),
			// whatever events come between them.
			if incomeDone[e.Turn] {
				break
			}
			incomeDone[e.Turn] = true
			var run []event.IncomeComputed
			for _, x := range evs[i:] {
				if n, ok := x.(event.IncomeComputed); ok && n.Turn == e.Turn {
					run = append(run, n)
				}
			}
			incomeTable(w, run)
		case event.TilesCarriedOver:
			// Only the capped powers are news (6.33).
			if e.Before != e.After {
				w.wrap(fmt.Sprintf("%s keeps %d of its %s (rule 6.33).",
					e.Power.Title(), e.After, TilePoints(e.Before)), "  ")
			}
		default:
			publicEvent(w, e)
		}
	}
	if len(evs) == 0 {
		w.blank()
		w.line("Nothing happened.")
	}
}

// eventPhases is the phase whose heading each event is written under
// (renderEvents): its section's, else the open one's (a pool recomputed
// after a mobilization, a support change of the crisis phase), "Events"
// before any; "" for a turn's beginning, which opens a new turn.
func eventPhases(evs []event.Event) []string {
	out := make([]string, len(evs))
	phase := ""
	for i, e := range evs {
		if _, ok := e.(event.TurnBegan); ok {
			phase = ""
			continue
		}
		ph, _ := phaseOfSection(section(e))
		if sk, ok := e.(event.SegmentSkipped); ok {
			ph = sk.Segment.Phase()
			if sk.Segment == storm.SegPreemptiveWar || sk.Segment == storm.SegEndOfGame {
				ph = phase // they close the crisis phase's turn: no heading of their own
			}
		}
		if ph == "" || phaseRank(ph) < phaseRank(phase) {
			// No phase of its own, or one the turn has passed: the open
			// phase's.
			ph = phase
			if ph == "" {
				ph = "Events"
			}
		}
		out[i], phase = ph, ph
	}
	return out
}

// eventSub is the sub-heading an event is written under in its phase.
func eventSub(e event.Event) string {
	if sk, ok := e.(event.SegmentSkipped); ok {
		if sk.Note != event.NotImplemented {
			return "nothing to order"
		}
		return "nothing to order (not yet adjudicated by stormjudge)"
	}
	_, sb := phaseOfSection(section(e))
	return sb
}

// phaseRank orders the headings of a turn: game setup, the phases of
// 7.11 in the order of their segments (7.31), the end of the turn; 0 for
// any other heading.
func phaseRank(ph string) int {
	if ph == "Game setup" {
		return 1
	}
	rank := 1
	seen := ""
	for _, seg := range storm.Segments {
		if p := seg.Phase(); p != seen {
			rank, seen = rank+1, p
			if p == ph {
				return rank
			}
		}
	}
	if ph == "End of turn" {
		return rank + 1
	}
	return 0
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// turnOf is the turn of the first event carrying one, else the view's.
func turnOf(evs []event.Event, v adjudicator.PublicView) storm.Turn {
	for _, e := range evs {
		switch e := e.(type) {
		case event.SegmentSkipped:
			return e.Turn
		case event.IncomeComputed:
			return e.Turn
		case event.TurnEnded:
			return e.Turn
		case event.TurnBegan:
			return e.Turn
		}
	}
	return v.Turn
}

// incomeTable writes national incomes by component (11.12C), then what
// does not fit a column: residual support (11.71) and shortfalls (6.12).
func incomeTable(w *writer, run []event.IncomeComputed) {
	var rows [][]string
	var notes []string
	for _, e := range run {
		in := e.Income
		rows = append(rows, []string{e.Power.Title(), signed(in.Civilian), signed(in.Support), signed(in.TradePacts),
			signed(in.TileDraw), signed(in.Climate), signed(in.RandomEvents + in.Residual), fmt.Sprint(-in.Maintenance),
			fmt.Sprint(in.Total), fmt.Sprint(e.TilePoints)})
		if in.Residual != 0 {
			notes = append(notes, fmt.Sprintf("%s: events include residual support %s (rule 11.71)%s.", e.Power.Title(), signed(in.Residual), residualReading(in)))
		}
		if e.Shortfall > 0 {
			notes = append(notes, fmt.Sprintf("%s: %d point(s) could not be paid (rule 6.12).", e.Power.Title(), e.Shortfall))
		}
	}
	w.wrap("National income (rule 11.1) from factories, support, trade pacts, the tile drawn, the climate and events, less maintenance; tile points now:", "")
	w.table("%-8s %4s %4s %4s %4s %4s %4s %5s %6s %4s",
		[]string{"Power", "Fact", "Sup", "Pact", "Tile", "Clim", "Evt", "Maint", "Income", "Now"}, rows)
	for _, n := range notes {
		w.wrap(n, "  ")
	}
}

// residualReading says when residual support comes from an increase the
// judge sized by its own reading (storm.Income.ResidualReading).
func residualReading(in storm.Income) string {
	if in.ResidualReading == "" {
		return ""
	}
	return fmt.Sprintf(", from increases sized by the judge's reading (docs/rules.md#%s)", in.ResidualReading)
}

func signed(n int) string { return fmt.Sprintf("%+d", n) }

func publicEvent(w *writer, e event.Event) {
	switch e := e.(type) {
	case event.SpanishCivilWarSetup:
		w.wrap(fmt.Sprintf("Tile drawn for Spain: %d. Spain starts with %d civil war "+
			"event(s) (rule 25.32A).", e.Tile, e.Events), "  ")
	case event.IncomeComputed:
		in := e.Income
		w.line(fmt.Sprintf("%s: income %d, now %s", e.Power.Title(), in.Total, TilePoints(e.TilePoints)))
		w.indented(fmt.Sprintf("civilian %s, support %s, trade pacts %s, tile drawn %s, "+
			"climate %s, events %s, maintenance -%d", signed(in.Civilian), signed(in.Support),
			signed(in.TradePacts), signed(in.TileDraw), signed(in.Climate), signed(in.RandomEvents),
			in.Maintenance), "    ")
		if in.Residual != 0 {
			w.indented(fmt.Sprintf("residual support %s (rule 11.71)%s", signed(in.Residual), residualReading(in)), "    ")
		}
		if e.Shortfall > 0 {
			w.indented(fmt.Sprintf("%d point(s) could not be paid (rule 6.12).", e.Shortfall), "    ")
		}
	case event.TilePoolReplenished:
		w.wrap(fmt.Sprintf("Face-down tiles replenished (rule 6.24): %d face down.",
			e.FaceDown.Total()), "  ")
	case event.FactoryConverted:
		w.wrap(fmt.Sprintf("%s converts %s factory to %s for %s.",
			e.Power.Title(), withArticle(fmt.Sprint(e.From)), e.To, TilePoints(e.Cost)), "  ")
	case event.NoConversion:
		w.line(fmt.Sprintf("%s converts no factory.", e.Power.Title()))
	case event.Mobilized:
		w.wrap(fmt.Sprintf("%s: mobilization number %d.",
			e.Power.Title(), e.Number), "  ")
	case event.SupportFromMobilization:
		w.wrap(fmt.Sprintf("%s: support from military factories now %s; gains %d tile "+
			"point(s) (rules 10.41A, 13.21D).", e.Power.Title(), signed(e.Support), e.TileGained), "  ")
	case event.ActivityCounterChanged:
		what := fmt.Sprintf("a %d activity counter", e.Strength)
		if e.Research {
			what += " (research only)"
		}
		verb := "gains"
		if e.Delta < 0 {
			verb = "loses"
		}
		w.wrap(fmt.Sprintf("%s %s %s (rule %s).", e.Power.Title(), verb, what, e.Rule), "  ")
	case event.TurnEnded:
		w.line(fmt.Sprintf("%s ends.", e.Turn))
	default:
		if !economyEvent(w, e) && !navalEvent(w, e) && !researchEvent(w, e) && !unitEvent(w, e) && !russiaEvent(w, e) && !randomEvent(w, e) && !diplomacyEvent(w, e) && !crisisEvent(w, e) && !fixEvent(w, e) { // economy.go, naval.go, research.go, units.go, russia.go, diplomacy.go, fix.go
			w.wrap(e.Type(), "  ")
		}
	}
}
