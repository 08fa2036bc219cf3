package adjudicator_test

import (
	"strings"
	"testing"

	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/war"
)

// Issue 23, items 2, 3, 7, 8 and 12: Russia's declaration after a war in
// a crisis (26.12C, 32.81), Russia's mobilized civilian factories
// (34.31C), the Allies' retaliation (32.63), the refusal of a barred
// Allied declaration (32.61B) and the words of a back-down (27.73,
// 32.61A). Each plays the situation by email (bymail_test.go).

// vpLine sums the victory point lines of rule in v.
func vpLine(v storm.Victory, rule string) (int, bool) {
	n, found := 0, false
	for _, l := range v.Lines {
		if l.Rule == rule {
			n += l.Value
			found = true
		}
	}
	return n, found
}

// toPoland plays Germany to Danzig and the Corridor without the pact:
// the Rhineland in Spring 1935, Danzig and the Corridor in Summer 1935,
// both acquiesced. 14.43C then frees Russia's civilian factories and
// 32.71B lets Russia declare war from the next turn.
func toDanzig(t *testing.T, seed uint64) storm.State {
	t.Helper()
	s := mailGame(t, seed)
	s, _ = aggress(t, s, storm.Germany, "RHINELAND", "ACQUIESCE")
	s, _ = playTo(t, s, storm.Turn{Year: 1935, Season: storm.Summer}, storm.SegCrisisAggression)
	s, _ = aggress(t, s, storm.Germany, "DANZIG AND THE CORRIDOR", "ACQUIESCE")
	if !s.Conditions.PolandAggressionWithoutPact {
		t.Fatalf("14.43C: Danzig and the Corridor without the pact not on record: %+v", s.Conditions)
	}
	return s
}

// TestRule34_31CRussianCivilianFactories: Germany takes Danzig and the
// Corridor without the pact (14.43C); Russia mobilizes a civilian factory
// by email in Fall 1935 and another five turns later (low cohesion, 14.43B).
// Each is worth +2 to Russia (34.31C), shown in the victory points of the
// view; the idle factories' -1 is unchanged.
func TestRule34_31CRussianCivilianFactories(t *testing.T) {
	s := toDanzig(t, 1)
	s, _ = playTo(t, s, storm.Turn{Year: 1935, Season: storm.Fall}, storm.SegEconomic)
	s.Powers[storm.Russia].TilePoints = 20 // a figure: enough to mobilize (14.31)
	before := war.VictoryPoints(s)
	if n, found := vpLine(before, "34.31C"); n != -4 || !found {
		t.Fatalf("34.31C before: %d (%+v), want Russia's 4 idle factories -4", n, before.Lines)
	}
	s, _ = mailRound(t, s, map[storm.Power]string{storm.Russia: "MOBILIZE CIVILIAN: ARMOR, INFANTRY, AIR"})
	one := war.VictoryPoints(s)
	if n, _ := vpLine(one, "34.31C"); n != -4+2 {
		t.Fatalf("34.31C after one civilian factory: %d, want -4 + 2 (%+v)", n, one.Lines)
	}
	if one.Russia != before.Russia+2 {
		t.Errorf("34.31C: Russia %d, want %d + 2", one.Russia, before.Russia)
	}
	next := s.Turn
	for range 5 {
		next = next.Next()
	}
	s, _ = playTo(t, s, next, storm.SegEconomic)
	s.Powers[storm.Russia].TilePoints = 20
	s, _ = mailRound(t, s, map[storm.Power]string{storm.Russia: "MOBILIZE CIVILIAN: ARMOR, INFANTRY, AIR"})
	two := war.VictoryPoints(s)
	found := false
	for _, l := range two.Lines {
		if l.Rule == "34.31C" && l.Value == 4 && strings.Contains(l.What, "2 civilian factories mobilized") {
			found = true
		}
	}
	if !found {
		t.Fatalf("34.31C: no +4 line for two civilian factories: %+v", two.Lines)
	}
	if got := war.RussianCivilianMobilized(s); got != 2 {
		t.Errorf("34.31C: %d civilian factories on record, want 2", got)
	}
	if f := s.Powers[storm.Russia].Factories; f.Civilian != 3 {
		t.Errorf("14.31: Russia's civilian factories %d, want 3", f.Civilian)
	}
}

var _ = event.WarBroke{}
