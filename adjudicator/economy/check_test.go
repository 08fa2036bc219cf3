package economy_test

import (
	"reflect"
	"testing"

	"stormjudge/adjudicator/economy"
	"stormjudge/adjudicator/setup"
	"stormjudge/adjudicator/storm"
)

// TestCheckOfNoOrders: every part's check of no orders finds nothing, on
// a new game and with a research and a construction event held (the
// validation of many sets of orders skips it, economy.OrdersCheck).
func TestCheckOfNoOrders(t *testing.T) {
	research := eventGame(t, storm.Italy, storm.CardEvent{Title: "Architects", Category: storm.CategoryResearch,
		Effects: []storm.Effect{{Kind: storm.EffectResearchLevels, Project: "italian battleship design", Value: 1}}})
	construction := eventGame(t, storm.France, storm.CardEvent{Title: "Tanks", Category: storm.CategoryConstruction,
		Effects: []storm.Effect{{Kind: storm.EffectExtraUnitBuild, Unit: storm.Armor}}})
	for _, s := range []storm.State{setup.NewGame(1), research, construction} {
		for _, st := range economy.EconomicSteps {
			for _, p := range storm.Powers {
				if errs := st.Check(s, p, nil); len(errs) > 0 {
					t.Errorf("%s: %s's check of no orders: %v", st.Name, p, errs)
				}
				if errs := st.Check(s, p, []storm.Order{}); len(errs) > 0 {
					t.Errorf("%s: %s's check of no orders: %v", st.Name, p, errs)
				}
			}
		}
	}
}

// TestSameOrderFields: OrdersCheck compares orders field by field
// (sameOrder, check.go); an order with a field it does not know would be
// taken for another.
func TestSameOrderFields(t *testing.T) {
	if n := reflect.TypeOf(storm.Order{}).NumField(); n != 12 {
		t.Errorf("storm.Order has %d fields, sameOrder compares 12: add the new ones to it", n)
	}
}
