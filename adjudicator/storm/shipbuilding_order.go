package storm

import (
	"fmt"
	"strconv"
	"strings"
)

// Shipbuilding order kinds (19.6, 19.7) and the Order fields each uses:
//
//	LAY DOWN <class> WITH <counters>       Ship = class (19.61, 19.62)
//	ADVANCE SHIP <n> WITH <counters>       Ship = "n" (19.71)
//	LAUNCH SHIP <n> WITH <counters>        Ship = "n", a ship on row 2 (19.74)
//	ACCELERATE SHIP <n> BY <1|2> WITH ...  Ship = "n", Points = columns (19.73)
//	DEFER SHIP <n>                         Ship = "n" (19.72)
//	SAVE WITH SHIPYARD 1 [, SHIPYARD 1]    (19.75)
//
// <counters> lists activity counters and saved points: a strength 3, 2, 1
// or 0 is a general counter (Order.Counters); "SHIPYARD 1" is one
// shipbuilding-only 1 counter (12.21, 12.41B: an Args entry "shipyard");
// "SAVED n" spends n saved shipbuilding points (19.75: an Args entry
// "saved=n"); "LEFTOVER n" spends n points of the rest of a counter partly
// used by this turn's BUILD orders (12.41A/B: an Args entry "leftover=n").
const (
	LayDown    OrderKind = "lay-down"
	Advance    OrderKind = "advance"
	Launch     OrderKind = "launch"
	Accelerate OrderKind = "accelerate"
	Defer      OrderKind = "defer"
	SaveShip   OrderKind = "save"
)

// Args entries of shipbuilding orders.
const (
	ArgShipyard = "shipyard"
	ArgSaved    = "saved="
	ArgLeftover = "leftover="
)

// shipbuildingString renders the canonical text of a shipbuilding order,
// e.g. "LAY DOWN CARRIER WITH SHIPYARD 1, 1"; ok is false for other kinds.
func shipbuildingString(o Order) (string, bool) {
	var b strings.Builder
	switch o.Kind {
	case LayDown:
		b.WriteString("LAY DOWN " + classWord(ShipClass(o.Ship)))
	case Advance, Launch, Defer:
		b.WriteString(strings.ToUpper(string(o.Kind)) + " SHIP " + o.Ship)
	case Accelerate:
		fmt.Fprintf(&b, "ACCELERATE SHIP %s BY %d", o.Ship, o.Points)
	case SaveShip:
		b.WriteString("SAVE")
	default:
		return "", false
	}
	if IsFree(o) {
		b.WriteString(" FREE")
		return b.String(), true
	}
	var with []string
	for _, a := range o.Args {
		if a == ArgShipyard {
			with = append(with, "SHIPYARD 1")
		}
	}
	for _, c := range o.Counters {
		with = append(with, strconv.Itoa(c))
	}
	for _, a := range o.Args {
		if strings.HasPrefix(a, ArgSaved) {
			with = append(with, "SAVED "+strings.TrimPrefix(a, ArgSaved))
		}
	}
	for _, a := range o.Args {
		if strings.HasPrefix(a, ArgLeftover) {
			with = append(with, "LEFTOVER "+strings.TrimPrefix(a, ArgLeftover))
		}
	}
	if len(with) > 0 {
		b.WriteString(" WITH " + strings.Join(with, ", "))
	}
	return b.String(), true
}

// classWord is the canonical order word of a class.
func classWord(c ShipClass) string {
	switch c {
	case Carrier:
		return "CARRIER"
	case Battleship3:
		return "BATTLESHIP 3"
	case Battleship4:
		return "BATTLESHIP 4"
	case Battleship5:
		return "BATTLESHIP 5"
	}
	return strings.ToUpper(string(c))
}
