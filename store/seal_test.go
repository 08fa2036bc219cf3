package store

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestSealedWelcome (issue 8, defect 1): a pending Sensitive mail reads
// back whole, but its body is in the data file only sealed under the key
// file beside it; without the key file it reads as a notice that reveals
// nothing; once sent, the body is gone.
func TestSealedWelcome(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.db")
	const secret = "Welcome! Your secret: qx7hunterz9"
	db := openPath(t, path)
	update(t, db, func(tx *Tx) error {
		return tx.Enqueue(&Mail{ID: "w", To: []string{"g@example.org"}, Body: secret, Sensitive: true, Created: t0})
	})
	read := func(db *DB) string {
		var body string
		view(t, db, func(tx *Tx) error {
			m, err := tx.Mail("w")
			if err != nil {
				t.Fatal(err)
			}
			body = m.Body
			return Check(tx)
		})
		return body
	}
	if got := read(db); got != secret {
		t.Errorf("body %q", got)
	}
	db.Close()
	if b, _ := os.ReadFile(path); bytes.Contains(b, []byte("qx7hunterz9")) {
		t.Error("the secret is in the data file")
	}
	if fi, err := os.Stat(path + ".key"); err != nil || fi.Mode().Perm() != 0o600 || fi.Size() != keySize {
		t.Fatalf("key file: %v %v", fi, err)
	}
	db = openPath(t, path)
	if got := read(db); got != secret {
		t.Errorf("after reopen: %q", got)
	}
	db.Close()
	key, _ := os.ReadFile(path + ".key")
	os.Remove(path + ".key")
	ro, err := Open(path, &Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	if got := read(ro); got != unsealedBody {
		t.Errorf("without the key: %q", got)
	}
	ro.Close()
	os.WriteFile(path+".key", key, 0o600)
	db = openPath(t, path)
	update(t, db, func(tx *Tx) error { return tx.MarkSent("w", t0) })
	if got := read(db); got != "" {
		t.Errorf("after sending: %q", got)
	}
}
