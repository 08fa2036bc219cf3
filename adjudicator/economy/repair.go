package economy

import (
	"slices"
	"strings"

	"stormjudge/adjudicator/randomevent"
	"stormjudge/adjudicator/storm"
)

// Repair is a candidate fix of a refusal, which adjudicator/advice.go
// tries before it offers it (storm.Fix): Replace are the orders that take
// the refused order's place, or with Drop none (the order stays when
// neither is set); Add are orders added; Lines, when set, are the Replace
// lines as written (FOR lines around a standing order).
type Repair struct {
	Replace []storm.Order
	Drop    bool
	Add     []storm.Order
	Lines   []string
}

// Fix is r as the receipt words it: the orders' lines.
func (r Repair) Fix() *storm.Fix {
	f := &storm.Fix{Drop: r.Drop, Replace: r.Lines}
	if f.Replace == nil {
		for _, o := range r.Replace {
			o.For = "" // under the refused order's own FOR line
			f.Replace = append(f.Replace, o.String())
		}
	}
	for _, o := range r.Add {
		f.Add = append(f.Add, o.String())
	}
	return f
}

// Apply makes r in orders for the refusal of orders[i].
func (r Repair) Apply(orders []storm.Order, i int) []storm.Order {
	out := make([]storm.Order, 0, len(orders)+len(r.Replace)+len(r.Add))
	out = append(out, orders[:i]...)
	if r.Replace == nil && !r.Drop {
		out = append(out, orders[i])
	}
	for _, o := range r.Replace {
		if o.For == "" {
			o.For = orders[i].For
		}
		o.Line = orders[i].Line
		out = append(out, o)
	}
	out = append(out, orders[i+1:]...)
	return append(out, r.Add...)
}

// Strengths is o with each of the counter strengths ns in its place, o
// as written first; o alone when it is no DIPLOMATIC or RESEARCH order.
func Strengths(o storm.Order, ns ...int) []storm.Order {
	if o.Kind != storm.Diplomatic && o.Kind != storm.Research {
		return []storm.Order{o}
	}
	var out []storm.Order
	if len(o.Counters) == 1 {
		out = append(out, o)
	}
	for _, n := range ns {
		if len(o.Counters) == 1 && o.Counters[0] == n {
			continue
		}
		r := o.Clone()
		r.Counters = []int{n}
		out = append(out, r)
	}
	return out
}

// Repairs are the candidate fixes of e, a refusal of p's economic orders
// against s, by what its words advise: add SHIPYARD 1, or leave the ship
// out when every shipyard counter is named (19.62), add
// ADVANCE SHIP n (19.73A), add a BUILD order (18.51A), add RESEARCH lines
// or use a smaller counter (15.22). validate is Validate(s, p, ...).
func Repairs(s storm.State, p storm.Power, orders []storm.Order, e storm.OrderError, validate func([]storm.Order) []storm.OrderError) []Repair {
	o := orders[e.Index]
	bare := o.Clone()
	bare.For = ""
	var out []Repair
	switch {
	case (e.Rule == "19.62" && strings.HasSuffix(e.Msg, "add SHIPYARD 1")) || ((e.Rule == "12.41B" || e.Rule == "19.75E") && strings.Contains(e.Msg, "name a SHIPYARD 1 counter")):
		r := bare.Clone()
		r.Args = append(r.Args, storm.ArgShipyard)
		out = append(out, Repair{Replace: []storm.Order{r}})
		if i := slices.Index(bare.Counters, 1); i >= 0 { // the shipyard's 1 in place of a general 1
			r2 := r.Clone()
			r2.Counters = slices.Delete(r2.Counters, i, i+1)
			out = append(out, Repair{Replace: []storm.Order{r2}})
		}
		out = append(out, Repair{Drop: true}) // the counter not paid for, or not left
	case e.Rule == "19.62" && strings.HasSuffix(e.Msg, "leave this ship out or free a shipyard counter"):
		out = append(out, Repair{Drop: true})
	case e.Rule == "19.73A" && strings.Contains(e.Msg, "add ADVANCE SHIP"):
		for _, op := range ShipbuildingOptions(s, p) {
			if op.Order.Kind == storm.Advance && op.Order.Ship == o.Ship {
				out = append(out, Repair{Add: op.Orders()})
			}
		}
	case e.Rule == "18.51A" && strings.Contains(e.Msg, "add a BUILD order"):
		for _, b := range BuildOrders(s, p) {
			out = append(out, Repair{Add: []storm.Order{b}})
		}
	case e.Rule == "15.22" && strings.Contains(e.Msg, "more RESEARCH <project> line(s)"):
		if r, ok := researchLines(s, p, orders, e, validate); ok {
			out = append(out, r)
		}
		if o.Kind == storm.Research && len(o.Counters) == 1 { // or use a smaller counter
			for _, r := range Strengths(bare, o.Counters[0]-1, o.Counters[0]-2)[1:] {
				if r.Counters[0] > 0 {
					out = append(out, Repair{Replace: []storm.Order{r}})
				}
			}
		}
		out = append(out, Repair{Drop: true}) // no project left for the points: the counter left out
	}
	return out
}

// researchLines is the fix of a 15.22 refusal: RESEARCH lines, one point
// each, to projects the orders name no point for (as Allowed offers
// them, 15.32), added one by one while the check takes them, until every
// paid point has its project.
func researchLines(s storm.State, p storm.Power, orders []storm.Order, e storm.OrderError, validate func([]storm.Order) []storm.OrderError) (Repair, bool) {
	named := map[string]bool{}
	for _, o := range orders {
		if o.Kind == storm.Research && o.Project != "" {
			named[strings.ToLower(o.Project)] = true
		}
	}
	open := exampleOrder(randomevent.AfterEconomicEvents(s, p), p)
	var lines []storm.Order
	for _, c := range firstPoints(open, len(open)) {
		if named[strings.ToLower(c.Project)] {
			continue
		}
		r := Repair{Add: append(slices.Clone(lines), c)}
		errs := validate(r.Apply(orders, e.Index))
		if slices.ContainsFunc(errs, func(x storm.OrderError) bool { return x.Rule != "15.22" }) {
			continue
		}
		named[strings.ToLower(c.Project)] = true
		lines = append(lines, c)
		if len(errs) == 0 {
			return Repair{Add: lines}, true
		}
	}
	return Repair{}, false
}
