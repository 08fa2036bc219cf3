package mailer

import (
	"slices"
	"testing"
	"time"

	"stormjudge/mailer/mailtest"
)

// TestInboxAgainstDovecot runs the inbox against the IMAP server players and
// operators actually use: Dovecot (MOVE, UIDPLUS, IDLE), with mail delivered
// over LMTP as an MTA would.
func TestInboxAgainstDovecot(t *testing.T) {
	imapAddr, lmtpAddr := mailtest.StartDovecot(t, map[string]string{"judge": "secret", "other": "pw"})
	deliver := func(id string) {
		t.Helper()
		if err := mailtest.Deliver(lmtpAddr, "germany@example.test", []string{"judge@example.test"}, testMessage(id)); err != nil {
			t.Fatal(err)
		}
	}
	before := ids("dovecot", 2)
	for _, id := range before {
		deliver(id)
	}
	db := openStore(t)
	rec := newRecorder(t)
	in := NewInbox(&IMAPOptions{
		Addr: imapAddr, Username: "judge", Password: "secret",
		PollInterval: time.Hour, // only IDLE (or the NOOP before it) brings the late message in
		Logger:       testLogger(t),
	}, db, rec.handle)
	l := runLoop(t, in.Run)
	eventually(t, "waiting messages handled", func() bool { return rec.count() == 2 })
	eventually(t, "waiting messages moved", func() bool {
		return slices.Equal(mailboxMessageIDs(t, imapAddr, "judge", "secret", "Processed"), before)
	})
	late := "dovecot-late@example.test"
	deliver(late)
	eventually(t, "message delivered while idling handled", func() bool { return rec.count() == 3 })
	want := append(slices.Clone(before), late)
	eventually(t, "all in Processed", func() bool {
		return slices.Equal(mailboxMessageIDs(t, imapAddr, "judge", "secret", "Processed"), want)
	})
	l.Stop()

	if got := rec.IDs(); !slices.Equal(got, want) {
		t.Errorf("handled %v, want each once: %v", got, want)
	}
	if n := mailboxSize(t, imapAddr, "judge", "secret", "INBOX"); n != 0 {
		t.Errorf("INBOX holds %d messages (deleted or not), want 0 after MOVE", n)
	}
	validity := selectUIDValidity(t, imapAddr, "judge", "secret", "INBOX")
	if v, last := mailboxPosition(t, db, "INBOX"); v != validity || last != 3 {
		t.Errorf("stored position (%d, %d), want (%d, 3)", v, last, validity)
	}
	// Another user's mailbox is untouched.
	if n := mailboxSize(t, imapAddr, "other", "pw", "INBOX"); n != 0 {
		t.Errorf("other user's INBOX has %d messages", n)
	}

	// A new Inbox on the same store after a restart handles nothing twice.
	deliver("dovecot-after-restart@example.test")
	l2 := runLoop(t, NewInbox(&IMAPOptions{Addr: imapAddr, Username: "judge", Password: "secret",
		Logger: testLogger(t)}, db, rec.handle).Run)
	eventually(t, "message after restart handled", func() bool { return rec.count() == 4 })
	l2.Stop()
	for _, id := range append(want, "dovecot-after-restart@example.test") {
		if n := rec.Tries(id); n != 1 {
			t.Errorf("%s handled %d times, want 1", id, n)
		}
	}
}
