package adjudicator

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// modValue returns the sum of the modifiers of p with the rule.
func modValue(s State, p Power, rule string) int {
	n := 0
	for _, m := range SupportBreakdown(s, p) {
		if m.Rule == rule {
			n += m.Value
		}
	}
	return n
}

func at(s State, year int, season Season) State {
	s.Turn = Turn{Year: year, Season: season}
	return s
}

func TestRule10_31SupportIsTheSumOfItsModifiers(t *testing.T) {
	s := NewGame(3)
	s.Powers[Germany].Factories = Factories{Civilian: 2, Military: 8, Idle: 2}
	s.Powers[Britain].Economy.SupportEvents = -2
	for _, p := range Powers {
		sum := 0
		for _, m := range SupportBreakdown(s, p) {
			if m.Value == 0 || m.Rule == "" {
				t.Errorf("10.31: %s: empty modifier %+v", p, m)
			}
			sum += m.Value
		}
		if got := SupportLevel(s, p); got != sum {
			t.Errorf("10.31: %s level %d, modifiers sum %d", p, got, sum)
		}
	}
	if got := SupportLevel(s, Germany); got != 3 {
		t.Errorf("10.41A: Germany with 8 military factories: %d, want 3", got)
	}
	if got := SupportLevel(s, Britain); got != -2 {
		t.Errorf("10.41B, 10.14: Britain with a -2 event: %d, want -2", got)
	}
}

func TestRule10_41BSupportRandomEvents(t *testing.T) {
	s := NewGame(3)
	s.Powers[Italy].Economy.SupportEvents = 2
	if got := modValue(s, Italy, "10.41B"); got != 2 {
		t.Errorf("10.41B: %d, want 2", got)
	}
	var evs []Event
	endTurnEconomy(&s)
	if got := modValue(s, Italy, "10.41B"); got != 0 {
		t.Errorf("10.24: event support must lapse with the turn, got %d", got)
	}
	_ = evs
}

func TestRule10_41DDeficits(t *testing.T) {
	s := NewGame(3)
	s.Segment = SegIncome
	s.Tiles.FaceDown = TileCounts{One: 30}
	// Italy: 2 civilian = 4, support -20, tile 1, maintenance 6 - 3 = 3:
	// 18 short; 3 of them are unpaid maintenance (17.11), 15 a deficit.
	s.Powers[Italy].Economy.SupportEvents = -20
	var evs []Event
	resolveSegment(&s, nil, &evs)
	it := s.Powers[Italy]
	if it.TilePoints != 0 || it.Economy.DeficitThisTurn != 15 {
		t.Fatalf("6.12, 10.41D: tile points %d deficit %d, want 0 and 15", it.TilePoints, it.Economy.DeficitThisTurn)
	}
	if it.Active.Total() != 3 {
		t.Errorf("17.11: three units back to the reserve, active %+v", it.Active)
	}
	if got := modValue(s, Italy, "10.41D"); got != 0 {
		t.Errorf("10.41D: the deficit counts only from the next turn, got %d", got)
	}
	endTurnEconomy(&s)
	s.Turn = s.Turn.Next()
	if got := modValue(s, Italy, "10.41D"); got != -15 {
		t.Errorf("10.41D: next turn's support modifier %d, want -15", got)
	}
	endTurnEconomy(&s)
	if got := modValue(s, Italy, "10.41D"); got != 0 {
		t.Errorf("10.41D: the deficit lasts one turn, got %d", got)
	}
}

func TestRule10_51BAggressionSupport(t *testing.T) {
	s := at(NewGame(3), 1939, Summer)
	done := Turn{Year: 1939, Season: Summer}
	s.SupportFacts.Aggressions = []Aggression{
		{Aggressor: Germany, Target: BalticStates, Turn: done, Completed: &done},
		{Aggressor: Germany, Target: "Poland", Turn: done, Completed: &done},
		{Aggressor: Italy, Target: Ethiopia, Turn: Turn{1935, Fall}, Completed: &done},
	}
	s.SupportFacts.NoPactProposed = &done
	// In the turn of completion nothing yet (from the turn after).
	for _, p := range []Power{Germany, Italy, Russia} {
		for _, r := range []string{"10.51B", "10.61A", "10.91B"} {
			if v := modValue(s, p, r); v != 0 {
				t.Errorf("%s %s: %d in the turn of the aggression", r, p, v)
			}
		}
	}
	s.Turn = s.Turn.Next()
	if v := modValue(s, Germany, "10.51B"); v != 1 {
		t.Errorf("10.51B: Baltic States %d, want 1", v)
	}
	if v := modValue(s, Italy, "10.61A"); v != 1 {
		t.Errorf("10.61A: Ethiopia %d, want 1", v)
	}
	if v := modValue(s, Russia, "10.91B"); v != 2+1+1 {
		t.Errorf("10.91B: Poland +2, no pact proposal +1, Baltic +1: got %d", v)
	}
}

func TestRule10_71BSecondAggression(t *testing.T) {
	s := at(NewGame(3), 1939, Spring)
	s.SupportFacts.Aggressions = []Aggression{
		{Aggressor: Germany, Target: Rhineland, Turn: Turn{1936, Spring}},
		{Aggressor: Italy, Target: Ethiopia, Turn: Turn{1935, Fall}},
		{Aggressor: Germany, Target: "Austria", Turn: Turn{1938, Spring}},
	}
	if by := SecondAggressors(s); len(by) != 0 {
		t.Errorf("10.71B: Ethiopia and the Rhineland do not count: %v", by)
	}
	s.SupportFacts.Aggressions = append(s.SupportFacts.Aggressions,
		Aggression{Aggressor: Germany, Target: "Czechoslovakia", Turn: Turn{1939, Spring}})
	if v := modValue(s, Britain, "10.71B"); v != 0 {
		t.Errorf("10.71B: from the turn after the aggression, got %d", v)
	}
	s.Turn = s.Turn.Next()
	if !slices.Equal(SecondAggressors(s), []Power{Germany}) {
		t.Errorf("10.71B: second aggressors %v", SecondAggressors(s))
	}
	if modValue(s, Britain, "10.71B") != 1 || modValue(s, France, "10.81B") != 1 {
		t.Errorf("10.71B, 10.81B: permanent +1 missing: %v %v", SupportBreakdown(s, Britain), SupportBreakdown(s, France))
	}
}

func TestRule10_71CShipbuildingIncreases(t *testing.T) {
	s := NewGame(3)
	if v := modValue(s, Britain, "10.71C"); v != 0 {
		t.Errorf("10.71C: Germany's pre-game increase (14.92) counts nothing, got %d", v)
	}
	s.Powers[Germany].ShipbuildingIncreases = 3
	s.Powers[Italy].ShipbuildingIncreases = 1
	if v := modValue(s, Britain, "10.71C"); v != 1 {
		t.Errorf("10.71C: German increases in the game (one shipyard at most, 19.32): %d, want 1", v)
	}
	if v := modValue(s, France, "10.81C"); v != 1 {
		t.Errorf("10.81C: one Italian increase: %d, want 1", v)
	}
}

func TestRule10_71ENaziSovietPact(t *testing.T) {
	s := at(NewGame(3), 1939, Summer)
	signed := s.Turn
	s.SupportFacts.PactSigned = &signed
	for _, p := range []Power{Britain, France, Russia} {
		if SupportLevel(s, p) != SupportLevel(at(NewGame(3), 1939, Summer), p) {
			t.Errorf("10.71E: %s support changed in the turn of signing", p)
		}
	}
	s.Turn = s.Turn.Next()
	for p, rule := range map[Power]string{Britain: "10.71E", France: "10.81E", Russia: "10.91C"} {
		if v := modValue(s, p, rule); v != 1 {
			t.Errorf("%s: %s %d, want 1", rule, p, v)
		}
	}
	if v := modValue(s, Germany, "10.71E"); v != 0 {
		t.Errorf("the pact gives Germany nothing")
	}
}

func TestRule10_71FPost1940Increases(t *testing.T) {
	for _, c := range []struct {
		t    Turn
		want int
	}{
		{Turn{1940, Winter}, 0}, {Turn{1941, Spring}, 1}, {Turn{1941, Summer}, 2}, {Turn{1941, Fall}, 3}, {Turn{1942, Spring}, 5},
	} {
		if got := PostWarIncrease(c.t); got != c.want {
			t.Errorf("10.71F: %s: %d, want %d", c.t, got, c.want)
		}
		s := at(NewGame(3), c.t.Year, c.t.Season)
		if modValue(s, Britain, "10.71F") != c.want || modValue(s, France, "10.81F") != c.want {
			t.Errorf("10.71F, 10.81F: %s breakdown %v", c.t, SupportBreakdown(s, Britain))
		}
		if modValue(s, Germany, "10.71F") != 0 {
			t.Errorf("10.71F is British and French only")
		}
	}
}

func TestRule10_91DGarrisonSupportTable(t *testing.T) {
	for n, want := range map[int]int{0: 0, 1: 1, 2: 1, 3: 2, 5: 2, 6: 3, 8: 3, 9: 4, 11: 4, 12: 5,
		-1: -1, -3: -2, -6: -3, -9: -4} {
		if got := GarrisonSupport(n); got != want {
			t.Errorf("10.91D, 21.31, 21.41A: surplus %d: %d, want %d", n, got, want)
		}
	}
}

func TestRule10_91ECohesion(t *testing.T) {
	for c, want := range map[Cohesion]int{LowCohesion: -1, MediumCohesion: 0, HighCohesion: 1, FullCohesion: 2} {
		s := NewGame(3)
		s.Russia.Cohesion = c
		if got := modValue(s, Russia, "10.91E"); got != want {
			t.Errorf("10.91E: %s cohesion %d, want %d", c, got, want)
		}
	}
}

func TestRule10_91FFlagsInRussia(t *testing.T) {
	s := NewGame(3)
	s.SupportFacts.FlagsInRussia = map[Power]int{Germany: 1, Britain: 2}
	if modValue(s, Germany, "10.51C") != 1 || modValue(s, Britain, "10.71D") != 2 || modValue(s, Russia, "10.91F") != -3 {
		t.Errorf("10.91F: %v / %v / %v", SupportBreakdown(s, Germany), SupportBreakdown(s, Britain), SupportBreakdown(s, Russia))
	}
	c := s.Clone()
	c.SupportFacts.FlagsInRussia[Germany] = 5
	if s.SupportFacts.FlagsInRussia[Germany] != 1 {
		t.Errorf("Clone shares the flags map")
	}
}

func TestRule11_52SupportChangesDuringATurn(t *testing.T) {
	s := NewGame(3)
	s.Powers[France].TilePoints = 2
	var evs []Event
	ChangeSupport(&s, France, +1, "10.81D", "flag in Russia", true, &evs)
	if f := s.Powers[France]; f.Support != 1 || f.TilePoints != 3 {
		t.Errorf("11.52A: gain: support %d tiles %d", f.Support, f.TilePoints)
	}
	ChangeSupport(&s, France, -5, "10.41B", "secret support event", true, &evs)
	f := s.Powers[France]
	if f.Support != -4 || f.TilePoints != 0 || f.Economy.DeficitThisTurn != 2 {
		t.Errorf("11.52A, 10.41D: loss: support %d tiles %d deficit %d", f.Support, f.TilePoints, f.Economy.DeficitThisTurn)
	}
	last := evs[len(evs)-1].(SupportChanged)
	if last.TileDelta != -3 || last.Deficit != 2 {
		t.Errorf("SupportChanged %+v", last)
	}
	s.Powers[Russia].TilePoints = 4
	ChangeSupport(&s, Russia, -2, "10.91D", "Russian garrison", false, &evs)
	if r := s.Powers[Russia]; r.TilePoints != 4 || r.Support != -2 {
		t.Errorf("11.52B: the garrison changes no tile points: %+v", r)
	}
}

func TestRule11_71ResidualSupport(t *testing.T) {
	s := at(NewGame(3), 1938, Spring)
	AddSupportGrant(&s, Britain, SupportGrant{Rule: "10.71B", What: "temporary increase after Austria", Value: 2,
		From: Turn{1938, Spring}, Turns: 2, Residual: true})
	for _, c := range []struct {
		t                 Turn
		support, residual int
	}{
		{Turn{1937, Winter}, 0, 0}, {Turn{1938, Spring}, 2, 0}, {Turn{1938, Summer}, 2, 0}, {Turn{1938, Fall}, 0, 2}, {Turn{1940, Fall}, 0, 2},
	} {
		s.Turn = c.t
		if got := modValue(s, Britain, "10.71B"); got != c.support {
			t.Errorf("10.71B: %s support %d, want %d", c.t, got, c.support)
		}
		if got := ResidualSupport(s, Britain); got != c.residual {
			t.Errorf("11.71: %s residual %d, want %d", c.t, got, c.residual)
		}
	}
	c := s.Clone()
	c.Powers[Britain].Economy.Grants[0].Value = 9
	if s.Powers[Britain].Economy.Grants[0].Value != 2 {
		t.Errorf("Clone shares grants")
	}
}

// Rules 10.22, 24.43-24.47: military counters need a balance of power
// advantage and a positive support level, at most the smaller of the two
// (Germany, up to three), one for Italy and France; Britain's only serve
// civil wars; a secret support event counts (24.42E).
func TestRule10_22MilitaryCounterLimit(t *testing.T) {
	s := NewGame(3)
	s.Powers[Germany].Active.Armor += 6 // an Axis armor advantage
	s.Powers[Germany].Support = 3
	s.Powers[Britain].Support = 3
	s.Powers[Italy].Support = -1
	adv := BalanceAdvantage(s, Axis)
	if adv < 1 {
		t.Fatalf("no Axis balance of power advantage: %+v", BalanceOfPower(s))
	}
	for p, want := range map[Power]int{Germany: min(adv, 3), Britain: 0, Italy: 0, France: 0} {
		if got := MilitaryCounterLimit(s, p); got != want {
			t.Errorf("10.22, 24.43-24.46: %s: %d, want %d", p, got, want)
		}
	}
	s.Powers[Germany].Support = 1
	if got := MilitaryCounterLimit(s, Germany); got != 1 {
		t.Errorf("24.43A: support 1 allows %d", got)
	}
}

func TestRule10_92NegativeRussianSupport(t *testing.T) {
	s := NewGame(3)
	s.Powers[Russia].Support = 0
	if RussiaMustBuild(s) {
		t.Errorf("10.92: support 0 does not oblige Russia to build")
	}
	s.Powers[Russia].Support = -1
	if !RussiaMustBuild(s) {
		t.Errorf("10.92: negative support obliges Russia to build a unit")
	}
}

func TestResolveNeverMutatesEconomyState(t *testing.T) {
	s := NewGame(11)
	pact := Turn{1935, Spring}
	s.SupportFacts = SupportFacts{
		Aggressions:    []Aggression{{Aggressor: Germany, Target: "Austria", Turn: pact, Completed: &Turn{1935, Spring}}},
		PactSigned:     &pact,
		NoPactProposed: &Turn{1935, Spring},
		FlagsInRussia:  map[Power]int{Germany: 1},
	}
	s.Powers[Britain].Economy.Grants = []SupportGrant{{Rule: "10.71B", Value: 1, From: pact, Turns: 1, Residual: true}}
	s.Powers[Italy].Economy.CountersNext = ActivityCounters{Two: -1}
	before, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	n := s
	for range 6 {
		n, _, err = Resolve(n, nil)
		if err != nil {
			t.Fatal(err)
		}
	}
	after, _ := json.Marshal(s)
	if string(before) != string(after) {
		t.Errorf("Resolve mutated its input's economy state")
	}
	// Round trip of the new fields.
	var back State
	if err := json.Unmarshal(before, &back); err != nil {
		t.Fatal(err)
	}
	again, _ := json.Marshal(back)
	if string(again) != string(before) {
		t.Errorf("state JSON does not round-trip")
	}
}

// TestRule10_41BConditionalSupportOnResearchResults: a conditional support
// event counting research results counts the results the power's side
// achieved in the game in the category (its own national projects and the
// joint ones; not the starting results of 15.51, nor its partner's).
func TestRule10_41BConditionalSupportOnResearchResults(t *testing.T) {
	s := NewGame(1)
	s.Segment = SegRandomEvents
	s.Research = append(s.Research,
		ResearchResult{Side: Axis, Power: Germany, Project: "armor", Results: 2, Rule: "16.14A"},     // military, German
		ResearchResult{Side: Axis, Power: Italy, Project: "armor", Results: 1, Rule: "16.14A"},       // military, Italy's
		ResearchResult{Side: Axis, Power: Germany, Project: "jets", Results: 1, Rule: "16.12"},       // air
		ResearchResult{Side: Axis, Project: "specialized units", Results: 1, Rule: "16.14A, 15.51A"}) // joint, military
	for _, c := range []struct {
		category ResearchCategory
		want     int
	}{{MilitaryResearch, 3}, {AirResearch, 1}, {"", 4}} {
		if got := researchResultCount(s, Germany, c.category); got != c.want {
			t.Errorf("%q: %d results, want %d", c.category, got, c.want)
		}
	}
	before := s.Powers[Germany].Economy.SupportEvents
	var evs []Event
	o := applyEffect(&s, Germany, 1, "Tank parade", Effect{Kind: EffectConditionalSupport, Condition: ConditionResearchResults,
		Research: MilitaryResearch, Per: 2, Max: 2}, nil, &evs)
	if got := s.Powers[Germany].Economy.SupportEvents - before; got != 1 || strings.Contains(o.Note, "pending") {
		t.Errorf("support %+d (%s), want +1: 3 military results, 1 per 2", got, o.Note)
	}
}
