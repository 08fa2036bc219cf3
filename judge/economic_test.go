package judge

import (
	"strings"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/store"
)

// setTilePoints gives p n tile points in the open version (a test's stand-in
// for a few turns of saving).
func setTilePoints(t *testing.T, db *store.DB, p adjudicator.Power, n int) {
	t.Helper()
	if err := db.Update(func(tx *store.Tx) error {
		g, err := tx.Game("demo")
		if err != nil {
			return err
		}
		s, err := tx.State("demo", g.Version)
		if err != nil {
			return err
		}
		s.Powers[p].TilePoints = n
		return tx.PutState("demo", g.Version, s, nil)
	}); err != nil {
		t.Fatal(err)
	}
}

// TestEconomicPhaseByEmail plays a whole economic phase by email (issue 3):
// Germany mobilizes with its units, researches and lays down a ship
// in one email; the receipt echoes every order and what would remain; the
// others pass; the public report reveals what 13.12 reveals and Germany's
// notice shows its research, units and naval chart.
func TestEconomicPhaseByEmail(t *testing.T) {
	j, db, _ := newJudge(t)
	if _, err := j.EnsureGame(demoDef(0)); err != nil {
		t.Fatal(err)
	}
	setTilePoints(t, db, adjudicator.Germany, 21)
	body := "GAME demo\nSECRET germany\n" +
		"MOBILIZE IDLE: ARMOR, INFANTRY, AIR\n" +
		"RESEARCH COUNTER 2\n" +
		"LAY DOWN BATTLESHIP 3 WITH SHIPYARD 1, 2\n" +
		"END\n"
	res, err := j.Ingest(email("germany@sandbox.test", body))
	if err != nil {
		t.Fatal(err)
	}
	if res.Outcome != Accepted {
		t.Fatalf("outcome %s:\n%s", res.Outcome, res.Receipt.Body)
	}
	for _, want := range []string{"MOBILIZE IDLE", "RESEARCH", "LAY DOWN", "keeps", "activity counters"} {
		if !strings.Contains(res.Receipt.Body, want) {
			t.Errorf("receipt lacks %q:\n%s", want, res.Receipt.Body)
		}
	}
	for _, p := range adjudicator.Powers[1:] {
		if r, err := j.Ingest(email(p.String()+"@sandbox.test", "GAME demo\nSECRET "+p.String()+"\nPASS\n")); err != nil || r.Outcome != Accepted {
			t.Fatalf("%s: %v %v", p, r, err)
		}
	}
	var public, private *store.Mail
	for _, m := range outbox(t, db) {
		switch m.ID {
		case "demo/v2/public/italy@sandbox.test":
			public = m
		case "demo/v2/private/germany":
			private = m
		}
	}
	if public == nil || private == nil {
		t.Fatal("no report or notice for version 2")
	}
	t.Logf("public report:\n%s", public.Body)
	t.Logf("Germany's notice:\n%s", private.Body)
	if !strings.Contains(public.Body, "Germany") || !strings.Contains(strings.ToLower(public.Body), "mobiliz") {
		t.Errorf("the public report does not reveal Germany's mobilization (13.12A)")
	}
	low := strings.ToLower(private.Body)
	for _, want := range []string{"research", "reserve", "naval"} {
		if !strings.Contains(low, want) {
			t.Errorf("Germany's notice lacks %q", want)
		}
	}
	// Secrecy (15.15): Italy's copy of the public report never shows
	// Germany's research point placements.
	if strings.Contains(public.Body, "COUNTER 2") {
		t.Errorf("public report shows research orders:\n%s", public.Body)
	}
}
