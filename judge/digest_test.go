package judge

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
	"stormjudge/store"
)

// digestGame is the demo game with diplomacy and the crisis phase, mailed
// as the players' default, the digest.
func digestGame(t *testing.T) (*Judge, *store.DB) {
	t.Helper()
	return digestGameWith(t, 0)
}

// digestGameWith is digestGame with a deadline a segment (0 none).
func digestGameWith(t *testing.T, deadline time.Duration) (*Judge, *store.DB) {
	t.Helper()
	j, db, _ := newJudge(t)
	def := demoDef(deadline)
	def.Rules.Mail = ""
	def.ModeratorSecret = "gmsecret"
	def.Diplomacy, def.Crisis = true, true
	if _, err := j.EnsureGame(def); err != nil {
		t.Fatal(err)
	}
	return j, db
}

// copyBlock is the ready-to-copy block of a mail's text, with the secret
// filled in: what a new player sends back.
func copyBlock(t *testing.T, body string, p storm.Power) string {
	t.Helper()
	m := regexp.MustCompile(`(?s)\nGAME demo\n.*?\nEND\n`).FindString(body)
	if m == "" {
		t.Fatalf("no block to copy in %s's mail:\n%s", p, body)
	}
	return strings.Replace(m, "<your secret>", p.String(), 1)
}

// ids are the outbox IDs of the mails queued so far.
func ids(t *testing.T, db *store.DB) map[string]bool {
	t.Helper()
	out := map[string]bool{}
	for _, m := range outbox(t, db) {
		out[m.ID] = true
	}
	return out
}

// mailsTo are the mails queued for addr but those in before.
func mailsTo(t *testing.T, db *store.DB, addr string, before map[string]bool) []*store.Mail {
	t.Helper()
	var out []*store.Mail
	for _, m := range outbox(t, db) {
		if !before[m.ID] && len(m.To) > 0 && m.To[0] == addr {
			out = append(out, m)
		}
	}
	return out
}

// TestDigestQuietTurn (issue 22): each power answers its digest with the
// block it offers, unchanged: one round trip settles the turn, and each
// power gets three mails for it (the digest asking, the receipt, the
// digest of the turn's end asking for the next), whose text is short (yet
// enough to act) and whose HTML part holds the full report and notice.
func TestDigestQuietTurn(t *testing.T) {
	j, db := digestGame(t)
	for turn := 0; turn < 2; turn++ {
		g, _, _ := game(t, db, "demo")
		start := ids(t, db)
		v := g.Version
		for _, p := range storm.Powers {
			d := mailsWith(t, db, fmt.Sprintf("demo/v%d/digest/%s", v, p))
			if len(d) != 1 || !strings.Contains(d[0].Subject, "orders due") {
				t.Fatalf("turn %d: %s's digest of version %d: %d mails", turn, p, v, len(d))
			}
			if n := strings.Count(d[0].Body, "\n"); n > 100 { // the options with their lines and notes (15.22, 18.51) and the segments to come: what a text reader needs to act
				t.Errorf("turn %d: %s's digest has %d lines:\n%s", turn, p, n, d[0].Body)
			}
			if !strings.Contains(d[0].HTML, "Tile points and factories") || !strings.Contains(d[0].HTML, "Research record sheet") || strings.Contains(d[0].Body, "Tile points and factories") {
				t.Errorf("turn %d: %s's digest: the full tables belong in the HTML part alone", turn, p)
			}
			if turn > 0 && !strings.Contains(d[0].Body, "What changed") {
				t.Errorf("turn %d: %s's digest says nothing of what changed:\n%s", turn, p, d[0].Body)
			}
			mustIngest(t, j, email(p.String()+"@sandbox.test", copyBlock(t, strings.ReplaceAll(d[0].Body, "\r\n", "\n"), p)), Accepted)
		}
		g, s, _ := game(t, db, "demo")
		if g.Version != v+1 || s.Segment != storm.SegEconomic {
			t.Fatalf("turn %d: the copied blocks left version %d at %s %s (asking %v)", turn, g.Version, s.Turn, s.Segment, adjudicator.Required(s))
		}
		for _, p := range storm.Powers {
			if n := len(mailsTo(t, db, p.String()+"@sandbox.test", start)); n != 2 { // receipt, next digest
				t.Errorf("turn %d: %s got %d mails after its digest, want its receipt and the next digest", turn, p, n)
			}
		}
		if len(mailsWith(t, db, fmt.Sprintf("demo/v%d/public/gm@sandbox.test", v+1))) != 1 || len(mailsWith(t, db, fmt.Sprintf("demo/v%d/public/germany", v+1))) != 0 {
			t.Errorf("turn %d: the public report goes to the moderator alone", turn)
		}
	}
}

// TestDigestFoldsSegments (issue 22): a power not asked in a segment gets
// no mail for it; its next mail carries the reports in between. Everyone
// passes the economic phase alone (no FOR lines): the Axis' first round
// asks Germany and Italy, so Britain's mail waits until its own round,
// which reports the Axis' round too.
func TestDigestFoldsSegments(t *testing.T) {
	j, db := digestGame(t)
	for _, p := range storm.Powers {
		mustIngest(t, j, player(p, "PASS"), Accepted)
	}
	g, s, _ := game(t, db, "demo")
	if s.Segment != storm.SegDiplomacyAxis1 {
		t.Fatalf("at %s", s.Segment)
	}
	if len(mailsWith(t, db, fmt.Sprintf("demo/v%d/digest/britain", g.Version))) != 0 || len(mailsWith(t, db, fmt.Sprintf("demo/v%d/digest/germany", g.Version))) != 1 {
		t.Fatal("the Axis' round: Germany is asked by mail, Britain gets none")
	}
	if gs := g.Seat(storm.Britain); gs.Mailed != g.Version-1 {
		t.Fatalf("Britain's last digest: version %d, want %d", gs.Mailed, g.Version-1)
	}
	mustIngest(t, j, player(storm.Germany, "DIPLOMATIC AUSTRIA 1"), Accepted)
	mustIngest(t, j, player(storm.Italy, "PASS"), Accepted)
	for {
		g, s, _ = game(t, db, "demo")
		if s.Segment == storm.SegDiplomacyAllies || s.Segment == storm.SegEconomic {
			break
		}
		for _, p := range adjudicator.Required(s) {
			mustIngest(t, j, player(p, "PASS"), Accepted)
		}
	}
	if s.Segment != storm.SegDiplomacyAllies {
		t.Skip("no Allied round asked in this game")
	}
	d := mailsWith(t, db, fmt.Sprintf("demo/v%d/digest/britain", g.Version))
	if len(d) != 1 || !strings.Contains(d[0].HTML, "Axis, first round") || !strings.Contains(flat(d[0].Body), "orders due") && !strings.Contains(d[0].Subject, "orders due") {
		t.Fatalf("Britain's digest at its round does not carry the Axis' round:\n%v", d)
	}
	if gs := g.Seat(storm.Britain); gs.Mailed != g.Version {
		t.Errorf("Britain's last digest after its round's: version %d, want %d", gs.Mailed, g.Version)
	}
}

// TestMailCommand (issue 22): MAIL EVERY SEGMENT gives a player the report
// and its notice after every segment again, MAIL DIGEST the digest; a
// moderator's MAIL DIGEST gives the report once a turn.
func TestMailCommand(t *testing.T) {
	j, db := digestGame(t)
	res := mustIngest(t, j, player(storm.Britain, "MAIL EVERY SEGMENT"), Accepted)
	if !strings.Contains(flat(res.Receipt.Body), "Mail: every segment") {
		t.Fatalf("receipt:\n%s", res.Receipt.Body)
	}
	if st := mustIngest(t, j, player(storm.Britain, "STATUS"), Answered); !strings.Contains(flat(st.Receipt.Body), "Mail: every segment") {
		t.Errorf("STATUS does not say the mail setting:\n%s", st.Receipt.Body)
	}
	mustIngest(t, j, moderatorMail("MAIL DIGEST"), Accepted)
	for _, p := range storm.Powers {
		mustIngest(t, j, player(p, "PASS"), Accepted)
	}
	g, s, _ := game(t, db, "demo")
	if s.Segment != storm.SegDiplomacyAxis1 {
		t.Fatalf("at %s", s.Segment)
	}
	v := g.Version
	if len(mailsWith(t, db, fmt.Sprintf("demo/v%d/private/britain", v))) != 1 || len(mailsWith(t, db, fmt.Sprintf("demo/v%d/public/britain@", v))) != 1 {
		t.Error("MAIL EVERY SEGMENT: no report and notice for Britain")
	}
	if len(mailsWith(t, db, fmt.Sprintf("demo/v%d/public/gm@", v))) != 0 || g.ModeratorMailed["gm@sandbox.test"] != v-1 {
		t.Errorf("the moderator's digest: a report in the middle of the turn (last at %v)", g.ModeratorMailed)
	}
	mustIngest(t, j, player(storm.Britain, "MAIL DIGEST"), Accepted)
	if g, _, _ = game(t, db, "demo"); g.EverySegment(*g.Seat(storm.Britain)) {
		t.Error("MAIL DIGEST did not switch back")
	}
	if res := mustIngest(t, j, player(storm.Britain, "MAIL SOMETIMES"), Rejected); !strings.Contains(res.Receipt.Body, "MAIL needs DIGEST, EVERY SEGMENT, TEXT or PICTURE") {
		t.Errorf("a bad MAIL:\n%s", res.Receipt.Body)
	}
}

// TestModeratorDigestFromCreation: a game created with its moderators in
// the digest (moderator_mail = "digest") mails them the first version
// after the start, then the report that ends the turn, which covers every
// segment since: its economic phase included.
func TestModeratorDigestFromCreation(t *testing.T) {
	j, db, _ := newJudge(t)
	def := demoDef(0)
	def.Rules.Mail = ""
	def.ModeratorSecret = "gmsecret"
	def.Diplomacy, def.Crisis, def.ModeratorDigest = true, true, true
	if _, err := j.EnsureGame(def); err != nil {
		t.Fatal(err)
	}
	for _, p := range storm.Powers {
		mustIngest(t, j, player(p, "PASS TURN"), Accepted)
	}
	g, s, _ := game(t, db, "demo")
	if s.Turn == storm.FirstTurn {
		t.Fatalf("the first turn did not end: %s %s", s.Turn, s.Segment)
	}
	var reports []string
	for v := 1; v <= g.Version; v++ {
		for _, m := range mailsWith(t, db, fmt.Sprintf("demo/v%d/public/gm@", v)) {
			reports = append(reports, fmt.Sprintf("v%d", v))
			if v == g.Version && !strings.Contains(m.Body, "Economic phase") {
				t.Errorf("the turn's report to the moderator (v%d) lacks the economic phase:\n%s", v, m.Body)
			}
		}
	}
	if len(reports) != 2 || reports[0] != "v1" || reports[1] != fmt.Sprintf("v%d", g.Version) {
		t.Errorf("the moderator's reports: %v, want v1 and v%d", reports, g.Version)
	}
}

// TestReceiptLabelsIFLines (issue 22): a receipt names the segment where
// an IF line acts, not the FOR line written above it.
func TestReceiptLabelsIFLines(t *testing.T) {
	j, _ := digestGame(t)
	res := mustIngest(t, j, player(storm.Britain, "PASS\nFOR ALLIES\nPASS\nIF CONTINUED BACK DOWN"), Accepted)
	body := flat(res.Receipt.Body)
	if !strings.Contains(body, "IF CONTINUED BACK DOWN (acts in Crisis: Allied ultimatum)") || strings.Contains(body, "BACK DOWN (for Diplomacy") {
		t.Errorf("receipt:\n%s", res.Receipt.Body)
	}
}

// TestRefusalNamesTheForLine (issue 22): an order for a later segment
// sent without its FOR line is refused with the FOR line to use; a
// greeting above the orders and a sign-off below them are no orders.
func TestRefusalNamesTheForLine(t *testing.T) {
	j, _ := digestGame(t)
	res := mustIngest(t, j, player(storm.Germany, "DIPLOMATIC AUSTRIA 1\nAGGRESSION RHINELAND"), Rejected)
	body := flat(res.Receipt.Body)
	for _, want := range []string{"DIPLOMATIC is an order of Diplomacy: Axis, first round, later this turn: to send it now, write it under a FOR AXIS 1 line",
		"AGGRESSION is an order of Crisis: Axis aggression, later this turn: to send it now, write it under a FOR CRISIS line"} {
		if !strings.Contains(body, want) {
			t.Errorf("receipt lacks %q:\n%s", want, res.Receipt.Body)
		}
	}
	mustIngest(t, j, email("germany@sandbox.test", "Hello judge,\n\nGAME demo\nSECRET germany\nPASS\n\nCheers,\nPierre\n"), Accepted)
}

// TestUnknownGameNamesTheSendersGames (issue 22): an email naming a game
// the judge does not hold is told the sender's own games; nothing of it
// is quoted (issue 24: nothing proves who sent it), its game id neither.
func TestUnknownGameNamesTheSendersGames(t *testing.T) {
	j, _ := digestGame(t)
	res := mustIngest(t, j, email("italy@sandbox.test", "GAME demmo\nSECRET italy\nPASS\nEND\n"), Rejected)
	if b := flat(res.Receipt.Body); !strings.Contains(b, `names a game this judge does not hold (its GAME line), so it was not read. Nothing of it is quoted here: nothing in it proves who sent it. Your games here: demo (Italy).`) || strings.Contains(b, "demmo") {
		t.Errorf("receipt:\n%s", res.Receipt.Body)
	}
}

// TestReceiptCountsTheCountersPaidLater (issue 22, 24.52C): diplomatic
// counters are paid at the end of the diplomatic phase; a receipt says the
// tile points left once everything its email commits is paid.
func TestReceiptCountsTheCountersPaidLater(t *testing.T) {
	j, db := digestGame(t)
	_, s, _ := game(t, db, "demo")
	tiles := s.Powers[storm.Germany].TilePoints
	res := mustIngest(t, j, player(storm.Germany, "SAVE WITH SHIPYARD 1\nFOR AXIS 1\nDIPLOMATIC AUSTRIA 2"), Accepted)
	want := fmt.Sprintf("Germany keeps %d tile points once this turn's diplomatic and military counters are paid at the end of the diplomatic phase (%d tile points after these orders, less 2 for the counters, rule 24.52C)", tiles-3, tiles-1)
	if !strings.Contains(flat(res.Receipt.Body), want) {
		t.Errorf("receipt lacks %q:\n%s", want, res.Receipt.Body)
	}
}

// TestHistoryEntriesDistinguishable (issue 22): each HISTORY line says what
// made its version, so that two versions of one segment differ.
func TestHistoryEntriesDistinguishable(t *testing.T) {
	j, _ := digestGame(t)
	for _, p := range storm.Powers {
		mustIngest(t, j, player(p, "PASS"), Accepted)
	}
	h := flat(mustIngest(t, j, player(storm.Italy, "HISTORY"), Answered).Receipt.Body)
	for _, want := range []string{"v1 Spring 1935, Economic phase (after Spring 1935, Random events phase)", "v2 Spring 1935, Diplomacy: Axis, first round (after Spring 1935, Economic phase) <- open"} {
		if !strings.Contains(h, want) {
			t.Errorf("HISTORY lacks %q:\n%s", want, h)
		}
	}
}

// TestOneAddressTwoSeats (issue 22): an address playing two powers orders
// without POWER when their secrets differ (the secret tells them apart);
// its welcome asks for POWER only when they share one.
func TestOneAddressTwoSeats(t *testing.T) {
	for _, same := range []bool{false, true} {
		j, db, _ := newJudge(t)
		def := demoDef(0)
		def.Seats[1].Address = "germany@sandbox.test" // Italy too
		if same {
			def.Seats[1].Secret = "germany"
		}
		if _, err := j.EnsureGame(def); err != nil {
			t.Fatal(err)
		}
		welcome := mailsWith(t, db, "demo/welcome/italy")[0].Body
		if strings.Contains(welcome, "POWER italy") != same {
			t.Errorf("same secret %v: the welcome's POWER line:\n%s", same, welcome)
		}
		secret := "italy"
		if same {
			secret = "germany"
		}
		res, err := j.Ingest(email("germany@sandbox.test", "GAME demo\nSECRET "+secret+"\nPASS\nEND\n"))
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case !same && (res.Outcome != Accepted || res.Power != storm.Italy):
			t.Errorf("Italy's secret from the shared address: %s %s\n%s", res.Outcome, res.Power, res.Receipt.Body)
		case same && (res.Outcome != Rejected || !strings.Contains(res.Receipt.Body, "Add a POWER line")):
			t.Errorf("a shared secret without POWER: %s\n%s", res.Outcome, res.Receipt.Body)
		}
	}
}

// TestRollbackAnnouncedFirst (issue 22): the rollback's announcement is
// queued before the reports it sends again, so it arrives first.
func TestRollbackAnnouncedFirst(t *testing.T) {
	j, db, _ := rulesGame(t, 0, store.Rules{})
	for _, p := range storm.Powers {
		mustIngest(t, j, player(p, "PASS"), Accepted)
	}
	mustIngest(t, j, moderatorMail("ROLLBACK 1\nREASON a misread rule"), Accepted)
	var notice, again uint64
	for _, m := range outbox(t, db) {
		switch {
		case strings.Contains(m.ID, "/notice/") && strings.Contains(m.Body, "ROLLED BACK") && (notice == 0 || m.Seq < notice):
			notice = m.Seq
		case strings.Contains(m.ID, "/v1r1/") && (again == 0 || m.Seq < again):
			again = m.Seq
		}
	}
	if notice == 0 || again == 0 || notice > again {
		t.Errorf("announcement queued %d, first mail sent again %d", notice, again)
	}
}
