package judge

import (
	"strings"
	"testing"

	"stormjudge/adjudicator/storm"
	"stormjudge/store"
)

// editState changes the state of demo's open version in place (a test's
// stand-in for the turns that would lead there).
func editState(t *testing.T, db *store.DB, f func(*storm.State)) {
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
		f(&s)
		return tx.PutState("demo", g.Version, s, nil)
	}); err != nil {
		t.Fatal(err)
	}
}

// setTilePoints gives p n tile points in the open version (a test's stand-in
// for a few turns of saving).
func setTilePoints(t *testing.T, db *store.DB, p storm.Power, n int) {
	t.Helper()
	editState(t, db, func(s *storm.State) { s.Powers[p].TilePoints = n })
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
	setTilePoints(t, db, storm.Germany, 21)
	body := "GAME demo\nSECRET germany\n" +
		"MOBILIZE IDLE: ARMOR, INFANTRY, AIR\n" +
		"RESEARCH COUNTER 2\n" +
		"RESEARCH ITALIAN ARMOR\nRESEARCH AIR RANGE\nRESEARCH TORPEDOES\nRESEARCH AIR DEFENSE\nRESEARCH RADAR\n" +
		"LAY DOWN BATTLESHIP 3 WITH SHIPYARD 1, 2\n" +
		"END\n"
	res, err := j.Ingest(email("germany@sandbox.test", body))
	if err != nil {
		t.Fatal(err)
	}
	if res.Outcome != Accepted {
		t.Fatalf("outcome %s:\n%s", res.Outcome, receiptOf(t, res))
	}
	for _, want := range []string{"MOBILIZE IDLE", "RESEARCH", "LAY DOWN", "keeps", "activity counters"} {
		if !strings.Contains(receiptOf(t, res), want) {
			t.Errorf("receipt lacks %q:\n%s", want, receiptOf(t, res))
		}
	}
	for _, p := range storm.Powers[1:] {
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

// TestRule15_22ReceiptRefusesUnassignedCounterPoints: a counter used for
// research whose paid points are not all assigned to projects is refused,
// and the receipt says how many are unassigned, with the rule (15.22).
func TestRule15_22ReceiptRefusesUnassignedCounterPoints(t *testing.T) {
	j, db, _ := newJudge(t)
	if _, err := j.EnsureGame(demoDef(0)); err != nil {
		t.Fatal(err)
	}
	setTilePoints(t, db, storm.Italy, 9)
	body := "GAME demo\nSECRET italy\nRESEARCH COUNTER 2\nRESEARCH ITALIAN ARMOR\nEND\n"
	res, err := j.Ingest(email("italy@sandbox.test", body))
	if err != nil {
		t.Fatal(err)
	}
	if res.Outcome == Accepted {
		t.Fatalf("a counter with a paid point unassigned was accepted:\n%s", receiptOf(t, res))
	}
	for _, want := range []string{"REFUSED RESEARCH COUNTER 2", "rule 15.22", "1 paid research point not assigned"} {
		if !strings.Contains(receiptOf(t, res), want) {
			t.Errorf("receipt lacks %q:\n%s", want, receiptOf(t, res))
		}
	}
}

// TestRule12_41AReceiptLeftover: the receipt's "what would remain" comes
// from adjudicator.Preview with a counter split between a BUILD and a ship
// (12.41A/B), and warns when the rest of a counter is not spent.
func TestRule12_41AReceiptLeftover(t *testing.T) {
	j, db, _ := newJudge(t)
	if _, err := j.EnsureGame(demoDef(0)); err != nil {
		t.Fatal(err)
	}
	setTilePoints(t, db, storm.Germany, 10)
	editState(t, db, func(s *storm.State) { s.Powers[storm.Germany].Reserve = storm.Units{Armor: 1} })
	body := "GAME demo\nSECRET germany\nBUILD ARMOR WITH 3\nLAY DOWN BATTLESHIP 3 WITH SHIPYARD 1, 1, LEFTOVER 1\nEND\n"
	res, err := j.Ingest(email("germany@sandbox.test", body))
	if err != nil {
		t.Fatal(err)
	}
	if res.Outcome != Accepted {
		t.Fatalf("outcome %s:\n%s", res.Outcome, receiptOf(t, res))
	}
	if !strings.Contains(receiptOf(t, res), "keeps 5 tile points") || strings.Contains(receiptOf(t, res), "paid and lost") {
		t.Errorf("receipt:\n%s", receiptOf(t, res))
	}
	// The same split without the ship: the rest of the 3 would be lost.
	res, err = j.Ingest(email("germany@sandbox.test", "GAME demo\nSECRET germany\nBUILD ARMOR WITH 3\nEND\n"))
	if err != nil || res.Outcome != Accepted {
		t.Fatalf("outcome %v %v", res, err)
	}
	if !strings.Contains(receiptOf(t, res), "keeps 7 tile points") || !strings.Contains(receiptOf(t, res), "paid and lost (rule 12.41A)") {
		t.Errorf("receipt:\n%s", receiptOf(t, res))
	}
}
