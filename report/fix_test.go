package report

import (
	"strings"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
)

func fixOrder(args ...string) storm.Order {
	return storm.Order{Kind: storm.SetState, Args: args}
}

// The moderator's fixes (SET) are one line each in the public report,
// under "Fixed by the moderator"; a secret event discarded is named in its
// holder's notice only, the public report saying only that a held event
// left play (8.31).
func TestFixesRendered(t *testing.T) {
	s, _, err := adjudicator.Resolve(adjudicator.NewGame(4), nil)
	if err != nil {
		t.Fatal(err)
	}
	s.Powers[storm.Germany].TilePoints = 12
	n, evs, err := adjudicator.ApplyFixes(s, []storm.Order{
		fixOrder("tiles", "germany", "15"), fixOrder("flags", "Greece", "2", "italy"), fixOrder("eai", "-1"),
	})
	if err != nil {
		t.Fatal(err)
	}
	held := []event.Event{
		event.StateFixed{Turn: s.Turn, What: storm.FixHeld, Power: storm.Italy, Card: 17, Title: "Secret rally",
			Before: "held", After: storm.HeldDiscard, Rule: "8.31, 8.43", Private: true},
		event.StateFixed{Turn: s.Turn, What: storm.FixHeld, Before: "held", After: storm.HeldDiscard, Rule: "8.31, 8.43"},
		event.StateFixed{Turn: s.Turn, What: storm.FixDeck, Before: storm.DeckFile, After: storm.DeckPhysical, Rule: "9.1"},
	}
	evs = append(evs, held...)
	v := adjudicator.Derive(n)
	_, pub := Public("demo", evs, v).Parts()
	flat := strings.Join(strings.Fields(pub), " ")
	for _, want := range []string{
		"Fixed by the moderator",
		"The moderator set Germany's tile points from 12 to 15 (rule 6.1).",
		"The moderator set the flags in Greece from none to 2 Italy (rules 24.18, 24.21).",
		"The moderator set the European Aggression Index from +0 to -1 (rule 23).",
		"The moderator took a secret random event held this turn out of play: it goes to the discard pile unplayed (rules 8.31, 8.43).",
		"The moderator switched the random event deck from the deck file (the judge draws the cards) to the physical deck (the moderator draws the printed cards) (rule 9.1).",
	} {
		if !strings.Contains(flat, want) {
			t.Errorf("public report lacks %q:\n%s", want, pub)
		}
	}
	if strings.Contains(pub, "Secret rally") || strings.Contains(pub, "card 17") {
		t.Errorf("the public report names the secret event:\n%s", pub)
	}
	_, mine := Private("demo", storm.Italy, evs, v).Parts()
	if flat := strings.Join(strings.Fields(mine), " "); !strings.Contains(flat,
		`The moderator took your secret random event, card 17 "Secret rally", out of play: it goes to the discard pile unplayed and does not take effect (rules 8.31, 8.43).`) {
		t.Errorf("Italy's notice:\n%s", mine)
	}
	if _, other := Private("demo", storm.France, evs, v).Parts(); strings.Contains(other, "Secret rally") {
		t.Errorf("France's notice names Italy's secret event:\n%s", other)
	}
}
