package storm_test

import (
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/economy"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/internal/enginetest"
	"stormjudge/adjudicator/setup"
	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/track"
)

func TestRule12_21PoolIsTheStartingPoolAtSetup(t *testing.T) {
	s := setup.NewGame(5)
	for _, p := range storm.Powers {
		if got := storm.PoolFor(s, p); got != storm.StartingPools[p] {
			t.Errorf("12.21: %s pool %v, want %v", p, got, storm.StartingPools[p])
		}
		if len(storm.PoolIncreases(s, p)) != 0 {
			t.Errorf("12.22: %s has increases at setup: %v", p, storm.PoolIncreases(s, p))
		}
	}
}

func TestRule12_22CShipbuildingIncreases(t *testing.T) {
	s := setup.NewGame(5)
	s.Powers[storm.Germany].ShipbuildingIncreases = 3 // 1 pre-game + 2
	s.Powers[storm.Italy].ShipbuildingIncreases = 1
	s.Powers[storm.France].ShipbuildingIncreases = 2 // France gains no shipyard counter
	// One shipyard per game at most (19.32).
	for p, want := range map[storm.Power]int{storm.Germany: 1, storm.Italy: 1, storm.Britain: 0, storm.France: 0, storm.Russia: 0} {
		if got := enginetest.IncreasesBy(s, p, "12.22C").Ship; got != want {
			t.Errorf("12.22C: %s shipyard counters %d, want %d", p, got, want)
		}
	}
	if got := storm.PoolFor(s, storm.Germany).Ship; got != storm.StartingPools[storm.Germany].Ship+1 {
		t.Errorf("12.22C: German pool ship %d", got)
	}
}

func TestRule12_22EAxisAggressions(t *testing.T) {
	s := enginetest.At(setup.NewGame(5), 1940, storm.Spring)
	done := func(y int, se storm.Season) *storm.Turn { return &storm.Turn{Year: y, Season: se} }
	s.SupportFacts.Aggressions = []storm.Aggression{
		{Aggressor: storm.Germany, Target: storm.Rhineland, Turn: storm.Turn{Year: 1936, Season: storm.Spring}, Completed: done(1936, storm.Spring)},
		{Aggressor: storm.Germany, Target: "Sudetenland", Turn: storm.Turn{Year: 1938, Season: storm.Fall}, Completed: done(1938, storm.Fall)},
		{Aggressor: storm.Germany, Target: "Austria", Turn: storm.Turn{Year: 1938, Season: storm.Spring}, Completed: done(1938, storm.Spring)},
		{Aggressor: storm.Germany, Target: "Poland", Turn: storm.Turn{Year: 1939, Season: storm.Fall}}, // not completed
		{Aggressor: storm.Italy, Target: storm.Ethiopia, Turn: storm.Turn{Year: 1935, Season: storm.Fall}, Completed: done(1936, storm.Spring)},
		{Aggressor: storm.Italy, Target: "Albania", Turn: storm.Turn{Year: 1939, Season: storm.Winter}, BritishLead: true},
		{Aggressor: storm.Italy, Target: "Greece", Turn: storm.Turn{Year: 1940, Season: storm.Spring}},
	}
	for p, want := range map[storm.Power]int{
		storm.Germany: 2, // Rhineland, Austria; not the Sudetenland, Poland not completed
		storm.Italy:   1, // Ethiopia; Albania not completed
		storm.Britain: 2, // Austria (12.22E), Albania from the turn after its start (British lead)
		storm.France:  1, // Austria; Greece only from the turn after its start
		storm.Russia:  0,
	} {
		if got := enginetest.IncreasesBy(s, p, "12.22E").One; got != want {
			t.Errorf("12.22E: %s %d, want %d", p, got, want)
		}
	}
	s.Turn = s.Turn.Next()
	if got := enginetest.IncreasesBy(s, storm.France, "12.22E").One; got != 2 {
		t.Errorf("12.22E: France after Greece started: %d, want 2", got)
	}
	// Italy's maximum of three.
	s.SupportFacts.Aggressions = []storm.Aggression{
		{Aggressor: storm.Italy, Target: storm.Ethiopia, Completed: done(1936, storm.Spring)},
		{Aggressor: storm.Italy, Target: "Albania", Completed: done(1939, storm.Spring)},
		{Aggressor: storm.Italy, Target: "Greece", Completed: done(1940, storm.Spring)},
		{Aggressor: storm.Italy, Target: "Yugoslavia", Completed: done(1940, storm.Summer)},
	}
	for i := range s.SupportFacts.Aggressions {
		s.SupportFacts.Aggressions[i].Turn = storm.Turn{Year: 1935, Season: storm.Fall}
	}
	if got := enginetest.IncreasesBy(s, storm.Italy, "12.22E").One; got != 3 {
		t.Errorf("12.22E: Italy at most three, got %d", got)
	}
}

func TestRule12_22FCivilWarResult(t *testing.T) {
	s := setup.NewGame(5)
	s.Segment = storm.SegIncome
	s.Powers[storm.Italy].Economy.FreeDiplomaticCounters = 1
	var evs []event.Event
	adjudicator.ResolveSegment(&s, nil, &evs)
	found := false
	for _, e := range evs {
		if tc, ok := e.(event.TemporaryCounters); ok && tc.Power == storm.Italy && tc.FreeDiplomatic == 1 {
			found = true
		}
	}
	if !found {
		t.Errorf("12.22F: no TemporaryCounters event for Italy's free diplomatic counter")
	}
	economy.EndTurnEconomy(&s)
	if s.Powers[storm.Italy].Economy.FreeDiplomaticCounters != 0 {
		t.Errorf("12.22F: the free counter lasts one turn")
	}
}

func TestRule12_22GFailureInACrisis(t *testing.T) {
	s := setup.NewGame(5)
	// Germany backed down before an ultimatum: next turn without its 3
	// (27.82B); Britain gains a 3.
	s.Powers[storm.Germany].Economy.CountersNext = storm.ActivityCounters{Three: -1}
	s.Powers[storm.Britain].Economy.CountersNext = storm.ActivityCounters{Three: 1}
	s.Powers[storm.Italy].Economy.CountersNext = storm.ActivityCounters{Three: -1} // Italy has no 3: nothing to lose
	if storm.CountersFor(s, storm.Germany).Three != 1 {
		t.Errorf("12.22G: the change applies only in the next turn")
	}
	economy.EndTurnEconomy(&s)
	if got := storm.CountersFor(s, storm.Germany).Three; got != 0 {
		t.Errorf("12.22G: Germany's 3 counters %d, want 0", got)
	}
	if got := storm.CountersFor(s, storm.Britain).Three; got != 2 {
		t.Errorf("12.22G: Britain's 3 counters %d, want 2", got)
	}
	if got := storm.CountersFor(s, storm.Italy).Three; got != 0 {
		t.Errorf("12.22G: counters never negative, got %d", got)
	}
	if storm.PoolFor(s, storm.Germany) != storm.StartingPools[storm.Germany] {
		t.Errorf("12.22G: a crisis changes no pool")
	}
	economy.EndTurnEconomy(&s)
	if storm.CountersFor(s, storm.Germany).Three != 1 {
		t.Errorf("12.22G: only the turn following the crisis")
	}
}

func TestRule12_22HRussianCohesion(t *testing.T) {
	for c, want := range map[storm.Cohesion]storm.ActivityCounters{
		storm.LowCohesion:    {},
		storm.MediumCohesion: {One: 1},
		storm.HighCohesion:   {One: 1, Two: 1},
		storm.FullCohesion:   {One: 1, Two: 1, Three: 1},
	} {
		s := setup.NewGame(5)
		s.Russia.Cohesion = c
		if got := enginetest.IncreasesBy(s, storm.Russia, "12.22H"); got != want {
			t.Errorf("12.22H: %s cohesion %v, want %v", c, got, want)
		}
	}
}

func TestRefreshCountersIsIdempotentAndReported(t *testing.T) {
	s := setup.NewGame(5)
	s.Russia.PurgeEvents, s.Russia.Cohesion = 12, storm.MediumCohesion
	var evs []event.Event
	track.RefreshCounters(&s, storm.Russia, &evs)
	track.RefreshCounters(&s, storm.Russia, &evs)
	if len(evs) != 1 {
		t.Fatalf("12.22H: want one PoolChanged, got %v", evs)
	}
	pc := evs[0].(event.PoolChanged)
	if pc.After.One != storm.StartingPools[storm.Russia].One+1 || s.Powers[storm.Russia].Counters.One != pc.After.One {
		t.Errorf("12.22H: %+v, counters %v", pc, s.Powers[storm.Russia].Counters)
	}
}
