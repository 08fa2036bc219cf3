package report

import (
	"strings"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
)

// TestNavalChartAndBalance renders Italy's chart (19.21) in its private
// notice and the balance of power (20.3) and the 13.12C announcement in
// the public report.
func TestNavalChartAndBalance(t *testing.T) {
	s := adjudicator.NewGame(1)
	s.Segment = storm.SegEconomic
	s.Powers[storm.Italy].Naval.Building = []storm.Ship{
		{No: 1, Class: storm.Battleship3, Row: 3, Column: storm.Summer, LaidDown: storm.Turn{Year: 1935, Season: storm.Summer}},
		{No: 2, Class: storm.Battleship3, Row: 3, Column: storm.Summer, LaidDown: storm.Turn{Year: 1935, Season: storm.Summer}},
	}
	s.Powers[storm.Italy].Naval.Saved = 1
	evs := []event.Event{
		event.ShipLaidDown{Turn: s.Turn, Power: storm.Italy, Ship: s.Powers[storm.Italy].Naval.Building[1], Cost: 3},
		event.ShipbuildingRevealed{Turn: s.Turn, Power: storm.Italy, LaidDown: []storm.ShipClass{storm.Battleship3},
			Counters: storm.ActivityCounters{Two: 1, Ship: 1}, Saved: 1},
		event.BalanceOfPowerChanged{Turn: s.Turn, Balance: s.Balance, Before: s.Balance},
	}
	_, priv := Private("demo", storm.Italy, evs, adjudicator.Derive(s)).Parts()
	for _, want := range []string{
		"Italy: you lay down ship 2 (3-factor battleship) in row 3, Summer\n  column, for 3 points",
		"Naval construction chart (rule 19.2)",
		"Shipbuilding rate 2, shipyard capacity 4, 2 under construction, 1 saved\n  point",
		"Row    Spring           Summer           Fall             Winter\n5\n4\n3                       #1 BB3\n                        #2 BB3\n2\n",
	} {
		if !strings.Contains(priv, want) {
			t.Errorf("private notice lacks %q:\n%s", want, priv)
		}
	}
	_, pub := Public("demo", evs, adjudicator.Derive(s)).Parts()
	for _, want := range []string{
		"Italy lays down a 3-factor battleship; counters used 1 x 2, 1 x 1",
		"The balance of power is unchanged (below).",
		"naval         0       3     -2",
	} {
		if !strings.Contains(pub, want) {
			t.Errorf("public report lacks %q:\n%s", want, pub)
		}
	}
	if strings.Contains(pub, "you lay down") || strings.Contains(pub, "#2 BB3") {
		t.Errorf("13.12C: the public report shows Italy's private shipbuilding:\n%s", pub)
	}
	_, rus := Private("demo", storm.Russia, nil, adjudicator.Derive(s)).Parts()
	if strings.Contains(rus, "Naval construction chart") {
		t.Error("19.11: Russia has no naval construction chart")
	}
}

// TestRule19_75ShipbuildingPaidSaysWhatCostWhat: the line of a power's
// shipbuilding does not read as if its counters were free: the counters
// are paid in tile points (12.31), the ship orders need their points,
// the rest is saved (19.75).
func TestRule19_75ShipbuildingPaidSaysWhatCostWhat(t *testing.T) {
	var w writer
	navalEvent(&w, event.ShipbuildingPaid{Power: storm.Italy, Counters: storm.ActivityCounters{Ship: 1}, SavedAdded: 1, Saved: 1, TilePoints: 3})
	got := strings.Join(strings.Fields(w.String()), " ")
	want := "Italy: shipbuilding with counters 1 x 1 (shipbuilding only) (paid in tile points, rule 12.31); the ship orders needed 0 points, 1 point saved (rule 19.75); 3 tile points left."
	if got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}
