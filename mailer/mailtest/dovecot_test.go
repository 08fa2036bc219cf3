package mailtest

import (
	"fmt"
	"testing"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
)

// TestStartDovecotDeliversToEachUser covers both user name forms: bare
// local parts (looked up by %n) and full addresses (%u).
func TestStartDovecotDeliversToEachUser(t *testing.T) {
	tests := []struct {
		name  string
		users map[string]string
		login func(addr string) string // IMAP login name for a recipient
	}{
		{"local-parts", map[string]string{"judge": "secret", "germany": "germany"},
			func(addr string) string { return addr[:len(addr)-len("@sandbox.test")] }},
		{"full-addresses", map[string]string{"judge@sandbox.test": "secret", "germany@sandbox.test": "germany"},
			func(addr string) string { return addr }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			imapAddr, lmtpAddr := StartDovecot(t, tt.users)
			for i, rcpt := range []string{"judge@sandbox.test", "judge@sandbox.test", "germany@sandbox.test"} {
				raw := fmt.Sprintf("From: gm@sandbox.test\r\nTo: %s\r\nSubject: %d\r\nMessage-ID: <%d@sandbox.test>\r\n\r\nbody\r\n", rcpt, i, i)
				if err := Deliver(lmtpAddr, "gm@sandbox.test", []string{rcpt}, []byte(raw)); err != nil {
					t.Fatal(err)
				}
			}
			for rcpt, want := range map[string]uint32{"judge@sandbox.test": 2, "germany@sandbox.test": 1} {
				user := tt.login(rcpt)
				c, err := imapclient.DialInsecure(imapAddr, nil)
				if err != nil {
					t.Fatal(err)
				}
				if err := c.Login(user, tt.users[user]).Wait(); err != nil {
					t.Fatalf("login %s: %v", user, err)
				}
				sel, err := c.Select("INBOX", &imap.SelectOptions{ReadOnly: true}).Wait()
				if err != nil {
					t.Fatal(err)
				}
				if sel.NumMessages != want {
					t.Errorf("%s has %d messages, want %d", user, sel.NumMessages, want)
				}
				c.Close()
			}
			if err := Deliver(lmtpAddr, "gm@sandbox.test", []string{"nobody@sandbox.test"}, []byte("Subject: x\r\n\r\nx\r\n")); err == nil {
				t.Error("delivery to an unknown user succeeded")
			}
		})
	}
}
