package adjudicator

import (
	"slices"
	"strings"

	"stormjudge/adjudicator/economy"
	"stormjudge/adjudicator/randomevent"
	"stormjudge/adjudicator/storm"
)

// A refusal's advice as data (storm.Fix): every refusal whose words say
// what to add or change (add SHIPYARD 1, add ADVANCE SHIP n, add RESEARCH
// lines, write PLAY n alone, write it under a FOR line, give the counter's
// strength, add a BUILD order, send it next turn) gets the whole fix as
// lines of the email, derived from the state and tried: a fix is offered
// only when, made, the email is no longer refused for it
// (TestPropertyRefusalAdviceWorks makes every fix met in simulated play).

// repair is a candidate fix: the orders that take the refused order's
// place (none with drop; the order stays when neither is set) and the
// orders added.
type repair struct {
	replace []storm.Order
	drop    bool
	add     []storm.Order
	// lines are the Replace lines when they are not the orders' own
	// text (FOR lines around a standing order).
	lines []string
}

// fix is r as the receipt words it.
func (r repair) fix() *storm.Fix {
	f := &storm.Fix{Drop: r.drop, Replace: r.lines}
	if f.Replace == nil {
		for _, o := range r.replace {
			o.For = "" // under the refused order's own FOR line
			f.Replace = append(f.Replace, o.String())
		}
	}
	for _, o := range r.add {
		f.Add = append(f.Add, o.String())
	}
	return f
}

// apply makes r in orders for the refusal of orders[i].
func (r repair) apply(orders []storm.Order, i int) []storm.Order {
	out := make([]storm.Order, 0, len(orders)+len(r.replace)+len(r.add))
	out = append(out, orders[:i]...)
	if r.replace == nil && !r.drop {
		out = append(out, orders[i])
	}
	for _, o := range r.replace {
		if o.For == "" {
			o.For = orders[i].For
		}
		o.Line = orders[i].Line
		out = append(out, o)
	}
	out = append(out, orders[i+1:]...)
	return append(out, r.add...)
}

// advise gives each of errs without a fix (Validate's of p's orders
// against s) the first candidate fix that works.
func advise(s storm.State, p storm.Power, orders []storm.Order, errs []storm.OrderError) {
	for k := range errs {
		e := &errs[k]
		if e.Fix != nil || e.Index < 0 || e.Index >= len(orders) {
			continue
		}
		for _, r := range repairs(s, p, orders, *e) {
			if works(s, p, orders, errs, *e, r) {
				e.Fix = r.fix()
				break
			}
		}
	}
}

// works reports whether r, made, leaves orders refused for nothing but
// their other refusals (errs but e), by order and rule.
func works(s storm.State, p storm.Power, orders []storm.Order, errs []storm.OrderError, e storm.OrderError, r repair) bool {
	key := func(x storm.OrderError) string { return x.Rule + "|" + x.Order.String() }
	others := map[string]bool{}
	for _, x := range errs {
		if x.Index != e.Index || x.Rule != e.Rule {
			others[key(x)] = true
		}
	}
	for _, x := range (&orderCheck{s: s, p: p}).Validate(r.apply(orders, e.Index)) {
		if !others[key(x)] {
			return false
		}
	}
	return true
}

// repairs are the candidate fixes of e, a refusal of p's orders against
// s, by what its words advise; none when they advise nothing.
func repairs(s storm.State, p storm.Power, orders []storm.Order, e storm.OrderError) []repair {
	o := orders[e.Index]
	bare := o
	bare.For = ""
	switch {
	case e.Rule == "7.31" && strings.Contains(e.Msg, "write it under a"): // notOrderHere
		if seg, ok := laterSegmentOf(s, p, o); ok {
			// The line under its FOR line; a counter its round would not
			// take as it is, with a weaker strength; else left out.
			var out []repair
			for _, r := range strengths(bare, 3, 2, 1) {
				out = append(out, repair{replace: []storm.Order{withFor(r, seg)}, lines: []string{forWords[seg], r.String(), "FOR NOW"}})
			}
			return append(out, repair{drop: true})
		}
	case e.Rule == "7.31" && (strings.HasSuffix(e.Msg, "send these orders next turn") || strings.HasSuffix(e.Msg, "write PASS without FOR")):
		return []repair{{drop: true}}
	case e.Rule == "7.31" && strings.HasSuffix(e.Msg, "send the AGGRESSION line without FOR"):
		return []repair{{drop: true}} // the crisis phase is open or over: the line has no segment left
	case e.Rule == "24.5" && o.Kind == storm.Diplomatic && len(o.Counters) != 1: // give the counter's strength
		var out []repair
		for _, r := range strengths(bare, 3, 2, 1, 0) {
			out = append(out, repair{replace: []storm.Order{r}})
		}
		return append(out, repair{drop: true}) // no counter the round takes
	case (e.Rule == "15.32" || e.Rule == "9.41E") && o.Kind == storm.Play && strings.Contains(e.Msg, "alone"): // write PLAY n alone
		r := bare
		r.Args = nil
		return []repair{{replace: []storm.Order{r}}}
	case e.Rule == "19.62" && strings.HasSuffix(e.Msg, "add SHIPYARD 1"):
		r := bare.Clone()
		r.Args = append(r.Args, storm.ArgShipyard)
		out := []repair{{replace: []storm.Order{r}}}
		if i := slices.Index(bare.Counters, 1); i >= 0 { // the shipyard's 1 in place of a general 1
			r2 := r.Clone()
			r2.Counters = slices.Delete(r2.Counters, i, i+1)
			out = append(out, repair{replace: []storm.Order{r2}})
		}
		return out
	case e.Rule == "19.73A" && strings.Contains(e.Msg, "add ADVANCE SHIP"):
		var out []repair
		for _, op := range economy.ShipbuildingOptions(s, p) {
			if op.Order.Kind == storm.Advance && op.Order.Ship == o.Ship {
				out = append(out, repair{add: op.Orders()})
			}
		}
		return out
	case e.Rule == "18.51A" && strings.Contains(e.Msg, "add a BUILD order"):
		var out []repair
		for _, b := range economy.BuildOrders(s, p) {
			out = append(out, repair{add: []storm.Order{b}})
		}
		return out
	case e.Rule == "15.22" && strings.Contains(e.Msg, "more RESEARCH <project> line(s)"):
		var out []repair
		if r, ok := researchLines(s, p, orders, e); ok {
			out = append(out, r)
		}
		if o.Kind == storm.Research && len(o.Counters) == 1 { // or use a smaller counter
			for _, r := range strengths(bare, o.Counters[0]-1, o.Counters[0]-2) {
				if r.Counters[0] > 0 {
					out = append(out, repair{replace: []storm.Order{r}})
				}
			}
		}
		return append(out, repair{drop: true}) // no project left for the points: the counter left out
	}
	return nil
}

// strengths is o with each of the counter strengths ns in its place, but
// its own; o itself when it is no DIPLOMATIC or RESEARCH COUNTER order.
func strengths(o storm.Order, ns ...int) []storm.Order {
	if o.Kind != storm.Diplomatic && o.Kind != storm.Research {
		return []storm.Order{o}
	}
	var out []storm.Order
	for _, n := range ns {
		if len(o.Counters) == 1 && o.Counters[0] == n {
			continue
		}
		r := o.Clone()
		r.Counters = []int{n}
		out = append(out, r)
	}
	if len(o.Counters) == 1 {
		out = append([]storm.Order{o}, out...) // as written first
	}
	return out
}

// withFor is o for seg.
func withFor(o storm.Order, seg storm.Segment) storm.Order { o.For = seg; return o }

// researchLines is the fix of a 15.22 refusal: RESEARCH lines, one point
// each, to projects the orders name no point for, added one by one while
// the check takes them, until every paid point has its project.
func researchLines(s storm.State, p storm.Power, orders []storm.Order, e storm.OrderError) (repair, bool) {
	named := map[string]bool{}
	for _, o := range orders {
		if o.Kind == storm.Research && o.Project != "" {
			named[strings.ToLower(o.Project)] = true
		}
	}
	check := &orderCheck{s: s, p: p}
	after := randomevent.AfterEconomicEvents(s, p) // the options as Allowed offers them (15.32)
	var lines []storm.Order
	for _, op := range economy.ResearchOptionsWith(after, p, (&orderCheck{s: after, p: p}).Validate) {
		for _, c := range op.Orders() {
			if c.Kind != storm.Research || c.Project == "" || len(c.Counters) > 0 || named[strings.ToLower(c.Project)] {
				continue
			}
			r := repair{add: append(slices.Clone(lines), c)}
			errs := check.Validate(r.apply(orders, e.Index))
			if slices.ContainsFunc(errs, func(x storm.OrderError) bool { return x.Rule != "15.22" }) {
				continue
			}
			named[strings.ToLower(c.Project)] = true
			lines = append(lines, c)
			if len(errs) == 0 {
				return repair{add: lines}, true
			}
		}
	}
	return repair{}, false
}
