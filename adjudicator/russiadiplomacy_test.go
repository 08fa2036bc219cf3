package adjudicator

import "testing"

// Rule 10.91F, 24.56E: diplomacy in Russia: Russia's counter there only
// under event 114; the efforts compared at the end of the phase; an Axis
// or Allied result places a flag (none at full cohesion) or removes the
// other's, with this turn's support; a Russian result removes a foreign
// flag, raising the purge level when its counter was there.
func TestRule10_91FDiplomacyInRussia(t *testing.T) {
	s := diplomacyGame(SegDiplomacyRussia)
	s.Diplomacy.On = true
	wantPlacementRefused(t, s, Russia, []Order{dip(RussiaTarget, 2)}, "24.56E")
	var evs []Event
	applyEffect(&s, Russia, 114, "Old comrades return", Effect{Kind: EffectCounterInRussia}, nil, &evs)
	s.Segment = SegDiplomacyAllies
	wantPlacementRefused(t, s, Britain, []Order{dip(RussiaTarget, 1)}, "24.56E")
	s.Segment = SegDiplomacyRussia
	s.SupportFacts.FlagsInRussia = map[Power]int{Germany: 1}
	applyEffect(&s, Germany, 20, "Volga Germans", Effect{Kind: EffectDiplomaticModifier, Country: RussiaTarget, Value: 1}, nil, &evs)
	place(t, &s, map[Power][]Order{Russia: {dip(RussiaTarget, 2)}})
	purge, gs, rs := s.Russia.PurgeEvents, s.Powers[Germany].Support, s.Powers[Russia].Support
	s.Segment = SegDiplomacyResolve
	evs = nil
	resolveDiplomacy(&s, &evs)
	if s.SupportFacts.FlagsInRussia[Germany] != 0 || s.Russia.PurgeEvents != purge+1 {
		t.Errorf("10.91F: German flags %d, purge events %d (was %d)", s.SupportFacts.FlagsInRussia[Germany], s.Russia.PurgeEvents, purge)
	}
	if s.Powers[Germany].Support != gs-1 || s.Powers[Russia].Support != rs+1 {
		t.Errorf("10.91F: support Germany %d (was %d), Russia %d (was %d)", s.Powers[Germany].Support, gs, s.Powers[Russia].Support, rs)
	}
	// An Axis event alone places a German flag; not at full cohesion.
	s = diplomacyGame(SegDiplomacyResolve)
	s.Diplomacy.On = true
	applyEffect(&s, Germany, 20, "Volga Germans", Effect{Kind: EffectDiplomaticModifier, Country: RussiaTarget, Value: 1}, nil, &evs)
	c := s.Clone()
	resolveDiplomacy(&s, &evs)
	if s.SupportFacts.FlagsInRussia[Germany] != 1 || s.Powers[Germany].Support != c.Powers[Germany].Support+1 {
		t.Errorf("10.91F: no German flag placed: %v", s.SupportFacts.FlagsInRussia)
	}
	c.Russia.Cohesion = FullCohesion
	resolveDiplomacy(&c, &evs)
	if c.SupportFacts.FlagsInRussia[Germany] != 0 {
		t.Error("22.73C: a foreign flag placed at full cohesion")
	}
	// A Russian flag keeps out the next foreign flag: removed instead.
	s = diplomacyGame(SegDiplomacyResolve)
	s.Diplomacy.On = true
	s.SupportFacts.FlagsInRussia = map[Power]int{Russia: 1}
	applyEffect(&s, Britain, 21, "Trade talks", Effect{Kind: EffectDiplomaticModifier, Country: RussiaTarget, Value: 1}, nil, &evs)
	resolveDiplomacy(&s, &evs)
	if f := s.SupportFacts.FlagsInRussia; f[Russia] != 0 || f[Britain] != 0 {
		t.Errorf("10.91F: %v, want the Russian flag removed and no British flag", f)
	}
}

// Rule 10.91F: a covert operation in Russia only removes a flag; with none
// to remove it is not conducted and the result stays held.
func TestRule10_91FCovertInRussia(t *testing.T) {
	s := covertGame(t)
	giveResults(t, &s, Germany, ProjectCovertOperations, 1)
	var evs []Event
	resolveCovert(&s, map[Power][]Order{Germany: {covert(RussiaTarget, ""), covert("Poland", "")}}, &evs)
	if a := allEvents[IntelligenceAnnounced](evs); len(a) != 1 || a[0].Target != "Poland" {
		t.Fatalf("10.91F: with no flag in Russia the next line is conducted: %+v", a)
	}
	s = covertGame(t)
	giveResults(t, &s, Germany, ProjectCovertOperations, 1)
	s.SupportFacts.FlagsInRussia = map[Power]int{France: 2}
	evs = nil
	resolveCovert(&s, map[Power][]Order{Germany: {covert(RussiaTarget, "")}}, &evs)
	if s.SupportFacts.FlagsInRussia[France] != 1 {
		t.Errorf("10.91F: French flags in Russia %d, want 1", s.SupportFacts.FlagsInRussia[France])
	}
	giveResults(t, &s, Russia, ProjectSubversion, 1)
	if errs := checkCovert(s, Russia, []Order{{Kind: SubvertOrder, Project: RussiaTarget}}); len(errs) == 0 || errs[0].Rule != "16.16H" {
		t.Error("16.16H: subversion in Russia")
	}
}
