package adjudicator_test

import (
	"strings"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/randomevent"
	"stormjudge/adjudicator/storm"
)

// purgeMailGame is a game by email at its first economic phase with Russia
// at full cohesion and n purge events beyond 30 (22.71, 22.73E), raised as
// the purge code raises them.
func purgeMailGame(t *testing.T, n int) storm.State {
	t.Helper()
	s := mailGame(t, 1)
	var evs []event.Event
	randomevent.AddPurgeEvents(&s, 30+n-s.Russia.PurgeEvents, "22.31", "a test's purges", &evs)
	if s.Russia.ExcessPurgeEvents != n || s.Russia.Cohesion != storm.FullCohesion {
		t.Fatalf("excess purge events %d, cohesion %s", s.Russia.ExcessPurgeEvents, s.Russia.Cohesion)
	}
	return s
}

// TestRule22_73EExcessPurgeStepByEmail: Russia, with excess purge events,
// is offered a free research step for each (the option names 22.73E) and
// spends them by mail with RESEARCH <project> PURGE: each is one step,
// free, outside its points of the turn, and the unspent count, shown in
// the view, falls.
func TestRule22_73EExcessPurgeStepByEmail(t *testing.T) {
	s := purgeMailGame(t, 2)
	v := adjudicator.Derive(s)
	if got := v.Public.Russia.ExcessPurgeEvents; got != 2 {
		t.Errorf("the view shows %d excess purge events, want 2", got)
	}
	offered := false
	for _, o := range v.Powers[storm.Russia].Options {
		if strings.HasSuffix(o.Order, " PURGE") && strings.Contains(o.Note, "22.73E") {
			offered = true
		}
	}
	if !offered {
		t.Errorf("no RESEARCH <project> PURGE option naming 22.73E: %+v", v.Powers[storm.Russia].Options)
	}
	for _, o := range v.Powers[storm.Britain].Options {
		if strings.HasSuffix(o.Order, " PURGE") {
			t.Errorf("Britain offered %s", o.Order)
		}
	}
	before := s.Powers[storm.Russia].TilePoints
	next, evs := mailRound(t, s, map[storm.Power]string{storm.Russia: "RESEARCH JETS PURGE\nRESEARCH ROCKETS PURGE"})
	jets, rockets := 0, 0
	for _, e := range evs {
		if a, ok := e.(event.ResearchAssigned); ok && a.Kind == storm.PointPurge {
			switch a.Project {
			case "jets":
				jets++
			case "rockets":
				rockets++
			}
		}
	}
	if jets != 1 || rockets != 1 {
		t.Errorf("purge steps played: jets %d, rockets %d, want 1 each", jets, rockets)
	}
	if next.Russia.ExcessPurgeEvents != 0 || len(next.Sheets.PurgeSteps) != 2 {
		t.Errorf("after: %d excess events unspent, purge steps %v", next.Russia.ExcessPurgeEvents, next.Sheets.PurgeSteps)
	}
	if next.Powers[storm.Russia].TilePoints < before {
		t.Errorf("15.22E: the steps are free, tile points %d -> %d", before, next.Powers[storm.Russia].TilePoints)
	}
	if got := adjudicator.Derive(next).Public.Russia.ExcessPurgeEvents; got != 0 {
		t.Errorf("the view after shows %d", got)
	}
}

// TestRule22_73EExcessPurgeStepRefused: a step beyond the unspent excess
// events, a fourth step to one project (15.22E), and a step of another
// power are refused when the mail arrives.
func TestRule22_73EExcessPurgeStepRefused(t *testing.T) {
	s := purgeMailGame(t, 4)
	for _, c := range []struct {
		name string
		p    storm.Power
		body string
		s    storm.State
		rule string
	}{
		{"a fourth step to one project", storm.Russia, strings.Repeat("RESEARCH JETS PURGE\n", 4), s, "15.22E"},
		{"more steps than events", storm.Russia, "RESEARCH JETS PURGE\nRESEARCH ROCKETS PURGE\nRESEARCH ARMOR PURGE\nRESEARCH RADAR PURGE\nRESEARCH AIR DEFENSE PURGE", s, "22.73E"},
		{"no excess events", storm.Russia, "RESEARCH JETS PURGE", mailGame(t, 1), "22.73E"},
		{"not Russia", storm.Germany, "RESEARCH JETS PURGE", s, "22.73E"},
	} {
		_, err := mail(t, c.s, c.p, c.body)
		if err == nil || !strings.Contains(err.Error(), c.rule) {
			t.Errorf("%s: %v, want a refusal under %s", c.name, err, c.rule)
		}
	}
	// Steps of earlier turns count towards the three (15.22E): two jets
	// steps by mail this turn, then at the next economic phase a third
	// is taken and a fourth refused.
	s, _ = mailRound(t, s, map[storm.Power]string{storm.Russia: "RESEARCH JETS PURGE\nRESEARCH JETS PURGE"})
	s, _ = playTo(t, s, s.Turn.Next(), storm.SegEconomic)
	if _, err := mail(t, s, storm.Russia, "RESEARCH JETS PURGE\nRESEARCH JETS PURGE"); err == nil || !strings.Contains(err.Error(), "15.22E") {
		t.Errorf("a third and fourth jets step after two earlier: %v", err)
	}
	if _, err := mail(t, s, storm.Russia, "RESEARCH JETS PURGE\nRESEARCH ROCKETS PURGE"); err != nil {
		t.Errorf("a third jets step after two earlier: %v", err)
	}
}
