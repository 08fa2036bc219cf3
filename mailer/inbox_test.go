package mailer

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"

	"stormjudge/store"
)

// serverKinds are the IMAP servers the inbox must cope with, by what they
// offer for moving messages.
var serverKinds = []struct {
	name string
	caps imap.CapSet
	// expungedCopies: the server can remove our copy from the inbox
	// (MOVE or UIDPLUS); otherwise it stays there flagged \Deleted.
	expungedCopies bool
}{
	{"imap4rev2-move", imap.CapSet{imap.CapIMAP4rev2: {}}, true},
	{"imap4rev1-uidplus-copy", imap.CapSet{imap.CapIMAP4rev1: {}, imap.CapUIDPlus: {}}, true},
	{"imap4rev1-copy-no-expunge", imap.CapSet{imap.CapIMAP4rev1: {}}, false},
}

func inboxOptions(t testing.TB, addr string) *IMAPOptions {
	return &IMAPOptions{
		Addr:     addr,
		Username: imapUser,
		Password: imapPass,
		// Short, so that retries after a Handler error come quickly.
		PollInterval: 200 * time.Millisecond,
		Logger:       testLogger(t),
	}
}

func TestInboxHandlesEachMessageOnceAndMovesIt(t *testing.T) {
	for _, kind := range serverKinds {
		t.Run(kind.name, func(t *testing.T) {
			srv := startMemIMAP(t, kind.caps)
			db := openStore(t)
			before := ids("before", 3)
			for _, id := range before {
				srv.deliver("INBOX", testMessage(id))
			}
			rec := newRecorder(t)
			opts := inboxOptions(t, srv.addr)
			opts.PollInterval = time.Hour // only IDLE can bring the late message in
			in := NewInbox(opts, db, rec.handle)
			l := runLoop(t, in.Run)

			eventually(t, "the three waiting messages handled", func() bool { return rec.count() == 3 })
			// Arrives while the inbox IDLEs: the server's EXISTS must wake it.
			eventually(t, "the three moved", func() bool {
				return len(mailboxMessageIDs(t, srv.addr, imapUser, imapPass, "Processed")) == 3
			})
			srv.waitIdle() // the first IDLE comes after the first scan
			late := "late-1@example.test"
			srv.deliver("INBOX", testMessage(late))
			eventually(t, "the message delivered during IDLE handled", func() bool { return rec.count() == 4 })
			want := append(slices.Clone(before), late)
			eventually(t, "all four in Processed", func() bool {
				return slices.Equal(mailboxMessageIDs(t, srv.addr, imapUser, imapPass, "Processed"), want)
			})
			l.Stop()

			if got := rec.IDs(); !slices.Equal(got, want) {
				t.Errorf("Handler got %v, want each once in order %v", got, want)
			}
			if got := mailboxMessageIDs(t, srv.addr, imapUser, imapPass, "INBOX"); len(got) != 0 {
				t.Errorf("INBOX still holds %v", got)
			}
			validity := selectUIDValidity(t, srv.addr, imapUser, imapPass, "INBOX")
			gotValidity, lastUID := mailboxPosition(t, db, "INBOX")
			if gotValidity != validity || lastUID != 4 {
				t.Errorf("stored position = (%d, %d), want (%d, 4)", gotValidity, lastUID, validity)
			}
			for i, m := range rec.Messages() {
				if m.Mailbox != "INBOX" || m.UIDValidity != validity || m.UID != uint32(i+1) {
					t.Errorf("message %d: got mailbox %q uidvalidity %d uid %d", i, m.Mailbox, m.UIDValidity, m.UID)
				}
			}
			// Without MOVE and UIDPLUS the originals stay, flagged \Deleted
			// (mailboxMessageIDs hides them): a plain EXPUNGE could remove
			// other people's deleted mail.
			wantLeft := uint32(0)
			if !kind.expungedCopies {
				wantLeft = 4
			}
			if got := mailboxSize(t, srv.addr, imapUser, imapPass, "INBOX"); got != wantLeft {
				t.Errorf("INBOX has %d messages including deleted ones, want %d", got, wantLeft)
			}
		})
	}
}

func TestInboxHandlerErrorLeavesMessageForRetry(t *testing.T) {
	for _, kind := range serverKinds {
		t.Run(kind.name, func(t *testing.T) {
			srv := startMemIMAP(t, kind.caps)
			db := openStore(t)
			msgs := ids("m", 3)
			for _, id := range msgs {
				srv.deliver("INBOX", testMessage(id))
			}
			bad := msgs[1]
			rec := newRecorder(t)
			failing := make(chan bool, 1)
			failing <- true
			rec.fail = func(id string) error {
				if id != bad {
					return nil
				}
				ok := <-failing
				failing <- ok
				if ok {
					return errors.New("store busy")
				}
				return nil
			}
			in := NewInbox(inboxOptions(t, srv.addr), db, rec.handle)
			l := runLoop(t, in.Run)

			eventually(t, "the failing message tried twice", func() bool { return rec.Tries(bad) >= 2 })
			eventually(t, "the others handled", func() bool { return rec.count() == 2 })
			if got := mailboxMessageIDs(t, srv.addr, imapUser, imapPass, "INBOX"); !slices.Equal(got, []string{bad}) {
				t.Errorf("INBOX holds %v while the Handler fails, want only %v", got, bad)
			}
			// lastUID must not pass the failed message, or a crash would
			// make the next scan move it unhandled.
			if _, lastUID := mailboxPosition(t, db, "INBOX"); lastUID != 1 {
				t.Errorf("lastUID = %d while UID 2 fails, want 1", lastUID)
			}

			<-failing
			failing <- false
			eventually(t, "the failed message handled on a later scan", func() bool { return rec.count() == 3 })
			eventually(t, "all in Processed", func() bool {
				return len(mailboxMessageIDs(t, srv.addr, imapUser, imapPass, "Processed")) == 3
			})
			l.Stop()
			if got, want := rec.IDs(), []string{msgs[0], msgs[2], msgs[1]}; !slices.Equal(got, want) {
				t.Errorf("handled %v, want %v", got, want)
			}
			if _, lastUID := mailboxPosition(t, db, "INBOX"); lastUID != 2 {
				t.Errorf("lastUID = %d after the retry, want 2", lastUID)
			}
		})
	}
}

func TestInboxReconnectsAfterServerRestart(t *testing.T) {
	srv := startMemIMAP(t, imap.CapSet{imap.CapIMAP4rev2: {}})
	db := openStore(t)
	rec := newRecorder(t)
	srv.deliver("INBOX", testMessage("first@example.test"))
	in := NewInbox(inboxOptions(t, srv.addr), db, rec.handle)
	runLoop(t, in.Run)
	eventually(t, "first message handled", func() bool { return rec.count() == 1 })

	srv.stop()
	// Mail arrives while the server is down for IMAP clients.
	srv.deliver("INBOX", testMessage("second@example.test"))
	srv.restart()
	eventually(t, "second message handled after reconnecting", func() bool { return rec.count() == 2 })
	eventually(t, "both in Processed", func() bool {
		return slices.Equal(mailboxMessageIDs(t, srv.addr, imapUser, imapPass, "Processed"),
			[]string{"first@example.test", "second@example.test"})
	})
}

func TestInboxPokeScansWithoutIdle(t *testing.T) {
	srv := startMemIMAP(t, imap.CapSet{imap.CapIMAP4rev2: {}})
	db := openStore(t)
	rec := newRecorder(t)
	opts := inboxOptions(t, srv.addr)
	opts.DisableIDLE = true
	opts.PollInterval = time.Hour // only Poke can bring mail in
	in := NewInbox(opts, db, rec.handle)
	runLoop(t, in.Run)
	// Wait for the first (empty) scan: Processed exists once connected.
	eventually(t, "Processed created", func() bool {
		return selectUIDValidity(t, srv.addr, imapUser, imapPass, "Processed") != 0
	})
	for i, id := range ids("poked", 2) {
		srv.deliver("INBOX", testMessage(id))
		in.Poke()
		eventually(t, "poked message handled", func() bool { return rec.count() == i+1 })
	}
}

func TestInboxStoredPositionAfterCrash(t *testing.T) {
	tests := []struct {
		name string
		// position stored before Run, relative to the server's UIDVALIDITY
		validityDelta uint32
		lastUID       uint32
		wantHandled   []string
	}{
		{"handled-before-crash-only-moved", 0, 2, []string{"c-3@example.test"}},
		{"uidvalidity-changed-rescans-all", 7, 2, ids("c", 3)},
		{"nothing-stored-handles-all", 0, 0, ids("c", 3)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := startMemIMAP(t, imap.CapSet{imap.CapIMAP4rev2: {}})
			db := openStore(t)
			for _, id := range ids("c", 3) {
				srv.deliver("INBOX", testMessage(id))
			}
			validity := selectUIDValidity(t, srv.addr, imapUser, imapPass, "INBOX")
			if tt.lastUID != 0 {
				if err := db.Update(func(tx *store.Tx) error {
					return tx.SetMailbox("INBOX", validity+tt.validityDelta, tt.lastUID)
				}); err != nil {
					t.Fatal(err)
				}
			}
			rec := newRecorder(t)
			in := NewInbox(inboxOptions(t, srv.addr), db, rec.handle)
			l := runLoop(t, in.Run)
			eventually(t, "inbox emptied", func() bool {
				return len(mailboxMessageIDs(t, srv.addr, imapUser, imapPass, "Processed")) == 3
			})
			l.Stop()
			if got := rec.IDs(); !slices.Equal(got, tt.wantHandled) {
				t.Errorf("handled %v, want %v", got, tt.wantHandled)
			}
			if v, last := mailboxPosition(t, db, "INBOX"); v != validity || last != 3 {
				t.Errorf("stored position (%d, %d), want (%d, 3)", v, last, validity)
			}
		})
	}
}

// TestInboxCrashAtHookPoints kills Run (a panicking Hook) at each point of
// the inbound pipeline, then runs a fresh Inbox on the same store and server:
// the message must end up handled exactly once and moved.
func TestInboxCrashAtHookPoints(t *testing.T) {
	tests := []struct {
		point       string
		wantHandled int // Handler calls in total, over both runs
		wantLastUID uint32
	}{
		{"inbox-fetched", 1, 0},
		{"inbox-handled", 1, 1},
		{"inbox-moved", 1, 1},
	}
	for _, tt := range tests {
		t.Run(tt.point, func(t *testing.T) {
			srv := startMemIMAP(t, imap.CapSet{imap.CapIMAP4rev2: {}})
			db := openStore(t)
			srv.deliver("INBOX", testMessage("crash@example.test"))
			rec := newRecorder(t)
			crash := func(point string) {
				if point == tt.point {
					panic(fmt.Sprintf("crash at %s", point))
				}
			}
			first := runLoop(t, NewInbox(withHook(inboxOptions(t, srv.addr), crash), db, rec.handle).Run)
			if p := first.Crashed(); p != fmt.Sprintf("crash at %s", tt.point) {
				t.Fatalf("Run ended with %v, want the hook's panic", p)
			}
			if _, last := mailboxPosition(t, db, "INBOX"); last != tt.wantLastUID {
				t.Errorf("after the crash lastUID = %d, want %d", last, tt.wantLastUID)
			}
			second := runLoop(t, NewInbox(inboxOptions(t, srv.addr), db, rec.handle).Run)
			eventually(t, "message in Processed", func() bool {
				return slices.Equal(mailboxMessageIDs(t, srv.addr, imapUser, imapPass, "Processed"),
					[]string{"crash@example.test"})
			})
			second.Stop()
			if got := rec.Tries("crash@example.test"); got != tt.wantHandled {
				t.Errorf("Handler called %d times, want %d", got, tt.wantHandled)
			}
			if got := mailboxMessageIDs(t, srv.addr, imapUser, imapPass, "INBOX"); len(got) != 0 {
				t.Errorf("INBOX still holds %v", got)
			}
		})
	}
}

func TestInboxRejectsBadOptions(t *testing.T) {
	db := openStore(t)
	h := newRecorder(t).handle
	tests := []struct {
		name string
		opts *IMAPOptions
		h    Handler
	}{
		{"unknown-tls-mode", &IMAPOptions{TLS: "ssl"}, h},
		{"processed-is-watched", &IMAPOptions{Mailbox: "INBOX", ProcessedMailbox: "inbox"}, h},
		{"no-handler", nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), waitFor)
			defer cancel()
			err := NewInbox(tt.opts, db, tt.h).Run(ctx)
			if err == nil || !strings.HasPrefix(err.Error(), "mailer: ") {
				t.Errorf("Run = %v, want a mailer: error", err)
			}
		})
	}
}

// TestInboxAdvanceInTheHandlersTransaction (issue 24): a Handler that
// stores the position with InboundMessage.Advance in its own transaction
// spares the inbox its commit; one whose transaction rolls back leaves it
// to the inbox. Either way the stored position ends past every message
// handled.
func TestInboxAdvanceInTheHandlersTransaction(t *testing.T) {
	srv := startMemIMAP(t, serverKinds[0].caps)
	db := openStore(t)
	for _, id := range ids("adv", 4) {
		srv.deliver("INBOX", testMessage(id))
	}
	var mu sync.Mutex
	var positions []uint32 // the position each handler's transaction saw after Advance
	n := 0
	h := func(ctx context.Context, m InboundMessage) error {
		mu.Lock()
		defer mu.Unlock()
		n++
		if m.Advance == nil {
			return errors.New("no Advance")
		}
		rollback := errors.New("rolled back")
		err := db.Update(func(tx *store.Tx) error {
			if err := m.Advance(tx); err != nil {
				return err
			}
			_, last, err := tx.Mailbox("INBOX")
			positions = append(positions, last)
			if n%2 == 0 {
				return rollback // the even ones: the inbox must store it itself
			}
			return err
		})
		if errors.Is(err, rollback) {
			return nil
		}
		return err
	}
	in := NewInbox(inboxOptions(t, srv.addr), db, h)
	l := runLoop(t, in.Run)
	eventually(t, "four handled", func() bool {
		mu.Lock()
		defer mu.Unlock()
		return n == 4
	})
	eventually(t, "the position past the fourth", func() bool {
		_, last := mailboxPosition(t, db, "INBOX")
		return last == 4
	})
	l.Stop()
	if !slices.Equal(positions, []uint32{1, 2, 3, 4}) {
		t.Errorf("positions inside the handlers' transactions: %v", positions)
	}
}

// TestInboxFetchesInBatches (issue 24): messages are fetched a batch at a
// time (fetchBatch of them, fetchBatchBytes together); every one is still
// handled once, in order, across the batches' bounds and with messages
// so large that a batch holds fewer.
func TestInboxFetchesInBatches(t *testing.T) {
	for _, kind := range serverKinds {
		t.Run(kind.name, func(t *testing.T) {
			srv := startMemIMAP(t, kind.caps)
			db := openStore(t)
			want := ids("batch", 2*fetchBatch+5)
			big := strings.Repeat("x", fetchBatchBytes/3) + "\r\n"
			for i, id := range want {
				m := testMessage(id)
				if i%7 == 3 { // a third of a batch's bytes: four of them do not fit
					m = append(m, big...)
				}
				srv.deliver("INBOX", m)
			}
			rec := newRecorder(t)
			in := NewInbox(inboxOptions(t, srv.addr), db, rec.handle)
			l := runLoop(t, in.Run)
			eventually(t, "every message handled", func() bool { return rec.count() >= len(want) })
			eventually(t, "every message moved", func() bool {
				return len(mailboxMessageIDs(t, srv.addr, imapUser, imapPass, "Processed")) == len(want)
			})
			l.Stop()
			if got := rec.IDs(); !slices.Equal(got, want) {
				t.Errorf("Handler got %v, want each once in order %v", got, want)
			}
		})
	}
}
