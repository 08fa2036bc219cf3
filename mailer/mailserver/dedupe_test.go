package mailserver

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
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

// TestLoadsDirWrittenBeforeJournal opens a Dir written by the server before
// the journal (testdata/v1-dir: mailbox.json and one file per message,
// made by that code with mail delivered, flagged, moved, appended, in a
// renamed and unsubscribed hierarchy, and then the crash that layout had
// to recover from: a delivery stored but not logged in delivered.log, that
// of <r3@judge>). Everything is there, with its UIDs and UIDVALIDITY; the
// mailboxes are rewritten as index.json and a journal; resends of every
// delivery are suppressed, that of r3 too (recovered from the INBOX), but a
// message a client APPENDed is no delivery.
func TestLoadsDirWrittenBeforeJournal(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("testdata", "v1-dir"))); err != nil {
		t.Fatal(err)
	}
	s := startServer(t, dir)
	france := snapshot(t, s, "france", "france")
	judge := snapshot(t, s, "judge", "judge")
	got := func(st []mailboxState) string {
		var b strings.Builder
		for _, mb := range st {
			fmt.Fprintf(&b, "%s %d %d %v:", mb.Name, mb.UIDValidity, mb.UIDNext, mb.Subscribed)
			for _, m := range mb.Messages {
				fmt.Fprintf(&b, " %d%v", m.UID, m.Flags)
			}
			b.WriteString("\n")
		}
		return b.String()
	}
	for _, c := range []struct {
		st   []mailboxState
		want string
	}{
		{france, "Archive 1795780759 1 false:\nArchive/2035 1795780760 2 false: 1[]\nINBOX 1795780758 5 true: 1[$label1 \\Seen] 3[] 4[]\n"},
		{judge, "INBOX 1795780758 3 true: 2[]\nProcessed 1795780759 2 false: 1[]\n"},
	} {
		if g := got(c.st); g != c.want {
			t.Errorf("mailboxes:\n%swant\n%s", g, c.want)
		}
	}
	err := filepath.WalkDir(filepath.Join(dir, "mail"), func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Name() == legacyMetaFile {
			t.Errorf("%s left after the load", p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}

	for _, id := range []string{"<r1@judge>", "<r2@judge>", "<r3@judge>", "<appended@judge>"} {
		if err := s.Deliver("judge@sandbox.test", []string{"france@sandbox.test"}, dedupeMsg(id)); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Deliver("france@sandbox.test", []string{"judge@sandbox.test"},
		[]byte(testMessage("france@sandbox.test", "judge@sandbox.test", "orders one", "PASS"))); err != nil {
		t.Fatal(err)
	}
	if n := inboxCountDirect(t, s, "france"); n != 4 {
		t.Errorf("france's INBOX holds %d messages after the resends, want 4 (the APPENDed message's Message-ID delivered)", n)
	}
	if n := inboxCountDirect(t, s, "judge"); n != 1 {
		t.Errorf("judge's INBOX holds %d messages after a resend, want 1", n)
	}
	france = snapshot(t, s, "france", "france")
	s.Close()
	s2 := startServer(t, dir)
	if after := snapshot(t, s2, "france", "france"); !reflect.DeepEqual(france, after) {
		t.Errorf("state changed across restart:\nbefore %+v\nafter  %+v", france, after)
	}
}

// TestDeliveredLogTornLine: after a line of delivered.log torn by a crash,
// the next key is written on a line of its own.
func TestDeliveredLogTornLine(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, deliveredLog), []byte("x@sandbox.test\tjudge@sandbox.test\t<torn"), 0o600); err != nil {
		t.Fatal(err)
	}
	s, err := Start(&Options{Dir: dir, IMAPAddr: "127.0.0.1:0", SMTPAddr: "127.0.0.1:0"})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.logDeliveries([]string{"a\tb\tc\td"}); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, deliveredLog))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(string(b), "<torn\na\tb\tc\td\n") {
		t.Errorf("delivered.log:\n%q", b)
	}
}
