package war

import (
	"fmt"

	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/threshold"
	"stormjudge/adjudicator/track"
)

// Victory points (34): each alliance's points line by line, each with its
// rule, as the state stands: the public report shows them every turn "if
// the game ended now", and the end of the game (endgame.go) keeps them as
// the final determination. The lines of the war that ends it (34.52,
// 34.53, 34.81) come from State.War (warLines); an opposed aggression is
// never recorded, so it earns nothing (34.51C); the Nazi-Soviet Pact's
// concession level (34.92) is the level it was signed at, or counted with
// Poland's tile once a crisis over Poland drew one.

// AggressionValue is a target's victory point value (34.51A) in the
// default table of 30 (aggressioneffects.go), 0 for one it does not list;
// a game's own table is read by AggressionValueIn.
func AggressionValue(target string) int {
	return storm.AggressionValueIn(storm.State{}, target)
}

// tradePactVP is 34.61: Poland, Spain, Turkey and Russia are worth 2.
var tradePactVP = map[string]int{"Poland": 2, "Spain": 2, "Turkey": 2, storm.RussiaTarget: 2}

// victoryLevels is the table of 34.12 by the least difference.
var victoryLevels = []struct {
	Min   int
	Level string
}{{15, "decisive victory"}, {10, "strategic victory"}, {6, "tactical victory"}, {3, "marginal victory"}, {0, "tie"}}

// victoryLevel words a difference of victory points (34.12).
func victoryLevel(diff int) string {
	for _, l := range victoryLevels {
		if diff >= l.Min {
			return l.Level
		}
	}
	return "tie"
}

// supportReading is the anchor of the judge's reading a term of p's
// support level counts (r-30-temporary), "" if none.
func supportReading(s storm.State, p storm.Power) string {
	for _, m := range track.SupportBreakdown(s, p) {
		if m.Reading != "" && m.Value != 0 {
			return m.Reading
		}
	}
	return ""
}

// VictoryPoints derives the victory points as the state stands (34).
func VictoryPoints(s storm.State) storm.Victory {
	var v storm.Victory
	add := func(side storm.Side, rule, what string, n int, reading ...string) {
		if n == 0 {
			return
		}
		l := storm.VPLine{Side: side, Rule: rule, What: what, Value: n}
		if len(reading) > 0 && reading[0] != "" { // r-30-temporary: say so
			l.Reading = reading[0]
			l.What += " (part of it sized by the judge's reading, docs/rules.md#" + reading[0] + ")"
		}
		v.Lines = append(v.Lines, l)
		switch side {
		case storm.Axis:
			v.Axis += n
		case storm.Allies:
			v.Allies += n
		case storm.Soviet:
			v.Russia += n
		}
	}
	supportRule := map[storm.Side]string{storm.Axis: "34.21A", storm.Allies: "34.21B", storm.Soviet: "34.21C, 34.91"}
	factoryRule := map[storm.Side]string{storm.Axis: "34.31A", storm.Allies: "34.31B", storm.Soviet: "34.31C"}
	for _, p := range storm.Powers { // 34.2, 34.3
		ps := s.Powers[p]
		side := storm.SideOf(p)
		add(side, supportRule[side], p.Title()+"'s support level", ps.Support, supportReading(s, p))
		unmobilized := ps.Factories.Idle + ps.Factories.Civilian
		what := p.Title() + "'s idle and civilian factories"
		if p == storm.Russia { // 34.31C: Russia's idle ones only
			unmobilized, what = ps.Factories.Idle, "Russia's idle factories"
		}
		add(side, factoryRule[side], what, -unmobilized)
		if p == storm.Russia { // 34.31C: +2 for each civilian factory mobilized (14.43C frees them)
			n := RussianCivilianMobilized(s)
			add(side, "34.31C", fmt.Sprintf("Russia's %d civilian factor%s mobilized, 2 each", n, map[bool]string{true: "y", false: "ies"}[n == 1]), 2*n)
		}
	}
	net := 0 // 34.4: the net level, as for the military counters (r-24-43)
	b := track.BalanceOfPower(s)
	for _, c := range storm.BalanceCategories {
		net += b.Level(c)
	}
	add(storm.Axis, "34.41", "balance of power in the Axis' favour", max(net, 0))
	add(storm.Allies, "34.42", "balance of power in the Allies' favour", max(-net, 0))
	// 34.51A: completed Axis aggressions; Czechoslovakia and Poland include
	// the Sudetenland and Danzig and the Corridor.
	done := map[string]bool{}
	for _, a := range s.SupportFacts.Aggressions {
		if a.Completed != nil && storm.SideOf(a.Aggressor) == storm.Axis {
			done[a.Target] = true
		}
	}
	for _, r := range storm.EffectTable(s) { // the values of 34.51A (aggressioneffects.go)
		if r.Kind != storm.AggrValue || !done[r.Target] {
			continue
		}
		whole := ""
		for w, part := range storm.FirstDemand {
			if part == r.Target {
				whole = w
			}
		}
		if !done[whole] {
			add(storm.Axis, r.Rule, "aggression against "+r.Target, r.Value)
		}
	}
	for _, a := range s.SupportFacts.Aggressions { // 34.51B
		if a.Aggressor == storm.Italy && a.Completed == nil && (a.Target == "Greece" || a.Target == "Yugoslavia") {
			add(storm.Axis, "34.51B", "Italy at war with "+a.Target+" since "+a.Turn.String(), s.Turn.Index()-a.Turn.Index()+1)
		}
	}
	warLines(s, add)             // 34.52, 34.53, 34.8 (endgame.go)
	for _, m := range s.Minors { // 34.61, 34.62
		if m.TradePact == 0 || m.Controller != 0 {
			continue
		}
		if s.War != nil && targetThisTurn(s, m.Name) { // 34.62: a target in the final turn
			continue
		}
		n := 1
		if x, ok := tradePactVP[m.Name]; ok {
			n = x
		}
		add(storm.SideOf(m.TradePact), "34.61", fmt.Sprintf("%s's trade pact with %s", m.TradePact.Title(), m.Name), n)
	}
	{ // 34.92, 31.32-31.33
		level, rounded, _ := threshold.PactConcessionLevel(s, s.SupportFacts.PolandTile)
		if s.SupportFacts.PactSigned != nil { // the level the pact was signed at (31.31A)
			level = s.SupportFacts.PactLevel
			rounded = threshold.RoundToFive(level)
		}
		axis, russia := threshold.PactVP(rounded)
		what := fmt.Sprintf("Nazi-Soviet Pact concession level %d, rounded %d", level, rounded)
		add(storm.Axis, "34.92A", what, axis)
		add(storm.Soviet, "34.92C", what, russia)
	}
	if r, ok := storm.FindProject(storm.Soviet, "armor"); ok { // 34.93
		add(storm.Soviet, "34.93", "Russian armor research levels", min(s.Sheets.Steps(r)/2, 6))
	}
	// 34.11: two-way (Axis against Allies and Russia) and three-way; a
	// difference of 0-2 is a tie (34.12).
	allied := v.Allies + v.Russia
	v.TwoWay = outcome("the Axis", v.Axis, "the Allies and Russia", allied)
	if v.Axis-allied > 2 {
		v.ThreeWay = v.TwoWay
	} else {
		v.ThreeWay = "the Axis do not win; " + outcome("the Allies", v.Allies, "Russia", v.Russia)
	}
	return v
}

// RussianCivilianMobilized counts Russia's civilian factories mobilized in
// the game (34.31C): its mobilization records that took a civilian
// factory. Russia may mobilize one only under 14.43C (German aggression
// against Poland without the pact, a broken pact, or aggression against
// the Baltic States), and never turns a factory civilian (14.42A), so at
// most its five starting ones (11.22) count.
func RussianCivilianMobilized(s storm.State) int {
	ps := s.Powers[storm.Russia]
	if ps == nil {
		return 0
	}
	n := 0
	for _, r := range ps.MobilizationUnits {
		if r.From == storm.Civilian {
			n++
		}
	}
	return n
}

// outcome words a comparison of two totals (34.11, 34.12).
func outcome(a string, na int, b string, nb int) string {
	diff := na - nb
	if diff < 0 {
		a, na, b, nb, diff = b, nb, a, na, -diff
	}
	if victoryLevel(diff) == "tie" {
		return fmt.Sprintf("a tie, %d to %d (34.12: a difference of 0-2; 34.11C: the game is replayed)", na, nb)
	}
	verb := "win"
	if a == "Russia" {
		verb = "wins"
	}
	return fmt.Sprintf("%s %s, %d to %d: a %s (34.12)", a, verb, na, nb, victoryLevel(diff))
}
