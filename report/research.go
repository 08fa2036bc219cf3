package report

import (
	"fmt"
	"strings"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
)

// Rendering of research (15, 16): the research events and a power's
// research record sheet for its private notice. Placement is secret
// (15.15): the sheet goes only into the private notice; results are public
// when the adjudicator makes their events public (15.63).

// researchSection names the report section of a research event.
func researchSection(e event.Event) (string, bool) {
	switch e := e.(type) {
	case event.ResearchCountersUsed, event.ResearchAssigned, event.ResearchResultAchieved,
		event.MaginotResearchRevealed, event.ResearchSurplusGained, event.ResearchSpied:
		return storm.SegEconomic.Title() + ": research (rules 15, 16)", true
	case event.AWAWInfantryAdded:
		if e.Rule == "33.21C" {
			return crisisPhase + ": final research (rule 33)", true
		}
		return storm.SegEconomic.Title() + ": research (rules 15, 16)", true
	}
	return "", false
}

// researchEvent renders a research event; false if e is not one.
func researchEvent(w *writer, e event.Event) bool {
	switch e := e.(type) {
	case event.ResearchCountersUsed:
		w.wrap(fmt.Sprintf("%s uses activity counters for research: %s, %d point(s), paid in tile points (rules 15.22C, 12.31).",
			e.Power.Title(), counters(e.Counters), e.Points), "  ")
	case event.ResearchAssigned:
		kind := ""
		if e.Kind != "" {
			kind = " (" + e.Kind + ")"
		}
		w.wrap(fmt.Sprintf("%s: %d research point(s)%s in %s, now %d step(s).",
			e.Power.Title(), e.Points, kind, upperFirst(e.Project), e.Steps), "  ") // as the sheet names it
	case event.AWAWInfantryAdded:
		paid := plural(e.PurgeEvents, "excess purge event")
		if e.GeneralPoints > 0 {
			paid += " and " + plural(e.GeneralPoints, "general final point")
		}
		rules := "rule 22.73E"
		if e.Rule == "33.21C" {
			rules = "rules 22.73E, 33.21C"
		}
		w.wrap(fmt.Sprintf("Russia adds 3-3 infantry to its A World at War force pool: %s for %s, %d in the game; for A World at War, no effect in Gathering Storm (%s).",
			plural(e.Units, "unit"), paid, e.Total, rules), "  ")
	case event.ResearchResultAchieved:
		w.wrap(fmt.Sprintf("%s: research result %d in %s (%d steps): %s (rule %s).",
			e.Side.Title(), e.Result, upperFirst(e.Project), e.Steps, effectText(e.Effect, e.Side), e.Rule), "  ")
	case event.MaginotResearchRevealed:
		w.wrap(fmt.Sprintf("Maginot Line research revealed: %d step(s) this turn, %d in all; pro-German modifier %d in Belgium/Luxembourg this turn (rule 16.14B).",
			e.Steps, e.Total, e.Modifier), "  ")
	case event.ResearchSurplusGained:
		w.wrap(fmt.Sprintf("%s: %d %s research point(s) of a random event could not go to %s; reassign them this turn with RESEARCH <project> REASSIGN <points> (rule 15.24).",
			e.Power.Title(), e.Points, e.Category, upperFirst(e.Project)), "  ")
	case event.ResearchSpied:
		var ps []string
		for _, x := range e.Projects {
			ps = append(ps, fmt.Sprintf("%s %d", upperFirst(x.Project), x.Steps))
		}
		if len(ps) == 0 {
			ps = []string{"no project started"}
		}
		w.wrap(fmt.Sprintf("Your spy ring in %s %s research reveals: %s (rule 16.16B).",
			strings.ToLower(e.Target.Title()), e.Category, strings.Join(ps, ", ")), "  ")
	default:
		return false
	}
	return true
}

// effectText words a result's effect (16.11).
func effectText(e storm.ResultEffect, side storm.Side) string {
	var parts []string
	add := func(n int, what string) {
		if n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, what))
		}
	}
	add(e.Armor, "armor counter(s)")
	add(e.Infantry, "infantry counter(s)")
	add(e.Air, "air counter(s)")
	add(e.Naval, "naval counter(s)")
	if len(parts) > 0 {
		parts = []string{strings.Join(parts, ", ") + " on the Balance of Power Chart"}
	}
	add(e.Garrison, "counter(s) on the Russian garrison")
	if e.GarrisonRequirement > 0 {
		parts = append(parts, fmt.Sprintf("Russian garrison requirement +%d", e.GarrisonRequirement))
	}
	if e.Support > 0 {
		parts = append(parts, fmt.Sprintf("support +%d", e.Support))
	}
	if e.Counter > 0 {
		parts = append(parts, fmt.Sprintf("a %d activity counter added to the pool", e.Counter))
	}
	if e.Held {
		parts = append(parts, "held until used")
	}
	if len(parts) == 0 {
		return "recorded"
	}
	return strings.Join(parts, "; ")
}

// researchSheet writes p's side's research record sheet: the steps of each
// project with any, this turn's points, results held, and what p may place
// (15.21, 15.22).
func researchSheet(w *writer, p storm.Power, rv adjudicator.ResearchView) {
	w.blank()
	w.heading(fmt.Sprintf("Research record sheet of %s (secret, rule 15.15)", rv.Side.Name()))
	if len(rv.Projects) == 0 {
		w.line("  No research steps yet.")
	}
	for _, r := range rv.Projects {
		row := fmt.Sprintf("%s (%s): %d step(s)", upperFirst(r.Project), r.Category, r.Steps)
		if r.MaxSteps > 0 {
			row += fmt.Sprintf(" of %d", r.MaxSteps)
		}
		if r.Results > 0 {
			row += fmt.Sprintf(", %d result(s)", r.Results)
		}
		if r.Held > 0 {
			row += fmt.Sprintf(", %d held", r.Held)
		}
		w.wrap(row, "  ")
	}
	var this []string
	var when storm.Turn
	for _, a := range rv.Assigned {
		this = append(this, fmt.Sprintf("%s %d by %s", a.Project, a.Points, a.Power.Title()))
		when = a.Turn
	}
	if len(this) > 0 {
		w.wrap(fmt.Sprintf("Placed in %s: %s", when, strings.Join(this, "; ")), "  ")
	}
	var results []string
	for _, r := range rv.Results {
		results = append(results, fmt.Sprintf("%s %d (rule %s)", upperFirst(r.ProjectID()), r.Results, r.Rule))
	}
	if len(results) > 0 {
		w.wrap("Results: "+strings.Join(results, "; "), "  ")
	}
	if len(rv.Opened) > 0 {
		w.wrap("Opened early by random events: "+strings.Join(rv.Opened, ", ")+" (rule 15.42A).", "  ")
	}
	if len(rv.Closed) > 0 {
		w.wrap("Barred this turn by random events: "+strings.Join(rv.Closed, ", ")+" (rule 15.42A).", "  ")
	}
	for _, r := range rv.SpyRings {
		state := fmt.Sprintf("activated %s", r.Activated)
		switch {
		case r.Eliminated:
			state = "eliminated"
		case r.Used:
			state += ", its point of this activation placed"
		}
		w.wrap(fmt.Sprintf("Spy ring in the %s research of %s: %s (rule 16.16B).", r.Category, r.Target.Name(), state), "  ")
	}
	if rv.Usable != nil {
		var b strings.Builder
		if rv.Leader {
			b.WriteString("You place your side's basic research points (rule 15.21). ")
		}
		fmt.Fprintf(&b, "Counters usable for research now: %s (only one of them a turn, rule 12.41C", counters(*rv.Usable))
		if rv.Usable.Research > 0 {
			b.WriteString(", plus the research-only counter")
		}
		b.WriteString(").")
		w.wrap(b.String(), "  ")
	}
}
