package event

import "stormjudge/adjudicator/storm"

// EAIDetermined reports the EAI and its modifiers (23.21); public.
type EAIDetermined struct {
	Turn   storm.Turn      `json:"turn"`
	Rule   string          `json:"rule"`
	Before int             `json:"before"`
	Level  int             `json:"level"`
	Terms  []storm.EAITerm `json:"terms"`
}

func (EAIDetermined) Visibility() Visibility { return public }
func (EAIDetermined) Type() string           { return "EAIDetermined" }

func init() { eventTypes["EAIDetermined"] = decode[EAIDetermined] }
