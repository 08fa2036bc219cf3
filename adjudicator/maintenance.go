package adjudicator

// Required Russian construction (18.51) and unpaid maintenance (17.11).

// russianConstructionRequired reports whether 18.51 obliges Russia to build
// a unit this turn: its support level is below zero and a unit is in its
// reserve (18.51C), or a purge took Siberian garrison units (22.61B).
// Negative secret support events would not count
// (18.51D); there are none yet.
func russianConstructionRequired(s State) bool {
	ps := s.Powers[Russia]
	// 22.61B: a purged Siberian garrison must be rebuilt, one unit a turn.
	return ps != nil && (RussiaMustBuild(s) || s.Russia.SiberianGarrisonPurged) && ps.Reserve.Total() > 0
}

// cheapestBuild returns the cheapest counters with which ps can pay for
// one unit now (18.11, 12.41A), or false when it cannot.
func cheapestBuild(ps *PowerState) (ActivityCounters, bool) {
	for _, strengths := range [][]int{{2}, {1, 1}, {3}} {
		c, _ := countersOf(strengths)
		if rule, _ := checkCounters(ps, c); rule == "" {
			return c, true
		}
	}
	return ActivityCounters{}, false
}

// checkRussianConstruction checks Russia's whole economic orders against
// 18.51: start is the state before them, after the state once the orders
// other than construction are applied.
func checkRussianConstruction(start, after State, p Power, orders []Order) []indexedError {
	if p != Russia || !russianConstructionRequired(start) {
		return nil
	}
	for _, o := range orders {
		if o.Kind == Build {
			return nil // the build itself is checked by checkConstruction
		}
	}
	_, canStart := cheapestBuild(start.Powers[Russia])
	_, canAfter := cheapestBuild(after.Powers[Russia])
	var errs []indexedError
	for i, o := range orders {
		switch {
		case !canStart:
			errs = append(errs, indexedError{OrderError{Order: o, Rule: "18.51B",
				Msg: "Russia's support level is below zero and it cannot pay for the unit it must build, so it may make no other expenditure"}, i})
		case !canAfter:
			errs = append(errs, indexedError{OrderError{Order: o, Rule: "18.51A",
				Msg: "Russia's support level is below zero: it must build a unit first, and these orders leave too little to pay for it (add a BUILD order)"}, i})
		}
	}
	return errs
}

// forceRussianConstruction builds the unit 18.51 requires when Russia did
// not order one: the first of armor, infantry, air in its reserve, paid
// with the cheapest counters (docs/rules.md). Runs after every power's
// construction.
func forceRussianConstruction(s *State, evs *[]Event) {
	if !russianConstructionRequired(*s) {
		return
	}
	for i := len(*evs) - 1; i >= 0; i-- {
		if _, ok := (*evs)[i].(TurnBegan); ok {
			break
		}
		if b, ok := (*evs)[i].(UnitsBuilt); ok && b.Power == Russia {
			return // built one this turn
		}
	}
	ps := s.Powers[Russia]
	c, ok := cheapestBuild(ps)
	if !ok {
		return // 18.51B: no other expenditure was allowed
	}
	for _, u := range []UnitType{Armor, Infantry, Air} {
		if ps.Reserve.Count(u) > 0 {
			buildUnits(ps, Russia, []UnitType{u}, c, "18.51", evs)
			return
		}
	}
}

// unpaidOrder is the order in which active units go back to the reserve
// when maintenance is not paid (17.11; the choice is documented in
// docs/rules.md).
var unpaidOrder = []UnitType{Infantry, Air, Armor}

// returnUnpaidUnits sends back to the reserve one active unit per point of
// maintenance the power could not pay (17.11): shortfall is what its income
// left unpaid, maintenance what its units cost.
func returnUnpaidUnits(s *State, p Power, shortfall, maintenance int, evs *[]Event) {
	n := min(shortfall, maintenance)
	if n <= 0 {
		return
	}
	ps := s.Powers[p]
	var back Units
	for _, u := range unpaidOrder {
		k := min(n, ps.Active.Count(u))
		back.add(u, k)
		n -= k
	}
	if back.Total() == 0 {
		return
	}
	ps.Active = ps.Active.minus(back)
	ps.Reserve = ps.Reserve.plus(back)
	*evs = append(*evs, UnitsReturnedToReserve{Power: p, Units: back, Active: ps.Active, Reserve: ps.Reserve})
}

// UnitsReturnedToReserve reports active units sent back to the reserve
// because their maintenance could not be paid (17.11).
type UnitsReturnedToReserve struct {
	Power   Power `json:"power"`
	Units   Units `json:"units"`
	Active  Units `json:"active"`  // afterwards
	Reserve Units `json:"reserve"` // afterwards
}

func (UnitsReturnedToReserve) Visibility() Visibility { return public }
func (UnitsReturnedToReserve) Type() string           { return "UnitsReturnedToReserve" }

func init() {
	eventTypes["UnitsReturnedToReserve"] = decode[UnitsReturnedToReserve]
}

// requiredBuildNote marks Russia's BUILD options when 18.51 requires one.
func requiredBuildNote(s State, p Power) string {
	if p == Russia && russianConstructionRequired(s) {
		return "; Russia must build a unit this turn (18.51)"
	}
	return ""
}
