package store

import (
	"encoding/binary"
	"fmt"
	"os"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"
)

// schemaVersion is the layout this package writes (doc.go, "Schema"):
//
//	1  (no meta bucket) inbox: Message-ID -> time + the raw email;
//	   values uncompressed
//	2  deliveries: DeliveryKey -> Delivery with a redacted copy; states,
//	   events and the state history zstd-compressed (blob.go)
const schemaVersion = 2

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
	if schema(tx) >= schemaVersion {
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
	if compact {
		if err := meta.Put(keyCompactPending, []byte{1}); err != nil {
			return false, err
		}
	}
	return compact, meta.Put(keySchema, u64(schemaVersion))
}

// packBucket rewrites every uncompressed value of b compressed.
func packBucket(b *bolt.Bucket) error {
	if b == nil {
		return nil
	}
	var keys, vals [][]byte
	err := b.ForEach(func(k, v []byte) error {
		if v == nil || packed(v) {
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

// Compact rewrites the store file at path into a new file holding only the
// live data, then replaces the old file with it: the space of deleted and
// replaced values (expired copies, scrubbed bodies, old pages) goes back
// to the file system, and nothing deleted survives in free pages. The file
// must not be open (Compact takes its lock, waiting at most opts.Timeout).
// It returns the sizes before and after.
func Compact(path string, opts *Options) (before, after int64, err error) {
	var o Options
	if opts != nil {
		o = *opts
	}
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	lk, err := lockFile(path, true, o.Timeout)
	if err != nil {
		return 0, 0, err
	}
	defer lk.release()
	return compactLocked(path, o.Timeout)
}

// compactLocked is Compact with the lock file held.
func compactLocked(path string, timeout time.Duration) (before, after int64, err error) {
	src, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: timeout})
	if err != nil {
		return 0, 0, fmt.Errorf("store: compact %s: %w", path, err)
	}
	defer src.Close()
	if fi, err := os.Stat(path); err == nil {
		before = fi.Size()
	}
	tmp := path + ".compact"
	os.Remove(tmp)
	dst, err := bolt.Open(tmp, 0o600, &bolt.Options{Timeout: timeout})
	if err != nil {
		return 0, 0, fmt.Errorf("store: compact %s: %w", path, err)
	}
	if err := bolt.Compact(dst, src, 64<<20); err != nil {
		dst.Close()
		os.Remove(tmp)
		return 0, 0, fmt.Errorf("store: compact %s: %w", path, err)
	}
	if err := dst.Sync(); err != nil {
		dst.Close()
		os.Remove(tmp)
		return 0, 0, fmt.Errorf("store: compact %s: %w", path, err)
	}
	if err := dst.Close(); err != nil {
		os.Remove(tmp)
		return 0, 0, fmt.Errorf("store: compact %s: %w", path, err)
	}
	// The lock file is held until the rename is done: a process waiting
	// to open the store opens the new file, never the old one.
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return 0, 0, fmt.Errorf("store: compact %s: %w", path, err)
	}
	if d, err := os.Open(dirOf(path)); err == nil {
		d.Sync() // make the rename durable
		d.Close()
	}
	if fi, err := os.Stat(path); err == nil {
		after = fi.Size()
	}
	return before, after, nil
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
