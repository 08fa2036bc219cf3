package adjudicator

import "fmt"

// Post-1940 unit additions (14.737, 14.743): from Spring 1941 Britain and
// France each add one armor, infantry or air unit to the reserve a turn.

// reserveAdditionRules names the rule of each power's addition.
var reserveAdditionRules = map[Power]string{
	Britain: "14.737",
	France:  "14.743",
}

// reserveAdditionsFrom is the first turn of the additions (14.737, 14.743).
var reserveAdditionsFrom = Turn{Year: 1941, Season: Spring}

// reserveAdditionDue reports whether p adds a unit to its reserve this turn.
func reserveAdditionDue(s State, p Power) (rule string, due bool) {
	rule, ok := reserveAdditionRules[p]
	return rule, ok && !s.Turn.Before(reserveAdditionsFrom)
}

// checkReserveAdditions checks p's RESERVE orders: at most one, by Britain
// or France from Spring 1941, naming one armor, infantry or air unit. It
// returns the units added.
func checkReserveAdditions(s State, p Power, orders []Order) (Units, []indexedError) {
	var errs []indexedError
	var added Units
	n := 0
	for i, o := range orders {
		if o.Kind != AddToReserve {
			continue
		}
		fail := func(rule, format string, a ...any) {
			errs = append(errs, indexedError{OrderError{Order: o, Rule: rule, Msg: fmt.Sprintf(format, a...)}, i})
		}
		rule, due := reserveAdditionDue(s, p)
		switch {
		case rule == "":
			fail("14.737", "only Britain (14.737) and France (14.743) add units to their reserve")
		case !due:
			fail(rule, "%s adds units to its reserve from %s on", p.Title(), reserveAdditionsFrom)
		case len(o.Units) != 1 || (o.Units[0] != Armor && o.Units[0] != Infantry && o.Units[0] != Air):
			fail(rule, "name one armor, infantry or air unit: RESERVE INFANTRY")
		case n > 0:
			fail(rule, "one unit a turn")
		default:
			n++
			added.add(o.Units[0], 1)
		}
	}
	return added, errs
}

// addToReserve adds one unit to p's reserve (14.737, 14.743).
func addToReserve(s *State, p Power, u UnitType, byDefault bool, evs *[]Event) {
	ps := s.Powers[p]
	ps.Reserve.add(u, 1)
	rule, _ := reserveAdditionDue(*s, p)
	*evs = append(*evs, UnitAddedToReserve{Power: p, Unit: u, Default: byDefault, Reserve: ps.Reserve, Rule: rule})
}

// defaultReserveAdditions adds an infantry unit for Britain or France when
// the addition is due and the power named none (docs/rules.md).
func defaultReserveAdditions(s *State, evs *[]Event) {
	for _, p := range []Power{Britain, France} {
		if _, due := reserveAdditionDue(*s, p); !due || addedThisTurn(*evs, p) {
			continue
		}
		addToReserve(s, p, Infantry, true, evs)
	}
}

// addedThisTurn reports a UnitAddedToReserve of p since the turn began.
func addedThisTurn(evs []Event, p Power) bool {
	for i := len(evs) - 1; i >= 0; i-- {
		if _, ok := evs[i].(TurnBegan); ok {
			return false
		}
		if a, ok := evs[i].(UnitAddedToReserve); ok && a.Power == p {
			return true
		}
	}
	return false
}

// UnitAddedToReserve reports the post-1940 addition of a unit to a reserve
// (14.737, 14.743); Default when the judge chose infantry for the power.
type UnitAddedToReserve struct {
	Power   Power    `json:"power"`
	Unit    UnitType `json:"unit"`
	Default bool     `json:"default"`
	Reserve Units    `json:"reserve"` // afterwards
	Rule    string   `json:"rule"`
}

func (UnitAddedToReserve) Visibility() Visibility { return public }
func (UnitAddedToReserve) Type() string           { return "UnitAddedToReserve" }

func init() {
	eventTypes["UnitAddedToReserve"] = decode[UnitAddedToReserve]
}

// reserveOrders lists the RESERVE orders p may give (14.737, 14.743), for
// Allowed.
func reserveOrders(s State, p Power) []Order {
	if _, due := reserveAdditionDue(s, p); !due {
		return nil
	}
	var out []Order
	for _, u := range []UnitType{Armor, Infantry, Air} {
		out = append(out, Order{Kind: AddToReserve, Units: []UnitType{u}})
	}
	return out
}
