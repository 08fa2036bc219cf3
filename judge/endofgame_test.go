package judge

import (
	"strings"
	"testing"

	"stormjudge/adjudicator/storm"
)

// endOfGameJudge is a judge whose game demo (diplomacy and crisis on) is
// at the end of the game after a war over Austria (rules 27.83, 33): a
// test's stand-in for the turns that lead there (crisis_e2e_test.go in
// cmd/stormjudge plays them by email).
func endOfGameJudge(t *testing.T) (*Judge, func(func(*storm.State))) {
	t.Helper()
	j, db, _ := newJudge(t)
	d := demoDef(0)
	d.Crisis, d.Diplomacy, d.ModeratorSecret = true, true, "gmsecret"
	if _, err := j.EnsureGame(d); err != nil {
		t.Fatal(err)
	}
	edit := func(f func(*storm.State)) {
		t.Helper()
		editState(t, db, f)
	}
	edit(func(s *storm.State) {
		s.Segment = storm.SegEndOfGame
		s.War = &storm.War{Turn: s.Turn, Kind: "crisis", Aggressor: storm.Germany, Target: "austria",
			Declarers: []storm.Power{storm.Britain, storm.France}, Against: []storm.Power{storm.Germany}}
	})
	return j, edit
}

// TestEndOfGameReceiptListsNoCounters (rules 33, 34): orders for the end of
// the game, the turn's last segment, are accepted without the activity
// counters "for the rest of the turn": no segment follows that uses them.
func TestEndOfGameReceiptListsNoCounters(t *testing.T) {
	j, _ := endOfGameJudge(t)
	for _, o := range []string{"PASS", "RESEARCH RADAR"} {
		r := receiptOf(t, mustIngest(t, j, email("britain@sandbox.test", "GAME demo\nSECRET britain\n"+o+"\nEND\n"), Accepted))
		if !strings.Contains(r, "End of game") || !strings.Contains(r, "If adjudicated as sent, Britain keeps 8 tile points.\n") ||
			strings.Contains(r, "activity counters") || strings.Contains(r, "rest of the turn") {
			t.Errorf("%s at the end of the game: the receipt:\n%s", o, r)
		}
	}
}

// TestEndedGameRefusalGivesNoOrderAdvice (rule 34): orders sent after the
// game ended are refused without the advice to send them again, which
// could only be refused again; the commands still answer, as the refusal
// says.
func TestEndedGameRefusalGivesNoOrderAdvice(t *testing.T) {
	j, edit := endOfGameJudge(t)
	edit(func(s *storm.State) { s.Ended = true })
	for _, c := range []struct{ from, body string }{
		{"britain@sandbox.test", "GAME demo\nSECRET britain\nRESEARCH RADAR\nEND\n"},
		{"gm@sandbox.test", "GAME demo\nMODERATOR\nSECRET gmsecret\nPOWER britain\nPASS\nEND\n"},
	} {
		r := receiptOf(t, mustIngest(t, j, email(c.from, c.body), Rejected))
		if !strings.Contains(r, "no orders are taken any more") ||
			!strings.Contains(r, "Nothing more can be ordered in this game; its commands (STATUS, HISTORY ...) still answer.") ||
			strings.Contains(r, "Send the corrected") || strings.Contains(r, "what you may order now") {
			t.Errorf("%s: orders after the end: the receipt:\n%s", c.from, r)
		}
	}
	r := receiptOf(t, mustIngest(t, j, email("britain@sandbox.test", "GAME demo\nSECRET britain\nSTATUS\nEND\n"), Answered))
	if !strings.Contains(r, "STATUS for Britain in game demo") {
		t.Errorf("STATUS after the end:\n%s", r)
	}
}

// TestHistoryAfterTheEndOpensNoSegment (rules 33, 34): once the game ended,
// HISTORY's last version says so; no segment is open and none is asked
// again.
func TestHistoryAfterTheEndOpensNoSegment(t *testing.T) {
	j, _ := endOfGameJudge(t)
	for _, p := range []storm.Power{storm.Germany, storm.Britain, storm.Russia} {
		mustIngest(t, j, player(p, "PASS"), Accepted)
	}
	h := receiptOf(t, mustIngest(t, j, player(storm.Britain, "HISTORY"), Answered))
	if !strings.Contains(h, "\n  v2  Spring 1935, End of game  (the game ended: no segment is open)\n") ||
		strings.Contains(h, "<- open") || strings.Contains(h, "asked again") {
		t.Errorf("HISTORY after the end:\n%s", h)
	}
}
