package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"stormjudge/adjudicator/storm"
)

// Press is a message a power sent other powers through the judge (issue
// 25, docs/orders.md "Press"), kept with its game: the game's record of
// what was said, which HISTORY lists to those who sent or received it and
// game export gives in full. Grey press does not name its sender to its
// recipients; the record does (the moderators see it).
type Press struct {
	Seq     uint64        `json:"seq"`     // from 1, in the order sent
	Version int           `json:"version"` // the game's open version when it was sent
	From    storm.Power   `json:"from"`
	To      []storm.Power `json:"to"` // in the game's order of powers, never From
	Grey    bool          `json:"grey,omitempty"`
	Text    string        `json:"text"`
	Sent    time.Time     `json:"sent"`
}

// PressRules are a game's rules for press (docs/orders.md "Press"): the
// zero value allows signed (white) press in every segment, without
// copies to the moderators.
type PressRules struct {
	// Mode: "" or "white" (signed press only), "grey" (unsigned press
	// allowed too), "none" (no press).
	Mode string `json:"mode,omitempty"`
	// Blackout are the kinds of segment ("economic", "diplomacy",
	// "crisis", "end") in which press is refused.
	Blackout []string `json:"blackout,omitempty"`
	// Copy: the moderators get a copy of every press, naming its sender.
	Copy bool `json:"copy,omitempty"`
}

// PressModes are the values of PressRules.Mode ("" reads as "white").
var PressModes = []string{"none", "white", "grey"}

// AddPress records p for game, numbering it (p.Seq). It refuses a press
// without recipients, to its own sender, or with no text.
func (tx *Tx) AddPress(game string, p *Press) error {
	if err := tx.mustWrite("add press"); err != nil {
		return err
	}
	switch {
	case !p.From.Valid():
		return fmt.Errorf("store: press in %q: no sender", game)
	case len(p.To) == 0 || slices.Contains(p.To, p.From):
		return fmt.Errorf("store: press in %q from %v: recipients %v", game, p.From, p.To)
	case p.Text == "":
		return fmt.Errorf("store: press in %q from %v: no text", game, p.From)
	}
	if _, err := tx.Game(game); err != nil {
		return fmt.Errorf("store: press: %w", err)
	}
	b, err := tx.wbucket(bucketGame, []byte(game), bucketPress)
	if err != nil {
		return fmt.Errorf("store: press in %q: %w", game, err)
	}
	if p.Seq, err = b.NextSequence(); err != nil {
		return fmt.Errorf("store: press in %q: %w", game, err)
	}
	if p.Sent.IsZero() {
		p.Sent = now().UTC()
	}
	v, err := json.Marshal(p)
	if err != nil {
		return fmt.Errorf("store: press in %q: %w", game, err)
	}
	return b.Put(u64(p.Seq), pack(v))
}

// PressLog returns game's press, oldest first (empty if none).
func (tx *Tx) PressLog(game string) ([]Press, error) {
	out := []Press{}
	b := tx.rbucket(bucketGame, []byte(game), bucketPress)
	if b == nil {
		return out, nil
	}
	err := b.ForEach(func(k, v []byte) error {
		j, err := unpack(v)
		if err != nil {
			return err
		}
		var p Press
		if err := json.Unmarshal(j, &p); err != nil {
			return err
		}
		out = append(out, p)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("store: press of %q: %w", game, errors.Join(err))
	}
	return out, nil
}
