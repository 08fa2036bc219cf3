package adjudicator_test

import (
	"reflect"
	"strings"
	"testing"

	"stormjudge/adjudicator/internal/enginetest"
	"stormjudge/adjudicator/storm"
)

// TestParseCrisisTestOrderRoundTrip: the case parser reads back what
// Order.String writes for every crisis order.
func TestParseCrisisTestOrderRoundTrip(t *testing.T) {
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
			text = strings.TrimSuffix(text, " (for "+o.For.Title()+")") + " FOR " + string(o.For)
		}
		got, ok, err := enginetest.ParseCrisisTestOrder(text)
		if !ok || err != nil || !reflect.DeepEqual(got, o) {
			t.Errorf("%q: got %+v (ok %v, %v), want %+v", text, got, ok, err, o)
		}
	}
	if _, ok, _ := enginetest.ParseCrisisTestOrder("CONTINUE SHIP 2"); ok {
		t.Errorf("CONTINUE SHIP 2 is shipbuilding's (19.71)")
	}
}
