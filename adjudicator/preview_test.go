package adjudicator

import "testing"

// TestPreviewShowsWhatWouldRemain: the preview of a mobilization pays its
// cost (14.31, 6.12) and leaves the input state alone; invalid orders give
// no preview.
func TestPreviewShowsWhatWouldRemain(t *testing.T) {
	s, _, err := Resolve(NewGame(7), nil)
	if err != nil {
		t.Fatal(err)
	}
	s.Powers[Germany].TilePoints = 15
	before := s.Powers[Germany].TilePoints
	ps, ok := Preview(s, Germany, []Order{{Kind: Mobilize, From: Idle, Units: []UnitType{Armor, Infantry, Air}}})
	if !ok {
		t.Fatal("no preview for a valid mobilization")
	}
	if want := before - MobilizeCost(s, Germany) + (MobilizationSupport(Germany, 4) - MobilizationSupport(Germany, 3)); ps.TilePoints != want {
		t.Errorf("preview tile points %d, want %d", ps.TilePoints, want)
	}
	if ps.Factories.Military != s.Powers[Germany].Factories.Military+1 {
		t.Errorf("preview factories %+v", ps.Factories)
	}
	if s.Powers[Germany].TilePoints != before {
		t.Error("Preview changed its input")
	}
	if _, ok := Preview(s, Germany, []Order{{Kind: Mobilize, From: Idle}, {Kind: Mobilize, From: Civilian}}); ok {
		t.Error("preview of two conversions (14.41)")
	}
}
