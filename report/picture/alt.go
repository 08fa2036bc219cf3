package picture

import (
	"fmt"
	"strings"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
)

// Alt returns, in plain words, what the picture shows (for the HTML alt
// text and for readers with images blocked): one short paragraph. Like
// Render, it uses v.Powers[power] only.
func Alt(v adjudicator.View, power storm.Power) string {
	pv := v.Public
	var b strings.Builder
	b.WriteString("Picture of the game")
	if pv.Turn.Season != 0 {
		fmt.Fprintf(&b, ", %s", pv.Turn)
	}
	if pv.SegmentTitle != "" {
		fmt.Fprintf(&b, ", %s", pv.SegmentTitle)
	}
	b.WriteString(": a map of the diplomatic targets by region")
	var flags, pacts, wars, ctl []string
	for _, t := range pv.Targets {
		if t.Flags > 0 && t.FlagPower != 0 {
			f := fmt.Sprintf("%s %d %s", t.Name, t.Flags, t.FlagPower.Title())
			if t.PartnerFlags > 0 {
				f += fmt.Sprintf(" and %d %s", t.PartnerFlags, t.PartnerPower.Title())
			}
			if t.RussianFlags > 0 { // 24.82B: beside the Allied ones before the pact
				f += fmt.Sprintf(" and %d %s", t.RussianFlags, storm.Russia.Title())
			}
			flags = append(flags, f)
		}
		if t.TradePact != 0 {
			pacts = append(pacts, fmt.Sprintf("%s (%s)", t.Name, t.TradePact.Title()))
		}
		if t.CivilWarEvents > 0 {
			wars = append(wars, fmt.Sprintf("%s %d", t.Name, t.CivilWarEvents))
		}
		if t.Controller != 0 {
			ctl = append(ctl, fmt.Sprintf("%s by %s", t.Name, t.Controller.Title()))
		}
	}
	if len(flags) > 0 {
		fmt.Fprintf(&b, " (flags: %s", strings.Join(flags, ", "))
	} else {
		b.WriteString(" (no flags")
	}
	if len(pacts) > 0 {
		fmt.Fprintf(&b, "; trade pacts: %s", strings.Join(pacts, ", "))
	}
	if len(wars) > 0 {
		fmt.Fprintf(&b, "; civil war events: %s", strings.Join(wars, ", "))
	}
	if len(ctl) > 0 {
		fmt.Fprintf(&b, "; controlled: %s", strings.Join(ctl, ", "))
	}
	b.WriteString(")")
	fmt.Fprintf(&b, ", and the tracks: EAI %s, economic climate %s", signed(pv.EAI), signed(pv.EconomicClimate))
	var sup []string
	for _, p := range pv.Powers {
		sup = append(sup, fmt.Sprintf("%s %s", p.Power.Title(), signed(p.Support)))
	}
	if len(sup) > 0 {
		fmt.Fprintf(&b, ", support %s", strings.Join(sup, ", "))
	}
	var bal []string
	for _, r := range pv.Balance.Rows {
		bal = append(bal, fmt.Sprintf("%s %s", r.Category, signed(r.Level)))
	}
	if len(bal) > 0 {
		fmt.Fprintf(&b, ", balance of power %s (+ Axis, − Allies)", strings.Join(bal, ", "))
	}
	coh := string(pv.Russia.Cohesion)
	if coh == "" {
		coh = "low"
	}
	fmt.Fprintf(&b, ", Russian cohesion %s with %d purge events", coh, pv.Russia.PurgeEvents)
	if g := pv.Russia.Garrison; g != nil && g.Turn != nil {
		fmt.Fprintf(&b, ", Russian garrison %d against %d required", g.Garrison, g.Required)
	}
	b.WriteString("; tile points and factories of each power.")
	if p := own(v, power); p != nil {
		fmt.Fprintf(&b, " Below, %s's own tracks: %d points of activity counters available", power.Title(), p.Available.Points())
		if p.Naval != nil {
			fmt.Fprintf(&b, ", the naval construction chart with %s", plural(len(p.Naval.Building), "ship"))
			b.WriteString(" building")
		}
		fmt.Fprintf(&b, ", and the research sheet with %s under way.", plural(len(p.Research.Projects), "project"))
	}
	return b.String()
}
