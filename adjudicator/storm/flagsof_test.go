package storm

import "testing"

// TestFlagsOf: FlagsOf(p) is FlagCounts()[p] for every power, whoever
// holds the flags and whatever the partner's and Russia's flags beside
// them.
func TestFlagsOf(t *testing.T) {
	for _, holder := range append([]Power{0}, Powers...) {
		for flags := range 3 {
			for partner := range 2 {
				for russian := range 2 {
					m := Minor{Name: "X", FlagPower: holder, Flags: flags, PartnerFlags: partner, RussianFlags: russian}
					for _, p := range Powers {
						if got, want := m.FlagsOf(p), m.FlagCounts()[p]; got != want {
							t.Errorf("%+v: FlagsOf(%s) = %d, FlagCounts %d", m, p, got, want)
						}
					}
				}
			}
		}
	}
}
