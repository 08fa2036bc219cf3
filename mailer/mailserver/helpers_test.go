package mailserver

import (
	"fmt"
	"io"
	"log/slog"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// demoUsers are the accounts every test server gets (address: password).
var demoUsers = map[string]string{
	"france@sandbox.test":  "france",
	"britain@sandbox.test": "britain",
	"judge@sandbox.test":   "judge",
}

// startServer starts a server on dir with free loopback ports and the demo
// users, closed when the test ends.
func startServer(t *testing.T, dir string) *Server {
	t.Helper()
	return startServerWith(t, &Options{Dir: dir})
}

// startServerWith is startServer with o (its ports and logger the test's).
func startServerWith(t *testing.T, o *Options) *Server {
	t.Helper()
	o.IMAPAddr, o.SMTPAddr = "127.0.0.1:0", "127.0.0.1:0"
	o.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	s, err := Start(o)
	if err != nil {
		t.Fatalf("Start: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	for addr, pw := range demoUsers {
		if err := s.AddUser(addr, pw); err != nil {
			t.Fatalf("AddUser(%s): %v", addr, err)
		}
	}
	return s
}

// dialIMAP connects to addr and logs in; the client is closed when the test
// ends.
func dialIMAP(t *testing.T, addr, user, password string, opts *imapclient.Options) *imapclient.Client {
	t.Helper()
	c, err := imapclient.DialInsecure(addr, opts)
	if err != nil {
		t.Fatalf("dial IMAP: %v", err)
	}
	t.Cleanup(func() { c.Close() })
	if err := c.Login(user, password).Wait(); err != nil {
		t.Fatalf("IMAP LOGIN %s: %v", user, err)
	}
	return c
}

// sendSMTP sends one message with go-smtp's client, authenticating when auth
// is not nil.
func sendSMTP(t *testing.T, s *Server, auth sasl.Client, from string, to []string, msg string) error {
	t.Helper()
	c, err := smtp.Dial(s.SMTPAddr())
	if err != nil {
		t.Fatalf("dial SMTP: %v", err)
	}
	defer c.Close()
	if err := c.Hello("client.test"); err != nil {
		return err
	}
	if auth != nil {
		if err := c.Auth(auth); err != nil {
			return err
		}
	}
	if err := c.SendMail(from, to, strings.NewReader(msg)); err != nil {
		return err
	}
	return c.Quit()
}

func testMessage(from, to, subject, body string) string {
	return fmt.Sprintf("From: <%s>\r\nTo: <%s>\r\nSubject: %s\r\nDate: Mon, 02 Jan 2006 15:04:05 +0000\r\nMessage-ID: <%s@test>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n%s\r\n",
		from, to, subject, strings.ReplaceAll(subject, " ", "-"), body)
}

// fetchAll fetches UID, FLAGS, INTERNALDATE, RFC822.SIZE and BODY.PEEK[] of
// every message in the selected mailbox.
func fetchAll(t *testing.T, c *imapclient.Client) []*imapclient.FetchMessageBuffer {
	t.Helper()
	msgs, err := c.Fetch(imap.SeqSet{{Start: 1, Stop: 0}}, &imap.FetchOptions{
		UID: true, Flags: true, InternalDate: true, RFC822Size: true,
		BodySection: []*imap.FetchItemBodySection{{Peek: true}},
	}).Collect()
	if err != nil {
		t.Fatalf("FETCH 1:*: %v", err)
	}
	return msgs
}

func sortedFlags(flags []imap.Flag) []string {
	l := make([]string, 0, len(flags))
	for _, f := range flags {
		l = append(l, string(f))
	}
	sort.Strings(l)
	return l
}

// mailboxState is what a client can observe of a mailbox; it must survive a
// restart unchanged.
type mailboxState struct {
	Name        string
	UIDValidity uint32
	UIDNext     imap.UID
	Subscribed  bool
	Messages    []messageState
}

type messageState struct {
	UID   imap.UID
	Flags []string
	Date  time.Time
	Size  int64
	Body  string
}

// snapshot reads every mailbox of a user over IMAP (EXAMINE, so that
// reading changes nothing).
func snapshot(t *testing.T, s *Server, user, password string) []mailboxState {
	t.Helper()
	return snapshotAt(t, s.IMAPAddr(), user, password)
}

func snapshotAt(t *testing.T, imapAddr, user, password string) []mailboxState {
	t.Helper()
	c := dialIMAP(t, imapAddr, user, password, nil)
	defer c.Logout()
	list, err := c.List("", "*", nil).Collect()
	if err != nil {
		t.Fatalf("LIST: %v", err)
	}
	subscribed := make(map[string]bool)
	lsub, err := c.List("", "*", &imap.ListOptions{SelectSubscribed: true}).Collect()
	if err != nil {
		t.Fatalf("LIST (SUBSCRIBED): %v", err)
	}
	for _, l := range lsub {
		subscribed[l.Mailbox] = true
	}
	var states []mailboxState
	for _, l := range list {
		sel, err := c.Select(l.Mailbox, &imap.SelectOptions{ReadOnly: true}).Wait()
		if err != nil {
			t.Fatalf("EXAMINE %s: %v", l.Mailbox, err)
		}
		st := mailboxState{Name: l.Mailbox, UIDValidity: sel.UIDValidity, UIDNext: sel.UIDNext, Subscribed: subscribed[l.Mailbox]}
		if sel.NumMessages > 0 {
			for _, m := range fetchAll(t, c) {
				st.Messages = append(st.Messages, messageState{
					UID: m.UID, Flags: sortedFlags(m.Flags), Date: m.InternalDate.UTC(), Size: m.RFC822Size,
					Body: string(m.FindBodySection(&imap.FetchItemBodySection{})),
				})
			}
		}
		states = append(states, st)
	}
	sort.Slice(states, func(i, j int) bool { return states[i].Name < states[j].Name })
	return states
}

// waitFor polls cond until it holds or 10 s have passed; the deadline only
// keeps a broken test from hanging, it asserts nothing about speed.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("gave up waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
