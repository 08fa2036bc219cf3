package orders

import (
	"os"
	"reflect"
	"strings"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
)

func TestParseResearch(t *testing.T) {
	r := storm.Research
	tests := []struct {
		line string
		want storm.Order
	}{
		{"RESEARCH COUNTER 2", storm.Order{Kind: r, Counters: []int{2}}},
		{"research counter civilian", storm.Order{Kind: r, Counters: []int{1}, Args: []string{"civilian"}}},
		{"RESEARCH AIR RANGE", storm.Order{Kind: r, Project: "air range", Points: 1}},
		{"RESEARCH 1 POINT IN AIR RANGE", storm.Order{Kind: r, Project: "air range", Points: 1}},
		{"RESEARCH Italian Battleship Design", storm.Order{Kind: r, Project: "italian battleship design", Points: 1}},
		{"RESEARCH COUNTER-INTELLIGENCE INTELLIGENCE", storm.Order{Kind: r, Project: "counter-intelligence", Points: 1, Args: []string{"intelligence"}}},
		{"RESEARCH COUNTER INTELLIGENCE INTELLIGENCE", storm.Order{Kind: r, Project: "counter-intelligence", Points: 1, Args: []string{"intelligence"}}},
		{"RESEARCH JETS ADVANCED", storm.Order{Kind: r, Project: "jets", Points: 1, Args: []string{"advanced"}}},
		{"RESEARCH TORPEDOES WITH SPY RING", storm.Order{Kind: r, Project: "torpedoes", Points: 1, Args: []string{"spy"}}},
		{"RESEARCH ASW REASSIGN 2", storm.Order{Kind: r, Project: "asw", Points: 2, Args: []string{"reassign"}}},
		{"RESEARCH AIR RANGE 2", storm.Order{Kind: r, Project: "air range", Points: 2}},
		{"RESEARCH anglo_french cooperation", storm.Order{Kind: r, Project: "anglo-french cooperation", Points: 1}},
		{"RESEARCH JETS PURGE", storm.Order{Kind: r, Project: "jets", Points: 1, Args: []string{"purge"}}},
		{"research infantry purge", storm.Order{Kind: r, Project: storm.InfantryForAWAW, Points: 1, Args: []string{"purge"}}}, // 22.73E
	}
	for _, tc := range tests {
		sub, err := Parse(env + tc.line)
		if err != nil {
			t.Errorf("%q: %v", tc.line, err)
			continue
		}
		got := sub.Orders[0]
		got.Line = 0
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q: got %+v, want %+v", tc.line, got, tc.want)
		}
	}
}

func TestParseResearchErrors(t *testing.T) {
	tests := []struct{ line, want string }{
		{"RESEARCH", "RESEARCH needs a project or COUNTER <strength>"},
		{"RESEARCH COUNTER", "RESEARCH COUNTER needs the counter's strength"},
		{"RESEARCH COUNTER big", `"big" is not a counter strength`},
		{"RESEARCH COUNTER 2 1", "one counter a line"},
		{"RESEARCH AIR RANGF", `unknown project "air rangf" (did you mean "air range"?)`},
		{"RESEARCH ASW REASSIGN", "REASSIGN needs the number of points"},
		{"RESEARCH INFANTRY", "infantry is no research project"},                         // 22.73E
		{"RESEARCH INFANTRY PURGE 2", "one 3-3 infantry unit for A World at War a line"}, // 22.73E
	}
	for _, tc := range tests {
		_, err := Parse(env + tc.line)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: got %v, want %q", tc.line, err, tc.want)
		}
		if err != nil && !strings.Contains(err.Error(), "hint: RESEARCH COUNTER 2") {
			t.Errorf("%q: no research hint in %v", tc.line, err)
		}
	}
}

// TestResearchExampleEmail: docs/orders.md's research example parses and
// every order reads back as written.
func TestResearchExampleEmail(t *testing.T) {
	raw, err := os.ReadFile("../testdata/orders/economic-research.eml")
	if err != nil {
		t.Fatal(err)
	}
	m, err := ReadMessage(raw)
	if err != nil {
		t.Fatal(err)
	}
	sub, err := Parse(m.Body)
	if err != nil {
		t.Fatal(err)
	}
	if len(sub.Orders) != 7 {
		t.Fatalf("%d orders: %v", len(sub.Orders), sub.Orders)
	}
	want := []string{"RESEARCH COUNTER 2", "RESEARCH AIR RANGE", "RESEARCH ITALIAN ARMOR", "RESEARCH TORPEDOES", "RESEARCH RADAR", "RESEARCH GERMAN ARMOR", "RESEARCH ROCKETS ADVANCED"}
	for i, o := range sub.Orders {
		if o.String() != want[i] {
			t.Errorf("order %d: %q, want %q", i, o.String(), want[i])
		}
	}
	s := adjudicator.NewGame(1)
	s.Segment = storm.SegEconomic
	s.Powers[storm.Germany].TilePoints = 5
	if errs := adjudicator.Validate(s, storm.Germany, sub.Orders); errs != nil {
		t.Errorf("the example is not valid in Spring 1935: %v", errs)
	}
}
