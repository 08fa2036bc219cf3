package mailserver

import (
	"errors"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"net/smtp"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
)

const childDirEnv = "MAILSERVER_TEST_CHILD_DIR"

// TestChildServer is not a test: TestSurvivesKill9 runs the test binary with
// childDirEnv set, and this function then serves Dir until it is killed (or
// gives up after a minute, so that it always ends by itself).
func TestChildServer(t *testing.T) {
	dir := os.Getenv(childDirEnv)
	if dir == "" {
		t.Skip("only run as TestSurvivesKill9's child process")
	}
	s, err := Start(&Options{Dir: dir, IMAPAddr: "127.0.0.1:0", SMTPAddr: "127.0.0.1:0",
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	for addr, pw := range demoUsers {
		if err := s.AddUser(addr, pw); err != nil {
			t.Fatal(err)
		}
	}
	if err := writeFileAtomic(filepath.Join(dir, "addrs"), []byte(s.IMAPAddr()+" "+s.SMTPAddr()), 0o600); err != nil {
		t.Fatal(err)
	}
	time.Sleep(time.Minute)
}

// TestSurvivesKill9 changes mail in a server running in another process,
// kills that process with SIGKILL and finds every mailbox, message, flag,
// UID and UIDVALIDITY in a new server on the same Dir.
func TestSurvivesKill9(t *testing.T) {
	if os.Getenv(childDirEnv) != "" {
		t.Skip("in the child")
	}
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^TestChildServer$")
	cmd.Env = append(os.Environ(), childDirEnv+"="+dir)
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	killed := false
	t.Cleanup(func() {
		if !killed {
			cmd.Process.Kill()
			cmd.Wait()
		}
	})
	var imapAddr, smtpAddr string
	waitFor(t, "the child server", func() bool {
		b, err := os.ReadFile(filepath.Join(dir, "addrs"))
		if err != nil {
			return false
		}
		imapAddr, smtpAddr, _ = strings.Cut(string(b), " ")
		return true
	})

	for _, subject := range []string{"one", "two", "three"} {
		err := smtp.SendMail(smtpAddr, nil, "gm@sandbox.test", []string{"france@sandbox.test", "britain@sandbox.test"},
			[]byte(testMessage("gm@sandbox.test", "france@sandbox.test", subject, "x")))
		if err != nil {
			t.Fatalf("send: %v", err)
		}
	}
	c, err := imapclient.DialInsecure(imapAddr, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	steps := []error{
		c.Login("france", "france").Wait(),
		c.Create("Orders", nil).Wait(),
		func() error { _, err := c.Select("INBOX", nil).Wait(); return err }(),
		c.Store(imap.SeqSetNum(1), &imap.StoreFlags{Op: imap.StoreFlagsAdd, Flags: []imap.Flag{imap.FlagAnswered}}, nil).Close(),
		func() error { _, err := c.Move(imap.SeqSetNum(2), "Orders").Wait(); return err }(),
	}
	if err := errors.Join(steps...); err != nil {
		t.Fatalf("IMAP: %v", err)
	}
	before := map[string][]mailboxState{}
	for _, u := range []string{"france", "britain"} {
		before[u] = snapshotAt(t, imapAddr, u, u)
	}

	if err := cmd.Process.Kill(); err != nil { // SIGKILL on Unix
		t.Fatal(err)
	}
	cmd.Wait()
	killed = true

	s := startServer(t, dir)
	for _, u := range []string{"france", "britain"} {
		if after := snapshot(t, s, u, u); !reflect.DeepEqual(before[u], after) {
			t.Errorf("%s after kill -9:\nbefore %+v\nafter  %+v", u, before[u], after)
		}
	}
	if n := len(before["france"]); n != 2 || len(before["france"][0].Messages) != 2 || len(before["france"][1].Messages) != 1 {
		t.Errorf("france before the kill: %+v, want INBOX with 2 messages and Orders with 1", before["france"])
	}
}
