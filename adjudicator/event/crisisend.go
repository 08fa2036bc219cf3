package event

import "stormjudge/adjudicator/storm"

// AggressionSucceeded reports an aggression that succeeded (27.52A,
// 27.72): completed at once (29.21, 29.33A-B), or due at a later turn
// (29.32, 29.33B).
type AggressionSucceeded struct {
	Turn      storm.Turn  `json:"turn"`
	Aggressor storm.Power `json:"aggressor"`
	Target    string      `json:"target"`
	Completed *storm.Turn `json:"completed,omitempty"`
	Due       *storm.Turn `json:"due,omitempty"`
	// Counter: Italy uses its military counter, at one tile point a turn
	// when Paid (29.31, 29.33C).
	Counter bool   `json:"counter,omitempty"`
	Paid    bool   `json:"paid,omitempty"`
	Rule    string `json:"rule"`
}

// ConquestCompleted reports an Italian conquest completed at the end of a
// turn (29.32, 29.33B), or a turn of war paid for (29.33C).
type ConquestCompleted struct {
	Turn   storm.Turn `json:"turn"`
	Target string     `json:"target"`
	Done   bool       `json:"done"`
	Cost   int        `json:"cost"`
	Rule   string     `json:"rule"`
}

// PactSigned reports the Nazi-Soviet Pact signed (31.3-31.5) with its
// concession level and terms.
type PactSigned struct {
	Turn    storm.Turn       `json:"turn"`
	Level   int              `json:"level"`
	Rounded int              `json:"rounded"`
	Terms   []storm.PactTerm `json:"terms"`
	Purge   int              `json:"purge_events"`
}

// PactNotOffered reports an aggression against Poland without the pact
// offered (31.61), or one against the Baltic States (31.91); PactSigned:
// the pact was signed before, so the aggression adds no purge events
// (22.31C).
type PactNotOffered struct {
	Turn       storm.Turn `json:"turn"`
	Target     string     `json:"target"`
	Purge      int        `json:"purge_events"`
	Rule       string     `json:"rule"`
	PactSigned bool       `json:"pact_signed,omitempty"`
}

// WarBroke reports the outbreak of war (27.83, 32.8): the game ends.
type WarBroke struct {
	War storm.War `json:"war"`
}

func (AggressionSucceeded) Visibility() Visibility { return public }
func (ConquestCompleted) Visibility() Visibility   { return public }
func (PactSigned) Visibility() Visibility          { return public }
func (PactNotOffered) Visibility() Visibility      { return public }
func (WarBroke) Visibility() Visibility            { return public }
func (AggressionSucceeded) Type() string           { return "AggressionSucceeded" }
func (ConquestCompleted) Type() string             { return "ConquestCompleted" }
func (PactSigned) Type() string                    { return "PactSigned" }
func (PactNotOffered) Type() string                { return "PactNotOffered" }
func (WarBroke) Type() string                      { return "WarBroke" }

func init() {
	eventTypes["AggressionSucceeded"] = decode[AggressionSucceeded]
	eventTypes["ConquestCompleted"] = decode[ConquestCompleted]
	eventTypes["PactSigned"] = decode[PactSigned]
	eventTypes["PactNotOffered"] = decode[PactNotOffered]
	eventTypes["WarBroke"] = decode[WarBroke]
}

// PactFlagsRemoved reports Russian and Allied flags removed one for one
// where they shared a target when the pact was signed (31.51C, 24.82B).
type PactFlagsRemoved struct {
	Turn    storm.Turn `json:"turn"`
	Country string     `json:"country"`
	Removed int        `json:"removed"` // of each side
}

func (PactFlagsRemoved) Visibility() Visibility { return public }
func (PactFlagsRemoved) Type() string           { return "PactFlagsRemoved" }

func init() { eventTypes["PactFlagsRemoved"] = decode[PactFlagsRemoved] }

// PolandDecided reports Germany's choice for Poland proper (29.22) and
// what it did to the Nazi-Soviet Pact (31.8).
type PolandDecided struct {
	Turn   storm.Turn `json:"turn"`
	Choice string     `json:"choice"`
	// PactBroken: the pact of an earlier turn is broken (31.83; offering
	// it with a satellite is refused, 31.82).
	PactBroken bool   `json:"pact_broken,omitempty"`
	Rule       string `json:"rule"`
}

func (PolandDecided) Visibility() Visibility { return public }
func (PolandDecided) Type() string           { return "PolandDecided" }

func init() { eventTypes["PolandDecided"] = decode[PolandDecided] }
