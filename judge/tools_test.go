package judge

import (
	"strings"
	"testing"
	"time"

	"stormjudge/adjudicator/storm"
	"stormjudge/internal/flowed"
	"stormjudge/store"
)

// mailText is a mail's text as a client shows it (format=flowed joined).
func mailText(m *store.Mail) string {
	if m.Flowed {
		return flowed.Decode(m.Body, false)
	}
	return m.Body
}

// TestMissedMailSaysYourLastOrders: the mail to the player who missed the
// deadline says what becomes of its own orders ("Your last orders"), the
// moderators' what becomes of theirs.
func TestMissedMailSaysYourLastOrders(t *testing.T) {
	j, db, c := rulesGame(t, 24*time.Hour, store.Rules{NMR: "repeat", Grace: time.Hour})
	for _, p := range storm.Powers {
		if p != storm.Italy {
			mustIngest(t, j, player(p, "PASS"), Accepted)
		}
	}
	g, _, _ := game(t, db, "demo")
	c.t = g.Deadline.Add(time.Minute)
	tick(t, j)
	late := mailsWith(t, db, "/late/")
	if len(late) != 1 || late[0].To[0] != "italy@sandbox.test" {
		t.Fatalf("the late notices: %v", late)
	}
	text := flat(mailText(late[0]))
	if !strings.Contains(text, "Your late orders are still taken until") ||
		!strings.Contains(text, "then your last orders for the same segment are used again when still valid, else PASS.") ||
		strings.Contains(strings.ToLower(text), "their") {
		t.Errorf("the mail to the player who missed:\n%s", mailText(late[0]))
	}
	if m := mailsWith(t, db, "/missed/"); len(m) != 1 || !strings.Contains(flat(mailText(m[0])), "their last orders") {
		t.Errorf("the moderators' notice: %v", m)
	}
}
