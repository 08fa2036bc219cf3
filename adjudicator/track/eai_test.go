package track_test

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

// playTo resolves s (at an economic segment) to the next turn's economic
// segment with no orders.
func playTo(t *testing.T, s storm.State) (storm.State, []event.Event) {
	t.Helper()
	n, evs, err := adjudicator.Resolve(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	return n, evs
}

func TestRule23_25ResidualExample(t *testing.T) {
	// 23.25 EXAMPLE: general event 130 in Spring 1936 (+2) takes the EAI
	// from 0 to +2; +1 in Summer 1936, 0 in Fall 1936.
	s := setup.NewGame(1)
	s.Turn = storm.Turn{Year: 1936, Season: storm.Spring}
	s.Segment = storm.SegEconomic // the event was drawn in this turn's random events phase
	var evs []event.Event
	track.AddEAIEvent(&s, 2, "general event 130", &evs)
	if s.EAI != 2 {
		t.Fatalf("23.21C: EAI %d, want 2", s.EAI)
	}
	s, _ = playTo(t, s)
	if s.Turn != (storm.Turn{Year: 1936, Season: storm.Summer}) || s.EAI != 1 {
		t.Errorf("23.25: %s EAI %d, want 1", s.Turn, s.EAI)
	}
	s, evs = playTo(t, s)
	if s.Turn != (storm.Turn{Year: 1936, Season: storm.Fall}) || s.EAI != 0 {
		t.Errorf("23.25: %s EAI %d, want 0", s.Turn, s.EAI)
	}
	if e, ok := enginetest.LastOf[event.EAIDetermined](evs); !ok || e.Rule != "23.22" || e.Level != 0 || e.Before != 1 {
		t.Errorf("23.22: determination reported %+v", e)
	}
}

func TestRule23_24OffsettingEventsCancel(t *testing.T) {
	s := setup.NewGame(1)
	var evs []event.Event
	track.AddEAIEvent(&s, 2, "a", &evs)
	track.AddEAIEvent(&s, -3, "b", &evs)
	if s.EAI != -1 || s.EAIFacts.RandomEvents != -1 {
		t.Errorf("23.24: EAI %d residual %d, want -1", s.EAI, s.EAIFacts.RandomEvents)
	}
}

func TestRule23_21AAxisAggressions(t *testing.T) {
	s := setup.NewGame(1)
	done := storm.Turn{Year: 1938, Season: storm.Spring}
	s.Turn = done
	s.SupportFacts.Aggressions = []storm.Aggression{
		{Aggressor: storm.Germany, Target: "Austria", Turn: done, Completed: &done},
		{Aggressor: storm.Germany, Target: "Sudetenland", Turn: storm.Turn{Year: 1937, Season: storm.Fall}, Completed: &storm.Turn{Year: 1937, Season: storm.Fall}},
		{Aggressor: storm.Italy, Target: "Greece", Turn: storm.Turn{Year: 1937, Season: storm.Winter}},   // not conquered
		{Aggressor: storm.Germany, Target: "Poland", Turn: storm.Turn{Year: 1937, Season: storm.Winter}}, // not completed
	}
	if got := track.EAILevel(s); got != 1 {
		t.Errorf("23.21A: Spring 1938: EAI %d, want 1 (Italy's Greece only)", got)
	}
	s.Turn = done.Next()
	if got := track.EAILevel(s); got != 2 {
		t.Errorf("23.21A: Summer 1938: EAI %d, want 2 (Austria from the turn after)", got)
	}
}

func TestRule23_21BNaziSovietPact(t *testing.T) {
	s := setup.NewGame(1)
	signed := storm.Turn{Year: 1939, Season: storm.Summer}
	s.Turn = signed
	s.SupportFacts.PactSigned = &signed
	if track.EAILevel(s) != 0 {
		t.Errorf("23.21B: not before the end of the signing turn")
	}
	s.Turn = signed.Next()
	if track.EAILevel(s) != 1 {
		t.Errorf("23.21B, 23.23: +1 after the signing turn")
	}
}

func TestRule23_21DAnd23_21EClimateAndCivilWars(t *testing.T) {
	s := setup.NewGame(1)
	s.EconomicClimate = -3
	s.EAIFacts.CivilWars = []string{"Spain", "Greece"}
	if got := track.EAILevel(s); got != 2 {
		t.Errorf("23.21D-E: EAI %d, want 2 (climate +1, civil wars +1 at most)", got)
	}
	s.EconomicClimate = 3
	if got := track.EAILevel(s); got != 0 {
		t.Errorf("23.21D: climate +3: EAI %d, want 0", got)
	}
}

func TestRule23_26Bounds(t *testing.T) {
	s := setup.NewGame(1)
	s.EAIFacts.RandomEvents = 9
	if track.EAILevel(s) != 5 {
		t.Errorf("23.26: EAI %d, want 5", track.EAILevel(s))
	}
	s.EAIFacts.RandomEvents = -9
	if track.EAILevel(s) != -5 {
		t.Errorf("23.26: EAI %d, want -5", track.EAILevel(s))
	}
	s.Ended = true
	if track.EAILevel(s) != 5 {
		t.Errorf("23.27: after war EAI %d, want 5", track.EAILevel(s))
	}
}

func TestRule23_24ModifiersWithDuration(t *testing.T) {
	s := setup.NewGame(1)
	s.EAIFacts.Modifiers = []storm.EAIModifier{{Rule: "23.21C", What: "two turns", Value: -1, From: s.Turn, Turns: 2}}
	for i, want := range []int{-1, -1, 0} {
		if got := track.EAILevel(s); got != want {
			t.Errorf("23.24: turn +%d: EAI %d, want %d", i, got, want)
		}
		s.Turn = s.Turn.Next()
	}
}

func TestRule23_31EAIEffects(t *testing.T) {
	s := setup.NewGame(1)
	cost, ship, req := economy.MobilizeCost(s, storm.Germany), storm.ShipCost(s, storm.Germany, storm.Battleship4), track.CheckGarrison(s, "test").Required
	var evs []event.Event
	track.AddEAIEvent(&s, 2, "test", &evs)
	if got := economy.MobilizeCost(s, storm.Germany); got != cost-2 {
		t.Errorf("23.31A, 14.31B: mobilization %d, want %d", got, cost-2)
	}
	if got := storm.ShipCost(s, storm.Germany, storm.Battleship4); got != ship-2 {
		t.Errorf("23.31B, 19.52A: ship %d, want %d", got, ship-2)
	}
	if got := track.CheckGarrison(s, "test").Required; got != req+2 {
		t.Errorf("23.31D, 21.22C: requirement %d, want %d", got, req+2)
	}
}
