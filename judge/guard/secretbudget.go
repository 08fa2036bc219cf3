package guard

import (
	"strings"
	"sync"
	"time"
)

// The wrong-secret budget. A wrong secret costs one argon2id
// (tens of milliseconds of CPU) by design; a sender that keeps sending
// wrong secrets is slowed down per address, without touching anyone else:
// each address has a bucket of SecretBurst argon2id checks that fail,
// refilled by one every SecretRefill. With the bucket empty, an email from
// that address is checked against the verified-secret cache only
// (SecretCache): a secret that verified before in this process still
// passes for free, any other is refused unchecked with a fixed text that
// says when to try again (the judge's receipt). The buckets live in memory
// only: a restart forgets them, which costs at most SecretBurst checks
// per address again.
//
// The bucket is the sender's address, which anyone can forge: a forger
// who keeps sending wrong secrets in a player's name spends that
// player's checks too, and the player's right secret, when this process
// has not verified it before (after a restart), waits for a check as
// the forger's do: one a minute, taken by whichever email comes first.
// No other address is touched. A refill of a minute keeps that wait
// short while it bounds the cost of a forged address to 60 argon2id
// checks an hour.

const (
	SecretBurst  = 5
	SecretRefill = time.Minute
	// secretBudgetMax bounds the buckets kept: when full, the ones refilled
	// by now are dropped; if none is, all are (the next emails pay again).
	secretBudgetMax = 4096
)

// SecretBudget is the per-address buckets of failed argon2id checks; the
// zero value is ready.
type SecretBudget struct {
	mu sync.Mutex
	by map[string]*budgetBucket
}

// budgetBucket is an address's spent checks: spent of SecretBurst as of
// at (each SecretRefill since at gives one back).
type budgetBucket struct {
	spent int
	at    time.Time
}

// level returns b's spent checks at now, the refills since b.at applied.
func (b *budgetBucket) level(now time.Time) (spent int, at time.Time) {
	spent, at = b.spent, b.at
	if now.Before(at) {
		return spent, at
	}
	back := int(now.Sub(at) / SecretRefill)
	if back >= spent {
		return 0, now
	}
	return spent - back, at.Add(time.Duration(back) * SecretRefill)
}

// Exhausted reports whether addr has spent its budget at now, and when it
// gets a check back.
func (s *SecretBudget) Exhausted(addr string, now time.Time) (bool, time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	b := s.by[strings.ToLower(addr)]
	if b == nil {
		return false, time.Time{}
	}
	spent, at := b.level(now)
	return spent >= SecretBurst, at.Add(SecretRefill)
}

// Spend records n failed argon2id checks of addr at now.
func (s *SecretBudget) Spend(addr string, n int, now time.Time) {
	if n <= 0 {
		return
	}
	addr = strings.ToLower(addr)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.by == nil {
		s.by = map[string]*budgetBucket{}
	}
	b := s.by[addr]
	if b == nil {
		if len(s.by) >= secretBudgetMax {
			for a, o := range s.by {
				if spent, _ := o.level(now); spent == 0 {
					delete(s.by, a)
				}
			}
			if len(s.by) >= secretBudgetMax {
				clear(s.by)
			}
		}
		b = &budgetBucket{at: now}
		s.by[addr] = b
	}
	b.spent, b.at = b.level(now)
	b.spent = min(b.spent+n, SecretBurst)
}
