package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"stormjudge/adjudicator/storm"
	"stormjudge/store"
)

// buildBinary builds stormjudge once for the crash tests.
func buildBinary(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "stormjudge")
	cmd := exec.Command("go", "build", "-o", bin, ".")
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("go build: %v", err)
	}
	return bin
}

// lockedBuffer collects a child's stderr while the test may read it.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

type proc struct {
	cmd    *exec.Cmd
	stderr *lockedBuffer
	done   chan struct{} // closed when the process has ended; then err is set
	err    error
}

func startProc(t *testing.T, bin string, env []string, args ...string) *proc {
	t.Helper()
	p := &proc{cmd: exec.Command(bin, args...), stderr: &lockedBuffer{}, done: make(chan struct{})}
	p.cmd.Env = append(os.Environ(), env...)
	p.cmd.Stderr = p.stderr
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { p.err = p.cmd.Wait(); close(p.done) }()
	t.Cleanup(func() {
		p.cmd.Process.Kill()
		<-p.done
	})
	return p
}

// TestCrashRecovery kills the sandbox daemon with SIGKILL at several points
// of the mail loop — after a fetch was handled but before the message was
// moved, after an ingest committed, after an adjudication committed, after
// an outbox attempt was recorded, after the SMTP server accepted a mail —
// restarts it on the same data, and checks that no order was lost, no
// segment adjudicated twice and no mail delivered twice to anyone.
func TestCrashRecovery(t *testing.T) {
	t.Parallel() // its own servers and data: waits overlap (issue 24, CI time)
	if testing.Short() {
		t.Skip("builds the binary and runs it several times")
	}
	bin := buildBinary(t)
	// At game creation the outbox sends 17 mails (6 welcomes, the
	// moderator's among them, 6 public, 5 private); the counts below land
	// on the orders' turn.
	points := []string{
		"inbox-fetched:3",
		"inbox-handled:3",
		"judge-ingested:5",
		"judge-adjudicated:1",
		"outbox-attempt-recorded:18",
		"outbox-sent:19",
		"outbox-sent:25",
	}
	for _, point := range points {
		t.Run(strings.ReplaceAll(point, ":", "_"), func(t *testing.T) {
			t.Parallel() // a daemon of its own each: the retries' waits overlap
			dir := t.TempDir()
			imapAddr, smtpAddr := freeAddr(t), freeAddr(t)
			// Economic rounds only: every power orders each round (the
			// diplomatic segments ask a few powers each; -diplomacy=false).
			args := []string{"sandbox", "-data", dir, "-imap", imapAddr, "-smtp", smtpAddr, "-poll", "300ms", "-tick", "500ms", "-diplomacy=false", "-crisis=false", "-mail", "every-segment"}

			t0 := time.Now()
			p := startProc(t, bin, []string{"STORMJUDGE_CRASH_AT=" + point}, args...)
			waitFor(t, "sandbox up", 30*time.Second, func() bool { return daemonRunning(p, imapAddr, smtpAddr) })
			// The daemon (and with it the sandbox's SMTP server) may die
			// before all five orders are sent: those are sent after the
			// restart, as a player would.
			var unsent []storm.Power
			for _, pw := range storm.Powers {
				if len(unsent) > 0 || sendPass(smtpAddr, pw, "<crash-"+pw.String()+"@client.test>", "orders") != nil {
					unsent = append(unsent, pw)
				}
				time.Sleep(50 * time.Millisecond)
			}
			select {
			case <-p.done:
				err := p.err
				if ws, ok := p.cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != syscall.SIGKILL {
					t.Fatalf("daemon ended with %v, not by the crash hook; stderr:\n%s", err, p.stderr)
				}
			case <-time.After(60 * time.Second):
				t.Fatalf("crash point %s never reached; stderr:\n%s", point, p.stderr)
			}

			t.Logf("crashed at %s after %s", point, time.Since(t0))
			// Restart on the same data, without the crash hook.
			q := startProc(t, bin, nil, args...)
			waitFor(t, "sandbox up again", 30*time.Second, func() bool { return daemonRunning(q, imapAddr, smtpAddr) })
			for _, pw := range unsent {
				if err := sendPass(smtpAddr, pw, "<crash-"+pw.String()+"@client.test>", "orders"); err != nil {
					t.Fatalf("sending %s's order after the restart: %v", pw, err)
				}
			}
			for _, pw := range storm.Powers {
				waitFor(t, pw.String()+"'s mail after restart", 60*time.Second, func() bool {
					n := countKinds(powerInbox(t, imapAddr, pw))
					return n["receipt"] >= 1 && n["public"] >= 2 && n["private"] >= 2
				})
			}
			t.Logf("every power's mail in after %s", time.Since(t0))
			// Let the loops settle, then count: every mail exactly once.
			time.Sleep(2 * time.Second)
			for _, pw := range storm.Powers {
				ms := powerInbox(t, imapAddr, pw)
				n := countKinds(ms)
				if n["welcome"] != 1 || n["receipt"] != 1 || n["public"] != 2 || n["private"] != 2 {
					t.Errorf("%s's inbox after the crash at %s: %v; want 1 welcome, 1 receipt, 2 public, 2 private", pw, point, n)
				}
				seen := map[string]bool{}
				for _, m := range ms {
					if seen[m.MessageID] {
						t.Errorf("%s received %s twice", pw, m.MessageID)
					}
					seen[m.MessageID] = true
				}
			}
			q.cmd.Process.Signal(syscall.SIGTERM)
			select {
			case <-q.done:
				if err := q.err; err != nil {
					t.Errorf("clean shutdown: %v; stderr:\n%s", err, q.stderr)
				}
			case <-time.After(30 * time.Second):
				t.Fatal("no clean shutdown on SIGTERM")
			}
			// The stored game: exactly one adjudication of the economic
			// segment (version 2), all five orders kept with it.
			out, err := exec.Command(bin, "game", "export", "-data", filepath.Join(dir, "stormjudge.db"), "-version", "1", "demo").Output()
			if err != nil {
				t.Fatalf("game export: %v", err)
			}
			var exp struct {
				Latest int                        `json:"latest_version"`
				Orders map[string]json.RawMessage `json:"orders"`
			}
			if err := json.Unmarshal(out, &exp); err != nil {
				t.Fatalf("export JSON: %v\n%s", err, out)
			}
			if exp.Latest != 2 || len(exp.Orders) != 5 {
				t.Errorf("after the crash at %s: latest version %d with %d orders at version 1; want 2 and 5", point, exp.Latest, len(exp.Orders))
			}
		})
	}
}

// daemonRunning reports whether the daemon has said it runs: its mail
// server listens and has every sandbox mailbox (before that, an order to
// judge@sandbox.test is refused as for an unknown recipient, and the
// orders sent then would all wait for the restart, so the crash points,
// counted from the orders' turn, would never be reached).
func daemonRunning(p *proc, imapAddr, smtpAddr string) bool {
	return strings.Contains(p.stderr.String(), `msg="stormjudge running"`) && dialable(imapAddr) && dialable(smtpAddr)
}

func dialable(addr string) bool {
	c, err := (&net.Dialer{Timeout: time.Second}).Dial("tcp", addr)
	if err != nil {
		return false
	}
	c.Close()
	return true
}

// The randomized crash test's knobs (environment variables):
//
//	STORMJUDGE_CRASH_KILLS   SIGKILLs before the final clean run; default 8,
//	                         which keeps TestCrashRandomized near 20 s under
//	                         -race (a mail a kill interrupted waits 10 s for
//	                         its retry, so up to 40 s). A soak run:
//	                           STORMJUDGE_CRASH_KILLS=200 go test -run TestCrashRandomized -timeout 1h ./cmd/stormjudge/
//	STORMJUDGE_CRASH_ROUNDS  rounds of orders (one segment each); default
//	                         max(4, kills), at most 60
//	STORMJUDGE_CRASH_SEED    seed of the random plan (who sends what, when to
//	                         kill, where); default the clock. It is always
//	                         logged: rerun a failure with it (the daemon's own
//	                         timing still varies from run to run).
const (
	crashKillsEnv  = "STORMJUDGE_CRASH_KILLS"
	crashRoundsEnv = "STORMJUDGE_CRASH_ROUNDS"
	crashSeedEnv   = "STORMJUDGE_CRASH_SEED"
)

// crashPoints are the points of installCrashHook (the Hook of mailer.IMAPOptions, mailer.SMTPOptions and judge.Options),
// each with the largest hit count worth drawing in one life of the daemon
// (a count never reached leaves the kill to the random delay).
var crashPoints = []struct {
	point string
	max   int
}{
	{"inbox-fetched", 6},
	{"inbox-handled", 6},
	{"inbox-moved", 6},
	{"judge-ingested", 6},
	{"judge-adjudicated", 2},
	{"outbox-attempt-recorded", 24},
	{"outbox-sent", 24},
	{"outbox-marked", 24},
}

// crashOrder is one order email of the randomized crash test.
type crashOrder struct {
	round int
	power storm.Power
	id    string // Message-ID, with its angle brackets
	sent  bool   // the SMTP server answered 250
}

// TestCrashRandomized plays several rounds of orders (all five powers PASS,
// sometimes one of them twice: the second replaces the first) through the
// sandbox daemon while killing it with SIGKILL at random moments — a random
// delay after it came up, or a random STORMJUDGE_CRASH_AT point and count —
// and restarting it on the same data, as a player keeps mailing: an order
// whose SMTP transaction the kill interrupted is sent again with the same
// Message-ID. After the kills, a clean run finishes the rounds and delivers
// everything; then:
//
//   - no order lost: every order email has exactly one receipt (by
//     In-Reply-To, counting distinct Message-IDs), the game reached version
//     rounds+1 and each power's stored orders of each round are its last
//     email of that round;
//   - no segment adjudicated twice: one "adjudicate" audit entry per
//     version, and one audit entry per order email;
//   - every mail delivered: each power has one welcome and one public
//     report and one private notice per version, the moderator every public
//     report, the judge's INBOX is empty, and the outbox has nothing pending
//     after the clean run. A copy with a Message-ID seen before would be
//     the outbox's documented at-least-once resend (a kill between the
//     server's 250 and MarkSent) that got past the sandbox server's
//     duplicate suppression: allowed, and logged;
//   - stormjudge replay demo succeeds and store.Check passes on the data
//     file.
func TestCrashRandomized(t *testing.T) {
	t.Parallel() // its own servers and data: waits overlap (issue 24, CI time)
	if testing.Short() {
		t.Skip("builds the binary and kills it many times")
	}
	kills := crashEnvInt(t, crashKillsEnv, 8)
	rounds := crashEnvInt(t, crashRoundsEnv, min(max(4, kills), 60))
	seed := time.Now().UnixNano()
	if s := os.Getenv(crashSeedEnv); s != "" {
		var err error
		if seed, err = strconv.ParseInt(s, 10, 64); err != nil {
			t.Fatalf("%s=%q: %v", crashSeedEnv, s, err)
		}
	}
	t.Logf("%s=%d %s=%d %s=%d", crashSeedEnv, seed, crashKillsEnv, kills, crashRoundsEnv, rounds)
	// Three streams, so that the kills of each life do not depend on how
	// many orders the lives before it got to send.
	rng := rand.New(rand.NewPCG(uint64(seed), 1))     // the plan of orders
	lifeRNG := rand.New(rand.NewPCG(uint64(seed), 2)) // each life's kill
	paceRNG := rand.New(rand.NewPCG(uint64(seed), 3)) // pauses between orders

	// The plan: per round, the powers in a random order; sometimes one of
	// the first four sends a second email, which replaces its first.
	plan := make([][]*crashOrder, rounds+1) // plan[round], rounds from 1
	var all []*crashOrder
	for r := 1; r <= rounds; r++ {
		powers := slices.Clone(storm.Powers)
		rng.Shuffle(len(powers), func(i, j int) { powers[i], powers[j] = powers[j], powers[i] })
		twice := storm.Power(0)
		if rng.IntN(3) == 0 {
			twice = powers[rng.IntN(len(powers)-1)]
		}
		for _, p := range powers {
			n := 1
			if p == twice {
				n = 2
			}
			for k := 1; k <= n; k++ {
				o := &crashOrder{round: r, power: p, id: fmt.Sprintf("<crashrand-r%d-%s-%d@client.test>", r, p, k)}
				plan[r] = append(plan[r], o)
				all = append(all, o)
			}
		}
	}

	bin := buildBinary(t)
	dir := t.TempDir()
	imapAddr, smtpAddr := freeAddr(t), freeAddr(t)
	args := []string{"sandbox", "-data", dir, "-imap", imapAddr, "-smtp", smtpAddr, "-poll", "300ms", "-tick", "500ms", "-diplomacy=false", "-crisis=false", "-mail", "every-segment"} // economic rounds only
	t0 := time.Now()

	// A mail whose attempt a kill interrupted waits for the outbox's retry
	// schedule (10 s, then 1 min, 2 min ... mailer/outbox.go), and the
	// recipient's later mail waits behind it. With a few kills a mail is
	// interrupted at most once before the clean run; a soak run may
	// interrupt one several times.
	stallLimit := 90 * time.Second
	if kills > 8 {
		stallLimit = 20 * time.Minute
	}
	round := 1 // the round being played; rounds+1 once all are done
	// drive sends the current round's unsent orders, in plan order, and
	// moves on to the next round once someone has the public report of the
	// version it produced, until p ends or every round is done. A round
	// that makes no progress for stallLimit (an order lost) fails the test.
	drive := func(p *proc) {
		progress := time.Now()
		for round <= rounds {
			select {
			case <-p.done:
				return
			default:
			}
			if time.Since(progress) > stallLimit {
				t.Fatalf("round %d stalled for %v (unsent: %d); the end of the daemon's stderr:\n%s", round, stallLimit,
					len(slices.DeleteFunc(slices.Clone(plan[round]), func(o *crashOrder) bool { return o.sent })), crashTail(p.stderr.String(), 8000))
			}
			sent := true
			for _, o := range plan[round] {
				if o.sent {
					continue
				}
				if err := sendPass(smtpAddr, o.power, o.id, "round "+strconv.Itoa(o.round)+" orders"); err != nil {
					sent = false
					break // later orders wait: they must arrive after this one
				}
				o.sent = true
				// A player's pace: kills land between orders too, not
				// only between rounds.
				time.Sleep(time.Duration(paceRNG.Int64N(int64(250 * time.Millisecond))))
			}
			if sent && crashPublished(imapAddr, round+1) {
				round++
				progress = time.Now()
				continue
			}
			time.Sleep(50 * time.Millisecond)
		}
	}

	for life := 0; life < kills; life++ {
		var env []string
		at := ""
		if lifeRNG.IntN(2) == 0 {
			cp := crashPoints[lifeRNG.IntN(len(crashPoints))]
			at = fmt.Sprintf("%s:%d", cp.point, 1+lifeRNG.IntN(cp.max))
			env = []string{"STORMJUDGE_CRASH_AT=" + at}
		}
		// Counted from the moment the daemon listens; a round takes about
		// a second, so kills land before, during and after adjudications.
		delay := time.Duration(lifeRNG.Int64N(int64(2 * time.Second)))
		startRound := round
		p := startProc(t, bin, env, args...)
		if crashWaitUp(p, imapAddr, smtpAddr) {
			killer := time.AfterFunc(delay, func() { p.cmd.Process.Signal(syscall.SIGKILL) })
			drive(p)
			select {
			case <-p.done:
			case <-time.After(30 * time.Second):
				t.Fatalf("life %d: the daemon outlived its kill; stderr:\n%s", life, p.stderr)
			}
			killer.Stop()
		} else {
			p.cmd.Process.Signal(syscall.SIGKILL)
			<-p.done
		}
		ws, ok := p.cmd.ProcessState.Sys().(syscall.WaitStatus)
		if !ok || !ws.Signaled() || ws.Signal() != syscall.SIGKILL {
			t.Fatalf("life %d: the daemon ended with %v, not by SIGKILL; stderr:\n%s", life, p.err, p.stderr)
		}
		how := fmt.Sprintf("SIGKILL after %v", delay.Round(time.Millisecond))
		if strings.Contains(p.stderr.String(), "crash test: SIGKILL at") {
			how = "the crash hook at " + at
		} else if at != "" {
			how += " (" + at + " not reached)"
		}
		t.Logf("life %d: round %d to %d, killed by %s", life, startRound, round, how)
	}

	// The clean run: finish the rounds, wait for every mail.
	p := startProc(t, bin, nil, args...)
	if !crashWaitUp(p, imapAddr, smtpAddr) {
		t.Fatalf("the final run did not come up: %v; stderr:\n%s", p.err, p.stderr)
	}
	drive(p)
	if round <= rounds {
		t.Fatalf("the final run ended in round %d: %v; stderr:\n%s", round, p.err, p.stderr)
	}
	last := rounds + 1 // the game's version after the last round
	owners := []string{"gm"}
	for _, pw := range storm.Powers {
		owners = append(owners, pw.String())
	}
	boxes := map[string][]mailMsg{}
	complete := func() bool {
		for _, o := range append(owners, "judge") {
			ms, err := readMailbox(imapAddr, o+"@sandbox.test", o, "INBOX", false)
			if err != nil {
				return false
			}
			boxes[o] = ms
		}
		if len(boxes["judge"]) > 0 {
			return false
		}
		for _, o := range owners {
			n := crashDistinctKinds(boxes[o])
			if n["public"] != last || (o != "gm" && (n["private"] != last || n["welcome"] != 1)) {
				return false
			}
		}
		receipts := map[string]bool{}
		for _, pw := range storm.Powers {
			for _, m := range boxes[pw.String()] {
				if m.kind() == "receipt" {
					receipts[m.InReplyTo] = true
				}
			}
		}
		return !slices.ContainsFunc(all, func(o *crashOrder) bool { return !receipts[o.id] })
	}
	// Under a loaded machine the lives run slower and a mail may be
	// interrupted three times or more before the clean run: a restart
	// retries the first two interruptions at once (mailer/outbox.go), a
	// third waits its backoff (10 s, then 1 min, 2 min ...). The clean
	// run waits that out before it calls a mail lost (a 90 s wait timed
	// out once in CI, with the whole suite running beside it).
	waitFor(t, "every mail of the clean run", max(stallLimit, 4*time.Minute), complete)
	// Let the loops settle, then read everything once more.
	time.Sleep(time.Second)
	if !complete() {
		t.Fatal("mail went missing while settling")
	}
	t.Logf("%d kills, %d rounds, %d order emails: all mail in after %s", kills, rounds, len(all), time.Since(t0).Round(time.Millisecond))

	for _, o := range owners {
		checkCrashMailbox(t, o, boxes[o], all, last)
	}

	p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-p.done:
		if p.err != nil {
			t.Fatalf("clean shutdown: %v; stderr:\n%s", p.err, p.stderr)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("no clean shutdown on SIGTERM")
	}
	checkCrashStore(t, filepath.Join(dir, "stormjudge.db"), plan, len(all), last)
	if out, err := exec.Command(bin, "replay", "-data", filepath.Join(dir, "stormjudge.db"), "demo").CombinedOutput(); err != nil {
		t.Errorf("stormjudge replay demo: %v\n%s", err, out)
	}
}

// checkCrashMailbox checks one owner's INBOX after the clean run: each
// Message-ID counted once, duplicates (at-least-once resends) logged.
func checkCrashMailbox(t *testing.T, owner string, ms []mailMsg, all []*crashOrder, last int) {
	t.Helper()
	seen := map[string]int{}
	for _, m := range ms {
		seen[m.MessageID]++
	}
	for id, n := range seen {
		if n > 1 {
			t.Logf("%s: %s delivered %d times (at-least-once resend)", owner, id, n)
		}
	}
	versions := map[string]map[int]string{"public": {}, "private": {}} // kind -> version -> Message-ID
	receipts := map[string]map[string]bool{}                           // In-Reply-To -> receipt Message-IDs
	for _, m := range ms {
		switch k := m.kind(); k {
		case "public", "private":
			v := msgVersion(m)
			if other, ok := versions[k][v]; ok && other != m.MessageID {
				t.Errorf("%s: two %s mails of version %d: %s and %s", owner, k, v, other, m.MessageID)
			}
			versions[k][v] = m.MessageID
		case "receipt":
			if receipts[m.InReplyTo] == nil {
				receipts[m.InReplyTo] = map[string]bool{}
			}
			receipts[m.InReplyTo][m.MessageID] = true
		}
	}
	for v := 1; v <= last; v++ {
		if versions["public"][v] == "" {
			t.Errorf("%s: no public report of version %d", owner, v)
		}
		if owner != "gm" && versions["private"][v] == "" {
			t.Errorf("%s: no private notice of version %d", owner, v)
		}
	}
	if n := len(versions["public"]) + len(versions["private"]); n > 2*last {
		t.Errorf("%s: reports or notices beyond version %d: %v", owner, last, versions)
	}
	mine := map[string]bool{}
	for _, o := range all {
		if o.power.String() != owner {
			continue
		}
		mine[o.id] = true
		if n := len(receipts[o.id]); n != 1 {
			t.Errorf("%s: order %s has %d receipts, want 1", owner, o.id, n)
		}
	}
	for id := range receipts {
		if !mine[id] {
			t.Errorf("%s: a receipt in reply to %s, which %s did not send", owner, id, owner)
		}
	}
}

// checkCrashStore opens the data file after the daemon exited and checks
// the game, its orders, its audit log and the outbox.
func checkCrashStore(t *testing.T, path string, plan [][]*crashOrder, emails, last int) {
	t.Helper()
	db, err := store.Open(path, nil)
	if err != nil {
		t.Fatalf("store.Open: %v", err)
	}
	defer db.Close()
	if err := db.View(store.Check); err != nil {
		t.Errorf("store.Check: %v", err)
	}
	err = db.View(func(tx *store.Tx) error {
		g, err := tx.Game(sandboxGame)
		if err != nil {
			return err
		}
		if g.Version != last {
			t.Errorf("game at version %d, want %d", g.Version, last)
		}
		for r := 1; r < len(plan); r++ {
			stored, err := tx.Orders(sandboxGame, r)
			if err != nil {
				return err
			}
			lastMail := map[storm.Power]string{}
			for _, o := range plan[r] {
				lastMail[o.power] = o.id
			}
			for pw, id := range lastMail {
				if got := stored[pw].MessageID; got != id && "<"+got+">" != id {
					t.Errorf("round %d: %s's stored orders come from %q, want its last email %s", r, pw, got, id)
				}
			}
		}
		log, err := tx.AuditLog(sandboxGame)
		if err != nil {
			return err
		}
		adjudicated := map[int]int{}
		orders := 0
		versionRE := regexp.MustCompile(`; version (\d+);`)
		for _, e := range log {
			switch e.Action {
			case "adjudicate":
				sm := versionRE.FindStringSubmatch(e.Detail)
				if sm == nil {
					t.Errorf("audit: adjudicate without a version: %q", e.Detail)
					continue
				}
				v, _ := strconv.Atoi(sm[1])
				adjudicated[v]++
			case "orders", "orders replaced":
				orders++
			}
		}
		for v, n := range adjudicated {
			if n != 1 {
				t.Errorf("audit: version %d adjudicated %d times", v, n)
			}
		}
		for v := 2; v <= last; v++ {
			if adjudicated[v] == 0 {
				t.Errorf("audit: version %d never adjudicated", v)
			}
		}
		if orders != emails {
			t.Errorf("audit: %d order entries for %d order emails", orders, emails)
		}
		pending, err := tx.Pending()
		if err != nil {
			return err
		}
		for _, m := range pending {
			t.Errorf("outbox: %s to %v still pending after the clean run", m.ID, m.To)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// crashTail is the end of s, at most n bytes.
func crashTail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return "..." + s[len(s)-n:]
}

func crashEnvInt(t *testing.T, name string, def int) int {
	t.Helper()
	s := os.Getenv(name)
	if s == "" {
		return def
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		t.Fatalf("%s=%q: want a count", name, s)
	}
	return n
}

// crashWaitUp waits until the daemon runs (daemonRunning); false if it
// ended first.
func crashWaitUp(p *proc, imapAddr, smtpAddr string) bool {
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		select {
		case <-p.done:
			return false
		default:
		}
		if daemonRunning(p, imapAddr, smtpAddr) {
			return true
		}
		time.Sleep(20 * time.Millisecond)
	}
	return false
}

// crashPublished reports whether the moderator or a power has the public
// report of version v: it was adjudicated (the mails are queued in the same
// transaction). Any of them: one recipient's mail may wait for a retry.
func crashPublished(imapAddr string, v int) bool {
	owners := []string{"gm"}
	for _, p := range storm.Powers {
		owners = append(owners, p.String())
	}
	for _, o := range owners {
		ms, err := readMailbox(imapAddr, o+"@sandbox.test", o, "INBOX", false)
		if err != nil {
			return false
		}
		if slices.ContainsFunc(ms, func(m mailMsg) bool { return m.kind() == "public" && msgVersion(m) == v }) {
			return true
		}
	}
	return false
}

// crashDistinctKinds counts an INBOX's distinct Message-IDs by kind.
func crashDistinctKinds(ms []mailMsg) map[string]int {
	seen := map[string]bool{}
	n := map[string]int{}
	for _, m := range ms {
		if !seen[m.MessageID] {
			seen[m.MessageID] = true
			n[m.kind()]++
		}
	}
	return n
}
