package judge

import (
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
	"stormjudge/judge/autoplay"
	"stormjudge/store"
)

// noMailToComputer fails on a mail of the outbox addressed to no one
// (a seat the computer plays has no address) or to the word computer.
// A path that tries to mail an empty address fails before: the
// publisher refuses it (publish.ErrNoAddress, TestEnqueueRefusesAnEmptyAddress),
// which fails the transaction, so this guards the outbox as queued.
func noMailToComputer(t *testing.T, db *store.DB) {
	t.Helper()
	for _, m := range outbox(t, db) {
		for _, to := range m.To {
			if strings.TrimSpace(to) == "" || strings.Contains(to, store.ComputerFrom) {
				t.Errorf("mail %s addressed to %q", m.ID, to)
			}
		}
	}
}

// computerAudits are the audit entries of the computer's order lines in
// game id.
func computerAudits(t *testing.T, db *store.DB, id string) []store.AuditEntry {
	t.Helper()
	var out []store.AuditEntry
	if err := db.View(func(tx *store.Tx) error {
		log, err := tx.AuditLog(id)
		for _, e := range log {
			if e.Action == autoplay.OrdersAction {
				out = append(out, e)
			}
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	return out
}

// passAll sends PASS from every player of the demo game that must order
// in the open segment and is not played by the computer, but skip.
func passAll(t *testing.T, j *Judge, db *store.DB, skip ...storm.Power) {
	t.Helper()
	g, s, recs := game(t, db, "demo")
	for _, p := range adjudicator.Required(s) {
		if _, in := recs[p]; in || slices.Contains(skip, p) || g.Seat(p).ByComputer() {
			continue
		}
		mustIngest(t, j, player(p, "PASS"), Accepted)
	}
}

// TestComputerSeatCreate: a game master's CREATE with SEAT italy
// COMPUTER starts at once (no open seat); the computer's orders for
// Italy are stored as Italy's order record, marked as the computer's,
// and audited one entry a line with its reason; no mail goes to Italy's
// seat (no welcome, no report, no notice); the others' orders complete
// the segment, which is adjudicated with Italy's, and the moderators'
// AUDIT shows each line with its reason. Replay reproduces the game.
func TestComputerSeatCreate(t *testing.T) {
	j, db, _ := newJudgeWith(t, Options{Masters: []Master{{Address: "boss@example.org", SecretHash: store.HashSecret("bosssecret")}}})
	res := mustIngest(t, j, email("boss@example.org", "GAME auto\nMODERATOR\nSECRET bosssecret\nCREATE\nSEED 7\n"+
		"SEAT germany ger@example.org\nSEAT italy COMPUTER\nSEAT britain bob@example.org\nSEAT france cy@example.org\nSEAT russia dee@example.org\nEND\n"), Accepted)
	if r := flat(res.Receipt.Body); !strings.Contains(r, "Italy the computer") {
		t.Errorf("CREATE's receipt does not show Italy's seat as the computer's:\n%s", res.Receipt.Body)
	}
	g, s, recs := game(t, db, "auto")
	seat := g.Seat(storm.Italy)
	if !seat.Computer || seat.Address != "" {
		t.Fatalf("Italy's seat: %+v", seat)
	}
	if g.Version != 1 || !slices.Contains(adjudicator.Required(s), storm.Italy) {
		t.Fatalf("the game did not start with Italy ordering: version %d, %s", g.Version, s.Segment)
	}
	rec, ok := recs[storm.Italy]
	if !ok || !rec.Computer || rec.From != store.ComputerFrom {
		t.Fatalf("Italy's order record: %+v (present %v)", rec, ok)
	}
	lines := computerAudits(t, db, "auto")
	if len(lines) == 0 {
		t.Fatal("no audit entry of the computer's orders")
	}
	for _, e := range lines {
		if e.Actor != store.ComputerFrom || !strings.HasPrefix(e.Detail, "Italy, ") || !strings.HasSuffix(e.Detail, ")") {
			t.Errorf("computer's audit entry: %+v", e)
		}
	}
	if n := len(mailsWith(t, db, "auto/welcome/italy")); n != 0 {
		t.Errorf("%d welcomes to Italy's seat", n)
	}
	noMailToComputer(t, db)
	secret := modSecretOf(t, db)
	for _, p := range []storm.Power{storm.Germany, storm.Britain, storm.France, storm.Russia} {
		addr := map[storm.Power]string{storm.Germany: "ger", storm.Britain: "bob", storm.France: "cy", storm.Russia: "dee"}[p] + "@example.org"
		ps := secretOfSeat(t, db, addr)
		mustIngest(t, j, email(addr, "GAME auto\nSECRET "+ps+"\nPASS\nEND\n"), Accepted)
	}
	g, s, recs = game(t, db, "auto")
	if g.Version < 2 {
		t.Fatalf("the segment was not adjudicated: version %d", g.Version)
	}
	if _, ok := recs[storm.Italy]; !ok && slices.Contains(adjudicator.Required(s), storm.Italy) {
		t.Errorf("no computer's orders for Italy in the next segment")
	}
	noMailToComputer(t, db)
	// AUDIT: each line of the computer's, with its reason, once its
	// segment is adjudicated.
	res = mustIngest(t, j, email("boss@example.org", "GAME auto\nMODERATOR\nSECRET "+secret+"\nAUDIT 100\nEND\n"), Answered)
	body := flat(res.Receipt.Body)
	for _, e := range lines {
		// The order line and the start of its reason (AUDIT shortens
		// a long one).
		want, _, _ := strings.Cut(e.Detail, " (")
		if !strings.Contains(body, "computer "+autoplay.OrdersAction+": "+want+" (") {
			t.Errorf("AUDIT lacks %q:\n%s", e.Detail, res.Receipt.Body)
		}
	}
	if n, err := j.Replay("auto"); err != nil || n != g.Version {
		t.Errorf("replay: %d versions, %v", n, err)
	}
}

// TestReplaceWithComputerAndBack: REPLACE italy COMPUTER in a running
// game gives the seat to the computer, which orders at once for the open
// segment; the replaced player is told it no longer plays; no mail goes
// to the seat while the computer plays it, and the computer orders as
// each segment opens; REPLACE italy <address> seats a person again, with
// a welcome, the computer's orders for the open segment standing.
func TestReplaceWithComputerAndBack(t *testing.T) {
	j, db, _ := rulesGame(t, 24*time.Hour, store.Rules{})
	res := mustIngest(t, j, moderatorMail("REPLACE italy COMPUTER"), Accepted)
	if r := flat(res.Receipt.Body); !strings.Contains(r, "Italy is now played by the computer") || !strings.Contains(r, "It has ordered for the open segment already") {
		t.Errorf("the REPLACE's receipt:\n%s", res.Receipt.Body)
	}
	g, _, recs := game(t, db, "demo")
	if !g.Seat(storm.Italy).Computer || !recs[storm.Italy].Computer {
		t.Fatalf("Italy's seat %+v, record %+v", g.Seat(storm.Italy), recs[storm.Italy])
	}
	told := false
	for _, m := range mailsWith(t, db, "demo/replaced/italy/") {
		told = told || m.To[0] == "italy@sandbox.test" && strings.Contains(m.Subject, "You no longer play Italy") && strings.Contains(m.Body, "given Italy to the computer player")
	}
	if !told {
		t.Error("the replaced player was not told")
	}
	v := g.Version
	passAll(t, j, db)
	g, s, recs := game(t, db, "demo")
	if g.Version != v+1 {
		t.Fatalf("version %d after every player's PASS, want %d", g.Version, v+1)
	}
	if slices.Contains(adjudicator.Required(s), storm.Italy) && !recs[storm.Italy].Computer {
		t.Errorf("the computer did not order as the segment opened: %+v", recs[storm.Italy])
	}
	noMailToComputer(t, db)
	for _, m := range outbox(t, db) {
		if m.To[0] == "italy@sandbox.test" && strings.Contains(m.ID, "/v2") {
			t.Errorf("mail to Italy's old player after the REPLACE: %s", m.ID)
		}
	}
	res = mustIngest(t, j, moderatorMail("REPLACE italy new@example.org"), Accepted)
	if r := flat(res.Receipt.Body); !strings.Contains(r, "the computer's") {
		t.Errorf("the REPLACE receipt does not say the computer's orders stand:\n%s", res.Receipt.Body)
	}
	g, _, _ = game(t, db, "demo")
	if seat := g.Seat(storm.Italy); seat.Computer || seat.Address != "new@example.org" {
		t.Fatalf("Italy's seat after REPLACE: %+v", seat)
	}
	if len(mailsWith(t, db, "demo/welcome/italy/")) == 0 {
		t.Error("no welcome to Italy's new player")
	}
	if n, err := j.Replay("demo"); err != nil || n != g.Version {
		t.Errorf("replay: %d versions, %v", n, err)
	}
}

// TestCivilDisorderNMRComputer: under NMR COMPUTER 2 a seat that misses
// two deadlines in a row falls into civil disorder at the second: the
// computer orders for it at once, the report's lead tells the others,
// its player is told once how to come back (not the late notice), the
// moderators are told; the player's next accepted email takes the seat
// back, its receipt and the moderators say so.
func TestCivilDisorderNMRComputer(t *testing.T) {
	j, db, c := rulesGame(t, 24*time.Hour, store.Rules{})
	res := mustIngest(t, j, moderatorMail("NMR COMPUTER 2"), Accepted)
	if r := flat(res.Receipt.Body); !strings.Contains(r, "a seat that misses 2 deadlines in a row is played by the computer") {
		t.Errorf("NMR COMPUTER 2's receipt:\n%s", res.Receipt.Body)
	}
	// The first miss: PASS.
	passAll(t, j, db, storm.Italy)
	c.t = c.t.Add(25 * time.Hour)
	if _, err := j.Tick(); err != nil {
		t.Fatal(err)
	}
	g, s, recs := game(t, db, "demo")
	if g.Seat(storm.Italy).Disorder || g.Seat(storm.Italy).MissedRun != 1 {
		t.Fatalf("after one miss: %+v", g.Seat(storm.Italy))
	}
	if !slices.Contains(adjudicator.Required(s), storm.Italy) {
		t.Fatalf("Italy does not order in %s", s.Segment)
	}
	if _, ok := recs[storm.Italy]; ok {
		t.Fatal("Italy has orders before its second miss")
	}
	// The second: civil disorder.
	v := g.Version
	passAll(t, j, db, storm.Italy)
	c.t = c.t.Add(25 * time.Hour)
	if _, err := j.Tick(); err != nil {
		t.Fatal(err)
	}
	g, _, _ = game(t, db, "demo")
	if !g.Seat(storm.Italy).Disorder || g.Version != v+1 {
		t.Fatalf("after two misses: version %d, %+v", g.Version, g.Seat(storm.Italy))
	}
	var recsV map[storm.Power]store.OrderRecord
	if err := db.View(func(tx *store.Tx) error {
		var err error
		recsV, err = tx.Orders("demo", v)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if !recsV[storm.Italy].Computer {
		t.Errorf("the computer did not order the segment Italy missed: %+v", recsV[storm.Italy])
	}
	lead := "Italy has missed 2 deadlines in a row: the computer plays it until its player writes again."
	public := 0
	for _, m := range mailsWith(t, db, "public") {
		if strings.Contains(flat(m.Body), lead) {
			public++
		}
	}
	if public == 0 {
		t.Errorf("no report's lead says %q", lead)
	}
	if n := len(mailsWith(t, db, "demo/disorder/")); n != 1 {
		t.Errorf("%d civil disorder notices to Italy's player, want 1", n)
	}
	for _, m := range mailsWith(t, db, "demo/late/v") {
		if m.To[0] == "italy@sandbox.test" && strings.Contains(m.ID, "/v"+strconv.Itoa(v)) {
			t.Errorf("Italy's player got the late notice besides the disorder notice: %s", m.ID)
		}
	}
	if !slices.ContainsFunc(mailsWith(t, db, "demo/missed/"), func(m *store.Mail) bool {
		return strings.Contains(flat(m.Body), "Now played by the computer (civil disorder, NMR COMPUTER)")
	}) {
		t.Error("the moderators were not told of the civil disorder")
	}
	if !slices.ContainsFunc(outbox(t, db), func(m *store.Mail) bool {
		return m.To[0] == "italy@sandbox.test" && strings.Contains(flat(m.Body), "Your orders that stand (given by the computer; orders you send replace them)")
	}) {
		t.Error("Italy's notice of the next segment does not show the computer's orders standing")
	}
	noMailToComputer(t, db)
	// The player writes again: the seat is its own.
	res = mustIngest(t, j, player(storm.Italy, "PASS"), Accepted)
	if r := flat(res.Receipt.Body); !strings.Contains(r, "You play Italy again") || !strings.Contains(r, "replace the ones the computer gave") {
		t.Errorf("the player's receipt:\n%s", res.Receipt.Body)
	}
	g, _, _ = game(t, db, "demo")
	if seat := g.Seat(storm.Italy); seat.Disorder || seat.MissedRun != 0 || seat.Address != "italy@sandbox.test" {
		t.Errorf("Italy's seat after its player wrote: %+v", seat)
	}
	if len(mailsWith(t, db, "demo/back/italy/")) == 0 {
		t.Error("the moderators were not told the player is back")
	}
	if n, err := j.Replay("demo"); err != nil || n != g.Version {
		t.Errorf("replay: %d versions, %v", n, err)
	}
}

// TestAllComputerGamePlaysToTheEnd: a game of five computer seats, with
// the diplomatic and crisis phases, moves by Tick alone to its end: each
// Tick adjudicates the segments in which only the computer orders one
// after another, at least one and at most MaxRun (each an Adjudicate of
// its own), the next Tick going on where the last stopped; no mail goes
// to a seat; replay reproduces every version. Seed 23 makes a game longer
// than MaxRun segments (94 versions as the policy plays now), so that it
// crosses a Tick at the bound.
func TestAllComputerGamePlaysToTheEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a whole game")
	}
	j, db, _ := newJudge(t)
	def := GameDef{ID: "auto", Moderators: []string{"gm@sandbox.test"}, Seed: 23, Diplomacy: true, Crisis: true}
	for _, p := range storm.Powers {
		def.Seats = append(def.Seats, SeatDef{Power: p, Computer: true})
	}
	if _, err := j.EnsureGame(def); err != nil {
		t.Fatal(err)
	}
	// A restart with the same configuration changes no seat.
	if created, err := j.EnsureGame(def); err != nil || created {
		t.Fatalf("EnsureGame again: created %v, %v", created, err)
	}
	if g, _, _ := game(t, db, "auto"); len(g.SeatsWhere(func(s store.Seat) bool { return s.Computer && s.Address == "" })) != 5 {
		t.Fatalf("seats after a restart: %+v", g.Seats)
	}
	const bound = 40    // Ticks: up to 40*MaxRun segments
	ticks, full := 0, 0 // full: the Ticks that stopped at MaxRun
	for ; ticks < bound; ticks++ {
		g, _, _ := game(t, db, "auto")
		if !g.Ended.IsZero() {
			break
		}
		n, err := j.Tick()
		if err != nil {
			t.Fatal(err)
		}
		if n < 1 || n > MaxRun {
			t.Fatalf("tick %d adjudicated %d segments, want 1 to %d", ticks, n, MaxRun)
		}
		g2, _, _ := game(t, db, "auto")
		if g2.Version != g.Version+n {
			t.Fatalf("tick %d: version %d -> %d after %d segments", ticks, g.Version, g2.Version, n)
		}
		if n == MaxRun {
			full++
		} else if g2.Ended.IsZero() {
			t.Fatalf("tick %d stopped after %d segments, short of MaxRun, in a game the computer alone plays", ticks, n)
		}
	}
	g, s, _ := game(t, db, "auto")
	if g.Ended.IsZero() {
		t.Fatalf("the game did not end in %d ticks (%s %s)", bound, s.Turn, s.Segment)
	}
	t.Logf("ended after %d ticks (%d stopped at MaxRun), version %d, %s", ticks, full, g.Version, s.Turn)
	if full == 0 {
		// The policy (package computer) ended this game within one run:
		// TestAdjudicateRunStopsAtMaxRun still holds the bound.
		t.Logf("the game ended within MaxRun segments: no Tick reached the bound")
	}
	if n, _ := j.Tick(); n != 0 {
		t.Errorf("a Tick after the end adjudicated %d", n)
	}
	noMailToComputer(t, db)
	if n, err := j.Replay("auto"); err != nil || n != g.Version {
		t.Errorf("replay: %d versions, %v", n, err)
	}
}

// TestCivilDisorderWaitsForTheGrace: under NMR COMPUTER 1 GRACE 2h the
// seat falls into civil disorder at the deadline, but the computer
// orders for it only once the grace is over: till then its player may
// still order late, as any player who missed the deadline.
func TestCivilDisorderWaitsForTheGrace(t *testing.T) {
	j, db, c := rulesGame(t, 24*time.Hour, store.Rules{NMR: "computer", DisorderAfter: 1, Grace: 2 * time.Hour})
	passAll(t, j, db, storm.Italy)
	v := func() int { g, _, _ := game(t, db, "demo"); return g.Version }()
	c.t = c.t.Add(24*time.Hour + time.Minute)
	if _, err := j.Tick(); err != nil {
		t.Fatal(err)
	}
	g, _, recs := game(t, db, "demo")
	if !g.Seat(storm.Italy).Disorder || g.Version != v {
		t.Fatalf("at the deadline: version %d (want %d), %+v", g.Version, v, g.Seat(storm.Italy))
	}
	if _, ok := recs[storm.Italy]; ok {
		t.Fatal("the computer ordered in the grace")
	}
	c.t = c.t.Add(2 * time.Hour)
	if _, err := j.Tick(); err != nil {
		t.Fatal(err)
	}
	if g, _, _ = game(t, db, "demo"); g.Version != v+1 {
		t.Fatalf("after the grace: version %d, want %d", g.Version, v+1)
	}
	var rec store.OrderRecord
	if err := db.View(func(tx *store.Tx) error {
		recs, err := tx.Orders("demo", v)
		rec = recs[storm.Italy]
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if !rec.Computer {
		t.Errorf("Italy's orders after the grace: %+v", rec)
	}
	if n, err := j.Replay("demo"); err != nil || n != g.Version {
		t.Errorf("replay: %d versions, %v", n, err)
	}
}

// TestConfigGivesSeatToComputer: the operator's configuration gives a
// running game's seat to the computer (a seat "computer"): the seat is
// the computer's, audited, and it orders at the next Tick; a restart
// with the same configuration changes nothing; an address in the
// configuration again seats that person, with a welcome.
func TestConfigGivesSeatToComputer(t *testing.T) {
	j, db, _ := newJudge(t)
	def := demoDef(24 * time.Hour)
	if _, err := j.EnsureGame(def); err != nil {
		t.Fatal(err)
	}
	for i := range def.Seats {
		if def.Seats[i].Power == storm.Italy {
			def.Seats[i] = SeatDef{Power: storm.Italy, Computer: true}
		}
	}
	for range 2 {
		if created, err := j.EnsureGame(def); err != nil || created {
			t.Fatalf("EnsureGame: %v, %v", created, err)
		}
	}
	g, _, _ := game(t, db, "demo")
	if seat := g.Seat(storm.Italy); !seat.Computer || seat.ConfigAddress != store.ComputerFrom {
		t.Fatalf("Italy's seat: %+v", seat)
	}
	if n := len(audits(t, db, "reseat")); n != 1 {
		t.Errorf("%d reseat audit entries, want 1", n)
	}
	if _, err := j.Tick(); err != nil {
		t.Fatal(err)
	}
	if _, _, recs := game(t, db, "demo"); !recs[storm.Italy].Computer {
		t.Errorf("the computer did not order at the Tick: %+v", recs[storm.Italy])
	}
	def = demoDef(24 * time.Hour)
	if _, err := j.EnsureGame(def); err != nil {
		t.Fatal(err)
	}
	if g, _, _ = game(t, db, "demo"); g.Seat(storm.Italy).Computer || g.Seat(storm.Italy).Address != "italy@sandbox.test" {
		t.Errorf("Italy's seat back from the configuration: %+v", g.Seat(storm.Italy))
	}
	if len(mailsWith(t, db, "demo/welcome/italy/")) == 0 {
		t.Error("no welcome to Italy's player seated again")
	}
	noMailToComputer(t, db)
}

// TestAdjudicateRunStopsAtMaxRun: in a long game the computer alone
// plays (seed 1: it does not end within two runs as the policy plays
// now), one run adjudicates MaxRun segments and stops, each version
// stored and the game still running; the next run goes on from there.
func TestAdjudicateRunStopsAtMaxRun(t *testing.T) {
	j, db, _ := newJudge(t)
	def := GameDef{ID: "auto", Moderators: []string{"gm@sandbox.test"}, Seed: 1, Diplomacy: true, Crisis: true}
	for _, p := range storm.Powers {
		def.Seats = append(def.Seats, SeatDef{Power: p, Computer: true})
	}
	if _, err := j.EnsureGame(def); err != nil {
		t.Fatal(err)
	}
	for run := 0; run < 2; run++ {
		g, _, _ := game(t, db, "auto")
		n, err := j.adjudicateRun("auto")
		if err != nil {
			t.Fatal(err)
		}
		g2, _, _ := game(t, db, "auto")
		if g2.Version != g.Version+n {
			t.Fatalf("run %d: version %d -> %d after %d segments", run, g.Version, g2.Version, n)
		}
		if !g2.Ended.IsZero() {
			if n > MaxRun {
				t.Fatalf("run %d adjudicated %d segments, more than MaxRun", run, n)
			}
			t.Logf("the game ended at version %d: the policy no longer makes it long", g2.Version)
			return
		}
		if n != MaxRun {
			t.Fatalf("run %d adjudicated %d segments of a game still running, want MaxRun (%d)", run, n, MaxRun)
		}
	}
	noMailToComputer(t, db)
	g, _, _ := game(t, db, "auto")
	if n, err := j.Replay("auto"); err != nil || n != g.Version {
		t.Errorf("replay: %d versions, %v", n, err)
	}
}
