package mailer

import (
	"errors"
	"fmt"
	"io"
	"net"
	"net/textproto"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-smtp"

	"stormjudge/mailer/mailtest"
	"stormjudge/store"
)

// blackHoleProxy listens on loopback. Its first connection is accepted and
// never answered (a peer that hangs: no greeting, no reply); every later
// one is proxied to a real SMTP server.
type blackHoleProxy struct {
	addr   string
	stuck  chan struct{} // closed when the first connection was accepted
	mu     sync.Mutex
	conns  []net.Conn
	closed bool
}

func startBlackHoleProxy(t testing.TB, target string) *blackHoleProxy {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &blackHoleProxy{addr: l.Addr().String(), stuck: make(chan struct{})}
	go func() {
		for n := 0; ; n++ {
			c, err := l.Accept()
			if err != nil {
				return
			}
			if !p.keep(c) {
				return
			}
			if n == 0 {
				close(p.stuck) // held open, never read or written
				continue
			}
			u, err := net.Dial("tcp", target)
			if err != nil {
				c.Close()
				continue
			}
			p.keep(u)
			go func() { io.Copy(u, c); u.Close(); c.Close() }()
			go func() { io.Copy(c, u); c.Close(); u.Close() }()
		}
	}()
	t.Cleanup(func() {
		l.Close()
		p.mu.Lock()
		defer p.mu.Unlock()
		p.closed = true
		for _, c := range p.conns {
			c.Close()
		}
	})
	return p
}

func (p *blackHoleProxy) keep(c net.Conn) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		c.Close()
		return false
	}
	p.conns = append(p.conns, c)
	return true
}

func testMail(id, to string, created time.Time) *store.Mail {
	return &store.Mail{ID: id, From: "judge@example.test", To: []string{to},
		Subject: "s " + id, Body: "body of " + id + "\n", Created: created}
}

func sent(t testing.TB, db *store.DB, id string) bool {
	return !storedMail(t, db, id).Sent.IsZero()
}

// TestOutboxSilentServerHoldsOneWorker: a server that accepts a connection
// and never answers holds up the one mail that got that connection; the
// other recipients' mails go out meanwhile over other connections. Stopping
// Run closes the silent connection at once (the timeout is an hour); the
// interrupted attempt stays recorded and the mail goes out after a restart.
func TestOutboxSilentServerHoldsOneWorker(t *testing.T) {
	srv := mailtest.StartSMTP(t, "", "")
	proxy := startBlackHoleProxy(t, srv.Addr)
	db := openStore(t)
	clock := setFakeClock(t, created.Add(time.Minute))
	mails := []*store.Mail{
		testMail("a", "germany@example.test", created),
		testMail("b", "italy@example.test", created.Add(time.Second)),
		testMail("c", "france@example.test", created.Add(2*time.Second)),
	}
	enqueue(t, db, mails...)
	opts := outboxOptions(t, proxy.addr)
	opts.Timeout = time.Hour
	opts.Workers = 2
	first := runLoop(t, NewOutbox(opts, db).Run)
	select {
	case <-proxy.stuck:
	case <-time.After(waitFor):
		t.Fatal("no connection reached the proxy")
	}
	eventually(t, "two of the three mails sent", func() bool {
		n := 0
		for _, m := range mails {
			if sent(t, db, m.ID) {
				n++
			}
		}
		return n == 2
	})
	var stuck *store.Mail
	for _, m := range mails {
		if !sent(t, db, m.ID) {
			stuck = storedMail(t, db, m.ID)
		}
	}
	if stuck.Attempts != 1 {
		t.Errorf("stuck mail %s: %d attempts recorded, want 1", stuck.ID, stuck.Attempts)
	}

	// Without closing the silent connection Stop would wait an hour (and
	// fail the test after waitFor).
	first.Stop()
	m := storedMail(t, db, stuck.ID)
	if !m.Sent.IsZero() || !m.Failed.IsZero() || m.Attempts != 1 || m.LastError == "" {
		t.Errorf("after shutdown: %s sent %v, failed %v, attempts %d, error %q; want pending, 1 attempt, an error",
			m.ID, m.Sent, m.Failed, m.Attempts, m.LastError)
	}

	clock.Advance(backoff(0))
	runLoop(t, NewOutbox(opts, db).Run)
	eventually(t, "the stuck mail sent after the restart", func() bool { return sent(t, db, stuck.ID) })
	if got := storedMail(t, db, stuck.ID).Attempts; got != 2 {
		t.Errorf("attempts = %d, want 2", got)
	}
	if n := len(srv.Received()); n != 3 {
		t.Errorf("server received %d messages, want 3", n)
	}
}

// advanceUntil steps the fake clock by each retry delay in turn and kicks
// the outbox until cond holds.
func advanceUntil(t testing.TB, clock *fakeClock, o *Outbox, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(waitFor)
	for step := 0; !cond(); step++ {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(50 * time.Millisecond)
		if !cond() {
			clock.Advance(backoff(step / 4))
			o.Kick()
		}
	}
}

// TestOutboxKeepsRecipientOrderAfterOutage: A, B, C to one recipient; the
// server refuses the first two deliveries (451). B and C wait behind A and
// arrive after it, in order. C carries a next attempt an hour ahead (an
// attempt made before, e.g. by an older version): when A finally goes out,
// C is made due at once and does not wait for that hour.
func TestOutboxKeepsRecipientOrderAfterOutage(t *testing.T) {
	srv := mailtest.StartSMTP(t, "", "")
	failFirst(srv, 2)
	db := openStore(t)
	clock := setFakeClock(t, created.Add(time.Minute))
	c := testMail("c", "germany@example.test", created.Add(2*time.Second))
	c.NextAttempt = created.Add(time.Hour)
	enqueue(t, db,
		testMail("a", "germany@example.test", created),
		testMail("b", "germany@example.test", created.Add(time.Second)),
		c)
	o := NewOutbox(outboxOptions(t, srv.Addr), db)
	runLoop(t, o.Run)
	eventually(t, "a refused once", func() bool { return storedMail(t, db, "a").LastError != "" })
	advanceUntil(t, clock, o, "all three sent", func() bool {
		return sent(t, db, "a") && sent(t, db, "b") && sent(t, db, "c")
	})
	if now := clock.Now(); !now.Before(created.Add(time.Hour)) {
		t.Errorf("c went out at %v, not at once after a", now)
	}
	var got []string
	for _, r := range srv.Received() {
		got = append(got, messageID(t, r.Data))
	}
	var want []string
	for _, id := range []string{"a", "b", "c"} {
		want = append(want, bareMsgID(storedMail(t, db, id).MessageID))
	}
	if !slices.Equal(got, want) {
		t.Errorf("server received %q, want a, b, c: %q", got, want)
	}
	for id, attempts := range map[string]int{"a": 3, "b": 1, "c": 1} {
		if m := storedMail(t, db, id); m.Attempts != attempts {
			t.Errorf("%s: %d attempts, want %d", id, m.Attempts, attempts)
		}
	}
}

var noSuchUser = &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "no such user here"}

// failedNotices is an OnFailed that queues a notice about each failed mail
// and counts its calls; with refuse set it queues the notice and then
// fails, which must roll both back.
type failedNotices struct {
	mu     sync.Mutex
	calls  []string
	refuse bool
}

func (f *failedNotices) onFailed(tx *store.Tx, m *store.Mail) error {
	f.mu.Lock()
	f.calls = append(f.calls, m.ID)
	refuse := f.refuse
	f.mu.Unlock()
	if m.Failed.IsZero() || m.LastError == "" {
		return fmt.Errorf("OnFailed got %s not marked failed", m.ID)
	}
	if strings.HasPrefix(m.ID, "notice/") {
		return nil // no notice about a notice
	}
	if err := tx.Enqueue(&store.Mail{ID: "notice/" + m.ID, From: "judge@example.test", To: []string{"gm@example.test"},
		Subject: "undeliverable", Body: m.LastError + "\n", Created: m.Failed}); err != nil {
		return err
	}
	if refuse {
		return errors.New("refused by the test")
	}
	return nil
}

func (f *failedNotices) Calls() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.calls)
}

// TestOutboxPermanentRefusalFailsMail: a 550 to RCPT is final. The mail is
// marked failed with the server's reply, never attempted again, a sensitive
// body is scrubbed, and OnFailed runs once in the transaction that marks it
// (its notice exists exactly when the mark does). The other mail and the
// notice go out.
func TestOutboxPermanentRefusalFailsMail(t *testing.T) {
	srv := mailtest.StartSMTP(t, "", "")
	srv.SetRcptFail(refuse("nobody@example.test"))
	db := openStore(t)
	clock := setFakeClock(t, created)
	welcome := testMail("welcome", "nobody@example.test", created)
	welcome.Body, welcome.Sensitive = "Your secret: hunter2\n", true
	enqueue(t, db, welcome, testMail("report", "italy@example.test", created))
	notices := &failedNotices{}
	opts := outboxOptions(t, srv.Addr)
	opts.OnFailed = notices.onFailed
	o := NewOutbox(opts, db)
	runLoop(t, o.Run)

	eventually(t, "the welcome failed and the notice sent", func() bool {
		return !storedMail(t, db, "welcome").Failed.IsZero() && sent(t, db, "notice/welcome")
	})
	eventually(t, "the report sent", func() bool { return sent(t, db, "report") })
	m := storedMail(t, db, "welcome")
	if !strings.Contains(m.LastError, "550") || !strings.Contains(m.LastError, "no such user here") ||
		!strings.Contains(m.LastError, "RCPT TO <nobody@example.test>") {
		t.Errorf("last error %q, want the server's 550 reply to RCPT", m.LastError)
	}
	if strings.Contains(m.Body, "hunter2") {
		t.Errorf("failed sensitive mail kept its body %q", m.Body)
	}
	if !m.Sent.IsZero() || m.Attempts != 1 {
		t.Errorf("sent %v, attempts %d; want unsent after 1 attempt", m.Sent, m.Attempts)
	}
	// The notice as the server got it: the store keeps no text of a
	// sent mail.
	if n := storedMail(t, db, "notice/welcome"); n.Body != "" {
		t.Errorf("sent notice kept its body %q", n.Body)
	} else if rs := receivedByMessageID(t, srv.Received())[bareMsgID(n.MessageID)]; len(rs) != 1 || !strings.Contains(string(rs[0].Data), "550") {
		t.Errorf("notice received %d times, want once naming the 550", len(rs))
	}
	// No further attempts, however long we wait.
	for range 5 {
		clock.Advance(8 * time.Hour)
		o.Kick()
	}
	enqueue(t, db, testMail("barrier", "italy@example.test", clock.Now()))
	o.Kick()
	eventually(t, "barrier sent", func() bool { return sent(t, db, "barrier") })
	if n := srv.Rcpts("nobody@example.test"); n != 1 {
		t.Errorf("RCPT TO nobody sent %d times, want 1", n)
	}
	if got := notices.Calls(); !slices.Equal(got, []string{"welcome"}) {
		t.Errorf("OnFailed called for %q, want once for welcome", got)
	}
	if m := storedMail(t, db, "welcome"); m.Attempts != 1 {
		t.Errorf("attempts after waiting = %d, want 1", m.Attempts)
	}
}

// TestOutboxFailedCallbackErrorRollsBack: when OnFailed fails, neither the
// failed mark nor what OnFailed wrote is committed: the mail stays pending
// and is refused and handled again on its next attempt.
func TestOutboxFailedCallbackErrorRollsBack(t *testing.T) {
	srv := mailtest.StartSMTP(t, "", "")
	srv.SetRcptFail(refuse("nobody@example.test"))
	db := openStore(t)
	clock := setFakeClock(t, created)
	enqueue(t, db, testMail("m", "nobody@example.test", created))
	notices := &failedNotices{refuse: true}
	opts := outboxOptions(t, srv.Addr)
	opts.OnFailed = notices.onFailed
	o := NewOutbox(opts, db)
	runLoop(t, o.Run)
	eventually(t, "OnFailed called", func() bool { return len(notices.Calls()) == 1 })
	eventually(t, "the error recorded", func() bool { return storedMail(t, db, "m").LastError != "" })
	m := storedMail(t, db, "m")
	if !m.Failed.IsZero() {
		t.Errorf("marked failed although OnFailed failed")
	}
	if err := db.View(func(tx *store.Tx) error {
		if _, err := tx.Mail("notice/m"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("notice of the rolled-back failure: %v, want not found", err)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	notices.mu.Lock()
	notices.refuse = false
	notices.mu.Unlock()
	clock.Advance(backoff(0))
	o.Kick()
	eventually(t, "failed with its notice on the next attempt", func() bool {
		return !storedMail(t, db, "m").Failed.IsZero() && sent(t, db, "notice/m")
	})
	if got := notices.Calls(); len(got) != 2 {
		t.Errorf("OnFailed calls %q, want 2", got)
	}
}

// TestOutboxGivesUpOnOldMail: a mail still refused temporarily (451) when
// it is older than the give-up age (default five days) fails like a
// permanent refusal; a younger one refused the same way stays pending.
func TestOutboxGivesUpOnOldMail(t *testing.T) {
	srv := mailtest.StartSMTP(t, "", "")
	srv.SetFail(func(int) error { return tempFailure })
	db := openStore(t)
	start := created.Add(DefaultGiveUpAfter - 5*time.Second)
	clock := setFakeClock(t, start)
	old := testMail("old", "germany@example.test", created)
	old.FirstFailed = created // failing since it was queued
	enqueue(t, db,
		old,
		testMail("young", "italy@example.test", start))
	notices := &failedNotices{}
	opts := outboxOptions(t, srv.Addr)
	opts.OnFailed = notices.onFailed
	o := NewOutbox(opts, db)
	l := runLoop(t, o.Run)
	eventually(t, "both refused once", func() bool {
		return storedMail(t, db, "old").Attempts == 1 && storedMail(t, db, "old").LastError != "" &&
			storedMail(t, db, "young").Attempts == 1 && storedMail(t, db, "young").LastError != ""
	})
	if m := storedMail(t, db, "old"); !m.Failed.IsZero() {
		t.Fatalf("failed at %v, younger than the give-up age", m.Failed)
	}
	clock.Advance(backoff(0)) // now older than five days
	o.Kick()
	eventually(t, "old given up", func() bool { return !storedMail(t, db, "old").Failed.IsZero() })
	m := storedMail(t, db, "old")
	if !strings.Contains(m.LastError, "451") || !strings.Contains(m.LastError, "given up") || m.Attempts != 2 {
		t.Errorf("last error %q after %d attempts; want the 451 given up after 2", m.LastError, m.Attempts)
	}
	eventually(t, "young retried", func() bool { return storedMail(t, db, "young").Attempts == 2 })
	l.Stop() // waits for the attempt's outcome
	if y := storedMail(t, db, "young"); !y.Failed.IsZero() {
		t.Errorf("young mail failed: %q", y.LastError)
	}
	if got := notices.Calls(); !slices.Equal(got, []string{"old"}) {
		t.Errorf("OnFailed called for %q, want old", got)
	}
}

func TestPermanent(t *testing.T) {
	reply := func(code int, msg string) error { return &textproto.Error{Code: code, Msg: msg} }
	tests := []struct {
		name string
		err  error
		want bool
	}{
		{"550 to RCPT", &stageError{"RCPT TO <x@example.test>", reply(550, "5.1.1 no such user")}, true},
		{"554 to DATA", &stageError{"DATA", reply(554, "5.6.0 content refused")}, true},
		{"554 to BDAT", &stageError{"BDAT", reply(554, "5.6.0 content refused")}, true},
		{"451 to BDAT", &stageError{"BDAT", reply(451, "4.3.0 try again")}, false},
		{"553 to MAIL: the judge's sender", &stageError{"MAIL FROM", reply(553, "5.1.8 bad sender")}, false},
		{"554 relay denied to RCPT", &stageError{"RCPT TO <x@example.test>", reply(554, "5.7.1 Relay access denied")}, false},
		{"451 to DATA", &stageError{"DATA", reply(451, "4.3.0 try again")}, false},
		{"452 to RCPT", &stageError{"RCPT TO <x@example.test>", reply(452, "4.2.2 mailbox full")}, false},
		{"530 to MAIL: not logged in", &stageError{"MAIL FROM", reply(530, "5.7.0 authentication required")}, false},
		{"network error in DATA", &stageError{"DATA", &net.OpError{Op: "read", Err: errors.New("connection reset")}}, false},
		{"535 to AUTH while connecting", fmt.Errorf("mailer: connecting: %w", reply(535, "5.7.8 bad credentials")), false},
		{"wrapped", fmt.Errorf("outer: %w", &stageError{"DATA", reply(552, "5.3.4 too big")}), true},
	}
	for _, tt := range tests {
		if got := permanent(tt.err); got != tt.want {
			t.Errorf("%s: permanent(%v) = %v, want %v", tt.name, tt.err, got, tt.want)
		}
	}
}

// TestPerMail: only the server's replies about the mail itself (to RCPT
// and DATA) count towards the give-up age; an outage of the judge's own
// server, network or sender address never fails the mails it queued.
func TestPerMail(t *testing.T) {
	reply := func(code int, msg string) error { return &textproto.Error{Code: code, Msg: msg} }
	for _, tt := range []struct {
		err  error
		want bool
	}{
		{&stageError{"RCPT TO <x@example.test>", reply(451, "4.3.0 later")}, true},
		{&stageError{"DATA", reply(452, "4.3.1 full")}, true},
		{&stageError{"BDAT", reply(452, "4.3.1 full")}, true},
		{&stageError{"MAIL FROM", reply(451, "4.3.0 later")}, false},
		{&stageError{"DATA", &net.OpError{Op: "read", Err: errors.New("connection reset")}}, false},
		{fmt.Errorf("mailer: connecting: %w", &net.OpError{Op: "dial", Err: errors.New("connection refused")}), false},
	} {
		if got := perMail(tt.err); got != tt.want {
			t.Errorf("perMail(%v) = %v, want %v", tt.err, got, tt.want)
		}
	}
}
