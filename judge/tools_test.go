package judge

import (
	"strings"
	"testing"
	"time"

	"stormjudge/adjudicator/storm"
	"stormjudge/internal/flowed"
	"stormjudge/judge/letters"
	"stormjudge/store"
)

// mailText is a mail's text as a client shows it (format=flowed joined).
func mailText(m *store.Mail) string {
	if m.Flowed {
		return flowed.Decode(m.Body, false)
	}
	return m.Body
}

// TestMissedMailSaysYourLastOrders: the mail to the player who missed the
// deadline says what becomes of its own orders ("Your last orders"), the
// moderators' what becomes of theirs.
func TestMissedMailSaysYourLastOrders(t *testing.T) {
	j, db, c := rulesGame(t, 24*time.Hour, store.Rules{NMR: "repeat", Grace: time.Hour})
	for _, p := range storm.Powers {
		if p != storm.Italy {
			mustIngest(t, j, player(p, "PASS"), Accepted)
		}
	}
	g, _, _ := game(t, db, "demo")
	c.t = g.Deadline.Add(time.Minute)
	tick(t, j)
	late := mailsWith(t, db, "/late/")
	if len(late) != 1 || late[0].To[0] != "italy@sandbox.test" {
		t.Fatalf("the late notices: %v", late)
	}
	text := flat(mailText(late[0]))
	if !strings.Contains(text, "Your late orders are still taken until") ||
		!strings.Contains(text, "then your last orders for the same segment are used again when still valid, else PASS.") ||
		strings.Contains(strings.ToLower(text), "their") {
		t.Errorf("the mail to the player who missed:\n%s", mailText(late[0]))
	}
	if m := mailsWith(t, db, "/missed/"); len(m) != 1 || !strings.Contains(flat(mailText(m[0])), "their last orders") {
		t.Errorf("the moderators' notice: %v", m)
	}
}

// TestAbsenceAnnouncedInEachPlayersZone: a player's ABSENCE is announced
// to each reader with its times in UTC and in the reader's own zone
// (TIMEZONE), beside UTC; a reader without a zone reads UTC alone.
func TestAbsenceAnnouncedInEachPlayersZone(t *testing.T) {
	j, db, _ := rulesGame(t, 48*time.Hour, store.Rules{AbsenceMax: 14 * 24 * time.Hour})
	mustIngest(t, j, player(storm.Germany, "TIMEZONE Europe/Berlin"), Accepted)
	mustIngest(t, j, player(storm.Russia, "TIMEZONE America/New_York"), Accepted)
	g, _, _ := game(t, db, "demo")
	day := g.Deadline.Format("2006-01-02")
	mustIngest(t, j, player(storm.France, "ABSENCE "+day+" "+day), Accepted)
	from := g.Deadline.Truncate(24 * time.Hour)
	until := from.Add(24 * time.Hour)
	for addr, zone := range map[string]string{"germany@sandbox.test": "Europe/Berlin", "russia@sandbox.test": "America/New_York", "britain@sandbox.test": ""} {
		var text string
		for _, m := range mailsWith(t, db, "demo/notice/") {
			if m.To[0] == addr && strings.Contains(m.Subject, "away") {
				text = flat(mailText(m))
			}
		}
		want := "from " + letters.DeadlineText(from, zone) + " to " + letters.DeadlineText(until, zone) + "."
		if !strings.Contains(text, want) || !strings.Contains(text, "The deadline of Economic phase moves to "+letters.DeadlineText(until, zone)) {
			t.Errorf("the absence announced to %s (%s), without %q:\n%s", addr, zone, want, text)
		}
		if zone != "" && !strings.Contains(text, ", in "+zone+")") {
			t.Errorf("no time in %s for %s:\n%s", zone, addr, text)
		}
		if zone == "" && strings.Contains(text, ", in ") {
			t.Errorf("a zone for %s, who set none:\n%s", addr, text)
		}
	}
}

// TestOrdersForAPowerNotOrderingNow: ORDERS from a power that does not
// order in the open segment says so, and gives its standing orders for
// later segments (rule 24.55), never "none yet".
func TestOrdersForAPowerNotOrderingNow(t *testing.T) {
	j, db, _ := newJudge(t)
	def := demoDef(0)
	def.Diplomacy = true
	if _, err := j.EnsureGame(def); err != nil {
		t.Fatal(err)
	}
	for _, p := range storm.Powers {
		mustIngest(t, j, player(p, "PASS"), Accepted)
	}
	_, s, _ := game(t, db, "demo")
	if s.Segment != storm.SegDiplomacyAxis1 {
		t.Fatalf("after the economic phase: %s", s.Segment)
	}
	// France, not asked in the Axis round: none yet, then a standing order.
	none := flat(receiptOf(t, mustIngest(t, j, player(storm.France, "ORDERS"), Answered)))
	if !strings.Contains(none, "France does not order in this segment (Spring 1935, Diplomacy: Axis, first round, version 2: Germany, Italy order); it has no standing orders for later segments.") ||
		strings.Contains(none, "none yet") {
		t.Errorf("ORDERS of a power not asked, without standing orders:\n%s", none)
	}
	mustIngest(t, j, player(storm.France, "FOR ALLIES\nDIPLOMATIC SWEDEN 1"), Accepted)
	got := flat(receiptOf(t, mustIngest(t, j, player(storm.France, "ORDERS"), Answered)))
	if !strings.Contains(got, "France does not order in this segment") ||
		!strings.Contains(got, "its standing orders for later segments: DIPLOMATIC SWEDEN 1 (for Diplomacy: Allies)") ||
		strings.Contains(got, "none yet") {
		t.Errorf("ORDERS of a power not asked, with a standing order:\n%s", got)
	}
	// Germany, asked now, gets its own orders as before.
	if g := flat(receiptOf(t, mustIngest(t, j, player(storm.Germany, "ORDERS"), Answered))); !strings.Contains(g, "Your orders for Spring 1935, Diplomacy: Axis, first round (version 2): none yet.") {
		t.Errorf("ORDERS of a power asked now:\n%s", g)
	}
}

// TestMasterSecretOnAGameCreatedByEmailSaysWhy: a game master who sends a
// game it created by email its game master's secret is told that each
// game created by email has its own moderators' secret, and where that is;
// a wrong secret still gets the usual refusal, and neither quotes it.
func TestMasterSecretOnAGameCreatedByEmailSaysWhy(t *testing.T) {
	j, db, _ := newJudgeWith(t, Options{Masters: []Master{{Address: "boss@example.org", SecretHash: store.HashSecret("bosssecret")}}})
	mustIngest(t, j, email("boss@example.org", "GAME spring\nMODERATOR\nSECRET bosssecret\nCREATE\nSEED 7\n"+
		"SEAT germany ann@example.org\nSEAT italy ann@example.org\nSEAT britain bob@example.org\nSEAT france bob@example.org\nSEAT russia cy@example.org\nEND\n"), Accepted)
	if w := mailsWith(t, db, "spring/welcome/moderator/"); len(w) != 1 || w[0].Subject != "[spring] You moderate this game" {
		t.Fatalf("the creator's welcome: %v", w)
	}
	got := flat(receiptOf(t, mustIngest(t, j, email("boss@example.org", "GAME spring\nMODERATOR\nSECRET bosssecret\nSTATUS\nEND\n"), Rejected)))
	if !strings.Contains(got, `That SECRET is your game master's secret: it creates games (CREATE) but moderates none. Each game created by email has its own moderators' secret, mailed to its creator in "[spring] You moderate this game"`) ||
		strings.Contains(got, "bosssecret") || strings.Contains(got, "does not match") {
		t.Errorf("the game master's secret on its game:\n%s", got)
	}
	got = flat(receiptOf(t, mustIngest(t, j, email("boss@example.org", "GAME spring\nMODERATOR\nSECRET qz7typedword\nSTATUS\nEND\n"), Rejected)))
	if !strings.Contains(got, "The SECRET does not match") || strings.Contains(got, "game master") || strings.Contains(got, "qz7typedword") {
		t.Errorf("a wrong secret:\n%s", got)
	}
	// A game of the operator's configuration: the usual refusal.
	if _, err := j.EnsureGame(GameDef{ID: "demo", Moderators: []string{"boss@example.org"}, Seed: 1935, Seats: demoDef(0).Seats, ModeratorSecret: "gmsecret"}); err != nil {
		t.Fatal(err)
	}
	got = flat(receiptOf(t, mustIngest(t, j, email("boss@example.org", "GAME demo\nMODERATOR\nSECRET bosssecret\nSTATUS\nEND\n"), Rejected)))
	if !strings.Contains(got, "The SECRET does not match") || strings.Contains(got, "game master") {
		t.Errorf("the game master's secret on a configured game:\n%s", got)
	}
}
