package judge

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
	"stormjudge/deck"
	"stormjudge/store"
)

// A rollback archives the later versions, sends the restored version's
// reports again under new Message-IDs, takes orders afresh, and replay
// verifies the whole history after more play.
func TestModeratorRollbackThenReplay(t *testing.T) {
	j, db, _ := rulesGame(t, 0, store.Rules{})
	for _, p := range storm.Powers {
		mustIngest(t, j, player(p, "PASS"), Accepted)
	}
	g, _, _ := game(t, db, "demo")
	if g.Version < 2 {
		t.Fatalf("version %d", g.Version)
	}
	from := g.Version
	res := mustIngest(t, j, moderatorMail("ROLLBACK 1\nREASON a rule was misapplied"), Accepted)
	if !strings.Contains(flat(res.Receipt.Body), "Reason: a rule was misapplied") {
		t.Fatalf("the rollback's receipt does not give the reason:\n%s", res.Receipt.Body)
	}
	g, s, recs := game(t, db, "demo")
	if g.Version != 1 || s.Segment != storm.SegEconomic || len(recs) != 0 || g.Rollbacks != 1 {
		t.Fatalf("after ROLLBACK 1: version %d %s, %d orders, rollbacks %d", g.Version, s.Segment, len(recs), g.Rollbacks)
	}
	if again := mailsWith(t, db, "demo/v1r1/public/"); len(again) == 0 || !strings.Contains(again[0].Body, "rollback") {
		t.Fatal("the restored version's report was not sent again")
	}
	if a := audits(t, db, "rollback"); len(a) != 1 || !strings.Contains(a[0].Detail, "from version") || !strings.HasSuffix(a[0].Detail, "; reason: a rule was misapplied") || a[0].Actor != "gm@sandbox.test" {
		t.Fatalf("rollback audit: %+v", a)
	}
	// HISTORY says so.
	if h := mustIngest(t, j, player(storm.Italy, "HISTORY"), Answered); !strings.Contains(flat(h.Receipt.Body), fmt.Sprintf("rolled back from version %d to 1", from)) {
		t.Fatalf("HISTORY after the rollback:\n%s", h.Receipt.Body)
	}
	var history []store.ReplacedState
	db.View(func(tx *store.Tx) error { var err error; history, err = tx.StateHistory("demo", from); return err })
	if len(history) != 1 {
		t.Fatalf("version %d archived %d times, want 1", from, len(history))
	}
	// Play again, with other orders: the new history replays.
	mustIngest(t, j, player(storm.Germany, "RESEARCH AIR RANGE\nRESEARCH ITALIAN ARMOR\nRESEARCH TORPEDOES"), Accepted)
	for _, p := range storm.Powers[1:] {
		mustIngest(t, j, player(p, "PASS"), Accepted)
	}
	if n, err := j.Replay("demo"); err != nil || n < 2 {
		t.Fatalf("Replay after the rollback = %d, %v", n, err)
	}
	// A reply to a mail of before the rollback is stale.
	old := mailsWith(t, db, "demo/v1/private/italy")[0]
	res = mustIngest(t, j, email("italy@sandbox.test", "GAME demo\nSECRET italy\nPASS\n", "In-Reply-To: "+old.MessageID), Rejected)
	if !strings.Contains(flat(res.Receipt.Body), "rolled game demo back") {
		t.Fatalf("reply to a mail before the rollback:\n%s", res.Receipt.Body)
	}
}

// REPLACE seats a new address with a new secret; the old secret (and the
// old address) no longer order.
func TestModeratorReplaceRevokesTheOldSecret(t *testing.T) {
	j, db, _ := rulesGame(t, 0, store.Rules{})
	mustIngest(t, j, moderatorMail("REPLACE italy new@example.org\nREASON moved away"), Accepted)
	g, _, _ := game(t, db, "demo")
	if g.Seat(storm.Italy).Address != "new@example.org" {
		t.Fatal("seat not moved")
	}
	mustIngest(t, j, player(storm.Italy, "PASS"), Dropped) // the old address plays nothing any more
	res := mustIngest(t, j, email("new@example.org", "GAME demo\nSECRET italy\nPASS\nEND\n"), Rejected)
	if !strings.Contains(res.Receipt.Body, "SECRET does not match") {
		t.Fatalf("the old secret from the new address:\n%s", res.Receipt.Body)
	}
	w := mailsWith(t, db, "demo/welcome/italy/")
	if len(w) != 1 || w[0].To[0] != "new@example.org" || !w[0].Sensitive {
		t.Fatalf("new welcome: %+v", w)
	}
	if m := mailsWith(t, db, "demo/replaced/italy/"); len(m) != 1 || m[0].To[0] != "italy@sandbox.test" {
		t.Fatal("the old player was not told")
	}
	for _, m := range mailsWith(t, db, "/notice/") {
		if strings.Contains(m.Body, "new@example.org") {
			t.Error("the announcement reveals the new address")
		}
	}
}

// The moderator enters a power's orders without its secret; the report
// marks them, the player gets a copy of the receipt; WITHDRAW takes
// them back.
func TestModeratorEntersAndWithdrawsOrders(t *testing.T) {
	j, db, _ := rulesGame(t, 0, store.Rules{})
	res := mustIngest(t, j, moderatorMail("POWER italy\nPASS\nREASON Italy asked by phone"), Accepted)
	if cp := mailsWith(t, db, res.Receipt.ID+"/copy"); len(cp) != 1 || cp[0].To[0] != "italy@sandbox.test" {
		t.Fatal("Italy got no copy of the receipt")
	}
	_, _, recs := game(t, db, "demo")
	if !recs[storm.Italy].ByModerator {
		t.Fatal("record not marked as the moderator's")
	}
	res = mustIngest(t, j, moderatorMail("POWER italy\nWITHDRAW\nREASON Italy asked to think again"), Accepted)
	if _, _, recs = game(t, db, "demo"); len(recs) != 0 {
		t.Fatal("WITHDRAW left the orders")
	}
	// Italy hears of it once, by the announcement with the reason; the
	// moderator's receipt repeats the reason.
	if cp := mailsWith(t, db, res.Receipt.ID+"/copy"); len(cp) != 0 {
		t.Fatalf("Italy got a copy of the WITHDRAW receipt: %q", cp[0].Subject)
	}
	ann := 0
	for _, m := range mailsWith(t, db, "/notice/") {
		if m.To[0] == "italy@sandbox.test" && strings.Contains(m.Body, "withdrew Italy's orders") && strings.Contains(m.Body, "Italy asked to think again") {
			ann++
		}
	}
	if ann != 1 || !strings.Contains(res.Receipt.Body, "Reason: Italy asked to think again") {
		t.Fatalf("%d announcements to Italy; receipt:\n%s", ann, res.Receipt.Body)
	}
	mustIngest(t, j, moderatorMail("POWER italy\nWITHDRAW"), Rejected)
	mustIngest(t, j, moderatorMail("POWER italy\nPASS"), Accepted)
	for _, p := range []storm.Power{storm.Germany, storm.Britain, storm.France, storm.Russia} {
		mustIngest(t, j, player(p, "PASS"), Accepted)
	}
	pub := mailsWith(t, db, "demo/v2/public/germany")
	if len(pub) != 1 || !strings.Contains(pub[0].Body, "Italy's orders for Economic phase were entered by the moderator") {
		t.Fatalf("report does not mark the moderator's orders:\n%s", pub[0].Body)
	}
}

// Who may give which command: a player's secret, a wrong secret and a
// stranger are refused (the stranger without an answer).
func TestModeratorCommandsRefusedToOthers(t *testing.T) {
	j, db, _ := rulesGame(t, 24*time.Hour, store.Rules{})
	res := mustIngest(t, j, email("germany@sandbox.test", "GAME demo\nMODERATOR\nSECRET germany\nPAUSE\nEND\n"), Rejected)
	if !strings.Contains(res.Receipt.Body, "SECRET does not match") {
		t.Fatalf("a player's secret:\n%s", res.Receipt.Body)
	}
	mustIngest(t, j, email("gm@sandbox.test", "GAME demo\nMODERATOR\nSECRET wrong\nPAUSE\nEND\n"), Rejected)
	mustIngest(t, j, email("eve@example.org", "GAME demo\nMODERATOR\nSECRET gmsecret\nPAUSE\nEND\n"), Dropped)
	res = mustIngest(t, j, player(storm.Germany, "PAUSE"), Rejected)
	if !strings.Contains(res.Receipt.Body, "moderator's command") {
		t.Fatalf("PAUSE from a player:\n%s", res.Receipt.Body)
	}
	if g, _, _ := game(t, db, "demo"); g.Paused {
		t.Fatal("paused by someone else")
	}
}

// A game master creates a game by email; it is played to its first
// report.
func TestModeratorCreatesAGameByEmail(t *testing.T) {
	db, err := store.Open(t.TempDir()+"/c.db", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	dk, err := deck.LoadFile("../testdata/decks/illustrative.toml")
	if err != nil {
		t.Fatal(err)
	}
	c := &clock{time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)}
	j := New(db, &Options{Address: "judge@sandbox.test", Now: c.now,
		Masters: []Master{{Address: "boss@example.org", SecretHash: store.HashSecret("bosssecret")}},
		Decks:   map[string]*storm.Deck{"illustrative": &dk}})
	body := "GAME spring\nMODERATOR\nSECRET bosssecret\nCREATE\nDECK illustrative\nSEED 7\n" +
		"SEAT germany ann@example.org\nSEAT italy ann@example.org\nSEAT britain bob@example.org\nSEAT france bob@example.org\nSEAT russia cy@example.org\n" +
		"DURATION ALL 3d\nDURATION crisis 1d\nREMINDERS 24h 2h\nNMR PASS GRACE 2h\nEXTENSIONS 24h\nABSENCE MAX 14d\nEND\n"
	// A stranger, and a master with a wrong secret, create nothing.
	if res, _ := j.Ingest(email("eve@example.org", body)); res.Outcome != Dropped {
		t.Fatalf("a stranger's CREATE: %s", res.Outcome)
	}
	if res, _ := j.Ingest(email("boss@example.org", strings.Replace(body, "bosssecret", "nope", 1))); res.Outcome != Rejected {
		t.Fatalf("a wrong secret's CREATE: %s", res.Outcome)
	}
	res := mustIngest(t, j, email("boss@example.org", body), Accepted)
	if !strings.Contains(res.Receipt.Body, "Game spring is created") {
		t.Fatalf("receipt:\n%s", res.Receipt.Body)
	}
	var g *store.Game
	db.View(func(tx *store.Tx) error { g, err = tx.Game("spring"); return err })
	if g == nil || g.Rules.Durations["crisis"] != 24*time.Hour || g.Rules.Durations["economic"] != 72*time.Hour || g.Rules.Grace != 2*time.Hour || len(g.Moderators) != 1 {
		t.Fatalf("game: %+v", g)
	}
	if !g.Deadline.Equal(c.t.Add(72 * time.Hour)) {
		t.Fatalf("deadline %s", g.Deadline)
	}
	if again := mustIngest(t, j, email("boss@example.org", body), Rejected); !strings.Contains(again.Receipt.Body, "exists already") {
		t.Fatal("CREATE of an existing game")
	}
	// The players order with the secrets of their welcomes.
	var welcomes []*store.Mail
	var modWelcome *store.Mail
	for _, m := range outbox(t, db) {
		if strings.HasPrefix(m.ID, "spring/welcome/moderator/") {
			modWelcome = m
		} else if strings.HasPrefix(m.ID, "spring/welcome/") {
			welcomes = append(welcomes, m)
		}
	}
	if len(welcomes) != 5 || modWelcome == nil || modWelcome.To[0] != "boss@example.org" {
		t.Fatalf("%d welcomes, moderator's %v", len(welcomes), modWelcome)
	}
	for _, w := range welcomes {
		secret := strings.TrimSpace(strings.SplitN(strings.SplitN(w.Body, "Your secret: ", 2)[1], "\n", 2)[0])
		p := strings.TrimPrefix(w.ID, "spring/welcome/")
		mustIngest(t, j, email(w.To[0], "GAME spring\nPOWER "+p+"\nSECRET "+secret+"\nPASS\nEND\n"), Accepted)
	}
	db.View(func(tx *store.Tx) error { g, err = tx.Game("spring"); return err })
	if g.Version != 2 {
		t.Fatalf("version %d after everyone passed, want 2", g.Version)
	}
	// A game created by email mails the digest (the default): one mail a
	// power the next segment asks (the others' waits for their next, with
	// the cancelled event of the segment settled early), the public
	// report to the moderator alone.
	_, s, _ := game(t, db, "spring")
	if asked := adjudicator.Required(s); len(asked) == 0 || len(mailsWith(t, db, "spring/v2/public/")) != 1 || len(mailsWith(t, db, "spring/v2/digest/")) != len(asked) {
		t.Fatalf("first report: %d digests for %d powers asked", len(mailsWith(t, db, "spring/v2/digest/")), len(asked))
	}
}

// SET makes a new version that replay redoes; the players' orders stay
// when still valid.
func TestModeratorSetFixesTheStateAndReplays(t *testing.T) {
	j, db, _ := rulesGame(t, 24*time.Hour, store.Rules{})
	mustIngest(t, j, player(storm.Germany, "PASS"), Accepted)
	g0, s0, _ := game(t, db, "demo")
	if r := mustIngest(t, j, moderatorMail("SET TILES italy 9\nREASON a tile was miscounted"), Accepted); !strings.Contains(r.Receipt.Body, "\nReason: a tile was miscounted\n") {
		t.Fatalf("the SET's receipt does not repeat the reason:\n%s", r.Receipt.Body)
	}
	g, s, recs := game(t, db, "demo")
	if g.Version != g0.Version+1 || s.Powers[storm.Italy].TilePoints != 9 || s.Segment != s0.Segment {
		t.Fatalf("after SET: version %d, Italy %d tile points, %s", g.Version, s.Powers[storm.Italy].TilePoints, s.Segment)
	}
	if !g.Deadline.Equal(g0.Deadline) {
		t.Fatalf("SET moved the deadline: %s, was %s", g.Deadline, g0.Deadline)
	}
	if _, ok := recs[storm.Germany]; !ok {
		t.Fatal("Germany's PASS was lost")
	}
	if n, err := j.Replay("demo"); err != nil || n != g.Version {
		t.Fatalf("Replay = %d, %v", n, err)
	}
	// A reply to the segment's notice from before the fix is no stale
	// email: the segment is the same.
	before := mailsWith(t, db, fmt.Sprintf("demo/v%d/private/italy", g0.Version))[0]
	mustIngest(t, j, email("italy@sandbox.test", "GAME demo\nSECRET italy\nPASS\n", "In-Reply-To: "+before.MessageID), Accepted)
	pub := mailsWith(t, db, "/public/germany")
	if last := pub[len(pub)-1]; !strings.Contains(last.Body, "tile points") || !strings.Contains(last.Body, "miscounted") {
		t.Fatalf("report of the fix:\n%s", last.Body)
	}
	// The segment goes on: the report and notices say so, and whose
	// orders stand, not that a segment opened.
	last := pub[len(pub)-1]
	if last.Subject != "[demo] Report: Spring 1935, economic phase goes on (state fixed)" ||
		!strings.Contains(flat(last.Body), "Orders are still due from Italy, Britain, France and Russia; the orders of Germany stand.") ||
		strings.Contains(last.Body, "Next: ") {
		t.Fatalf("the fix's report reads as a new segment: %q\n%s", last.Subject, last.Body)
	}
	for p, want := range map[storm.Power]string{
		storm.Germany: "[demo] Germany: your orders stand, Spring 1935, economic phase (state fixed)",
		storm.Italy:   "[demo] Italy: orders due, Spring 1935, economic phase (state fixed)",
	} {
		n := mailsWith(t, db, fmt.Sprintf("demo/v%d/private/%s", g.Version, p))
		if len(n) != 1 || n[0].Subject != want {
			t.Fatalf("%s's notice of the fix: %+v, want the subject %q", p, n, want)
		}
		// Each notice says what changed; Germany's, which orders stand.
		body := flat(n[0].Body)
		if !strings.Contains(body, "- The moderator set Italy's tile points from 4 to 9 (rule 6.1).") ||
			strings.Contains(body, "Your orders that stand: PASS.") != (p == storm.Germany) {
			t.Fatalf("%s's notice of the fix:\n%s", p, n[0].Body)
		}
	}
}

// STATUS tells who ordered, never what; the moderator's STATUS shows the
// seats; EXPORT attaches the JSON; BROADCAST reaches everyone.
func TestCommandsStatusExportBroadcast(t *testing.T) {
	j, db, _ := rulesGame(t, 24*time.Hour, store.Rules{})
	mustIngest(t, j, player(storm.Germany, "RESEARCH AIR RANGE\nRESEARCH ITALIAN ARMOR\nRESEARCH TORPEDOES"), Accepted)
	res := mustIngest(t, j, player(storm.Italy, "STATUS"), Answered)
	body := res.Receipt.Body
	if !strings.Contains(body, "Germany  orders in") || !strings.Contains(body, "Italy    not yet") || strings.Contains(body, "TORPEDOES") || strings.Contains(body, "@sandbox.test  ") {
		t.Fatalf("Italy's STATUS:\n%s", body)
	}
	if !strings.Contains(res.Receipt.Subject, "[demo: STATUS]") {
		t.Fatalf("subject %q", res.Receipt.Subject)
	}
	res = mustIngest(t, j, player(storm.Germany, "ORDERS"), Answered)
	if !strings.Contains(res.Receipt.Body, "RESEARCH TORPEDOES") {
		t.Fatalf("ORDERS:\n%s", res.Receipt.Body)
	}
	res = mustIngest(t, j, moderatorMail("STATUS"), Answered)
	if !strings.Contains(res.Receipt.Body, "italy@sandbox.test") || !strings.Contains(res.Receipt.Body, "missed 0") {
		t.Fatalf("moderator's STATUS:\n%s", res.Receipt.Body)
	}
	res = mustIngest(t, j, moderatorMail("EXPORT"), Answered)
	if len(res.Receipt.Attachments) != 1 || !json.Valid(res.Receipt.Attachments[0].Data) {
		t.Fatal("EXPORT without its JSON")
	}
	// After other commands in the same email: the game as they leave it.
	res = mustIngest(t, j, moderatorMail("DURATION ECONOMIC 2d\nREMINDERS 12h\nEXPORT"), Accepted)
	var exp struct {
		Rules struct {
			Durations map[string]string `json:"durations"`
			Reminders []string          `json:"reminders"`
		} `json:"rules"`
	}
	if len(res.Receipt.Attachments) != 1 || json.Unmarshal(res.Receipt.Attachments[0].Data, &exp) != nil ||
		exp.Rules.Durations["economic"] != "48h0m0s" || len(exp.Rules.Reminders) != 1 {
		t.Fatalf("EXPORT after DURATION and REMINDERS in the same email: %+v", exp.Rules)
	}
	// One announcement of both, its subject said once.
	if n := mailsWith(t, db, "demo/notice/"); n[len(n)-1].Subject != "[demo] Deadline rules changed" {
		t.Fatalf("the announcement's subject: %q", n[len(n)-1].Subject)
	}
	mustIngest(t, j, player(storm.Italy, "EXPORT"), Rejected)
	mustIngest(t, j, moderatorMail("BROADCAST\nThe next turn starts Monday.\nBe on time."), Accepted)
	ann := 0
	for _, m := range mailsWith(t, db, "/notice/") {
		if strings.Contains(m.Body, "Be on time.") {
			ann++
		}
	}
	if ann != 5 { // the sender has the receipt
		t.Fatalf("%d broadcast mails", ann)
	}
	if len(audits(t, db, "broadcast")) != 1 {
		t.Fatal("broadcast not audited")
	}
	res = mustIngest(t, j, moderatorMail("BROADCAST\nmy secret is gmsecret, oops"), Rejected)
	if !strings.Contains(res.Receipt.Body, "holds the moderators' secret") {
		t.Fatalf("a broadcast with the secret:\n%s", res.Receipt.Body)
	}
}

// TIMEZONE shows deadlines in the player's zone; HISTORY and RESEND send
// past mail to the seated address only; RESIGN hands the seat to the
// moderator.
func TestPlayerOwnCommands(t *testing.T) {
	j, db, _ := rulesGame(t, 24*time.Hour, store.Rules{})
	mustIngest(t, j, player(storm.Russia, "TIMEZONE Asia/Tokyo"), Accepted)
	res := mustIngest(t, j, player(storm.Russia, "STATUS"), Answered)
	if !strings.Contains(res.Receipt.Body, "JST") || !strings.Contains(res.Receipt.Body, "UTC") {
		t.Fatalf("STATUS in Tokyo time:\n%s", res.Receipt.Body)
	}
	// A command refused gets a command's advice, not orders'.
	if r := mustIngest(t, j, player(storm.Russia, "TIMEZONE Mars/Olympus"), Rejected); !strings.Contains(flat(r.Receipt.Body), "Send the corrected command in a new email") {
		t.Fatalf("a refused TIMEZONE:\n%s", r.Receipt.Body)
	}
	res = mustIngest(t, j, player(storm.Russia, "HISTORY"), Answered)
	if !strings.Contains(res.Receipt.Body, "v1") {
		t.Fatalf("HISTORY:\n%s", res.Receipt.Body)
	}
	mustIngest(t, j, player(storm.Russia, "RESEND 1"), Answered)
	sent := mailsWith(t, db, "/resend/")
	if len(sent) != 2 {
		t.Fatalf("%d mails resent, want the public report and the notice", len(sent))
	}
	for _, m := range sent {
		if m.To[0] != "russia@sandbox.test" {
			t.Errorf("resent to %s", m.To[0])
		}
	}
	mustIngest(t, j, player(storm.Russia, "RESIGN germany"), Rejected)
	mustIngest(t, j, player(storm.Russia, "RESIGN russia"), Accepted)
	g, _, _ := game(t, db, "demo")
	if s := g.Seat(storm.Russia); !s.Vacant || s.Address != "gm@sandbox.test" {
		t.Fatalf("seat after RESIGN: %+v", s)
	}
	mustIngest(t, j, player(storm.Russia, "PASS"), Dropped)
	// The vacant seat's next notice, to the moderator, says how to order
	// for it.
	mustIngest(t, j, moderatorMail("SET EAI +1"), Accepted)
	g, _, _ = game(t, db, "demo")
	n := mailsWith(t, db, fmt.Sprintf("demo/v%d/private/russia", g.Version))
	if len(n) != 1 || n[0].To[0] != "gm@sandbox.test" || !strings.Contains(flat(n[0].Body), "send the lines MODERATOR and POWER russia with the moderators' secret") {
		t.Fatalf("the vacant seat's notice: %+v", n)
	}
}

// Found in review: each made a transaction fail or a figure wrong.
func TestCommandsReviewCases(t *testing.T) {
	t.Run("reminders a few seconds apart get their own mails", func(t *testing.T) {
		j, db, c := rulesGame(t, time.Hour, store.Rules{Reminders: []time.Duration{90 * time.Second, 60 * time.Second}})
		g, _, _ := game(t, db, "demo")
		c.t = g.Deadline.Add(-30 * time.Second)
		tick(t, j)
		if n := len(mailsWith(t, db, "/reminder/")); n != 10 {
			t.Fatalf("%d reminders, want 2 x 5", n)
		}
	})
	t.Run("RESEND of a version twice is refused", func(t *testing.T) {
		j, _, _ := rulesGame(t, 0, store.Rules{})
		mustIngest(t, j, player(storm.Italy, "RESEND 1 1"), Rejected)
	})
	t.Run("a deadline moved in the grace is no second miss", func(t *testing.T) {
		j, db, c := rulesGame(t, 24*time.Hour, store.Rules{Grace: 2 * time.Hour})
		g, _, _ := game(t, db, "demo")
		c.t = g.Deadline.Add(time.Minute)
		tick(t, j)
		mustIngest(t, j, moderatorMail("EXTEND 1h"), Accepted)
		c.t = g.Deadline.Add(90 * time.Minute)
		tick(t, j)
		c.t = g.Deadline.Add(4 * time.Hour)
		tick(t, j)
		g, _, _ = game(t, db, "demo")
		if m := g.Seat(storm.Italy).Missed; m != 1 {
			t.Fatalf("Italy missed %d deadlines, want 1", m)
		}
		if n := len(mailsWith(t, db, "/missed/")); n != 1 {
			t.Fatalf("%d missed-deadline notices, want 1", n)
		}
	})
	t.Run("ROLLBACK to the setup, where nobody orders, is refused", func(t *testing.T) {
		j, _, _ := rulesGame(t, 0, store.Rules{})
		for _, p := range storm.Powers {
			mustIngest(t, j, player(p, "PASS"), Accepted)
		}
		res := mustIngest(t, j, moderatorMail("ROLLBACK 0"), Rejected)
		if !strings.Contains(res.Receipt.Body, "nobody orders in version 0") {
			t.Fatalf("ROLLBACK 0:\n%s", res.Receipt.Body)
		}
	})
	t.Run("SET DECK FILE while the draw is awaited goes on from the file", func(t *testing.T) {
		j, db, _ := newJudge(t)
		if _, err := j.EnsureGame(physicalDef(t)); err != nil {
			t.Fatal(err)
		}
		mod := func(lines string) []byte {
			return email("gm@sandbox.test", "GAME demo\nMODERATOR\nSECRET gm-secret\n"+lines+"\nEND\n")
		}
		mustIngest(t, j, mod("SET TILES italy 3"), Rejected)
		mustIngest(t, j, mod("SET DECK FILE"), Accepted)
		g, s, _ := game(t, db, "demo")
		if s.Segment != storm.SegEconomic || g.Version != 2 {
			t.Fatalf("after SET DECK FILE: version %d, %s", g.Version, s.Segment)
		}
		if n, err := j.Replay("demo"); err != nil || n != 2 {
			t.Fatalf("Replay = %d, %v", n, err)
		}
	})
	t.Run("a SET keeps the segment's calendar event", func(t *testing.T) {
		j, db, _ := rulesGame(t, 24*time.Hour, store.Rules{})
		uid0, _, _ := calendar(t, mailsWith(t, db, "demo/v1/private/germany")[0])
		mustIngest(t, j, moderatorMail("SET TILES italy 9"), Accepted)
		uid1, _, _ := calendar(t, mailsWith(t, db, "demo/v2/private/germany")[0])
		if uid0 != uid1 {
			t.Fatalf("UID %q after SET, was %q", uid1, uid0)
		}
	})
}

// A BROADCAST holding a player's secret is refused, as one holding the
// moderators'; REPLACE with the player's own address gives the player a
// new secret (the old one then fails), the seat otherwise unchanged.
func TestModeratorBroadcastKeepsPlayersSecretsAndReplaceRenewsOne(t *testing.T) {
	j, db, _ := rulesGame(t, 0, store.Rules{})
	mustIngest(t, j, moderatorMail("REPLACE italy new@example.org"), Accepted)
	seen := map[string]bool{}
	secretOf := func() string { // of Italy's newest welcome
		var last *store.Mail
		for _, m := range outbox(t, db) {
			if strings.HasPrefix(m.ID, "demo/welcome/italy/") && !seen[m.ID] {
				if last != nil {
					t.Fatalf("two new welcomes: %s, %s", last.ID, m.ID)
				}
				last = m
			}
		}
		seen[last.ID] = true
		return strings.TrimSpace(strings.SplitN(strings.SplitN(last.Body, "Your secret: ", 2)[1], "\n", 2)[0])
	}
	first := secretOf()
	res := mustIngest(t, j, moderatorMail("BROADCAST\nItaly, your secret is "+first+", as you asked."), Rejected)
	if !strings.Contains(flat(res.Receipt.Body), "the message holds Italy's secret") {
		t.Fatalf("a broadcast of Italy's secret:\n%s", res.Receipt.Body)
	}
	// Nor hidden among other characters, behind decoys, or in a REASON.
	decoys := "abcdefghjk mnpqrstuvw xyz2345678 bcdefghjkm npqrstuvwx yz23456789 cdefghjkmn pqrstuvwxy z23456789a defghjkmnp"
	for _, body := range []string{
		"BROADCAST\nItaly key=" + first + " and *" + first + "*",
		"BROADCAST\nSeating codes: " + decoys + " " + strings.ToUpper(decoys) + " " + decoys[3:] + "\nItaly " + first,
		"EXTEND 1h\nREASON note for Italy: " + first,
		"EXTEND 1h\nREASON my own note gmsecret",
	} {
		if res := mustIngest(t, j, moderatorMail(body), Rejected); !strings.Contains(flat(res.Receipt.Body), "secret") {
			t.Fatalf("%q:\n%s", body, res.Receipt.Body)
		}
	}
	for _, m := range outbox(t, db) {
		if strings.Contains(m.Body, first) && !strings.HasPrefix(m.ID, "demo/welcome/italy/") {
			t.Fatalf("Italy's secret is in %s", m.ID)
		}
	}
	for _, a := range audits(t, db, "") {
		if strings.Contains(a.Detail, first) || strings.Contains(a.Detail, "gmsecret") {
			t.Fatalf("a secret in the audit log: %+v", a)
		}
	}
	res = mustIngest(t, j, moderatorMail("REPLACE italy new@example.org\nREASON the secret was lost"), Accepted)
	if !strings.Contains(flat(res.Receipt.Body), "The new secret was sent to new@example.org.") {
		t.Fatalf("REPLACE to the same address:\n%s", res.Receipt.Body)
	}
	second := secretOf()
	if second == first {
		t.Fatal("no new secret")
	}
	mustIngest(t, j, email("new@example.org", "GAME demo\nSECRET "+first+"\nPASS\nEND\n"), Rejected)
	mustIngest(t, j, email("new@example.org", "GAME demo\nSECRET "+second+"\nPASS\nEND\n"), Accepted)
}

// The open segment's copies sent again (REPLACE's new player, RESEND)
// say what its mails said: after a SET, that the segment goes on and
// whose orders stand, with the deadline's calendar for a power that
// orders.
func TestModeratorReplaceAfterSetSendsTheSegmentAsItIs(t *testing.T) {
	j, db, _ := rulesGame(t, 24*time.Hour, store.Rules{})
	mustIngest(t, j, player(storm.Germany, "PASS"), Accepted)
	mustIngest(t, j, moderatorMail("SET TILES italy 9\nREASON a tile was miscounted"), Accepted)
	mustIngest(t, j, moderatorMail("REPLACE russia new@example.org"), Accepted)
	var pub, priv *store.Mail
	for _, m := range mailsWith(t, db, "demo/resend/") {
		if m.To[0] != "new@example.org" {
			continue
		}
		if strings.HasSuffix(m.ID, "/public") {
			pub = m
		} else if strings.HasSuffix(m.ID, "/private") {
			priv = m
		}
	}
	if pub == nil || priv == nil {
		t.Fatal("the new player got no copies of the open segment")
	}
	if pub.Subject != "[demo] Report: Spring 1935, economic phase goes on (state fixed) (for the new player)" || !strings.Contains(flat(pub.Body), "the orders of Germany stand") {
		t.Fatalf("the report sent again: %q\n%s", pub.Subject, pub.Body)
	}
	if priv.Subject != "[demo] Russia: orders due, Spring 1935, economic phase (state fixed) (for the new player)" {
		t.Fatalf("the notice sent again: %q", priv.Subject)
	}
	for _, m := range []*store.Mail{pub, priv} {
		if b := flat(m.Body); !strings.Contains(b, "The moderator fixed the state (SET); reason: a tile was miscounted.") || !strings.Contains(b, "- The moderator set Italy's tile points from 4 to 9 (rule 6.1).") {
			t.Fatalf("%s lacks the SET's lead:\n%s", m.ID, m.Body)
		}
	}
	// Germany's RESEND of the open version: its orders that stand.
	mustIngest(t, j, player(storm.Germany, "RESEND 2"), Answered)
	var again *store.Mail
	for _, m := range mailsWith(t, db, "demo/resend/") {
		if m.To[0] == "germany@sandbox.test" && strings.HasSuffix(m.ID, "/private") {
			again = m
		}
	}
	if again == nil || !strings.Contains(flat(again.Body), "Your orders that stand: PASS.") {
		t.Fatalf("Germany's copy of the open notice: %+v", again)
	}
	g, _, _ := game(t, db, "demo")
	if _, _, at := calendar(t, priv); !at.Equal(g.Deadline) {
		t.Fatalf("the notice's calendar is at %s, want the deadline %s", at, g.Deadline)
	}
}

// Orders a SET makes invalid are withdrawn: the report names the power,
// its own notice says which order and why; the moderator's receipt too.
func TestModeratorSetWithdrawsOrdersItMadeInvalid(t *testing.T) {
	j, db, _ := rulesGame(t, 24*time.Hour, store.Rules{})
	mustIngest(t, j, player(storm.Britain, "SAVE WITH SHIPYARD 1"), Accepted)
	res := mustIngest(t, j, moderatorMail("SET TILES britain 0"), Accepted)
	if !strings.Contains(flat(res.Receipt.Body), "no longer valid after the fix and were withdrawn (they must order again): Britain") {
		t.Fatalf("the moderator's receipt:\n%s", res.Receipt.Body)
	}
	g, _, recs := game(t, db, "demo")
	if _, ok := recs[storm.Britain]; ok {
		t.Fatal("Britain's invalid orders stand")
	}
	n := mailsWith(t, db, fmt.Sprintf("demo/v%d/private/britain", g.Version))[0]
	if !strings.Contains(flat(n.Body), "Your orders for this segment were withdrawn: after the fix they are no longer valid (line 3: SAVE WITH SHIPYARD 1: rule 12.31") {
		t.Fatalf("Britain's notice:\n%s", n.Body)
	}
	for _, p := range []string{"germany", "italy"} {
		if m := mailsWith(t, db, fmt.Sprintf("demo/v%d/private/%s", g.Version, p))[0]; strings.Contains(m.Body, "withdrawn: after the fix") {
			t.Fatalf("%s's notice shows Britain's orders:\n%s", p, m.Body)
		}
	}
	if pub := mailsWith(t, db, fmt.Sprintf("demo/v%d/public/", g.Version))[0]; strings.Contains(pub.Body, "withdrawn: after the fix") || !strings.Contains(flat(pub.Body), "these powers order again: Britain") {
		t.Fatalf("the public report:\n%s", pub.Body)
	}
}
