package store

import (
	"encoding/json"
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"stormjudge/adjudicator/storm"

	bolt "go.etcd.io/bbolt"
)

// TestCheckCatchesCorruption writes around the API, straight into bbolt, to
// break one invariant at a time, and expects Check to name it.
func TestCheckCatchesCorruption(t *testing.T) {
	putJSON := func(b *bolt.Bucket, k []byte, v any) error {
		j, err := json.Marshal(v)
		if err != nil {
			return err
		}
		return b.Put(k, j)
	}
	game := func(btx *bolt.Tx) *bolt.Bucket { return btx.Bucket(bucketGame).Bucket([]byte("g1")) }
	tests := []struct {
		name    string
		corrupt func(btx *bolt.Tx) error
		want    string
	}{
		{"missing state version", func(btx *bolt.Tx) error {
			return game(btx).Bucket(bucketStates).Delete(versionKey(1))
		}, `game "g1": state version 1 of 0..2 missing`},
		{"game version raised without its state", func(btx *bolt.Tx) error {
			return putJSON(btx.Bucket(bucketGames), []byte("g1"), newGame("g1", 3))
		}, "state version 3 of 0..3 missing"},
		{"orders beyond the game's version", func(btx *bolt.Tx) error {
			return putJSON(game(btx).Bucket(bucketOrders), orderKey(3, storm.Italy), OrderRecord{Power: storm.Italy})
		}, "orders for version 3 beyond the game's version 2"},
		{"orders under another power's key", func(btx *bolt.Tx) error {
			return putJSON(game(btx).Bucket(bucketOrders), orderKey(1, storm.Italy), OrderRecord{Power: storm.Russia})
		}, "hold power russia"},
		{"power seated twice", func(btx *bolt.Tx) error {
			g := newGame("g1", 2)
			g.Seats[1].Power = storm.Germany
			return putJSON(btx.Bucket(bucketGames), []byte("g1"), g)
		}, "seated twice"},
		{"empty secret hash", func(btx *bolt.Tx) error {
			g := newGame("g1", 2)
			g.Seats[0].SecretHash = ""
			return putJSON(btx.Bucket(bucketGames), []byte("g1"), g)
		}, "empty secret hash"},
		{"game stored under another key", func(btx *bolt.Tx) error {
			return putJSON(btx.Bucket(bucketGames), []byte("g1"), newGame("g9", 2))
		}, `record has ID "g9"`},
		{"states of a game that does not exist", func(btx *bolt.Tx) error {
			b, err := btx.Bucket(bucketGame).CreateBucket([]byte("ghost"))
			if err != nil {
				return err
			}
			return b.Put([]byte("x"), []byte("y"))
		}, `game "ghost": states or orders stored for a game that does not exist`},
		{"events without a state", func(btx *bolt.Tx) error {
			return game(btx).Bucket(bucketEvents).Put(versionKey(7), []byte("[]"))
		}, "events of version 0000000000000007 without a state"},
		{"pending mail without NextAttempt", func(btx *bolt.Tx) error {
			m := mail("m1", t0)
			m.MessageID = MessageIDFor(m.ID)
			if err := btx.Bucket(bucketDue).Put(dueKey(m), nil); err != nil {
				return err
			}
			return putJSON(btx.Bucket(bucketOutbox), []byte("m1"), m)
		}, "pending with zero NextAttempt"},
		{"pending mail missing from the due index", func(btx *bolt.Tx) error {
			m := mail("m1", t0)
			m.MessageID, m.NextAttempt = MessageIDFor(m.ID), t0
			return putJSON(btx.Bucket(bucketOutbox), []byte("m1"), m)
		}, `due index: pending mail "m1" missing`},
		{"due index entry without mail", func(btx *bolt.Tx) error {
			m := mail("ghost", t0)
			m.NextAttempt = t0
			return btx.Bucket(bucketDue).Put(dueKey(m), nil)
		}, "matches no pending mail"},
		{"mail without Message-ID", func(btx *bolt.Tx) error {
			m := mail("m1", t0)
			m.Sent = t0
			return putJSON(btx.Bucket(bucketOutbox), []byte("m1"), m)
		}, "empty Message-ID"},
		{"malformed delivery record", func(btx *bolt.Tx) error {
			return btx.Bucket(bucketDeliveries).Put(DeliveryKey("<m@x>", nil), []byte("short"))
		}, "malformed record"},
		{"delivery keyed by a Message-ID", func(btx *bolt.Tx) error {
			return btx.Bucket(bucketDeliveries).Put([]byte("<m@x>"), []byte("{\"received\":\"2026-01-01T00:00:00Z\"}\n"))
		}, "key of 5 bytes"},
		{"mail both sent and failed", func(btx *bolt.Tx) error {
			m := mail("m1", t0)
			m.MessageID, m.NextAttempt, m.Sent, m.Failed, m.LastError = MessageIDFor(m.ID), t0, t0, t0, "550 x"
			return putJSON(btx.Bucket(bucketOutbox), []byte("m1"), m)
		}, "both sent and failed"},
		{"failed mail without its error", func(btx *bolt.Tx) error {
			m := mail("m1", t0)
			m.MessageID, m.NextAttempt, m.Failed = MessageIDFor(m.ID), t0, t0
			return putJSON(btx.Bucket(bucketOutbox), []byte("m1"), m)
		}, "failed without an error"},
		{"failed mail still in the due index", func(btx *bolt.Tx) error {
			m := mail("m1", t0)
			m.MessageID, m.NextAttempt, m.Failed, m.LastError = MessageIDFor(m.ID), t0, t0, "550 x"
			if err := btx.Bucket(bucketDue).Put(dueKey(m), nil); err != nil {
				return err
			}
			return putJSON(btx.Bucket(bucketOutbox), []byte("m1"), m)
		}, "matches no pending mail"},
		{"mail kept its body after failing", func(btx *bolt.Tx) error {
			m := mail("m1", t0)
			m.MessageID, m.NextAttempt, m.Failed, m.LastError, m.Sensitive = MessageIDFor(m.ID), t0, t0, "550 x", true
			return putJSON(btx.Bucket(bucketOutbox), []byte("m1"), m)
		}, "mail kept its text after it left the outbox"},
		{"sent mail with its attempt in flight", func(btx *bolt.Tx) error {
			m := mail("m1", t0)
			m.Body = ""
			m.MessageID, m.NextAttempt, m.Sent, m.InFlight = MessageIDFor(m.ID), t0, t0, true
			return putJSON(btx.Bucket(bucketOutbox), []byte("m1"), m)
		}, "left the outbox with its attempt in flight"},
		{"undecodable compressed mail", func(btx *bolt.Tx) error {
			return btx.Bucket(bucketOutbox).Put([]byte("m1"), append(slices.Clone(zstdMagic), "garbage"...))
		}, `mail "m1": zstd`},
		{"malformed mailbox record", func(btx *bolt.Tx) error {
			return btx.Bucket(bucketMailboxes).Put([]byte("INBOX"), []byte{1, 2, 3})
		}, "malformed record (3 bytes)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			db := openPath(t, filepath.Join(t.TempDir(), "store.db"))
			createGame(t, db, "g1", 2)
			update(t, db, func(tx *Tx) error {
				return errors.Join(
					tx.PutOrders("g1", 1, OrderRecord{Power: storm.Germany, Received: t0}),
					tx.Enqueue(mail("ok", t0)),
					mark(tx, "<ok@x>", []byte("raw"), t0),
					tx.SetMailbox("Archive", 1, 2),
				)
			})
			if err := db.View(Check); err != nil {
				t.Fatalf("Check before corruption: %v", err)
			}
			if err := db.db.Update(tt.corrupt); err != nil {
				t.Fatal(err)
			}
			err := db.View(Check)
			if err == nil {
				t.Fatalf("Check missed: %s", tt.name)
			}
			if !strings.Contains(err.Error(), tt.want) || !strings.HasPrefix(err.Error(), "store: check: ") {
				t.Errorf("Check = %v\nwant it to contain %q", err, tt.want)
			}
		})
	}
}
