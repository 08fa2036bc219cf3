package adjudicator_test

import (
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/setup"
	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/track"
)

// TestRule16_16BSpyRingOptionsPlaceEveryResult: the side's leader places
// every espionage result it holds in the spy-ring segment (16.16B), so
// each spy-ring order it is offered, sent with its lines, is accepted: a
// reactivation comes with the new rings that place the results, and with
// two results each new ring with another.
func TestRule16_16BSpyRingOptionsPlaceEveryResult(t *testing.T) {
	for _, results := range []int{1, 2} {
		s := setup.NewGame(1)
		s.Segment, s.Diplomacy.On = storm.SegSpyRings, true
		for range 4 { // a ring placed four turns ago may be reactivated
			s.Turn = s.Turn.Next()
		}
		s.Diplomacy.Rings = []storm.SpyRing{{Side: storm.Axis, Country: "Spain", Placed: storm.FirstTurn, Activated: storm.FirstTurn}}
		r, _ := storm.FindProject(storm.Axis, storm.ProjectEspionage)
		var evs []event.Event
		if _, err := track.ResearchEvent(&s, storm.Germany, storm.ProjectEspionage, results*r.StepsPerResult, false, &evs); err != nil {
			t.Fatal(err)
		}
		if n := track.HeldResults(s, storm.Axis, storm.ProjectEspionage); n != results {
			t.Fatalf("the Axis hold %d espionage results, want %d", n, results)
		}
		reactivation, rings := false, 0
		for _, op := range adjudicator.Allowed(s, storm.Germany) {
			if errs := adjudicator.Validate(s, storm.Germany, op.Orders()); len(errs) > 0 {
				t.Errorf("%d result(s): the offered %v refused: %v", results, op.Orders(), errs)
			}
			placed := 0
			for _, o := range op.Orders() {
				if o.Kind == storm.SpyRingOrder {
					placed++
				}
			}
			if placed != results {
				t.Errorf("%d result(s): the offered %v places %d", results, op.Orders(), placed)
			}
			switch op.Order.Kind {
			case storm.ReactivateOrder:
				reactivation = true
			case storm.SpyRingOrder:
				rings++
			}
		}
		if !reactivation || rings == 0 {
			t.Errorf("%d result(s): the reactivation offered %v, %d new rings offered", results, reactivation, rings)
		}
	}
}
