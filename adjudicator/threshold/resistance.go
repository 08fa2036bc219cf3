package threshold

import (
	"fmt"
	"slices"

	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/track"
)

// Minor country resistance (28): the level a target of Axis aggression
// resists with, a term of the Allies' threshold for declaring war (28.11,
// 32). It is the basic defensive strength (28.21) with the target's flags
// (28.3), the trade pacts of its bordering countries (28.4) and, once an
// Allied power opposes the aggression, a random tile (28.5); Ethiopia's is
// fixed (28.13). "+" favours the Allies, "-" the Axis (28.12).

// defenceRow is a row of 28.21: a target's basic defensive strength and the
// neighbour that must be controlled for an aggression against it.
type defenceRow struct {
	Country  string
	Strength int
	Requires string // 28.21 (in parentheses), 28.61
	Rule     string
}

var basicDefence = []defenceRow{
	{storm.Ethiopia, 1, "", "28.21A"},
	{"Albania", 2, "", "28.21B"},
	{"Greece", 4, "Albania", "28.21C"},
	{"Yugoslavia", 5, "Albania", "28.21D"},
	{storm.Rhineland, 0, "", "28.21E"},
	{"Austria", 2, "", "28.21F"},
	{"Czechoslovakia", 4, "", "28.21G"},
	{"Poland", 6, "", "28.21H"},
	{"Baltic States", 0, "", "28.21I"},
}

// AggressionTargets lists the minor countries 28.21 gives a resistance
// for, in that rule's order.
func AggressionTargets() []string {
	out := make([]string, len(basicDefence))
	for i, r := range basicDefence {
		out[i] = r.Country
	}
	return out
}

// demandedOrGerman reports an aggression against target by Germany, in
// progress or completed (28.21G-H: "being demanded" or German).
func demandedOrGerman(s storm.State, target string) bool {
	return slices.ContainsFunc(s.SupportFacts.Aggressions, func(a storm.Aggression) bool {
		return a.Aggressor == storm.Germany && a.Target == target
	}) || slices.ContainsFunc(s.Crisis.Crises, func(c storm.Crisis) bool { // a crisis over it this turn
		return c.Aggressor == storm.Germany && c.Target == target && c.Stage != storm.StageOver
	})
}

// ResistanceOf derives target's resistance level (28.12): tile is the
// random tile of 28.5 (1-3) once drawn, 0 before. ok is false for a country
// 28.21 does not list.
func ResistanceOf(s storm.State, target string, tile int) (storm.Resistance, bool) {
	i := slices.IndexFunc(basicDefence, func(r defenceRow) bool { return r.Country == target })
	if i < 0 {
		return storm.Resistance{}, false
	}
	row := basicDefence[i]
	r := storm.Resistance{Target: target}
	add := func(rule, what string, v int) {
		if v != 0 || len(r.Terms) == 0 { // the basic strength always shows
			r.Terms = append(r.Terms, storm.ResistanceTerm{Rule: rule, What: what, Value: v})
			r.Level += v
		}
	}
	add(row.Rule, "basic defensive strength", row.Strength)
	if target == storm.Ethiopia { // 28.13: fixed
		return r, true
	}
	switch target { // 28.21C-H: the cumulative negative modifiers
	case "Greece", "Yugoslavia":
		if storm.Fighting(s, target) {
			add(row.Rule, "civil war being fought", -2)
		}
	case storm.Rhineland:
		add(row.Rule, "German support increases from mobilizations", -track.MobilizationSupport(storm.Germany, s.Powers[storm.Germany].Factories.Military))
	case "Czechoslovakia":
		if demandedOrGerman(s, "Sudetenland") {
			add(row.Rule, "the Sudetenland demanded or German", -2)
		}
	case "Poland":
		if demandedOrGerman(s, "Danzig and the Corridor") {
			add(row.Rule, "Danzig and the Corridor demanded or German", -2)
		}
	}
	if m := s.Minor(target); m != nil { // 28.3: flags
		c := m.FlagsByPower()
		axis, allied := c[storm.Germany]+c[storm.Italy], c[storm.Britain]+c[storm.France]+c[storm.Russia] // 28.33: Russian flags count as Allied
		// worded only when they count: add keeps no term of 0 after the first
		if v := -flagStep(axis); v != 0 {
			add("28.31", fmt.Sprintf("%d Axis flag(s)", axis), v)
		}
		if v := flagStep(allied); v != 0 {
			add("28.32, 28.33", fmt.Sprintf("%d Allied and Russian flag(s)", allied), v)
		}
	}
	for _, b := range storm.Borders(target) { // 28.4
		m := s.Minor(b)
		if m == nil {
			continue // Russia: no trade pact there
		}
		c := m.FlagsByPower()
		name := storm.BorderName(s, b) // 28.42C: Serbia after Yugoslavia's split
		switch side := storm.SideOf(m.TradePact); {
		case m.TradePact != 0 && side == storm.Axis:
			add("28.41A", "Axis trade pact in "+name, -1)
		case m.TradePact == 0 && m.Controller != 0: // a successful aggression (28.41, 11.61E)
			add("28.41A", name+" controlled by "+m.Controller.Title(), -1)
		case m.TradePact != 0 && side == storm.Allies:
			add("28.41B", "Allied trade pact in "+name, 1)
		case m.TradePact == storm.Russia:
			add("28.41C", "Russian trade pact in "+name, 1)
		case c[storm.Britain]+c[storm.France]+c[storm.Russia] >= 3:
			add("28.41D", "three or more Allied and Russian flags in "+name, 1)
		}
	}
	if tile > 0 { // 28.5
		add("28.51", "random tile", tile)
		r.Tile = tile
	}
	return r, true
}

// flagStep is 28.31-28.32's effect of n flags: 1 for one or two, 2 for
// three or four.
func flagStep(n int) int {
	switch {
	case n >= 3:
		return 2
	case n >= 1:
		return 1
	}
	return 0
}
