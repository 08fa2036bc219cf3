package adjudicator

import "testing"

func TestRule21_21And21_22GarrisonAndRequirement(t *testing.T) {
	s := NewGame(7)
	g := CheckGarrison(s, "21.23A")
	// 21.21: 15 active units (14.96) + 1 Soviet research result (15.51C).
	if g.Units != 15 || g.ResearchCounts != 1 || g.Flags != 0 || g.Garrison != 16 {
		t.Errorf("21.21: %+v", g)
	}
	// 21.22: 8 + balance + EAI 0 + one French flag in Poland.
	if g.Japan != 8 || g.EAI != 0 || g.Borders != 1 || g.Occupation != 0 {
		t.Errorf("21.22: %+v", g)
	}
	if g.BalanceOfPower != landAirBalance(s) || g.Required != 9+g.BalanceOfPower {
		t.Errorf("21.22B: %+v", g)
	}
	if g.Surplus != g.Garrison-g.Required || g.Support != GarrisonSupport(g.Surplus) {
		t.Errorf("21.31, 21.41A: %+v", g)
	}

	// Every term of 21.21C and 21.22C-E.
	s.EAI = 3
	s.Minor("Bulgaria").Flags, s.Minor("Bulgaria").FlagPower = 2, Russia
	s.Minor("Yugoslavia").Flags, s.Minor("Yugoslavia").FlagPower, s.Minor("Yugoslavia").TradePact = 3, Russia, Russia
	s.Minor("Poland").Flags, s.Minor("Poland").FlagPower, s.Minor("Poland").TradePact = 3, Germany, Germany
	s.Minor("Rumania").TradePact = Germany
	s.Minor("Finland").Flags = 1 // flags without a pact: nothing (21.22D)
	s.Research = append(s.Research, ResearchResult{Side: Axis, Project: "occupation policies", Results: 2})
	g = CheckGarrison(s, "21.23A")
	if g.Flags != 1+2 {
		t.Errorf("21.21C: flags %d, want 3", g.Flags)
	}
	if g.EAI != 3 || g.Borders != 2+1 || g.Occupation != 3 {
		t.Errorf("21.22C-E: %+v", g)
	}
	s.EAI = -2
	if g := CheckGarrison(s, "21.23A"); g.EAI != 0 {
		t.Errorf("21.22C: a negative EAI counts nothing, got %d", g.EAI)
	}
	s.Research[len(s.Research)-1].Results = 1
	if g := CheckGarrison(s, "21.23A"); g.Occupation != 1 {
		t.Errorf("21.22E: first result counts one, got %d", g.Occupation)
	}
}

func TestRule21_41BMilitaryCounters(t *testing.T) {
	for _, c := range []struct{ surplus, support, want int }{
		{0, 3, 0}, {1, 3, 1}, {2, 3, 1}, {3, 3, 2}, {6, 3, 3}, {12, 3, 3}, {6, 0, 0}, {6, -1, 0}, {-3, 3, 0},
	} {
		if got := GarrisonMilitaryCounters(c.surplus, c.support); got != c.want {
			t.Errorf("21.41B: surplus %d support %d: %d, want %d", c.surplus, c.support, got, c.want)
		}
	}
}

func TestRule21_23AGarrisonCheckedInTheIncomePhase(t *testing.T) {
	s := NewGame(7)
	s.Segment = SegIncome
	var evs []Event
	resolveSegment(&s, nil, &evs)
	g := s.Russia.Garrison
	if g.When != "21.23A" || g.Turn == nil || *g.Turn != s.Turn {
		t.Fatalf("21.23A: %+v", g)
	}
	if got := modValue(s, Russia, "10.91D"); got != g.Support {
		t.Errorf("10.91D: support modifier %d, garrison %d", got, g.Support)
	}
	ru := s.Powers[Russia]
	if g.MilitaryCounters != GarrisonMilitaryCounters(g.Surplus, ru.Support) {
		t.Errorf("21.41B: %+v", g)
	}
	// 11.83: purged units go to reserve and cost no maintenance.
	ru.Active.Air -= 3
	ru.Reserve.Air += 3
	if Maintenance(*ru) != 15-3-ru.Factories.Military {
		t.Errorf("11.83: maintenance %d", Maintenance(*ru))
	}
}

func TestRule21_23BGarrisonCheckedAfterTheEconomicPhase(t *testing.T) {
	s, _, err := Resolve(NewGame(7), nil) // to the economic segment
	if err != nil {
		t.Fatal(err)
	}
	before := s.Powers[Russia]
	tiles, support := before.TilePoints, before.Support
	old := s.Russia.Garrison
	// Six fewer active units (say, purged): a change of the modifier.
	s.Powers[Russia].Active = Units{Armor: 2, Infantry: 4, Air: 3}
	var evs []Event
	resolveSegment(&s, nil, &evs)
	g := s.Russia.Garrison
	if g.When != "21.23B" || g.Units != 9 {
		t.Fatalf("21.23B: %+v", g)
	}
	delta := g.Support - old.Support
	if delta >= 0 {
		t.Fatalf("21.23B: the modifier should fall: %d -> %d", old.Support, g.Support)
	}
	ru := s.Powers[Russia]
	if ru.Support != support+delta {
		t.Errorf("10.91D: support %d, want %d", ru.Support, support+delta)
	}
	if ru.TilePoints != tiles {
		t.Errorf("11.52B: the garrison changes no tile points: %d -> %d", tiles, ru.TilePoints)
	}
	found := false
	for _, e := range evs {
		if c, ok := e.(SupportChanged); ok && c.Rule == "10.91D" && c.Delta == delta && c.TileDelta == 0 {
			found = true
		}
	}
	if !found {
		t.Errorf("10.91D: no SupportChanged event")
	}
}

func TestRule22_21AMilitaryPurgeLowersMaintenance(t *testing.T) {
	s := NewGame(7)
	ru := s.Powers[Russia]
	// 4 armor, 4 infantry, 7 air (14.96): outside Siberia 2, 1, 4.
	before := Maintenance(*ru)
	var evs []Event
	PurgeUnits(&s, 1, &evs)
	if ru.Active != (Units{Armor: 4, Infantry: 4, Air: 6}) || ru.Reserve.Air != 1 {
		t.Errorf("22.21A: the most numerous type (air) goes: active %+v reserve %+v", ru.Active, ru.Reserve)
	}
	if Maintenance(*ru) != before-1 {
		t.Errorf("11.83: maintenance %d, want %d", Maintenance(*ru), before-1)
	}
	// Outside Siberia now 2 armor, 1 infantry, 3 air: air, then armor and
	// air tie at 2 (armor first), then air...
	PurgeUnits(&s, 3, &evs)
	if ru.Active != (Units{Armor: 3, Infantry: 4, Air: 4}) {
		t.Errorf("22.21A: ties go to armor, then air: active %+v", ru.Active)
	}
	// Purge everything outside Siberia, then one Siberian unit.
	PurgeUnits(&s, 3, &evs)
	if ru.Active != siberianGarrison {
		t.Fatalf("22.61: the Siberian garrison is purged last: active %+v", ru.Active)
	}
	PurgeUnits(&s, 1, &evs)
	last := evs[len(evs)-1].(UnitsPurged)
	if !last.SiberianGarrison || ru.Active.Total() != 7 {
		t.Errorf("22.61: a Siberian unit is purged only when no other is left: %+v", last)
	}
	if ru.Active.Total()+ru.Reserve.Total() != 15 {
		t.Errorf("22.21A: units are moved, not removed")
	}
}
