package event

import "stormjudge/adjudicator/storm"

// SupportGranted reports a support increase for later turns (10.71B,
// 10.81B); Inferred: its figures come from the table's inferred row.
type SupportGranted struct {
	Power    storm.Power        `json:"power"`
	Grant    storm.SupportGrant `json:"grant"`
	Inferred bool               `json:"inferred,omitempty"`
}

func (SupportGranted) Visibility() Visibility { return public }
func (SupportGranted) Type() string           { return "SupportGranted" }

func init() { eventTypes["SupportGranted"] = decode[SupportGranted] }
