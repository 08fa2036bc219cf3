package adjudicator

import (
	"strings"

	"stormjudge/adjudicator/economy"
	"stormjudge/adjudicator/storm"
)

// A refusal's advice as data (storm.Fix): every refusal whose words say
// what to add or change (write it under a FOR line, send it next turn,
// give the counter's strength, write PLAY n alone, reactivate the ring
// instead, and the economic phase's: economy.Repairs) gets the whole fix as lines of the email,
// derived from the state and tried: a fix is offered only when, made,
// the email is no longer refused for it (TestPropertyRefusalAdviceWorks
// makes every fix met in simulated play).

// advise gives each of errs without a fix (Validate's of p's orders
// against s) the first candidate fix that works.
func advise(s storm.State, p storm.Power, orders []storm.Order, errs []storm.OrderError) {
	for k := range errs {
		e := &errs[k]
		if e.Fix != nil || e.Index < 0 || e.Index >= len(orders) {
			continue
		}
		for j, r := range repairs(s, p, orders, *e) {
			if works(s, p, orders, errs, *e, r) {
				e.Fix = r.Fix()
				if j > 0 && r.Drop && e.Rule == "19.62" { // the shipyard counter the words ask for is not enough
					e.Msg += "; here a shipyard counter added is not paid for or not left, so the ship is left out"
				}
				break
			}
		}
	}
}

// works reports whether r, made, leaves orders refused for nothing but
// their other refusals (errs but e), by order and rule.
func works(s storm.State, p storm.Power, orders []storm.Order, errs []storm.OrderError, e storm.OrderError, r economy.Repair) bool {
	key := func(x storm.OrderError) string { return x.Rule + "|" + x.Order.String() }
	others := map[string]bool{}
	for _, x := range errs {
		if x.Index != e.Index || x.Rule != e.Rule {
			others[key(x)] = true
		}
	}
	for _, x := range (&orderCheck{s: s, p: p}).Validate(r.Apply(orders, e.Index)) {
		if !others[key(x)] {
			return false
		}
	}
	return true
}

// repairs are the candidate fixes of e, a refusal of p's orders against
// s, by what its words advise; none when they advise nothing.
func repairs(s storm.State, p storm.Power, orders []storm.Order, e storm.OrderError) []economy.Repair {
	o := orders[e.Index]
	bare := o.Clone()
	bare.For = ""
	drop := economy.Repair{Drop: true}
	switch {
	case e.Rule == "7.31" && strings.Contains(e.Msg, "write it under a"): // notOrderHere
		if seg, ok := laterSegmentOf(s, p, o); ok {
			// The line under its FOR line; a counter its round would not
			// take as it is, with a weaker strength; else left out.
			var out []economy.Repair
			for _, r := range economy.Strengths(bare, 3, 2, 1) {
				rf := r
				rf.For = seg
				out = append(out, economy.Repair{Replace: []storm.Order{rf}, Lines: []string{forWords[seg], r.String(), "FOR NOW"}})
			}
			return append(out, drop)
		}
	case e.Rule == "7.31" && (strings.HasSuffix(e.Msg, "send these orders next turn") || strings.HasSuffix(e.Msg, "write PASS without FOR")):
		return []economy.Repair{drop}
	case e.Rule == "7.31" && strings.HasSuffix(e.Msg, "send the AGGRESSION line without FOR"):
		return []economy.Repair{drop} // the crisis phase is open or over: the line has no segment left
	case e.Rule == "24.5" && o.Kind == storm.Diplomatic && len(o.Counters) != 1: // give the counter's strength
		var out []economy.Repair
		for _, r := range economy.Strengths(bare, 3, 2, 1, 0) {
			out = append(out, economy.Repair{Replace: []storm.Order{r}})
		}
		return append(out, drop) // no counter the round takes
	case e.Rule == "16.16B" && o.Kind == storm.SpyRingOrder && strings.HasSuffix(e.Msg, "reactivate it instead"):
		bare.Kind = storm.ReactivateOrder
		return []economy.Repair{{Replace: []storm.Order{bare}}, drop}
	case (e.Rule == "15.32" || e.Rule == "9.41E") && o.Kind == storm.Play && strings.Contains(e.Msg, "alone"): // write PLAY n alone
		bare.Args = nil
		return []economy.Repair{{Replace: []storm.Order{bare}}}
	}
	return economy.Repairs(s, p, orders, e, (&orderCheck{s: s, p: p}).Validate)
}
