package guard

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"sync"
)

// The verified-secret cache: argon2id stays the stored hash
// and every wrong secret still costs one, but a secret that verified once
// against a stored hash is remembered, in memory only, as an HMAC under a
// random key of this process of the hash and the secret. The next email
// with it costs microseconds. Nothing of it is stored or survives the
// process; a seat's new secret has a new hash (new salt), so a replaced
// secret is never taken from the cache.

// secretCacheMax bounds the cache: when full it is emptied (the next
// emails pay one argon2id each again).
const secretCacheMax = 4096

// SecretCache is the verified-secret cache; the zero value is an empty
// cache, its key drawn on first use.
type SecretCache struct {
	once sync.Once
	mu   sync.Mutex
	key  []byte
	seen map[[32]byte]bool
}

// mac is the cache's entry for secret checked against hash.
func (c *SecretCache) mac(hash, secret string) [32]byte {
	c.once.Do(func() {
		c.key = make([]byte, 32)
		if _, err := rand.Read(c.key); err != nil {
			panic("guard: no randomness for the secret cache: " + err.Error())
		}
	})
	m := hmac.New(sha256.New, c.key)
	m.Write([]byte(hash))
	m.Write([]byte{0})
	m.Write([]byte(secret))
	var out [32]byte
	copy(out[:], m.Sum(nil))
	return out
}

// Known reports whether secret verified against hash before (or was
// remembered: Remember).
func (c *SecretCache) Known(hash, secret string) bool {
	mac := c.mac(hash, secret)
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.seen[mac]
}

// Remember puts secret, known to match hash, into the cache: the judge
// calls it for the secrets it makes, so a seat's first email costs no
// argon2id either.
func (c *SecretCache) Remember(hash, secret string) {
	mac := c.mac(hash, secret)
	c.mu.Lock()
	if c.seen == nil || len(c.seen) >= secretCacheMax {
		c.seen = map[[32]byte]bool{}
	}
	c.seen[mac] = true
	c.mu.Unlock()
}

// Forget empties the cache (as a restart does).
func (c *SecretCache) Forget() {
	c.mu.Lock()
	clear(c.seen)
	c.mu.Unlock()
}

// Verify reports whether secret matches the stored hash: from the cache
// when it verified before, else by check (argon2id, store.CheckSecret),
// remembering a match.
func (c *SecretCache) Verify(hash, secret string, check func(hash, secret string) bool) bool {
	if hash == "" || secret == "" {
		return false
	}
	if c.Known(hash, secret) {
		return true
	}
	if !check(hash, secret) {
		return false
	}
	c.Remember(hash, secret)
	return true
}

// SecretAlphabet is the unambiguous alphabet of the secrets the judge
// makes (NewSecret): 10 characters of it, about 50 bits.
const SecretAlphabet = "abcdefghjkmnpqrstuvwxyz23456789"

// NewSecret makes a secret for a seat or the moderators.
func NewSecret() string {
	const alphabet = SecretAlphabet
	var b [10]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err) // crypto/rand never fails on supported platforms
	}
	out := make([]byte, len(b))
	for i, c := range b {
		out[i] = alphabet[int(c)%len(alphabet)]
	}
	return string(out)
}
