package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/smtp"
	"os"
	"runtime/pprof"
	"sort"
	"strings"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"

	"stormjudge/adjudicator/storm"
	"stormjudge/store"
)

// cmdBench measures the sandbox end to end: a fresh sandbox on free loopback
// ports in a temporary directory; per turn, each power sends PASS over SMTP;
// the figure is the time from the SMTP server accepting the fifth order to
// every power's INBOX (read over IMAP) holding its receipt, the public
// report and its private notice. With -games N it is the capacity
// benchmark instead (bench_games.go); with -textplay N, text-only
// players play whole games (textplay.go).
func cmdBench(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	turns := fs.Int("turns", 10, "turns to play")
	poll := fs.Duration("poll", 2*time.Second, "the judge's IMAP poll interval (as in the sandbox; IDLE is used too)")
	games := fs.Int("games", 0, "capacity benchmark: N games in one data file, every power ordering by email (-turns default 2)")
	workers := fs.Int("workers", 1, "with -games: goroutines creating the games")
	senders := fs.Int("senders", 4, "with -games: SMTP connections submitting the orders")
	data := fs.String("data", "", "with -games: keep the data file and mailboxes in this new or empty directory (default: a temporary one, removed)")
	simulate := fs.Int("simulate", 0, "whole-game simulator: N random games through the engine alone, round trips a turn with and without standing orders (-turns default 12)")
	deckFile := fs.String("deck", defaultSandboxDeck, "with -simulate and -textplay: the random event deck (\"\": none)")
	textplay := fs.Int("textplay", 0, "text-only players: N games with diplomacy, the crisis and -deck, every seat played from the text part of its mails alone, at random among the offered lines, to the game's end (-turns: a cap, default 40)")
	dump := fs.String("dump", "", "with -textplay: write the text part of every mail the players read into this directory")
	seed := fs.Uint64("seed", 1, "with -textplay: the games' and the players' seed")
	bold := fs.Float64("bold", 0.8, "with -textplay: a player's chance of choosing an offered line other than the block's")
	mail := fs.String("mail", store.MailDigest, "with -textplay: the players' delivery, digest or every-segment")
	play := fs.String("play", "", "with -textplay: the powers the text-only players play, e.g. germany (the sandbox's -play): the computer plays the others")
	whole := fs.Float64("whole", 0.2, "with -textplay: a player's chance of answering with the whole turn's block rather than the open segment alone")
	policy := fs.Bool("policy", false, "with -simulate: the computer player measured: the same N seeds played with every seat random, passing, computer, and each side computer against the others random or passing (docs/computer.md)")
	cpuprofile := fs.String("cpuprofile", "", "write a CPU profile of the benchmark to this file (go tool pprof); with -games, of the turns alone")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *cpuprofile != "" && *games == 0 {
		f, err := os.Create(*cpuprofile)
		if err != nil {
			return fmt.Errorf("bench: %v", err)
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return fmt.Errorf("bench: %v", err)
		}
		defer pprof.StopCPUProfile()
	}
	if *textplay > 0 {
		o := textplayBench{Games: *textplay, Turns: 40, Deck: *deckFile, Seed: *seed, Dump: *dump, Bold: *bold, Whole: *whole, Mail: *mail, Poll: 200 * time.Millisecond,
			Cmdline: strings.TrimSpace("stormjudge bench " + strings.Join(args, " "))}
		var err error
		if o.Play, err = parsePlay(*play); err != nil {
			return err
		}
		fs.Visit(func(f *flag.Flag) {
			switch f.Name {
			case "turns":
				o.Turns = *turns
			case "poll":
				o.Poll = *poll
			}
		})
		return cmdTextplay(o, stdout, stderr)
	}
	if *simulate > 0 {
		o := simulateBench{Games: *simulate, Turns: 12, Deck: *deckFile, Seed: 1}
		fs.Visit(func(f *flag.Flag) {
			if f.Name == "turns" {
				o.Turns = *turns
			}
		})
		if *policy {
			return runPolicyBench(o, stdout)
		}
		return runSimulateBench(o, stdout)
	}
	if *games > 0 {
		o := gamesBench{Games: *games, Turns: 2, Workers: *workers, Senders: *senders, Poll: *poll, Tick: 30 * time.Second,
			Dir: *data, Cmdline: strings.TrimSpace("stormjudge bench " + strings.Join(args, " ")), CPUProfile: *cpuprofile}
		fs.Visit(func(f *flag.Flag) {
			if f.Name == "turns" {
				o.Turns = *turns
			}
		})
		return runGamesBench(o, stdout, stderr)
	}
	if *turns < 1 {
		return errors.New("bench: -turns must be at least 1")
	}
	dir, err := os.MkdirTemp("", "stormjudge-bench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	addrs := make(chan [2]string, 1)
	done := make(chan error, 1)
	go func() {
		done <- runSandbox(ctx, sandboxOptions{Dir: dir, IMAPAddr: "127.0.0.1:0", SMTPAddr: "127.0.0.1:0", Poll: *poll, Tick: time.Second,
			Mail: store.MailEverySegment},
			newLogger(io.Discard, "error"), func(i, s string, _ map[storm.Power]string) { addrs <- [2]string{i, s} })
	}()
	var imapAddr, smtpAddr string
	select {
	case a := <-addrs:
		imapAddr, smtpAddr = a[0], a[1]
	case err := <-done:
		return fmt.Errorf("bench: sandbox: %v", err)
	}
	defer func() { cancel(); <-done }()

	clients := map[storm.Power]*imapclient.Client{}
	for _, p := range storm.Powers {
		c, err := imapclient.DialInsecure(imapAddr, nil)
		if err != nil {
			return err
		}
		defer c.Close()
		if err := c.Login(p.String()+"@"+sandboxDomain, p.String()).Wait(); err != nil {
			return err
		}
		clients[p] = c
	}
	count := func(p storm.Power) (uint32, error) {
		st, err := clients[p].Status("INBOX", &imap.StatusOptions{NumMessages: true}).Wait()
		if err != nil {
			return 0, err
		}
		return *st.NumMessages, nil
	}
	waitAll := func(want uint32) error {
		end := time.Now().Add(2 * time.Minute)
		for _, p := range storm.Powers {
			for {
				n, err := count(p)
				if err != nil {
					return err
				}
				if n >= want {
					break
				}
				if time.Now().After(end) {
					return fmt.Errorf("bench: %s has %d messages, waiting for %d", p, n, want)
				}
				time.Sleep(5 * time.Millisecond)
			}
		}
		return nil
	}
	// The game's creation: welcome, public report, private notice.
	if err := waitAll(3); err != nil {
		return err
	}
	var lat []time.Duration
	for turn := 1; turn <= *turns; turn++ {
		var fifth time.Time
		for _, p := range storm.Powers {
			from := p.String() + "@" + sandboxDomain
			msg := fmt.Sprintf("From: %s\r\nTo: %s\r\nSubject: bench turn %d\r\nMessage-ID: <bench-%d-%s-%d@client.test>\r\n\r\nGAME %s\r\nSECRET %s\r\nPASS\r\nEND\r\n",
				from, sandboxJudge, turn, turn, p, time.Now().UnixNano(), sandboxGame, p)
			if err := smtp.SendMail(smtpAddr, nil, from, []string{sandboxJudge}, []byte(msg)); err != nil {
				return err
			}
			fifth = time.Now()
		}
		if err := waitAll(uint32(3 + 3*turn)); err != nil {
			return err
		}
		lat = append(lat, time.Since(fifth))
	}
	sort.Slice(lat, func(a, b int) bool { return lat[a] < lat[b] })
	var sum time.Duration
	for _, d := range lat {
		sum += d
	}
	fmt.Fprintf(stdout, "turns: %d (5 PASS orders each, sandbox on loopback, poll %s)\n", len(lat), *poll)
	fmt.Fprintf(stdout, "fifth order accepted by SMTP -> every receipt, report and notice in the 5 INBOXes:\n")
	fmt.Fprintf(stdout, "  min %s  median %s  mean %s  max %s\n",
		lat[0].Round(time.Millisecond), lat[len(lat)/2].Round(time.Millisecond),
		(sum / time.Duration(len(lat))).Round(time.Millisecond), lat[len(lat)-1].Round(time.Millisecond))
	return nil
}
