package store

import (
	"encoding/json"
	"fmt"
	"time"
)

// AuditEntry is one line of a game's audit log: who did what, when.
type AuditEntry struct {
	Seq    uint64    `json:"seq"` // assigned by Audit: 1, 2, 3 ... per game
	Time   time.Time `json:"time"`
	Actor  string    `json:"actor"`  // an address, "judge" or "operator"
	Action string    `json:"action"` // e.g. "create", "orders", "adjudicate", "rollback"
	Detail string    `json:"detail,omitempty"`
}

// Audit appends e to game's audit log. The log is append-only: there is no
// method to change or delete an entry. e.Seq is ignored and assigned; a zero
// e.Time becomes the current time. The game need not exist (a rejected
// attempt to create one is audited too).
func (tx *Tx) Audit(game string, e AuditEntry) error {
	if err := tx.mustWrite("audit"); err != nil {
		return err
	}
	if game == "" {
		return fmt.Errorf("store: audit: empty game ID")
	}
	if e.Action == "" {
		return fmt.Errorf("store: audit %q: empty action", game)
	}
	b, err := tx.wbucket(bucketAudit, []byte(game))
	if err != nil {
		return fmt.Errorf("store: audit %q: %w", game, err)
	}
	if e.Seq, err = b.NextSequence(); err != nil {
		return fmt.Errorf("store: audit %q: %w", game, err)
	}
	if e.Time.IsZero() {
		e.Time = now().UTC()
	}
	v, err := json.Marshal(e)
	if err != nil {
		return fmt.Errorf("store: audit %q: %w", game, err)
	}
	if err := b.Put(u64(e.Seq), v); err != nil {
		return fmt.Errorf("store: audit %q: %w", game, err)
	}
	return nil
}

// AuditLog returns game's audit log, oldest first (empty if none).
func (tx *Tx) AuditLog(game string) ([]AuditEntry, error) {
	out := []AuditEntry{}
	if game == "" {
		return out, nil
	}
	b := tx.rbucket(bucketAudit, []byte(game))
	if b == nil {
		return out, nil
	}
	err := b.ForEach(func(k, v []byte) error {
		var e AuditEntry
		if err := json.Unmarshal(v, &e); err != nil {
			return fmt.Errorf("store: audit %q entry %x: %w", game, k, err)
		}
		out = append(out, e)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
