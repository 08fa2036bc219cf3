package adjudicator

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"stormjudge/adjudicator/economy"
	"stormjudge/adjudicator/setup"
	"stormjudge/adjudicator/storm"
)

func TestRule7_11EverySegmentHasAPhase(t *testing.T) {
	want := map[storm.Segment]string{storm.SegRandomEvents: "Random events phase", storm.SegIncome: "Income phase",
		storm.SegEconomic: "Economic phase", storm.SegDiplomacyAxis1: "Diplomatic phase", storm.SegCovert: "Diplomatic phase",
		storm.SegDiplomacyResolve: "Diplomatic phase", storm.SegCrisisAggression: "Crisis phase", storm.SegCrisisBrink: "Crisis phase",
		storm.SegPreemptiveWar: "Pre-emptive war", storm.SegEndOfGame: "End of game"}
	for seg, ph := range want {
		if got := seg.Phase(); got != ph {
			t.Errorf("%s.Phase() = %q, want %q", seg, got, ph)
		}
	}
}

func TestRule28_42BordersAreTheRulesTable(t *testing.T) {
	if got := storm.Borders("Poland"); !slices.Equal(got, []string{"Czechoslovakia", "Rumania", storm.RussiaTarget}) {
		t.Errorf("Borders(Poland) = %v (28.42H)", got)
	}
	if got := storm.Borders("Hungary"); got != nil {
		t.Errorf("Borders(Hungary) = %v: 28.42 lists none", got)
	}
	for _, b := range storm.BorderTable {
		for _, c := range b.Borders {
			if _, ok := storm.FindCountry(c); !ok {
				t.Errorf("%s (%s): %s is not a country of 24.21 or Russia", b.Target, b.Rule, c)
			}
		}
	}
}

// TestDeriveHasEveryFigureOfTheReports checks the view against the state
// it comes from: every figure the reports show is there.
func TestDeriveHasEveryFigureOfTheReports(t *testing.T) {
	s, _, err := Resolve(setup.NewGame(3), nil)
	if err != nil {
		t.Fatal(err)
	}
	v := Derive(s)
	if v.Public.Turn != s.Turn || v.Public.Segment != storm.SegEconomic || len(v.Public.Required) != 5 {
		t.Errorf("public: %+v", v.Public)
	}
	if len(v.Public.Targets) != 18 || v.Public.Targets[17].Name != storm.RussiaTarget {
		t.Errorf("targets: %d, last %+v; want the 17 of 24.21 and Russia", len(v.Public.Targets), v.Public.Targets[len(v.Public.Targets)-1])
	}
	for _, tv := range v.Public.Targets {
		if tv.Region == "" {
			t.Errorf("%s has no region of 4.16", tv.Name)
		}
	}
	for _, pp := range v.Public.Powers {
		ps := s.Powers[pp.Power]
		if pp.TilePoints != ps.TilePoints || pp.Support != ps.Support || pp.Factories != ps.Factories {
			t.Errorf("%s: %+v", pp.Power, pp)
		}
		sum := 0
		for _, m := range pp.SupportTerms {
			sum += m.Value
		}
		if sum != pp.Support {
			t.Errorf("%s: support %d but its terms add up to %d", pp.Power, pp.Support, sum)
		}
	}
	if len(v.Public.Balance.Rows) != 4 {
		t.Errorf("balance rows: %+v", v.Public.Balance.Rows)
	}
	g := v.Powers[storm.Germany]
	if g == nil || !g.Required || len(g.Options) == 0 || g.ConvertCost != economy.ConvertCost(s, storm.Germany) ||
		g.MobilizeCost != economy.MobilizeCost(s, storm.Germany) || g.Naval == nil || g.Naval.Rate != storm.ShipbuildingRate(s, storm.Germany) ||
		g.Naval.Capacity != storm.ShipyardCapacity(s, storm.Germany) || len(g.Naval.ShipCosts) == 0 || g.Research.Usable == nil {
		t.Fatalf("germany: %+v", g)
	}
	if v.Powers[storm.Russia].Naval != nil {
		t.Error("Russia builds no ships (19.11) but has a naval chart")
	}
	if !g.Research.Leader || v.Powers[storm.Italy].Research.Leader {
		t.Error("Germany places the Axis basic points (15.21), Italy does not")
	}
}

func TestViewForShowsOnlyThePowersOwn(t *testing.T) {
	s, _, err := Resolve(setup.NewGame(3), nil)
	if err != nil {
		t.Fatal(err)
	}
	v := Derive(s).For(storm.Italy)
	if len(v.Powers) != 1 || v.Powers[storm.Italy] == nil || v.Moderator != nil {
		t.Fatalf("For(Italy) has %v", v.Powers)
	}
	b, _ := json.Marshal(Derive(s).PublicOnly())
	if strings.Contains(string(b), `"options"`) || strings.Contains(string(b), `"research"`) {
		t.Errorf("the public view has private fields: %s", b)
	}
}

func TestDeriveIsPure(t *testing.T) {
	s, _, err := Resolve(setup.NewGame(5), nil)
	if err != nil {
		t.Fatal(err)
	}
	before, _ := json.Marshal(s)
	a, _ := json.Marshal(Derive(s))
	b, _ := json.Marshal(Derive(s))
	after, _ := json.Marshal(s)
	if string(a) != string(b) || string(before) != string(after) {
		t.Error("Derive is not deterministic or changed the state")
	}
}
