package storm

import "testing"

// TestRule12_31CountersCostTheirStrength: using counters pays their
// strength in tile points, once a turn (12.31, 12.32).
func TestRule12_31CountersCostTheirStrength(t *testing.T) {
	ps := &PowerState{TilePoints: 6, Counters: ActivityCounters{Three: 1, Two: 2, One: 2, Research: 1}}
	c, err := CountersOf([]int{3, 2})
	if err != nil {
		t.Fatal(err)
	}
	if rule, msg := CheckCounters(ps, c); rule != "" {
		t.Fatalf("checkCounters: %s %s", rule, msg)
	}
	UseCounters(ps, c)
	if ps.TilePoints != 1 || ps.Available() != (ActivityCounters{Two: 1, One: 2, Research: 1}) {
		t.Errorf("after use: %d tile points, available %s", ps.TilePoints, ps.Available())
	}
	// 12.12: the 3 is used; 12.31/6.12: a 2 costs more than what is left.
	if rule, _ := CheckCounters(ps, ActivityCounters{Three: 1}); rule != "12.12" {
		t.Errorf("reusing the 3: rule %q, want 12.12", rule)
	}
	if rule, _ := CheckCounters(ps, ActivityCounters{Two: 1}); rule != "12.31" {
		t.Errorf("a 2 with 1 tile point: rule %q, want 12.31", rule)
	}
	if _, err := CountersOf([]int{4}); err == nil {
		t.Error("a strength 4 counter was accepted")
	}
}

// TestRule12_21CountersString: only the counters a power has are listed.
func TestRule12_21CountersString(t *testing.T) {
	for c, want := range map[ActivityCounters]string{
		{Two: 2, One: 1}:       "2 x 2, 1 x 1",
		{Three: 1, Ship: 1}:    "1 x 3, 1 x 1 (shipbuilding only)",
		{Zero: 1, Research: 2}: "1 x 0, 2 x 1 (research only)",
		{}:                     "none",
	} {
		if got := c.String(); got != want {
			t.Errorf("%+v: %q, want %q", c, got, want)
		}
	}
}

// TestOrdinals: Ordinals(n) is 0 ... n-1, short lists shared and capped
// (an append never writes into the kept list), long ones made anew.
func TestOrdinals(t *testing.T) {
	for _, n := range []int{0, 1, 5, 64, 65, 200} {
		o := Ordinals(n)
		if len(o) != n || cap(o) != n {
			t.Fatalf("Ordinals(%d): len %d cap %d", n, len(o), cap(o))
		}
		for i, v := range o {
			if v != i {
				t.Fatalf("Ordinals(%d)[%d] = %d", n, i, v)
			}
		}
	}
	_ = append(Ordinals(3), 99)
	if Ordinals(4)[3] != 3 {
		t.Fatal("an append to a short list wrote into the kept one")
	}
}
