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
	Split           bool                `json:"split,omitempty"` // Yugoslavia split into Croatia and Serbia (25.73A)
}

// CivilWarEnded reports a civil war ended otherwise than by its last
// counter (25.61A reports with CivilWarResolved): by an Italian attack on
// the country at the end of the crisis phase (25.61B), with the effects
// of 25.71-25.73, or by the outbreak of war (25.61C), without effect on
// this game; public.
type CivilWarEnded struct {
	Turn    storm.Turn          `json:"turn"`
	Country string              `json:"country"`
	Rule    string              `json:"rule"`
	Flags   map[storm.Power]int `json:"flags"`            // the flags there when it ended
	Winner  storm.Side          `json:"winner,omitempty"` // 25.71
	Power   storm.Power         `json:"power,omitempty"`  // the additional counter's power next turn (25.72)
	Split   bool                `json:"split,omitempty"`  // 25.73A
}

func (CivilWarBrokeOut) Visibility() Visibility   { return public }
func (CivilWarObligation) Visibility() Visibility { return public }
func (CivilWarResolved) Visibility() Visibility   { return public }
func (CivilWarEnded) Visibility() Visibility      { return public }
func (CivilWarEnded) Type() string                { return "CivilWarEnded" }
func (CivilWarBrokeOut) Type() string             { return "CivilWarBrokeOut" }
func (CivilWarObligation) Type() string           { return "CivilWarObligation" }
func (CivilWarResolved) Type() string             { return "CivilWarResolved" }

func init() {
	eventTypes["CivilWarBrokeOut"] = decode[CivilWarBrokeOut]
	eventTypes["CivilWarObligation"] = decode[CivilWarObligation]
	eventTypes["CivilWarResolved"] = decode[CivilWarResolved]
	eventTypes["CivilWarEnded"] = decode[CivilWarEnded]
}
