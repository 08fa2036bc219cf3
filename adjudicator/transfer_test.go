package adjudicator

import "testing"

// Rule 16.16G: one tile point a turn per Anglo-French cooperation level
// between Britain and France, both directions together, at the end of the
// economic phase after the giver's other orders.
func TestRule16_16GAngloFrenchTransfer(t *testing.T) {
	s := NewGame(4)
	s.Segment = SegEconomic
	s.Powers[Britain].TilePoints, s.Powers[France].TilePoints = 10, 3
	tr := func(n int, to Power) Order { return Order{Kind: Transfer, Points: n, Project: to.String()} }
	if errs := Validate(s, Britain, []Order{tr(1, France)}); len(errs) == 0 || errs[0].Rule != "16.16G" {
		t.Fatalf("16.16G: a transfer without a level: %v", errs)
	}
	var evs []Event
	if _, err := ResearchEvent(&s, Britain, ProjectAngloFrench, 4, false, &evs); err != nil {
		t.Fatal(err)
	}
	if AngloFrenchLevels(s) != 2 {
		t.Fatalf("16.16G: levels %d", AngloFrenchLevels(s))
	}
	for _, bad := range [][]Order{{tr(3, France)}, {tr(1, Italy)}, {tr(1, France), tr(2, France)}} {
		if errs := Validate(s, Britain, bad); len(errs) == 0 {
			t.Errorf("16.16G: %v accepted", bad)
		}
	}
	if errs := Validate(s, Italy, []Order{tr(1, Germany)}); len(errs) == 0 {
		t.Error("16.16G: Italy transfers")
	}
	if errs := Validate(s, Britain, []Order{tr(2, France)}); len(errs) > 0 {
		t.Fatal(errs)
	}
	n, evs, err := Resolve(s, map[Power][]Order{Britain: {tr(2, France)}, France: {tr(1, Britain)}})
	if err != nil {
		t.Fatal(err)
	}
	got := 0
	for _, e := range evs {
		if x, ok := e.(TilePointsTransferred); ok {
			got += x.Points
		}
	}
	if got != 2 || n.Powers[France].TilePoints < 5 {
		t.Errorf("16.16G: %d transferred (France's second point is over the levels); France %d tile points", got, n.Powers[France].TilePoints)
	}
}
