package diplomacy_test

import (
	"strings"
	"testing"

	"stormjudge/adjudicator/diplomacy"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/randomevent"
	"stormjudge/adjudicator/storm"
)

func disputeGame(t *testing.T, a, b string) storm.State {
	t.Helper()
	s := diplomacyGame(storm.SegRandomEvents)
	s.Diplomacy.On = true
	var evs []event.Event
	randomevent.ApplyEffect(&s, 0, 115, "Border incident", storm.Effect{Kind: storm.EffectDiplomaticDispute, Country: a, Other: b}, nil, &evs)
	if len(s.Diplomacy.Disputes) != 1 {
		t.Fatalf("24.552: dispute not recorded: %v", evs)
	}
	s.Segment = storm.SegDiplomacyAxis1
	return s
}

// Rule 24.552A, D, E: the Axis back one country with a counter of at least
// 1 in their first round; Russia and the Allies may not place there, the
// Axis not in the other; a partner's counter in the other in the same
// round is void.
func TestRule24_552Dispute(t *testing.T) {
	s := disputeGame(t, "Bulgaria", "Turkey")
	wantPlacementRefused(t, s, storm.Germany, []storm.Order{dip("Bulgaria", 1), dip("Turkey", 2)}, "24.552A")
	var evs []event.Event
	diplomacy.ResolvePlacementRound(&s, map[storm.Power][]storm.Order{storm.Germany: {dip("Bulgaria", 2)}, storm.Italy: {dip("Turkey", 1)}}, &evs)
	if s.Diplomacy.Disputes[0].Axis != "Bulgaria" {
		t.Fatalf("24.552A: the Axis back %q", s.Diplomacy.Disputes[0].Axis)
	}
	voided := false
	for _, e := range evs {
		if v, ok := e.(event.OrderVoided); ok && v.Power == storm.Italy && v.Rule == "24.552E" {
			voided = true
		}
	}
	if !voided {
		t.Errorf("24.552E: Italy's counter in Turkey stands: %v", s.Diplomacy.Placements)
	}
	s.Segment = storm.SegDiplomacyRussia
	wantPlacementRefused(t, s, storm.Russia, []storm.Order{dip("Bulgaria", 1)}, "24.552D")
	s.Segment = storm.SegDiplomacyAxis2
	wantPlacementRefused(t, s, storm.Germany, []storm.Order{dip("Turkey", 1)}, "24.552E")
}

// Rule 24.552A, C: the judge places the counter a side must and did not:
// the Axis' weakest of at least 1 after their first round; the Allies'
// after theirs when Russia did not back the other country.
func TestRule24_552DisputeObligations(t *testing.T) {
	s := disputeGame(t, "Bulgaria", "Greece")
	var evs []event.Event
	diplomacy.ResolvePlacementRound(&s, map[storm.Power][]storm.Order{storm.Italy: {dip("Albania", 2)}}, &evs)
	if d := s.Diplomacy.Disputes[0]; d.Axis != "Bulgaria" {
		t.Fatalf("24.552A: the judge's Axis counter: %+v %+v", d, s.Diplomacy.Placements)
	}
	s.Segment = storm.SegDiplomacyRussia
	diplomacy.ResolvePlacementRound(&s, nil, &evs)
	s.Segment = storm.SegDiplomacyAllies
	evs = nil
	diplomacy.ResolvePlacementRound(&s, nil, &evs)
	found := false
	for _, pl := range s.Diplomacy.Placements {
		if pl.Power == storm.Britain && pl.Country == "Greece" && pl.Strength == 1 {
			found = true
		}
	}
	if !found {
		t.Errorf("24.552C: no Allied counter in Greece: %+v %v", s.Diplomacy.Placements, evs)
	}
	// Russia backs the other: the Allies need not.
	s = disputeGame(t, "Bulgaria", "Turkey")
	diplomacy.ResolvePlacementRound(&s, map[storm.Power][]storm.Order{storm.Germany: {dip("Bulgaria", 1)}}, &evs)
	s.Segment = storm.SegDiplomacyRussia
	diplomacy.ResolvePlacementRound(&s, map[storm.Power][]storm.Order{storm.Russia: {dip("Turkey", 2)}}, &evs)
	s.Segment = storm.SegDiplomacyAllies
	evs = nil
	diplomacy.ResolvePlacementRound(&s, nil, &evs)
	for _, e := range evs {
		if d, ok := e.(event.DisputeObligation); ok && !strings.Contains(d.Outcome, "relieved") {
			t.Errorf("24.552B: %+v", d)
		}
	}
}
