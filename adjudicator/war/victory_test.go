package war

import (
	"strings"
	"testing"

	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/setup"
	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/track"
)

// Rule 34.12: the victory levels by difference.
func TestRule34_12VictoryLevels(t *testing.T) {
	for diff, want := range map[int]string{0: "tie", 2: "tie", 3: "marginal victory", 5: "marginal victory", 6: "tactical victory",
		9: "tactical victory", 10: "strategic victory", 14: "strategic victory", 15: "decisive victory", 40: "decisive victory"} {
		if got := victoryLevel(diff); got != want {
			t.Errorf("34.12: %d: %q, want %q", diff, got, want)
		}
	}
}

// Rules 34.2-34.6, 34.93: the lines of each alliance add up; support,
// unmobilized factories, the balance of power, completed aggressions (the
// whole country including its first demand), Italy's wars, trade pacts
// (not from conquests), Russian armor.
func TestRule34_VictoryPointLines(t *testing.T) {
	s := setup.NewGame(1)
	s.Powers[storm.Germany].Support, s.Powers[storm.France].Support, s.Powers[storm.Russia].Support = 2, -1, 3
	done := s.Turn
	s.Turn = storm.Turn{Year: 1937, Season: storm.Summer}
	s.SupportFacts.Aggressions = []storm.Aggression{
		{Aggressor: storm.Germany, Target: "Sudetenland", Turn: done, Completed: &done},
		{Aggressor: storm.Germany, Target: "Czechoslovakia", Turn: done, Completed: &done},
		{Aggressor: storm.Germany, Target: storm.Rhineland, Turn: done, Completed: &done},
		{Aggressor: storm.Italy, Target: "Greece", Turn: storm.Turn{Year: 1937, Season: storm.Spring}},
	}
	var discard []event.Event
	if _, err := track.ResearchEvent(&s, storm.Russia, "armor", 5, false, &discard); err != nil {
		t.Fatal(err)
	}
	v := VictoryPoints(s)
	sums := map[storm.Side]int{}
	rules := map[string]int{}
	for _, l := range v.Lines {
		sums[l.Side] += l.Value
		rules[l.Rule] += l.Value
	}
	if sums[storm.Axis] != v.Axis || sums[storm.Allies] != v.Allies || sums[storm.Soviet] != v.Russia {
		t.Fatalf("34.1: lines %v do not add up to %d/%d/%d", sums, v.Axis, v.Allies, v.Russia)
	}
	if rules["34.51A"] != 4 {
		t.Errorf("34.51A: aggressions %d, want Czechoslovakia 3 (with the Sudetenland) + Rhineland 1", rules["34.51A"])
	}
	if rules["34.51B"] != 2 {
		t.Errorf("34.51B: Italy's war with Greece %d, want 2 turns", rules["34.51B"])
	}
	if rules["34.93"] != 2 {
		t.Errorf("34.93: Russian armor %d, want 2 levels", rules["34.93"])
	}
	f := s.Powers[storm.Germany].Factories
	want := 2 + s.Powers[storm.Italy].Support - (f.Idle + f.Civilian)
	got := 0
	for _, l := range v.Lines {
		if l.Side == storm.Axis && (l.Rule == "34.21A" || l.Rule == "34.31A") && (strings.HasPrefix(l.What, "Germany") || strings.HasPrefix(l.What, "Italy")) {
			got += l.Value
		}
	}
	fi := s.Powers[storm.Italy].Factories
	if want -= fi.Idle + fi.Civilian; got != want {
		t.Errorf("34.21A, 34.31A: %d, want %d", got, want)
	}
	// 34.62: a conquered country's pact does not count.
	c := s.Clone()
	c.Minor("Spain").TradePact, c.Minor("Spain").Controller = storm.Italy, 0
	base := VictoryPoints(c).Axis
	c.Minor("Spain").Controller = storm.Italy
	if VictoryPoints(c).Axis != base-2 {
		t.Errorf("34.61-34.62: Spain's pact worth 2, none once conquered")
	}
	if !strings.Contains(v.TwoWay, "win") && !strings.Contains(v.TwoWay, "tie") {
		t.Errorf("34.11: %q", v.TwoWay)
	}
}

// Rules 33.21A-C: a refusal of final research points beyond the side's
// share names the share in grammatical words, with the points the orders
// would assign: "the Allies have 3 general final points in all".
func TestRule33_21FinalPointsRefusalNamesTheShare(t *testing.T) {
	s := setup.NewGame(1)
	s.Segment = storm.SegEndOfGame
	s.War = &storm.War{Turn: s.Turn, Kind: "crisis", Aggressor: storm.Germany, Target: "Austria",
		Declarers: []storm.Power{storm.Britain, storm.France}, Against: []storm.Power{storm.Germany}}
	for _, c := range []struct {
		p      storm.Power
		orders []storm.Order
		want   string
	}{
		{storm.Britain, []storm.Order{research("RADAR", 2), research("BRITISH ARMOR", 2)},
			"rule 33.21B: the Allies have 3 general final points in all, and with this line the orders assign 4"},
		{storm.Germany, []storm.Order{research("JETS", 3), research("GERMAN ARMOR", 1)},
			"rule 33.21A: the Axis has 3 general final points in all, and with this line the orders assign 4"},
		{storm.Russia, []storm.Order{research("ESPIONAGE", 1, storm.PointIntelligence), research("COVERT OPERATIONS", 1, storm.PointIntelligence)},
			"rule 33.21C: Russia has 1 intelligence final point in all, and with this line the orders assign 2"},
		{storm.Britain, []storm.Order{research("BRITISH JETS", 1, storm.PointAdvanced)},
			"rule 33.21: the Allies have no advanced final points"},
	} {
		errs, _ := ValidateFinalResearch(s, c.p, c.orders)
		if len(errs) != 1 || !strings.HasSuffix(errs[0].Error(), c.want) || strings.Contains(errs[0].Error(), "  ") {
			t.Errorf("%s %v: %v, want one ending %q", c.p.Title(), c.orders, errs, c.want)
		}
	}
}

// research is a RESEARCH order of n points, of a kind when given.
func research(project string, n int, kind ...string) storm.Order {
	o := storm.Order{Kind: storm.Research, Project: project, Args: kind}
	if n > 1 {
		o.Points = n
	}
	return o
}
