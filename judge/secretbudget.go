package judge

import (
	"strings"
	"sync"
	"time"
)

// The wrong-secret budget. A wrong secret costs one argon2id
// (tens of milliseconds of CPU) by design; a sender that keeps sending
// wrong secrets is slowed down per address, without touching anyone else:
// each address has a bucket of secretBurst argon2id checks that fail,
// refilled by one every secretRefill. With the bucket empty, an email from
// that address is checked against the verified-secret cache only
// (secretcache.go): a secret that verified before in this process still
// passes for free, any other is refused unchecked with a fixed text that
// says when to try again (receipt.throttled). The buckets live in memory
// only: a restart forgets them, which costs at most secretBurst checks
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
	secretBurst  = 5
	secretRefill = time.Minute
	// secretBudgetMax bounds the buckets kept: when full, the ones refilled
	// by now are dropped; if none is, all are (the next emails pay again).
	secretBudgetMax = 4096
)

// secretBudget is the per-address buckets of failed argon2id checks.
type secretBudget struct {
	mu sync.Mutex
	by map[string]*budgetBucket
}

// budgetBucket is an address's spent checks: spent of secretBurst as of
// at (each secretRefill since at gives one back).
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
	back := int(now.Sub(at) / secretRefill)
	if back >= spent {
		return 0, now
	}
	return spent - back, at.Add(time.Duration(back) * secretRefill)
}

// exhausted reports whether addr has spent its budget at now, and when it
// gets a check back.
func (s *secretBudget) exhausted(addr string, now time.Time) (bool, time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	b := s.by[strings.ToLower(addr)]
	if b == nil {
		return false, time.Time{}
	}
	spent, at := b.level(now)
	return spent >= secretBurst, at.Add(secretRefill)
}

// spend records n failed argon2id checks of addr at now.
func (s *secretBudget) spend(addr string, n int, now time.Time) {
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
	b.spent = min(b.spent+n, secretBurst)
}

// verify checks secret against hash for the email rc answers: from the
// cache, or by argon2id while the sender's budget lasts (rc.cacheOnly set
// by ingest when it does not). A failed argon2id check is counted in
// rc.wrong; ingest charges the sender's budget when the email as a whole
// failed its secret.
func (rc *receipt) verify(hash, secret string) bool {
	if hash == "" || secret == "" {
		return false
	}
	if cachedSecret(hash, secret) {
		return true
	}
	if rc.cacheOnly {
		rc.throttled = true
		return false
	}
	if verifySecret(hash, secret) {
		return true
	}
	rc.wrong++
	return false
}
