package economy_test

import (
	"slices"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/economy"
	"stormjudge/adjudicator/internal/enginetest"
	"stormjudge/adjudicator/setup"
	"stormjudge/adjudicator/storm"
)

func economicGame(t *testing.T) storm.State {
	t.Helper()
	s := setup.NewGame(1)
	s, _, err := adjudicator.Resolve(s, nil)
	if err != nil || s.Segment != storm.SegEconomic {
		t.Fatalf("to the economic segment: %v %s", err, s.Segment)
	}
	return s
}

// TestRule14_712Balancing mobilizes every German factory, taking two
// infantry whenever allowed: 14.712 must force the balancing air units so
// that infantry and air are equal once Germany is fully mobilized.
func TestRule14_712Balancing(t *testing.T) {
	s := economicGame(t)
	refused := false
	for s.Powers[storm.Germany].Factories.Idle+s.Powers[storm.Germany].Factories.Civilian > 0 {
		ps := s.Powers[storm.Germany]
		ps.TilePoints = 21
		from := storm.Idle
		if ps.Factories.Idle == 0 {
			from = storm.Civilian
		}
		greedy := storm.Order{Kind: storm.Mobilize, From: from, Units: []storm.UnitType{storm.Armor, storm.Infantry, storm.Infantry}}
		o := greedy
		if errs := adjudicator.Validate(s, storm.Germany, []storm.Order{greedy}); len(errs) > 0 {
			if errs[0].Rule != "14.712" {
				t.Fatalf("%s: unexpected refusal %v", s.Turn, errs)
			}
			refused = true
			o = storm.Order{Kind: storm.Mobilize, From: from, Units: []storm.UnitType{storm.Armor, storm.Air, storm.Air}}
			if len(adjudicator.Validate(s, storm.Germany, []storm.Order{o})) > 0 { // balanced already: the last one
				o.Units = []storm.UnitType{storm.Armor, storm.Infantry, storm.Air}
			}
		}
		if errs := adjudicator.Validate(s, storm.Germany, []storm.Order{o}); len(errs) > 0 {
			t.Fatalf("%s: %v", s.Turn, errs)
		}
		var err error
		s, _, err = adjudicator.Resolve(s, map[storm.Power][]storm.Order{storm.Germany: {o}})
		if err != nil {
			t.Fatal(err)
		}
	}
	ps := s.Powers[storm.Germany]
	initial, game := economy.CreatedSoFar(storm.Germany, ps)
	all := initial.Plus(game)
	if !refused {
		t.Error("14.712: two infantry were never refused")
	}
	if all.Infantry != all.Air {
		t.Errorf("14.712: fully mobilized with %d infantry and %d air", all.Infantry, all.Air)
	}
	if ps.Mobilizations != 12 || len(ps.MobilizationUnits) != 9 {
		t.Errorf("12 German mobilizations expected, got %d (%d recorded)", ps.Mobilizations, len(ps.MobilizationUnits))
	}
}

// TestRule14_7ChoicesPerPower pins how many unit choices each power has at
// its first mobilization of the game (14.711, 14.721, 14.733, 14.741, 14.751).
func TestRule14_7ChoicesPerPower(t *testing.T) {
	s := economicGame(t)
	want := map[storm.Power][]string{
		// 14.711: armor or shipbuilding, times inf+air, 2 inf, 2 air.
		storm.Germany: {"ARMOR, INFANTRY, INFANTRY", "ARMOR, INFANTRY, AIR", "ARMOR, AIR, AIR",
			"INFANTRY, INFANTRY, SHIPBUILDING", "INFANTRY, AIR, SHIPBUILDING", "AIR, AIR, SHIPBUILDING"},
		// 14.721, 14.722A-B: two different, not armor with shipbuilding.
		storm.Italy: {"ARMOR, INFANTRY", "ARMOR, AIR", "INFANTRY, AIR", "INFANTRY, SHIPBUILDING", "AIR, SHIPBUILDING"},
		// 14.733A: one armor, shipbuilding or air, plus two air.
		storm.Britain: {"ARMOR, AIR, AIR", "AIR, AIR, AIR", "AIR, AIR, SHIPBUILDING"},
		// 14.741, 14.742: two different, no shipbuilding.
		storm.France: {"ARMOR, INFANTRY", "ARMOR, AIR", "INFANTRY, AIR"},
		storm.Russia: {"ARMOR, INFANTRY, AIR"}, // 14.751
	}
	for _, p := range storm.Powers {
		var got []string
		for _, c := range economy.MobilizationChoices(s, p) {
			got = append(got, storm.UnitList(c))
		}
		if !slices.Equal(got, want[p]) {
			t.Errorf("%s: choices %q, want %q", p, got, want[p])
		}
	}
}

// TestRule13_21BBuildInArrivalTurn: Russian infantry mobilized in Spring
// 1935 reaches the reserve in Fall 1935 (two turns, 14.83) and may be built
// in that very turn.
func TestRule13_21BBuildInArrivalTurn(t *testing.T) {
	s := economicGame(t)
	s.Powers[storm.Russia].TilePoints = 10
	s, evs, err := adjudicator.Resolve(s, map[storm.Power][]storm.Order{storm.Russia: {{Kind: storm.Mobilize, From: storm.Idle}}})
	if err != nil {
		t.Fatal(err)
	}
	if !enginetest.HasEvent(evs, "UnitsMobilized") || s.Turn != (storm.Turn{Year: 1935, Season: storm.Summer}) {
		t.Fatalf("no mobilization or wrong turn %s:\n%s", s.Turn, enginetest.DumpEvents(evs))
	}
	build := []storm.Order{{Kind: storm.Build, Units: []storm.UnitType{storm.Infantry}, Counters: []int{2}}}
	s.Powers[storm.Russia].TilePoints = 5
	if errs := adjudicator.Validate(s, storm.Russia, build); len(errs) == 0 || errs[0].Rule != "18.11" {
		t.Errorf("Summer 1935: the infantry is not in the reserve yet, got %v", errs)
	}
	s, evs, err = adjudicator.Resolve(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	if s.Turn != (storm.Turn{Year: 1935, Season: storm.Fall}) || s.Powers[storm.Russia].Reserve.Infantry < 1 || !enginetest.HasEvent(evs, "UnitsReachedReserve") {
		t.Fatalf("%s: reserve %+v, events:\n%s", s.Turn, s.Powers[storm.Russia].Reserve, enginetest.DumpEvents(evs))
	}
	s.Powers[storm.Russia].TilePoints = 5
	if errs := adjudicator.Validate(s, storm.Russia, build); len(errs) > 0 {
		t.Fatalf("13.21B: built in the turn of arrival: %v", errs)
	}
	before := s.Clone()
	after, _, err := adjudicator.Resolve(s, map[storm.Power][]storm.Order{storm.Russia: build})
	if err != nil {
		t.Fatal(err)
	}
	if after.Powers[storm.Russia].Active.Infantry != 5 || after.Powers[storm.Russia].Reserve.Infantry != 0 {
		t.Errorf("built: active %+v reserve %+v", after.Powers[storm.Russia].Active, after.Powers[storm.Russia].Reserve)
	}
	if s.Powers[storm.Russia].Reserve != before.Powers[storm.Russia].Reserve || len(s.Powers[storm.Russia].Mobilizing) != len(before.Powers[storm.Russia].Mobilizing) {
		t.Error("Resolve mutated its input")
	}
}
