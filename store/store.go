package store

import (
	"encoding/binary"
	"errors"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"
	bolterrors "go.etcd.io/bbolt/errors"
)

// Sentinel errors; test with errors.Is. Returned errors wrap them with the
// package prefix and the key, e.g. `store: game "g1": not found`.
var (
	ErrNotFound = errors.New("not found")
	ErrExists   = errors.New("already exists")
	// ErrLocked: Open gave up waiting for the file's lock, which another
	// process (a running daemon) or DB holds.
	ErrLocked = errors.New("file is locked")
)

// DefaultTimeout is how long Open waits for the file lock held by another
// DB (in this or another process) before giving up.
const DefaultTimeout = time.Second

// Options configures Open. A nil *Options means the defaults.
type Options struct {
	// Timeout is how long to wait for the exclusive file lock; 0 means
	// DefaultTimeout. bbolt without a timeout blocks forever on a locked file.
	Timeout time.Duration
	// ReadOnly opens the file with a shared lock for inspection; every write
	// method then fails. The file must exist.
	ReadOnly bool
}

// DB is an open store file. It is safe for concurrent use: any number of
// View transactions run in parallel with at most one Update.
type DB struct {
	db   *bolt.DB
	path string
	seal *sealer   // nil: no key file (a read-only open of a file without one)
	lock *fileLock // <path>.lock, held until Close

	batch batcher // Batch's calls waiting for a shared commit (batch.go)
}

// Tx is a transaction of Update (read-write) or View (read-only). It is only
// valid inside the function it was passed to.
type Tx struct {
	tx *bolt.Tx
	db *DB
}

// Top-level bucket names; doc.go describes their keys and values.
var (
	bucketGames       = []byte("games")
	bucketGame        = []byte("game")
	bucketDeliveries  = []byte("deliveries")
	bucketLegacyInbox = []byte("inbox") // before schema 2; migrate.go
	bucketMeta        = []byte("meta")
	bucketCounters    = []byte("counters")
	bucketMailboxes   = []byte("mailboxes")
	bucketOutbox      = []byte("outbox")
	bucketDue         = []byte("due")
	bucketMailText    = []byte("mailtext")
	bucketAudit       = []byte("audit")

	// Nested under game/<id>.
	bucketStates       = []byte("states")
	bucketEvents       = []byte("events")
	bucketStateHistory = []byte("statehistory")
	bucketOrders       = []byte("orders")
	bucketOrderHistory = []byte("orderhistory")
	bucketPress        = []byte("press")

	topBuckets = [][]byte{bucketGames, bucketGame, bucketDeliveries, bucketMailboxes, bucketOutbox, bucketDue, bucketMailText, bucketAudit, bucketMeta, bucketCounters}
)

// Open opens (creating if needed) the store file at path. It fails after
// opts.Timeout (default 1 s) if another DB holds the file's lock.
//
// The lock is taken on <path>.lock (lockfile.go), not only on the data
// file itself: Compact replaces the data file by a new one, and a process
// waiting for the old file's lock would otherwise go on with the old,
// deleted file. A writable Open migrates an older file (migrate.go) and
// finishes a compaction that a migration left pending.
func Open(path string, opts *Options) (*DB, error) {
	var o Options
	if opts != nil {
		o = *opts
	}
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	lk, err := lockFile(path, !o.ReadOnly, o.Timeout)
	if err != nil {
		return nil, err
	}
	db, err := open(path, o)
	if err != nil {
		lk.release()
		return nil, err
	}
	db.lock = lk
	return db, nil
}

// open opens path with the lock file held.
func open(path string, o Options) (*DB, error) {
	bdb, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: o.Timeout, ReadOnly: o.ReadOnly})
	if errors.Is(err, bolterrors.ErrTimeout) {
		return nil, fmt.Errorf("store: open %s: file is locked by another process or DB (gave up after %v): %w", path, o.Timeout, errors.Join(ErrLocked, err))
	}
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	seal, err := loadSealer(path, !o.ReadOnly)
	if err != nil {
		bdb.Close()
		return nil, err
	}
	db := &DB{db: bdb, path: path, seal: seal}
	if o.ReadOnly {
		return db, nil
	}
	var pending bool
	err = bdb.Update(func(btx *bolt.Tx) error {
		for _, name := range topBuckets {
			if _, err := btx.CreateBucketIfNotExists(name); err != nil {
				return err
			}
		}
		var err error
		pending, err = migrate(&Tx{tx: btx, db: db})
		return err
	})
	if err != nil {
		bdb.Close()
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	if !pending {
		return db, nil
	}
	// The migration removed raw emails (or rewrote a welcome in clear):
	// rewrite the file so that no freed page keeps them. The flag that
	// says so is cleared only after the new file is in place, so an
	// interrupted compaction is done again at the next Open, and a file
	// that cannot be compacted is not used (migrate.go).
	bdb.Close()
	if _, err := compactLocked(path, o.Timeout, true); err != nil {
		return nil, fmt.Errorf("store: open %s: finishing the migration: %w", path, err)
	}
	if bdb, err = bolt.Open(path, 0o600, &bolt.Options{Timeout: o.Timeout}); err != nil {
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	db.db = bdb
	if err := bdb.Update(func(btx *bolt.Tx) error { return btx.Bucket(bucketMeta).Delete(keyCompactPending) }); err != nil {
		bdb.Close()
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	return db, nil
}

// Path returns the file name the DB was opened with.
func (db *DB) Path() string { return db.path }

// Close releases the file and its lock. It waits for open transactions.
func (db *DB) Close() error {
	err := db.db.Close()
	db.lock.release()
	db.lock = nil
	if err != nil {
		return fmt.Errorf("store: close: %w", err)
	}
	return nil
}

// Update runs fn in a read-write transaction. If fn returns an error (or
// panics) nothing fn wrote is kept and fn's error is returned unchanged;
// otherwise the transaction is committed (and synced to disk) before Update
// returns. Never call Update or View from inside fn.
func (db *DB) Update(fn func(*Tx) error) error {
	btx, err := db.db.Begin(true)
	if err != nil {
		return fmt.Errorf("store: begin: %w", err)
	}
	defer btx.Rollback()
	if err := fn(&Tx{tx: btx, db: db}); err != nil {
		return err
	}
	if err := btx.Commit(); err != nil {
		return fmt.Errorf("store: commit: %w", err)
	}
	return nil
}

// View runs fn in a read-only transaction and returns its error. Keep it
// short: a long View keeps old pages from being reused.
func (db *DB) View(fn func(*Tx) error) error {
	btx, err := db.db.Begin(false)
	if err != nil {
		return fmt.Errorf("store: begin: %w", err)
	}
	defer btx.Rollback()
	return fn(&Tx{tx: btx, db: db})
}

// OnCommit arranges for fn to run once tx has committed (never when it
// rolls back); only in an Update.
func (tx *Tx) OnCommit(fn func()) { tx.tx.OnCommit(fn) }

// Writable reports whether tx is an Update transaction.
func (tx *Tx) Writable() bool { return tx.tx.Writable() }

func (tx *Tx) mustWrite(op string) error {
	if !tx.tx.Writable() {
		return fmt.Errorf("store: %s: read-only transaction (use Update, not View)", op)
	}
	return nil
}

// rbucket returns the bucket at path, or nil if any part is missing.
func (tx *Tx) rbucket(path ...[]byte) *bolt.Bucket {
	b := tx.tx.Bucket(path[0])
	for _, name := range path[1:] {
		if b == nil {
			return nil
		}
		b = b.Bucket(name)
	}
	return b
}

// wbucket returns the bucket at path, creating missing parts.
func (tx *Tx) wbucket(path ...[]byte) (*bolt.Bucket, error) {
	b, err := tx.tx.CreateBucketIfNotExists(path[0])
	if err != nil {
		return nil, err
	}
	for _, name := range path[1:] {
		if b, err = b.CreateBucketIfNotExists(name); err != nil {
			return nil, err
		}
	}
	return b, nil
}

// u64 encodes n big-endian, so that byte order is numeric order.
func u64(n uint64) []byte {
	return binary.BigEndian.AppendUint64(nil, n)
}

// versionKey encodes a state version (>= 0) as an 8-byte big-endian key.
func versionKey(v int) []byte { return u64(uint64(v)) }

// timeKeyLen is the length of timeKey's encoding.
const timeKeyLen = 12

// timeKey encodes t so that byte order is time order for every t: Unix
// seconds with the sign bit flipped (8 bytes) then nanoseconds (4 bytes).
// UnixNano is not used: it is undefined before 1678, e.g. for the zero time.
func timeKey(t time.Time) []byte {
	b := binary.BigEndian.AppendUint64(nil, uint64(t.Unix())^(1<<63))
	return binary.BigEndian.AppendUint32(b, uint32(t.Nanosecond()))
}

func parseTimeKey(b []byte) time.Time {
	sec := int64(binary.BigEndian.Uint64(b[:8]) ^ (1 << 63))
	nsec := int64(binary.BigEndian.Uint32(b[8:12]))
	return time.Unix(sec, nsec).UTC()
}

// clone copies a value out of the memory map: bbolt's slices are only valid
// inside the transaction.
func clone(b []byte) []byte {
	if b == nil {
		return nil
	}
	return append(make([]byte, 0, len(b)), b...)
}
