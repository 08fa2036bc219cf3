package track_test

import (
	"testing"

	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/internal/enginetest"
	"stormjudge/adjudicator/setup"
	"stormjudge/adjudicator/track"
)

func TestRule11_33EconomicTrends(t *testing.T) {
	for _, tt := range []struct{ climate, trend, want int }{
		{0, 2, 2}, {0, 1, 1}, {0, -1, -1}, {0, -2, -2}, // 11.33A-D
		{2, 0, 1}, {-2, 0, -1}, {0, 0, 0}, // 11.33E
		{2, 2, 3}, {-3, -1, -3}, {3, 1, 3}, // 11.34
	} {
		if got := track.ClimateAfterTrend(tt.climate, tt.trend); got != tt.want {
			t.Errorf("11.33: climate %+d trend %+d: %+d, want %+d", tt.climate, tt.trend, got, tt.want)
		}
	}
}

func TestRule11_35BTrendChangesTheEAI(t *testing.T) {
	s := setup.NewGame(1)
	s.EconomicClimate = 2
	var evs []event.Event
	track.ApplyEconomicTrend(&s, 1, &evs)
	if s.EconomicClimate != 3 || s.EAI != -1 {
		t.Fatalf("11.35B: climate %d EAI %d, want 3 and -1", s.EconomicClimate, s.EAI)
	}
	c, ok := enginetest.LastOf[event.EconomicClimateChanged](evs)
	if !ok || c.Rule != "11.33B" || c.Before != 2 || c.After != 3 {
		t.Errorf("11.33B: event %+v", c)
	}
	if e, ok := enginetest.LastOf[event.EAIDetermined](evs); !ok || e.Rule != "11.35B" || e.Level != -1 {
		t.Errorf("11.35B: event %+v", e)
	}
	track.ApplyEconomicTrend(&s, 0, &evs)
	if s.EconomicClimate != 2 || s.EAI != 0 {
		t.Errorf("11.33E: climate %d EAI %d", s.EconomicClimate, s.EAI)
	}
	if c, _ := enginetest.LastOf[event.EconomicClimateChanged](evs); c.Rule != "11.33E" {
		t.Errorf("11.33E: event %+v", c)
	}
}
