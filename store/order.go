package store

import (
	"bytes"
	"encoding/json"
	"fmt"
	"time"

	"stormjudge/adjudicator/storm"
)

// OrderRecord is one power's accepted submission for one state version of a
// game: the orders to resolve that version's segment with.
type OrderRecord struct {
	// Power: 0 for the moderator's draw (PutDraw).
	Power     storm.Power   `json:"power,omitempty"`
	Orders    []storm.Order `json:"orders"`
	Pass      bool          `json:"pass,omitempty"`
	MessageID string        `json:"messageId,omitempty"`
	From      string        `json:"from,omitempty"`
	Received  time.Time     `json:"received"`
	// ByModerator: a moderator entered these orders for the power
	// (MODERATOR with POWER); From is the moderator's address.
	ByModerator bool `json:"byModerator,omitempty"`
	// Repeated: the power missed the deadline and the judge gave it
	// these orders by the NMR policy REPEAT (From is "judge"), stored
	// like a submission so that replay resolves the version alike.
	Repeated bool `json:"repeated,omitempty"`
	// Reason: the moderator's REASON of a SET (the draw record that made
	// the next version), for the copies of its mails sent again.
	Reason string `json:"reason,omitempty"`
	// Computer: the computer player made these orders for a seat it
	// plays (Seat.ByComputer); From is ComputerFrom. Stored like a
	// submission, so that replay resolves the version alike.
	Computer bool `json:"computer,omitempty"`
}

// orderKey is version (8 bytes) + power (1 byte).
func orderKey(version int, p storm.Power) []byte {
	return append(versionKey(version), byte(p))
}

// PutOrders stores r as the orders of r.Power for game at version. A later
// submission replaces the earlier one, which moves to the order history
// (OrderHistory). The game must exist (ErrNotFound otherwise) and version may
// not exceed its Version: orders are given against an existing state.
func (tx *Tx) PutOrders(game string, version int, r OrderRecord) error {
	if !validPower(r.Power) {
		return fmt.Errorf("store: put orders %q version %d: invalid power %d", game, version, r.Power)
	}
	return tx.putOrderRecord(game, version, r)
}

// PutDraw stores r as the moderator's draw for game at version (a
// physical-deck game, adjudicator.ResolveDraw). It is kept with the
// orders, under power 0, and replaced like them; Orders leaves it out.
func (tx *Tx) PutDraw(game string, version int, r OrderRecord) error {
	if r.Power != 0 {
		return fmt.Errorf("store: put draw %q version %d: a draw belongs to no power", game, version)
	}
	return tx.putOrderRecord(game, version, r)
}

func (tx *Tx) putOrderRecord(game string, version int, r OrderRecord) error {
	if err := tx.mustWrite("put orders"); err != nil {
		return err
	}
	g, err := tx.Game(game)
	if err != nil {
		return fmt.Errorf("store: put orders: %w", err)
	}
	if version < 0 || version > g.Version {
		return fmt.Errorf("store: put orders %q: version %d outside 0..%d", game, version, g.Version)
	}
	b, err := tx.wbucket(bucketGame, []byte(game), bucketOrders)
	if err != nil {
		return fmt.Errorf("store: put orders %q: %w", game, err)
	}
	k := orderKey(version, r.Power)
	if old := b.Get(k); old != nil {
		if err := tx.archiveOrders(game, k, old); err != nil {
			return fmt.Errorf("store: put orders %q version %d: %w", game, version, err)
		}
	}
	v, err := json.Marshal(r)
	if err != nil {
		return fmt.Errorf("store: put orders %q version %d: %w", game, version, err)
	}
	if err := b.Put(k, v); err != nil {
		return fmt.Errorf("store: put orders %q version %d: %w", game, version, err)
	}
	return nil
}

// Draw returns the moderator's draw stored for game at version, or nil.
func (tx *Tx) Draw(game string, version int) (*OrderRecord, error) {
	if _, err := tx.Game(game); err != nil {
		return nil, fmt.Errorf("store: draw: %w", err)
	}
	b := tx.rbucket(bucketGame, []byte(game), bucketOrders)
	if b == nil || version < 0 {
		return nil, nil
	}
	v := b.Get(orderKey(version, 0))
	if v == nil {
		return nil, nil
	}
	var r OrderRecord
	if err := json.Unmarshal(v, &r); err != nil {
		return nil, fmt.Errorf("store: draw %q version %d: %w", game, version, err)
	}
	return &r, nil
}

// archiveOrders appends a replaced record to the order history under
// version + power + sequence.
func (tx *Tx) archiveOrders(game string, key, record []byte) error {
	h, err := tx.wbucket(bucketGame, []byte(game), bucketOrderHistory)
	if err != nil {
		return err
	}
	seq, err := h.NextSequence()
	if err != nil {
		return err
	}
	return h.Put(append(clone(key), u64(seq)...), clone(record))
}

// archiveOrdersAbove moves the orders of versions > version into the history
// (PutGame's rollback).
func (tx *Tx) archiveOrdersAbove(game string, version int) error {
	return tx.archiveOrdersFrom(game, version+1)
}

// archiveOrdersFrom moves the orders of versions >= from into the history.
func (tx *Tx) archiveOrdersFrom(game string, from int) error {
	b := tx.rbucket(bucketGame, []byte(game), bucketOrders)
	if b == nil {
		return nil
	}
	var keys [][]byte
	c := b.Cursor()
	for k, _ := c.Seek(versionKey(from)); k != nil; k, _ = c.Next() {
		keys = append(keys, clone(k))
	}
	for _, k := range keys {
		if err := tx.archiveOrders(game, k, b.Get(k)); err != nil {
			return err
		}
		if err := b.Delete(k); err != nil {
			return err
		}
	}
	return nil
}

// Orders returns the current orders of every power that submitted for game
// at version (an empty map if none did). It returns an error wrapping
// ErrNotFound if the game does not exist.
func (tx *Tx) Orders(game string, version int) (map[storm.Power]OrderRecord, error) {
	if _, err := tx.Game(game); err != nil {
		return nil, fmt.Errorf("store: orders: %w", err)
	}
	out := map[storm.Power]OrderRecord{}
	b := tx.rbucket(bucketGame, []byte(game), bucketOrders)
	if b == nil || version < 0 {
		return out, nil
	}
	prefix := versionKey(version)
	c := b.Cursor()
	for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
		if k[len(k)-1] == 0 {
			continue // the moderator's draw (Draw)
		}
		var r OrderRecord
		if err := json.Unmarshal(v, &r); err != nil {
			return nil, fmt.Errorf("store: orders %q version %d: %w", game, version, err)
		}
		out[r.Power] = r
	}
	return out, nil
}

// OrderHistory returns the replaced submissions for game at version, grouped
// by power in order of play, each power's oldest first; replaced moderator's
// draws (Power 0) come first.
func (tx *Tx) OrderHistory(game string, version int) ([]OrderRecord, error) {
	var out []OrderRecord
	b := tx.rbucket(bucketGame, []byte(game), bucketOrderHistory)
	if b == nil || version < 0 {
		return out, nil
	}
	prefix := versionKey(version)
	c := b.Cursor()
	for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
		var r OrderRecord
		if err := json.Unmarshal(v, &r); err != nil {
			return nil, fmt.Errorf("store: order history %q version %d: %w", game, version, err)
		}
		out = append(out, r)
	}
	return out, nil
}

// WithdrawOrders withdraws the current orders of power p for game at
// version (a moderator's WITHDRAW): the record moves to the order history
// and the power has no orders for that version any more. It reports
// whether there was a record.
func (tx *Tx) WithdrawOrders(game string, version int, p storm.Power) (bool, error) {
	if err := tx.mustWrite("withdraw orders"); err != nil {
		return false, err
	}
	b := tx.rbucket(bucketGame, []byte(game), bucketOrders)
	if b == nil || version < 0 {
		return false, nil
	}
	k := orderKey(version, p)
	old := b.Get(k)
	if old == nil {
		return false, nil
	}
	if err := tx.archiveOrders(game, k, old); err != nil {
		return false, fmt.Errorf("store: withdraw orders %q version %d: %w", game, version, err)
	}
	if err := b.Delete(k); err != nil {
		return false, fmt.Errorf("store: withdraw orders %q version %d: %w", game, version, err)
	}
	return true, nil
}
