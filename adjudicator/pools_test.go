package adjudicator

import "testing"

func increasesBy(s State, p Power, rule string) ActivityCounters {
	var c ActivityCounters
	for _, in := range PoolIncreases(s, p) {
		if in.Rule == rule {
			c = c.add(in.Counters)
		}
	}
	return c
}

func TestRule12_21PoolIsTheStartingPoolAtSetup(t *testing.T) {
	s := NewGame(5)
	for _, p := range Powers {
		if got := PoolFor(s, p); got != startingPools[p] {
			t.Errorf("12.21: %s pool %v, want %v", p, got, startingPools[p])
		}
		if len(PoolIncreases(s, p)) != 0 {
			t.Errorf("12.22: %s has increases at setup: %v", p, PoolIncreases(s, p))
		}
	}
}

func TestRule12_22CShipbuildingIncreases(t *testing.T) {
	s := NewGame(5)
	s.Powers[Germany].ShipbuildingIncreases = 3 // 1 pre-game + 2
	s.Powers[Italy].ShipbuildingIncreases = 1
	s.Powers[France].ShipbuildingIncreases = 2 // France gains no shipyard counter
	// One shipyard per game at most (19.32).
	for p, want := range map[Power]int{Germany: 1, Italy: 1, Britain: 0, France: 0, Russia: 0} {
		if got := increasesBy(s, p, "12.22C").Ship; got != want {
			t.Errorf("12.22C: %s shipyard counters %d, want %d", p, got, want)
		}
	}
	if got := PoolFor(s, Germany).Ship; got != startingPools[Germany].Ship+1 {
		t.Errorf("12.22C: German pool ship %d", got)
	}
}

func TestRule12_22EAxisAggressions(t *testing.T) {
	s := at(NewGame(5), 1940, Spring)
	done := func(y int, se Season) *Turn { return &Turn{y, se} }
	s.SupportFacts.Aggressions = []Aggression{
		{Aggressor: Germany, Target: Rhineland, Turn: Turn{1936, Spring}, Completed: done(1936, Spring)},
		{Aggressor: Germany, Target: "Sudetenland", Turn: Turn{1938, Fall}, Completed: done(1938, Fall)},
		{Aggressor: Germany, Target: "Austria", Turn: Turn{1938, Spring}, Completed: done(1938, Spring)},
		{Aggressor: Germany, Target: "Poland", Turn: Turn{1939, Fall}}, // not completed
		{Aggressor: Italy, Target: Ethiopia, Turn: Turn{1935, Fall}, Completed: done(1936, Spring)},
		{Aggressor: Italy, Target: "Albania", Turn: Turn{1939, Winter}, BritishLead: true},
		{Aggressor: Italy, Target: "Greece", Turn: Turn{1940, Spring}},
	}
	for p, want := range map[Power]int{
		Germany: 2, // Rhineland, Austria; not the Sudetenland, Poland not completed
		Italy:   1, // Ethiopia; Albania not completed
		Britain: 2, // Austria (12.22E), Albania from the turn after its start (British lead)
		France:  1, // Austria; Greece only from the turn after its start
		Russia:  0,
	} {
		if got := increasesBy(s, p, "12.22E").One; got != want {
			t.Errorf("12.22E: %s %d, want %d", p, got, want)
		}
	}
	s.Turn = s.Turn.Next()
	if got := increasesBy(s, France, "12.22E").One; got != 2 {
		t.Errorf("12.22E: France after Greece started: %d, want 2", got)
	}
	// Italy's maximum of three.
	s.SupportFacts.Aggressions = []Aggression{
		{Aggressor: Italy, Target: Ethiopia, Completed: done(1936, Spring)},
		{Aggressor: Italy, Target: "Albania", Completed: done(1939, Spring)},
		{Aggressor: Italy, Target: "Greece", Completed: done(1940, Spring)},
		{Aggressor: Italy, Target: "Yugoslavia", Completed: done(1940, Summer)},
	}
	for i := range s.SupportFacts.Aggressions {
		s.SupportFacts.Aggressions[i].Turn = Turn{1935, Fall}
	}
	if got := increasesBy(s, Italy, "12.22E").One; got != 3 {
		t.Errorf("12.22E: Italy at most three, got %d", got)
	}
}

func TestRule12_22FCivilWarResult(t *testing.T) {
	s := NewGame(5)
	s.Segment = SegIncome
	s.Powers[Italy].Economy.FreeDiplomaticCounters = 1
	var evs []Event
	resolveSegment(&s, nil, &evs)
	found := false
	for _, e := range evs {
		if tc, ok := e.(TemporaryCounters); ok && tc.Power == Italy && tc.FreeDiplomatic == 1 {
			found = true
		}
	}
	if !found {
		t.Errorf("12.22F: no TemporaryCounters event for Italy's free diplomatic counter")
	}
	endTurnEconomy(&s)
	if s.Powers[Italy].Economy.FreeDiplomaticCounters != 0 {
		t.Errorf("12.22F: the free counter lasts one turn")
	}
}

func TestRule12_22GFailureInACrisis(t *testing.T) {
	s := NewGame(5)
	// Germany backed down before an ultimatum: next turn without its 3
	// (27.82B); Britain gains a 3.
	s.Powers[Germany].Economy.CountersNext = ActivityCounters{Three: -1}
	s.Powers[Britain].Economy.CountersNext = ActivityCounters{Three: 1}
	s.Powers[Italy].Economy.CountersNext = ActivityCounters{Three: -1} // Italy has no 3: nothing to lose
	if CountersFor(s, Germany).Three != 1 {
		t.Errorf("12.22G: the change applies only in the next turn")
	}
	endTurnEconomy(&s)
	if got := CountersFor(s, Germany).Three; got != 0 {
		t.Errorf("12.22G: Germany's 3 counters %d, want 0", got)
	}
	if got := CountersFor(s, Britain).Three; got != 2 {
		t.Errorf("12.22G: Britain's 3 counters %d, want 2", got)
	}
	if got := CountersFor(s, Italy).Three; got != 0 {
		t.Errorf("12.22G: counters never negative, got %d", got)
	}
	if PoolFor(s, Germany) != startingPools[Germany] {
		t.Errorf("12.22G: a crisis changes no pool")
	}
	endTurnEconomy(&s)
	if CountersFor(s, Germany).Three != 1 {
		t.Errorf("12.22G: only the turn following the crisis")
	}
}

func TestRule12_22HRussianCohesion(t *testing.T) {
	for c, want := range map[Cohesion]ActivityCounters{
		LowCohesion:    {},
		MediumCohesion: {One: 1},
		HighCohesion:   {One: 1, Two: 1},
		FullCohesion:   {One: 1, Two: 1, Three: 1},
	} {
		s := NewGame(5)
		s.Russia.Cohesion = c
		if got := increasesBy(s, Russia, "12.22H"); got != want {
			t.Errorf("12.22H: %s cohesion %v, want %v", c, got, want)
		}
	}
}

func TestRefreshCountersIsIdempotentAndReported(t *testing.T) {
	s := NewGame(5)
	s.Russia.PurgeEvents, s.Russia.Cohesion = 12, MediumCohesion
	var evs []Event
	RefreshCounters(&s, Russia, &evs)
	RefreshCounters(&s, Russia, &evs)
	if len(evs) != 1 {
		t.Fatalf("12.22H: want one PoolChanged, got %v", evs)
	}
	pc := evs[0].(PoolChanged)
	if pc.After.One != startingPools[Russia].One+1 || s.Powers[Russia].Counters.One != pc.After.One {
		t.Errorf("12.22H: %+v, counters %v", pc, s.Powers[Russia].Counters)
	}
}
