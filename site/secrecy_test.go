package site

import (
	"bytes"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/randomevent"
	"stormjudge/adjudicator/storm"
	"stormjudge/deck"
	"stormjudge/store"
)

// siteFiles reads every file of the site in dir: name -> its text, HTML
// unescaped and every run of white space one space (the pages break
// lines anywhere).
func siteFiles(t *testing.T, dir string) map[string]string {
	t.Helper()
	des, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, de := range des {
		b, err := os.ReadFile(filepath.Join(dir, de.Name()))
		if err != nil {
			t.Fatal(err)
		}
		out[de.Name()] = strings.Join(strings.Fields(html.UnescapeString(string(b))), " ")
	}
	return out
}

// secret is a text that must not be in the site before the game ends:
// where it was found, it may be only in the files allowed accepts (nil:
// none).
type secret struct {
	what    string
	text    string
	re      *regexp.Regexp
	allowed func(file string) bool
}

// secretsOf lists what the game in db keeps from the public, as the
// store holds it: every power's secret random events as long as it holds
// them (the card's number and the event's title and text: in no file but
// the pages of later versions, where it may have been played since),
// every sealed diplomatic value (its commitment's salt, in no file but
// the public pages from the resolution that revealed it), every press,
// and the notices' own words.
func secretsOf(t *testing.T, db *store.DB, d *storm.Deck, press []string) (out []secret, held int) {
	t.Helper()
	if err := db.View(func(tx *store.Tx) error {
		g, err := tx.Game("demo")
		if err != nil {
			return err
		}
		revealed := map[string]int{} // salt -> the version that revealed it
		var sealed []event.DiplomaticCountersSealed
		for v := 0; v <= g.Version; v++ {
			s, err := tx.State("demo", v)
			if err != nil {
				return err
			}
			raw, err := tx.Events("demo", v)
			if err != nil {
				return err
			}
			var evs []event.Event
			if raw != nil {
				if evs, err = event.UnmarshalEvents(raw); err != nil {
					return err
				}
			}
			for _, e := range evs {
				switch e := e.(type) {
				case event.DiplomaticCountersSealed:
					sealed = append(sealed, e)
				case event.DiplomacyRevealed:
					for _, c := range e.Commitments {
						if _, ok := revealed[c.Salt]; !ok {
							revealed[c.Salt] = v
						}
					}
				}
			}
			for _, p := range storm.Powers {
				for _, h := range randomevent.HeldEvents(s, p) {
					if !h.Secret {
						continue
					}
					held++
					c, ok := d.Card(h.Card)
					if !ok {
						t.Fatalf("held card %d not in the deck", h.Card)
					}
					ev := c.National[p]
					later := func(file string) bool {
						var n int
						_, err := fmt.Sscanf(file, "v%d.html", &n)
						return err == nil && n > v
					}
					out = append(out, secret{what: fmt.Sprintf("%s's secret card %d at version %d", p, h.Card, v),
						re: regexp.MustCompile(fmt.Sprintf(`\bcard %d\b`, h.Card)), allowed: later})
					if len(ev.Text) >= 20 {
						out = append(out, secret{what: fmt.Sprintf("the text of %s's secret event %q", p, ev.Title),
							text: strings.Join(strings.Fields(ev.Text), " "), allowed: later})
					}
				}
			}
		}
		for _, e := range sealed {
			from, ok := revealed[e.Salt]
			allowed := func(file string) bool {
				var n int
				_, err := fmt.Sscanf(file, "v%d.html", &n)
				return ok && err == nil && n >= from && !strings.Contains(file, "-")
			}
			out = append(out, secret{what: fmt.Sprintf("%s's sealed values of %s (salt)", e.Power, e.Round), text: e.Salt, allowed: allowed})
			for _, pl := range e.Placements {
				out = append(out, secret{what: fmt.Sprintf("%s's sealed counter %s %d", e.Power, pl.Country, pl.Strength),
					text: fmt.Sprintf("Your sealed diplomatic counters: %s %d", pl.Country, pl.Strength)})
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	for _, p := range press {
		out = append(out, secret{what: "press", text: p})
	}
	out = append(out,
		secret{what: "a private notice", text: "private notice for"},
		secret{what: "the moderators' secret", text: "gmsecret"},
		secret{what: "the notices' order block", text: "SECRET <your secret>"},
	)
	return out, held
}

// scan reports every secret found in the files of the site in dir.
func scan(t *testing.T, dir string, secrets []secret) {
	t.Helper()
	files := siteFiles(t, dir)
	for name := range files {
		if !regexp.MustCompile(`^(index\.html|manifest\.json|v\d+\.(html|png))$`).MatchString(name) {
			t.Errorf("the site of a game under way holds %s", name)
		}
	}
	for _, s := range secrets {
		for name, text := range files {
			if s.allowed != nil && s.allowed(name) {
				continue
			}
			if (s.re != nil && s.re.MatchString(text)) || (s.text != "" && strings.Contains(text, s.text)) {
				t.Errorf("%s is in %s", s.what, name)
			}
		}
	}
}

// TestSecrecy (issue 25): the site of a game under way holds nothing
// private — no power's secret random event, no sealed diplomatic value
// before the resolution reveals it, no press, no notice — scanned as
// TestNoSecretAtRest scans the store, for the secrets the store holds;
// once the game has ended, the notices and the press are there, grey
// press with its sender named. The site is written after each version,
// as the daemon does, and once more from nothing.
func TestSecrecy(t *testing.T) {
	g := newGame(t)
	d, err := deck.LoadFile("../testdata/decks/illustrative.toml")
	if err != nil {
		t.Fatal(err)
	}
	press := []string{"Germany to Italy, for your eyes only: Austria first, then the Balkans.",
		"A grey note to France: Britain will not stand by over Czechoslovakia."}
	g.send(storm.Germany, "PRESS TO ITALY\n"+press[0])
	g.send(storm.Britain, "PRESS GREY TO FRANCE\n"+press[1])
	dir := t.TempDir()
	write := func() Stats {
		t.Helper()
		st, err := Write(g.db, "demo", dir)
		if err != nil {
			t.Fatal(err)
		}
		return st
	}
	write()
	// Germany seals a counter in the Axis' first round; the site is
	// scanned with it sealed, and again once the resolution revealed it.
	g.playUntil(storm.SegDiplomacyAxis1, 10)
	write()
	g.send(storm.Germany, "DIPLOMATIC AUSTRIA 2")
	g.deadline()
	st := write()
	if st.Rendered != 2 || st.Pictures != 1 {
		t.Errorf("one version more: %+v, want it rendered and drawn, and the page before it given its next link", st)
	}
	secrets, held := secretsOf(t, g.db, &d, press)
	if held == 0 {
		t.Fatalf("seed %d: no power held a secret random event: the scan checks none (choose another gameSeed)", gameSeed)
	}
	scan(t, dir, secrets)
	fresh := t.TempDir()
	if _, err := Write(g.db, "demo", fresh); err != nil {
		t.Fatal(err)
	}
	scan(t, fresh, secrets)
	g.playUntil(storm.SegEconomic, 10) // the resolution, and the next turn opens
	write()
	secrets, _ = secretsOf(t, g.db, &d, press)
	scan(t, dir, secrets)
	found := false
	for _, s := range secrets {
		if strings.Contains(s.what, "salt") && s.allowed != nil {
			for name, text := range siteFiles(t, dir) {
				found = found || (s.allowed(name) && strings.Contains(text, s.text))
			}
		}
	}
	if !found {
		t.Error("the resolution's public page does not reveal Germany's sealed counter (salt): the scan of the salt proves nothing")
	}

	// The game ends: nothing is secret any more.
	g.end()
	st = write()
	if !st.Ended || st.Rendered != st.Versions {
		t.Errorf("the game ended: %+v, want every version rendered again with its notices", st)
	}
	files := siteFiles(t, dir)
	for _, p := range press {
		if !strings.Contains(files[pressFile], p) {
			t.Errorf("press %q is not on the press page of the ended game", p)
		}
	}
	if !strings.Contains(files[pressFile], "Britain</strong> to France (grey press") {
		t.Errorf("the grey press does not name its sender once the game has ended:\n%s", files[pressFile])
	}
	gm, _ := g.state()
	sealedSeen, notices := false, 0
	for v := 0; v <= gm.Version; v++ {
		for _, p := range storm.Powers {
			n, ok := files[fmt.Sprintf("v%d-%s.html", v, p)]
			if !ok {
				t.Errorf("no notice of %s for version %d", p, v)
				continue
			}
			notices++
			if !strings.Contains(n, "private notice for "+p.Title()) {
				t.Errorf("v%d-%s.html is not %s's notice", v, p, p)
			}
			sealedSeen = sealedSeen || (p == storm.Germany && strings.Contains(n, "Your sealed diplomatic counters: Austria 2"))
		}
		if _, ok := files[fmt.Sprintf("v%d-%s.png", v, storm.Russia)]; !ok {
			t.Errorf("no picture of Russia's notice of version %d", v)
		}
		if !strings.Contains(files[pageName(v)], noticeName(v, storm.France)) {
			t.Errorf("the public page of version %d does not link France's notice", v)
		}
	}
	if !sealedSeen {
		t.Error("Germany's notices do not show its sealed counter once the game has ended")
	}
	if !strings.Contains(files[indexFile], "press.html") || !strings.Contains(files[indexFile], "Victory points") {
		t.Error("the index of the ended game links no press page or charts no victory points")
	}
	if st := write(); st.Rendered != 0 || st.Pictures != 0 {
		t.Errorf("written again with nothing changed: %+v", st)
	}
	t.Logf("%d versions, %d notices, %d secrets scanned", gm.Version+1, notices, len(secrets))
}

// TestRollback: a version rolled back leaves the site with its files, and
// a version replaced is written again.
func TestRollback(t *testing.T) {
	g := newGame(t)
	for range 3 {
		g.deadline()
	}
	dir := t.TempDir()
	if _, err := Write(g.db, "demo", dir); err != nil {
		t.Fatal(err)
	}
	gm, _ := g.state()
	last := gm.Version
	if err := g.db.Update(func(tx *store.Tx) error {
		return tx.Rollback("demo", last-2)
	}); err != nil {
		t.Fatal(err)
	}
	st, err := Write(g.db, "demo", dir)
	if err != nil {
		t.Fatal(err)
	}
	if st.Versions != last-1 || st.Rendered != 1 { // the new last version: no next link any more
		t.Errorf("after the rollback to version %d: %+v", last-2, st)
	}
	for _, v := range []int{last - 1, last} {
		for _, name := range []string{pageName(v), pictureName(v)} {
			if exists(dir, name) {
				t.Errorf("%s of a version rolled back is still there", name)
			}
		}
	}
	if idx := siteFiles(t, dir)[indexFile]; strings.Contains(idx, pageName(last)) {
		t.Error("the index links a version rolled back")
	}
}

// TestPicturesLentByTheJudge: the daemon lends the site the public
// pictures its judge drew for the mails (Options.PublicPicture); the
// site writes those bytes and draws only the ones it is not lent.
func TestPicturesLentByTheJudge(t *testing.T) {
	g := newGame(t)
	g.deadline()
	gm, _ := g.state()
	lent := []byte("\x89PNG lent by the judge")
	opt := Options{PublicPicture: func(game string, v int, _ adjudicator.View) ([]byte, bool) {
		return lent, game == "demo" && v == gm.Version
	}}
	dir := t.TempDir()
	st, err := WriteWith(g.db, "demo", dir, opt)
	if err != nil {
		t.Fatal(err)
	}
	if st.Pictures != gm.Version { // versions 0 .. Version: all drawn but the lent one
		t.Errorf("%d pictures drawn for %d versions, one lent: %+v", st.Pictures, gm.Version+1, st)
	}
	b, err := os.ReadFile(filepath.Join(dir, pictureName(gm.Version)))
	if err != nil || !bytes.Equal(b, lent) {
		t.Errorf("the lent picture: %q, %v", b, err)
	}
	if b, err := os.ReadFile(filepath.Join(dir, pictureName(0))); err != nil || bytes.Equal(b, lent) || !bytes.HasPrefix(b, []byte("\x89PNG")) {
		t.Errorf("a picture not lent: %d bytes, %v", len(b), err)
	}
}
