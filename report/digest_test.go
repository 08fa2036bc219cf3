package report

import (
	"strings"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
)

// TestDigestBrief (issue 22): a digest covering a diplomatic round and the
// resolution: the text says what is open, the figures that changed (and
// none that did not), no counter as "sealed" once the same mail revealed
// it, and ends with the block; the HTML holds the full report and notice.
func TestDigestBrief(t *testing.T) {
	s, _, err := adjudicator.Resolve(adjudicator.WithDiplomacy(adjudicator.NewGame(3)), nil)
	if err != nil {
		t.Fatal(err)
	}
	before := adjudicator.Derive(s)
	s, evs, _ := adjudicator.Resolve(s, nil) // the economic phase: everyone passes
	dip := []storm.Order{{Kind: storm.Diplomatic, Project: "Bulgaria", Counters: []int{2}}}
	var all []event.Event
	all = append(all, evs...)
	for s.Segment != storm.SegEconomic {
		ords := map[storm.Power][]storm.Order{}
		if s.Segment == storm.SegDiplomacyAxis1 {
			ords[storm.Germany] = dip
		}
		s, evs, _ = adjudicator.Resolve(s, ords)
		all = append(all, evs...)
	}
	after := adjudicator.Derive(s)
	m := Digest("demo", storm.Germany, all, &before, after, Extra{Version: 7})
	text := m.Text
	flat := strings.Join(strings.Fields(text), " ")
	if !strings.Contains(text, "GAME demo\nPOWER germany\nSECRET <your secret>\nPASS") {
		t.Errorf("digest lacks the block:\n%s", text)
	}
	for _, want := range []string{"is open: your orders are due", "What changed", "Tile points: Germany", "Diplomatic targets, flags: Bulgaria no flag -> 1 Germany",
		"revealed at the resolution", "RESEND 7"} {
		if !strings.Contains(flat, want) {
			t.Errorf("digest lacks %q:\n%s", want, text)
		}
	}
	for _, not := range []string{"Your sealed diplomatic counters", "Balance of power (+ Axis)", "(s)", "Tile points and factories (public"} {
		if strings.Contains(text, not) {
			t.Errorf("digest has %q:\n%s", not, text)
		}
	}
	if !strings.Contains(m.HTML, "Tile points and factories") || !strings.Contains(m.HTML, "Research record sheet") {
		t.Error("the HTML part lacks the full report and notice")
	}
	if !strings.Contains(m.Subject, "orders due") {
		t.Errorf("subject %q", m.Subject)
	}
}

// TestEndedText (issue 22): the final brief gives the result first.
func TestEndedText(t *testing.T) {
	pv := adjudicator.PublicView{Ended: true, War: &storm.War{Turn: storm.Turn{Year: 1938, Season: storm.Fall}, Kind: "crisis", Target: "Poland",
		Declarers: []storm.Power{storm.Britain, storm.France}, Against: []storm.Power{storm.Germany}},
		Victory: storm.Victory{Axis: 12, Allies: 5, Russia: 3, TwoWay: "the Axis win, 12 to 5: a decisive victory", ThreeWay: "the Axis win"}}
	want := "The game has ended in Fall 1938, war over Poland (Britain and France on Germany). Two-way game: the Axis win, 12 to 5: a decisive victory. Three-way game: the Axis win. Victory points: the Axis 12, the Allies 5, Russia 3 (rule 34)."
	if got := EndedText(pv); got != want {
		t.Errorf("EndedText:\n got %s\nwant %s", got, want)
	}
}
