package guard

import (
	"fmt"
	"testing"
	"time"
)

// TestLobbyBudgetConfirmedAddressOutsideTheStrangersCap: once strangers
// have spent the hour's answers, a stranger is refused by the cap (and
// the hit is counted), while an address that confirmed something is
// answered up to its own per-address bound.
func TestLobbyBudgetConfirmedAddressOutsideTheStrangersCap(t *testing.T) {
	var b LobbyBudget
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	for i := range LobbyAnswers {
		a := fmt.Sprintf("s%d@example.org", i)
		if ok, _ := b.Allows(a, false, now); !ok {
			t.Fatalf("stranger %d refused", i)
		}
		b.Spend(a, false, now)
	}
	if ok, capped := b.Allows("late@example.org", false, now); ok || !capped {
		t.Fatalf("a stranger past the cap: ok %v, capped %v", ok, capped)
	}
	b.Hit(now)
	for i := range LobbyPerAddress {
		if ok, _ := b.Allows("player@example.org", true, now); !ok {
			t.Fatalf("a confirmed address refused at its answer %d", i)
		}
		b.Spend("player@example.org", true, now)
	}
	if ok, capped := b.Allows("player@example.org", true, now); ok || capped {
		t.Fatalf("a confirmed address past its own bound: ok %v, capped %v", ok, capped)
	}
	if n, last := b.CapHits(); n != 1 || !last.Equal(now) {
		t.Errorf("hits %d, last %v", n, last)
	}
	if ok, _ := b.Allows("late@example.org", false, now.Add(time.Hour+time.Second)); !ok {
		t.Errorf("the cap does not free after the hour")
	}
}
