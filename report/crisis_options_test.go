package report

import (
	"strings"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
)

// crisisAt plays a game with the crisis phase by email to Germany's
// aggression against Austria, answered by orders (nil: none yet, the
// Allied response open), and returns the state and the last events.
func crisisAt(t *testing.T, answers ...map[storm.Power][]storm.Order) (storm.State, []event.Event) {
	t.Helper()
	s := adjudicator.WithCrisis(adjudicator.NewGame(5))
	s.Segment = storm.SegCrisisAggression
	done := storm.Turn{Year: 1934, Season: storm.Winter}
	s.SupportFacts.Aggressions = append(s.SupportFacts.Aggressions, storm.Aggression{Aggressor: storm.Germany, Target: storm.Rhineland, Turn: done, Completed: &done})
	s.Powers[storm.Britain].Support, s.Powers[storm.France].Support = 8, 8 // 27.73: an ultimatum is possible
	rounds := append([]map[storm.Power][]storm.Order{{storm.Germany: {{Kind: storm.AggressionOrder, Project: "Austria"}}, storm.Italy: nil}}, answers...)
	var evs []event.Event
	for _, orders := range rounds {
		for p, os := range orders {
			if errs := adjudicator.Validate(s, p, os); len(errs) > 0 {
				t.Fatalf("%s %s: %v", s.Segment, p, errs)
			}
		}
		var err error
		if s, evs, err = adjudicator.Resolve(s, orders); err != nil {
			t.Fatal(err)
		}
	}
	return s, evs
}

// Rules 27.62 and 27.52 (r-27-61-default, r-27-51-concert): the Axis
// response notice and digest list BACK DOWN once, as the block's line,
// with its cost, and never say that it changes nothing; the Allied
// response's list ACQUIESCE once.
func TestRule27_62NoticeWordsBackDownOnce(t *testing.T) {
	oppose := map[storm.Power][]storm.Order{storm.Britain: {{Kind: storm.OpposeOrder}}, storm.France: {{Kind: storm.OpposeOrder}}}
	for _, tc := range []struct {
		name    string
		answers []map[storm.Power][]storm.Order
		p       storm.Power
		line    string
	}{
		{"27.62", []map[storm.Power][]storm.Order{oppose}, storm.Germany, "BACK DOWN"},
		{"27.52", nil, storm.Britain, "ACQUIESCE"},
	} {
		s, evs := crisisAt(t, tc.answers...)
		v := adjudicator.Derive(s)
		_, notice := Private("demo", tc.p, evs, v).Parts()
		_, digest := Digest("demo", tc.p, evs, nil, v).Parts()
		for what, body := range map[string]string{"notice": notice, "digest": digest} {
			if strings.Contains(body, "changes nothing") {
				t.Errorf("%s %s: worded \"changes nothing\":\n%s", tc.name, what, body)
			}
			list := body[strings.Index(body, "What you may order now"):strings.Index(body, "Reply with this block")]
			if n := strings.Count(list, "\n"+tc.line+" "); n != 1 {
				t.Errorf("%s %s: %s listed %d times:\n%s", tc.name, what, tc.line, n, body)
			}
		}
		if tc.p == storm.Germany && !strings.Contains(notice, "support -1 and one 1 activity counter barred") {
			t.Errorf("27.62: BACK DOWN's cost not worded:\n%s", notice)
		}
	}
}

// Rule 26.11 (D-F): Britain's response notice suggests only Britain's IF
// lines (IF CONTINUED), never the aggressor's (IF OPPOSED, IF
// ULTIMATUM); Germany's Axis response notice only Germany's.
func TestRule26_11ResponseMailOffersOwnIFLines(t *testing.T) {
	oppose := map[storm.Power][]storm.Order{storm.Britain: {{Kind: storm.OpposeOrder}}, storm.France: {{Kind: storm.OpposeOrder}}}
	for _, tc := range []struct {
		answers   []map[storm.Power][]storm.Order
		p         storm.Power
		want, not []string
	}{
		{nil, storm.Britain, []string{"IF CONTINUED ULTIMATUM"}, []string{"IF OPPOSED", "IF ULTIMATUM"}},
		{[]map[storm.Power][]storm.Order{oppose}, storm.Germany, []string{"IF ULTIMATUM BACK DOWN"}, []string{"IF CONTINUED", "IF OPPOSED"}},
	} {
		s, evs := crisisAt(t, tc.answers...)
		_, body := Private("demo", tc.p, evs, adjudicator.Derive(s)).Parts()
		body = strings.Join(strings.Fields(body), " ") // wrapped lines joined
		for _, w := range tc.want {
			if !strings.Contains(body, w) {
				t.Errorf("%s: %s's notice lacks %q:\n%s", s.Segment, tc.p, w, body)
			}
		}
		for _, n := range tc.not {
			if strings.Contains(body, n) {
				t.Errorf("%s: %s's notice offers %q, not its own (26.11):\n%s", s.Segment, tc.p, n, body)
			}
		}
	}
}
