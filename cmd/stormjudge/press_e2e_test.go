package main

import (
	"bytes"
	"encoding/json"
	"io"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"stormjudge/adjudicator/storm"
	"stormjudge/internal/htmltest"
	"stormjudge/store"
)

// TestSandboxPressByEmail (issue 25, docs/orders.md "Press"): press
// between the powers through the sandbox, by email only. Signed press
// reaches exactly the powers named, signed; grey press only where the
// moderator allows it, and unsigned; the moderators' copy when they ask
// for one; the blackout of a kind of segment refuses it; HISTORY lists a
// press to its sender and recipients only, and game export gives it all.
func TestSandboxPressByEmail(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("a game by email: the full run plays it")
	}
	b := startCommandBox(t)
	const (
		G = storm.Germany
		I = storm.Italy
		B = storm.Britain
		F = storm.France
		R = storm.Russia
	)
	gm := sandboxModerator
	press := func(n int, p storm.Power) func(mailMsg) bool {
		return func(m mailMsg) bool {
			return strings.HasPrefix(m.MessageID, "<demo.press."+strconv.Itoa(n)+"."+p.String()+".")
		}
	}
	anyPress := func(m mailMsg) bool { return strings.HasPrefix(m.MessageID, "<demo.press.") }

	// Signed press to two powers, with markup, quotes and a link that must
	// stay text wherever they are shown.
	msg := "Meet me in <b>Vienna</b> & bring \"maps\".\n" + htmltest.Hostile
	b.ask(addrOf(G), powerMail(G, "PRESS TO ITALY, BRITAIN\n"+msg), "[demo: ACCEPTED]",
		"Press sent to Italy, Britain (signed as Germany")
	for _, p := range []storm.Power{I, B} {
		m := b.wait(addrOf(p), "Germany's press to "+p.String(), press(1, p))
		if m.Subject != "[demo] Press from Germany" || !strings.Contains(m.Text, "press from Germany to Italy, Britain") ||
			!strings.Contains(m.Text, "Meet me in <b>Vienna</b> & bring \"maps\".") || !strings.Contains(m.Text, "PRESS TO GERMANY") {
			t.Errorf("%s's press mail: %q\n%s", p, m.Subject, m.Text)
		}
		_, html := mailParts(t, m.Body)
		if n := htmltest.Inert(t, p.String()+"'s press mail", html, htmltest.Hostile, ""); n != 1 {
			t.Errorf("%s's press mail: the message shows %d times as text in its HTML, want 1:\n%s", p, n, html)
		}
	}

	// Grey press is refused while the game allows signed press only;
	// then the moderator allows it, with copies.
	b.ask(addrOf(I), powerMail(I, "PRESS GREY TO FRANCE\nA friend."), "[demo: NOT ACCEPTED]", "signed press only")
	b.ask(gm, modMail("PRESS GREY\nPRESS COPY ON\nREASON the players asked"), "[demo: ACCEPTED]", accepted)
	b.notice("demo", 1, addrOf(R), "Press: signed or grey (unsigned); the moderators get a copy of each.", "Reason: the players asked")
	b.ask(addrOf(I), powerMail(I, "PRESS GREY TO FRANCE\nA friend in Rome\nwarns you."), "[demo: ACCEPTED]",
		"Press sent to France (grey: they are not told who sent it", "The moderators get a copy")
	fr := b.wait(addrOf(F), "the grey press to France", press(2, F))
	if fr.Subject != "[demo] Press from a power" || strings.Contains(fr.Text, "Italy") || strings.Contains(fr.Body, "italy") ||
		!strings.Contains(fr.Text, "A friend in Rome") {
		t.Errorf("the grey press names its sender, or lost its text: %q\n%s", fr.Subject, fr.Body)
	}
	cp := b.wait(gm, "the moderators' copy of the grey press", func(m mailMsg) bool { return strings.HasPrefix(m.MessageID, "<demo.press.2.copy.") })
	if cp.Subject != "[demo] Press from Italy to France (a copy)" || !strings.Contains(cp.Text, "its recipients were not told that Italy sent it") {
		t.Errorf("the moderators' copy: %q\n%s", cp.Subject, cp.Text)
	}

	// A blackout of the open segment's kind refuses press.
	b.ask(addrOf(G), powerMail(G, "PRESS TO GERMANY\nTo myself."), "[demo: NOT ACCEPTED]", "the press names only your own power")
	b.ask(gm, modMail("PRESS BLACKOUT ECONOMIC"), "[demo: ACCEPTED]", accepted)
	b.ask(addrOf(G), powerMail(G, "PRESS TO RUSSIA\nAre you there?"), "[demo: NOT ACCEPTED]",
		"no press during the economic segments (the moderator's rule PRESS BLACKOUT); press is possible again once the Economic phase is over")

	// HISTORY: a press to its sender and recipients only, grey unsigned
	// for its recipient.
	h := b.ask(addrOf(I), powerMail(I, "HISTORY"), "[demo: HISTORY]", "Press you sent or received", "from Germany to Italy, Britain: Meet me in", "from Italy (grey) to France: A friend in Rome")
	_ = h
	fh := b.ask(addrOf(F), powerMail(F, "HISTORY"), "[demo: HISTORY]", "from a power (grey) to you: A friend in Rome")
	if strings.Contains(fh.Text, "Meet me") || strings.Contains(fh.Text, "Italy (grey)") {
		t.Errorf("France's HISTORY shows press it neither sent nor received, or grey press's sender:\n%s", fh.Text)
	}
	rh := b.ask(addrOf(R), powerMail(R, "HISTORY"), "[demo: HISTORY]")
	if strings.Contains(rh.Text, "Press") {
		t.Errorf("Russia's HISTORY lists press:\n%s", rh.Text)
	}
	b.ask(gm, modMail("HISTORY"), "[demo: HISTORY]", "from Italy (grey) to France", "from Germany to Italy, Britain")

	// Nobody else got press: France and Russia none of Germany's,
	// Germany, Italy, Britain and Russia none of Italy's grey press.
	for _, p := range []storm.Power{F, R} {
		if n := b.count(addrOf(p), press(1, p)); n != 0 {
			t.Errorf("%s got Germany's press to Italy and Britain", p)
		}
	}
	for _, p := range []storm.Power{G, I, B, R} {
		if n := b.count(addrOf(p), func(m mailMsg) bool { return strings.HasPrefix(m.MessageID, "<demo.press.2.") }); n != 0 {
			t.Errorf("%s got Italy's grey press to France", p)
		}
	}
	if n := b.count(addrOf(R), anyPress); n != 0 {
		t.Errorf("Russia got %d press mails", n)
	}
	if n := b.count(gm, func(m mailMsg) bool { return strings.HasPrefix(m.MessageID, "<demo.press.1.") }); n != 0 {
		t.Errorf("the moderators got Germany's press, sent before PRESS COPY ON")
	}
	b.stop()

	var out bytes.Buffer
	if err := run([]string{"game", "export", "-data", filepath.Join(b.dir, "stormjudge.db"), "demo"}, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	var ex struct {
		Rules struct {
			Press store.PressRules `json:"press"`
		} `json:"rules"`
		Press []store.Press `json:"press"`
	}
	if err := json.Unmarshal(out.Bytes(), &ex); err != nil {
		t.Fatal(err)
	}
	r := ex.Rules.Press
	if r.Mode != "grey" || !r.Copy || !slices.Equal(r.Blackout, []string{"economic"}) {
		t.Errorf("exported press rules: %+v", r)
	}
	if len(ex.Press) != 2 || ex.Press[0].From != G || !slices.Equal(ex.Press[0].To, []storm.Power{I, B}) || ex.Press[0].Text != msg ||
		ex.Press[1].From != I || !ex.Press[1].Grey || !slices.Equal(ex.Press[1].To, []storm.Power{F}) {
		t.Errorf("exported press: %+v", ex.Press)
	}
	wantAudit(t, readAudit(t, b.dir, "demo"), 1, addrOf(I), "press", "Italy to France, grey")
}
