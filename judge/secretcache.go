package judge

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"sync"

	"stormjudge/store"
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

var secretCache = struct {
	sync.Mutex
	key  []byte
	seen map[[32]byte]bool
}{seen: map[[32]byte]bool{}}

func init() {
	secretCache.key = make([]byte, 32)
	if _, err := rand.Read(secretCache.key); err != nil {
		panic("judge: no randomness for the secret cache: " + err.Error())
	}
}

// secretMAC is the cache's entry for secret checked against hash.
func secretMAC(hash, secret string) [32]byte {
	m := hmac.New(sha256.New, secretCache.key)
	m.Write([]byte(hash))
	m.Write([]byte{0})
	m.Write([]byte(secret))
	var out [32]byte
	copy(out[:], m.Sum(nil))
	return out
}

// cachedSecret reports whether secret verified against hash before in
// this process (or the judge made it: rememberSecret).
func cachedSecret(hash, secret string) bool {
	mac := secretMAC(hash, secret)
	secretCache.Lock()
	defer secretCache.Unlock()
	return secretCache.seen[mac]
}

// rememberSecret puts secret, known to match hash, into the cache: the
// judge calls it for the secrets it makes (hashSecret), so a seat's first
// email costs no argon2id either.
func rememberSecret(hash, secret string) {
	mac := secretMAC(hash, secret)
	secretCache.Lock()
	if len(secretCache.seen) >= secretCacheMax {
		clear(secretCache.seen)
	}
	secretCache.seen[mac] = true
	secretCache.Unlock()
}

// hashSecret is store.HashSecret for a secret the judge makes or is
// given: the new hash, its secret remembered as verified.
func hashSecret(secret string) string {
	h := store.HashSecret(secret)
	rememberSecret(h, secret)
	return h
}

// verifySecret reports whether secret matches the stored argon2id hash:
// from the cache when it verified before, else by checkSecret (argon2id),
// remembering a match.
func verifySecret(hash, secret string) bool {
	if hash == "" || secret == "" {
		return false
	}
	if cachedSecret(hash, secret) {
		return true
	}
	if !checkSecret(hash, secret) {
		return false
	}
	rememberSecret(hash, secret)
	return true
}
