package judge

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"stormjudge/adjudicator"
	"stormjudge/judge/guard"
	"stormjudge/judge/letters"
	"stormjudge/store"
)

// observeJudge is the demo game (every segment's report), public to
// observers when public, else allowing olga@example.org.
func observeJudge(t *testing.T, public bool) (*Judge, *store.DB, *clock) {
	t.Helper()
	j, db, c := newJudge(t)
	d := demoDef(0)
	d.ModeratorSecret = "gmsecret"
	if public {
		d.Public = true
	} else {
		d.ObserverAllow = []string{"olga@example.org"}
	}
	if _, err := j.EnsureGame(d); err != nil {
		t.Fatal(err)
	}
	return j, db, c
}

// observe confirms addr's OBSERVE of game demo: the request, then the
// secret its answer carries sent back.
func observe(t *testing.T, j *Judge, db *store.DB, addr string) {
	t.Helper()
	res := mustIngest(t, j, email(addr, "GAME demo\nOBSERVE\nEND\n"), Answered)
	secret := joinSecretOf(t, db, res)
	mustIngest(t, j, email(addr, "GAME demo\nSECRET "+secret+"\nOBSERVE\nEND\n"), Accepted)
}

// advance plays n versions of game demo: every power that orders PASSes.
func advance(t *testing.T, j *Judge, db *store.DB, n int) {
	t.Helper()
	for range n {
		g, s, _ := game(t, db, "demo")
		if s.Ended {
			t.Fatalf("the game ended at version %d", g.Version)
		}
		for _, p := range adjudicator.Required(s) {
			mustIngest(t, j, player(p, "PASS"), Accepted)
		}
		if g2, _, _ := game(t, db, "demo"); g2.Version <= g.Version {
			t.Fatalf("version %d: PASS from every power that orders resolved nothing", g.Version)
		}
	}
}

// TestObserverReceiptNamesNoPower (docs/orders.md "Observing a game"): an
// observer has no power, and the receipts of its OBSERVE's confirmation
// and OBSERVE STOP say it is an observer's, never a power's ("power(0)").
func TestObserverReceiptNamesNoPower(t *testing.T) {
	j, db, _ := observeJudge(t, false)
	res := mustIngest(t, j, email("olga@example.org", "GAME demo\nOBSERVE\nEND\n"), Answered)
	secret := joinSecretOf(t, db, res)
	for _, c := range []struct{ lines, want string }{
		{"SECRET " + secret + "\nOBSERVE", "You observe game demo"},
		{"OBSERVE STOP", "You no longer observe game demo"},
	} {
		res := mustIngest(t, j, email("olga@example.org", "GAME demo\n"+c.lines+"\nEND\n"), Accepted)
		r := receiptOf(t, res)
		if !strings.HasPrefix(r, "Commands ACCEPTED for an observer of game demo.\n") || !strings.Contains(r, c.want) {
			t.Errorf("%s: the receipt:\n%s", c.lines, r)
		}
		if strings.Contains(r, "power(") {
			t.Errorf("%s: the receipt names a power that is none:\n%s", c.lines, r)
		}
	}
}

// TestObserveRequestGetsOnlyAShortConfirmation: a forged OBSERVE of a
// public game gets its address one short mail, in fixed words (its
// subject and lines not quoted), sealed (it carries a secret), and
// nothing more: the address does not observe, the game's reports do not
// come to it.
func TestObserveRequestGetsOnlyAShortConfirmation(t *testing.T) {
	j, db, _ := observeJudge(t, true)
	raw := email("victim@example.org", "GAME demo\nOBSERVE\nEND\nClick http://evil.example/\n")
	raw = []byte(strings.Replace(string(raw), "Subject: orders", "Subject: WIN A PRIZE evil.example", 1))
	res := mustIngest(t, j, raw, Answered)
	secret := joinSecretOf(t, db, res)
	body := receiptOf(t, res)
	if strings.Contains(body, "evil") || strings.Contains(res.Receipt.Subject, "PRIZE") || res.Receipt.Subject != "Re: your email [demo: OBSERVE]" {
		t.Errorf("the confirmation quotes the request: %q\n%s", res.Receipt.Subject, body)
	}
	if !strings.Contains(body, "SECRET "+secret+"\n") || !strings.Contains(body, "If you did not ask for this, ignore this email: no report comes to you") {
		t.Errorf("the confirmation:\n%s", body)
	}
	if len(res.Receipt.Body) > 1024 {
		t.Errorf("the confirmation is %d bytes, want at most 1 KB", len(res.Receipt.Body))
	}
	if g, _, _ := game(t, db, "demo"); g.Observer("victim@example.org") != nil || g.ObserveRequest("victim@example.org") == nil {
		t.Fatalf("a request observes, or is not kept: %+v", g.Observers)
	}
	before := ids(t, db)
	advance(t, j, db, 8)
	if ms := mailsTo(t, db, "victim@example.org", before); len(ms) != 0 {
		t.Errorf("an address that never confirmed got %d mails, the first %s", len(ms), ms[0].ID)
	}
}

// TestObserveConfirmedGetsReportsEachEndingWithTheStopLine: the secret
// sent back makes the address an observer: the latest report at once,
// then one a turn, each ending with the one line that stops them; that
// line alone (OBSERVE STOP demo, no GAME line) stops them.
func TestObserveConfirmedGetsReportsEachEndingWithTheStopLine(t *testing.T) {
	j, db, _ := observeJudge(t, true)
	before := ids(t, db)
	observe(t, j, db, "olga@example.org")
	advance(t, j, db, 8)
	var reports int
	for _, m := range mailsTo(t, db, "olga@example.org", before) {
		if strings.HasPrefix(m.ID, "receipt/") {
			continue
		}
		reports++
		if !strings.Contains(m.Body, "OBSERVE STOP demo") || !strings.Contains(m.HTML, letters.ObserverFooter("demo")) {
			t.Errorf("an observer's mail %s without the stop line:\n%s", m.ID, m.Body)
		}
	}
	if reports < 2 {
		t.Fatalf("the observer got %d reports over 8 versions, want the first and a turn's", reports)
	}
	res := mustIngest(t, j, email("olga@example.org", "OBSERVE STOP demo\n"), Accepted)
	if r := receiptOf(t, res); !strings.Contains(r, "You no longer observe game demo") {
		t.Errorf("OBSERVE STOP demo's receipt:\n%s", r)
	}
	before = ids(t, db)
	advance(t, j, db, 8)
	if ms := mailsTo(t, db, "olga@example.org", before); len(ms) != 0 {
		t.Errorf("a stopped observer got %d mails", len(ms))
	}
	// Its stop again, or a stranger's: not answered.
	mustIngest(t, j, email("olga@example.org", "OBSERVE STOP demo\n"), Dropped)
	mustIngest(t, j, email("stranger@example.org", "OBSERVE STOP demo\n"), Dropped)
}

// TestObserveWrongSecretObservesNot: a confirmation with another secret
// (or from an address that did not ask) makes no observer.
func TestObserveWrongSecretObservesNot(t *testing.T) {
	j, db, _ := observeJudge(t, true)
	mustIngest(t, j, email("olga@example.org", "GAME demo\nOBSERVE\nEND\n"), Answered)
	mustIngest(t, j, email("olga@example.org", "GAME demo\nSECRET wrongwrong\nOBSERVE\nEND\n"), Rejected)
	mustIngest(t, j, email("pete@example.org", "GAME demo\nSECRET wrongwrong\nOBSERVE\nEND\n"), Dropped)
	if g, _, _ := game(t, db, "demo"); len(g.Observers) != 0 {
		t.Errorf("observers: %+v", g.Observers)
	}
}

// TestObserveRequestsBoundedPerAddress: one address gets at most
// guard.LobbyPerAddress confirmations a day, however many OBSERVEs are
// sent in its name.
func TestObserveRequestsBoundedPerAddress(t *testing.T) {
	j, db, _ := observeJudge(t, true)
	for range guard.LobbyPerAddress {
		mustIngest(t, j, email("victim@example.org", "GAME demo\nOBSERVE\nEND\n"), Answered)
	}
	mustIngest(t, j, email("victim@example.org", "GAME demo\nOBSERVE\nEND\n"), Ignored)
	if n := len(mailsTo(t, db, "victim@example.org", nil)); n != guard.LobbyPerAddress {
		t.Errorf("%d mails to the address, want %d", n, guard.LobbyPerAddress)
	}
}

// Before the double opt-in: what went to the 40 addresses, measured on
// the tree before it (commit 85378d9) with this test's scenario (40
// forged OBSERVEs of a public game, 45 versions played): each address got
// its receipt, the latest report at once and a report a version, 47 mails
// and up to 1.6 MB of text and HTML, the pictures not counted.
const (
	probeBeforeMails   = 1880
	probeBeforeBytes   = 65632400
	probeBeforeInlines = 1840
)

// TestObserveProbeFortyForgedAddressesGetOneShortMailEach: the probe's
// case. 40 forged OBSERVE requests of a public game name 40 addresses;
// then 45 versions are played. Each address gets at most the one short
// confirmation, and, past the strangers' hourly cap, nothing: at most
// guard.LobbyAnswers mails in all, of at most 1 KB each, no picture, no
// report. The figures before and after are logged.
func TestObserveProbeFortyForgedAddressesGetOneShortMailEach(t *testing.T) {
	const addrs, versions = 40, 45
	j, db, c := observeJudge(t, true)
	observe(t, j, db, "olga@example.org")  // a genuine observer, confirmed
	c.t = c.t.Add(time.Hour + time.Second) // its request's answer spends nothing of the probe's hour
	before := ids(t, db)
	for i := range addrs {
		res, err := j.Ingest(email(fmt.Sprintf("probe%02d@example.org", i), "GAME demo\nOBSERVE\nEND\n"))
		if err != nil {
			t.Fatal(err)
		}
		if want := Answered; i >= guard.LobbyAnswers {
			want = Ignored
			if res.Outcome != want {
				t.Fatalf("request %d: %s, want %s", i, res.Outcome, want)
			}
		}
	}
	advance(t, j, db, versions)
	mails, bytes, inlines := 0, 0, 0
	for i := range addrs {
		for _, m := range mailsTo(t, db, fmt.Sprintf("probe%02d@example.org", i), before) {
			mails++
			bytes += len(m.Body) + len(m.HTML)
			inlines += len(m.Inline)
			if len(m.Body)+len(m.HTML) > 1024 || !strings.HasPrefix(m.ID, "receipt/") {
				t.Errorf("a mail %s of %d bytes to a forged address", m.ID, len(m.Body)+len(m.HTML))
			}
		}
	}
	t.Logf("%d forged OBSERVEs, %d versions: before %d mails, %d bytes of text and HTML, %d pictures; after %d mails, %d bytes, %d pictures",
		addrs, versions, probeBeforeMails, probeBeforeBytes, probeBeforeInlines, mails, bytes, inlines)
	if mails != guard.LobbyAnswers || inlines != 0 || bytes > guard.LobbyAnswers*1024 {
		t.Errorf("after: %d mails, %d bytes, %d pictures; want %d confirmations of at most 1 KB, no picture", mails, bytes, inlines, guard.LobbyAnswers)
	}
	if n, _ := j.lobby.CapHits(); n != addrs-guard.LobbyAnswers {
		t.Errorf("the cap's hits: %d, want %d", n, addrs-guard.LobbyAnswers)
	}
	// The strangers' requests spent the hour: an observer that confirmed
	// before is answered all the same.
	res := mustIngest(t, j, email("olga@example.org", "GAME demo\nOBSERVE\nEND\n"), Rejected)
	if r := receiptOf(t, res); !strings.Contains(r, "you observe game demo already") {
		t.Errorf("the observer's answer:\n%s", r)
	}
}
