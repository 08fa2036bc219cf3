package event

import "stormjudge/adjudicator/storm"

// FinalResearchAssigned reports a side's final research points (33.21).
type FinalResearchAssigned struct {
	Side    storm.Side `json:"side"`
	Project string     `json:"project"`
	Points  int        `json:"points"`
	Steps   int        `json:"steps"`
	Rule    string     `json:"rule"`
	// Deferred: Russian steps from excess purge events assigned as
	// general points (22.73E, 33.21C), not final points of the table.
	Deferred bool `json:"deferred,omitempty"`
	// ByJudge: deferred steps Russia left unordered, assigned by the
	// judge (33.21C: they are assigned; docs/rules.md r-22-73e).
	ByJudge bool `json:"by_judge,omitempty"`
}

// AWAWInfantryAdded reports 3-3 infantry units added to Russia's A World at
// War force pool (22.73E, 33.21C), paid with excess purge events and, in
// the final research, Russia's general final points: for A World at War,
// no effect in this game. Public, as the purge track is.
type AWAWInfantryAdded struct {
	Units         int    `json:"units"`
	PurgeEvents   int    `json:"purge_events"`             // excess purge events spent
	GeneralPoints int    `json:"general_points,omitempty"` // general final points spent (33.21C)
	Total         int    `json:"total"`                    // the units of the game so far
	Rule          string `json:"rule"`
}

// GameEnded reports the end of the game with the final victory points (34).
type GameEnded struct {
	Turn    storm.Turn    `json:"turn"`
	War     storm.War     `json:"war"`
	Victory storm.Victory `json:"victory"`
	// WorldAtWar are the effects of this turn's crises on the first turn
	// of A World at War, reported for the record (27.62C, 27.72C, 27.82C).
	WorldAtWar []storm.WorldAtWarEffect `json:"world_at_war,omitempty"`
}

func (FinalResearchAssigned) Visibility() Visibility { return public }
func (GameEnded) Visibility() Visibility             { return public }
func (AWAWInfantryAdded) Visibility() Visibility     { return public }
func (AWAWInfantryAdded) Type() string               { return "AWAWInfantryAdded" }
func (FinalResearchAssigned) Type() string           { return "FinalResearchAssigned" }
func (GameEnded) Type() string                       { return "GameEnded" }

func init() {
	eventTypes["FinalResearchAssigned"] = decode[FinalResearchAssigned]
	eventTypes["GameEnded"] = decode[GameEnded]
	eventTypes["AWAWInfantryAdded"] = decode[AWAWInfantryAdded]
}
