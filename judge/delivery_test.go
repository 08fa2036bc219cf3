package judge

import (
	"bytes"
	"context"
	"io"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-message"
	_ "github.com/emersion/go-message/charset"
	"github.com/emersion/go-smtp"

	"stormjudge/adjudicator/storm"
	"stormjudge/mailer"
	"stormjudge/mailer/mailtest"
	"stormjudge/store"
)

// startRefusingSMTP starts a recording go-smtp server on loopback that
// refuses RCPT TO the addresses in refuse with 550 and accepts the rest.
func startRefusingSMTP(t *testing.T, refuse ...string) *mailtest.SMTP {
	t.Helper()
	srv := mailtest.StartSMTP(t, "", "")
	srv.SetRcptFail(func(to string) error {
		if slices.Contains(refuse, to) {
			return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "mailbox unavailable"}
		}
		return nil
	})
	return srv
}

// delivered counts the messages srv accepted for each recipient.
func delivered(srv *mailtest.SMTP) map[string]int {
	got := map[string]int{}
	for _, r := range srv.Received() {
		for _, to := range r.To {
			got[to]++
		}
	}
	return got
}

// sentText is the text/plain part of the message with this Message-ID
// that srv accepted ("" if none).
func sentText(t *testing.T, srv *mailtest.SMTP, messageID string) string {
	t.Helper()
	for _, r := range srv.Received() {
		e, err := message.Read(bytes.NewReader(r.Data))
		if err != nil {
			t.Fatal(err)
		}
		if e.Header.Get("Message-Id") != messageID {
			continue
		}
		var text string
		err = e.Walk(func(_ []int, part *message.Entity, err error) error {
			if err != nil {
				return err
			}
			if mt, _, _ := part.Header.ContentType(); mt == "text/plain" && text == "" {
				b, err := io.ReadAll(part.Body)
				text = string(b)
				return err
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return text
	}
	return ""
}

// runOutbox runs a real outbox with j.DeliveryFailed as OnFailed until the
// test ends.
func runOutbox(t *testing.T, db *store.DB, addr string, j *Judge) *mailer.Outbox {
	t.Helper()
	o := mailer.NewOutbox(&mailer.SMTPOptions{Addr: addr, HelloName: "judge.test", Timeout: 10 * time.Second,
		OnFailed: j.DeliveryFailed}, db)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- o.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("outbox Run: %v", err)
		}
	})
	return o
}

func waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func mailByID(ms []*store.Mail, id string) *store.Mail {
	for _, m := range ms {
		if m.ID == id {
			return m
		}
	}
	return nil
}

// TestDeliveryFailedFlagsSeatAndTellsModerators: the server refuses
// Germany's address (550). Germany's welcome fails, Germany's seat is
// flagged with the reply, the audit log says so, and each moderator gets
// one notice (the moderator whose own address fails gets none), while the
// other players' mail goes out.
func TestDeliveryFailedFlagsSeatAndTellsModerators(t *testing.T) {
	j, db, _ := newJudge(t)
	def := demoDef(0)
	def.Moderators = []string{"gm@sandbox.test", "gm2@sandbox.test", "gone@sandbox.test"}
	if _, err := j.EnsureGame(def); err != nil {
		t.Fatal(err)
	}
	srv := startRefusingSMTP(t, "germany@sandbox.test", "gone@sandbox.test")
	runOutbox(t, db, srv.Addr, j)

	waitUntil(t, "no pending mail", func() bool {
		for _, m := range outbox(t, db) {
			if m.Pending() {
				return false
			}
		}
		return true
	})
	ms := outbox(t, db)
	welcome := mailByID(ms, "demo/welcome/germany")
	if welcome == nil || welcome.Failed.IsZero() || !strings.Contains(welcome.LastError, "550") {
		t.Fatalf("Germany's welcome = %+v, want failed with the 550", welcome)
	}
	if strings.Contains(welcome.Body, "SECRET") {
		t.Errorf("failed welcome kept its body: %q", welcome.Body)
	}

	g, _, _ := game(t, db, "demo")
	for _, s := range g.Seats {
		if flagged := s.Undeliverable != ""; flagged != (s.Power == storm.Germany) {
			t.Errorf("%v: Undeliverable %q", s.Power, s.Undeliverable)
		}
	}
	if u := g.Seat(storm.Germany).Undeliverable; !strings.Contains(u, "550") || !strings.Contains(u, "2026-11-22T12:00:00Z") {
		t.Errorf("Germany's flag %q, want the time and the reply", u)
	}

	// Germany's mails (welcome, report, notice) each fail; the first is
	// reported to every moderator once, listing the others still queued,
	// and the later ones only in the audit log. gone's own failures are
	// reported to the others, never to gone; the notice to gone fails in
	// turn and is not reported (no loop). A sent or failed mail keeps no
	// text in the store: a notice is read as the server got it.
	var notices []*store.Mail
	for _, m := range ms {
		if strings.HasPrefix(m.ID, "demo/failed/") {
			notices = append(notices, m)
		}
	}
	aboutGermany, aboutGone := map[string]int{}, map[string]int{}
	for _, n := range notices {
		if len(n.To) != 1 || n.Game != "demo" {
			t.Errorf("notice %s: To %q, game %q", n.ID, n.To, n.Game)
		}
		switch n.Subject {
		case "[demo] Undeliverable mail to germany@sandbox.test (Germany): REPLACE":
			aboutGermany[n.To[0]]++
		case "[demo] Undeliverable mail to gone@sandbox.test":
			aboutGone[n.To[0]]++
		default:
			t.Errorf("notice %s: %q", n.ID, n.Subject)
		}
		if n.To[0] == "gone@sandbox.test" {
			if n.Failed.IsZero() {
				t.Errorf("notice %s to gone not failed", n.ID)
			}
			continue
		}
		if n.Sent.IsZero() {
			t.Errorf("notice %s to %s not sent: %q", n.ID, n.To[0], n.LastError)
		}
		if !strings.Contains(n.Subject, "germany") {
			continue
		}
		text := flat(sentText(t, srv, n.MessageID))
		for _, want := range []string{"demo/welcome/germany", "germany@sandbox.test", "[demo] You play Germany", "550", "mailbox unavailable",
			"Germany", "secret", "REPLACE germany <the working address>", "(demo/v1/private/germany)"} {
			if !strings.Contains(text, want) {
				t.Errorf("notice %s lacks %q:\n%s", n.ID, want, text)
			}
		}
	}
	if want := map[string]int{"gm@sandbox.test": 1, "gm2@sandbox.test": 1, "gone@sandbox.test": 1}; !maps.Equal(aboutGermany, want) {
		t.Errorf("notices about Germany's address: %v, want one per moderator %v", aboutGermany, want)
	}
	if want := map[string]int{"gm@sandbox.test": 1, "gm2@sandbox.test": 1}; !maps.Equal(aboutGone, want) {
		t.Errorf("notices about gone's address: %v, want one per other moderator %v", aboutGone, want)
	}
	got := delivered(srv)
	if got["italy@sandbox.test"] == 0 || got["gm@sandbox.test"] == 0 {
		t.Errorf("other mail not delivered: %v", got)
	}
	// One attempt per failed mail: no retries after a 550.
	var germanyMails int
	for _, m := range ms {
		if slices.Contains(m.To, "germany@sandbox.test") {
			germanyMails++
			if m.Attempts != 1 {
				t.Errorf("%s: %d attempts", m.ID, m.Attempts)
			}
		}
	}
	if n := srv.Rcpts("germany@sandbox.test"); n != germanyMails {
		t.Errorf("RCPT TO germany %d times for %d mails", n, germanyMails)
	}

	var log []store.AuditEntry
	if err := db.View(func(tx *store.Tx) error {
		var err error
		log, err = tx.AuditLog("demo")
		return err
	}); err != nil {
		t.Fatal(err)
	}
	var audited int
	for _, e := range log {
		if e.Action == "undeliverable" && strings.Contains(e.Detail, "demo/welcome/germany") && strings.Contains(e.Detail, "Germany") {
			audited++
		}
	}
	if audited != 1 {
		t.Errorf("%d audit entries for Germany's welcome, want 1: %+v", audited, log)
	}
}

// TestDeliveryFailedNoticeLoop: a failure notice that fails is flagged in
// the audit log but not reported again; mail of no game or an unknown game
// is only logged.
func TestDeliveryFailedNoticeLoop(t *testing.T) {
	j, db, c := newJudge(t)
	if _, err := j.EnsureGame(demoDef(0)); err != nil {
		t.Fatal(err)
	}
	fail := func(m *store.Mail) {
		t.Helper()
		if err := db.Update(func(tx *store.Tx) error {
			m.From, m.Created = "judge@sandbox.test", c.now()
			if err := tx.Enqueue(m); err != nil {
				return err
			}
			if err := tx.MarkFailed(m.ID, "550 5.1.1 no", c.now()); err != nil {
				return err
			}
			failed, err := tx.Mail(m.ID)
			if err != nil {
				return err
			}
			return j.DeliveryFailed(tx, failed)
		}); err != nil {
			t.Fatal(err)
		}
	}
	before := len(outbox(t, db))
	fail(&store.Mail{ID: "demo/failed/abc/gm@sandbox.test", Game: "demo", To: []string{"gm@sandbox.test"}, Subject: "x"})
	fail(&store.Mail{ID: "receipt/1", To: []string{"stranger@example.test"}, Subject: "x"})
	fail(&store.Mail{ID: "ghost/1", Game: "ghost", To: []string{"x@example.test"}, Subject: "x"})
	if n := len(outbox(t, db)) - before; n != 3 {
		t.Errorf("%d mails added, want only the 3 failed ones (no notices)", n)
	}
}
