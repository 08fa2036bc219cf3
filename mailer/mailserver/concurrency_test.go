package mailserver

import (
	"fmt"
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

func BenchmarkDeliver(b *testing.B) {
	s, err := Start(&Options{Dir: b.TempDir(), IMAPAddr: "127.0.0.1:0", SMTPAddr: "127.0.0.1:0"})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	if err := s.AddUser("judge", "judge"); err != nil {
		b.Fatal(err)
	}
	msg := []byte(testMessage("gm@sandbox.test", "judge@sandbox.test", "bench", "x"))
	for b.Loop() {
		if err := s.Deliver("gm@sandbox.test", []string{"judge"}, msg); err != nil {
			b.Fatal(err)
		}
	}
}
