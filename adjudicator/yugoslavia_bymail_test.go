package adjudicator_test

import (
	"slices"
	"strings"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/threshold"
)

// Yugoslavia's break-up and the borders of 28.42C (r-28-42c), played by
// email with the driver of bymail_test.go.

// greeceBorders are Greece's bordering countries as the view gives them
// (28.42C) and the countries its resistance terms name (28.41).
func greeceBorders(t *testing.T, s storm.State) (view []string, terms string) {
	t.Helper()
	for _, tv := range adjudicator.Derive(s).Public.Targets {
		if tv.Name == "Greece" {
			view = tv.Borders
		}
	}
	r, ok := threshold.ResistanceOf(s, "Greece", 0)
	if !ok {
		t.Fatal("28.21: Greece has no resistance")
	}
	var ws []string
	for _, term := range r.Terms {
		ws = append(ws, term.Rule+" "+term.What)
	}
	return view, strings.Join(ws, "; ")
}

// TestRule28_42CGreeceBordersSerbiaAfterTheSplit plays the Yugoslav civil
// war by email until Italy's attack ends it with an Axis win (25.61B) and
// Yugoslavia splits (25.73A): from then on Greece borders Serbia, which
// keeps Yugoslavia's entry and falls to Italy (resistance 1, 29.33B), and
// not Croatia, which holds the German flags (28.42C): the view's borders
// and Greece's resistance (28.41) read Serbia only.
func TestRule28_42CGreeceBordersSerbiaAfterTheSplit(t *testing.T) {
	s := yugoslavWarGame(t, 1)
	fall := storm.Turn{Year: 1936, Season: storm.Fall}
	s, _ = playMails(t, s, fall, storm.SegEconomic, yugoslavMails)
	if s.Minor(storm.Croatia) == nil || germanFlags(s, storm.Croatia) == 0 {
		t.Fatalf("25.73A: no split: %+v", s.Diplomacy.CivilWars)
	}
	view, terms := greeceBorders(t, s)
	if !slices.Contains(view, "Yugoslavia") || slices.Contains(view, storm.Croatia) {
		t.Errorf("28.42C: Greece's borders after the split %v, want Serbia (Yugoslavia's entry) and not Croatia", view)
	}
	if strings.Contains(terms, storm.Croatia) {
		t.Errorf("28.42C: Greece's resistance counts Croatia: %s", terms)
	}
	if y := s.Minor("Yugoslavia"); y.Controller != storm.Italy {
		t.Fatalf("29.33B: Italy has not conquered Serbia (resistance 1): %+v", y)
	}
	// Serbia, Italian (its pact, 11.61E), counts against Greece under its
	// new name (28.41A, 28.42C).
	if !strings.Contains(terms, "28.41A Axis trade pact in Serbia") || strings.Contains(terms, "in Yugoslavia") {
		t.Errorf("28.41, 28.42C: Greece's resistance after the split: %s", terms)
	}
	for _, tv := range adjudicator.Derive(s).Public.Targets {
		if slices.Contains(tv.Borders, storm.Croatia) {
			t.Errorf("28.42: %s borders Croatia: %v", tv.Name, tv.Borders)
		}
	}
}

// conquestMails are Italy's aggressions without a civil war: Ethiopia in
// Spring 1935, Albania in Spring 1936, Yugoslavia in Summer 1936, the
// Allies acquiescing each time.
func conquestMails(s storm.State) map[storm.Power]string {
	switch s.Segment {
	case storm.SegCrisisAggression:
		target := map[storm.Turn]string{storm.FirstTurn: "ETHIOPIA", {Year: 1936, Season: storm.Spring}: "ALBANIA", {Year: 1936, Season: storm.Summer}: "YUGOSLAVIA"}[s.Turn]
		if target == "" {
			return nil
		}
		return map[storm.Power]string{storm.Italy: "AGGRESSION " + target}
	case storm.SegCrisisResponse:
		return map[storm.Power]string{storm.Britain: "ACQUIESCE", storm.France: "ACQUIESCE"}
	}
	return nil
}

// TestRule28_42CConquestWithoutCivilWar plays by email Italy's successful
// aggression against Yugoslavia without a civil war there: 25.73 says how
// Yugoslavia breaks up only after a civil war, so it stays whole under
// Italian control (r-28-42c): no Croatia, Greece borders Yugoslavia, the
// Serbia of 28.42C, whose Italian control counts against Greece (28.41).
func TestRule28_42CConquestWithoutCivilWar(t *testing.T) {
	s := mailGame(t, 1)
	end := storm.Turn{Year: 1938, Season: storm.Spring}
	for s.Turn.Before(end) && s.Minor("Yugoslavia").Controller == 0 {
		s, _ = playMails(t, s, s.Turn.Next(), storm.SegEconomic, conquestMails)
	}
	y := s.Minor("Yugoslavia")
	if y.Controller != storm.Italy {
		t.Fatalf("29.33: Italy has not conquered Yugoslavia by %s: %+v; aggressions %+v", s.Turn, y, s.SupportFacts.Aggressions)
	}
	if storm.Fighting(s, "Yugoslavia") || len(s.Diplomacy.CivilWars) != 0 {
		t.Fatalf("a civil war in the game: %+v", s.Diplomacy.CivilWars)
	}
	if s.Minor(storm.Croatia) != nil {
		t.Errorf("r-28-42c: Yugoslavia split without a civil war: %+v", s.Minor(storm.Croatia))
	}
	view, terms := greeceBorders(t, s)
	if !slices.Contains(view, "Yugoslavia") || slices.Contains(view, storm.Croatia) {
		t.Errorf("28.42C: Greece's borders after the conquest %v", view)
	}
	if !strings.Contains(terms, "Axis trade pact in Yugoslavia") { // 11.61E: the conqueror's pact
		t.Errorf("28.41: Italian Yugoslavia does not count for Greece: %s", terms)
	}
}
