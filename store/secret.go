package store

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"fmt"
	"strings"

	"golang.org/x/crypto/argon2"
)

// Argon2id parameters for new hashes (OWASP's minimum recommendation:
// 19 MiB, 2 passes, 1 lane). They are stored in each hash, so changing them
// keeps old hashes valid.
const (
	argonTime    = 2
	argonMemory  = 19 * 1024 // KiB
	argonThreads = 1
	argonKeyLen  = 32
	argonSaltLen = 16
)

var b64 = base64.RawStdEncoding

// hashTime and hashMemory are the parameters HashSecret uses:
// argonTime and argonMemory, unless UseTestHashCost lowered them.
var hashTime, hashMemory uint32 = argonTime, argonMemory

// UseTestHashCost(true) makes the hashes HashSecret makes from now on
// cheap: argon2id with one pass over 64 KiB, for test binaries that
// create hundreds of games (each seat's secret is hashed); false restores
// the real cost. The hashes are argon2id all the same, with their
// parameters inside, and CheckSecret verifies them as any other. Only
// tests call it (their TestMain; a benchmark of the real cost turns it
// off); the daemon never does.
func UseTestHashCost(cheap bool) {
	hashTime, hashMemory = argonTime, argonMemory
	if cheap {
		hashTime, hashMemory = 1, 64
	}
}

// HashSecret returns a salted argon2id hash of secret in the PHC string
// format: "$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>" (base64, no padding).
// The salt is random, so two hashes of one secret differ.
func HashSecret(secret string) string {
	salt := make([]byte, argonSaltLen)
	rand.Read(salt) // never fails (crypto/rand, Go 1.24+)
	key := argon2.IDKey([]byte(secret), salt, hashTime, hashMemory, argonThreads, argonKeyLen)
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s",
		argon2.Version, hashMemory, hashTime, argonThreads, b64.EncodeToString(salt), b64.EncodeToString(key))
}

// CheckSecret reports whether secret matches hash (made by HashSecret). The
// comparison of the derived keys is constant-time; a malformed hash never
// matches.
func CheckSecret(hash, secret string) bool {
	p, err := parseHash(hash)
	if err != nil {
		return false
	}
	key := argon2.IDKey([]byte(secret), p.salt, p.time, p.memory, p.threads, uint32(len(p.key)))
	return subtle.ConstantTimeCompare(key, p.key) == 1
}

type argonHash struct {
	time, memory uint32
	threads      uint8
	salt, key    []byte
}

// Bounds on stored parameters, so that a corrupted hash cannot make
// CheckSecret allocate gigabytes or spin for minutes.
const (
	maxArgonMemory = 1 << 20 // KiB = 1 GiB
	maxArgonTime   = 100
)

func parseHash(s string) (*argonHash, error) {
	parts := strings.Split(s, "$")
	// "", "argon2id", "v=19", "m=..,t=..,p=..", salt, key
	if len(parts) != 6 || parts[0] != "" || parts[1] != "argon2id" {
		return nil, fmt.Errorf("store: secret hash: not an argon2id PHC string")
	}
	var version int
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return nil, fmt.Errorf("store: secret hash: unsupported version %q", parts[2])
	}
	var p argonHash
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.memory, &p.time, &p.threads); err != nil {
		return nil, fmt.Errorf("store: secret hash: parameters %q: %w", parts[3], err)
	}
	if p.memory == 0 || p.memory > maxArgonMemory || p.time == 0 || p.time > maxArgonTime || p.threads == 0 {
		return nil, fmt.Errorf("store: secret hash: parameters %q out of range", parts[3])
	}
	var err error
	if p.salt, err = b64.DecodeString(parts[4]); err != nil || len(p.salt) == 0 {
		return nil, fmt.Errorf("store: secret hash: bad salt")
	}
	if p.key, err = b64.DecodeString(parts[5]); err != nil || len(p.key) < 16 {
		return nil, fmt.Errorf("store: secret hash: bad key")
	}
	return &p, nil
}
