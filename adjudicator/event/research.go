package event

import "stormjudge/adjudicator/storm"

// Research events.

// ResearchCountersUsed reports the activity counters a power spent on
// research; expenditures are revealed at the end of the economic phase
// (15.22C, 13.12B).
type ResearchCountersUsed struct {
	Power      storm.Power            `json:"power"`
	Counters   storm.ActivityCounters `json:"counters"`
	Points     int                    `json:"points"`
	TilePoints int                    `json:"tile_points"` // after paying
}

// ResearchAssigned reports research points placed; secret (15.15).
type ResearchAssigned struct {
	Power   storm.Power `json:"power"`
	Side    storm.Side  `json:"side"`
	Project string      `json:"project"`
	Kind    string      `json:"kind,omitempty"`
	Points  int         `json:"points"`
	Steps   int         `json:"steps"` // the project's steps after
}

// ResearchResultAchieved reports a research result (15.6, 16.1). Public,
// unless the result is held secretly (Private names the power told).
type ResearchResultAchieved struct {
	Side    storm.Side         `json:"side"`
	Power   storm.Power        `json:"power,omitempty"` // the project's power; 0 for a joint project
	Project string             `json:"project"`
	Result  int                `json:"result"` // the n-th result on the sheet
	Steps   int                `json:"steps"`
	Effect  storm.ResultEffect `json:"effect"`
	Rule    string             `json:"rule"`
	Private storm.Power        `json:"private,omitempty"`
}

// MaginotResearchRevealed reports Maginot Line steps revealed after the
// 6-step result and the modifier in Belgium/Luxembourg (16.14B, 15.63).
type MaginotResearchRevealed struct {
	Steps    int `json:"steps"`
	Total    int `json:"total"`
	Modifier int `json:"modifier"`
}

// ResearchSurplusGained reports research points of a random event to be
// reassigned (15.24); secret like all research placement (15.15).
type ResearchSurplusGained struct {
	Power    storm.Power            `json:"power"`
	Project  string                 `json:"project"`
	Category storm.ResearchCategory `json:"category"`
	Points   int                    `json:"points"`
}

func (ResearchCountersUsed) Visibility() Visibility    { return public } // 15.22C
func (e ResearchAssigned) Visibility() Visibility      { return Visibility{Power: e.Power} }
func (e ResearchSurplusGained) Visibility() Visibility { return Visibility{Power: e.Power} }
func (MaginotResearchRevealed) Visibility() Visibility { return public } // 16.14B
func (e ResearchResultAchieved) Visibility() Visibility {
	if e.Private != 0 {
		return Visibility{Power: e.Private}
	}
	return public // 15.63
}

func (ResearchCountersUsed) Type() string    { return "ResearchCountersUsed" }
func (ResearchAssigned) Type() string        { return "ResearchAssigned" }
func (ResearchResultAchieved) Type() string  { return "ResearchResultAchieved" }
func (MaginotResearchRevealed) Type() string { return "MaginotResearchRevealed" }
func (ResearchSurplusGained) Type() string   { return "ResearchSurplusGained" }

func init() {
	eventTypes["ResearchCountersUsed"] = decode[ResearchCountersUsed]
	eventTypes["ResearchAssigned"] = decode[ResearchAssigned]
	eventTypes["ResearchResultAchieved"] = decode[ResearchResultAchieved]
	eventTypes["MaginotResearchRevealed"] = decode[MaginotResearchRevealed]
	eventTypes["ResearchSurplusGained"] = decode[ResearchSurplusGained]
}

// ResearchSpied reports the research status a new spy ring reveals to the
// placing side (16.16B); private to each of its powers (To).
type ResearchSpied struct {
	To       storm.Power            `json:"to"`
	Side     storm.Side             `json:"side"`
	Target   storm.Side             `json:"target"`
	Category storm.ResearchCategory `json:"category"`
	Projects []storm.ProjectSteps   `json:"projects"`
}

func (e ResearchSpied) Visibility() Visibility { return Visibility{Power: e.To} }
func (ResearchSpied) Type() string             { return "ResearchSpied" }

func init() { eventTypes["ResearchSpied"] = decode[ResearchSpied] }
