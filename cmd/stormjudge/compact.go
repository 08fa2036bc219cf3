package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"time"

	"stormjudge/store"
)

// expireCopies drops the inbound copies that retention r no longer keeps
// (store.Tx.ExpireCopies) and logs how many.
func expireCopies(db *store.DB, r store.Retention, now time.Time, log *slog.Logger) int {
	n := 0
	err := db.Update(func(tx *store.Tx) error {
		var err error
		n, err = tx.ExpireCopies(now, r)
		return err
	})
	if err != nil {
		log.Error("retention of inbound copies", "err", err)
		return 0
	}
	if n > 0 {
		log.Info("retention: inbound copies dropped", "count", n)
	}
	return n
}

// cmdCompact applies the retention of inbound copies and rewrites the data
// file without its free pages (store.CompactFile), printing the bytes of
// every bucket before and after. The daemon must be stopped: the file is
// locked while it runs. With -n it changes nothing: it prints the buckets
// of the file as it is (read-only; the daemon's lock refuses it too).
func cmdCompact(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("compact", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfgPath := fs.String("config", "", "TOML configuration (data file and retention)")
	data := fs.String("data", "", "the data file, or the sandbox's directory (default: from -config)")
	dry := fs.Bool("n", false, "change nothing: print the bytes of every bucket of the file as it is")
	if err := fs.Parse(args); err != nil {
		return err
	}
	path, r := dataFile(*data), store.Retention{}
	if *cfgPath != "" {
		cfg, err := LoadConfig(*cfgPath)
		if err != nil {
			return err
		}
		r = cfg.retention()
		if path == "" {
			path = cfg.Data
		}
	}
	if path == "" {
		return errors.New("compact: give -config or -data")
	}
	if *dry {
		st, err := store.ReadStats(path, nil)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s: bytes by bucket (keys and values as stored; pages of the file)\n", path)
		return store.WriteStats(stdout, st, nil)
	}
	// As it is: Open may migrate an older file (and compact it).
	first, err := store.ReadStats(path, nil)
	if err != nil {
		return err
	}
	db, err := store.Open(path, nil)
	if err != nil {
		return err
	}
	n := expireCopies(db, r, time.Now(), newLogger(stderr, "warn"))
	if err := db.Close(); err != nil {
		return err
	}
	c, err := store.CompactFile(path, nil)
	if err != nil {
		return err
	}
	final := c.After
	if !c.Replaced {
		final = c.Before
	}
	fmt.Fprintf(stdout, "%s: %d expired inbound copies dropped; %d bytes -> %d bytes\n", path, n, first.File, final.File)
	switch {
	case !c.Replaced && first.File > c.Before.File:
		fmt.Fprintf(stdout, "%s: compacted when opened, by the migration of an older layout\n", path)
	case !c.Replaced:
		fmt.Fprintf(stdout, "%s: %s\n", path, c.Kept)
	}
	fmt.Fprintln(stdout, "bytes by bucket before and after (keys and values as stored; pages of the file):")
	return store.WriteStats(stdout, first, &final)
}
