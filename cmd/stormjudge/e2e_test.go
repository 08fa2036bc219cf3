package main

import (
	"bytes"
	"context"
	"fmt"
	"image/png"
	"io"
	"net"
	"net/smtp"
	"regexp"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-message"

	"stormjudge/adjudicator/storm"
	"stormjudge/internal/flowed"

	_ "github.com/emersion/go-message/charset"

	"stormjudge/store"
)

// mailMsg is one message as a player's mail client sees it.
type mailMsg struct {
	MessageID, Subject, InReplyTo string
	Body                          string
}

// kind classifies the judge's mail by its Message-ID, which the judge
// derives from the outbox id (judge.enqueue).
func (m mailMsg) kind() string {
	switch {
	case strings.HasPrefix(m.MessageID, "<receipt."):
		return "receipt"
	case strings.HasPrefix(m.MessageID, "<brake."):
		return "summary"
	case strings.Contains(m.MessageID, ".welcome."):
		return "welcome"
	case strings.Contains(m.MessageID, ".public."):
		return "public"
	case strings.Contains(m.MessageID, ".private."):
		return "private"
	case strings.Contains(m.MessageID, ".digest."):
		return "digest"
	case strings.Contains(m.MessageID, ".moderator."):
		return "moderator"
	}
	return "other"
}

// fetchAll reads every message of a mailbox over IMAP with the go-imap
// client, bodies decoded.
func fetchAll(t *testing.T, imapAddr, user, pass, mailbox string) []mailMsg {
	t.Helper()
	ms, err := readMailbox(imapAddr, user, pass, mailbox, true)
	if err != nil {
		t.Fatalf("imap %s %s: %v", user, mailbox, err)
	}
	for i := range ms {
		ms[i].Body = mailText(t, ms[i].Body)
	}
	return ms
}

// readMailbox lists a mailbox's messages over IMAP: envelopes, and with
// bodies each message as fetched in Body. It returns an error instead of
// failing the test: the crash tests read while the daemon may be killed.
func readMailbox(imapAddr, user, pass, mailbox string, bodies bool) ([]mailMsg, error) {
	var want func(mailMsg) bool
	if bodies {
		want = func(mailMsg) bool { return true }
	}
	return readMailboxWhere(imapAddr, user, pass, mailbox, want, 0)
}

// readMailboxWhere lists a mailbox's envelopes and, when want is set, keeps
// only the messages it accepts (at most limit of them, 0: all), fetched
// whole in Body: the bodies of the others are never read.
func readMailboxWhere(imapAddr, user, pass, mailbox string, want func(mailMsg) bool, limit int) ([]mailMsg, error) {
	conn, err := net.DialTimeout("tcp", imapAddr, 5*time.Second)
	if err != nil {
		return nil, err
	}
	conn.SetDeadline(time.Now().Add(20 * time.Second))
	c := imapclient.New(conn, nil)
	defer c.Close()
	if err := c.Login(user, pass).Wait(); err != nil {
		return nil, err
	}
	sel, err := c.Select(mailbox, &imap.SelectOptions{ReadOnly: true}).Wait()
	if err != nil {
		return nil, err
	}
	if sel.NumMessages == 0 {
		return nil, nil
	}
	bufs, err := c.Fetch(imap.SeqSet{{Start: 1, Stop: sel.NumMessages}}, &imap.FetchOptions{Envelope: true}).Collect()
	if err != nil {
		return nil, err
	}
	var out []mailMsg
	var seqs imap.SeqSet
	for _, b := range bufs {
		if b.Envelope == nil {
			continue
		}
		m := mailMsg{Subject: b.Envelope.Subject, MessageID: "<" + b.Envelope.MessageID + ">"}
		if len(b.Envelope.InReplyTo) > 0 {
			m.InReplyTo = "<" + b.Envelope.InReplyTo[0] + ">"
		}
		if want != nil && !want(m) {
			continue
		}
		out = append(out, m)
		seqs.AddNum(b.SeqNum)
		if limit > 0 && len(out) == limit {
			break
		}
	}
	if want != nil && len(out) > 0 {
		full, err := c.Fetch(seqs, &imap.FetchOptions{BodySection: []*imap.FetchItemBodySection{{}}}).Collect()
		if err != nil {
			return nil, err
		}
		if len(full) != len(out) {
			return nil, fmt.Errorf("fetched %d bodies for %d messages", len(full), len(out))
		}
		for i, f := range full {
			if len(f.BodySection) > 0 {
				out[i].Body = string(f.BodySection[0].Bytes)
			}
		}
	}
	c.Logout().Wait()
	return out, nil
}

// mailText returns the text of a mail: its text/plain part, decoded, with
// format=flowed soft breaks undone. A mail of the judge (Auto-Submitted)
// must be multipart/alternative with an HTML part after the text, as
// every mail of the judge is.
func mailText(t *testing.T, raw string) string {
	t.Helper()
	text, _ := mailParts(t, raw)
	return text
}

// mailParts is mailText and the mail's HTML part, decoded ("" when none),
// after the same checks.
func mailParts(t *testing.T, raw string) (text, htmlPart string) {
	t.Helper()
	e, err := message.Read(strings.NewReader(raw))
	if err != nil {
		t.Fatalf("a mail of the judge does not parse: %v", err)
	}
	var kinds []string
	cids := map[string]bool{}
	if err := e.Walk(func(path []int, part *message.Entity, err error) error {
		if err != nil {
			return err
		}
		ct, params, _ := part.Header.ContentType()
		kinds = append(kinds, ct)
		if strings.HasPrefix(ct, "image/") {
			b, err := io.ReadAll(part.Body)
			if err != nil {
				return err
			}
			if _, err := png.Decode(bytes.NewReader(b)); err != nil {
				return fmt.Errorf("inline image: %w", err)
			}
			cids[strings.Trim(part.Header.Get("Content-Id"), "<>")] = true
		}
		if ct == "text/html" {
			b, err := io.ReadAll(part.Body)
			if err != nil {
				return err
			}
			htmlPart = string(b)
		}
		if ct == "text/plain" && text == "" {
			b, err := io.ReadAll(part.Body)
			if err != nil {
				return err
			}
			text = string(b)
			if strings.EqualFold(params["format"], "flowed") {
				text = flowed.Decode(text, false)
			}
		}
		return nil
	}); err != nil {
		t.Fatalf("a mail of the judge does not parse: %v", err)
	}
	if e.Header.Get("Auto-Submitted") == "" {
		return text, htmlPart // a player's email (the judge's Processed folder)
	}
	if !slices.Contains(kinds, "multipart/alternative") || !slices.Contains(kinds, "text/html") ||
		slices.Index(kinds, "text/html") < slices.Index(kinds, "text/plain") {
		t.Fatalf("a mail of the judge is not text then HTML in multipart/alternative: %v", kinds)
	}
	// Every cid: the HTML shows is an image of the mail; reports and
	// notices show their picture.
	refs := regexp.MustCompile(`src="cid:([^"]+)"`).FindAllStringSubmatch(htmlPart, -1)
	for _, r := range refs {
		if !cids[r[1]] {
			t.Fatalf("the HTML shows cid:%s, which the mail lacks (it has %v)", r[1], cids)
		}
	}
	id := e.Header.Get("Message-Id")
	if (strings.Contains(id, ".public.") || strings.Contains(id, ".private.")) && len(refs) == 0 {
		t.Fatalf("report %s shows no picture", id)
	}
	return text, htmlPart
}

func countKinds(ms []mailMsg) map[string]int {
	n := map[string]int{}
	for _, m := range ms {
		n[m.kind()]++
	}
	return n
}

var sentSeq atomic.Int64

// sendPass sends power p's PASS for the demo game over SMTP under the given
// Message-ID, without failing the test (the crash tests send while the
// daemon may be down).
func sendPass(smtpAddr string, p storm.Power, msgID, subject string) error {
	from := p.String() + "@sandbox.test"
	msg := "From: " + from + "\r\nTo: judge@sandbox.test\r\nSubject: " + subject + "\r\nMessage-ID: " + msgID +
		"\r\n\r\nGAME demo\r\nSECRET " + p.String() + "\r\nPASS\r\nEND\r\n"
	return smtp.SendMail(smtpAddr, nil, from, []string{"judge@sandbox.test"}, []byte(msg))
}

// sendOrder sends an order email over SMTP with net/smtp, as a script would.
func sendOrder(t *testing.T, smtpAddr, from, subject, body string) string {
	t.Helper()
	id := fmt.Sprintf("<e2e-%d-%d@client.test>", time.Now().UnixNano(), sentSeq.Add(1))
	msg := "From: " + from + "\r\nTo: judge@sandbox.test\r\nSubject: " + subject +
		"\r\nMessage-ID: " + id + "\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" +
		strings.ReplaceAll(body, "\n", "\r\n")
	if err := smtp.SendMail(smtpAddr, nil, from, []string{"judge@sandbox.test"}, []byte(msg)); err != nil {
		t.Fatalf("smtp send from %s: %v", from, err)
	}
	return id
}

// waitFor polls cond until it holds or the deadline passes.
func waitFor(t *testing.T, what string, d time.Duration, cond func() bool) {
	t.Helper()
	end := time.Now().Add(d)
	for !cond() {
		if time.Now().After(end) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

func powerInbox(t *testing.T, imapAddr string, p storm.Power) []mailMsg {
	return fetchAll(t, imapAddr, p.String()+"@sandbox.test", p.String(), "INBOX")
}

// startSandbox runs the sandbox in process on free loopback ports with
// o's data directory, deck and mode, polling fast; stop cancels it and
// waits (also run at cleanup).
func startSandbox(t *testing.T, o sandboxOptions) (imapAddr, smtpAddr string, stop func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	addrs := make(chan [2]string, 1)
	done := make(chan error, 1)
	go func() {
		o.SMTPAddr, o.IMAPAddr = "127.0.0.1:0", "127.0.0.1:0"
		if o.Mail == "" {
			// These tests read the report and notice of every segment;
			// the digest, the sandbox's default, has its own
			// (TestSandboxDigestByEmail).
			o.Mail = store.MailEverySegment
		}
		o.Poll, o.Tick = 500*time.Millisecond, time.Second
		done <- runSandbox(ctx, o, newLogger(io.Discard, "error"), func(i, s string, _ map[storm.Power]string) { addrs <- [2]string{i, s} })
	}()
	select {
	case a := <-addrs:
		imapAddr, smtpAddr = a[0], a[1]
	case err := <-done:
		cancel()
		t.Fatalf("sandbox did not start: %v", err)
	case <-time.After(30 * time.Second):
		cancel()
		t.Fatal("sandbox did not start")
	}
	stopped := false
	stop = func() {
		if stopped {
			return
		}
		stopped = true
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("sandbox: %v", err)
			}
		case <-time.After(30 * time.Second):
			t.Errorf("sandbox did not stop")
		}
	}
	t.Cleanup(stop)
	return imapAddr, smtpAddr, stop
}

// TestEndToEndSandbox runs the sandbox in process on loopback and plays the
// first economic segment by email: five PASS/conversion orders, five
// receipts, then the report and notices; a wrong secret and garbage are
// answered and change nothing.
func TestEndToEndSandbox(t *testing.T) {
	t.Parallel() // its own servers and data: waits overlap (issue 24, CI time)
	imapAddr, smtpAddr, _ := startSandbox(t, sandboxOptions{Dir: t.TempDir(), Deck: "../../testdata/decks/illustrative.toml"})

	// The game's creation mails: welcome, public report, private notice.
	for _, p := range storm.Powers {
		waitFor(t, p.String()+" welcome mails", 30*time.Second, func() bool {
			n := countKinds(powerInbox(t, imapAddr, p))
			return n["welcome"] == 1 && n["public"] == 1 && n["private"] == 1
		})
	}
	welcome := powerInbox(t, imapAddr, storm.Germany)
	for _, m := range welcome {
		if m.kind() == "welcome" && !strings.Contains(m.Body, "Your secret: germany") {
			t.Errorf("welcome mail lacks the secret:\n%s", m.Body)
		}
		if m.kind() == "public" && strings.Contains(m.Body, "secret") {
			t.Errorf("public report mentions a secret:\n%s", m.Body)
		}
	}

	// Bad input first: a wrong secret and garbage get error receipts.
	badID := sendOrder(t, smtpAddr, "germany@sandbox.test", "orders", "GAME demo\nSECRET wrong\nPASS\nEND\n")
	junkID := sendOrder(t, smtpAddr, "germany@sandbox.test", "orders", "GAME demo\nSECRET germany\nLAUNCH THE FLEET\nEND\n")
	waitFor(t, "error receipts", 30*time.Second, func() bool {
		return countKinds(powerInbox(t, imapAddr, storm.Germany))["receipt"] == 2
	})
	for _, m := range powerInbox(t, imapAddr, storm.Germany) {
		if m.kind() != "receipt" {
			continue
		}
		if m.InReplyTo != badID && m.InReplyTo != junkID {
			t.Errorf("receipt In-Reply-To %q, want one of %s %s", m.InReplyTo, badID, junkID)
		}
		if !strings.Contains(m.Body, "NOT accepted") {
			t.Errorf("error receipt:\n%s", m.Body)
		}
	}

	// Five orders, one per power.
	start := time.Now()
	for _, p := range storm.Powers {
		orders := "PASS"
		if p == storm.Germany {
			// A shipbuilding order of the economic phase (19.61, 19.62).
			orders = "LAY DOWN BATTLESHIP 3 WITH SHIPYARD 1, 2"
		}
		sendOrder(t, smtpAddr, p.String()+"@sandbox.test", "Spring 1935 orders",
			"GAME demo\nSECRET "+p.String()+"\n"+orders+"\nEND\n")
	}
	for _, p := range storm.Powers {
		wantReceipts := 1
		if p == storm.Germany {
			wantReceipts = 3
		}
		waitFor(t, p.String()+" receipt, report and notice", 60*time.Second, func() bool {
			n := countKinds(powerInbox(t, imapAddr, p))
			return n["receipt"] == wantReceipts && n["public"] == 2 && n["private"] == 2
		})
	}
	t.Logf("fifth order to every report delivered: %s", time.Since(start))
	for _, p := range storm.Powers {
		for _, m := range powerInbox(t, imapAddr, p) {
			if m.kind() == "private" && strings.Contains(m.MessageID, ".v2.") && !strings.Contains(strings.ToLower(m.Body), p.String()) {
				t.Errorf("%s's notice does not name its power:\n%s", p, m.Body)
			}
			if m.kind() == "private" && strings.Contains(m.MessageID, ".v2.") && p == storm.Germany && !strings.Contains(m.Body, "#1 BB3") {
				t.Errorf("Germany's notice does not show the ship laid down:\n%s", m.Body)
			}
			if m.kind() == "receipt" && p == storm.Germany && strings.Contains(m.Body, "ACCEPTED") && !strings.Contains(m.Body, "LAY DOWN BATTLESHIP 3") {
				t.Errorf("Germany's receipt does not echo the order:\n%s", m.Body)
			}
		}
	}
	// The moderator gets every public report, no private notice.
	gm := countKinds(fetchAll(t, imapAddr, "gm@sandbox.test", "gm", "INBOX"))
	if gm["public"] != 2 || gm["private"] != 0 {
		t.Errorf("moderator's inbox: %v", gm)
	}
	// The judge's handled mail is moved, never deleted.
	waitFor(t, "judge's processed mail", 30*time.Second, func() bool {
		return len(fetchAll(t, imapAddr, "judge@sandbox.test", "judge", "Processed")) == 7
	})
}
