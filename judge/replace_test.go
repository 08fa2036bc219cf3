package judge

import (
	"strings"
	"testing"
	"time"

	"stormjudge/adjudicator/storm"
	"stormjudge/store"
)

// newPlayerCopy is the open segment's copy (the notice when private, else
// the report) that a REPLACE sent to addr.
func newPlayerCopy(t *testing.T, db *store.DB, addr string, private bool) *store.Mail {
	t.Helper()
	suffix := "/public"
	if private {
		suffix = "/private"
	}
	for _, m := range mailsWith(t, db, "demo/resend/") {
		if m.To[0] == addr && strings.HasSuffix(m.ID, suffix) {
			return m
		}
	}
	t.Fatalf("no copy %s to %s", suffix, addr)
	return nil
}

// After RESIGN, the moderator enters PASS for Britain, then seats a new
// player: the new player's notice says Britain's orders are in and
// stand, as the moderator entered them (ORDERS shows them), not that they
// are due; the moderator's receipt says so too.
func TestReplaceAfterModeratorsPassSaysOrdersStand(t *testing.T) {
	j, db, _ := rulesGame(t, 24*time.Hour, store.Rules{})
	mustIngest(t, j, player(storm.Britain, "RESIGN britain"), Accepted)
	mustIngest(t, j, moderatorMail("POWER britain\nPASS"), Accepted)
	res := mustIngest(t, j, moderatorMail("REPLACE britain new@example.org"), Accepted)
	if r := flat(res.Receipt.Body); !strings.Contains(r, "Britain's orders for the open segment, the moderator's (PASS), stand: the new player's notice says so") {
		t.Errorf("the REPLACE receipt does not say the moderator's orders stand:\n%s", res.Receipt.Body)
	}
	n := newPlayerCopy(t, db, "new@example.org", true)
	if n.Subject != "[demo] Britain: your orders stand, Spring 1935, economic phase (for the new player)" {
		t.Errorf("the new player's notice: %q", n.Subject)
	}
	b := flat(n.Body)
	for _, want := range []string{"Economic phase, Spring 1935: your orders are in and stand; you may replace them",
		"Your orders that stand (entered by the moderator): PASS."} {
		if !strings.Contains(b, want) {
			t.Errorf("the new player's notice lacks %q:\n%s", want, n.Body)
		}
	}
	if strings.Contains(b, "orders are due") {
		t.Errorf("the new player's notice says the orders are due:\n%s", n.Body)
	}
	// Without orders in, the new player's notice says they are due.
	mustIngest(t, j, player(storm.Italy, "RESIGN italy"), Accepted)
	res = mustIngest(t, j, moderatorMail("REPLACE italy other@example.org"), Accepted)
	if strings.Contains(res.Receipt.Body, "stand") {
		t.Errorf("a REPLACE without orders in says they stand:\n%s", res.Receipt.Body)
	}
	if n := newPlayerCopy(t, db, "other@example.org", true); n.Subject != "[demo] Italy: orders due, Spring 1935, economic phase (for the new player)" {
		t.Errorf("the new player's notice without orders in: %q", n.Subject)
	}
	// The player's own RESEND of the open version, once its orders are in.
	mustIngest(t, j, player(storm.Germany, "PASS"), Accepted)
	mustIngest(t, j, player(storm.Germany, "RESEND 1"), Answered)
	for _, m := range mailsWith(t, db, "demo/resend/") {
		if m.To[0] == "germany@sandbox.test" && strings.HasSuffix(m.ID, "/private") &&
			(!strings.Contains(m.Subject, "your orders stand") || !strings.Contains(flat(m.Body), "Your orders that stand: PASS.")) {
			t.Errorf("Germany's RESEND of the open notice: %q\n%s", m.Subject, m.Body)
		}
	}
}
