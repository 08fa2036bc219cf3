package event

import "stormjudge/adjudicator/storm"

// UnitsReturnedToReserve reports active units sent back to the reserve
// because their maintenance could not be paid (17.11).
type UnitsReturnedToReserve struct {
	Power   storm.Power `json:"power"`
	Units   storm.Units `json:"units"`
	Active  storm.Units `json:"active"`  // afterwards
	Reserve storm.Units `json:"reserve"` // afterwards
}

func (UnitsReturnedToReserve) Visibility() Visibility { return public }
func (UnitsReturnedToReserve) Type() string           { return "UnitsReturnedToReserve" }

func init() {
	eventTypes["UnitsReturnedToReserve"] = decode[UnitsReturnedToReserve]
}
