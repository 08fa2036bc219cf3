package judge

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"stormjudge/adjudicator/storm"
	"stormjudge/internal/flowed"
	"stormjudge/internal/flowedtest"
	"stormjudge/store"
)

// flowedChecker checks mails' text parts against RFC 3676 and the judge's
// flowed rules (internal/flowedtest), counting them by kind; it prints
// every offending line with its mail, and the first offending mails in
// full.
type flowedChecker struct {
	t              *testing.T
	mails, failed  int
	kinds          map[string]int
	printed, lines int
	// seen are the defects already reported, without their line
	// number: a defect of every welcome is reported once, with a count.
	seen  map[string]int
	order []string
}

func newFlowedChecker(t *testing.T) *flowedChecker {
	return &flowedChecker{t: t, kinds: map[string]int{}, seen: map[string]int{}}
}

// mailKind is the kind of a mail by its outbox ID: "public", "digest",
// "welcome", "receipt" ...
func mailKind(id string) string {
	parts := strings.Split(id, "/")
	for _, p := range parts {
		switch {
		case p == "receipt", p == "welcome", p == "public", p == "private", p == "digest", p == "moderator":
			return p
		}
	}
	if len(parts) > 1 {
		return parts[1]
	}
	return parts[0]
}

func (c *flowedChecker) check(m *store.Mail) {
	t := c.t
	t.Helper()
	c.mails++
	c.kinds[mailKind(m.ID)]++
	if !m.Flowed {
		t.Errorf("%s (%q): the text part is not format=flowed", m.ID, m.Subject)
		return
	}
	defects := flowedtest.Check(m.Body)
	if got, want := flowedtest.Decode(m.Body), flowed.Decode(m.Body, false); got != want {
		defects = append(defects, fmt.Sprintf("the mailer's Unflow decodes it otherwise:\n%s", want))
	}
	if len(defects) == 0 {
		return
	}
	c.failed++
	c.lines += len(defects)
	var fresh []string
	for _, d := range defects {
		_, k, _ := strings.Cut(d, ": ")
		if c.seen[k]++; c.seen[k] == 1 {
			c.order = append(c.order, k)
			fresh = append(fresh, d)
		}
	}
	if len(fresh) == 0 {
		return
	}
	t.Errorf("%s (%q): %d defect(s), %d not seen in an earlier mail:\n  %s", m.ID, m.Subject, len(defects), len(fresh), strings.Join(fresh, "\n  "))
	if c.printed < 3 {
		c.printed++
		var b strings.Builder
		for _, l := range flowedtest.Lines(m.Body) {
			fmt.Fprintf(&b, "%4d|%s|\n", l.N, l.Raw)
		}
		t.Logf("%s as sent (between the bars):\n%s", m.ID, b.String())
	}
}

func (c *flowedChecker) report(what string) {
	kinds := make([]string, 0, len(c.kinds))
	for k, n := range c.kinds {
		kinds = append(kinds, fmt.Sprintf("%s %d", k, n))
	}
	slices.Sort(kinds)
	c.t.Logf("%s: %d mails checked (%s); %d with %d defects", what, c.mails, strings.Join(kinds, ", "), c.failed, c.lines)
	for _, k := range c.order {
		if n := c.seen[k]; n > 1 {
			c.t.Errorf("%d times: %s", n, k)
		}
	}
}

// TestRFC3676EveryMailOfARecordedGame replays the default recorded games
// (recordedDefault, or every one with -recorded.all: welcomes, public
// reports, the digests, the end of the game) and checks every mail the judge queued: its text part is
// format=flowed and keeps the rules of internal/flowedtest (a soft break
// only where a paragraph goes on, no hard break inside a sentence,
// space-stuffing, lines of at most 78 characters but order lines), and
// the mailer decodes it as the checker does.
func TestRFC3676EveryMailOfARecordedGame(t *testing.T) {
	games, _ := loadRecorded(t)
	c := newFlowedChecker(t)
	n := 0
	for _, g := range games {
		if !*recordedAll && !slices.Contains(recordedDefault, g.ID) {
			continue
		}
		n++
		playRecorded(t, g, nil, func(v int, d recordedDigest, s storm.State, evs []byte) bool {
			for _, m := range d.queued {
				c.check(m)
			}
			return true
		})
	}
	if c.mails == 0 {
		t.Fatal("no mail checked")
	}
	c.report(fmt.Sprintf("%d recorded games (-recorded.all: every one)", n))
}

// TestRFC3676EveryReceipt plays a game by email, every segment's report
// and notice to each player: receipts of accepted and refused orders, of
// commands, queries and HELP, of an email failing its secret and one
// naming no game, and the reports that follow; every mail's text part
// keeps the rules of TestRFC3676EveryMailOfARecordedGame.
func TestRFC3676EveryReceipt(t *testing.T) {
	j, db, clk := newJudge(t)
	def := demoDef(48 * time.Hour)
	def.ModeratorSecret = "gm-secret"
	if _, err := j.EnsureGame(def); err != nil {
		t.Fatal(err)
	}
	emails := []struct{ from, body string }{
		{"germany@sandbox.test", "GAME demo\nSECRET germany\nPASS\nEND\n"},
		{"germany@sandbox.test", "GAME demo\nSECRET germany\nFLY TO THE MOON\nMOBILIZE IDLE\nEND\n"},
		{"germany@sandbox.test", "GAME demo\nSECRET italy\nPASS\nEND\n"},
		{"germany@sandbox.test", "GAME nosuch\nSECRET germany\nPASS\nEND\n"},
		{"italy@sandbox.test", "GAME demo\nSECRET italy\nHELP\nEND\n"},
		{"italy@sandbox.test", "GAME demo\nSECRET italy\nSTATUS\nEND\n"},
		{"italy@sandbox.test", "GAME demo\nSECRET italy\nHISTORY\nEND\n"},
		{"italy@sandbox.test", "GAME demo\nSECRET italy\nORDERS\nEND\n"},
		{"italy@sandbox.test", "GAME demo\nSECRET italy\nTIMEZONE Europe/Rome\nEND\n"},
		{"italy@sandbox.test", "GAME demo\nSECRET italy\nPRESS TO GERMANY\nHello from Rome.\nEND\n"},
		{"gm@sandbox.test", "GAME demo\nMODERATOR\nSECRET x\nHELP\nEND\n"},
		{"gm@sandbox.test", "GAME demo\nMODERATOR\nSECRET gm-secret\nHELP\nEND\n"},
		// Sent format=flowed: its soft breaks are undone (orders.ReadMessage),
		// the broadcast's paragraph relayed as one line.
		{"gm@sandbox.test", "GAME demo\nMODERATOR\nSECRET gm-secret\nBROADCAST\nFrom today the deadlines are \nlonger; see you all in 1936.\nEND\n"},
		{"gm@sandbox.test", "GAME demo\nMODERATOR\nSECRET gm-secret\nEXTEND 12h\nREASON a holiday for everyone in the game, and a long one\nEND\n"},
		{"gm@sandbox.test", "GAME demo\nMODERATOR\nSECRET gm-secret\nPOWER france\nPASS\nEND\n"},
		{"britain@sandbox.test", "GAME demo\nSECRET britain\nEXTEND 1h\nEND\n"},
		{"stranger@example.org", "LIST\n"},
		{"russia@sandbox.test", "GAME demo\nSECRET russia\nCONVERT IDLE TO CIVILIAN\nEND\n"},
	}
	for _, p := range []storm.Power{storm.Germany, storm.Italy} {
		emails = append(emails, struct{ from, body string }{p.String() + "@sandbox.test",
			"GAME demo\nSECRET " + p.String() + "\nPASS\nEND\n"})
	}
	for _, e := range emails {
		raw := email(e.from, e.body)
		if strings.Contains(e.body, " \n") { // soft breaks: a flowed email
			raw = bytes.Replace(raw, []byte("text/plain; charset=utf-8"), []byte("text/plain; charset=utf-8; format=flowed"), 1)
		}
		if _, err := j.Ingest(raw); err != nil {
			t.Fatal(err)
		}
	}
	// The clock: a reminder, then the deadline missed by Britain and
	// Russia (the moderator's notice, the powers' own, the reports).
	for _, h := range []time.Duration{40 * time.Hour, 30 * time.Hour} {
		clk.t = clk.t.Add(h)
		if _, err := j.Tick(); err != nil {
			t.Fatal(err)
		}
	}
	c := newFlowedChecker(t)
	if err := db.View(func(tx *store.Tx) error {
		ms, err := tx.Pending()
		for _, m := range ms {
			c.check(m)
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if c.kinds["receipt"] < len(emails)-1 {
		t.Errorf("%d receipts checked of %d emails", c.kinds["receipt"], len(emails))
	}
	c.t.Logf("kinds: %v", c.kinds)
	c.report("a game by email")
}
