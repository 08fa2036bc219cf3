package report

import (
	"strings"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
)

func TestEconomyEventsRendered(t *testing.T) {
	turn := storm.Turn{Year: 1938, Season: storm.Fall}
	for _, c := range []struct {
		e       event.Event
		section string
		want    []string
	}{
		{event.SupportDetermined{Turn: turn, Power: storm.Britain, Level: 3, Modifiers: []storm.SupportModifier{
			{Rule: "10.41A", What: "4 military factories", Value: 1}, {Rule: "10.71F", What: "post-1940 increases", Value: 2}}},
			"Income phase", []string{"Britain: support level +3:", "4 military factories +1 (10.41A)", "(10.71F)"}},
		{event.SupportChanged{Power: storm.France, Rule: "10.41B", What: "secret support event", Delta: -5, Support: -4, TileDelta: -3, Deficit: 2},
			"Support changes", []string{"France: support -5", "rule 10.41B", "now -4", "tile points -3", "2 points short", "10.41D"}},
		{event.GarrisonChecked{Check: storm.GarrisonCheck{Turn: &turn, When: "21.23B", Garrison: 9, Required: 12, Surplus: -3, Support: -2}},
			"Russian garrison", []string{"rule 21.23B", "9 (units", "against 12 required", "deficit 3", "support -2"}},
		{event.TradePactChanged{Minor: "Czechoslovakia", From: storm.France, Rule: "11.61D"},
			"Income phase", []string{"Czechoslovakia: the trade pact of France ends (rule 11.61D)"}},
		{event.PoolChanged{Power: storm.Russia, Before: storm.ActivityCounters{Two: 2, One: 2, Zero: 1},
			After:     storm.ActivityCounters{Two: 2, One: 3, Zero: 1},
			Increases: []storm.PoolIncrease{{Rule: "12.22H", What: "medium cohesion reached", Counters: storm.ActivityCounters{One: 1}}}},
			"Income phase", []string{"Russia: activity counter pool now 2 x 2, 3 x 1, 1 x 0", "was 2 x 2, 2 x 1", "medium cohesion reached (12.22H)"}},
		{event.TemporaryCounters{Power: storm.Germany, Delta: storm.ActivityCounters{Three: -1}, FreeDiplomatic: 1,
			Counters: storm.ActivityCounters{Two: 2}},
			"Income phase", []string{"Germany: activity counters this turn 2 x 2", "-1 x 3", "12.22G", "1 free diplomatic", "12.22F"}},
	} {
		if got := section(c.e); got != c.section {
			t.Errorf("%s: section %q, want %q", c.e.Type(), got, c.section)
		}
		var w writer
		publicEvent(&w, c.e)
		body := w.String()
		for _, want := range c.want {
			if !strings.Contains(strings.Join(strings.Fields(body), " "), want) {
				t.Errorf("%s: %q lacks %q", c.e.Type(), body, want)
			}
		}
	}
}

// TestIncomeTableOnce (issue 22): a turn's national incomes are one table
// with one header, also with other events between them.
func TestIncomeTableOnce(t *testing.T) {
	s := adjudicator.NewGame(1)
	turn := s.Turn
	evs := []event.Event{
		event.IncomeComputed{Turn: turn, Power: storm.Germany, TilePoints: 6},
		event.SupportChanged{Power: storm.Russia, Rule: "10.91D", What: "garrison", Delta: 1, TilePoints: 3},
		event.IncomeComputed{Turn: turn, Power: storm.Italy, TilePoints: 4},
	}
	text := Public("demo", evs, adjudicator.Derive(s)).Text
	if n := strings.Count(text, "Power    Fact"); n != 1 || !strings.Contains(text, "\nItaly ") {
		t.Errorf("%d income headers:\n%s", n, text)
	}
}

// TestNoChangeWordedAsChange (issue 22): a figure that stays is not
// written "-3 -> -3".
func TestNoChangeWordedAsChange(t *testing.T) {
	var w writer
	publicEvent(&w, event.EconomicClimateChanged{Trend: -1, Before: -3, After: -3, Rule: "11.33B"})
	publicEvent(&w, event.PurgeLevelRaised{Before: 2, After: 2, What: "military purge", Rule: "22.72A", Cohesion: "low"})
	if text := w.String(); strings.Contains(text, "-3 -> -3") || strings.Contains(text, "2 -> 2") || !strings.Contains(text, "stays -3") || !strings.Contains(text, "stays 2") {
		t.Errorf("unchanged figures:\n%s", text)
	}
}
