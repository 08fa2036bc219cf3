package store

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"
	"time"
)

// Delivery is what the store keeps of one handled inbound email: enough to
// recognise it when it is offered again, to audit it (the hash of the
// original bytes), and for a while a redacted copy.
//
// The original bytes are never stored: they may hold a secret (a SECRET
// line, a quoted welcome mail). Copy is made by the caller with every
// secret removed (judge: orders.Redact).
type Delivery struct {
	// MessageID as written, shortened to MaxStoredMessageID bytes; the
	// key (DeliveryKey) is made from the whole of it.
	MessageID string    `json:"messageId"`
	Received  time.Time `json:"received"`
	SHA256    string    `json:"sha256"` // of the original raw bytes, hex
	Size      int       `json:"size"`   // of the original raw bytes
	From      string    `json:"from,omitempty"`
	Game      string    `json:"game,omitempty"`    // the existing game it named, for retention
	Outcome   string    `json:"outcome,omitempty"` // what the judge made of it
	// Expired is when retention dropped Copy (zero while it is kept or
	// when none was ever kept).
	Expired time.Time `json:"expired,omitzero"`
	// Copy is the redacted copy (an RFC 5322 message); nil when none is
	// kept. Stored after the JSON record, not in it.
	Copy []byte `json:"-"`
}

// MaxStoredMessageID bounds the Message-ID text a Delivery keeps; keys
// never hold sender-controlled text (bbolt refuses keys over 32 KiB).
const MaxStoredMessageID = 256

// DeliveryKey identifies one delivery of an email: SHA-256 over its
// Message-ID and a hash of its content. Content is the header without the
// fields that relays and the receiving server add on the way (trace
// fields: Received, Return-Path, Delivered-To, X-*, ... see traceField)
// followed by the body. So the same email fetched twice, or delivered
// twice through two aliases, has one key; a different email that reuses a
// Message-ID (a client that resends an edited message under the old
// Message-ID) has another. The key has a fixed length of 32 bytes.
func DeliveryKey(messageID string, raw []byte) []byte {
	h := sha256.New()
	h.Write([]byte("stormjudge delivery\x00"))
	h.Write([]byte(messageID))
	h.Write([]byte{0})
	c := ContentHash(raw)
	h.Write(c[:])
	return h.Sum(nil)
}

// ContentHash hashes raw without its trace header fields (DeliveryKey).
// Line endings are normalised (CRLF and LF hash alike).
func ContentHash(raw []byte) [32]byte {
	h := sha256.New()
	header, body := splitHeader(raw)
	skip := false
	for _, line := range bytes.SplitAfter(header, []byte("\n")) {
		l := bytes.TrimRight(line, "\r\n")
		if len(l) == 0 {
			continue
		}
		if l[0] == ' ' || l[0] == '\t' { // a continuation of the field above
			if !skip {
				h.Write(l)
				h.Write([]byte{'\n'})
			}
			continue
		}
		name, _, _ := bytes.Cut(l, []byte(":"))
		skip = traceField(string(name))
		if !skip {
			h.Write(l)
			h.Write([]byte{'\n'})
		}
	}
	h.Write([]byte{'\n'})
	for { // the body with CRLF as LF, hashed piece by piece (no copy)
		i := bytes.Index(body, []byte("\r\n"))
		if i < 0 {
			h.Write(body)
			break
		}
		h.Write(body[:i])
		body = body[i+1:] // from the LF
	}
	var out [32]byte
	h.Sum(out[:0])
	return out
}

// traceField reports header fields that the transport adds or changes on
// the way to the judge's mailbox (RFC 5321 section 4.4, and what common
// servers and filters add), not the sender.
func traceField(name string) bool {
	n := strings.ToLower(strings.TrimSpace(name))
	if strings.HasPrefix(n, "x-") || strings.HasPrefix(n, "arc-") || strings.HasPrefix(n, "resent-") {
		return true
	}
	switch n {
	case "received", "return-path", "delivered-to", "envelope-to", "authentication-results",
		"received-spf", "dkim-filter", "original-recipient", "status", "content-length", "lines":
		return true
	}
	return false
}

// splitHeader splits raw at its first empty line.
func splitHeader(raw []byte) (header, body []byte) {
	for _, sep := range [][]byte{[]byte("\r\n\r\n"), []byte("\n\n")} {
		if i := bytes.Index(raw, sep); i >= 0 && (header == nil || i < len(header)) {
			header, body = raw[:i], raw[i+len(sep):]
		}
	}
	if header == nil {
		return raw, nil
	}
	return header, body
}

// RawHash is the hex SHA-256 of an email's original bytes, kept in its
// Delivery for audit.
func RawHash(raw []byte) string {
	sum := sha256.Sum256(raw)
	return hex.EncodeToString(sum[:])
}

// Seen reports whether the delivery with this key (DeliveryKey) was handled.
func (tx *Tx) Seen(key []byte) (bool, error) {
	if len(key) != sha256.Size {
		return false, fmt.Errorf("store: seen: key of %d bytes, want a DeliveryKey", len(key))
	}
	b := tx.rbucket(bucketDeliveries)
	return b != nil && b.Get(key) != nil, nil
}

// MarkSeen records that the delivery with this key was handled. Marking a
// key twice returns an error wrapping ErrExists: call it in the same
// transaction as the effects of the email, so that an email is applied at
// most once.
func (tx *Tx) MarkSeen(key []byte, d Delivery) error {
	if err := tx.mustWrite("mark seen"); err != nil {
		return err
	}
	if len(key) != sha256.Size {
		return fmt.Errorf("store: mark seen: key of %d bytes, want a DeliveryKey", len(key))
	}
	b, err := tx.wbucket(bucketDeliveries)
	if err != nil {
		return fmt.Errorf("store: mark seen: %w", err)
	}
	if b.Get(key) != nil {
		return fmt.Errorf("store: mark seen %x: %w", key[:8], ErrExists)
	}
	return tx.putDelivery(key, &d)
}

func (tx *Tx) putDelivery(key []byte, d *Delivery) error {
	if len(d.MessageID) > MaxStoredMessageID {
		d.MessageID = strings.ToValidUTF8(d.MessageID[:MaxStoredMessageID], "") + "..."
	}
	if d.Received.IsZero() {
		return fmt.Errorf("store: delivery %x: zero Received", key[:8])
	}
	j, err := json.Marshal(d)
	if err != nil {
		return fmt.Errorf("store: delivery %x: %w", key[:8], err)
	}
	v := append(j, '\n')
	v = append(v, d.Copy...)
	b, err := tx.wbucket(bucketDeliveries)
	if err != nil {
		return err
	}
	return b.Put(key, pack(v))
}

func decodeDelivery(v []byte) (*Delivery, error) {
	v, err := unpack(v)
	if err != nil {
		return nil, err
	}
	j, cp, ok := bytes.Cut(v, []byte("\n"))
	if !ok {
		return nil, fmt.Errorf("malformed record")
	}
	d := new(Delivery)
	if err := json.Unmarshal(j, d); err != nil {
		return nil, err
	}
	if len(cp) > 0 {
		d.Copy = clone(cp)
	}
	return d, nil
}

// Delivery returns the record of a handled delivery, or an error wrapping
// ErrNotFound.
func (tx *Tx) Delivery(key []byte) (*Delivery, error) {
	b := tx.rbucket(bucketDeliveries)
	var v []byte
	if b != nil && len(key) > 0 {
		v = b.Get(key)
	}
	if v == nil {
		return nil, fmt.Errorf("store: delivery %x: %w", key, ErrNotFound)
	}
	d, err := decodeDelivery(v)
	if err != nil {
		return nil, fmt.Errorf("store: delivery %x: %w", key, err)
	}
	return d, nil
}

// Deliveries calls fn for every handled delivery, in key order.
func (tx *Tx) Deliveries(fn func(key []byte, d *Delivery) error) error {
	b := tx.rbucket(bucketDeliveries)
	if b == nil {
		return nil
	}
	return b.ForEach(func(k, v []byte) error {
		d, err := decodeDelivery(v)
		if err != nil {
			return fmt.Errorf("store: delivery %x: %w", k, err)
		}
		return fn(clone(k), d)
	})
}

// Retention says how long the redacted copies of inbound mail are kept
// (doc.go, "Retention"). Records without their copy are kept for ever:
// they are what recognises an email offered again.
type Retention struct {
	// AfterEnd: a copy of mail to a game is kept while the game runs and
	// this long after it ended. Default DefaultRetention.AfterEnd.
	AfterEnd time.Duration
	// Other: a copy of mail that named no existing game is kept this long
	// after it was received. Default DefaultRetention.Other.
	Other time.Duration
}

// DefaultRetention: 90 days after a game's end, 30 days for the rest.
var DefaultRetention = Retention{AfterEnd: 90 * 24 * time.Hour, Other: 30 * 24 * time.Hour}

// ExpireCopies drops the copies that retention r no longer keeps at now
// and returns how many it dropped. The space is reused by later writes;
// Compact gives it back to the file system.
func (tx *Tx) ExpireCopies(now time.Time, r Retention) (int, error) {
	if err := tx.mustWrite("expire copies"); err != nil {
		return 0, err
	}
	if r.AfterEnd <= 0 {
		r.AfterEnd = DefaultRetention.AfterEnd
	}
	if r.Other <= 0 {
		r.Other = DefaultRetention.Other
	}
	games := map[string]*Game{}
	gs, err := tx.Games()
	if err != nil {
		return 0, err
	}
	for _, g := range gs {
		games[g.ID] = g
	}
	type upd struct {
		k []byte
		d *Delivery
	}
	var todo []upd
	err = tx.Deliveries(func(k []byte, d *Delivery) error {
		if d.Copy == nil {
			return nil
		}
		var until time.Time
		if g, ok := games[d.Game]; ok {
			if g.Ended.IsZero() {
				return nil // the game runs: keep
			}
			until = g.Ended.Add(r.AfterEnd)
		} else {
			until = d.Received.Add(r.Other)
		}
		if now.Before(until) {
			return nil
		}
		d.Copy, d.Expired = nil, now
		todo = append(todo, upd{k, d})
		return nil
	})
	if err != nil {
		return 0, err
	}
	for _, u := range todo {
		if err := tx.putDelivery(u.k, u.d); err != nil {
			return 0, err
		}
	}
	return len(todo), nil
}
