package report

import (
	"fmt"
	"strings"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
)

// Units: the events of mobilized units and construction (14.7, 14.8, 17,
// 18) and a power's units for its private notice.

// unitSection places the unit events in the report.
func unitSection(e event.Event) (string, bool) {
	switch e.(type) {
	case event.UnitsMobilized, event.ShipbuildingIncreased:
		return storm.SegEconomic.Title() + ": factory conversion", true
	case event.UnitsBuilt:
		return storm.SegEconomic.Title() + ": unit construction (rule 18)", true
	case event.UnitsReturnedToReserve:
		return storm.SegIncome.Title(), true
	case event.UnitAddedToReserve:
		return storm.SegEconomic.Title() + ": unit construction (rule 18)", true
	case event.UnitsReachedReserve:
		return "Units", true
	}
	return "", false
}

// unitEvent renders a unit event; false when e is not one.
func unitEvent(w *writer, e event.Event) bool {
	switch e := e.(type) {
	case event.UnitsMobilized:
		if len(e.Units) == 0 {
			return true
		}
		var parts []string
		for _, u := range e.Units {
			parts = append(parts, fmt.Sprintf("%s (reserve in %s)", u.Unit, u.Arrives))
		}
		w.wrap(fmt.Sprintf("%s: mobilization %d creates %s (rules 14.7, 14.83).",
			e.Power.Title(), e.Mobilization, strings.Join(parts, ", ")), "  ")
	case event.ShipbuildingIncreased:
		w.wrap(fmt.Sprintf("%s: mobilization %d creates a shipbuilding increase, %d in all (rule 14.61).",
			e.Power.Title(), e.Mobilization, e.Total), "  ")
	case event.UnitsBuilt:
		how := "builds"
		if e.Rule == "18.51" {
			how = "must build (rule 18.51) and builds"
		}
		if e.Rule == "18.41" { // a random event's free unit
			w.wrap(fmt.Sprintf("%s builds %s at no cost, from a random event; active now %s (rule 18.41).",
				e.Power.Title(), unitCounts(e.Units), unitCounts(e.Active)), "  ")
			break
		}
		w.wrap(fmt.Sprintf("%s %s %s with counters %s for %s; active now %s (rule %s).",
			e.Power.Title(), how, unitCounts(e.Units), counterList(e.Counters), TilePoints(e.Cost), unitCounts(e.Active), e.Rule), "  ")
	case event.UnitsReturnedToReserve:
		w.wrap(fmt.Sprintf("%s cannot pay all its maintenance: %s return to the reserve (rule 17.11).",
			e.Power.Title(), unitCounts(e.Units)), "  ")
	case event.UnitAddedToReserve:
		how := ""
		if e.Default {
			how = " (none named: infantry)"
		}
		w.wrap(fmt.Sprintf("%s adds one %s unit to its reserve%s (rule %s).", e.Power.Title(), e.Unit, how, e.Rule), "  ")
	case event.UnitsReachedReserve:
		w.wrap(fmt.Sprintf("%s %s your reserve and may be built this turn (rules 14.81, 13.21B); reserve now %s.",
			unitCounts(e.Units), map[bool]string{true: "reaches", false: "reach"}[e.Units.Armor+e.Units.Infantry+e.Units.Air == 1], unitCounts(e.Reserve)), "  ")
	default:
		return false
	}
	return true
}

// unitCounts renders units as "1 armor, 2 infantry" ("none" when empty).
func unitCounts(u storm.Units) string {
	var parts []string
	for _, x := range []struct {
		n    int
		name string
	}{{u.Armor, "armor"}, {u.Infantry, "infantry"}, {u.Air, "air"}} {
		if x.n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", x.n, x.name))
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

// counterList renders counters by strength, e.g. "3+1".
func counterList(c storm.ActivityCounters) string {
	var s []string
	for _, x := range []struct{ n, strength int }{{c.Three, 3}, {c.Two, 2}, {c.One, 1}, {c.Zero, 0}} {
		for range x.n {
			s = append(s, fmt.Sprint(x.strength))
		}
	}
	if len(s) == 0 {
		return "none"
	}
	return strings.Join(s, "+")
}

// powerUnits writes a power's units for its private notice: active (they
// pay maintenance, 11.81), in reserve (may be built, 18.11) and still
// mobilizing with the turn each reaches the reserve (14.83).
func powerUnits(w *writer, ps *adjudicator.PowerView) {
	w.line("Units active: " + unitCounts(ps.Active))
	w.wrap("Units in reserve (built for 2 counter points each): "+unitCounts(ps.Reserve), "  ")
	if len(ps.Mobilizing) > 0 {
		var parts []string
		for _, m := range ps.Mobilizing {
			parts = append(parts, fmt.Sprintf("%s in %s", m.Unit, m.Arrives))
		}
		w.wrap("Mobilizing, reaching the reserve: "+strings.Join(parts, ", "), "  ")
	}
	w.line(fmt.Sprintf("Shipbuilding increases: %d", ps.ShipbuildingIncreases))
}
