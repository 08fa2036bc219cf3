package economy

import (
	"fmt"

	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/randomevent"
	"stormjudge/adjudicator/storm"
)

// Construction segment of the economic phase: unit construction (13.11C,
// 17, 18).
//
// A BUILD order names one or more units and the activity counters paying
// for them, by strength: BUILD ARMOR WITH 2, BUILD INFANTRY AIR WITH 3 1.
// Counters are pooled within one order (12.41A: one 3 and one 1 build two
// units). What the counters give beyond the units' cost is the rest of a
// counter partly used for construction (12.41A/B): it is kept for the turn
// (PowerState.ConstructionLeftover) and shipbuilding orders may spend it
// with LEFTOVER n (shipbuilding.go).

// ConstructionKinds are the unit construction orders.
var ConstructionKinds = []storm.OrderKind{storm.Build, storm.AddToReserve}

// buildCost is the activity counter points a unit costs (18.11).
const buildCost = 2

// checkConstruction checks p's construction orders against s (18.1, 18.4,
// 12.41A), together: the counters and reserve units they share.
func checkConstruction(s storm.State, p storm.Power, orders []storm.Order) []storm.IndexedError {
	var errs []storm.IndexedError
	// 14.737, 14.743: the reserve addition comes first, so that the unit
	// may be built in the same turn (13.21B).
	extra, addErrs := checkReserveAdditions(s, p, orders)
	errs = append(errs, addErrs...)
	withExtra := *s.Powers[p]
	withExtra.Reserve = withExtra.Reserve.Plus(extra)
	ps := &withExtra
	var built storm.Units            // units ordered so far (18.41B)
	var spent storm.ActivityCounters // counters ordered so far (12.12)
	var free storm.Units             // free units ordered so far (18.41)
	for i, o := range orders {
		if o.Kind == storm.AddToReserve {
			continue
		}
		fail := func(rule, format string, a ...any) {
			errs = append(errs, storm.IndexedError{OrderError: storm.OrderError{Order: o, Rule: rule, Msg: fmt.Sprintf(format, a...)}, Index: i})
		}
		if storm.IsFree(o) {
			if rule, msg := checkFreeBuild(ps, o, built, free); rule != "" {
				fail(rule, "%s", msg)
				continue
			}
			free.Add(o.Units[0], 1)
			continue
		}
		left := *ps
		left.Reserve = ps.Reserve.Minus(free)
		c, rule, msg := checkBuild(&left, o, built, spent)
		if rule != "" {
			fail(rule, "%s", msg)
			continue
		}
		for _, u := range o.Units {
			built.Add(u, 1)
		}
		spent = spent.Add(c)
	}
	return errs
}

// checkBuild checks one BUILD order given the units and counters of the
// power's earlier BUILD orders this turn; it returns the counters used.
func checkBuild(ps *storm.PowerState, o storm.Order, built storm.Units, spent storm.ActivityCounters) (storm.ActivityCounters, string, string) {
	if len(o.Units) == 0 {
		return storm.ActivityCounters{}, "18.11", "name the unit to build: ARMOR, INFANTRY or AIR"
	}
	var these storm.Units
	for _, u := range o.Units {
		switch u {
		case storm.Armor, storm.Infantry, storm.Air:
		case storm.ShipbuildingIncrease:
			return storm.ActivityCounters{}, "18.11", "shipbuilding increases are not built; ships are laid down by shipbuilding (19)"
		default:
			return storm.ActivityCounters{}, "18.11", fmt.Sprintf("unknown unit %q (armor, infantry or air)", string(u))
		}
		these.Add(u, 1)
		if extra := countOf(ps.Economy.Options.ExtraBuilds, u); built.Count(u)+these.Count(u) > 1+extra {
			if extra > 0 { // 18.41B: a random event allows more
				return storm.ActivityCounters{}, "18.41B", fmt.Sprintf("at most %d %s units may be built this turn (one, plus %d from a random event)", 1+extra, u, extra)
			}
			return storm.ActivityCounters{}, "18.41B", fmt.Sprintf("only one %s unit may be built per turn", u)
		}
		if ps.Reserve.Count(u) < built.Count(u)+these.Count(u) {
			return storm.ActivityCounters{}, "18.11", fmt.Sprintf("no %s unit in the reserve (reserve: %s)", u, unitsText(ps.Reserve))
		}
	}
	if len(o.Counters) == 0 {
		return storm.ActivityCounters{}, "18.41A", fmt.Sprintf("say which activity counters pay: e.g. %s", storm.BuildString(storm.Order{Units: o.Units, Counters: []int{2}}))
	}
	c, err := storm.CountersOf(o.Counters)
	if err != nil {
		return c, "12.21", err.Error()
	}
	need := buildCost * len(o.Units)
	if got := c.Points(); got < need {
		return c, "18.11", fmt.Sprintf("%d unit(s) cost %d activity counter points; the counters give %d", len(o.Units), need, got)
	}
	// Reading (docs/rules.md): a counter the build does not need at all
	// would be paid for nothing, so it is refused; one it needs only partly
	// is split (12.41A/B): its rest is kept for shipbuilding (buildUnits).
	for _, n := range o.Counters {
		if c.Points()-n >= need {
			return c, "12.41A", fmt.Sprintf("the %d counter is not needed: %d points suffice for %d unit(s); a counter for shipbuilding is named in the shipbuilding order (12.41B)", n, need, len(o.Units))
		}
	}
	all := spent.Add(c)
	if rule, msg := storm.CheckCounters(ps, all); rule != "" {
		return c, rule, msg
	}
	return c, "", ""
}

// applyConstruction builds p's checked units (18.11, 18.21A): each moves
// from the reserve to active, its counters used and paid (12.31, 12.32).
func applyConstruction(s *storm.State, p storm.Power, orders []storm.Order, evs *[]event.Event) {
	ps := s.Powers[p]
	for _, o := range orders {
		if o.Kind == storm.AddToReserve {
			addToReserve(s, p, o.Units[0], false, evs)
		}
	}
	for _, o := range orders {
		if o.Kind != storm.Build {
			continue
		}
		if storm.IsFree(o) { // 18.41: a random event's free unit
			randomevent.TakeOption(&ps.Economy.Options.FreeUnits, func(u storm.UnitType) bool { return u == o.Units[0] })
			buildUnits(ps, p, o.Units, storm.ActivityCounters{}, "18.41", evs)
			continue
		}
		c, _ := storm.CountersOf(o.Counters) // checked by checkConstruction
		buildUnits(ps, p, o.Units, c, "18.11", evs)
	}
}

// countOf counts the entries of list equal to x.
func countOf[T comparable](list []T, x T) int {
	n := 0
	for _, y := range list {
		if y == x {
			n++
		}
	}
	return n
}

// checkFreeBuild checks BUILD <unit> FREE (18.41): one unit, of a type a
// random event of this turn lets p build at no cost, from the reserve
// (less the units the earlier orders build, built paid and free free). A free unit does not count
// against 18.41B's one unit of a type (docs/rules.md).
func checkFreeBuild(ps *storm.PowerState, o storm.Order, built, free storm.Units) (rule, msg string) {
	switch {
	case len(o.Units) != 1:
		return "18.41", "a free unit is built on a line of its own: BUILD ARMOR FREE"
	case len(o.Counters) > 0:
		return "18.41", "a free unit costs no activity counters: BUILD " + storm.UnitWord(o.Units[0]) + " FREE"
	}
	u := o.Units[0]
	open := ps.Economy.Options.FreeUnits
	if countOf(open, u) <= free.Count(u) {
		if len(open) == 0 {
			return "18.41", "no random event lets you build a unit at no cost this turn"
		}
		return "18.41", fmt.Sprintf("this turn's random events let you build at no cost: %s (each once)", storm.UnitList(open))
	}
	if ps.Reserve.Count(u) < built.Count(u)+free.Count(u)+1 {
		return "18.11", fmt.Sprintf("no %s unit left in the reserve (reserve: %s)", u, unitsText(ps.Reserve))
	}
	return "", ""
}

// buildUnits moves units from the reserve to active and pays counters. The
// points beyond the units' cost are the rest of a counter partly used for
// construction, kept for shipbuilding this turn (12.41A/B).
func buildUnits(ps *storm.PowerState, p storm.Power, units []storm.UnitType, c storm.ActivityCounters, rule string, evs *[]event.Event) {
	storm.UseCounters(ps, c) // 12.31, 12.32
	rest := max(c.Points()-buildCost*len(units), 0)
	ps.ConstructionLeftover += rest // 12.41A/B
	var b storm.Units
	for _, u := range units {
		b.Add(u, 1)
	}
	ps.Reserve = ps.Reserve.Minus(b) // 18.21A
	ps.Active = ps.Active.Plus(b)
	*evs = append(*evs, event.UnitsBuilt{Power: p, Units: b, Counters: c, Cost: c.Points(),
		TilePoints: ps.TilePoints, Active: ps.Active, Rule: rule, Leftover: rest})
}

// unitsText renders units as "1 armor, 2 infantry, 0 air".
func unitsText(u storm.Units) string {
	return fmt.Sprintf("%d armor, %d infantry, %d air", u.Armor, u.Infantry, u.Air)
}

// finishConstruction runs after every power's construction: the required
// Russian construction (18.51).
func finishConstruction(s *storm.State, evs *[]event.Event) {
	forceRussianConstruction(s, evs)
	defaultReserveAdditions(s, evs)
}

// BuildOrders lists a BUILD order for each unit type in p's reserve, paid
// with the cheapest counters p has left (18.11, 12.41A), for Allowed.
func BuildOrders(s storm.State, p storm.Power) []storm.Order {
	ps := s.Powers[p]
	c, ok := cheapestBuild(ps)
	if !ok {
		return nil
	}
	var strengths []int
	for range c.Three {
		strengths = append(strengths, 3)
	}
	for range c.Two {
		strengths = append(strengths, 2)
	}
	for range c.One {
		strengths = append(strengths, 1)
	}
	var out []storm.Order
	for _, u := range []storm.UnitType{storm.Armor, storm.Infantry, storm.Air} {
		if ps.Reserve.Count(u) > 0 {
			out = append(out, storm.Order{Kind: storm.Build, Units: []storm.UnitType{u}, Counters: strengths})
		}
	}
	return out
}
