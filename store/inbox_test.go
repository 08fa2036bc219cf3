package store

import (
	"errors"
	"testing"
	"time"
)

func TestInbox(t *testing.T) {
	raw := []byte("Message-ID: <m1@example.org>\r\nSubject: orders\r\n\r\nGAME g1\r\n")
	tests := []struct {
		name     string
		marks    []string // Message-IDs marked in order, one Update each
		query    string
		wantSeen bool
		wantErr  error // of the last MarkSeen
	}{
		{"unknown message is not seen", nil, "<m1@example.org>", false, nil},
		{"marked message is seen", []string{"<m1@example.org>"}, "<m1@example.org>", true, nil},
		{"Message-IDs are exact", []string{"<m1@example.org>"}, "<M1@example.org>", false, nil},
		{"marking a message twice fails with ErrExists", []string{"<m1@example.org>", "<m1@example.org>"}, "<m1@example.org>", true, ErrExists},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			db := openTest(t)
			var err error
			for i, id := range tt.marks {
				err = db.Update(func(tx *Tx) error { return tx.MarkSeen(id, raw, t0.Add(time.Duration(i)*time.Minute)) })
			}
			if !errors.Is(err, tt.wantErr) {
				t.Errorf("MarkSeen err = %v, want %v", err, tt.wantErr)
			}
			view(t, db, func(tx *Tx) error {
				seen, err := tx.Seen(tt.query)
				if err != nil || seen != tt.wantSeen {
					t.Errorf("Seen(%q) = %v, %v; want %v", tt.query, seen, err, tt.wantSeen)
				}
				got, at, err := tx.Received(tt.query)
				if !tt.wantSeen {
					if !errors.Is(err, ErrNotFound) {
						t.Errorf("Received err = %v, want ErrNotFound", err)
					}
					return nil
				}
				// The first MarkSeen wins: raw bytes and time are never overwritten.
				if err != nil || string(got) != string(raw) || !at.Equal(t0) {
					t.Errorf("Received = %q, %v, %v; want the raw message at %v", got, at, err, t0)
				}
				return nil
			})
		})
	}
}

func TestInboxRejectsEmptyMessageID(t *testing.T) {
	db := openTest(t)
	if err := db.Update(func(tx *Tx) error { return tx.MarkSeen("", nil, t0) }); err == nil {
		t.Error("MarkSeen(\"\") succeeded")
	}
	if err := db.View(func(tx *Tx) error { _, err := tx.Seen(""); return err }); err == nil {
		t.Error("Seen(\"\") succeeded")
	}
}

func TestMailbox(t *testing.T) {
	tests := []struct {
		name         string
		sets         [][2]uint32
		wantValidity uint32
		wantLastUID  uint32
	}{
		{"unknown mailbox is 0, 0", nil, 0, 0},
		{"stored values come back", [][2]uint32{{1234567, 42}}, 1234567, 42},
		{"last set wins", [][2]uint32{{1, 10}, {1, 11}, {9, 0}}, 9, 0},
		{"full uint32 range", [][2]uint32{{^uint32(0), ^uint32(0) - 1}}, ^uint32(0), ^uint32(0) - 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			db := openTest(t)
			for _, s := range tt.sets {
				update(t, db, func(tx *Tx) error { return tx.SetMailbox("INBOX", s[0], s[1]) })
			}
			update(t, db, func(tx *Tx) error { return tx.SetMailbox("Archive", 5, 5) })
			view(t, db, func(tx *Tx) error {
				v, u, err := tx.Mailbox("INBOX")
				if err != nil || v != tt.wantValidity || u != tt.wantLastUID {
					t.Errorf("Mailbox = %d, %d, %v; want %d, %d", v, u, err, tt.wantValidity, tt.wantLastUID)
				}
				return nil
			})
		})
	}
}
