package store

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"time"
)

// TestDeliveries: a delivery is recognised by its Message-ID and content;
// marking one twice fails with ErrExists and the first record stays.
func TestDeliveries(t *testing.T) {
	raw := []byte("Message-ID: <m1@example.org>\r\nSubject: orders\r\n\r\nGAME g1\r\n")
	db := openTest(t)
	update(t, db, func(tx *Tx) error {
		d := Delivery{MessageID: "m1@example.org", Received: t0, SHA256: RawHash(raw), Size: len(raw), Copy: []byte("redacted copy")}
		return tx.MarkSeen(DeliveryKey("m1@example.org", raw), d)
	})
	err := db.Update(func(tx *Tx) error { return mark(tx, "m1@example.org", raw, t0.Add(time.Hour)) })
	if !errors.Is(err, ErrExists) {
		t.Errorf("second MarkSeen: %v, want ErrExists", err)
	}
	view(t, db, func(tx *Tx) error {
		d, err := tx.Delivery(DeliveryKey("m1@example.org", raw))
		if err != nil || !d.Received.Equal(t0) || string(d.Copy) != "redacted copy" || d.Size != len(raw) {
			t.Errorf("Delivery = %+v, %v", d, err)
		}
		if seen(tx, "M1@example.org", raw) {
			t.Error("Message-IDs are exact")
		}
		if _, err := tx.Seen([]byte("<m1@example.org>")); err == nil {
			t.Error("Seen with a Message-ID instead of a key succeeded")
		}
		return nil
	})
}

// TestDeliveryKey (issue 8, defect 7): the same email fetched again or
// relayed through another alias (other trace fields, other line endings)
// has one key; a different email reusing a Message-ID has another; an
// oversized Message-ID gives a key of fixed length.
func TestDeliveryKey(t *testing.T) {
	orig := []byte("Received: from a by b\r\nMessage-ID: <m@x>\r\nFrom: g@example.org\r\nSubject: orders\r\n\r\nGAME g1\r\nPASS\r\n")
	relayed := []byte("Return-Path: <g@example.org>\nDelivered-To: judge2@example.org\nReceived: from c by d\n\tfolded\nX-Spam-Score: 0\nMessage-ID: <m@x>\nFrom: g@example.org\nSubject: orders\n\nGAME g1\nPASS\n")
	edited := []byte("Message-ID: <m@x>\r\nFrom: g@example.org\r\nSubject: orders\r\n\r\nGAME g1\r\nMOBILIZE IDLE\r\n")
	if !bytes.Equal(DeliveryKey("m@x", orig), DeliveryKey("m@x", relayed)) {
		t.Error("the same email relayed differently has two keys")
	}
	if bytes.Equal(DeliveryKey("m@x", orig), DeliveryKey("m@x", edited)) {
		t.Error("an edited email reusing the Message-ID has the old key")
	}
	huge := strings.Repeat("x", 40<<10)
	if k := DeliveryKey(huge, orig); len(k) != 32 {
		t.Errorf("key of %d bytes", len(k))
	}
	db := openTest(t)
	update(t, db, func(tx *Tx) error { return mark(tx, huge, orig, t0) })
	view(t, db, func(tx *Tx) error {
		d, err := tx.Delivery(DeliveryKey(huge, orig))
		if err != nil || len(d.MessageID) > MaxStoredMessageID+3 {
			t.Errorf("Delivery of a 40 KiB Message-ID: %d bytes kept, %v", len(d.MessageID), err)
		}
		return nil
	})
}

// TestExpireCopies: copies of mail to a running game are kept; after the
// game ended plus AfterEnd, and for mail to no game after Other, they are
// dropped and the record stays.
func TestExpireCopies(t *testing.T) {
	db := openTest(t)
	createGame(t, db, "g1", 0)
	createGame(t, db, "g2", 0)
	day := 24 * time.Hour
	update(t, db, func(tx *Tx) error {
		g2, _ := tx.Game("g2")
		g2.Ended = t0.Add(10 * day)
		return errors.Join(tx.PutGame(g2),
			tx.MarkSeen(DeliveryKey("a", nil), Delivery{MessageID: "a", Received: t0, SHA256: RawHash(nil), Game: "g1", Copy: []byte("a")}),
			tx.MarkSeen(DeliveryKey("b", nil), Delivery{MessageID: "b", Received: t0, SHA256: RawHash(nil), Game: "g2", Copy: []byte("b")}),
			tx.MarkSeen(DeliveryKey("c", nil), Delivery{MessageID: "c", Received: t0, SHA256: RawHash(nil), Copy: []byte("c")}),
		)
	})
	r := Retention{AfterEnd: 20 * day, Other: 5 * day}
	for _, tc := range []struct {
		at   time.Time
		want int
		kept string
	}{{t0.Add(4 * day), 0, "abc"}, {t0.Add(6 * day), 1, "ab"}, {t0.Add(31 * day), 1, "a"}, {t0.Add(400 * day), 0, "a"}} {
		var n int
		update(t, db, func(tx *Tx) error { var err error; n, err = tx.ExpireCopies(tc.at, r); return err })
		kept := ""
		view(t, db, func(tx *Tx) error {
			for _, id := range []string{"a", "b", "c"} {
				d, err := tx.Delivery(DeliveryKey(id, nil))
				if err != nil {
					t.Fatal(err)
				}
				if d.Copy != nil {
					kept += id
				} else if d.Expired.IsZero() {
					t.Errorf("%s: copy dropped without Expired", id)
				}
			}
			return Check(tx)
		})
		if n != tc.want || kept != tc.kept {
			t.Errorf("at %v: dropped %d, kept %q; want %d, %q", tc.at.Sub(t0), n, kept, tc.want, tc.kept)
		}
	}
}
