package adjudicator

import (
	"testing"

	"stormjudge/adjudicator/storm"
)

// TestSideVictory: each side's total in the view's victory points (34.11).
func TestSideVictory(t *testing.T) {
	v := storm.Victory{Axis: 3, Allies: -2, Russia: 7}
	for side, want := range map[storm.Side]int{storm.Axis: 3, storm.Allies: -2, storm.Soviet: 7} {
		if got := SideVictory(v, side); got != want {
			t.Errorf("%v: %d, want %d", side, got, want)
		}
	}
}
