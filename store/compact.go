package store

import (
	"errors"
	"fmt"
	"os"
	"time"

	bolt "go.etcd.io/bbolt"
)

// Compaction is what CompactFile did: the file's stats before, and the
// new file's after (also when the new file was not used).
type Compaction struct {
	Before, After Stats
	// Replaced is set when the new file replaced the old one. It is not
	// when the new file would not have been smaller (Kept says so): the
	// old file is then left untouched, and After describes the new file
	// that was thrown away.
	Replaced bool
	Kept     string
}

// Compact rewrites the store file at path into a new file holding only the
// live data, then replaces the old file with it: the space of deleted and
// replaced values (expired copies, bodies of sent mail, old pages) goes
// back to the file system, and nothing deleted survives in free pages. It
// never makes the file larger: when the new file is not smaller the old
// one stays as it was. The file must not be open (Compact takes its lock,
// waiting at most opts.Timeout). It returns the sizes before and after
// (the same when the old file was kept); CompactFile tells more.
func Compact(path string, opts *Options) (before, after int64, err error) {
	c, err := CompactFile(path, opts)
	if err != nil {
		return 0, 0, err
	}
	if !c.Replaced {
		return c.Before.File, c.Before.File, nil
	}
	return c.Before.File, c.After.File, nil
}

// CompactFile is Compact, reporting the bytes of every bucket before and
// after (Stats).
func CompactFile(path string, opts *Options) (*Compaction, error) {
	var o Options
	if opts != nil {
		o = *opts
	}
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	lk, err := lockFile(path, true, o.Timeout)
	if err != nil {
		return nil, err
	}
	defer lk.release()
	return compactLocked(path, o.Timeout, false)
}

// compactLocked is CompactFile with the lock file held. force replaces
// the old file even when the new one is not smaller: a migration compacts
// to leave no freed page with what it deleted (migrate.go), whatever the
// size.
//
// The new file is written by bolt.Compact (pages filled to 100%) and then
// cut to its high-water mark (Tx.Size: the pages in use): bbolt grows a
// file by doubling up to 16 MiB and then by 16 MiB steps beyond what it
// needs, so without the cut a file compacted from one with little free
// space came out larger than it was. bbolt reads only pages below the
// high-water mark and grows the file again before it writes past it.
func compactLocked(path string, timeout time.Duration, force bool) (*Compaction, error) {
	fail := func(err error) (*Compaction, error) { return nil, fmt.Errorf("store: compact %s: %w", path, err) }
	src, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: timeout, ReadOnly: true})
	if err != nil {
		return fail(err)
	}
	defer src.Close()
	c := new(Compaction)
	if err := src.View(func(btx *bolt.Tx) error {
		c.Before, err = readStats(btx)
		return err
	}); err != nil {
		return fail(err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		return fail(err)
	}
	c.Before.File = fi.Size()

	tmp := path + ".compact"
	os.Remove(tmp)
	done := false
	defer func() {
		if !done {
			os.Remove(tmp)
		}
	}()
	dst, err := bolt.Open(tmp, 0o600, &bolt.Options{Timeout: timeout})
	if err != nil {
		return fail(err)
	}
	err = bolt.Compact(dst, src, 64<<20)
	if err == nil {
		err = dst.View(func(btx *bolt.Tx) error {
			c.After, err = readStats(btx)
			return err
		})
	}
	if cerr := dst.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fail(err)
	}
	// Every key and value made it over: a cheap check that the copy is
	// the data, before the original goes.
	for _, b := range c.Before.Buckets {
		if a := c.After.Bucket(b.Name); a.Keys != b.Keys || a.Data != b.Data {
			return fail(fmt.Errorf("bucket %s: %d keys of %d bytes copied as %d keys of %d bytes", b.Name, b.Keys, b.Data, a.Keys, a.Data))
		}
	}
	if err := truncateSync(tmp, c.After.Used); err != nil {
		return fail(err)
	}
	c.After.File = c.After.Used
	if !force && c.After.File >= c.Before.File {
		c.Kept = fmt.Sprintf("the compacted file would not be smaller (%d bytes, the file has %d): the file is left as it was", c.After.File, c.Before.File)
		return c, nil
	}
	// The lock file is held until the rename is done: a process waiting
	// to open the store opens the new file, never the old one.
	if err := os.Rename(tmp, path); err != nil {
		return fail(err)
	}
	done = true
	c.Replaced = true
	if d, err := os.Open(dirOf(path)); err == nil {
		d.Sync() // make the rename durable
		d.Close()
	}
	return c, nil
}

// truncateSync cuts the file at path to size bytes and syncs it.
func truncateSync(path string, size int64) error {
	if size <= 0 {
		return errors.New("empty high-water mark")
	}
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	err = f.Truncate(size)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
