package judge

import (
	"testing"

	"stormjudge/store"
)

// TestSecretCacheVerifiesOnce (issue 24): a right secret costs one
// argon2id the first time and none after; a wrong secret costs one every
// time and is never remembered.
func TestSecretCacheVerifiesOnce(t *testing.T) {
	j, _, _ := newJudge(t)
	if _, err := j.EnsureGame(demoDef(0)); err != nil {
		t.Fatal(err)
	}
	hashes := countHashes(t)
	ingest := func(body string) Outcome {
		t.Helper()
		res, err := j.Ingest(email("germany@sandbox.test", body))
		if err != nil {
			t.Fatal(err)
		}
		return res.Outcome
	}
	if o := ingest("GAME demo\nSECRET germany\nPASS\nEND\n"); o != Accepted {
		t.Fatalf("first PASS: %s", o)
	}
	first := hashes.Load()
	if first == 0 {
		t.Fatalf("the first right secret was not hashed")
	}
	for range 3 {
		if o := ingest("GAME demo\nSECRET germany\nPASS\nEND\n"); o != Accepted {
			t.Fatalf("again: %s", o)
		}
	}
	if n := hashes.Load(); n != first {
		t.Errorf("a right secret verified before cost %d more argon2id hashes", n-first)
	}
	for i := range 3 {
		if o := ingest("GAME demo\nSECRET wrong\nPASS\nEND\n"); o != Rejected {
			t.Fatalf("a wrong secret: %s", o)
		}
		if n := hashes.Load(); n != first+int64(i+1) {
			t.Errorf("wrong secret %d: %d hashes in all, want %d (one each, never cached)", i+1, n, first+int64(i+1))
		}
	}
}

// BenchmarkVerifySecretCached measures a right secret verified before
// (issue 24: microseconds, against argon2id's tens of milliseconds:
// BenchmarkVerifySecretArgon2).
func BenchmarkVerifySecretCached(b *testing.B) {
	hash := mustHash(b, "germany")
	verifySecret(hash, "germany")
	b.ResetTimer()
	for range b.N {
		if !verifySecret(hash, "germany") {
			b.Fatal("no match")
		}
	}
}

// BenchmarkVerifySecretArgon2 measures a secret checked by argon2id (a
// wrong secret, or a right one the first time).
func BenchmarkVerifySecretArgon2(b *testing.B) {
	hash := mustHash(b, "germany")
	for range b.N {
		if verifySecret(hash, "wrong") {
			b.Fatal("match")
		}
	}
}

func mustHash(b *testing.B, secret string) string {
	b.Helper()
	return store.HashSecret(secret)
}
