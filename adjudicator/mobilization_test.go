package adjudicator

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// parseUnitTestOrder reads the canonical text of MOBILIZE orders naming
// units ("MOBILIZE IDLE: ARMOR, INFANTRY, AIR") and of BUILD orders
// ("BUILD ARMOR INFANTRY WITH 3 1") for the rule cases; ok is false for
// other orders.
func parseUnitTestOrder(text string) (o Order, ok bool, err error) {
	f := strings.Fields(strings.NewReplacer(":", " : ", ",", " ").Replace(strings.ToLower(text)))
	if len(f) == 0 {
		return o, false, nil
	}
	switch {
	case f[0] == "mobilize" && slices.Contains(f, ":"):
		o = Order{Kind: Mobilize}
		i := slices.Index(f, ":")
		if i == 2 {
			o.From = FactoryKind(f[1])
		}
		for _, w := range f[i+1:] {
			o.Units = append(o.Units, UnitType(w))
		}
		return o, true, nil
	case f[0] == "reserve":
		o = Order{Kind: AddToReserve}
		for _, w := range f[1:] {
			o.Units = append(o.Units, UnitType(w))
		}
		return o, true, nil
	case f[0] == "build":
		o = Order{Kind: Build}
		with := false
		for _, w := range f[1:] {
			switch {
			case w == "with":
				with = true
			case with:
				n, err := strconv.Atoi(w)
				if err != nil {
					return o, true, fmt.Errorf("bad counter %q", w)
				}
				o.Counters = append(o.Counters, n)
			default:
				o.Units = append(o.Units, UnitType(w))
			}
		}
		return o, true, nil
	}
	return o, false, nil
}

func economicGame(t *testing.T) State {
	t.Helper()
	s := NewGame(1)
	s, _, err := Resolve(s, nil)
	if err != nil || s.Segment != SegEconomic {
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
	for s.Powers[Germany].Factories.Idle+s.Powers[Germany].Factories.Civilian > 0 {
		ps := s.Powers[Germany]
		ps.TilePoints = 21
		from := Idle
		if ps.Factories.Idle == 0 {
			from = Civilian
		}
		greedy := Order{Kind: Mobilize, From: from, Units: []UnitType{Armor, Infantry, Infantry}}
		o := greedy
		if errs := Validate(s, Germany, []Order{greedy}); len(errs) > 0 {
			if errs[0].Rule != "14.712" {
				t.Fatalf("%s: unexpected refusal %v", s.Turn, errs)
			}
			refused = true
			o = Order{Kind: Mobilize, From: from, Units: []UnitType{Armor, Air, Air}}
			if len(Validate(s, Germany, []Order{o})) > 0 { // balanced already: the last one
				o.Units = []UnitType{Armor, Infantry, Air}
			}
		}
		if errs := Validate(s, Germany, []Order{o}); len(errs) > 0 {
			t.Fatalf("%s: %v", s.Turn, errs)
		}
		var err error
		s, _, err = Resolve(s, map[Power][]Order{Germany: {o}})
		if err != nil {
			t.Fatal(err)
		}
	}
	ps := s.Powers[Germany]
	initial, game := createdSoFar(Germany, ps)
	all := initial.plus(game)
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
	want := map[Power][]string{
		// 14.711: armor or shipbuilding, times inf+air, 2 inf, 2 air.
		Germany: {"ARMOR, INFANTRY, INFANTRY", "ARMOR, INFANTRY, AIR", "ARMOR, AIR, AIR",
			"INFANTRY, INFANTRY, SHIPBUILDING", "INFANTRY, AIR, SHIPBUILDING", "AIR, AIR, SHIPBUILDING"},
		// 14.721, 14.722A-B: two different, not armor with shipbuilding.
		Italy: {"ARMOR, INFANTRY", "ARMOR, AIR", "INFANTRY, AIR", "INFANTRY, SHIPBUILDING", "AIR, SHIPBUILDING"},
		// 14.733A: one armor, shipbuilding or air, plus two air.
		Britain: {"ARMOR, AIR, AIR", "AIR, AIR, AIR", "AIR, AIR, SHIPBUILDING"},
		// 14.741, 14.742: two different, no shipbuilding.
		France: {"ARMOR, INFANTRY", "ARMOR, AIR", "INFANTRY, AIR"},
		Russia: {"ARMOR, INFANTRY, AIR"}, // 14.751
	}
	for _, p := range Powers {
		var got []string
		for _, c := range mobilizationChoices(s, p) {
			got = append(got, unitList(c))
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
	s.Powers[Russia].TilePoints = 10
	s, evs, err := Resolve(s, map[Power][]Order{Russia: {{Kind: Mobilize, From: Idle}}})
	if err != nil {
		t.Fatal(err)
	}
	if !hasEvent(evs, "UnitsMobilized") || s.Turn != (Turn{1935, Summer}) {
		t.Fatalf("no mobilization or wrong turn %s:\n%s", s.Turn, dumpEvents(evs))
	}
	build := []Order{{Kind: Build, Units: []UnitType{Infantry}, Counters: []int{2}}}
	s.Powers[Russia].TilePoints = 5
	if errs := Validate(s, Russia, build); len(errs) == 0 || errs[0].Rule != "18.11" {
		t.Errorf("Summer 1935: the infantry is not in the reserve yet, got %v", errs)
	}
	s, evs, err = Resolve(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	if s.Turn != (Turn{1935, Fall}) || s.Powers[Russia].Reserve.Infantry < 1 || !hasEvent(evs, "UnitsReachedReserve") {
		t.Fatalf("%s: reserve %+v, events:\n%s", s.Turn, s.Powers[Russia].Reserve, dumpEvents(evs))
	}
	s.Powers[Russia].TilePoints = 5
	if errs := Validate(s, Russia, build); len(errs) > 0 {
		t.Fatalf("13.21B: built in the turn of arrival: %v", errs)
	}
	before := s.Clone()
	after, _, err := Resolve(s, map[Power][]Order{Russia: build})
	if err != nil {
		t.Fatal(err)
	}
	if after.Powers[Russia].Active.Infantry != 5 || after.Powers[Russia].Reserve.Infantry != 0 {
		t.Errorf("built: active %+v reserve %+v", after.Powers[Russia].Active, after.Powers[Russia].Reserve)
	}
	if s.Powers[Russia].Reserve != before.Powers[Russia].Reserve || len(s.Powers[Russia].Mobilizing) != len(before.Powers[Russia].Mobilizing) {
		t.Error("Resolve mutated its input")
	}
}

func hasEvent(evs []Event, typ string) bool {
	for _, e := range evs {
		if e.Type() == typ {
			return true
		}
	}
	return false
}

// unitRoundTripEvents are samples of the events of this area for
// TestEventsRoundTrip.
func unitRoundTripEvents() []Event {
	return []Event{
		UnitsMobilized{Power: Italy, Mobilization: 4, Units: []MobilizingUnit{{Unit: Air, Arrives: Turn{1936, Spring}, Mobilization: 4}}},
		ShipbuildingIncreased{Power: Italy, Mobilization: 4, Total: 1},
		UnitsReachedReserve{Power: Italy, Units: Units{Air: 1}, Reserve: Units{Air: 1}},
		UnitsBuilt{Power: Italy, Units: Units{Air: 1}, Counters: ActivityCounters{Two: 1}, Cost: 2, Rule: "18.11"},
		UnitsReturnedToReserve{Power: Italy, Units: Units{Infantry: 1}},
		UnitAddedToReserve{Power: France, Unit: Armor, Reserve: Units{Armor: 1}, Rule: "14.743"},
	}
}
