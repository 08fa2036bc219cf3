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

func init() { eventTypes["EconomicClimateChanged"] = decode[EconomicClimateChanged] }
