package adjudicator

import (
	"strings"
	"testing"
)

func disputeGame(t *testing.T, a, b string) State {
	t.Helper()
	s := diplomacyGame(SegRandomEvents)
	s.Diplomacy.On = true
	var evs []Event
	applyEffect(&s, 0, 115, "Border incident", Effect{Kind: EffectDiplomaticDispute, Country: a, Other: b}, nil, &evs)
	if len(s.Diplomacy.Disputes) != 1 {
		t.Fatalf("24.552: dispute not recorded: %v", evs)
	}
	s.Segment = SegDiplomacyAxis1
	return s
}

// Rule 24.552A, D, E: the Axis back one country with a counter of at least
// 1 in their first round; Russia and the Allies may not place there, the
// Axis not in the other; a partner's counter in the other in the same
// round is void.
func TestRule24_552Dispute(t *testing.T) {
	s := disputeGame(t, "Bulgaria", "Turkey")
	wantPlacementRefused(t, s, Germany, []Order{dip("Bulgaria", 1), dip("Turkey", 2)}, "24.552A")
	var evs []Event
	resolvePlacementRound(&s, map[Power][]Order{Germany: {dip("Bulgaria", 2)}, Italy: {dip("Turkey", 1)}}, &evs)
	if s.Diplomacy.Disputes[0].Axis != "Bulgaria" {
		t.Fatalf("24.552A: the Axis back %q", s.Diplomacy.Disputes[0].Axis)
	}
	voided := false
	for _, e := range evs {
		if v, ok := e.(OrderVoided); ok && v.Power == Italy && v.Rule == "24.552E" {
			voided = true
		}
	}
	if !voided {
		t.Errorf("24.552E: Italy's counter in Turkey stands: %v", s.Diplomacy.Placements)
	}
	s.Segment = SegDiplomacyRussia
	wantPlacementRefused(t, s, Russia, []Order{dip("Bulgaria", 1)}, "24.552D")
	s.Segment = SegDiplomacyAxis2
	wantPlacementRefused(t, s, Germany, []Order{dip("Turkey", 1)}, "24.552E")
}

// Rule 24.552A, C: the judge places the counter a side must and did not:
// the Axis' weakest of at least 1 after their first round; the Allies'
// after theirs when Russia did not back the other country.
func TestRule24_552DisputeObligations(t *testing.T) {
	s := disputeGame(t, "Bulgaria", "Greece")
	var evs []Event
	resolvePlacementRound(&s, map[Power][]Order{Italy: {dip("Albania", 2)}}, &evs)
	if d := s.Diplomacy.Disputes[0]; d.Axis != "Bulgaria" {
		t.Fatalf("24.552A: the judge's Axis counter: %+v %+v", d, s.Diplomacy.Placements)
	}
	s.Segment = SegDiplomacyRussia
	resolvePlacementRound(&s, nil, &evs)
	s.Segment = SegDiplomacyAllies
	evs = nil
	resolvePlacementRound(&s, nil, &evs)
	found := false
	for _, pl := range s.Diplomacy.Placements {
		if pl.Power == Britain && pl.Country == "Greece" && pl.Strength == 1 {
			found = true
		}
	}
	if !found {
		t.Errorf("24.552C: no Allied counter in Greece: %+v %v", s.Diplomacy.Placements, evs)
	}
	// Russia backs the other: the Allies need not.
	s = disputeGame(t, "Bulgaria", "Turkey")
	resolvePlacementRound(&s, map[Power][]Order{Germany: {dip("Bulgaria", 1)}}, &evs)
	s.Segment = SegDiplomacyRussia
	resolvePlacementRound(&s, map[Power][]Order{Russia: {dip("Turkey", 2)}}, &evs)
	s.Segment = SegDiplomacyAllies
	evs = nil
	resolvePlacementRound(&s, nil, &evs)
	for _, e := range evs {
		if d, ok := e.(DisputeObligation); ok && !strings.Contains(d.Outcome, "relieved") {
			t.Errorf("24.552B: %+v", d)
		}
	}
}
