package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"stormjudge/adjudicator/storm"
	"stormjudge/judge"
	"stormjudge/judge/letters"
	"stormjudge/mailer/mailserver"
	"stormjudge/store"
)

// Sandbox conventions (product.md): everything on loopback, game "demo",
// mailboxes <power>@sandbox.test with the power's name as password and as
// the demo secret, gm@sandbox.test the moderator, judge@sandbox.test the
// daemon.
const (
	sandboxDomain    = "sandbox.test"
	sandboxGame      = "demo"
	sandboxSeed      = 1935
	sandboxJudge     = "judge@" + sandboxDomain
	sandboxModerator = "gm@" + sandboxDomain
	// sandboxModeratorSecret is the demo moderator secret, like the powers'
	// (their names): public by design.
	sandboxModeratorSecret = "gm"
	// defaultSandboxDeck is the deck of the demo game when the sandbox runs
	// from the repository (README: go run ./cmd/stormjudge sandbox).
	defaultSandboxDeck = "testdata/decks/illustrative.toml"
)

// sandboxOptions are the sandbox command's flags.
type sandboxOptions struct {
	Dir, SMTPAddr, IMAPAddr string
	Poll, Tick, Deadline    time.Duration
	Deck                    string // random event deck of the demo game; "" none
	Physical                bool   // the moderator draws the cards (physical-deck mode)
	Diplomacy               bool   // the demo game plays diplomatic counters (docs/diplomacy.md)
	Crisis                  bool   // the demo game plays the crisis phase to the end of the game (docs/orders.md "Crisis")
	Mail                    string // the demo game's delivery: "digest" ("", the default) or "every-segment" (docs/orders.md "Mail delivery")
	// Site is the directory of the games' public site ([site] dir),
	// kept current after every version; "" none.
	Site string
	// Brake replaces the receipt brake's defaults (judge.Brake, [inbound]
	// brake_receipts); nil keeps them.
	Brake *judge.Brake
	// Play are the powers people play in the demo game (-play germany);
	// the computer player plays the others (docs/computer.md). Empty:
	// people play all five.
	Play []storm.Power
	// Joined bounds the mailboxes the mail server makes on first use for
	// new addresses @sandbox.test, password the local part
	// (mailserver.Options.Open): 0 is the default,
	// mailserver.DefaultMaxJoined; below 0 none is made.
	Joined int
}

func cmdSandbox(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("sandbox", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o sandboxOptions
	fs.StringVar(&o.Dir, "data", "sandbox-data", "directory holding the game and every mailbox; survives restarts")
	fs.StringVar(&o.SMTPAddr, "smtp", "127.0.0.1:2525", "SMTP listen address (loopback)")
	fs.StringVar(&o.IMAPAddr, "imap", "127.0.0.1:1143", "IMAP listen address (loopback)")
	fs.DurationVar(&o.Poll, "poll", 2*time.Second, "the judge's IMAP poll interval (IDLE is used too)")
	fs.DurationVar(&o.Tick, "tick", 5*time.Second, "how often deadlines are checked")
	fs.DurationVar(&o.Deadline, "deadline", 0, "segment deadline of the demo game (0: wait for every power)")
	fs.StringVar(&o.Deck, "deck", defaultSandboxDeck, "random event deck of the demo game, read when the game is created (\"\": none)")
	fs.BoolVar(&o.Physical, "physical", false, "physical-deck mode: gm@sandbox.test draws the cards and tells the judge (docs/deck.md)")
	fs.BoolVar(&o.Diplomacy, "diplomacy", true, "the demo game plays the diplomatic phase by email (docs/orders.md \"DIPLOMATIC\"); -diplomacy=false passes it")
	fs.BoolVar(&o.Crisis, "crisis", true, "the demo game plays the crisis phase by email, aggressions to war and the game's end (docs/orders.md \"Crisis\"); -crisis=false passes it")
	fs.StringVar(&o.Mail, "mail", store.MailDigest, "the players' delivery in the demo game: digest (one mail when a power must act, the turn ends or there is news for it) or every-segment (docs/orders.md \"Mail delivery\")")
	joined := fs.Int("joined", mailserver.DefaultMaxJoined, "how many new addresses @"+sandboxDomain+" get a mailbox on their first mail or login, password = the part before @ (0: none)")
	siteDir := fs.String("site", "", "directory of the games' public site, written after every version (default: DIR/site of -data; \"none\": no site)")
	play := fs.String("play", "", "the powers you play in the demo game, e.g. germany or germany,italy: the computer plays the others (\"\": people play all five)")
	level := fs.String("log", "info", "log level: debug, info, warn, error")
	if err := fs.Parse(args); err != nil {
		return err
	}
	o.Joined = *joined
	var err error
	if o.Play, err = parsePlay(*play); err != nil {
		return err
	}
	if o.Joined <= 0 {
		o.Joined = -1
	}
	switch *siteDir {
	case "":
		o.Site = filepath.Join(o.Dir, "site")
	case "none":
	default:
		o.Site = *siteDir
	}
	ctx, stop := signalContext()
	defer stop()
	return runSandbox(ctx, o, newLogger(stderr, *level), func(imapAddr, smtpAddr string, seats map[storm.Power]string) {
		printSandboxBanner(stdout, o.Dir, imapAddr, smtpAddr, o.Joined, o.Physical, o.Play, seats)
		if o.Site != "" {
			fmt.Fprintf(stdout, "\nThe games' public site, written after every version (open it in a browser,\nor serve the directory with any web server):\n\n  %s\n", filepath.Join(o.Site, "index.html"))
		}
	})
}

// runSandbox starts the embedded mail servers, creates the sandbox accounts
// and the demo game, and runs the daemon against them until ctx is done.
func runSandbox(ctx context.Context, o sandboxOptions, log *slog.Logger, ready func(imapAddr, smtpAddr string, seats map[storm.Power]string)) error {
	if err := os.MkdirAll(o.Dir, 0o700); err != nil {
		return err
	}
	srv, err := mailserver.Start(&mailserver.Options{
		Dir: filepath.Join(o.Dir, "mail"), IMAPAddr: o.IMAPAddr, SMTPAddr: o.SMTPAddr,
		Domain: sandboxDomain, Logger: log.With("part", "mailserver"),
		Open: o.Joined >= 0, MaxJoined: max(o.Joined, 0),
	})
	if err != nil {
		return err
	}
	defer srv.Close()
	users := map[string]string{sandboxJudge: "judge", sandboxModerator: "gm"}
	for _, p := range storm.Powers {
		users[p.String()+"@"+sandboxDomain] = p.String()
	}
	for addr, pw := range users {
		if err := srv.AddUser(addr, pw); err != nil {
			return err
		}
	}
	cfg := sandboxConfig(o.Dir, srv.IMAPAddr(), srv.SMTPAddr(), o.Poll, o.Tick, o.Deadline)
	if o.Deck != "" {
		if _, err := os.Stat(o.Deck); err != nil && o.Deck == defaultSandboxDeck {
			log.Warn("no random event deck: run from the repository for the illustrative deck, or give -deck", "deck", o.Deck)
		} else {
			cfg.Games[0].Deck = o.Deck
		}
	}
	// The decks next to the demo game's may be named by games created by
	// email: illustrative, intrigue, quiet from the repository.
	deckDir := filepath.Dir(defaultSandboxDeck)
	if o.Deck != "" {
		deckDir = filepath.Dir(o.Deck)
	}
	if files, _ := filepath.Glob(filepath.Join(deckDir, "*.toml")); len(files) > 0 {
		cfg.Decks = map[string]string{}
		for _, f := range files {
			cfg.Decks[strings.TrimSuffix(filepath.Base(f), ".toml")] = f
		}
	}
	if len(o.Play) > 0 {
		// One person plays and moderates: gm@ gets the turn's report
		// once a turn, not one after each of the computer's segments.
		cfg.Games[0].ModeratorMail = store.MailDigest
		for i, sc := range cfg.Games[0].Seats {
			if p, _ := storm.ParsePower(sc.Power); !slices.Contains(o.Play, p) {
				sc.Address, sc.Secret = store.ComputerFrom, ""
				cfg.Games[0].Seats[i] = sc
			}
		}
	}
	cfg.Site.Dir = o.Site
	cfg.Games[0].Diplomacy = &o.Diplomacy
	cfg.Games[0].Crisis = &o.Crisis
	cfg.Games[0].Mail = o.Mail
	if o.Brake != nil {
		cfg.Inbound.BrakeReceipts, cfg.Inbound.BrakeWindow = &o.Brake.Receipts, duration{o.Brake.Window}
	}
	if o.Physical {
		if cfg.Games[0].Deck == "" {
			return fmt.Errorf("sandbox: -physical needs a deck (-deck FILE)")
		}
		cfg.Games[0].DeckMode = "physical"
	}
	return runDaemon(ctx, cfg, log, func(db *store.DB) {
		if ready != nil {
			ready(srv.IMAPAddr(), srv.SMTPAddr(), movedSeats(db))
		}
	})
}

func sandboxConfig(dir, imapAddr, smtpAddr string, poll, tick, deadline time.Duration) *Config {
	c := &Config{
		Data:    filepath.Join(dir, "stormjudge.db"),
		Address: sandboxJudge,
		Domain:  sandboxDomain,
		Tick:    duration{tick},
		IMAP: IMAPConfig{Addr: imapAddr, Username: sandboxJudge, Password: "judge", TLS: "none",
			PollInterval: duration{poll}},
		SMTP: SMTPConfig{Addr: smtpAddr, Username: sandboxJudge, Password: "judge", TLS: "none"},
	}
	g := GameConfig{ID: sandboxGame, Moderators: []string{sandboxModerator}, ModeratorSecret: sandboxModeratorSecret,
		Seed: sandboxSeed, SegmentDuration: duration{deadline}}
	for _, p := range storm.Powers {
		g.Seats = append(g.Seats, SeatConfig{Power: p.String(), Address: p.String() + "@" + sandboxDomain, Secret: p.String()})
	}
	c.Games = []GameConfig{g}
	// gm@sandbox.test is a game master too: it may create games by email
	// (docs/orders.md "Creating a game").
	c.Masters = []MasterConfig{{Address: sandboxModerator, Secret: sandboxModeratorSecret}}
	return c
}

// parsePlay reads -play: powers by name, separated by commas, each once.
func parsePlay(arg string) ([]storm.Power, error) {
	var out []storm.Power
	for _, w := range strings.FieldsFunc(arg, func(r rune) bool { return r == ',' || r == ' ' }) {
		p, ok := storm.ParsePower(strings.ToLower(w))
		if !ok {
			return nil, fmt.Errorf("sandbox: -play %s: %q is not a power (germany, italy, britain, france, russia)", arg, w)
		}
		if slices.Contains(out, p) {
			return nil, fmt.Errorf("sandbox: -play %s: %s twice", arg, p)
		}
		out = append(out, p)
	}
	return out, nil
}

// movedSeats are the demo game's seats a REPLACE moved off their sandbox
// account (power -> its address now), for the banner.
func movedSeats(db *store.DB) map[storm.Power]string {
	out := map[storm.Power]string{}
	db.View(func(tx *store.Tx) error {
		g, err := tx.Game(sandboxGame)
		if err != nil {
			return nil // no demo game (yet): nothing moved
		}
		for _, s := range g.Seats {
			if !s.Computer && s.Address != s.Power.String()+"@"+sandboxDomain {
				out[s.Power] = s.Address
			}
		}
		return nil
	})
	return out
}

// printSandboxBanner prints the sandbox's accounts and first steps; seats
// moved by REPLACE (movedSeats) are shown where they are now.
//
// play are the powers people play (-play), the computer the others; empty
// all five by people.
func printSandboxBanner(w io.Writer, dir, imapAddr, smtpAddr string, joined int, physical bool, play []storm.Power, moved map[storm.Power]string) {
	others := ""
	if joined >= 0 {
		if joined == 0 {
			joined = mailserver.DefaultMaxJoined
		}
		others = fmt.Sprintf(`Any other address @sandbox.test works too (up to %d of them; -joined
sets how many): its mailbox is made on its first mail or login, the
password is the part before @ (newcomer@sandbox.test: newcomer). Observe
a game or join an open seat from one (README, "Playing in the sandbox").

`, joined)
	}
	accounts, computers, first := "", "", storm.Germany
	var theirs []storm.Power
	for _, p := range storm.Powers {
		if len(play) > 0 && !slices.Contains(play, p) {
			theirs = append(theirs, p)
			continue
		}
		a := p.String() + "@" + sandboxDomain
		accounts += fmt.Sprintf("  %-21s %-10s %-8s (secret: %s)\n", a, p, p.Title(), p)
	}
	if len(play) > 0 {
		first = play[0]
		computers = fmt.Sprintf("\nThe computer plays %s in game \"demo\" (docs/computer.md):\nit orders at once whenever they must act, and gets no mail; gm@sandbox.test\nreads why it chose in the game's audit (AUDIT).\n", letters.Powers(theirs))
	}
	// Germany's first example lays down a battlecruiser; another power's
	// passes its turn (an order every power may give in Spring 1935).
	example := "LAY DOWN BATTLESHIP 3 WITH SHIPYARD 1, 2"
	if first != storm.Germany {
		example = "PASS TURN"
	}
	host, port, err := net.SplitHostPort(smtpAddr)
	if err != nil {
		host, port = smtpAddr, "25"
	}
	fmt.Fprintf(w, `
stormjudge sandbox is running (Ctrl-C stops it; state is kept in %s)

  IMAP  %s   (plain, no TLS)
  SMTP  %s   (plain, no TLS; AUTH optional)

  account               password   role
%s  gm@sandbox.test       gm         moderator of game "demo" (secret: gm)
  judge@sandbox.test    judge      the judge (orders go here)
%s
%sSend an order email from %s@sandbox.test to judge@sandbox.test:

  GAME demo
  SECRET %s
  %s
  END

or with a few lines of Python:

  import smtplib; from email.message import EmailMessage
  m = EmailMessage(); m["From"] = "%s@sandbox.test"
  m["To"] = "judge@sandbox.test"; m["Subject"] = "orders"
  m.set_content("GAME demo\nSECRET %s\nPASS TURN\nEND\n")
  smtplib.SMTP("%s", %s).send_message(m)

Receipts arrive in each power's INBOX, and one mail when the power must
act or the turn ends: what changed, what is asked, a block to copy that
settles the whole turn (MAIL EVERY SEGMENT: a report after every segment).
STATUS, ORDERS, HISTORY, TIMEZONE ... in place of orders are your own
commands; gm@sandbox.test moderates (HELP with MODERATOR and SECRET gm
lists its commands) and may create more games by email (CREATE;
docs/orders.md "Creating a game").
`, dir, imapAddr, smtpAddr, accounts, computers, others, first, first, example, first, first, host, port)
	for _, p := range storm.Powers {
		if a, ok := moved[p]; ok {
			fmt.Fprintf(w, "\nIn game \"demo\" %s is now played from %s (moved by the moderator's\nREPLACE, with a new secret mailed there): %s@%s no longer orders for it.\n", p.Title(), a, p, sandboxDomain)
		}
	}
	if physical {
		fmt.Fprint(w, `
Physical-deck mode: each turn waits for the moderator's draw. The judge
mails gm@sandbox.test what to draw; answer from gm@sandbox.test:

  GAME demo
  MODERATOR
  SECRET gm
  PURGE NONE
  DRAW 1 2 3 4 5 6
  END
`)
	}
}
