package storm

import (
	"slices"
	"strconv"
	"strings"
)

// Build is the unit construction order (18).
const Build OrderKind = "build"

// AddToReserve is the post-1940 British and French reserve addition
// (14.737, 14.743): RESERVE INFANTRY.
const AddToReserve OrderKind = "reserve"

// BuildString renders a BUILD order, e.g. "BUILD ARMOR WITH 2".
func BuildString(o Order) string {
	s := "BUILD"
	if o.Kind == AddToReserve {
		s = "RESERVE"
	}
	if len(o.Units) > 0 {
		s += " " + UnitList(o.Units)
	}
	if IsFree(o) {
		return s + " FREE" // 18.41: a random event's free unit
	}
	if len(o.Counters) > 0 {
		var ns []string
		for _, n := range o.Counters {
			ns = append(ns, strconv.Itoa(n))
		}
		s += " WITH " + strings.Join(ns, " ")
	}
	return s
}

// ArgFree marks an order that uses a random event's free option: BUILD
// <unit> FREE (18.41), LAY DOWN <ship> FREE (19.62), ACCELERATE SHIP <n>
// BY <v> FREE (19.73D).
const ArgFree = "free"

// IsFree reports an order that uses a random event's free option.
func IsFree(o Order) bool { return slices.Contains(o.Args, ArgFree) }

// Plus returns u and v summed kind by kind.
func (u Units) Plus(v Units) Units {
	return Units{u.Armor + v.Armor, u.Infantry + v.Infantry, u.Air + v.Air}
}

// Minus returns u less v, kind by kind.
func (u Units) Minus(v Units) Units {
	return Units{u.Armor - v.Armor, u.Infantry - v.Infantry, u.Air - v.Air}
}

// CounterPoints is the strength of the counters an order names (12.31).
func (o Order) CounterPoints() int {
	n := 0
	for _, c := range o.Counters {
		n += c
	}
	return n
}
