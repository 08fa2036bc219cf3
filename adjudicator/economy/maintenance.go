package economy

import (
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/track"
)

// Required Russian construction (18.51) and unpaid maintenance (17.11).

// RussianConstructionRequired reports whether 18.51 obliges Russia to build
// a unit this turn: its support level is below zero and a unit is in its
// reserve (18.51C), or a purge took Siberian garrison units (22.61B).
// Negative secret support events would not count
// (18.51D); there are none yet.
func RussianConstructionRequired(s storm.State) bool {
	ps := s.Powers[storm.Russia]
	// 22.61B: a purged Siberian garrison must be rebuilt, one unit a turn.
	return ps != nil && (track.RussiaMustBuild(s) || s.Russia.SiberianGarrisonPurged) && ps.Reserve.Total() > 0
}

// RussianConstructionPayable reports whether Russia can pay now for the
// unit 18.51 requires (18.51B when it cannot: no other expenditure).
func RussianConstructionPayable(s storm.State) bool {
	ps := s.Powers[storm.Russia]
	if ps == nil {
		return false
	}
	_, ok := cheapestBuild(ps)
	return ok
}

// cheapestBuild returns the cheapest counters with which ps can pay for
// one unit now (18.11, 12.41A), or false when it cannot.
func cheapestBuild(ps *storm.PowerState) (storm.ActivityCounters, bool) {
	for _, strengths := range [][]int{{2}, {1, 1}, {3}} {
		c, _ := storm.CountersOf(strengths)
		if rule, _ := storm.CheckCounters(ps, c); rule == "" {
			return c, true
		}
	}
	return storm.ActivityCounters{}, false
}

// CheckRussianConstruction checks Russia's whole economic orders against
// 18.51: start is the state before them, after the state once the orders
// other than construction are applied.
func CheckRussianConstruction(start, after storm.State, p storm.Power, orders []storm.Order) []storm.IndexedError {
	if p != storm.Russia || !RussianConstructionRequired(start) {
		return nil
	}
	if !RussianConstructionRequired(after) {
		return nil // 18.51D: a secret support event played raised the level to zero or more
	}
	for _, o := range orders {
		if o.Kind == storm.Build {
			return nil // the build itself is checked by checkConstruction
		}
	}
	_, canStart := cheapestBuild(start.Powers[storm.Russia])
	_, canAfter := cheapestBuild(after.Powers[storm.Russia])
	var errs []storm.IndexedError
	for i, o := range orders {
		switch {
		case o.Kind == storm.Play: // 18.51D: playing a secret event spends nothing
		case !canStart:
			errs = append(errs, storm.IndexedError{OrderError: storm.OrderError{Order: o, Rule: "18.51B",
				Msg: "Russia's support level is below zero and it cannot pay for the unit it must build, so it may make no other expenditure"}, Index: i})
		case !canAfter:
			errs = append(errs, storm.IndexedError{OrderError: storm.OrderError{Order: o, Rule: "18.51A",
				Msg: "Russia's support level is below zero: it must build a unit first, and these orders leave too little to pay for it (add a BUILD order)"}, Index: i})
		}
	}
	return errs
}

// forceRussianConstruction builds the unit 18.51 requires when Russia did
// not order one: the first of armor, infantry, air in its reserve, paid
// with the cheapest counters (docs/rules.md). Runs after every power's
// construction.
func forceRussianConstruction(s *storm.State, evs *[]event.Event) {
	if !RussianConstructionRequired(*s) {
		return
	}
	for i := len(*evs) - 1; i >= 0; i-- {
		if _, ok := (*evs)[i].(event.TurnBegan); ok {
			break
		}
		if b, ok := (*evs)[i].(event.UnitsBuilt); ok && b.Power == storm.Russia {
			return // built one this turn
		}
	}
	ps := s.Powers[storm.Russia]
	c, ok := cheapestBuild(ps)
	if !ok {
		return // 18.51B: no other expenditure was allowed
	}
	for _, u := range []storm.UnitType{storm.Armor, storm.Infantry, storm.Air} {
		if ps.Reserve.Count(u) > 0 {
			buildUnits(ps, storm.Russia, []storm.UnitType{u}, c, "18.51", evs)
			return
		}
	}
}

// unpaidOrder is the order in which active units go back to the reserve
// when maintenance is not paid (17.11; the choice is documented in
// docs/rules.md).
var unpaidOrder = []storm.UnitType{storm.Infantry, storm.Air, storm.Armor}

// ReturnUnpaidUnits sends back to the reserve one active unit per point of
// maintenance the power could not pay (17.11): shortfall is what its income
// left unpaid, maintenance what its units cost.
func ReturnUnpaidUnits(s *storm.State, p storm.Power, shortfall, maintenance int, evs *[]event.Event) {
	n := min(shortfall, maintenance)
	if n <= 0 {
		return
	}
	ps := s.Powers[p]
	var back storm.Units
	for _, u := range unpaidOrder {
		k := min(n, ps.Active.Count(u))
		back.Add(u, k)
		n -= k
	}
	if back.Total() == 0 {
		return
	}
	ps.Active = ps.Active.Minus(back)
	ps.Reserve = ps.Reserve.Plus(back)
	*evs = append(*evs, event.UnitsReturnedToReserve{Power: p, Units: back, Active: ps.Active, Reserve: ps.Reserve})
}

// RequiredBuildNote marks Russia's BUILD options when 18.51 requires one.
func RequiredBuildNote(s storm.State, p storm.Power) string {
	if p == storm.Russia && RussianConstructionRequired(s) {
		return "; Russia must build a unit this turn (18.51)"
	}
	return ""
}
