package judge

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"stormjudge/adjudicator/storm"
	"stormjudge/store"
)

// intoDisorder: under NMR COMPUTER 1 Italy misses a deadline and falls
// into civil disorder; one more segment is played (the computer ordering
// for Italy). It returns the version at which Italy missed.
func intoDisorder(t *testing.T, j *Judge, db *store.DB, c *clock) int {
	t.Helper()
	passAll(t, j, db, storm.Italy)
	g, _, _ := game(t, db, "demo")
	missedAt := g.Version
	c.t = c.t.Add(25 * time.Hour)
	if _, err := j.Tick(); err != nil {
		t.Fatal(err)
	}
	passAll(t, j, db)
	g, _, _ = game(t, db, "demo")
	if !g.Seat(storm.Italy).Disorder || g.Version != missedAt+2 {
		t.Fatalf("setup: version %d (missed at %d), %+v", g.Version, missedAt, g.Seat(storm.Italy))
	}
	return missedAt
}

// TestRollbackAfterForgiveKeepsDisorder (docs/orders.md "The computer
// player"): FORGIVE leaves the seat in civil disorder until its player
// writes; only a ROLLBACK that undoes the miss which made it ends it.
// Here the ROLLBACK undoes a later version only.
func TestRollbackAfterForgiveKeepsDisorder(t *testing.T) {
	j, db, c := rulesGame(t, 24*time.Hour, store.Rules{NMR: "computer", DisorderAfter: 1})
	missedAt := intoDisorder(t, j, db, c)
	mustIngest(t, j, moderatorMail("FORGIVE italy"), Accepted)
	if g, _, _ := game(t, db, "demo"); !g.Seat(storm.Italy).Disorder {
		t.Fatalf("FORGIVE ended the civil disorder: %+v", g.Seat(storm.Italy))
	}
	mustIngest(t, j, moderatorMail("ROLLBACK "+strconv.Itoa(missedAt+1)), Accepted)
	if g, _, _ := game(t, db, "demo"); !g.Seat(storm.Italy).Disorder {
		t.Errorf("a ROLLBACK to %d (the miss at %d not undone) ended the civil disorder: %+v", missedAt+1, missedAt, g.Seat(storm.Italy))
	}
}

// TestRollbackAfterNMRChangeKeepsDisorder: the same through a rule
// change, NMR COMPUTER 3 after the seat fell at 1.
func TestRollbackAfterNMRChangeKeepsDisorder(t *testing.T) {
	j, db, c := rulesGame(t, 24*time.Hour, store.Rules{NMR: "computer", DisorderAfter: 1})
	missedAt := intoDisorder(t, j, db, c)
	mustIngest(t, j, moderatorMail("NMR COMPUTER 3"), Accepted)
	mustIngest(t, j, moderatorMail("ROLLBACK "+strconv.Itoa(missedAt+1)), Accepted)
	if g, _, _ := game(t, db, "demo"); !g.Seat(storm.Italy).Disorder {
		t.Errorf("a ROLLBACK that undoes no miss ended the civil disorder: %+v", g.Seat(storm.Italy))
	}
}

// TestForgiveInGraceKeepsGrace: FORGIVE in the grace: the player keeps
// its grace (the computer does not order before the grace ends).
func TestForgiveInGraceKeepsGrace(t *testing.T) {
	j, db, c := rulesGame(t, 24*time.Hour, store.Rules{NMR: "computer", DisorderAfter: 1, Grace: 2 * time.Hour})
	passAll(t, j, db, storm.Italy)
	g, _, _ := game(t, db, "demo")
	v := g.Version
	c.t = c.t.Add(24*time.Hour + time.Minute)
	if _, err := j.Tick(); err != nil {
		t.Fatal(err)
	}
	mustIngest(t, j, moderatorMail("FORGIVE italy"), Accepted)
	if g, _, _ = game(t, db, "demo"); g.Version != v {
		t.Errorf("FORGIVE in the grace: the computer ordered for Italy and the segment was adjudicated (version %d, want %d)", g.Version, v)
	}
}

// TestResignInDisorderIsNoComingBack: a player in civil disorder who
// RESIGNs is not told "You play Italy again".
func TestResignInDisorderIsNoComingBack(t *testing.T) {
	j, db, c := rulesGame(t, 24*time.Hour, store.Rules{NMR: "computer", DisorderAfter: 1})
	intoDisorder(t, j, db, c)
	res := mustIngest(t, j, player(storm.Italy, "RESIGN italy"), Accepted)
	if r := flat(res.Receipt.Body); strings.Contains(r, "You play Italy again") {
		t.Errorf("RESIGN's receipt says the player plays Italy again:\n%s", res.Receipt.Body)
	}
}

// TestAdjudicateInGraceComputerOrders: the moderator's ADJUDICATE in the
// grace of the deadline at which Italy fell into civil disorder: the
// computer orders for Italy, and the report's lead tells the others that
// the computer plays it (its player was told so).
func TestAdjudicateInGraceComputerOrders(t *testing.T) {
	j, db, c := rulesGame(t, 24*time.Hour, store.Rules{NMR: "computer", DisorderAfter: 1, Grace: 2 * time.Hour})
	passAll(t, j, db, storm.Italy)
	g, _, _ := game(t, db, "demo")
	v := g.Version
	c.t = c.t.Add(24*time.Hour + time.Minute)
	if _, err := j.Tick(); err != nil {
		t.Fatal(err)
	}
	mustIngest(t, j, moderatorMail("ADJUDICATE"), Accepted)
	var rec store.OrderRecord
	var ok bool
	if err := db.View(func(tx *store.Tx) error {
		recs, err := tx.Orders("demo", v)
		rec, ok = recs[storm.Italy]
		return err
	}); err != nil {
		t.Fatal(err)
	}
	lead := false
	for _, m := range mailsWith(t, db, "public") {
		lead = lead || strings.Contains(flat(m.Body), "the computer plays it until its player writes again")
	}
	if !lead {
		t.Errorf("no report tells the others Italy is in civil disorder (Italy's record at %d: %+v, present %v)", v, rec, ok)
	}
	if !ok || !rec.Computer {
		t.Errorf("Italy's record at %d: %+v (present %v), want the computer's", v, rec, ok)
	}
}

// TestChainAfterIngestStopsAtThePerson: one person against four
// computers: each of its emails moves the game through the segments the
// computer alone orders in, and stops where the person must order;
// replay agrees.
func TestChainAfterIngestStopsAtThePerson(t *testing.T) {
	j, db, _ := newJudge(t)
	def := demoDef(24 * time.Hour)
	def.Diplomacy, def.Crisis = true, true
	for i := range def.Seats {
		if def.Seats[i].Power != storm.Germany {
			def.Seats[i] = SeatDef{Power: def.Seats[i].Power, Computer: true}
		}
	}
	if _, err := j.EnsureGame(def); err != nil {
		t.Fatal(err)
	}
	if _, err := j.Tick(); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 40; i++ {
		g, s, recs := game(t, db, "demo")
		if !g.Ended.IsZero() {
			break
		}
		miss := MissingPowers(s, recs)
		if len(miss) != 1 || miss[0] != storm.Germany {
			t.Fatalf("v%d %s %s: waiting for %v, want Germany alone", g.Version, s.Turn, s.Segment, miss)
		}
		mustIngest(t, j, player(storm.Germany, "PASS"), Accepted)
		g2, _, _ := game(t, db, "demo")
		t.Logf("v%d -> v%d", g.Version, g2.Version)
	}
	noMailToComputer(t, db)
	g, _, _ := game(t, db, "demo")
	if n, err := j.Replay("demo"); err != nil || n != g.Version {
		t.Errorf("replay: %d versions, %v", n, err)
	}
}
