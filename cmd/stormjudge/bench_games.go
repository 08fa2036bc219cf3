package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/smtp"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"text/tabwriter"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/klauspost/compress/zstd"

	"stormjudge/adjudicator/storm"
	"stormjudge/judge"
	"stormjudge/mailer/mailserver"
	"stormjudge/store"
)

// The capacity benchmark, stormjudge bench -games N (bounded
// resources): N games of five seats in one data file, the sandbox's mail
// servers and the real daemon (runDaemon) in this process, every power of
// every game ordering PASS by email for a few turns. What it measures and
// how:
//
//   - creation: the games are made in-process with judge.EnsureGame before
//     the daemon starts, by -workers goroutines (each seat's secret is
//     hashed with argon2id there, before the game's write transaction, so
//     the hashing runs in parallel and only the writes are serial);
//   - idle cost as N grows: judge.Tick over all games, and the judge's poll
//     of its empty INBOX (the mailer's scan: the stored position, then
//     UID SEARCH), at N = 10, 100, 1000 ... while the games are created,
//     and again after the turns;
//   - throughput: per turn, from the first order submitted over SMTP to the
//     last order ingested (its receipt queued), the last segment
//     adjudicated (its reports queued) and the last mail delivered to a
//     player; every order costs an argon2id check of its secret;
//   - storage and memory: the data file, its stored versions, the size of
//     one state read through the store, and the process's RSS (which
//     includes the in-process mail server: it holds every message in
//     memory).
//
// Progress is seen through the logs of the mail server and the daemon
// (benchProbe): the daemon holds the data file's lock while it runs, so
// the store is read only before and after.

// gamesBench are the options of the capacity benchmark.
type gamesBench struct {
	Games, Turns int
	Workers      int           // goroutines creating games
	Senders      int           // SMTP connections submitting orders
	Poll, Tick   time.Duration // the daemon's IMAP poll and deadline tick
	Dir          string        // "": a temporary directory, removed afterwards; else kept
	Stall        time.Duration // give up when nothing progresses for this long
	Cmdline      string        // printed first
	// CPUProfile: a CPU profile of the turns alone (from the first order
	// submitted to the last mail delivered) is written to this file.
	CPUProfile string
}

// Per game and round of orders, with one address per seat and no
// moderator, in the digest (the default delivery): creation mails a
// welcome and the first digest to each of the five seats; a round of five
// orders brings each seat its receipt and its next digest.
const (
	benchSeats         = 5
	benchMailsPerRound = 2 * benchSeats
)

func benchGameID(i int) string { return "g" + strconv.Itoa(i) }

func benchAddr(p storm.Power, i int) string {
	return p.String() + "-" + strconv.Itoa(i) + "@" + sandboxDomain
}

// benchGameDef is game i: one address per seat, the power's name as its
// secret (public, as in the sandbox), no moderator, no deck, a fixed seed.
func benchGameDef(i int) judge.GameDef {
	d := judge.GameDef{ID: benchGameID(i), Seed: uint64(i)}
	for _, p := range storm.Powers {
		d.Seats = append(d.Seats, judge.SeatDef{Power: p, Address: benchAddr(p, i), Secret: p.String()})
	}
	return d
}

// benchCheckpoints are the game counts at which the idle cost is measured:
// 10, 100, 1000 ... below n, and n.
func benchCheckpoints(n int) []int {
	var cps []int
	for c := 10; c < n; c *= 10 {
		cps = append(cps, c)
	}
	return append(cps, n)
}

// idleCost is one row of the idle-cost table.
type idleCost struct {
	label      string
	games      int
	tick, scan time.Duration
}

// turnResult is one row of the turns table; the times are from the first
// order submitted.
type turnResult struct {
	orders                           int
	submitted, ingested, adjudicated time.Duration
	delivered                        time.Duration
}

type memSample struct {
	label    string
	rss, hwm int64 // bytes
	heap     uint64
}

// benchRun is one run of the capacity benchmark: its servers and what it
// measured, phase by phase.
type benchRun struct {
	o        gamesBench
	dir      string
	dbPath   string
	srv      *mailserver.Server
	probe    *benchProbe
	errLog   slog.Handler
	progress func(format string, args ...any)

	accounts, create, creationMail time.Duration
	version                        int // of every game after creation
	idle                           []idleCost
	turns                          []turnResult
	// cpu is the process's user and system time over the turns (the
	// daemon, the mail servers and the benchmark's clients): unlike the
	// rates, it does not depend on what else the machine runs.
	cpu time.Duration
	st  benchStore
	mem []memSample
}

// runGamesBench runs the capacity benchmark and prints its table on stdout;
// progress goes to stderr.
func runGamesBench(o gamesBench, stdout, stderr io.Writer) (err error) {
	if o.Games < 1 || o.Turns < 1 {
		return errors.New("bench: -games and -turns must be at least 1")
	}
	o.Workers = max(o.Workers, 1)
	o.Senders = max(o.Senders, 1)
	if o.Stall <= 0 {
		o.Stall = 2 * time.Minute
	}
	r := &benchRun{o: o, dir: o.Dir, probe: newBenchProbe(),
		errLog: slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelError}),
		progress: func(format string, args ...any) {
			fmt.Fprintf(stderr, "bench: "+format+"\n", args...)
		}}
	if r.dir == "" {
		if r.dir, err = os.MkdirTemp("", "stormjudge-bench-"); err != nil {
			return err
		}
		defer os.RemoveAll(r.dir)
	} else {
		if err := os.MkdirAll(r.dir, 0o700); err != nil {
			return err
		}
		if ents, err := os.ReadDir(r.dir); err != nil {
			return err
		} else if len(ents) > 0 {
			return fmt.Errorf("bench: -data %s is not empty", r.dir)
		}
	}
	r.dbPath = filepath.Join(r.dir, "stormjudge.db")
	started := time.Now()

	r.srv, err = mailserver.Start(&mailserver.Options{
		Dir: filepath.Join(r.dir, "mail"), IMAPAddr: "127.0.0.1:0", SMTPAddr: "127.0.0.1:0",
		Domain: sandboxDomain, Logger: slog.New(probeHandler{r.probe, r.errLog}).With("part", "mailserver"),
	})
	if err != nil {
		return err
	}
	defer r.srv.Close()
	if err := r.addAccounts(); err != nil {
		return err
	}
	if err := r.createGames(); err != nil {
		return err
	}
	if err := r.play(); err != nil {
		return err
	}
	if err := r.afterPlay(); err != nil {
		return err
	}
	r.print(stdout, time.Since(started))
	if r.st.wrongVersion != "" {
		return fmt.Errorf("bench: games not at version %d: %s", r.st.version, r.st.wrongVersion)
	}
	if r.st.pending > 0 {
		return fmt.Errorf("bench: %d mails still pending in the outbox", r.st.pending)
	}
	return nil
}

// addAccounts makes the mail accounts: the judge's and one per seat.
func (r *benchRun) addAccounts() error {
	n := r.o.Games
	t0 := time.Now()
	if err := r.srv.AddUser(sandboxJudge, "judge"); err != nil {
		return err
	}
	for i := 1; i <= n; i++ {
		for _, p := range storm.Powers {
			if err := r.srv.AddUser(benchAddr(p, i), p.String()); err != nil {
				return err
			}
		}
		if i%100 == 0 && i < n {
			r.progress("%d/%d games' mail accounts", i, n)
		}
	}
	r.accounts = time.Since(t0)
	r.progress("%d mail accounts in %s", 1+n*benchSeats, r.accounts.Round(time.Millisecond))
	return nil
}

// judgeIMAP logs in as the judge and selects INBOX, as the mailer does:
// the connection for the idle scan.
func (r *benchRun) judgeIMAP() (*imapclient.Client, error) {
	c, err := imapclient.DialInsecure(r.srv.IMAPAddr(), nil)
	if err != nil {
		return nil, err
	}
	if err := c.Login(sandboxJudge, "judge").Wait(); err != nil {
		c.Close()
		return nil, err
	}
	if _, err := c.Select("INBOX", nil).Wait(); err != nil {
		c.Close()
		return nil, err
	}
	return c, nil
}

// offline opens what the bench measures while the daemon is not running:
// the data file, a judge over it and an IMAP connection to the judge's
// mailbox; done closes them.
func (r *benchRun) offline() (*store.DB, *imapclient.Client, *judge.Judge, func(), error) {
	db, err := store.Open(r.dbPath, nil)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	ic, err := r.judgeIMAP()
	if err != nil {
		db.Close()
		return nil, nil, nil, nil, err
	}
	j := judge.New(db, &judge.Options{Address: sandboxJudge, Domain: sandboxDomain, Logger: quietLog})
	return db, ic, j, func() { ic.Close(); db.Close() }, nil
}

// createGames creates the games in-process, before the daemon starts, and
// measures the idle cost at each checkpoint.
func (r *benchRun) createGames() error {
	n := r.o.Games
	db, ic, j, done, err := r.offline()
	if err != nil {
		return err
	}
	defer done()
	next := 1
	for _, cp := range benchCheckpoints(n) {
		t0 := time.Now()
		if err := createBenchGames(j, next, cp, r.o.Workers); err != nil {
			return err
		}
		r.create += time.Since(t0)
		next = cp + 1
		c, err := measureIdle(j, db, ic)
		if err != nil {
			return err
		}
		c.label, c.games = "while creating", cp
		r.idle = append(r.idle, c)
		r.progress("%d/%d games created (%s so far); idle: Tick %s, scan %s", cp, n,
			r.create.Round(time.Millisecond), c.tick.Round(time.Microsecond), c.scan.Round(time.Microsecond))
	}
	if r.version, err = benchVersion(db, n); err != nil {
		return err
	}
	if err := db.Close(); err != nil {
		return err
	}
	r.st.fileCreated = fileSize(r.dbPath)
	r.mem = append(r.mem, readMem("games created, daemon not started"))
	return nil
}

var quietLog = slog.New(slog.NewTextHandler(io.Discard, nil))

// play runs the daemon as the sandbox does (the games exist already),
// waits for the creation mail, then plays the turns.
func (r *benchRun) play() error {
	n := r.o.Games
	cfg := sandboxConfig(r.dir, r.srv.IMAPAddr(), r.srv.SMTPAddr(), r.o.Poll, r.o.Tick, 0)
	cfg.Games = nil
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ready := make(chan struct{})
	done := make(chan struct{}) // closed when runDaemon returned daemonErr
	var daemonErr error
	var daemonDB *store.DB
	go func() {
		daemonErr = runDaemon(ctx, cfg, slog.New(probeHandler{r.probe, r.errLog}), func(db *store.DB) { daemonDB = db; close(ready) })
		close(done)
	}()
	select {
	case <-ready:
	case <-done:
		return fmt.Errorf("bench: daemon: %v", daemonErr)
	}
	stopped := false
	stop := func() error {
		if !stopped {
			stopped = true
			cancel()
			<-done
		}
		return daemonErr
	}
	defer stop()

	// The welcomes, first reports and notices.
	t0 := time.Now()
	r.progress("daemon started; delivering %d creation mails", n*benchMailsPerRound)
	last, err := r.probe.wait("mail", n*benchMailsPerRound, r.o.Stall, done)
	if err != nil {
		return err
	}
	r.creationMail = last.Sub(t0)
	r.progress("creation mail delivered in %s", r.creationMail.Round(time.Millisecond))

	if r.o.CPUProfile != "" {
		f, err := os.Create(r.o.CPUProfile)
		if err != nil {
			return fmt.Errorf("bench: %v", err)
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return fmt.Errorf("bench: %v", err)
		}
		defer pprof.StopCPUProfile() // also when a turn fails
	}
	cpu0 := processCPU()
	for turn := 1; turn <= r.o.Turns; turn++ {
		before := r.probe.snapshot()
		t0 := time.Now()
		if err := submitBenchOrders(r.srv.SMTPAddr(), n, turn, r.o.Senders); err != nil {
			return err
		}
		tr := turnResult{orders: n * benchSeats, submitted: time.Since(t0)}
		last, err := r.probe.wait("ingested", before["ingested"]+n*benchSeats, r.o.Stall, done)
		if err != nil {
			return err
		}
		if other := r.probe.ingestedOtherThan(judge.Accepted, before); other != "" {
			return fmt.Errorf("bench: turn %d: orders not accepted: %s", turn, other)
		}
		tr.ingested = last.Sub(t0)
		if last, err = r.probe.wait("adjudicated", before["adjudicated"]+n, r.o.Stall, done); err != nil {
			return err
		}
		tr.adjudicated = last.Sub(t0)
		if last, err = r.probe.wait("mail", before["mail"]+n*benchMailsPerRound, r.o.Stall, done); err != nil {
			return err
		}
		tr.delivered = last.Sub(t0)
		r.turns = append(r.turns, tr)
		r.progress("turn %d: %d orders, last mail delivered after %s", turn, tr.orders, tr.delivered.Round(time.Millisecond))
	}
	r.cpu = processCPU() - cpu0
	if r.o.CPUProfile != "" {
		pprof.StopCPUProfile()
	}
	r.mem = append(r.mem, readMem(fmt.Sprintf("after %s, daemon running", turnsText(r.o.Turns))))
	// The last mail is in its mailbox a moment before the outbox has
	// committed it sent: stopping in between would leave it pending (to
	// go again after a restart, with its Message-ID).
	for end := time.Now().Add(r.o.Stall); ; time.Sleep(10 * time.Millisecond) {
		var pending []*store.Mail
		if err := daemonDB.View(func(tx *store.Tx) error {
			var err error
			pending, err = tx.PendingRecords()
			return err
		}); err != nil || len(pending) == 0 || time.Now().After(end) {
			break
		}
	}
	if err := stop(); err != nil {
		return fmt.Errorf("bench: daemon: %v", err)
	}
	return nil
}

// afterPlay measures the idle cost again and reads what is stored, then
// compacts the data file to see how much of it is live.
func (r *benchRun) afterPlay() error {
	n := r.o.Games
	db, ic, j, done, err := r.offline()
	if err != nil {
		return err
	}
	defer done()
	c, err := measureIdle(j, db, ic)
	if err != nil {
		return err
	}
	c.label, c.games = "after "+turnsText(r.o.Turns), n
	r.idle = append(r.idle, c)
	fileCreated := r.st.fileCreated
	if r.st, err = benchStorage(db, n, r.version+r.o.Turns); err != nil {
		return err
	}
	r.st.fileCreated = fileCreated
	if err := db.Close(); err != nil {
		return err
	}
	if r.st.file, r.st.compacted, err = store.Compact(r.dbPath, nil); err != nil {
		return err
	}
	return nil
}

// fanOut runs workers goroutines, each handed the numbers from..to on a
// channel, and returns the first error of any; a worker that fails still
// drains the channel, so the others finish.
func fanOut(workers, from, to int, worker func(ids <-chan int) error) error {
	ids := make(chan int)
	errc := make(chan error, workers)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := worker(ids); err != nil {
				errc <- err
				for range ids { // drain
				}
			}
		}()
	}
	for i := from; i <= to; i++ {
		ids <- i
	}
	close(ids)
	wg.Wait()
	select {
	case err := <-errc:
		return err
	default:
		return nil
	}
}

// createBenchGames creates games from..to with workers goroutines.
func createBenchGames(j *judge.Judge, from, to, workers int) error {
	return fanOut(workers, from, to, func(ids <-chan int) error {
		for i := range ids {
			created, err := j.EnsureGame(benchGameDef(i))
			if err == nil && !created {
				err = fmt.Errorf("bench: game %s existed already", benchGameID(i))
			}
			if err != nil {
				return err
			}
		}
		return nil
	})
}

// measureIdle times judge.Tick over every game (median of 3; nothing may be
// ready) and the judge's scan of its empty INBOX (median of 21): the
// stored position read as the mailer reads it, then the mailer's UID SEARCH.
func measureIdle(j *judge.Judge, db *store.DB, ic *imapclient.Client) (idleCost, error) {
	var c idleCost
	var ticks []time.Duration
	for range 3 {
		t0 := time.Now()
		k, err := j.Tick()
		if err != nil {
			return c, err
		}
		if k != 0 {
			return c, fmt.Errorf("bench: idle Tick adjudicated %d segments", k)
		}
		ticks = append(ticks, time.Since(t0))
	}
	var scans []time.Duration
	for range 21 {
		t0 := time.Now()
		if err := db.View(func(tx *store.Tx) error {
			_, _, err := tx.Mailbox("INBOX")
			if errors.Is(err, store.ErrNotFound) {
				return nil
			}
			return err
		}); err != nil {
			return c, err
		}
		data, err := ic.UIDSearch(&imap.SearchCriteria{NotFlag: []imap.Flag{imap.FlagDeleted}}, nil).Wait()
		if err != nil {
			return c, err
		}
		if k := len(data.AllUIDs()); k != 0 {
			return c, fmt.Errorf("bench: the judge's INBOX holds %d messages, want none", k)
		}
		scans = append(scans, time.Since(t0))
	}
	c.tick, c.scan = median(ticks), median(scans)
	return c, nil
}

func median(ds []time.Duration) time.Duration {
	slices.Sort(ds)
	return ds[len(ds)/2]
}

// benchVersion returns the version all n games are at.
func benchVersion(db *store.DB, n int) (int, error) {
	v := -1
	err := db.View(func(tx *store.Tx) error {
		gs, err := tx.Games()
		if err != nil {
			return err
		}
		if len(gs) != n {
			return fmt.Errorf("bench: %d games stored, want %d", len(gs), n)
		}
		for _, g := range gs {
			if v == -1 {
				v = g.Version
			}
			if g.Version != v {
				return fmt.Errorf("bench: game %s at version %d, %s at %d", g.ID, g.Version, gs[0].ID, v)
			}
		}
		return nil
	})
	return v, err
}

// submitBenchOrders sends every power's PASS of every game for turn over
// senders SMTP connections (one message per transaction, as a mail client
// sends it).
func submitBenchOrders(addr string, n, turn, senders int) error {
	return fanOut(senders, 1, n, func(games <-chan int) error {
		c, err := smtp.Dial(addr)
		if err != nil {
			return fmt.Errorf("bench: smtp: %w", err)
		}
		defer c.Close()
		if err := c.Hello("client.test"); err != nil {
			return fmt.Errorf("bench: smtp: %w", err)
		}
		for i := range games {
			for _, p := range storm.Powers {
				if err := sendBenchOrder(c, i, p, turn); err != nil {
					return fmt.Errorf("bench: smtp: %w", err)
				}
			}
		}
		return c.Quit()
	})
}

func sendBenchOrder(c *smtp.Client, i int, p storm.Power, turn int) error {
	from := benchAddr(p, i)
	if err := c.Mail(from); err != nil {
		return err
	}
	if err := c.Rcpt(sandboxJudge); err != nil {
		return err
	}
	w, err := c.Data()
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "From: %s\r\nTo: %s\r\nSubject: bench turn %d\r\nMessage-ID: <bench-%d-%s-%d@client.test>\r\n\r\nGAME %s\r\nSECRET %s\r\nPASS\r\nEND\r\n",
		from, sandboxJudge, turn, turn, p, i, benchGameID(i), p)
	return w.Close()
}

// benchStore is what the data file holds after the turns.
type benchStore struct {
	file, fileCreated int64
	compacted         int64 // the file after play, after store.Compact
	games, versions   int
	version           int    // the version every game should be at
	wrongVersion      string // games at another version, if any
	stateJSON, stateZ int64  // summed over every stored version
	events            int64
	pending           int
}

// benchStorage reads every game's versions through the store: the state
// of each version as JSON (what PutState marshals) and zstd-compressed at
// the store's level, and the event logs.
func benchStorage(db *store.DB, n, want int) (benchStore, error) {
	st := benchStore{version: want}
	enc, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedDefault), zstd.WithEncoderConcurrency(1))
	if err != nil {
		return st, err
	}
	defer enc.Close()
	var buf []byte
	var wrong []string
	err = db.View(func(tx *store.Tx) error {
		gs, err := tx.Games()
		if err != nil {
			return err
		}
		st.games = len(gs)
		if len(gs) != n {
			wrong = append(wrong, fmt.Sprintf("%d games stored, want %d", len(gs), n))
		}
		for _, g := range gs {
			if g.Version != want {
				wrong = append(wrong, fmt.Sprintf("%s at %d", g.ID, g.Version))
			}
			for v := 0; v <= g.Version; v++ {
				s, err := tx.State(g.ID, v)
				if err != nil {
					return err
				}
				b, err := json.Marshal(s)
				if err != nil {
					return err
				}
				buf = enc.EncodeAll(b, buf[:0])
				st.stateJSON += int64(len(b))
				st.stateZ += int64(len(buf))
				ev, err := tx.Events(g.ID, v)
				if err != nil {
					return err
				}
				st.events += int64(len(ev))
				st.versions++
			}
		}
		p, err := tx.PendingRecords()
		st.pending = len(p)
		return err
	})
	if len(wrong) > 10 {
		wrong = append(wrong[:10], fmt.Sprintf("... (%d in all)", len(wrong)))
	}
	st.wrongVersion = strings.Join(wrong, ", ")
	return st, err
}

func fileSize(path string) int64 {
	fi, err := os.Stat(path)
	if err != nil {
		return -1
	}
	return fi.Size()
}

// processCPU is the user and system time the process has used.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// readMem reads the process's resident set (VmRSS) and its peak (VmHWM)
// from /proc/self/status (zero where there is none), and the Go heap in use.
func readMem(label string) memSample {
	m := memSample{label: label}
	if f, err := os.Open("/proc/self/status"); err == nil {
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			k, v, ok := strings.Cut(sc.Text(), ":")
			if !ok {
				continue
			}
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			if err != nil {
				continue
			}
			switch k {
			case "VmRSS":
				m.rss = kb << 10
			case "VmHWM":
				m.hwm = kb << 10
			}
		}
		f.Close()
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	m.heap = ms.HeapInuse
	return m
}

// print writes the table.
func (r *benchRun) print(w io.Writer, total time.Duration) {
	o, n, st := r.o, r.o.Games, r.st
	accounts, create, creationMail := r.accounts, r.create, r.creationMail
	ms := func(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d)/float64(time.Millisecond)) }
	sec := func(d time.Duration) string { return fmt.Sprintf("%.1f s", d.Seconds()) }
	rate := func(k int, d time.Duration) string {
		if d <= 0 {
			return "-"
		}
		return fmt.Sprintf("%.1f/s", float64(k)/d.Seconds())
	}
	fmt.Fprintln(w, o.Cmdline)
	fmt.Fprintf(w, "capacity: %d games x %d seats, %s of PASS by every power; mail servers and daemon in this process\n",
		n, benchSeats, turnsText(o.Turns))
	fmt.Fprintf(w, "(%s %s/%s, %d CPUs; poll %s, tick %s; %d game-creating workers, %d SMTP senders; run took %s)\n",
		runtime.Version(), runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), o.Poll, o.Tick, o.Workers, o.Senders, sec(total))

	tw := tabwriter.NewWriter(w, 2, 8, 2, ' ', 0)
	fmt.Fprintln(w, "\nsetup")
	fmt.Fprintf(tw, "  mail accounts (judge + one per seat)\t%d\tin %s\t%s\n", 1+n*benchSeats, sec(accounts), rate(1+n*benchSeats, accounts))
	fmt.Fprintf(tw, "  games created (judge.EnsureGame, 5 argon2id hashes each)\t%d\tin %s\t%s\n", n, sec(create), rate(n, create))
	fmt.Fprintf(tw, "  creation mail delivered (welcome and digest per seat)\t%d\tin %s\t%s\n", n*benchMailsPerRound, sec(creationMail), rate(n*benchMailsPerRound, creationMail))
	tw.Flush()

	fmt.Fprintln(w, "\nidle cost (judge.Tick over all games, median of 3; poll of the empty INBOX: stored position + UID SEARCH, median of 21)")
	fmt.Fprintf(tw, "  \tgames\tTick\tTick per game\tINBOX scan\n")
	for _, c := range r.idle {
		fmt.Fprintf(tw, "  %s\t%d\t%s\t%s\t%s\n", c.label, c.games, ms(c.tick), ms(c.tick/time.Duration(c.games)), ms(c.scan))
	}
	tw.Flush()

	fmt.Fprintf(w, "\nturns (%d orders each; times from the first order submitted over SMTP)\n", n*benchSeats)
	fmt.Fprintf(tw, "  turn\tsubmitted\tlast receipt queued\tlast reports queued\tlast mail delivered\torders/s to receipts\torders/s to delivery\n")
	var sumIngested, sumDelivered time.Duration
	orders := 0
	for i, t := range r.turns {
		fmt.Fprintf(tw, "  %d\t%s\t%s\t%s\t%s\t%s\t%s\n", i+1, sec(t.submitted), sec(t.ingested), sec(t.adjudicated), sec(t.delivered),
			rate(t.orders, t.ingested), rate(t.orders, t.delivered))
		sumIngested += t.ingested
		sumDelivered += t.delivered
		orders += t.orders
	}
	fmt.Fprintf(tw, "  all\t\t%s\t\t%s\t%s\t%s\n", sec(sumIngested), sec(sumDelivered), rate(orders, sumIngested), rate(orders, sumDelivered))
	tw.Flush()
	fmt.Fprintf(w, "  sustained: %s order emails through the whole daemon to their receipts, %s to the last report delivered (from the first SMTP submission)\n", rate(orders, sumIngested), rate(orders, sumDelivered))
	if orders > 0 && r.cpu > 0 {
		per := r.cpu / time.Duration(orders)
		fmt.Fprintf(w, "  CPU: %.1f ms an order (user and system time of the process over the turns: daemon, mail servers and clients), %.0f orders a second on %d cores at most\n",
			float64(per)/float64(time.Millisecond), float64(runtime.NumCPU())*float64(time.Second)/float64(per), runtime.NumCPU())
	}

	fmt.Fprintln(w, "\nstorage (bbolt grows its file by doubling up to 16 MiB, then 16 MiB beyond what it needs: sizes are coarse)")
	fmt.Fprintf(tw, "  data file after creation\t%s\t%s per game\n", mib(st.fileCreated), kib(st.fileCreated/int64(n)))
	fmt.Fprintf(tw, "  data file after play\t%s\t%s per game\n", mib(st.file), kib(st.file/int64(n)))
	fmt.Fprintf(tw, "  data file after play, compacted (store.Compact)\t%s\t%s per game\n", mib(st.compacted), kib(st.compacted/int64(n)))
	fmt.Fprintf(tw, "  stored versions\t%d\t%d games at version %d (0..%d each)\n", st.versions, st.games, st.version, st.version)
	if st.versions > 0 {
		v := int64(st.versions)
		fmt.Fprintf(tw, "  bytes per stored version\t%s\tdata file after play / versions (states, events, orders, mail, inbox, audit)\n", kib(st.file/v))
		fmt.Fprintf(tw, "  \t%s\tcompacted / versions (live data, plus the growth step)\n", kib(st.compacted/v))
		fmt.Fprintf(tw, "  one state, JSON (store.State, marshalled)\t%s\tavg over all versions\n", kib(st.stateJSON/v))
		fmt.Fprintf(tw, "  one state, zstd (the store's level)\t%s\tavg (%.1fx)\n", kib(st.stateZ/v), float64(st.stateJSON)/float64(max(st.stateZ, 1)))
		fmt.Fprintf(tw, "  event log of a version (store.Events)\t%s\tavg\n", kib(st.events/v))
	}
	if st.wrongVersion == "" {
		fmt.Fprintf(tw, "  games at the expected version\t%d/%d\tversion %d\n", st.games, n, st.version)
	} else {
		fmt.Fprintf(tw, "  games NOT at version %d\t\t%s\n", st.version, st.wrongVersion)
	}
	fmt.Fprintf(tw, "  outbox pending after play\t%d\n", st.pending)
	tw.Flush()

	fmt.Fprintln(w, "\nmemory (the process: daemon and mail server, which keeps every message in memory)")
	fmt.Fprintf(tw, "  \tVmRSS\tVmHWM (peak)\tGo heap in use\n")
	for _, m := range r.mem {
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\n", m.label, mib(m.rss), mib(m.hwm), mib(int64(m.heap)))
	}
	tw.Flush()
}

func turnsText(k int) string {
	if k == 1 {
		return "1 turn"
	}
	return strconv.Itoa(k) + " turns"
}

func mib(b int64) string { return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20)) }
func kib(b int64) string { return fmt.Sprintf("%.1f KiB", float64(b)/(1<<10)) }

// benchProbe counts what the mail server and the daemon log, with the time
// of the latest record of each kind: "mail" (delivered to a player),
// "orders" (delivered to the judge), "ingested" and "ingested:<outcome>"
// (an email ingested: its receipt queued) and "adjudicated" (a segment: its reports
// queued). The record's own time is kept, so the polling in wait does not
// blur the figures.
type benchProbe struct {
	mu   sync.Mutex
	n    map[string]int
	last map[string]time.Time
}

func newBenchProbe() *benchProbe {
	return &benchProbe{n: map[string]int{}, last: map[string]time.Time{}}
}

func (p *benchProbe) add(key string, at time.Time) {
	p.mu.Lock()
	p.n[key]++
	if at.After(p.last[key]) {
		p.last[key] = at
	}
	p.mu.Unlock()
}

func (p *benchProbe) snapshot() map[string]int {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := make(map[string]int, len(p.n))
	for k, v := range p.n {
		out[k] = v
	}
	return out
}

// ingestedOtherThan names the ingest outcomes other than ok since before.
func (p *benchProbe) ingestedOtherThan(ok judge.Outcome, before map[string]int) string {
	var out []string
	for k, v := range p.snapshot() {
		if o, is := strings.CutPrefix(k, "ingested:"); is && o != string(ok) && v > before[k] {
			out = append(out, fmt.Sprintf("%d %s", v-before[k], o))
		}
	}
	slices.Sort(out)
	return strings.Join(out, ", ")
}

// wait returns the time of the want-th record of key; it fails when the
// count has not moved for stall or the daemon stopped.
func (p *benchProbe) wait(key string, want int, stall time.Duration, daemon <-chan struct{}) (time.Time, error) {
	seen, since := -1, time.Now()
	for {
		p.mu.Lock()
		k, at := p.n[key], p.last[key]
		p.mu.Unlock()
		if k >= want {
			return at, nil
		}
		if k != seen {
			seen, since = k, time.Now()
		} else if time.Since(since) > stall {
			return at, fmt.Errorf("bench: %s: %d of %d, no progress for %s", key, k, want, stall)
		}
		select {
		case <-daemon:
			return at, fmt.Errorf("bench: %s: %d of %d: the daemon stopped", key, k, want)
		case <-time.After(5 * time.Millisecond):
		}
	}
}

// probeHandler feeds a benchProbe from log records and passes on to next
// only what next is enabled for (errors).
type probeHandler struct {
	p    *benchProbe
	next slog.Handler
}

func (h probeHandler) Enabled(context.Context, slog.Level) bool { return true }

func (h probeHandler) Handle(ctx context.Context, r slog.Record) error {
	switch r.Message {
	case "mailserver: delivered":
		key := "mail"
		if recordAttr(r, "to") == sandboxJudge {
			key = "orders"
		}
		h.p.add(key, r.Time)
	case "email ingested":
		h.p.add("ingested", r.Time)
		h.p.add("ingested:"+recordAttr(r, "outcome"), r.Time)
	case "segment adjudicated":
		h.p.add("adjudicated", r.Time)
	}
	if h.next.Enabled(ctx, r.Level) {
		return h.next.Handle(ctx, r)
	}
	return nil
}

func (h probeHandler) WithAttrs(as []slog.Attr) slog.Handler {
	return probeHandler{h.p, h.next.WithAttrs(as)}
}

func (h probeHandler) WithGroup(name string) slog.Handler {
	return probeHandler{h.p, h.next.WithGroup(name)}
}

func recordAttr(r slog.Record, key string) string {
	v := ""
	r.Attrs(func(a slog.Attr) bool {
		if a.Key == key {
			v = a.Value.String()
			return false
		}
		return true
	})
	return v
}
