package mailer

import (
	"bytes"
	"context"
	"fmt"
	"mime"
	"net/mail"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-smtp"

	"stormjudge/mailer/mailtest"
	"stormjudge/store"
)

// failFirst makes srv answer its first n DATA commands with tempFailure.
func failFirst(srv *mailtest.SMTP, n int) {
	srv.SetFail(func(i int) error {
		if i < n {
			return tempFailure
		}
		return nil
	})
}

// refuse is a RCPT check that refuses addr with noSuchUser.
func refuse(addr string) func(to string) error {
	return func(to string) error {
		if to == addr {
			return noSuchUser
		}
		return nil
	}
}

var tempFailure = &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "try again later"}

// ---- helpers ----

var created = time.Date(1935, time.April, 1, 12, 0, 0, 0, time.UTC)

func enqueue(t testing.TB, db *store.DB, mails ...*store.Mail) {
	t.Helper()
	if err := db.Update(func(tx *store.Tx) error {
		for _, m := range mails {
			if err := tx.Enqueue(m); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
}

func storedMail(t testing.TB, db *store.DB, id string) *store.Mail {
	t.Helper()
	var m *store.Mail
	if err := db.View(func(tx *store.Tx) error {
		var err error
		m, err = tx.Mail(id)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	return m
}

func outboxOptions(t testing.TB, addr string) *SMTPOptions {
	return &SMTPOptions{Addr: addr, HelloName: "judge.example.test", Timeout: waitFor, Logger: testLogger(t)}
}

func receivedByMessageID(t testing.TB, rs []mailtest.Received) map[string][]mailtest.Received {
	t.Helper()
	by := map[string][]mailtest.Received{}
	for _, r := range rs {
		id := messageID(t, r.Data)
		by[id] = append(by[id], r)
	}
	return by
}

// ---- tests ----

// TestOutboxSendsEachMailOnceWithHeaders, with BDAT (the server offers
// CHUNKING, RFC 3030) and with DATA (SMTPOptions.NoChunking): the server
// receives each mail once, exactly BuildMessage's bytes.
func TestOutboxSendsEachMailOnceWithHeaders(t *testing.T) {
	for _, noChunking := range []bool{false, true} {
		t.Run(fmt.Sprintf("NoChunking=%v", noChunking), func(t *testing.T) { testSendsEachMailOnce(t, noChunking) })
	}
}

func testSendsEachMailOnce(t *testing.T, noChunking bool) {
	srv := mailtest.StartSMTP(t, "", "")
	db := openStore(t)
	mails := []*store.Mail{
		{
			ID: "receipt-1", From: "judge@example.test", To: []string{"germany@example.test"},
			Subject: "Re: orders", Body: "GAME demo\nCONVERT IDLE TO CIVILIAN\n",
			MessageID: "<receipt-1@example.test>", InReplyTo: "<orders-1@example.test>",
			References: []string{"<start@example.test>", "<orders-1@example.test>"},
			Created:    created,
		},
		{
			ID: "report-1", From: "judge@example.test", To: []string{"italy@example.test", "gm@example.test"},
			Subject: "Frühjahr 1935 — Bericht", Body: "Économie: 3 usines converties.\n" + strings.Repeat("x", 100) + "\n",
			AutoSubmitted: "auto-replied", Created: created.Add(time.Minute),
		},
	}
	enqueue(t, db, mails...)
	opts := outboxOptions(t, srv.Addr)
	opts.NoChunking = noChunking
	o := NewOutbox(opts, db)
	runLoop(t, o.Run)
	for _, m := range mails {
		eventually(t, m.ID+" marked sent", func() bool { return !storedMail(t, db, m.ID).Sent.IsZero() })
	}
	// A barrier: a third mail, kicked; once it is sent, any resend of
	// the first two would have happened too.
	third := &store.Mail{ID: "notice-1", From: "judge@example.test", To: []string{"france@example.test"},
		Subject: "notice", Body: "hello\n", Created: created}
	enqueue(t, db, third)
	o.Kick()
	eventually(t, "third mail sent", func() bool { return !storedMail(t, db, third.ID).Sent.IsZero() })

	by := receivedByMessageID(t, srv.Received())
	if len(by) != 3 {
		t.Fatalf("server received %d distinct messages, want 3", len(by))
	}
	if want := map[bool]int{false: 3, true: 0}[noChunking]; srv.BDATs() != want {
		t.Errorf("%d BDAT commands, want %d", srv.BDATs(), want)
	}
	for _, m := range append(mails, third) {
		stored := storedMail(t, db, m.ID)
		rs := by[bareMsgID(stored.MessageID)]
		if len(rs) != 1 {
			t.Errorf("%s received %d times, want once", m.ID, len(rs))
			continue
		}
		r := rs[0]
		if r.From != m.From || !slices.Equal(r.To, m.To) {
			t.Errorf("%s envelope = %s -> %v, want %s -> %v", m.ID, r.From, r.To, m.From, m.To)
		}
		// The mail as queued (Enqueue filled in its Message-ID and
		// times): the store keeps no text of a sent mail.
		want, err := BuildMessage(m)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(r.Data, want) {
			t.Errorf("%s: sent bytes differ from BuildMessage:\n%s\n---\n%s", m.ID, r.Data, want)
		}
		checkHeaders(t, m, r.Data)
		if stored.Attempts != 1 || stored.LastError != "" {
			t.Errorf("%s: attempts %d, last error %q; want 1 and none", m.ID, stored.Attempts, stored.LastError)
		}
	}
}

// TestOutboxSendsHTMLWithInlineImage sends a flowed mail with its own HTML
// and an image: the server receives exactly BuildMessage's bytes of the
// pending mail, with the bare From address as MAIL FROM and every To
// address as RCPT TO.
func TestOutboxSendsHTMLWithInlineImage(t *testing.T) {
	srv := mailtest.StartSMTP(t, "", "")
	db := openStore(t)
	m := &store.Mail{
		ID: "map-1", From: "Stormjudge <judge@example.test>", To: []string{"Germany <germany@example.test>", "gm@example.test"},
		Subject: "Spring 1935: the map", Body: "The map of Spring 1935 \nis in the HTML part.\n", Flowed: true,
		HTML:    `<p>The map:</p><img src="cid:map-1@stormjudge.invalid" alt="map">` + "\n",
		Inline:  []store.Inline{{ContentID: "map-1@stormjudge.invalid", ContentType: "image/png", Name: "map.png", Source: "map/1"}},
		Created: created,
	}
	enqueue(t, db, m)
	drawn := *storedMail(t, db, m.ID) // what the outbox builds: the image drawn from its source
	drawn.Inline = []store.Inline{drawn.Inline[0]}
	drawn.Inline[0].Data = tinyPNG
	want, err := BuildMessage(&drawn)
	if err != nil {
		t.Fatal(err)
	}
	opts := outboxOptions(t, srv.Addr)
	opts.Inline = func(source string) ([]byte, error) {
		if source != "map/1" {
			return nil, fmt.Errorf("source %q: %w", source, store.ErrImageGone)
		}
		return tinyPNG, nil
	}
	runLoop(t, NewOutbox(opts, db).Run)
	eventually(t, "mail sent", func() bool { return !storedMail(t, db, m.ID).Sent.IsZero() })
	rs := srv.Received()
	if len(rs) != 1 {
		t.Fatalf("server received %d messages, want 1", len(rs))
	}
	r := rs[0]
	if r.From != "judge@example.test" || !slices.Equal(r.To, []string{"germany@example.test", "gm@example.test"}) {
		t.Errorf("envelope = %s -> %v, want judge@example.test -> [germany@example.test gm@example.test]", r.From, r.To)
	}
	if !bytes.Equal(r.Data, want) {
		t.Errorf("sent bytes differ from BuildMessage:\n%s\n---\n%s", r.Data, want)
	}
	checkBody(t, &drawn, r.Data)
}

// checkHeaders parses raw with net/mail and compares its header with m,
// then its MIME tree and contents (checkBody).
func checkHeaders(t testing.TB, m *store.Mail, raw []byte) {
	t.Helper()
	msg, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("%s: %v", m.ID, err)
	}
	h := msg.Header
	dec := new(mime.WordDecoder)
	subject, err := dec.DecodeHeader(h.Get("Subject"))
	if err != nil {
		t.Errorf("%s: Subject %q: %v", m.ID, h.Get("Subject"), err)
	}
	wantFrom, err := mail.ParseAddress(m.From)
	if err != nil {
		t.Fatalf("%s: From %q: %v", m.ID, m.From, err)
	}
	from, err := h.AddressList("From")
	if err != nil || len(from) != 1 || *from[0] != *wantFrom {
		t.Errorf("%s: From %q (%v), want %s", m.ID, h.Get("From"), err, m.From)
	}
	to, err := h.AddressList("To")
	var toAddrs []string
	for _, a := range to {
		toAddrs = append(toAddrs, a.Address)
	}
	if err != nil || !slices.Equal(toAddrs, m.To) {
		t.Errorf("%s: To %q (%v), want %v", m.ID, h.Get("To"), err, m.To)
	}
	date, err := h.Date()
	if err != nil || !date.Equal(m.Created.Truncate(time.Second)) {
		t.Errorf("%s: Date %q (%v), want %v", m.ID, h.Get("Date"), err, m.Created)
	}
	wantAuto := m.AutoSubmitted
	if wantAuto == "" {
		wantAuto = "auto-generated"
	}
	var wantRefs []string
	for _, r := range m.References {
		wantRefs = append(wantRefs, "<"+bareMsgID(r)+">")
	}
	wantInReplyTo := ""
	if m.InReplyTo != "" {
		wantInReplyTo = "<" + bareMsgID(m.InReplyTo) + ">"
	}
	checks := []struct{ name, got, want string }{
		{"Subject", subject, m.Subject},
		{"Message-ID", h.Get("Message-Id"), "<" + bareMsgID(m.MessageID) + ">"},
		{"In-Reply-To", h.Get("In-Reply-To"), wantInReplyTo},
		{"References", strings.Join(strings.Fields(h.Get("References")), " "), strings.Join(wantRefs, " ")},
		{"Auto-Submitted", h.Get("Auto-Submitted"), wantAuto},
		{"MIME-Version", h.Get("Mime-Version"), "1.0"},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s: %s = %q, want %q", m.ID, c.name, c.got, c.want)
		}
	}
	checkBody(t, m, raw)
}

func TestOutboxBacksOffOnTemporaryFailureThenSends(t *testing.T) {
	for _, noChunking := range []bool{false, true} {
		t.Run(fmt.Sprintf("NoChunking=%v", noChunking), func(t *testing.T) { testBacksOff(t, noChunking) })
	}
}

// testBacksOff: a 451 to the message's data (BDAT or DATA) is a failed
// attempt, retried on the schedule, until the server takes it.
func testBacksOff(t *testing.T, noChunking bool) {
	srv := mailtest.StartSMTP(t, "", "")
	failFirst(srv, 2)
	db := openStore(t)
	clock := setFakeClock(t, created)
	enqueue(t, db, &store.Mail{ID: "m", From: "judge@example.test", To: []string{"germany@example.test"},
		Subject: "s", Body: "b\n", Created: created})
	opts := outboxOptions(t, srv.Addr)
	opts.NoChunking = noChunking
	o := NewOutbox(opts, db)
	runLoop(t, o.Run)

	var prevNext time.Time
	for attempt := 1; attempt <= 2; attempt++ {
		eventually(t, fmt.Sprintf("attempt %d recorded as failed", attempt), func() bool {
			m := storedMail(t, db, "m")
			return m.Attempts == attempt && m.LastError != ""
		})
		m := storedMail(t, db, "m")
		if !strings.Contains(m.LastError, "451") {
			t.Errorf("attempt %d: last error %q, want the server's 451", attempt, m.LastError)
		}
		if want := clock.Now().Add(backoff(attempt - 1)); !m.NextAttempt.Equal(want) {
			t.Errorf("attempt %d: next attempt %v, want %v", attempt, m.NextAttempt, want)
		}
		if !m.NextAttempt.After(prevNext) {
			t.Errorf("attempt %d: next attempt %v not after the previous %v", attempt, m.NextAttempt, prevNext)
		}
		if !m.Sent.IsZero() {
			t.Fatalf("attempt %d: marked sent although the server refused", attempt)
		}
		prevNext = m.NextAttempt
		// Kicks while it is not due yet, then once it is.
		o.Kick()
		clock.Advance(backoff(attempt-1) - time.Second)
		o.Kick()
		clock.Advance(time.Second)
		o.Kick()
	}
	eventually(t, "sent on the third attempt", func() bool { return !storedMail(t, db, "m").Sent.IsZero() })
	m := storedMail(t, db, "m")
	if m.Attempts != 3 {
		t.Errorf("attempts = %d, want 3", m.Attempts)
	}
	if n := len(srv.Received()); n != 1 {
		t.Errorf("server accepted %d messages, want 1", n)
	}
}

func TestBackoffSchedule(t *testing.T) {
	tests := []struct {
		attempts int
		want     time.Duration
	}{
		{0, 10 * time.Second}, {1, time.Minute}, {2, 2 * time.Minute}, {5, 16 * time.Minute}, {6, time.Hour},
		{9, 8 * time.Hour}, {10, 8 * time.Hour}, {100, 8 * time.Hour}, {-1, 10 * time.Second},
	}
	for _, tt := range tests {
		if got := backoff(tt.attempts); got != tt.want {
			t.Errorf("backoff(%d) = %v, want %v", tt.attempts, got, tt.want)
		}
	}
}

// TestOutboxCrashAtHookPoints stops the outbox at each point of an attempt
// (a panicking Hook is a crash; a Hook that cancels the context is an
// orderly shutdown mid-attempt), then runs a fresh outbox on the same store
// a second later, long before the attempt's backoff: the interrupted mail
// is tried at once. Recorded-but-not-sent mail is sent once; mail the
// server accepted but that was not marked is sent again with the same
// bytes (same Message-ID, so receivers can drop it); marked mail is never
// sent again.
func TestOutboxCrashAtHookPoints(t *testing.T) {
	tests := []struct {
		name  string
		point string
		stop  func(cancel context.CancelFunc)
		// after the crash
		wantSent     bool
		wantReceived int
		// after the restart
		wantReceivedTotal int
	}{
		{"attempt-recorded-panic", "outbox-attempt-recorded", func(context.CancelFunc) { panic("crash") }, false, 0, 1},
		{"attempt-recorded-cancel", "outbox-attempt-recorded", func(cancel context.CancelFunc) { cancel() }, false, 0, 1},
		{"sent-panic", "outbox-sent", func(context.CancelFunc) { panic("crash") }, false, 1, 2},
		{"marked-panic", "outbox-marked", func(context.CancelFunc) { panic("crash") }, true, 1, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := mailtest.StartSMTP(t, "", "")
			db := openStore(t)
			clock := setFakeClock(t, created)
			enqueue(t, db, &store.Mail{ID: "m", From: "judge@example.test", To: []string{"germany@example.test"},
				Subject: "s", Body: "b\n", Created: created})

			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			crash := func(point string) {
				if point == tt.point {
					tt.stop(cancel)
				}
			}
			first := runLoop(t, func(c context.Context) error {
				go func() { <-c.Done(); cancel() }()
				return NewOutbox(withHook(outboxOptions(t, srv.Addr), crash), db).Run(ctx)
			})
			first.Crashed()

			m := storedMail(t, db, "m")
			if m.Attempts != 1 || m.Sent.IsZero() == tt.wantSent {
				t.Errorf("after the crash: attempts %d, sent %v; want 1 attempt, sent %v", m.Attempts, m.Sent, tt.wantSent)
			}
			if n := len(srv.Received()); n != tt.wantReceived {
				t.Errorf("server received %d messages before the crash, want %d", n, tt.wantReceived)
			}

			// The barrier mail is sent after m: it goes to the same
			// recipient and was queued later.
			enqueue(t, db, &store.Mail{ID: "barrier", From: "judge@example.test", To: []string{"germany@example.test"},
				Subject: "barrier", Body: "b\n", Created: created.Add(time.Second)})
			clock.Advance(time.Second)
			runLoop(t, NewOutbox(outboxOptions(t, srv.Addr), db).Run)
			eventually(t, "barrier sent after restart", func() bool { return !storedMail(t, db, "barrier").Sent.IsZero() })
			if m := storedMail(t, db, "m"); m.InFlight || m.Sent.After(created.Add(time.Second)) {
				t.Errorf("after the restart: in flight %v, sent at %v; want sent at the restart, %v", m.InFlight, m.Sent, created.Add(time.Second))
			}
			if storedMail(t, db, "m").Sent.IsZero() {
				t.Error("mail not marked sent after the restart")
			}
			rs := receivedByMessageID(t, srv.Received())[bareMsgID(storedMail(t, db, "m").MessageID)]
			if len(rs) != tt.wantReceivedTotal {
				t.Errorf("server received the mail %d times, want %d", len(rs), tt.wantReceivedTotal)
			}
			for _, r := range rs[1:] {
				if !bytes.Equal(r.Data, rs[0].Data) {
					t.Errorf("the resent message differs from the first:\n%s\n---\n%s", r.Data, rs[0].Data)
				}
			}
		})
	}
}

func TestOutboxAuthenticates(t *testing.T) {
	tests := []struct {
		name     string
		user     string
		pass     string
		wantSent bool
	}{
		{"right-password", "judge", "secret", true},
		{"wrong-password", "judge", "wrong", false},
		{"no-auth-configured", "", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := mailtest.StartSMTP(t, "judge", "secret")
			db := openStore(t)
			enqueue(t, db, &store.Mail{ID: "m", From: "judge@example.test", To: []string{"germany@example.test"},
				Subject: "s", Body: "b\n", Created: created})
			opts := outboxOptions(t, srv.Addr)
			opts.Username, opts.Password = tt.user, tt.pass
			runLoop(t, NewOutbox(opts, db).Run)
			eventually(t, "an attempt finished", func() bool {
				m := storedMail(t, db, "m")
				return !m.Sent.IsZero() || m.LastError != ""
			})
			m := storedMail(t, db, "m")
			if sent := !m.Sent.IsZero(); sent != tt.wantSent {
				t.Errorf("sent = %v (last error %q), want %v", sent, m.LastError, tt.wantSent)
			}
			if n := len(srv.Received()); (n == 1) != tt.wantSent {
				t.Errorf("server accepted %d messages", n)
			}
		})
	}
}

func TestOutboxRejectsBadOptions(t *testing.T) {
	db := openStore(t)
	for _, opts := range []*SMTPOptions{
		{Addr: "127.0.0.1:25", TLS: "ssl"},
		{Addr: "no-port"},
		{Addr: "127.0.0.1:smtp"},
	} {
		ctx, cancel := context.WithTimeout(context.Background(), waitFor)
		err := NewOutbox(opts, db).Run(ctx)
		cancel()
		if err == nil || !strings.HasPrefix(err.Error(), "mailer: ") {
			t.Errorf("Run(%+v) = %v, want a mailer: error", opts, err)
		}
	}
}
