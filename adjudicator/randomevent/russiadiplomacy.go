package randomevent

import "stormjudge/adjudicator/storm"

// FlagToRemove is the power whose foreign flag in Russia goes (of side,
// any side when ""): the one with the most flags there, the earlier in the
// order of play on a tie (docs/rules.md r-22-flags); 0 when none.
func FlagToRemove(s storm.State, side storm.Side) storm.Power {
	var best storm.Power
	for _, p := range storm.Powers {
		n := s.SupportFacts.FlagsInRussia[p]
		if p == storm.Russia || n == 0 || (side != "" && storm.SideOf(p) != side) {
			continue
		}
		if best == 0 || n > s.SupportFacts.FlagsInRussia[best] {
			best = p
		}
	}
	return best
}
