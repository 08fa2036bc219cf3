package track_test

import (
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/economy"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/internal/enginetest"
	"stormjudge/adjudicator/setup"
	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/track"
)

func TestRule21_21And21_22GarrisonAndRequirement(t *testing.T) {
	s := setup.NewGame(7)
	g := track.CheckGarrison(s, "21.23A")
	// 21.21: 15 active units (14.96) + 1 Soviet research result (15.51C).
	if g.Units != 15 || g.ResearchCounts != 1 || g.Flags != 0 || g.Garrison != 16 {
		t.Errorf("21.21: %+v", g)
	}
	// 21.22: 8 + balance + EAI 0 + one French flag in Poland.
	if g.Japan != 8 || g.EAI != 0 || g.Borders != 1 || g.Occupation != 0 {
		t.Errorf("21.22: %+v", g)
	}
	if g.BalanceOfPower != track.LandAirBalance(s) || g.Required != 9+g.BalanceOfPower {
		t.Errorf("21.22B: %+v", g)
	}
	if g.Surplus != g.Garrison-g.Required || g.Support != track.GarrisonSupport(g.Surplus) {
		t.Errorf("21.31, 21.41A: %+v", g)
	}

	// Every term of 21.21C and 21.22C-E.
	s.EAI = 3
	s.Minor("Bulgaria").Flags, s.Minor("Bulgaria").FlagPower = 2, storm.Russia
	s.Minor("Yugoslavia").Flags, s.Minor("Yugoslavia").FlagPower, s.Minor("Yugoslavia").TradePact = 3, storm.Russia, storm.Russia
	s.Minor("Poland").Flags, s.Minor("Poland").FlagPower, s.Minor("Poland").TradePact = 3, storm.Germany, storm.Germany
	s.Minor("Rumania").TradePact = storm.Germany
	s.Minor("Finland").Flags = 1 // flags without a pact: nothing (21.22D)
	s.Research = append(s.Research, storm.ResearchResult{Side: storm.Axis, Project: "occupation policies", Results: 2})
	g = track.CheckGarrison(s, "21.23A")
	if g.Flags != 1+2 {
		t.Errorf("21.21C: flags %d, want 3", g.Flags)
	}
	if g.EAI != 3 || g.Borders != 2+1 || g.Occupation != 3 {
		t.Errorf("21.22C-E: %+v", g)
	}
	s.EAI = -2
	if g := track.CheckGarrison(s, "21.23A"); g.EAI != 0 {
		t.Errorf("21.22C: a negative EAI counts nothing, got %d", g.EAI)
	}
	s.Research[len(s.Research)-1].Results = 1
	if g := track.CheckGarrison(s, "21.23A"); g.Occupation != 1 {
		t.Errorf("21.22E: first result counts one, got %d", g.Occupation)
	}
}

func TestRule21_41BMilitaryCounters(t *testing.T) {
	for _, c := range []struct{ surplus, support, want int }{
		{0, 3, 0}, {1, 3, 1}, {2, 3, 1}, {3, 3, 2}, {6, 3, 3}, {12, 3, 3}, {6, 0, 0}, {6, -1, 0}, {-3, 3, 0},
	} {
		if got := track.GarrisonMilitaryCounters(c.surplus, c.support); got != c.want {
			t.Errorf("21.41B: surplus %d support %d: %d, want %d", c.surplus, c.support, got, c.want)
		}
	}
}

func TestRule21_23AGarrisonCheckedInTheIncomePhase(t *testing.T) {
	s := setup.NewGame(7)
	s.Segment = storm.SegIncome
	var evs []event.Event
	adjudicator.ResolveSegment(&s, nil, &evs)
	g := s.Russia.Garrison
	if g.When != "21.23A" || g.Turn == nil || *g.Turn != s.Turn {
		t.Fatalf("21.23A: %+v", g)
	}
	if got := enginetest.ModValue(s, storm.Russia, "10.91D"); got != g.Support {
		t.Errorf("10.91D: support modifier %d, garrison %d", got, g.Support)
	}
	ru := s.Powers[storm.Russia]
	if g.MilitaryCounters != track.GarrisonMilitaryCounters(g.Surplus, ru.Support) {
		t.Errorf("21.41B: %+v", g)
	}
	// 11.83: purged units go to reserve and cost no maintenance.
	ru.Active.Air -= 3
	ru.Reserve.Air += 3
	if economy.Maintenance(*ru) != 15-3-ru.Factories.Military {
		t.Errorf("11.83: maintenance %d", economy.Maintenance(*ru))
	}
}

func TestRule21_23BGarrisonCheckedAfterTheEconomicPhase(t *testing.T) {
	s, _, err := adjudicator.Resolve(setup.NewGame(7), nil) // to the economic segment
	if err != nil {
		t.Fatal(err)
	}
	before := s.Powers[storm.Russia]
	tiles, support := before.TilePoints, before.Support
	old := s.Russia.Garrison
	// Six fewer active units (say, purged): a change of the modifier.
	s.Powers[storm.Russia].Active = storm.Units{Armor: 2, Infantry: 4, Air: 3}
	var evs []event.Event
	adjudicator.ResolveSegment(&s, nil, &evs)
	g := s.Russia.Garrison
	if g.When != "21.23B" || g.Units != 9 {
		t.Fatalf("21.23B: %+v", g)
	}
	delta := g.Support - old.Support
	if delta >= 0 {
		t.Fatalf("21.23B: the modifier should fall: %d -> %d", old.Support, g.Support)
	}
	ru := s.Powers[storm.Russia]
	if ru.Support != support+delta {
		t.Errorf("10.91D: support %d, want %d", ru.Support, support+delta)
	}
	if ru.TilePoints != tiles {
		t.Errorf("11.52B: the garrison changes no tile points: %d -> %d", tiles, ru.TilePoints)
	}
	found := false
	for _, e := range evs {
		if c, ok := e.(event.SupportChanged); ok && c.Rule == "10.91D" && c.Delta == delta && c.TileDelta == 0 {
			found = true
		}
	}
	if !found {
		t.Errorf("10.91D: no SupportChanged event")
	}
}

func TestRule22_21AMilitaryPurgeLowersMaintenance(t *testing.T) {
	s := setup.NewGame(7)
	ru := s.Powers[storm.Russia]
	// 4 armor, 4 infantry, 7 air (14.96): outside Siberia 2, 1, 4.
	before := economy.Maintenance(*ru)
	var evs []event.Event
	track.PurgeUnits(&s, 1, &evs)
	if ru.Active != (storm.Units{Armor: 4, Infantry: 4, Air: 6}) || ru.Reserve.Air != 1 {
		t.Errorf("22.21A: the most numerous type (air) goes: active %+v reserve %+v", ru.Active, ru.Reserve)
	}
	if economy.Maintenance(*ru) != before-1 {
		t.Errorf("11.83: maintenance %d, want %d", economy.Maintenance(*ru), before-1)
	}
	// Outside Siberia now 2 armor, 1 infantry, 3 air: air, then armor and
	// air tie at 2 (armor first), then air...
	track.PurgeUnits(&s, 3, &evs)
	if ru.Active != (storm.Units{Armor: 3, Infantry: 4, Air: 4}) {
		t.Errorf("22.21A: ties go to armor, then air: active %+v", ru.Active)
	}
	// Purge everything outside Siberia, then one Siberian unit.
	track.PurgeUnits(&s, 3, &evs)
	if ru.Active != track.SiberianGarrison {
		t.Fatalf("22.61: the Siberian garrison is purged last: active %+v", ru.Active)
	}
	track.PurgeUnits(&s, 1, &evs)
	last := evs[len(evs)-1].(event.UnitsPurged)
	if !last.SiberianGarrison || ru.Active.Total() != 7 {
		t.Errorf("22.61: a Siberian unit is purged only when no other is left: %+v", last)
	}
	if ru.Active.Total()+ru.Reserve.Total() != 15 {
		t.Errorf("22.21A: units are moved, not removed")
	}
}
