package economy

import (
	"fmt"

	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
)

// Post-1940 unit additions (14.737, 14.743): from Spring 1941 Britain and
// France each add one armor, infantry or air unit to the reserve a turn.

// reserveAdditionRules names the rule of each power's addition.
var reserveAdditionRules = map[storm.Power]string{
	storm.Britain: "14.737",
	storm.France:  "14.743",
}

// reserveAdditionsFrom is the first turn of the additions (14.737, 14.743).
var reserveAdditionsFrom = storm.Turn{Year: 1941, Season: storm.Spring}

// reserveAdditionDue reports whether p adds a unit to its reserve this turn.
func reserveAdditionDue(s storm.State, p storm.Power) (rule string, due bool) {
	rule, ok := reserveAdditionRules[p]
	return rule, ok && !s.Turn.Before(reserveAdditionsFrom)
}

// checkReserveAdditions checks p's RESERVE orders: at most one, by Britain
// or France from Spring 1941, naming one armor, infantry or air unit. It
// returns the units added.
func checkReserveAdditions(s storm.State, p storm.Power, orders []storm.Order) (storm.Units, []storm.IndexedError) {
	var errs []storm.IndexedError
	var added storm.Units
	n := 0
	for i, o := range orders {
		if o.Kind != storm.AddToReserve {
			continue
		}
		fail := func(rule, format string, a ...any) {
			errs = append(errs, storm.IndexedError{OrderError: storm.OrderError{Order: o, Rule: rule, Msg: fmt.Sprintf(format, a...)}, Index: i})
		}
		rule, due := reserveAdditionDue(s, p)
		switch {
		case rule == "":
			fail("14.737", "only Britain (14.737) and France (14.743) add units to their reserve")
		case !due:
			fail(rule, "%s adds units to its reserve from %s on", p.Title(), reserveAdditionsFrom)
		case len(o.Units) != 1 || (o.Units[0] != storm.Armor && o.Units[0] != storm.Infantry && o.Units[0] != storm.Air):
			fail(rule, "name one armor, infantry or air unit: RESERVE INFANTRY")
		case n > 0:
			fail(rule, "one unit a turn")
		default:
			n++
			added.Add(o.Units[0], 1)
		}
	}
	return added, errs
}

// addToReserve adds one unit to p's reserve (14.737, 14.743).
func addToReserve(s *storm.State, p storm.Power, u storm.UnitType, byDefault bool, evs *[]event.Event) {
	ps := s.Powers[p]
	ps.Reserve.Add(u, 1)
	rule, _ := reserveAdditionDue(*s, p)
	*evs = append(*evs, event.UnitAddedToReserve{Power: p, Unit: u, Default: byDefault, Reserve: ps.Reserve, Rule: rule})
}

// defaultReserveAdditions adds an infantry unit for Britain or France when
// the addition is due and the power named none (docs/rules.md).
func defaultReserveAdditions(s *storm.State, evs *[]event.Event) {
	for _, p := range []storm.Power{storm.Britain, storm.France} {
		if _, due := reserveAdditionDue(*s, p); !due || addedThisTurn(*evs, p) {
			continue
		}
		addToReserve(s, p, storm.Infantry, true, evs)
	}
}

// addedThisTurn reports a UnitAddedToReserve of p since the turn began.
func addedThisTurn(evs []event.Event, p storm.Power) bool {
	for i := len(evs) - 1; i >= 0; i-- {
		if _, ok := evs[i].(event.TurnBegan); ok {
			return false
		}
		if a, ok := evs[i].(event.UnitAddedToReserve); ok && a.Power == p {
			return true
		}
	}
	return false
}

// ReserveOrders lists the RESERVE orders p may give (14.737, 14.743), for
// Allowed.
func ReserveOrders(s storm.State, p storm.Power) []storm.Order {
	if _, due := reserveAdditionDue(s, p); !due {
		return nil
	}
	var out []storm.Order
	for _, u := range []storm.UnitType{storm.Armor, storm.Infantry, storm.Air} {
		out = append(out, storm.Order{Kind: storm.AddToReserve, Units: []storm.UnitType{u}})
	}
	return out
}
