package report

import (
	"strings"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
)

// TestResearchSheetPrivate: research placement shows only in the power's
// private notice (15.15); a result made public shows in the public report
// (15.63).
func TestResearchSheetPrivate(t *testing.T) {
	s := adjudicator.NewGame(1)
	s.Segment = storm.SegEconomic
	s.Powers[storm.Germany].TilePoints = 5
	orders := []storm.Order{
		{Kind: storm.Research, Project: "air range", Points: 1},
		{Kind: storm.Research, Project: "italian armor", Points: 1},
	}
	if errs := adjudicator.Validate(s, storm.Germany, orders); errs != nil {
		t.Fatal(errs)
	}
	after, evs, err := adjudicator.Resolve(s, map[storm.Power][]storm.Order{storm.Germany: orders})
	if err != nil {
		t.Fatal(err)
	}
	_, priv := Private("demo", storm.Germany, evs, adjudicator.Derive(after)).Parts()
	for _, want := range []string{"Research record sheet of the Axis", "Air range (air): 1 step of 10",
		"Germany: 1 research point in Italian armor, now 1 step."} {
		if !strings.Contains(priv, want) {
			t.Errorf("private notice lacks %q:\n%s", want, priv)
		}
	}
	_, pub := Public("demo", evs, adjudicator.Derive(after)).Parts()
	if strings.Contains(pub, "air range") {
		t.Errorf("15.15: the public report shows research placement:\n%s", pub)
	}
	_, fr := Private("demo", storm.France, evs, adjudicator.Derive(after)).Parts()
	if strings.Contains(fr, "italian armor") {
		t.Errorf("15.15: France sees Axis research:\n%s", fr)
	}
	var w writer
	researchEvent(&w, event.ResearchResultAchieved{Side: storm.Allies, Power: storm.France,
		Project: "french battleship design", Result: 1, Steps: 6, Effect: storm.ResultEffect{Naval: 1}, Rule: "16.13B"})
	if got := strings.Join(strings.Fields(w.String()), " "); !strings.Contains(got, "The Allies: research result 1 in French battleship design (6 steps): 1 naval counter on the Balance of Power Chart (rule 16.13B).") {
		t.Errorf("result text: %q", got)
	}
}

// TestRule16_16BSpyRingsInTheNotice: a side's research spy rings are in
// its powers' notices (and the view), not in the other side's.
func TestRule16_16BSpyRingsInTheNotice(t *testing.T) {
	s, evs := spring1935(t)
	s.Sheets.SpyRings = []storm.ResearchSpyRing{{Side: storm.Allies, Target: storm.Axis,
		Category: storm.MilitaryResearch, Activated: s.Turn}}
	v := adjudicator.Derive(s)
	if len(v.Powers[storm.Britain].Research.SpyRings) != 1 || len(v.Powers[storm.Germany].Research.SpyRings) != 0 {
		t.Fatalf("view: Britain %v, Germany %v", v.Powers[storm.Britain].Research.SpyRings, v.Powers[storm.Germany].Research.SpyRings)
	}
	_, fr := Private("demo", storm.France, evs, v).Parts()
	if !strings.Contains(strings.Join(strings.Fields(fr), " "), "Spy ring in the military research of the Axis: activated Spring 1935 (rule 16.16B).") {
		t.Errorf("France's notice lacks its side's spy ring:\n%s", fr)
	}
	if _, ge := Private("demo", storm.Germany, evs, v).Parts(); strings.Contains(ge, "Spy ring") {
		t.Errorf("Germany's notice shows the Allies' spy ring:\n%s", ge)
	}
}
