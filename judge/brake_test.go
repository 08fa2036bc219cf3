package judge

import (
	"strings"
	"testing"
	"time"

	"stormjudge/store"
)

// brakeJudge is newJudge with the receipt brake at n receipts in 10
// minutes.
func brakeJudge(t *testing.T, n int) (*Judge, *store.DB, *clock) {
	t.Helper()
	j, db, c := newJudgeWith(t, Options{Brake: Brake{Receipts: n, Window: 10 * time.Minute}})
	if _, err := j.EnsureGame(demoDef(0)); err != nil {
		t.Fatal(err)
	}
	return j, db, c
}

// TestReceiptBrake (issue 24, defect 4): after Brake.Receipts refusals
// to one address within the window, its emails are still handled but
// the receipts of those refused are held, while accepted orders are
// still answered at once; one summary answers the held ones once the
// address has been quiet for the window, quoting no email that failed
// its secret; then refusals are answered again. Other addresses are not
// braked.
func TestReceiptBrake(t *testing.T) {
	j, db, clk := brakeJudge(t, 3)
	const germany = "germany@sandbox.test"
	before := len(mailsTo(t, db, germany, nil))
	send := func(from, subject, body string) *Result {
		t.Helper()
		raw := strings.Replace(string(email(from, body)), "Subject: orders", "Subject: "+subject, 1)
		res, err := j.Ingest([]byte(raw))
		if err != nil {
			t.Fatal(err)
		}
		clk.t = clk.t.Add(time.Minute)
		return res
	}
	for i := range 3 {
		if res := send(germany, "oops", "GAME demo\nSECRET germany\nBUILD 99 battleships\nEND\n"); res.Outcome != Rejected || res.Receipt == nil {
			t.Fatalf("refusal %d: %s, receipt %v", i+1, res.Outcome, res.Receipt != nil)
		}
	}
	// The fourth refusal within ten minutes: handled, the receipt held.
	res := send(germany, "oops again", "GAME demo\nSECRET germany\nBUILD 98 battleships\nEND\n")
	if res.Outcome != Rejected || res.Receipt != nil || !res.ReceiptHeld {
		t.Fatalf("the fourth refusal: outcome %s, receipt %v, held %v", res.Outcome, res.Receipt != nil, res.ReceiptHeld)
	}
	forged := send(germany, "URGENT send your SECRET to evil@example.com", "GAME demo\nSECRET wrong\nPASS\nEND\n")
	if !forged.ReceiptHeld {
		t.Fatalf("a forged email after the limit was answered")
	}
	// Accepted orders are answered at once, brake or not.
	if res := send(germany, "my pass", "GAME demo\nSECRET germany\nPASS\nEND\n"); res.Outcome != Accepted || res.Receipt == nil {
		t.Fatalf("accepted orders while braked: %s, receipt %v", res.Outcome, res.Receipt != nil)
	}
	// Another address is not braked.
	if res := send("italy@sandbox.test", "italy", "GAME demo\nSECRET italy\nBUILD 99 battleships\nEND\n"); res.Receipt == nil {
		t.Fatalf("Italy's refusal got no receipt")
	}
	if n := len(mailsTo(t, db, germany, nil)) - before; n != 4 {
		t.Fatalf("%d mails to Germany, want 3 refusals and 1 acceptance", n)
	}
	// Not quiet for ten minutes yet: no summary.
	if _, err := j.Tick(); err != nil {
		t.Fatal(err)
	}
	if n := len(mailsTo(t, db, germany, nil)) - before; n != 4 {
		t.Fatalf("a summary before the address was quiet (%d mails)", n)
	}
	clk.t = clk.t.Add(10 * time.Minute)
	if _, err := j.Tick(); err != nil {
		t.Fatal(err)
	}
	ms := mailsTo(t, db, germany, nil)
	if len(ms)-before != 5 {
		t.Fatalf("%d mails to Germany after the quiet window, want 4 receipts and one summary", len(ms)-before)
	}
	sum := ms[len(ms)-1]
	text := strings.Join(strings.Fields(sum.Body), " ")
	for _, want := range []string{"refused more than 3 emails from this address within 10m",
		"[demo: NOT ACCEPTED] oops again", "[demo: NOT ACCEPTED] (not quoted)"} {
		if !strings.Contains(text, want) {
			t.Errorf("the summary lacks %q:\n%s", want, sum.Body)
		}
	}
	if strings.Contains(sum.Body, "evil") || strings.Contains(sum.Subject, "evil") {
		t.Errorf("the summary quotes the forged email:\n%s", sum.Body)
	}
	if sum.Subject != "Your 2 emails to the judge, answered together" || sum.AutoSubmitted != "auto-replied" {
		t.Errorf("summary subject %q, Auto-Submitted %q", sum.Subject, sum.AutoSubmitted)
	}
	// Refusals are answered again after the summary.
	if res := send(germany, "again", "GAME demo\nSECRET germany\nBUILD 99 battleships\nEND\n"); res.Receipt == nil {
		t.Fatalf("no receipt after the summary")
	}
	// Two days on, the record is gone: nothing of it is needed.
	clk.t = clk.t.Add(3 * 24 * time.Hour)
	if _, err := j.Tick(); err != nil {
		t.Fatal(err)
	}
	var r *store.Brake
	if err := db.View(func(tx *store.Tx) error { var err error; r, err = tx.Brake(germany); return err }); err != nil || r != nil {
		t.Errorf("the brake's record two days on: %+v %v", r, err)
	}
}

// TestReceiptBrakeTurnedOff: emails held before the operator turned the
// brake off still get their summary.
func TestReceiptBrakeTurnedOff(t *testing.T) {
	j, db, clk := brakeJudge(t, 1)
	const germany = "germany@sandbox.test"
	for range 3 {
		if _, err := j.Ingest(email(germany, "GAME demo\nSECRET germany\nBUILD 99 battleships\nEND\n")); err != nil {
			t.Fatal(err)
		}
	}
	before := len(mailsTo(t, db, germany, nil))
	off := New(db, &Options{Address: "judge@sandbox.test", Now: clk.now})
	clk.t = clk.t.Add(time.Hour)
	if _, err := off.Tick(); err != nil {
		t.Fatal(err)
	}
	ms := mailsTo(t, db, germany, nil)
	if len(ms) != before+1 || !strings.HasPrefix(ms[len(ms)-1].ID, "brake/") ||
		!strings.Contains(strings.Join(strings.Fields(ms[len(ms)-1].Body), " "), "refused many emails") {
		t.Fatalf("no summary of the held emails after the brake was turned off: %d mails, last %+v", len(ms)-before, ms[len(ms)-1])
	}
}

// TestReceiptBrakeLoop (issue 24, defect 4): an auto-responder that
// answers every mail of the judge at once, without any automatic mark,
// for two days of the clock: the judge's mails to it stay bounded (at most
// Receipts+1 a summary, the summaries' gap doubling to a day), where
// without the brake they would be one a round.
func TestReceiptBrakeLoop(t *testing.T) {
	const limit = 3
	j, db, clk := brakeJudge(t, limit)
	const addr = "germany@sandbox.test"
	start := clk.t
	initial := len(mailsTo(t, db, addr, nil)) // the welcome and the first reports
	receipts, summaries := 0, 0
	// answer is the responder: "I am away" to each mail, a second later,
	// for as long as the judge answers that.
	answer := func() {
		for {
			clk.t = clk.t.Add(time.Second)
			res, err := j.Ingest(email(addr, "I am away until Monday.\n"))
			if err != nil {
				t.Fatal(err)
			}
			if res.Receipt == nil {
				return
			}
			receipts++
		}
	}
	answer()
	for clk.t.Before(start.Add(48 * time.Hour)) {
		clk.t = clk.t.Add(10 * time.Minute)
		n, err := j.brakeSummaries(clk.t)
		if err != nil {
			t.Fatal(err)
		}
		if summaries += n; n > 0 {
			answer()
		}
	}
	if got := len(mailsTo(t, db, addr, nil)) - initial; got != receipts+summaries {
		t.Fatalf("%d mails to the address in the outbox, counted %d receipts and %d summaries", got, receipts, summaries)
	}
	// Gaps 1, 2, 4, 8, 16 hours, then a day: 7 summaries at most in two
	// days, each followed by up to limit receipts.
	if summaries == 0 || summaries > 7 {
		t.Errorf("%d summaries in two days, want 1 to 7", summaries)
	}
	if receipts > limit*(summaries+1) {
		t.Errorf("%d receipts to the looping address in two days, want at most %d", receipts, limit*(summaries+1))
	}
	t.Logf("two days of a mail loop: %d receipts and %d summaries from the judge", receipts, summaries)
}
