package event

import "stormjudge/adjudicator/storm"

// EconomicClimateChanged reports the economic trend of the turn and the
// climate it leaves (11.33); public (the card is turned face up, 9.12).
type EconomicClimateChanged struct {
	Turn   storm.Turn `json:"turn"`
	Rule   string     `json:"rule"`
	Trend  int        `json:"trend"`
	Before int        `json:"before"`
	After  int        `json:"after"`
}

func (EconomicClimateChanged) Visibility() Visibility { return public }
func (EconomicClimateChanged) Type() string           { return "EconomicClimateChanged" }

// AtLimit reports that the climate's bounds (11.34) held it: the trend
// would have taken it further than it went (a trend of 0 moves it
// towards 0, 11.33E, and meets no bound).
func (e EconomicClimateChanged) AtLimit() bool { return e.Trend != 0 && e.After != e.Before+e.Trend }

func init() { eventTypes["EconomicClimateChanged"] = decode[EconomicClimateChanged] }
