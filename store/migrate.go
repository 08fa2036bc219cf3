package store

import (
	"encoding/binary"
	"fmt"
	"strings"

	bolt "go.etcd.io/bbolt"
)

// schemaVersion is the layout this package writes (doc.go, "Schema"):
//
//	1  (no meta bucket) inbox: Message-ID -> time + the raw email;
//	   values uncompressed
//	2  deliveries: DeliveryKey -> Delivery with a redacted copy; states,
//	   events and the state history zstd-compressed (blob.go)
//	3  a sent or failed mail keeps its record without its text
//	   (keptRecord); states stored as deltas on the version before,
//	   whole every keyframeEvery versions (delta.go)
//	4  a pending mail's text kept apart from its record (bucket
//	   mailtext); records stored before keep theirs inline until next
//	   written. A program of an older layout must not open the file (it
//	   would send those mails empty): Open refuses a newer layout.
const schemaVersion = 4

var (
	keySchema = []byte("schema")
	// keyCompactPending is set by the migration that removed raw emails
	// (or rewrote a clear welcome) and deleted only after the file was
	// compacted: Open compacts while it is there.
	keyCompactPending = []byte("compact-pending")
)

// schema returns the file's layout version (1 when unmarked).
func schema(tx *bolt.Tx) uint64 {
	b := tx.Bucket(bucketMeta)
	if b == nil {
		return 1
	}
	v := b.Get(keySchema)
	if len(v) != 8 {
		return 1
	}
	return binary.BigEndian.Uint64(v)
}

// migrate brings a file to schemaVersion in one transaction and reports
// whether the file must then be compacted: a legacy inbox held raw emails,
// and a legacy outbox may hold a welcome's secret in clear; bbolt leaves
// freed pages as they were, so the file is rewritten (Compact) to leave no
// copy behind. The need is recorded in the file (keyCompactPending) in the
// same transaction, so a compaction that does not finish is done at the
// next Open.
func migrate(w *Tx) (compact bool, err error) {
	tx := w.tx
	meta, err := tx.CreateBucketIfNotExists(bucketMeta)
	if err != nil {
		return false, err
	}
	from := schema(tx)
	if from > schemaVersion {
		return false, fmt.Errorf("the file's layout is version %d, newer than this program's %d: run the newer stormjudge", from, schemaVersion)
	}
	if from >= schemaVersion {
		return meta.Get(keyCompactPending) != nil, nil
	}
	if legacy := tx.Bucket(bucketLegacyInbox); legacy != nil {
		err := legacy.ForEach(func(k, v []byte) error {
			if len(v) < timeKeyLen || len(k) == 0 {
				return nil // malformed: nothing worth keeping
			}
			raw := v[timeKeyLen:]
			id := string(k)
			// Schema 1 keyed mail without a Message-ID by a synthetic
			// "<sha256-...@stormjudge.invalid>"; the judge now writes it
			// without the brackets, as it writes every Message-ID.
			if strings.HasPrefix(id, "<sha256-") && strings.HasSuffix(id, ">") {
				id = id[1 : len(id)-1]
			}
			key := DeliveryKey(id, raw)
			if seen, _ := w.Seen(key); seen {
				return nil
			}
			// The raw email is not carried over: only what recognises it
			// and its hash. (Redacting needs the mail parser, which the
			// store does not have.)
			return w.MarkSeen(key, Delivery{MessageID: id, Received: parseTimeKey(v),
				SHA256: RawHash(raw), Size: len(raw), Outcome: "migrated"})
		})
		if err != nil {
			return false, fmt.Errorf("migrating the inbox: %w", err)
		}
		if err := tx.DeleteBucket(bucketLegacyInbox); err != nil {
			return false, err
		}
		compact = true
	}
	// Compress what was stored uncompressed.
	if games := tx.Bucket(bucketGame); games != nil {
		err := games.ForEachBucket(func(id []byte) error {
			gb := games.Bucket(id)
			for _, name := range [][]byte{bucketStates, bucketEvents, bucketStateHistory} {
				if err := packBucket(gb.Bucket(name)); err != nil {
					return fmt.Errorf("game %q %s: %w", id, name, err)
				}
			}
			return nil
		})
		if err != nil {
			return false, fmt.Errorf("compressing states: %w", err)
		}
	}
	// A welcome still waiting in the outbox was stored in clear: seal it.
	pending, err := w.Pending()
	if err != nil {
		return false, fmt.Errorf("migrating the outbox: %w", err)
	}
	for _, m := range pending {
		if m.Sensitive {
			if err := w.putMail(m, m); err != nil {
				return false, fmt.Errorf("migrating the outbox: %w", err)
			}
			compact = true
		}
	}
	// Schema 3: a sent or failed mail keeps no text. The file is then
	// compacted, so that neither the space nor the text of private
	// notices stays in freed pages.
	if from < 3 {
		n, err := w.stripSentMail()
		if err != nil {
			return false, fmt.Errorf("migrating the outbox: %w", err)
		}
		compact = compact || n > 0
		if games := tx.Bucket(bucketGame); games != nil {
			err := games.ForEachBucket(func(id []byte) error {
				if err := deltaBucket(games.Bucket(id).Bucket(bucketStates)); err != nil {
					return fmt.Errorf("game %q: %w", id, err)
				}
				return nil
			})
			if err != nil {
				return false, fmt.Errorf("storing states as deltas: %w", err)
			}
		}
	}
	if compact {
		if err := meta.Put(keyCompactPending, []byte{1}); err != nil {
			return false, err
		}
	}
	return compact, meta.Put(keySchema, u64(schemaVersion))
}

// stripSentMail rewrites every sent or failed mail that still has its text
// as keptRecord, and returns how many.
func (w *Tx) stripSentMail() (int, error) {
	b := w.tx.Bucket(bucketOutbox)
	if b == nil {
		return 0, nil
	}
	var old []*Mail
	err := b.ForEach(func(k, v []byte) error {
		m, err := w.decodeMail(v)
		if err != nil {
			return fmt.Errorf("mail %q: %w", k, err)
		}
		if !m.Pending() && (m.Body != "" || m.HTML != "" || len(m.Inline) > 0 || len(m.References) > 0) {
			old = append(old, m)
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	for _, m := range old {
		if err := w.putMail(m, m); err != nil {
			return 0, err
		}
	}
	return len(old), nil
}

// deltaBucket rewrites the states of b as PutState now stores them: a
// delta on the version before, whole every keyframeEvery versions.
func deltaBucket(b *bolt.Bucket) error {
	if b == nil {
		return nil
	}
	var keys, vals [][]byte
	prevV, prev := -1, []byte(nil)
	err := forEachState(b, func(v int, sv []byte) error {
		var base []byte
		if v == prevV+1 {
			base = prev
		}
		enc, err := encodeState(sv, v, base)
		if err != nil {
			return err
		}
		keys, vals = append(keys, versionKey(v)), append(vals, enc)
		prevV, prev = v, sv
		return nil
	})
	if err != nil {
		return err
	}
	for i := range keys {
		if err := b.Put(keys[i], vals[i]); err != nil {
			return err
		}
	}
	return nil
}

// packBucket rewrites every uncompressed value of b compressed.
func packBucket(b *bolt.Bucket) error {
	if b == nil {
		return nil
	}
	var keys, vals [][]byte
	err := b.ForEach(func(k, v []byte) error {
		if v == nil || packed(v) || isDelta(v) {
			return nil
		}
		if p := pack(v); packed(p) {
			keys, vals = append(keys, clone(k)), append(vals, p)
		}
		return nil
	})
	if err != nil {
		return err
	}
	for i := range keys {
		if err := b.Put(keys[i], vals[i]); err != nil {
			return err
		}
	}
	return nil
}

func dirOf(path string) string {
	for i := len(path) - 1; i >= 0; i-- {
		if path[i] == '/' {
			if i == 0 {
				return "/"
			}
			return path[:i]
		}
	}
	return "."
}
