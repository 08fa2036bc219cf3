package threshold

import (
	"fmt"

	"stormjudge/adjudicator/storm"
)

// The Nazi-Soviet Pact's concession level (31.32, 31.33): what Russia
// would obtain, 30 modified by the support levels, the EAI, the flags in
// Russia, the diplomatic results in the countries on Russia's border and
// elsewhere, and Poland's resistance. The crisis over Poland reads it
// when the pact is signed (signPact, crisisend.go); the victory points
// read it every turn (34.92: it counts whether or not the pact is signed).

// PactBorder are the countries 31.32D names; the rest of the minors count
// only their Russian flags and pacts.
var PactBorder = []string{"Finland", "Rumania", "Turkey"}

// PactConcessionLevel derives the concession level and its terms (31.32);
// polandTile is the tile of Poland's resistance once drawn (28.5), 0
// before; rounded is the level rounded to the nearest five (31.33).
func PactConcessionLevel(s storm.State, polandTile int) (level, rounded int, terms []storm.PactTerm) {
	add := func(rule, what string, v int) {
		if v != 0 || len(terms) == 0 {
			terms = append(terms, storm.PactTerm{Rule: rule, What: what, Value: v})
			level += v
		}
	}
	add("31.32", "basic concession level", 30)
	add("31.32A", "Russian against German support level", s.Powers[storm.Russia].Support-s.Powers[storm.Germany].Support)
	add("31.32B", "EAI", s.EAI)
	allied, axis := flagsInRussiaBySide(s) // declaration.go, as 32.72C
	add("31.32C", "Allied flags in Russia", allied)
	add("31.32C", "Axis flags in Russia", -axis)
	for _, m := range s.Minors {
		c := m.FlagsByPower()
		border := false
		for _, b := range PactBorder {
			border = border || b == m.Name
		}
		if border { // 31.32D: Axis results count against, Russian for
			switch {
			case m.TradePact != 0 && storm.SideOf(m.TradePact) == storm.Axis:
				add("31.32D", "Axis trade pact in "+m.Name, -2)
			case c[storm.Germany]+c[storm.Italy] > 0:
				add("31.32D", "Axis flags in "+m.Name, -1)
			}
		}
		if m.Name == "Poland" {
			continue // 31.32E: its resistance
		}
		switch {
		case m.TradePact == storm.Russia:
			add("31.32D", "Russian trade pact in "+m.Name, 2)
		case c[storm.Russia] > 0:
			add("31.32D", "Russian flags in "+m.Name, 1)
		}
	}
	if r, ok := ResistanceOf(s, "Poland", polandTile); ok {
		add("31.32E", fmt.Sprintf("Poland's resistance%s", map[bool]string{true: " with its tile", false: " (no tile drawn)"}[polandTile > 0]), r.Level)
	}
	return level, RoundToFive(level), terms
}

// RoundToFive rounds to the nearest number divisible by five (31.33).
func RoundToFive(n int) int {
	if n < 0 {
		return -RoundToFive(-n)
	}
	return (n + 2) / 5 * 5
}

// PactPurge is 31.51F (22.31D): the purge events of the pact signed at
// level, the level divided by five to the nearest whole number, which is
// the level rounded to five (31.33) divided by five; none below 3
// (r-31-51f).
func PactPurge(level int) int {
	return max(RoundToFive(level), 0) / 5
}

// PactVP is 34.92: the Axis gain a point for every five concessions below
// 35 and lose one for every five above; Russia the reverse.
func PactVP(rounded int) (axis, russia int) {
	axis = (35 - rounded) / 5
	return axis, -axis
}
