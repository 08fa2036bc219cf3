package judge

import (
	"bufio"
	"bytes"
	"cmp"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
	"stormjudge/deck"
	"stormjudge/store"
)

// Recorded games: a regression test that the rules engine's refactors
// (code moved between packages, no change of behaviour) leave whole games
// byte-identical through the judge.
//
// `go test ./judge -run TestRecordedGames -record` plays recordedSpecs
// anew through the judge and its store: random legal orders by the
// policy of adjudicator.SimulateGameWith (copied below: RandomOrders,
// standing orders, crisis IF plans), stored as the judge stores an
// email's orders (store.Tx.PutOrders, Pass as Ingest sets it) and
// adjudicated by Judge.Adjudicate, which stores the version with its
// events and queues every report and notice in the outbox. Emails are
// not parsed (a receipt and an argon2id check of the secret per email
// would add some 20,000 emails to the recording): the judge path starts
// at the stored orders. Mails are taken from the outbox after each
// adjudication and marked sent, as the mailer would. The clock is the
// judge tests' fixed one (newJudge), the moderator's secret fixed, and
// the decks are copies in testdata/recorded, so that an edit of
// testdata/decks does not change the recording. It writes
//
//   - testdata/recorded/inputs.json.gz: per game its seed, options and,
//     per version, the orders per power (the inputs, in full);
//   - testdata/recorded/digests.txt: per game and version the SHA-256 of
//     the state's JSON, of the events' JSON as stored and of the mails
//     the judge queued making that version (headers and bodies as stored,
//     recordedMail), and of the final judge.Export.
//
// TestRecordedGames replays the inputs through the same path and compares
// every digest, naming the first game, version and kind that differs; it
// also checks each version against the engine alone (adjudicator.Resolve
// of the recorded orders gives the judge's state and events) and
// Judge.Replay. Only the public API of adjudicator is used, so the test
// survives the package's move into sub-packages.
//
// The whole set (20 games, 3,368 versions, 12,638 mails: the digest
// folds the segments that ask a power nothing) takes about a minute,
// and far longer under -race on two cores: more than a
// CI run should spend on it. By default the test replays only the games
// of recordedDefault, in full (20 to 25 s under -race); -recorded.all
// replays every game:
//
//	go test -race ./judge -run TestRecordedGames -recorded.all -timeout 60m
var (
	recordGames = flag.Bool("record", false, "record the games of TestRecordedGames anew (rewrites testdata/recorded)")
	recordedAll = flag.Bool("recorded.all", false, "TestRecordedGames replays every recorded game, not the default subset")
	// recordedResults is for a change of words: the recorded orders must
	// still give the recorded states and events, and the mails and the
	// export that differ are listed, not failed.
	recordedResults = flag.Bool("recorded.results", false, "TestRecordedGames compares states and events only, listing the versions whose mails or final export differ")
)

const (
	recordedDir     = "testdata/recorded"
	recordedInputs  = "inputs.json.gz"
	recordedDigests = "digests.txt"
	recordedTurns   = 60 // each game is played to its end or this many turns
)

// recordedDefault are the games replayed without -recorded.all: the
// three shortest, ended by a crisis war (rec02) and by pre-emptive wars
// (rec03, rec09), with crises, diplomacy, random events and the end of
// the game; the long games (no war to 1950) only with -recorded.all.
var recordedDefault = []string{"rec02", "rec03", "rec09"}

// recordedSpec is a game to record: its seed, the random players' seed and
// the deck (a file of recordedDir, "" for none).
type recordedSpec struct {
	seed, orderSeed uint64
	deck            string
	// peaceful: the random players never declare or threaten a
	// pre-emptive war (32.8), else most games end in it by 1937 and the
	// later turns go unrecorded.
	peaceful bool
}

// recordedSpecs are the recorded games: seeds 1935 to 1954, three decks
// and none, every other game with peaceful players. So recorded, 13
// games end in war (3 in a crisis, 10 pre-emptive, from Fall 1935 to
// Summer 1937) and 7 play their 60 turns to Spring 1950 with some 10 to
// 18 crises each; the recorder fails when an event of keyEvents or the
// end of a game is missing.
var recordedSpecs = func() []recordedSpec {
	var out []recordedSpec
	decks := []string{"illustrative.toml", "", "intrigue.toml", "illustrative.toml"}
	for i := 1; i <= 20; i++ {
		out = append(out, recordedSpec{seed: uint64(1934 + i), orderSeed: uint64(i), deck: decks[i%len(decks)], peaceful: i%2 == 0})
	}
	return out
}()

// recordedGame is one game's inputs.
type recordedGame struct {
	ID        string `json:"id"`
	Seed      uint64 `json:"seed"`
	OrderSeed uint64 `json:"order_seed"` // the random players' generator (recording only)
	Deck      string `json:"deck,omitempty"`
	Diplomacy bool   `json:"diplomacy"`
	Crisis    bool   `json:"crisis"`
	Turns     int    `json:"turns"`
	Peaceful  bool   `json:"peaceful,omitempty"` // the random players' policy (recording only)
	// Versions[i] are the orders stored for version i+1 (version 1 is
	// the first that takes orders), which made version i+2.
	Versions [][]recordedOrders `json:"versions"`
}

// recordedOrders is one power's order record for a version.
type recordedOrders struct {
	Power  storm.Power   `json:"p"`
	Pass   bool          `json:"pass,omitempty"`
	Orders []storm.Order `json:"o"`
}

// recordedDigest is what a version produced: the digests of its state,
// its events and the mails queued making it, with their count.
type recordedDigest struct {
	State, Events string
	Mails         int
	MailDigest    string
	// queued are the mails themselves, as queued (not digested, not
	// recorded): for the tests that read them (flowed_test.go).
	queued []*store.Mail
}

// kept is d as a result keeps it: without the mails.
func (d recordedDigest) kept() recordedDigest {
	d.queued = nil
	return d
}

// recordedResult is what a game produced: a digest per version (from 0)
// and the final export's.
type recordedResult struct {
	Versions []recordedDigest
	Export   string
}

func sha(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

// recordedMail is the part of an outbox mail that is digested: its
// headers and bodies as queued (Sensitive bodies opened), not the
// mailer's bookkeeping.
type recordedMail struct {
	ID            string             `json:"id"`
	Game          string             `json:"game"`
	From          string             `json:"from"`
	To            []string           `json:"to"`
	Subject       string             `json:"subject"`
	MessageID     string             `json:"message_id"`
	InReplyTo     string             `json:"in_reply_to"`
	References    []string           `json:"references"`
	AutoSubmitted string             `json:"auto_submitted"`
	Created       time.Time          `json:"created"`
	Seq           uint64             `json:"seq"`
	Sensitive     bool               `json:"sensitive"`
	Flowed        bool               `json:"flowed"`
	Body          string             `json:"body"`
	HTML          string             `json:"html"`
	Inline        []store.Inline     `json:"inline"`
	Attachments   []store.Attachment `json:"attachments"`
}

// recordedJudge is the judge of the judge's tests (newJudge: a fresh
// store, the fixed clock) with no log output: twenty long games log much.
func recordedJudge(t *testing.T) (*Judge, *store.DB) {
	t.Helper()
	j, db, _ := newJudge(t)
	j.log = slog.New(slog.DiscardHandler)
	return j, db
}

// recordedDef is the game definition of g: demoDef's seats, a moderator
// with a fixed secret (else the judge draws one), no deadlines.
func recordedDef(t *testing.T, g *recordedGame) GameDef {
	def := demoDef(0)
	def.Rules.Mail = "" // the players' default, the digest
	def.ID, def.Seed, def.Diplomacy, def.Crisis = g.ID, g.Seed, g.Diplomacy, g.Crisis
	def.ModeratorSecret = "gm-secret"
	if g.Deck != "" {
		d, err := deck.LoadFile(filepath.Join(recordedDir, g.Deck))
		if err != nil {
			t.Fatal(err)
		}
		def.Deck = &d
	}
	return def
}

// takeMails digests the mails queued since the last call, in the order
// they were queued, and marks them sent (as the mailer would), so that
// the next call sees only the next version's; it returns them too.
func takeMails(t *testing.T, db *store.DB, now time.Time) (int, string, []*store.Mail) {
	t.Helper()
	h := sha256.New()
	n := 0
	var queued []*store.Mail
	if err := db.Update(func(tx *store.Tx) error {
		ms, err := tx.Pending()
		if err != nil {
			return err
		}
		slices.SortFunc(ms, func(a, b *store.Mail) int { return cmp.Compare(a.Seq, b.Seq) })
		queued = ms
		for _, m := range ms {
			b, err := json.Marshal(recordedMail{ID: m.ID, Game: m.Game, From: m.From, To: m.To, Subject: m.Subject,
				MessageID: m.MessageID, InReplyTo: m.InReplyTo, References: m.References, AutoSubmitted: m.AutoSubmitted,
				Created: m.Created, Seq: m.Seq, Sensitive: m.Sensitive, Flowed: m.Flowed, Body: m.Body, HTML: m.HTML,
				Inline: m.Inline, Attachments: m.Attachments})
			if err != nil {
				return err
			}
			h.Write(b)
			h.Write([]byte{'\n'})
			n++
			if err := tx.MarkSent(m.ID, now); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return n, hex.EncodeToString(h.Sum(nil)), queued
}

// versionDigest digests version v of game as stored.
func versionDigest(t *testing.T, db *store.DB, game string, v int) (recordedDigest, storm.State, []byte) {
	t.Helper()
	var d recordedDigest
	var s storm.State
	var evs []byte
	if err := db.View(func(tx *store.Tx) error {
		var err error
		if s, err = tx.State(game, v); err != nil {
			return err
		}
		b, err := json.Marshal(s)
		if err != nil {
			return err
		}
		if evs, err = tx.Events(game, v); err != nil {
			return err
		}
		d.State, d.Events = sha(b), sha(evs)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return d, s, evs
}

// playRecorded plays g through the judge: from its inputs (g.Versions),
// or, when rng is not nil, with the random players' orders, appended to
// g.Versions. each, when not nil, is called with every new version's
// digest, state and events and stops the game when it returns false.
func playRecorded(t *testing.T, g *recordedGame, rng *rand.Rand, each func(v int, d recordedDigest, s storm.State, evs []byte) bool) recordedResult {
	t.Helper()
	j, db := recordedJudge(t)
	return playRecordedOn(t, j, db, g, rng, each)
}

// playRecordedOn is playRecorded with the judge j over db.
func playRecordedOn(t *testing.T, j *Judge, db *store.DB, g *recordedGame, rng *rand.Rand, each func(v int, d recordedDigest, s storm.State, evs []byte) bool) recordedResult {
	t.Helper()
	now := j.opt.Now()
	if _, err := j.EnsureGame(recordedDef(t, g)); err != nil {
		t.Fatal(err)
	}
	var res recordedResult
	for v := 0; v <= 1; v++ { // the setup and the first version come with the game
		d, s, evs := versionDigest(t, db, g.ID, v)
		if v == 0 {
			d.MailDigest = sha(nil)
		} else {
			d.Mails, d.MailDigest, d.queued = takeMails(t, db, now)
		}
		res.Versions = append(res.Versions, d.kept())
		if each != nil && !each(v, d, s, evs) {
			return res
		}
	}
	_, s, _ := game(t, db, g.ID)
	turns := 0
	for v := 1; ; v++ {
		var recs []recordedOrders
		if rng != nil {
			if s.Ended || len(adjudicator.Required(s)) == 0 || turns >= g.Turns {
				break
			}
			recs = judgeRecords(t, s, adjudicator.Players{Standing: 50, Peaceful: g.Peaceful}.Orders(s, rng))
			g.Versions = append(g.Versions, recs)
		} else {
			if v > len(g.Versions) {
				break
			}
			recs = g.Versions[v-1]
		}
		if err := db.Update(func(tx *store.Tx) error {
			for _, r := range recs {
				if err := tx.PutOrders(g.ID, v, store.OrderRecord{Power: r.Power, Orders: r.Orders, Pass: r.Pass,
					MessageID: fmt.Sprintf("<%s.%d.%s@players.test>", g.ID, v, r.Power), From: r.Power.String() + "@sandbox.test", Received: now}); err != nil {
					return err
				}
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		done, err := j.Adjudicate(g.ID)
		if err != nil {
			t.Fatalf("%s version %d: %v", g.ID, v, err)
		}
		if !done {
			t.Fatalf("%s version %d (%s %s): the judge did not adjudicate with the recorded orders", g.ID, v, s.Turn, s.Segment)
		}
		d, next, evs := versionDigest(t, db, g.ID, v+1)
		d.Mails, d.MailDigest, d.queued = takeMails(t, db, now)
		res.Versions = append(res.Versions, d.kept())
		if each != nil && !each(v+1, d, next, evs) {
			return res
		}
		if next.Turn != s.Turn || next.Ended {
			turns++
		}
		s = next
	}
	if err := db.View(func(tx *store.Tx) error {
		b, err := Export(tx, g.ID, -1)
		res.Export = sha(b)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if n, err := j.Replay(g.ID); err != nil || n != len(res.Versions)-1 {
		t.Errorf("%s: Judge.Replay checked %d versions of %d: %v", g.ID, n, len(res.Versions)-1, err)
	}
	return res
}

// judgeRecords are the order records the judge stores for the orders of
// the simulator's players: one per power in orders; a power that must
// order and sends none, or only standing orders, has PASSed (Ingest:
// Pass when an email has no order; the simulator's players send PASS
// with their standing orders).
func judgeRecords(t *testing.T, s storm.State, orders map[storm.Power][]storm.Order) []recordedOrders {
	t.Helper()
	var out []recordedOrders
	req := adjudicator.Required(s)
	for _, p := range storm.Powers {
		ords, ok := orders[p]
		if !ok {
			continue
		}
		if errs := adjudicator.Validate(s, p, ords); len(errs) > 0 {
			t.Fatalf("%s %s: the random orders of %s are refused: %v", s.Turn, s.Segment, p, errs)
		}
		if !slices.Contains(req, p) && !adjudicator.MayOrder(s, p, ords) {
			t.Fatalf("%s %s: %s may not order %v", s.Turn, s.Segment, p, ords)
		}
		out = append(out, recordedOrders{Power: p, Orders: ords,
			Pass: slices.Contains(req, p) && (len(ords) == 0 || adjudicator.OnlyStanding(s, ords))})
	}
	return out
}

// recordedCoverage counts what the recorded games went through.
type recordedCoverage struct {
	games, versions, mails, ended int
	wars                          map[string]int
	events                        map[string]int
}

func newRecordedCoverage() *recordedCoverage {
	return &recordedCoverage{wars: map[string]int{}, events: map[string]int{}}
}

// version counts a version: its mails, its events by type and, when it
// ended the game, its war.
func (c *recordedCoverage) version(d recordedDigest, s storm.State, evs []byte) {
	c.versions++
	c.mails += d.Mails
	var list []struct {
		Type string `json:"type"`
	}
	if len(evs) > 0 {
		_ = json.Unmarshal(evs, &list)
	}
	for _, e := range list {
		c.events[e.Type]++
		if e.Type == "GameEnded" && s.War != nil {
			c.ended++
			c.wars[string(s.War.Kind)]++
		}
	}
}

func (c *recordedCoverage) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d games, %d versions, %d mails; %d ended in war %v; events:", c.games, c.versions, c.mails, c.ended, c.wars)
	kinds := make([]string, 0, len(c.events))
	for k := range c.events {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	for i, k := range kinds {
		if i%6 == 0 {
			b.WriteString("\n   ")
		}
		fmt.Fprintf(&b, " %s %d", k, c.events[k])
	}
	return b.String()
}

// keyEvents are events the recording must hold at least once.
var keyEvents = []string{"CrisisAnnounced", "CrisisDecision", "CrisisResistance", "CrisisEnded", "AggressionSucceeded",
	"WarBroke", "GameEnded", "DiplomaticRoundPlaced", "DiplomacyRevealed", "DiplomaticResult"}

func TestRecordedGames(t *testing.T) {
	if *recordGames {
		recordAll(t)
		return
	}
	games, want := loadRecorded(t)
	cov := newRecordedCoverage()
	n := 0
	for _, g := range games {
		if !*recordedAll && !slices.Contains(recordedDefault, g.ID) {
			continue
		}
		n++
		t.Run(g.ID, func(t *testing.T) {
			replayRecorded(t, g, want[g.ID], cov)
		})
	}
	if n < len(games) {
		t.Logf("replayed %d of %d recorded games (-recorded.all replays every one)", n, len(games))
	}
	t.Logf("coverage: %s", cov)
}

// replayRecorded plays g's inputs and compares each version's digests
// with want as it goes, and each version with the engine's own
// resolution of the recorded orders.
func replayRecorded(t *testing.T, g *recordedGame, want recordedResult, cov *recordedCoverage) {
	var prev storm.State
	failed := false
	res := playRecorded(t, g, nil, func(v int, d recordedDigest, s storm.State, evs []byte) bool {
		cov.version(d, s, evs)
		if v >= len(want.Versions) {
			t.Errorf("%s: version %d was not recorded (recorded %d versions)", g.ID, v, len(want.Versions))
			failed = true
			return false
		}
		w := want.Versions[v]
		for _, k := range []struct{ kind, got, want string }{
			{"state", d.State, w.State}, {"events", d.Events, w.Events},
			{"mails", fmt.Sprintf("%d %s", d.Mails, d.MailDigest), fmt.Sprintf("%d %s", w.Mails, w.MailDigest)},
		} {
			if k.got != k.want {
				if k.kind == "mails" && *recordedResults {
					t.Logf("%s version %d (%s %s): mails differ (-recorded.results)", g.ID, v, s.Turn, s.Segment)
					continue
				}
				t.Errorf("%s version %d (%s %s): %s differ: got %s, recorded %s", g.ID, v, s.Turn, s.Segment, k.kind, k.got, k.want)
				failed = true
				return false
			}
		}
		if v >= 2 { // the engine alone: Resolve of the recorded orders
			ords := map[storm.Power][]storm.Order{}
			for _, r := range g.Versions[v-2] {
				ords[r.Power] = r.Orders
			}
			next, es, err := adjudicator.Resolve(prev, ords)
			if err != nil {
				t.Errorf("%s version %d: adjudicator.Resolve: %v", g.ID, v, err)
				failed = true
				return false
			}
			a, _ := json.Marshal(next)
			b, _ := event.MarshalEvents(es)
			if sha(a) != d.State || !bytes.Equal(b, evs) {
				t.Errorf("%s version %d: adjudicator.Resolve of the recorded orders differs from the judge's version", g.ID, v)
				failed = true
				return false
			}
		}
		prev = s
		return true
	})
	if failed {
		return
	}
	cov.games++
	if len(res.Versions) != len(want.Versions) {
		t.Errorf("%s: %d versions, recorded %d", g.ID, len(res.Versions), len(want.Versions))
	} else if res.Export != want.Export && *recordedResults {
		t.Logf("%s: the final export differs (-recorded.results)", g.ID)
	} else if res.Export != want.Export {
		t.Errorf("%s: the final export differs: got %s, recorded %s", g.ID, res.Export, want.Export)
	}
}

// recordAll plays recordedSpecs and rewrites testdata/recorded.
func recordAll(t *testing.T) {
	cov := newRecordedCoverage()
	var games []*recordedGame
	results := map[string]recordedResult{}
	for i, sp := range recordedSpecs {
		g := &recordedGame{ID: fmt.Sprintf("rec%02d", i+1), Seed: sp.seed, OrderSeed: sp.orderSeed, Deck: sp.deck,
			Diplomacy: true, Crisis: true, Turns: recordedTurns, Peaceful: sp.peaceful}
		var last storm.State
		start := time.Now()
		own := newRecordedCoverage()
		res := playRecorded(t, g, rand.New(rand.NewPCG(sp.orderSeed, 35)), func(v int, d recordedDigest, s storm.State, evs []byte) bool {
			cov.version(d, s, evs)
			own.version(d, s, evs)
			last = s
			return true
		})
		games = append(games, g)
		results[g.ID] = res
		cov.games++
		how := fmt.Sprintf("no war by %s", last.Turn)
		if last.Ended {
			how = fmt.Sprintf("%s war in %s", last.War.Kind, last.War.Turn)
		}
		t.Logf("%s (seed %d, deck %q, peaceful %v): %d versions, %d mails, %s; crises %d, aggressions succeeded %d, pacts %d (%v)",
			g.ID, g.Seed, g.Deck, g.Peaceful, len(res.Versions), own.mails, how, own.events["CrisisAnnounced"],
			own.events["AggressionSucceeded"], own.events["PactSigned"], time.Since(start).Round(time.Millisecond))
	}
	t.Logf("coverage: %s", cov)
	for _, k := range keyEvents {
		if cov.events[k] == 0 {
			t.Errorf("the recording has no %s event: pick other seeds", k)
		}
	}
	if cov.ended == 0 {
		t.Error("no recorded game reached its end: pick other seeds")
	}
	writeRecorded(t, games, results)
}

func writeRecorded(t *testing.T, games []*recordedGame, results map[string]recordedResult) {
	var in bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&in, gzip.BestCompression)
	// One line per game and version: diffs and partial reads stay easy.
	for _, g := range games {
		head := *g
		head.Versions = nil
		b, err := json.Marshal(head)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(zw, "%s\n", b)
		for _, v := range g.Versions {
			b, err := json.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(zw, "%s\n", b)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	var dg bytes.Buffer
	dg.WriteString("# TestRecordedGames (judge/recorded_test.go): SHA-256 per game and version of the state's JSON,\n" +
		"# the events' JSON as stored, and the mails queued making the version (count and digest);\n" +
		"# then the final judge.Export's. Rewritten by: go test ./judge -run TestRecordedGames -record\n")
	for _, g := range games {
		r := results[g.ID]
		for v, d := range r.Versions {
			fmt.Fprintf(&dg, "%s %d %s %s %d %s\n", g.ID, v, d.State, d.Events, d.Mails, d.MailDigest)
		}
		fmt.Fprintf(&dg, "%s export %s\n", g.ID, r.Export)
	}
	for name, b := range map[string][]byte{recordedInputs: in.Bytes(), recordedDigests: dg.Bytes()} {
		if err := os.WriteFile(filepath.Join(recordedDir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("wrote %s (%d bytes) and %s (%d bytes)", recordedInputs, in.Len(), recordedDigests, dg.Len())
}

// loadRecorded reads testdata/recorded: the games' inputs in order and
// their digests by game.
func loadRecorded(t *testing.T) ([]*recordedGame, map[string]recordedResult) {
	t.Helper()
	f, err := os.Open(filepath.Join(recordedDir, recordedInputs))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	var games []*recordedGame
	sc := bufio.NewScanner(zr)
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		line := sc.Bytes()
		if bytes.HasPrefix(line, []byte("{")) {
			g := new(recordedGame)
			if err := json.Unmarshal(line, g); err != nil {
				t.Fatal(err)
			}
			games = append(games, g)
			continue
		}
		var v []recordedOrders
		if err := json.Unmarshal(line, &v); err != nil || len(games) == 0 {
			t.Fatalf("%s: %q: %v", recordedInputs, line, err)
		}
		games[len(games)-1].Versions = append(games[len(games)-1].Versions, v)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(io.Discard, zr); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(recordedDir, recordedDigests))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]recordedResult{}
	for i, line := range strings.Split(string(b), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		r := want[f[0]]
		switch {
		case len(f) == 3 && f[1] == "export":
			r.Export = f[2]
		case len(f) == 6:
			v, err1 := strconv.Atoi(f[1])
			n, err2 := strconv.Atoi(f[4])
			if err1 != nil || err2 != nil || v != len(r.Versions) {
				t.Fatalf("%s line %d: %q", recordedDigests, i+1, line)
			}
			r.Versions = append(r.Versions, recordedDigest{State: f[2], Events: f[3], Mails: n, MailDigest: f[5]})
		default:
			t.Fatalf("%s line %d: %q", recordedDigests, i+1, line)
		}
		want[f[0]] = r
	}
	if len(games) == 0 || len(want) != len(games) {
		t.Fatalf("%d games in %s, %d in %s", len(games), recordedInputs, len(want), recordedDigests)
	}
	return games, want
}
