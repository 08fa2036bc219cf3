package adjudicator_test

import (
	"slices"
	"strings"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
)

// Rule 18.51 (A-C): Russia's view says it must build a unit in the
// economic phase when its support level is below zero and a unit is in
// its reserve (C): that the judge builds one if its orders build none
// (A, docs/rules.md), or, when it cannot pay for one, that it may make no
// other expenditure (B). Nothing with a support level of zero, without a
// unit in reserve, for another power or in another segment; and the
// obligations of the view are what Validate enforces: with them the
// orders that spend its points elsewhere are refused.
func TestRule18_51ObligationInTheView(t *testing.T) {
	for _, tc := range []struct {
		name             string
		support, reserve int
		tiles            int
		segment          storm.Segment
		want             string // "" none
	}{
		{"A", -1, 1, 10, storm.SegEconomic, "if your orders build none, the judge builds one for you"},
		{"B", -1, 1, 0, storm.SegEconomic, "cannot pay for one: it may make no other expenditure (18.51B)"},
		{"C", -1, 0, 10, storm.SegEconomic, ""},
		{"support 0", 0, 1, 10, storm.SegEconomic, ""},
		{"not the economic phase", -1, 1, 10, storm.SegDiplomacyRussia, ""},
	} {
		s, _, err := adjudicator.Resolve(adjudicator.WithDiplomacy(adjudicator.NewGame(3)), nil)
		if err != nil {
			t.Fatal(err)
		}
		ru := s.Powers[storm.Russia]
		ru.Support, ru.TilePoints = tc.support, tc.tiles
		ru.Reserve = storm.Units{}
		ru.Reserve.Add(storm.Infantry, tc.reserve)
		s.Segment = tc.segment
		v := adjudicator.Derive(s)
		got := strings.Join(v.Powers[storm.Russia].Obligations, " | ")
		if tc.want == "" && got != "" || tc.want != "" && (!strings.Contains(got, tc.want) || !strings.HasPrefix(got, "Russia must build a unit this turn (18.51)")) {
			t.Errorf("18.51%s: Russia's obligations %q, want %q", tc.name, got, tc.want)
		}
		if o := v.Powers[storm.Germany].Obligations; len(o) != 0 {
			t.Errorf("18.51%s: Germany's obligations %q", tc.name, o)
		}
		if tc.name == "B" { // what the view says, Validate enforces
			errs := adjudicator.Validate(s, storm.Russia, []storm.Order{{Kind: storm.Convert, From: storm.Idle}})
			if !slices.ContainsFunc(errs, func(e storm.OrderError) bool { return e.Rule == "18.51B" }) {
				t.Errorf("18.51B: Russia's other expenditure: %v", errs)
			}
		}
	}
}
