package mailserver

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-sasl"
	gosmtp "github.com/emersion/go-smtp"
)

// startOpenServer starts an Open server on dir (MaxJoined max, 0 the
// default) with the demo users, closed when the test ends.
func startOpenServer(t *testing.T, dir string, max int) *Server {
	t.Helper()
	return startServerWith(t, &Options{Dir: dir, Open: true, MaxJoined: max})
}

// rcptErr is the SMTP server's answer to RCPT TO rcpt (nil: accepted).
func rcptErr(t *testing.T, s *Server, rcpt string) error {
	t.Helper()
	c, err := gosmtp.Dial(s.SMTPAddr())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.Mail("judge@sandbox.test", nil); err != nil {
		t.Fatalf("MAIL: %v", err)
	}
	return c.Rcpt(rcpt, nil)
}

// TestOpenNewcomerGetsMailbox: on an Open server, mail over SMTP to an
// address nobody made is delivered into a new mailbox, and IMAP LOGIN with
// the local part (or the whole address) and the local part as password
// reads it; another password does not log in.
func TestOpenNewcomerGetsMailbox(t *testing.T) {
	s := startOpenServer(t, t.TempDir(), 0)
	msg := testMessage("judge@sandbox.test", "newcomer@sandbox.test", "welcome newcomer", "Hello.")
	if err := sendSMTP(t, s, nil, "judge@sandbox.test", []string{"newcomer@sandbox.test"}, msg); err != nil {
		t.Fatalf("SMTP to newcomer@sandbox.test: %v", err)
	}
	for _, user := range []string{"newcomer", "Newcomer@sandbox.test"} {
		c := dialIMAP(t, s.IMAPAddr(), user, "newcomer", nil)
		if _, err := c.Select("INBOX", nil).Wait(); err != nil {
			t.Fatalf("SELECT INBOX as %s: %v", user, err)
		}
		msgs := fetchAll(t, c)
		if len(msgs) != 1 || !strings.Contains(string(msgs[0].FindBodySection(&imap.FetchItemBodySection{})), "Subject: welcome newcomer") {
			t.Fatalf("newcomer's INBOX as %s holds %d messages, want the one sent", user, len(msgs))
		}
		c.Logout()
	}
	c, err := imapclient.DialInsecure(s.IMAPAddr(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.Login("newcomer", "secret").Wait(); err == nil {
		t.Error("LOGIN newcomer with another password than its local part succeeded")
	}
	// SMTP AUTH as the newcomer works too.
	if err := sendSMTP(t, s, sasl.NewPlainClient("", "newcomer@sandbox.test", "newcomer"), "newcomer@sandbox.test",
		[]string{"judge@sandbox.test"}, testMessage("newcomer@sandbox.test", "judge@sandbox.test", "orders", "LIST")); err != nil {
		t.Errorf("SMTP AUTH as newcomer: %v", err)
	}
}

// TestOpenLoginMakesMailbox: the first IMAP LOGIN of a new address (its
// local part as password) makes its mailbox, as a mail client that checks
// its settings before anything was sent there does.
func TestOpenLoginMakesMailbox(t *testing.T) {
	s := startOpenServer(t, t.TempDir(), 0)
	if n := inboxCount(t, s, "observer@sandbox.test", "observer"); n != 0 {
		t.Fatalf("a new mailbox holds %d messages", n)
	}
	if err := sendSMTP(t, s, nil, "judge@sandbox.test", []string{"observer@sandbox.test"},
		testMessage("judge@sandbox.test", "observer@sandbox.test", "report", "The report.")); err != nil {
		t.Fatal(err)
	}
	if n := inboxCount(t, s, "observer", "observer"); n != 1 {
		t.Fatalf("observer's INBOX holds %d messages, want 1", n)
	}
}

// TestOpenStillRefusesRelay: an Open server makes mailboxes at its own
// domain only: mail to another domain is refused as before (5.7.1), and so
// is a local part a mailbox is not made for.
func TestOpenStillRefusesRelay(t *testing.T) {
	s := startOpenServer(t, t.TempDir(), 0)
	tests := []struct {
		rcpt, want string
		enhanced   gosmtp.EnhancedCode
	}{
		{"someone@example.com", "Relaying denied", gosmtp.EnhancedCode{5, 7, 1}},
		{"someone@sandbox.test.example.com", "Relaying denied", gosmtp.EnhancedCode{5, 7, 1}},
		{"bad!name@sandbox.test", "a new mailbox's name is", gosmtp.EnhancedCode{5, 1, 1}},
		{strings.Repeat("x", 65) + "@sandbox.test", "a new mailbox's name is", gosmtp.EnhancedCode{5, 1, 1}},
	}
	for _, tt := range tests {
		err := rcptErr(t, s, tt.rcpt)
		var se *gosmtp.SMTPError
		if !errors.As(err, &se) || se.Code != 550 || se.EnhancedCode != tt.enhanced || !strings.Contains(se.Message, tt.want) {
			t.Errorf("RCPT %s: %v, want 550 %v containing %q", tt.rcpt, err, tt.enhanced, tt.want)
		}
	}
	if got, want := len(s.Users()), len(demoUsers); got != want {
		t.Errorf("%d accounts after refused recipients, want the %d demo ones: %q", got, want, s.Users())
	}
}

// TestOpenJoinedCapped: at most MaxJoined mailboxes are made on first use,
// counted across a restart (users.json keeps which were); beyond them a new
// address is refused as unknown (550 5.1.1, saying why), a login of one
// fails, and the accounts made before, and the demo ones, still work.
func TestOpenJoinedCapped(t *testing.T) {
	dir := t.TempDir()
	s := startOpenServer(t, dir, 3)
	for i := range 2 {
		if err := rcptErr(t, s, fmt.Sprintf("flood%d@sandbox.test", i)); err != nil {
			t.Fatalf("RCPT flood%d: %v", i, err)
		}
	}
	s.Close()
	s = startOpenServer(t, dir, 3)
	if err := rcptErr(t, s, "flood2@sandbox.test"); err != nil {
		t.Fatalf("RCPT flood2 (the third new mailbox): %v", err)
	}
	err := rcptErr(t, s, "flood3@sandbox.test")
	var se *gosmtp.SMTPError
	if !errors.As(err, &se) || se.Code != 550 || se.EnhancedCode != (gosmtp.EnhancedCode{5, 1, 1}) || !strings.Contains(se.Message, "3 new mailboxes") {
		t.Fatalf("RCPT flood3 beyond the cap: %v, want 550 5.1.1 naming the cap", err)
	}
	c, err := imapclient.DialInsecure(s.IMAPAddr(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.Login("flood4", "flood4").Wait(); err == nil {
		t.Error("LOGIN of a new address beyond the cap succeeded")
	}
	if got, want := len(s.Users()), len(demoUsers)+3; got != want {
		t.Errorf("%d accounts, want %d: %q", got, want, s.Users())
	}
	for _, u := range []string{"flood0", "flood2", "france"} {
		if n := inboxCount(t, s, u, u); n != 0 {
			t.Errorf("%s's INBOX holds %d messages", u, n)
		}
	}
}
