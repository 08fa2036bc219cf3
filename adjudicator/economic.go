package adjudicator

import (
	"fmt"
	"slices"
	"strings"

	"stormjudge/adjudicator/crisis"
	"stormjudge/adjudicator/diplomacy"
	"stormjudge/adjudicator/economy"
	"stormjudge/adjudicator/randomevent"
	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/track"
	"stormjudge/adjudicator/war"
)

// Validate checks p's orders for the open segment against p's state and the
// rules; nil means acceptable. A refusal that advises a change carries it
// as lines of the email (OrderError.Fix, advice.go).
func Validate(s storm.State, p storm.Power, orders []storm.Order) []storm.OrderError {
	errs := (&orderCheck{s: s, p: p}).Validate(orders)
	if len(errs) > 0 {
		advise(s, p, orders, errs) // advice.go: each refusal's whole fix
	}
	return errs
}

// orderCheck validates orders of one power against one state, asking
// once what each validation asks first: whether the power may order now
// (in a placement round mayOrderNow plays the power's possible
// placements). Random players validate many sets of orders against one
// state.
type orderCheck struct {
	s          storm.State
	p          storm.Power
	asked, may bool // may is mayOrderNow(s, p) once asked
	// warnings are the last validation's warnings: standing orders a
	// later segment may still let stand (Warn).
	warnings []storm.OrderWarning
	foreseen int  // how many of the last validation's errors foresee made
	kept     bool // the orders are kept ones: foresee only warns (ValidateKept)
	// econ, when not nil, is the economic validation shared by the
	// checks of p's orders against s.
	econ *economy.OrdersCheck
	who  *whoOrders // when not nil, who orders in s
}

// mayOrderNow is mayOrderNow(c.s, c.p), asked once.
func (c *orderCheck) mayOrderNow() bool {
	if !c.asked {
		c.may, c.asked = mayOrderNowOf(c.whoOrders(), c.p), true
	}
	return c.may
}

// whoOrders is c.s's reckoning of who orders, made when first needed
// (a check made with asked set has none yet).
func (c *orderCheck) whoOrders() *whoOrders {
	if c.who == nil {
		c.who = &whoOrders{s: c.s}
	}
	return c.who
}

// Validate is Validate(c.s, c.p, orders).
func (c *orderCheck) Validate(orders []storm.Order) []storm.OrderError {
	var errs []storm.OrderError
	errList, _ := c.validate(orders)
	for _, e := range errList {
		e.OrderError.Index = e.Index
		errs = append(errs, e.OrderError)
	}
	return errs
}

// validate checks p's orders and returns their errors and the state once
// the accepted parts are carried out for p alone (the scratch copy below;
// Preview shows it). The state is only meaningful when p may order now;
// it is s itself, not a copy, when the orders change nothing of it:
// Validate, called for every order a random player tries, throws it away.
func (c *orderCheck) validate(orders []storm.Order) ([]storm.IndexedError, storm.State) {
	s, p := c.s, c.p
	var errs []storm.IndexedError
	bad := func(i int, rule, format string, a ...any) {
		errs = append(errs, storm.IndexedError{OrderError: storm.OrderError{Order: orders[i], Rule: rule, Msg: fmt.Sprintf(format, a...)}, Index: i})
	}
	if len(orders) == 0 {
		return nil, s
	}
	ps := s.Powers[p]
	if !p.Valid() || ps == nil {
		for i := range orders {
			bad(i, "2.21", "%s is not a major power of this game", p)
		}
		return errs, storm.State{}
	}
	if s.Ended {
		for i := range orders {
			bad(i, "2.31", "the game has ended")
		}
		return errs, storm.State{}
	}
	// Standing orders for later rounds (standing.go): checked now as far
	// as they can be, the rest when their round opens.
	cur, curIdx, standing, standingIdx := splitStanding(s, orders)
	for j, o := range standing {
		if rule, msg := checkStanding(s, p, o, orders); rule != "" {
			bad(standingIdx[j], rule, "%s", msg)
		}
	}
	c.warnings = nil
	if len(cur) == 0 {
		return append(errs, c.foresee(s, nil, standing, standingIdx, errs)...), s
	}
	if !c.mayOrderNow() {
		for _, i := range curIdx {
			bad(i, "7.31", "%s takes no orders from %s in %s", s.Segment.Title(), p.Title(), s.Turn)
		}
		return errs, storm.State{}
	}
	if len(standing) > 0 {
		curErrs, scratch := c.validate(cur)
		for _, e := range curErrs {
			e.Index = curIdx[e.Index]
			errs = append(errs, e)
		}
		errs = append(errs, c.foresee(scratch, cur, standing, standingIdx, errs)...)
		storm.SortByIndex(errs)
		return errs, scratch
	}
	if _, ok := storm.PlacementRounds[s.Segment]; ok { // 24.55: diplomacy.go
		return diplomacy.ValidatePlacements(s, p, orders)
	}
	if s.Crisis.On && crisis.IsCrisisSegment(s.Segment) { // 26-27: crisisphase.go
		return crisis.ValidateCrisis(s, p, orders)
	}
	if s.Crisis.On && s.Segment == storm.SegPreemptiveWar { // 32.8: preemptive.go
		return c.whoOrders().preemptive().Validate(p, orders)
	}
	if s.Crisis.On && s.Segment == storm.SegEndOfGame { // 33.2: endgame.go
		return war.ValidateFinalResearch(s, p, orders)
	}
	if s.Segment == storm.SegSpyRings { // 16.16B: intelligence.go
		return diplomacy.ValidateSpyRings(s, p, orders)
	}
	// 13.11: the economic phase's parts run in order on a scratch copy, so
	// that each part sees the effects of the earlier ones in the same turn
	// (13.21: a conversion affects research and construction at once).
	parts, unknown := economy.SplitEconomic(orders)
	if c.econ != nil && len(unknown) == 0 {
		if errs, ok := c.econ.Validate(orders, parts); ok {
			return errs, storm.State{} // only Validate asks c.econ
		}
	}
	for _, i := range unknown {
		bad(i, "7.31", "%s", notOrderHere(s, p, orders[i]))
	}
	scratch := s.Scratch()
	for k, st := range economy.EconomicSteps {
		if idx := parts[k]; len(idx) > 0 || st.Always {
			errs = append(errs, economy.CheckStep(&scratch, p, k, economy.Pick(orders, idx), idx)...)
		}
	}
	errs = append(errs, economy.CheckRussianConstruction(s, scratch, p, orders)...) // 18.51
	storm.SortByIndex(errs)
	return errs, scratch
}

// eventOptionLines words p's options from this turn's random events,
// after them (storm.EventOptions.Lines), each only when an order can use
// it now; the free units (18.41), ships (19.62) and accelerations (19.73D)
// that no order can use as things stand are worded with Validate's reason
// instead. The orders that use them are among the options (allowed).
func eventOptionLines(s, after storm.State, p storm.Power) []string {
	eo := after.Powers[p].Economy.Options.Clone()
	var refused []string
	for _, u := range slices.Compact(slices.Sorted(slices.Values(eo.FreeUnits))) { // 18.41
		o := storm.Order{Kind: storm.Build, Units: []storm.UnitType{u}, Args: []string{storm.ArgFree}}
		if why := refusalOf(s, p, o); why != "" {
			refused = append(refused, fmt.Sprintf("the %s unit a random event lets you build at no cost (18.41) cannot be built now: %s", u, why))
		}
	}
	eo.FreeShips = slices.DeleteFunc(eo.FreeShips, func(size int) bool { // 19.62
		what := "the ship"
		if size > 0 {
			what = fmt.Sprintf("the ship of size %d or less", size)
		}
		var whys []string                // each reason once, in the order of the classes
		classes := map[string][]string{} // the classes each reason refuses
		for _, c := range storm.ShipClasses {
			if !slices.Contains(c.Builders, p) || size > 0 && c.Size > size {
				continue
			}
			o := storm.Order{Kind: storm.LayDown, Ship: string(c.Class), Args: []string{storm.ArgFree}}
			why := refusalOf(s, p, o)
			if why == "" {
				return false
			}
			if classes[why] == nil {
				whys = append(whys, why)
			}
			classes[why] = append(classes[why], strings.TrimSuffix(strings.TrimPrefix(o.String(), "LAY DOWN "), " FREE"))
		}
		if len(whys) == 0 {
			refused = append(refused, fmt.Sprintf("%s a random event lets you lay down at no cost (19.62) cannot be laid down: %s builds no ship of that size (rule 19.63)", what, p.Title()))
			return true
		}
		if len(whys) > 1 {
			for i, why := range whys {
				whys[i] = strings.Join(classes[why], ", ") + ": " + why
			}
		}
		refused = append(refused, fmt.Sprintf("%s a random event lets you lay down at no cost (19.62) cannot be laid down now: %s", what, strings.Join(whys, "; ")))
		return true
	})
	eo.FreeAccelerations = slices.DeleteFunc(eo.FreeAccelerations, func(cols int) bool { // 19.73D
		why := ""
		for _, sh := range s.Powers[p].Naval.Building {
			w := refusalOf(s, p, storm.Order{Kind: storm.Accelerate, Ship: fmt.Sprint(sh.No), Points: cols, Args: []string{storm.ArgFree}})
			if w == "" {
				return false
			}
			if why == "" {
				why = w
			}
		}
		if why == "" {
			why = "you have no ship under construction (rule 19.73)"
		}
		refused = append(refused, fmt.Sprintf("the acceleration of a ship by %d column(s) at no cost a random event gives (19.73D) cannot be used now: %s", cols, why))
		return true
	})
	return append(eo.Lines(), refused...)
}

// refusalOf words why o alone is refused for p ("msg (rule r)"), "" when
// it is accepted: the check without the advice (Validate's fixes are for
// receipts).
func refusalOf(s storm.State, p storm.Power, o storm.Order) string {
	errs := (&orderCheck{s: s, p: p}).Validate([]storm.Order{o})
	if len(errs) == 0 {
		return ""
	}
	return fmt.Sprintf("%s (rule %s)", errs[0].Msg, errs[0].Rule)
}

// placementOptions are p's orders of the open placement round
// (diplomacy.PlacementOptions), none void for what is known when offered:
// in the Axis' first round the anti-Comintern counter is placed after the
// Axis' counters, and an Axis counter where it then stands is void
// (24.31, 24.35, 24.56B). Germany's counter there is offered with the
// ANTI-COMINTERN line that sends it to another country tied first
// (24.34D), or else leaves it out this turn (24.31); Italy's is not
// offered, Germany deciding where the counter goes.
func placementOptions(s storm.State, p storm.Power) []storm.Option {
	opts := diplomacy.PlacementOptions(s, p)
	if s.Segment != storm.SegDiplomacyAxis1 || (p != storm.Germany && p != storm.Italy) || diplomacy.AntiCominternStands(s, p, "", "", 0) == "" {
		return opts
	}
	var choices []string // Germany's ANTI-COMINTERN lines offered, NONE last
	for _, op := range opts {
		if op.Order.Kind == storm.AntiCominternOrder && op.Order.Project != "none" {
			choices = append(choices, op.Order.Project)
		}
	}
	choices = append(choices, "none")
	var out []storm.Option
	for _, op := range opts {
		c, strength := op.Order.Project, 1 // a military counter is +1 (24.35B)
		if op.Order.Kind == storm.Diplomatic && len(op.Order.Counters) > 0 {
			strength = op.Order.Counters[0]
		}
		if op.Order.Kind != storm.Diplomatic && op.Order.Kind != storm.MilitaryCounter || diplomacy.AntiCominternStands(s, p, "", c, strength) != c {
			out = append(out, op)
			continue
		}
		if p == storm.Italy {
			continue
		}
		for _, ch := range choices {
			if diplomacy.AntiCominternStands(s, p, ch, c, strength) == c {
				continue
			}
			op.With = append(op.With, storm.Order{Kind: storm.AntiCominternOrder, Project: ch})
			if ch == "none" {
				op.Note += fmt.Sprintf("; with ANTI-COMINTERN NONE: no anti-Comintern counter this turn (24.31), which would otherwise stand in %s and void this counter (24.56B)", c)
			} else {
				op.Note += fmt.Sprintf("; with ANTI-COMINTERN %s: the anti-Comintern counter goes there (24.34D), as it would otherwise stand in %s and void this counter (24.56B)", strings.ToUpper(ch), c)
			}
			out = append(out, op)
			break
		}
	}
	return out
}

// spyRingOptions are p's spy-ring orders (diplomacy.SpyRingOptions) as
// Validate accepts them: the side places every espionage result it holds
// now (16.16B), so an order refused alone for the results it leaves
// unplaced (a reactivation, one ring of two results) is offered with the
// first new rings that place them.
func spyRingOptions(s storm.State, p storm.Power) []storm.Option {
	all := diplomacy.SpyRingOptions(s, p)
	// unplaced: the set's only error is the results left unplaced, which
	// CheckSpyRings reports on the first line when the lines are sound.
	unplaced := func(errs []storm.OrderError) bool {
		return len(errs) == 1 && errs[0].Index == 0 && errs[0].Rule == "16.16B"
	}
	check := &orderCheck{s: s, p: p} // without Validate's advice: no receipt reads it
	var out []storm.Option
	for _, op := range all {
		set := op.Orders()
		errs := check.Validate(set)
		for _, r := range all {
			if !unplaced(errs) {
				break
			}
			if r.Order.Kind != storm.SpyRingOrder || slices.ContainsFunc(set, func(o storm.Order) bool { return o.String() == r.Order.String() }) {
				continue
			}
			try := append(slices.Clone(set), r.Order)
			if e := check.Validate(try); len(e) == 0 || unplaced(e) {
				set, errs = try, e
				op.With = append(op.With, r.Order)
			}
		}
		if len(errs) == 0 {
			out = append(out, op)
		}
	}
	return out
}

// Allowed lists the orders p may legally give in the open segment, with
// their costs. Nil when p has nothing to order.
func Allowed(s storm.State, p storm.Power) []storm.Option {
	return allowed(&whoOrders{s: s}, p, nil)
}

// allowed is Allowed for w.s, checking the economic options with econ,
// the shared validation of p's economic orders against it (a new one
// when nil).
func allowed(w *whoOrders, p storm.Power, econ *economy.OrdersCheck) []storm.Option {
	s := w.s
	if !w.requires(p) {
		return nil
	}
	if _, ok := storm.PlacementRounds[s.Segment]; ok { // 24.55: diplomacy.go
		return placementOptions(s, p)
	}
	if s.Segment == storm.SegSpyRings { // 16.16B: intelligence.go
		return spyRingOptions(s, p)
	}
	if s.Crisis.On && (crisis.IsCrisisSegment(s.Segment) || s.Segment == storm.SegPreemptiveWar || s.Segment == storm.SegEndOfGame) {
		return crisisOptions(w, p) // crisisoptions.go
	}
	var opts []storm.Option
	if econ == nil {
		econ = economy.NewOrdersCheck(s, p)
	}
	held := &orderCheck{s: s, p: p, asked: true, may: true, econ: econ} // the orders are validated against the state as it is, which p must order in
	offer := func(op storm.Option) {
		if len(held.Validate(op.Orders())) == 0 {
			opts = append(opts, op)
		}
	}
	try := func(o storm.Order, cost int, note string) { offer(storm.Option{Order: o, Cost: cost, Note: note}) }
	for _, op := range randomevent.EconomicEventOptions(s, p) { // 15.32: eventplay.go
		offer(op)
	}
	// The orders are checked after p's research and construction events
	// are played (15.32): offer what they allow.
	s = randomevent.AfterEconomicEvents(s, p)
	ps := s.Powers[p]
	conv := "idle to civilian: +2 income from next turn (13.21C)"
	for _, r := range storm.CivilianCounters {
		if r.Power == p && ps.Factories.Civilian+1 == r.Civilian {
			conv += fmt.Sprintf("; adds a %d activity counter now (%s)", r.Strength, r.Rule)
		}
	}
	try(storm.Order{Kind: storm.Convert, From: storm.Idle}, economy.ConvertCost(s, p), conv)
	mob := "to military: a mobilization (14.6), -1 maintenance from next turn (11.82)"
	if track.MobilizationSupport(p, ps.Factories.Military+1) > track.MobilizationSupport(p, ps.Factories.Military) {
		mob += "; +1 support and +1 tile point now (10.41A, 13.21D)"
	}
	idle, civilian, units := economy.MobilizeOffers(s, p) // 14.7: the first choice of units, the others in the note
	for _, o := range idle {
		try(o, economy.MobilizeCost(s, p), "idle "+mob+units)
	}
	for _, o := range civilian {
		try(o, economy.MobilizeCost(s, p), "civilian "+mob+"; -2 income (11.21A)"+units)
	}
	for _, o := range economy.BuildOrders(s, p) { // 18.11
		try(o, o.CounterPoints(), "reserve to active: +1 maintenance from next turn (11.81)"+economy.RequiredBuildNote(s, p))
	}
	for _, u := range slices.Compact(slices.Sorted(slices.Values(ps.Economy.Options.FreeUnits))) { // 18.41: a random event's free unit
		try(storm.Order{Kind: storm.Build, Units: []storm.UnitType{u}, Args: []string{storm.ArgFree}}, 0,
			"reserve to active at no cost, from a random event (18.41); +1 maintenance from next turn (11.81)")
	}
	for _, o := range economy.ReserveOrders(s, p) { // 14.737, 14.743
		try(o, 0, "adds the unit to your reserve this turn; infantry if you name none (14.737, 14.743)")
	}
	for _, op := range economy.ShipbuildingOptions(s, p) { // 19: shipbuilding_options.go
		try(op.Order, op.Cost, op.Note)
	}
	// The research options are checked against s after the events: when
	// p holds none, s is held.s, and what they pass held passes.
	if held.s.Segment != storm.SegEconomic || len(randomevent.HeldEconomic(held.s, p)) == 0 {
		opts = append(opts, economy.ResearchOptionsWith(s, p, held.Validate)...) // 15: research.go
	} else {
		research := &orderCheck{s: s, p: p, econ: economy.NewOrdersCheck(s, p)} // Validate(s, p, ...)
		for _, op := range economy.ResearchOptionsWith(s, p, research.Validate) {
			offer(op)
		}
	}
	for _, op := range randomevent.PlayOptions(held.s, p) { // 9.41E: play.go
		offer(op)
	}
	if q := storm.AlliancePartner[p]; (p == storm.Britain || p == storm.France) && economy.AngloFrenchLevels(s) > 0 { // 16.16G: transfer.go
		try(storm.Order{Kind: storm.Transfer, Points: 1, Project: q.String()}, 1,
			fmt.Sprintf("1 tile point to %s at the end of the phase, after your other orders; up to %d a turn between you (Anglo-French cooperation, 16.16G)", q.Title(), economy.AngloFrenchLevels(s)))
	}
	return opts
}
