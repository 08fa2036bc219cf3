package guard

import (
	"slices"
	"strings"
	"sync"
	"time"
)

// The lobby's budget: the answers to requests anyone may send (LIST, JOIN
// and OBSERVE requests, not their confirmations) go out at most
// LobbyPerAddress times to one address in any lobbyAddressWindow (a
// forged From: cannot make the judge mail anyone more than that), and at
// most LobbyAnswers times in any lobbyWindow to the addresses that have
// confirmed nothing, all of them together (a forger with many addresses
// gets no more). An address that has confirmed something (it plays or
// moderates, observes, or confirmed a JOIN: the judge decides, Allows's
// confirmed) draws on its own per-address allowance only: strangers'
// requests, however many, never spend the answers it is owed. How often
// the global cap refused an answer, and when last, is kept for the
// moderators' STATUS (CapHits).
const (
	LobbyAnswers       = 30
	lobbyWindow        = time.Hour
	LobbyPerAddress    = 5
	lobbyAddressWindow = 24 * time.Hour
)

// LobbyBudget counts the answers to the lobby's requests, to strangers
// in all and by address (in memory: a restart forgets it).
type LobbyBudget struct {
	mu     sync.Mutex
	sent   []time.Time // to addresses that confirmed nothing
	byAddr map[string][]time.Time
	// hits: the requests the global cap left unanswered; lastHit: the
	// last one's time.
	hits    int
	lastHit time.Time
}

// Allows reports whether an answer to addr may go out at now (confirmed:
// addr has confirmed something, and the global cap does not apply to
// it); capped: the answer is refused by the global cap alone (Hit counts
// it).
func (b *LobbyBudget) Allows(addr string, confirmed bool, now time.Time) (ok, capped bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.prune(addr, now)
	if len(b.byAddr[strings.ToLower(addr)]) >= LobbyPerAddress {
		return false, false
	}
	if !confirmed && len(b.sent) >= LobbyAnswers {
		return false, true
	}
	return true, false
}

// Spend counts an answer to addr at now (once the email's record
// commits: a dry run or a failed ingest spends nothing); confirmed as in
// Allows.
func (b *LobbyBudget) Spend(addr string, confirmed bool, now time.Time) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.byAddr == nil {
		b.byAddr = map[string][]time.Time{}
	}
	addr = strings.ToLower(addr)
	if !confirmed {
		b.sent = append(b.sent, now)
	}
	b.byAddr[addr] = append(b.byAddr[addr], now)
	if len(b.byAddr) > 1000 {
		for a := range b.byAddr {
			b.prune(a, now)
		}
	}
}

// Hit counts a request the global cap left unanswered at now.
func (b *LobbyBudget) Hit(now time.Time) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.hits++
	if now.After(b.lastHit) {
		b.lastHit = now
	}
}

// CapHits reports how many requests the global cap left unanswered since
// the judge started, and when the last was (zero: none).
func (b *LobbyBudget) CapHits() (int, time.Time) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.hits, b.lastHit
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
