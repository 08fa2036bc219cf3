package track

import (
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
)

// The economic climate (11.3). It starts at 0 (11.32) and follows the
// economic trend of the first random event card of each turn (11.33, 9.21),
// within -3..+3 (11.34). Its income effect is read at the income phase
// (11.35A, income.go); its EAI effect (11.35B, 23.21D) is part of the EAI.

// Economic climate bounds (11.34).
const (
	MaxClimate = 3
	MinClimate = -3
)

// climateTrendRule names the rule of each economic trend (11.33A-E).
var climateTrendRule = map[int]string{
	+2: "11.33A", +1: "11.33B", -1: "11.33C", -2: "11.33D", 0: "11.33E",
}

// ClimateAfterTrend returns the economic climate after a trend (11.33):
// +2, +1, -1, -2 move it by that much (11.33A-D), 0 one step towards 0
// (11.33E); the result stays within -3..+3 (11.34).
func ClimateAfterTrend(climate, trend int) int {
	c := climate
	switch {
	case trend != 0:
		c += trend // 11.33A-D
	case c > 0:
		c-- // 11.33E: a favorable climate worsens
	case c < 0:
		c++ // 11.33E: an unfavorable climate improves
	}
	return min(max(c, MinClimate), MaxClimate) // 11.34
}

// ApplyEconomicTrend applies the economic trend of this turn's first random
// event card (11.33, 9.21) and then its EAI effect (11.35B, 23.21D, which
// takes effect when it occurs, 23.22). A trend outside -2..+2 is clamped
// to it (no card prints another). Called by the random event deck code.
func ApplyEconomicTrend(s *storm.State, trend int, evs *[]event.Event) {
	trend = min(max(trend, -2), 2)
	before := s.EconomicClimate
	s.EconomicClimate = ClimateAfterTrend(before, trend)
	*evs = append(*evs, event.EconomicClimateChanged{Turn: s.Turn, Rule: climateTrendRule[trend],
		Trend: trend, Before: before, After: s.EconomicClimate})
	RecomputeEAI(s, "11.35B", evs)
}
