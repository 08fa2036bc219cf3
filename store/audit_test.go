package store

import (
	"testing"
	"time"
)

func TestAuditLog(t *testing.T) {
	db := openTest(t)
	createGame(t, db, "g1", 0)
	entries := []struct {
		game string
		e    AuditEntry
	}{
		{"g1", AuditEntry{Time: t0, Actor: "gm@example.org", Action: "create", Detail: "5 seats"}},
		{"g2", AuditEntry{Time: t0, Actor: "x@example.org", Action: "rejected", Detail: "unknown game"}},
		{"g1", AuditEntry{Seq: 77, Time: t0.Add(time.Minute), Actor: "g@example.org", Action: "orders"}},
		{"g1", AuditEntry{Time: t0.Add(2 * time.Minute), Actor: "judge", Action: "adjudicate", Detail: "version 1"}},
	}
	for _, en := range entries {
		update(t, db, func(tx *Tx) error { return tx.Audit(en.game, en.e) })
	}
	tests := []struct {
		name        string
		game        string
		wantActions []string
	}{
		{"entries come back in order with sequence numbers", "g1", []string{"create", "orders", "adjudicate"}},
		{"games have separate logs", "g2", []string{"rejected"}},
		{"unknown game has an empty log", "g3", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			view(t, db, func(tx *Tx) error {
				log, err := tx.AuditLog(tt.game)
				if err != nil {
					return err
				}
				if len(log) != len(tt.wantActions) {
					t.Fatalf("AuditLog = %+v, want actions %q", log, tt.wantActions)
				}
				for i, e := range log {
					if e.Action != tt.wantActions[i] || e.Seq != uint64(i+1) || e.Time.IsZero() {
						t.Errorf("entry %d = %+v, want action %s, seq %d", i, e, tt.wantActions[i], i+1)
					}
				}
				return nil
			})
		})
	}
	t.Run("zero time becomes the current time", func(t *testing.T) {
		saved := now
		now = func() time.Time { return t0.Add(time.Hour) }
		defer func() { now = saved }()
		update(t, db, func(tx *Tx) error { return tx.Audit("g4", AuditEntry{Actor: "judge", Action: "pause"}) })
		view(t, db, func(tx *Tx) error {
			log, err := tx.AuditLog("g4")
			if err != nil || len(log) != 1 || !log[0].Time.Equal(t0.Add(time.Hour)) {
				t.Errorf("AuditLog = %+v, %v", log, err)
			}
			return nil
		})
	})
	t.Run("entry without action is rejected", func(t *testing.T) {
		if err := db.Update(func(tx *Tx) error { return tx.Audit("g1", AuditEntry{Actor: "judge"}) }); err == nil {
			t.Error("Audit without action succeeded")
		}
	})
}
