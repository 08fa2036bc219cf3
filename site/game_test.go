package site

import (
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"stormjudge/adjudicator/storm"
	"stormjudge/deck"
	"stormjudge/judge"
	"stormjudge/store"
)

// The tests play a real game through the judge (judge.New over a store
// in a temporary directory, emails ingested as the daemon would), with
// the illustrative deck, diplomacy and press; segments close at their
// deadline, moved by the test's clock.

type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }

// testGame is a game being played.
type testGame struct {
	t   *testing.T
	j   *judge.Judge
	db  *store.DB
	c   *clock
	seq int
}

// gameSeed gives a game in which a power holds a secret random event in
// the first turn (TestSecrecy checks it does).
const gameSeed = 5

func newGame(t *testing.T) *testGame {
	t.Helper()
	db, err := store.Open(filepath.Join(t.TempDir(), "j.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	g := &testGame{t: t, db: db, c: &clock{time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)}}
	g.j = judge.New(db, &judge.Options{Address: "judge@sandbox.test", Now: g.c.now, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	d, err := deck.LoadFile("../testdata/decks/illustrative.toml")
	if err != nil {
		t.Fatal(err)
	}
	def := judge.GameDef{ID: "demo", Moderators: []string{"gm@sandbox.test"}, ModeratorSecret: "gmsecret", Seed: gameSeed,
		SegmentDuration: time.Hour, Deck: &d, Diplomacy: true, Crisis: true, Press: store.PressRules{Mode: "grey"}}
	for _, p := range storm.Powers {
		def.Seats = append(def.Seats, judge.SeatDef{Power: p, Address: p.String() + "@sandbox.test", Secret: p.String()})
	}
	if _, err := g.j.EnsureGame(def); err != nil {
		t.Fatal(err)
	}
	return g
}

// send ingests an email from p with lines, which must be accepted.
func (g *testGame) send(p storm.Power, lines string) {
	g.t.Helper()
	g.seq++
	raw := fmt.Sprintf("From: %s@sandbox.test\r\nTo: judge@sandbox.test\r\nSubject: orders\r\nMessage-ID: <m%d@test>\r\n"+
		"Content-Type: text/plain; charset=utf-8\r\n\r\n%s", p, g.seq,
		strings.ReplaceAll("GAME demo\nSECRET "+p.String()+"\n"+lines+"\nEND\n", "\n", "\r\n"))
	res, err := g.j.Ingest([]byte(raw))
	if err != nil {
		g.t.Fatal(err)
	}
	if res.Outcome != judge.Accepted {
		body := ""
		if res.Receipt != nil {
			body = res.Receipt.Body
		}
		g.t.Fatalf("%s's %q: %s\n%s", p, lines, res.Outcome, body)
	}
}

// state is the game's record and open state.
func (g *testGame) state() (*store.Game, storm.State) {
	g.t.Helper()
	var gm *store.Game
	var s storm.State
	if err := g.db.View(func(tx *store.Tx) error {
		var err error
		if gm, err = tx.Game("demo"); err != nil {
			return err
		}
		s, err = tx.State("demo", gm.Version)
		return err
	}); err != nil {
		g.t.Fatal(err)
	}
	return gm, s
}

// deadline lets the open segment's deadline pass: the judge adjudicates
// it (missing orders as the rules say).
func (g *testGame) deadline() {
	g.t.Helper()
	before, _ := g.state()
	g.c.t = g.c.t.Add(2 * time.Hour)
	if _, err := g.j.Tick(); err != nil {
		g.t.Fatal(err)
	}
	if after, _ := g.state(); after.Version == before.Version {
		g.t.Fatalf("version %d: the deadline passed and nothing was adjudicated", before.Version)
	}
}

// playUntil lets deadlines pass until the open segment is seg (placing
// Germany's diplomatic counter when the Axis' first round opens), at most
// limit times.
func (g *testGame) playUntil(seg storm.Segment, limit int) {
	g.t.Helper()
	for range limit {
		if _, s := g.state(); s.Segment == seg {
			return
		}
		g.deadline()
	}
	_, s := g.state()
	g.t.Fatalf("%s not reached in %d segments (at %s %s)", seg, limit, s.Turn, s.Segment)
}

// end ends the game as the judge does when nobody orders any more
// (store.Game.Ended): the test needs an ended game's site, not a whole
// game's play.
func (g *testGame) end() {
	g.t.Helper()
	if err := g.db.Update(func(tx *store.Tx) error {
		gm, err := tx.Game("demo")
		if err != nil {
			return err
		}
		gm.Ended = g.c.t
		return tx.PutGame(gm)
	}); err != nil {
		g.t.Fatal(err)
	}
}
