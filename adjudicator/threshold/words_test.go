package threshold_test

import (
	"fmt"
	"strings"
	"testing"

	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/threshold"
)

// TestWordsAsFmt: Words, written with a builder (issue 24), spells a
// threshold as fmt did: signs on every figure, "+0" included, the terms
// in their order.
func TestWordsAsFmt(t *testing.T) {
	for _, th := range []storm.Threshold{
		{From: storm.Britain, Against: storm.Germany},
		{From: storm.Germany, Against: storm.France, Net: 3, Meets: true, Terms: []storm.ThresholdTerm{{Rule: "32.42A", What: "balance of power +2 for the Axis", Value: 2}, {Rule: "32.42C", What: "EAI +1", Value: 1}}},
		{From: storm.Russia, Against: storm.Germany, Net: -12, Terms: []storm.ThresholdTerm{{Rule: "32.72", What: "a", Value: 0}, {Rule: "32.72B", What: "b", Value: -12}}},
	} {
		var terms []string
		for _, x := range th.Terms {
			terms = append(terms, fmt.Sprintf("%s %+d (%s)", x.What, x.Value, x.Rule))
		}
		meets := "met"
		if !th.Meets {
			meets = "not met"
		}
		want := fmt.Sprintf("%s's threshold against %s %+d, %s (at least +1 to meet): %s", th.From.Title(), th.Against.Title(), th.Net, meets, strings.Join(terms, ", "))
		if got := threshold.Words(th); got != want {
			t.Errorf("Words = %q, want %q", got, want)
		}
	}
}
