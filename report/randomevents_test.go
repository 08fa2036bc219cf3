package report_test

import (
	"strings"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
	"stormjudge/deck"
	"stormjudge/report"
)

type held struct {
	power storm.Power
	card  int
}

// TestSecretEventsStaySecret plays several turns with the illustrative deck
// (every effect kind, secret events of several categories) and checks 8.31:
// a secret event is only ever in events private to its holder until it is
// revealed (9.41), and no public report nor another power's private report
// contains its title or text before then.
func TestSecretEventsStaySecret(t *testing.T) {
	d, err := deck.LoadFile("../testdata/decks/illustrative.toml")
	if err != nil {
		t.Fatal(err)
	}
	// Titles and texts that also appear on public events cannot be checked.
	public := map[string]bool{}
	for _, c := range d.Cards {
		public[c.General.Title], public[c.General.Text] = true, true
		for _, ev := range c.National {
			if !ev.Secret {
				public[ev.Title], public[ev.Text] = true, true
			}
		}
	}
	for _, seed := range []uint64{1, 2, 3} {
		s := adjudicator.NewGameWithDeck(seed, d)
		secrets := map[held]event.SecretEventHeld{}
		players := storm.NewRNG(seed ^ 0xfeed)
		seenSecrets, seenReveals := 0, 0
		for turn := 0; turn < 8; turn++ {
			orders := map[storm.Power][]storm.Order{}
			for _, p := range adjudicator.Required(s) {
				for _, o := range adjudicator.Allowed(s, p) {
					if o.Order.Kind == storm.Play && players.Intn(2) == 0 {
						orders[p] = append(orders[p], o.Order)
					}
				}
			}
			n, evs, err := adjudicator.Resolve(s, orders)
			if err != nil {
				t.Fatal(err)
			}
			// A card revealed and dealt again in the same batch (after a
			// reshuffle) shows its earlier, public reveal: not checked.
			revealed := map[held]bool{}
			for _, e := range evs {
				v := e.Visibility()
				switch x := e.(type) {
				case event.SecretEventHeld:
					if v.Public || v.Power != x.Power {
						t.Fatalf("seed %d: secret event notice visible to %+v", seed, v)
					}
					secrets[held{x.Power, x.Card}] = x
					seenSecrets++
				case event.RandomEventApplied:
					if _, ok := secrets[held{x.Power, x.Card}]; ok {
						delete(secrets, held{x.Power, x.Card}) // the reveal
						revealed[held{x.Power, x.Card}] = true
						seenReveals++
					}
				}
			}
			// What is still secret after this batch is in no public text.
			_, body := report.Public("g", evs, adjudicator.Derive(n)).Parts()
			for _, sec := range secrets {
				for _, txt := range []string{sec.Title, sec.Text} {
					if txt == "" || public[txt] || revealed[held{sec.Power, sec.Card}] {
						continue
					}
					if strings.Contains(body, txt) {
						t.Errorf("seed %d: public report shows %s's secret %q before its reveal", seed, sec.Power, txt)
					}
					for _, p := range storm.Powers {
						if p == sec.Power {
							continue
						}
						if _, pb := report.Private("g", p, evs, adjudicator.Derive(n)).Parts(); strings.Contains(pb, txt) {
							t.Errorf("seed %d: %s's report shows %s's secret %q", seed, p, sec.Power, txt)
						}
					}
				}
				if _, pb := report.Private("g", sec.Power, evs, adjudicator.Derive(n)).Parts(); !strings.Contains(pb, sec.Title) && heldIn(evs, sec) {
					t.Errorf("seed %d: %s not told its secret event %q", seed, sec.Power, sec.Title)
				}
			}
			s = n
		}
		if seenSecrets == 0 || seenReveals == 0 {
			t.Errorf("seed %d: %d secret events, %d reveals: the test saw nothing", seed, seenSecrets, seenReveals)
		}
	}
}

func heldIn(evs []event.Event, sec event.SecretEventHeld) bool {
	for _, e := range evs {
		if x, ok := e.(event.SecretEventHeld); ok && x.Card == sec.Card && x.Power == sec.Power {
			return true
		}
	}
	return false
}
