package judge

import (
	"strings"
	"testing"
)

// TestHelpAnswersWithThePowersOrders: HELP with the power's secret is
// answered with what that power may order now, with costs and an order
// block; nothing is stored. Without the right secret it is refused like
// any email, and the moderator is told HELP is for players.
func TestHelpAnswersWithThePowersOrders(t *testing.T) {
	j, db, _ := newJudge(t)
	def := demoDef(0)
	def.ModeratorSecret = "gm-secret"
	if _, err := j.EnsureGame(def); err != nil {
		t.Fatal(err)
	}
	g0, before, _ := game(t, db, "demo")
	res, err := j.Ingest(email("germany@sandbox.test", "GAME demo\nSECRET germany\nHELP\n"))
	if err != nil {
		t.Fatal(err)
	}
	if res.Outcome != Answered || res.Receipt == nil {
		t.Fatalf("outcome %s", res.Outcome)
	}
	body := receiptOf(t, res)
	for _, want := range []string{"HELP for Germany in game demo, Spring 1935, Economic phase: nothing was changed.",
		"What you may order now (Economic phase, Spring 1935)", "LAY DOWN BATTLESHIP 3 WITH SHIPYARD 1, 2", "cost 3 tile points",
		"POWER germany", "SECRET <your secret>"} {
		if !strings.Contains(body, want) {
			t.Errorf("answer lacks %q:\n%s", want, body)
		}
	}
	g, after, recs := game(t, db, "demo")
	if len(recs) != 0 || g.Version != g0.Version || after.Turn != before.Turn {
		t.Errorf("HELP changed the game: version %d, orders %v", g.Version, recs)
	}
	// Russia's answer is Russia's: it builds no ships (19.11).
	res, err = j.Ingest(email("russia@sandbox.test", "GAME demo\nSECRET russia\nHELP\n"))
	if err != nil || res.Outcome != Answered || strings.Contains(receiptOf(t, res), "LAY DOWN") ||
		!strings.Contains(receiptOf(t, res), "POWER russia") {
		t.Errorf("Russia's HELP: %v %v\n%s", res.Outcome, err, receiptOf(t, res))
	}
	// The wrong secret: refused, no list.
	res, err = j.Ingest(email("germany@sandbox.test", "GAME demo\nSECRET nope\nHELP\n"))
	if err != nil || res.Outcome != Rejected || strings.Contains(receiptOf(t, res), "CONVERT IDLE") {
		t.Errorf("HELP with a wrong secret: %v %v\n%s", res.Outcome, err, receiptOf(t, res))
	}
	res, err = j.Ingest(email("gm@sandbox.test", "GAME demo\nMODERATOR\nSECRET gm-secret\nHELP\n"))
	// The moderator's HELP lists the moderator's commands.
	if err != nil || res.Outcome != Answered || !strings.Contains(receiptOf(t, res), "ROLLBACK <version>") || !strings.Contains(res.Receipt.Subject, "[demo: HELP]") {
		t.Errorf("the moderator's HELP: %v %v\n%s", res.Outcome, err, receiptOf(t, res))
	}
}
