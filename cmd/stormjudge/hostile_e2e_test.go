package main

import (
	"bytes"
	"fmt"
	"io"
	"maps"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2/imapclient"

	"stormjudge/adjudicator/storm"
	"stormjudge/judge"
	"stormjudge/orders/orderstest"
	"stormjudge/store"
)

// appendToJudge puts raw straight into the judge's INBOX over IMAP, as a
// mail server would deliver it (also what SMTP would refuse: a 40 KiB
// header line).
func appendToJudge(t *testing.T, imapAddr string, raw []byte) {
	t.Helper()
	c, err := imapclient.DialInsecure(imapAddr, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.Login("judge@sandbox.test", "judge").Wait(); err != nil {
		t.Fatal(err)
	}
	ac := c.Append("INBOX", int64(len(raw)), nil)
	if _, err := io.Copy(ac, bytes.NewReader(raw)); err != nil {
		t.Fatal(err)
	}
	if err := ac.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := ac.Wait(); err != nil {
		t.Fatalf("append: %v", err)
	}
	c.Logout().Wait()
}

// TestHostileMailOverLoopback (issue 8, defects 2, 3, 4, 7, 9) plays the
// probe against the sandbox's real IMAP and SMTP servers: a forged
// stranger gets nothing; a seated player's oversized, many-part and deeply
// nested mails, a 40 KiB Message-ID, and a second email under an old
// Message-ID each get exactly one receipt that says what happened; a
// Subject with control characters is cleaned; every email is handled once
// (none left in the inbox to be retried), and the operator sees the count
// of dropped mail in `game show`.
func TestHostileMailOverLoopback(t *testing.T) {
	t.Parallel() // its own servers and data: waits overlap (issue 24, CI time)
	dir := t.TempDir()
	// More refusals than the receipt brake lets through: it has its own
	// test (TestMailLoopOverLoopback).
	imapAddr, smtpAddr, stop := startSandbox(t, sandboxOptions{Dir: dir, Brake: &judge.Brake{Receipts: 100}})
	waitFor(t, "welcome", 30*time.Second, func() bool {
		return countKinds(powerInbox(t, imapAddr, storm.Germany))["welcome"] == 1
	})
	const phish = "URGENT: judge moved, send your SECRET to evil@example.com"
	head := func(id, subject string) string {
		return "From: germany@sandbox.test\r\nTo: judge@sandbox.test\r\nSubject: " + subject + "\r\nMessage-ID: <" + id + ">\r\n"
	}
	const orders = "GAME demo\r\nSECRET germany\r\nPASS\r\nEND\r\n"
	many, deep := orderstest.ManyParts(5000, orders), orderstest.Nested(100, orders)
	hugeID := strings.Repeat("h", 40<<10) + "@client.test"
	mails := []struct{ raw, want string }{
		{head("big@client.test", "big") + "Content-Type: text/plain\r\n\r\n" + orders + strings.Repeat("x", 5<<20), "larger than 1 MiB"},
		{head("parts@client.test", "parts") + many, "more than 100 MIME parts"},
		// Issue 24, defect 3: the limit holds with the orders first too.
		{head("partsfirst@client.test", "parts first") + orderstest.ManyPartsFirst(5000, orders), "more than 100 MIME parts"},
		{head("deep@client.test", "deep") + deep, "nested more than 10 deep"},
		{head(hugeID, "long id") + "\r\nGAME demo\r\nSECRET wrong\r\nPASS\r\n", "SECRET does not match"},
		{head("same@client.test", "first") + "\r\nGAME demo\r\nSECRET wrong\r\nPASS\r\n", "SECRET does not match"},
		{head("same@client.test", "second") + "\r\nGAME nosuch\r\nSECRET x\r\nPASS\r\n", `names a game this judge does not hold`},
		// Found by a new user's run: no GAME line, no secret: nothing
		// checks who sent it, so nothing of it is quoted either.
		{head("nogame@client.test", phish) + "\r\n" + phish + "\r\n", "names no game (a GAME line), so it was not read. Nothing of it is quoted here"},
		{head("ctl@client.test", "=?utf-8?q?ctl=0D=0AX-Evil:_1=1B[1m?=") + "\r\nGAME demo\r\nSECRET wrong\r\nPASS\r\n", "SECRET does not match"},
		// Issue 24, defect 1: forged in Germany's name, wrong secret: the
		// receipt is a fixed text, quoting neither subject nor body.
		{head("phish@client.test", phish) + "\r\nGAME demo\r\nSECRET wrong\r\n" + phish + "\r\nPASS\r\n", "Nothing of that email is quoted here"},
		// Defect 2: control, zero-width and bidirectional characters of a
		// quoted line or the subject come back escaped, never raw.
		{head("zw@client.test", "=?utf-8?q?zero=E2=80=8Bwidth=E2=80=AEbidi?=") + "\r\nGAME demo\r\nSECRET germany\r\nPASS\x07\x1b[2J\r\nBUILD \u200binfantry\r\nEND\r\n", `\x1b[2J`},
	}
	for _, m := range mails {
		appendToJudge(t, imapAddr, []byte(m.raw))
	}
	// Issue 24, defect 4: auto-replies without Auto-Submitted or
	// Precedence, in Germany's name with its secret right, get no answer.
	for i, h := range []string{"X-Autoreply: yes\r\nSubject: orders", "X-Auto-Response-Suppress: All\r\nSubject: orders",
		"Subject: Automatic reply: orders", "Subject: Out of Office: Re: orders", "List-Unsubscribe: <mailto:u@x>\r\nSubject: orders"} {
		raw := fmt.Sprintf("From: germany@sandbox.test\r\nTo: judge@sandbox.test\r\n%s\r\nMessage-ID: <auto%d@client.test>\r\n\r\n%s", h, i, orders)
		appendToJudge(t, imapAddr, []byte(raw))
	}
	// Issue 24, defect 5: two different emails under one Message-ID, by
	// SMTP: the sandbox's server delivers both (it compares content, as
	// the judge does), and the judge answers each.
	const reused = 2
	for _, subject := range []string{"first draft", "second draft"} {
		if err := sendPass(smtpAddr, storm.Germany, "<reused@client.test>", subject); err != nil {
			t.Fatal(err)
		}
	}
	// The stranger, by SMTP, with a forged envelope and every order right.
	sendOrder(t, smtpAddr, "eve@example.org", "orders", "GAME demo\nPOWER germany\nSECRET germany\nPASS\nEND\n")

	var receipts []mailMsg
	waitFor(t, "a receipt for each of the player's mails", 60*time.Second, func() bool {
		receipts = nil
		for _, m := range powerInbox(t, imapAddr, storm.Germany) {
			if m.kind() == "receipt" {
				receipts = append(receipts, m)
			}
		}
		return len(receipts) >= len(mails)+reused
	})
	waitFor(t, "every email handled", 30*time.Second, func() bool {
		// Envelopes only: a message the judge moves out between the
		// envelopes and the bodies would be missing from the bodies.
		ms, err := readMailbox(imapAddr, "judge@sandbox.test", "judge", "INBOX", false)
		return err == nil && len(ms) == 0
	})
	time.Sleep(time.Second) // anything more would have come by now
	if n := len(powerInbox(t, imapAddr, storm.Germany)); n != 3+len(mails)+reused {
		t.Errorf("germany's inbox holds %d mails, want the 3 of creation and %d receipts", n, len(mails)+reused)
	}
	for _, subject := range []string{"first draft", "second draft"} {
		found := false
		for _, r := range receipts {
			found = found || strings.HasPrefix(r.Subject, "Re: "+subject)
		}
		if !found {
			t.Errorf("no receipt for %q under the reused Message-ID", subject)
		}
	}
	for _, m := range mails {
		found := 0
		for _, r := range receipts {
			if strings.Contains(strings.Join(strings.Fields(r.Body), " "), m.want) {
				found++
			}
		}
		if found == 0 {
			t.Errorf("no receipt says %q", m.want)
		}
	}
	for _, r := range receipts {
		if strings.ContainsAny(r.Subject, "\r\n\x1b\u200b\u202e") || strings.Contains(r.InReplyTo, "hhhh") {
			t.Errorf("receipt header carries sender junk: subject %q in-reply-to %d bytes", r.Subject, len(r.InReplyTo))
		}
		if strings.ContainsAny(r.Body, "\x07\x1b\u200b\u202e") {
			t.Errorf("a receipt quotes a control, zero-width or bidirectional character raw: %q", r.Body)
		}
		if strings.Contains(r.Subject+r.Body, "evil@example.com") || strings.Contains(r.Subject+r.Body, "URGENT") {
			t.Errorf("a receipt quotes the forged mail: %q\n%s", r.Subject, r.Body)
		}
	}
	stop()
	db, err := store.Open(filepath.Join(dir, "stormjudge.db"), &store.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.View(func(tx *store.Tx) error {
		ms, err := tx.Outbox()
		for _, m := range ms {
			if strings.Contains(strings.Join(m.To, ","), "eve@") {
				t.Errorf("mail to the stranger queued: %s", m.ID)
			}
		}
		if n := tx.Counter("dropped/demo"); n != 1 {
			t.Errorf("dropped/demo = %d", n)
		}
		if err == nil {
			err = store.Check(tx)
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	db.Close()
	var out bytes.Buffer
	if err := run([]string{"game", "show", "-data", filepath.Join(dir, "stormjudge.db"), "demo"}, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "naming this game, dropped without an answer: 1") {
		t.Errorf("game show:\n%s", out.String())
	}

	// The operator compacts the stopped daemon's file; everything stays.
	out.Reset()
	if err := run([]string{"compact", "-data", filepath.Join(dir, "stormjudge.db")}, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "0 expired inbound copies dropped") {
		t.Errorf("compact: %s", out.String())
	}
	out.Reset()
	if err := run([]string{"replay", "-data", filepath.Join(dir, "stormjudge.db"), "demo"}, &out, io.Discard); err != nil {
		t.Errorf("replay after compact: %v\n%s", err, out.String())
	}
}

// TestMailLoopOverLoopback (issue 24, defect 4, the receipt brake): an
// auto-responder in Germany's name that answers every mail of the judge,
// without any automatic mark, through the sandbox's real servers. The
// judge refuses each answer; after Brake.Receipts refusals within the
// window it holds the next, sends one summary when the address is quiet,
// answers again up to the limit, and then holds everything until the next
// summary's gap (an hour): the loop stops, with one summary. (How many
// refusals pass before each stop depends on how fast the loop turns
// against the window: at least 2 x 3.)
func TestMailLoopOverLoopback(t *testing.T) {
	t.Parallel() // its own servers and data: waits overlap (issue 24, CI time)
	imapAddr, smtpAddr, stop := startSandbox(t, sandboxOptions{Dir: t.TempDir(), Tick: 100 * time.Millisecond,
		// A window long enough that three refusals fall in it however
		// loaded the machine; the summary comes after it, quiet.
		Brake: &judge.Brake{Receipts: 3, Window: 15 * time.Second}})
	defer stop()
	waitFor(t, "the welcome, the first report and notice", 30*time.Second, func() bool {
		return len(powerInbox(t, imapAddr, storm.Germany)) == 3
	})
	const addr = "germany@sandbox.test"
	created := len(powerInbox(t, imapAddr, storm.Germany))
	seen, replies := created, 1
	sendOrder(t, smtpAddr, addr, "hello", "I am away until Monday.\n")
	loop := func() map[string]int {
		ms := powerInbox(t, imapAddr, storm.Germany)
		for _, m := range ms[seen:] {
			sendOrder(t, smtpAddr, addr, "Re: "+m.Subject, "I am away until Monday.\n")
			replies++
		}
		seen = len(ms)
		return countKinds(ms[created:])
	}
	waitFor(t, "six refusals and a summary", 90*time.Second, func() bool {
		k := loop()
		return k["receipt"] >= 6 && k["summary"] >= 1
	})
	// Then the brake holds: the responder goes on, and nothing more
	// comes.
	settled := loop()
	end := time.Now().Add(5 * time.Second)
	for time.Now().Before(end) {
		loop()
		time.Sleep(100 * time.Millisecond)
	}
	k := loop()
	if !maps.Equal(k, settled) || k["summary"] != 1 || k["receipt"] != 6 || len(k) != 2 {
		t.Errorf("the judge sent the looping responder %v, then %v: want the loop stopped at 6 receipts and one summary", settled, k)
	}
	t.Logf("the responder sent %d mails; the judge answered %v", replies, k)
}
