package mailserver

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/emersion/go-imap/v2"
)

// pythonClient speaks to the servers with Python's smtplib and imaplib, the
// clients the sandbox's README suggests for scripting a game.
const pythonClient = `
import imaplib, smtplib, sys
host, iport, sport = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
msg = "From: france@sandbox.test\r\nTo: judge@sandbox.test\r\nSubject: python orders\r\n\r\nBUILD factory\r\n"
with smtplib.SMTP(host, sport) as s:
    s.login("france@sandbox.test", "france")
    s.sendmail("france@sandbox.test", ["judge@sandbox.test"], msg)
with smtplib.SMTP(host, sport) as s:
    s.sendmail("gm@sandbox.test", ["judge@sandbox.test"], msg.replace("python orders", "anonymous"))
    try:
        s.sendmail("gm@sandbox.test", ["ghost@sandbox.test"], msg)
    except smtplib.SMTPRecipientsRefused as e:
        code, text = e.recipients["ghost@sandbox.test"]
        print("refused", code, text.decode())
m = imaplib.IMAP4(host, iport)
m.login("judge", "judge")
typ, data = m.capability()
print("caps", " ".join(sorted(c for c in data[0].decode().split() if c in ("MOVE", "UIDPLUS", "NAMESPACE", "IDLE"))))
typ, _ = m.create("Processed")
typ, data = m.select("INBOX")
print("exists", data[0].decode())
typ, data = m.uid("SEARCH", None, 'SUBJECT "python orders"')
uid = data[0].decode()
print("search", uid)
typ, data = m.uid("FETCH", uid, "(FLAGS BODY.PEEK[HEADER.FIELDS (SUBJECT)])")
print("header", data[0][1].decode().strip())
m.uid("STORE", uid, "+FLAGS", "(\\Seen)")
typ, data = m.uid("MOVE", uid, "Processed")
print("move", typ)
typ, data = m.status("Processed", "(MESSAGES UNSEEN)")
print("status", data[0].decode())
m.logout()
`

func TestPythonClients(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not installed")
	}
	s := startServer(t, t.TempDir())
	if err := s.AddUser("gm", "gm"); err != nil {
		t.Fatal(err)
	}
	host, iport, _ := strings.Cut(s.IMAPAddr(), ":")
	_, sport, _ := strings.Cut(s.SMTPAddr(), ":")
	out, err := exec.Command(py, "-c", pythonClient, host, iport, sport).CombinedOutput()
	if err != nil {
		t.Fatalf("python: %v\n%s", err, out)
	}
	got := string(out)
	for _, want := range []string{
		"refused 550 5.1.1 No such user: <ghost@sandbox.test> has no mailbox on sandbox.test",
		"caps IDLE MOVE NAMESPACE UIDPLUS",
		"exists 2",
		"search 1",
		"header Subject: python orders",
		"move OK",
		`status "Processed" (MESSAGES 1 UNSEEN 0)`,
	} {
		if !strings.Contains(got, want+"\n") {
			t.Errorf("python output lacks %q:\n%s", want, got)
		}
	}
	st := snapshot(t, s, "judge", "judge")
	if len(st) != 2 || st[0].Name != "INBOX" || len(st[0].Messages) != 1 || len(st[1].Messages) != 1 ||
		!strings.Contains(st[1].Messages[0].Body, "Received: from ") || st[1].Messages[0].Flags[0] != string(imap.FlagSeen) {
		t.Errorf("judge's mailboxes after the python session: %+v", st)
	}
}
