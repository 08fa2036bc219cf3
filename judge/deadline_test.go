package judge

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-ical"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
	"stormjudge/judge/letters"
	"stormjudge/store"
)

// rulesGame creates the demo game with a deadline of d and the rules r,
// the moderators' secret "gmsecret".
func rulesGame(t *testing.T, d time.Duration, r store.Rules) (*Judge, *store.DB, *clock) {
	t.Helper()
	j, db, c := newJudge(t)
	def := demoDef(d)
	def.ModeratorSecret = "gmsecret"
	if r.Mail == "" {
		r.Mail = store.MailEverySegment // as demoDef
	}
	def.Rules = r
	if _, err := j.EnsureGame(def); err != nil {
		t.Fatal(err)
	}
	return j, db, c
}

func mustIngest(t *testing.T, j *Judge, raw []byte, want Outcome) *Result {
	t.Helper()
	res, err := j.Ingest(raw)
	if err != nil {
		t.Fatal(err)
	}
	if res.Outcome != want {
		body := ""
		if res.Receipt != nil {
			body = res.Receipt.Body
		}
		t.Fatalf("outcome %s, want %s; receipt:\n%s", res.Outcome, want, body)
	}
	return res
}

func player(p storm.Power, lines string) []byte {
	return email(p.String()+"@sandbox.test", "GAME demo\nSECRET "+p.String()+"\n"+lines+"\nEND\n")
}

func moderatorMail(lines string) []byte {
	return email("gm@sandbox.test", "GAME demo\nMODERATOR\nSECRET gmsecret\n"+lines+"\nEND\n")
}

func audits(t *testing.T, db *store.DB, action string) []store.AuditEntry {
	t.Helper()
	var out []store.AuditEntry
	if err := db.View(func(tx *store.Tx) error {
		log, err := tx.AuditLog("demo")
		for _, e := range log {
			if action == "" || e.Action == action {
				out = append(out, e)
			}
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	return out
}

func tick(t *testing.T, j *Judge) int {
	t.Helper()
	n, err := j.Tick()
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// Reminders go once each at their times, and only to the powers that
// have not ordered.
func TestDeadlineRemindersOnlyToMissingPowersOnceEach(t *testing.T) {
	j, db, c := rulesGame(t, 48*time.Hour, store.Rules{Reminders: []time.Duration{24 * time.Hour, 2 * time.Hour}})
	mustIngest(t, j, player(storm.Germany, "PASS"), Accepted)
	g, _, _ := game(t, db, "demo")
	dl := g.Deadline
	c.t = dl.Add(-25 * time.Hour)
	tick(t, j)
	if n := len(mailsWith(t, db, "/reminder/")); n != 0 {
		t.Fatalf("%d reminders 25 h before the deadline, want 0", n)
	}
	c.t = dl.Add(-24 * time.Hour)
	tick(t, j)
	tick(t, j)
	rs := mailsWith(t, db, "/reminder/")
	if len(rs) != 4 {
		t.Fatalf("%d reminders at 24 h, want 4 (everyone but Germany)", len(rs))
	}
	for _, m := range rs {
		if m.To[0] == "germany@sandbox.test" {
			t.Errorf("Germany ordered and was reminded: %s", m.ID)
		}
		if !strings.Contains(m.Body, "Deadline: ") || !strings.Contains(m.Subject, "Reminder") {
			t.Errorf("reminder %s without its deadline:\n%s", m.ID, m.Body)
		}
	}
	mustIngest(t, j, player(storm.Italy, "PASS"), Accepted)
	c.t = dl.Add(-2 * time.Hour)
	tick(t, j)
	rs = mailsWith(t, db, "/reminder/")
	if len(rs) != 7 {
		t.Fatalf("%d reminders after the 2 h one, want 4 + 3 (Italy ordered)", len(rs))
	}
	if n := len(audits(t, db, "reminder")); n != 2 {
		t.Errorf("%d reminder audit lines, want 2", n)
	}
}

// A reminder whose time was past when the deadline was set is not sent.
func TestDeadlineReminderLongerThanTheSegmentIsSkipped(t *testing.T) {
	j, db, c := rulesGame(t, 12*time.Hour, store.Rules{Reminders: []time.Duration{24 * time.Hour}})
	c.t = c.t.Add(time.Hour)
	tick(t, j)
	if n := len(mailsWith(t, db, "/reminder/")); n != 0 {
		t.Fatalf("%d reminders, want none", n)
	}
}

// A reminder as long as the segment is not sent either, though the
// deadline was rounded up to the minute after the segment opened.
func TestDeadlineReminderAsLongAsTheSegmentIsSkipped(t *testing.T) {
	j, db, c := newJudge(t)
	c.t = time.Date(2026, 11, 22, 12, 0, 30, 5, time.UTC)
	def := demoDef(24 * time.Hour)
	def.Rules = store.Rules{Reminders: []time.Duration{24 * time.Hour, 2 * time.Hour}}
	if _, err := j.EnsureGame(def); err != nil {
		t.Fatal(err)
	}
	g, _, _ := game(t, db, "demo")
	c.t = g.Deadline.Add(-24 * time.Hour).Add(time.Second)
	tick(t, j)
	if n := len(mailsWith(t, db, "/reminder/")); n != 0 {
		t.Fatalf("%d reminders seconds after the segment opened, want none", n)
	}
	c.t = g.Deadline.Add(-2 * time.Hour)
	tick(t, j)
	if n := len(mailsWith(t, db, "/reminder/")); n != 5 {
		t.Fatalf("%d reminders 2 hours before the deadline, want 5", n)
	}
}

// Deadlines are whole minutes, never earlier than the duration says.
func TestDeadlineRoundedUpToTheMinute(t *testing.T) {
	j, db, c := newJudge(t)
	c.t = time.Date(2026, 11, 22, 12, 0, 30, 5, time.UTC)
	if _, err := j.EnsureGame(demoDef(time.Hour)); err != nil {
		t.Fatal(err)
	}
	g, _, _ := game(t, db, "demo")
	if want := time.Date(2026, 11, 22, 13, 1, 0, 0, time.UTC); !g.Deadline.Equal(want) {
		t.Fatalf("deadline %s, want %s", g.Deadline, want)
	}
}

// At the deadline (PASS policy) the missing powers are counted, the
// moderators told at once, and the report names who missed it.
func TestDeadlineNMRPassCountsAndReports(t *testing.T) {
	j, db, c := rulesGame(t, 24*time.Hour, store.Rules{})
	mustIngest(t, j, player(storm.Germany, "PASS"), Accepted)
	g, _, _ := game(t, db, "demo")
	c.t = g.Deadline
	if n := tick(t, j); n != 1 {
		t.Fatalf("Tick adjudicated %d segments at the deadline, want 1", n)
	}
	g, _, _ = game(t, db, "demo")
	for _, s := range g.Seats {
		want := 1
		if s.Power == storm.Germany {
			want = 0
		}
		if s.Missed != want {
			t.Errorf("%s missed %d, want %d", s.Power, s.Missed, want)
		}
	}
	if ms := mailsWith(t, db, "/missed/"); len(ms) != 1 || ms[0].To[0] != "gm@sandbox.test" || !strings.Contains(ms[0].Body, "Italy") {
		t.Fatalf("moderator's missed-deadline notices: %v", ms)
	}
	pub := mailsWith(t, db, "demo/v2/public/")
	if len(pub) == 0 || !strings.Contains(pub[0].Body, "Orders missing (missed the deadline): Italy, taken to PASS") {
		t.Fatalf("the report does not name who missed the deadline:\n%s", pub[0].Body)
	}
}

// With a grace, late orders are taken after the deadline; the policy
// applies at its end.
func TestDeadlineGraceTakesLateOrders(t *testing.T) {
	j, db, c := rulesGame(t, 24*time.Hour, store.Rules{Grace: 2 * time.Hour})
	g, _, _ := game(t, db, "demo")
	c.t = g.Deadline.Add(time.Minute)
	if n := tick(t, j); n != 0 {
		t.Fatal("adjudicated inside the grace")
	}
	if len(mailsWith(t, db, "/missed/")) != 1 {
		t.Fatal("the moderator was not told of the miss at the deadline")
	}
	mustIngest(t, j, player(storm.Germany, "PASS"), Accepted)
	c.t = g.Deadline.Add(2 * time.Hour)
	if n := tick(t, j); n != 1 {
		t.Fatal("not adjudicated at the grace's end")
	}
	g, _, _ = game(t, db, "demo")
	if g.Seat(storm.Germany).Missed != 1 {
		t.Errorf("Germany's miss (ordered in the grace) counted %d, want 1: the deadline was missed", g.Seat(storm.Germany).Missed)
	}
}

// NMR WAIT: the deadline passes and the game waits for the moderator's
// ADJUDICATE.
func TestDeadlineNMRWaitForTheModerator(t *testing.T) {
	j, db, c := rulesGame(t, 24*time.Hour, store.Rules{NMR: "wait"})
	g, _, _ := game(t, db, "demo")
	c.t = g.Deadline.Add(48 * time.Hour)
	if n := tick(t, j); n != 0 {
		t.Fatal("NMR WAIT adjudicated at the deadline")
	}
	mustIngest(t, j, moderatorMail("ADJUDICATE\nREASON the players agreed"), Accepted)
	g, _, _ = game(t, db, "demo")
	if g.Version != 2 {
		t.Fatalf("version %d after ADJUDICATE, want 2", g.Version)
	}
	if len(audits(t, db, "adjudicate now")) != 1 {
		t.Error("ADJUDICATE not audited")
	}
}

// NMR REPEAT: a missing power gets its orders of the last same segment
// again when they are valid; a PASS repeats as a PASS.
func TestDeadlineNMRRepeat(t *testing.T) {
	j, db, c := rulesGame(t, 24*time.Hour, store.Rules{NMR: "repeat"})
	research := "RESEARCH AIR RANGE\nRESEARCH ITALIAN ARMOR\nRESEARCH TORPEDOES"
	g, _ := researchThenNextEconomic(t, j, db, research)
	v := g.Version
	c.t = g.Deadline
	if n := tick(t, j); n != 1 {
		t.Fatal("not adjudicated at the deadline")
	}
	pub := mailsWith(t, db, fmt.Sprintf("demo/v%d/public/germany", v+1))
	body := flat(pub[0].Body)
	if !strings.Contains(body, "Germany, given its orders of Spring 1935 again (NMR REPEAT)") || !strings.Contains(body, "Italy, taken to PASS") {
		t.Fatalf("the report of REPEAT:\n%s", pub[0].Body)
	}
	var recs map[storm.Power]store.OrderRecord
	db.View(func(tx *store.Tx) error { var err error; recs, err = tx.Orders("demo", v); return err })
	if r := recs[storm.Germany]; !r.Repeated || len(r.Orders) != 3 {
		t.Fatalf("the repeated orders are not kept with the version: %+v", r)
	}
	if n, err := j.Replay("demo"); err != nil || n != v+1 {
		t.Fatalf("Replay = %d, %v", n, err)
	}
}

// A pause freezes the deadline: after it the deadline is as far off as
// when it began; the calendar moves with it.
func TestDeadlinePauseFreezesTime(t *testing.T) {
	j, db, c := rulesGame(t, 24*time.Hour, store.Rules{})
	g, _, _ := game(t, db, "demo")
	c.t = g.Deadline.Add(-10 * time.Hour)
	mustIngest(t, j, moderatorMail("PAUSE\nREASON holidays"), Accepted)
	c.t = c.t.Add(100 * time.Hour)
	if n := tick(t, j); n != 0 {
		t.Fatal("a paused game was adjudicated")
	}
	mustIngest(t, j, player(storm.Germany, "PASS"), Rejected)
	mustIngest(t, j, moderatorMail("RESUME\nEXTEND 1h"), Accepted)
	g, _, _ = game(t, db, "demo")
	if want := c.t.Add(11 * time.Hour); !g.Deadline.Equal(want) {
		t.Fatalf("deadline after the pause and an hour more %s, want %s", g.Deadline, want)
	}
	// One announcement of both, its subject naming both.
	if n := mailsWith(t, db, "demo/notice/"); n[len(n)-1].Subject != "[demo] Game resumed; Deadline extended" {
		t.Fatalf("the announcement's subject %q", n[len(n)-1].Subject)
	}
	ann := mailsWith(t, db, "/notice/")
	if len(ann) == 0 {
		t.Fatal("no announcements")
	}
	var paused, resumed bool
	for _, m := range ann {
		paused = paused || strings.Contains(m.Body, "PAUSED") && strings.Contains(m.Body, "Reason: holidays")
		resumed = resumed || strings.Contains(m.Body, "RESUMED")
	}
	if !paused || !resumed {
		t.Fatal("pause and resume not announced to the players")
	}
}

// calendar decodes the deadline.ics of a mail.
func calendar(t *testing.T, m *store.Mail) (uid string, seq int, at time.Time) {
	t.Helper()
	uid, seq, at, _ = calendarFile(t, m, "deadline.ics")
	return uid, seq, at
}

// calendarFile decodes the calendar file name of a mail, its one event.
func calendarFile(t *testing.T, m *store.Mail, name string) (uid string, seq int, at time.Time, status string) {
	t.Helper()
	for _, a := range m.Attachments {
		if a.Name != name {
			continue
		}
		cal, err := ical.NewDecoder(bytes.NewReader(a.Data)).Decode()
		if err != nil {
			t.Fatalf("%s: %s does not parse: %v", m.ID, name, err)
		}
		ev := cal.Events()
		if len(ev) != 1 {
			t.Fatalf("%s: %d events", m.ID, len(ev))
		}
		uid, _ = ev[0].Props.Text(ical.PropUID)
		status, _ = ev[0].Props.Text(ical.PropStatus)
		if p := ev[0].Props.Get(ical.PropSequence); p != nil {
			seq, _ = p.Int()
		}
		if at, err = ev[0].DateTimeStart(time.UTC); err != nil {
			t.Fatal(err)
		}
		return uid, seq, at, status
	}
	t.Fatalf("%s: no %s", m.ID, name)
	return
}

// A player's EXTEND spends the budget and moves the deadline; the
// calendar event keeps its UID with a higher SEQUENCE.
func TestDeadlineExtensionBudgetAndCalendar(t *testing.T) {
	j, db, _ := rulesGame(t, 24*time.Hour, store.Rules{ExtensionBudget: 24 * time.Hour})
	g0, _, _ := game(t, db, "demo")
	priv := mailsWith(t, db, "demo/v1/private/germany")
	uid0, seq0, at0 := calendar(t, priv[0])
	if !at0.Equal(g0.Deadline) || seq0 != 0 {
		t.Fatalf("first calendar: %s seq %d, want %s seq 0", at0, seq0, g0.Deadline)
	}
	mustIngest(t, j, player(storm.Italy, "EXTEND 12h"), Accepted)
	g, _, _ := game(t, db, "demo")
	if !g.Deadline.Equal(g0.Deadline.Add(12 * time.Hour)) {
		t.Fatalf("deadline %s, want 12 h later than %s", g.Deadline, g0.Deadline)
	}
	var moved *store.Mail
	for _, m := range mailsWith(t, db, "/notice/") {
		if m.To[0] == "germany@sandbox.test" {
			moved = m
		}
	}
	uid1, seq1, at1 := calendar(t, moved)
	if uid1 != uid0 || seq1 <= seq0 || !at1.Equal(g.Deadline) {
		t.Fatalf("moved calendar: uid %q seq %d at %s; want uid %q, seq > %d, at %s", uid1, seq1, at1, uid0, seq0, g.Deadline)
	}
	res := mustIngest(t, j, player(storm.Italy, "EXTEND 13h"), Rejected)
	if !strings.Contains(res.Receipt.Body, "extension budget") {
		t.Fatalf("over-budget refusal:\n%s", res.Receipt.Body)
	}
}

// An absence that covers the deadline moves it to the absence's end.
func TestDeadlineAbsenceMovesIt(t *testing.T) {
	j, db, c := rulesGame(t, 48*time.Hour, store.Rules{AbsenceMax: 14 * 24 * time.Hour})
	g, _, _ := game(t, db, "demo")
	day := g.Deadline.Format("2006-01-02")
	mustIngest(t, j, player(storm.France, "ABSENCE "+day+" "+day), Accepted)
	g2, _, _ := game(t, db, "demo")
	want := time.Date(g.Deadline.Year(), g.Deadline.Month(), g.Deadline.Day()+1, 0, 0, 0, 0, time.UTC)
	if !g2.Deadline.Equal(want) {
		t.Fatalf("deadline %s, want the absence's end %s", g2.Deadline, want)
	}
	// The moderator's STATUS lists it under the seat.
	st := mustIngest(t, j, moderatorMail("STATUS"), Answered)
	if !strings.Contains(st.Receipt.Body, "absent "+letters.DeadlineText(g.Deadline.Truncate(24*time.Hour), "")) {
		t.Fatalf("the moderator's STATUS does not list France's absence:\n%s", st.Receipt.Body)
	}
	c.t = g.Deadline
	if n := tick(t, j); n != 0 {
		t.Fatal("adjudicated at the old deadline")
	}
	res := mustIngest(t, j, player(storm.France, "ABSENCE 2027-01-01 2027-01-31"), Rejected)
	if !strings.Contains(res.Receipt.Body, "limit") {
		t.Fatalf("over-limit absence:\n%s", res.Receipt.Body)
	}
}

// A segment adjudicated before its deadline cancels its calendar event
// in the next notices of the powers that had it, and in the moderator's
// copy of the report when the moderator had it too: from the receipt of a
// deadline they moved, or from the announcement of a player's EXTEND. A
// player's report carries none.
func TestDeadlineClosedEarlyCancelsTheEvent(t *testing.T) {
	for _, tc := range []struct {
		name, moves string
		mod         bool // the move is the moderator's
	}{
		{"nobody moved it", "", false},
		{"the moderator's EXTEND", "EXTEND 2h", true},
		{"a player's EXTEND", "EXTEND 2h", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			j, db, _ := rulesGame(t, 24*time.Hour, store.Rules{ExtensionBudget: 12 * time.Hour})
			uid, seq, _ := calendar(t, mailsWith(t, db, "demo/v1/private/germany")[0])
			switch {
			case tc.moves != "" && tc.mod:
				mustIngest(t, j, moderatorMail(tc.moves), Accepted)
			case tc.moves != "":
				mustIngest(t, j, player(storm.Italy, tc.moves), Accepted)
			}
			for _, p := range storm.Powers {
				mustIngest(t, j, player(p, "PASS"), Accepted)
			}
			u, n, _, st := calendarFile(t, mailsWith(t, db, "demo/v2/private/germany")[0], "closed-deadline.ics")
			if u != uid || st != "CANCELLED" || n <= seq {
				t.Fatalf("closed event: uid %q status %q sequence %d; want %q CANCELLED above %d", u, st, n, uid, seq)
			}
			gm := mailsWith(t, db, "demo/v2/public/gm@sandbox.test")[0]
			if tc.moves == "" {
				if len(gm.Attachments) != 0 {
					t.Fatalf("the moderator never had the event; their report carries %s", gm.Attachments[0].Name)
				}
			} else if u, _, _, st := calendarFile(t, gm, "closed-deadline.ics"); u != uid || st != "CANCELLED" {
				t.Fatalf("the moderator's cancellation: uid %q status %q, want %q CANCELLED", u, st, uid)
			}
			if m := mailsWith(t, db, "demo/v2/public/germany@sandbox.test")[0]; len(m.Attachments) != 0 {
				t.Fatalf("a player's report carries %s", m.Attachments[0].Name)
			}
		})
	}
}

// A rollback cancels the calendar event of the segment that was open (its
// deadline still ahead) in the notices sent again, beside the restored
// segment's own event, a new one.
func TestDeadlineRollbackCancelsTheOpenEvent(t *testing.T) {
	j, db, _ := rulesGame(t, 24*time.Hour, store.Rules{})
	for _, p := range storm.Powers {
		mustIngest(t, j, player(p, "PASS"), Accepted)
	}
	open, seq, _ := calendar(t, mailsWith(t, db, "demo/v2/private/germany")[0])
	mustIngest(t, j, moderatorMail("ROLLBACK 1"), Accepted)
	again := mailsWith(t, db, "demo/v1r1/private/germany")[0]
	u, n, _, st := calendarFile(t, again, "closed-deadline.ics")
	if u != open || st != "CANCELLED" || n <= seq {
		t.Fatalf("the rolled-back segment's event: uid %q status %q sequence %d; want %q CANCELLED above %d", u, st, n, open, seq)
	}
	if restored, _, _ := calendar(t, again); restored == open || !strings.Contains(restored, "v1r1") {
		t.Fatalf("the restored segment's event %q: want a new one of v1r1, not %q", restored, open)
	}
}

// A rollback while paused cancels the open segment's event too, at the
// time the event had (the deadline when paused).
func TestDeadlineRollbackWhilePausedCancelsTheEventAtItsTime(t *testing.T) {
	j, db, c := rulesGame(t, 24*time.Hour, store.Rules{})
	for _, p := range storm.Powers {
		mustIngest(t, j, player(p, "PASS"), Accepted)
	}
	g, _, _ := game(t, db, "demo")
	open, _, at := calendar(t, mailsWith(t, db, fmt.Sprintf("demo/v%d/private/germany", g.Version))[0])
	c.t = c.t.Add(3*time.Hour + 17*time.Second)
	mustIngest(t, j, moderatorMail("PAUSE"), Accepted)
	c.t = c.t.Add(5 * time.Hour)
	mustIngest(t, j, moderatorMail("ROLLBACK 1"), Accepted)
	u, _, when, st := calendarFile(t, mailsWith(t, db, "demo/v1r1/private/germany")[0], "closed-deadline.ics")
	if u != open || st != "CANCELLED" || !when.Equal(at) {
		t.Fatalf("the cancelled event: uid %q status %q at %s; want %q CANCELLED at %s", u, st, when, open, at)
	}
}

// An absence that moved the open deadline stands when its player
// cancels the absences (ABSENCE NONE): the deadline keeps its time, and
// declaring and cancelling again moves nothing further. Another player's
// ABSENCE NONE (none to cancel) is refused and moves nothing; an
// extension given meanwhile stays.
func TestDeadlineAbsenceThatMovedItStands(t *testing.T) {
	j, db, _ := rulesGame(t, 48*time.Hour, store.Rules{AbsenceMax: 14 * 24 * time.Hour, ExtensionBudget: 12 * time.Hour})
	g0, _, _ := game(t, db, "demo")
	day := g0.Deadline.Format("2006-01-02")
	mustIngest(t, j, player(storm.France, "ABSENCE "+day+" "+day), Accepted)
	g1, _, _ := game(t, db, "demo")
	if !g1.Deadline.After(g0.Deadline) {
		t.Fatalf("the absence did not move the deadline %s", g1.Deadline)
	}
	later := g0.Deadline.Add(5 * 24 * time.Hour).Format("2006-01-02")
	mustIngest(t, j, player(storm.France, "ABSENCE "+later+" "+later), Accepted)
	mustIngest(t, j, player(storm.Italy, "EXTEND 3h"), Accepted)
	mustIngest(t, j, player(storm.Germany, "ABSENCE NONE"), Rejected)
	res := mustIngest(t, j, player(storm.France, "ABSENCE NONE"), Accepted)
	g, _, _ := game(t, db, "demo")
	if want := g1.Deadline.Add(3 * time.Hour); !g.Deadline.Equal(want) {
		t.Fatalf("after ABSENCE NONE the deadline is %s, want %s (as the absence and Italy's 3 hours left it)", g.Deadline, want)
	}
	if !strings.Contains(flat(res.Receipt.Body), "This one stands, as it moved the deadline of Economic phase") {
		t.Fatalf("the receipt does not say the absence stands:\n%s", res.Receipt.Body)
	}
	if a := g.Seat(storm.France).Absences; len(a) != 1 {
		t.Fatalf("France's absences after ABSENCE NONE: %+v", a)
	}
	// Again: nothing left to cancel, refused (and not announced).
	if r := mustIngest(t, j, player(storm.France, "ABSENCE NONE"), Rejected); !strings.Contains(flat(r.Receipt.Body), "stands: it moved the deadline of Economic phase") {
		t.Fatalf("a second ABSENCE NONE:\n%s", r.Receipt.Body)
	}
	// Declaring it again is refused (it overlaps the one that stands).
	mustIngest(t, j, player(storm.France, "ABSENCE "+day+" "+day), Rejected)
	if g2, _, _ := game(t, db, "demo"); !g2.Deadline.Equal(g.Deadline) {
		t.Fatalf("the deadline moved to %s, want %s", g2.Deadline, g.Deadline)
	}
}

// RESUME puts the deadline past the absences of the powers that order,
// one declared during the pause too.
func TestDeadlineResumeAppliesAbsences(t *testing.T) {
	j, db, c := rulesGame(t, 48*time.Hour, store.Rules{AbsenceMax: 14 * 24 * time.Hour})
	g0, _, _ := game(t, db, "demo")
	mustIngest(t, j, moderatorMail("PAUSE"), Accepted)
	c.t = c.t.Add(time.Hour)
	resumed := g0.Deadline.Add(time.Hour) // as far off as when paused
	day := resumed.Format("2006-01-02")
	mustIngest(t, j, player(storm.Russia, "ABSENCE "+day+" "+day), Accepted)
	mustIngest(t, j, moderatorMail("RESUME"), Accepted)
	g, _, _ := game(t, db, "demo")
	if want := resumed.Truncate(24 * time.Hour).Add(24 * time.Hour); !g.Deadline.Equal(want) {
		t.Fatalf("the deadline after RESUME is %s, want the end of Russia's absence %s", g.Deadline, want)
	}
}

// A deadline the moderator set inside a declared absence stays as set
// when another player declares an absence elsewhere.
func TestDeadlineModeratorsDeadlineInAnAbsenceStays(t *testing.T) {
	j, db, _ := rulesGame(t, 48*time.Hour, store.Rules{AbsenceMax: 14 * 24 * time.Hour})
	g0, _, _ := game(t, db, "demo")
	day := g0.Deadline.Format("2006-01-02")
	mustIngest(t, j, player(storm.France, "ABSENCE "+day+" "+day), Accepted)
	at := g0.Deadline.Truncate(24 * time.Hour).Add(18 * time.Hour)
	res := mustIngest(t, j, moderatorMail("DEADLINE "+at.Format("2006-01-02 15:04")), Accepted)
	if !strings.Contains(flat(res.Receipt.Body), "the deadline falls in a declared absence") {
		t.Fatalf("no note of the absence:\n%s", res.Receipt.Body)
	}
	later := g0.Deadline.Add(10 * 24 * time.Hour).Format("2006-01-02")
	mustIngest(t, j, player(storm.Italy, "ABSENCE "+later+" "+later), Accepted)
	if g, _, _ := game(t, db, "demo"); !g.Deadline.Equal(at) {
		t.Fatalf("the moderator's deadline moved to %s, want %s", g.Deadline, at)
	}
}

// A copy of the open notice sent while paused (RESEND) carries the event
// as it stands, not cancelled.
func TestDeadlineResendWhilePausedKeepsTheEvent(t *testing.T) {
	j, db, _ := rulesGame(t, 24*time.Hour, store.Rules{})
	mustIngest(t, j, moderatorMail("EXTEND 1h"), Accepted)
	g0, _, _ := game(t, db, "demo")
	mustIngest(t, j, moderatorMail("PAUSE"), Accepted)
	mustIngest(t, j, player(storm.Italy, "RESEND 1"), Answered)
	var got *store.Mail
	for _, m := range mailsWith(t, db, "demo/resend/") {
		if strings.HasSuffix(m.ID, "/private") {
			got = m
		}
	}
	if got == nil {
		t.Fatal("no copy sent")
	}
	if _, _, at, st := calendarFile(t, got, "deadline.ics"); st == "CANCELLED" || !at.Equal(g0.Deadline) {
		t.Fatalf("the event in a copy sent while paused: status %q at %s, want standing at %s", st, at, g0.Deadline)
	}
}

// Under NMR WAIT, once the deadline passed, a player's EXTEND is refused
// with its reason (the miss is counted; the game waits for the orders or
// the moderator) and spends nothing; the moderator's EXTEND to a time
// still past is refused too, and one to a time ahead sets a new deadline
// whose reminder goes before it.
func TestExtendAfterDeadlineUnderWait(t *testing.T) {
	j, db, c := rulesGame(t, 24*time.Hour, store.Rules{NMR: "wait", ExtensionBudget: time.Hour, Reminders: []time.Duration{30 * time.Minute}})
	g0, _, _ := game(t, db, "demo")
	c.t = g0.Deadline.Add(8 * time.Minute)
	tick(t, j)
	notices := len(mailsWith(t, db, "/notice/"))
	res := mustIngest(t, j, player(storm.Italy, "EXTEND 2m"), Rejected)
	body := flat(res.Receipt.Body)
	for _, want := range []string{"passed at " + letters.DeadlineText(g0.Deadline, ""), "nothing of your budget was spent", "your orders are still taken until the moderator acts (NMR WAIT)"} {
		if !strings.Contains(body, want) {
			t.Errorf("the refusal lacks %q:\n%s", want, res.Receipt.Body)
		}
	}
	g, _, _ := game(t, db, "demo")
	if g.Seat(storm.Italy).ExtensionUsed != 0 || !g.Deadline.Equal(g0.Deadline) {
		t.Fatalf("a refused EXTEND spent %s and moved the deadline to %s", g.Seat(storm.Italy).ExtensionUsed, g.Deadline)
	}
	if n := len(mailsWith(t, db, "/notice/")); n != notices {
		t.Fatalf("a refused EXTEND was announced (%d notices, were %d)", n, notices)
	}
	// The moderator's EXTEND to a time still past: refused.
	res = mustIngest(t, j, moderatorMail("EXTEND 2m"), Rejected)
	if !strings.Contains(flat(res.Receipt.Body), "still past: set a new one with DEADLINE") {
		t.Fatalf("the moderator's EXTEND to a past time:\n%s", res.Receipt.Body)
	}
	// To a time ahead: a new deadline, its reminder before it.
	mustIngest(t, j, moderatorMail("EXTEND 1h"), Accepted)
	g, _, _ = game(t, db, "demo")
	if want := g0.Deadline.Add(time.Hour); !g.Deadline.Equal(want) {
		t.Fatalf("the deadline after the moderator's EXTEND 1h: %s, want %s", g.Deadline, want)
	}
	c.t = g.Deadline.Add(-30 * time.Minute)
	tick(t, j)
	if n := len(mailsWith(t, db, "/reminder/")); n != 5 {
		t.Fatalf("%d reminders 30 minutes before the new deadline, want 5", n)
	}
}

// An NMR policy set while the open segment waits past its deadline (NMR
// WAIT) settles it at once: the receipt says so, and what each missing
// power was taken to. Within a grace it says until when late orders are
// taken.
func TestNMRChangeActsNowSaysSo(t *testing.T) {
	j, db, c := rulesGame(t, 24*time.Hour, store.Rules{NMR: "wait"})
	g, s := researchThenNextEconomic(t, j, db, "RESEARCH AIR RANGE\nRESEARCH ITALIAN ARMOR\nRESEARCH TORPEDOES")
	for _, p := range adjudicator.Required(s) {
		if p != storm.Germany && p != storm.Italy {
			mustIngest(t, j, player(p, "PASS"), Accepted)
		}
	}
	c.t = g.Deadline.Add(time.Hour)
	if n := tick(t, j); n != 0 {
		t.Fatal("NMR WAIT adjudicated at the deadline")
	}
	// A grace still running: the receipt says until when.
	res := mustIngest(t, j, moderatorMail("NMR PASS GRACE 2h"), Accepted)
	if body := flat(res.Receipt.Body); !strings.Contains(body, "passed at "+letters.DeadlineText(g.Deadline, "")+" without orders from Germany, Italy: under this rule late orders are still taken until "+letters.DeadlineText(g.Deadline.Add(2*time.Hour), "")) {
		t.Fatalf("the receipt of NMR in the grace:\n%s", res.Receipt.Body)
	}
	if g2, _, _ := game(t, db, "demo"); g2.Version != g.Version {
		t.Fatal("adjudicated inside the grace")
	}
	res = mustIngest(t, j, moderatorMail("NMR REPEAT GRACE NONE"), Accepted)
	body := flat(res.Receipt.Body)
	if !strings.Contains(body, "so this rule acts now, the segment adjudicated at once: Germany, given its orders of Spring 1935 again (NMR REPEAT); Italy, taken to PASS.") {
		t.Fatalf("the receipt does not say the rule acted now, and how:\n%s", res.Receipt.Body)
	}
	if g2, _, _ := game(t, db, "demo"); g2.Version != g.Version+1 {
		t.Fatalf("version %d after NMR REPEAT past the deadline, want %d", g2.Version, g.Version+1)
	}
	// Before a deadline passes, the rule says nothing of now.
	res = mustIngest(t, j, moderatorMail("NMR WAIT"), Accepted)
	if strings.Contains(res.Receipt.Body, "acts now") || strings.Contains(res.Receipt.Body, "passed at") {
		t.Fatalf("NMR before the deadline speaks of now:\n%s", res.Receipt.Body)
	}
}

// RESUME names the absence that moved the deadline from where the pause
// left it, in the receipt and in the players' announcement; without one
// it says the deadline is as far off as when paused.
func TestResumeNamesTheAbsence(t *testing.T) {
	j, db, c := rulesGame(t, 48*time.Hour, store.Rules{AbsenceMax: 14 * 24 * time.Hour})
	g0, _, _ := game(t, db, "demo")
	mustIngest(t, j, moderatorMail("PAUSE"), Accepted)
	c.t = c.t.Add(time.Hour)
	was := g0.Deadline.Add(time.Hour)
	day := was.Format("2006-01-02")
	mustIngest(t, j, player(storm.Russia, "ABSENCE "+day+" "+day), Accepted)
	res := mustIngest(t, j, moderatorMail("RESUME"), Accepted)
	g, _, _ := game(t, db, "demo")
	from := time.Date(was.Year(), was.Month(), was.Day(), 0, 0, 0, 0, time.UTC)
	want := "The deadline is " + letters.DeadlineText(g.Deadline, "") + ": as far off as when paused it would be " + letters.DeadlineText(was, "") +
		", in Russia's declared absence (" + letters.Span(from, g.Deadline, "") + "), so it moved to its end."
	if !strings.Contains(flat(res.Receipt.Body), want) {
		t.Fatalf("the receipt of RESUME does not name the absence; want %q in:\n%s", want, res.Receipt.Body)
	}
	ann := mailsWith(t, db, "/notice/")
	if last := ann[len(ann)-1]; !strings.Contains(flat(last.Body), want) {
		t.Fatalf("the announcement of RESUME does not name the absence:\n%s", last.Body)
	}
	mustIngest(t, j, moderatorMail("PAUSE"), Accepted)
	res = mustIngest(t, j, moderatorMail("RESUME"), Accepted)
	if !strings.Contains(flat(res.Receipt.Body), "as far off as when paused.") || strings.Contains(res.Receipt.Body, "absence") {
		t.Fatalf("RESUME without an absence in the way:\n%s", res.Receipt.Body)
	}
}

// researchThenNextEconomic has Germany send research (the others PASS)
// and plays on, everyone passing, to the next turn's economic segment:
// the game and state there.
func researchThenNextEconomic(t *testing.T, j *Judge, db *store.DB, research string) (*store.Game, storm.State) {
	t.Helper()
	mustIngest(t, j, player(storm.Germany, research), Accepted)
	for _, p := range storm.Powers[1:] {
		mustIngest(t, j, player(p, "PASS"), Accepted)
	}
	for range 40 {
		_, s, _ := game(t, db, "demo")
		if s.Segment == storm.SegEconomic && s.Turn != storm.FirstTurn {
			break
		}
		for _, p := range adjudicator.Required(s) {
			mustIngest(t, j, player(p, "PASS"), Accepted)
		}
	}
	g, s, _ := game(t, db, "demo")
	if s.Segment != storm.SegEconomic {
		t.Fatalf("not at an economic segment: %s", s.Segment)
	}
	return g, s
}
