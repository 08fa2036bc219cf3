package adjudicator

import (
	"testing"

	"stormjudge/adjudicator/setup"
	"stormjudge/adjudicator/storm"
)

// TestValidateErrorsCarryTheirOrderIndex: each error names the position of
// its order, so a receipt can mark the very order refused (two identical
// orders stay distinguishable).
func TestValidateErrorsCarryTheirOrderIndex(t *testing.T) {
	s, _, err := Resolve(setup.NewGame(7), nil)
	if err != nil {
		t.Fatal(err)
	}
	s.Powers[storm.Germany].TilePoints = 21
	o := storm.Order{Kind: storm.Convert, From: storm.Idle}
	errs := Validate(s, storm.Germany, []storm.Order{o, o})
	if len(errs) != 1 || errs[0].Index != 1 || errs[0].Rule != "14.41" {
		t.Fatalf("Validate = %+v; want one 14.41 error on order 1", errs)
	}
}
