package mailserver

import (
	"testing"

	"github.com/emersion/go-imap/v2"
)

// TestDuplicateMessageIDSuppressed: the same Message-ID from the same sender
// reaches a recipient once, also across a restart; another sender or
// another Message-ID is delivered.
func TestDuplicateMessageIDSuppressed(t *testing.T) {
	dir := t.TempDir()
	start := func() *Server {
		s, err := Start(&Options{Dir: dir, IMAPAddr: "127.0.0.1:0", SMTPAddr: "127.0.0.1:0"})
		if err != nil {
			t.Fatal(err)
		}
		if err := s.AddUser("germany@sandbox.test", "germany"); err != nil {
			t.Fatal(err)
		}
		return s
	}
	msg := func(id string) []byte {
		return []byte("From: judge@sandbox.test\r\nTo: germany@sandbox.test\r\nMessage-ID: " + id + "\r\nSubject: report\r\n\r\nbody\r\n")
	}
	count := func(s *Server) int {
		u := s.lookupUser("germany@sandbox.test")
		mb, err := u.mailbox(inboxName)
		if err != nil {
			t.Fatal(err)
		}
		return int(*mb.statusData(&imap.StatusOptions{NumMessages: true}).NumMessages)
	}
	s := start()
	for _, d := range []struct{ from, id string }{
		{"judge@sandbox.test", "<a@x>"},
		{"judge@sandbox.test", "<a@x>"}, // resend: suppressed
		{"other@sandbox.test", "<a@x>"}, // another sender: delivered
		{"judge@sandbox.test", "<b@x>"},
	} {
		if err := s.Deliver(d.from, []string{"germany@sandbox.test"}, msg(d.id)); err != nil {
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
	if err := s.Deliver("judge@sandbox.test", []string{"germany@sandbox.test"}, msg("<b@x>")); err != nil {
		t.Fatal(err)
	}
	if n := count(s); n != 3 {
		t.Errorf("after restart and a resend: %d messages, want 3", n)
	}
}
