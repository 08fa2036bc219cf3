package judge

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
	"stormjudge/deck"
	"stormjudge/judge/deadline"
	"stormjudge/store"
)

type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }

func newJudge(t *testing.T) (*Judge, *store.DB, *clock) {
	t.Helper()
	return newJudgeWith(t, Options{})
}

// newJudgeWith is newJudge with the options o (its Address and Now are
// the test's).
func newJudgeWith(t *testing.T, o Options) (*Judge, *store.DB, *clock) {
	t.Helper()
	db, err := store.Open(filepath.Join(t.TempDir(), "j.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := db.View(store.Check); err != nil {
			t.Errorf("store.Check: %v", err)
		}
		db.Close()
	})
	c := &clock{time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)}
	o.Address, o.Now = "judge@sandbox.test", c.now
	return New(db, &o), db, c
}

func demoDef(deadline time.Duration) GameDef {
	// Every segment's report and notice: these tests look at them; the
	// digest, the players' default, has its own (digest_test.go).
	d := GameDef{ID: "demo", Moderators: []string{"gm@sandbox.test"}, Seed: 1935, SegmentDuration: deadline, Rules: store.Rules{Mail: store.MailEverySegment}}
	for _, p := range storm.Powers {
		d.Seats = append(d.Seats, SeatDef{Power: p, Address: p.String() + "@sandbox.test", Secret: p.String()})
	}
	return d
}

var msgSeq int

func email(from, body string, extra ...string) []byte {
	msgSeq++
	h := fmt.Sprintf("From: %s\r\nTo: judge@sandbox.test\r\nSubject: orders\r\nMessage-ID: <m%d@test>\r\nReturn-Path: <%s>\r\n", from, msgSeq, from)
	for _, e := range extra {
		h += e + "\r\n"
	}
	return []byte(h + "Content-Type: text/plain; charset=utf-8\r\n\r\n" + strings.ReplaceAll(body, "\n", "\r\n"))
}

func outbox(t *testing.T, db *store.DB) []*store.Mail {
	t.Helper()
	var ms []*store.Mail
	if err := db.View(func(tx *store.Tx) error {
		var err error
		ms, err = tx.Outbox()
		return err
	}); err != nil {
		t.Fatal(err)
	}
	return ms
}

func game(t *testing.T, db *store.DB, id string) (*store.Game, storm.State, map[storm.Power]store.OrderRecord) {
	t.Helper()
	var g *store.Game
	var s storm.State
	var recs map[storm.Power]store.OrderRecord
	if err := db.View(func(tx *store.Tx) error {
		var err error
		if g, err = tx.Game(id); err != nil {
			return err
		}
		if s, err = tx.State(id, g.Version); err != nil {
			return err
		}
		recs, err = tx.Orders(id, g.Version)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	return g, s, recs
}

func TestEnsureGameCreatesSeatsSecretsAndFirstReports(t *testing.T) {
	j, db, _ := newJudge(t)
	created, err := j.EnsureGame(demoDef(0))
	if err != nil || !created {
		t.Fatalf("EnsureGame = %v, %v", created, err)
	}
	again, err := j.EnsureGame(demoDef(0))
	if err != nil || again {
		t.Fatalf("second EnsureGame = %v, %v; want false, nil", again, err)
	}
	g, s, _ := game(t, db, "demo")
	if g.Version != 1 || s.Segment != "economic" {
		t.Fatalf("version %d segment %s; want 1 economic", g.Version, s.Segment)
	}
	for _, seat := range g.Seats {
		if strings.Contains(seat.SecretHash, seat.Power.String()) {
			t.Errorf("%s: secret stored in clear: %q", seat.Power, seat.SecretHash)
		}
	}
	var welcome, public, private int
	for _, m := range outbox(t, db) {
		switch {
		case strings.Contains(m.ID, "/welcome/"):
			welcome++
			if !m.Sensitive || !strings.Contains(m.Body, "secret: ") {
				t.Errorf("%s: the welcome carries the secret and must be Sensitive", m.ID)
			}
		case strings.Contains(m.ID, "/public/"):
			public++
		case strings.Contains(m.ID, "/private/"):
			private++
		}
		if !strings.Contains(m.ID, "/welcome/") && (m.Sensitive || strings.Contains(m.Body, "Your secret")) {
			t.Errorf("%s carries a secret", m.ID)
		}
		if m.From != "judge@sandbox.test" || m.AutoSubmitted != "auto-generated" {
			t.Errorf("%s: From %q Auto-Submitted %q", m.ID, m.From, m.AutoSubmitted)
		}
	}
	// 5 powers + the moderator get a welcome and the public report; one
	// notice per power.
	if welcome != 6 || public != 6 || private != 5 {
		t.Errorf("welcome %d public %d private %d; want 6 6 5", welcome, public, private)
	}
}

func TestIngestAcceptsAndReceiptThreads(t *testing.T) {
	j, db, _ := newJudge(t)
	if _, err := j.EnsureGame(demoDef(0)); err != nil {
		t.Fatal(err)
	}
	raw := email("Germany@Sandbox.test", "GAME demo\nSECRET germany\nPASS\nEND\n", "References: <a@x>")
	res, err := j.Ingest(raw)
	if err != nil {
		t.Fatal(err)
	}
	if res.Outcome != Accepted || res.Power != storm.Germany {
		t.Fatalf("outcome %s power %s", res.Outcome, res.Power)
	}
	r := res.Receipt
	if r.InReplyTo != res.MessageID || len(r.References) != 2 || r.References[1] != res.MessageID {
		t.Errorf("receipt not threaded: In-Reply-To %q References %q", r.InReplyTo, r.References)
	}
	if r.AutoSubmitted != "auto-replied" || r.To[0] != "germany@sandbox.test" {
		t.Errorf("receipt To %v Auto-Submitted %q", r.To, r.AutoSubmitted)
	}
	if !strings.Contains(r.Body, "ACCEPTED for Germany") || !strings.Contains(r.Body, "PASS") ||
		!strings.Contains(r.Body, "Still waiting for: Italy, Britain, France, Russia") {
		t.Errorf("receipt body:\n%s", r.Body)
	}
	_, _, recs := game(t, db, "demo")
	if rec, ok := recs[storm.Germany]; !ok || !rec.Pass {
		t.Errorf("germany's orders not stored: %+v", recs)
	}
	// The same message again changes nothing and sends nothing.
	n := len(outbox(t, db))
	res2, err := j.Ingest(raw)
	if err != nil || res2.Outcome != Duplicate {
		t.Fatalf("re-ingest: %v %v", res2, err)
	}
	if len(outbox(t, db)) != n {
		t.Error("duplicate message queued mail")
	}
}

func TestIngestRejectsWithoutChange(t *testing.T) {
	cases := []struct {
		name, from, body string
		want             []string
		notWant          []string
	}{
		{"wrong secret", "germany@sandbox.test", "GAME demo\nSECRET italy\nPASS\nEND\n",
			[]string{"NOT accepted", "SECRET does not match"}, []string{"italy@", "Italy"}},
		{"missing secret", "germany@sandbox.test", "GAME demo\nPASS\nEND\n",
			[]string{"NOT accepted"}, nil},
		{"other power's address", "italy@sandbox.test", "GAME demo\nPOWER germany\nSECRET germany\nPASS\nEND\n",
			[]string{"NOT accepted", "may not order for that power"}, nil},
		{"unknown game", "germany@sandbox.test", "GAME nosuch\nSECRET germany\nPASS\nEND\n",
			[]string{"names a game this judge does not hold"}, nil},
		{"garbage", "germany@sandbox.test", "GAME demo\nSECRET germany\nFLY TO THE MOON\nEND\n",
			[]string{"NOT accepted", "line 3"}, nil},
		{"pass with orders", "germany@sandbox.test", "GAME demo\nSECRET germany\nPASS\nMOBILIZE IDLE\nEND\n",
			[]string{"NOT accepted"}, nil},
		{"14.42A russia civilian conversion", "russia@sandbox.test", "GAME demo\nSECRET russia\nCONVERT IDLE TO CIVILIAN\nEND\n",
			[]string{"NOT accepted", "14.42"}, nil},
		{"several powers need POWER", "gm@sandbox.test", "GAME demo\nSECRET germany\nPASS\nEND\n",
			[]string{"NOT accepted", "POWER"}, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			j, db, _ := newJudge(t)
			if _, err := j.EnsureGame(demoDef(0)); err != nil {
				t.Fatal(err)
			}
			before := len(outbox(t, db))
			res, err := j.Ingest(email(tc.from, tc.body))
			if err != nil {
				t.Fatal(err)
			}
			if res.Outcome != Rejected || res.Receipt == nil {
				t.Fatalf("outcome %s receipt %v", res.Outcome, res.Receipt)
			}
			for _, w := range tc.want {
				if !strings.Contains(receiptOf(t, res), w) {
					t.Errorf("receipt lacks %q:\n%s", w, receiptOf(t, res))
				}
			}
			for _, w := range tc.notWant {
				if strings.Contains(receiptOf(t, res), w) {
					t.Errorf("receipt reveals %q:\n%s", w, receiptOf(t, res))
				}
			}
			if strings.Contains(receiptOf(t, res), "SECRET germany") {
				t.Errorf("receipt echoes the secret:\n%s", receiptOf(t, res))
			}
			if got := len(outbox(t, db)); got != before+1 {
				t.Errorf("outbox grew by %d; want only the receipt", got-before)
			}
			if _, _, recs := game(t, db, "demo"); len(recs) != 0 {
				t.Errorf("orders stored: %+v", recs)
			}
		})
	}
}

func TestIngestIgnoresAutomaticMail(t *testing.T) {
	j, db, _ := newJudge(t)
	if _, err := j.EnsureGame(demoDef(0)); err != nil {
		t.Fatal(err)
	}
	before := len(outbox(t, db))
	for _, extra := range [][]string{
		{"Auto-Submitted: auto-replied"},
		{"Precedence: bulk"},
	} {
		res, err := j.Ingest(email("germany@sandbox.test", "GAME demo\nSECRET germany\nPASS\n", extra...))
		if err != nil || res.Outcome != Ignored {
			t.Errorf("%v: outcome %v err %v", extra, res, err)
		}
	}
	res, err := j.Ingest([]byte("From: MAILER-DAEMON@example.org\r\nReturn-Path: <>\r\nMessage-ID: <b1@x>\r\n\r\nbounce\r\n"))
	if err != nil || res.Outcome != Ignored {
		t.Errorf("bounce: %v %v", res, err)
	}
	if len(outbox(t, db)) != before {
		t.Error("automatic mail was answered")
	}
}

func TestFifthOrderAdjudicatesOnce(t *testing.T) {
	j, db, _ := newJudge(t)
	if _, err := j.EnsureGame(demoDef(0)); err != nil {
		t.Fatal(err)
	}
	g0, s0, _ := game(t, db, "demo")
	for i, p := range storm.Powers {
		res, err := j.Ingest(email(p.String()+"@sandbox.test", "GAME demo\nSECRET "+p.String()+"\nPASS\nEND\n"))
		if err != nil || res.Outcome != Accepted {
			t.Fatalf("%s: %v %v", p, res, err)
		}
		g, _, _ := game(t, db, "demo")
		wantV := g0.Version
		if i == len(storm.Powers)-1 {
			wantV++
		}
		if g.Version != wantV {
			t.Fatalf("after %s: version %d, want %d", p, g.Version, wantV)
		}
	}
	g, s, recs := game(t, db, "demo")
	if s.Turn == s0.Turn || s.Segment != "economic" || len(recs) != 0 {
		t.Errorf("after the turn: %s %s, %d order records", s.Turn, s.Segment, len(recs))
	}
	n := len(outbox(t, db))
	if done, err := j.Adjudicate("demo"); err != nil || done {
		t.Errorf("second Adjudicate = %v, %v; want nothing to do", done, err)
	}
	if len(outbox(t, db)) != n {
		t.Error("re-adjudication queued mail")
	}
	var reports int
	for _, m := range outbox(t, db) {
		if strings.HasPrefix(m.ID, fmt.Sprintf("demo/v%d/", g.Version)) {
			reports++
		}
	}
	if reports != 11 {
		t.Errorf("%d reports and notices for version %d; want 6 public + 5 private", reports, g.Version)
	}
}

func TestLaterSubmissionReplacesEarlier(t *testing.T) {
	j, db, _ := newJudge(t)
	if _, err := j.EnsureGame(demoDef(0)); err != nil {
		t.Fatal(err)
	}
	if _, err := j.Ingest(email("italy@sandbox.test", "GAME demo\nSECRET italy\nPASS\n")); err != nil {
		t.Fatal(err)
	}
	_, s, _ := game(t, db, "demo")
	var order string
	var n int
	if allowed := adjudicator.Allowed(s, storm.Italy); len(allowed) > 0 {
		o := allowed[0]
		n = len(o.Orders())
		for _, x := range o.Orders() { // with the orders it needs (15.22)
			order += x.String() + "\n"
		}
		order = strings.TrimSuffix(order, "\n")
	}
	if order == "" {
		t.Skip("Italy can afford no conversion in the first turn with this seed")
	}
	res, err := j.Ingest(email("italy@sandbox.test", "GAME demo\nSECRET italy\n"+order+"\n"))
	if err != nil || res.Outcome != Accepted {
		t.Fatalf("%v %v", res, err)
	}
	if !strings.Contains(receiptOf(t, res), "replace") {
		t.Errorf("receipt does not say it replaced:\n%s", receiptOf(t, res))
	}
	_, _, recs := game(t, db, "demo")
	if r := recs[storm.Italy]; r.Pass || len(r.Orders) != n {
		t.Errorf("italy's record: %+v", r)
	}
}

func TestDeadlineAdjudicatesMissingAsPass(t *testing.T) {
	j, db, c := newJudge(t)
	if _, err := j.EnsureGame(demoDef(48 * time.Hour)); err != nil {
		t.Fatal(err)
	}
	if _, err := j.Ingest(email("france@sandbox.test", "GAME demo\nSECRET france\nPASS\n")); err != nil {
		t.Fatal(err)
	}
	if n, err := j.Tick(); err != nil || n != 0 {
		t.Fatalf("Tick before the deadline = %d, %v", n, err)
	}
	c.t = c.t.Add(48*time.Hour + time.Second)
	if n, err := j.Tick(); err != nil || n != 1 {
		t.Fatalf("Tick after the deadline = %d, %v", n, err)
	}
	g, _, _ := game(t, db, "demo")
	if g.Version != 2 || !g.Deadline.Equal(deadline.CeilMinute(c.t.Add(48*time.Hour))) { // to the minute, never earlier
		t.Errorf("version %d deadline %s", g.Version, g.Deadline)
	}
	var log []store.AuditEntry
	db.View(func(tx *store.Tx) error { var err error; log, err = tx.AuditLog("demo"); return err })
	if last := log[len(log)-1]; !strings.Contains(last.Detail, "deadline passed") || !strings.Contains(last.Detail, "Germany") {
		t.Errorf("audit: %+v", last)
	}
}

func TestCheckKeepsNothing(t *testing.T) {
	j, db, _ := newJudge(t)
	if _, err := j.EnsureGame(demoDef(0)); err != nil {
		t.Fatal(err)
	}
	before := len(outbox(t, db))
	raw := email("britain@sandbox.test", "GAME demo\nSECRET britain\nPASS\n")
	res, err := j.Check(raw)
	if err != nil || res.Outcome != Accepted || res.Receipt == nil {
		t.Fatalf("Check = %v, %v", res, err)
	}
	if len(outbox(t, db)) != before {
		t.Error("Check queued mail")
	}
	if _, _, recs := game(t, db, "demo"); len(recs) != 0 {
		t.Error("Check stored orders")
	}
	// And the real ingest of the same message still works afterwards.
	if res, err := j.Ingest(raw); err != nil || res.Outcome != Accepted {
		t.Errorf("Ingest after Check = %v, %v", res, err)
	}
}

func TestReplayReproducesEveryVersion(t *testing.T) {
	j, db, c := newJudge(t)
	if _, err := j.EnsureGame(demoDef(time.Hour)); err != nil {
		t.Fatal(err)
	}
	// Three turns: one with all orders in, two decided by the deadline.
	for _, p := range storm.Powers {
		if _, err := j.Ingest(email(p.String()+"@sandbox.test", "GAME demo\nSECRET "+p.String()+"\nPASS\n")); err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; i < 2; i++ {
		c.t = c.t.Add(2 * time.Hour)
		if _, err := j.Tick(); err != nil {
			t.Fatal(err)
		}
	}
	g, _, _ := game(t, db, "demo")
	n, err := j.Replay("demo")
	if err != nil || n != g.Version || n < 4 {
		t.Fatalf("Replay = %d, %v; want %d versions", n, err, g.Version)
	}
}

// TestReceiptListsEachOrder: a set with one refused order is refused whole
// (nothing changes) and the receipt marks each order, with the rule.
func TestReceiptListsEachOrder(t *testing.T) {
	j, db, _ := newJudge(t)
	if _, err := j.EnsureGame(demoDef(0)); err != nil {
		t.Fatal(err)
	}
	setTilePoints(t, db, storm.Germany, 20)
	res, err := j.Ingest(email("germany@sandbox.test", "GAME demo\nSECRET germany\nMOBILIZE IDLE: ARMOR, INFANTRY, AIR\nMOBILIZE CIVILIAN: ARMOR, AIR, AIR\nEND\n"))
	if err != nil || res.Outcome != Rejected {
		t.Fatalf("%v %v", res, err)
	}
	body := receiptOf(t, res)
	for _, want := range []string{"ok      MOBILIZE IDLE: ARMOR, INFANTRY, AIR (line 3)", "REFUSED MOBILIZE CIVILIAN: ARMOR, AIR, AIR (line 4)", "rule 14.41"} {
		if !strings.Contains(body, want) {
			t.Errorf("receipt lacks %q:\n%s", want, body)
		}
	}
	res, err = j.Ingest(email("germany@sandbox.test", "GAME demo\nSECRET germany\nMOBILIZE IDLE: ARMOR, INFANTRY, AIR\nEND\n"))
	if err != nil || res.Outcome != Accepted {
		t.Fatalf("%v %v", res, err)
	}
	// 20 - 10 (14.31 in 1935, EAI 0) + 1 (10.41A, 13.21D: a fourth military factory).
	if !strings.Contains(receiptOf(t, res), "keeps 11 tile points") {
		t.Errorf("receipt does not say what remains:\n%s", receiptOf(t, res))
	}
}

// TestReplayWithDeck: a game played with random event cards replays bit for
// bit from its stored orders (the deck and its shuffles live in the state).
func TestReplayWithDeck(t *testing.T) {
	j, db, c := newJudge(t)
	d, err := deck.LoadFile("../testdata/decks/illustrative.toml")
	if err != nil {
		t.Fatal(err)
	}
	def := demoDef(time.Hour)
	def.Deck = &d
	if _, err := j.EnsureGame(def); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 4; i++ {
		c.t = c.t.Add(2 * time.Hour)
		if _, err := j.Tick(); err != nil {
			t.Fatal(err)
		}
	}
	g, s, _ := game(t, db, "demo")
	if s.Events == nil {
		t.Fatal("the game has no deck in its state")
	}
	n, err := j.Replay("demo")
	if err != nil || n != g.Version || n < 5 {
		t.Fatalf("Replay = %d, %v; want %d versions", n, err, g.Version)
	}
}

// TestCheckLineStoresNothing: an order email with a CHECK line is
// checked as any other and its receipt (tagged CHECKED) says what the
// orders would do, but nothing is stored: no order record, no audit
// line, no new version, even when they would complete the segment; the
// receipt is the only mail. Refused orders get the refusal, marked as a
// check. Sent again without CHECK, the same orders are taken.
func TestCheckLineStoresNothing(t *testing.T) {
	j, db, c := rulesGame(t, 0, store.Rules{})
	for _, p := range []storm.Power{storm.Italy, storm.Britain, storm.France, storm.Russia} {
		mustIngest(t, j, player(p, "PASS"), Accepted)
	}
	g0, _, recs0 := game(t, db, "demo")
	audit0, out0 := len(audits(t, db, "")), len(outbox(t, db))
	if _, in := recs0[storm.Germany]; in {
		t.Fatal("Germany has orders in before the check")
	}

	c.t = c.t.Add(time.Minute)
	res := mustIngest(t, j, player(storm.Germany, "CHECK\nSAVE WITH SHIPYARD 1"), Answered)
	t.Logf("%s\n%s", res.Receipt.Subject, res.Receipt.Body)
	body := flat(res.Receipt.Body)
	for _, want := range []string{"CHECK: these orders would be ACCEPTED for Germany in game demo", "They were checked, NOT stored: nothing was changed.",
		"SAVE WITH SHIPYARD 1", "If adjudicated as sent, Germany would keep", "You have no orders in for this segment yet."} {
		if !strings.Contains(body, want) {
			t.Errorf("the check's receipt lacks %q:\n%s", want, res.Receipt.Body)
		}
	}
	if !strings.HasSuffix(res.Receipt.Subject, "[demo: CHECKED]") || strings.Contains(body, "All orders are in") {
		t.Errorf("the check's receipt %q:\n%s", res.Receipt.Subject, res.Receipt.Body)
	}
	g1, _, recs1 := game(t, db, "demo")
	if _, in := recs1[storm.Germany]; in || g1.Version != g0.Version || len(audits(t, db, "")) != audit0 || len(outbox(t, db)) != out0+1 {
		t.Errorf("after a CHECK: Germany's orders stored %v, version %d -> %d, audit lines %d -> %d, mails %d -> %d",
			in, g0.Version, g1.Version, audit0, len(audits(t, db, "")), out0, len(outbox(t, db)))
	}

	res = mustIngest(t, j, player(storm.Germany, "CHECK\nCONVERT IDLE TO CIVILIAN"), Rejected)
	if !strings.HasSuffix(res.Receipt.Subject, "[demo: CHECKED, NOT ACCEPTED]") || !strings.Contains(flat(res.Receipt.Body), "CHECK: your orders would NOT be accepted; nothing was stored or changed.") {
		t.Errorf("a refused check %q:\n%s", res.Receipt.Subject, res.Receipt.Body)
	}
	res = mustIngest(t, j, player(storm.Italy, "CHECK\nPASS"), Answered)
	if !strings.Contains(flat(res.Receipt.Body), "Your orders sent before stand unchanged.") {
		t.Errorf("Italy's check:\n%s", res.Receipt.Body)
	}
	res = mustIngest(t, j, player(storm.Germany, "CHECK\nHELP"), Rejected)
	if !strings.Contains(flat(res.Receipt.Body), "CHECK goes with a power's orders") {
		t.Errorf("CHECK with HELP:\n%s", res.Receipt.Body)
	}

	mustIngest(t, j, player(storm.Germany, "SAVE WITH SHIPYARD 1"), Accepted)
	if g2, _, _ := game(t, db, "demo"); g2.Version != g0.Version+1 {
		t.Errorf("the same orders without CHECK: version %d, want %d", g2.Version, g0.Version+1)
	}
}
