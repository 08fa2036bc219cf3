package economy

import (
	"fmt"
	"slices"
	"strings"

	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
)

// The units a mobilization creates (14.6, 14.7) and their way into the
// reserve (14.8, 13.21B).
//
// A MOBILIZE order names its units (Order.Units). The choices each power
// may make depend on its mobilization number and on what it created before,
// so every mobilization made in the game is recorded in
// PowerState.MobilizationUnits.

// unitsPerMobilization is how many units (a shipbuilding increase counts as
// one) each mobilization creates.
var unitsPerMobilization = map[storm.Power]int{
	storm.Germany: 3, // 14.711
	storm.Italy:   2, // 14.721
	storm.Britain: 3, // 14.731
	storm.France:  2, // 14.741
	storm.Russia:  3, // 14.751
}

// mobilizationDelay is the number of turns from mobilization to the turn a
// unit enters the reserve (14.83; the garbled table read from 13.21B).
var mobilizationDelay = map[storm.UnitType]int{
	storm.Infantry:             2, // 13.21B, 14.83
	storm.Air:                  4, // 13.21B, 14.83
	storm.Armor:                6, // 13.21B, 14.83
	storm.ShipbuildingIncrease: 0, // 14.81: no delay for shipbuilding
}

// britishFinalInfantryDelay: infantry of Britain's eighth mobilization is
// mechanized and takes four turns (14.83 note, 13.21B).
const britishFinalInfantryDelay = 4

// unitMix counts the units of a mobilization by type.
type unitMix struct{ Armor, Infantry, Air, Ship int }

func mixOf(us []storm.UnitType) unitMix {
	var m unitMix
	for _, u := range us {
		switch u {
		case storm.Armor:
			m.Armor++
		case storm.Infantry:
			m.Infantry++
		case storm.Air:
			m.Air++
		case storm.ShipbuildingIncrease:
			m.Ship++
		}
	}
	return m
}

func (m unitMix) Plus(n unitMix) unitMix {
	return unitMix{m.Armor + n.Armor, m.Infantry + n.Infantry, m.Air + n.Air, m.Ship + n.Ship}
}

func (m unitMix) total() int { return m.Armor + m.Infantry + m.Air + m.Ship }

// CreatedSoFar counts what p's mobilizations created: the pre-game ones of
// 14.9 (initial) and those made in the game (game).
func CreatedSoFar(p storm.Power, ps *storm.PowerState) (initial, game unitMix) {
	im := storm.InitialMobilizations[p]
	initial = unitMix{im.Units.Armor, im.Units.Infantry, im.Units.Air, im.Shipbuilding}
	for _, r := range ps.MobilizationUnits {
		game = game.Plus(mixOf(r.Units))
	}
	return initial, game
}

// hasArmorResult reports whether p has achieved a result of its own armor
// project (16.14A; needed by 14.722C, 14.736B, 14.742B), as research
// records it (ResearchResults).
func hasArmorResult(s storm.State, p storm.Power) bool {
	return ResearchResults(s, storm.SideOf(p), p, "armor") > 0
}

// ArmorCap is the most armor units Italy, Britain and France may have
// created, the initial one included, before their first armor research
// result (14.722C, 14.736B, 14.742B).
const ArmorCap = 3

// CheckMobilizationUnits checks the units of p's next mobilization against
// 14.7; rule is "" when they are allowed.
func CheckMobilizationUnits(s storm.State, p storm.Power, units []storm.UnitType) (rule, msg string) {
	ps := s.Powers[p]
	for _, u := range units {
		if !u.Valid() {
			return "14.61", fmt.Sprintf("unknown unit %q (armor, infantry, air or shipbuilding)", string(u))
		}
	}
	n := ps.Mobilizations + 1
	m := mixOf(units)
	initial, game := CreatedSoFar(p, ps)
	after := initial.Plus(game).Plus(m)
	switch p {
	case storm.Germany:
		if m.total() != 3 {
			return "14.711", fmt.Sprintf("a German mobilization creates three units, %d named", m.total())
		}
		if m.Armor+m.Ship != 1 {
			return "14.711A", "a German mobilization creates one armor unit or one shipbuilding increase (not both: 14.713A-B)"
		}
		if m.Infantry+m.Air != 2 {
			return "14.711B", "a German mobilization creates two infantry or air units besides the armor unit or shipbuilding increase"
		}
		if m.Ship > 0 && game.Ship > 0 {
			return "14.713C", "Germany may mobilize only one shipbuilding increase per game"
		}
		// 14.712: infantry and air must be equal once Germany is fully
		// mobilized; each later mobilization can move the difference by
		// at most two.
		left := ps.Factories.Idle + ps.Factories.Civilian - 1
		if d := after.Infantry - after.Air; d > 2*left || -d > 2*left {
			return "14.712", fmt.Sprintf("Germany would have %d infantry and %d air units with %d mobilizations left to balance them; they must be equal once fully mobilized",
				after.Infantry, after.Air, left)
		}
	case storm.Italy:
		if m.total() != 2 {
			return "14.721", fmt.Sprintf("an Italian mobilization creates two units, %d named", m.total())
		}
		if m.Armor > 1 || m.Infantry > 1 || m.Air > 1 || m.Ship > 1 {
			return "14.722A", "Italy may not mobilize two units of the same type in a turn"
		}
		if m.Armor > 0 && m.Ship > 0 {
			return "14.722B", "Italy may not mobilize an armor unit and a shipbuilding increase in the same turn"
		}
		if m.Armor > 0 && after.Armor > ArmorCap && !hasArmorResult(s, p) {
			return "14.722C", fmt.Sprintf("Italy may not have more than %d armor units before an Italian armor research result", ArmorCap)
		}
		if m.Ship > 0 && game.Ship > 0 {
			return "14.722D", "Italy may mobilize only one shipbuilding increase per game"
		}
	case storm.France:
		if m.total() != 2 {
			return "14.741", fmt.Sprintf("a French mobilization creates two units, %d named", m.total())
		}
		if m.Ship > 0 {
			return "14.742C", "France may not mobilize shipbuilding increases"
		}
		if m.Armor > 1 || m.Infantry > 1 || m.Air > 1 {
			return "14.742A", "France may not mobilize two units of the same type in a turn"
		}
		if m.Armor > 0 && after.Armor > ArmorCap && !hasArmorResult(s, p) {
			return "14.742B", fmt.Sprintf("France may not have more than %d armor units before a French armor research result", ArmorCap)
		}
	case storm.Russia:
		if m.Ship > 0 {
			return "14.752B", "Russia may not mobilize shipbuilding increases"
		}
		if m != (unitMix{Armor: 1, Infantry: 1, Air: 1}) {
			return "14.751", "a Russian mobilization creates one armor, one infantry and one air unit"
		}
	case storm.Britain:
		return checkBritishUnits(s, ps, n, m, game, after)
	}
	return "", ""
}

// checkBritishUnits checks Britain's n-th mobilization (14.73).
func checkBritishUnits(s storm.State, ps *storm.PowerState, n int, m, game, after unitMix) (rule, msg string) {
	if n < 3 || n > 8 {
		return "14.731", fmt.Sprintf("Britain has eight mobilizations, the first two before the game (14.732); this would be its %s", ordinal(n))
	}
	if m.total() != 3 {
		return "14.731", fmt.Sprintf("a British mobilization creates three units, %d named", m.total())
	}
	if m.Armor+m.Ship > 1 {
		return "14.736A", "Britain may mobilize at most one armor unit or shipbuilding increase at a time (14.733-14.735)"
	}
	switch {
	case n <= 4:
		if m.Infantry > 0 || m.Air < 2 {
			return "14.733A", "Britain's third and fourth mobilizations create air units and at most one armor unit or shipbuilding increase"
		}
		// 14.733B: of the third and fourth, one may hold a non-air unit,
		// the other is three air units.
		for _, r := range ps.MobilizationUnits {
			if (r.Number == 3 || r.Number == 4) && mixOf(r.Units).Air < 3 && m.Air < 3 {
				return "14.733B", fmt.Sprintf("the %s British mobilization created a non-air unit; the %s must be three air units",
					ordinal(r.Number), ordinal(n))
			}
		}
	case n <= 7:
		if m.Infantry > 0 {
			return "14.734B", "Britain may not mobilize an infantry unit in its fifth to seventh mobilizations"
		}
		if m.Ship > 0 && britishShipIn(ps, 3, 4) {
			return "14.734B", "Britain mobilized a shipbuilding increase in its third or fourth mobilization"
		}
	default: // n == 8
		if m.Infantry > 1 {
			return "14.735A", "Britain's eighth mobilization creates at most one infantry unit"
		}
		if m.Ship > 0 && britishShipIn(ps, 3, 7) {
			return "14.735B", "Britain mobilized a shipbuilding increase in an earlier mobilization of the game"
		}
	}
	if after.Infantry > 2 {
		return "14.736A", "Britain's eight mobilizations create at most two infantry units"
	}
	if after.Armor+after.Ship > 8 {
		return "14.736A", "Britain's eight mobilizations create at most eight armor units and shipbuilding increases"
	}
	if m.Armor > 0 && after.Armor > ArmorCap && !hasArmorResult(s, storm.Britain) {
		return "14.736B", fmt.Sprintf("Britain may not have more than %d armor units before a British armor research result", ArmorCap)
	}
	return "", ""
}

// britishShipIn reports whether a British mobilization numbered from..to
// created a shipbuilding increase.
func britishShipIn(ps *storm.PowerState, from, to int) bool {
	for _, r := range ps.MobilizationUnits {
		if r.Number >= from && r.Number <= to && mixOf(r.Units).Ship > 0 {
			return true
		}
	}
	return false
}

func ordinal(n int) string {
	names := []string{"zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"}
	if n >= 0 && n < len(names) {
		return names[n]
	}
	return fmt.Sprintf("%dth", n)
}

// MobilizationChoices lists every set of units p's next mobilization may
// create (14.7), each in canonical order (armor, infantry, air,
// shipbuilding).
func MobilizationChoices(s storm.State, p storm.Power) [][]storm.UnitType {
	size := unitsPerMobilization[p]
	var out [][]storm.UnitType
	var rec func(start int, cur []storm.UnitType)
	rec = func(start int, cur []storm.UnitType) {
		if len(cur) == size {
			if rule, _ := CheckMobilizationUnits(s, p, cur); rule == "" {
				out = append(out, slices.Clone(cur))
			}
			return
		}
		for i := start; i < len(storm.UnitTypes); i++ {
			rec(i, append(cur, storm.UnitTypes[i]))
		}
	}
	rec(0, make([]storm.UnitType, 0, size)) // one array for every set tried: each kept is cloned
	return out
}

// mobilizeUnits resolves the units of a MOBILIZE order: the ones named, or
// the only choice when the order names none. ok is false with the rule and
// message when they are not allowed.
func mobilizeUnits(s storm.State, p storm.Power, o storm.Order) (units []storm.UnitType, rule, msg string) {
	if len(o.Units) == 0 {
		ch := MobilizationChoices(s, p)
		switch len(ch) {
		case 1:
			return ch[0], "", ""
		case 0:
			return nil, "14.7", fmt.Sprintf("%s can create no units with another mobilization", p.Title())
		}
		var alts []string
		for _, c := range ch {
			alts = append(alts, storm.UnitList(c))
		}
		return nil, "14.7", fmt.Sprintf("name the units this mobilization creates, e.g. %s; allowed: %s",
			storm.Order{Kind: storm.Mobilize, From: o.From, Units: ch[0]}, strings.Join(alts, " / "))
	}
	if rule, msg := CheckMobilizationUnits(s, p, o.Units); rule != "" {
		return nil, rule, msg
	}
	return o.Units, "", ""
}

// delayOf is the mobilization delay of one unit of p's n-th mobilization
// (14.83, 13.21B).
func delayOf(p storm.Power, n int, u storm.UnitType) int {
	if p == storm.Britain && n == 8 && u == storm.Infantry {
		return britishFinalInfantryDelay // 14.83 note
	}
	return mobilizationDelay[u]
}

// addTurns returns the turn n turns after t.
func addTurns(t storm.Turn, n int) storm.Turn {
	for range n {
		t = t.Next()
	}
	return t
}

// createMobilizationUnits carries out 14.61 for p's mobilization just made
// (number ps.Mobilizations): the units set off for the reserve (14.81) and
// a shipbuilding increase counts at once.
func createMobilizationUnits(s *storm.State, p storm.Power, from storm.FactoryKind, units []storm.UnitType, evs *[]event.Event) {
	ps := s.Powers[p]
	n := ps.Mobilizations
	// From: the factory mobilized, for 34.31C's Russian civilian factories.
	ps.MobilizationUnits = append(ps.MobilizationUnits, storm.MobilizationRecord{Number: n, Turn: s.Turn, Units: slices.Clone(units), From: from})
	var moving []storm.MobilizingUnit
	for _, u := range units {
		if u == storm.ShipbuildingIncrease {
			ps.ShipbuildingIncreases++ // 14.61, 14.81: no delay
			*evs = append(*evs, event.ShipbuildingIncreased{Power: p, Mobilization: n, Total: ps.ShipbuildingIncreases})
			continue
		}
		mu := storm.MobilizingUnit{Unit: u, Arrives: addTurns(s.Turn, delayOf(p, n, u)), Mobilization: n}
		moving = append(moving, mu)
	}
	ps.Mobilizing = append(ps.Mobilizing, moving...)
	*evs = append(*evs, event.UnitsMobilized{Power: p, Mobilization: n, Units: moving})
}

// UnitsArrive moves every mobilizing unit whose delay has run out into its
// power's reserve (14.81). It runs when a turn begins, so that the units
// may be built in that turn (13.21B).
func UnitsArrive(s *storm.State, evs *[]event.Event) {
	for _, p := range storm.Powers {
		ps := s.Powers[p]
		if ps == nil || len(ps.Mobilizing) == 0 {
			continue
		}
		var arrived storm.Units
		var still []storm.MobilizingUnit
		for _, mu := range ps.Mobilizing {
			if mu.Arrives.Before(s.Turn) || mu.Arrives == s.Turn {
				arrived.Add(mu.Unit, 1)
				continue
			}
			still = append(still, mu)
		}
		if arrived.Total() == 0 {
			continue
		}
		if still == nil {
			still = []storm.MobilizingUnit{}
		}
		ps.Mobilizing = still
		ps.Reserve = ps.Reserve.Plus(arrived)
		*evs = append(*evs, event.UnitsReachedReserve{Power: p, Units: arrived, Reserve: ps.Reserve})
	}
}

// MobilizeOffers are, for Allowed, a MOBILIZE order from idle and one from
// civilian factories, each with the first choice of units p has (14.7;
// none when p has no choice left), and UnitChoicesNote: p's choices of
// units reckoned once for the three.
func MobilizeOffers(s storm.State, p storm.Power) (idle, civilian []storm.Order, units string) {
	ch := MobilizationChoices(s, p)
	if len(ch) == 0 {
		return nil, nil, unitChoicesNote(ch)
	}
	return []storm.Order{{Kind: storm.Mobilize, From: storm.Idle, Units: ch[0]}},
		[]storm.Order{{Kind: storm.Mobilize, From: storm.Civilian, Units: slices.Clone(ch[0])}}, unitChoicesNote(ch) // no units shared between the two
}

// UnitChoicesNote lists p's choices of units (14.7) for Allowed's note.
func UnitChoicesNote(s storm.State, p storm.Power) string {
	return unitChoicesNote(MobilizationChoices(s, p))
}

// unitChoicesNote is UnitChoicesNote of the choices ch.
func unitChoicesNote(ch [][]storm.UnitType) string {
	if len(ch) <= 1 {
		return "; the units are forced (14.7), naming them is optional"
	}
	var alts []string
	for _, c := range ch {
		alts = append(alts, storm.UnitList(c))
	}
	return "; units (14.7), one of: " + strings.Join(alts, " / ")
}
