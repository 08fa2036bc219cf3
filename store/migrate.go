package store

import (
	"encoding/binary"
	"fmt"
	"os"

	bolt "go.etcd.io/bbolt"
)

// schemaVersion is the layout this package writes (doc.go, "Schema"):
//
//	1  (no meta bucket) inbox: Message-ID -> time + the raw email;
//	   values uncompressed
//	2  deliveries: DeliveryKey -> Delivery with a redacted copy; states,
//	   events and the state history zstd-compressed (blob.go)
const schemaVersion = 2

var keySchema = []byte("schema")

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
// which may carry secrets in clear, and bbolt leaves freed pages as they
// were, so the file is rewritten (Compact) to leave no copy behind.
func migrate(tx *bolt.Tx) (compact bool, err error) {
	if schema(tx) >= schemaVersion {
		return false, nil
	}
	if legacy := tx.Bucket(bucketLegacyInbox); legacy != nil {
		w := &Tx{tx: tx}
		err := legacy.ForEach(func(k, v []byte) error {
			if len(v) < timeKeyLen || len(k) == 0 {
				return nil // malformed: nothing worth keeping
			}
			raw := v[timeKeyLen:]
			key := DeliveryKey(string(k), raw)
			if seen, _ := w.Seen(key); seen {
				return nil
			}
			// The raw email is not carried over: only what recognises it
			// and its hash. (Redacting needs the mail parser, which the
			// store does not have.)
			return w.MarkSeen(key, Delivery{MessageID: string(k), Received: parseTimeKey(v),
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
	meta, err := tx.CreateBucketIfNotExists(bucketMeta)
	if err != nil {
		return false, err
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
	src, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: o.Timeout})
	if err != nil {
		return 0, 0, fmt.Errorf("store: compact %s: %w", path, err)
	}
	defer src.Close()
	if fi, err := os.Stat(path); err == nil {
		before = fi.Size()
	}
	tmp := path + ".compact"
	os.Remove(tmp)
	dst, err := bolt.Open(tmp, 0o600, &bolt.Options{Timeout: o.Timeout})
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
	// The old file stays locked until the rename is done: no daemon can
	// open it in between.
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
