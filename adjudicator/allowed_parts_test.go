package adjudicator

import (
	"testing"

	"stormjudge/adjudicator/setup"
	"stormjudge/adjudicator/storm"
)

// TestAllowedOffersEveryPart: a power that can afford them is offered
// orders of every part of the economic phase (13.11A-C): a conversion (14),
// research (15.22, 15.21), a build (18.11) and shipbuilding (19.5), each
// with its cost, and each one alone accepted by Validate.
func TestAllowedOffersEveryPart(t *testing.T) {
	s, _, err := Resolve(setup.NewGame(1), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []storm.Power{storm.Germany, storm.Britain} {
		ps := s.Powers[p]
		ps.TilePoints = 21
		ps.Reserve = ps.Reserve.Plus(storm.Units{Infantry: 1}) // something to build
		opts := Allowed(s, p)
		seen := map[string]storm.Option{}
		for _, op := range opts {
			part := orderPart(op.Order.Kind)
			if op.Order.Kind == storm.Research && op.Order.Project != "" {
				part = "research point"
			}
			if _, ok := seen[part]; !ok {
				seen[part] = op
			}
			if errs := Validate(s, p, op.Orders()); len(errs) != 0 {
				t.Errorf("%s: offered %s, which Validate rejects: %v", p, op.Order, errs)
			}
			if op.Cost < 0 || op.Cost > ps.TilePoints {
				t.Errorf("%s: %s costs %d with %d tile points", p, op.Order, op.Cost, ps.TilePoints)
			}
		}
		for _, part := range []string{"industrial", "research", "research point", "build", "shipbuilding"} {
			op, ok := seen[part]
			if !ok {
				t.Errorf("%s: Allowed offers no %s order: %v", p, part, opts)
				continue
			}
			if part != "research point" && op.Cost <= 0 {
				t.Errorf("%s: %s option %s has no cost", p, part, op.Order)
			}
			t.Logf("%s %-14s %-40s cost %d", p, part, op.Order, op.Cost)
		}
	}
}
