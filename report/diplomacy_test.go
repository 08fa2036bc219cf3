package report

import (
	"strings"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
)

// Rule 24.54C in the mails: a round's public report names the locations
// and commitments, never the values; the placing power's notice has its
// values and salt; the resolution's report publishes both.
func TestRule24_54CReportsSealTheValues(t *testing.T) {
	s, _, err := adjudicator.Resolve(adjudicator.WithDiplomacy(adjudicator.NewGame(3)), nil)
	if err != nil {
		t.Fatal(err)
	}
	s, _, _ = adjudicator.Resolve(s, nil)
	dip := func(c string, n int) storm.Order {
		return storm.Order{Kind: storm.Diplomatic, Project: c, Counters: []int{n}}
	}
	// The notice offers the placements.
	help := Help("demo", storm.Germany, adjudicator.Derive(s))
	if !strings.Contains(help, "DIPLOMATIC BULGARIA 3") {
		t.Errorf("the notice does not offer DIPLOMATIC BULGARIA 3:\n%s", help)
	}
	s, evs, _ := adjudicator.Resolve(s, map[storm.Power][]storm.Order{storm.Germany: {dip("Bulgaria", 2)}})
	pub := Public("demo", evs, adjudicator.Derive(s)).Text
	if !strings.Contains(pub, "Germany places a diplomatic counter in Bulgaria") || !strings.Contains(pub, "Commitment of Germany") {
		t.Errorf("round report:\n%s", pub)
	}
	if strings.Contains(pub, "Bulgaria 2") {
		t.Errorf("the round's public report shows the value:\n%s", pub)
	}
	own := Private("demo", storm.Germany, evs, adjudicator.Derive(s)).Text
	if !strings.Contains(own, "Bulgaria 2") || !strings.Contains(own, "Salt ") {
		t.Errorf("Germany's notice lacks its value or salt:\n%s", own)
	}
	other := Private("demo", storm.Russia, evs, adjudicator.Derive(s)).Text
	if strings.Contains(other, "Bulgaria 2") {
		t.Errorf("Russia's notice shows Germany's value:\n%s", other)
	}
	var all []event.Event
	for s.Segment != storm.SegEconomic {
		s, evs, _ = adjudicator.Resolve(s, nil)
		all = append(all, evs...)
	}
	res := strings.Join(strings.Fields(Public("demo", all, adjudicator.Derive(s)).Text), " ")
	for _, want := range []string{"Germany Axis, first round Bulgaria 2", "salt ", "Bulgaria: Axis 2, Allies 0, Russia 0: a result for the Axis (Germany), a German flag placed", "pays 2 tile points"} {
		if !strings.Contains(res, want) {
			t.Errorf("resolution report lacks %q:\n%s", want, res)
		}
	}
}
