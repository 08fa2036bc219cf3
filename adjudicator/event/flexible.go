package event

import "stormjudge/adjudicator/storm"

// FlexibleApplied reports where a flexible event's modifier went; public.
type FlexibleApplied struct {
	Turn    storm.Turn  `json:"turn"`
	Power   storm.Power `json:"power"`
	Card    int         `json:"card"`
	Country string      `json:"country"`
	Value   int         `json:"value"`
	How     string      `json:"how"`
}

func (FlexibleApplied) Visibility() Visibility { return public }
func (FlexibleApplied) Type() string           { return "FlexibleApplied" }

func init() { eventTypes["FlexibleApplied"] = decode[FlexibleApplied] }
