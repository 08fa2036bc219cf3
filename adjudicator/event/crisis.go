package event

import "stormjudge/adjudicator/storm"

// CrisisEffect reports a power's next-turn effect of a crisis: its support
// change and the activity counter it gains (+) or may not use (-); public.
type CrisisEffect struct {
	Turn    storm.Turn          `json:"turn"`
	Power   storm.Power         `json:"power"`
	Outcome storm.CrisisOutcome `json:"outcome"`
	Support int                 `json:"support"`
	Counter int                 `json:"counter"`
	Rule    string              `json:"rule"`
}

func (CrisisEffect) Visibility() Visibility { return public }
func (CrisisEffect) Type() string           { return "CrisisEffect" }

func init() { eventTypes["CrisisEffect"] = decode[CrisisEffect] }
