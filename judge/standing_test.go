package judge

import (
	"strings"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
)

// Standing orders by email (issue 11): sent alone by a power asked now
// they are kept with its earlier orders and are not its orders for the
// open segment (the judge still waits for them); with PASS they are; from
// a power not asked now they are welcome; and the round they are for does
// not wait for that power.
func TestRule24_55StandingOrdersByEmail(t *testing.T) {
	j, db, _ := newJudge(t)
	def := demoDef(0)
	def.Diplomacy = true
	if _, err := j.EnsureGame(def); err != nil {
		t.Fatal(err)
	}
	send := func(from, body string) string {
		t.Helper()
		res, err := j.Ingest(email(from+"@sandbox.test", "GAME demo\nSECRET "+from+"\n"+body+"\n"))
		if err != nil || res.Outcome != Accepted {
			t.Fatalf("%s %q: %v %v\n%s", from, body, res, err, receiptOf(t, res))
		}
		return receiptOf(t, res)
	}
	// Britain, asked in the economic phase, sends only its Allied counter.
	rc := send("britain", "FOR ALLIES\nDIPLOMATIC NORWAY 1")
	if !strings.Contains(rc, "still waits for your orders") {
		t.Errorf("the receipt does not say the economic orders are still due:\n%s", rc)
	}
	for _, p := range []string{"germany", "italy", "france", "russia"} {
		send(p, "PASS")
	}
	g, s, _ := game(t, db, "demo")
	if s.Segment != storm.SegEconomic || g.Version != 1 {
		t.Fatalf("adjudicated without Britain's economic orders: %s, version %d", s.Segment, g.Version)
	}
	send("britain", "PASS")
	if _, err := j.Adjudicate("demo"); err != nil {
		t.Fatal(err)
	}
	_, s, _ = game(t, db, "demo")
	if s.Segment != storm.SegDiplomacyAxis1 || len(s.Diplomacy.Standing) != 1 {
		t.Fatalf("after the economic phase: %s, standing %+v", s.Segment, s.Diplomacy.Standing)
	}
	// France, not asked in the Axis round, sends its Allied counter now.
	send("france", "FOR ALLIES\nDIPLOMATIC SWEDEN 1")
	send("germany", "PASS")
	send("italy", "PASS")
	if _, err := j.Adjudicate("demo"); err != nil {
		t.Fatal(err)
	}
	_, s, _ = game(t, db, "demo")
	if s.Segment == storm.SegDiplomacyRussia {
		send("russia", "PASS")
		if _, err := j.Adjudicate("demo"); err != nil {
			t.Fatal(err)
		}
		_, s, _ = game(t, db, "demo")
	}
	// The Allied round waited for nobody: both placed by standing orders.
	if s.Segment == storm.SegDiplomacyAllies {
		t.Fatalf("the Allied round waits for %v", adjudicator.Required(s))
	}
	placed := map[string]bool{}
	for _, pl := range s.Diplomacy.Placements {
		placed[pl.Power.String()+" "+pl.Country] = true
	}
	if s.Segment != storm.SegEconomic && (!placed["britain Norway"] || !placed["france Sweden"]) {
		t.Errorf("standing orders not placed: %+v (segment %s)", s.Diplomacy.Placements, s.Segment)
	}
}
