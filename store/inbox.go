package store

import (
	"encoding/binary"
	"fmt"
)

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
