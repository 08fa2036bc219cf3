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

// shipyardsNamed counts the shipyard counters the orders name (19.62).
func shipyardsNamed(orders []storm.Order) int {
	n := 0
	for _, o := range orders {
		if _, shipyard, _, err := shipCounters(o); err == nil {
			n += shipyard
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
