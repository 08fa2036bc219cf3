package adjudicator

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"stormjudge/adjudicator/crisis"
	"stormjudge/adjudicator/diplomacy"
	"stormjudge/adjudicator/economy"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/setup"
	"stormjudge/adjudicator/storm"
)

// TestEconomicChecksAgree (13.11, issue 24): a power's economic orders
// are checked two ways. orderCheck without a shared check runs the parts
// of the phase in order on a scratch copy; economy.OrdersCheck, which
// Allowed and the random players use, shares the state before each part
// across the checks of one power against one state, skips the parts that
// are idle and only checks the last part with orders. On the economic
// segments of random whole games, for each of Allowed's options alone, a
// random player's set and that set with its last order twice (refused
// where an order may not repeat), both ways give the same errors, with a
// new OrdersCheck and with one reused across all the sets of a state.
func TestEconomicChecksAgree(t *testing.T) {
	errStop := errors.New("stop")
	sets, states := 0, 0
	for seed := uint64(1); seed <= 5; seed++ {
		s, _, err := Resolve(crisis.WithCrisis(diplomacy.WithDiplomacy(setup.NewGame(seed))), nil)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 9))
		_, _, err = SimulateGameWith(s, 60, rand.New(rand.NewPCG(seed, 7)), 50, func(before, _ storm.State, _ []event.Event) error {
			if before.Segment != storm.SegEconomic {
				return nil
			}
			states++
			for _, p := range Required(before) {
				reused := &orderCheck{s: before, p: p, econ: economy.NewOrdersCheck(before, p)}
				var cands [][]storm.Order
				for _, op := range Allowed(before, p) {
					cands = append(cands, op.Orders())
				}
				set := RandomOrders(before, p, rng, 3)
				cands = append(cands, set)
				if len(set) > 0 {
					cands = append(cands, append(slices.Clone(set), set[len(set)-1]))
				}
				for _, orders := range cands {
					want := (&orderCheck{s: before, p: p}).Validate(orders)
					fresh := (&orderCheck{s: before, p: p, econ: economy.NewOrdersCheck(before, p)}).Validate(orders)
					again := reused.Validate(orders)
					if !reflect.DeepEqual(fresh, want) || !reflect.DeepEqual(again, want) {
						t.Errorf("%s %s, %s's %v:\npart by part: %v\nshared check: %v\nshared, reused: %v",
							before.Turn, before.Segment, p, orders, want, fresh, again)
						return errStop
					}
					sets++
				}
			}
			return nil
		})
		if err != nil && !errors.Is(err, errStop) {
			t.Fatal(err)
		}
	}
	if sets < 500 {
		t.Errorf("only %d order sets in %d economic segments compared", sets, states)
	}
	t.Logf("%d order sets compared in %d economic segments", sets, states)
}
