package economy_test

import (
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/economy"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/internal/enginetest"
	"stormjudge/adjudicator/setup"
	"stormjudge/adjudicator/storm"
)

// TestRule17_11UnpaidMaintenance: one active unit per unpaid point goes
// back to the reserve, infantry first, then air, then armor (docs/rules.md).
func TestRule17_11UnpaidMaintenance(t *testing.T) {
	tests := []struct {
		active             storm.Units
		short, maintenance int
		back               storm.Units
	}{
		{storm.Units{Armor: 2, Infantry: 3, Air: 3}, 0, 5, storm.Units{}},
		{storm.Units{Armor: 2, Infantry: 3, Air: 3}, 2, 5, storm.Units{Infantry: 2}},
		{storm.Units{Armor: 2, Infantry: 3, Air: 3}, 5, 5, storm.Units{Infantry: 3, Air: 2}},
		{storm.Units{Armor: 2, Infantry: 3, Air: 3}, 9, 5, storm.Units{Infantry: 3, Air: 2}}, // only maintenance is unpaid upkeep
		{storm.Units{Armor: 2}, 4, 4, storm.Units{Armor: 2}},
	}
	for _, tt := range tests {
		s := setup.NewGame(1)
		ps := s.Powers[storm.Italy]
		ps.Active, ps.Reserve = tt.active, storm.Units{}
		var evs []event.Event
		economy.ReturnUnpaidUnits(&s, storm.Italy, tt.short, tt.maintenance, &evs)
		if ps.Reserve != tt.back || ps.Active != tt.active.Minus(tt.back) {
			t.Errorf("%+v short %d: reserve %+v active %+v, want back %+v", tt.active, tt.short, ps.Reserve, ps.Active, tt.back)
		}
		if (tt.back.Total() > 0) != enginetest.HasEvent(evs, "UnitsReturnedToReserve") {
			t.Errorf("%+v short %d: events %v", tt.active, tt.short, evs)
		}
	}
}

// TestRule17_11InTheIncomePhase: the income phase applies 17.11, and the
// returned units cost nothing next turn (11.81).
func TestRule17_11InTheIncomePhase(t *testing.T) {
	s := setup.NewGame(3)
	s.Segment = storm.SegIncome
	s.Powers[storm.Italy].Active = storm.Units{Armor: 1, Infantry: 20, Air: 5}
	var evs []event.Event
	adjudicator.ResolveSegment(&s, nil, &evs)
	var ic event.IncomeComputed
	var back event.UnitsReturnedToReserve
	for _, e := range evs {
		switch e := e.(type) {
		case event.IncomeComputed:
			if e.Power == storm.Italy {
				ic = e
			}
		case event.UnitsReturnedToReserve:
			back = e
		}
	}
	if ic.Shortfall == 0 || back.Units.Total() != min(ic.Shortfall, ic.Income.Maintenance) {
		t.Fatalf("shortfall %d maintenance %d, returned %+v", ic.Shortfall, ic.Income.Maintenance, back)
	}
	ps := s.Powers[storm.Italy]
	if ps.Active.Total()+ps.Reserve.Total() != 26 || ps.TilePoints != 0 {
		t.Errorf("units not conserved or tile points %d: %+v %+v", ps.TilePoints, ps.Active, ps.Reserve)
	}
}

// TestRule18_11AllowedListsBuilds: Allowed offers a BUILD per unit type in
// reserve, paid with the cheapest counters, and each is valid.
func TestRule18_11AllowedListsBuilds(t *testing.T) {
	s := economicGame(t)
	s.Powers[storm.France].Reserve = storm.Units{Infantry: 1, Air: 2}
	s.Powers[storm.France].TilePoints = 4
	var builds []string
	for _, o := range adjudicator.Allowed(s, storm.France) {
		if o.Order.Kind == storm.Build {
			builds = append(builds, o.Order.String())
			if o.Cost != 2 {
				t.Errorf("%s costs %d", o.Order, o.Cost)
			}
		}
	}
	if len(builds) != 2 || builds[0] != "BUILD INFANTRY WITH 2" || builds[1] != "BUILD AIR WITH 2" {
		t.Errorf("builds %q", builds)
	}
}

// TestRule14_737AllowedListsReserveAdditions: from Spring 1941 Britain and
// France are offered RESERVE orders; others and earlier turns are not.
func TestRule14_737AllowedListsReserveAdditions(t *testing.T) {
	s := economicGame(t)
	count := func(p storm.Power) int {
		n := 0
		for _, o := range adjudicator.Allowed(s, p) {
			if o.Order.Kind == storm.AddToReserve {
				n++
			}
		}
		return n
	}
	if count(storm.Britain) != 0 {
		t.Error("RESERVE offered in 1935")
	}
	s.Turn = storm.Turn{Year: 1941, Season: storm.Spring}
	if count(storm.Britain) != 3 || count(storm.France) != 3 || count(storm.Germany) != 0 {
		t.Errorf("RESERVE options: Britain %d France %d Germany %d", count(storm.Britain), count(storm.France), count(storm.Germany))
	}
}
