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

// TestAuditMailsTheLog: the moderator's AUDIT answers with the game's
// audit log, its last n entries (50 by default, at most 100: a receipt of
// bounded size), oldest first; it holds no secret, and the orders of the
// open segment show who sent them and when until it is adjudicated. A
// player may not ask for it.
func TestAuditMailsTheLog(t *testing.T) {
	j, db, _ := rulesGame(t, 0, store.Rules{})
	mustIngest(t, j, player(storm.Germany, "RESEARCH AIR RANGE\nRESEARCH ITALIAN ARMOR\nRESEARCH TORPEDOES"), Accepted)
	mustIngest(t, j, moderatorMail("REPLACE italy new@example.org\nREASON moved away"), Accepted)
	w := mailsWith(t, db, "demo/welcome/italy/")
	if len(w) != 1 {
		t.Fatalf("the new player's welcome: %v", w)
	}
	secret := strings.TrimSpace(strings.SplitN(strings.SplitN(w[0].Body, "Your secret: ", 2)[1], "\n", 2)[0])
	got := receiptOf(t, mustIngest(t, j, moderatorMail("AUDIT"), Answered))
	for _, want := range []string{"The audit log of game demo: the last 4 of its 4 entries, oldest first, times in UTC",
		"operator create: game created", "germany@sandbox.test orders: Germany, Spring 1935 economic: " + letters.OpenOrdersHidden,
		"gm@sandbox.test replace: Italy: italy@sandbox.test -> new@example.org; new secret sent, the old one revoked; reason: moved away"} {
		if !strings.Contains(flat(got), want) {
			t.Errorf("AUDIT lacks %q:\n%s", want, got)
		}
	}
	for _, secret := range []string{secret, "gmsecret", "AIR RANGE"} {
		if strings.Contains(got, secret) {
			t.Errorf("AUDIT shows %q:\n%s", secret, got)
		}
	}
	// Once the segment is adjudicated, its orders show.
	for _, p := range storm.Powers[1:] {
		if p != storm.Italy {
			mustIngest(t, j, player(p, "PASS"), Accepted)
		}
	}
	mustIngest(t, j, email("new@example.org", "GAME demo\nSECRET "+secret+"\nPASS\nEND\n"), Accepted)
	if got := flat(receiptOf(t, mustIngest(t, j, moderatorMail("AUDIT 3"), Answered))); !strings.Contains(got, "the last 3 of its") || strings.Contains(got, "AIR RANGE") {
		t.Errorf("AUDIT 3:\n%s", got)
	}
	if got := flat(receiptOf(t, mustIngest(t, j, moderatorMail("AUDIT"), Answered))); !strings.Contains(got, "Germany, Spring 1935 economic: RESEARCH AIR RANGE") || strings.Contains(got, letters.OpenOrdersHidden) {
		t.Errorf("AUDIT after the adjudication:\n%s", got)
	}
	if a := audits(t, db, "audit"); len(a) != 3 || a[0].Actor != "gm@sandbox.test" {
		t.Errorf("the AUDITs' own entries: %+v", a)
	}
	// Many entries: at most 100, the receipt bounded.
	for range 110 {
		mustIngest(t, j, moderatorMail("ABSENCE MAX 14d\nREASON "+strings.Repeat("x ", 150)), Accepted)
	}
	res := mustIngest(t, j, moderatorMail("AUDIT 100"), Answered)
	if got := receiptOf(t, res); !strings.Contains(got, "the last 100 of its") || len(res.Receipt.Body) > 100*420+4000 {
		t.Errorf("AUDIT 100: %d bytes", len(res.Receipt.Body))
	}
	t.Logf("AUDIT 100 of 110 entries with 300-character details: a receipt of %d bytes", len(res.Receipt.Body))
	mustIngest(t, j, player(storm.Germany, "AUDIT"), Rejected)
}

// TestMessageReachesOnePlayer: the moderator's MESSAGE <power> mails its
// lines to that seat alone, as text (a PASS in it orders nothing); the
// moderator's receipt says to whom it went; the audit log records it
// without its text. A message holding a secret, or to a seat without a
// player, is refused.
func TestMessageReachesOnePlayer(t *testing.T) {
	j, db, _ := rulesGame(t, 0, store.Rules{})
	before := map[string]bool{}
	for _, m := range outbox(t, db) {
		before[m.ID] = true
	}
	msg := "Please send your orders soon, or write:\nPASS\nand the turn goes on."
	got := flat(receiptOf(t, mustIngest(t, j, moderatorMail("MESSAGE italy\n"+msg), Accepted)))
	if want := "Your message to Italy (66 characters) is sent to Italy's player, at italy@sandbox.test, alone; no other player or moderator gets it."; !strings.Contains(got, want) {
		t.Errorf("the moderator's receipt, without %q:\n%s", want, got)
	}
	var sent []*store.Mail
	for _, m := range outbox(t, db) {
		if !before[m.ID] && m.To[0] != "gm@sandbox.test" {
			sent = append(sent, m)
		}
	}
	if len(sent) != 1 || sent[0].To[0] != "italy@sandbox.test" || sent[0].Subject != "[demo] A message from the moderator to Italy" ||
		!strings.Contains(mailText(sent[0]), "to you, Italy's player, alone.\n\n"+msg+"\n") {
		t.Fatalf("the mails of a MESSAGE: %v", sent)
	}
	if _, _, recs := game(t, db, "demo"); len(recs) != 0 {
		t.Errorf("a MESSAGE's PASS was taken as orders: %v", recs)
	}
	if a := audits(t, db, "message"); len(a) != 1 || a[0].Detail != "to Italy at italy@sandbox.test, 66 characters" {
		t.Errorf("the MESSAGE's audit: %+v", a)
	}
	if got := flat(receiptOf(t, mustIngest(t, j, moderatorMail("MESSAGE italy\nthe key is gmsecret"), Rejected))); !strings.Contains(got, "the message holds the moderators' secret; it was not sent") {
		t.Errorf("a message with the moderators' secret:\n%s", got)
	}
	mustIngest(t, j, player(storm.Britain, "RESIGN britain"), Accepted)
	if got := flat(receiptOf(t, mustIngest(t, j, moderatorMail("MESSAGE britain\nhello"), Rejected))); !strings.Contains(got, "Britain's seat has no player") {
		t.Errorf("a message to a vacant seat:\n%s", got)
	}
	if n := len(mailsWith(t, db, "demo/message/")); n != 1 {
		t.Errorf("%d messages mailed, want 1", n)
	}
}
