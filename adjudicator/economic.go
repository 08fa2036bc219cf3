package adjudicator

import (
	"fmt"
	"slices"
	"sort"
)

// Conversion costs.
const (
	convertBaseCost  = 10 // 14.21
	mobilizeBaseCost = 10 // 14.31
	// minConversionCost is the floor of any conversion cost. 14.31 gives no
	// floor; a cost of zero or less would pay a power to mobilize, so a
	// conversion always costs at least 1 tile point (docs/rules.md).
	minConversionCost = 1
	// russianMilitaryCap: Russia may mobilize beyond nine military factories
	// only under the conditions of 14.43C (10.41A).
	russianMilitaryCap = 9
)

// ConvertCost is the cost of converting an idle factory to civilian use:
// 10 tile points (14.21), adjusted by random events.
func ConvertCost(s State, p Power) int {
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
func MobilizeCost(s State, p Power) int {
	c := mobilizeBaseCost
	c -= s.Turn.Year - FirstTurn.Year // 14.31A
	c -= s.EAI                        // 14.31B
	if ps := s.Powers[p]; ps != nil {
		c += ps.MobilizeCostModifier // 14.31C
	}
	return max(c, minConversionCost)
}

// civilianCounter is a row of 12.22A/B: the counter a power adds to its
// pool while it has at least Civilian civilian factories.
type civilianCounter struct {
	Power    Power
	Civilian int
	Strength int
	Research bool // research only
	Rule     string
}

var civilianCounters = []civilianCounter{
	{Germany, 6, 1, true, "12.22A"},
	{Italy, 3, 1, true, "12.22A"},
	{Britain, 5, 1, true, "12.22A"},
	{France, 3, 1, true, "12.22A"},
	{Germany, 7, 2, false, "12.22B"},
	{Britain, 6, 2, false, "12.22B"},
}

// mobilizationSupport lists, per power, the numbers of military factories
// at which the support level rises by one more (10.41A).
var mobilizationSupport = map[Power][]int{
	Germany: {4, 6, 8, 10, 12, 15},      // 10.41A: max +6
	Italy:   {4, 6},                     // 10.41A: max +2
	Britain: {4, 6, 8},                  // 10.41A: max +3
	France:  {4, 6},                     // 10.41A: max +2
	Russia:  {7, 9, 10, 11, 12, 13, 14}, // 10.41A: max +7
}

// MobilizationSupport is the support from military factories (10.41A).
func MobilizationSupport(p Power, military int) int {
	n := 0
	for _, t := range mobilizationSupport[p] {
		if military >= t {
			n++
		}
	}
	return n
}

// russianRate is the number of turns between Russian mobilizations by
// cohesion level (14.43B).
var russianRate = map[Cohesion]int{
	LowCohesion:    5, // 14.43B: once every five turns
	MediumCohesion: 4, // 14.43B
	HighCohesion:   3, // 14.43B
	FullCohesion:   2, // 14.43B
}

// Validate checks p's orders for the open segment against p's state and the
// rules; nil means acceptable.
func Validate(s State, p Power, orders []Order) []OrderError {
	var errs []OrderError
	errList, _ := validate(s, p, orders)
	for _, e := range errList {
		e.OrderError.Index = e.index
		errs = append(errs, e.OrderError)
	}
	return errs
}

// indexedError is an OrderError with the index of its order.
type indexedError struct {
	OrderError
	index int
}

// validate checks p's orders and returns their errors and the state once
// the accepted parts are carried out for p alone (the scratch copy below;
// Preview shows it). The state is only meaningful when p may order now.
func validate(s State, p Power, orders []Order) ([]indexedError, State) {
	var errs []indexedError
	bad := func(i int, rule, format string, a ...any) {
		errs = append(errs, indexedError{OrderError{Order: orders[i], Rule: rule, Msg: fmt.Sprintf(format, a...)}, i})
	}
	if len(orders) == 0 {
		return nil, s.Clone()
	}
	ps := s.Powers[p]
	if !p.Valid() || ps == nil {
		for i := range orders {
			bad(i, "2.21", "%s is not a major power of this game", p)
		}
		return errs, State{}
	}
	if s.Ended {
		for i := range orders {
			bad(i, "2.31", "the game has ended")
		}
		return errs, State{}
	}
	// Standing orders for later rounds (standing.go): checked now as far
	// as they can be, the rest when their round opens.
	cur, curIdx, standing, standingIdx := splitStanding(s, orders)
	for j, o := range standing {
		if rule, msg := checkStanding(s, p, o, orders); rule != "" {
			bad(standingIdx[j], rule, "%s", msg)
		}
	}
	if len(cur) == 0 {
		return errs, s.Clone()
	}
	if !mayOrderNow(s, p) {
		for _, i := range curIdx {
			bad(i, "7.31", "%s takes no orders from %s in %s", s.Segment.Title(), p.Title(), s.Turn)
		}
		return errs, State{}
	}
	if len(standing) > 0 {
		curErrs, scratch := validate(s, p, cur)
		for _, e := range curErrs {
			e.index = curIdx[e.index]
			errs = append(errs, e)
		}
		sort.SliceStable(errs, func(a, b int) bool { return errs[a].index < errs[b].index })
		return errs, scratch
	}
	if _, ok := placementRounds[s.Segment]; ok { // 24.55: diplomacy.go
		return validatePlacements(s, p, orders)
	}
	if s.Crisis.On && isCrisisSegment(s.Segment) { // 26-27: crisisphase.go
		return validateCrisis(s, p, orders)
	}
	if s.Crisis.On && s.Segment == SegPreemptiveWar { // 32.8: preemptive.go
		return validatePreemptive(s, p, orders)
	}
	if s.Crisis.On && s.Segment == SegEndOfGame { // 33.2: endgame.go
		return validateFinalResearch(s, p, orders)
	}
	if s.Segment == SegSpyRings { // 16.16B: intelligence.go
		return validateSpyRings(s, p, orders)
	}
	// 13.11: the economic phase's parts run in order on a scratch copy, so
	// that each part sees the effects of the earlier ones in the same turn
	// (13.21: a conversion affects research and construction at once).
	parts, unknown := splitEconomic(orders)
	for _, i := range unknown {
		bad(i, "7.31", "%q is not an order of the %s", string(orders[i].Kind), s.Segment.Title())
	}
	scratch := s.Clone()
	var discard []Event
	for k, st := range economicSteps {
		idx := parts[k]
		if len(idx) == 0 && !st.always {
			continue
		}
		sub := pick(orders, idx)
		stepErrs := st.check(scratch, p, sub)
		for _, e := range stepErrs {
			e.index = idx[e.index]
			errs = append(errs, e)
		}
		if len(stepErrs) == 0 {
			st.apply(&scratch, p, sub, &discard)
		} else if st.always {
			// The part's other orders and events still act, as they do
			// when the phase is resolved (resolveEconomic).
			bad := map[int]bool{}
			for _, e := range stepErrs {
				bad[e.index] = true // an index into sub
			}
			var ok []Order
			for j, o := range sub {
				if !bad[j] {
					ok = append(ok, o)
				}
			}
			st.apply(&scratch, p, ok, &discard)
		}
	}
	errs = append(errs, checkRussianConstruction(s, scratch, p, orders)...) // 18.51
	sort.SliceStable(errs, func(a, b int) bool { return errs[a].index < errs[b].index })
	return errs, scratch
}

// economicStep is one part of the economic phase (13.11), in the order the
// rules carry them out: its order kinds, a check of one power's orders of
// those kinds against the state left by the earlier parts, the application
// of one power's checked orders, and an optional finish once every power's
// orders of the part are applied (e.g. the balance of power, 20).
type economicStep struct {
	Name  string
	Rule  string
	Kinds []OrderKind
	// check returns the errors of orders (indices into orders).
	check func(s State, p Power, orders []Order) []indexedError
	// apply carries out orders that check accepted.
	apply func(s *State, p Power, orders []Order, evs *[]Event)
	// finish may be nil.
	finish func(s *State, evs *[]Event)
	// always: apply runs for every power, with no orders too (the events
	// a power did not play are played for it, 15.32).
	always bool
}

// economicSteps are the parts of the economic phase in the order of 13.11;
// each part's rules live in a file of its own.
var economicSteps = []economicStep{
	// 9.41E: secret events played first, so that their tile points may be
	// spent in this phase (play.go).
	// 15.32, 9.41B-C: construction events before the orders they serve,
	// played or not; the projects chosen for research events, which are
	// played at each power's research (eventplay.go).
	{Name: "events", Rule: "9.41E", Kinds: playKinds, check: checkPlay, apply: applyPlay, always: true},
	{Name: "industrial", Rule: "13.11A", Kinds: industrialKinds, check: checkIndustrial, apply: applyIndustrial},
	// 15.32: each power's research events are played at the start of its
	// research (eventplay.go).
	{Name: "research", Rule: "13.11B", Kinds: researchKinds, check: checkResearchAfterEvents, apply: applyResearchAfterEvents,
		finish: finishResearch, always: true},
	{Name: "construction", Rule: "13.11C", Kinds: constructionKinds, check: checkConstruction, apply: applyConstruction, finish: finishConstruction},
	{Name: "shipbuilding", Rule: "13.11C", Kinds: shipbuildingKinds, check: checkShipbuilding, apply: applyShipbuilding, finish: finishShipbuilding},
	// 16.16G: Anglo-French transfers after the giver's other orders
	// (transfer.go).
	{Name: "transfer", Rule: "16.16G", Kinds: transferKinds, check: checkTransfer, apply: applyTransfer},
	// 9.41B-C: research and construction events take effect at the end
	// of the economic phase (randomevents.go).
	{Name: "random events", Rule: "9.41B-C", check: checkNoOrders, apply: applyNoOrders, finish: finishEventReveal},
	// 20.53: the balance of power after all of the phase's changes.
	{Name: "balance of power", Rule: "20.53", check: checkNoOrders, apply: applyNoOrders, finish: finishBalance},
	// 21.23B: the Russian garrison is checked after units are built and
	// research results announced (garrison.go).
	{Name: "garrison", Rule: "21.23B", check: checkNoOrders, apply: applyNoOrders, finish: finishGarrison},
	// 22.21B: Russia announces a Party purge's prohibition at the end of
	// the economic phase, before diplomacy (purge.go).
	{Name: "party purge", Rule: "22.21B", check: checkNoOrders, apply: applyNoOrders, finish: finishPartyPurge},
}

// industrialKinds are the orders of the industrial segment (14).
var industrialKinds = []OrderKind{Convert, Mobilize}

// splitEconomic sorts order indices by economic step; orders of no step are
// returned as unknown.
func splitEconomic(orders []Order) (parts [][]int, unknown []int) {
	parts = make([][]int, len(economicSteps))
	for i, o := range orders {
		found := false
		for k, st := range economicSteps {
			if slices.Contains(st.Kinds, o.Kind) {
				parts[k] = append(parts[k], i)
				found = true
				break
			}
		}
		if !found {
			unknown = append(unknown, i)
		}
	}
	return parts, unknown
}

func pick(orders []Order, idx []int) []Order {
	out := make([]Order, len(idx))
	for j, i := range idx {
		out[j] = orders[i]
	}
	return out
}

// checkIndustrial checks the factory conversion orders (14): at most one a
// turn (14.41), each against 14.2-14.4.
func checkIndustrial(s State, p Power, orders []Order) []indexedError {
	var errs []indexedError
	for i, o := range orders {
		if i > 0 {
			errs = append(errs, indexedError{OrderError{Order: o, Rule: "14.41", Msg: "only one factory may be converted per turn"}, i})
			continue
		}
		if e, ok := checkConversion(s, p, o); !ok {
			errs = append(errs, indexedError{e, i})
		}
	}
	return errs
}

// applyIndustrial carries out the one checked conversion.
func applyIndustrial(s *State, p Power, orders []Order, evs *[]Event) {
	if len(orders) > 0 {
		applyConversion(s, p, orders[0], evs)
	}
}

// checkConversion validates one conversion order of p.
func checkConversion(s State, p Power, o Order) (OrderError, bool) {
	ps := s.Powers[p]
	fail := func(rule, format string, a ...any) (OrderError, bool) {
		return OrderError{Order: o, Rule: rule, Msg: fmt.Sprintf(format, a...)}, false
	}
	if ps.ConvertedThisTurn {
		return fail("14.41", "%s has already converted a factory this turn", p.Title())
	}
	switch o.Kind {
	case Convert:
		from := o.From
		if from == "" {
			from = Idle
		}
		switch from {
		case Military:
			return fail("14.42B", "military factories may never be converted to civilian use (14.44)")
		case Civilian:
			return fail("14.11", "the factory is already civilian")
		case Idle:
		default:
			return fail("14.11", "unknown factory use %q (idle, civilian or military)", from)
		}
		if p == Russia {
			return fail("14.42A", "Russia may not convert idle factories to civilian use")
		}
		if ps.Factories.Idle < 1 {
			return fail("14.12", "%s has no idle factory", p.Title())
		}
		if c := ConvertCost(s, p); ps.TilePoints < c {
			return fail("6.12", "costs %d tile points, %s has %d", c, p.Title(), ps.TilePoints)
		}
	case Mobilize:
		switch o.From {
		case Idle, Civilian:
		case Military:
			return fail("14.11", "the factory is already military")
		case "":
			return fail("14.31", "say which factory to mobilize: MOBILIZE IDLE or MOBILIZE CIVILIAN")
		default:
			return fail("14.11", "unknown factory use %q (idle or civilian)", o.From)
		}
		if ps.Factories.Count(o.From) < 1 {
			return fail("14.12", "%s has no %s factory", p.Title(), o.From)
		}
		if p == Russia {
			if s.Russia.GreatPurge {
				return fail("14.43A", "Russia may not mobilize in a turn of a Great Purge")
			}
			if wait := russianRate[s.Russia.Cohesion]; wait > 0 && len(ps.MobilizationTurns) > 0 {
				last := ps.MobilizationTurns[len(ps.MobilizationTurns)-1]
				if next := last.Index() + wait; s.Turn.Index() < next {
					return fail("14.43B", "at %s cohesion Russia may mobilize once every %d turns; last mobilized %s",
						s.Russia.Cohesion, wait, last)
				}
			}
			if !s.Conditions.RussianMobilizationFreed() {
				if o.From == Civilian {
					return fail("14.43C", "Russia may mobilize civilian factories only after German aggression against Poland without the pact, a broken pact, or aggression against the Baltic States")
				}
				if ps.Factories.Military >= russianMilitaryCap {
					return fail("10.41A", "Russia may not have more than %d military factories until 14.43C applies", russianMilitaryCap)
				}
			}
		}
		if c := MobilizeCost(s, p); ps.TilePoints < c {
			return fail("6.12", "costs %d tile points, %s has %d", c, p.Title(), ps.TilePoints)
		}
		if _, rule, msg := mobilizeUnits(s, p, o); rule != "" { // 14.7
			return fail(rule, "%s", msg)
		}
	case "":
		return fail("14.11", "empty order")
	default:
		return fail("7.31", "%q is not an order of the %s", string(o.Kind), s.Segment.Title())
	}
	return OrderError{}, true
}

// Option is an order a power may give now, with its cost in tile points.
// With are orders that must be sent together with Order for it to be
// accepted (e.g. the research points of a counter used for research,
// 15.22); Validate accepts Order and With as one set of orders.
type Option struct {
	Order Order   `json:"order"`
	Cost  int     `json:"cost"`
	Note  string  `json:"note"`
	With  []Order `json:"with,omitempty"`
}

// Orders returns the option's order followed by the orders it needs.
func (o Option) Orders() []Order {
	return append([]Order{o.Order}, o.With...)
}

// Allowed lists the orders p may legally give in the open segment, with
// their costs. Nil when p has nothing to order.
func Allowed(s State, p Power) []Option {
	if !requires(s, p) {
		return nil
	}
	if _, ok := placementRounds[s.Segment]; ok { // 24.55: diplomacy.go
		return placementOptions(s, p)
	}
	if s.Segment == SegSpyRings { // 16.16B: intelligence.go
		return spyRingOptions(s, p)
	}
	if s.Crisis.On && (isCrisisSegment(s.Segment) || s.Segment == SegPreemptiveWar || s.Segment == SegEndOfGame) {
		return crisisOptions(s, p) // crisisoptions.go
	}
	var opts []Option
	held := s // the orders are validated against the state as it is
	offer := func(op Option) {
		if len(Validate(held, p, op.Orders())) == 0 {
			opts = append(opts, op)
		}
	}
	try := func(o Order, cost int, note string) { offer(Option{Order: o, Cost: cost, Note: note}) }
	for _, op := range economicEventOptions(s, p) { // 15.32: eventplay.go
		offer(op)
	}
	// The orders are checked after p's research and construction events
	// are played (15.32): offer what they allow.
	s = AfterEconomicEvents(s, p)
	ps := s.Powers[p]
	conv := "idle to civilian: +2 income from next turn (13.21C)"
	for _, r := range civilianCounters {
		if r.Power == p && ps.Factories.Civilian+1 == r.Civilian {
			conv += fmt.Sprintf("; adds a %d activity counter now (%s)", r.Strength, r.Rule)
		}
	}
	try(Order{Kind: Convert, From: Idle}, ConvertCost(s, p), conv)
	mob := "to military: a mobilization (14.6), -1 maintenance from next turn (11.82)"
	if MobilizationSupport(p, ps.Factories.Military+1) > MobilizationSupport(p, ps.Factories.Military) {
		mob += "; +1 support and +1 tile point now (10.41A, 13.21D)"
	}
	for _, o := range mobilizeOrders(s, p, Idle) { // 14.7: the first choice of units, the others in the note
		try(o, MobilizeCost(s, p), "idle "+mob+unitChoicesNote(s, p))
	}
	for _, o := range mobilizeOrders(s, p, Civilian) {
		try(o, MobilizeCost(s, p), "civilian "+mob+"; -2 income (11.21A)"+unitChoicesNote(s, p))
	}
	for _, o := range buildOrders(s, p) { // 18.11
		try(o, o.counterPoints(), "reserve to active: +1 maintenance from next turn (11.81)"+requiredBuildNote(s, p))
	}
	for _, u := range slices.Compact(slices.Sorted(slices.Values(ps.Economy.Options.FreeUnits))) { // 18.41: a random event's free unit
		try(Order{Kind: Build, Units: []UnitType{u}, Args: []string{argFree}}, 0,
			"reserve to active at no cost, from a random event (18.41); +1 maintenance from next turn (11.81)")
	}
	for _, o := range reserveOrders(s, p) { // 14.737, 14.743
		try(o, 0, "adds the unit to your reserve this turn; infantry if you name none (14.737, 14.743)")
	}
	for _, op := range shipbuildingOptions(s, p) { // 19: shipbuilding_options.go
		try(op.Order, op.Cost, op.Note)
	}
	for _, op := range researchOptions(s, p) { // 15: research.go
		offer(op)
	}
	for _, op := range playOptions(held, p) { // 9.41E: play.go
		offer(op)
	}
	if q := alliancePartner[p]; (p == Britain || p == France) && AngloFrenchLevels(s) > 0 { // 16.16G: transfer.go
		try(Order{Kind: Transfer, Points: 1, Project: q.String()}, 1,
			fmt.Sprintf("1 tile point to %s at the end of the phase, after your other orders; up to %d a turn between you (Anglo-French cooperation, 16.16G)", q.Title(), AngloFrenchLevels(s)))
	}
	return opts
}

// resolveEconomic resolves the economic phase: its parts in the order of
// 13.11, each done by all powers secretly and simultaneously (14.51, 18.31)
// and revealed together at the end (13.12).
func resolveEconomic(s *State, orders map[Power][]Order, evs *[]Event) {
	split := map[Power][][]int{}
	for _, p := range Powers {
		parts, unknown := splitEconomic(orders[p])
		split[p] = parts
		for _, i := range unknown {
			o := orders[p][i]
			*evs = append(*evs, OrderVoided{Power: p, Order: o, Rule: "7.31",
				Msg: fmt.Sprintf("%q is not an order of the %s", string(o.Kind), s.Segment.Title())})
		}
	}
	for k, st := range economicSteps {
		// Check every power against the same state, then apply: the
		// powers' orders of one part do not interact.
		accepted := map[Power][]Order{}
		for _, p := range Powers {
			sub := pick(orders[p], split[p][k])
			accepted[p] = acceptOrders(*s, p, sub, st.check, st.Rule, st.Name, evs)
		}
		for _, p := range Powers {
			if st.Name == "industrial" && len(accepted[p]) == 0 {
				*evs = append(*evs, NoConversion{Power: p})
				continue
			}
			if len(accepted[p]) > 0 || st.always {
				st.apply(s, p, accepted[p], evs)
			}
		}
		if st.finish != nil {
			st.finish(s, evs)
		}
	}
}

// acceptOrders checks p's orders of a part again when it is resolved:
// the refused ones are voided (OrderVoided, private), and when dropping
// them leaves the rest invalid (they share tile points and counters) the
// rest is voided with them. It returns the orders to carry out.
func acceptOrders(s State, p Power, orders []Order, check func(State, Power, []Order) []indexedError, rule, part string, evs *[]Event) []Order {
	bad := map[int]bool{}
	for _, e := range check(s, p, orders) {
		bad[e.index] = true
		*evs = append(*evs, OrderVoided{Power: p, Order: e.Order, Rule: e.Rule, Msg: e.Msg})
	}
	var ok []Order
	for i, o := range orders {
		if !bad[i] {
			ok = append(ok, o)
		}
	}
	if len(bad) > 0 && len(ok) > 0 && len(check(s, p, ok)) > 0 {
		for _, o := range ok {
			*evs = append(*evs, OrderVoided{Power: p, Order: o, Rule: rule,
				Msg: "voided with the other " + part + " orders it depended on"})
		}
		ok = nil
	}
	return ok
}

// applyConversion carries out one validated conversion.
func applyConversion(s *State, p Power, o Order, evs *[]Event) {
	ps := s.Powers[p]
	from, to := o.From, o.To()
	if from == "" {
		from = Idle
	}
	cost := ConvertCost(*s, p)
	if o.Kind == Mobilize {
		cost = MobilizeCost(*s, p)
	}
	var units []UnitType
	if o.Kind == Mobilize {
		units, _, _ = mobilizeUnits(*s, p, o) // 14.7: checked by checkConversion
	}
	before := ps.Counters
	supportBefore := MobilizationSupport(p, ps.Factories.Military)
	ps.TilePoints -= cost // 6.12: checked by Validate
	ps.Factories.add(from, -1)
	ps.Factories.add(to, 1)
	ps.ConvertedThisTurn = true // 14.41
	*evs = append(*evs, FactoryConverted{Power: p, From: from, To: to, Cost: cost,
		TilePoints: ps.TilePoints, Factories: ps.Factories})

	// 13.21A, 12.22A/B: civilian-factory counters follow the factories now.
	ps.Counters = CountersFor(*s, p) // with this turn's 12.22G changes (pools.go)
	counterEvents(p, before, ps.Counters, ps.Factories, evs)

	if o.Kind == Mobilize {
		ps.Mobilizations++
		ps.MobilizationTurns = append(ps.MobilizationTurns, s.Turn) // 14.43B
		*evs = append(*evs, Mobilized{Power: p, Number: ps.Mobilizations})
		createMobilizationUnits(s, p, units, evs) // 14.61, 14.7, 14.8
		// 10.41A, 13.21D: a support increase gains a tile point at once and
		// raises the support level for the rest of the turn.
		if after := MobilizationSupport(p, ps.Factories.Military); after > supportBefore {
			gain := after - supportBefore
			ps.TilePoints += gain
			ps.Support += gain
			*evs = append(*evs, SupportFromMobilization{Power: p, Support: after, TileGained: gain})
		}
	}
}

// counterEvents reports the 12.22A/B counters gained or lost.
func counterEvents(p Power, before, after ActivityCounters, f Factories, evs *[]Event) {
	if d := after.Research - before.Research; d != 0 {
		*evs = append(*evs, ActivityCounterChanged{Power: p, Strength: 1, Research: true, Delta: d, Rule: "12.22A"})
	}
	if d := after.Two - before.Two; d != 0 {
		*evs = append(*evs, ActivityCounterChanged{Power: p, Strength: 2, Delta: d, Rule: "12.22B"})
	}
}
