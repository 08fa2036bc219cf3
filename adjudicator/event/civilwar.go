package event

import "stormjudge/adjudicator/storm"

// CivilWarBrokeOut reports a civil war's outbreak (25.31); public.
type CivilWarBrokeOut struct {
	Turn       storm.Turn   `json:"turn"`
	Country    string       `json:"country"`
	Government storm.Side   `json:"government"`
	Rebels     []storm.Side `json:"rebels"`
	Rule       string       `json:"rule"`
}

// CivilWarObligation reports a contending side's obligation to place a
// counter in a civil war (25.52A) met by the judge, relieved or unmet;
// public (the placement's value stays sealed).
type CivilWarObligation struct {
	Turn    storm.Turn  `json:"turn"`
	Country string      `json:"country"`
	Side    storm.Side  `json:"side"`
	Power   storm.Power `json:"power,omitempty"`
	Outcome string      `json:"outcome"`
}

// CivilWarResolved is a turn of civil war diplomacy (25.53-25.61); public.
type CivilWarResolved struct {
	Turn            storm.Turn          `json:"turn"`
	Country         string              `json:"country"`
	Government      storm.Side          `json:"government"`
	Rebels          storm.Side          `json:"rebels"`
	GovernmentLevel int                 `json:"government_level"` // with the +1 of 25.41D
	RebelLevel      int                 `json:"rebel_level"`
	Drawn           int                 `json:"drawn"`            // the civil war counter drawn (25.53B)
	ThresholdEvents int                 `json:"threshold_events"` // the other alliance's events there
	Threshold       int                 `json:"threshold"`
	Winner          storm.Side          `json:"winner,omitempty"`
	Power           storm.Power         `json:"power,omitempty"` // the free counter's power next turn (24.53)
	Result          bool                `json:"result,omitempty"`
	Outcome         string              `json:"outcome"`
	RemovedByEvents []int               `json:"removed_by_events,omitempty"`
	CountersLeft    int                 `json:"counters_left"`
	FlagsBefore     map[storm.Power]int `json:"flags_before"`
	FlagsAfter      map[storm.Power]int `json:"flags_after"`
	Ended           bool                `json:"ended,omitempty"`
	WarWinner       storm.Side          `json:"war_winner,omitempty"`
}

func (CivilWarBrokeOut) Visibility() Visibility   { return public }
func (CivilWarObligation) Visibility() Visibility { return public }
func (CivilWarResolved) Visibility() Visibility   { return public }
func (CivilWarBrokeOut) Type() string             { return "CivilWarBrokeOut" }
func (CivilWarObligation) Type() string           { return "CivilWarObligation" }
func (CivilWarResolved) Type() string             { return "CivilWarResolved" }

func init() {
	eventTypes["CivilWarBrokeOut"] = decode[CivilWarBrokeOut]
	eventTypes["CivilWarObligation"] = decode[CivilWarObligation]
	eventTypes["CivilWarResolved"] = decode[CivilWarResolved]
}
