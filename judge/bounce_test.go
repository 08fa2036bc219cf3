package judge

import (
	"slices"
	"strings"
	"testing"
	"time"

	"stormjudge/adjudicator/storm"
	"stormjudge/store"
)

// failMail fails the queued mail id for good as the outbox does: marked
// failed and handed to DeliveryFailed in one transaction.
func failMail(t *testing.T, j *Judge, db *store.DB, id string) {
	t.Helper()
	if err := db.Update(func(tx *store.Tx) error {
		if err := tx.MarkFailed(id, "550 5.1.1 no such user", j.opt.Now()); err != nil {
			return err
		}
		m, err := tx.Mail(id)
		if err != nil {
			return err
		}
		return j.DeliveryFailed(tx, m)
	}); err != nil {
		t.Fatal(err)
	}
}

// pendingTo are the IDs of the mails still queued to addr.
func pendingTo(t *testing.T, db *store.DB, addr string) []string {
	t.Helper()
	var ids []string
	for _, m := range outbox(t, db) {
		if m.Pending() && m.To[0] == addr {
			ids = append(ids, m.ID)
		}
	}
	return ids
}

// The notice of an undeliverable seat's mail tells the moderator the
// command that fixes it, REPLACE, with the email to send (a game created
// by email has no configuration to correct), and lists the other mails
// to the address still queued.
func TestUndeliverableNoticeNamesReplace(t *testing.T) {
	j, db, _ := rulesGame(t, 24*time.Hour, store.Rules{})
	mustIngest(t, j, moderatorMail("REPLACE italy mario@exmaple.org"), Accepted)
	queued := pendingTo(t, db, "mario@exmaple.org")
	if len(queued) != 4 {
		t.Fatalf("%d mails queued to the new address, want the welcome, the report, the notice and the announcement: %v", len(queued), queued)
	}
	failMail(t, j, db, queued[0])
	ns := mailsWith(t, db, "demo/failed/")
	if len(ns) != 1 || ns[0].To[0] != "gm@sandbox.test" {
		t.Fatalf("notices: %+v", ns)
	}
	if ns[0].Subject != "[demo] Undeliverable mail to mario@exmaple.org (Italy): REPLACE" {
		t.Errorf("subject %q", ns[0].Subject)
	}
	b := ns[0].Body
	for _, want := range []string{"GAME demo\n", "MODERATOR\n", "SECRET <the game's moderators' secret>\n", "REPLACE italy <the working address>\n", "END\n"} {
		if !strings.Contains(b, want) {
			t.Errorf("the notice lacks the line %q:\n%s", want, b)
		}
	}
	for _, id := range queued[1:] {
		if !strings.Contains(b, "("+id+")") {
			t.Errorf("the notice does not list the queued mail %s:\n%s", id, b)
		}
	}
	for _, not := range []string{"configuration", "operator", "will come later"} {
		if strings.Contains(b, not) {
			t.Errorf("the notice still speaks of %q:\n%s", not, b)
		}
	}
	if g, _, _ := game(t, db, "demo"); !strings.Contains(g.Seat(storm.Italy).Undeliverable, "550") {
		t.Errorf("the seat is not marked: %+v", g.Seat(storm.Italy))
	}
	// The moderator's STATUS says it too, with the command.
	res := mustIngest(t, j, moderatorMail("STATUS"), Answered)
	if !strings.Contains(res.Receipt.Body, "mario@exmaple.org") || !strings.Contains(flat(res.Receipt.Body), "UNDELIVERABLE mail to it undeliverable since 2026-11-22T12:00:00Z: REPLACE italy <a working address>") {
		t.Errorf("STATUS:\n%s", res.Receipt.Body)
	}
}

// One typo in REPLACE's address gives one notice to each moderator, not
// one per mail: the welcome, the report, the notice and the announcement
// to it bounce through a real outbox and mail server; the first is
// reported with the others listed, the others go to the audit log alone.
func TestOneNoticePerDeadAddress(t *testing.T) {
	j, db, _ := rulesGame(t, 24*time.Hour, store.Rules{})
	srv := startRefusingSMTP(t, "mario@exmaple.org")
	o := runOutbox(t, db, srv.Addr, j)
	idle := func() bool {
		for _, m := range outbox(t, db) {
			if m.Pending() {
				return false
			}
		}
		return true
	}
	waitUntil(t, "the game's first mails sent", idle)
	mustIngest(t, j, moderatorMail("REPLACE italy mario@exmaple.org"), Accepted)
	o.Kick()
	waitUntil(t, "the mails to the typo settled", idle)
	if n := srv.Rcpts("mario@exmaple.org"); n != 4 {
		t.Fatalf("RCPT TO the typo %d times, want the welcome, the report, the notice and the announcement", n)
	}
	ns := mailsWith(t, db, "demo/failed/")
	if len(ns) != 1 || ns[0].To[0] != "gm@sandbox.test" || ns[0].Sent.IsZero() {
		t.Fatalf("%d notices, want one, sent to the moderator: %+v", len(ns), ns)
	}
	text := flat(sentText(t, srv, ns[0].MessageID))
	for _, want := range []string{"Other mails to this address, still queued, will fail the same way (not reported again)",
		"[demo] Italy has a new player", "REPLACE italy <the working address>"} {
		if !strings.Contains(text, want) {
			t.Errorf("the notice lacks %q:\n%s", want, text)
		}
	}
	if a := audits(t, db, "undeliverable"); len(a) != 4 {
		t.Errorf("%d audit entries, want one per failed mail (4): %+v", len(a), a)
	}
}

// The REPLACE that fixes an undeliverable address sends nothing to it
// ("You no longer play Italy" would bounce too) and says so; a new
// address that fails in turn is a new notice; REPLACE with the same
// address (the moderator's word that it works now) clears the mark.
func TestReplaceSendsNothingToTheDeadAddress(t *testing.T) {
	j, db, _ := rulesGame(t, 24*time.Hour, store.Rules{})
	mustIngest(t, j, moderatorMail("REPLACE italy mario@exmaple.org"), Accepted)
	queued := pendingTo(t, db, "mario@exmaple.org")
	failMail(t, j, db, queued[0])
	failMail(t, j, db, queued[1])
	if n := len(mailsWith(t, db, "demo/failed/")); n != 1 {
		t.Fatalf("%d notices after 2 failures to one address, want 1", n)
	}
	res := mustIngest(t, j, moderatorMail("REPLACE italy mario@example.org"), Accepted)
	// The mails to the typo still queued fail after the fix: unreported.
	for _, id := range queued[2:] {
		failMail(t, j, db, id)
	}
	if n := len(mailsWith(t, db, "demo/failed/")); n != 1 {
		t.Fatalf("%d notices after the mails queued before the fix failed, want 1", n)
	}
	if !strings.Contains(flat(res.Receipt.Body), "Nothing was sent to Italy's old address mario@exmaple.org: mail to it is undeliverable.") {
		t.Errorf("the receipt:\n%s", res.Receipt.Body)
	}
	for _, m := range outbox(t, db) {
		if m.To[0] == "mario@exmaple.org" && !slices.Contains(queued, m.ID) {
			t.Errorf("mail queued to the dead address after the fix: %s", m.ID)
		}
	}
	for _, m := range mailsWith(t, db, "demo/replaced/italy/") {
		if m.To[0] != "italy@sandbox.test" {
			t.Errorf("the old player was told at the dead address: %+v", m.To)
		}
	}
	g, _, _ := game(t, db, "demo")
	if s := g.Seat(storm.Italy); s.Undeliverable != "" || s.Address != "mario@example.org" {
		t.Fatalf("the seat after the fix: %+v", s)
	}
	// The working address fails later (a full mailbox): a new notice.
	failMail(t, j, db, pendingTo(t, db, "mario@example.org")[0])
	if n := len(mailsWith(t, db, "demo/failed/")); n != 2 {
		t.Fatalf("%d notices after the new address failed, want 2", n)
	}
	// The moderator gives the same address again: the mark is cleared,
	// and a new secret goes; the old player is not told (it is the same).
	res = mustIngest(t, j, moderatorMail("REPLACE italy mario@example.org"), Accepted)
	if g, _, _ = game(t, db, "demo"); g.Seat(storm.Italy).Undeliverable != "" {
		t.Errorf("REPLACE with the same address left the mark: %+v\n%s", g.Seat(storm.Italy), res.Receipt.Body)
	}
	if m := mailsWith(t, db, "demo/replaced/italy/"); len(m) != 1 {
		t.Errorf("%d replaced notices, want the first player's alone", len(m))
	}
}
