package event

import "stormjudge/adjudicator/storm"

// PurgeCardDrawn reports Russia's purge card (22.41); public: its effects
// (units to reserve, prohibitions) are visible to all (docs/rules.md).
type PurgeCardDrawn struct {
	Turn storm.Turn        `json:"turn"`
	Card storm.PurgeCard   `json:"card"`
	Deck []storm.PurgeCard `json:"deck"` // the cards it was drawn from (22.44, 22.45)
}

// PurgeLevelRaised reports purge events added to the purge level (22.31).
type PurgeLevelRaised struct {
	Rule     string         `json:"rule"`
	What     string         `json:"what"`
	Events   int            `json:"events"`
	Before   int            `json:"before"`
	After    int            `json:"after"`
	Cohesion storm.Cohesion `json:"cohesion"`
	Excess   int            `json:"excess,omitempty"` // 22.73E: events beyond 30 now owed
}

// CohesionChanged reports a new Russian cohesion level (22.71).
type CohesionChanged struct {
	Before storm.Cohesion `json:"before"`
	After  storm.Cohesion `json:"after"`
}

// PartyPurgeChosen reports the prohibition of a Party purge (22.21B),
// announced publicly.
type PartyPurgeChosen struct {
	Turn       storm.Turn `json:"turn"`
	Prohibited string     `json:"prohibited"` // research or diplomacy
}

// FlagInRussiaEliminated reports a foreign flag removed from Russia
// (10.91F; 22.45, 22.73C).
type FlagInRussiaEliminated struct {
	Rule  string      `json:"rule"`
	Power storm.Power `json:"power"`
	Left  int         `json:"left"`
}

func (PurgeCardDrawn) Visibility() Visibility         { return public }
func (PurgeLevelRaised) Visibility() Visibility       { return public }
func (CohesionChanged) Visibility() Visibility        { return public }
func (PartyPurgeChosen) Visibility() Visibility       { return public }
func (FlagInRussiaEliminated) Visibility() Visibility { return public }
func (PurgeCardDrawn) Type() string                   { return "PurgeCardDrawn" }
func (PurgeLevelRaised) Type() string                 { return "PurgeLevelRaised" }
func (CohesionChanged) Type() string                  { return "CohesionChanged" }
func (PartyPurgeChosen) Type() string                 { return "PartyPurgeChosen" }
func (FlagInRussiaEliminated) Type() string           { return "FlagInRussiaEliminated" }

func init() {
	eventTypes["PurgeCardDrawn"] = decode[PurgeCardDrawn]
	eventTypes["PurgeLevelRaised"] = decode[PurgeLevelRaised]
	eventTypes["CohesionChanged"] = decode[CohesionChanged]
	eventTypes["PartyPurgeChosen"] = decode[PartyPurgeChosen]
	eventTypes["FlagInRussiaEliminated"] = decode[FlagInRussiaEliminated]
}

// PurgeOffsetApplied reports a support purge of a random event applied at
// the end of the economic phase with its offset (22.21D); public.
type PurgeOffsetApplied struct {
	Card int    `json:"card"`
	Note string `json:"note"`
}

func (PurgeOffsetApplied) Visibility() Visibility { return public }
func (PurgeOffsetApplied) Type() string           { return "PurgeOffsetApplied" }

func init() {
	eventTypes["PurgeOffsetApplied"] = decode[PurgeOffsetApplied]
}
