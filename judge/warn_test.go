package judge

import (
	"fmt"
	"stormjudge/adjudicator/storm"
	"strings"
	"testing"
)

// A receipt refuses a standing order the orders of its own email leave no
// counter for, naming the whole fix, and warns, through an accepted
// receipt, of one that the orders of an earlier email leave none for:
// the warning says what must happen for it to stand (24.51, 24.52B;
// docs/orders.md, "The receipt").
func TestReceiptWarnsWhatMustHappen(t *testing.T) {
	j, _, _ := newJudge(t)
	def := demoDef(0)
	def.Diplomacy = true
	if _, err := j.EnsureGame(def); err != nil {
		t.Fatal(err)
	}
	send := func(body string, want Outcome) string {
		t.Helper()
		res, err := j.Ingest(email("france@sandbox.test", "GAME demo\nSECRET france\n"+body+"\n"))
		if err != nil || res.Outcome != want {
			t.Fatalf("%q: %v %v, want %s\n%s", body, res, err, want, receiptOf(t, res))
		}
		return receiptOf(t, res)
	}
	research := "RESEARCH COUNTER 2\nRESEARCH FRENCH ARMOR\nRESEARCH FRENCH MAGINOT LINE"
	// One email: its research takes one of France's two 2 counters; the
	// second 2 for the Allied round is not left.
	rc := send(research+"\nFOR ALLIES\nDIPLOMATIC POLAND 2\nDIPLOMATIC RUMANIA 2", Rejected)
	for _, want := range []string{"REFUSED DIPLOMATIC RUMANIA 2 (for Diplomacy: Allies) (line 8)",
		"rule 24.51: France has no 2 counter left for Diplomacy: Allies: the counters left then are 2 x 1, 1 x 0",
		"fix: write DIPLOMATIC RUMANIA 1 in its place"} {
		if !strings.Contains(rc, want) {
			t.Errorf("the refusal does not say %q:\n%s", want, rc)
		}
	}
	// The fix made: accepted, without a warning.
	rc = send(research+"\nFOR ALLIES\nDIPLOMATIC POLAND 2\nDIPLOMATIC RUMANIA 1", Accepted)
	if strings.Contains(rc, "warning:") {
		t.Errorf("a warning for orders that stand:\n%s", rc)
	}
	// The Allied lines alone, later: the email alone is acceptable, but
	// with the research of the earlier email the second 2 is not left.
	rc = send("FOR ALLIES\nDIPLOMATIC POLAND 2\nDIPLOMATIC RUMANIA 2", Accepted)
	want := "warning: line 5: DIPLOMATIC RUMANIA 2 (for Diplomacy: Allies): stands only if your orders change: write DIPLOMATIC RUMANIA 1 in its place (rule 24.51: France has no 2 counter left for Diplomacy: Allies"
	if !strings.Contains(rc, want) {
		t.Errorf("the receipt does not warn %q:\n%s", want, rc)
	}
	// The counters kept: those the research of the earlier email leaves,
	// less the 2 for Poland (24.52A); the second 2 is not there to take.
	if !strings.Contains(rc, "  2 x 1, 1 x 0, 1 x 1 (shipbuilding only)") {
		t.Errorf("the counters kept are not those the research of the earlier email and the Polish counter leave:\n%s", rc)
	}
	// The research again, alone: it replaces the economic orders, the
	// Allied lines of the earlier email stay and are warned as such.
	rc = send(research, Accepted)
	want = "warning: DIPLOMATIC RUMANIA 2 (for Diplomacy: Allies): stands only if your orders change: write DIPLOMATIC RUMANIA 1 in its place; the order was sent in an earlier email (rule 24.51:"
	if !strings.Contains(rc, want) {
		t.Errorf("the receipt does not warn %q:\n%s", want, rc)
	}
}

// TestSetWarnsKeptStandingOrders: a moderator's SET leaves Germany no tile
// point for the counter it sent for a later round (24.52B): its orders
// are kept, and the notice of the fix carries the warning.
func TestSetWarnsKeptStandingOrders(t *testing.T) {
	j, db := digestGameWith(t, 0)
	mustIngest(t, j, player(storm.Germany, "PASS\nFOR AXIS 1\nDIPLOMATIC AUSTRIA 1"), Accepted)
	mustIngest(t, j, moderatorMail("SET TILES germany 0\nREASON a tile was miscounted"), Accepted)
	g, _, recs := game(t, db, "demo")
	if _, ok := recs[storm.Germany]; !ok {
		t.Fatal("Germany's orders were withdrawn")
	}
	d := mailsWith(t, db, fmt.Sprintf("demo/v%d/digest/germany", g.Version))
	if len(d) != 1 {
		t.Fatalf("Germany's mails of the fix: %d", len(d))
	}
	if body := flat(d[0].Body); !strings.Contains(body, "After the fix, warning: DIPLOMATIC AUSTRIA 1 (for Diplomacy: Axis, first round): stands only if") {
		t.Errorf("no warning in Germany's mail of the fix:\n%s", d[0].Body)
	}
}
