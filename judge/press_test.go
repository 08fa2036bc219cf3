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
