package judge

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"stormjudge/adjudicator/storm"
	"stormjudge/judge/publish"
	"stormjudge/orders"
	"stormjudge/orders/orderstest"
	"stormjudge/store"
)

// countHashes counts the argon2id secret checks made while the test runs.
func countHashes(t *testing.T) *atomic.Int64 {
	var n atomic.Int64
	old := checkSecret
	checkSecret = func(hash, secret string) bool { n.Add(1); return old(hash, secret) }
	t.Cleanup(func() { checkSecret = old })
	return &n
}

// TestStrangersGetNoAnswer (issue 8, defect 4 and "cheap rejection
// first"): mail from an address that neither plays nor moderates is
// recorded, audited and counted, and answered by nothing; no secret is
// hashed for it.
func TestStrangersGetNoAnswer(t *testing.T) {
	j, db, _ := newJudge(t)
	if _, err := j.EnsureGame(demoDef(0)); err != nil {
		t.Fatal(err)
	}
	hashes := countHashes(t)
	before := len(outbox(t, db))
	for _, body := range []string{
		"GAME demo\nSECRET germany\nPASS\nEND\n",
		"GAME demo\nPOWER germany\nSECRET germany\nPASS\nEND\n",
		"GAME demo\nMODERATOR\nSECRET gm\nPURGE NONE\nEND\n",
		"GAME nosuch\nSECRET x\nPASS\n",
		"hello, buy my pills\n" + strings.Repeat("line\n", 100),
	} {
		res, err := j.Ingest(email("eve@example.org", body))
		if err != nil {
			t.Fatal(err)
		}
		if res.Outcome != Dropped || res.Receipt != nil {
			t.Errorf("%q: outcome %s, receipt %v", body[:10], res.Outcome, res.Receipt != nil)
		}
	}
	if n := hashes.Load(); n != 0 {
		t.Errorf("%d secrets hashed for strangers", n)
	}
	if got := len(outbox(t, db)); got != before {
		t.Errorf("%d mails queued for strangers", got-before)
	}
	if err := db.View(func(tx *store.Tx) error {
		if n, m := tx.Counter("dropped"), tx.Counter("dropped/demo"); n != 5 || m != 3 {
			t.Errorf("counters dropped=%d dropped/demo=%d, want 5 and 3", n, m)
		}
		log, _ := tx.AuditLog("demo")
		star, _ := tx.AuditLog(judgeLog)
		n := 0
		for _, e := range append(log, star...) {
			if e.Action == "dropped" && e.Actor == "eve@example.org" {
				n++
			}
		}
		if n != 5 {
			t.Errorf("%d audit lines for the dropped mail, want 5", n)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	// A seated player who names a game that does not exist is answered.
	res, err := j.Ingest(email("germany@sandbox.test", "GAME nosuch\nSECRET x\nPASS\n"))
	if err != nil || res.Receipt == nil {
		t.Fatalf("seated player, unknown game: %v %v", res, err)
	}
}

// TestBadMailFromPlayersIsAnswered (issue 8, defect 3): a mail too large,
// with too many parts or nested too deep, from a seated player, gets a
// receipt saying what was wrong and what the limits are.
func TestBadMailFromPlayersIsAnswered(t *testing.T) {
	head := "From: germany@sandbox.test\r\nTo: judge@sandbox.test\r\nSubject: orders\r\nMessage-ID: <%s@test>\r\n"
	orders := "GAME demo\r\nSECRET germany\r\nPASS\r\nEND\r\n"
	many, deep := orderstest.ManyParts(5000, orders), orderstest.Nested(100, orders)
	cases := []struct{ name, raw, want string }{
		{"10 MB body", fmt.Sprintf(head, "big") + "Content-Type: text/plain\r\n\r\n" + orders + strings.Repeat("x", 10<<20), "larger than 1 MiB"},
		{"5,000 parts with the text last", fmt.Sprintf(head, "parts") + many, "more than 100 MIME parts"},
		{"nested 100 deep", fmt.Sprintf(head, "deep") + deep, "nested more than 10 deep"},
		{"no text part", fmt.Sprintf(head, "img") + "Content-Type: image/png\r\n\r\nxx\r\n", "no text the judge could read"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			j, db, _ := newJudge(t)
			if _, err := j.EnsureGame(demoDef(0)); err != nil {
				t.Fatal(err)
			}
			res, err := j.Ingest([]byte(tc.raw))
			if err != nil {
				t.Fatal(err)
			}
			if res.Outcome != Rejected || res.Receipt == nil {
				t.Fatalf("outcome %s, receipt %v", res.Outcome, res.Receipt != nil)
			}
			body := flat(receiptOf(t, res))
			for _, w := range []string{tc.want, "at most 1 MiB, 100 MIME parts and 10 levels of nesting", "NOT accepted"} {
				if !strings.Contains(body, w) {
					t.Errorf("receipt lacks %q:\n%s", w, receiptOf(t, res))
				}
			}
			if _, _, recs := game(t, db, "demo"); len(recs) != 0 {
				t.Errorf("orders stored: %+v", recs)
			}
		})
	}
}

// TestOversizedMessageID (issue 8, defect 2): a Message-ID over 32 KiB
// (more than bbolt takes as a key) is stored, answered once, and not
// copied into the receipt's header; offered again it is a duplicate.
func TestOversizedMessageID(t *testing.T) {
	j, db, _ := newJudge(t)
	if _, err := j.EnsureGame(demoDef(0)); err != nil {
		t.Fatal(err)
	}
	id := strings.Repeat("x", 40<<10) + "@test"
	raw := []byte("From: germany@sandbox.test\r\nSubject: orders\r\nMessage-ID: <" + id + ">\r\n\r\nGAME demo\r\nSECRET germany\r\nPASS\r\nEND\r\n")
	res, err := j.Ingest(raw)
	if err != nil {
		t.Fatal(err)
	}
	if res.Outcome != Accepted || res.Receipt == nil {
		t.Fatalf("outcome %s", res.Outcome)
	}
	if len(res.Receipt.InReplyTo) > publish.MaxThreadID || len(strings.Join(res.Receipt.References, " ")) > 2600 {
		t.Errorf("receipt threads under a %d-byte identifier", len(res.Receipt.InReplyTo))
	}
	res, err = j.Ingest(raw)
	if err != nil || res.Outcome != Duplicate {
		t.Errorf("offered again: %v, %v", res, err)
	}
	_ = db
}

// TestReusedMessageID (issue 8, defect 7): a different email under an old
// Message-ID is a new delivery and gets its receipt; the same email again
// (even with other trace fields) is a duplicate.
func TestReusedMessageID(t *testing.T) {
	j, _, _ := newJudge(t)
	if _, err := j.EnsureGame(demoDef(0)); err != nil {
		t.Fatal(err)
	}
	first := []byte("From: germany@sandbox.test\r\nSubject: orders\r\nMessage-ID: <same@test>\r\n\r\nGAME demo\r\nSECRET germany\r\nPASS\r\nEND\r\n")
	second := []byte("From: germany@sandbox.test\r\nSubject: orders\r\nMessage-ID: <same@test>\r\n\r\nGAME demo\r\nSECRET germany\r\nMOBILIZE IDLE\r\nEND\r\n")
	r1, err := j.Ingest(first)
	if err != nil || r1.Outcome != Accepted {
		t.Fatalf("first: %v %v", r1, err)
	}
	r2, err := j.Ingest(second)
	if err != nil || r2.Receipt == nil || r2.Outcome == Duplicate {
		t.Fatalf("second email with the same Message-ID: %v %v", r2, err)
	}
	if r1.Receipt.ID == r2.Receipt.ID {
		t.Error("both receipts have one outbox ID")
	}
	relayed := append([]byte("Received: from relay2 by mx\r\nDelivered-To: judge@sandbox.test\r\n"), first...)
	if r3, err := j.Ingest(relayed); err != nil || r3.Outcome != Duplicate {
		t.Errorf("the first email relayed again: %v %v", r3, err)
	}
}

// TestReceiptSubjectClean (issue 8, defect 9): control characters of a
// Subject are not carried into the receipt's.
func TestReceiptSubjectClean(t *testing.T) {
	j, _, _ := newJudge(t)
	if _, err := j.EnsureGame(demoDef(0)); err != nil {
		t.Fatal(err)
	}
	raw := []byte("From: germany@sandbox.test\r\nSubject: =?utf-8?q?orders=0D=0ABcc:_x@evil.test=1B[31m=E2=80=AEgnp?=\r\nMessage-ID: <subj@test>\r\n\r\nGAME demo\r\nSECRET germany\r\nPASS\r\n")
	res, err := j.Ingest(raw)
	if err != nil || res.Receipt == nil {
		t.Fatal(res, err)
	}
	subj := res.Receipt.Subject
	if strings.ContainsAny(subj, "\r\n\x1b\u202e") {
		t.Errorf("receipt subject keeps control characters: %q", subj)
	}
	if !strings.HasPrefix(subj, "Re: orders Bcc: x@evil.test") {
		t.Errorf("subject %q", subj)
	}
}

// TestStaleOrders (issue 8, defect 10): a reply to a notice of a closed
// segment is refused as stale unless it pins the open turn; a TURN line
// that names another turn is refused; receipts name turn and segment.
func TestStaleOrders(t *testing.T) {
	j, db, _ := newJudge(t)
	if _, err := j.EnsureGame(demoDef(0)); err != nil {
		t.Fatal(err)
	}
	g, s, _ := game(t, db, "demo")
	notice := ""
	for _, m := range outbox(t, db) {
		if m.ID == fmt.Sprintf("demo/v%d/private/germany", g.Version) {
			notice = strings.Trim(m.MessageID, "<>")
		}
	}
	if notice == "" {
		t.Fatal("no private notice for germany")
	}
	reply := func(body string) *Result {
		res, err := j.Ingest(email("germany@sandbox.test", body, "In-Reply-To: <"+notice+">", "References: <"+notice+">"))
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	open := fmt.Sprintf("%s, %s", s.Turn, s.Segment.Title())
	if res := reply("GAME demo\nSECRET germany\nPASS\n"); res.Outcome != Accepted || !strings.Contains(flat(receiptOf(t, res)), "for "+open) {
		t.Fatalf("reply to the open notice: %s\n%s", res.Outcome, receiptOf(t, res))
	}
	for _, p := range storm.Powers[1:] {
		if res, err := j.Ingest(email(p.String()+"@sandbox.test", "GAME demo\nSECRET "+p.String()+"\nPASS\n")); err != nil || res.Outcome != Accepted {
			t.Fatalf("%s: %v %v", p, res, err)
		}
	}
	g2, s2, _ := game(t, db, "demo")
	if g2.Version == g.Version {
		t.Fatal("the segment was not adjudicated")
	}
	res := reply("GAME demo\nSECRET germany\nPASS\n")
	body := flat(receiptOf(t, res))
	if res.Outcome != Rejected || !strings.Contains(body, "replies to the judge's mail for "+open) || !strings.Contains(body, fmt.Sprintf("TURN %s %s", s2.Turn, s2.Segment)) {
		t.Errorf("reply to a closed notice: %s\n%s", res.Outcome, receiptOf(t, res))
	}
	res = reply(fmt.Sprintf("GAME demo\nSECRET germany\nTURN %s\nPASS\n", s.Turn.Next().Next()))
	if res.Outcome != Rejected || !strings.Contains(flat(receiptOf(t, res)), "refused as stale") {
		t.Errorf("TURN of another turn: %s\n%s", res.Outcome, receiptOf(t, res))
	}
	res = reply(fmt.Sprintf("GAME demo\nSECRET germany\nTURN %s %s\nPASS\n", s2.Turn, s2.Segment))
	if res.Outcome != Accepted {
		t.Errorf("reply to a closed notice pinned to the open turn: %s\n%s", res.Outcome, receiptOf(t, res))
	}
}

// TestQuarantine (issue 8, defect 2): an email whose handling fails every
// time is offered quarantineAfter times, then recorded once with an audit
// line and a receipt, and never handled again.
func TestQuarantine(t *testing.T) {
	j, db, _ := newJudge(t)
	if _, err := j.EnsureGame(demoDef(0)); err != nil {
		t.Fatal(err)
	}
	ingestFault = func(raw []byte) error {
		if bytes.Contains(raw, []byte("poison")) {
			panic("poisoned email")
		}
		return nil
	}
	t.Cleanup(func() { ingestFault = nil })
	raw := email("germany@sandbox.test", "GAME demo\nSECRET germany\nPASS\n# poison\n")
	for i := 1; i < quarantineAfter; i++ {
		if _, err := j.Ingest(raw); err == nil {
			t.Fatalf("attempt %d succeeded", i)
		}
	}
	res, err := j.Ingest(raw)
	if err != nil || res.Outcome != Quarantined || res.Receipt == nil || !strings.Contains(receiptOf(t, res), "fault of its own") {
		t.Fatalf("attempt %d: %+v, %v", quarantineAfter, res, err)
	}
	if res, err := j.Ingest(raw); err != nil || res.Outcome != Duplicate {
		t.Errorf("after the quarantine: %v, %v", res, err)
	}
	if err := db.View(func(tx *store.Tx) error {
		log, _ := tx.AuditLog(judgeLog)
		if len(log) != 1 || log[0].Action != "quarantine" || !strings.Contains(log[0].Detail, "poisoned email") {
			t.Errorf("audit: %+v", log)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	// A stranger's poisoned mail is quarantined without an answer.
	raw = email("eve@example.org", "poison")
	for range quarantineAfter {
		res, _ = j.Ingest(raw)
	}
	if res == nil || res.Outcome != Quarantined || res.Receipt != nil {
		t.Errorf("stranger: %+v", res)
	}
}

// TestNoSecretAtRest (issue 8, defect 1): after a game in which the
// players used their secrets (right and wrong ones, quoted welcome mails,
// the moderator's secret), and every mail was sent, no byte sequence of
// the data file is any of the secrets.
func TestNoSecretAtRest(t *testing.T) {
	j, db, _ := newJudge(t)
	def := demoDef(0)
	for i := range def.Seats {
		def.Seats[i].Secret = "" // made by the judge: long and unique
	}
	def.ModeratorSecret = ""
	if _, err := j.EnsureGame(def); err != nil {
		t.Fatal(err)
	}
	secrets := map[string]string{} // address -> secret, read from the welcomes
	for _, m := range outbox(t, db) {
		if strings.Contains(m.ID, "/welcome/") {
			for _, l := range strings.Split(m.Body, "\n") {
				if _, v, ok := strings.Cut(l, "secret: "); ok {
					secrets[m.To[0]] = strings.TrimSpace(v)
				}
			}
		}
	}
	if len(secrets) != 6 {
		t.Fatalf("read %d secrets from the welcomes", len(secrets))
	}
	for turn := 0; turn < 2; turn++ {
		for _, p := range storm.Powers {
			addr := p.String() + "@sandbox.test"
			sec := secrets[addr]
			wrong := email(addr, "GAME demo\nSECRET "+sec+"x\nPASS\n")
			quoted := email(addr, "GAME demo\nSECRET "+sec+"\nPASS\nEND\n\nOn Monday the judge wrote:\n> Your secret: "+sec+"\n>   SECRET "+sec+"\n")
			misspelt := email(addr, "GAME demo\nSECERT "+sec+"\nPASS\n")
			for _, raw := range [][]byte{wrong, quoted, misspelt} {
				if _, err := j.Ingest(raw); err != nil {
					t.Fatal(err)
				}
			}
		}
		if _, err := j.Ingest(email("gm@sandbox.test", "GAME demo\nMODERATOR\nSECRET "+secrets["gm@sandbox.test"]+"\nDRAW 1\n")); err != nil {
			t.Fatal(err)
		}
	}
	if g, _, _ := game(t, db, "demo"); g.Version < 3 {
		t.Fatalf("the game did not move: version %d", g.Version)
	}
	// Every mail sent (welcomes are scrubbed when sent).
	markAllSent(t, db)
	// The file is scanned twice: its bytes, and every value decoded
	// (compressed values hide their text from a byte scan). The decoded
	// scan must see a planted secret first, or it proves nothing.
	if err := db.Update(func(tx *store.Tx) error {
		planted := "pl4nted-secret"
		if err := tx.MarkSeen(store.DeliveryKey("planted", nil), store.Delivery{MessageID: "planted", Received: time.Now(),
			SHA256: store.RawHash(nil), Copy: []byte("GAME demo\nSECRET " + planted)}); err != nil {
			return err
		}
		if found := secretsIn(t, tx, map[string]string{"planted": planted}); len(found) != 1 {
			t.Errorf("the scan of decoded values missed a planted secret: %v", found)
		}
		return errors.New("roll back")
	}); err == nil || err.Error() != "roll back" {
		t.Fatal(err)
	}
	if err := db.View(func(tx *store.Tx) error {
		for _, f := range secretsIn(t, tx, secrets) {
			t.Errorf("secret at rest: %s", f)
		}
		n := 0
		err := tx.Deliveries(func(_ []byte, d *store.Delivery) error {
			if d.Copy != nil {
				n++
				if c, err := orders.ReadMessage(d.Copy); err != nil || !strings.Contains(c.Body, "GAME demo") {
					t.Errorf("kept copy unreadable: %v", err)
				}
			}
			return nil
		})
		if n < 20 {
			t.Errorf("%d copies kept", n)
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(db.Path())
	if err != nil {
		t.Fatal(err)
	}
	for addr, sec := range secrets {
		if bytes.Contains(raw, []byte(sec)) {
			t.Errorf("the secret of %s is in the data file", addr)
		}
	}
}

// secretsIn lists where any of secrets (by owner) appears in the decoded
// values of the store: kept copies of inbound mail, every outbox mail,
// every audit log, every stored order.
// markAllSent marks every pending mail sent, as the mailer would (a
// Sensitive mail's body is then scrubbed).
func markAllSent(t *testing.T, db *store.DB) {
	t.Helper()
	if err := db.Update(func(tx *store.Tx) error {
		ms, err := tx.Pending()
		for _, m := range ms {
			err = errors.Join(err, tx.MarkSent(m.ID, m.Created))
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
}

func secretsIn(t *testing.T, tx *store.Tx, secrets map[string]string) []string {
	t.Helper()
	var found []string
	look := func(where, text string) {
		for who, sec := range secrets {
			if strings.Contains(text, sec) {
				found = append(found, fmt.Sprintf("%s's secret in %s", who, where))
			}
		}
	}
	if err := tx.Deliveries(func(k []byte, d *store.Delivery) error {
		look(fmt.Sprintf("delivery %x", k[:6]), d.MessageID+d.From+string(d.Copy))
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	ms, err := tx.Outbox()
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range ms {
		look("mail "+m.ID, m.Subject+m.Body+m.LastError)
	}
	gs, err := tx.Games()
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range append([]string{judgeLog}, func() (ids []string) {
		for _, g := range gs {
			ids = append(ids, g.ID)
		}
		return
	}()...) {
		log, _ := tx.AuditLog(id)
		for _, e := range log {
			look("audit "+id, e.Actor+e.Action+e.Detail)
		}
	}
	for _, g := range gs {
		for v := 0; v <= g.Version; v++ {
			recs, _ := tx.Orders(g.ID, v)
			for p, r := range recs {
				look(fmt.Sprintf("orders %s v%d %s", g.ID, v, p), fmt.Sprint(r))
			}
		}
	}
	return found
}

// TestReseatFromConfig: the operator's repair of an UNDELIVERABLE seat:
// the corrected address in the definition moves the seat on the next
// start, with a new secret and a new welcome; the old secret stops
// working; nothing else of the game changes.
func TestReseatFromConfig(t *testing.T) {
	j, db, _ := newJudge(t)
	def := demoDef(0)
	if _, err := j.EnsureGame(def); err != nil {
		t.Fatal(err)
	}
	if err := db.Update(func(tx *store.Tx) error {
		g, _ := tx.Game("demo")
		g.Seat(storm.Italy).Undeliverable = "2026-11-22T12:00:00Z 550 no such user"
		return tx.PutGame(g)
	}); err != nil {
		t.Fatal(err)
	}
	g0, _, _ := game(t, db, "demo")
	def.Seats[1].Address, def.Seats[1].Secret = "Italy2@Example.org", "new-italy-secret"
	if created, err := j.EnsureGame(def); err != nil || created {
		t.Fatalf("EnsureGame: %v %v", created, err)
	}
	g, _, _ := game(t, db, "demo")
	it := g.Seat(storm.Italy)
	if it.Address != "italy2@example.org" || it.Undeliverable != "" || g.Version != g0.Version {
		t.Errorf("seat %+v, version %d", it, g.Version)
	}
	welcomes := countMails(t, db, func(m *store.Mail) bool {
		return m.To[0] == "italy2@example.org" && strings.Contains(m.Body, "new-italy-secret")
	})
	if welcomes != 1 {
		t.Errorf("%d welcomes to the new address", welcomes)
	}
	if res, _ := j.Ingest(email("italy2@example.org", "GAME demo\nSECRET italy\nPASS\n")); res.Outcome != Rejected {
		t.Errorf("old secret from the new address: %s", res.Outcome)
	}
	if res, _ := j.Ingest(email("italy2@example.org", "GAME demo\nSECRET new-italy-secret\nPASS\n")); res.Outcome != Accepted {
		t.Errorf("new secret: %s\n%s", res.Outcome, receiptOf(t, res))
	}
	// The same definition again changes nothing.
	n := len(outbox(t, db))
	if _, err := j.EnsureGame(def); err != nil || len(outbox(t, db)) != n {
		t.Errorf("second start queued %d mails", len(outbox(t, db))-n)
	}
}

// TestStaleOrdersSameTurn: a TURN line that names the open turn without a
// segment does not cover a reply to the report of an earlier segment of
// that turn (here the random events phase of a physical-deck game, before
// the moderator's draw opened the economic phase of the same turn).
func TestStaleOrdersSameTurn(t *testing.T) {
	j, db, _ := newJudge(t)
	if _, err := j.EnsureGame(physicalDef(t)); err != nil {
		t.Fatal(err)
	}
	report := ""
	for _, m := range outbox(t, db) {
		if m.ID == "demo/v0/private/germany" {
			report = strings.Trim(m.MessageID, "<>")
		}
	}
	if report == "" {
		t.Fatal("no notice of version 0")
	}
	if res, err := j.Ingest(email("gm@sandbox.test", "GAME demo\nMODERATOR\nSECRET gm-secret\nPURGE NONE\nDRAW 17 42 88 5 101 63\n")); err != nil || res.Outcome != Accepted {
		t.Fatalf("draw: %v %v", res, err)
	}
	_, s, _ := game(t, db, "demo")
	if s.Segment != storm.SegEconomic || s.Turn != storm.FirstTurn {
		t.Fatalf("open: %s %s", s.Turn, s.Segment)
	}
	reply := func(body string) *Result {
		res, err := j.Ingest(email("germany@sandbox.test", body, "In-Reply-To: <"+report+">"))
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	if res := reply("GAME demo\nSECRET germany\nTURN Spring 1935\nPASS\n"); res.Outcome != Rejected ||
		!strings.Contains(flat(receiptOf(t, res)), "replies to the judge's mail for Spring 1935, Random events phase, which is closed") ||
		!strings.Contains(flat(receiptOf(t, res)), "TURN Spring 1935 economic") {
		t.Errorf("turn-only TURN on a reply to an earlier segment: %s\n%s", res.Outcome, receiptOf(t, res))
	}
	if res := reply("GAME demo\nSECRET germany\nTURN Spring 1935 economic\nPASS\n"); res.Outcome != Accepted {
		t.Errorf("TURN with the open segment: %s\n%s", res.Outcome, receiptOf(t, res))
	}
}

// TestTickSkipsABrokenGame: a game whose state cannot be read is logged
// and skipped; the deadlines of the other games still pass.
func TestTickSkipsABrokenGame(t *testing.T) {
	j, db, c := newJudge(t)
	if _, err := j.EnsureGame(demoDef(time.Hour)); err != nil {
		t.Fatal(err)
	}
	bad := demoDef(0)
	bad.ID = "bad"
	if _, err := j.EnsureGame(bad); err != nil {
		t.Fatal(err)
	}
	setVersion := func(v int) {
		if err := db.Update(func(tx *store.Tx) error {
			g, _ := tx.Game("bad")
			g.Version = v
			return tx.PutGame(g)
		}); err != nil {
			t.Fatal(err)
		}
	}
	g0, _, _ := game(t, db, "bad")
	setVersion(99) // no such state
	t.Cleanup(func() { setVersion(g0.Version) })
	before, _, _ := game(t, db, "demo")
	c.t = c.t.Add(2 * time.Hour)
	n, err := j.Tick()
	if err == nil || n != 1 {
		t.Errorf("Tick = %d, %v; want demo adjudicated and bad's error", n, err)
	}
	if after, _, _ := game(t, db, "demo"); after.Version != before.Version+1 {
		t.Errorf("demo at version %d after its deadline, want %d", after.Version, before.Version+1)
	}
}

// TestReceiptSubjectOneRe: replying to a receipt again and again does not
// pile up "Re: Re: Re:" in the receipts' subjects.
func TestReceiptSubjectOneRe(t *testing.T) {
	j, _, _ := newJudge(t)
	if _, err := j.EnsureGame(demoDef(0)); err != nil {
		t.Fatal(err)
	}
	for _, subj := range []string{"Re: Re: AW: orders", "RE: re:orders", "orders", "Re: orders [demo: NOT ACCEPTED]", "Re: Re: orders [demo: ACCEPTED] [demo: HELP]"} {
		raw := []byte("From: germany@sandbox.test\r\nSubject: " + subj + "\r\nMessage-ID: <" + subj + "@t>\r\n\r\nGAME demo\r\nSECRET germany\r\nPASS\r\n")
		res, err := j.Ingest(raw)
		if err != nil || res.Receipt == nil {
			t.Fatal(res, err)
		}
		if res.Receipt.Subject != "Re: orders [demo: ACCEPTED]" {
			t.Errorf("%q -> %q, want \"Re: orders [demo: ACCEPTED]\"", subj, res.Receipt.Subject)
		}
	}
	// The tag says what became of the email.
	for body, want := range map[string]string{
		"GAME demo\r\nSECRET wrong\r\nPASS\r\n":   "Re: your orders [demo: NOT ACCEPTED]", // issue 24: a failed secret's subject is never echoed
		"GAME demo\r\nSECRET germany\r\nHELP\r\n": "Re: orders [demo: HELP]",
		"GAME nogame\r\nSECRET x\r\nPASS\r\n":     "Re: your email [NOT ACCEPTED]",
	} {
		msgSeq++
		raw := []byte(fmt.Sprintf("From: germany@sandbox.test\r\nSubject: orders\r\nMessage-ID: <tag%d@t>\r\n\r\n%s", msgSeq, body))
		res, err := j.Ingest(raw)
		if err != nil || res.Receipt == nil || res.Receipt.Subject != want {
			t.Errorf("%q: receipt subject %v, want %q (%v)", body, res.Receipt, want, err)
		}
	}
}

// TestReportsThreadedUnderTheWelcome: each reader's reports and notices of
// a game carry References to that reader's welcome, which is queued first,
// and every automatic mail's subject starts with "[game] ".
func TestReportsThreadedUnderTheWelcome(t *testing.T) {
	j, db, _ := newJudge(t)
	if _, err := j.EnsureGame(demoDef(0)); err != nil {
		t.Fatal(err)
	}
	ms := outbox(t, db)
	byID := map[string]*store.Mail{}
	for _, m := range ms {
		byID[m.ID] = m
		if !strings.HasPrefix(m.Subject, "[demo] ") {
			t.Errorf("%s: subject %q", m.ID, m.Subject)
		}
	}
	welcome := byID["demo/welcome/germany"]
	g, _, _ := game(t, db, "demo")
	for _, id := range []string{fmt.Sprintf("demo/v%d/public/germany@sandbox.test", g.Version), fmt.Sprintf("demo/v%d/private/germany", g.Version)} {
		m := byID[id]
		if m == nil || welcome == nil {
			t.Fatalf("no %s or no welcome", id)
		}
		if len(m.References) != 1 || "<"+m.References[0]+">" != welcome.MessageID {
			t.Errorf("%s: References %v, want the welcome %s", id, m.References, welcome.MessageID)
		}
		if m.Seq <= welcome.Seq {
			t.Errorf("%s queued before the welcome", id)
		}
	}
	mod := byID[fmt.Sprintf("demo/v%d/public/gm@sandbox.test", g.Version)]
	if mod == nil || "<"+mod.References[0]+">" != byID["demo/welcome/moderator/gm@sandbox.test"].MessageID {
		t.Errorf("the moderator's report is not threaded under the moderator's welcome")
	}
}

// TestUnverifiableEmailQuotesNothing (issue 24, found by a new user's
// run): an email in a player's name that names no game, or one the judge
// does not hold, never reaches a secret's check; its receipt quotes
// neither its subject nor a line of it, and says what was missing.
func TestUnverifiableEmailQuotesNothing(t *testing.T) {
	j, _, _ := newJudge(t)
	if _, err := j.EnsureGame(demoDef(0)); err != nil {
		t.Fatal(err)
	}
	for _, body := range []string{
		"Your account is suspended, visit http://phish.example\n",
		"GAME phish.example/x\nYour account is suspended, visit http://phish.example\n",
	} {
		msgSeq++
		raw := []byte(fmt.Sprintf("From: russia@sandbox.test\r\nSubject: Security alert: verify at http://phish.example\r\nMessage-ID: <phish%d@t>\r\n\r\n%s", msgSeq, strings.ReplaceAll(body, "\n", "\r\n")))
		res := mustIngest(t, j, raw, Rejected)
		if got := res.Receipt.Subject + res.Receipt.Body; strings.Contains(got, "phish") || strings.Contains(got, "suspended") || !strings.Contains(flat(got), "Your games here: demo (Russia).") {
			t.Errorf("%q: receipt %q\n%s", body, res.Receipt.Subject, res.Receipt.Body)
		}
	}
}

// TestTickSurvivesAPanic: a panic while the clock adjudicates a game is an
// error of that Tick, logged, not the daemon's end; the game is adjudicated
// again at a later Tick.
func TestTickSurvivesAPanic(t *testing.T) {
	panics := true
	j, db, c := newJudgeWith(t, Options{Hook: func(point string) {
		if point == "judge-adjudicated" && panics {
			panic("a fault in the judge")
		}
	}})
	if _, err := j.EnsureGame(demoDef(time.Hour)); err != nil {
		t.Fatal(err)
	}
	g0, _, _ := game(t, db, "demo")
	c.t = c.t.Add(2 * time.Hour) // past the deadline: the clock adjudicates
	n, err := j.Tick()
	if err == nil || !strings.Contains(err.Error(), "panic while adjudicating") || n != 0 {
		t.Fatalf("Tick = %d, %v; want the panic as an error", n, err)
	}
	panics = false
	c.t = c.t.Add(2 * time.Hour)
	if _, err := j.Tick(); err != nil {
		t.Fatal(err)
	}
	if g, _, _ := game(t, db, "demo"); g.Version <= g0.Version {
		t.Errorf("version %d after the Ticks, was %d: the game did not go on", g.Version, g0.Version)
	}
}
