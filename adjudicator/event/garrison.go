package event

import "stormjudge/adjudicator/storm"

// GarrisonChecked reports a check of the Russian garrison (21.23); public,
// as the garrison is tracked on the Russian scenario card (21.12).
type GarrisonChecked struct {
	Check storm.GarrisonCheck `json:"check"`
}

func (GarrisonChecked) Visibility() Visibility { return public }
func (GarrisonChecked) Type() string           { return "GarrisonChecked" }

func init() { eventTypes["GarrisonChecked"] = decode[GarrisonChecked] }

// UnitsPurged reports Russian units moved to reserve by a military purge
// (22.21A); public, as unit status is.
type UnitsPurged struct {
	Purged           storm.Units `json:"purged"`
	SiberianGarrison bool        `json:"siberian_garrison,omitempty"` // 22.61B: Russia must rebuild it
	Active           storm.Units `json:"active"`                      // after the purge
}

func (UnitsPurged) Visibility() Visibility { return public }
func (UnitsPurged) Type() string           { return "UnitsPurged" }

func init() { eventTypes["UnitsPurged"] = decode[UnitsPurged] }
