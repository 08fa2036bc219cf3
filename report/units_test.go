package report

import (
	"fmt"
	"strings"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
)

// TestPrivateNoticeShowsUnits: the private notice lists active, reserve and
// mobilizing units with the turn each reaches the reserve (14.83), and the
// unit events render with their rules.
func TestPrivateNoticeShowsUnits(t *testing.T) {
	s, _, err := adjudicator.Resolve(adjudicator.NewGame(1), nil)
	if err != nil {
		t.Fatal(err)
	}
	s.Powers[storm.Russia].TilePoints = 10
	n, evs, err := adjudicator.Resolve(s, map[storm.Power][]storm.Order{
		storm.Russia: {{Kind: storm.Mobilize, From: storm.Idle}},
	})
	if err != nil {
		t.Fatal(err)
	}
	_, body := Private("demo", storm.Russia, evs, adjudicator.Derive(n)).Parts()
	// Purges (22.21A) move units between active and reserve at random.
	act, res := n.Powers[storm.Russia].Active, n.Powers[storm.Russia].Reserve
	for _, want := range []string{
		fmt.Sprintf("Units active: %d armor, %d infantry, %d air\n", act.Armor, act.Infantry, act.Air),
		"Units in reserve (built for 2 counter points each): " + unitCounts(res) + "\n",
		"Mobilizing, reaching the reserve: armor in Fall 1936, infantry in Fall\n  1935, air in Spring 1936\n",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("private notice lacks %q:\n%s", want, body)
		}
	}
	_, pub := Public("demo", evs, adjudicator.Derive(n)).Parts()
	if !strings.Contains(pub, "Russia: mobilization 6 creates armor (reserve in Fall 1936)") {
		t.Errorf("public report lacks the units mobilized:\n%s", pub)
	}
	var w writer
	for _, e := range []event.Event{
		event.UnitsBuilt{Power: storm.Russia, Units: storm.Units{Infantry: 1},
			Counters: storm.ActivityCounters{One: 2}, Cost: 2, Active: storm.Units{Infantry: 5}, Rule: "18.51"},
		event.UnitsReturnedToReserve{Power: storm.Italy, Units: storm.Units{Infantry: 2, Air: 1}},
		event.UnitsReachedReserve{Power: storm.France, Units: storm.Units{Armor: 1}, Reserve: storm.Units{Armor: 1}},
		event.ShipbuildingIncreased{Power: storm.Italy, Mobilization: 4, Total: 1},
		event.UnitAddedToReserve{Power: storm.France, Unit: storm.Infantry, Default: true, Rule: "14.743"},
	} {
		if !unitEvent(&w, e) {
			t.Errorf("%s not rendered", e.Type())
		}
	}
	for _, want := range []string{
		"Russia must build (rule 18.51) and builds 1 infantry with counters 1+1\n",
		"Italy cannot pay all its maintenance: 2 infantry, 1 air return to the",
		"1 armor reaches your reserve",
		"Italy: mobilization 4 creates a shipbuilding increase, 1 in all (rule",
		"France adds one infantry unit to its reserve (none named: infantry)\n",
	} {
		if !strings.Contains(w.String(), want) {
			t.Errorf("unit events lack %q:\n%s", want, w.String())
		}
	}
}
