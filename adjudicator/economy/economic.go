package economy

import (
	"fmt"
	"slices"

	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/randomevent"
	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/track"
)

// Conversion costs.
const (
	convertBaseCost  = 10 // 14.21
	mobilizeBaseCost = 10 // 14.31
	// minConversionCost is the floor of any conversion cost. 14.31 gives no
	// floor; a cost of zero or less would pay a power to mobilize, so a
	// conversion always costs at least 1 tile point (docs/rules.md).
	minConversionCost = 1
	// RussianMilitaryCap: Russia may mobilize beyond nine military factories
	// only under the conditions of 14.43C (10.41A).
	RussianMilitaryCap = 9
)

// ConvertCost is the cost of converting an idle factory to civilian use:
// 10 tile points (14.21), adjusted by random events.
func ConvertCost(s storm.State, p storm.Power) int {
	ps := s.Powers[p]
	c := convertBaseCost
	if ps != nil {
		c += ps.ConvertCostModifier // 14.21: random events
	}
	return max(c, minConversionCost)
}

// MobilizeCost is the cost of converting a factory to military use (14.31):
// 10, minus one per year played since 1935 (14.31A), minus a positive EAI or
// plus a negative one (14.31B, 23.31A), adjusted by random events (14.31C),
// never below minConversionCost.
func MobilizeCost(s storm.State, p storm.Power) int {
	c := mobilizeBaseCost
	c -= s.Turn.Year - storm.FirstTurn.Year // 14.31A
	c -= s.EAI                              // 14.31B
	if ps := s.Powers[p]; ps != nil {
		c += ps.MobilizeCostModifier // 14.31C
	}
	return max(c, minConversionCost)
}

// RussianRate is the number of turns between Russian mobilizations by
// cohesion level (14.43B).
var RussianRate = map[storm.Cohesion]int{
	storm.LowCohesion:    5, // 14.43B: once every five turns
	storm.MediumCohesion: 4, // 14.43B
	storm.HighCohesion:   3, // 14.43B
	storm.FullCohesion:   2, // 14.43B
}

// economicStep is one part of the economic phase (13.11), in the order the
// rules carry them out: its order kinds, a check of one power's orders of
// those kinds against the state left by the earlier parts, the application
// of one power's checked orders, and an optional finish once every power's
// orders of the part are applied (e.g. the balance of power, 20).
type economicStep struct {
	Name  string
	Rule  string
	Kinds []storm.OrderKind
	// check returns the errors of orders (indices into orders).
	Check func(s storm.State, p storm.Power, orders []storm.Order) []storm.IndexedError
	// apply carries out orders that check accepted.
	Apply func(s *storm.State, p storm.Power, orders []storm.Order, evs *[]event.Event)
	// finish may be nil.
	finish func(s *storm.State, evs *[]event.Event)
	// always: apply runs for every power, with no orders too (the events
	// a power did not play are played for it, 15.32). Check of no orders
	// finds nothing, whatever the state: the validation of a random
	// player's orders does not ask it (OrdersCheck).
	Always bool
	// idle, when not nil, reports that apply of no orders changes nothing
	// of s for p (no event of the part to play), so that a validation
	// need not copy the state for it (OrdersCheck).
	idle func(s storm.State, p storm.Power) bool
	// prepared, when not nil, is the part as what it does first whatever
	// the orders, then its check and apply of them: Check is prepare on a
	// copy and check, Apply prepare and apply.
	prepared *preparedStep
}

// preparedStep is a part whose check reads the state its apply begins
// with, whatever the orders (research: the power's research events
// played first, 15.32). CheckStep prepares the state it carries the part
// out on, once, rather than the check a copy and the apply the state
// again; OrdersCheck prepares a snapshot once for all the checks of the
// part on it.
type preparedStep struct {
	prepare func(s *storm.State, p storm.Power, evs *[]event.Event)
	check   func(s storm.State, p storm.Power, orders []storm.Order) []storm.IndexedError
	apply   func(s *storm.State, p storm.Power, orders []storm.Order, evs *[]event.Event)
}

// idleOf reports that apply of no orders of part j changes nothing of s
// for p: a part that does not always run, or one whose idle says so.
func idleOf(j int, s storm.State, p storm.Power) bool {
	st := EconomicSteps[j]
	return !st.Always || st.idle != nil && st.idle(s, p)
}

// noneHeld is an idle that holds when p holds no event of category c to
// play in the economic phase (15.32).
func noneHeld(c storm.EventCategory) func(s storm.State, p storm.Power) bool {
	return func(s storm.State, p storm.Power) bool { return len(randomevent.HeldOf(s, p, c)) == 0 }
}

// EconomicSteps are the parts of the economic phase in the order of 13.11;
// each part's rules live in a file of its own.
var EconomicSteps = []economicStep{
	// 9.41E: secret events played first, so that their tile points may be
	// spent in this phase (play.go).
	// 15.32, 9.41B-C: construction events before the orders they serve,
	// played or not; the projects chosen for research events, which are
	// played at each power's research (eventplay.go).
	{Name: "events", Rule: "9.41E", Kinds: randomevent.PlayKinds, Check: randomevent.CheckPlay, Apply: randomevent.ApplyPlay, Always: true,
		idle: noneHeld(storm.CategoryConstruction)}, // ApplyPlay plays them (9.41C)
	{Name: "industrial", Rule: "13.11A", Kinds: industrialKinds, Check: checkIndustrial, Apply: applyIndustrial},
	// 15.32: each power's research events are played at the start of its
	// research (eventplay.go).
	{Name: "research", Rule: "13.11B", Kinds: ResearchKinds, Check: checkResearchAfterEvents, Apply: applyResearchAfterEvents,
		finish: finishResearch, Always: true, idle: noneHeld(storm.CategoryResearch), prepared: researchFirst},
	{Name: "construction", Rule: "13.11C", Kinds: ConstructionKinds, Check: checkConstruction, Apply: applyConstruction, finish: finishConstruction},
	{Name: "shipbuilding", Rule: "13.11C", Kinds: ShipbuildingKinds, Check: CheckShipbuilding, Apply: applyShipbuilding, finish: finishShipbuilding},
	// 16.16G: Anglo-French transfers after the giver's other orders
	// (transfer.go).
	{Name: "transfer", Rule: "16.16G", Kinds: transferKinds, Check: checkTransfer, Apply: applyTransfer},
	// 9.41B-C: research and construction events take effect at the end
	// of the economic phase (randomevents.go).
	{Name: "random events", Rule: "9.41B-C", Check: track.CheckNoOrders, Apply: track.ApplyNoOrders, finish: randomevent.FinishEventReveal},
	// 20.53: the balance of power after all of the phase's changes.
	{Name: "balance of power", Rule: "20.53", Check: track.CheckNoOrders, Apply: track.ApplyNoOrders, finish: track.FinishBalance},
	// 21.23B: the Russian garrison is checked after units are built and
	// research results announced (garrison.go).
	{Name: "garrison", Rule: "21.23B", Check: track.CheckNoOrders, Apply: track.ApplyNoOrders, finish: track.FinishGarrison},
	// 22.21B: Russia announces a Party purge's prohibition at the end of
	// the economic phase, before diplomacy (purge.go).
	{Name: "party purge", Rule: "22.21B", Check: track.CheckNoOrders, Apply: track.ApplyNoOrders, finish: randomevent.FinishPartyPurge},
}

// industrialKinds are the orders of the industrial segment (14).
var industrialKinds = []storm.OrderKind{storm.Convert, storm.Mobilize}

// SplitEconomic sorts order indices by economic step; orders of no step are
// returned as unknown.
func SplitEconomic(orders []storm.Order) (parts [][]int, unknown []int) {
	parts = make([][]int, len(EconomicSteps))
	// Each order's part first (-1: none), then the parts' indices in one
	// array, each part's slice capped at its end so that an append to one
	// copies it: two allocations whatever the parts.
	var small [16]int
	step := small[:0]
	if len(orders) > len(small) {
		step = make([]int, 0, len(orders))
	}
	n := 0
	for _, o := range orders {
		k := -1
		for j, st := range EconomicSteps {
			if slices.Contains(st.Kinds, o.Kind) {
				k = j
				n++
				break
			}
		}
		step = append(step, k)
	}
	all := make([]int, 0, n)
	for k := range parts {
		start := len(all)
		for i, st := range step {
			if st == k {
				all = append(all, i)
			}
		}
		if len(all) > start {
			parts[k] = all[start:len(all):len(all)]
		}
	}
	for i, st := range step {
		if st < 0 {
			unknown = append(unknown, i)
		}
	}
	return parts, unknown
}

// Pick returns the orders at the indices idx, in that order.
func Pick(orders []storm.Order, idx []int) []storm.Order {
	out := make([]storm.Order, len(idx))
	for j, i := range idx {
		out[j] = orders[i]
	}
	return out
}

// checkIndustrial checks the factory conversion orders (14): at most one a
// turn (14.41), each against 14.2-14.4.
func checkIndustrial(s storm.State, p storm.Power, orders []storm.Order) []storm.IndexedError {
	var errs []storm.IndexedError
	for i, o := range orders {
		if i > 0 {
			errs = append(errs, storm.IndexedError{OrderError: storm.OrderError{Order: o, Rule: "14.41", Msg: "only one factory may be converted per turn"}, Index: i})
			continue
		}
		if e, ok := checkConversion(s, p, o); !ok {
			errs = append(errs, storm.IndexedError{OrderError: e, Index: i})
		}
	}
	return errs
}

// applyIndustrial carries out the one checked conversion.
func applyIndustrial(s *storm.State, p storm.Power, orders []storm.Order, evs *[]event.Event) {
	if len(orders) > 0 {
		applyConversion(s, p, orders[0], evs)
	}
}

// checkConversion validates one conversion order of p.
func checkConversion(s storm.State, p storm.Power, o storm.Order) (storm.OrderError, bool) {
	ps := s.Powers[p]
	fail := func(rule, format string, a ...any) (storm.OrderError, bool) {
		return storm.OrderError{Order: o, Rule: rule, Msg: fmt.Sprintf(format, a...)}, false
	}
	if ps.ConvertedThisTurn {
		return fail("14.41", "%s has already converted a factory this turn", p.Title())
	}
	switch o.Kind {
	case storm.Convert:
		from := o.From
		if from == "" {
			from = storm.Idle
		}
		switch from {
		case storm.Military:
			return fail("14.42B", "military factories may never be converted to civilian use (14.44)")
		case storm.Civilian:
			return fail("14.11", "the factory is already civilian")
		case storm.Idle:
		default:
			return fail("14.11", "unknown factory use %q (idle, civilian or military)", from)
		}
		if p == storm.Russia {
			return fail("14.42A", "Russia may not convert idle factories to civilian use")
		}
		if ps.Factories.Idle < 1 {
			return fail("14.12", "%s has no idle factory", p.Title())
		}
		if c := ConvertCost(s, p); ps.TilePoints < c {
			return fail("6.12", "costs %d tile point(s), %s has %d", c, p.Title(), ps.TilePoints)
		}
	case storm.Mobilize:
		switch o.From {
		case storm.Idle, storm.Civilian:
		case storm.Military:
			return fail("14.11", "the factory is already military")
		case "":
			return fail("14.31", "say which factory to mobilize: MOBILIZE IDLE or MOBILIZE CIVILIAN")
		default:
			return fail("14.11", "unknown factory use %q (idle or civilian)", o.From)
		}
		if ps.Factories.Count(o.From) < 1 {
			return fail("14.12", "%s has no %s factory", p.Title(), o.From)
		}
		if p == storm.Russia {
			if s.Russia.GreatPurge {
				return fail("14.43A", "Russia may not mobilize in a turn of a Great Purge")
			}
			if wait := RussianRate[s.Russia.Cohesion]; wait > 0 && len(ps.MobilizationTurns) > 0 {
				last := ps.MobilizationTurns[len(ps.MobilizationTurns)-1]
				if next := last.Index() + wait; s.Turn.Index() < next {
					return fail("14.43B", "at %s cohesion Russia may mobilize once every %d turns; last mobilized %s",
						s.Russia.Cohesion, wait, last)
				}
			}
			if !s.Conditions.RussianMobilizationFreed() {
				if o.From == storm.Civilian {
					return fail("14.43C", "Russia may mobilize civilian factories only after German aggression against Poland without the pact, a broken pact, or aggression against the Baltic States")
				}
				if ps.Factories.Military >= RussianMilitaryCap {
					return fail("10.41A", "Russia may not have more than %d military factories until 14.43C applies", RussianMilitaryCap)
				}
			}
		}
		if c := MobilizeCost(s, p); ps.TilePoints < c {
			return fail("6.12", "costs %d tile point(s), %s has %d", c, p.Title(), ps.TilePoints)
		}
		if _, rule, msg := mobilizeUnits(s, p, o); rule != "" { // 14.7
			return fail(rule, "%s", msg)
		}
	case "":
		return fail("14.11", "empty order")
	default:
		return fail("7.31", "%q is not an order of the %s", string(o.Kind), s.Segment.Title())
	}
	return storm.OrderError{}, true
}

// ResolveEconomic resolves the economic phase: its parts in the order of
// 13.11, each done by all powers secretly and simultaneously (14.51, 18.31)
// and revealed together at the end (13.12).
func ResolveEconomic(s *storm.State, orders map[storm.Power][]storm.Order, evs *[]event.Event) {
	split := map[storm.Power][][]int{}
	for _, p := range storm.Powers {
		parts, unknown := SplitEconomic(orders[p])
		split[p] = parts
		for _, i := range unknown {
			o := orders[p][i]
			*evs = append(*evs, event.OrderVoided{Power: p, Order: o, Rule: "7.31",
				Msg: fmt.Sprintf("%q is not an order of the %s", string(o.Kind), s.Segment.Title())})
		}
	}
	for k, st := range EconomicSteps {
		// Check every power against the same state, then apply: the
		// powers' orders of one part do not interact.
		accepted := map[storm.Power][]storm.Order{}
		for _, p := range storm.Powers {
			sub := Pick(orders[p], split[p][k])
			accepted[p] = track.AcceptOrders(*s, p, sub, st.Check, st.Rule, st.Name, evs)
		}
		for _, p := range storm.Powers {
			if st.Name == "industrial" && len(accepted[p]) == 0 {
				*evs = append(*evs, event.NoConversion{Power: p})
				continue
			}
			if len(accepted[p]) > 0 || st.Always {
				st.Apply(s, p, accepted[p], evs)
			}
		}
		if st.finish != nil {
			st.finish(s, evs)
		}
	}
}

// applyConversion carries out one validated conversion.
func applyConversion(s *storm.State, p storm.Power, o storm.Order, evs *[]event.Event) {
	ps := s.Powers[p]
	from, to := o.From, o.To()
	if from == "" {
		from = storm.Idle
	}
	cost := ConvertCost(*s, p)
	if o.Kind == storm.Mobilize {
		cost = MobilizeCost(*s, p)
	}
	var units []storm.UnitType
	if o.Kind == storm.Mobilize {
		units, _, _ = mobilizeUnits(*s, p, o) // 14.7: checked by checkConversion
	}
	before := ps.Counters
	supportBefore := track.MobilizationSupport(p, ps.Factories.Military)
	ps.TilePoints -= cost // 6.12: checked by Validate
	ps.Factories.Add(from, -1)
	ps.Factories.Add(to, 1)
	ps.ConvertedThisTurn = true // 14.41
	*evs = append(*evs, event.FactoryConverted{Power: p, From: from, To: to, Cost: cost,
		TilePoints: ps.TilePoints, Factories: ps.Factories})

	// 13.21A, 12.22A/B: civilian-factory counters follow the factories now.
	ps.Counters = storm.CountersFor(*s, p) // with this turn's 12.22G changes (pools.go)
	counterEvents(p, before, ps.Counters, ps.Factories, evs)

	if o.Kind == storm.Mobilize {
		ps.Mobilizations++
		ps.MobilizationTurns = append(ps.MobilizationTurns, s.Turn) // 14.43B
		*evs = append(*evs, event.Mobilized{Power: p, Number: ps.Mobilizations})
		createMobilizationUnits(s, p, from, units, evs) // 14.61, 14.7, 14.8
		// 10.41A, 13.21D: a support increase gains a tile point at once and
		// raises the support level for the rest of the turn.
		if after := track.MobilizationSupport(p, ps.Factories.Military); after > supportBefore {
			gain := after - supportBefore
			ps.TilePoints += gain
			ps.Support += gain
			*evs = append(*evs, event.SupportFromMobilization{Power: p, Support: after, TileGained: gain})
		}
	}
}

// counterEvents reports the 12.22A/B counters gained or lost.
func counterEvents(p storm.Power, before, after storm.ActivityCounters, f storm.Factories, evs *[]event.Event) {
	if d := after.Research - before.Research; d != 0 {
		*evs = append(*evs, event.ActivityCounterChanged{Power: p, Strength: 1, Research: true, Delta: d, Rule: "12.22A"})
	}
	if d := after.Two - before.Two; d != 0 {
		*evs = append(*evs, event.ActivityCounterChanged{Power: p, Strength: 2, Delta: d, Rule: "12.22B"})
	}
}
