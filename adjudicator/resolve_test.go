package adjudicator

import (
	"bytes"
	"encoding/json"
	"reflect"
	"slices"
	"testing"

	"stormjudge/adjudicator/economy"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/randomevent"
	"stormjudge/adjudicator/setup"
	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/track"
)

func crisisRoundTripEvents() []event.Event {
	t := storm.FirstTurn
	th := storm.Threshold{From: storm.Britain, Against: storm.Germany, Terms: []storm.ThresholdTerm{{Rule: "32.34", What: "EAI", Value: 1}}, Net: 1, Meets: true}
	w := storm.War{Turn: t, Kind: "crisis", Aggressor: storm.Germany, Target: "Austria", Declarers: []storm.Power{storm.Britain}, Against: []storm.Power{storm.Germany}, Thresholds: []storm.Threshold{th}}
	c := storm.Concession{BasisFrom: storm.Britain, BasisAgainst: storm.Germany, Excess: 1, Support: 1, Preventable: true, Conceders: []storm.Power{storm.Germany}, Beneficiaries: []storm.Power{storm.Britain}}
	return []event.Event{
		event.CrisisAnnounced{Turn: t, Aggressor: storm.Germany, Target: storm.Rhineland},
		event.CrisisDecision{Turn: t, Aggressor: storm.Germany, Target: storm.Rhineland, Stage: storm.StageResponse, Powers: []storm.Power{storm.Britain, storm.France}, Decision: storm.OpposeOrder, How: "agreed", Rule: "27.51"},
		event.CrisisResistance{Turn: t, Aggressor: storm.Germany, Resistance: storm.Resistance{Target: "Austria", Level: 3, Terms: []storm.ResistanceTerm{{Rule: "28.21F", What: "x", Value: 2}}, Tile: 1}},
		event.CrisisEnded{Turn: t, Aggressor: storm.Germany, Target: storm.Rhineland, Outcome: storm.AggressorBacksDown, Rule: "27.62"},
		event.AggressionSucceeded{Turn: t, Aggressor: storm.Italy, Target: storm.Ethiopia, Due: &t, Counter: true, Rule: "29.32"},
		event.ConquestCompleted{Turn: t, Target: storm.Ethiopia, Done: true, Rule: "29.32"},
		event.PactSigned{Turn: t, Level: 31, Rounded: 30, Terms: []storm.PactTerm{{Rule: "31.32", What: "basic", Value: 30}}, Purge: 6},
		event.PactNotOffered{Turn: t, Target: "Poland", Purge: 7, Rule: "31.61"},
		event.WarBroke{War: w},
		event.FinalResearchAssigned{Side: storm.Axis, Project: "jets", Points: 1, Steps: 3, Rule: "33.21A"},
		event.FinalResearchAssigned{Side: storm.Soviet, Project: "jets", Points: 2, Steps: 4, Rule: "33.21C", Deferred: true},
		event.AWAWInfantryAdded{Units: 1, PurgeEvents: 1, GeneralPoints: 2, Total: 2, Rule: "33.21C"},
		event.GameEnded{Turn: t, War: w, Victory: storm.Victory{Lines: []storm.VPLine{{Side: storm.Axis, Rule: "34.41", What: "x", Value: 1}}, Axis: 1, TwoWay: "a", ThreeWay: "b"},
			WorldAtWar: []storm.WorldAtWarEffect{{Power: storm.Italy, BRP: -3, NoDeclaration: true, Rule: "27.62C"}}},
		event.ThreatMade{Turn: t, Threat: storm.Threat{Declarers: []storm.Power{storm.Britain, storm.France}, Against: []storm.Power{storm.Germany}, Thresholds: []storm.Threshold{th}, Concession: c}},
		event.ConcessionMade{Turn: t, Concession: c, How: "order"},
		event.RetaliationOffered{Turn: t, Thresholds: []storm.Threshold{th}},
		event.RetaliationAnswered{Turn: t, Power: storm.Britain, Declared: true, How: "order"},
		event.DeclarationFailed{Turn: t, Powers: []storm.Power{storm.Britain}, Against: []storm.Power{storm.Germany}, Rule: "32.61B", Why: "x"},
		event.PactFlagsRemoved{Turn: t, Country: "Poland", Removed: 1},
		event.PolandDecided{Turn: t, Choice: storm.PolandSatellite, PactBroken: true, Rule: "29.22B, 31.81"},
		event.CivilWarEnded{Turn: t, Country: "Yugoslavia", Rule: "25.61B", Flags: map[storm.Power]int{storm.Germany: 1}, Winner: storm.Axis, Power: storm.Germany, Split: true},
		event.SupportGranted{Power: storm.Britain, Grant: storm.SupportGrant{Rule: "10.71B", What: "x", Value: 1, From: t, Turns: 2, Residual: true}, Inferred: true},
	}
}

func diplomacyRoundTripEvents() []event.Event {
	t := storm.FirstTurn
	pl := []storm.Placement{{Power: storm.Germany, Country: "Poland", Strength: 2, Round: storm.SegDiplomacyAxis1}}
	cm := []storm.Commitment{{Power: storm.Germany, Round: storm.SegDiplomacyAxis1, Hash: "ab", Salt: "cd"}}
	return []event.Event{
		event.DiplomaticCountersSealed{Turn: t, Power: storm.Germany, Round: storm.SegDiplomacyAxis1, Placements: pl, Salt: "cd", Hash: "ab"},
		event.DiplomaticRoundPlaced{Turn: t, Round: storm.SegDiplomacyAxis1, Locations: []storm.Placement{{Power: storm.Germany, Country: "Poland", Round: storm.SegDiplomacyAxis1}},
			Commitments: []storm.Commitment{{Power: storm.Germany, Round: storm.SegDiplomacyAxis1, Hash: "ab"}}},
		event.DiplomacyRevealed{Turn: t, Placements: pl, Commitments: cm},
		event.DiplomaticResult{Turn: t, Country: "Poland", Effort: storm.Effort{Axis: 2}, Winner: storm.Axis, Power: storm.Germany, Change: "a German flag placed",
			FlagsBefore: map[storm.Power]int{storm.France: 1}, FlagsAfter: map[storm.Power]int{}},
		event.DiplomacyPaid{Turn: t, Power: storm.Germany, Cost: 2, TilePoints: 5},
		event.AntiCominternPlaced{Turn: t, Country: "Turkey", Strength: 1, Displaced: []string{"Finland"}},
		event.FlexibleApplied{Turn: t, Power: storm.Italy, Card: 5, Country: "Greece", Value: 1, How: "Italy's choice"},
		event.IntelligenceAnnounced{Turn: t, Side: storm.Axis, Power: storm.Germany, What: "covert operation", Target: "Poland", Outcome: "+1 for Germany", Rule: "16.16A"},
		event.DisputeObligation{Turn: t, Card: 115, Side: storm.Axis, Outcome: "placed"},
		event.TilePointsTransferred{Turn: t, From: storm.Britain, To: storm.France, Points: 2, FromTilePoints: 5, ToTilePoints: 9},
		event.CrisisEffect{Turn: t, Power: storm.Germany, Outcome: storm.AggressorBacksDown, Support: -1, Counter: -1, Rule: "27.62"},
		event.CivilWarBrokeOut{Turn: t, Country: "Spain", Government: storm.Soviet, Rebels: []storm.Side{storm.Axis}, Rule: "25.31A"},
		event.CivilWarObligation{Turn: t, Country: "Spain", Side: storm.Axis, Power: storm.Germany, Outcome: "placed"},
		event.CivilWarResolved{Turn: t, Country: "Spain", Government: storm.Soviet, Rebels: storm.Axis, GovernmentLevel: 3, RebelLevel: 1, Drawn: 2, Threshold: 2,
			Winner: storm.Soviet, Power: storm.Russia, Result: true, Outcome: "a result", RemovedByEvents: []int{4}, CountersLeft: 3,
			FlagsBefore: map[storm.Power]int{}, FlagsAfter: map[storm.Power]int{storm.Russia: 1}},
	}
}

// fixRoundTripEvents are the events of the moderator's fixes, for
// TestEventsRoundTrip.
func fixRoundTripEvents() []event.Event {
	t := storm.FirstTurn
	return []event.Event{
		event.StateFixed{Turn: t, What: storm.FixTiles, Power: storm.Germany, Before: "12", After: "15", Rule: "6.1"},
		event.StateFixed{Turn: t, What: storm.FixFlags, Power: storm.France, Country: "Poland", Before: "1 France", After: "2 France +1 Britain", Rule: "24.18, 24.21"},
		event.StateFixed{Turn: t, What: storm.FixHeld, Power: storm.Italy, Card: 7, Title: "Secret rally", Before: "held", After: storm.HeldDiscard, Rule: "8.31, 8.43", Private: true},
	}
}

// unitRoundTripEvents are samples of the events of this area for
// TestEventsRoundTrip.
func unitRoundTripEvents() []event.Event {
	return []event.Event{
		event.UnitsMobilized{Power: storm.Italy, Mobilization: 4, Units: []storm.MobilizingUnit{{Unit: storm.Air, Arrives: storm.Turn{Year: 1936, Season: storm.Spring}, Mobilization: 4}}},
		event.ShipbuildingIncreased{Power: storm.Italy, Mobilization: 4, Total: 1},
		event.UnitsReachedReserve{Power: storm.Italy, Units: storm.Units{Air: 1}, Reserve: storm.Units{Air: 1}},
		event.UnitsBuilt{Power: storm.Italy, Units: storm.Units{Air: 1}, Counters: storm.ActivityCounters{Two: 1}, Cost: 2, Rule: "18.11"},
		event.UnitsReturnedToReserve{Power: storm.Italy, Units: storm.Units{Infantry: 1}},
		event.UnitAddedToReserve{Power: storm.France, Unit: storm.Armor, Reserve: storm.Units{Armor: 1}, Rule: "14.743"},
	}
}

func purgeRoundTripEvents() []event.Event {
	t := storm.Turn{Year: 1936, Season: storm.Summer}
	return []event.Event{
		event.PurgeCardDrawn{Turn: t, Card: storm.MilitaryPurge, Deck: []storm.PurgeCard{storm.NoPurge, storm.MilitaryPurge}},
		event.PurgeLevelRaised{Rule: "22.72A", What: "military purge", Events: 1, Before: 9, After: 10, Cohesion: storm.MediumCohesion},
		event.CohesionChanged{Before: storm.LowCohesion, After: storm.MediumCohesion},
		event.PartyPurgeChosen{Turn: t, Prohibited: randomevent.PartyResearch},
		event.FlagInRussiaEliminated{Rule: "22.45", Power: storm.Germany, Left: 1},
		event.PurgeOffsetApplied{Card: 80, Note: "n"},
		event.EAIDetermined{Turn: t, Rule: "23.22", Before: 0, Level: 1, Terms: []storm.EAITerm{{Rule: "23.21C", What: "random events", Value: 1}}},
		event.EconomicClimateChanged{Turn: t, Rule: "11.33A", Trend: 2, Before: 0, After: 2},
	}
}

// researchRoundTripEvents are one of each research event, for
// TestEventsRoundTrip.
func researchRoundTripEvents() []event.Event {
	return []event.Event{
		event.ResearchCountersUsed{Power: storm.Italy, Counters: storm.ActivityCounters{Two: 1}, Points: 2, TilePoints: 3},
		event.ResearchAssigned{Power: storm.Germany, Side: storm.Axis, Project: "jets", Kind: storm.PointAdvanced, Points: 1, Steps: 4},
		event.ResearchResultAchieved{Side: storm.Allies, Power: storm.France, Project: "french battleship design", Result: 1, Steps: 6,
			Effect: storm.ResultEffect{Naval: 1}, Rule: "16.13B"},
		event.MaginotResearchRevealed{Steps: 1, Total: 7, Modifier: -1},
		event.ResearchSurplusGained{Power: storm.Italy, Project: "italian battleship design", Category: storm.NavalResearch, Points: 2},
		event.ResearchSpied{To: storm.Germany, Side: storm.Axis, Target: storm.Allies, Category: storm.NavalResearch,
			Projects: []storm.ProjectSteps{{Project: "asw", Steps: 3}}},
	}
}

func TestRule7_31SegmentOrder(t *testing.T) {
	want := []storm.Segment{"random-events", "income", "economic", "spy-rings", "diplomacy-axis-1", "diplomacy-russia",
		"diplomacy-allies", "diplomacy-axis-2", "covert", "diplomacy-resolve", "crisis-aggression",
		"crisis-response", "crisis-axis-response", "crisis-ultimatum", "crisis-brink", "preemptive-war",
		"end-of-game"}
	if !slices.Equal(storm.Segments, want) {
		t.Fatalf("7.31: Segments = %v", storm.Segments)
	}
	for _, s := range storm.Segments {
		if s.Title() == string(s) || s.Title() == "" {
			t.Errorf("7.31: segment %s has no title", s)
		}
	}
}

func TestRule7_31FirstResolveStopsAtEconomic(t *testing.T) {
	s := setup.NewGame(42)
	if r := Required(s); r != nil {
		t.Fatalf("7.31: random events require %v", r)
	}
	n, evs, err := Resolve(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	if n.Segment != storm.SegEconomic || n.Turn != storm.FirstTurn {
		t.Fatalf("7.31: stopped at %s %s", n.Turn, n.Segment)
	}
	if !slices.Equal(Required(n), storm.Powers) {
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
	s, _, _ := Resolve(setup.NewGame(42), nil)
	n, evs, err := Resolve(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	var skipped []storm.Segment
	for _, e := range evs {
		if sk, ok := e.(event.SegmentSkipped); ok {
			if sk.Note != event.NotImplemented {
				t.Errorf("7.31: skip note %q", sk.Note)
			}
			skipped = append(skipped, sk.Segment)
		}
	}
	want := append(slices.Clone(storm.Segments[3:]), storm.SegRandomEvents)
	if !slices.Equal(skipped, want) {
		t.Errorf("7.31: skipped %v, want %v", skipped, want)
	}
	if n.Turn != (storm.Turn{Year: 1935, Season: storm.Summer}) || n.Segment != storm.SegEconomic {
		t.Errorf("2.41: next stop %s %s", n.Turn, n.Segment)
	}
	// Four turns later the year changes (2.41).
	for range 3 {
		n, _, err = Resolve(n, nil)
		if err != nil {
			t.Fatal(err)
		}
	}
	if n.Turn != (storm.Turn{Year: 1936, Season: storm.Spring}) {
		t.Errorf("2.41: after Winter 1935 comes %s", n.Turn)
	}
}

func TestResolveRejectsOrdersFromPowersNotRequired(t *testing.T) {
	s := setup.NewGame(1)
	if _, _, err := Resolve(s, map[storm.Power][]storm.Order{storm.Germany: {{Kind: storm.Convert, From: storm.Idle}}}); err == nil {
		t.Errorf("orders accepted in random events")
	}
	if _, _, err := Resolve(s, map[storm.Power][]storm.Order{storm.Germany: {}}); err != nil {
		t.Errorf("empty orders refused: %v", err)
	}
	ended := s.Clone()
	ended.Ended = true
	if _, _, err := Resolve(ended, nil); err == nil {
		t.Errorf("an ended game resolved")
	}
}

func TestResolveDoesNotMutateInput(t *testing.T) {
	s, _, _ := Resolve(setup.NewGame(5), nil)
	s.Powers[storm.Germany].TilePoints = 20
	s.Powers[storm.Russia].MobilizationTurns = []storm.Turn{}
	before, _ := json.Marshal(s)
	orders := map[storm.Power][]storm.Order{storm.Germany: {{Kind: storm.Mobilize, From: storm.Idle}}, storm.Russia: {{Kind: storm.Mobilize, From: storm.Idle}}}
	if _, _, err := Resolve(s, orders); err != nil {
		t.Fatal(err)
	}
	after, _ := json.Marshal(s)
	if !bytes.Equal(before, after) {
		t.Errorf("Resolve mutated its input")
	}
}

func TestRule14_41OneConversionPerTurn(t *testing.T) {
	s, _, _ := Resolve(setup.NewGame(5), nil)
	s.Powers[storm.Britain].TilePoints = 21
	tests := []struct {
		name   string
		orders []storm.Order
		rules  []string
	}{
		{"one", []storm.Order{{Kind: storm.Convert, From: storm.Idle}}, nil},
		{"two", []storm.Order{{Kind: storm.Convert, From: storm.Idle}, {Kind: storm.Mobilize, From: storm.Idle, Line: 4}}, []string{"14.41"}},
		{"three", []storm.Order{{Kind: storm.Convert, From: storm.Idle}, {Kind: storm.Convert, From: storm.Idle}, {Kind: storm.Mobilize, From: storm.Civilian}}, []string{"14.41", "14.41"}},
	}
	for _, tt := range tests {
		var rules []string
		for _, e := range Validate(s, storm.Britain, tt.orders) {
			rules = append(rules, e.Rule)
		}
		if !slices.Equal(rules, tt.rules) {
			t.Errorf("14.41 %s: rules %v, want %v", tt.name, rules, tt.rules)
		}
	}
	// Once converted, nothing more this turn, and Allowed offers nothing.
	s.Powers[storm.Britain].ConvertedThisTurn = true
	if errs := Validate(s, storm.Britain, []storm.Order{{Kind: storm.Mobilize, From: storm.Idle}}); len(errs) != 1 || errs[0].Rule != "14.41" {
		t.Errorf("14.41: second conversion not refused: %v", errs)
	}
	for _, o := range Allowed(s, storm.Britain) {
		if o.Order.Kind == storm.Convert || o.Order.Kind == storm.Mobilize {
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
		s := setup.NewGame(1)
		s.Turn.Year, s.EAI = tt.year, tt.eai
		s.Powers[storm.Italy].MobilizeCostModifier = tt.modifier
		if got := economy.MobilizeCost(s, storm.Italy); got != tt.want {
			t.Errorf("14.31: %d EAI %d mod %d: cost %d, want %d", tt.year, tt.eai, tt.modifier, got, tt.want)
		}
	}
}

func TestRule10_41AMobilizationSupport(t *testing.T) {
	tests := []struct {
		p        storm.Power
		military int
		want     int
	}{
		{storm.Germany, 3, 0}, {storm.Germany, 4, 1}, {storm.Germany, 6, 2}, {storm.Germany, 8, 3}, {storm.Germany, 10, 4}, {storm.Germany, 12, 5}, {storm.Germany, 14, 5}, {storm.Germany, 15, 6},
		{storm.Italy, 4, 1}, {storm.Italy, 6, 2}, {storm.Italy, 9, 2},
		{storm.Britain, 4, 1}, {storm.Britain, 6, 2}, {storm.Britain, 8, 3}, {storm.Britain, 12, 3},
		{storm.France, 4, 1}, {storm.France, 6, 2},
		{storm.Russia, 6, 0}, {storm.Russia, 7, 1}, {storm.Russia, 9, 2}, {storm.Russia, 10, 3}, {storm.Russia, 14, 7},
	}
	for _, tt := range tests {
		if got := track.MobilizationSupport(tt.p, tt.military); got != tt.want {
			t.Errorf("10.41A: %s with %d military factories: %d, want %d", tt.p, tt.military, got, tt.want)
		}
	}
}

func TestOrderErrorText(t *testing.T) {
	e := storm.OrderError{Order: storm.Order{Kind: storm.Mobilize, From: storm.Idle, Line: 7}, Rule: "14.41", Msg: "only one factory may be converted per turn"}
	if got := e.Error(); got != "line 7: MOBILIZE IDLE: rule 14.41: only one factory may be converted per turn" {
		t.Errorf("OrderError = %q", got)
	}
	e.Order.Line = 0
	if got := e.Error(); got != "MOBILIZE IDLE: rule 14.41: only one factory may be converted per turn" {
		t.Errorf("OrderError = %q", got)
	}
	if got := (storm.Order{Kind: storm.Convert, From: storm.Idle}).String(); got != "CONVERT IDLE TO CIVILIAN" {
		t.Errorf("order text %q", got)
	}
}

func TestAllowed(t *testing.T) {
	s, _, _ := Resolve(setup.NewGame(5), nil)
	tests := []struct {
		p      storm.Power
		tiles  int
		orders []string
	}{
		{storm.Germany, 9, nil},
		{storm.Germany, 10, []string{"CONVERT IDLE TO CIVILIAN", "MOBILIZE IDLE: ARMOR, INFANTRY, INFANTRY", "MOBILIZE CIVILIAN: ARMOR, INFANTRY, INFANTRY"}},
		{storm.Russia, 21, []string{"MOBILIZE IDLE: ARMOR, INFANTRY, AIR"}}, // 14.42A, 14.43C, 14.751
		{storm.Italy, 10, []string{"CONVERT IDLE TO CIVILIAN", "MOBILIZE IDLE: ARMOR, INFANTRY", "MOBILIZE CIVILIAN: ARMOR, INFANTRY"}},
	}
	for _, tt := range tests {
		s.Powers[tt.p].TilePoints = tt.tiles
		var got []string
		for _, o := range Allowed(s, tt.p) {
			if slices.Contains(economy.ShipbuildingKinds, o.Order.Kind) {
				continue // TestShipbuildingAllowed
			}
			if slices.Contains(economy.ResearchKinds, o.Order.Kind) {
				continue // TestResearchAllowed
			}
			if slices.Contains(economy.ConstructionKinds, o.Order.Kind) {
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
	if Allowed(setup.NewGame(1), storm.Germany) != nil {
		t.Errorf("Allowed in random events")
	}
}

func TestEventsRoundTrip(t *testing.T) {
	s, evs1, _ := Resolve(setup.NewGame(8), nil)
	s.Powers[storm.Germany].TilePoints = 21
	_, evs2, _ := Resolve(s, map[storm.Power][]storm.Order{storm.Germany: {{Kind: storm.Mobilize, From: storm.Idle, Units: []storm.UnitType{storm.Armor, storm.Infantry, storm.Air}}},
		storm.Italy: {{Kind: storm.Mobilize, From: storm.Idle, Units: []storm.UnitType{storm.Infantry, storm.Air}}}})
	evs := append(evs1, evs2...)
	evs = append(evs, event.OrderVoided{Power: storm.France, Order: storm.Order{Kind: storm.Convert}, Rule: "6.12", Msg: "x"},
		event.ActivityCounterChanged{Power: storm.France, Strength: 1, Research: true, Delta: 1, Rule: "12.22A"},
		event.TilePoolReplenished{FaceDown: storm.TileCounts{One: 5, Two: 5, Three: 5}})
	// Random event deck events (randomevents.go).
	ft := storm.FirstTurn
	evs = append(evs, event.EventCardTurned{Turn: ft, Card: 3, Trend: -1, Title: "t", Category: storm.CategoryResearch},
		event.RandomEventApplied{Turn: ft, Card: 3, Power: storm.Italy, Title: "t", Category: storm.CategorySupport, Secret: true, How: "played", Rule: "9.41E",
			Outcomes: []storm.EffectOutcome{{Kind: storm.EffectSupport, Power: storm.Italy, Note: "n"}}},
		event.SecretEventHeld{Turn: ft, Power: storm.France, Card: 4, Title: "s", Category: storm.CategorySupport, Effects: []string{"x"}, At: storm.RevealCrisis, Playable: true},
		event.EventDeckReshuffled{Turn: ft, Cards: 12}, event.NoEventCard{Turn: ft, Power: storm.Russia},
		event.AdditionalEvents{Turn: ft, Power: storm.Germany, Count: 1, Sources: []storm.ExtraSource{{What: "Rhineland, completed Spring 1935: turn 1 of 1", Count: 1, Rule: "9.14"}}},
		event.CardDrawnByJudge{Turn: ft, Power: storm.Germany, Card: 9})
	// Economy events (support.go, pools.go, income.go).
	evs = append(evs, event.SupportChanged{Power: storm.Russia, Rule: "10.91D", What: "Russian garrison", Delta: -1, Support: -2},
		event.PoolChanged{Power: storm.Russia, After: storm.ActivityCounters{One: 3}, Increases: []storm.PoolIncrease{{Rule: "12.22H", What: "medium cohesion reached", Counters: storm.ActivityCounters{One: 1}}}},
		event.TemporaryCounters{Power: storm.Italy, Delta: storm.ActivityCounters{Two: 1}, Counters: storm.ActivityCounters{Two: 3}},
		event.TradePactChanged{Minor: "Poland", To: storm.France, Rule: "11.61"},
		event.UnitsPurged{Purged: storm.Units{Air: 1}, Active: storm.Units{Armor: 4, Infantry: 4, Air: 6}})
	evs = append(evs, researchRoundTripEvents()...)  // research_test.go
	evs = append(evs, unitRoundTripEvents()...)      // mobilization_test.go
	evs = append(evs, shipRoundTripEvents()...)      // shipbuilding_test.go
	evs = append(evs, purgeRoundTripEvents()...)     // purge_test.go
	evs = append(evs, diplomacyRoundTripEvents()...) // diplomacy_test.go
	evs = append(evs, crisisRoundTripEvents()...)    // crisisphase_test.go
	evs = append(evs, fixRoundTripEvents()...)       // fix_test.go
	b, err := event.MarshalEvents(evs)
	if err != nil {
		t.Fatal(err)
	}
	back, err := event.UnmarshalEvents(b)
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
	for _, name := range event.TypeNames() {
		if !seen[name] {
			t.Errorf("event type %s not covered by the round trip", name)
		}
	}
	if _, err := event.UnmarshalEvents([]byte(`[{"type":"Nope"}]`)); err == nil {
		t.Errorf("unknown event type accepted")
	}
	if !bytes.HasPrefix(b, []byte(`[{"type":"SpanishCivilWarSetup",`)) {
		t.Errorf("event JSON %s", b[:60])
	}
}

func TestVisibility(t *testing.T) {
	if v := (event.OrderVoided{Power: storm.Italy}).Visibility(); v.Public || v.Power != storm.Italy {
		t.Errorf("OrderVoided visibility %+v", v)
	}
	for _, e := range []event.Event{event.IncomeComputed{}, event.FactoryConverted{}, event.Mobilized{}} { // 6.31, 13.12A
		if !e.Visibility().Public {
			t.Errorf("%s not public", e.Type())
		}
	}
}

func TestRule13_21CIncomeEffectsNextTurn(t *testing.T) {
	s, _, _ := Resolve(setup.NewGame(11), nil)
	s.Powers[storm.Germany].TilePoints = 20
	s.Powers[storm.Italy].TilePoints = 20
	springGermany := s.Powers[storm.Germany].Income
	springItaly := s.Powers[storm.Italy].Income
	n, evs, err := Resolve(s, map[storm.Power][]storm.Order{
		storm.Germany: {{Kind: storm.Convert, From: storm.Idle}},
		storm.Italy:   {{Kind: storm.Mobilize, From: storm.Idle, Units: []storm.UnitType{storm.Infantry, storm.Air}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	// The conversions happened in Spring; Spring's income is unchanged and
	// Summer's income shows the effects (13.21C).
	if springGermany.Civilian != 10 || springItaly.Maintenance != 3 {
		t.Fatalf("spring income %+v %+v", springGermany, springItaly)
	}
	var summer = map[storm.Power]storm.Income{}
	for _, e := range evs {
		if ic, ok := e.(event.IncomeComputed); ok && ic.Turn == (storm.Turn{Year: 1935, Season: storm.Summer}) {
			summer[ic.Power] = ic.Income
		}
	}
	if summer[storm.Germany].Civilian != 12 {
		t.Errorf("13.21C: Germany's summer civilian income %d, want 12", summer[storm.Germany].Civilian)
	}
	if summer[storm.Italy].Maintenance != 2 {
		t.Errorf("13.21C, 14.62: Italy's summer maintenance %d, want 2", summer[storm.Italy].Maintenance)
	}
	if n.Powers[storm.Germany].Income != summer[storm.Germany] {
		t.Errorf("state income %+v differs from the event", n.Powers[storm.Germany].Income)
	}
}

// shipRoundTripEvents are one event of each shipbuilding type, for
// TestEventsRoundTrip.
func shipRoundTripEvents() []event.Event {
	t := storm.Turn{Year: 1936, Season: storm.Fall}
	sh := storm.Ship{No: 2, Class: storm.Battleship4, Row: 3, Column: storm.Fall, LaidDown: storm.Turn{Year: 1935, Season: storm.Fall}}
	launched := sh
	launched.Row, launched.LaunchedIn = storm.LaunchRow, &t
	return []event.Event{
		event.ShipLaidDown{Turn: t, Power: storm.Germany, Ship: sh, Cost: 4},
		event.ShipAdvanced{Turn: t, Power: storm.Germany, Ship: sh, Cost: 4},
		event.ShipAccelerated{Turn: t, Power: storm.Germany, Ship: sh, Columns: 2, Cost: 2},
		event.ShipDeferred{Turn: t, Power: storm.Germany, Ship: sh},
		event.ShipLaunched{Turn: t, Power: storm.Germany, Ship: launched},
		event.ShipbuildingPaid{Turn: t, Power: storm.Germany, Counters: storm.ActivityCounters{Three: 1, Ship: 1}, Cost: 4, SavedUsed: 1, Saved: 1, TilePoints: 3},
		event.ShipbuildingRevealed{Turn: t, Power: storm.Germany, LaidDown: []storm.ShipClass{storm.Battleship4}, Launched: []storm.ShipClass{storm.Carrier},
			Advanced: 1, Counters: storm.ActivityCounters{Two: 1}, Saved: 1, BalanceCounters: 2},
		event.BalanceOfPowerChanged{Turn: t, Balance: storm.Balance{Armor: 1, Naval: -2, Race: 1, Axis: storm.CategoryCounts{Armor: 3}}, Before: storm.Balance{}},
	}
}
