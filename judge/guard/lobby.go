package guard

import (
	"slices"
	"strings"
	"sync"
	"time"
)

// The lobby's budget: LIST and JOIN requests are answered, to anyone, at
// most LobbyAnswers times in any lobbyWindow, all senders together, and
// LobbyPerAddress times to one address in any lobbyAddressWindow (a
// forged From: cannot make the judge mail anyone more than that).
const (
	LobbyAnswers       = 30
	lobbyWindow        = time.Hour
	LobbyPerAddress    = 5
	lobbyAddressWindow = 24 * time.Hour
)

// LobbyBudget counts the answers to LIST and JOIN requests, in all and by
// address (in memory: a restart forgets it).
type LobbyBudget struct {
	mu     sync.Mutex
	sent   []time.Time
	byAddr map[string][]time.Time
}

// Allows reports whether an answer to addr may go out at now.
func (b *LobbyBudget) Allows(addr string, now time.Time) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.prune(addr, now)
	return len(b.sent) < LobbyAnswers && len(b.byAddr[strings.ToLower(addr)]) < LobbyPerAddress
}

// Spend counts an answer to addr at now (once the email's record
// commits: a dry run or a failed ingest spends nothing).
func (b *LobbyBudget) Spend(addr string, now time.Time) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.byAddr == nil {
		b.byAddr = map[string][]time.Time{}
	}
	addr = strings.ToLower(addr)
	b.sent = append(b.sent, now)
	b.byAddr[addr] = append(b.byAddr[addr], now)
	if len(b.byAddr) > 1000 {
		for a := range b.byAddr {
			b.prune(a, now)
		}
	}
}

func (b *LobbyBudget) prune(addr string, now time.Time) {
	b.sent = slices.DeleteFunc(b.sent, func(t time.Time) bool { return !t.After(now.Add(-lobbyWindow)) })
	addr = strings.ToLower(addr)
	if ts := slices.DeleteFunc(b.byAddr[addr], func(t time.Time) bool { return !t.After(now.Add(-lobbyAddressWindow)) }); len(ts) > 0 {
		b.byAddr[addr] = ts
	} else {
		delete(b.byAddr, addr)
	}
}
