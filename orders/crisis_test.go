package orders

import (
	"reflect"
	"strings"
	"testing"

	"stormjudge/adjudicator/storm"
)

// TestCrisisTextRoundTrip: the grammar reads back what Order.String writes
// for every crisis order (26-27, 31.21A, 32.8); an IF line is for the
// segment of the stage it answers, an order written under a FOR line for
// that segment.
func TestCrisisTextRoundTrip(t *testing.T) {
	plan := func(project string, args ...string) storm.Order {
		return storm.Order{Kind: storm.CrisisIfOrder, Project: project, Args: args}
	}
	for _, o := range []storm.Order{
		{Kind: storm.AggressionOrder, Project: "Danzig and the Corridor", Args: []string{"pact"}},
		{Kind: storm.AggressionOrder, Project: storm.BalticStates},
		{Kind: storm.AggressionOrder, Project: storm.NoAggression, For: storm.SegCrisisAggression},
		{Kind: storm.OpposeOrder}, {Kind: storm.AcquiesceOrder, Project: "italy"},
		{Kind: storm.BackDownOrder}, {Kind: storm.BackDownOrder, Project: "germany"},
		{Kind: storm.ContinueAggression}, {Kind: storm.UltimatumOrder, Project: "italy"}, {Kind: storm.AttackOrder},
		plan("", "opposed", string(storm.ContinueAggression), "<=", "4", string(storm.BackDownOrder)),
		plan("italy", "continued", string(storm.UltimatumOrder)),
		plan("", "ultimatum", string(storm.BackDownOrder)),
		{Kind: storm.DeclareWarOrder, Project: "germany"}, {Kind: storm.ThreatenWarOrder, Project: "britain"},
		{Kind: storm.ConcedeOrder}, {Kind: storm.RefuseOrder},
	} {
		text := o.String()
		if o.For != "" {
			text = "FOR " + string(o.For) + "\n" + strings.TrimSuffix(text, " (for "+o.For.Title()+")")
		}
		want := o
		if want.For == "" {
			want.For = storm.PlanSegment(o)
		}
		sub, err := Parse("GAME demo\nSECRET x\n" + text)
		if err != nil || len(sub.Orders) != 1 {
			t.Errorf("%q: %v", text, err)
			continue
		}
		got := sub.Orders[0]
		got.Line = 0
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%q: got %+v, want %+v", text, got, want)
		}
	}
	if sub, err := Parse("GAME demo\nSECRET x\nCONTINUE SHIP 2 WITH 2"); err != nil || sub.Orders[0].Kind != storm.Advance {
		t.Errorf("CONTINUE SHIP 2 WITH 2 is shipbuilding's (19.71): %v", err)
	}
}
