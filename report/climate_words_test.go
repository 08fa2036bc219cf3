package report

import (
	"strings"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/track"
)

// Rules 11.33 and 11.34: the climate's line cites the trend's rule, and
// the bounds of -3 and +3 (11.34) and "at its limit" only when they held
// the climate; 0 is no limit (11.33E moves it towards 0 and it stays).
func TestRule11_34ClimateLimitOnlyAtItsBounds(t *testing.T) {
	for _, tc := range []struct {
		climate, trend int
		want           string
	}{
		{0, 0, "Economic trend +0: the economic climate stays +0 (rule 11.33E)."},
		{3, 1, "Economic trend +1: the economic climate stays +3, at its limit (rules 11.33B, 11.34)."},
		{-3, -2, "Economic trend -2: the economic climate stays -3, at its limit (rules 11.33D, 11.34)."},
		{2, 2, "Economic trend +2: economic climate +2 -> +3 (rules 11.33A, 11.34)."},
		{0, 1, "Economic trend +1: economic climate +0 -> +1 (rule 11.33B)."},
		{1, 0, "Economic trend +0: economic climate +1 -> +0 (rule 11.33E)."},
		{-1, -2, "Economic trend -2: economic climate -1 -> -3 (rule 11.33D)."},
	} {
		s := adjudicator.NewGame(1)
		s.EconomicClimate = tc.climate
		var evs []event.Event
		track.ApplyEconomicTrend(&s, tc.trend, &evs) // the events the engine reports
		var w writer
		for _, e := range evs {
			if _, ok := e.(event.EconomicClimateChanged); ok {
				publicEvent(&w, e)
			}
		}
		if got := strings.Join(strings.Fields(w.String()), " "); got != tc.want {
			t.Errorf("climate %+d, trend %+d: %q, want %q", tc.climate, tc.trend, got, tc.want)
		}
	}
}

// Rules 23.21A and 11.35B: the EAI line after the economic trend cites
// the climate's rule only for a change the climate's effect made (only
// -3 and +3 count, 11.35B); a change from an aggression taking effect this
// turn (23.21A, 23.22) cites 23.21, each modifier its own rule.
func TestRule23_21AEAILineCitesTheChange(t *testing.T) {
	for _, tc := range []struct {
		climate, trend int
		aggression     bool
		want           string
	}{
		{0, 0, true, "European Aggression Index +1 (rule 23.21): Germany aggression against Austria +1 (23.21A)."},
		{2, 1, false, "European Aggression Index -1 (rule 11.35B): economic climate +3 -1 (23.21D)."},
		{-2, -1, true, "European Aggression Index +2 (rule 11.35B, 23.21): Germany aggression against Austria +1 (23.21A), economic climate -3 +1 (23.21D)."},
	} {
		s := adjudicator.NewGame(1)
		s.EconomicClimate, s.EAI = tc.climate, 0
		if tc.aggression { // completed last turn: in force from this one (23.22)
			done := storm.Turn{Year: 1934, Season: storm.Winter}
			s.SupportFacts.Aggressions = append(s.SupportFacts.Aggressions, storm.Aggression{Aggressor: storm.Germany, Target: "Austria", Turn: done, Completed: &done})
		}
		var evs []event.Event
		track.ApplyEconomicTrend(&s, tc.trend, &evs)
		var w writer
		for _, e := range evs {
			publicEvent(&w, e)
		}
		text := strings.Join(strings.Fields(w.String()), " ")
		if !strings.Contains(text, tc.want) {
			t.Errorf("climate %+d, trend %+d: %q, want %q", tc.climate, tc.trend, text, tc.want)
		}
	}
}
