package event

import "stormjudge/adjudicator/storm"

// UnitsMobilized reports the units a mobilization created (14.61, 14.7) and
// when each enters the reserve (14.8).
type UnitsMobilized struct {
	Power        storm.Power            `json:"power"`
	Mobilization int                    `json:"mobilization"`
	Units        []storm.MobilizingUnit `json:"units"`
}

// ShipbuildingIncreased reports a shipbuilding increase created by a
// mobilization (14.61); it takes effect at once (14.81).
type ShipbuildingIncreased struct {
	Power        storm.Power `json:"power"`
	Mobilization int         `json:"mobilization"`
	Total        int         `json:"total"` // shipbuilding increases after this one
}

// UnitsReachedReserve reports mobilized units entering the reserve at the
// start of a turn (14.81, 13.21B).
type UnitsReachedReserve struct {
	Power   storm.Power `json:"power"`
	Units   storm.Units `json:"units"`
	Reserve storm.Units `json:"reserve"` // the reserve afterwards
}

// Mobilization choices and shipbuilding increases are revealed with the
// economic phase (13.12); a unit reaching the reserve is the power's own
// business until it is built (18.21B makes active units public).
func (UnitsMobilized) Visibility() Visibility        { return public }
func (ShipbuildingIncreased) Visibility() Visibility { return public }
func (e UnitsReachedReserve) Visibility() Visibility { return Visibility{Power: e.Power} }
func (UnitsMobilized) Type() string                  { return "UnitsMobilized" }
func (ShipbuildingIncreased) Type() string           { return "ShipbuildingIncreased" }
func (UnitsReachedReserve) Type() string             { return "UnitsReachedReserve" }

func init() {
	eventTypes["UnitsMobilized"] = decode[UnitsMobilized]
	eventTypes["ShipbuildingIncreased"] = decode[ShipbuildingIncreased]
	eventTypes["UnitsReachedReserve"] = decode[UnitsReachedReserve]
}
