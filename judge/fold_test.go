package judge

import (
	"slices"
	"strings"
	"testing"
	"time"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
	"stormjudge/store"
)

// foldGame is the demo game with the diplomacy phase (rounds in which
// only some powers order), a deadline of 24 hours a segment, NMR PASS and
// the players' mail as mail (digest or every segment).
func foldGame(t *testing.T, mail string) (*Judge, *store.DB, *clock) {
	t.Helper()
	j, db, c := newJudge(t)
	def := demoDef(24 * time.Hour)
	def.Diplomacy = true
	def.ModeratorSecret = "gmsecret"
	def.Rules = store.Rules{Mail: mail}
	if _, err := j.EnsureGame(def); err != nil {
		t.Fatal(err)
	}
	return j, db, c
}

// countMailsTo counts the mails in the outbox to addr that are not receipts
// of its own emails.
func countMailsTo(t *testing.T, db *store.DB, addr string) int {
	t.Helper()
	n := 0
	for _, m := range outbox(t, db) {
		if slices.Contains(m.To, addr) && !strings.HasPrefix(m.ID, "receipt/") {
			n++
		}
	}
	return n
}

// playSegment has every power the open segment waits for PASS, but
// those of nmr, whose deadline then passes (the clock moved to it) after
// the moderator's EXTEND 1h (more time for the late ones).
func playSegment(t *testing.T, j *Judge, db *store.DB, c *clock, nmr []storm.Power) {
	t.Helper()
	g, s, recs := game(t, db, "demo")
	v := g.Version
	for _, p := range adjudicator.Required(s) {
		if _, ok := recs[p]; ok || slices.Contains(nmr, p) {
			continue
		}
		if g, _, _ := game(t, db, "demo"); g.Version != v {
			return
		}
		mustIngest(t, j, player(p, "PASS"), Accepted)
	}
	if g, _, _ := game(t, db, "demo"); g.Version == v {
		mustIngest(t, j, moderatorMail("EXTEND 1h"), Accepted)
		g, _, _ = game(t, db, "demo")
		c.t = g.Deadline
		if n := tick(t, j); n != 1 {
			t.Fatalf("%s %s: Tick at the deadline adjudicated %d segments", s.Turn, s.Segment, n)
		}
	}
}

// playTurn plays the open turn to its end, the powers of nmr missing the
// deadline of the segment each is listed under, and returns how many
// mails addr got and how many deadlines were missed.
func playTurn(t *testing.T, j *Judge, db *store.DB, c *clock, nmr map[storm.Segment][]storm.Power, addr string) (mails, missed int) {
	t.Helper()
	before := countMailsTo(t, db, addr)
	misses := func() int {
		g, _, _ := game(t, db, "demo")
		n := 0
		for _, s := range g.Seats {
			n += s.Missed
		}
		return n
	}
	m0 := misses()
	_, s, _ := game(t, db, "demo")
	turn := s.Turn.String()
	for i := 0; ; i++ {
		_, s, _ := game(t, db, "demo")
		if s.Turn.String() != turn || s.Ended {
			break
		}
		if i > 40 {
			t.Fatalf("turn %s does not end (%s)", turn, s.Segment)
		}
		playSegment(t, j, db, c, nmr[s.Segment])
	}
	return countMailsTo(t, db, addr) - before, misses() - m0
}

// Announcements folded into the digest, measured: in a game where two
// powers miss a deadline every turn (Italy the economic segment's, Russia
// its diplomacy round's), each after the moderator's EXTEND, a power that
// orders on time gets at most one mail a turn more than in a quiet turn.
func TestNMRGameMailsAPowerATurn(t *testing.T) {
	j, db, c := foldGame(t, store.MailDigest)
	const addr = "france@sandbox.test"
	quiet, _ := playTurn(t, j, db, c, nil, addr)
	nmr := map[storm.Segment][]storm.Power{storm.SegEconomic: {storm.Italy}, storm.SegDiplomacyRussia: {storm.Russia}}
	var got []int
	for range 2 {
		n, missed := playTurn(t, j, db, c, nmr, addr)
		if missed != 2 {
			t.Fatalf("%d deadlines missed in the turn, want 2", missed)
		}
		got = append(got, n)
	}
	t.Logf("mails to France a turn: quiet turn %d; turns with two NMRs %v (before the folding, commit e7047ff: 5 and 5)", quiet, got)
	for _, n := range got {
		if n > quiet+1 {
			t.Errorf("a turn with two NMRs mails France %d times, a quiet one %d: want at most one more", n, quiet)
		}
	}
}

// noticesTo are the announcements in the outbox to addr.
func noticesTo(t *testing.T, db *store.DB, addr string) []*store.Mail {
	t.Helper()
	var out []*store.Mail
	for _, m := range mailsWith(t, db, "/notice/") {
		if slices.Contains(m.To, addr) {
			out = append(out, m)
		}
	}
	return out
}

// Announcements folded into the digest: the moderator's EXTEND and
// PAUSE, and a miss, reach at once the players whose deadline they move
// (those who order in the open segment) and the moderators; the others
// have them in their next mail.
func TestAnnouncementsFoldedIntoTheDigest(t *testing.T) {
	j, db, c := foldGame(t, store.MailDigest)
	playSegment(t, j, db, c, nil) // the economic segment: every power orders
	_, s, _ := game(t, db, "demo")
	req := adjudicator.Required(s)
	if !slices.Contains(req, storm.Germany) || slices.Contains(req, storm.France) {
		t.Fatalf("%s waits for %v", s.Segment, req)
	}
	for _, cmd := range []string{"EXTEND 1h", "PAUSE", "RESUME"} {
		mustIngest(t, j, moderatorMail(cmd), Accepted)
	}
	if n := len(noticesTo(t, db, "germany@sandbox.test")); n != 3 {
		t.Errorf("Germany, which orders now, got %d announcements, want 3 (its deadline moved, stopped, restarted)", n)
	}
	if n := len(noticesTo(t, db, "france@sandbox.test")); n != 0 {
		t.Errorf("France, which does not order now, got %d announcements at once, want 0", n)
	}
	// A SET in a segment France does not order in: Germany has the
	// version's digest at once; France's next one covers it.
	before := countMailsTo(t, db, "france@sandbox.test")
	mustIngest(t, j, moderatorMail("SET TILES italy 9\nREASON a miscount"), Accepted)
	if n := len(mailsWith(t, db, "/digest/germany")); n == 0 || !strings.Contains(mailsWith(t, db, "/digest/germany")[n-1].Body, "SET") {
		t.Error("Germany, which orders now, did not get the SET's version at once")
	}
	if countMailsTo(t, db, "france@sandbox.test") != before {
		t.Error("France, which does not order now, got the SET's version at once")
	}
	g, _, _ := game(t, db, "demo")
	if f := g.Seat(storm.France).Folded; len(f) != 4 || !strings.Contains(f[0], "Announced since your last mail, by the moderator") {
		t.Fatalf("France's folded announcements: %q", f)
	}
	// Italy misses the deadline: its own late notice comes at once; the
	// report's lead (who missed) waits for France's next mail too.
	before = countMailsTo(t, db, "france@sandbox.test")
	playSegment(t, j, db, c, []storm.Power{storm.Italy})
	if len(mailsWith(t, db, "/late/")) != 1 {
		t.Error("Italy was not told of its own miss at once")
	}
	// France's next mail leads with all of it.
	for i := 0; countMailsTo(t, db, "france@sandbox.test") == before; i++ {
		if i > 20 {
			t.Fatal("France got no mail")
		}
		playSegment(t, j, db, c, nil)
	}
	var next *store.Mail
	for _, m := range outbox(t, db) {
		if slices.Contains(m.To, "france@sandbox.test") && strings.Contains(m.ID, "/digest/") {
			next = m
		}
	}
	body := flat(next.Body)
	for _, want := range []string{"Announced since your last mail", "extended", "PAUSED", "RESUMED", "Orders missing (missed the deadline): Italy", "a miscount"} {
		if !strings.Contains(body, want) {
			t.Errorf("France's next mail does not say %q:\n%s", want, next.Body)
		}
	}
	if g, _, _ := game(t, db, "demo"); len(g.Seat(storm.France).Folded) != 0 {
		t.Errorf("France's folded announcements stay after its mail: %q", g.Seat(storm.France).Folded)
	}
	// The moderators keep every notice.
	if len(mailsWith(t, db, "/missed/")) != 1 {
		t.Error("the moderators were not told of the miss at once")
	}
}

// The rollback tells each player the truth: which of its orders were
// withdrawn, which standing orders (FOR) stay, and only the powers that
// must order again are asked to.
func TestRollbackAnnouncementTellsEachPlayerTheTruth(t *testing.T) {
	j, db, _ := foldGame(t, store.MailEverySegment)
	mustIngest(t, j, player(storm.Britain, "FOR ALLIES\nDIPLOMATIC NORWAY 1"), Accepted)
	for _, p := range storm.Powers {
		mustIngest(t, j, player(p, "PASS"), Accepted)
	}
	_, s, _ := game(t, db, "demo")
	if s.Segment != storm.SegDiplomacyAxis1 || len(s.Diplomacy.Standing) != 1 {
		t.Fatalf("after the economic phase: %s, standing %+v", s.Segment, s.Diplomacy.Standing)
	}
	mustIngest(t, j, player(storm.Germany, "PASS"), Accepted)
	mustIngest(t, j, player(storm.Italy, "PASS"), Accepted)
	if g, _, _ := game(t, db, "demo"); g.Version != 3 {
		t.Fatalf("version %d, want 3", g.Version)
	}
	mustIngest(t, j, moderatorMail("ROLLBACK 2"), Accepted)
	ann := noticesTo(t, db, "france@sandbox.test")
	if len(ann) != 1 {
		t.Fatalf("%d announcements to France", len(ann))
	}
	a := flat(ann[0].Body)
	for _, want := range []string{"standing orders sent before it (FOR) stay", "To order again: Germany, Italy."} {
		if !strings.Contains(a, want) {
			t.Errorf("the announcement does not say %q:\n%s", want, ann[0].Body)
		}
	}
	if strings.Contains(a, "send your orders again") {
		t.Errorf("the announcement asks every player to order again:\n%s", ann[0].Body)
	}
	notice := func(p storm.Power) string {
		ms := mailsWith(t, db, "demo/v2r1/private/"+p.String())
		if len(ms) != 1 {
			t.Fatalf("%d notices of version 2 sent again to %s", len(ms), p)
		}
		return flat(ms[0].Body)
	}
	ger, bri, fra := notice(storm.Germany), notice(storm.Britain), notice(storm.France)
	if !strings.Contains(ger, "Your orders for Diplomacy: Axis, first round are withdrawn (kept in the history): PASS.") || !strings.Contains(ger, "Send your orders for Diplomacy: Axis, first round again.") {
		t.Errorf("Germany's notice:\n%s", ger)
	}
	if !strings.Contains(bri, "Your standing orders stay: DIPLOMATIC NORWAY 1") || strings.Contains(bri, "Send your orders for") || strings.Contains(bri, "withdrawn (kept") {
		t.Errorf("Britain's notice:\n%s", bri)
	}
	if strings.Contains(fra, "Send your orders for") || strings.Contains(fra, "withdrawn (kept") {
		t.Errorf("France's notice:\n%s", fra)
	}
}

// A rollback forgives the misses of the segments it undoes; those of
// the segments before stay.
func TestRollbackForgivesTheMissesItUndoes(t *testing.T) {
	j, db, c := rulesGame(t, 24*time.Hour, store.Rules{})
	g, _, _ := game(t, db, "demo")
	c.t = g.Deadline
	tick(t, j) // nobody ordered: every power missed version 1's deadline
	g, s, _ := game(t, db, "demo")
	second := adjudicator.Required(s)
	c.t = g.Deadline
	tick(t, j)
	g, _, _ = game(t, db, "demo")
	if g.Version != 3 || len(second) == 0 || g.Seat(second[0]).Missed != 2 {
		t.Fatalf("version %d; %v at version 2; %s missed %d", g.Version, second, second[0], g.Seat(second[0]).Missed)
	}
	res := mustIngest(t, j, moderatorMail("ROLLBACK 2"), Accepted)
	if !strings.Contains(flat(res.Receipt.Body), "The deadlines missed in the versions undone no longer count.") {
		t.Errorf("the rollback's receipt:\n%s", res.Receipt.Body)
	}
	if a := audits(t, db, "rollback"); len(a) != 1 || !strings.Contains(a[0].Detail, "; 5 missed deadlines forgiven") {
		t.Errorf("the rollback's audit: %+v", a)
	}
	g, _, _ = game(t, db, "demo")
	for _, st := range g.Seats {
		if st.Missed != 1 {
			t.Errorf("%s missed %d after the rollback to version 2, want 1 (version 1's)", st.Power, st.Missed)
		}
	}
	mustIngest(t, j, moderatorMail("ROLLBACK 1"), Accepted)
	g, _, _ = game(t, db, "demo")
	for _, st := range g.Seats {
		if st.Missed != 0 || st.MissedAt != nil {
			t.Errorf("%s missed %d (%v) after the rollback to version 1, want none", st.Power, st.Missed, st.MissedAt)
		}
	}
}

// FORGIVE <power>: the moderator resets a power's missed deadlines; its
// player is told; a power with none is refused.
func TestForgiveResetsMissedDeadlines(t *testing.T) {
	j, db, c := rulesGame(t, 24*time.Hour, store.Rules{})
	g, _, _ := game(t, db, "demo")
	c.t = g.Deadline
	tick(t, j)
	res := mustIngest(t, j, moderatorMail("FORGIVE italy\nREASON a mail server outage"), Accepted)
	if !strings.Contains(flat(res.Receipt.Body), "Italy's missed deadlines (1) are forgiven") {
		t.Errorf("FORGIVE's receipt:\n%s", res.Receipt.Body)
	}
	g, _, _ = game(t, db, "demo")
	if g.Seat(storm.Italy).Missed != 0 || g.Seat(storm.France).Missed != 1 {
		t.Errorf("after FORGIVE italy: Italy missed %d, France %d", g.Seat(storm.Italy).Missed, g.Seat(storm.France).Missed)
	}
	if ms := mailsWith(t, db, "/forgiven/italy/"); len(ms) != 1 || ms[0].To[0] != "italy@sandbox.test" || !strings.Contains(ms[0].Body, "Reason: a mail server outage") {
		t.Errorf("Italy's player was not told: %v", ms)
	}
	if a := audits(t, db, "forgive"); len(a) != 1 {
		t.Errorf("FORGIVE audited %d times", len(a))
	}
	res = mustIngest(t, j, moderatorMail("FORGIVE italy"), Rejected)
	if !strings.Contains(flat(res.Receipt.Body), "Italy has missed no deadline: nothing to forgive") {
		t.Errorf("a second FORGIVE:\n%s", res.Receipt.Body)
	}
	mustIngest(t, j, player(storm.Italy, "FORGIVE italy"), Rejected)
}

// ABSENCE MAX, a rule, reaches every player at once; another player's
// ABSENCE that moves no deadline reaches nobody at once but the
// moderators.
func TestAnnouncementsFoldedAbsenceOfAnotherPlayer(t *testing.T) {
	j, db, c := foldGame(t, store.MailDigest)
	mustIngest(t, j, moderatorMail("ABSENCE MAX 30d"), Accepted)
	if n := len(noticesTo(t, db, "britain@sandbox.test")); n != 1 {
		t.Errorf("Britain got %d announcements of ABSENCE MAX, want 1", n)
	}
	playSegment(t, j, db, c, nil)
	before := len(noticesTo(t, db, "germany@sandbox.test"))
	mustIngest(t, j, player(storm.France, "ABSENCE 2026-12-24 2027-01-02"), Accepted)
	if n := len(noticesTo(t, db, "germany@sandbox.test")) - before; n != 0 {
		t.Errorf("Germany got France's absence at once (%d announcements)", n)
	}
	if n := len(noticesTo(t, db, "gm@sandbox.test")); n != 1 {
		t.Errorf("the moderator got %d announcements of France's absence, want 1", n)
	}
	g, _, _ := game(t, db, "demo")
	if f := g.Seat(storm.Britain).Folded; len(f) != 1 || !strings.Contains(f[0], "France's player") {
		t.Errorf("Britain's folded announcements: %q", f)
	}
}

// A schedule (DEADLINE EVERY) is a rule of the game, as ABSENCE MAX: every
// player hears of it at once, whether or not it moved a deadline; and a
// seat's folded announcements are bounded (store.MaxFolded): a player
// who declares and cancels absences over and over grows no other seat's
// record without end.
func TestScheduleToldToAllFoldedBounded(t *testing.T) {
	j, db, c := foldGame(t, store.MailDigest)
	playSegment(t, j, db, c, nil)
	before := len(noticesTo(t, db, "germany@sandbox.test"))
	mustIngest(t, j, moderatorMail("DEADLINE EVERY MON WED FRI 20:00 UTC"), Accepted)
	if n := len(noticesTo(t, db, "germany@sandbox.test")) - before; n != 1 {
		t.Errorf("Germany got %d announcements of the schedule, want 1", n)
	}
	mustIngest(t, j, moderatorMail("ABSENCE MAX 30d"), Accepted)
	for range 2 * store.MaxFolded {
		mustIngest(t, j, player(storm.France, "ABSENCE 2027-03-01 2027-03-02"), Accepted)
		mustIngest(t, j, player(storm.France, "ABSENCE NONE"), Accepted)
	}
	g, _, _ := game(t, db, "demo")
	f := g.Seat(storm.Britain).Folded
	if len(f) != store.MaxFolded || !strings.HasPrefix(f[0], "(") || !strings.Contains(f[0], "earlier announcements left out") {
		t.Errorf("Britain's folded announcements: %d, the first %q", len(f), f[0])
	}
}

// A seat that chose MAIL EVERY SEGMENT gets every announcement at once,
// as it gets every version; a digest seat has another player's ABSENCE
// folded.
func TestAnnouncementsNotFoldedForEverySegment(t *testing.T) {
	j, db, c := foldGame(t, store.MailDigest)
	mustIngest(t, j, moderatorMail("ABSENCE MAX 30d"), Accepted)
	playSegment(t, j, db, c, nil)
	mustIngest(t, j, player(storm.Britain, "MAIL EVERY SEGMENT"), Accepted)
	britain, germany := len(noticesTo(t, db, "britain@sandbox.test")), len(noticesTo(t, db, "germany@sandbox.test"))
	mustIngest(t, j, player(storm.France, "ABSENCE 2027-03-01 2027-03-02"), Accepted)
	if n := len(noticesTo(t, db, "britain@sandbox.test")) - britain; n != 1 {
		t.Errorf("Britain (every segment) got %d announcements of France's absence, want 1", n)
	}
	if n := len(noticesTo(t, db, "germany@sandbox.test")) - germany; n != 0 {
		t.Errorf("Germany (digest) got %d announcements of France's absence at once, want 0", n)
	}
	g, _, _ := game(t, db, "demo")
	if f := g.Seat(storm.Britain).Folded; len(f) != 0 {
		t.Errorf("Britain's folded announcements: %q", f)
	}
}
