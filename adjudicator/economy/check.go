package economy

import (
	"slices"

	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
)

// OrdersCheck is what the validations of one power's economic orders
// against one state share: the state before each part of the
// phase (13.11) for a set of orders already accepted, its base. A set
// that adds orders to the base is checked from the first part the added
// orders belong to, on the state the base left there, and stops at the
// last part with orders: the earlier parts' work, and the copies of the
// state, are done once. Allowed checks every option against the empty
// base; a random player adds each option to the set it has accepted.
type OrdersCheck struct {
	s     storm.State
	p     storm.Power
	base  []storm.Order
	parts [][]int    // base's SplitEconomic
	snaps []econSnap // snaps[k]: before part k for base, made as asked
	// prepared: a snapshot's state prepared for a part's check
	// (checkLast), by the snapshot, which is never changed, and the part.
	prepared map[preparedKey]*storm.State
}

// preparedKey is a snapshot and a part of the phase (OrdersCheck.prepared).
type preparedKey struct {
	s    *storm.State
	part int
}

// econSnap is the state before one part of the economic phase for the
// base's orders, and the errors of the parts before it; never changed
// once made. The state is held by pointer: parts that change nothing
// share the one before, and a check reads it without copying it.
type econSnap struct {
	s    *storm.State
	errs []storm.IndexedError
}

// NewOrdersCheck is the shared validation of p's economic orders against
// s, with no orders accepted yet.
func NewOrdersCheck(s storm.State, p storm.Power) *OrdersCheck {
	e := &OrdersCheck{s: s, p: p, parts: make([][]int, len(EconomicSteps))}
	e.snaps = []econSnap{{s: &e.s}}
	return e
}

// extends reports whether orders begin with the base's orders.
func (e *OrdersCheck) extends(orders []storm.Order) bool {
	if len(orders) < len(e.base) {
		return false
	}
	for i, o := range e.base {
		if !sameOrder(o, orders[i]) {
			return false
		}
	}
	return true
}

// sameOrder reports whether a and b are the same order, field by field,
// to the nil or empty of each slice (TestSameOrderFields counts them).
func sameOrder(a, b storm.Order) bool {
	return a.Kind == b.Kind && a.From == b.From && a.Project == b.Project && a.Points == b.Points &&
		a.Ship == b.Ship && a.Card == b.Card && a.For == b.For && a.Line == b.Line &&
		sameSlice(a.Units, b.Units) && sameSlice(a.Counters, b.Counters) && sameSlice(a.Args, b.Args) && sameSlice(a.Cards, b.Cards)
}

// sameSlice reports equal slices, both nil or neither.
func sameSlice[T comparable](a, b []T) bool { return (a == nil) == (b == nil) && slices.Equal(a, b) }

// firstPart is the first part of the phase that holds one of orders'
// orders from index from on (len(parts) when none).
func firstPart(parts [][]int, from int) int {
	for k, idx := range parts {
		if len(idx) > 0 && idx[len(idx)-1] >= from {
			return k
		}
	}
	return len(parts)
}

// Accept makes orders, which Validate accepted, the base: the states
// before the parts its new orders do not reach stay.
func (e *OrdersCheck) Accept(orders []storm.Order) {
	if !e.extends(orders) {
		e.base, e.parts, e.snaps = nil, make([][]int, len(EconomicSteps)), e.snaps[:1]
		return
	}
	parts, _ := SplitEconomic(orders)
	k := firstPart(parts, len(e.base))
	e.base, e.parts = slices.Clone(orders), parts
	if len(e.snaps) > k+1 {
		e.snaps = e.snaps[:k+1]
	}
}

// snap is the state before part k for the base, made from the state
// before the part before it as Validate does.
func (e *OrdersCheck) snap(k int) econSnap {
	for len(e.snaps) <= k {
		j := len(e.snaps) - 1
		prev := e.snaps[j]
		parts := e.parts
		if len(parts[j]) == 0 && idleOf(j, *prev.s, e.p) {
			e.snaps = append(e.snaps, prev)
			continue
		}
		scratch := prev.s.Scratch()
		next := econSnap{s: &scratch, errs: prev.errs}
		stepErrs := CheckStep(next.s, e.p, j, Pick(e.base, parts[j]), parts[j])
		if len(stepErrs) > 0 {
			next.errs = append(slices.Clone(prev.errs), stepErrs...)
		}
		e.snaps = append(e.snaps, next)
	}
	return e.snaps[k]
}

// pickView is Pick for a part's check, which only reads its orders:
// orders at consecutive indices (idx ascending, as SplitEconomic makes
// them) are a slice of orders, not a copy.
func pickView(orders []storm.Order, idx []int) []storm.Order {
	if n := len(idx); n > 0 && idx[n-1]-idx[0] == n-1 {
		return orders[idx[0] : idx[n-1]+1 : idx[n-1]+1]
	}
	return Pick(orders, idx)
}

// checkLast is part j's check of sub on cur, which nothing reads after
// it: a prepared part's check reads cur prepared, in place when cur is
// the validation's own copy, else a copy of the snapshot prepared once
// for all the checks on it.
func (e *OrdersCheck) checkLast(cur *storm.State, own bool, j int, sub []storm.Order) []storm.IndexedError {
	pr := EconomicSteps[j].prepared
	if pr == nil {
		return EconomicSteps[j].Check(*cur, e.p, sub)
	}
	if idleOf(j, *cur, e.p) { // nothing to prepare (the part's idle: prepare changes nothing)
		return pr.check(*cur, e.p, sub)
	}
	var discard []event.Event
	if own {
		pr.prepare(cur, e.p, &discard)
		return pr.check(*cur, e.p, sub)
	}
	key := preparedKey{cur, j}
	ready, ok := e.prepared[key]
	if !ok {
		c := cur.Scratch()
		pr.prepare(&c, e.p, &discard)
		ready = &c
		if e.prepared == nil {
			e.prepared = map[preparedKey]*storm.State{}
		}
		e.prepared[key] = ready
	}
	return pr.check(*ready, e.p, sub)
}

// CheckStep checks one power's orders of part j of the economic phase
// (sub, at the indices idx of the whole set) on s and carries out what
// it accepts: all of them, or with errors, when the part always runs,
// the others (its orders and events still act, as when the phase is
// resolved, ResolveEconomic). It returns the errors, indexed into the
// whole set. A part's check of no orders finds nothing
// (economicStep.Always), so it is not asked.
func CheckStep(s *storm.State, p storm.Power, j int, sub []storm.Order, idx []int) []storm.IndexedError {
	st := EconomicSteps[j]
	check, apply := st.Check, st.Apply
	var discard []event.Event
	if pr := st.prepared; pr != nil && st.Always { // prepared on s, once: it runs whatever the errors
		pr.prepare(s, p, &discard)
		check, apply = pr.check, pr.apply
	}
	var stepErrs []storm.IndexedError
	if len(sub) > 0 {
		stepErrs = check(*s, p, sub)
	}
	if len(stepErrs) == 0 {
		apply(s, p, sub, &discard)
	} else if st.Always {
		bad := map[int]bool{}
		for _, e := range stepErrs {
			bad[e.Index] = true
		}
		var ok []storm.Order
		for j, o := range sub {
			if !bad[j] {
				ok = append(ok, o)
			}
		}
		apply(s, p, ok, &discard)
	}
	for i := range stepErrs {
		stepErrs[i].Index = idx[stepErrs[i].Index]
	}
	return stepErrs
}

// Validate checks orders of the phase's parts (parts, their
// SplitEconomic) as the top package's validation does, each part on the
// state the earlier ones leave (13.11), and returns their errors alone;
// ok is false when it cannot answer (orders that do not extend the base).
func (e *OrdersCheck) Validate(orders []storm.Order, parts [][]int) (errs []storm.IndexedError, ok bool) {
	if !e.extends(orders) {
		return nil, false
	}
	if len(orders) == len(e.base) { // accepted (Accept)
		return nil, true
	}
	k := firstPart(parts, len(e.base))
	last := 0 // the last part with orders
	for j, idx := range parts {
		if len(idx) > 0 {
			last = j
		}
	}
	// 18.51: Russia's orders are checked against the state they leave,
	// when it must build a unit and orders none: only then does
	// CheckRussianConstruction read that state.
	final := e.p == storm.Russia && RussianConstructionRequired(e.s) && !slices.ContainsFunc(orders, func(o storm.Order) bool { return o.Kind == storm.Build })
	sn := e.snap(k)
	errs = slices.Clone(sn.errs)
	cur, copied := sn.s, false // the snapshot, read until a part must change it
	scratch := func() {
		if !copied {
			c := cur.Scratch()
			cur, copied = &c, true
		}
	}
	for j := k; j < len(EconomicSteps); j++ {
		idx := parts[j]
		if len(idx) == 0 && idleOf(j, *cur, e.p) || j > last && !final {
			continue
		}
		if j == last && !final { // nothing later reads the state
			if sub := pickView(orders, idx); len(sub) > 0 {
				for _, er := range e.checkLast(cur, copied, j, sub) {
					er.Index = idx[er.Index]
					errs = append(errs, er)
				}
			}
			break
		}
		scratch()
		errs = append(errs, CheckStep(cur, e.p, j, Pick(orders, idx), idx)...)
	}
	if final { // CheckRussianConstruction only reads the state
		errs = append(errs, CheckRussianConstruction(e.s, *cur, e.p, orders)...)
	}
	storm.SortByIndex(errs)
	return errs, true
}
