package judge

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"stormjudge/adjudicator/storm"
	"stormjudge/judge/letters"
	"stormjudge/store"
)

// A schedule set by email (the moderators' TIMEZONE, DEADLINE EVERY)
// puts two weeks of deadlines at 20:00 in London on Mondays, Wednesdays
// and Fridays, through the end of summer time in Europe (25 Oct 2026) and
// in America (1 Nov 2026): the table the test logs gives each deadline
// in UTC and in the three players' zones, and why it is there. A
// player's extension moves one and an absence moves one to the next time
// of the schedule; each notice that gives the deadline says why, in its
// player's zone.
func TestRecurringScheduleTwoWeeksThreeZones(t *testing.T) {
	j, db, c := newJudge(t)
	c.t = time.Date(2026, 10, 18, 10, 0, 0, 0, time.UTC) // Sunday
	def := demoDef(12 * time.Hour)
	def.ModeratorSecret = "gmsecret"
	def.Rules.ExtensionBudget, def.Rules.AbsenceMax = 6*time.Hour, 14*24*time.Hour
	if _, err := j.EnsureGame(def); err != nil {
		t.Fatal(err)
	}
	mustIngest(t, j, moderatorMail("TIMEZONE Europe/London\nDEADLINE EVERY MON WED FRI 20:00"), Accepted)
	zones := map[storm.Power]string{storm.Britain: "Europe/London", storm.Germany: "America/New_York", storm.Russia: "Asia/Tokyo"}
	for p, z := range zones {
		mustIngest(t, j, player(p, "TIMEZONE "+z), Accepted)
	}
	london := letters.Location("Europe/London")
	// The open segment keeps the deadline its duration gave it.
	g, _, _ := game(t, db, "demo")
	if want := c.t.Add(12 * time.Hour); !g.Deadline.Equal(want) {
		t.Fatalf("the open segment's deadline %s, want %s (its duration)", g.Deadline, want)
	}
	c.t = g.Deadline
	tick(t, j)

	end := time.Date(2026, 11, 3, 0, 0, 0, 0, time.UTC)
	t.Logf("%-4s %-17s %-22s %-22s %-22s %s", "v", "UTC", "Europe/London", "America/New_York", "Asia/Tokyo", "why")
	var got []string
	checked := 0
	for range 40 {
		g, _, _ = game(t, db, "demo")
		if g.Deadline.IsZero() || !g.Deadline.Before(end) {
			break
		}
		switch l := g.Deadline.In(london); {
		case l.Month() == 10 && l.Day() == 28:
			// Italy's player extends Wednesday's deadline by 2 hours.
			mustIngest(t, j, player(storm.Italy, "EXTEND 2h"), Accepted)
		case l.Month() == 10 && l.Day() == 30:
			// France's player is away on Friday: the deadline goes to
			// Monday's time.
			mustIngest(t, j, player(storm.France, "ABSENCE 2026-10-30 2026-10-30"), Accepted)
		}
		g, _, _ = game(t, db, "demo")
		row := fmt.Sprintf("v%-3d %-17s %-22s %-22s %-22s %s", g.Version, g.Deadline.UTC().Format("Mon 02 Jan 15:04"),
			g.Deadline.In(london).Format("Mon 02 Jan 15:04 MST"), g.Deadline.In(letters.Location("America/New_York")).Format("Mon 02 Jan 15:04 MST"),
			g.Deadline.In(letters.Location("Asia/Tokyo")).Format("Mon 02 Jan 15:04 MST"), g.DeadlineWhy)
		t.Log(row)
		got = append(got, g.Deadline.In(london).Format("Mon 02 Jan 15:04 MST"))
		// Each player's mail that gave it says it in the player's
		// zone, and why.
		line := letters.DeadlineLine(g, "America/New_York")
		if !strings.Contains(line, g.DeadlineWhy) || !strings.Contains(line, "in America/New_York") {
			t.Errorf("the deadline line for New York: %q", line)
		}
		if ms := mailsWith(t, db, fmt.Sprintf("demo/v%d/private/germany", g.Version)); len(ms) > 0 && g.DeadlineSeq == 0 {
			checked++
			if b := flat(ms[0].Body); !strings.Contains(b, flat(line)) {
				t.Errorf("Germany's notice of v%d does not give %q:\n%s", g.Version, line, ms[0].Body)
			}
		}
		c.t = g.Deadline
		tick(t, j)
	}
	want := []string{
		"Mon 19 Oct 20:00 BST", "Wed 21 Oct 20:00 BST", "Fri 23 Oct 20:00 BST",
		"Mon 26 Oct 20:00 GMT", "Wed 28 Oct 22:00 GMT", // Italy's 2 hours
		"Mon 02 Nov 20:00 GMT", // France away on Friday 30
	}
	if checked < 4 {
		t.Errorf("%d of Germany's notices checked, want at least 4", checked)
	}
	if strings.Join(got, "; ") != strings.Join(want, "; ") {
		t.Fatalf("the deadlines in London:\n got %s\nwant %s", strings.Join(got, "; "), strings.Join(want, "; "))
	}
}

// The moderators' TIMEZONE reads DEADLINE's times in their zone (UTC
// when the time says so); CREATE takes TIMEZONE and DEADLINE EVERY, the
// schedule in the moderators' zone wherever TIMEZONE stands, and refuses
// a DEADLINE <time>.
func TestModeratorTimezoneReadsDeadlineAndCreate(t *testing.T) {
	j, db, _ := rulesGame(t, 24*time.Hour, store.Rules{})
	res := mustIngest(t, j, moderatorMail("TIMEZONE America/New_York\nDEADLINE 2026-11-24 18:00"), Accepted)
	g, _, _ := game(t, db, "demo")
	if want := time.Date(2026, 11, 24, 23, 0, 0, 0, time.UTC); !g.Deadline.Equal(want) {
		t.Fatalf("DEADLINE 18:00 in New York: %s, want %s", g.Deadline, want)
	}
	if b := flat(res.Receipt.Body); !strings.Contains(b, "(18:00 EST, Tue 24 Nov, in America/New_York)") || !strings.Contains(b, "set by the moderator") {
		t.Fatalf("the receipt does not give the deadline in the moderators' zone and why:\n%s", res.Receipt.Body)
	}
	mustIngest(t, j, moderatorMail("DEADLINE 2026-11-24 18:00 UTC"), Accepted)
	if g, _, _ = game(t, db, "demo"); g.Deadline.Hour() != 18 {
		t.Fatalf("DEADLINE ... UTC: %s", g.Deadline)
	}

	j2, db2, _ := newJudgeWith(t, Options{Masters: []Master{{Address: "boss@example.org", SecretHash: store.HashSecret("bosssecret")}}})
	body := "GAME cal\nMODERATOR\nSECRET bosssecret\nCREATE\nSEAT germany ann@example.org\nSEAT italy bob@example.org\nSEAT britain bob@example.org\nSEAT france cy@example.org\nSEAT russia cy@example.org\n" +
		"DEADLINE EVERY DAY 20:00 SKIP SAT SUN\nTIMEZONE Europe/Berlin\nDURATION ALL 1d\nEND\n"
	res = mustIngest(t, j2, email("boss@example.org", strings.Replace(body, "DEADLINE EVERY DAY 20:00 SKIP SAT SUN", "DEADLINE 2026-12-01 18:00", 1)), Rejected)
	if !strings.Contains(flat(res.Receipt.Body), "give its schedule (DEADLINE EVERY)") {
		t.Fatalf("CREATE with a DEADLINE <time>:\n%s", res.Receipt.Body)
	}
	res = mustIngest(t, j2, email("boss@example.org", body), Accepted)
	g, _, _ = game(t, db2, "cal")
	sc := g.Rules.Schedule
	if sc == nil || sc.Zone != "Europe/Berlin" || len(sc.Days) != 5 || g.Rules.Zone != "Europe/Berlin" {
		t.Fatalf("the created game's schedule %+v, zone %q", sc, g.Rules.Zone)
	}
	// Created Sun 22 Nov 12:00 UTC, a day at least: Mon 23 Nov 20:00 in Berlin.
	if want := time.Date(2026, 11, 23, 19, 0, 0, 0, time.UTC); !g.Deadline.Equal(want) {
		t.Fatalf("the first deadline %s, want %s", g.Deadline, want)
	}
	if !strings.Contains(flat(res.Receipt.Body), "on the schedule, every Mon, Tue, Wed, Thu, Fri at 20:00 Europe/Berlin") {
		t.Errorf("the CREATE receipt does not give the schedule:\n%s", res.Receipt.Body)
	}
}

// On a schedule, RESUME puts the deadline at the schedule's first time
// from as far off as when paused, and says so.
func TestResumeOnTheSchedule(t *testing.T) {
	j, db, c := rulesGame(t, 24*time.Hour, store.Rules{})
	mustIngest(t, j, moderatorMail("DEADLINE EVERY TUE 18:00"), Accepted)
	mustIngest(t, j, moderatorMail("PAUSE"), Accepted)
	c.t = c.t.Add(3 * time.Hour) // Sun 22 Nov 15:00: a day left, Mon 15:00, then Tuesday's time
	res := mustIngest(t, j, moderatorMail("RESUME"), Accepted)
	g, _, _ := game(t, db, "demo")
	if want := time.Date(2026, 11, 24, 18, 0, 0, 0, time.UTC); !g.Deadline.Equal(want) {
		t.Fatalf("the deadline after RESUME %s, want %s", g.Deadline, want)
	}
	want := "as far off as when paused it would be Mon 23 Nov 2026 15:00 UTC; it is on the game's schedule, every Tue at 18:00 UTC."
	if !strings.Contains(flat(res.Receipt.Body), want) {
		t.Fatalf("RESUME on the schedule; want %q in:\n%s", want, res.Receipt.Body)
	}
}
