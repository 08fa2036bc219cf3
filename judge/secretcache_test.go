package judge

import (
	"strings"
	"testing"
	"time"

	"stormjudge/judge/guard"
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
	// The judge made Italy's secret (hashSecret): its first email
	// costs nothing either.
	if res, err := j.Ingest(email("italy@sandbox.test", "GAME demo\nSECRET italy\nPASS\nEND\n")); err != nil || res.Outcome != Accepted {
		t.Fatalf("Italy's PASS: %v %v", res, err)
	}
	if n := hashes.Load(); n != 0 {
		t.Errorf("a secret the judge made cost %d argon2id hashes on its first email, want 0", n)
	}
	// A restarted process has an empty cache.
	secrets.Forget()
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

// TestWrongSecretBudget (issue 24): an address that keeps sending wrong
// secrets is slowed down: after guard.SecretBurst failed argon2id checks its
// emails are checked against the cache only, refused unchecked with a
// fixed text that says when to try again, until the budget refills; a
// right secret verified before still passes, and other addresses keep
// their own budgets.
func TestWrongSecretBudget(t *testing.T) {
	j, db, clk := newJudge(t)
	if _, err := j.EnsureGame(demoDef(0)); err != nil {
		t.Fatal(err)
	}
	hashes := countHashes(t)
	send := func(from, secret string) (Outcome, string) {
		t.Helper()
		res, err := j.Ingest(email(from, "GAME demo\nSECRET "+secret+"\nPASS\nEND\n"))
		if err != nil {
			t.Fatal(err)
		}
		body := ""
		if res.Receipt != nil {
			var m *store.Mail
			if err := db.View(func(tx *store.Tx) error { m, err = tx.Mail(res.Receipt.ID); return err }); err != nil {
				t.Fatal(err)
			}
			body = strings.Join(strings.Fields(m.Body), " ")
		}
		return res.Outcome, body
	}
	for i := range guard.SecretBurst {
		o, body := send("germany@sandbox.test", "wrong"+string(rune('a'+i)))
		if o != Rejected || strings.Contains(body, "Too many") {
			t.Fatalf("wrong secret %d: %s\n%s", i+1, o, body)
		}
	}
	if n := hashes.Load(); n != guard.SecretBurst {
		t.Fatalf("%d argon2id checks for %d wrong secrets", n, guard.SecretBurst)
	}
	o, body := send("germany@sandbox.test", "wrongf")
	if o != Rejected || !strings.Contains(body, "Too many emails from this address failed their SECRET lately") ||
		!strings.Contains(body, "Send it again after Sun 22 Nov 2026 12:01 UTC") || strings.Contains(body, "wrongf") {
		t.Fatalf("over the budget: %s\n%s", o, body)
	}
	if n := hashes.Load(); n != guard.SecretBurst {
		t.Errorf("over the budget, a wrong secret still cost an argon2id check (%d in all)", n)
	}
	// Germany's own secret was made by the judge (in the cache): it
	// passes while the address is slowed down.
	if o, body := send("germany@sandbox.test", "germany"); o != Accepted {
		t.Fatalf("the right secret while slowed down: %s\n%s", o, body)
	}
	// A right secret not in the cache (a restarted process) is refused
	// unchecked too: that is the cost of the brake, said in the text.
	secrets.Forget()
	if o, body := send("germany@sandbox.test", "germany"); o != Rejected || !strings.Contains(body, "not checked") {
		t.Fatalf("an uncached right secret while slowed down: %s\n%s", o, body)
	}
	// Another address has its own budget.
	if o, body := send("italy@sandbox.test", "wrong"); o != Rejected || strings.Contains(body, "Too many") {
		t.Fatalf("Italy's wrong secret: %s\n%s", o, body)
	}
	if n := hashes.Load(); n != guard.SecretBurst+1 {
		t.Errorf("%d argon2id checks, want %d (Italy's one more)", n, guard.SecretBurst+1)
	}
	// One refill later Germany gets one check back: the right secret
	// verifies.
	clk.t = clk.t.Add(guard.SecretRefill)
	if o, body := send("germany@sandbox.test", "germany"); o != Accepted || strings.Contains(body, "Too many") {
		t.Fatalf("after a refill: %s\n%s", o, body)
	}
	clk.t = clk.t.Add(time.Second)
	if o, _ := send("germany@sandbox.test", "wrongg"); o != Rejected {
		t.Fatalf("after a refill, a wrong secret: %s", o)
	}
	if o, body := send("germany@sandbox.test", "wrongh"); !strings.Contains(body, "Too many") {
		t.Fatalf("the refill spent: %s\n%s", o, body)
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

// mustHash hashes secret at the daemon's real cost (TestMain made the
// test binary's hashes cheap).
func mustHash(b *testing.B, secret string) string {
	b.Helper()
	store.UseTestHashCost(false)
	defer store.UseTestHashCost(true)
	return store.HashSecret(secret)
}
