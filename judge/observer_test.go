package judge

import (
	"strings"
	"testing"
)

// TestObserverReceiptNamesNoPower (docs/orders.md "Observing a game"): an
// observer has no power, and the receipts of its OBSERVE and OBSERVE
// STOP say it is an observer's, never a power's ("power(0)").
func TestObserverReceiptNamesNoPower(t *testing.T) {
	j, _, _ := newJudge(t)
	d := demoDef(0)
	d.ObserverAllow = []string{"olga@example.org"}
	if _, err := j.EnsureGame(d); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ lines, want string }{
		{"OBSERVE", "You observe game demo"},
		{"OBSERVE STOP", "You no longer observe game demo"},
	} {
		res := mustIngest(t, j, email("olga@example.org", "GAME demo\n"+c.lines+"\nEND\n"), Accepted)
		r := receiptOf(t, res)
		if !strings.HasPrefix(r, "Commands ACCEPTED for an observer of game demo.\n") || !strings.Contains(r, c.want) {
			t.Errorf("%s: the receipt:\n%s", c.lines, r)
		}
		if strings.Contains(r, "power(") {
			t.Errorf("%s: the receipt names a power that is none:\n%s", c.lines, r)
		}
	}
}
