package store

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
)

// Check verifies the store's invariants and returns every violation found
// (joined), or nil:
//
//   - every game record decodes, its key is its ID, its seats name distinct
//     valid powers with non-empty secret hashes;
//   - every game has the states of versions 0..Version;
//   - states, events and orders belong to a game that exists; events belong
//     to a stored state; every state decodes (a delta from its base,
//     delta.go);
//   - current orders are keyed by their own power and exist only for
//     versions <= the game's Version;
//   - every outbox entry decodes (compressed or not) and is well-formed (ID =
//     key, recipients, Message-ID, Created) and exactly one of pending, sent
//     or failed: a pending one has a NextAttempt and exactly one entry in the
//     due index, a failed one its error; a sent or failed one has lost its
//     text (Body, HTML) and the data of its attachments;
//     the due index holds nothing else;
//   - delivery and mailbox records decode and have their fixed layouts.
//
// Tests run it in t.Cleanup; the daemon may run it in a View at start.
func Check(tx *Tx) error {
	c := checker{tx: tx}
	games := c.games()
	c.gameData(games)
	c.outbox()
	c.inbox()
	return errors.Join(c.errs...)
}

type checker struct {
	tx   *Tx
	errs []error
}

func (c *checker) fail(format string, args ...any) {
	c.errs = append(c.errs, fmt.Errorf("store: check: "+format, args...))
}

func (c *checker) games() map[string]*Game {
	games := map[string]*Game{}
	b := c.tx.rbucket(bucketGames)
	if b == nil {
		return games
	}
	b.ForEach(func(k, v []byte) error {
		g := new(Game)
		if err := json.Unmarshal(v, g); err != nil {
			c.fail("game %q: %v", k, err)
			return nil
		}
		if g.ID != string(k) {
			c.fail("game %q: record has ID %q", k, g.ID)
		}
		if err := g.validate(); err != nil {
			c.fail("game %q: %v", k, err)
		}
		games[string(k)] = g
		return nil
	})
	return games
}

func (c *checker) gameData(games map[string]*Game) {
	for id, g := range games {
		for v := 0; v <= g.Version; v++ {
			if c.tx.stateBytes(id, v) == nil {
				c.fail("game %q: state version %d of 0..%d missing", id, v, g.Version)
			}
		}
	}
	top := c.tx.rbucket(bucketGame)
	if top == nil {
		return
	}
	top.ForEachBucket(func(k []byte) error {
		id := string(k)
		g, ok := games[id]
		if !ok {
			c.fail("game %q: states or orders stored for a game that does not exist", id)
			return nil
		}
		gb := top.Bucket(k)
		states := gb.Bucket(bucketStates)
		if err := forEachState(states, func(int, []byte) error { return nil }); err != nil {
			c.fail("game %q: state %v", id, err)
		}
		if b := gb.Bucket(bucketEvents); b != nil {
			b.ForEach(func(k, _ []byte) error {
				if states == nil || states.Get(k) == nil {
					c.fail("game %q: events of version %x without a state", id, k)
				}
				return nil
			})
		}
		if b := gb.Bucket(bucketOrders); b != nil {
			b.ForEach(func(k, v []byte) error {
				if len(k) != 9 {
					c.fail("game %q: malformed orders key %x", id, k)
					return nil
				}
				version := binary.BigEndian.Uint64(k[:8])
				if version > uint64(g.Version) {
					c.fail("game %q: orders for version %d beyond the game's version %d", id, version, g.Version)
				}
				var r OrderRecord
				if err := json.Unmarshal(v, &r); err != nil {
					c.fail("game %q: orders %x: %v", id, k, err)
				} else if byte(r.Power) != k[8] {
					c.fail("game %q: orders %x hold power %v", id, k, r.Power)
				}
				return nil
			})
		}
		return nil
	})
}

func (c *checker) outbox() {
	pending := map[string]bool{} // due keys the outbox requires
	apart := map[string]bool{}   // the pending mails whose text is kept apart
	if b := c.tx.rbucket(bucketOutbox); b != nil {
		b.ForEach(func(k, v []byte) error {
			m, err := c.tx.decodeMail(v)
			if err != nil {
				c.fail("mail %q: %v", k, err)
				return nil
			}
			if m.textApart {
				apart[string(k)] = true
				if !m.Pending() {
					c.fail("mail %q: left the outbox and keeps its text apart", k)
				}
			}
			if m.ID != string(k) {
				c.fail("mail %q: record has ID %q", k, m.ID)
			}
			if err := m.validate(); err != nil {
				c.fail("mail %q: %v", k, err)
			}
			if m.Pending() {
				pending[string(dueKey(m))] = true
			} else {
				for _, a := range m.Attachments {
					if len(a.Data) > 0 {
						c.fail("mail %q: left the outbox and kept the data of its attachment %q", k, a.Name)
					}
				}
			}
			return nil
		})
	}
	if b := c.tx.rbucket(bucketMailText); b != nil {
		b.ForEach(func(k, _ []byte) error {
			if !apart[string(k)] {
				c.fail("mail text %q: no pending mail keeps its text there", k)
			}
			return nil
		})
	}
	if b := c.tx.rbucket(bucketDue); b != nil {
		b.ForEach(func(k, _ []byte) error {
			if !pending[string(k)] {
				c.fail("due index: entry %x matches no pending mail", k)
			}
			delete(pending, string(k))
			return nil
		})
	}
	keys := make([]string, 0, len(pending))
	for k := range pending {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		c.fail("due index: pending mail %q missing", k[2*timeKeyLen:])
	}
}

func (c *checker) inbox() {
	if b := c.tx.rbucket(bucketDeliveries); b != nil {
		b.ForEach(func(k, v []byte) error {
			if len(k) != 32 {
				c.fail("delivery %x: key of %d bytes", k, len(k))
			}
			if d, err := decodeDelivery(v); err != nil {
				c.fail("delivery %x: %v", k, err)
			} else if d.Received.IsZero() || len(d.SHA256) != 64 {
				c.fail("delivery %x: no time or hash", k)
			}
			return nil
		})
	}
	if b := c.tx.rbucket(bucketMailboxes); b != nil {
		b.ForEach(func(k, v []byte) error {
			if len(v) != 8 {
				c.fail("mailbox %q: malformed record (%d bytes)", k, len(v))
			}
			return nil
		})
	}
}
