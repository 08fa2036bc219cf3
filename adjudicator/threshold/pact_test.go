package threshold

import (
	"testing"

	"stormjudge/adjudicator/setup"
	"stormjudge/adjudicator/storm"
)

// Rules 31.32, 31.33, 34.92: the concession level from its terms, rounded
// to the nearest five, and its victory points (the rule's bands: 25-27 +2
// for the Axis, 28-32 +1, 33-37 0, 38-42 -1; Russia 18-22 -3, 23-27 -2).
func TestRule31_32PactConcessionLevel(t *testing.T) {
	s := setup.NewGame(1)
	for i := range s.Minors {
		m := &s.Minors[i]
		m.TradePact, m.Controller = 0, 0
		m.SetFlagCounts(map[storm.Power]int{})
	}
	s.EAI = 0
	s.Powers[storm.Russia].Support, s.Powers[storm.Germany].Support = 0, 0
	base, _, _ := PactConcessionLevel(s, 0)
	poland, _ := ResistanceOf(s, "Poland", 0)
	if base != 30+poland.Level {
		t.Fatalf("31.32: %d, want 30 + Poland's %d", base, poland.Level)
	}
	s.Powers[storm.Russia].Support, s.Powers[storm.Germany].Support = 3, 1 // +2
	s.EAI = 2                                                              // +2
	s.SupportFacts.FlagsInRussia = map[storm.Power]int{storm.France: 1, storm.Germany: 2}
	s.Minor("Finland").SetFlagCounts(map[storm.Power]int{storm.Germany: 1}) // -1
	s.Minor("Turkey").SetFlagCounts(map[storm.Power]int{storm.Germany: 3})
	s.Minor("Turkey").TradePact = storm.Germany                            // -2
	s.Minor("Rumania").SetFlagCounts(map[storm.Power]int{storm.Russia: 2}) // +1
	s.Minor("Sweden").SetFlagCounts(map[storm.Power]int{storm.Russia: 3})
	s.Minor("Sweden").TradePact = storm.Russia // +2 (not on the border)
	level, _, terms := PactConcessionLevel(s, 3)
	want := base + 2 + 2 + 1 - 2 - 1 - 2 + 1 + 2 + 3 // the tile raises Poland's resistance
	sum := 0
	for _, x := range terms {
		sum += x.Value
	}
	if level != want || sum != level {
		t.Errorf("31.32: %d (terms %d), want %d: %v", level, sum, want, terms)
	}
	for n, w := range map[int][2]int{25: {25, 2}, 27: {25, 2}, 28: {30, 1}, 32: {30, 1}, 33: {35, 0}, 37: {35, 0}, 38: {40, -1}, 20: {20, 3}} {
		r := RoundToFive(n)
		a, ru := PactVP(r)
		if r != w[0] || a != w[1] || ru != -w[1] {
			t.Errorf("31.33, 34.92: %d rounds to %d (%d/%d VPs), want %d (%d)", n, r, a, ru, w[0], w[1])
		}
	}
}
