package mailer

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/mail"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-imap/v2/imapserver"
	"github.com/emersion/go-imap/v2/imapserver/imapmemserver"

	"stormjudge/store"
)

// waitFor is how long a test waits for a condition it polls. Conditions
// normally hold within milliseconds; the deadline only ends a stuck test.
const waitFor = 10 * time.Second

// eventually polls cond until it holds, failing the test after waitFor.
func eventually(t testing.TB, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(waitFor)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// testLogger writes the package's logs to the test log.
func testLogger(t testing.TB) *slog.Logger {
	return slog.New(slog.NewTextHandler(tWriter{t}, &slog.HandlerOptions{Level: slog.LevelDebug}))
}

type tWriter struct{ t testing.TB }

func (w tWriter) Write(p []byte) (int, error) {
	w.t.Helper()
	w.t.Log(strings.TrimRight(string(p), "\n"))
	return len(p), nil
}

// openStore opens a fresh store and checks its invariants at the end.
func openStore(t testing.TB) *store.DB {
	t.Helper()
	db, err := store.Open(filepath.Join(t.TempDir(), "stormjudge.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := db.View(store.Check); err != nil {
			t.Errorf("store.Check: %v", err)
		}
		db.Close()
	})
	return db
}

// loop is an Inbox or Outbox Run in its own goroutine.
type loop struct {
	t      testing.TB
	cancel context.CancelFunc
	done   chan struct{}
	err    error
	p      any // the panic that ended Run, if any
	once   sync.Once
}

// runLoop runs f (an Inbox or Outbox Run) in a goroutine until Stop. A panic
// inside f (a Hook simulating a crash) ends f as a crash would; Crashed
// waits for it.
func runLoop(t testing.TB, f func(context.Context) error) *loop {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	l := &loop{t: t, cancel: cancel, done: make(chan struct{})}
	go func() {
		defer close(l.done)
		defer func() { l.p = recover() }()
		l.err = f(ctx)
	}()
	t.Cleanup(func() { l.Stop() })
	return l
}

// Stop cancels Run and waits for it to return.
func (l *loop) Stop() {
	l.t.Helper()
	l.once.Do(func() {
		l.cancel()
		select {
		case <-l.done:
		case <-time.After(waitFor):
			l.t.Fatal("Run did not return after cancel")
		}
		if l.err != nil {
			l.t.Errorf("Run: %v", l.err)
		}
	})
}

// Crashed waits for Run to end by itself and returns the panic that ended
// it (nil if it returned).
func (l *loop) Crashed() any {
	l.t.Helper()
	select {
	case <-l.done:
	case <-time.After(waitFor):
		l.t.Fatal("Run did not crash")
	}
	l.Stop()
	return l.p
}

// withHook returns opts with the crash seam h (IMAPOptions.Hook or
// SMTPOptions.Hook).
func withHook[O IMAPOptions | SMTPOptions](opts *O, h func(string)) *O {
	switch o := any(opts).(type) {
	case *IMAPOptions:
		o.Hook = h
	case *SMTPOptions:
		o.Hook = h
	}
	return opts
}

// fakeClock replaces Now with a clock that moves only when told.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func setFakeClock(t testing.TB, start time.Time) *fakeClock {
	t.Helper()
	c := &fakeClock{now: start}
	Now = c.Now
	t.Cleanup(func() { Now = time.Now })
	return c
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// ---- IMAP: go-imap's in-memory server on loopback ----

const (
	imapUser = "judge@example.test"
	imapPass = "secret"
)

// memIMAP is a go-imap imapmemserver on 127.0.0.1 that can be stopped and
// started again on the same port, keeping its mailboxes.
type memIMAP struct {
	t    testing.TB
	caps imap.CapSet
	mem  *imapmemserver.Server
	user *imapmemserver.User
	addr string

	// idling receives a token whenever a client starts IDLE, so a test
	// can deliver mail strictly during IDLE.
	idling chan struct{}

	mu  sync.Mutex
	srv *imapserver.Server
}

// observedSession is the memserver's session, telling the test when IDLE
// starts.
type observedSession struct {
	imapserver.SessionIMAP4rev2
	idling chan struct{}
}

func (s observedSession) Idle(w *imapserver.UpdateWriter, stop <-chan struct{}) error {
	select {
	case s.idling <- struct{}{}:
	default:
	}
	return s.SessionIMAP4rev2.Idle(w, stop)
}

func startMemIMAP(t testing.TB, caps imap.CapSet) *memIMAP {
	t.Helper()
	s := &memIMAP{t: t, caps: caps, mem: imapmemserver.New(), idling: make(chan struct{}, 1)}
	s.user = imapmemserver.NewUser(imapUser, imapPass)
	if err := s.user.Create("INBOX", nil); err != nil {
		t.Fatal(err)
	}
	s.mem.AddUser(s.user)
	s.listen("127.0.0.1:0")
	t.Cleanup(s.stop)
	return s
}

func (s *memIMAP) listen(addr string) {
	s.t.Helper()
	var l net.Listener
	var err error
	// After a stop the port may take a moment to be free again.
	deadline := time.Now().Add(waitFor)
	for {
		l, err = net.Listen("tcp", addr)
		if err == nil || time.Now().After(deadline) {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err != nil {
		s.t.Fatal(err)
	}
	srv := imapserver.New(&imapserver.Options{
		NewSession: func(*imapserver.Conn) (imapserver.Session, *imapserver.GreetingData, error) {
			return observedSession{s.mem.NewSession().(imapserver.SessionIMAP4rev2), s.idling}, nil, nil
		},
		Caps:         s.caps,
		InsecureAuth: true,
		Logger:       discardLogger{},
	})
	s.mu.Lock()
	s.srv = srv
	s.addr = l.Addr().String()
	s.mu.Unlock()
	go srv.Serve(l)
}

type discardLogger struct{}

func (discardLogger) Printf(string, ...any) {}

// waitIdle waits until a client has entered IDLE since the last call.
func (s *memIMAP) waitIdle() {
	s.t.Helper()
	select {
	case <-s.idling:
	case <-time.After(waitFor):
		s.t.Fatal("no client entered IDLE")
	}
}

// stop closes the listener and every connection.
func (s *memIMAP) stop() {
	s.mu.Lock()
	srv := s.srv
	s.srv = nil
	s.mu.Unlock()
	if srv != nil {
		srv.Close()
	}
}

// restart serves the same mailboxes on the same address again.
func (s *memIMAP) restart() {
	s.t.Helper()
	s.listen(s.addr)
}

type literal struct {
	*bytes.Reader
}

func (l literal) Size() int64 { return int64(l.Reader.Len()) }

// deliver appends raw to the mailbox, as a delivery agent would.
func (s *memIMAP) deliver(mailbox string, raw []byte) {
	s.t.Helper()
	if _, err := s.user.Append(mailbox, literal{bytes.NewReader(raw)}, &imap.AppendOptions{}); err != nil {
		s.t.Fatalf("append to %s: %v", mailbox, err)
	}
}

// testMessage returns a small order email with the given Message-ID.
func testMessage(msgID string) []byte {
	return []byte("From: Germany <germany@example.test>\r\n" +
		"To: judge@example.test\r\n" +
		"Subject: orders " + msgID + "\r\n" +
		"Date: Mon, 01 Apr 1935 12:00:00 +0000\r\n" +
		"Message-ID: <" + msgID + ">\r\n" +
		"\r\n" +
		"GAME demo\r\nPOWER germany\r\nSECRET germany\r\nPASS\r\n")
}

// examine logs in to addr as a separate IMAP client and opens mailbox
// read-only (EXAMINE). The caller closes the client. The SelectData is nil
// when there is no such mailbox.
func examine(t testing.TB, addr, user, pass, mailbox string) (*imapclient.Client, *imap.SelectData) {
	t.Helper()
	c, err := imapclient.DialInsecure(addr, nil)
	if err != nil {
		t.Fatalf("checking %s: %v", mailbox, err)
	}
	if err := c.Login(user, pass).Wait(); err != nil {
		c.Close()
		t.Fatalf("checking %s: login: %v", mailbox, err)
	}
	sel, err := c.Select(mailbox, &imap.SelectOptions{ReadOnly: true}).Wait()
	if nonexistent(err) {
		return c, nil
	}
	if err != nil {
		c.Close()
		t.Fatalf("checking %s: select: %v", mailbox, err)
	}
	return c, sel
}

func nonexistent(err error) bool {
	var imapErr *imap.Error
	return errors.As(err, &imapErr) && imapErr.Code == imap.ResponseCodeNonExistent
}

// mailboxMessageIDs lists the Message-IDs of the messages of a mailbox not
// flagged \Deleted, in UID order, as seen by a separate IMAP client.
func mailboxMessageIDs(t testing.TB, addr, user, pass, mailbox string) []string {
	t.Helper()
	c, sel := examine(t, addr, user, pass, mailbox)
	defer c.Close()
	if sel == nil {
		return nil
	}
	data, err := c.UIDSearch(&imap.SearchCriteria{NotFlag: []imap.Flag{imap.FlagDeleted}}, nil).Wait()
	if err != nil {
		t.Fatalf("checking %s: search: %v", mailbox, err)
	}
	uids := data.AllUIDs()
	if len(uids) == 0 {
		return nil
	}
	section := &imap.FetchItemBodySection{Peek: true}
	msgs, err := c.Fetch(imap.UIDSetNum(uids...), &imap.FetchOptions{UID: true, BodySection: []*imap.FetchItemBodySection{section}}).Collect()
	if err != nil {
		t.Fatalf("checking %s: fetch: %v", mailbox, err)
	}
	slices.SortFunc(msgs, func(a, b *imapclient.FetchMessageBuffer) int { return int(a.UID) - int(b.UID) })
	var ids []string
	for _, m := range msgs {
		ids = append(ids, messageID(t, m.FindBodySection(section)))
	}
	c.Logout().Wait()
	return ids
}

// mailboxSize returns how many messages the mailbox holds, \Deleted or not.
func mailboxSize(t testing.TB, addr, user, pass, mailbox string) uint32 {
	t.Helper()
	c, sel := examine(t, addr, user, pass, mailbox)
	defer c.Close()
	if sel == nil {
		t.Fatalf("checking %s: no such mailbox", mailbox)
	}
	return sel.NumMessages
}

// selectUIDValidity returns (0 if there is no such mailbox) the mailbox's UIDVALIDITY.
func selectUIDValidity(t testing.TB, addr, user, pass, mailbox string) uint32 {
	t.Helper()
	c, sel := examine(t, addr, user, pass, mailbox)
	defer c.Close()
	if sel == nil {
		return 0
	}
	return sel.UIDValidity
}

func messageID(t testing.TB, raw []byte) string {
	t.Helper()
	m, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("parsing message: %v\n%s", err, raw)
	}
	return strings.Trim(m.Header.Get("Message-Id"), "<>")
}

// recorder is a Handler that remembers every message it accepted, in order,
// and can be told to fail for some Message-IDs.
type recorder struct {
	t  testing.TB
	mu sync.Mutex
	// fail, when it returns an error for a Message-ID, makes the Handler
	// fail for that message.
	fail  func(msgID string) error
	got   []InboundMessage
	ids   []string
	tries map[string]int
}

func newRecorder(t testing.TB) *recorder {
	return &recorder{t: t, tries: map[string]int{}}
}

func (r *recorder) handle(ctx context.Context, m InboundMessage) error {
	id := messageID(r.t, m.Raw)
	r.mu.Lock()
	defer r.mu.Unlock()
	r.tries[id]++
	if r.fail != nil {
		if err := r.fail(id); err != nil {
			return err
		}
	}
	r.got = append(r.got, m)
	r.ids = append(r.ids, id)
	return nil
}

func (r *recorder) IDs() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.ids)
}

func (r *recorder) Messages() []InboundMessage {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.got)
}

func (r *recorder) Tries(id string) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.tries[id]
}

func (r *recorder) count() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.ids)
}

// mailboxPosition reads the stored UIDVALIDITY and last UID.
func mailboxPosition(t testing.TB, db *store.DB, name string) (uidValidity, lastUID uint32) {
	t.Helper()
	if err := db.View(func(tx *store.Tx) error {
		var err error
		uidValidity, lastUID, err = tx.Mailbox(name)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	return uidValidity, lastUID
}

func ids(prefix string, n int) []string {
	var l []string
	for i := 1; i <= n; i++ {
		l = append(l, fmt.Sprintf("%s-%d@example.test", prefix, i))
	}
	return l
}
