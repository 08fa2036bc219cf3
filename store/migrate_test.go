package store

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"stormjudge/adjudicator"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

// TestMigrateLegacyInbox (issue 8, defect 1): a file written before schema
// 2 kept raw emails, SECRET lines included, and uncompressed states. Open
// migrates it: the deliveries are still recognised, the states read the
// same and are compressed, and no byte of the file holds the secret any
// more (the file is compacted, so no freed page keeps it either).
func TestMigrateLegacyInbox(t *testing.T) {
	path := filepath.Join(t.TempDir(), "legacy.db")
	raw := []byte("Message-ID: <m1@x>\r\nFrom: g@example.org\r\n\r\nGAME g1\r\nSECRET hunter22secret\r\nPASS\r\n")
	noID := []byte("From: g@example.org\r\n\r\nGAME g1\r\nSECRET hunter22secret\r\nPASS\r\n")
	synthetic := "<sha256-0123456789abcdef0123456789abcdef@stormjudge.invalid>"
	welcome, _ := json.Marshal(&Mail{ID: "g1/welcome/germany", To: []string{"g@example.org"}, Body: "Your secret: w3lcomeSecret9",
		MessageID: "<w@x>", Created: t0, NextAttempt: t0, Sensitive: true})
	state := adjudicator.NewGame(7)
	sv, _ := json.Marshal(state)
	bdb, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	err = bdb.Update(func(tx *bolt.Tx) error {
		in, _ := tx.CreateBucket(bucketLegacyInbox)
		if err := in.Put([]byte("m1@x"), append(timeKey(t0), raw...)); err != nil {
			return err
		}
		if err := in.Put([]byte(synthetic), append(timeKey(t0), noID...)); err != nil {
			return err
		}
		ob, _ := tx.CreateBucket(bucketOutbox)
		if err := ob.Put([]byte("g1/welcome/germany"), welcome); err != nil {
			return err
		}
		due, _ := tx.CreateBucket(bucketDue)
		if err := due.Put(dueKey(&Mail{ID: "g1/welcome/germany", Created: t0, NextAttempt: t0}), nil); err != nil {
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
	if b, _ := os.ReadFile(path); !bytes.Contains(b, []byte("hunter22secret")) || !bytes.Contains(b, []byte("w3lcomeSecret9")) {
		t.Fatal("the legacy file does not hold the secrets: the test proves nothing")
	}

	db := openPath(t, path)
	view(t, db, func(tx *Tx) error {
		if !seen(tx, "m1@x", raw) {
			t.Error("legacy delivery not recognised after migration")
		}
		if !seen(tx, synthetic[1:len(synthetic)-1], noID) {
			t.Error("legacy delivery without a Message-ID not recognised by the judge's synthetic ID")
		}
		if m, err := tx.Mail("g1/welcome/germany"); err != nil || m.Body != "Your secret: w3lcomeSecret9" {
			t.Errorf("pending welcome after migration: %+v, %v", m, err)
		}
		d, err := tx.Delivery(DeliveryKey("m1@x", raw))
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
	for _, secret := range []string{"hunter22secret", "w3lcomeSecret9"} {
		if bytes.Contains(b, []byte(secret)) {
			t.Errorf("%s is still in the data file after migration", secret)
		}
	}
	// A second open changes nothing.
	db = openPath(t, path)
	view(t, db, Check)
}

// TestCompact: Compact keeps every value and gives freed space back: a
// file with much dead space (expired copies) shrinks to its live data,
// and the report says what each bucket held before and after.
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
	c, err := CompactFile(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	WriteStats(&out, c.Before, &c.After)
	t.Logf("before and after:\n%s", out.String())
	if !c.Replaced || c.Kept != "" {
		t.Errorf("compaction of a file with dead space not used: %q", c.Kept)
	}
	if c.After.File >= c.Before.File/4 || c.After.Free >= c.Before.Free {
		t.Errorf("compact: %d -> %d bytes, free %d -> %d", c.Before.File, c.After.File, c.Before.Free, c.After.Free)
	}
	if fi, err := os.Stat(path); err != nil || fi.Size() != c.After.File || c.After.File != c.After.Used {
		t.Errorf("file after compaction: %v %v, want %d (the high-water mark %d)", fi.Size(), err, c.After.File, c.After.Used)
	}
	if d, b := c.After.Bucket("deliveries"), c.Before.Bucket("deliveries"); d.Keys != 20 || d.Keys != b.Keys || d.Data != b.Data {
		t.Errorf("deliveries before %+v after %+v", c.Before.Bucket("deliveries"), d)
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
	// The file cut to its high-water mark grows again when written.
	createGame(t, db, "g2", 40)
	view(t, db, Check)
}

// TestCompactNeverGrows (issue 24: compact grew a file from 33.6 MB to
// 35.1 MB): a file without dead space is not made larger, whatever its
// size; when the compacted file would not be smaller the old file is
// left untouched and Compact says so.
func TestCompactNeverGrows(t *testing.T) {
	states := simulatedStates(t, 40)
	for _, games := range []int{1, 8} {
		t.Run(fmt.Sprintf("%d games", games), func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "dense.db")
			db := openPath(t, path)
			for g := range games {
				update(t, db, func(tx *Tx) error {
					id := fmt.Sprintf("g%d", g)
					for v, s := range states {
						if err := tx.PutState(id, v, s, nil); err != nil {
							return err
						}
					}
					return tx.PutGame(newGame(id, len(states)-1))
				})
			}
			db.Close()
			c, err := CompactFile(path, nil)
			if err != nil {
				t.Fatal(err)
			}
			if fi, _ := os.Stat(path); fi.Size() > c.Before.File {
				t.Fatalf("compact grew the file: %d -> %d bytes", c.Before.File, fi.Size())
			}
			t.Logf("first compaction: %d -> %d bytes (high-water mark %d), replaced %v", c.Before.File, c.After.File, c.Before.Used, c.Replaced)
			// Now dense: a second compaction has nothing to give back.
			old, _ := os.ReadFile(path)
			c, err = CompactFile(path, nil)
			if err != nil {
				t.Fatal(err)
			}
			now, _ := os.ReadFile(path)
			if c.Replaced || c.Kept == "" || !bytes.Equal(old, now) {
				t.Errorf("second compaction: %d -> %d bytes, replaced %v (%q), file unchanged %v",
					c.Before.File, c.After.File, c.Replaced, c.Kept, bytes.Equal(old, now))
			}
			if before, after, err := Compact(path, nil); err != nil || after != before || before != int64(len(old)) {
				t.Errorf("Compact = %d, %d, %v; want the size kept", before, after, err)
			}
			if _, err := os.Stat(path + ".compact"); !os.IsNotExist(err) {
				t.Errorf("the unused compacted file is left: %v", err)
			}
			db = openPath(t, path)
			view(t, db, Check)
		})
	}
}

// TestMigrationCompactionResumes: a migration whose compaction could not
// run (here: no room for the new file's name) fails the Open, and the next
// Open compacts before the file is used: the raw emails of the legacy
// inbox do not survive in freed pages.
func TestMigrationCompactionResumes(t *testing.T) {
	path := filepath.Join(t.TempDir(), "legacy.db")
	bdb, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	err = bdb.Update(func(tx *bolt.Tx) error {
		in, _ := tx.CreateBucket(bucketLegacyInbox)
		for i := range 50 {
			raw := []byte(fmt.Sprintf("Message-ID: <m%d@x>\r\n\r\nSECRET hunter22secret\r\n", i))
			if err := in.Put([]byte(fmt.Sprintf("m%d@x", i)), append(timeKey(t0), raw...)); err != nil {
				return err
			}
		}
		return nil
	})
	bdb.Close()
	if err != nil {
		t.Fatal(err)
	}
	blocker := path + ".compact"
	if err := os.MkdirAll(filepath.Join(blocker, "x"), 0o700); err != nil {
		t.Fatal(err)
	}
	if db, err := Open(path, nil); err == nil {
		db.Close()
		t.Fatal("Open succeeded although the compaction could not run")
	}
	os.RemoveAll(blocker)
	db := openPath(t, path)
	view(t, db, func(tx *Tx) error {
		if tx.tx.Bucket(bucketMeta).Get(keyCompactPending) != nil {
			t.Error("compaction still pending after a successful Open")
		}
		return Check(tx)
	})
	db.Close()
	if b, _ := os.ReadFile(path); bytes.Contains(b, []byte("hunter22secret")) {
		t.Error("the legacy raw emails survived the resumed compaction")
	}
}

// TestOpenWaitingForCompactGetsTheNewFile: a process that waits for the
// store while Compact replaces the data file opens the new file, not the
// old, deleted one (whose writes would be lost).
func TestOpenWaitingForCompactGetsTheNewFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "s.db")
	db := openPath(t, path)
	createGame(t, db, "old", 0)
	db.Close()
	lk, err := lockFile(path, true, time.Second) // as Compact holds it
	if err != nil {
		t.Fatal(err)
	}
	opened := make(chan *DB, 1)
	go func() {
		db, err := Open(path, &Options{Timeout: 10 * time.Second})
		if err != nil {
			t.Error(err)
		}
		opened <- db
	}()
	time.Sleep(200 * time.Millisecond) // the Open is waiting now
	// Replace the data file, as Compact does, by one holding game "new".
	tmp := filepath.Join(dir, "new.db")
	nb, err := bolt.Open(tmp, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	nb.Update(func(tx *bolt.Tx) error {
		b, _ := tx.CreateBucket(bucketGames)
		v, _ := json.Marshal(newGame("new", 0))
		return b.Put([]byte("new"), v)
	})
	nb.Close()
	if err := os.Rename(tmp, path); err != nil {
		t.Fatal(err)
	}
	lk.release()
	db = <-opened
	if db == nil {
		t.Fatal("no DB")
	}
	defer db.Close()
	view(t, db, func(tx *Tx) error {
		if _, err := tx.Game("new"); err != nil {
			t.Errorf("the waiting Open has the old file: %v", err)
		}
		return nil
	})
}

// TestMigrateSchema2 (issue 24): a file of schema 2 kept the text of every
// sent mail and every state whole. Open migrates it: the sent mail keeps
// its record without its text, and no byte of the file holds that text
// any more (compacted); the states read the same, stored as deltas; a
// pending mail is untouched.
func TestMigrateSchema2(t *testing.T) {
	path := filepath.Join(t.TempDir(), "schema2.db")
	states := simulatedStates(t, 20)
	sent := &Mail{ID: "g1/v3/notice/germany", Game: "g1", From: "judge@x", To: []string{"g@example.org"}, Subject: "[g1] Germany: notice",
		Body: "You hold the secret event Operation Zeppelinfall.\n", HTML: "<p>Zeppelinfall</p>", References: []string{"<r@x>"},
		MessageID: "<n@x>", Created: t0, NextAttempt: t0, Attempts: 1, Sent: t0.Add(time.Minute)}
	pending := &Mail{ID: "g1/v4/public/germany", Game: "g1", From: "judge@x", To: []string{"g@example.org"}, Subject: "[g1] Report",
		Body: "The report.\n", MessageID: "<p@x>", Created: t0, NextAttempt: t0}
	bdb, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	err = bdb.Update(func(tx *bolt.Tx) error {
		for _, name := range topBuckets {
			if _, err := tx.CreateBucketIfNotExists(name); err != nil {
				return err
			}
		}
		if err := tx.Bucket(bucketMeta).Put(keySchema, u64(2)); err != nil {
			return err
		}
		gv, _ := json.Marshal(newGame("g1", len(states)-1))
		if err := tx.Bucket(bucketGames).Put([]byte("g1"), gv); err != nil {
			return err
		}
		g1, _ := tx.Bucket(bucketGame).CreateBucket([]byte("g1"))
		st, _ := g1.CreateBucket(bucketStates)
		for v, s := range states {
			sv, _ := json.Marshal(s)
			if err := st.Put(versionKey(v), pack(sv)); err != nil {
				return err
			}
		}
		for _, m := range []*Mail{sent, pending} {
			mv, _ := json.Marshal(m)
			if err := tx.Bucket(bucketOutbox).Put([]byte(m.ID), mv); err != nil {
				return err
			}
		}
		return tx.Bucket(bucketDue).Put(dueKey(pending), nil)
	})
	bdb.Close()
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); !bytes.Contains(b, []byte("Zeppelinfall")) {
		t.Fatal("the schema 2 file does not hold the sent text: the test proves nothing")
	}

	db := openPath(t, path)
	view(t, db, func(tx *Tx) error {
		if schema(tx.tx) != schemaVersion {
			t.Errorf("schema %d", schema(tx.tx))
		}
		m, err := tx.Mail(sent.ID)
		if err != nil || m.Body != "" || m.HTML != "" || m.References != nil || m.Subject != sent.Subject ||
			m.MessageID != sent.MessageID || !m.Sent.Equal(sent.Sent) || m.Attempts != 1 {
			t.Errorf("sent mail after migration: %+v, %v", m, err)
		}
		p, err := tx.Mail(pending.ID)
		if err != nil || p.Body != pending.Body || !p.Pending() {
			t.Errorf("pending mail after migration: %+v, %v", p, err)
		}
		b := tx.rbucket(bucketGame, []byte("g1"), bucketStates)
		for v, s := range states {
			got, err := tx.State("g1", v)
			if err != nil || jsonOf(t, got) != jsonOf(t, s) {
				t.Errorf("state %d after migration differs: %v", v, err)
			}
			if isDelta(b.Get(versionKey(v))) != (v%keyframeEvery != 0) {
				t.Errorf("state %d: delta %v", v, isDelta(b.Get(versionKey(v))))
			}
		}
		return Check(tx)
	})
	db.Close()
	if b, _ := os.ReadFile(path); bytes.Contains(b, []byte("Zeppelinfall")) {
		t.Error("the text of a sent mail is still in the file after the migration")
	}
	db = openPath(t, path)
	view(t, db, Check)
}

// TestOpenRefusesANewerLayout: a file written by a newer program (a
// layout this one does not know) is not opened: an older program would
// read its records wrongly (schema 4: a pending mail's text apart).
func TestOpenRefusesANewerLayout(t *testing.T) {
	path := filepath.Join(t.TempDir(), "store.db")
	db, err := Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.db.Update(func(btx *bolt.Tx) error {
		return btx.Bucket(bucketMeta).Put(keySchema, u64(schemaVersion+1))
	}); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if db, err := Open(path, nil); err == nil || !strings.Contains(err.Error(), "newer than this program's") {
		if db != nil {
			db.Close()
		}
		t.Fatalf("Open of a newer layout: %v", err)
	}
}
