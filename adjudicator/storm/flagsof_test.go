package storm

import "testing"

// TestFlagsOf (24.18): a minor's flags by power, whoever holds them: the
// flag power's own, its alliance partner's (Germany-Italy,
// Britain-France), Russia's beside the Allies only; nobody's when no one
// holds flags there. FlagCounts gives the same, without the powers that
// have none.
func TestFlagsOf(t *testing.T) {
	for _, tc := range []struct {
		m    Minor
		want map[Power]int
	}{
		{Minor{FlagPower: 0, Flags: 2, PartnerFlags: 1, RussianFlags: 1}, map[Power]int{}},
		{Minor{FlagPower: Germany, Flags: 2, PartnerFlags: 1}, map[Power]int{Germany: 2, Italy: 1}},
		{Minor{FlagPower: Italy, Flags: 1, PartnerFlags: 1, RussianFlags: 1}, map[Power]int{Italy: 1, Germany: 1}},
		{Minor{FlagPower: France, Flags: 1, PartnerFlags: 2, RussianFlags: 1}, map[Power]int{France: 1, Britain: 2, Russia: 1}},
		{Minor{FlagPower: Britain, Flags: 2, RussianFlags: 2}, map[Power]int{Britain: 2, Russia: 2}},
		{Minor{FlagPower: Russia, Flags: 3}, map[Power]int{Russia: 3}},
	} {
		for _, p := range Powers {
			if got := tc.m.FlagsOf(p); got != tc.want[p] {
				t.Errorf("%+v: FlagsOf(%s) = %d, want %d", tc.m, p, got, tc.want[p])
			}
		}
		got := tc.m.FlagCounts()
		if len(got) != len(tc.want) {
			t.Errorf("%+v: FlagCounts %v, want %v", tc.m, got, tc.want)
		}
		for p, n := range tc.want {
			if got[p] != n {
				t.Errorf("%+v: FlagCounts %v, want %v", tc.m, got, tc.want)
			}
		}
	}
}
