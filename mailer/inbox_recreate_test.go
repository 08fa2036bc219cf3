package mailer

import (
	"errors"
	"io"
	"log/slog"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"

	"stormjudge/mailer/mailserver"
	"stormjudge/mailer/mailtest"
)

// recreateServers are the IMAP servers the re-created folder test runs on,
// each with its own way of telling (or not telling) a session that its
// selected mailbox was deleted: go-imap's memserver says nothing (only a
// STATUS shows the new UIDVALIDITY), the sandbox's mailserver and Dovecot
// end the session with BYE.
var recreateServers = []struct {
	name  string
	start func(t *testing.T) (addr, user, pass string)
}{
	{"go-imap-memserver", func(t *testing.T) (string, string, string) {
		return startMemIMAP(t, imap.CapSet{imap.CapIMAP4rev2: {}}).addr, imapUser, imapPass
	}},
	{"sandbox-mailserver", func(t *testing.T) (string, string, string) {
		s, err := mailserver.Start(&mailserver.Options{
			Dir:      filepath.Join(t.TempDir(), "mail"),
			IMAPAddr: "127.0.0.1:0",
			SMTPAddr: "127.0.0.1:0",
			Logger:   slog.New(slog.NewTextHandler(io.Discard, nil)),
		})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		if err := s.AddUser("judge@sandbox.test", "judge"); err != nil {
			t.Fatal(err)
		}
		return s.IMAPAddr(), "judge@sandbox.test", "judge"
	}},
	{"dovecot", func(t *testing.T) (string, string, string) {
		addr, _ := mailtest.StartDovecot(t, map[string]string{"judge": "secret"})
		return addr, "judge", "secret"
	}},
}

// TestInboxWatchedFolderRecreated is defect 8 of issue 8: an operator
// deletes the watched folder and creates it again (a new UIDVALIDITY) while
// the judge runs. Mail filed into the new folder must reach the Handler
// without restarting the Inbox; the stored position follows the new
// UIDVALIDITY.
//
// The folder is re-created at once (the inbox sees only a new UIDVALIDITY,
// or a BYE) or after a while (it also sees the folder gone, and must keep
// trying until it is back).
func TestInboxWatchedFolderRecreated(t *testing.T) {
	gaps := []struct {
		name string
		gap  time.Duration
	}{
		{"at-once", 0},
		{"later", 1500 * time.Millisecond},
	}
	for _, srv := range recreateServers {
		for _, g := range gaps {
			t.Run(srv.name+"/"+g.name, func(t *testing.T) {
				testWatchedFolderRecreated(t, srv.start, g.gap)
			})
		}
	}
}

func testWatchedFolderRecreated(t *testing.T, start func(t *testing.T) (addr, user, pass string), gap time.Duration) {
	addr, user, pass := start(t)
	admin := adminClient(t, addr, user, pass)
	if err := admin.Create("orders", nil).Wait(); err != nil {
		t.Fatalf("CREATE orders: %v", err)
	}
	appendMessage(t, admin, "orders", testMessage("before@example.test"))

	db := openStore(t)
	rec := newRecorder(t)
	opts := &IMAPOptions{
		Addr: addr, Username: user, Password: pass,
		Mailbox: "orders",
		// The bound on noticing a re-created folder on a server that
		// says nothing about it (go-imap's memserver): the next poll.
		PollInterval: 300 * time.Millisecond,
		Logger:       testLogger(t),
	}
	l := runLoop(t, NewInbox(opts, db, rec.handle).Run)
	eventually(t, "the first message handled and moved", func() bool {
		return rec.count() == 1 &&
			slices.Equal(mailboxMessageIDs(t, addr, user, pass, "Processed"), []string{"before@example.test"})
	})
	oldValidity := statusUIDValidity(t, admin, "orders")
	// Let the inbox settle into its wait (IDLE on all three) on the
	// old folder before it goes.
	time.Sleep(500 * time.Millisecond)

	if err := admin.Delete("orders").Wait(); err != nil {
		t.Fatalf("DELETE orders: %v", err)
	}
	time.Sleep(gap)
	// Under load Dovecot may still hold the deleted folder for a moment
	// (CREATE answers ALREADYEXISTS right after the DELETE, seen with
	// the whole suite running): asked again, it is created. (The inbox
	// never creates its watched folder: ensureMailbox is for Processed.)
	var err error
	for end := time.Now().Add(5 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		err = admin.Create("orders", nil).Wait()
		var imapErr *imap.Error
		if err == nil || !errors.As(err, &imapErr) || imapErr.Code != imap.ResponseCodeAlreadyExists || time.Now().After(end) {
			break
		}
	}
	if err != nil {
		t.Fatalf("CREATE orders again: %v", err)
	}
	newValidity := statusUIDValidity(t, admin, "orders")
	if newValidity == oldValidity {
		t.Fatalf("the re-created folder kept UIDVALIDITY %d", oldValidity)
	}
	appendMessage(t, admin, "orders", testMessage("after@example.test"))

	eventually(t, "the message in the re-created folder handled", func() bool { return rec.count() == 2 })
	eventually(t, "it is moved", func() bool {
		return slices.Equal(mailboxMessageIDs(t, addr, user, pass, "Processed"),
			[]string{"before@example.test", "after@example.test"})
	})
	l.Stop()
	if got, want := rec.IDs(), []string{"before@example.test", "after@example.test"}; !slices.Equal(got, want) {
		t.Errorf("handled %v, want %v", got, want)
	}
	if m := rec.Messages()[1]; m.UIDValidity != newValidity || m.UID != 1 {
		t.Errorf("second message offered as uidvalidity %d uid %d, want %d and 1", m.UIDValidity, m.UID, newValidity)
	}
	if v, last := mailboxPosition(t, db, "orders"); v != newValidity || last != 1 {
		t.Errorf("stored position (%d, %d), want (%d, 1)", v, last, newValidity)
	}
}

// adminClient is the operator's mail client: another IMAP session of the
// judge's account, closed when the test ends.
func adminClient(t *testing.T, addr, user, pass string) *imapclient.Client {
	t.Helper()
	c, err := imapclient.DialInsecure(addr, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	if err := c.Login(user, pass).Wait(); err != nil {
		t.Fatalf("login: %v", err)
	}
	return c
}

// appendMessage files raw into mailbox, as a delivery rule would.
func appendMessage(t *testing.T, c *imapclient.Client, mailbox string, raw []byte) {
	t.Helper()
	cmd := c.Append(mailbox, int64(len(raw)), nil)
	if _, err := cmd.Write(raw); err != nil {
		t.Fatalf("APPEND to %s: %v", mailbox, err)
	}
	if err := cmd.Close(); err != nil {
		t.Fatalf("APPEND to %s: %v", mailbox, err)
	}
	if _, err := cmd.Wait(); err != nil {
		t.Fatalf("APPEND to %s: %v", mailbox, err)
	}
}

// statusUIDValidity is the UIDVALIDITY of mailbox by STATUS. Dovecot may
// answer 0 for a folder created a moment ago (its index is not written
// yet): it is asked again until it names one, for up to ten seconds.
func statusUIDValidity(t *testing.T, c *imapclient.Client, mailbox string) uint32 {
	t.Helper()
	for end := time.Now().Add(10 * time.Second); ; {
		st, err := c.Status(mailbox, &imap.StatusOptions{UIDValidity: true}).Wait()
		if err != nil {
			t.Fatalf("STATUS %s: %v", mailbox, err)
		}
		if st.UIDValidity != 0 || time.Now().After(end) {
			return st.UIDValidity
		}
		time.Sleep(20 * time.Millisecond)
	}
}
