package event

import "stormjudge/adjudicator/storm"

// TradePactChanged reports a trade pact concluded, transferred or ended
// (11.61). Public: flags are on the map.
type TradePactChanged struct {
	Minor string      `json:"minor"`
	From  storm.Power `json:"from,omitempty"`
	To    storm.Power `json:"to,omitempty"`
	Rule  string      `json:"rule"`
}

func (TradePactChanged) Visibility() Visibility { return public }
func (TradePactChanged) Type() string           { return "TradePactChanged" }

func init() { eventTypes["TradePactChanged"] = decode[TradePactChanged] }
