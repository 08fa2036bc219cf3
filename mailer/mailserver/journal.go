package mailserver

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/emersion/go-imap/v2"
)

// A mailbox on disk is a snapshot, index.json, plus the journal it names,
// journal-<n>.log: one record per change since the snapshot, appended and
// fsynced once. Replaying the journal over the snapshot gives the mailbox.
// A checkpoint writes a new snapshot with everything and starts an empty
// journal; it runs when a mailbox is loaded with a non-empty journal and
// when the journal grows past maxJournalBytes or past as many records as
// the mailbox has messages, and at least minJournalRecords (so the
// snapshot, O(messages), is rewritten at most once per as many changes:
// O(1) per change).
//
// A record is framed so that a record torn by a crash is recognised:
//
//	"J " <payload length> " " <CRC-32C of the payload, 8 hex digits> "\n"
//	payload "\n"
//
// where the payload is the record as one JSON line (journalRecord) and, for
// an append, "\n" and the message itself. Replay stops at the first record
// that is incomplete or fails its checksum: the tail a crash left behind,
// never acknowledged to anyone, since a change is only reported (EXISTS,
// APPENDUID, an SMTP 250, a tagged OK) once its record is durable.
//
// The order of writes, and why one fsync per change suffices:
//
//   - Append: the message is written to <uid>.eml without fsync, then its
//     record, which carries the message itself, is appended to the journal
//     and fsynced. The record is the commit: before it is durable, the .eml
//     is unlisted and removed at the next load; after, the load rewrites the
//     .eml from the record, whatever a crash left of it. The delivery's
//     dedupe key travels in the same record (dedupe.go), so a delivery and
//     its key are durable together.
//   - Flags, expunge, rename, subscribe: one record each. An expunged
//     message's file is removed after its record is durable; a crash in
//     between leaves an unlisted file, removed at the next load.
//   - Checkpoint: fsync the .eml files written since the last one and then
//     the directory (the snapshot will list them and the old journal, which
//     holds their content, goes away); append the dedupe keys of the
//     messages expunged since the last snapshot to delivered.log and fsync
//     it (the snapshot no longer lists them); create the next, empty
//     journal; write index.json naming it (temporary file, fsync, rename,
//     directory fsync, which also makes the new journal's name durable);
//     only then remove the old journal. A crash before the rename leaves
//     the old snapshot and its complete journal; after it, the new snapshot,
//     complete by itself. Journals other than the one index.json names are
//     removed at load.
//
// After a failed journal write or checkpoint the mailbox refuses changes
// until the server restarts (mailbox.broken): what the disk holds after a
// failed write or fsync is unknown, and the next load replays what is
// durable.
//
// A mailbox written before the journal (mailbox.json, listing every
// message, all of them durable) is loaded as the snapshot of an empty
// journal and checkpointed at once, which writes index.json and removes
// mailbox.json: the server of that time does not start on the new layout
// (it finds no mailbox.json) rather than miss the journal's messages.

const (
	indexFile      = "index.json"
	legacyMetaFile = "mailbox.json" // the snapshot before the journal
	journalPrefix  = "journal-"
	journalExt     = ".log"

	indexVersion = 2

	// maxJournalBytes bounds a journal (and so the replay at load and the
	// files a checkpoint fsyncs) whatever the number of messages.
	maxJournalBytes = 8 << 20
	// minJournalRecords is the fewest records that make a checkpoint of a
	// small mailbox worth it.
	minJournalRecords = 256
)

// mailboxIndex is the content of index.json (and, at version 1 and without
// Journal, of mailbox.json).
type mailboxIndex struct {
	Version     int           `json:"version"`
	Name        string        `json:"name"`
	UIDValidity uint32        `json:"uidValidity"`
	UIDNext     uint32        `json:"uidNext"`
	Subscribed  bool          `json:"subscribed"`
	SpecialUse  []string      `json:"specialUse,omitempty"`
	Journal     uint64        `json:"journal,omitempty"` // journal-<Journal>.log
	Messages    []messageMeta `json:"messages"`
}

type messageMeta struct {
	UID   uint32    `json:"uid"`
	Date  time.Time `json:"date,omitzero"`
	Flags []string  `json:"flags"`
	// Dup is the dedupe key of a message this server delivered to an
	// INBOX (dedupe.go), "" otherwise.
	Dup string `json:"dup,omitempty"`
}

// journalRecord is one change. Op says which fields are set.
type journalRecord struct {
	Op string `json:"op"`
	// "append": the message (its content follows the JSON line)
	Msg *messageMeta `json:"msg,omitempty"`
	// "flags": the new flags of each message (UID and Flags only)
	Flags []messageMeta `json:"flags,omitempty"`
	// "expunge": the UIDs removed
	Expunge []uint32 `json:"expunge,omitempty"`
	// "meta": the name and the subscription, both set
	Name       string `json:"name,omitempty"`
	Subscribed *bool  `json:"subscribed,omitempty"`
}

const (
	opAppend  = "append"
	opFlags   = "flags"
	opExpunge = "expunge"
	opMeta    = "meta"
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// encodeRecord frames rec and, for an append, the message body.
func encodeRecord(rec *journalRecord, body []byte) ([]byte, error) {
	js, err := json.Marshal(rec)
	if err != nil {
		return nil, fmt.Errorf("mailserver: encode journal record: %w", err)
	}
	n := len(js)
	if body != nil {
		n += 1 + len(body)
	}
	out := make([]byte, 0, n+32)
	out = append(out, "J "...)
	out = strconv.AppendInt(out, int64(n), 10)
	out = append(out, ' ')
	start := len(out) + 9
	out = append(out, "00000000\n"...)
	out = append(out, js...)
	if body != nil {
		out = append(out, '\n')
		out = append(out, body...)
	}
	crc := crc32.Checksum(out[start:], castagnoli)
	hex := strconv.AppendUint(nil, uint64(crc), 16)
	copy(out[start-1-len(hex):start-1], hex)
	return append(out, '\n'), nil
}

type decodedRecord struct {
	rec  journalRecord
	body []byte // a copy, for an append
}

// decodeRecords reads the records of a journal up to the first one that is
// incomplete or damaged; valid is the length of the records read.
func decodeRecords(data []byte) (recs []decodedRecord, valid int) {
	off := 0
	for off < len(data) {
		nl := bytes.IndexByte(data[off:], '\n')
		if nl < 0 {
			break
		}
		var n int
		var crc uint32
		if _, err := fmt.Sscanf(string(data[off:off+nl]), "J %d %08x", &n, &crc); err != nil || n < 0 {
			break
		}
		p := off + nl + 1
		if n > len(data)-p-1 || data[p+n] != '\n' {
			break
		}
		payload := data[p : p+n]
		if crc32.Checksum(payload, castagnoli) != crc {
			break
		}
		js, body, _ := bytes.Cut(payload, []byte("\n"))
		var d decodedRecord
		if err := json.Unmarshal(js, &d.rec); err != nil {
			break
		}
		if d.rec.Op == opAppend {
			if d.rec.Msg == nil {
				break
			}
			d.body = bytes.Clone(body)
		}
		recs = append(recs, d)
		off = p + n + 1
	}
	return recs, off
}

func (mbox *mailbox) journalPath(n uint64) string {
	return filepath.Join(mbox.dir, journalPrefix+strconv.FormatUint(n, 10)+journalExt)
}

// writeRecordLocked appends rec (and body) to the journal and fsyncs it:
// the change is durable when it returns nil.
func (mbox *mailbox) writeRecordLocked(rec *journalRecord, body []byte) error {
	if mbox.deleted {
		return errMailboxDeleted
	}
	if mbox.broken != nil {
		return mbox.broken
	}
	b, err := encodeRecord(rec, body)
	if err != nil {
		return err
	}
	// Opened for each record: a server with thousands of mailboxes keeps
	// no file open, and opening costs little next to the fsync.
	f, err := os.OpenFile(mbox.journalPath(mbox.journal), os.O_WRONLY|os.O_APPEND, 0)
	if err == nil {
		_, err = f.Write(b)
		if err == nil {
			err = fsync(f)
		}
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		// Perhaps half a record, perhaps a whole one not durable: no
		// record may follow it (see above).
		mbox.broken = fmt.Errorf("mailserver: mailbox %q refuses changes until the server restarts, after a failed journal write: %w", mbox.name, err)
		mbox.srv.log.Error("mailserver: journal write failed", "dir", mbox.dir, "err", err)
		return mbox.broken
	}
	mbox.journalBytes += int64(len(b))
	mbox.journalRecords++
	return nil
}

// maybeCheckpointLocked checkpoints once the journal is long enough. A
// failed checkpoint breaks the mailbox but not the change just written,
// which is durable.
func (mbox *mailbox) maybeCheckpointLocked() {
	if mbox.journalBytes < maxJournalBytes && mbox.journalRecords < max(minJournalRecords, len(mbox.l)) {
		return
	}
	if err := mbox.checkpointLocked(); err != nil {
		mbox.srv.log.Error("mailserver: checkpoint failed", "dir", mbox.dir, "err", err)
	}
}

// checkpointLocked writes index.json with the whole mailbox and starts a new
// journal, in the order given at the top of this file.
func (mbox *mailbox) checkpointLocked() error {
	if mbox.deleted {
		return errMailboxDeleted
	}
	if mbox.broken != nil {
		return mbox.broken
	}
	err := func() error {
		for _, uid := range mbox.unsynced {
			f, err := os.Open(mbox.messagePath(uid))
			if err != nil {
				return fmt.Errorf("mailserver: %w", err)
			}
			err = fsync(f)
			f.Close()
			if err != nil {
				return fmt.Errorf("mailserver: fsync %s: %w", f.Name(), err)
			}
		}
		if len(mbox.unsynced) > 0 {
			if err := syncDir(mbox.dir); err != nil {
				return err
			}
		}
		if err := mbox.srv.logDeliveries(mbox.expungedDups); err != nil {
			return err
		}
		next := mbox.journal + 1
		f, err := os.OpenFile(mbox.journalPath(next), os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
		if err != nil {
			return fmt.Errorf("mailserver: %w", err)
		}
		if err := f.Close(); err != nil {
			return fmt.Errorf("mailserver: %w", err)
		}
		if err := writeJSONAtomic(filepath.Join(mbox.dir, indexFile), mbox.indexLocked(next)); err != nil {
			return err
		}
		if err := os.Remove(mbox.journalPath(mbox.journal)); err != nil && !errors.Is(err, os.ErrNotExist) {
			mbox.srv.log.Warn("mailserver: removing an old journal", "err", err)
		}
		if err := os.Remove(filepath.Join(mbox.dir, legacyMetaFile)); err != nil && !errors.Is(err, os.ErrNotExist) {
			mbox.srv.log.Warn("mailserver: removing the old mailbox.json", "err", err)
		}
		mbox.journal = next
		return nil
	}()
	if err != nil {
		// index.json may name either journal now: no record may be
		// written until a restart finds out which.
		mbox.broken = fmt.Errorf("mailserver: mailbox %q refuses changes until the server restarts, after a failed checkpoint: %w", mbox.name, err)
		return mbox.broken
	}
	mbox.journalBytes, mbox.journalRecords = 0, 0
	mbox.unsynced, mbox.expungedDups = nil, nil
	return nil
}

// indexLocked is the snapshot of the mailbox, naming journal n.
func (mbox *mailbox) indexLocked(n uint64) *mailboxIndex {
	idx := &mailboxIndex{
		Version:     indexVersion,
		Name:        mbox.name,
		UIDValidity: mbox.uidValidity,
		UIDNext:     uint32(mbox.uidNext),
		Subscribed:  mbox.subscribed,
		Journal:     n,
		Messages:    make([]messageMeta, 0, len(mbox.l)),
	}
	for _, a := range mbox.specialUse {
		idx.SpecialUse = append(idx.SpecialUse, string(a))
	}
	for _, msg := range mbox.l {
		idx.Messages = append(idx.Messages, msg.meta())
	}
	return idx
}

func (msg *message) meta() messageMeta {
	mm := messageMeta{UID: uint32(msg.uid), Date: msg.t, Flags: make([]string, 0, len(msg.flags)), Dup: msg.dup}
	for _, f := range msg.flagList() {
		mm.Flags = append(mm.Flags, string(f))
	}
	return mm
}

func (msg *message) setFlags(flags []string) {
	msg.flags = make(map[imap.Flag]struct{}, len(flags))
	for _, f := range flags {
		msg.flags[canonicalFlag(imap.Flag(f))] = struct{}{}
	}
}
