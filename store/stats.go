package store

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"text/tabwriter"

	bolt "go.etcd.io/bbolt"
)

// Stats is where the bytes of a store file go: what an operator reads
// before and after `stormjudge compact` (Compaction) or with `stormjudge
// compact -n`, and what the capacity benchmarks measure.
type Stats struct {
	// File is the size of the data file; Used its high-water mark (the
	// pages up to the last one in use, bbolt's Tx.Size); the rest is
	// the slack bbolt grew the file by (doubling up to 16 MiB, then 16
	// MiB steps).
	File, Used int64
	// Free is Used less the pages of the buckets: the free pages (space
	// of deleted or replaced values, reused by later writes, given back
	// to the file system only by Compact), and bbolt's own few pages (two
	// meta pages, the root, the freelist).
	Free int64
	// PageSize is bbolt's page size.
	PageSize int
	// Buckets are the store's buckets in doc.go's order ("game/*/states"
	// sums the states buckets of every game, "audit/*" every audit log).
	Buckets []BucketStats
	// Games and Versions count the games and their stored versions
	// (0..Version each), the unit of the "bytes per version".
	Games, Versions int
}

// BucketStats is what one bucket, or one kind of per-game bucket summed
// over the games, holds.
type BucketStats struct {
	Name string
	// Keys is the number of key/value pairs (nested buckets not
	// counted).
	Keys int
	// Data is the bytes of its keys and values as stored (compressed
	// values compressed).
	Data int64
	// Pages is the bytes of the file's pages that hold it (bbolt's
	// BucketStats LeafAlloc+BranchAlloc, without its nested buckets'): a
	// small bucket stored inline in its parent's page counts 0.
	Pages int64
}

// Total is the sum of the buckets' Data and Pages, and of their Keys.
func (s *Stats) Total() BucketStats {
	t := BucketStats{Name: "total"}
	for _, b := range s.Buckets {
		t.Keys += b.Keys
		t.Data += b.Data
		t.Pages += b.Pages
	}
	return t
}

// Bucket returns the stats of the bucket called name (zero if none).
func (s *Stats) Bucket(name string) BucketStats {
	for _, b := range s.Buckets {
		if b.Name == name {
			return b
		}
	}
	return BucketStats{Name: name}
}

// statsOrder is doc.go's order of the buckets; others (none today) follow
// by name.
var statsOrder = []string{"games", "game/*/states", "game/*/events", "game/*/statehistory", "game/*/orders",
	"game/*/orderhistory", "deliveries", "meta", "counters", "mailboxes", "outbox", "due", "audit/*"}

// Stats reads where the bytes of the file go, in one read transaction
// (it walks every value: keep it for a command or a benchmark, not the
// daemon's loop).
func (db *DB) Stats() (Stats, error) {
	var s Stats
	err := db.db.View(func(btx *bolt.Tx) error {
		var err error
		s, err = readStats(btx)
		return err
	})
	if err != nil {
		return s, fmt.Errorf("store: stats: %w", err)
	}
	if fi, err := os.Stat(db.path); err == nil {
		s.File = fi.Size()
	}
	return s, nil
}

// ReadStats is Stats of the file at path, opened read-only (it waits at
// most opts.Timeout for a running daemon's lock, as Open does).
func ReadStats(path string, opts *Options) (Stats, error) {
	o := Options{ReadOnly: true}
	if opts != nil {
		o.Timeout = opts.Timeout
	}
	db, err := Open(path, &o)
	if err != nil {
		return Stats{}, err
	}
	defer db.Close()
	return db.Stats()
}

func readStats(btx *bolt.Tx) (Stats, error) {
	s := Stats{Used: btx.Size(), PageSize: btx.DB().Info().PageSize}
	sums := map[string]*BucketStats{}
	add := func(name string, b *bolt.Bucket) {
		bs := sums[name]
		if bs == nil {
			bs = &BucketStats{Name: name}
			sums[name] = bs
		}
		own := b.Stats()
		pages := int64(own.BranchAlloc + own.LeafAlloc)
		b.ForEach(func(k, v []byte) error {
			if v == nil {
				sub := b.Bucket(k).Stats()
				pages -= int64(sub.BranchAlloc + sub.LeafAlloc)
				return nil
			}
			bs.Keys++
			bs.Data += int64(len(k) + len(v))
			return nil
		})
		bs.Pages += pages
	}
	err := btx.ForEach(func(name []byte, b *bolt.Bucket) error {
		n := string(name)
		switch n {
		case string(bucketGame):
			add(n, b) // holds only the games' buckets
			return b.ForEachBucket(func(id []byte) error {
				gb := b.Bucket(id)
				add(n, gb)
				return gb.ForEachBucket(func(sub []byte) error {
					add(n+"/*/"+string(sub), gb.Bucket(sub))
					return nil
				})
			})
		case string(bucketAudit):
			add(n+"/*", b)
			return b.ForEachBucket(func(id []byte) error {
				add(n+"/*", b.Bucket(id))
				return nil
			})
		}
		add(n, b)
		return nil
	})
	if err != nil {
		return s, err
	}
	if games := btx.Bucket(bucketGames); games != nil {
		games.ForEach(func(k, v []byte) error {
			s.Games++
			return nil
		})
	}
	s.Versions = sums["game/*/states"].keys()
	for _, name := range statsOrder {
		if bs := sums[name]; bs != nil {
			s.Buckets = append(s.Buckets, *bs)
			delete(sums, name)
		}
	}
	// "game" holds only the games' nested buckets: its own pages are
	// the branch pages above them, counted with the rest.
	var rest []BucketStats
	for _, bs := range sums {
		rest = append(rest, *bs)
	}
	slices.SortFunc(rest, func(a, b BucketStats) int { return strings.Compare(a.Name, b.Name) })
	s.Buckets = append(s.Buckets, rest...)
	s.Free = s.Used - s.Total().Pages
	return s, nil
}

func (b *BucketStats) keys() int {
	if b == nil {
		return 0
	}
	return b.Keys
}

// WriteStats writes s as a table, one bucket a line: keys, the bytes of
// the keys and values, the bytes of the pages; with after, the same of
// after beside them (Compact's before and after). Then the file, its
// high-water mark, the rest of it (Free), and the bytes a stored version
// takes.
func WriteStats(w io.Writer, s Stats, after *Stats) error {
	tw := tabwriter.NewWriter(w, 2, 8, 2, ' ', tabwriter.AlignRight)
	if after == nil {
		fmt.Fprintln(tw, "bucket\tkeys\tdata\tpages\t")
	} else {
		fmt.Fprintln(tw, "bucket\tkeys\tdata\tpages\tkeys after\tdata after\tpages after\t")
	}
	names := []string{}
	for _, b := range s.Buckets {
		names = append(names, b.Name)
	}
	if after != nil {
		for _, b := range after.Buckets {
			if !slices.Contains(names, b.Name) {
				names = append(names, b.Name)
			}
		}
	}
	row := func(name string, b BucketStats, a *BucketStats) {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t", name, b.Keys, b.Data, b.Pages)
		if a != nil {
			fmt.Fprintf(tw, "%d\t%d\t%d\t", a.Keys, a.Data, a.Pages)
		}
		fmt.Fprintln(tw)
	}
	for _, n := range names {
		var a *BucketStats
		if after != nil {
			ab := after.Bucket(n)
			a = &ab
		}
		row(n, s.Bucket(n), a)
	}
	var at *BucketStats
	if after != nil {
		t := after.Total()
		at = &t
	}
	row("total", s.Total(), at)
	file := func(label string, f func(*Stats) int64) {
		fmt.Fprintf(tw, "%s\t\t\t%d\t", label, f(&s))
		if after != nil {
			fmt.Fprintf(tw, "\t\t%d\t", f(after))
		}
		fmt.Fprintln(tw)
	}
	file("free and bbolt's own pages", func(s *Stats) int64 { return s.Free })
	file("high-water mark", func(s *Stats) int64 { return s.Used })
	file("file", func(s *Stats) int64 { return s.File })
	if s.Versions > 0 {
		file(fmt.Sprintf("file per version (%d games, %d versions)", s.Games, s.Versions), func(s *Stats) int64 {
			if s.Versions == 0 {
				return 0
			}
			return s.File / int64(s.Versions)
		})
	}
	return tw.Flush()
}
