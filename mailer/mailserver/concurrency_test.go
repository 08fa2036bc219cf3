package mailserver

import (
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"
	"testing"

	"github.com/emersion/go-imap/v2"
)

// TestConcurrentDeliveryAndMove delivers from several goroutines while an
// IMAP session keeps moving mail out of INBOX: no message is lost or
// duplicated, UIDs stay unique, and a restart finds the same state. Run it
// with -race.
func TestConcurrentDeliveryAndMove(t *testing.T) {
	dir := t.TempDir()
	s := startServer(t, dir)
	const senders, perSender = 6, 8
	c := dialIMAP(t, s.IMAPAddr(), "judge", "judge", nil)
	if err := c.Create("Orders", nil).Wait(); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Select("INBOX", nil).Wait(); err != nil {
		t.Fatal(err)
	}

	var wg sync.WaitGroup
	errs := make(chan error, senders*perSender)
	for i := 0; i < senders; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := 0; j < perSender; j++ {
				msg := testMessage("gm@sandbox.test", "judge@sandbox.test", fmt.Sprintf("s%d m%d", i, j), "x")
				var err error
				if j%2 == 0 {
					err = s.Deliver("gm@sandbox.test", []string{"judge", "france"}, []byte(msg))
				} else {
					err = sendSMTP(t, s, nil, "gm@sandbox.test", []string{"judge@sandbox.test", "france@sandbox.test"}, msg)
				}
				if err != nil {
					errs <- err
				}
			}
		}()
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	moving := true
	for moving {
		select {
		case <-done:
			moving = false
		default:
		}
		// UID MOVE 1:* moves whatever has arrived; an empty INBOX is fine.
		if err := c.Noop().Wait(); err != nil {
			t.Fatal(err)
		}
		if c.Mailbox().NumMessages > 0 {
			if _, err := c.Move(imap.UIDSet{{Start: 1, Stop: 0}}, "Orders").Wait(); err != nil {
				t.Fatalf("MOVE: %v", err)
			}
		}
	}
	close(errs)
	for err := range errs {
		t.Errorf("delivery: %v", err)
	}

	total := senders * perSender
	check := func(st []mailboxState) {
		t.Helper()
		subjects := make(map[string]bool)
		n := 0
		for _, mb := range st {
			uids := make(map[imap.UID]bool)
			for _, m := range mb.Messages {
				if uids[m.UID] {
					t.Errorf("%s: UID %d twice", mb.Name, m.UID)
				}
				uids[m.UID] = true
				subjects[m.Body[len(m.Body)-40:]] = true
				n++
			}
		}
		if n != total {
			t.Errorf("judge has %d messages, want %d", n, total)
		}
	}
	before := snapshot(t, s, "judge", "judge")
	check(before)
	if n := inboxCount(t, s, "france", "france"); n != uint32(total) {
		t.Errorf("france has %d messages, want %d", n, total)
	}
	s.Close()
	s2 := startServer(t, dir)
	after := snapshot(t, s2, "judge", "judge")
	check(after)
	if fmt.Sprint(before) != fmt.Sprint(after) {
		t.Errorf("state changed across restart")
	}
}

// BenchmarkDeliver delivers a new message (its own Message-ID: the same one
// again would be suppressed as a duplicate) to one INBOX, which grows by
// one message an iteration: run it with a fixed -benchtime (2000x) to
// compare. It reports the fsyncs a delivery costs.
func BenchmarkDeliver(b *testing.B) {
	s, err := Start(&Options{Dir: b.TempDir(), IMAPAddr: "127.0.0.1:0", SMTPAddr: "127.0.0.1:0",
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	if err := s.AddUser("judge", "judge"); err != nil {
		b.Fatal(err)
	}
	body := strings.Repeat("an order line of a few words\r\n", 100) // 3 KB, a report's size
	msgs := make([][]byte, b.N)
	for i := range msgs {
		msgs[i] = []byte(testMessage("gm@sandbox.test", "judge@sandbox.test", fmt.Sprintf("bench %d", i), body))
	}
	f0 := fsyncs.Load()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := s.Deliver("gm@sandbox.test", []string{"judge"}, msgs[i]); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(fsyncs.Load()-f0)/float64(b.N), "fsyncs/op")
	if n := inboxCountDirect(b, s, "judge"); n != b.N {
		b.Fatalf("INBOX holds %d messages, want %d", n, b.N)
	}
}

// inboxCountDirect is the number of messages in user's INBOX, read without
// IMAP.
func inboxCountDirect(tb testing.TB, s *Server, user string) int {
	tb.Helper()
	mb, err := s.lookupUser(user).mailbox(inboxName)
	if err != nil {
		tb.Fatal(err)
	}
	return int(*mb.statusData(&imap.StatusOptions{NumMessages: true}).NumMessages)
}
