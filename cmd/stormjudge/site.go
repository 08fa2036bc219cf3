package main

import (
	"context"
	"log/slog"
	"path/filepath"
	"time"

	"stormjudge/site"
	"stormjudge/store"
)

// The games' public site ([site] dir): the daemon writes the
// site of each game (package site) into dir/<game> and the list of games
// into dir/index.html, at start and after each version, outside the
// judge's transactions: a loop woken by the judge's kick (called after
// every transaction that queued mail, which every new version does).

// siteDelay is how long the loop waits after a kick before it writes:
// the version's mail goes first, and a burst of versions is written once.
const siteDelay = 500 * time.Millisecond

// siteSig is what says a game's site may need writing: its version, the
// content key of that version's state (a SET or a rollback replaces it),
// whether it ended, and its press once ended.
type siteSig struct {
	version int
	key     [32]byte
	ended   bool
	press   int
}

// keepSite starts the loop that keeps the site of cfg's [site] dir
// current, when there is one, and makes *kick wake it too; the function
// it returns stops the loop and waits for it (runDaemon defers it, so
// that nothing is written once the data file is closed).
func keepSite(ctx context.Context, cfg *Config, db *store.DB, kick *func(), opt site.Options, log *slog.Logger) (stop func()) {
	dir := cfg.Site.Dir
	if dir == "" {
		return func() {}
	}
	ctx, cancel := context.WithCancel(ctx)
	wake := make(chan struct{}, 1)
	prev := *kick
	*kick = func() {
		if prev != nil {
			prev()
		}
		select {
		case wake <- struct{}{}:
		default: // a write is due already
		}
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		seen := map[string]siteSig{}
		log.Info("public site", "dir", dir)
		for {
			writeSites(db, dir, seen, opt, log)
			select {
			case <-ctx.Done():
				return
			case <-wake:
			}
			select {
			case <-ctx.Done():
				return
			case <-time.After(siteDelay):
			}
		}
	}()
	return func() {
		cancel()
		<-done
	}
}

// writeSites writes the site of every game whose siteSig changed since
// seen, then the list of games.
func writeSites(db *store.DB, dir string, seen map[string]siteSig, opt site.Options, log *slog.Logger) {
	now := map[string]siteSig{}
	if err := db.View(func(tx *store.Tx) error {
		gs, err := tx.Games()
		if err != nil {
			return err
		}
		for _, g := range gs {
			sig := siteSig{version: g.Version, ended: !g.Ended.IsZero()}
			if sig.key, err = tx.StateKey(g.ID, g.Version); err != nil {
				return err
			}
			if sig.ended {
				press, err := tx.PressLog(g.ID)
				if err != nil {
					return err
				}
				sig.press = len(press)
			}
			now[g.ID] = sig
		}
		return nil
	}); err != nil {
		log.Error("public site: reading the games", "err", err)
		return
	}
	changed := false
	for id, sig := range now {
		if old, ok := seen[id]; ok && old == sig {
			continue
		}
		start := time.Now()
		st, err := site.WriteWith(db, id, filepath.Join(dir, id), opt)
		if err != nil {
			log.Error("public site", "game", id, "err", err)
			continue
		}
		seen[id], changed = sig, true
		log.Debug("public site written", "game", id, "versions", st.Versions, "rendered", st.Rendered, "pictures", st.Pictures, "took", time.Since(start))
	}
	if changed {
		if err := site.WriteGames(db, dir); err != nil {
			log.Error("public site: the list of games", "err", err)
		}
	}
}
