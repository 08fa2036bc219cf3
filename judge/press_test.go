package judge

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"stormjudge/adjudicator/storm"
	"stormjudge/store"
)

// TestPressChecks (issue 25): press goes through BROADCAST's checks — a
// message holding a secret is refused and nothing is queued — and a
// power may send at most pressPerDay in any 24 hours (a flood is refused,
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
	if !strings.Contains(flat(res.Receipt.Body), "the message holds the moderators' secret; it was not sent") || pressMails() != 0 {
		t.Fatalf("press with a secret: %d mails queued, receipt:\n%s", pressMails(), res.Receipt.Body)
	}
	for i := range pressPerDay {
		c.t = c.t.Add(time.Minute)
		mustIngest(t, j, player(storm.Germany, "PRESS TO AXIS, ALLIES\nNumber "+strconv.Itoa(i)), Accepted)
	}
	if n := pressMails(); n != 3*pressPerDay { // Italy, Britain, France: never Germany itself
		t.Fatalf("%d press mails for %d press to three powers", n, pressPerDay)
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
