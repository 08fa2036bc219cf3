package threshold

import (
	"testing"

	"stormjudge/adjudicator/setup"
	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/track"
)

// Rule 28.12-28.51: resistance from the basic defensive strength, the
// target's flags, the bordering countries' trade pacts and the tile;
// Ethiopia fixed at 1.
func TestRule28_12ResistanceLevels(t *testing.T) {
	s := setup.NewGame(1)
	level := func(s storm.State, target string, tile int) int {
		t.Helper()
		r, ok := ResistanceOf(s, target, tile)
		if !ok {
			t.Fatalf("no resistance for %s", target)
		}
		sum := 0
		for _, x := range r.Terms {
			sum += x.Value
		}
		if sum != r.Level {
			t.Errorf("%s: terms %v do not add up to %d", target, r.Terms, r.Level)
		}
		return r.Level
	}
	if _, ok := ResistanceOf(s, "Norway", 0); ok {
		t.Error("28.21: Norway is no aggression target")
	}
	// 28.13: Ethiopia 1, whatever the tile.
	if got := level(s, storm.Ethiopia, 3); got != 1 {
		t.Errorf("28.13: Ethiopia %d", got)
	}
	// 28.21F, 28.31A: Austria 2 with one German flag: 1; 28.41: its
	// bordering countries at setup: Czechoslovakia (French pact) +1,
	// Hungary (Italian flag, pact?) and Yugoslavia.
	a := s.Clone()
	for _, c := range storm.Borders("Austria") {
		m := a.Minor(c)
		m.TradePact, m.Controller = 0, 0
		m.SetFlagCounts(map[storm.Power]int{})
	}
	a.Minor("Austria").SetFlagCounts(map[storm.Power]int{storm.Germany: 1})
	if got := level(a, "Austria", 0); got != 1 {
		t.Errorf("28.21F, 28.31A: Austria %d, want 2 - 1", got)
	}
	a.Minor("Austria").SetFlagCounts(map[storm.Power]int{storm.Germany: 3})
	a.Minor("Czechoslovakia").TradePact = storm.France
	a.Minor("Hungary").TradePact = storm.Italy
	a.Minor("Yugoslavia").SetFlagCounts(map[storm.Power]int{storm.Britain: 2, storm.Russia: 1})
	// 2 - 2 (three Axis flags) + 1 (French pact) - 1 (Italian pact) + 1 (three Allied and Russian flags)
	if got := level(a, "Austria", 2); got != 3 {
		t.Errorf("28.31B, 28.41A-D, 28.51: Austria %d, want 2-2+1-1+1+2", got)
	}
	// 28.21C: Greece in civil war, 28.32, 28.33: Russian flags as Allied.
	g := s.Clone()
	for _, c := range append(storm.Borders("Greece"), "Greece") {
		m := g.Minor(c)
		m.TradePact, m.Controller = 0, 0
		m.SetFlagCounts(map[storm.Power]int{})
	}
	g.Diplomacy.CivilWars = []storm.CivilWar{{Country: "Greece", Began: g.Turn, Counters: []int{1}}}
	g.Minor("Greece").SetFlagCounts(map[storm.Power]int{storm.Britain: 1, storm.Russia: 2})
	if got := level(g, "Greece", 0); got != 4 {
		t.Errorf("28.21C, 28.32B, 28.33: Greece %d, want 4-2+2", got)
	}
	// 28.21G-H: the Sudetenland or Danzig demanded.
	c := s.Clone()
	base := level(c, "Czechoslovakia", 0)
	c.SupportFacts.Aggressions = append(c.SupportFacts.Aggressions, storm.Aggression{Aggressor: storm.Germany, Target: "Sudetenland", Turn: c.Turn})
	if got := level(c, "Czechoslovakia", 0); got != base-2 {
		t.Errorf("28.21G: Czechoslovakia %d, want %d - 2", got, base)
	}
	// 28.21E: the Rhineland less Germany's support increases from
	// mobilizations.
	r := s.Clone()
	r.Powers[storm.Germany].Factories.Military = 20
	n := track.MobilizationSupport(storm.Germany, 20)
	if n == 0 {
		t.Fatal("no German mobilization support at 20 military factories")
	}
	rr, _ := ResistanceOf(r, storm.Rhineland, 0)
	found := false
	for _, x := range rr.Terms {
		found = found || (x.Rule == "28.21E" && x.Value == -n)
	}
	if !found {
		t.Errorf("28.21E: Rhineland terms %v, want -%d", rr.Terms, n)
	}
}
