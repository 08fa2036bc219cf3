package store

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"
)

// bucketBrakes holds the receipt brake's records (judge/guard/brake.go), by
// address: created on first use.
var bucketBrakes = []byte("brakes")

// Brake is the receipt brake's record of one address: the receipts sent
// to it lately and the emails from it answered by no receipt while the
// brake held, for the one summary that answers them later.
type Brake struct {
	// Sent are the times of the receipts sent to the address within the
	// brake's window, oldest first.
	Sent []time.Time `json:"sent,omitempty"`
	// Held are the emails received while the brake held, oldest first,
	// at most MaxHeld; HeldMore counts those beyond.
	Held     []HeldMail `json:"held,omitempty"`
	HeldMore int        `json:"heldMore,omitempty"`
	// LastSummary is when the last summary was queued; Summaries counts
	// the summaries in a row, each less than a day beyond its gap after
	// the one before (the judge's pruneBrake); the gap to the next one
	// doubles with each.
	LastSummary time.Time `json:"lastSummary,omitzero"`
	Summaries   int       `json:"summaries,omitempty"`
}

// MaxHeld bounds Brake.Held: the summary lists at most this many emails
// and counts the rest.
const MaxHeld = 50

// HeldMail is one email a brake held: what its receipt would have said
// in its subject, nothing of the email itself but its cleaned subject
// (empty when it failed its secret: a forger's text is never quoted).
type HeldMail struct {
	Received time.Time `json:"received"`
	Subject  string    `json:"subject,omitempty"`
	// Outcome is the receipt's tag, e.g. "[demo: ACCEPTED]".
	Outcome string `json:"outcome"`
}

// Brake returns the brake record of addr (lower-cased), or nil when there
// is none.
func (tx *Tx) Brake(addr string) (*Brake, error) {
	b := tx.rbucket(bucketBrakes)
	if b == nil {
		return nil, nil
	}
	v := b.Get([]byte(strings.ToLower(addr)))
	if v == nil {
		return nil, nil
	}
	r := new(Brake)
	if err := json.Unmarshal(v, r); err != nil {
		return nil, fmt.Errorf("store: brake %q: %w", addr, err)
	}
	return r, nil
}

// PutBrake stores addr's brake record; a record with nothing in it
// (no receipts, held emails or summaries to remember) is deleted.
func (tx *Tx) PutBrake(addr string, r *Brake) error {
	if err := tx.mustWrite("put brake"); err != nil {
		return err
	}
	addr = strings.ToLower(addr)
	if addr == "" || len(addr) > 1000 {
		return fmt.Errorf("store: brake: bad address of %d bytes", len(addr))
	}
	b, err := tx.wbucket(bucketBrakes)
	if err != nil {
		return fmt.Errorf("store: brake %q: %w", addr, err)
	}
	if r == nil || (len(r.Sent) == 0 && len(r.Held) == 0 && r.HeldMore == 0 && r.LastSummary.IsZero()) {
		return b.Delete([]byte(addr))
	}
	if len(r.Held) > MaxHeld {
		return fmt.Errorf("store: brake %q: %d held emails, more than %d", addr, len(r.Held), MaxHeld)
	}
	v, err := json.Marshal(r)
	if err != nil {
		return fmt.Errorf("store: brake %q: %w", addr, err)
	}
	return b.Put([]byte(addr), v)
}

// Brakes calls fn for every brake record, by address.
func (tx *Tx) Brakes(fn func(addr string, r *Brake) error) error {
	b := tx.rbucket(bucketBrakes)
	if b == nil {
		return nil
	}
	return b.ForEach(func(k, v []byte) error {
		r := new(Brake)
		if err := json.Unmarshal(v, r); err != nil {
			return fmt.Errorf("store: brake %q: %w", k, err)
		}
		return fn(string(k), r)
	})
}
