package adjudicator_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/randomevent"
	"stormjudge/adjudicator/storm"
	"stormjudge/report"
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

// purgeWarGame is purgeMailGame(t, n) played by mail to a war in its first
// turn (rhinelandWar), at the end-of-game segment where the final
// research is ordered (33.21).
func purgeWarGame(t *testing.T, n int) storm.State {
	t.Helper()
	s := rhinelandWar(t, purgeMailGame(t, n))
	if s.Russia.ExcessPurgeEvents != n {
		t.Fatalf("the excess purge events changed: %d", s.Russia.ExcessPurgeEvents)
	}
	return s
}

// option is p's offered line order in s and its note ("" when not offered).
func option(s storm.State, p storm.Power, order string) (string, bool) {
	for _, o := range adjudicator.Derive(s).Powers[p].Options {
		if o.Order == order {
			return o.Note, true
		}
	}
	return "", false
}

// publicJSON is the public view of s as the export writes it.
func publicJSON(t *testing.T, s storm.State) string {
	t.Helper()
	b, err := json.Marshal(adjudicator.Derive(s).Public)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestRule22_73EInfantryForAWorldAtWar: Russia, with four excess purge
// events, is offered RESEARCH INFANTRY PURGE and sends it by mail with a
// purge step: three events make one 3-3 infantry unit of A World at War,
// the fourth a step. The unit is counted in the public view and its JSON
// and reported as having no effect in this game.
func TestRule22_73EInfantryForAWorldAtWar(t *testing.T) {
	s := purgeMailGame(t, 4)
	if note, ok := option(s, storm.Russia, "RESEARCH INFANTRY PURGE"); !ok || !strings.Contains(note, "22.73E") || !strings.Contains(note, "no effect in Gathering Storm") {
		t.Errorf("RESEARCH INFANTRY PURGE offered %v: %q", ok, note)
	}
	if _, ok := option(s, storm.Germany, "RESEARCH INFANTRY PURGE"); ok {
		t.Error("Germany offered Russia's infantry")
	}
	next, evs := mailRound(t, s, map[storm.Power]string{storm.Russia: "RESEARCH INFANTRY PURGE\nRESEARCH JETS PURGE"})
	added := randomevent.AllEvents[event.AWAWInfantryAdded](evs)
	if len(added) != 1 || added[0] != (event.AWAWInfantryAdded{Units: 1, PurgeEvents: 3, Total: 1, Rule: "22.73E"}) {
		t.Errorf("22.73E: %+v", added)
	}
	if next.Russia.AWAWInfantry != 1 || next.Russia.ExcessPurgeEvents != 0 || len(next.Sheets.PurgeSteps) != 1 {
		t.Errorf("after: infantry %d, events %d, purge steps %v", next.Russia.AWAWInfantry, next.Russia.ExcessPurgeEvents, next.Sheets.PurgeSteps)
	}
	v := adjudicator.Derive(next)
	if v.Public.Russia.AWAWInfantry != 1 || v.Public.Russia.ExcessPurgeEvents != 0 {
		t.Errorf("the view: %+v", v.Public.Russia)
	}
	if j := publicJSON(t, next); !strings.Contains(j, `"awaw_infantry":1`) {
		t.Errorf("the view's JSON: %s", j)
	}
	text := flatText(report.Public("demo", evs, v).Text)
	for _, want := range []string{
		"Russia adds 3-3 infantry to its A World at War force pool: 1 unit for 3 excess purge events, 1 in the game; for A World at War, no effect in Gathering Storm (rule 22.73E).",
		"3-3 infantry for A World at War: 1 unit, no effect in Gathering Storm (rules 22.73E, 33.21C)",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the report has no %q:\n%s", want, text)
		}
	}
}

// TestRule22_73EInfantryRefused: a unit with fewer than three excess purge
// events left (steps ordered included), from another power than Russia,
// or beyond the three of the game (earlier turns' included) is refused
// when the mail arrives, citing 22.73E.
func TestRule22_73EInfantryRefused(t *testing.T) {
	s := purgeMailGame(t, 4)
	for _, c := range []struct {
		name, body string
		p          storm.Power
		s          storm.State
		want       string
	}{
		{"two events", "RESEARCH INFANTRY PURGE", storm.Russia, purgeMailGame(t, 2), "rule 22.73E: each 3-3 infantry unit takes 3 excess purge events (each beyond 30); Russia has 2 to spend"},
		{"no events", "RESEARCH INFANTRY PURGE", storm.Russia, mailGame(t, 1), "rule 22.73E"},
		{"steps take the events", "RESEARCH INFANTRY PURGE\nRESEARCH JETS PURGE\nRESEARCH ROCKETS PURGE", storm.Russia, s, "rule 22.73E: Russia has 4 unspent excess purge event(s) (each purge event beyond 30 gives one free step), 3 of them for the 3-3 infantry ordered"},
		{"not Russia", "RESEARCH INFANTRY PURGE", storm.Germany, s, "rule 22.73E: only Russia adds 3-3 infantry"},
		{"a fourth unit", strings.Repeat("RESEARCH INFANTRY PURGE\n", 4), storm.Russia, purgeMailGame(t, 12), "rule 22.73E: at most 3 3-3 infantry units for A World at War in the game"},
	} {
		if _, err := mail(t, c.s, c.p, c.body); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
	// Three units in one turn, then none more the next, the events left
	// (three, and any the next turn's purges add) still good for steps.
	s, _ = mailRound(t, purgeMailGame(t, 12), map[storm.Power]string{storm.Russia: strings.Repeat("RESEARCH INFANTRY PURGE\n", 3)})
	s, _ = playTo(t, s, s.Turn.Next(), storm.SegEconomic)
	if s.Russia.AWAWInfantry != 3 || s.Russia.ExcessPurgeEvents < 3 {
		t.Fatalf("infantry %d, events %d", s.Russia.AWAWInfantry, s.Russia.ExcessPurgeEvents)
	}
	if _, ok := option(s, storm.Russia, "RESEARCH INFANTRY PURGE"); ok {
		t.Error("a fourth unit offered")
	}
	if _, err := mail(t, s, storm.Russia, "RESEARCH INFANTRY PURGE"); err == nil || !strings.Contains(err.Error(), "Russia has added 3") {
		t.Errorf("a fourth unit the next turn: %v", err)
	}
	if _, err := mail(t, s, storm.Russia, "RESEARCH JETS PURGE"); err != nil {
		t.Errorf("a step after the three units: %v", err)
	}
}

// TestRule33_21CDeferredPurgeSteps: war ends the game with five excess
// purge events unspent; in the final research Russia is offered them as
// deferred steps and assigns them by mail like general points: at most
// three final points a project with them (33.22A), three purge steps a
// project (22.73E), one a purge event. The two Russia leaves are assigned
// by the judge (33.21C: they are assigned), in the research sheet's order,
// the first project that takes them. The steps are in the report and the
// view.
func TestRule33_21CDeferredPurgeSteps(t *testing.T) {
	s := purgeWarGame(t, 5)
	if note, ok := option(s, storm.Russia, "RESEARCH JETS PURGE"); !ok || !strings.Contains(note, "33.21C") {
		t.Errorf("RESEARCH JETS PURGE offered %v in the final research: %q", ok, note)
	}
	for _, c := range []struct{ name, body, want string }{
		{"33.22A", "RESEARCH JETS PURGE\nRESEARCH JETS PURGE\nRESEARCH JETS\nRESEARCH JETS ADVANCED", "rule 33.22A: at most 3 final points a project"},
		{"the three purge steps of a project", strings.Repeat("RESEARCH ARMOR PURGE\n", 4), "rule 15.22E"},
		{"more steps than events", "RESEARCH JETS PURGE 3\nRESEARCH ROCKETS PURGE 3", "rule 22.73E: Russia has 5 unspent excess purge event(s), one deferred step each, and with this line the orders assign 6"},
	} {
		if _, err := mail(t, s, storm.Russia, c.body); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
	if _, err := mail(t, s, storm.Germany, "RESEARCH JETS PURGE"); err == nil || !strings.Contains(err.Error(), "22.73E") {
		t.Errorf("a German deferred step: %v", err)
	}
	jets := s.Sheets.Steps(mustProject(t, "jets"))
	next, evs := mailRound(t, s, map[storm.Power]string{storm.Russia: "RESEARCH JETS PURGE\nRESEARCH JETS PURGE\nRESEARCH JETS\nRESEARCH ROCKETS PURGE"})
	if !next.Ended {
		t.Fatal("33.11: the game goes on")
	}
	var deferred, byJudge []event.FinalResearchAssigned
	for _, a := range randomevent.AllEvents[event.FinalResearchAssigned](evs) {
		switch {
		case a.ByJudge:
			byJudge = append(byJudge, a)
		case a.Deferred:
			deferred = append(deferred, a)
		}
	}
	if len(deferred) != 3 || deferred[0].Project != "jets" || deferred[0].Rule != "33.21C" {
		t.Errorf("33.21C: %+v", deferred)
	}
	first := storm.ResearchProjects(storm.Soviet)[0]
	if len(byJudge) != 1 || byJudge[0].Points != 2 || !byJudge[0].Deferred || byJudge[0].Project != first.ID() {
		t.Errorf("33.21C: the judge's assignment of the two steps left %+v, want both to %s", byJudge, first.ID())
	}
	if got := next.Sheets.Steps(mustProject(t, "jets")); got != jets+3 {
		t.Errorf("jets %d -> %d steps, want +3 (two deferred, one general)", jets, got)
	}
	if next.Russia.ExcessPurgeEvents != 0 || len(next.Sheets.PurgeSteps) != 5 {
		t.Errorf("after: %d events unspent, purge steps %v", next.Russia.ExcessPurgeEvents, next.Sheets.PurgeSteps)
	}
	v := adjudicator.Derive(next)
	if v.Public.Russia.ExcessPurgeEvents != 0 {
		t.Errorf("the view: %+v", v.Public.Russia)
	}
	text := flatText(report.Public("demo", evs, v).Text)
	want := fmt.Sprintf("Russia assigns 1 deferred research step from excess purge events to Jets, now %d steps (rules 22.73E, 33.21C).", jets+2)
	if !strings.Contains(text, want) || !strings.Contains(text, "Russia assigns 1 deferred research step from excess purge events to Rockets") {
		t.Errorf("the report has no %q:\n%s", want, text)
	}
	if want := "The judge assigns 2 deferred research steps Russia left unordered from excess purge events to " + strings.ToUpper(first.ID()[:1]) + first.ID()[1:]; !strings.Contains(text, want) {
		t.Errorf("the report has no %q:\n%s", want, text)
	}
}

// mustProject is Russia's project id.
func mustProject(t *testing.T, id string) storm.ResearchProject {
	t.Helper()
	r, ok := storm.FindProject(storm.Soviet, id)
	if !ok {
		t.Fatalf("no Russian project %q", id)
	}
	return r
}

// TestRule33_21CGeneralPointsForInfantry: at full cohesion Russia's two
// general final points may pay for A World at War infantry with its
// excess purge events (33.21C): one event and the two points make a unit,
// and no general point is left for a project. Without full cohesion's
// events the two points alone make none. The unit is in the report and
// the view's JSON.
func TestRule33_21CGeneralPointsForInfantry(t *testing.T) {
	s := purgeWarGame(t, 1)
	if note, ok := option(s, storm.Russia, "RESEARCH INFANTRY PURGE"); !ok || !strings.Contains(note, "33.21C") || !strings.Contains(note, "general final points") {
		t.Errorf("RESEARCH INFANTRY PURGE offered %v: %q", ok, note)
	}
	if _, err := mail(t, s, storm.Russia, "RESEARCH INFANTRY PURGE\nRESEARCH JETS"); err == nil || !strings.Contains(err.Error(), "rule 33.21C: Russia has 2 general final points in all, 2 of them for the 3-3 infantry ordered") {
		t.Errorf("a general point after the infantry: %v", err)
	}
	if _, err := mail(t, s, storm.Russia, "RESEARCH INFANTRY PURGE\nRESEARCH INFANTRY PURGE"); err == nil || !strings.Contains(err.Error(), "rule 22.73E: each 3-3 infantry unit takes 3 excess purge events (each beyond 30) or general final points (33.21C); Russia has 3 to spend") {
		t.Errorf("two units for three: %v", err)
	}
	next, evs := mailRound(t, s, map[storm.Power]string{storm.Russia: "RESEARCH INFANTRY PURGE\nRESEARCH JETS ADVANCED"})
	added := randomevent.AllEvents[event.AWAWInfantryAdded](evs)
	if len(added) != 1 || added[0] != (event.AWAWInfantryAdded{Units: 1, PurgeEvents: 1, GeneralPoints: 2, Total: 1, Rule: "33.21C"}) {
		t.Errorf("33.21C: %+v", added)
	}
	if next.Russia.AWAWInfantry != 1 || next.Russia.ExcessPurgeEvents != 0 {
		t.Errorf("after: %+v", next.Russia)
	}
	if j := publicJSON(t, next); !strings.Contains(j, `"awaw_infantry":1`) {
		t.Errorf("the view's JSON: %s", j)
	}
	text := flatText(report.Public("demo", evs, adjudicator.Derive(next)).Text)
	if want := "Russia adds 3-3 infantry to its A World at War force pool: 1 unit for 1 excess purge event and 2 general final points, 1 in the game; for A World at War, no effect in Gathering Storm (rules 22.73E, 33.21C)."; !strings.Contains(text, want) {
		t.Errorf("the report has no %q:\n%s", want, text)
	}
	// Full cohesion without an excess event: two points make no unit.
	if _, err := mail(t, purgeWarGame(t, 0), storm.Russia, "RESEARCH INFANTRY PURGE"); err == nil || !strings.Contains(err.Error(), "Russia has 2 to spend") {
		t.Errorf("two general points alone: %v", err)
	}
}
