package event

import "stormjudge/adjudicator/storm"

// DisputeObligation reports a side's counter a dispute requires placed by
// the judge, relieved or unmet (24.552A, C); public.
type DisputeObligation struct {
	Turn    storm.Turn `json:"turn"`
	Card    int        `json:"card"`
	Side    storm.Side `json:"side"`
	Outcome string     `json:"outcome"`
}

func (DisputeObligation) Visibility() Visibility { return public }
func (DisputeObligation) Type() string           { return "DisputeObligation" }

func init() { eventTypes["DisputeObligation"] = decode[DisputeObligation] }
