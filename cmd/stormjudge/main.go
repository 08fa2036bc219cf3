// Command stormjudge is a play-by-email adjudicator for Gathering Storm.
//
//	stormjudge serve -config config.toml   the daemon: IMAP in, SMTP out, games in one bbolt file
//	stormjudge sandbox [-data DIR]          the daemon with embedded IMAP and SMTP servers and a demo game
//	stormjudge check -data FILE MAIL.eml    what the daemon would answer to an email, sending nothing
//	stormjudge game list|show|export ...    inspect games
//	stormjudge deck check FILE...           validate random event deck files
//	stormjudge compact -config FILE         apply retention and shrink the data file
//	stormjudge status -config FILE          is the daemon up (its control socket answers)?
//	stormjudge version                      the build: version, VCS revision, Go
//
// This file holds flags, wiring and signals only; the work is done by the
// packages judge, mailer, store, orders, adjudicator and report.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"stormjudge/adjudicator"
	"stormjudge/judge"
	"stormjudge/mailer"
	"stormjudge/site"
	"stormjudge/store"
)

const usage = `stormjudge — a play-by-email adjudicator for Gathering Storm

Usage:
  stormjudge serve -config FILE        run the daemon
  stormjudge sandbox [-data DIR]       run the daemon with its own mail servers and a demo game
  stormjudge check -data FILE MAIL.eml show the answer to an email without sending or keeping anything
  stormjudge game list -data FILE      list games
  stormjudge game show -data FILE ID   summary of a game
  stormjudge game export -data FILE ID full state as JSON (docs/state.md)
  stormjudge game site -data FILE ID -out DIR  the game's public site (static HTML)
  stormjudge replay -data FILE ID      recompute a game from its orders; must match bit for bit
                                       (check, game and replay work while the daemon runs: it
                                       answers them on the socket FILE.sock)
  stormjudge status -config FILE      is the daemon up? it answers on its socket (exit 0), else exit 1
  stormjudge bench [-turns N]          measure order-to-report latency in a throwaway sandbox
  stormjudge bench -games N [-turns T] capacity: N games in one data file, T turns of orders by email
  stormjudge bench -simulate N [-turns T] the engine alone: N random games, round trips a turn
  stormjudge deck check FILE...        validate random event deck files (docs/deck.md)
  stormjudge compact -config FILE      drop expired mail copies and give free space back (daemon stopped; -n: only print bytes by bucket)
  stormjudge oauth login -provider google|microsoft|custom [-config FILE]  get the mail account's OAuth2 refresh token (README, OAuth2)
  stormjudge version                   the build: version, VCS revision and time, Go version

Run "stormjudge COMMAND -h" for a command's flags.
`

func main() {
	installCrashHook()
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "stormjudge:", err)
		os.Exit(1)
	}
}

func run(args []string, stdout, stderr io.Writer) error {
	err := dispatch(args, stdout, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return nil // "COMMAND -h": the flags were printed, as asked
	}
	return err
}

func dispatch(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return errors.New("no command")
	}
	switch args[0] {
	case "serve":
		return cmdServe(args[1:], stderr)
	case "sandbox":
		return cmdSandbox(args[1:], stdout, stderr)
	case "check":
		return cmdCheck(args[1:], stdout, stderr)
	case "game":
		return cmdGame(args[1:], stdout, stderr)
	case "replay":
		return cmdReplay(args[1:], stdout, stderr)
	case "bench":
		return cmdBench(args[1:], stdout, stderr)
	case "deck":
		return cmdDeck(args[1:], stdout, stderr)
	case "compact":
		return cmdCompact(args[1:], stdout, stderr)
	case "status":
		return cmdStatus(args[1:], stdout, stderr)
	case "oauth":
		return cmdOAuth(args[1:], stdout, stderr)
	case "version", "-version", "--version":
		return cmdVersion(args[1:], stdout, stderr)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	default:
		fmt.Fprint(stderr, usage)
		return fmt.Errorf("unknown command %q", args[0])
	}
}

func newLogger(w io.Writer, level string) *slog.Logger {
	var l slog.Level
	switch strings.ToLower(level) {
	case "debug":
		l = slog.LevelDebug
	case "warn":
		l = slog.LevelWarn
	case "error":
		l = slog.LevelError
	default:
		l = slog.LevelInfo
	}
	return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: l}))
}

// signalContext is cancelled on SIGINT or SIGTERM: clean shutdown.
func signalContext() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
}

func cmdServe(args []string, stderr io.Writer) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfgPath := fs.String("config", "config.toml", "TOML configuration file (see config.toml.example)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	cfg, err := LoadConfig(*cfgPath)
	if err != nil {
		return err
	}
	log := newLogger(stderr, cfg.LogLevel)
	ctx, stop := signalContext()
	defer stop()
	return runDaemon(ctx, cfg, log, nil)
}

// runDaemon opens the store, creates configured games, and runs the inbox,
// outbox and deadline loops until ctx is done. ready, if not nil, is called
// once everything is started.
func runDaemon(ctx context.Context, cfg *Config, log *slog.Logger, ready func(db *store.DB)) error {
	// A loop that fails stops the others too (they run until ctx is done).
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	db, err := store.Open(cfg.Data, nil)
	if err != nil {
		return err
	}
	defer db.Close()

	outOpt := cfg.smtpOptions()
	outOpt.Logger = log.With("loop", "outbox")
	// The judge needs the outbox's Kick and the outbox the judge's
	// DeliveryFailed: the closure reads j, set before the outbox runs.
	var j *judge.Judge
	outOpt.OnFailed = func(tx *store.Tx, m *store.Mail) error { return j.DeliveryFailed(tx, m) }
	outOpt.Inline = func(source string) ([]byte, error) { return j.Inline(source) } // the reports' pictures, drawn when sent
	outbox := mailer.NewOutbox(outOpt, db)
	jopt, err := cfg.judgeOptions()
	if err != nil {
		return err
	}
	jopt.Logger, jopt.Kick, jopt.DrawAhead = log.With("part", "judge"), outbox.Kick, true
	// [site] dir: the public site after each version (site.go), with the
	// public pictures the judge drew for the mails.
	// The site's writer starts before the judge exists (its kick wraps
	// the judge's): until then it draws the pictures itself.
	var built atomic.Pointer[judge.Judge]
	siteOpt := site.Options{PublicPicture: func(game string, v int, view adjudicator.View) ([]byte, bool) {
		if jr := built.Load(); jr != nil {
			return jr.PublicPicture(game, v, view)
		}
		return nil, false
	}}
	defer keepSite(ctx, cfg, db, &jopt.Kick, siteOpt, log.With("part", "site"))()
	j = judge.New(db, jopt)
	built.Store(j)
	for _, g := range cfg.Games {
		def, err := g.def()
		if err != nil {
			return err
		}
		if _, err := j.EnsureGame(def); err != nil {
			return err
		}
	}
	inOpt := cfg.imapOptions()
	inOpt.Logger = log.With("loop", "inbox")
	if cfg.tokens != nil { // the OAuth2 account's, shared by both loops
		cfg.tokens.Logger = log.With("part", "oauth2")
	}
	inbox := mailer.NewInbox(inOpt, db, func(ctx context.Context, m mailer.InboundMessage) error {
		_, err := j.IngestWith(m.Raw, m.Advance)
		return err
	})

	// The operator's read-only commands, answered on <data>.sock while
	// the daemon holds the file (control.go). Without it the daemon still
	// plays: the commands then say the socket does not answer.
	ctl, cerr := startControl(cfg.Data, db, *jopt, log.With("part", "control"))
	if cerr != nil {
		log.Error("control socket: the operator's commands will not work while the daemon runs", "err", cerr)
	}

	tick := cfg.Tick.Duration
	if tick <= 0 {
		tick = 30 * time.Second
	}
	var wg sync.WaitGroup
	errc := make(chan error, 3)
	for name, loop := range map[string]func(context.Context) error{"inbox": inbox.Run, "outbox": outbox.Run} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := loop(ctx); err != nil && !errors.Is(err, context.Canceled) {
				errc <- fmt.Errorf("%s: %w", name, err)
			}
		}()
	}
	if ctl != nil {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ctl.Serve()
		}()
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(tick)
		defer t.Stop()
		var expired time.Time
		for {
			// Deadlines, and segments left ready by a crash between an
			// ingest and its adjudication.
			if _, err := j.Tick(); err != nil {
				log.Error("tick", "err", err)
			}
			// Retention of inbound copies: at start, then once a day.
			if now := time.Now(); now.Sub(expired) >= 24*time.Hour {
				expired = now
				expireCopies(db, cfg.retention(), now, log)
			}
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
		}
	}()
	logStart(log, cfg, jopt, db, ctl.Path(), tick)
	if ready != nil {
		ready(db)
	}
	select {
	case <-ctx.Done():
	case err = <-errc:
	}
	log.Info("stormjudge stopping")
	cancel()
	ctl.Close()
	wg.Wait()
	if errors.Is(err, context.Canceled) {
		err = nil
	}
	return err
}

// installCrashHook arms the crash-test seam: STORMJUDGE_CRASH_AT=POINT[:N]
// kills the process with SIGKILL the Nth time (default first) the mailer or
// the judge reaches POINT (see the Hook of mailer.IMAPOptions, mailer.SMTPOptions and judge.Options). Used only by the
// crash tests; unset in normal operation.
func installCrashHook() {
	spec := os.Getenv("STORMJUDGE_CRASH_AT")
	if spec == "" {
		return
	}
	point, nth := spec, int64(1)
	if i := strings.LastIndexByte(spec, ':'); i > 0 {
		if n, err := strconv.ParseInt(spec[i+1:], 10, 64); err == nil {
			point, nth = spec[:i], n
		}
	}
	var hits atomic.Int64
	h := func(p string) {
		if p == point && hits.Add(1) == nth {
			fmt.Fprintf(os.Stderr, "stormjudge: crash test: SIGKILL at %s\n", p)
			syscall.Kill(os.Getpid(), syscall.SIGKILL)
			select {} // never returns
		}
	}
	crashHook = h
}

// crashHook is installCrashHook's seam, passed to the mailer's and the
// judge's options (their Hook) where the daemon makes them; nil in normal
// operation.
var crashHook func(point string)
