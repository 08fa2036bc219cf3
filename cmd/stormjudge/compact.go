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
// file without its free pages (store.Compact). The daemon must be stopped:
// the file is locked while it runs.
func cmdCompact(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("compact", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfgPath := fs.String("config", "", "TOML configuration (data file and retention)")
	data := fs.String("data", "", "the data file, or the sandbox's directory (default: from -config)")
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
	db, err := store.Open(path, nil)
	if err != nil {
		return err
	}
	n := expireCopies(db, r, time.Now(), newLogger(stderr, "warn"))
	if err := db.Close(); err != nil {
		return err
	}
	before, after, err := store.Compact(path, nil)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s: %d expired inbound copies dropped; %d bytes -> %d bytes\n", path, n, before, after)
	return nil
}
