package adjudicator_test

import (
	"strings"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/diplomacy"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/internal/enginetest"
	"stormjudge/adjudicator/setup"
	"stormjudge/adjudicator/storm"
)

// TestRule24_56BNoCounterOfferedWhereTheAntiCominternStands: in the Axis'
// first round the anti-Comintern counter is placed after the Axis'
// counters, where a counter of strength 1 does not displace it (24.35A),
// and an Axis counter where it stands is void (24.56B). Germany's counter
// there is offered with the ANTI-COMINTERN line that keeps it valid, and
// sent so it is not void (sent bare, it is); Italy's is not offered.
func TestRule24_56BNoCounterOfferedWhereTheAntiCominternStands(t *testing.T) {
	s := setup.NewGame(1)
	s.Segment, s.Diplomacy.On = storm.SegDiplomacyAxis1, true
	for _, ps := range s.Powers {
		ps.TilePoints = 20
		ps.Counters, ps.Used = storm.ActivityCounters{One: 2}, storm.ActivityCounters{}
	}
	stands := diplomacy.AntiCominternStands(s, storm.Germany, "", "", 0)
	if stands == "" || diplomacy.AntiCominternStrength(s) != 1 {
		t.Fatalf("the anti-Comintern counter stands in %q with strength %d; want a country and 1", stands, diplomacy.AntiCominternStrength(s))
	}
	line := "DIPLOMATIC " + strings.ToUpper(stands) + " 1"
	var offered *adjudicator.OptionView
	for _, o := range adjudicator.Derive(s).Powers[storm.Germany].Options {
		if o.Order == line {
			offered = &o
		}
	}
	if offered == nil || len(offered.With) != 1 || !strings.HasPrefix(offered.With[0], "ANTI-COMINTERN ") || !strings.Contains(offered.Note, "24.56B") {
		t.Fatalf("Germany's %s offered as %+v, want it with an ANTI-COMINTERN line and why", line, offered)
	}
	void := func(lines []string) []event.OrderVoided {
		t.Helper()
		sub, err := send(storm.Germany, lines)
		if err != nil {
			t.Fatal(err)
		}
		if errs := adjudicator.Validate(s, storm.Germany, sub.Orders); len(errs) > 0 {
			t.Fatalf("%q refused: %v", lines, errs)
		}
		_, evs, err := adjudicator.Resolve(s, map[storm.Power][]storm.Order{storm.Germany: sub.Orders})
		if err != nil {
			t.Fatal(err)
		}
		var out []event.OrderVoided
		for _, e := range evs {
			if ov, ok := e.(event.OrderVoided); ok {
				out = append(out, ov)
			}
		}
		return out
	}
	if v := void(append([]string{offered.Order}, offered.With...)); len(v) > 0 {
		t.Errorf("24.56B: the offer as sent voided: %+v", v)
	}
	if v := void([]string{line}); len(v) != 1 || v[0].Rule != "24.56B" {
		t.Errorf("24.56B: %s sent bare: voids %+v, want its own under 24.56B", line, v)
	}
	for _, o := range adjudicator.Derive(s).Powers[storm.Italy].Options {
		if o.Order == line {
			t.Errorf("24.56B: Italy offered %s where the anti-Comintern counter stands", line)
		}
	}
}

// TestRule8_31PartnersSecretEventChangesNoOffer: Germany's secret event
// (8.31: known to its holder only) that would move the anti-Comintern
// counter (24.35B) changes nothing in Italy's options, nor Italy's in
// Germany's: a power's offers read only its own secrets.
func TestRule8_31PartnersSecretEventChangesNoOffer(t *testing.T) {
	s := setup.NewGame(1)
	s.Segment, s.Diplomacy.On = storm.SegDiplomacyAxis1, true
	for _, ps := range s.Powers {
		ps.TilePoints = 20
		ps.Counters, ps.Used = storm.ActivityCounters{One: 2}, storm.ActivityCounters{}
	}
	stands := diplomacy.AntiCominternStands(s, storm.Germany, "", "", 0)
	if stands == "" {
		t.Fatal("the anti-Comintern counter stands nowhere")
	}
	options := func(s storm.State, p storm.Power) []string {
		var out []string
		for _, o := range adjudicator.Derive(s).Powers[p].Options {
			out = append(out, o.Order+" "+strings.Join(o.With, ",")+" "+o.Note)
		}
		return out
	}
	for _, holder := range []storm.Power{storm.Germany, storm.Italy} {
		other := storm.Italy
		if holder == storm.Italy {
			other = storm.Germany
		}
		withSecret := s.Clone()
		withSecret.Events = &storm.EventDeck{Deck: enginetest.TestDeck(1, func(c *storm.Card) {
			c.National[holder] = storm.CardEvent{Title: "secret", Category: storm.CategoryDiplomatic,
				Effects: []storm.Effect{{Kind: storm.EffectDiplomaticModifier, Country: stands, Value: 2}}}
		}), Held: []storm.HeldEvent{{Card: 1, Power: holder, Secret: true}}}
		if diplomacy.AntiCominternStands(withSecret, holder, "", "", 0) == stands {
			t.Fatalf("%s's secret event in %s does not move the counter for its holder", holder, stands)
		}
		if got, want := options(withSecret, other), options(s, other); strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s's options change with %s's secret event:\n%s\nwithout it:\n%s", other, holder, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}
