package store

import (
	"encoding/binary"
	"fmt"
	"time"
)

// Seen reports whether the message with this Message-ID was processed.
func (tx *Tx) Seen(messageID string) (bool, error) {
	if messageID == "" {
		return false, fmt.Errorf("store: seen: empty Message-ID")
	}
	b := tx.rbucket(bucketInbox)
	return b != nil && b.Get([]byte(messageID)) != nil, nil
}

// MarkSeen records that the message was processed, keeping its raw bytes and
// the time. Marking a Message-ID twice returns an error wrapping ErrExists:
// call it in the same transaction as the effects of the message, so that a
// message is applied at most once.
func (tx *Tx) MarkSeen(messageID string, raw []byte, at time.Time) error {
	if err := tx.mustWrite("mark seen"); err != nil {
		return err
	}
	if messageID == "" {
		return fmt.Errorf("store: mark seen: empty Message-ID")
	}
	b, err := tx.wbucket(bucketInbox)
	if err != nil {
		return fmt.Errorf("store: mark seen %q: %w", messageID, err)
	}
	if b.Get([]byte(messageID)) != nil {
		return fmt.Errorf("store: mark seen %q: %w", messageID, ErrExists)
	}
	v := append(timeKey(at), raw...)
	if err := b.Put([]byte(messageID), v); err != nil {
		return fmt.Errorf("store: mark seen %q: %w", messageID, err)
	}
	return nil
}

// Received returns the raw message and the time MarkSeen stored for
// messageID, or an error wrapping ErrNotFound.
func (tx *Tx) Received(messageID string) (raw []byte, at time.Time, err error) {
	b := tx.rbucket(bucketInbox)
	var v []byte
	if b != nil && messageID != "" {
		v = b.Get([]byte(messageID))
	}
	if v == nil {
		return nil, time.Time{}, fmt.Errorf("store: received %q: %w", messageID, ErrNotFound)
	}
	if len(v) < timeKeyLen {
		return nil, time.Time{}, fmt.Errorf("store: received %q: truncated record", messageID)
	}
	return clone(v[timeKeyLen:]), parseTimeKey(v), nil
}

// Mailbox returns the UIDVALIDITY and the last processed UID of an IMAP
// mailbox; (0, 0, nil) if none were stored yet. (0 is never a valid
// UIDVALIDITY, so it always differs from the server's.)
func (tx *Tx) Mailbox(name string) (uidValidity, lastUID uint32, err error) {
	if name == "" {
		return 0, 0, fmt.Errorf("store: mailbox: empty name")
	}
	b := tx.rbucket(bucketMailboxes)
	if b == nil {
		return 0, 0, nil
	}
	v := b.Get([]byte(name))
	if v == nil {
		return 0, 0, nil
	}
	if len(v) != 8 {
		return 0, 0, fmt.Errorf("store: mailbox %q: malformed record (%d bytes)", name, len(v))
	}
	return binary.BigEndian.Uint32(v[:4]), binary.BigEndian.Uint32(v[4:]), nil
}

// SetMailbox stores the UIDVALIDITY and the last processed UID of an IMAP
// mailbox.
func (tx *Tx) SetMailbox(name string, uidValidity, lastUID uint32) error {
	if err := tx.mustWrite("set mailbox"); err != nil {
		return err
	}
	if name == "" {
		return fmt.Errorf("store: set mailbox: empty name")
	}
	b, err := tx.wbucket(bucketMailboxes)
	if err != nil {
		return fmt.Errorf("store: set mailbox %q: %w", name, err)
	}
	v := binary.BigEndian.AppendUint32(nil, uidValidity)
	v = binary.BigEndian.AppendUint32(v, lastUID)
	if err := b.Put([]byte(name), v); err != nil {
		return fmt.Errorf("store: set mailbox %q: %w", name, err)
	}
	return nil
}
