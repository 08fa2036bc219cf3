package track_test

import (
	"encoding/json"
	"strings"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/diplomacy"
	"stormjudge/adjudicator/economy"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/internal/enginetest"
	"stormjudge/adjudicator/randomevent"
	"stormjudge/adjudicator/setup"
	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/track"
)

func TestRule10_31SupportIsTheSumOfItsModifiers(t *testing.T) {
	s := setup.NewGame(3)
	s.Powers[storm.Germany].Factories = storm.Factories{Civilian: 2, Military: 8, Idle: 2}
	s.Powers[storm.Britain].Economy.SupportEvents = -2
	for _, p := range storm.Powers {
		sum := 0
		for _, m := range track.SupportBreakdown(s, p) {
			if m.Value == 0 || m.Rule == "" {
				t.Errorf("10.31: %s: empty modifier %+v", p, m)
			}
			sum += m.Value
		}
		if got := track.SupportLevel(s, p); got != sum {
			t.Errorf("10.31: %s level %d, modifiers sum %d", p, got, sum)
		}
	}
	if got := track.SupportLevel(s, storm.Germany); got != 3 {
		t.Errorf("10.41A: Germany with 8 military factories: %d, want 3", got)
	}
	if got := track.SupportLevel(s, storm.Britain); got != -2 {
		t.Errorf("10.41B, 10.14: Britain with a -2 event: %d, want -2", got)
	}
}

func TestRule10_41BSupportRandomEvents(t *testing.T) {
	s := setup.NewGame(3)
	s.Powers[storm.Italy].Economy.SupportEvents = 2
	if got := enginetest.ModValue(s, storm.Italy, "10.41B"); got != 2 {
		t.Errorf("10.41B: %d, want 2", got)
	}
	var evs []event.Event
	economy.EndTurnEconomy(&s)
	if got := enginetest.ModValue(s, storm.Italy, "10.41B"); got != 0 {
		t.Errorf("10.24: event support must lapse with the turn, got %d", got)
	}
	_ = evs
}

func TestRule10_41DDeficits(t *testing.T) {
	s := setup.NewGame(3)
	s.Segment = storm.SegIncome
	s.Tiles.FaceDown = storm.TileCounts{One: 30}
	// Italy: 2 civilian = 4, support -20, tile 1, maintenance 6 - 3 = 3:
	// 18 short; 3 of them are unpaid maintenance (17.11), 15 a deficit.
	s.Powers[storm.Italy].Economy.SupportEvents = -20
	var evs []event.Event
	adjudicator.ResolveSegment(&s, nil, &evs)
	it := s.Powers[storm.Italy]
	if it.TilePoints != 0 || it.Economy.DeficitThisTurn != 15 {
		t.Fatalf("6.12, 10.41D: tile points %d deficit %d, want 0 and 15", it.TilePoints, it.Economy.DeficitThisTurn)
	}
	if it.Active.Total() != 3 {
		t.Errorf("17.11: three units back to the reserve, active %+v", it.Active)
	}
	if got := enginetest.ModValue(s, storm.Italy, "10.41D"); got != 0 {
		t.Errorf("10.41D: the deficit counts only from the next turn, got %d", got)
	}
	economy.EndTurnEconomy(&s)
	s.Turn = s.Turn.Next()
	if got := enginetest.ModValue(s, storm.Italy, "10.41D"); got != -15 {
		t.Errorf("10.41D: next turn's support modifier %d, want -15", got)
	}
	economy.EndTurnEconomy(&s)
	if got := enginetest.ModValue(s, storm.Italy, "10.41D"); got != 0 {
		t.Errorf("10.41D: the deficit lasts one turn, got %d", got)
	}
}

func TestRule10_51BAggressionSupport(t *testing.T) {
	s := enginetest.At(setup.NewGame(3), 1939, storm.Summer)
	done := storm.Turn{Year: 1939, Season: storm.Summer}
	s.SupportFacts.Aggressions = []storm.Aggression{
		{Aggressor: storm.Germany, Target: storm.BalticStates, Turn: done, Completed: &done},
		{Aggressor: storm.Germany, Target: "Poland", Turn: done, Completed: &done},
		{Aggressor: storm.Italy, Target: storm.Ethiopia, Turn: storm.Turn{Year: 1935, Season: storm.Fall}, Completed: &done},
	}
	s.SupportFacts.NoPactProposed = &done
	// In the turn of completion nothing yet (from the turn after).
	for _, p := range []storm.Power{storm.Germany, storm.Italy, storm.Russia} {
		for _, r := range []string{"10.51B", "10.61A", "10.91B"} {
			if v := enginetest.ModValue(s, p, r); v != 0 {
				t.Errorf("%s %s: %d in the turn of the aggression", r, p, v)
			}
		}
	}
	s.Turn = s.Turn.Next()
	if v := enginetest.ModValue(s, storm.Germany, "10.51B"); v != 1 {
		t.Errorf("10.51B: Baltic States %d, want 1", v)
	}
	if v := enginetest.ModValue(s, storm.Italy, "10.61A"); v != 1 {
		t.Errorf("10.61A: Ethiopia %d, want 1", v)
	}
	if v := enginetest.ModValue(s, storm.Russia, "10.91B"); v != 2+1+1 {
		t.Errorf("10.91B: Poland +2, no pact proposal +1, Baltic +1: got %d", v)
	}
}

func TestRule10_71CShipbuildingIncreases(t *testing.T) {
	s := setup.NewGame(3)
	if v := enginetest.ModValue(s, storm.Britain, "10.71C"); v != 0 {
		t.Errorf("10.71C: Germany's pre-game increase (14.92) counts nothing, got %d", v)
	}
	s.Powers[storm.Germany].ShipbuildingIncreases = 3
	s.Powers[storm.Italy].ShipbuildingIncreases = 1
	if v := enginetest.ModValue(s, storm.Britain, "10.71C"); v != 1 {
		t.Errorf("10.71C: German increases in the game (one shipyard at most, 19.32): %d, want 1", v)
	}
	if v := enginetest.ModValue(s, storm.France, "10.81C"); v != 1 {
		t.Errorf("10.81C: one Italian increase: %d, want 1", v)
	}
}

func TestRule10_71ENaziSovietPact(t *testing.T) {
	s := enginetest.At(setup.NewGame(3), 1939, storm.Summer)
	signed := s.Turn
	s.SupportFacts.PactSigned = &signed
	for _, p := range []storm.Power{storm.Britain, storm.France, storm.Russia} {
		if track.SupportLevel(s, p) != track.SupportLevel(enginetest.At(setup.NewGame(3), 1939, storm.Summer), p) {
			t.Errorf("10.71E: %s support changed in the turn of signing", p)
		}
	}
	s.Turn = s.Turn.Next()
	for p, rule := range map[storm.Power]string{storm.Britain: "10.71E", storm.France: "10.81E", storm.Russia: "10.91C"} {
		if v := enginetest.ModValue(s, p, rule); v != 1 {
			t.Errorf("%s: %s %d, want 1", rule, p, v)
		}
	}
	if v := enginetest.ModValue(s, storm.Germany, "10.71E"); v != 0 {
		t.Errorf("the pact gives Germany nothing")
	}
}

func TestRule10_71FPost1940Increases(t *testing.T) {
	for _, c := range []struct {
		t    storm.Turn
		want int
	}{
		{storm.Turn{Year: 1940, Season: storm.Winter}, 0}, {storm.Turn{Year: 1941, Season: storm.Spring}, 1}, {storm.Turn{Year: 1941, Season: storm.Summer}, 2}, {storm.Turn{Year: 1941, Season: storm.Fall}, 3}, {storm.Turn{Year: 1942, Season: storm.Spring}, 5},
	} {
		if got := track.PostWarIncrease(c.t); got != c.want {
			t.Errorf("10.71F: %s: %d, want %d", c.t, got, c.want)
		}
		s := enginetest.At(setup.NewGame(3), c.t.Year, c.t.Season)
		if enginetest.ModValue(s, storm.Britain, "10.71F") != c.want || enginetest.ModValue(s, storm.France, "10.81F") != c.want {
			t.Errorf("10.71F, 10.81F: %s breakdown %v", c.t, track.SupportBreakdown(s, storm.Britain))
		}
		if enginetest.ModValue(s, storm.Germany, "10.71F") != 0 {
			t.Errorf("10.71F is British and French only")
		}
	}
}

func TestRule10_91DGarrisonSupportTable(t *testing.T) {
	for n, want := range map[int]int{0: 0, 1: 1, 2: 1, 3: 2, 5: 2, 6: 3, 8: 3, 9: 4, 11: 4, 12: 5,
		-1: -1, -3: -2, -6: -3, -9: -4} {
		if got := track.GarrisonSupport(n); got != want {
			t.Errorf("10.91D, 21.31, 21.41A: surplus %d: %d, want %d", n, got, want)
		}
	}
}

func TestRule10_91ECohesion(t *testing.T) {
	for c, want := range map[storm.Cohesion]int{storm.LowCohesion: -1, storm.MediumCohesion: 0, storm.HighCohesion: 1, storm.FullCohesion: 2} {
		s := setup.NewGame(3)
		s.Russia.Cohesion = c
		if got := enginetest.ModValue(s, storm.Russia, "10.91E"); got != want {
			t.Errorf("10.91E: %s cohesion %d, want %d", c, got, want)
		}
	}
}

func TestRule10_91FFlagsInRussia(t *testing.T) {
	s := setup.NewGame(3)
	s.SupportFacts.FlagsInRussia = map[storm.Power]int{storm.Germany: 1, storm.Britain: 2}
	if enginetest.ModValue(s, storm.Germany, "10.51C") != 1 || enginetest.ModValue(s, storm.Britain, "10.71D") != 2 || enginetest.ModValue(s, storm.Russia, "10.91F") != -3 {
		t.Errorf("10.91F: %v / %v / %v", track.SupportBreakdown(s, storm.Germany), track.SupportBreakdown(s, storm.Britain), track.SupportBreakdown(s, storm.Russia))
	}
	c := s.Clone()
	c.SupportFacts.FlagsInRussia[storm.Germany] = 5
	if s.SupportFacts.FlagsInRussia[storm.Germany] != 1 {
		t.Errorf("Clone shares the flags map")
	}
}

func TestRule11_52SupportChangesDuringATurn(t *testing.T) {
	s := setup.NewGame(3)
	s.Powers[storm.France].TilePoints = 2
	var evs []event.Event
	track.ChangeSupport(&s, storm.France, +1, "10.81D", "flag in Russia", true, &evs)
	if f := s.Powers[storm.France]; f.Support != 1 || f.TilePoints != 3 {
		t.Errorf("11.52A: gain: support %d tiles %d", f.Support, f.TilePoints)
	}
	track.ChangeSupport(&s, storm.France, -5, "10.41B", "secret support event", true, &evs)
	f := s.Powers[storm.France]
	if f.Support != -4 || f.TilePoints != 0 || f.Economy.DeficitThisTurn != 2 {
		t.Errorf("11.52A, 10.41D: loss: support %d tiles %d deficit %d", f.Support, f.TilePoints, f.Economy.DeficitThisTurn)
	}
	last := evs[len(evs)-1].(event.SupportChanged)
	if last.TileDelta != -3 || last.Deficit != 2 {
		t.Errorf("SupportChanged %+v", last)
	}
	s.Powers[storm.Russia].TilePoints = 4
	track.ChangeSupport(&s, storm.Russia, -2, "10.91D", "Russian garrison", false, &evs)
	if r := s.Powers[storm.Russia]; r.TilePoints != 4 || r.Support != -2 {
		t.Errorf("11.52B: the garrison changes no tile points: %+v", r)
	}
}

func TestRule11_71ResidualSupport(t *testing.T) {
	s := enginetest.At(setup.NewGame(3), 1938, storm.Spring)
	track.AddSupportGrant(&s, storm.Britain, storm.SupportGrant{Rule: "10.71B", What: "temporary increase after Austria", Value: 2,
		From: storm.Turn{Year: 1938, Season: storm.Spring}, Turns: 2, Residual: true})
	for _, c := range []struct {
		t                 storm.Turn
		support, residual int
	}{
		{storm.Turn{Year: 1937, Season: storm.Winter}, 0, 0}, {storm.Turn{Year: 1938, Season: storm.Spring}, 2, 0}, {storm.Turn{Year: 1938, Season: storm.Summer}, 2, 0}, {storm.Turn{Year: 1938, Season: storm.Fall}, 0, 2}, {storm.Turn{Year: 1940, Season: storm.Fall}, 0, 2},
	} {
		s.Turn = c.t
		if got := enginetest.ModValue(s, storm.Britain, "10.71B"); got != c.support {
			t.Errorf("10.71B: %s support %d, want %d", c.t, got, c.support)
		}
		if got := economy.ResidualSupport(s, storm.Britain); got != c.residual {
			t.Errorf("11.71: %s residual %d, want %d", c.t, got, c.residual)
		}
	}
	c := s.Clone()
	c.Powers[storm.Britain].Economy.Grants[0].Value = 9
	if s.Powers[storm.Britain].Economy.Grants[0].Value != 2 {
		t.Errorf("Clone shares grants")
	}
}

// Rules 10.22, 24.43-24.47: military counters need a balance of power
// advantage and a positive support level, at most the smaller of the two
// (Germany, up to three), one for Italy and France; Britain's only serve
// civil wars; a secret support event counts (24.42E).
func TestRule10_22MilitaryCounterLimit(t *testing.T) {
	s := setup.NewGame(3)
	s.Powers[storm.Germany].Active.Armor += 6 // an Axis armor advantage
	s.Powers[storm.Germany].Support = 3
	s.Powers[storm.Britain].Support = 3
	s.Powers[storm.Italy].Support = -1
	adv := diplomacy.BalanceAdvantage(s, storm.Axis)
	if adv < 1 {
		t.Fatalf("no Axis balance of power advantage: %+v", track.BalanceOfPower(s))
	}
	for p, want := range map[storm.Power]int{storm.Germany: min(adv, 3), storm.Britain: 0, storm.Italy: 0, storm.France: 0} {
		if got := diplomacy.MilitaryCounterLimit(s, p); got != want {
			t.Errorf("10.22, 24.43-24.46: %s: %d, want %d", p, got, want)
		}
	}
	s.Powers[storm.Germany].Support = 1
	if got := diplomacy.MilitaryCounterLimit(s, storm.Germany); got != 1 {
		t.Errorf("24.43A: support 1 allows %d", got)
	}
}

func TestRule10_92NegativeRussianSupport(t *testing.T) {
	s := setup.NewGame(3)
	s.Powers[storm.Russia].Support = 0
	if track.RussiaMustBuild(s) {
		t.Errorf("10.92: support 0 does not oblige Russia to build")
	}
	s.Powers[storm.Russia].Support = -1
	if !track.RussiaMustBuild(s) {
		t.Errorf("10.92: negative support obliges Russia to build a unit")
	}
}

func TestResolveNeverMutatesEconomyState(t *testing.T) {
	s := setup.NewGame(11)
	pact := storm.Turn{Year: 1935, Season: storm.Spring}
	s.SupportFacts = storm.SupportFacts{
		Aggressions:    []storm.Aggression{{Aggressor: storm.Germany, Target: "Austria", Turn: pact, Completed: &storm.Turn{Year: 1935, Season: storm.Spring}}},
		PactSigned:     &pact,
		NoPactProposed: &storm.Turn{Year: 1935, Season: storm.Spring},
		FlagsInRussia:  map[storm.Power]int{storm.Germany: 1},
	}
	s.Powers[storm.Britain].Economy.Grants = []storm.SupportGrant{{Rule: "10.71B", Value: 1, From: pact, Turns: 1, Residual: true}}
	s.Powers[storm.Italy].Economy.CountersNext = storm.ActivityCounters{Two: -1}
	before, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	n := s
	for range 6 {
		n, _, err = adjudicator.Resolve(n, nil)
		if err != nil {
			t.Fatal(err)
		}
	}
	after, _ := json.Marshal(s)
	if string(before) != string(after) {
		t.Errorf("Resolve mutated its input's economy state")
	}
	// Round trip of the new fields.
	var back storm.State
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
	s := setup.NewGame(1)
	s.Segment = storm.SegRandomEvents
	s.Research = append(s.Research,
		storm.ResearchResult{Side: storm.Axis, Power: storm.Germany, Project: "armor", Results: 2, Rule: "16.14A"}, // military, German
		storm.ResearchResult{Side: storm.Axis, Power: storm.Italy, Project: "armor", Results: 1, Rule: "16.14A"},   // military, Italy's
		storm.ResearchResult{Side: storm.Axis, Power: storm.Germany, Project: "jets", Results: 1, Rule: "16.12"},   // air
		storm.ResearchResult{Side: storm.Axis, Project: "specialized units", Results: 1, Rule: "16.14A, 15.51A"})   // joint, military
	for _, c := range []struct {
		category storm.ResearchCategory
		want     int
	}{{storm.MilitaryResearch, 3}, {storm.AirResearch, 1}, {"", 4}} {
		if got := randomevent.ResearchResultCount(s, storm.Germany, c.category); got != c.want {
			t.Errorf("%q: %d results, want %d", c.category, got, c.want)
		}
	}
	before := s.Powers[storm.Germany].Economy.SupportEvents
	var evs []event.Event
	o := randomevent.ApplyEffect(&s, storm.Germany, 1, "Tank parade", storm.Effect{Kind: storm.EffectConditionalSupport, Condition: storm.ConditionResearchResults,
		Research: storm.MilitaryResearch, Per: 2, Max: 2}, nil, &evs)
	if got := s.Powers[storm.Germany].Economy.SupportEvents - before; got != 1 || strings.Contains(o.Note, "pending") {
		t.Errorf("support %+d (%s), want +1: 3 military results, 1 per 2", got, o.Note)
	}
}
