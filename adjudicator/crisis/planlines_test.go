package crisis_test

import (
	"slices"
	"strings"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
)

// Rule 26.11 (D-F): a power's notice offers only the IF lines that power
// may give, for stages still to come: Britain and France IF CONTINUED
// (27.71B) at the Allied response, the aggressor IF OPPOSED (27.61C) and
// IF ULTIMATUM (27.81); and each offered line, sent as it is, is accepted.
func TestRule26_11PlanLinesArePowersOwn(t *testing.T) {
	s := crisisGame(5)
	rhinelandDone(&s)
	s.Powers[storm.Britain].Support, s.Powers[storm.France].Support = 8, 8
	s, _ = mustResolve(t, s, map[storm.Power][]storm.Order{storm.Germany: {aggression("Austria")}, storm.Italy: nil})
	check := func(v adjudicator.View, p storm.Power, want ...string) {
		t.Helper()
		me := v.Powers[p]
		got := me.PlanLines
		if len(me.Crisis) == 0 && len(want) > 0 {
			t.Fatalf("%s %s: no crisis decision", s.Segment, p)
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s %s: IF lines %q, want %q", s.Segment, p, got, want)
		}
		for _, l := range got {
			word := strings.Fields(l)[1] // OPPOSED, CONTINUED, ULTIMATUM
			if (p == storm.Germany) != (word == "OPPOSED" || word == "ULTIMATUM") {
				t.Errorf("%s %s: offered %s, another power's (26.11)", s.Segment, p, l)
			}
		}
	}
	accepted := func(p storm.Power, l string) {
		t.Helper()
		o := planOrder(t, l)
		if errs := adjudicator.Validate(s, p, []storm.Order{o}); len(errs) > 0 {
			t.Errorf("%s %s: offered %s refused: %v", s.Segment, p, l, errs)
		}
	}
	v := adjudicator.Derive(s) // the Allied response
	check(v, storm.Britain, "IF CONTINUED ULTIMATUM")
	check(v, storm.France, "IF CONTINUED ULTIMATUM")
	for _, p := range []storm.Power{storm.Britain, storm.France} {
		for _, l := range v.Powers[p].PlanLines {
			accepted(p, l)
		}
	}
	s, _ = mustResolve(t, s, map[storm.Power][]storm.Order{storm.Britain: {{Kind: storm.OpposeOrder}}, storm.France: {{Kind: storm.OpposeOrder}}})
	v = adjudicator.Derive(s) // the Axis response
	check(v, storm.Germany, "IF ULTIMATUM BACK DOWN")
	for _, l := range v.Powers[storm.Germany].PlanLines {
		accepted(storm.Germany, l)
	}
}

// planOrder is the IF order l writes (PlanLines words orders as
// storm.Order.String does).
func planOrder(t *testing.T, l string) storm.Order {
	t.Helper()
	for _, o := range []storm.Order{
		{Kind: storm.CrisisIfOrder, Args: []string{"opposed", string(storm.ContinueAggression), "<=", "4", string(storm.BackDownOrder)}},
		{Kind: storm.CrisisIfOrder, Args: []string{"continued", string(storm.UltimatumOrder)}},
		{Kind: storm.CrisisIfOrder, Args: []string{"ultimatum", string(storm.BackDownOrder)}},
	} {
		if o.String() == l {
			return o
		}
	}
	t.Fatalf("%q is no IF line offered", l)
	return storm.Order{}
}
