package mailer

import (
	"bytes"
	"fmt"
	"io"
	"net"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-smtp"

	"stormjudge/store"
)

// pickySMTP is a go-smtp server on loopback that records what it accepts
// and answers 451 to the data of a message that holds a marker, as many
// times as it is told (a report the server cannot take for now: too big
// for a full mailbox, a content filter that is down).
type pickySMTP struct {
	addr string

	mu       sync.Mutex
	marker   []byte
	refusals int // how many more times a marked message is refused
	received [][]byte
}

func startPickySMTP(t testing.TB, marker string, refusals int) *pickySMTP {
	t.Helper()
	p := &pickySMTP{marker: []byte(marker), refusals: refusals}
	srv := smtp.NewServer(p)
	srv.Domain = "localhost"
	srv.ReadTimeout = waitFor
	srv.WriteTimeout = waitFor
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p.addr = l.Addr().String()
	go srv.Serve(l)
	t.Cleanup(func() { srv.Close() })
	return p
}

func (p *pickySMTP) NewSession(*smtp.Conn) (smtp.Session, error) { return pickySession{p}, nil }

// Received returns the messages accepted so far, in order.
func (p *pickySMTP) Received() [][]byte {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([][]byte(nil), p.received...)
}

type pickySession struct{ p *pickySMTP }

func (pickySession) Mail(string, *smtp.MailOptions) error { return nil }
func (pickySession) Rcpt(string, *smtp.RcptOptions) error { return nil }
func (pickySession) Reset()                               {}
func (pickySession) Logout() error                        { return nil }

func (s pickySession) Data(r io.Reader) error {
	b, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	p := s.p
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.refusals > 0 && bytes.Contains(b, p.marker) {
		p.refusals--
		return tempFailure
	}
	p.received = append(p.received, b)
	return nil
}

// openStoreAt opens the store at path; the test closes it (a restart
// closes it and opens it again).
func openStoreAt(t testing.TB, path string) *store.DB {
	t.Helper()
	db, err := store.Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	return db
}

// quiesce waits until the outbox has nothing more to do at the clock's
// time: no attempt and no mail sent for a while (real time).
func quiesce(t testing.TB, db *store.DB) {
	t.Helper()
	sig := func() string {
		var s string
		if err := db.View(func(tx *store.Tx) error {
			ms, err := tx.Outbox()
			for _, m := range ms {
				s += fmt.Sprintf("%s %d %v;", m.ID, m.Attempts, m.Sent.IsZero())
			}
			return err
		}); err != nil {
			t.Fatal(err)
		}
		return s
	}
	deadline := time.Now().Add(waitFor)
	last, since := sig(), time.Now()
	for time.Since(since) < 300*time.Millisecond {
		if time.Now().After(deadline) {
			t.Fatal("the outbox never came to rest")
		}
		time.Sleep(20 * time.Millisecond)
		if s := sig(); s != last {
			last, since = s, time.Now()
		}
	}
}

// nextDue is the earliest next attempt of a pending mail after now (zero
// when none).
func nextDue(t testing.TB, db *store.DB, now time.Time) time.Time {
	t.Helper()
	var next time.Time
	if err := db.View(func(tx *store.Tx) error {
		ms, err := tx.PendingRecords()
		for _, m := range ms {
			if m.NextAttempt.After(now) && (next.IsZero() || m.NextAttempt.Before(next)) {
				next = m.NextAttempt
			}
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	return next
}

// TestOutboxReceiptsAfterCrashDoNotWait is the crash of a digest's
// delivery: the server took the report, the process died before it was
// marked sent. After the restart 136 receipts to the same address are
// queued behind it, and the server refuses the report twice more (451).
// The interrupted report is tried at once after the restart (not after
// its backoff), and the receipts go out while it waits for its retries:
// they are replies, which never wait behind a mail in backoff. The
// report goes out in the end, a second time with the same bytes (same
// Message-ID), as the delivery guarantee allows for a crash after the
// server's 250. The delay of the receipts is measured on the outbox's
// clock, from the restart to the last receipt sent (the clock jumps to
// the next due attempt whenever the outbox is at rest).
func TestOutboxReceiptsAfterCrashDoNotWait(t *testing.T) {
	const receipts = 136
	const to = "germany@example.test"
	srv := startPickySMTP(t, "Subject: digest", 0)
	path := filepath.Join(t.TempDir(), "stormjudge.db")
	db := openStoreAt(t, path)
	clock := setFakeClock(t, created)
	report := &store.Mail{ID: "g/v3/report/germany", Game: "g", From: "judge@example.test", To: []string{to},
		Subject: "digest", Body: "The turn's report.\n", AutoSubmitted: "auto-generated", Created: created}
	enqueue(t, db, report)

	// The first life: the server accepts the report, the process dies
	// before MarkSent.
	crash := func(point string) {
		if point == "outbox-sent" {
			panic("kill -9")
		}
	}
	first := runLoop(t, NewOutbox(withHook(outboxOptions(t, srv.addr), crash), db).Run)
	if p := first.Crashed(); p == nil {
		t.Fatal("the outbox did not crash")
	}
	db.Close()

	// The second life, a second later: the store opened again, the
	// receipts of the orders that came in, the server refusing the
	// report for now.
	clock.Advance(time.Second)
	restart := clock.Now()
	db = openStoreAt(t, path)
	defer func() {
		if err := db.View(store.Check); err != nil {
			t.Errorf("store.Check: %v", err)
		}
		db.Close()
	}()
	var ids []string
	for i := range receipts {
		id := fmt.Sprintf("receipt/%03d", i)
		ids = append(ids, id)
		enqueue(t, db, &store.Mail{ID: id, Game: "g", From: "judge@example.test", To: []string{to},
			Subject: "Re: orders", Body: "ACCEPTED\n", AutoSubmitted: "auto-replied",
			InReplyTo: fmt.Sprintf("<orders-%d@example.test>", i), Created: restart})
	}
	srv.mu.Lock()
	srv.refusals = 2
	srv.mu.Unlock()
	o := NewOutbox(outboxOptions(t, srv.addr), db)
	loop := runLoop(t, o.Run)

	var reportRetried time.Duration = -1
	for {
		quiesce(t, db)
		if m := storedMail(t, db, report.ID); m.Attempts >= 2 && reportRetried < 0 {
			reportRetried = clock.Now().Sub(restart)
		}
		all := true
		for _, id := range ids {
			all = all && sent(t, db, id)
		}
		if all && sent(t, db, report.ID) {
			break
		}
		next := nextDue(t, db, clock.Now())
		if next.IsZero() || next.Sub(restart) > time.Hour {
			t.Fatalf("mail left pending with nothing due (next %v)", next)
		}
		clock.Advance(next.Sub(clock.Now()))
		o.Kick()
	}
	loop.Stop()

	var delay time.Duration
	for _, id := range ids {
		delay = max(delay, storedMail(t, db, id).Sent.Sub(restart))
	}
	m := storedMail(t, db, report.ID)
	t.Logf("after a crash during the report's delivery: %d receipts sent within %v of the restart (outbox clock); "+
		"the interrupted report retried after %v, sent after %v in %d attempts",
		receipts, delay, reportRetried, m.Sent.Sub(restart), m.Attempts)
	if delay >= backoff(0) {
		t.Errorf("the last receipt went out %v after the restart: it waited for a backoff (%v or more)", delay, backoff(0))
	}
	if reportRetried != 0 {
		t.Errorf("the interrupted report was tried again %v after the restart, want at once", reportRetried)
	}
	var copies [][]byte
	for _, raw := range srv.Received() {
		if messageID(t, raw) == bareMsgID(m.MessageID) {
			copies = append(copies, raw)
		}
	}
	if len(copies) != 2 || !bytes.Equal(copies[0], copies[1]) {
		t.Errorf("the server took the report %d times; want twice (before the crash and after), the same bytes", len(copies))
	}
	if n := len(srv.Received()); n != receipts+2 {
		t.Errorf("the server took %d messages, want %d", n, receipts+2)
	}
}

// TestOutboxReplyNeverWaitsBehindBackoff: to one recipient, a report of
// game g that the server refuses for now (451, twice), then a second report
// of g, a receipt (a reply) of g and a notice of game h. While the first
// report waits for its retries, the receipt and h's notice go out; the
// second report waits behind it (a report never overtakes an earlier mail
// of its game) and follows it.
func TestOutboxReplyNeverWaitsBehindBackoff(t *testing.T) {
	const to = "germany@example.test"
	srv := startPickySMTP(t, "Subject: first report", 2)
	db := openStore(t)
	clock := setFakeClock(t, created.Add(time.Minute))
	mail := func(id, game, subject, inReplyTo string, at time.Duration) *store.Mail {
		m := &store.Mail{ID: id, Game: game, From: "judge@example.test", To: []string{to}, Subject: subject,
			Body: id + "\n", InReplyTo: inReplyTo, Created: created.Add(at)}
		if inReplyTo != "" { // a receipt, as the judge marks it
			m.AutoSubmitted = "auto-replied"
		}
		return m
	}
	bare := mail("receipt-bare", "g", "Re: orders", "", 2500*time.Millisecond) // the email it answers had no Message-ID
	bare.AutoSubmitted = "auto-replied"
	enqueue(t, db,
		mail("report1", "g", "first report", "", 0),
		mail("report2", "g", "second report", "", time.Second),
		mail("receipt", "g", "Re: orders", "<orders@example.test>", 2*time.Second),
		bare,
		mail("notice", "h", "notice", "", 3*time.Second))
	o := NewOutbox(outboxOptions(t, srv.addr), db)
	runLoop(t, o.Run)
	eventually(t, "the receipts and h's notice sent", func() bool {
		return sent(t, db, "receipt") && sent(t, db, "receipt-bare") && sent(t, db, "notice")
	})
	quiesce(t, db)
	if m := storedMail(t, db, "report1"); sent(t, db, "report2") || m.Attempts != 1 {
		t.Fatalf("report2 sent %v, report1 attempts %d: want report2 waiting behind report1's retry",
			sent(t, db, "report2"), m.Attempts)
	}
	for !sent(t, db, "report2") {
		next := nextDue(t, db, clock.Now())
		if next.IsZero() {
			t.Fatal("nothing due, report2 not sent")
		}
		clock.Advance(next.Sub(clock.Now()))
		o.Kick()
		quiesce(t, db)
	}
	var got []string
	for _, raw := range srv.Received() {
		for _, id := range []string{"report1", "report2", "receipt", "receipt-bare", "notice"} {
			if messageID(t, raw) == bareMsgID(storedMail(t, db, id).MessageID) {
				got = append(got, id)
			}
		}
	}
	if want := []string{"receipt", "receipt-bare", "notice", "report1", "report2"}; !slices.Equal(got, want) {
		t.Errorf("server received %q, want %q", got, want)
	}
}
