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

// REPLACE's receipt shows the new address as the judge writes to it, on
// a line of its own, with what the moderator wrote when that differs,
// and a domain without a dot questioned: a typo is seen before the
// first bounce.
func TestReplaceReceiptShowsTheNewAddress(t *testing.T) {
	j, db, _ := rulesGame(t, 24*time.Hour, store.Rules{})
	res := mustIngest(t, j, moderatorMail("REPLACE italy <Mario.Rossi@Exmaple.ORG>"), Accepted)
	r := res.Receipt.Body
	if !strings.Contains(r, "\n   New address: mario.rossi@exmaple.org\n") { // space-stuffed (format=flowed)
		t.Errorf("the receipt does not show the new address on a line of its own:\n%s", r)
	}
	if f := flat(r); !strings.Contains(f, "(you wrote <Mario.Rossi@Exmaple.ORG>): check it letter by letter") || !strings.Contains(f, "REPLACE italy <the right address>") {
		t.Errorf("the receipt does not say what was written and how to correct it:\n%s", r)
	}
	if strings.Contains(r, "has no dot") {
		t.Errorf("a domain with a dot questioned:\n%s", r)
	}
	if g, _, _ := game(t, db, "demo"); g.Seat(storm.Italy).Address != "mario.rossi@exmaple.org" {
		t.Fatalf("the seat's address %q is not the one the receipt shows", g.Seat(storm.Italy).Address)
	}
	if w := mailsWith(t, db, "demo/welcome/italy/"); len(w) != 1 || w[0].To[0] != "mario.rossi@exmaple.org" {
		t.Fatalf("the welcome goes elsewhere: %+v", w)
	}
	res = mustIngest(t, j, moderatorMail("REPLACE russia ivan@localhost"), Accepted)
	if r := flat(res.Receipt.Body); !strings.Contains(r, "New address: ivan@localhost") || !strings.Contains(r, "Its domain, localhost, has no dot: is it complete?") || strings.Contains(r, "you wrote") {
		t.Errorf("a domain without a dot:\n%s", res.Receipt.Body)
	}
}
