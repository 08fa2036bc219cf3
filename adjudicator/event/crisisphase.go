package event

import "stormjudge/adjudicator/storm"

// CrisisAnnounced reports an Axis aggression announced (27.11); public.
type CrisisAnnounced struct {
	Turn      storm.Turn  `json:"turn"`
	Aggressor storm.Power `json:"aggressor"`
	Target    string      `json:"target"`
	Pact      bool        `json:"pact,omitempty"`
	// Poland: Germany's choice for Poland proper (29.22).
	Poland string `json:"poland,omitempty"`
	// Forced: the Allies must acquiesce (27.51B).
	Forced bool `json:"forced,omitempty"`
}

// CrisisDecision reports a side's decision in a crisis: who decided what,
// and how (an order, a plan, no choice, or the default of no answer).
type CrisisDecision struct {
	Turn      storm.Turn        `json:"turn"`
	Aggressor storm.Power       `json:"aggressor"`
	Target    string            `json:"target"`
	Stage     storm.CrisisStage `json:"stage"`
	Powers    []storm.Power     `json:"powers"`
	Decision  storm.OrderKind   `json:"decision"`
	How       string            `json:"how"`
	Rule      string            `json:"rule"`
}

// CrisisResistance reports the target's resistance with its tile (28.5).
type CrisisResistance struct {
	Turn       storm.Turn       `json:"turn"`
	Aggressor  storm.Power      `json:"aggressor"`
	Resistance storm.Resistance `json:"resistance"`
}

// CrisisEnded reports how a crisis ended.
type CrisisEnded struct {
	Turn      storm.Turn          `json:"turn"`
	Aggressor storm.Power         `json:"aggressor"`
	Target    string              `json:"target"`
	Outcome   storm.CrisisOutcome `json:"outcome"`
	Rule      string              `json:"rule"`
}

func (CrisisAnnounced) Visibility() Visibility  { return public }
func (CrisisDecision) Visibility() Visibility   { return public }
func (CrisisResistance) Visibility() Visibility { return public }
func (CrisisEnded) Visibility() Visibility      { return public }
func (CrisisAnnounced) Type() string            { return "CrisisAnnounced" }
func (CrisisDecision) Type() string             { return "CrisisDecision" }
func (CrisisResistance) Type() string           { return "CrisisResistance" }
func (CrisisEnded) Type() string                { return "CrisisEnded" }

func init() {
	eventTypes["CrisisAnnounced"] = decode[CrisisAnnounced]
	eventTypes["CrisisDecision"] = decode[CrisisDecision]
	eventTypes["CrisisResistance"] = decode[CrisisResistance]
	eventTypes["CrisisEnded"] = decode[CrisisEnded]
}
