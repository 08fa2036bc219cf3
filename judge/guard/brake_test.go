package guard

import (
	"testing"
	"time"
)

// TestBrakeGap: the least time between summaries doubles from an hour to
// a day.
func TestBrakeGap(t *testing.T) {
	for n, want := range map[int]time.Duration{1: time.Hour, 2: 2 * time.Hour, 5: 16 * time.Hour, 6: 24 * time.Hour, 40: 24 * time.Hour} {
		if got := gap(n); got != want {
			t.Errorf("Gap(%d) = %s, want %s", n, got, want)
		}
	}
}
