package main

import (
	"context"
	"log/slog"
	"maps"
	"slices"
	"strconv"
	"time"

	"stormjudge/judge"
	"stormjudge/mailer"
	"stormjudge/store"
)

// logStart writes what the daemon runs, once everything is started, so
// that an operator reading the journal after a restart sees what is live:
// the build, the data file and its socket, the mailboxes, the games and
// the features. Never a password or a secret: a mailbox is named by its
// server, user and folders; game masters by address.
//
// One line for the daemon ("stormjudge running", which the crash tests
// wait for), then one line a game that has not ended ("game live"), read
// from the store: a [[game]] of the config is read only when the game is
// created, and games created by email are in the store alone.
func logStart(log *slog.Logger, cfg *Config, jopt *judge.Options, db *store.DB, socket string, tick time.Duration) {
	if !log.Enabled(context.Background(), slog.LevelInfo) {
		return // bench's daemons log errors only: no scan of their games
	}
	var games []*store.Game
	if err := db.View(func(tx *store.Tx) error {
		var err error
		games, err = tx.Games()
		return err
	}); err != nil {
		log.Error("start: the games could not be listed", "err", err)
	}
	live, paused, waiting, ended := []string{}, []string{}, []string{}, 0
	for _, g := range games {
		switch {
		case !g.Ended.IsZero():
			ended++
		case g.Waiting():
			waiting = append(waiting, g.ID)
		case g.Paused:
			paused = append(paused, g.ID)
		default:
			live = append(live, g.ID)
		}
	}
	masters := []string{}
	for _, m := range jopt.Masters {
		masters = append(masters, m.Address)
	}
	brake := "off"
	if b := jopt.Brake; b.Receipts > 0 {
		w := b.Window
		if w <= 0 {
			w = judge.DefaultBrakeWindow
		}
		brake = strconv.Itoa(b.Receipts) + " refusals/" + w.String()
	}
	in, out := cfg.imapOptions(), cfg.smtpOptions()
	v := readVersion(version)
	log.Info("stormjudge running",
		"version", v.Version, "go", v.Go,
		"data", cfg.Data, "socket", socket, "address", cfg.Address,
		slog.Group("imap", "addr", in.Addr, "tls", orString(in.TLS, "none"), "user", in.Username, "auth", orString(cfg.IMAP.Auth, "password"),
			"mailbox", orString(in.Mailbox, "INBOX"), "processed", orString(in.ProcessedMailbox, "Processed"),
			"poll", orDuration(in.PollInterval, 30*time.Second)),
		slog.Group("smtp", "addr", out.Addr, "tls", orString(out.TLS, "none"), "user", out.Username, "auth", orString(cfg.SMTP.Auth, "password"),
			"workers", orInt(out.Workers, mailer.DefaultWorkers), "chunking", !out.NoChunking,
			"give_up_after", orDuration(out.GiveUpAfter, mailer.DefaultGiveUpAfter)),
		"games", live, "paused", paused, "waiting_for_players", waiting, "ended", ended,
		"create_by_email", masters, "decks", slices.Sorted(maps.Keys(jopt.Decks)),
		"tick", tick, "draw_ahead", jopt.DrawAhead, "receipt_brake", brake,
		slog.Group("retain", "after_end", orDuration(cfg.Inbound.RetainAfterEnd.Duration, store.DefaultRetention.AfterEnd),
			"other", orDuration(cfg.Inbound.RetainOther.Duration, store.DefaultRetention.Other)),
	)
	for _, g := range games {
		if !g.Ended.IsZero() {
			continue
		}
		deadline := "none"
		if !g.Deadline.IsZero() {
			deadline = g.Deadline.UTC().Format(time.RFC3339)
		}
		durations := []string{}
		for _, k := range slices.Sorted(maps.Keys(g.Rules.Durations)) {
			durations = append(durations, k+"="+g.Rules.Durations[k].String())
		}
		log.Info("game live", "game", g.ID, "version", g.Version, "paused", g.Paused, "open_seats", len(g.OpenSeats()),
			"seats", len(g.Seats), "moderators", len(g.Moderators),
			"mail", orString(g.Rules.Mail, store.MailDigest), "deadline", deadline,
			"segment_duration", g.SegmentDuration, "durations", durations,
			"nmr", orString(g.Rules.NMR, "pass"), "grace", g.Rules.Grace, "reminders", g.Rules.Reminders)
	}
}

func orString(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

func orInt(n, def int) int {
	if n <= 0 {
		return def
	}
	return n
}

func orDuration(d, def time.Duration) time.Duration {
	if d <= 0 {
		return def
	}
	return d
}
