package diplomacy

import (
	"fmt"
	"maps"
	"slices"

	"stormjudge/adjudicator/storm"
)

// Foresight of standing orders: a power's DIPLOMATIC and MILITARY lines
// for its later placement rounds of the turn (adjudicator/standing.go) are
// played, when they are sent, on the state its orders for the open
// segment leave, round by round, as the rounds will check them. What only
// the power's own orders decide (the counters the earlier segments leave,
// 24.51; the tile points, 24.52B; a 0 counter's bluff, 24.56G; the
// country it placed in already, 24.54D ...) is refused now, with the fix;
// what a later segment may still change (a partner's placement, a spy
// ring, a transfer of tile points) is accepted with a warning that says
// what must happen for the order to stand.

// settledRules are the placement rules whose refusal a later segment of
// the turn cannot undo once the power's own orders are known: the
// counters and their strength (24.5, 12.21, 24.51), the target's name
// (24.21), Russia (24.56E), a conquest (24.56A: conquests come in the
// crisis phase), the power's own counters this turn (24.54D, 24.55) and
// the civil war's additional counter (24.53A).
var settledRules = map[string]bool{"24.5": true, "12.21": true, "24.51": true, "24.21": true, "24.56E": true,
	"24.56A": true, "24.54D": true, "24.55": true, "24.53A": true}

// ForeseeStanding plays p's standing orders for the placement rounds
// later than open (orders, at indices idx of the email) on after, the
// state once p's orders for the open segment (now) are carried out.
// raise words how p's tile points may still rise before the rounds (""
// when nothing can raise them: then a shortfall is settled). It returns
// the refusals, each with its fix, and the warnings.
func ForeseeStanding(open storm.Segment, after storm.State, p storm.Power, now, orders []storm.Order, idx []int, raise string) ([]storm.IndexedError, []storm.OrderWarning) {
	refused, warned := foresee(open, after, p, now, orders, idx, raise)
	// A fix is whole: made, the rounds refuse nothing new (a weaker
	// counter in place of one not left must leave the counters the
	// round's other lines take). The first strength that works, else
	// the line left out.
	for k := range refused {
		e := &refused[k]
		j := slices.Index(idx, e.Index)
		if e.Fix == nil || j < 0 {
			continue
		}
		e.Fix = nil
		o := orders[j]
		tries := []int{0} // 0: the line left out
		if o.Kind == storm.Diplomatic && len(o.Counters) == 1 && (e.Rule == "24.51" || e.Rule == "24.52B") {
			tries = []int{3, 2, 1, 0}
		}
		for _, m := range tries {
			if m != 0 && m == o.Counters[0] {
				continue
			}
			try, tryIdx := slices.Clone(orders), slices.Clone(idx)
			fix := &storm.Fix{Drop: true}
			if m == 0 {
				try, tryIdx = slices.Delete(try, j, j+1), slices.Delete(tryIdx, j, j+1)
			} else {
				c := o.Clone()
				c.Counters = []int{m}
				try[j] = c
				c.For = "" // the line, under its FOR line
				fix = &storm.Fix{Replace: []string{c.String()}}
			}
			again, _ := foresee(open, after, p, now, try, tryIdx, raise)
			if !slices.ContainsFunc(again, func(x storm.IndexedError) bool {
				return x.Index == e.Index || !slices.ContainsFunc(refused, func(y storm.IndexedError) bool { return y.Index == x.Index && y.Rule == x.Rule })
			}) {
				e.Fix = fix
				break
			}
		}
	}
	return refused, warned
}

// foresee is ForeseeStanding, its fixes untried.
func foresee(open storm.Segment, after storm.State, p storm.Power, now, orders []storm.Order, idx []int, raise string) ([]storm.IndexedError, []storm.OrderWarning) {
	if after.Powers[p] == nil {
		return nil, nil
	}
	sim := after
	sim.Powers = maps.Clone(after.Powers)
	ps := *after.Powers[p]
	sim.Powers[p] = &ps
	sim.Diplomacy.Placements = slices.Clone(after.Diplomacy.Placements)
	if _, round := storm.PlacementRounds[open]; round && after.Segment == open { // the open round's orders, checked
		placeOn(&sim, p, slices.DeleteFunc(slices.Clone(now), func(o storm.Order) bool { return o.Kind != storm.Diplomatic && o.Kind != storm.MilitaryCounter }), false)
	}
	var refused []storm.IndexedError
	var warned []storm.OrderWarning
	for _, seg := range storm.Segments {
		powers, ok := storm.PlacementRounds[seg]
		if !ok || seg.Index() <= open.Index() || !slices.Contains(powers, p) {
			continue
		}
		var round []storm.Order
		var at []int
		for k, o := range orders {
			if o.For == seg && o.Kind != storm.PassOrder {
				c := o
				c.For = ""
				round, at = append(round, c), append(at, idx[k])
			}
		}
		if len(round) == 0 {
			continue
		}
		sim.Segment = seg
		r, w := foreseeRound(&sim, p, round, at, raise)
		refused, warned = append(refused, r...), append(warned, w...)
	}
	storm.SortByIndex(refused)
	slices.SortStableFunc(warned, func(a, b storm.OrderWarning) int { return a.Index - b.Index })
	return refused, warned
}

// foreseeRound checks p's standing orders for sim's round (round, at
// indices at of the email) and places the ones that pass on sim, for the
// later rounds.
func foreseeRound(sim *storm.State, p storm.Power, round []storm.Order, at []int, raise string) ([]storm.IndexedError, []storm.OrderWarning) {
	var refused []storm.IndexedError
	var warned []storm.OrderWarning
	ps := sim.Powers[p]
	seg := sim.Segment
	standing := func(o storm.Order) storm.Order { o.For = seg; return o }
	refuse := func(k int, rule, msg string, fix *storm.Fix) {
		refused = append(refused, storm.IndexedError{OrderError: storm.OrderError{Order: standing(round[k]), Rule: rule, Msg: msg, Fix: fix}, Index: at[k]})
	}
	warn := func(k int, rule, msg, stands string) {
		warned = append(warned, storm.OrderWarning{Order: standing(round[k]), Index: at[k], Rule: rule, Msg: msg, Stands: stands})
	}
	tried := &storm.Fix{} // each refusal's fix, tried by ForeseeStanding
	left := ps.Available()
	cost := PlacedCost(*sim, p)
	zero := zeroAllowed(*sim, p) // 24.56G, on the counters the round opens with
	var pass []storm.Order
	var passAt []int
	for k, o := range round {
		free := len(o.Args) > 0 && o.Args[0] == "free"
		if o.Kind != storm.Diplomatic || len(o.Counters) != 1 || free {
			if o.Kind == storm.MilitaryCounter {
				cost++ // 24.42F
			}
			pass, passAt = append(pass, o), append(passAt, k)
			continue
		}
		n := o.Counters[0]
		c, err := storm.CountersOf(o.Counters)
		if err != nil {
			refuse(k, "12.21", err.Error(), nil)
			continue
		}
		switch {
		case !left.Covers(c): // 24.51: the counters not used before the round
			refuse(k, "24.51", fmt.Sprintf("%s has no %d counter left for %s: the counters left then are %s", p.Title(), n, seg.Title(), general(left)), tried)
			continue
		case n == 0 && !zero: // 24.56G
			rule, msg, stands := zeroRefusal(*sim, p, raise)
			if stands != "" {
				warn(k, rule, msg, stands)
				break
			}
			refuse(k, rule, msg, tried)
			continue
		case cost+n > ps.TilePoints: // 24.52B: no deficit
			msg := fmt.Sprintf("this turn's diplomatic and military counters would cost %d tile point(s) at the end of the phase (24.52C); %s has %d when %s opens", cost+n, p.Title(), ps.TilePoints, seg.Title())
			if raise != "" {
				warn(k, "24.52B", msg, fmt.Sprintf("%s has %d tile point(s) when %s opens: %s", p.Title(), cost+n, seg.Title(), raise))
				break
			}
			refuse(k, "24.52B", msg, tried)
			continue
		}
		left = left.Sub(c)
		cost += n
		pass, passAt = append(pass, o), append(passAt, k)
	}
	// The round's other rules, on the lines that passed; the counters and
	// tile points are checked above, so a shortfall here is a warning's.
	bad := map[int]bool{}
	for _, e := range CheckPlacements(*sim, p, pass) {
		k := passAt[e.Index]
		bad[k] = true
		switch {
		case settledRules[e.Rule]:
			refuse(k, e.Rule, e.Msg, tried)
		case e.Rule == "24.55D":
			warn(k, e.Rule, e.Msg, fmt.Sprintf("%s places a diplomatic counter in %s", p.Title(), storm.SegDiplomacyAxis1.Title()))
		default:
			warn(k, e.Rule, e.Msg, fmt.Sprintf("this no longer holds when %s opens", seg.Title()))
		}
	}
	var placed []storm.Order
	for j, o := range pass {
		if !bad[passAt[j]] {
			placed = append(placed, o)
		}
	}
	placeOn(sim, p, placed, true)
	return refused, warned
}

// placeOn places p's checked orders of sim's round on sim, for the later
// rounds: its counters (marked used when used is set: the open round's
// are, by ValidatePlacements) and their placements (24.54D, E, 24.55D).
func placeOn(sim *storm.State, p storm.Power, placed []storm.Order, used bool) {
	exempt := exemptions(*sim, p, placed)
	for j, o := range placed {
		country, _ := storm.FindCountry(o.Project)
		switch o.Kind {
		case storm.MilitaryCounter:
			sim.Diplomacy.Placements = append(sim.Diplomacy.Placements, storm.Placement{Power: p, Country: country, Strength: 1, Round: sim.Segment, Military: true})
		case storm.Diplomatic:
			free := len(o.Args) > 0 && o.Args[0] == "free"
			if !free && used {
				c, _ := storm.CountersOf(o.Counters)
				sim.Powers[p].Used = sim.Powers[p].Used.Add(c)
			}
			sim.Diplomacy.Placements = append(sim.Diplomacy.Placements, storm.Placement{Power: p, Country: country, Strength: o.Counters[0], Round: sim.Segment, Exempt: exempt[j], Free: free})
		}
	}
}

// general words the counters of c that diplomacy may use (24.51: not the
// shipyard's or research-only ones).
func general(c storm.ActivityCounters) string {
	c.Ship, c.Research = 0, 0
	return c.String()
}

// zeroRefusal words why a 0 counter is no bluff for p at sim's round
// (24.56G); stands, when not empty, is what must happen before the round
// for it to stand (its tile points may still rise: raise).
func zeroRefusal(sim storm.State, p storm.Power, raise string) (rule, msg, stands string) {
	av := sim.Powers[p].Available()
	switch {
	case p == storm.Russia && russianDiplomacyBarred(sim):
		return "24.56G", "a 0 counter is only a bluff where Russia could place a stronger one, and a purge bars Russian diplomacy this turn (24.61A)", ""
	case av.Three+av.Two+av.One == 0:
		return "24.56G", fmt.Sprintf("a 0 counter is only a bluff where %s could place a stronger one: no other counter is left for %s (left: %s)", p.Title(), sim.Segment.Title(), general(av)), ""
	}
	msg = fmt.Sprintf("a 0 counter is only a bluff where %s could place a stronger one: it has no tile point to pay for one", p.Title())
	if raise != "" {
		return "24.56G", msg, fmt.Sprintf("%s has a tile point when %s opens: %s", p.Title(), sim.Segment.Title(), raise)
	}
	return "24.56G", msg, ""
}
