package economy_test

import (
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/economy"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/setup"
	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/track"
)

// Rule 16.16G: one tile point a turn per Anglo-French cooperation level
// between Britain and France, both directions together, at the end of the
// economic phase after the giver's other orders.
func TestRule16_16GAngloFrenchTransfer(t *testing.T) {
	s := setup.NewGame(4)
	s.Segment = storm.SegEconomic
	s.Powers[storm.Britain].TilePoints, s.Powers[storm.France].TilePoints = 10, 3
	tr := func(n int, to storm.Power) storm.Order {
		return storm.Order{Kind: storm.Transfer, Points: n, Project: to.String()}
	}
	if errs := adjudicator.Validate(s, storm.Britain, []storm.Order{tr(1, storm.France)}); len(errs) == 0 || errs[0].Rule != "16.16G" {
		t.Fatalf("16.16G: a transfer without a level: %v", errs)
	}
	var evs []event.Event
	if _, err := track.ResearchEvent(&s, storm.Britain, storm.ProjectAngloFrench, 4, false, &evs); err != nil {
		t.Fatal(err)
	}
	if economy.AngloFrenchLevels(s) != 2 {
		t.Fatalf("16.16G: levels %d", economy.AngloFrenchLevels(s))
	}
	for _, bad := range [][]storm.Order{{tr(3, storm.France)}, {tr(1, storm.Italy)}, {tr(1, storm.France), tr(2, storm.France)}} {
		if errs := adjudicator.Validate(s, storm.Britain, bad); len(errs) == 0 {
			t.Errorf("16.16G: %v accepted", bad)
		}
	}
	if errs := adjudicator.Validate(s, storm.Italy, []storm.Order{tr(1, storm.Germany)}); len(errs) == 0 {
		t.Error("16.16G: Italy transfers")
	}
	if errs := adjudicator.Validate(s, storm.Britain, []storm.Order{tr(2, storm.France)}); len(errs) > 0 {
		t.Fatal(errs)
	}
	n, evs, err := adjudicator.Resolve(s, map[storm.Power][]storm.Order{storm.Britain: {tr(2, storm.France)}, storm.France: {tr(1, storm.Britain)}})
	if err != nil {
		t.Fatal(err)
	}
	got := 0
	for _, e := range evs {
		if x, ok := e.(event.TilePointsTransferred); ok {
			got += x.Points
		}
	}
	if got != 2 || n.Powers[storm.France].TilePoints < 5 {
		t.Errorf("16.16G: %d transferred (France's second point is over the levels); France %d tile points", got, n.Powers[storm.France].TilePoints)
	}
}
