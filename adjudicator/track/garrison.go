package track

import (
	"slices"

	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
)

// The Russian garrison (21). Russia's garrison (21.21) is compared with the
// requirement (21.22) whenever the rules check it (21.23); the surplus or
// deficit sets the garrison modifier of the Russian support level (10.91D,
// 21.31, 21.41A) and the military counters Russia may place (21.41B).

// japaneseForces is the fixed Siberian requirement: two armor, three
// infantry and three air units in Manchuria (21.22A).
const japaneseForces = 8

// garrisonBorderMinors are the minors other than Poland whose Axis or Allied
// trade pacts count towards the requirement (21.22D).
var garrisonBorderMinors = []string{"Finland", "Rumania", "Turkey"}

// garrisonSteps is the garrison modifier table of 10.91D, 21.31 and 21.41A:
// a surplus (or deficit) of at least At counters gives Value, and beyond
// the last row one more per garrisonExtraEvery counters.
var garrisonSteps = []struct{ At, Value int }{
	{1, 1}, // 10.91D, 21.31, 21.41A: one counter
	{3, 2}, // three counters
	{6, 3}, // six counters
}

const garrisonExtraEvery = 3 // 10.91D: +/-1 for every three more

// GarrisonSupport is the support modifier for a garrison surplus (positive)
// or deficit (negative) of n counters (10.91D, 21.31, 21.41A).
func GarrisonSupport(n int) int {
	a := max(n, -n)
	v := 0
	for _, st := range garrisonSteps {
		if a >= st.At {
			v = st.Value
		}
	}
	if last := garrisonSteps[len(garrisonSteps)-1]; a > last.At {
		v += (a - last.At) / garrisonExtraEvery
	}
	if n < 0 {
		return -v
	}
	return v
}

// garrisonMilitaryCounterMax: a surplus of six or more allows three
// military counters, no more (21.41B).
const garrisonMilitaryCounterMax = 3

// GarrisonMilitaryCounters is the number of military counters a surplus
// allows (21.41B): 1 for one, 2 for three, 3 for six or more; none unless
// the Russian support level is positive.
func GarrisonMilitaryCounters(surplus, support int) int {
	if support <= 0 || surplus <= 0 {
		return 0
	}
	return min(GarrisonSupport(surplus), garrisonMilitaryCounterMax)
}

// CheckGarrison computes the Russian garrison and its requirement in s
// (21.21, 21.22). when is the rule of the check (21.23A-D).
func CheckGarrison(s storm.State, when string) storm.GarrisonCheck {
	t := s.Turn
	g := storm.GarrisonCheck{Turn: &t, When: when, Japan: japaneseForces}
	if ru := s.Powers[storm.Russia]; ru != nil {
		g.Units = ru.Active.Total() // 21.21A
	}
	// 21.21B: one per Russian research and production result counter; a
	// result may place more than one (16.17), so the research table counts.
	g.ResearchCounts = ResearchGarrison(s)
	for _, m := range s.Minors {
		// 21.21C: Russian flags (one) or a Russian trade pact (two).
		switch {
		case m.TradePact == storm.Russia:
			g.Flags += 2
		case m.FlagsOf(storm.Russia) > 0: // beside Allied flags too (24.82B)
			g.Flags++
		}
		// 21.22D: Axis or Allied flags in Poland, trade pacts in Poland,
		// Finland, Rumania, Turkey.
		foreignPact := m.TradePact != 0 && m.TradePact != storm.Russia
		foreignFlags := m.FlagPower != 0 && m.FlagPower != storm.Russia && m.Flags > 0
		switch {
		case m.Name == "Poland" && foreignPact:
			g.Borders += 2
		case m.Name == "Poland" && foreignFlags:
			g.Borders++
		case slices.Contains(garrisonBorderMinors, m.Name) && foreignPact:
			g.Borders++
		}
	}
	g.Garrison = g.Units + g.ResearchCounts + g.Flags
	g.BalanceOfPower = LandAirBalance(s) // 21.22B, 20.61C
	g.EAI = max(s.EAI, 0)                // 21.22C
	// 21.22E, 16.16E: one for the first occupation policies result, two
	// more for the second (the research table's effects).
	g.Occupation = ResearchGarrisonRequirement(s)
	if s.SupportFacts.PolandSatellite { // 29.22B: two infantry and one air unit
		g.Satellite = storm.PolandSatelliteUnits
	}
	g.Required = g.Japan + g.BalanceOfPower + g.EAI + g.Borders + g.Occupation + g.Satellite
	g.Surplus = g.Garrison - g.Required
	g.Support = GarrisonSupport(g.Surplus)
	return g
}

// LandAirBalance is the net Axis armor, infantry and air balance of power
// advantage (21.22B; negative when the Allies lead, 20.61C), the naval
// balance ignored, as it stands at the check (20.53).
func LandAirBalance(s storm.State) int {
	return BalanceOfPower(s).GarrisonModifier()
}

// RunGarrisonCheck runs a garrison check, stores it and reports it. The
// Russian support level follows the garrison modifier without any tile
// point effect (11.52B).
func RunGarrisonCheck(s *storm.State, when string, evs *[]event.Event) {
	old := s.Russia.Garrison
	g := CheckGarrison(*s, when)
	s.Russia.Garrison = g
	var support int
	if when == "21.23A" {
		// At the start of the turn the modifier is part of the support
		// level determined from zero (10.31).
		support = SupportLevel(*s, storm.Russia)
	} else {
		if old.Turn != nil && *old.Turn == s.Turn {
			// 10.91D: a change in the garrison level during the turn
			// changes the support level (11.52B: no tile points).
			ChangeSupport(s, storm.Russia, g.Support-old.Support, "10.91D", "Russian garrison", false, evs)
		}
		if ru := s.Powers[storm.Russia]; ru != nil {
			support = ru.Support
		}
	}
	s.Russia.Garrison.MilitaryCounters = GarrisonMilitaryCounters(g.Surplus, support) // 21.41B
	*evs = append(*evs, event.GarrisonChecked{Check: s.Russia.Garrison})
}

// FinishGarrison is the check at the end of the economic phase, after units
// are built and research results announced (21.23B).
func FinishGarrison(s *storm.State, evs *[]event.Event) { RunGarrisonCheck(s, "21.23B", evs) }

// CheckNoOrders checks a part of a phase that takes no orders, such as the
// garrison check at the end of the economic phase: every power's (empty)
// part is accepted as is.
func CheckNoOrders(storm.State, storm.Power, []storm.Order) []storm.IndexedError { return nil }

// ApplyNoOrders carries out a part that takes no orders: nothing.
func ApplyNoOrders(*storm.State, storm.Power, []storm.Order, *[]event.Event) {}

// SiberianGarrison are the Russian units facing the Japanese in Manchuria
// (21.22A, 22.61): two armor, three infantry and three air units.
var SiberianGarrison = storm.Units{Armor: 2, Infantry: 3, Air: 3}

// purgeOrder breaks ties between unit types in a military purge: armor,
// then air, then infantry (22.21A).
var purgeOrder = []string{"armor", "air", "infantry"}

// UnitCount is u's count of units of kind ("armor", "air", "infantry").
func UnitCount(u storm.Units, kind string) int {
	switch kind {
	case "armor":
		return u.Armor
	case "air":
		return u.Air
	}
	return u.Infantry
}

// AddUnit adds n units of kind ("armor", "air", "infantry") to u.
func AddUnit(u *storm.Units, kind string, n int) {
	switch kind {
	case "armor":
		u.Armor += n
	case "air":
		u.Air += n
	default:
		u.Infantry += n
	}
}

// PurgeUnits moves n active Russian units to reserve for a military purge
// (22.21A), which lowers maintenance (11.83): each time the type with the
// most active units outside the Siberian garrison, ties going to armor,
// then air, then infantry; the Siberian garrison is purged only when no
// other active unit is left (22.61), and then Russia must rebuild it
// (22.61B: reported in the event).
func PurgeUnits(s *storm.State, n int, evs *[]event.Event) {
	ru := s.Powers[storm.Russia]
	if ru == nil || n <= 0 {
		return
	}
	var purged storm.Units
	siberian := false
	for range n {
		if ru.Active.Total() == 0 {
			break
		}
		outside := storm.Units{
			Armor:    max(ru.Active.Armor-SiberianGarrison.Armor, 0),
			Infantry: max(ru.Active.Infantry-SiberianGarrison.Infantry, 0),
			Air:      max(ru.Active.Air-SiberianGarrison.Air, 0),
		}
		from := outside
		if outside.Total() == 0 {
			from = ru.Active // 22.61: only the Siberian garrison is left
			siberian = true
		}
		best := ""
		for _, k := range purgeOrder {
			if c := UnitCount(from, k); c > 0 && (best == "" || c > UnitCount(from, best)) {
				best = k
			}
		}
		AddUnit(&ru.Active, best, -1)
		AddUnit(&ru.Reserve, best, 1)
		AddUnit(&purged, best, 1)
	}
	*evs = append(*evs, event.UnitsPurged{Purged: purged, SiberianGarrison: siberian, Active: ru.Active})
}
