package event

import "stormjudge/adjudicator/storm"

// UnitAddedToReserve reports the post-1940 addition of a unit to a reserve
// (14.737, 14.743); Default when the judge chose infantry for the power.
type UnitAddedToReserve struct {
	Power   storm.Power    `json:"power"`
	Unit    storm.UnitType `json:"unit"`
	Default bool           `json:"default"`
	Reserve storm.Units    `json:"reserve"` // afterwards
	Rule    string         `json:"rule"`
}

func (UnitAddedToReserve) Visibility() Visibility { return public }
func (UnitAddedToReserve) Type() string           { return "UnitAddedToReserve" }

func init() {
	eventTypes["UnitAddedToReserve"] = decode[UnitAddedToReserve]
}
