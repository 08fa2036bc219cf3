package storm

import (
	"slices"
	"strings"
)

// MobilizationRecord is what one mobilization made in the game created
// (14.7).
type MobilizationRecord struct {
	Number int        `json:"number"` // the power's n-th mobilization, 14.9 included
	Turn   Turn       `json:"turn"`
	Units  []UnitType `json:"units"`
	// From is the factory mobilized: idle or civilian (14.31); 34.31C
	// counts Russia's civilian ones.
	From FactoryKind `json:"from,omitempty"`
}

// MobilizingUnit is a unit created by a mobilization and not yet in the
// reserve (14.81): it enters the reserve at the start of turn Arrives, and
// may be built in that turn (13.21B).
type MobilizingUnit struct {
	Unit         UnitType `json:"unit"`
	Arrives      Turn     `json:"arrives"`
	Mobilization int      `json:"mobilization"`
}

// UnitTypes are the unit types in canonical order.
var UnitTypes = []UnitType{Armor, Infantry, Air, ShipbuildingIncrease}

// Valid reports whether u is one of the four unit types.
func (u UnitType) Valid() bool { return slices.Contains(UnitTypes, u) }

// UnitList renders units as "ARMOR, INFANTRY, AIR".
func UnitList(us []UnitType) string {
	var ws []string
	for _, u := range us {
		ws = append(ws, strings.ToUpper(string(u)))
	}
	return strings.Join(ws, ", ")
}

// Add adds n units of type u (not shipbuilding).
func (u *Units) Add(t UnitType, n int) {
	switch t {
	case Armor:
		u.Armor += n
	case Infantry:
		u.Infantry += n
	case Air:
		u.Air += n
	}
}

// Count returns the number of units of type t.
func (u Units) Count(t UnitType) int {
	switch t {
	case Armor:
		return u.Armor
	case Infantry:
		return u.Infantry
	case Air:
		return u.Air
	}
	return 0
}
