package mailserver

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/emersion/go-imap/v2"
)

// dedupeFixture returns how to start a server on dir with the user
// germany@sandbox.test, and how many messages its INBOX holds.
func dedupeFixture(t *testing.T, dir string) (start func() *Server, count func(*Server) int) {
	start = func() *Server {
		t.Helper()
		s, err := Start(&Options{Dir: dir, IMAPAddr: "127.0.0.1:0", SMTPAddr: "127.0.0.1:0"})
		if err != nil {
			t.Fatal(err)
		}
		if err := s.AddUser("germany@sandbox.test", "germany"); err != nil {
			t.Fatal(err)
		}
		return s
	}
	count = func(s *Server) int {
		t.Helper()
		mb, err := s.lookupUser("germany@sandbox.test").mailbox(inboxName)
		if err != nil {
			t.Fatal(err)
		}
		return int(*mb.statusData(&imap.StatusOptions{NumMessages: true}).NumMessages)
	}
	return start, count
}

// dedupeMsg is a report with Message-ID id.
func dedupeMsg(id string) []byte {
	return []byte("From: judge@sandbox.test\r\nTo: germany@sandbox.test\r\nMessage-ID: " + id + "\r\nSubject: report\r\n\r\nbody\r\n")
}

// TestDuplicateMessageIDSuppressed: the same email (Message-ID and content)
// from the same sender reaches a recipient once, also across a restart;
// another sender, another Message-ID or other content is delivered.
func TestDuplicateMessageIDSuppressed(t *testing.T) {
	dir := t.TempDir()
	start, count := dedupeFixture(t, dir)
	s := start()
	for _, d := range []struct{ from, id string }{
		{"judge@sandbox.test", "<a@x>"},
		{"judge@sandbox.test", "<a@x>"}, // resend: suppressed
		{"other@sandbox.test", "<a@x>"}, // another sender: delivered
		{"judge@sandbox.test", "<b@x>"},
	} {
		if err := s.Deliver(d.from, []string{"germany@sandbox.test"}, dedupeMsg(d.id)); err != nil {
			t.Fatal(err)
		}
	}
	if n := count(s); n != 3 {
		t.Fatalf("INBOX holds %d messages, want 3", n)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s = start()
	defer s.Close()
	if err := s.Deliver("judge@sandbox.test", []string{"germany@sandbox.test"}, dedupeMsg("<b@x>")); err != nil {
		t.Fatal(err)
	}
	if n := count(s); n != 3 {
		t.Errorf("after restart and a resend: %d messages, want 3", n)
	}
	// Issue 24: a different email under an old Message-ID (an edited draft
	// sent again) is delivered, as the judge takes it for a new email.
	edited := []byte(strings.Replace(string(dedupeMsg("<b@x>")), "body", "edited body", 1))
	if err := s.Deliver("judge@sandbox.test", []string{"germany@sandbox.test"}, edited); err != nil {
		t.Fatal(err)
	}
	if n := count(s); n != 4 {
		t.Errorf("an edited email under an old Message-ID: %d messages, want 4", n)
	}
}

// TestDuplicateSuppressedAfterCrashBeforeLogging: a crash after a message
// was stored but before its delivery was logged (simulated by removing the
// log line) must not let the sender's resend through: the delivery is
// recovered from the INBOX at the next start, and logged again. A message
// a client APPENDed is not taken for a delivery.
func TestDuplicateSuppressedAfterCrashBeforeLogging(t *testing.T) {
	dir := t.TempDir()
	start, count := dedupeFixture(t, dir)
	s := start()
	if err := s.Deliver("judge@sandbox.test", []string{"germany@sandbox.test"}, dedupeMsg("<c@x>")); err != nil {
		t.Fatal(err)
	}
	// A client files a copy of another message by APPEND, headers and all.
	c := dialIMAP(t, s.IMAPAddr(), "germany@sandbox.test", "germany", nil)
	appended := append([]byte("Return-Path: <judge@sandbox.test>\r\n"), dedupeMsg("<d@x>")...)
	ac := c.Append("INBOX", int64(len(appended)), nil)
	if _, err := ac.Write(appended); err != nil {
		t.Fatal(err)
	}
	if err := ac.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := ac.Wait(); err != nil {
		t.Fatal(err)
	}
	c.Close()
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	logPath := filepath.Join(dir, deliveredLog)
	if err := os.WriteFile(logPath, nil, 0o600); err != nil { // the crash: no line logged
		t.Fatal(err)
	}

	s = start()
	defer s.Close()
	for _, id := range []string{"<c@x>", "<d@x>"} {
		if err := s.Deliver("judge@sandbox.test", []string{"germany@sandbox.test"}, dedupeMsg(id)); err != nil {
			t.Fatal(err)
		}
	}
	// c@x suppressed; d@x delivered (the APPENDed copy was no delivery).
	if n := count(s); n != 3 {
		t.Errorf("INBOX holds %d messages, want 3: the stored one, the appended one, the delivered d@x", n)
	}
	b, err := os.ReadFile(logPath)
	if err != nil {
		t.Fatal(err)
	}
	if want := dupKey("germany@sandbox.test", "judge@sandbox.test", "<c@x>", dedupeMsg("<c@x>")) + "\n"; !strings.Contains(string(b), want) {
		t.Errorf("the recovered delivery is not logged again:\n%s", b)
	}
}
