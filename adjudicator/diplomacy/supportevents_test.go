package diplomacy_test

import (
	"testing"

	"stormjudge/adjudicator/diplomacy"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
)

// resolved resolves s's diplomacy and returns the 10.41C support changes
// by power.
func resolved(s *storm.State) map[storm.Power]int {
	var evs []event.Event
	diplomacy.ResolveDiplomacy(s, &evs)
	out := map[storm.Power]int{}
	for _, e := range evs {
		if c, ok := e.(event.SupportChanged); ok && c.Rule == "10.41C" {
			out[c.Power] += c.Delta
		}
	}
	return out
}

// Rule 10.41C, 24.82E: in a minor country taken over by an Axis aggressor
// every alliance's events, public or secret (revealed by now), are support
// events.
func TestRule10_41CConqueredTargetEventsOfEveryAlliance(t *testing.T) {
	s := diplomacyGame(storm.SegDiplomacyResolve)
	s.Minor("Albania").Controller = storm.Italy
	s.Diplomacy.Modifiers = []storm.DiplomaticModifier{
		{Country: "Albania", Side: storm.Axis, Power: storm.Italy, Value: 2, Card: 8, Rule: "9.31C"},
		{Country: "Albania", Side: storm.Allies, Power: storm.Britain, Value: 1, Card: 9, Rule: "9.31C"},
	}
	if got := resolved(&s); got[storm.Italy] != 2 || got[storm.Britain] != 1 {
		t.Errorf("10.41C: the conversions %v, want Italy +2, Britain +1", got)
	}
}

// Rule 10.41C, 24.82E: four friendly flags and an event not needed to keep
// them: support; the same event needed against an opposing effort, four
// flags not all the winner's (Allied beside Russian before the pact) or
// Greece before a civil war there: spent as a diplomatic event.
func TestRule10_41CFourFriendlyFlagsUnchallenged(t *testing.T) {
	for _, c := range []struct {
		name    string
		country string
		flags   map[storm.Power]int
		side    storm.Side
		power   storm.Power
		placed  []storm.Placement
		want    int
	}{
		{"unchallenged", "Bulgaria", map[storm.Power]int{storm.Germany: 4}, storm.Axis, storm.Germany,
			[]storm.Placement{{Power: storm.Germany, Country: "Bulgaria", Strength: 3}, {Power: storm.Britain, Country: "Bulgaria", Strength: 1}}, 2},
		{"needed against the Allies", "Bulgaria", map[storm.Power]int{storm.Germany: 4}, storm.Axis, storm.Germany,
			[]storm.Placement{{Power: storm.Britain, Country: "Bulgaria", Strength: 1}}, 0},
		{"not all friendly", "Bulgaria", map[storm.Power]int{storm.France: 2, storm.Russia: 2}, storm.Allies, storm.France, nil, 0},
		{"greece before a civil war", "Greece", map[storm.Power]int{storm.Germany: 4}, storm.Axis, storm.Germany, nil, 0},
	} {
		s := diplomacyGame(storm.SegDiplomacyResolve)
		s.Minor(c.country).SetFlagCounts(c.flags)
		s.Diplomacy.Placements = c.placed
		s.Diplomacy.Modifiers = []storm.DiplomaticModifier{{Country: c.country, Side: c.side, Power: c.power, Value: 2, Card: 7, Rule: "9.31C"}}
		if got := resolved(&s); got[c.power] != c.want {
			t.Errorf("%s: %s support %+d, want %+d", c.name, c.power, got[c.power], c.want)
		}
	}
}

// Rule 10.41C: where the Allies and Russia both hold events for one minor
// country (no pact) and nobody chose, the weaker group's events are
// support events, but a general event always acts as a diplomatic event:
// the modifier's holder, recorded when the event was applied, tells them
// apart, whatever the card's national events say.
func TestRule10_41CGeneralEventStaysDiplomatic(t *testing.T) {
	for _, c := range []struct {
		name   string
		holder storm.Power
		want   int
	}{
		{"a general event", 0, 0},
		{"France's national event", storm.France, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := diplomacy.WithDiplomacy(diplomacyGame(storm.SegCovert))
			s.Diplomacy.Modifiers = []storm.DiplomaticModifier{
				{Country: "Rumania", Side: storm.Allies, Power: storm.France, Value: 1, Card: 9, Rule: "9.31C", Holder: c.holder},
				{Country: "Rumania", Side: storm.Soviet, Power: storm.Russia, Value: 2, Card: 10, Rule: "9.31C", Holder: storm.Russia},
			}
			var evs []event.Event
			diplomacy.ResolveCovert(&s, nil, &evs)
			got := 0
			for _, e := range evs {
				if sc, ok := e.(event.SupportChanged); ok && sc.Rule == "10.41C" && sc.Power == storm.France {
					got += sc.Delta
				}
			}
			if got != c.want {
				t.Errorf("France's 10.41C support %+d, want %+d (events %v)", got, c.want, evs)
			}
		})
	}
}
