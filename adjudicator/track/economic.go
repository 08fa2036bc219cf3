package track

import (
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
)

// mobilizationSupport lists, per power, the numbers of military factories
// at which the support level rises by one more (10.41A).
var mobilizationSupport = map[storm.Power][]int{
	storm.Germany: {4, 6, 8, 10, 12, 15},      // 10.41A: max +6
	storm.Italy:   {4, 6},                     // 10.41A: max +2
	storm.Britain: {4, 6, 8},                  // 10.41A: max +3
	storm.France:  {4, 6},                     // 10.41A: max +2
	storm.Russia:  {7, 9, 10, 11, 12, 13, 14}, // 10.41A: max +7
}

// MobilizationSupport is the support from military factories (10.41A).
func MobilizationSupport(p storm.Power, military int) int {
	n := 0
	for _, t := range mobilizationSupport[p] {
		if military >= t {
			n++
		}
	}
	return n
}

// AcceptOrders checks p's orders of a part again when it is resolved:
// the refused ones are voided (OrderVoided, private), and when dropping
// them leaves the rest invalid (they share tile points and counters) the
// rest is voided with them. It returns the orders to carry out.
func AcceptOrders(s storm.State, p storm.Power, orders []storm.Order, check func(storm.State, storm.Power, []storm.Order) []storm.IndexedError, rule, part string, evs *[]event.Event) []storm.Order {
	bad := map[int]bool{}
	for _, e := range check(s, p, orders) {
		bad[e.Index] = true
		*evs = append(*evs, event.OrderVoided{Power: p, Order: e.Order, Rule: e.Rule, Msg: e.Msg})
	}
	var ok []storm.Order
	for i, o := range orders {
		if !bad[i] {
			ok = append(ok, o)
		}
	}
	if len(bad) > 0 && len(ok) > 0 && len(check(s, p, ok)) > 0 {
		for _, o := range ok {
			*evs = append(*evs, event.OrderVoided{Power: p, Order: o, Rule: rule,
				Msg: "voided with the other " + part + " orders it depended on"})
		}
		ok = nil
	}
	return ok
}
