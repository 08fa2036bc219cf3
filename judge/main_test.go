package judge

import (
	"os"
	"testing"

	"stormjudge/store"
)

// TestMain makes the secrets' argon2id hashes of this test binary cheap
// (store.UseTestHashCost): its tests create hundreds of games, each
// hashing six secrets. The hashes stay argon2id and are checked as the
// daemon's are; the real cost is measured by the judge's
// BenchmarkVerifySecretArgon2 and store's tests.
func TestMain(m *testing.M) {
	store.UseTestHashCost(true)
	os.Exit(m.Run())
}
