package storm

import (
	"fmt"
	"strings"
)

// Activity counters in use (12.3, 12.4). Every part of a turn that uses
// counters goes through UseCounters, so that a counter is used once a turn
// and its strength is paid in tile points when used.

// Sub returns a - b, field by field.
func (a ActivityCounters) Sub(b ActivityCounters) ActivityCounters {
	return ActivityCounters{Three: a.Three - b.Three, Two: a.Two - b.Two, One: a.One - b.One,
		Zero: a.Zero - b.Zero, Ship: a.Ship - b.Ship, Research: a.Research - b.Research}
}

// Add returns a + b, field by field.
func (a ActivityCounters) Add(b ActivityCounters) ActivityCounters {
	return ActivityCounters{Three: a.Three + b.Three, Two: a.Two + b.Two, One: a.One + b.One,
		Zero: a.Zero + b.Zero, Ship: a.Ship + b.Ship, Research: a.Research + b.Research}
}

// Covers reports whether a holds at least the counters of b.
func (a ActivityCounters) Covers(b ActivityCounters) bool {
	d := a.Sub(b)
	return d.Three >= 0 && d.Two >= 0 && d.One >= 0 && d.Zero >= 0 && d.Ship >= 0 && d.Research >= 0
}

// Count returns how many counters a holds.
func (a ActivityCounters) Count() int {
	return a.Three + a.Two + a.One + a.Zero + a.Ship + a.Research
}

// Available returns the counters p may still use this turn (12.12).
func (ps *PowerState) Available() ActivityCounters { return ps.Counters.Sub(ps.Used) }

// CountersOf turns a list of strengths (3, 2, 1, 0) into general-purpose
// counters; shipyard and research-only counters are named by the callers
// that may use them.
func CountersOf(strengths []int) (ActivityCounters, error) {
	var c ActivityCounters
	for _, n := range strengths {
		switch n {
		case 3:
			c.Three++
		case 2:
			c.Two++
		case 1:
			c.One++
		case 0:
			c.Zero++
		default:
			return c, fmt.Errorf("there are no activity counters of strength %d (12.21: 3, 2, 1, 0)", n)
		}
	}
	return c, nil
}

// CheckCounters says why c cannot be used by ps now, or "" when it can:
// every counter must be available (12.12) and its strength payable in tile
// points (12.31, 6.12).
func CheckCounters(ps *PowerState, c ActivityCounters) (rule, msg string) {
	if !ps.Available().Covers(c) {
		return "12.12", fmt.Sprintf("not enough activity counters left this turn (available: %s)", ps.Available())
	}
	if cost := c.Points(); ps.TilePoints < cost {
		return "12.31", fmt.Sprintf("the counters cost %d tile point(s), %d left", cost, ps.TilePoints)
	}
	return "", ""
}

// UseCounters marks c used and pays its strength (12.31, 12.32). The caller
// has checked it with CheckCounters.
func UseCounters(ps *PowerState, c ActivityCounters) {
	ps.Used = ps.Used.Add(c)
	ps.TilePoints -= c.Points()
}

// String lists the counters there are, strongest first, as "1 x 3, 2 x 2,
// 1 x 1 (shipbuilding only), 1 x 1 (research only)" (12.21); "none" when
// there are none. Receipts, refusals and notices all word counters so.
func (a ActivityCounters) String() string {
	if parts := a.terms(false); len(parts) > 0 {
		return strings.Join(parts, ", ")
	}
	return "none"
}

// Change words a signed change of counters, e.g. "-1 x 3, +1 x 2".
func (a ActivityCounters) Change() string { return strings.Join(a.terms(true), ", ") }

// terms words each kind of counter a holds, strongest first, leaving out
// the kinds it has none of ("2 x 3"), or with withSign every kind that
// changes ("+2 x 3", "-1 x 1 (shipbuilding only)").
func (a ActivityCounters) terms(withSign bool) []string {
	var parts []string
	for _, k := range []struct {
		n    int
		what string
	}{{a.Three, "3"}, {a.Two, "2"}, {a.One, "1"}, {a.Zero, "0"}, {a.Ship, "1 (shipbuilding only)"}, {a.Research, "1 (research only)"}} {
		switch {
		case withSign && k.n != 0:
			parts = append(parts, fmt.Sprintf("%+d x %s", k.n, k.what))
		case !withSign && k.n > 0:
			parts = append(parts, fmt.Sprintf("%d x %s", k.n, k.what))
		}
	}
	return parts
}
