package adjudicator

import (
	"bytes"
	"encoding/json"
	"reflect"
	"slices"
	"testing"
)

func TestRule7_31SegmentOrder(t *testing.T) {
	want := []Segment{"random-events", "income", "economic", "spy-rings", "diplomacy-axis-1", "diplomacy-russia",
		"diplomacy-allies", "diplomacy-axis-2", "covert", "diplomacy-resolve", "crisis-aggression",
		"crisis-response", "crisis-axis-response", "crisis-ultimatum", "crisis-brink", "preemptive-war",
		"end-of-game"}
	if !slices.Equal(Segments, want) {
		t.Fatalf("7.31: Segments = %v", Segments)
	}
	for _, s := range Segments {
		if s.Title() == string(s) || s.Title() == "" {
			t.Errorf("7.31: segment %s has no title", s)
		}
	}
}

func TestRule7_31FirstResolveStopsAtEconomic(t *testing.T) {
	s := NewGame(42)
	if r := Required(s); r != nil {
		t.Fatalf("7.31: random events require %v", r)
	}
	n, evs, err := Resolve(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	if n.Segment != SegEconomic || n.Turn != FirstTurn {
		t.Fatalf("7.31: stopped at %s %s", n.Turn, n.Segment)
	}
	if !slices.Equal(Required(n), Powers) {
		t.Errorf("13.11: economic requires %v", Required(n))
	}
	var types []string
	for _, e := range evs {
		types = append(types, e.Type())
	}
	// NewGame(1) draws the Military purge (22.41, 22.21A).
	wantTypes := []string{"SpanishCivilWarSetup", "PurgeCardDrawn", "UnitsPurged", "PurgeLevelRaised",
		"EAIDetermined", "SegmentSkipped", "GarrisonChecked",
		"SupportDetermined", "SupportDetermined", "SupportDetermined", "SupportDetermined", "SupportDetermined",
		"IncomeComputed", "IncomeComputed", "IncomeComputed", "IncomeComputed", "IncomeComputed"}
	if !slices.Equal(types, wantTypes) {
		t.Errorf("7.31: events %v", types)
	}
}

func TestRule7_31UnimplementedSegmentsSkippedInOrder(t *testing.T) {
	s, _, _ := Resolve(NewGame(42), nil)
	n, evs, err := Resolve(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	var skipped []Segment
	for _, e := range evs {
		if sk, ok := e.(SegmentSkipped); ok {
			if sk.Note != NotImplemented {
				t.Errorf("7.31: skip note %q", sk.Note)
			}
			skipped = append(skipped, sk.Segment)
		}
	}
	want := append(slices.Clone(Segments[3:]), SegRandomEvents)
	if !slices.Equal(skipped, want) {
		t.Errorf("7.31: skipped %v, want %v", skipped, want)
	}
	if n.Turn != (Turn{1935, Summer}) || n.Segment != SegEconomic {
		t.Errorf("2.41: next stop %s %s", n.Turn, n.Segment)
	}
	// Four turns later the year changes (2.41).
	for range 3 {
		n, _, err = Resolve(n, nil)
		if err != nil {
			t.Fatal(err)
		}
	}
	if n.Turn != (Turn{1936, Spring}) {
		t.Errorf("2.41: after Winter 1935 comes %s", n.Turn)
	}
}

func TestResolveRejectsOrdersFromPowersNotRequired(t *testing.T) {
	s := NewGame(1)
	if _, _, err := Resolve(s, map[Power][]Order{Germany: {{Kind: Convert, From: Idle}}}); err == nil {
		t.Errorf("orders accepted in random events")
	}
	if _, _, err := Resolve(s, map[Power][]Order{Germany: {}}); err != nil {
		t.Errorf("empty orders refused: %v", err)
	}
	ended := s.Clone()
	ended.Ended = true
	if _, _, err := Resolve(ended, nil); err == nil {
		t.Errorf("an ended game resolved")
	}
}

func TestResolveDoesNotMutateInput(t *testing.T) {
	s, _, _ := Resolve(NewGame(5), nil)
	s.Powers[Germany].TilePoints = 20
	s.Powers[Russia].MobilizationTurns = []Turn{}
	before, _ := json.Marshal(s)
	orders := map[Power][]Order{Germany: {{Kind: Mobilize, From: Idle}}, Russia: {{Kind: Mobilize, From: Idle}}}
	if _, _, err := Resolve(s, orders); err != nil {
		t.Fatal(err)
	}
	after, _ := json.Marshal(s)
	if !bytes.Equal(before, after) {
		t.Errorf("Resolve mutated its input")
	}
}

func TestRule14_41OneConversionPerTurn(t *testing.T) {
	s, _, _ := Resolve(NewGame(5), nil)
	s.Powers[Britain].TilePoints = 21
	tests := []struct {
		name   string
		orders []Order
		rules  []string
	}{
		{"one", []Order{{Kind: Convert, From: Idle}}, nil},
		{"two", []Order{{Kind: Convert, From: Idle}, {Kind: Mobilize, From: Idle, Line: 4}}, []string{"14.41"}},
		{"three", []Order{{Kind: Convert, From: Idle}, {Kind: Convert, From: Idle}, {Kind: Mobilize, From: Civilian}}, []string{"14.41", "14.41"}},
	}
	for _, tt := range tests {
		var rules []string
		for _, e := range Validate(s, Britain, tt.orders) {
			rules = append(rules, e.Rule)
		}
		if !slices.Equal(rules, tt.rules) {
			t.Errorf("14.41 %s: rules %v, want %v", tt.name, rules, tt.rules)
		}
	}
	// Once converted, nothing more this turn, and Allowed offers nothing.
	s.Powers[Britain].ConvertedThisTurn = true
	if errs := Validate(s, Britain, []Order{{Kind: Mobilize, From: Idle}}); len(errs) != 1 || errs[0].Rule != "14.41" {
		t.Errorf("14.41: second conversion not refused: %v", errs)
	}
	for _, o := range Allowed(s, Britain) {
		if o.Order.Kind == Convert || o.Order.Kind == Mobilize {
			t.Errorf("14.41: Allowed after converting: %v", o)
		}
	}
}

func TestRule14_31MobilizationCost(t *testing.T) {
	tests := []struct {
		year, eai, modifier, want int
	}{
		{1935, 0, 0, 10},  // 14.31
		{1936, 0, 0, 9},   // 14.31A
		{1937, 0, 0, 8},   // 14.31A
		{1938, 0, 0, 7},   // 14.31A
		{1939, 0, 0, 6},   // 14.31A
		{1940, 0, 0, 5},   // 14.31A
		{1937, 2, 0, 6},   // 14.31B: positive EAI lowers
		{1935, -2, 0, 12}, // 14.31B: negative EAI raises
		{1935, 0, 3, 13},  // 14.31C
		{1940, 5, 0, 1},   // floor (docs/rules.md)
		{1941, 5, -3, 1},  // floor
	}
	for _, tt := range tests {
		s := NewGame(1)
		s.Turn.Year, s.EAI = tt.year, tt.eai
		s.Powers[Italy].MobilizeCostModifier = tt.modifier
		if got := MobilizeCost(s, Italy); got != tt.want {
			t.Errorf("14.31: %d EAI %d mod %d: cost %d, want %d", tt.year, tt.eai, tt.modifier, got, tt.want)
		}
	}
}

func TestRule10_41AMobilizationSupport(t *testing.T) {
	tests := []struct {
		p        Power
		military int
		want     int
	}{
		{Germany, 3, 0}, {Germany, 4, 1}, {Germany, 6, 2}, {Germany, 8, 3}, {Germany, 10, 4}, {Germany, 12, 5}, {Germany, 14, 5}, {Germany, 15, 6},
		{Italy, 4, 1}, {Italy, 6, 2}, {Italy, 9, 2},
		{Britain, 4, 1}, {Britain, 6, 2}, {Britain, 8, 3}, {Britain, 12, 3},
		{France, 4, 1}, {France, 6, 2},
		{Russia, 6, 0}, {Russia, 7, 1}, {Russia, 9, 2}, {Russia, 10, 3}, {Russia, 14, 7},
	}
	for _, tt := range tests {
		if got := MobilizationSupport(tt.p, tt.military); got != tt.want {
			t.Errorf("10.41A: %s with %d military factories: %d, want %d", tt.p, tt.military, got, tt.want)
		}
	}
}

func TestOrderErrorText(t *testing.T) {
	e := OrderError{Order: Order{Kind: Mobilize, From: Idle, Line: 7}, Rule: "14.41", Msg: "only one factory may be converted per turn"}
	if got := e.Error(); got != "line 7: MOBILIZE IDLE: rule 14.41: only one factory may be converted per turn" {
		t.Errorf("OrderError = %q", got)
	}
	e.Order.Line = 0
	if got := e.Error(); got != "MOBILIZE IDLE: rule 14.41: only one factory may be converted per turn" {
		t.Errorf("OrderError = %q", got)
	}
	if got := (Order{Kind: Convert, From: Idle}).String(); got != "CONVERT IDLE TO CIVILIAN" {
		t.Errorf("order text %q", got)
	}
}

func TestAllowed(t *testing.T) {
	s, _, _ := Resolve(NewGame(5), nil)
	tests := []struct {
		p      Power
		tiles  int
		orders []string
	}{
		{Germany, 9, nil},
		{Germany, 10, []string{"CONVERT IDLE TO CIVILIAN", "MOBILIZE IDLE: ARMOR, INFANTRY, INFANTRY", "MOBILIZE CIVILIAN: ARMOR, INFANTRY, INFANTRY"}},
		{Russia, 21, []string{"MOBILIZE IDLE: ARMOR, INFANTRY, AIR"}}, // 14.42A, 14.43C, 14.751
		{Italy, 10, []string{"CONVERT IDLE TO CIVILIAN", "MOBILIZE IDLE: ARMOR, INFANTRY", "MOBILIZE CIVILIAN: ARMOR, INFANTRY"}},
	}
	for _, tt := range tests {
		s.Powers[tt.p].TilePoints = tt.tiles
		var got []string
		for _, o := range Allowed(s, tt.p) {
			if slices.Contains(shipbuildingKinds, o.Order.Kind) {
				continue // TestShipbuildingAllowed
			}
			if slices.Contains(researchKinds, o.Order.Kind) {
				continue // TestResearchAllowed
			}
			if slices.Contains(constructionKinds, o.Order.Kind) {
				continue // a purged unit in the reserve may be built (22.21A, 18)
			}
			got = append(got, o.Order.String())
			if o.Cost != 10 || o.Note == "" {
				t.Errorf("Allowed %s: %+v", tt.p, o)
			}
		}
		if !slices.Equal(got, tt.orders) {
			t.Errorf("Allowed %s with %d tiles: %v, want %v", tt.p, tt.tiles, got, tt.orders)
		}
	}
	if Allowed(NewGame(1), Germany) != nil {
		t.Errorf("Allowed in random events")
	}
}

func TestEventsRoundTrip(t *testing.T) {
	s, evs1, _ := Resolve(NewGame(8), nil)
	s.Powers[Germany].TilePoints = 21
	_, evs2, _ := Resolve(s, map[Power][]Order{Germany: {{Kind: Mobilize, From: Idle, Units: []UnitType{Armor, Infantry, Air}}},
		Italy: {{Kind: Mobilize, From: Idle, Units: []UnitType{Infantry, Air}}}})
	evs := append(evs1, evs2...)
	evs = append(evs, OrderVoided{Power: France, Order: Order{Kind: Convert}, Rule: "6.12", Msg: "x"},
		ActivityCounterChanged{Power: France, Strength: 1, Research: true, Delta: 1, Rule: "12.22A"},
		TilePoolReplenished{FaceDown: TileCounts{5, 5, 5}})
	// Random event deck events (randomevents.go).
	ft := FirstTurn
	evs = append(evs, EventCardTurned{Turn: ft, Card: 3, Trend: -1, Title: "t", Category: CategoryResearch},
		RandomEventApplied{Turn: ft, Card: 3, Power: Italy, Title: "t", Category: CategorySupport, Secret: true, How: "played", Rule: "9.41E",
			Outcomes: []EffectOutcome{{Kind: EffectSupport, Power: Italy, Note: "n"}}},
		SecretEventHeld{Turn: ft, Power: France, Card: 4, Title: "s", Category: CategorySupport, Effects: []string{"x"}, At: RevealCrisis, Playable: true},
		EventDeckReshuffled{Turn: ft, Cards: 12}, NoEventCard{Turn: ft, Power: Russia},
		CardDrawnByJudge{Turn: ft, Power: Germany, Card: 9})
	// Economy events (support.go, pools.go, income.go).
	evs = append(evs, SupportChanged{Power: Russia, Rule: "10.91D", What: "Russian garrison", Delta: -1, Support: -2},
		PoolChanged{Power: Russia, After: ActivityCounters{One: 3}, Increases: []PoolIncrease{{Rule: "12.22H", What: "medium cohesion reached", Counters: ActivityCounters{One: 1}}}},
		TemporaryCounters{Power: Italy, Delta: ActivityCounters{Two: 1}, Counters: ActivityCounters{Two: 3}},
		TradePactChanged{Minor: "Poland", To: France, Rule: "11.61"},
		UnitsPurged{Purged: Units{Air: 1}, Active: Units{Armor: 4, Infantry: 4, Air: 6}})
	evs = append(evs, researchRoundTripEvents()...)  // research_test.go
	evs = append(evs, unitRoundTripEvents()...)      // mobilization_test.go
	evs = append(evs, shipRoundTripEvents()...)      // shipbuilding_test.go
	evs = append(evs, purgeRoundTripEvents()...)     // purge_test.go
	evs = append(evs, diplomacyRoundTripEvents()...) // diplomacy_test.go
	evs = append(evs, crisisRoundTripEvents()...)    // crisisphase_test.go
	evs = append(evs, fixRoundTripEvents()...)       // fix_test.go
	b, err := MarshalEvents(evs)
	if err != nil {
		t.Fatal(err)
	}
	back, err := UnmarshalEvents(b)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(evs, back) {
		t.Fatalf("events differ after round trip")
	}
	seen := map[string]bool{}
	for _, e := range back {
		seen[e.Type()] = true
	}
	for name := range eventTypes {
		if !seen[name] {
			t.Errorf("event type %s not covered by the round trip", name)
		}
	}
	if _, err := UnmarshalEvents([]byte(`[{"type":"Nope"}]`)); err == nil {
		t.Errorf("unknown event type accepted")
	}
	if !bytes.HasPrefix(b, []byte(`[{"type":"SpanishCivilWarSetup",`)) {
		t.Errorf("event JSON %s", b[:60])
	}
}

func TestVisibility(t *testing.T) {
	if v := (OrderVoided{Power: Italy}).Visibility(); v.Public || v.Power != Italy {
		t.Errorf("OrderVoided visibility %+v", v)
	}
	for _, e := range []Event{IncomeComputed{}, FactoryConverted{}, Mobilized{}} { // 6.31, 13.12A
		if !e.Visibility().Public {
			t.Errorf("%s not public", e.Type())
		}
	}
}

func TestRule13_21CIncomeEffectsNextTurn(t *testing.T) {
	s, _, _ := Resolve(NewGame(11), nil)
	s.Powers[Germany].TilePoints = 20
	s.Powers[Italy].TilePoints = 20
	springGermany := s.Powers[Germany].Income
	springItaly := s.Powers[Italy].Income
	n, evs, err := Resolve(s, map[Power][]Order{
		Germany: {{Kind: Convert, From: Idle}},
		Italy:   {{Kind: Mobilize, From: Idle, Units: []UnitType{Infantry, Air}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	// The conversions happened in Spring; Spring's income is unchanged and
	// Summer's income shows the effects (13.21C).
	if springGermany.Civilian != 10 || springItaly.Maintenance != 3 {
		t.Fatalf("spring income %+v %+v", springGermany, springItaly)
	}
	var summer = map[Power]Income{}
	for _, e := range evs {
		if ic, ok := e.(IncomeComputed); ok && ic.Turn == (Turn{1935, Summer}) {
			summer[ic.Power] = ic.Income
		}
	}
	if summer[Germany].Civilian != 12 {
		t.Errorf("13.21C: Germany's summer civilian income %d, want 12", summer[Germany].Civilian)
	}
	if summer[Italy].Maintenance != 2 {
		t.Errorf("13.21C, 14.62: Italy's summer maintenance %d, want 2", summer[Italy].Maintenance)
	}
	if n.Powers[Germany].Income != summer[Germany] {
		t.Errorf("state income %+v differs from the event", n.Powers[Germany].Income)
	}
}
