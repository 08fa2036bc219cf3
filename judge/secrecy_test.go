package judge

import (
	"encoding/json"
	"fmt"
	"html"
	"regexp"
	"strings"
	"testing"
	"time"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/deckcheck"
	"stormjudge/adjudicator/randomevent"
	"stormjudge/adjudicator/storm"
	"stormjudge/deck"
	"stormjudge/store"
)

// TestSecretEventsNeverMailedToOthers plays several turns of a game with the
// illustrative deck (seeds vary the draws) and scans every mail the judge
// queued: while a power holds a secret random event (8.31), no mail of that
// version except the holder's own notice may name its card or carry its
// text — not the public report, not another power's notice, not the
// moderator's copy.
func TestSecretEventsNeverMailedToOthers(t *testing.T) {
	ill, err := deck.LoadFile("../testdata/decks/illustrative.toml")
	if err != nil {
		t.Fatal(err)
	}
	// Six copies of the illustrative cards under new numbers: enough that no
	// card is dealt twice in the turns played, so a card number names one
	// draw (a reshuffled card may honestly be revealed in one turn and dealt
	// secretly again in the next).
	d := storm.Deck{Name: "illustrative x6"}
	maxNo := 0
	for _, c := range ill.Cards {
		maxNo = max(maxNo, c.Number)
	}
	for k := 0; k < 6; k++ {
		for _, c := range ill.Cards {
			c.Number += k * maxNo
			d.Cards = append(d.Cards, c)
		}
	}
	if errs := deckcheck.Check(d); len(errs) > 0 {
		t.Fatalf("test deck: %v", errs)
	}
	held := 0
	for seed := uint64(1); seed <= 4; seed++ {
		j, db, c := newJudge(t)
		def := demoDef(time.Hour)
		def.ID = "demo"
		def.Seed = seed
		def.Deck = &d
		if _, err := j.EnsureGame(def); err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 6; i++ {
			c.t = c.t.Add(2 * time.Hour)
			if _, err := j.Tick(); err != nil {
				t.Fatal(err)
			}
		}
		g, _, _ := game(t, db, "demo")
		mails := outbox(t, db)
		for v := 1; v <= g.Version; v++ {
			var s storm.State
			if err := db.View(func(tx *store.Tx) error {
				var err error
				s, err = tx.State("demo", v)
				return err
			}); err != nil {
				t.Fatal(err)
			}
			for _, q := range storm.Powers {
				for _, h := range randomevent.HeldEvents(s, q) {
					if !h.Secret {
						continue
					}
					held++
					card, ok := d.Card(h.Card)
					if !ok {
						t.Fatalf("held card %d not in the deck", h.Card)
					}
					ev := card.National[q]
					cardRef := regexp.MustCompile(fmt.Sprintf(`\bcard %d\b`, h.Card))
					check := func(where, text string) {
						// Flowed text and HTML break lines anywhere: one space for any run.
						text = strings.Join(strings.Fields(text), " ")
						if cardRef.MatchString(text) {
							t.Errorf("seed %d v%d: %s names %s's secret card %d:\n%s", seed, v, where, q, h.Card, text)
						}
						if len(ev.Text) >= 20 && strings.Contains(text, strings.Join(strings.Fields(ev.Text), " ")) {
							t.Errorf("seed %d v%d: %s carries the text of %s's secret event %q", seed, v, where, q, ev.Title)
						}
					}
					for _, m := range mails {
						prefix := fmt.Sprintf("demo/v%d/", v)
						if !strings.HasPrefix(m.ID, prefix) || m.ID == prefix+"private/"+q.String() {
							continue
						}
						check(m.ID+" (text)", m.Body)
						if m.HTML == "" && !strings.Contains(m.ID, "/moderator/") {
							t.Fatalf("%s has no HTML part to scan", m.ID)
						}
						check(m.ID+" (HTML)", html.UnescapeString(m.HTML))
						if strings.Contains(m.HTML, "http:") || strings.Contains(m.HTML, "https:") {
							t.Errorf("%s: the HTML refers to a remote resource", m.ID)
						}
					}
					// The pictures are drawn from the view each mail may show:
					// the public one and every other power's own.
					view := adjudicator.Derive(s)
					pub, _ := json.Marshal(view.PublicOnly())
					check(fmt.Sprintf("v%d public view", v), string(pub))
					for _, o := range storm.Powers {
						if o != q {
							theirs := view.For(o)
							if _, ok := theirs.Powers[q]; ok || theirs.Moderator != nil {
								t.Errorf("v%d: %s's view holds %s's private view", v, o, q)
							}
							b, _ := json.Marshal(theirs)
							check(fmt.Sprintf("v%d %s's view", v, o), string(b))
						}
					}
				}
			}
		}
	}
	if held == 0 {
		t.Fatal("no secret event was ever held: the test checked nothing")
	}
	t.Logf("%d held secret events checked against every mail of their version", held)
}
