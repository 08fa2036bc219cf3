package adjudicator

import (
	"fmt"
	"slices"
	"strings"
)

// The units a mobilization creates (14.6, 14.7) and their way into the
// reserve (14.8, 13.21B).
//
// A MOBILIZE order names its units (Order.Units). The choices each power
// may make depend on its mobilization number and on what it created before,
// so every mobilization made in the game is recorded in
// PowerState.MobilizationUnits.

// MobilizationRecord is what one mobilization made in the game created
// (14.7).
type MobilizationRecord struct {
	Number int        `json:"number"` // the power's n-th mobilization, 14.9 included
	Turn   Turn       `json:"turn"`
	Units  []UnitType `json:"units"`
}

// MobilizingUnit is a unit created by a mobilization and not yet in the
// reserve (14.81): it enters the reserve at the start of turn Arrives, and
// may be built in that turn (13.21B).
type MobilizingUnit struct {
	Unit         UnitType `json:"unit"`
	Arrives      Turn     `json:"arrives"`
	Mobilization int      `json:"mobilization"`
}

// unitsPerMobilization is how many units (a shipbuilding increase counts as
// one) each mobilization creates.
var unitsPerMobilization = map[Power]int{
	Germany: 3, // 14.711
	Italy:   2, // 14.721
	Britain: 3, // 14.731
	France:  2, // 14.741
	Russia:  3, // 14.751
}

// mobilizationDelay is the number of turns from mobilization to the turn a
// unit enters the reserve (14.83; the garbled table read from 13.21B).
var mobilizationDelay = map[UnitType]int{
	Infantry:             2, // 13.21B, 14.83
	Air:                  4, // 13.21B, 14.83
	Armor:                6, // 13.21B, 14.83
	ShipbuildingIncrease: 0, // 14.81: no delay for shipbuilding
}

// britishFinalInfantryDelay: infantry of Britain's eighth mobilization is
// mechanized and takes four turns (14.83 note, 13.21B).
const britishFinalInfantryDelay = 4

// unitTypes are the unit types in canonical order.
var unitTypes = []UnitType{Armor, Infantry, Air, ShipbuildingIncrease}

// Valid reports whether u is one of the four unit types.
func (u UnitType) Valid() bool { return slices.Contains(unitTypes, u) }

// unitMix counts the units of a mobilization by type.
type unitMix struct{ Armor, Infantry, Air, Ship int }

func mixOf(us []UnitType) unitMix {
	var m unitMix
	for _, u := range us {
		switch u {
		case Armor:
			m.Armor++
		case Infantry:
			m.Infantry++
		case Air:
			m.Air++
		case ShipbuildingIncrease:
			m.Ship++
		}
	}
	return m
}

func (m unitMix) plus(n unitMix) unitMix {
	return unitMix{m.Armor + n.Armor, m.Infantry + n.Infantry, m.Air + n.Air, m.Ship + n.Ship}
}

func (m unitMix) total() int { return m.Armor + m.Infantry + m.Air + m.Ship }

// createdSoFar counts what p's mobilizations created: the pre-game ones of
// 14.9 (initial) and those made in the game (game).
func createdSoFar(p Power, ps *PowerState) (initial, game unitMix) {
	im := initialMobilizations[p]
	initial = unitMix{im.Units.Armor, im.Units.Infantry, im.Units.Air, im.Shipbuilding}
	for _, r := range ps.MobilizationUnits {
		game = game.plus(mixOf(r.Units))
	}
	return initial, game
}

// hasArmorResult reports whether p has achieved a result of its own armor
// project (16.14A; needed by 14.722C, 14.736B, 14.742B), as research
// records it (ResearchResults).
func hasArmorResult(s State, p Power) bool {
	return ResearchResults(s, SideOf(p), p, "armor") > 0
}

// armorCap is the most armor units Italy, Britain and France may have
// created, the initial one included, before their first armor research
// result (14.722C, 14.736B, 14.742B).
const armorCap = 3

// checkMobilizationUnits checks the units of p's next mobilization against
// 14.7; rule is "" when they are allowed.
func checkMobilizationUnits(s State, p Power, units []UnitType) (rule, msg string) {
	ps := s.Powers[p]
	for _, u := range units {
		if !u.Valid() {
			return "14.61", fmt.Sprintf("unknown unit %q (armor, infantry, air or shipbuilding)", string(u))
		}
	}
	n := ps.Mobilizations + 1
	m := mixOf(units)
	initial, game := createdSoFar(p, ps)
	after := initial.plus(game).plus(m)
	switch p {
	case Germany:
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
	case Italy:
		if m.total() != 2 {
			return "14.721", fmt.Sprintf("an Italian mobilization creates two units, %d named", m.total())
		}
		if m.Armor > 1 || m.Infantry > 1 || m.Air > 1 || m.Ship > 1 {
			return "14.722A", "Italy may not mobilize two units of the same type in a turn"
		}
		if m.Armor > 0 && m.Ship > 0 {
			return "14.722B", "Italy may not mobilize an armor unit and a shipbuilding increase in the same turn"
		}
		if m.Armor > 0 && after.Armor > armorCap && !hasArmorResult(s, p) {
			return "14.722C", fmt.Sprintf("Italy may not have more than %d armor units before an Italian armor research result", armorCap)
		}
		if m.Ship > 0 && game.Ship > 0 {
			return "14.722D", "Italy may mobilize only one shipbuilding increase per game"
		}
	case France:
		if m.total() != 2 {
			return "14.741", fmt.Sprintf("a French mobilization creates two units, %d named", m.total())
		}
		if m.Ship > 0 {
			return "14.742C", "France may not mobilize shipbuilding increases"
		}
		if m.Armor > 1 || m.Infantry > 1 || m.Air > 1 {
			return "14.742A", "France may not mobilize two units of the same type in a turn"
		}
		if m.Armor > 0 && after.Armor > armorCap && !hasArmorResult(s, p) {
			return "14.742B", fmt.Sprintf("France may not have more than %d armor units before a French armor research result", armorCap)
		}
	case Russia:
		if m.Ship > 0 {
			return "14.752B", "Russia may not mobilize shipbuilding increases"
		}
		if m != (unitMix{Armor: 1, Infantry: 1, Air: 1}) {
			return "14.751", "a Russian mobilization creates one armor, one infantry and one air unit"
		}
	case Britain:
		return checkBritishUnits(s, ps, n, m, game, after)
	}
	return "", ""
}

// checkBritishUnits checks Britain's n-th mobilization (14.73).
func checkBritishUnits(s State, ps *PowerState, n int, m, game, after unitMix) (rule, msg string) {
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
	if m.Armor > 0 && after.Armor > armorCap && !hasArmorResult(s, Britain) {
		return "14.736B", fmt.Sprintf("Britain may not have more than %d armor units before a British armor research result", armorCap)
	}
	return "", ""
}

// britishShipIn reports whether a British mobilization numbered from..to
// created a shipbuilding increase.
func britishShipIn(ps *PowerState, from, to int) bool {
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

// mobilizationChoices lists every set of units p's next mobilization may
// create (14.7), each in canonical order (armor, infantry, air,
// shipbuilding).
func mobilizationChoices(s State, p Power) [][]UnitType {
	size := unitsPerMobilization[p]
	var out [][]UnitType
	var rec func(start int, cur []UnitType)
	rec = func(start int, cur []UnitType) {
		if len(cur) == size {
			if rule, _ := checkMobilizationUnits(s, p, cur); rule == "" {
				out = append(out, slices.Clone(cur))
			}
			return
		}
		for i := start; i < len(unitTypes); i++ {
			rec(i, append(cur, unitTypes[i]))
		}
	}
	rec(0, nil)
	return out
}

// mobilizeUnits resolves the units of a MOBILIZE order: the ones named, or
// the only choice when the order names none. ok is false with the rule and
// message when they are not allowed.
func mobilizeUnits(s State, p Power, o Order) (units []UnitType, rule, msg string) {
	if len(o.Units) == 0 {
		ch := mobilizationChoices(s, p)
		switch len(ch) {
		case 1:
			return ch[0], "", ""
		case 0:
			return nil, "14.7", fmt.Sprintf("%s can create no units with another mobilization", p.Title())
		}
		var alts []string
		for _, c := range ch {
			alts = append(alts, unitList(c))
		}
		return nil, "14.7", fmt.Sprintf("name the units this mobilization creates, e.g. %s; allowed: %s",
			Order{Kind: Mobilize, From: o.From, Units: ch[0]}, strings.Join(alts, " / "))
	}
	if rule, msg := checkMobilizationUnits(s, p, o.Units); rule != "" {
		return nil, rule, msg
	}
	return o.Units, "", ""
}

// unitList renders units as "ARMOR, INFANTRY, AIR".
func unitList(us []UnitType) string {
	var ws []string
	for _, u := range us {
		ws = append(ws, strings.ToUpper(string(u)))
	}
	return strings.Join(ws, ", ")
}

// delayOf is the mobilization delay of one unit of p's n-th mobilization
// (14.83, 13.21B).
func delayOf(p Power, n int, u UnitType) int {
	if p == Britain && n == 8 && u == Infantry {
		return britishFinalInfantryDelay // 14.83 note
	}
	return mobilizationDelay[u]
}

// addTurns returns the turn n turns after t.
func addTurns(t Turn, n int) Turn {
	for range n {
		t = t.Next()
	}
	return t
}

// createMobilizationUnits carries out 14.61 for p's mobilization just made
// (number ps.Mobilizations): the units set off for the reserve (14.81) and
// a shipbuilding increase counts at once.
func createMobilizationUnits(s *State, p Power, units []UnitType, evs *[]Event) {
	ps := s.Powers[p]
	n := ps.Mobilizations
	ps.MobilizationUnits = append(ps.MobilizationUnits, MobilizationRecord{Number: n, Turn: s.Turn, Units: slices.Clone(units)})
	var moving []MobilizingUnit
	for _, u := range units {
		if u == ShipbuildingIncrease {
			ps.ShipbuildingIncreases++ // 14.61, 14.81: no delay
			*evs = append(*evs, ShipbuildingIncreased{Power: p, Mobilization: n, Total: ps.ShipbuildingIncreases})
			continue
		}
		mu := MobilizingUnit{Unit: u, Arrives: addTurns(s.Turn, delayOf(p, n, u)), Mobilization: n}
		moving = append(moving, mu)
	}
	ps.Mobilizing = append(ps.Mobilizing, moving...)
	*evs = append(*evs, UnitsMobilized{Power: p, Mobilization: n, Units: moving})
}

// unitsArrive moves every mobilizing unit whose delay has run out into its
// power's reserve (14.81). It runs when a turn begins, so that the units
// may be built in that turn (13.21B).
func unitsArrive(s *State, evs *[]Event) {
	for _, p := range Powers {
		ps := s.Powers[p]
		if ps == nil || len(ps.Mobilizing) == 0 {
			continue
		}
		var arrived Units
		var still []MobilizingUnit
		for _, mu := range ps.Mobilizing {
			if mu.Arrives.Before(s.Turn) || mu.Arrives == s.Turn {
				arrived.add(mu.Unit, 1)
				continue
			}
			still = append(still, mu)
		}
		if arrived.Total() == 0 {
			continue
		}
		if still == nil {
			still = []MobilizingUnit{}
		}
		ps.Mobilizing = still
		ps.Reserve = ps.Reserve.plus(arrived)
		*evs = append(*evs, UnitsReachedReserve{Power: p, Units: arrived, Reserve: ps.Reserve})
	}
}

// add adds n units of type u (not shipbuilding).
func (u *Units) add(t UnitType, n int) {
	switch t {
	case Armor:
		u.Armor += n
	case Infantry:
		u.Infantry += n
	case Air:
		u.Air += n
	}
}

// Count returns the number of units of type t.
func (u Units) Count(t UnitType) int {
	switch t {
	case Armor:
		return u.Armor
	case Infantry:
		return u.Infantry
	case Air:
		return u.Air
	}
	return 0
}

// UnitsMobilized reports the units a mobilization created (14.61, 14.7) and
// when each enters the reserve (14.8).
type UnitsMobilized struct {
	Power        Power            `json:"power"`
	Mobilization int              `json:"mobilization"`
	Units        []MobilizingUnit `json:"units"`
}

// ShipbuildingIncreased reports a shipbuilding increase created by a
// mobilization (14.61); it takes effect at once (14.81).
type ShipbuildingIncreased struct {
	Power        Power `json:"power"`
	Mobilization int   `json:"mobilization"`
	Total        int   `json:"total"` // shipbuilding increases after this one
}

// UnitsReachedReserve reports mobilized units entering the reserve at the
// start of a turn (14.81, 13.21B).
type UnitsReachedReserve struct {
	Power   Power `json:"power"`
	Units   Units `json:"units"`
	Reserve Units `json:"reserve"` // the reserve afterwards
}

// Mobilization choices and shipbuilding increases are revealed with the
// economic phase (13.12); a unit reaching the reserve is the power's own
// business until it is built (18.21B makes active units public).
func (UnitsMobilized) Visibility() Visibility        { return public }
func (ShipbuildingIncreased) Visibility() Visibility { return public }
func (e UnitsReachedReserve) Visibility() Visibility { return Visibility{Power: e.Power} }
func (UnitsMobilized) Type() string                  { return "UnitsMobilized" }
func (ShipbuildingIncreased) Type() string           { return "ShipbuildingIncreased" }
func (UnitsReachedReserve) Type() string             { return "UnitsReachedReserve" }

func init() {
	eventTypes["UnitsMobilized"] = decode[UnitsMobilized]
	eventTypes["ShipbuildingIncreased"] = decode[ShipbuildingIncreased]
	eventTypes["UnitsReachedReserve"] = decode[UnitsReachedReserve]
}

// mobilizeOrders gives, for Allowed, a MOBILIZE order from a factory of
// use from with the first choice of units p has (14.7); none when p has no
// choice left.
func mobilizeOrders(s State, p Power, from FactoryKind) []Order {
	ch := mobilizationChoices(s, p)
	if len(ch) == 0 {
		return nil
	}
	return []Order{{Kind: Mobilize, From: from, Units: ch[0]}}
}

// unitChoicesNote lists p's choices of units (14.7) for Allowed's note.
func unitChoicesNote(s State, p Power) string {
	ch := mobilizationChoices(s, p)
	if len(ch) <= 1 {
		return "; the units are forced (14.7), naming them is optional"
	}
	var alts []string
	for _, c := range ch {
		alts = append(alts, unitList(c))
	}
	return "; units (14.7), one of: " + strings.Join(alts, " / ")
}
