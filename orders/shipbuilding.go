package orders

import (
	"fmt"
	"strconv"
	"strings"

	"stormjudge/adjudicator/storm"
)

// Shipbuilding orders (19.6, 19.7); their canonical text is Order.String's
// (storm/shipbuilding_order.go), which the grammar reads back:
//
//	LAY DOWN CARRIER WITH SHIPYARD 1, 1          (19.61, 19.62)
//	LAY DOWN BATTLESHIP 4 WITH SHIPYARD 1, 3     (BATTLECRUISER, BATTLESHIP 3/4/5)
//	ADVANCE SHIP 2 WITH 2, 1                     (19.71; CONTINUE is the same)
//	ACCELERATE SHIP 2 BY 1 WITH 1                (19.73; BY 2 is the knight's move)
//	DEFER SHIP 2                                 (19.72)
//	LAUNCH SHIP 3 WITH 2, SAVED 1                (19.74: advancing a ship on row 2)
//	SAVE WITH SHIPYARD 1                         (19.75)
//
// After WITH: 3, 2, 1, 0 are activity counters of that strength; SHIPYARD 1
// is a shipbuilding-only counter; SAVED n spends n saved points; LEFTOVER n
// spends n points a BUILD order's counters gave beyond the units' cost
// (12.41A/B).

const shipHint = "LAY DOWN <CARRIER|BATTLESHIP 3|BATTLESHIP 4|BATTLESHIP 5> WITH SHIPYARD 1, <counters>; " +
	"ADVANCE SHIP <n> WITH <counters>; ACCELERATE SHIP <n> BY <1|2> WITH <counters>; DEFER SHIP <n>; " +
	"LAUNCH SHIP <n> WITH <counters>; SAVE WITH SHIPYARD 1 (19)"

func shipWord(word, rule string, forms ...string) *orderWord {
	return &orderWord{word: word, rule: rule, forms: forms, parse: parseShipbuilding}
}

var (
	layWord        = shipWord("LAY", "19.6", "LAY DOWN BATTLESHIP 3 WITH SHIPYARD 1, 2")
	advanceWord    = shipWord("ADVANCE", "19.71", "ADVANCE SHIP 1 WITH 2, 1")
	continueWord   = shipWord("CONTINUE", "19.71", "CONTINUE SHIP 1 WITH 2, 1")
	accelerateWord = shipWord("ACCELERATE", "19.73", "ACCELERATE SHIP 1 BY 1 WITH 1")
	deferWord      = shipWord("DEFER", "19.72", "DEFER SHIP 1")
	launchWord     = shipWord("LAUNCH", "19.74", "LAUNCH SHIP 1 WITH 2")
	saveWord       = shipWord("SAVE", "19.75", "SAVE WITH SHIPYARD 1")
)

// parseShipbuilding reads any shipbuilding order line.
func parseShipbuilding(l *line) (storm.Order, *Error) {
	o, ok, err := shipOrder(l.words)
	if !ok {
		return storm.Order{}, l.errorf(shipHint, "%s is not a shipbuilding order", quote(l.words[0]))
	}
	if err != nil {
		return storm.Order{}, l.errorf(shipHint, "%v", err)
	}
	return o, nil
}

// shipOrder reads a shipbuilding order from its words, keyword included
// (case-insensitive; commas separate like spaces). It accepts the
// canonical text of Order.String and the variants documented in
// docs/orders.md: CONTINUE for ADVANCE, "#3" or "3" for "SHIP 3",
// BATTLECRUISER, CVL and "4-FACTOR BATTLESHIP" for the classes. ok is
// false when the first word is not a shipbuilding keyword.
func shipOrder(words []string) (o storm.Order, ok bool, err error) {
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
