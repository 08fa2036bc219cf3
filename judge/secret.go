package judge

import (
	"stormjudge/judge/guard"
	"stormjudge/store"
)

// secrets is the process's verified-secret cache (guard.SecretCache):
// every Judge of the process shares it, as a secret's hash is the same
// whichever reads it.
var secrets guard.SecretCache

// checkSecret is store.CheckSecret (an argon2id hash: the one expensive
// step of an email); a seam for tests that count the hashes.
var checkSecret = store.CheckSecret

// hashSecret is store.HashSecret for a secret the judge makes or is
// given: the new hash, its secret remembered as verified.
func hashSecret(secret string) string {
	h := store.HashSecret(secret)
	secrets.Remember(h, secret)
	return h
}

// verifySecret reports whether secret matches the stored argon2id hash:
// from the cache when it verified before, else by checkSecret (argon2id),
// remembering a match.
func verifySecret(hash, secret string) bool {
	return secrets.Verify(hash, secret, checkSecret)
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
	if secrets.Known(hash, secret) {
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
