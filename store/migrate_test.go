package store

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	bolt "go.etcd.io/bbolt"

	"stormjudge/adjudicator"
)

// TestMigrateLegacyInbox (issue 8, defect 1): a file written before schema
// 2 kept raw emails, SECRET lines included, and uncompressed states. Open
// migrates it: the deliveries are still recognised, the states read the
// same and are compressed, and no byte of the file holds the secret any
// more (the file is compacted, so no freed page keeps it either).
func TestMigrateLegacyInbox(t *testing.T) {
	path := filepath.Join(t.TempDir(), "legacy.db")
	raw := []byte("Message-ID: <m1@x>\r\nFrom: g@example.org\r\n\r\nGAME g1\r\nSECRET hunter22secret\r\nPASS\r\n")
	state := adjudicator.NewGame(7)
	sv, _ := json.Marshal(state)
	bdb, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	err = bdb.Update(func(tx *bolt.Tx) error {
		in, _ := tx.CreateBucket(bucketLegacyInbox)
		if err := in.Put([]byte("<m1@x>"), append(timeKey(t0), raw...)); err != nil {
			return err
		}
		g, _ := tx.CreateBucket(bucketGames)
		gv, _ := json.Marshal(newGame("g1", 0))
		if err := g.Put([]byte("g1"), gv); err != nil {
			return err
		}
		gb, _ := tx.CreateBucket(bucketGame)
		g1, _ := gb.CreateBucket([]byte("g1"))
		st, _ := g1.CreateBucket(bucketStates)
		return st.Put(versionKey(0), sv)
	})
	bdb.Close()
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); !bytes.Contains(b, []byte("hunter22secret")) {
		t.Fatal("the legacy file does not hold the secret: the test proves nothing")
	}

	db := openPath(t, path)
	view(t, db, func(tx *Tx) error {
		if !seen(tx, "<m1@x>", raw) {
			t.Error("legacy delivery not recognised after migration")
		}
		d, err := tx.Delivery(DeliveryKey("<m1@x>", raw))
		if err != nil || d.Copy != nil || d.SHA256 != RawHash(raw) || !d.Received.Equal(t0) {
			t.Errorf("migrated delivery = %+v, %v", d, err)
		}
		if tx.tx.Bucket(bucketLegacyInbox) != nil {
			t.Error("legacy inbox bucket left")
		}
		s, err := tx.State("g1", 0)
		if err != nil || jsonOf(t, s) != string(sv) {
			t.Errorf("state after migration differs: %v", err)
		}
		if !packed(tx.stateBytes("g1", 0)) {
			t.Error("state not compressed")
		}
		if schema(tx.tx) != schemaVersion {
			t.Errorf("schema %d", schema(tx.tx))
		}
		return Check(tx)
	})
	db.Close()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(b, []byte("hunter22secret")) {
		t.Error("the secret is still in the data file after migration")
	}
	// A second open changes nothing.
	db = openPath(t, path)
	view(t, db, Check)
}

// TestCompact: Compact keeps every value and gives freed space back.
func TestCompact(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.db")
	db := openPath(t, path)
	createGame(t, db, "g1", 0)
	big := bytes.Repeat([]byte("0123456789abcdef"), 1<<14) // random-free: compresses, so vary it
	for i := range big {
		big[i] ^= byte(i * 7919 >> 3)
	}
	for i := 0; i < 20; i++ {
		update(t, db, func(tx *Tx) error {
			return tx.MarkSeen(DeliveryKey(string(rune('a'+i)), nil), Delivery{MessageID: "x", Received: t0, SHA256: RawHash(nil), Copy: big})
		})
	}
	update(t, db, func(tx *Tx) error { _, err := tx.ExpireCopies(t0.Add(1e6*3600e9), Retention{}); return err })
	db.Close()
	before, after, err := Compact(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if after >= before {
		t.Errorf("compact: %d -> %d bytes", before, after)
	}
	db = openPath(t, path)
	view(t, db, func(tx *Tx) error {
		if _, err := tx.Game("g1"); err != nil {
			t.Error(err)
		}
		if !seen(tx, "c", nil) {
			t.Error("delivery lost")
		}
		return Check(tx)
	})
}
