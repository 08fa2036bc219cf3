package event

import "stormjudge/adjudicator/storm"

// SupportDetermined reports a power's support level at the start of a turn
// and the modifiers it is made of (10.31). Public: support levels are on
// the scenario cards.
type SupportDetermined struct {
	Turn      storm.Turn              `json:"turn"`
	Power     storm.Power             `json:"power"`
	Modifiers []storm.SupportModifier `json:"modifiers"`
	Level     int                     `json:"level"`
}

// SupportChanged reports a support change during a turn (11.52).
type SupportChanged struct {
	Power      storm.Power `json:"power"`
	Rule       string      `json:"rule"`
	What       string      `json:"what"`
	Delta      int         `json:"delta"`
	Support    int         `json:"support"`           // after the change
	TileDelta  int         `json:"tile_delta"`        // tile points gained (+) or lost (-) (11.52A)
	Deficit    int         `json:"deficit,omitempty"` // loss that could not be paid (10.41D)
	TilePoints int         `json:"tile_points"`       // after the change
}

func (SupportDetermined) Visibility() Visibility { return public }
func (SupportChanged) Visibility() Visibility    { return public }
func (SupportDetermined) Type() string           { return "SupportDetermined" }
func (SupportChanged) Type() string              { return "SupportChanged" }

func init() {
	eventTypes["SupportDetermined"] = decode[SupportDetermined]
	eventTypes["SupportChanged"] = decode[SupportChanged]
}
