package store

import (
	"bytes"
	"encoding/json"
	"fmt"
	"time"

	"stormjudge/adjudicator/storm"

	bolt "go.etcd.io/bbolt"
)

// PutState stores the state of game at version (0 = setup, +1 per
// adjudicated segment) with the event log that produced it (the output of
// event.MarshalEvents; nil for the setup). Replacing an existing version
// (after a rollback, or a moderator's fix) archives the old state and events
// in the state history first: nothing is ever lost.
//
// PutState does not change Game.Version; the caller updates the game in the
// same transaction.
func (tx *Tx) PutState(game string, version int, s storm.State, events []byte) error {
	if err := tx.mustWrite("put state"); err != nil {
		return err
	}
	if game == "" || version < 0 {
		return fmt.Errorf("store: put state %q version %d: invalid game or version", game, version)
	}
	if events != nil && !json.Valid(events) {
		return fmt.Errorf("store: put state %q version %d: events are not valid JSON", game, version)
	}
	sv, err := json.Marshal(s)
	if err != nil {
		return fmt.Errorf("store: put state %q version %d: %w", game, version, err)
	}
	states, err := tx.wbucket(bucketGame, []byte(game), bucketStates)
	if err != nil {
		return fmt.Errorf("store: put state %q version %d: %w", game, version, err)
	}
	evb, err := tx.wbucket(bucketGame, []byte(game), bucketEvents)
	if err != nil {
		return fmt.Errorf("store: put state %q version %d: %w", game, version, err)
	}
	k := versionKey(version)
	if old := states.Get(k); old != nil {
		if err := tx.archiveState(game, version, states, evb.Get(k)); err != nil {
			return fmt.Errorf("store: put state %q version %d: %w", game, version, err)
		}
		// The next version may be a delta on the one replaced: store it
		// whole first (delta.go).
		if err := rebase(states, version+1); err != nil {
			return fmt.Errorf("store: put state %q version %d: %w", game, version, err)
		}
	}
	prev, err := stateJSON(states, version-1)
	if err != nil {
		return fmt.Errorf("store: put state %q version %d: %w", game, version, err)
	}
	enc, err := encodeState(sv, version, prev)
	if err != nil {
		return fmt.Errorf("store: put state %q version %d: %w", game, version, err)
	}
	if err := states.Put(k, enc); err != nil {
		return fmt.Errorf("store: put state %q version %d: %w", game, version, err)
	}
	if events == nil {
		err = evb.Delete(k)
	} else {
		err = evb.Put(k, pack(events))
	}
	if err != nil {
		return fmt.Errorf("store: put state %q version %d: %w", game, version, err)
	}
	return nil
}

// ReplacedState is a state version that PutState replaced.
type ReplacedState struct {
	Version int             `json:"version"`
	State   json.RawMessage `json:"state"`
	Events  json.RawMessage `json:"events,omitempty"`
}

// archiveState puts version of the states bucket states, with its events,
// in the state history, whole.
func (tx *Tx) archiveState(game string, version int, states *bolt.Bucket, events []byte) error {
	b, err := tx.wbucket(bucketGame, []byte(game), bucketStateHistory)
	if err != nil {
		return err
	}
	state, err := stateJSON(states, version)
	if err != nil {
		return err
	}
	if events, err = unpack(events); err != nil {
		return err
	}
	seq, err := b.NextSequence()
	if err != nil {
		return err
	}
	v, err := json.Marshal(ReplacedState{Version: version, State: state, Events: clone(events)})
	if err != nil {
		return err
	}
	return b.Put(append(versionKey(version), u64(seq)...), pack(v))
}

// StateHistory returns the replaced states of game at version, oldest first
// (as raw JSON: they may predate a change of storm.State).
func (tx *Tx) StateHistory(game string, version int) ([]ReplacedState, error) {
	var out []ReplacedState
	b := tx.rbucket(bucketGame, []byte(game), bucketStateHistory)
	if b == nil {
		return out, nil
	}
	prefix := versionKey(version)
	c := b.Cursor()
	for k, v := c.Seek(prefix); len(k) == 16 && bytes.HasPrefix(k, prefix); k, v = c.Next() {
		var r ReplacedState
		v, err := unpack(v)
		if err == nil {
			err = json.Unmarshal(v, &r)
		}
		if err != nil {
			return nil, fmt.Errorf("store: state history %q version %d: %w", game, version, err)
		}
		out = append(out, r)
	}
	return out, nil
}

// State returns the state of game at version, or an error wrapping
// ErrNotFound.
func (tx *Tx) State(game string, version int) (storm.State, error) {
	var s storm.State
	if tx.stateBytes(game, version) == nil {
		return s, fmt.Errorf("store: state %q version %d: %w", game, version, ErrNotFound)
	}
	v, err := stateJSON(tx.rbucket(bucketGame, []byte(game), bucketStates), version)
	if err == nil {
		err = json.Unmarshal(v, &s)
	}
	if err != nil {
		return s, fmt.Errorf("store: state %q version %d: %w", game, version, err)
	}
	return s, nil
}

// StateKey returns a key of the content of game's state at version: it
// changes whenever the stored state does (a replaced version, a rollback
// and a new adjudication), so a cache of what was computed from a state
// can tell it is still that state without decoding it. An error wraps
// ErrNotFound when there is no such state.
func (tx *Tx) StateKey(game string, version int) ([32]byte, error) {
	if tx.stateBytes(game, version) == nil {
		return [32]byte{}, fmt.Errorf("store: state %q version %d: %w", game, version, ErrNotFound)
	}
	whole, chain, err := stateChain(tx.rbucket(bucketGame, []byte(game), bucketStates), version)
	if err != nil {
		return [32]byte{}, fmt.Errorf("store: state %q version %d: %w", game, version, err)
	}
	return contentKey(whole, chain), nil
}

func (tx *Tx) stateBytes(game string, version int) []byte {
	if game == "" || version < 0 {
		return nil
	}
	b := tx.rbucket(bucketGame, []byte(game), bucketStates)
	if b == nil {
		return nil
	}
	return b.Get(versionKey(version))
}

// Events returns the event log stored with the state of game at version: the
// bytes given to PutState (nil if none were). It returns an error wrapping
// ErrNotFound if that state does not exist.
func (tx *Tx) Events(game string, version int) ([]byte, error) {
	if tx.stateBytes(game, version) == nil {
		return nil, fmt.Errorf("store: events %q version %d: %w", game, version, ErrNotFound)
	}
	b := tx.rbucket(bucketGame, []byte(game), bucketEvents)
	if b == nil {
		return nil, nil
	}
	v, err := unpack(b.Get(versionKey(version)))
	if err != nil {
		return nil, fmt.Errorf("store: events %q version %d: %w", game, version, err)
	}
	return clone(v), nil
}

// now is the clock for defaults (Enqueue's Created, Audit's Time) when the
// caller left them zero.
var now = time.Now

// Rollback makes version v the current version of game again (a
// moderator's ROLLBACK): the states and events of the later versions move
// to the state history (StateHistory), the orders of v and of the later
// versions (the moderator's draw and fixes included) to the order
// history (OrderHistory), and Game.Version becomes v. Nothing is deleted;
// the caller updates the rest of the game record and publishes.
func (tx *Tx) Rollback(game string, v int) error {
	if err := tx.mustWrite("rollback"); err != nil {
		return err
	}
	g, err := tx.Game(game)
	if err != nil {
		return fmt.Errorf("store: rollback: %w", err)
	}
	if v < 0 || v > g.Version {
		return fmt.Errorf("store: rollback %q: version %d outside 0..%d", game, v, g.Version)
	}
	states := tx.rbucket(bucketGame, []byte(game), bucketStates)
	evb := tx.rbucket(bucketGame, []byte(game), bucketEvents)
	for w := g.Version; w > v; w-- {
		k := versionKey(w)
		if states.Get(k) == nil {
			continue
		}
		var ev []byte
		if evb != nil {
			ev = evb.Get(k)
		}
		// Newest first: no later version is left to be a delta on w.
		if err := tx.archiveState(game, w, states, ev); err != nil {
			return fmt.Errorf("store: rollback %q: %w", game, err)
		}
		if err := states.Delete(k); err != nil {
			return fmt.Errorf("store: rollback %q: %w", game, err)
		}
		if evb != nil {
			if err := evb.Delete(k); err != nil {
				return fmt.Errorf("store: rollback %q: %w", game, err)
			}
		}
	}
	if err := tx.archiveOrdersFrom(game, v); err != nil {
		return fmt.Errorf("store: rollback %q: %w", game, err)
	}
	g.Version = v
	return tx.PutGame(g)
}
