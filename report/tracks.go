package report

import (
	"fmt"
	"strings"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
)

// tracks writes the public tracks of the view: the EAI (23), the
// economic climate (11.3), the support levels (10), Russia's cohesion
// (22.71) and garrison (21.2).
func tracks(w *writer, pv adjudicator.PublicView) {
	w.heading("Tracks")
	w.wrap(fmt.Sprintf("European Aggression Index %s (rule 23); economic climate %s (rule 11.3).",
		signed(pv.EAI), signed(pv.EconomicClimate)), "  ")
	if len(pv.EAITerms) > 0 {
		var terms []string
		for _, t := range pv.EAITerms {
			terms = append(terms, fmt.Sprintf("%s %s (%s)", t.What, signed(t.Value), t.Rule))
		}
		w.indented("EAI from: "+strings.Join(terms, ", ")+".", "  ")
	}
	var sup []string
	for _, pp := range pv.Powers {
		sup = append(sup, fmt.Sprintf("%s %s", pp.Power.Title(), signed(pp.Support)))
	}
	if len(sup) > 0 {
		w.wrap("Support levels (rule 10): "+strings.Join(sup, ", ")+".", "  ")
	}
	if r := readingTerms(pv); r != "" {
		w.indented(r, "  ")
	}
	r := pv.Russia
	line := fmt.Sprintf("Russia: cohesion %s, %s (rule 22.71)", r.Cohesion, plural(r.PurgeEvents, "purge event"))
	if g := r.Garrison; g != nil {
		line += fmt.Sprintf("; garrison %d against %d required (rule 21.2)", g.Garrison, g.Required)
	}
	if r.AWAWInfantry > 0 {
		line += fmt.Sprintf("; 3-3 infantry for A World at War: %s, no effect in Gathering Storm (rules 22.73E, 33.21C)", plural(r.AWAWInfantry, "unit"))
	}
	w.wrap(line+".", "  ")
}

// targets writes the diplomatic targets (24.21): flags by power (24.18),
// trade pacts (11.61), civil war events (25.31) and Axis control (11.61E).
func targets(w *writer, pv adjudicator.PublicView) {
	w.heading("Diplomatic targets (rule 24.21)")
	var rows [][]string
	var empty []string
	for _, t := range pv.Targets {
		if t.Name == storm.RussiaTarget {
			if len(t.ByPower) > 0 { // 10.91F
				rows = append(rows, []string{t.Name, flagList(t.ByPower), "flags in Russia (rule 10.91F)"})
			}
			continue
		}
		if flagWords(t) == "-" && targetNotes(t) == "" {
			empty = append(empty, t.Name)
			continue
		}
		rows = append(rows, []string{t.Name, flagWords(t), targetNotes(t)})
	}
	w.table("%-18s %-19s %s", []string{"Country", "Flags", "Trade pact, civil war, spy rings"}, rows)
	if len(empty) > 0 {
		w.wrap("No flag, pact, civil war or spy ring: "+strings.Join(empty, ", ")+".", "  ")
	}
}

// flagWords words a target's flags: "3 France", "2 Germany +1 Italy", "-".
func flagWords(t adjudicator.TargetView) string {
	if t.Flags == 0 || t.FlagPower == 0 {
		return "-"
	}
	s := fmt.Sprintf("%d %s", t.Flags, t.FlagPower.Title())
	if t.PartnerFlags > 0 {
		s += fmt.Sprintf(" +%d %s", t.PartnerFlags, t.PartnerPower.Title())
	}
	if t.RussianFlags > 0 { // 24.82B: beside the Allied ones before the pact
		s += fmt.Sprintf(" +%d %s", t.RussianFlags, storm.Russia.Title())
	}
	return s
}

// targetNotes words a target's trade pact, civil war and control.
func targetNotes(t adjudicator.TargetView) string {
	var parts []string
	if t.TradePact != 0 {
		parts = append(parts, t.TradePact.Title())
	}
	switch w := t.CivilWar; {
	case t.Name == storm.Croatia:
		parts = append(parts, "Italian puppet state split from Yugoslavia (25.73A): no counters")
	case w != nil && w.Ended != nil && w.Winner != "":
		parts = append(parts, fmt.Sprintf("civil war ended %s (%s), won by %s", w.Ended, w.EndedBy, w.Winner.Name()))
	case w != nil && w.Ended != nil:
		parts = append(parts, fmt.Sprintf("civil war ended %s (%s)", w.Ended, w.EndedBy))
	case w != nil:
		parts = append(parts, fmt.Sprintf("CIVIL WAR since %s, %d counter(s) left", w.Began, len(w.Counters)))
	case t.CivilWarEvents > 0:
		parts = append(parts, fmt.Sprintf("civil war %d", t.CivilWarEvents))
	}
	if w := t.CivilWar; w != nil && w.Split {
		parts = append(parts, "split: now Serbia, Croatia apart (25.73A)")
	}
	if t.Controller != 0 {
		parts = append(parts, "controlled by "+t.Controller.Title())
	}
	for _, r := range t.SpyRings { // 16.16B
		ring := fmt.Sprintf("%s spy ring (active %s)", r.Side.Name(), r.Activated)
		if r.Eliminated != "" {
			ring = fmt.Sprintf("%s spy ring eliminated (%s)", r.Side.Name(), r.Eliminated)
		}
		parts = append(parts, ring)
	}
	return strings.Join(parts, "; ")
}

// plural words n things, e.g. "1 purge event", "2 purge events".
func plural(n int, thing string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, thing)
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

// resistance writes each aggression target's resistance level before the
// random tile (28.12), with its terms.
func resistance(w *writer, pv adjudicator.PublicView) {
	if len(pv.Resistance) == 0 {
		return
	}
	w.blank()
	w.heading("Resistance of the aggression targets (rule 28, before the tile of 28.5)")
	for _, r := range pv.Resistance {
		var terms []string
		for _, t := range r.Terms {
			terms = append(terms, fmt.Sprintf("%s %+d (%s)", t.What, t.Value, t.Rule))
		}
		w.wrap(fmt.Sprintf("%s %d: %s.", r.Target, r.Level, strings.Join(terms, ", ")), "  ")
	}
}

// victory writes the victory points as things stand (34), each alliance's
// lines with their rules, and the outcome of a two- and a three-way game.
func victory(w *writer, pv adjudicator.PublicView) {
	v := pv.Victory
	w.blank()
	if pv.Ended { // the final determination, line by line (crisis.go)
		w.heading("Final victory points (rule 34)")
		victoryLines(w, v)
		return
	}
	w.heading("Victory points if the game ended now (rule 34)")
	for _, side := range []storm.Side{storm.Axis, storm.Allies, storm.Soviet} {
		total := map[storm.Side]int{storm.Axis: v.Axis, storm.Allies: v.Allies, storm.Soviet: v.Russia}[side]
		var parts []string
		for _, l := range v.Lines {
			if l.Side == side {
				parts = append(parts, fmt.Sprintf("%s %+d (%s)", l.What, l.Value, l.Rule))
			}
		}
		if len(parts) == 0 {
			parts = []string{"nothing yet"}
		}
		w.wrap(fmt.Sprintf("%s %d: %s.", side.Title(), total, strings.Join(parts, ", ")), "  ")
	}
	w.wrap("Two-way game: "+v.TwoWay+". Three-way game: "+v.ThreeWay+". War, declarations of war and the Nazi-Soviet Pact add their points when the game ends (rules 34.5-34.9).", "  ")
}

// readingTerms words the parts of the support levels whose figures are the
// judge's reading, not rule text (storm.SupportModifier.Reading: the
// inferred temporary increases of 10.71B/10.81B), "" if none.
func readingTerms(pv adjudicator.PublicView) string {
	var parts []string
	anchor := ""
	for _, pp := range pv.Powers {
		if pp.SupportByReading == 0 {
			continue
		}
		parts = append(parts, fmt.Sprintf("%s's %s", pp.Power.Title(), signed(pp.SupportByReading)))
		for _, m := range pp.SupportTerms {
			if m.Reading != "" {
				anchor = m.Reading // the docs' section to name
			}
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return fmt.Sprintf("Of these, %s: temporary increases after Axis aggressions sized by the judge's reading, not rule text (docs/rules.md#%s).", strings.Join(parts, " and "), anchor)
}
