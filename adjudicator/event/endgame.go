package event

import "stormjudge/adjudicator/storm"

// FinalResearchAssigned reports a side's final research points (33.21).
type FinalResearchAssigned struct {
	Side    storm.Side `json:"side"`
	Project string     `json:"project"`
	Points  int        `json:"points"`
	Steps   int        `json:"steps"`
	Rule    string     `json:"rule"`
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
func (FinalResearchAssigned) Type() string           { return "FinalResearchAssigned" }
func (GameEnded) Type() string                       { return "GameEnded" }

func init() {
	eventTypes["FinalResearchAssigned"] = decode[FinalResearchAssigned]
	eventTypes["GameEnded"] = decode[GameEnded]
}
