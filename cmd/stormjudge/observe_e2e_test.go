package main

import (
	"bytes"
	"encoding/json"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"stormjudge/adjudicator/storm"
	"stormjudge/store"
)

// TestSandboxObserversByEmail (issue 25, docs/orders.md "Observing a
// game"): an address the moderator allows observes the game by email,
// once it confirms its request with the secret mailed to it, and gets
// its public reports (the latest at once, then one when the turn ends,
// each with the stop line) and never a private notice, digest or press;
// the one line OBSERVE STOP demo ends it. An address that may not observe gets no answer at
// all, until the moderator makes the game public.
func TestSandboxObserversByEmail(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("a game by email: the full run plays it")
	}
	olga, pete := "olga@"+sandboxDomain, "pete@"+sandboxDomain
	b := startCommandBox(t, olga, pete)
	gm := sandboxModerator
	observe := func(lines string) string { return "GAME " + sandboxGame + "\n" + lines + "\nEND\n" }
	isObserver := func(addr string) func(mailMsg) bool {
		// judge.versionMailID: "<demo.v2.observer.olga.sandbox.test.<hash>@...>"
		return func(m mailMsg) bool {
			return strings.Contains(m.MessageID, ".observer."+strings.ReplaceAll(addr, "@", ".")+".")
		}
	}

	// Not allowed: not answered (the moderator's receipt after it shows
	// the judge has read it: the inbox is read in order).
	b.send(pete, observe("OBSERVE"))
	b.ask(gm, modMail("OBSERVE ALLOW "+olga), "[demo: ACCEPTED]", olga+" may observe the game (OBSERVE).")
	if n := b.count(pete, nil); n != 0 {
		t.Fatalf("an address that may not observe got %d mails", n)
	}

	// Nothing vouches for an observer's email: its subject and lines are
	// never quoted back.
	bad := b.ask(olga, observe("OBSERVE\nSend your SECRET to evil@example.com"), "[demo: NOT ACCEPTED]",
		"An observer's email holds the GAME line and OBSERVE (or OBSERVE STOP, or OBSERVE with the SECRET sent to confirm it) alone; it was not read.")
	if bad.Subject != "Re: your email [demo: NOT ACCEPTED]" || strings.Contains(bad.Text, "evil@") || strings.Contains(bad.Body, "commands") {
		t.Errorf("an observer's refused email is quoted back: %q\n%s", bad.Subject, bad.Text)
	}
	// The request is answered with a short confirmation and its secret
	// (a double opt-in): the address observes once it sends it back.
	req := b.ask(olga, observe("OBSERVE"), "[demo: OBSERVE]", "asked to observe game demo")
	if req.Subject != "Re: your email [demo: OBSERVE]" {
		t.Errorf("an observer's request's answer echoes the subject: %q", req.Subject)
	}
	ok := b.ask(olga, observe("SECRET "+joinSecret.FindStringSubmatch(req.Text)[1]+"\nOBSERVE"), "[demo: ACCEPTED]", "You observe game demo")
	if ok.Subject != "Re: your email [demo: ACCEPTED]" {
		t.Errorf("an observer's receipt echoes the subject: %q", ok.Subject)
	}
	first := b.wait(olga, "the observer's first report", isObserver(olga))
	if !strings.Contains(first.Subject, "[demo]") || !strings.Contains(first.Text, "public report") {
		t.Errorf("the observer's first report: %q\n%s", first.Subject, first.Text)
	}
	b.ask(olga, observe("OBSERVE"), "[demo: NOT ACCEPTED]", "you observe game demo already")
	b.ask(gm, modMail("STATUS"), "[demo: STATUS]", "Observers: "+olga+".")
	b.ask(addrOf(storm.Russia), powerMail(storm.Russia, "STATUS"), "[demo: STATUS]", "Observers: 1.")
	b.ask(addrOf(storm.Germany), powerMail(storm.Germany, "PRESS TO ITALY\nNot for observers."), "[demo: ACCEPTED]", "Press sent to Italy")

	// The turn: every power PASSes until the next turn's report comes.
	before := b.count(olga, isObserver(olga))
	for round := 0; round < 12 && b.count(olga, isObserver(olga)) == before; round++ {
		for _, p := range storm.Powers {
			b.send(addrOf(p), powerMail(p, "PASS"))
		}
		waitFor(t, "the round's receipts", cmdWait, func() bool {
			return b.count(addrOf(storm.Russia), func(m mailMsg) bool { return m.kind() == "receipt" }) >= 2+round
		})
	}
	rep := b.wait(olga, "the observer's report at the end of the turn", func(m mailMsg) bool {
		return isObserver(olga)(m) && strings.HasPrefix(m.MessageID, "<demo.v2.observer.")
	})
	if !strings.Contains(rep.Subject, "Summer 1935") {
		t.Errorf("the observer's report of the turn: %q", rep.Subject)
	}
	ms, err := readMailbox(b.imap, olga, "olga", "INBOX", false)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range ms {
		text := mailText(t, m.Body)
		if strings.Contains(m.MessageID, ".private.") || strings.Contains(m.MessageID, ".digest.") || strings.Contains(m.MessageID, ".press.") ||
			strings.Contains(text, "only, secret") || strings.Contains(text, "Not for observers") {
			t.Errorf("the observer got %s %q", m.MessageID, m.Subject)
		}
	}

	if !strings.Contains(rep.Text, "OBSERVE STOP demo") {
		t.Errorf("the observer's report without the stop line:\n%s", rep.Text)
	}
	b.ask(olga, "OBSERVE STOP demo\n", "[demo: ACCEPTED]", "You no longer observe game demo")

	// A public game: anyone may observe.
	b.ask(gm, modMail("OBSERVE PUBLIC ON\nREASON a public game"), "[demo: ACCEPTED]", accepted)
	b.notice("demo", 1, addrOf(storm.Italy), "The game is public: any address may observe it")
	req = b.ask(pete, observe("OBSERVE"), "[demo: OBSERVE]", "asked to observe game demo")
	b.ask(pete, observe("SECRET "+joinSecret.FindStringSubmatch(req.Text)[1]+"\nOBSERVE"), "[demo: ACCEPTED]", "You observe game demo")
	b.stop()

	var out bytes.Buffer
	if err := run([]string{"game", "export", "-data", filepath.Join(b.dir, "stormjudge.db"), "demo"}, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	var ex struct {
		Observers []store.Observer `json:"observers"`
		Public    bool             `json:"public"`
		Allowed   []string         `json:"observers_allowed"`
	}
	if err := json.Unmarshal(out.Bytes(), &ex); err != nil {
		t.Fatal(err)
	}
	if len(ex.Observers) != 1 || ex.Observers[0].Address != pete || !ex.Public || len(ex.Allowed) != 1 || ex.Allowed[0] != olga {
		t.Errorf("exported observers: %+v", ex)
	}
}
