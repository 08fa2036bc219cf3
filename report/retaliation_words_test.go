package report

import (
	"strings"
	"testing"

	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
)

// TestRule32_63RetaliationAndFailedDeclarationWords: the report words a
// retaliation offered with its thresholds and answered (32.63), a war of
// retaliation, and an Allied declaration that declares nothing with its
// reason (32.61B).
func TestRule32_63RetaliationAndFailedDeclarationWords(t *testing.T) {
	tu := storm.Turn{Year: 1935, Season: storm.Fall}
	th := storm.Threshold{From: storm.Britain, Against: storm.Germany, Net: 2, Meets: true,
		Terms: []storm.ThresholdTerm{{Rule: "32.63, 32.42D", What: "Russia's war readiness", Value: 2}}}
	for _, c := range []struct {
		e    event.Event
		want []string
	}{
		{event.RetaliationOffered{Turn: tu, Thresholds: []storm.Threshold{th}},
			[]string{"Germany has declared war on Russia: Britain meets its threshold", "may retaliate (rule 32.63)", "Russia's war readiness +2 (32.63, 32.42D)"}},
		{event.RetaliationAnswered{Turn: tu, Power: storm.France, How: "no answer: no retaliation"},
			[]string{"France does not retaliate (no answer: no retaliation; rule 32.63)."}},
		{event.WarBroke{War: storm.War{Turn: tu, Kind: storm.RetaliationWar, Declarers: []storm.Power{storm.Britain}, Against: []storm.Power{storm.Germany}, Thresholds: []storm.Threshold{th}}},
			[]string{"Britain declares war on Germany: retaliation for Germany's declaration of war on Russia (rule 32.63)"}},
		{event.DeclarationFailed{Turn: tu, Powers: []storm.Power{storm.Britain}, Against: []storm.Power{storm.Germany}, Rule: "32.61B",
			Why: "France gave no such order, and Britain and France declare or threaten pre-emptive war only together"},
			[]string{"Britain's DECLARE WAR ON GERMANY has no effect: France gave no such order", "(rule 32.61B)."}},
	} {
		var w writer
		publicEvent(&w, c.e)
		got := strings.Join(strings.Fields(w.String()), " ")
		for _, want := range c.want {
			if !strings.Contains(got, want) {
				t.Errorf("%s: %q lacks %q", c.e.Type(), got, want)
			}
		}
	}
}
