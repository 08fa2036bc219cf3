package judge

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"stormjudge/adjudicator/storm"
	"stormjudge/judge/publish"
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
	chained := 0 // the emails that moved the game more than one segment
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
		if g2.Version <= g.Version || g2.Version > g.Version+MaxRun {
			t.Fatalf("an email moved the game from version %d to %d", g.Version, g2.Version)
		}
		if g2.Version > g.Version+1 {
			chained++
		}
	}
	if chained == 0 {
		t.Error("no email moved the game through a segment the computer alone orders in")
	}
	noMailToComputer(t, db)
	g, _, _ := game(t, db, "demo")
	if n, err := j.Replay("demo"); err != nil || n != g.Version {
		t.Errorf("replay: %d versions, %v", n, err)
	}
}

// TestRollbackUndoingTheMissEndsDisorder: a ROLLBACK to the version open
// when Italy's miss put it in civil disorder undoes that miss: the seat
// is its player's again, which is audited, announced to the players and
// moderators, and said in Italy's notice sent again.
func TestRollbackUndoingTheMissEndsDisorder(t *testing.T) {
	j, db, c := rulesGame(t, 24*time.Hour, store.Rules{NMR: "computer", DisorderAfter: 1})
	missedAt := intoDisorder(t, j, db, c)
	res := mustIngest(t, j, moderatorMail("ROLLBACK "+strconv.Itoa(missedAt)), Accepted)
	g, _, _ := game(t, db, "demo")
	if seat := g.Seat(storm.Italy); seat.Disorder || seat.DisorderAt != 0 {
		t.Fatalf("after a ROLLBACK to %d: %+v", missedAt, seat)
	}
	undone := "undid the missed deadline that gave Italy to the computer"
	if !strings.Contains(flat(res.Receipt.Body), undone) {
		t.Errorf("the ROLLBACK's receipt does not say the civil disorder ended:\n%s", res.Receipt.Body)
	}
	announced, notice := false, false
	for _, m := range outbox(t, db) {
		body := flat(m.Body)
		announced = announced || m.To[0] == "france@sandbox.test" && strings.Contains(body, undone)
		notice = notice || m.To[0] == "italy@sandbox.test" && strings.Contains(body, "You play Italy again: the rollback undid the missed deadline")
	}
	if !announced {
		t.Error("the others were not told the civil disorder ended")
	}
	if !notice {
		t.Error("Italy's player was not told it plays Italy again")
	}
	if len(audits(t, db, "civil disorder ended")) != 1 {
		t.Error("the end of the civil disorder is not audited")
	}
}

// TestRefusedEmailInDisorderKeepsTheComputer: an email of a player in
// civil disorder that the judge refuses leaves the seat to the computer,
// and its receipt says so, as the civil disorder notice did; the
// plurals of one missed deadline read right.
func TestRefusedEmailInDisorderKeepsTheComputer(t *testing.T) {
	j, db, c := rulesGame(t, 24*time.Hour, store.Rules{})
	res := mustIngest(t, j, moderatorMail("NMR COMPUTER 1"), Accepted)
	if r := flat(res.Receipt.Body); !strings.Contains(r, "a seat that misses 1 deadline in a row is played by the computer") {
		t.Errorf("NMR COMPUTER 1's receipt:\n%s", res.Receipt.Body)
	}
	intoDisorder(t, j, db, c)
	notices := mailsWith(t, db, "demo/disorder/")
	if len(notices) != 1 {
		t.Fatalf("%d civil disorder notices", len(notices))
	}
	if n := flat(notices[0].Body); !strings.Contains(n, "that is 1 deadline missed in a row") || !strings.Contains(n, "that the judge accepts") || strings.Contains(n, "any email") {
		t.Errorf("the civil disorder notice:\n%s", notices[0].Body)
	}
	lead := false
	for _, m := range mailsWith(t, db, "public") {
		lead = lead || strings.Contains(flat(m.Body), "Italy has missed 1 deadline in a row: the computer plays it")
	}
	if !lead {
		t.Error("no report's lead says Italy missed 1 deadline")
	}
	if !slices.ContainsFunc(audits(t, db, "civil disorder"), func(e store.AuditEntry) bool {
		return strings.Contains(e.Detail, "1 deadline missed in a row")
	}) {
		t.Error("the civil disorder's audit line does not count 1 deadline")
	}
	res = mustIngest(t, j, player(storm.Italy, "BUILD NONSENSE"), Rejected)
	if r := flat(res.Receipt.Body); !strings.Contains(r, "The computer still plays Italy") {
		t.Errorf("the refusal does not say the computer still plays Italy:\n%s", res.Receipt.Body)
	}
	if g, _, _ := game(t, db, "demo"); !g.Seat(storm.Italy).Disorder {
		t.Error("a refused email ended the civil disorder")
	}
	res = mustIngest(t, j, player(storm.Italy, "PASS"), Accepted)
	if r := flat(res.Receipt.Body); strings.Contains(r, "The computer still plays") || !strings.Contains(r, "You play Italy again") {
		t.Errorf("the accepted email's receipt:\n%s", res.Receipt.Body)
	}
}

// TestPressToComputerSeatNotSent: a PRESS to a seat the computer plays
// is not sent, and the receipt says so, not "Press sent to Italy"; a
// PRESS to it alone is refused.
func TestPressToComputerSeatNotSent(t *testing.T) {
	j, db, _ := rulesGame(t, 24*time.Hour, store.Rules{})
	mustIngest(t, j, moderatorMail("REPLACE italy COMPUTER"), Accepted)
	res := mustIngest(t, j, player(storm.Germany, "PRESS TO ITALY, FRANCE\nShall we?"), Accepted)
	if r := flat(res.Receipt.Body); !strings.Contains(r, "Press sent to France (") || !strings.Contains(r, "Not to Italy: played by the computer") {
		t.Errorf("the PRESS receipt:\n%s", res.Receipt.Body)
	}
	res = mustIngest(t, j, player(storm.Germany, "PRESS TO ITALY\nAnyone there?"), Rejected)
	if r := flat(res.Receipt.Body); !strings.Contains(r, "Italy is played by the computer, which reads no press") {
		t.Errorf("the refusal of a PRESS to the computer alone:\n%s", res.Receipt.Body)
	}
	var log []store.Press
	if err := db.View(func(tx *store.Tx) error {
		var err error
		log, err = tx.PressLog("demo")
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if len(log) != 1 || slices.Contains(log[0].To, storm.Italy) {
		t.Errorf("the press log: %+v", log)
	}
	noMailToComputer(t, db)
}

// TestMessageToComputerSeatRefused: the moderator's MESSAGE to a seat
// the computer plays is refused: nobody would read it.
func TestMessageToComputerSeatRefused(t *testing.T) {
	j, db, _ := rulesGame(t, 24*time.Hour, store.Rules{})
	mustIngest(t, j, moderatorMail("REPLACE italy COMPUTER"), Accepted)
	before := len(outbox(t, db))
	res := mustIngest(t, j, moderatorMail("MESSAGE italy\nAre you there?"), Rejected)
	if r := flat(res.Receipt.Body); !strings.Contains(r, "Italy is played by the computer, which reads no mail: nothing was sent") {
		t.Errorf("the refusal:\n%s", res.Receipt.Body)
	}
	if after := len(outbox(t, db)); after != before+1 { // the receipt alone
		t.Errorf("%d mails queued by a refused MESSAGE, want the receipt alone", after-before)
	}
	noMailToComputer(t, db)
}

// TestComputerSeatNeverCountedMissing: a seat the operator gives to the
// computer after the deadline passed (the judge was down) is ordered for
// before the miss is counted: it is not counted as missing, nor listed
// in the moderators' notice of the miss; the seat that did miss is.
func TestComputerSeatNeverCountedMissing(t *testing.T) {
	j, db, c := newJudge(t)
	def := demoDef(24 * time.Hour)
	if _, err := j.EnsureGame(def); err != nil {
		t.Fatal(err)
	}
	passAll(t, j, db, storm.Italy, storm.Germany)
	c.t = c.t.Add(25 * time.Hour)
	for i := range def.Seats {
		if def.Seats[i].Power == storm.Italy {
			def.Seats[i] = SeatDef{Power: storm.Italy, Computer: true}
		}
	}
	if _, err := j.EnsureGame(def); err != nil {
		t.Fatal(err)
	}
	if _, err := j.Tick(); err != nil {
		t.Fatal(err)
	}
	g, _, _ := game(t, db, "demo")
	if seat := g.Seat(storm.Italy); seat.Missed != 0 || seat.MissedRun != 0 || len(seat.MissedAt) != 0 {
		t.Errorf("the computer's seat counted as missing: %+v", seat)
	}
	if seat := g.Seat(storm.Germany); seat.Missed != 1 {
		t.Errorf("Germany's miss not counted: %+v", seat)
	}
	notices := mailsWith(t, db, "demo/missed/")
	if len(notices) == 0 {
		t.Fatal("no notice of Germany's miss")
	}
	for _, m := range notices {
		if strings.Contains(m.Subject+m.Body, "Italy") {
			t.Errorf("the moderators' notice of the miss names Italy:\n%s\n%s", m.Subject, m.Body)
		}
	}
	noMailToComputer(t, db)
}

// TestEnqueueRefusesAnEmptyAddress: the publisher refuses a mail to an
// empty address (a seat the computer plays has none) as the judge's
// fault, so that any path that tries to mail such a seat fails its
// transaction, and its test, instead of dropping the mail unseen.
func TestEnqueueRefusesAnEmptyAddress(t *testing.T) {
	j, db, c := rulesGame(t, 24*time.Hour, store.Rules{})
	for _, to := range [][]string{nil, {""}, {"gm@sandbox.test", " "}} {
		err := db.Update(func(tx *store.Tx) error {
			return j.pub.Enqueue(tx, &store.Mail{ID: "demo/test", Game: "demo", To: to, Subject: "x", Body: "x"}, c.t)
		})
		if !errors.Is(err, publish.ErrNoAddress) {
			t.Errorf("Enqueue to %q: %v, want ErrNoAddress", to, err)
		}
	}
}
