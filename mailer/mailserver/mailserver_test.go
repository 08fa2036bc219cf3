package mailserver

import (
	"bytes"
	"errors"
	"net/smtp"
	"net/textproto"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-sasl"
	gosmtp "github.com/emersion/go-smtp"
)

func TestSMTPWithoutAuthThenIMAPFetch(t *testing.T) {
	s := startServer(t, t.TempDir())
	msg := testMessage("gm@sandbox.test", "france@sandbox.test", "Spring 1936 orders", "BUILD 2 factories")
	// net/smtp, as a script would: no AUTH at all.
	if err := smtp.SendMail(s.SMTPAddr(), nil, "gm@sandbox.test", []string{"france@sandbox.test"}, []byte(msg)); err != nil {
		t.Fatalf("SendMail: %v", err)
	}

	c := dialIMAP(t, s.IMAPAddr(), "france", "france", nil) // local part login
	sel, err := c.Select("INBOX", nil).Wait()
	if err != nil {
		t.Fatalf("SELECT: %v", err)
	}
	if sel.NumMessages != 1 || sel.UIDValidity == 0 || sel.UIDNext != 2 {
		t.Fatalf("SELECT INBOX = %+v, want 1 message, UIDNEXT 2", sel)
	}
	msgs, err := c.Fetch(imap.SeqSetNum(1), &imap.FetchOptions{
		UID: true, Flags: true, Envelope: true, InternalDate: true, RFC822Size: true,
		BodyStructure: &imap.FetchItemBodyStructure{Extended: true},
		BodySection:   []*imap.FetchItemBodySection{{Peek: true}},
	}).Collect()
	if err != nil || len(msgs) != 1 {
		t.Fatalf("FETCH: %v, %d messages", err, len(msgs))
	}
	m := msgs[0]
	body := string(m.FindBodySection(&imap.FetchItemBodySection{}))
	for _, want := range []string{"Return-Path: <gm@sandbox.test>\r\n", "Received: from localhost ([127.0.0.1])\r\n\tby sandbox.test (stormjudge mailserver) with ESMTP id ", "for <france@sandbox.test>", "Subject: Spring 1936 orders\r\n", "\r\n\r\nBUILD 2 factories\r\n"} {
		if !strings.Contains(body, want) {
			t.Errorf("BODY[] lacks %q:\n%s", want, body)
		}
	}
	if !strings.HasPrefix(body, "Return-Path: ") || !strings.HasSuffix(body, msg) {
		t.Errorf("BODY[] is not Return-Path + Received + the message as sent:\n%s", body)
	}
	if m.UID != 1 || len(m.Flags) != 0 || m.RFC822Size != int64(len(body)) {
		t.Errorf("UID %d flags %v size %d (body %d), want UID 1, no flags, size = len(body)", m.UID, m.Flags, m.RFC822Size, len(body))
	}
	if m.Envelope == nil || m.Envelope.Subject != "Spring 1936 orders" || m.Envelope.MessageID != "Spring-1936-orders@test" {
		t.Errorf("ENVELOPE = %+v", m.Envelope)
	}
	if m.InternalDate.IsZero() {
		t.Error("INTERNALDATE is zero")
	}
	if bs, ok := m.BodyStructure.(*imap.BodyStructureSinglePart); !ok || bs.Type != "text" || bs.Subtype != "plain" {
		t.Errorf("BODYSTRUCTURE = %#v, want text/plain", m.BodyStructure)
	}

	// BODY[] (not PEEK) sets \Seen, and the flag is reported.
	if _, err := c.Fetch(imap.SeqSetNum(1), &imap.FetchOptions{BodySection: []*imap.FetchItemBodySection{{}}}).Collect(); err != nil {
		t.Fatalf("FETCH BODY[]: %v", err)
	}
	msgs, err = c.Fetch(imap.SeqSetNum(1), &imap.FetchOptions{Flags: true}).Collect()
	if err != nil || len(msgs) != 1 {
		t.Fatalf("FETCH FLAGS: %v", err)
	}
	if got := sortedFlags(msgs[0].Flags); !reflect.DeepEqual(got, []string{`\Seen`}) {
		t.Errorf("flags after FETCH BODY[] = %v, want [\\Seen]", got)
	}
}

func TestSMTPAuth(t *testing.T) {
	s := startServer(t, t.TempDir())
	host := strings.Split(s.SMTPAddr(), ":")[0]
	tests := []struct {
		name string
		send func() error
	}{
		{"net/smtp PLAIN", func() error {
			return smtp.SendMail(s.SMTPAddr(), smtp.PlainAuth("", "judge@sandbox.test", "judge", host),
				"judge@sandbox.test", []string{"france@sandbox.test"}, []byte(testMessage("judge@sandbox.test", "france@sandbox.test", "plain", "x")))
		}},
		{"go-smtp PLAIN, local part", func() error {
			return sendSMTP(t, s, sasl.NewPlainClient("", "judge", "judge"),
				"judge@sandbox.test", []string{"france@sandbox.test"}, testMessage("judge@sandbox.test", "france@sandbox.test", "plain2", "x"))
		}},
		{"go-smtp LOGIN", func() error {
			return sendSMTP(t, s, sasl.NewLoginClient("judge@sandbox.test", "judge"),
				"judge@sandbox.test", []string{"France@Sandbox.Test"}, testMessage("judge@sandbox.test", "france@sandbox.test", "login", "x"))
		}},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := tt.send(); err != nil {
				t.Fatalf("send: %v", err)
			}
			if n := inboxCount(t, s, "france@sandbox.test", "france"); n != uint32(i+1) {
				t.Fatalf("france has %d messages, want %d", n, i+1)
			}
		})
	}

	t.Run("bad password is 535", func(t *testing.T) {
		err := sendSMTP(t, s, sasl.NewPlainClient("", "judge@sandbox.test", "wrong"), "judge@sandbox.test", []string{"france@sandbox.test"}, "Subject: x\r\n\r\nx\r\n")
		var se *gosmtp.SMTPError
		if !errors.As(err, &se) || se.Code != 535 {
			t.Fatalf("PLAIN with a bad password: %v, want a 535 error", err)
		}
		err = sendSMTP(t, s, sasl.NewLoginClient("nobody@sandbox.test", "judge"), "judge@sandbox.test", []string{"france@sandbox.test"}, "Subject: x\r\n\r\nx\r\n")
		if !errors.As(err, &se) || se.Code != 535 {
			t.Fatalf("LOGIN as an unknown user: %v, want a 535 error", err)
		}
		err = smtp.SendMail(s.SMTPAddr(), smtp.PlainAuth("", "judge@sandbox.test", "nope", host), "judge@sandbox.test", []string{"france@sandbox.test"}, []byte("Subject: x\r\n\r\nx\r\n"))
		var te *textproto.Error
		if !errors.As(err, &te) || te.Code != 535 {
			t.Fatalf("net/smtp PLAIN with a bad password: %v, want a 535 error", err)
		}
		if n := inboxCount(t, s, "france@sandbox.test", "france"); n != 3 {
			t.Fatalf("france has %d messages after rejected sends, want 3", n)
		}
	})
}

func inboxCount(t *testing.T, s *Server, user, password string) uint32 {
	t.Helper()
	c := dialIMAP(t, s.IMAPAddr(), user, password, nil)
	defer c.Logout()
	st, err := c.Status("INBOX", &imap.StatusOptions{NumMessages: true}).Wait()
	if err != nil {
		t.Fatalf("STATUS INBOX: %v", err)
	}
	return *st.NumMessages
}

func TestUnknownRecipientRejected(t *testing.T) {
	s := startServer(t, t.TempDir())
	tests := []struct {
		rcpt, want string
		enhanced   gosmtp.EnhancedCode
	}{
		{"nobody@sandbox.test", "No such user: <nobody@sandbox.test>", gosmtp.EnhancedCode{5, 1, 1}},
		{"someone@example.com", "Relaying denied", gosmtp.EnhancedCode{5, 7, 1}},
	}
	for _, tt := range tests {
		t.Run(tt.rcpt, func(t *testing.T) {
			c, err := gosmtp.Dial(s.SMTPAddr())
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			if err := c.Mail("gm@sandbox.test", nil); err != nil {
				t.Fatalf("MAIL: %v", err)
			}
			err = c.Rcpt(tt.rcpt, nil)
			var se *gosmtp.SMTPError
			if !errors.As(err, &se) || se.Code != 550 || se.EnhancedCode != tt.enhanced || !strings.Contains(se.Message, tt.want) {
				t.Fatalf("RCPT %s: %v, want 550 %v containing %q", tt.rcpt, err, tt.enhanced, tt.want)
			}
			// The session goes on: a good recipient is still accepted.
			if err := c.Rcpt("britain@sandbox.test", nil); err != nil {
				t.Fatalf("RCPT britain after a rejection: %v", err)
			}
		})
	}

	err := s.Deliver("gm@sandbox.test", []string{"france@sandbox.test", "ghost@sandbox.test"}, []byte("Subject: x\r\n\r\nx\r\n"))
	var ure *UnknownRecipientError
	if !errors.As(err, &ure) || ure.Address != "ghost@sandbox.test" {
		t.Fatalf("Deliver to a ghost: %v, want *UnknownRecipientError", err)
	}
	if n := inboxCount(t, s, "france@sandbox.test", "france"); n != 0 {
		t.Fatalf("a delivery with an unknown recipient delivered %d messages, want none", n)
	}
}

func TestIMAPBadPassword(t *testing.T) {
	s := startServer(t, t.TempDir())
	for _, tt := range []struct{ user, pw string }{
		{"france@sandbox.test", "britain"},
		{"france", ""},
		{"nobody@sandbox.test", "nobody"},
	} {
		c, err := imapclient.DialInsecure(s.IMAPAddr(), nil)
		if err != nil {
			t.Fatal(err)
		}
		err = c.Login(tt.user, tt.pw).Wait()
		c.Close()
		var ie *imap.Error
		if !errors.As(err, &ie) || ie.Type != imap.StatusResponseTypeNo || ie.Code != imap.ResponseCodeAuthenticationFailed {
			t.Errorf("LOGIN %s/%q: %v, want NO [AUTHENTICATIONFAILED]", tt.user, tt.pw, err)
		}
	}
}

func TestSizeLimit(t *testing.T) {
	s := startServer(t, t.TempDir())
	big := "Subject: big\r\n\r\n" + strings.Repeat(strings.Repeat("x", 998)+"\r\n", MaxMessageBytes/1000+10)
	err := sendSMTP(t, s, nil, "gm@sandbox.test", []string{"france@sandbox.test"}, big)
	var se *gosmtp.SMTPError
	if !errors.As(err, &se) || se.Code != 552 {
		t.Fatalf("sending %d bytes: %v, want 552", len(big), err)
	}
	if n := inboxCount(t, s, "france@sandbox.test", "france"); n != 0 {
		t.Fatalf("oversized message delivered (%d messages)", n)
	}
}

func TestIdleSeesDelivery(t *testing.T) {
	s := startServer(t, t.TempDir())
	var mu sync.Mutex
	var exists uint32
	// UnilateralDataHandler runs on the client's reader goroutine: only
	// record, never block.
	c := dialIMAP(t, s.IMAPAddr(), "judge@sandbox.test", "judge", &imapclient.Options{
		UnilateralDataHandler: &imapclient.UnilateralDataHandler{
			Mailbox: func(data *imapclient.UnilateralDataMailbox) {
				if data.NumMessages != nil {
					mu.Lock()
					exists = *data.NumMessages
					mu.Unlock()
				}
			},
		},
	})
	if _, err := c.Select("INBOX", nil).Wait(); err != nil {
		t.Fatal(err)
	}
	idle, err := c.Idle()
	if err != nil {
		t.Fatalf("IDLE: %v", err)
	}
	for i, subject := range []string{"orders france", "orders britain"} {
		if err := sendSMTP(t, s, nil, "france@sandbox.test", []string{"judge@sandbox.test"}, testMessage("france@sandbox.test", "judge@sandbox.test", subject, "x")); err != nil {
			t.Fatalf("send: %v", err)
		}
		want := uint32(i + 1)
		waitFor(t, "EXISTS during IDLE", func() bool {
			mu.Lock()
			defer mu.Unlock()
			return exists == want
		})
	}
	if err := idle.Close(); err != nil {
		t.Fatalf("DONE: %v", err)
	}
	if err := idle.Wait(); err != nil {
		t.Fatalf("IDLE: %v", err)
	}
	if got := len(fetchAll(t, c)); got != 2 {
		t.Fatalf("after IDLE, %d messages, want 2", got)
	}
}

// TestMailboxOperationsSurviveRestart exercises CREATE, RENAME, DELETE,
// SUBSCRIBE, APPEND, STORE, COPY, MOVE and EXPUNGE, then restarts the server
// on the same Dir and compares everything a client can see.
func TestMailboxOperationsSurviveRestart(t *testing.T) {
	dir := t.TempDir()
	s := startServer(t, dir)
	for i := 1; i <= 4; i++ {
		msg := testMessage("gm@sandbox.test", "france@sandbox.test", "turn "+string(rune('0'+i)), "body")
		if err := s.Deliver("gm@sandbox.test", []string{"france@sandbox.test"}, []byte(strings.ReplaceAll(msg, "\r\n", "\n"))); err != nil {
			t.Fatalf("Deliver: %v", err)
		}
	}
	c := dialIMAP(t, s.IMAPAddr(), "FRANCE@sandbox.test", "france", nil)
	for _, name := range []string{"Orders", "Archive/1936", "Trash"} { // Archive comes with Archive/1936
		if err := c.Create(name, nil).Wait(); err != nil {
			t.Fatalf("CREATE %s: %v", name, err)
		}
	}
	if err := c.Create("Orders", nil).Wait(); err == nil {
		t.Fatal("CREATE of an existing mailbox succeeded")
	}
	if err := c.Rename("Archive", "Old", nil).Wait(); err != nil {
		t.Fatalf("RENAME: %v", err)
	}
	if err := c.Subscribe("Orders").Wait(); err != nil {
		t.Fatalf("SUBSCRIBE: %v", err)
	}
	// Trash is deleted and re-created: its UIDVALIDITY must change.
	st, err := c.Status("Trash", &imap.StatusOptions{UIDValidity: true}).Wait()
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Delete("Trash").Wait(); err != nil {
		t.Fatalf("DELETE: %v", err)
	}
	if err := c.Create("Trash", nil).Wait(); err != nil {
		t.Fatal(err)
	}
	st2, err := c.Status("Trash", &imap.StatusOptions{UIDValidity: true}).Wait()
	if err != nil {
		t.Fatal(err)
	}
	if st2.UIDValidity == st.UIDValidity {
		t.Errorf("re-created Trash kept UIDVALIDITY %d", st.UIDValidity)
	}
	if err := c.Delete("INBOX").Wait(); err == nil {
		t.Error("DELETE INBOX succeeded")
	}

	// APPEND with flags and a date.
	date := time.Date(1936, 3, 7, 10, 0, 0, 0, time.UTC)
	raw := testMessage("france@sandbox.test", "gm@sandbox.test", "draft", "MOVE Paris")
	ac := c.Append("Old/1936", int64(len(raw)), &imap.AppendOptions{Flags: []imap.Flag{imap.FlagDraft, "$Orders"}, Time: date})
	if _, err := ac.Write([]byte(raw)); err != nil {
		t.Fatal(err)
	}
	if err := ac.Close(); err != nil {
		t.Fatal(err)
	}
	ad, err := ac.Wait()
	if err != nil || ad.UID != 1 || ad.UIDValidity == 0 {
		t.Fatalf("APPEND: %+v, %v; want UID 1 with UIDPLUS data", ad, err)
	}

	if _, err := c.Select("INBOX", nil).Wait(); err != nil {
		t.Fatal(err)
	}
	if err := c.Store(imap.SeqSetNum(1), &imap.StoreFlags{Op: imap.StoreFlagsAdd, Flags: []imap.Flag{imap.FlagFlagged, imap.FlagSeen}, Silent: true}, nil).Close(); err != nil {
		t.Fatalf("STORE: %v", err)
	}
	// UID MOVE 2,3 to Orders.
	md, err := c.Move(imap.UIDSetNum(2, 3), "Orders").Wait()
	if err != nil {
		t.Fatalf("MOVE: %v", err)
	}
	if md.SourceUIDs.String() != "2:3" || md.DestUIDs.String() != "1:2" || md.UIDValidity == 0 {
		t.Errorf("MOVE COPYUID = %v -> %v (uidvalidity %d), want 2:3 -> 1:2", md.SourceUIDs, md.DestUIDs, md.UIDValidity)
	}
	if _, err := c.Copy(imap.UIDSetNum(1), "Old").Wait(); err != nil {
		t.Fatalf("COPY: %v", err)
	}
	// Search then expunge message UID 4.
	sd, err := c.UIDSearch(&imap.SearchCriteria{Header: []imap.SearchCriteriaHeaderField{{Key: "Subject", Value: "turn 4"}}}, nil).Wait()
	if err != nil || !reflect.DeepEqual(sd.AllUIDs(), []imap.UID{4}) {
		t.Fatalf("UID SEARCH SUBJECT \"turn 4\" = %v, %v; want [4]", sd, err)
	}
	if err := c.Store(imap.UIDSetNum(4), &imap.StoreFlags{Op: imap.StoreFlagsAdd, Flags: []imap.Flag{imap.FlagDeleted}, Silent: true}, nil).Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Expunge().Collect(); err != nil {
		t.Fatalf("EXPUNGE: %v", err)
	}
	inbox := fetchAll(t, c)
	if len(inbox) != 1 || inbox[0].UID != 1 || !reflect.DeepEqual(sortedFlags(inbox[0].Flags), []string{`\Flagged`, `\Seen`}) {
		t.Fatalf("INBOX after MOVE and EXPUNGE: %d messages, first %+v", len(inbox), inbox[0])
	}
	c.Logout()

	before := snapshot(t, s, "france@sandbox.test", "france")
	wantNames := []string{"INBOX", "Old", "Old/1936", "Orders", "Trash"}
	var names []string
	for _, m := range before {
		names = append(names, m.Name)
	}
	if !reflect.DeepEqual(names, wantNames) {
		t.Fatalf("mailboxes = %v, want %v", names, wantNames)
	}
	if got := before[2].Messages; len(got) != 1 || !got[0].Date.Equal(date) || !reflect.DeepEqual(got[0].Flags, []string{"$orders", `\Draft`}) {
		t.Fatalf("appended message = %+v", got)
	}
	if !before[3].Subscribed || !before[0].Subscribed || before[1].Subscribed {
		t.Errorf("subscriptions: INBOX %v, Orders %v, Old %v; want true, true, false", before[0].Subscribed, before[3].Subscribed, before[1].Subscribed)
	}

	if err := s.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	s2 := startServer(t, dir)
	after := snapshot(t, s2, "france@sandbox.test", "france")
	if !reflect.DeepEqual(before, after) {
		t.Fatalf("state changed across restart:\nbefore %+v\nafter  %+v", before, after)
	}
	// UIDs go on from UIDNEXT, never reused.
	if err := s2.Deliver("", []string{"france"}, []byte("Subject: bounce\r\n\r\nx\r\n")); err != nil {
		t.Fatal(err)
	}
	c2 := dialIMAP(t, s2.IMAPAddr(), "france", "france", nil)
	if _, err := c2.Select("INBOX", nil).Wait(); err != nil {
		t.Fatal(err)
	}
	msgs := fetchAll(t, c2)
	last := msgs[len(msgs)-1]
	if last.UID != before[0].UIDNext {
		t.Errorf("new message after restart has UID %d, want UIDNEXT %d", last.UID, before[0].UIDNext)
	}
	if !bytes.HasPrefix(last.FindBodySection(&imap.FetchItemBodySection{}), []byte("Return-Path: <>\r\n")) {
		t.Errorf("bounce lacks Return-Path: <>")
	}
}

func TestExamineIsReadOnly(t *testing.T) {
	s := startServer(t, t.TempDir())
	if err := s.Deliver("gm@sandbox.test", []string{"france@sandbox.test"}, []byte("Subject: x\r\n\r\nx\r\n")); err != nil {
		t.Fatal(err)
	}
	c := dialIMAP(t, s.IMAPAddr(), "france", "france", nil)
	if _, err := c.Select("inbox", &imap.SelectOptions{ReadOnly: true}).Wait(); err != nil {
		t.Fatalf("EXAMINE inbox: %v", err)
	}
	if _, err := c.Fetch(imap.SeqSetNum(1), &imap.FetchOptions{BodySection: []*imap.FetchItemBodySection{{}}}).Collect(); err != nil {
		t.Fatal(err)
	}
	if err := c.Store(imap.SeqSetNum(1), &imap.StoreFlags{Op: imap.StoreFlagsAdd, Flags: []imap.Flag{imap.FlagFlagged}}, nil).Close(); err == nil {
		t.Error("STORE in EXAMINE succeeded")
	}
	if m := fetchAll(t, c); len(m[0].Flags) != 0 {
		t.Errorf("flags after BODY[] in EXAMINE = %v, want none", m[0].Flags)
	}
}

func TestAddUserIsIdempotentAndPersisted(t *testing.T) {
	dir := t.TempDir()
	s := startServer(t, dir)
	if err := s.Deliver("gm@sandbox.test", []string{"france@sandbox.test"}, []byte("Subject: x\r\n\r\nx\r\n")); err != nil {
		t.Fatal(err)
	}
	if err := s.AddUser("France@Sandbox.test", "vive"); err != nil {
		t.Fatalf("AddUser again: %v", err)
	}
	if err := s.AddUser("gm", "gm"); err != nil { // bare local part
		t.Fatal(err)
	}
	if err := s.AddUser("bad/../name@sandbox.test", "x"); err == nil || !strings.HasPrefix(err.Error(), "mailserver: ") {
		t.Errorf("AddUser of a path-like address: %v, want a mailserver: error", err)
	}
	want := []string{"britain@sandbox.test", "france@sandbox.test", "gm@sandbox.test", "judge@sandbox.test"}
	if got := s.Users(); !reflect.DeepEqual(got, want) {
		t.Fatalf("Users() = %v, want %v", got, want)
	}
	s.Close()

	s2, err := Start(&Options{Dir: dir, IMAPAddr: "127.0.0.1:0", SMTPAddr: "127.0.0.1:0"})
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	if got := s2.Users(); !reflect.DeepEqual(got, want) {
		t.Fatalf("Users() after restart = %v, want %v", got, want)
	}
	c, err := imapclient.DialInsecure(s2.IMAPAddr(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.Login("france", "france").Wait(); err == nil {
		t.Fatal("old password still accepted")
	}
	if n := inboxCount(t, s2, "france", "vive"); n != 1 {
		t.Fatalf("france's INBOX has %d messages after password change, want 1", n)
	}
	if n := inboxCount(t, s2, "gm@sandbox.test", "gm"); n != 0 {
		t.Fatalf("gm's INBOX has %d messages, want 0", n)
	}
}

func TestDirIsLocked(t *testing.T) {
	dir := t.TempDir()
	startServer(t, dir)
	s2, err := Start(&Options{Dir: dir, IMAPAddr: "127.0.0.1:0", SMTPAddr: "127.0.0.1:0"})
	if err == nil {
		s2.Close()
		t.Fatal("a second server started on the same Dir")
	}
	if !strings.HasPrefix(err.Error(), "mailserver: ") {
		t.Errorf("error %q lacks the package prefix", err)
	}
	if _, err := Start(nil); err == nil {
		t.Error("Start(nil) succeeded without a Dir")
	}
}

// TestCrashLeftoversAreCleaned plants what a crash between two writes leaves
// behind and checks that a restart removes it without losing anything.
func TestCrashLeftoversAreCleaned(t *testing.T) {
	dir := t.TempDir()
	s := startServer(t, dir)
	if err := s.Deliver("gm@sandbox.test", []string{"france"}, []byte("Subject: kept\r\n\r\nx\r\n")); err != nil {
		t.Fatal(err)
	}
	before := snapshot(t, s, "france", "france")
	s.Close()

	mboxes := filepath.Join(dir, "mail", "france@sandbox.test", mailboxesDir)
	inboxDir := filepath.Join(mboxes, strconv.FormatUint(uint64(before[0].UIDValidity), 10))
	plant := map[string]string{
		filepath.Join(inboxDir, "2.eml"):               "Subject: written but never listed\r\n\r\n",
		filepath.Join(inboxDir, ".tmp-123"):            "half a mailbox.json",
		filepath.Join(dir, ".tmp-456"):                 "half a users.json",
		filepath.Join(mboxes, "tmp-7", "mailbox.json"): "{}",
		filepath.Join(mboxes, "deleted-8", "1.eml"):    "x",
	}
	for p, content := range plant {
		if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	s2 := startServer(t, dir)
	for p := range plant {
		if _, err := os.Stat(p); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s survived the restart (%v)", p, err)
		}
	}
	if after := snapshot(t, s2, "france", "france"); !reflect.DeepEqual(before, after) {
		t.Fatalf("state changed:\nbefore %+v\nafter  %+v", before, after)
	}
}

// TestDeleteEndsSessionsWithMailboxSelected: a session whose selected
// mailbox is deleted by another session is ended with BYE (as Dovecot
// does), also in IDLE, so that it does not wait forever on a mailbox where
// nothing arrives; the deleting session and sessions with other mailboxes
// selected carry on. A client that reconnects finds the re-created mailbox
// with a new UIDVALIDITY.
func TestDeleteEndsSessionsWithMailboxSelected(t *testing.T) {
	s := startServer(t, t.TempDir())
	admin := dialIMAP(t, s.IMAPAddr(), "judge@sandbox.test", "judge", nil)
	if err := admin.Create("orders", nil).Wait(); err != nil {
		t.Fatal(err)
	}
	watcher := dialIMAP(t, s.IMAPAddr(), "judge@sandbox.test", "judge", nil)
	sel, err := watcher.Select("orders", nil).Wait()
	if err != nil {
		t.Fatal(err)
	}
	idle, err := watcher.Idle()
	if err != nil {
		t.Fatal(err)
	}
	defer idle.Close()
	bystander := dialIMAP(t, s.IMAPAddr(), "judge@sandbox.test", "judge", nil)
	if _, err := bystander.Select("INBOX", nil).Wait(); err != nil {
		t.Fatal(err)
	}

	if err := admin.Delete("orders").Wait(); err != nil {
		t.Fatalf("DELETE: %v", err)
	}
	select {
	case <-watcher.Closed():
	case <-time.After(10 * time.Second):
		t.Fatal("the session with the deleted mailbox selected is still open")
	}
	if err := bystander.Noop().Wait(); err != nil {
		t.Errorf("a session with INBOX selected was disturbed: %v", err)
	}
	if err := admin.Create("orders", nil).Wait(); err != nil {
		t.Fatalf("CREATE again (the deleting session carries on): %v", err)
	}
	again := dialIMAP(t, s.IMAPAddr(), "judge@sandbox.test", "judge", nil)
	sel2, err := again.Select("orders", nil).Wait()
	if err != nil {
		t.Fatal(err)
	}
	if sel2.UIDValidity == sel.UIDValidity {
		t.Errorf("re-created mailbox kept UIDVALIDITY %d", sel.UIDValidity)
	}
}
