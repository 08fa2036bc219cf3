package judge

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"stormjudge/adjudicator/storm"
	"stormjudge/judge/command"
	"stormjudge/store"
)

// TestPressChecks (issue 25): press goes through BROADCAST's checks — a
// message holding a secret is refused and nothing is queued — and a
// power may send at most command.PressPerDay in any 24 hours (a flood is refused,
// and the next one goes once the oldest is a day old). Each press mails
// exactly its recipients.
func TestPressChecks(t *testing.T) {
	j, db, c := rulesGame(t, 0, store.Rules{})
	pressMails := func() (n int) {
		for _, m := range outbox(t, db) {
			if strings.HasPrefix(m.ID, "demo/press/") {
				n++
			}
		}
		return n
	}
	res := mustIngest(t, j, player(storm.Germany, "PRESS TO ITALY\nThe moderators' secret is gmsecret, ha."), Rejected)
	if !strings.Contains(flat(res.Receipt.Body), "the message holds a secret; it was not sent") || pressMails() != 0 {
		t.Fatalf("press with a secret: %d mails queued, receipt:\n%s", pressMails(), res.Receipt.Body)
	}
	// The sender's own secret, of any shape (an order block pasted in).
	res = mustIngest(t, j, player(storm.Germany, "PRESS TO ITALY\nMy orders:\nSECRET germany\nPASS"), Rejected)
	if !strings.Contains(flat(res.Receipt.Body), "the message holds a secret; it was not sent") || pressMails() != 0 {
		t.Fatalf("press with the sender's secret: %d mails queued, receipt:\n%s", pressMails(), res.Receipt.Body)
	}
	for i := range command.PressPerDay {
		c.t = c.t.Add(time.Minute)
		mustIngest(t, j, player(storm.Germany, "PRESS TO AXIS, ALLIES\nNumber "+strconv.Itoa(i)), Accepted)
	}
	if n := pressMails(); n != 3*command.PressPerDay { // Italy, Britain, France: never Germany itself
		t.Fatalf("%d press mails for %d press to three powers", n, command.PressPerDay)
	}
	res = mustIngest(t, j, player(storm.Germany, "PRESS TO ITALY\nOne too many."), Rejected)
	if !strings.Contains(flat(res.Receipt.Body), "at most 40 press a power in 24 hours") {
		t.Fatalf("the press over the limit:\n%s", res.Receipt.Body)
	}
	mustIngest(t, j, player(storm.Italy, "PRESS TO GERMANY\nItaly has its own budget."), Accepted)
	c.t = c.t.Add(24*time.Hour - 30*time.Minute) // the first is a day old
	mustIngest(t, j, player(storm.Germany, "PRESS TO ITALY\nA day later."), Accepted)
	for _, m := range outbox(t, db) {
		if strings.HasPrefix(m.ID, "demo/press/") && !strings.HasPrefix(m.To[0], "italy@") && !strings.HasPrefix(m.To[0], "britain@") &&
			!strings.HasPrefix(m.To[0], "france@") && !strings.HasPrefix(m.To[0], "germany@") {
			t.Errorf("press mail %s to %v", m.ID, m.To)
		}
	}
}

// TestGreyPressToAllHidesItsSender (issue 25): grey press to every other
// power does not list its recipients to them (the one power missing from
// the list would be its sender), in the mail or in HISTORY.
func TestGreyPressToAllHidesItsSender(t *testing.T) {
	j, db, _ := rulesGame(t, 0, store.Rules{})
	mustIngest(t, j, moderatorMail("PRESS GREY"), Accepted)
	mustIngest(t, j, player(storm.Italy, "PRESS GREY TO ALL\nSomeone is watching."), Accepted)
	n := 0
	for _, m := range outbox(t, db) {
		if !strings.HasPrefix(m.ID, "demo/press/") {
			continue
		}
		n++
		if strings.Contains(m.Body, "Italy") || strings.Contains(m.Subject, "Italy") || !strings.Contains(flat(m.Body), "press from a power (grey press: the judge does not say which) to you.") {
			t.Errorf("grey press %s names or hints at its sender: %q\n%s", m.ID, m.Subject, m.Body)
		}
	}
	if n != 4 {
		t.Errorf("%d grey press mails to the four other powers", n)
	}
	res := mustIngest(t, j, player(storm.Germany, "HISTORY"), Answered)
	if h := flat(res.Receipt.Body); !strings.Contains(h, "from a power (grey) to you: Someone is watching.") || strings.Contains(h, "Germany, Britain") {
		t.Errorf("Germany's HISTORY of the grey press:\n%s", res.Receipt.Body)
	}
}

// TestPressReplyGoesToItsSender: a PRESS alone in a reply to a press mail
// (its In-Reply-To the Message-ID of that mail) goes to the power that
// sent the press, and only to it, without naming it; the receipt says so.
// Without a press mail of the player's to answer (no In-Reply-To, another
// power's copy, another game's mail) it is refused and nothing is sent,
// and a reply to grey press is refused without naming its sender.
func TestPressReplyGoesToItsSender(t *testing.T) {
	j, db, c := rulesGame(t, 0, store.Rules{})
	mustIngest(t, j, player(storm.Germany, "PRESS TO ITALY, BRITAIN\nShall we talk?"), Accepted)
	msgIDs := map[string]string{} // the press mails' Message-IDs by recipient
	for _, m := range outbox(t, db) {
		if strings.HasPrefix(m.ID, "demo/press/") {
			msgIDs[m.To[0]] = m.MessageID
			if !strings.Contains(flat(m.Body), "To answer Germany, reply to this mail with your GAME and SECRET lines, a line PRESS and your message") {
				t.Errorf("press mail %s does not say how to reply:\n%s", m.ID, m.Body)
			}
		}
	}
	toItaly := msgIDs["italy@sandbox.test"]
	if toItaly == "" || msgIDs["britain@sandbox.test"] == "" {
		t.Fatalf("press mails: %v", msgIDs)
	}
	pressTo := func(rcpt string) (n int) {
		for _, m := range outbox(t, db) {
			if strings.HasPrefix(m.ID, "demo/press/") && m.To[0] == rcpt {
				n++
			}
		}
		return n
	}
	replyTo := func(p storm.Power, parent, lines string) []byte {
		return email(p.String()+"@sandbox.test", "GAME demo\nSECRET "+p.String()+"\n"+lines+"\nEND\n", "In-Reply-To: "+parent)
	}

	c.t = c.t.Add(time.Minute)
	res := mustIngest(t, j, replyTo(storm.Italy, toItaly, "PRESS\nYes, the Balkans."), Accepted)
	if !strings.Contains(flat(res.Receipt.Body), "A reply to press #1. Press sent to Germany (signed as Italy") {
		t.Errorf("the reply's receipt:\n%s", res.Receipt.Body)
	}
	if pressTo("germany@sandbox.test") != 1 || pressTo("britain@sandbox.test") != 1 || pressTo("france@sandbox.test") != 0 {
		t.Errorf("the reply went to germany %d, britain %d (1 before), france %d times", pressTo("germany@sandbox.test"), pressTo("britain@sandbox.test"), pressTo("france@sandbox.test"))
	}
	for _, m := range outbox(t, db) {
		if m.To[0] == "germany@sandbox.test" && strings.HasPrefix(m.ID, "demo/press/") && !strings.Contains(m.Body, "Yes, the Balkans.") {
			t.Errorf("Germany's press mail:\n%s", m.Body)
		}
	}

	// Nothing to answer: refused, nothing sent.
	before := len(outbox(t, db))
	for name, mail := range map[string][]byte{
		"no In-Reply-To":          player(storm.Italy, "PRESS\nTo whom?"),
		"Britain's copy":          replyTo(storm.Italy, msgIDs["britain@sandbox.test"], "PRESS\nNot mine."),
		"another judge's mail":    replyTo(storm.Italy, "<demo.press.1.italy.00000000@elsewhere.example>", "PRESS\nForged."),
		"a report, not a press":   replyTo(storm.Italy, "<demo.v0.public.12345678@sandbox.test>", "PRESS\nA report."),
		"a press number too high": replyTo(storm.Italy, strings.Replace(toItaly, ".press.1.", ".press.9.", 1), "PRESS\nNine."),
	} {
		res := mustIngest(t, j, mail, Rejected)
		if !strings.Contains(flat(res.Receipt.Body), "PRESS without TO answers a press: send it in a reply to the press mail") {
			t.Errorf("%s: receipt\n%s", name, res.Receipt.Body)
		}
	}
	if n := len(outbox(t, db)) - before; n != 5 { // the five receipts
		t.Errorf("%d mails for five refused replies", n)
	}

	// Grey press: its sender stays unnamed.
	mustIngest(t, j, moderatorMail("PRESS GREY"), Accepted)
	mustIngest(t, j, player(storm.France, "PRESS GREY TO ITALY\nPsst."), Accepted)
	grey := ""
	for _, m := range outbox(t, db) {
		if strings.HasPrefix(m.ID, "demo/press/") && strings.Contains(m.Body, "Psst.") {
			grey = m.MessageID
		}
	}
	res = mustIngest(t, j, replyTo(storm.Italy, grey, "PRESS\nWho are you?"), Rejected)
	if body := flat(res.Receipt.Body); !strings.Contains(body, "press #3 is grey") || strings.Contains(body, "France") {
		t.Errorf("a reply to grey press:\n%s", res.Receipt.Body)
	}
}
