package adjudicator

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
	argShipyard = "shipyard"
	argSaved    = "saved="
	argLeftover = "leftover="
)

// shipLeftover is the construction leftover points an order spends
// (LEFTOVER n, 12.41B); shipCounters has checked the entries.
func shipLeftover(o Order) int {
	n := 0
	for _, a := range o.Args {
		if strings.HasPrefix(a, argLeftover) {
			k, _ := strconv.Atoi(strings.TrimPrefix(a, argLeftover))
			n += k
		}
	}
	return n
}

// shipCounters reads a shipbuilding order's resources: general counters,
// shipyard counters and saved points.
func shipCounters(o Order) (general ActivityCounters, shipyard, saved int, err error) {
	general, err = countersOf(o.Counters)
	if err != nil {
		return
	}
	for _, a := range o.Args {
		switch {
		case a == argFree: // 19.62, 19.73D: no counters
		case a == argShipyard:
			shipyard++
		case strings.HasPrefix(a, argSaved):
			n, e := strconv.Atoi(strings.TrimPrefix(a, argSaved))
			if e != nil || n < 1 {
				return general, 0, 0, fmt.Errorf("bad saved points %q", a)
			}
			saved += n
		case strings.HasPrefix(a, argLeftover):
			if n, e := strconv.Atoi(strings.TrimPrefix(a, argLeftover)); e != nil || n < 1 {
				return general, 0, 0, fmt.Errorf("bad leftover points %q", a)
			}
		default:
			return general, 0, 0, fmt.Errorf("unknown order part %q", a)
		}
	}
	return
}

// shipNumber reads the ship an order names.
func shipNumber(o Order) (int, bool) {
	n, err := strconv.Atoi(o.Ship)
	return n, err == nil && n > 0
}

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
	if isFree(o) {
		b.WriteString(" FREE")
		return b.String(), true
	}
	var with []string
	for _, a := range o.Args {
		if a == argShipyard {
			with = append(with, "SHIPYARD 1")
		}
	}
	for _, c := range o.Counters {
		with = append(with, strconv.Itoa(c))
	}
	for _, a := range o.Args {
		if strings.HasPrefix(a, argSaved) {
			with = append(with, "SAVED "+strings.TrimPrefix(a, argSaved))
		}
	}
	for _, a := range o.Args {
		if strings.HasPrefix(a, argLeftover) {
			with = append(with, "LEFTOVER "+strings.TrimPrefix(a, argLeftover))
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

// ParseShipbuilding reads a shipbuilding order from its words, keyword
// included (case-insensitive; commas separate like spaces). It accepts the
// canonical text of Order.String and the variants documented in
// docs/orders.md: CONTINUE for ADVANCE, "#3" or "3" for "SHIP 3",
// BATTLECRUISER, CVL and "4-FACTOR BATTLESHIP" for the classes. ok is
// false when the first word is not a shipbuilding keyword.
func ParseShipbuilding(words []string) (o Order, ok bool, err error) {
	var w []string
	for _, x := range words {
		for _, y := range strings.Split(strings.ToUpper(x), ",") {
			if y != "" {
				w = append(w, y)
			}
		}
	}
	if len(w) == 0 {
		return Order{}, false, nil
	}
	head, rest := w[0], w[1:]
	switch head {
	case "LAY", "LAYDOWN":
		o.Kind = LayDown
		if head == "LAY" {
			if len(rest) == 0 || rest[0] != "DOWN" {
				return o, true, fmt.Errorf("LAY DOWN: say LAY DOWN <ship> WITH <counters>")
			}
			rest = rest[1:]
		}
		var cls []string
		for len(rest) > 0 && rest[0] != "WITH" && rest[0] != "FREE" {
			cls, rest = append(cls, rest[0]), rest[1:]
		}
		c, e := parseClass(cls)
		if e != nil {
			return o, true, e
		}
		o.Ship = string(c)
	case "ADVANCE", "CONTINUE", "LAUNCH", "ACCELERATE", "DEFER":
		o.Kind = map[string]OrderKind{"ADVANCE": Advance, "CONTINUE": Advance, "LAUNCH": Launch,
			"ACCELERATE": Accelerate, "DEFER": Defer}[head]
		if len(rest) > 0 && rest[0] == "SHIP" {
			rest = rest[1:]
		}
		if len(rest) == 0 {
			return o, true, fmt.Errorf("%s: which ship? give its number, e.g. %s SHIP 2", head, head)
		}
		n, e := strconv.Atoi(strings.TrimPrefix(rest[0], "#"))
		if e != nil || n < 1 {
			return o, true, fmt.Errorf("%s: %q is not a ship number (the numbers are on your naval construction chart)", head, rest[0])
		}
		o.Ship, rest = strconv.Itoa(n), rest[1:]
		if o.Kind == Accelerate {
			if len(rest) < 2 || rest[0] != "BY" {
				return o, true, fmt.Errorf("ACCELERATE: say ACCELERATE SHIP %d BY 1 (or BY 2) WITH <counters>", n)
			}
			cols, e := strconv.Atoi(rest[1])
			if e != nil || cols < 1 || cols > 2 {
				return o, true, fmt.Errorf("ACCELERATE: BY 1 or BY 2 columns (19.73)")
			}
			o.Points, rest = cols, rest[2:]
		}
	case "SAVE":
		o.Kind = SaveShip
		// "SAVE 1 WITH SHIPYARD 1": the number is redundant, one point per
		// shipyard counter.
		if len(rest) > 0 && rest[0] != "WITH" {
			if _, e := strconv.Atoi(rest[0]); e == nil {
				rest = rest[1:]
			}
			if len(rest) > 0 && (rest[0] == "POINT" || rest[0] == "POINTS") {
				rest = rest[1:]
			}
		}
	default:
		return Order{}, false, nil
	}
	// FREE: a random event's free ship (19.62) or acceleration (19.73D).
	if len(rest) == 1 && rest[0] == "FREE" {
		if o.Kind != LayDown && o.Kind != Accelerate {
			return o, true, fmt.Errorf("%s: only LAY DOWN (19.62) and ACCELERATE (19.73D) can be FREE, from a random event", head)
		}
		o.Args = []string{argFree}
		return o, true, nil
	}
	if len(rest) == 0 {
		if o.Kind == Defer {
			return o, true, nil
		}
		return o, true, fmt.Errorf("%s: say which activity counters pay for it: WITH SHIPYARD 1, 2 ...", head)
	}
	if rest[0] != "WITH" {
		return o, true, fmt.Errorf("%s: unexpected %q (want WITH <counters>)", head, strings.Join(rest, " "))
	}
	if o.Kind == Defer {
		return o, true, fmt.Errorf("DEFER costs nothing: no WITH")
	}
	rest = rest[1:]
	if len(rest) == 0 {
		return o, true, fmt.Errorf("%s: WITH what? e.g. WITH SHIPYARD 1, 2", head)
	}
	for i := 0; i < len(rest); i++ {
		t := rest[i]
		switch t {
		case "SHIPYARD":
			o.Args = append(o.Args, argShipyard)
			if i+1 < len(rest) && rest[i+1] == "1" {
				i++
			}
		case "SAVED":
			if i+1 >= len(rest) {
				return o, true, fmt.Errorf("SAVED: how many points? e.g. SAVED 1")
			}
			n, e := strconv.Atoi(rest[i+1])
			if e != nil || n < 1 {
				return o, true, fmt.Errorf("SAVED: %q is not a number of points", rest[i+1])
			}
			o.Args = append(o.Args, argSaved+strconv.Itoa(n))
			i++
		case "LEFTOVER":
			// 12.41B: the rest of a counter partly used by a BUILD order.
			if i+1 >= len(rest) {
				return o, true, fmt.Errorf("LEFTOVER: how many points? e.g. LEFTOVER 1")
			}
			n, e := strconv.Atoi(rest[i+1])
			if e != nil || n < 1 {
				return o, true, fmt.Errorf("LEFTOVER: %q is not a number of points", rest[i+1])
			}
			o.Args = append(o.Args, argLeftover+strconv.Itoa(n))
			i++
		case "AND", "+":
		default:
			n, e := strconv.Atoi(t)
			if e != nil || n < 0 || n > 3 {
				return o, true, fmt.Errorf("%s: %q is not an activity counter (3, 2, 1, 0, SHIPYARD 1, SAVED n or LEFTOVER n)", head, t)
			}
			o.Counters = append(o.Counters, n)
		}
	}
	if o.Kind == SaveShip && len(o.Counters) > 0 {
		return o, true, fmt.Errorf("SAVE: only shipyard counters may be saved (19.75A): SAVE WITH SHIPYARD 1")
	}
	return o, true, nil
}

// parseClass reads a ship class: CARRIER (or CVL), BATTLESHIP/BATTLECRUISER
// with an optional size 3, 4, 5 before or after ("4-FACTOR BATTLESHIP",
// "BATTLESHIP 4"); without a size a battleship is the 3-factor one (19.63B).
func parseClass(w []string) (ShipClass, error) {
	size := 0
	var name []string
	for _, x := range w {
		x = strings.TrimSuffix(strings.TrimSuffix(x, "-FACTOR"), "F")
		if n, err := strconv.Atoi(x); err == nil {
			size = n
			continue
		}
		if x == "FACTOR" {
			continue
		}
		name = append(name, x)
	}
	switch strings.Join(name, " ") {
	case "CARRIER", "CVL", "AIRCRAFT CARRIER":
		if size != 0 && size != 2 {
			return "", fmt.Errorf("LAY DOWN: all carriers are 2-factor (19.63A)")
		}
		return Carrier, nil
	case "BATTLESHIP", "BATTLECRUISER", "MODERN BATTLESHIP":
		switch size {
		case 0, 3:
			return Battleship3, nil
		case 4:
			return Battleship4, nil
		case 5:
			return Battleship5, nil
		}
		return "", fmt.Errorf("LAY DOWN: battleships are 3-, 4- or 5-factor (19.63)")
	case "":
		return "", fmt.Errorf("LAY DOWN what? CARRIER, BATTLESHIP 3 (or BATTLECRUISER), BATTLESHIP 4 or BATTLESHIP 5")
	}
	return "", fmt.Errorf("LAY DOWN: unknown ship %q (CARRIER, BATTLESHIP 3, BATTLECRUISER, BATTLESHIP 4, BATTLESHIP 5; light ships are not built, 19.63D)", strings.Join(w, " "))
}
