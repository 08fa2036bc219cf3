package economy

import (
	"fmt"
	"strconv"
	"strings"

	"stormjudge/adjudicator/storm"
)

// shipLeftover is the construction leftover points an order spends
// (LEFTOVER n, 12.41B); shipCounters has checked the entries.
func shipLeftover(o storm.Order) int {
	n := 0
	for _, a := range o.Args {
		if strings.HasPrefix(a, storm.ArgLeftover) {
			k, _ := strconv.Atoi(strings.TrimPrefix(a, storm.ArgLeftover))
			n += k
		}
	}
	return n
}

// shipCounters reads a shipbuilding order's resources: general counters,
// shipyard counters and saved points.
func shipCounters(o storm.Order) (general storm.ActivityCounters, shipyard, saved int, err error) {
	general, err = storm.CountersOf(o.Counters)
	if err != nil {
		return
	}
	for _, a := range o.Args {
		switch {
		case a == storm.ArgFree: // 19.62, 19.73D: no counters
		case a == storm.ArgShipyard:
			shipyard++
		case strings.HasPrefix(a, storm.ArgSaved):
			n, e := strconv.Atoi(strings.TrimPrefix(a, storm.ArgSaved))
			if e != nil || n < 1 {
				return general, 0, 0, fmt.Errorf("bad saved points %q", a)
			}
			saved += n
		case strings.HasPrefix(a, storm.ArgLeftover):
			if n, e := strconv.Atoi(strings.TrimPrefix(a, storm.ArgLeftover)); e != nil || n < 1 {
				return general, 0, 0, fmt.Errorf("bad leftover points %q", a)
			}
		default:
			return general, 0, 0, fmt.Errorf("unknown order part %q", a)
		}
	}
	return
}

// shipNumber reads the ship an order names.
func shipNumber(o storm.Order) (int, bool) {
	if o.Ship == "" { // most orders name none: no error to make
		return 0, false
	}
	n, err := strconv.Atoi(o.Ship)
	return n, err == nil && n > 0
}

// ParseShipbuilding reads a shipbuilding order from its words, keyword
// included (case-insensitive; commas separate like spaces). It accepts the
// canonical text of Order.String and the variants documented in
// docs/orders.md: CONTINUE for ADVANCE, "#3" or "3" for "SHIP 3",
// BATTLECRUISER, CVL and "4-FACTOR BATTLESHIP" for the classes. ok is
// false when the first word is not a shipbuilding keyword.
func ParseShipbuilding(words []string) (o storm.Order, ok bool, err error) {
	var w []string
	for _, x := range words {
		for _, y := range strings.Split(strings.ToUpper(x), ",") {
			if y != "" {
				w = append(w, y)
			}
		}
	}
	if len(w) == 0 {
		return storm.Order{}, false, nil
	}
	head, rest := w[0], w[1:]
	switch head {
	case "LAY", "LAYDOWN":
		o.Kind = storm.LayDown
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
		o.Kind = map[string]storm.OrderKind{"ADVANCE": storm.Advance, "CONTINUE": storm.Advance, "LAUNCH": storm.Launch,
			"ACCELERATE": storm.Accelerate, "DEFER": storm.Defer}[head]
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
		if o.Kind == storm.Accelerate {
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
		o.Kind = storm.SaveShip
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
		return storm.Order{}, false, nil
	}
	// FREE: a random event's free ship (19.62) or acceleration (19.73D).
	if len(rest) == 1 && rest[0] == "FREE" {
		if o.Kind != storm.LayDown && o.Kind != storm.Accelerate {
			return o, true, fmt.Errorf("%s: only LAY DOWN (19.62) and ACCELERATE (19.73D) can be FREE, from a random event", head)
		}
		o.Args = []string{storm.ArgFree}
		return o, true, nil
	}
	if len(rest) == 0 {
		if o.Kind == storm.Defer {
			return o, true, nil
		}
		//lint:ignore ST1005 the receipt quotes it, with its example, as players read it
		return o, true, fmt.Errorf("%s: say which activity counters pay for it: WITH SHIPYARD 1, 2 ...", head)
	}
	if rest[0] != "WITH" {
		return o, true, fmt.Errorf("%s: unexpected %q (want WITH <counters>)", head, strings.Join(rest, " "))
	}
	if o.Kind == storm.Defer {
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
			o.Args = append(o.Args, storm.ArgShipyard)
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
			o.Args = append(o.Args, storm.ArgSaved+strconv.Itoa(n))
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
			o.Args = append(o.Args, storm.ArgLeftover+strconv.Itoa(n))
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
	if o.Kind == storm.SaveShip && len(o.Counters) > 0 {
		return o, true, fmt.Errorf("SAVE: only shipyard counters may be saved (19.75A): SAVE WITH SHIPYARD 1")
	}
	return o, true, nil
}

// parseClass reads a ship class: CARRIER (or CVL), BATTLESHIP/BATTLECRUISER
// with an optional size 3, 4, 5 before or after ("4-FACTOR BATTLESHIP",
// "BATTLESHIP 4"); without a size a battleship is the 3-factor one (19.63B).
func parseClass(w []string) (storm.ShipClass, error) {
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
		return storm.Carrier, nil
	case "BATTLESHIP", "BATTLECRUISER", "MODERN BATTLESHIP":
		switch size {
		case 0, 3:
			return storm.Battleship3, nil
		case 4:
			return storm.Battleship4, nil
		case 5:
			return storm.Battleship5, nil
		}
		return "", fmt.Errorf("LAY DOWN: battleships are 3-, 4- or 5-factor (19.63)")
	case "":
		return "", fmt.Errorf("LAY DOWN what? CARRIER, BATTLESHIP 3 (or BATTLECRUISER), BATTLESHIP 4 or BATTLESHIP 5")
	}
	return "", fmt.Errorf("LAY DOWN: unknown ship %q (CARRIER, BATTLESHIP 3, BATTLECRUISER, BATTLESHIP 4, BATTLESHIP 5; light ships are not built, 19.63D)", strings.Join(w, " "))
}
