package event

import "stormjudge/adjudicator/storm"

// UnitsBuilt reports units built (18.11, 18.21A) and the counters paid.
// Active units are public (18.21B: the balance of power chart shows them).
type UnitsBuilt struct {
	Power      storm.Power            `json:"power"`
	Units      storm.Units            `json:"units"`
	Counters   storm.ActivityCounters `json:"counters"`
	Cost       int                    `json:"cost"`        // tile points paid (12.31)
	TilePoints int                    `json:"tile_points"` // after paying
	Active     storm.Units            `json:"active"`      // active units afterwards
	Rule       string                 `json:"rule"`        // 18.11, or 18.51 when required of Russia
	// Leftover is the points paid beyond the units' cost, kept for
	// shipbuilding this turn (12.41A/B).
	Leftover int `json:"leftover,omitempty"`
}

func (UnitsBuilt) Visibility() Visibility { return public }
func (UnitsBuilt) Type() string           { return "UnitsBuilt" }

func init() {
	eventTypes["UnitsBuilt"] = decode[UnitsBuilt]
}
