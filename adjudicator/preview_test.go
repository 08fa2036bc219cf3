package adjudicator

import (
	"testing"

	"stormjudge/adjudicator/diplomacy"
	"stormjudge/adjudicator/economy"
	"stormjudge/adjudicator/setup"
	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/track"
)

// TestPreviewShowsWhatWouldRemain: the preview of a mobilization pays its
// cost (14.31, 6.12) and leaves the input state alone; invalid orders give
// no preview.
func TestPreviewShowsWhatWouldRemain(t *testing.T) {
	s, _, err := Resolve(setup.NewGame(7), nil)
	if err != nil {
		t.Fatal(err)
	}
	s.Powers[storm.Germany].TilePoints = 15
	before := s.Powers[storm.Germany].TilePoints
	ps, ok := Preview(s, storm.Germany, []storm.Order{{Kind: storm.Mobilize, From: storm.Idle, Units: []storm.UnitType{storm.Armor, storm.Infantry, storm.Air}}})
	if !ok {
		t.Fatal("no preview for a valid mobilization")
	}
	if want := before - economy.MobilizeCost(s, storm.Germany) + (track.MobilizationSupport(storm.Germany, 4) - track.MobilizationSupport(storm.Germany, 3)); ps.TilePoints != want {
		t.Errorf("preview tile points %d, want %d", ps.TilePoints, want)
	}
	if ps.Factories.Military != s.Powers[storm.Germany].Factories.Military+1 {
		t.Errorf("preview factories %+v", ps.Factories)
	}
	if s.Powers[storm.Germany].TilePoints != before {
		t.Error("Preview changed its input")
	}
	if _, ok := Preview(s, storm.Germany, []storm.Order{{Kind: storm.Mobilize, From: storm.Idle}, {Kind: storm.Mobilize, From: storm.Civilian}}); ok {
		t.Error("preview of two conversions (14.41)")
	}
}

// TestRule24_52APreviewCountsStandingPlacements: a whole turn in one
// email, economic orders with a diplomatic counter under FOR RUSSIA: the
// counter the placement will use is not left for the rest of the turn
// (its tile points are paid at the end of the diplomatic phase, 24.52C,
// and Committed counts them).
func TestRule24_52APreviewCountsStandingPlacements(t *testing.T) {
	s, _, err := Resolve(diplomacy.WithDiplomacy(setup.NewGame(7)), nil)
	if err != nil {
		t.Fatal(err)
	}
	ps := s.Powers[storm.Russia]
	ps.TilePoints = 10
	orders := []storm.Order{{Kind: storm.Diplomatic, Project: "Finland", Counters: []int{1}, For: storm.SegDiplomacyRussia}}
	after, ok := Preview(s, storm.Russia, orders)
	if !ok {
		t.Fatalf("no preview for %+v", orders)
	}
	want := ps.Available()
	want.One--
	if after.Available() != want {
		t.Errorf("24.52A: counters left %s, want %s (the 1 for Finland spoken for)", after.Available(), want)
	}
	if after.TilePoints != ps.TilePoints || Committed(s, storm.Russia, orders) != 1 {
		t.Errorf("24.52C: tile points %d now (want %d), committed %d (want 1)", after.TilePoints, ps.TilePoints, Committed(s, storm.Russia, orders))
	}
}
