package storm

import "testing"

// TestRule34_11VictoryOfSide: each side's total, by side (34.11).
func TestRule34_11VictoryOfSide(t *testing.T) {
	v := Victory{Axis: 3, Allies: -2, Russia: 7}
	for side, want := range map[Side]int{Axis: 3, Allies: -2, Soviet: 7} {
		if got := v.Of(side); got != want {
			t.Errorf("%v: %d, want %d", side, got, want)
		}
	}
}
