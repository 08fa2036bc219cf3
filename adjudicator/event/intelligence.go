package event

import "stormjudge/adjudicator/storm"

// IntelligenceAnnounced is an intelligence result used or a spy ring's
// fate, announced to all (15.63, 16.16): public.
type IntelligenceAnnounced struct {
	Turn    storm.Turn  `json:"turn"`
	Side    storm.Side  `json:"side"`
	Power   storm.Power `json:"power"`
	What    string      `json:"what"`
	Target  string      `json:"target,omitempty"`
	Outcome string      `json:"outcome"`
	Rule    string      `json:"rule"`
}

func (IntelligenceAnnounced) Visibility() Visibility { return public }
func (IntelligenceAnnounced) Type() string           { return "IntelligenceAnnounced" }

func init() { eventTypes["IntelligenceAnnounced"] = decode[IntelligenceAnnounced] }
