package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"stormjudge/adjudicator/storm"
	"stormjudge/internal/textplayer"
	"stormjudge/judge/letters"
	"stormjudge/mailer/mailserver"
	"stormjudge/store"
)

// The text-only players, stormjudge bench -textplay N: N games with
// diplomacy, the crisis and a random event deck in a throwaway sandbox
// (the embedded mail servers and the real daemon in this process), each
// seat played by a textplayer.Seat that reads nothing but the text part
// of its mails and answers by SMTP with one of the offered lines, chosen
// at random. It proves the text part is enough to play (every game to
// its victory points, no email refused for lack of information) and is a
// load generator. It prints the games, the emails sent, the receipts
// accepted and refused (each refusal's text), the round trips a turn and
// the mails a power gets a turn.

// textplayBench are the options of the text-only players' run.
type textplayBench struct {
	Games int
	// Turns caps a game's turns (its seats stop answering after it); 0
	// none.
	Turns      int
	Poll, Tick time.Duration // the daemon's IMAP poll and deadline tick
	PlayerPoll time.Duration // a seat's poll beside IDLE
	Deck       string        // the random event deck; "" none
	// Bold and Whole are the players' chances (textplayer.Player): of
	// choosing an offered line other than the block's, of answering with
	// the whole turn's block.
	Bold, Whole float64
	Mail        string        // the players' delivery: store.MailDigest ("") or store.MailEverySegment
	Seed        uint64        // game i plays seed Seed+i, its seats Seed+i*8+k
	Timeout     time.Duration // the whole run; 0: 10 minutes
	Stall       time.Duration // give up when no player reads or sends a mail for this long; 0: 30 s
	Dump        string        // "": none; else every mail's text part is written there
	Cmdline     string
	// Play are the powers the text-only players play; the computer
	// plays the others (the sandbox's -play). Empty: all five.
	Play []storm.Power
}

// seats is the number of seats a game's text-only players play.
func (o textplayBench) seats() int {
	if len(o.Play) == 0 {
		return len(storm.Powers)
	}
	return len(o.Play)
}

// plays reports whether a text-only player plays p (textplayBench.Play).
func (o textplayBench) plays(p storm.Power) bool {
	return len(o.Play) == 0 || slices.Contains(o.Play, p)
}

// textplayRefusal is one email NOT accepted: what was sent and its receipt.
type textplayRefusal struct {
	Game, Power, Sent, Receipt string
}

// textplayFinding is something a player needed that the text of a mail
// did not give: how often, and the first mail it was seen in.
type textplayFinding struct {
	n       int
	first   string
	details map[string]bool // what follows the finding's ": ", split at "; "
}

// textplayGame is what one game's seats saw.
type textplayGame struct {
	id                 string
	turns              map[string]bool // the turns named by the asking mails
	asks               map[string]bool // the distinct asking headings (segments that waited for an email)
	ending             string          // the final report's line with the victory points
	capped             bool            // stopped at the turn cap
	sent, received     int
	helps, resends     int // emails sent after a refusal: HELP, the block as it is
	asksNothing        int // mails that asked nothing, past the welcome (news, a report, a notice)
	accepted, refused  int
	seatsEnded, errors int
}

// textplayRun is a run's figures.
type textplayRun struct {
	o        textplayBench
	mu       sync.Mutex
	games    []*textplayGame
	refusals []textplayRefusal
	findings map[string]*textplayFinding
	lastSent map[*textplayer.Seat]string
	seatErrs []string
	stalled  string // why the run was given up, if it was
	activity time.Time
	wall     time.Duration
}

var turnOfHeading = regexp.MustCompile(`, ((?:Spring|Summer|Fall|Winter) \d{4})\)$`)

func textplayAddr(p storm.Power, i int) string {
	return p.String() + "-tp" + strconv.Itoa(i) + "@" + sandboxDomain
}

func textplayGameID(i int) string { return "tp" + strconv.Itoa(i) }

// runTextplay plays o.Games games with text-only players and returns
// what they saw; it fails only when the sandbox cannot run.
func runTextplay(o textplayBench, stderr io.Writer) (*textplayRun, error) {
	if o.Games < 1 {
		return nil, errors.New("bench: -textplay must be at least 1")
	}
	if o.Timeout <= 0 {
		o.Timeout = 10 * time.Minute
	}
	if o.Mail == "" {
		o.Mail = store.MailDigest
	}
	if o.Stall <= 0 {
		o.Stall = 30 * time.Second
	}
	if o.Poll <= 0 {
		o.Poll = 200 * time.Millisecond
	}
	if o.Tick <= 0 {
		o.Tick = time.Second
	}
	dir, err := os.MkdirTemp("", "stormjudge-textplay-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	if o.Dump != "" {
		if err := os.MkdirAll(o.Dump, 0o755); err != nil {
			return nil, err
		}
	}
	errLog := slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelError})
	srv, err := mailserver.Start(&mailserver.Options{
		Dir: filepath.Join(dir, "mail"), IMAPAddr: "127.0.0.1:0", SMTPAddr: "127.0.0.1:0",
		Domain: sandboxDomain, Logger: slog.New(errLog).With("part", "mailserver"),
	})
	if err != nil {
		return nil, err
	}
	defer srv.Close()
	if err := srv.AddUser(sandboxJudge, "judge"); err != nil {
		return nil, err
	}
	cfg := sandboxConfig(dir, srv.IMAPAddr(), srv.SMTPAddr(), o.Poll, o.Tick, 0)
	cfg.Games = nil
	on := true
	r := &textplayRun{o: o, lastSent: map[*textplayer.Seat]string{}, findings: map[string]*textplayFinding{}}
	for i := 1; i <= o.Games; i++ {
		g := GameConfig{ID: textplayGameID(i), Seed: o.Seed + uint64(i), Deck: o.Deck, Diplomacy: &on, Crisis: &on, Mail: o.Mail}
		for _, p := range storm.Powers {
			if !o.plays(p) {
				g.Seats = append(g.Seats, SeatConfig{Power: p.String(), Address: store.ComputerFrom})
				continue
			}
			if err := srv.AddUser(textplayAddr(p, i), p.String()); err != nil {
				return nil, err
			}
			g.Seats = append(g.Seats, SeatConfig{Power: p.String(), Address: textplayAddr(p, i)})
		}
		cfg.Games = append(cfg.Games, g)
		r.games = append(r.games, &textplayGame{id: g.ID, turns: map[string]bool{}, asks: map[string]bool{}})
	}

	ctx, cancel := context.WithTimeout(context.Background(), o.Timeout)
	defer cancel()
	daemonCtx, stopDaemon := context.WithCancel(context.Background())
	defer stopDaemon()
	ready := make(chan struct{})
	done := make(chan error, 1)
	started := time.Now()
	// The seats log in before the daemon creates the games: the welcome
	// is the first mail each reads.
	var wg sync.WaitGroup
	for i, g := range r.games {
		gctx, gcancel := context.WithCancel(ctx)
		for k, p := range storm.Powers {
			if !o.plays(p) {
				continue
			}
			s := &textplayer.Seat{IMAPAddr: srv.IMAPAddr(), SMTPAddr: srv.SMTPAddr(), Address: textplayAddr(p, i+1), Password: p.String(),
				Judge: sandboxJudge, Player: textplayer.New(o.Seed + uint64(i+1)*8 + uint64(k)), Poll: o.PlayerPoll}
			s.Player.Bold, s.Player.Whole = o.Bold, o.Whole
			s.Seen = func(s *textplayer.Seat, subject, text string, rd textplayer.Read) {
				r.seen(g, p, s, subject, text, rd, gcancel)
			}
			s.Sent = func(s *textplayer.Seat, body, chose string) { r.sent(g, s, body, chose) }
			wg.Add(1)
			go func() {
				defer wg.Done()
				err := s.Run(gctx)
				r.mu.Lock()
				defer r.mu.Unlock()
				switch {
				case err == nil:
					g.seatsEnded++
				case errors.Is(err, context.Canceled) && g.capped:
				case errors.Is(err, context.Canceled) && r.stalled != "":
				default:
					g.errors++
					r.seatErrs = append(r.seatErrs, fmt.Sprintf("%s %s: %v", g.id, p, err))
					gcancel() // its game cannot go on
				}
			}()
		}
		defer gcancel()
	}
	go func() {
		done <- runDaemon(daemonCtx, cfg, slog.New(errLog), func(*store.DB) { close(ready) })
	}()
	select {
	case <-ready:
	case err := <-done:
		cancel()
		wg.Wait()
		return nil, fmt.Errorf("bench: daemon: %v", err)
	}
	// A game that waits for nobody's email no more moves: give up.
	r.activity = time.Now()
	watched := make(chan struct{})
	go func() {
		t := time.NewTicker(time.Second)
		defer t.Stop()
		for {
			select {
			case <-watched:
				return
			case <-t.C:
			}
			r.mu.Lock()
			idle := time.Since(r.activity)
			if idle > o.Stall {
				r.stalled = fmt.Sprintf("no player read or sent a mail for %s", idle.Round(time.Second))
			}
			r.mu.Unlock()
			if idle > o.Stall {
				cancel()
				return
			}
		}
	}()
	wg.Wait()
	close(watched)
	r.wall = time.Since(started)
	stopDaemon()
	if err := <-done; err != nil {
		return r, fmt.Errorf("bench: daemon: %v", err)
	}
	return r, nil
}

// seen counts one mail a seat read.
func (r *textplayRun) seen(g *textplayGame, p storm.Power, s *textplayer.Seat, subject, text string, rd textplayer.Read, stop func()) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.activity = time.Now()
	g.received++
	if r.o.Dump != "" {
		name := fmt.Sprintf("%s-%s-%03d-%s.txt", g.id, p, g.received, rd.Kind)
		os.WriteFile(filepath.Join(r.o.Dump, name), []byte("Subject: "+subject+"\n\n"+text), 0o644)
	}
	switch rd.Kind {
	case textplayer.Other:
		g.asksNothing++
	case textplayer.Accepted:
		g.accepted++
	case textplayer.Refused:
		g.refused++
		r.refusals = append(r.refusals, textplayRefusal{Game: g.id, Power: p.String(), Sent: r.lastSent[s], Receipt: text})
	case textplayer.Ended:
		g.ending = rd.Why
	case textplayer.Asking:
		g.asks[rd.Ask.Heading] = true
		if m := turnOfHeading.FindStringSubmatch(rd.Ask.Heading); m != nil {
			g.turns[m[1]] = true
		}
		if r.o.Turns > 0 && len(g.turns) > r.o.Turns && !g.capped {
			g.capped = true
			stop()
		}
	}
	if rd.Finding != "" {
		kind, detail, _ := strings.Cut(rd.Finding, ": ")
		f := r.findings[kind]
		if f == nil {
			f = &textplayFinding{first: fmt.Sprintf("%s %s, %q", g.id, p, subject), details: map[string]bool{}}
			r.findings[kind] = f
		}
		f.n++
		for d := range strings.SplitSeq(detail, "; ") {
			if d != "" {
				f.details[d] = true
			}
		}
	}
}

func (r *textplayRun) sent(g *textplayGame, s *textplayer.Seat, body, chose string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.activity = time.Now()
	g.sent++
	switch {
	case chose == textplayer.SentHelp:
		g.helps++
	case chose == textplayer.SentResend:
		g.resends++
	}
	r.lastSent[s] = body
}

// totals sums the games.
func (r *textplayRun) totals() (ended, turns, sent, received, accepted, refused, asks int) {
	for _, g := range r.games {
		if g.ending != "" {
			ended++
		}
		turns += len(g.turns)
		sent += g.sent
		received += g.received
		accepted += g.accepted
		refused += g.refused
		asks += len(g.asks)
	}
	return
}

// print writes the figures, then the refusals and the findings.
func (r *textplayRun) print(w io.Writer) {
	r.figures(w)
	r.details(w)
}

// figures writes the run's table and the games that did not end.
func (r *textplayRun) figures(w io.Writer) {
	ended, turns, sent, received, accepted, refused, asks := r.totals()
	per := func(a, b int) string {
		if b == 0 {
			return "-"
		}
		return fmt.Sprintf("%.2f", float64(a)/float64(b))
	}
	fmt.Fprintln(w, r.o.Cmdline)
	seats := r.o.seats()
	fmt.Fprintf(w, "text-only players: %d games x %s, diplomacy and crisis on, deck %q, %s delivery; each seat reads only the text part of its mails and answers one of the offered lines at random\n",
		len(r.games), plural(seats, "seat"), r.o.Deck, r.o.Mail)
	if len(r.o.Play) > 0 {
		var comp []storm.Power
		for _, p := range storm.Powers {
			if !r.o.plays(p) {
				comp = append(comp, p)
			}
		}
		fmt.Fprintf(w, "the computer player plays %s in every game\n", letters.Powers(comp))
	}
	fmt.Fprintf(w, "(%s %s/%s, %d CPUs; daemon poll %s, tick %s; turn cap %d; players bold %.2f, whole turn %.2f; seed %d; wall time %.1f s)\n\n",
		runtime.Version(), runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), r.o.Poll, r.o.Tick, r.o.Turns, r.o.Bold, r.o.Whole, r.o.Seed, r.wall.Seconds())
	tw := tabwriter.NewWriter(w, 2, 8, 2, ' ', 0)
	fmt.Fprintf(tw, "  games\t%d\n", len(r.games))
	fmt.Fprintf(tw, "  ended with victory points (the final report's text)\t%d\n", ended)
	fmt.Fprintf(tw, "  turns played\t%d\t%s a game\n", turns, per(turns, len(r.games)))
	fmt.Fprintf(tw, "  emails sent by the players\t%d\t%s a power a turn\n", sent, per(sent, turns*seats))
	helps, resends := 0, 0
	for _, g := range r.games {
		helps += g.helps
		resends += g.resends
	}
	fmt.Fprintf(tw, "  of which after a refusal: HELP, the block as it is\t%d, %d\n", helps, resends)
	fmt.Fprintf(tw, "  receipts ACCEPTED\t%d\n", accepted)
	fmt.Fprintf(tw, "  receipts NOT ACCEPTED (refusals)\t%d\n", refused)
	fmt.Fprintf(tw, "  round trips a turn (segments that asked for an email)\t%s\n", per(asks, turns))
	fmt.Fprintf(tw, "  mails received\t%d\t%s a power a turn\n", received, per(received, turns*seats))
	nothing := 0
	for _, g := range r.games {
		nothing += g.asksNothing
	}
	fmt.Fprintf(tw, "  of which asked nothing and ended nothing (news)\t%d\t%s a power a turn\n", nothing, per(nothing, turns*seats))
	fmt.Fprintf(tw, "  wall time\t%.1f s\n", r.wall.Seconds())
	tw.Flush()
	if len(r.o.Play) > 0 {
		fmt.Fprintln(w, "\nhow each game ended (its final report):")
		for _, g := range r.games {
			fmt.Fprintf(w, "  %s, %d turns: %s\n", g.id, len(g.turns), cmp.Or(g.ending, "(no final report)"))
		}
	}
	var notEnded []string
	for _, g := range r.games {
		if g.ending == "" {
			why := "no final report"
			if g.capped {
				why = "turn cap"
			}
			notEnded = append(notEnded, fmt.Sprintf("%s (%d turns, %s)", g.id, len(g.turns), why))
		}
	}
	if len(notEnded) > 0 {
		fmt.Fprintf(w, "\ngames without victory points: %s\n", strings.Join(notEnded, ", "))
	}
	for _, e := range r.seatErrs {
		fmt.Fprintf(w, "seat error: %s\n", e)
	}
	if r.stalled != "" {
		fmt.Fprintf(w, "given up: %s\n", r.stalled)
	}
}

// details writes the refusals, by reason, each with its first email and
// receipt, and the findings.
func (r *textplayRun) details(w io.Writer) {
	byReason := map[string][]textplayRefusal{}
	for _, f := range r.refusals {
		k := refusalReason(f.Receipt)
		byReason[k] = append(byReason[k], f)
	}
	for _, k := range slices.Sorted(maps.Keys(byReason)) {
		fs := byReason[k]
		fmt.Fprintf(w, "\n%s: %s\nthe first, %s %s sent:\n%s\nits receipt:\n%s\n", plural(len(fs), "refusal"), k, fs[0].Game, fs[0].Power, indent(fs[0].Sent), indent(fs[0].Receipt))
	}
	for _, k := range slices.Sorted(maps.Keys(r.findings)) {
		f := r.findings[k]
		fmt.Fprintf(w, "\nfinding, in %d mails (the first: %s): %s", f.n, f.first, k)
		if len(f.details) > 0 {
			fmt.Fprintf(w, ": %s", strings.Join(slices.Sorted(maps.Keys(f.details)), "; "))
		}
		fmt.Fprintln(w)
	}
}

var digits = regexp.MustCompile(`\d+`)

// refusalReason is what a refusal's receipt says was wrong, numbers
// left out: its REFUSED lines and their reasons, or its first line.
func refusalReason(receipt string) string {
	var why []string
	lines := strings.Split(receipt, "\n")
	for i, l := range lines {
		if t := strings.TrimSpace(l); strings.HasPrefix(t, "REFUSED ") {
			why = append(why, t)
			for _, n := range lines[i+1:] {
				if !strings.HasPrefix(n, "          ") {
					break
				}
				why = append(why, strings.TrimSpace(n))
			}
		}
	}
	if len(why) == 0 && len(lines) > 0 {
		why = append(why, strings.TrimSpace(lines[0]))
	}
	return digits.ReplaceAllString(strings.Join(why, " / "), "N")
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}

func indent(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i, l := range lines {
		lines[i] = "    " + l
	}
	return strings.Join(lines, "\n")
}

// cmdTextplay is bench -textplay N: it fails when a game did not reach
// its victory points or an email was refused.
func cmdTextplay(o textplayBench, stdout, stderr io.Writer) error {
	r, err := runTextplay(o, stderr)
	if r != nil {
		r.print(stdout)
	}
	if err != nil {
		return err
	}
	ended, _, _, _, _, refused, _ := r.totals()
	if ended < len(r.games) || refused > 0 || len(r.seatErrs) > 0 || r.stalled != "" {
		return fmt.Errorf("bench: %d of %d games ended with victory points, %d emails refused", ended, len(r.games), refused)
	}
	return nil
}
