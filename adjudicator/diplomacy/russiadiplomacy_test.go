package diplomacy_test

import (
	"testing"

	"stormjudge/adjudicator/diplomacy"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/randomevent"
	"stormjudge/adjudicator/storm"
)

// Rule 10.91F, 24.56E: diplomacy in Russia: Russia's counter there only
// under event 114; the efforts compared at the end of the phase; an Axis
// or Allied result places a flag (none at full cohesion) or removes the
// other's, with this turn's support; a Russian result removes a foreign
// flag, raising the purge level when its counter was there.
func TestRule10_91FDiplomacyInRussia(t *testing.T) {
	s := diplomacyGame(storm.SegDiplomacyRussia)
	s.Diplomacy.On = true
	wantPlacementRefused(t, s, storm.Russia, []storm.Order{dip(storm.RussiaTarget, 2)}, "24.56E")
	var evs []event.Event
	randomevent.ApplyEffect(&s, storm.Russia, 114, "Old comrades return", storm.Effect{Kind: storm.EffectCounterInRussia}, nil, &evs)
	s.Segment = storm.SegDiplomacyAllies
	wantPlacementRefused(t, s, storm.Britain, []storm.Order{dip(storm.RussiaTarget, 1)}, "24.56E")
	s.Segment = storm.SegDiplomacyRussia
	s.SupportFacts.FlagsInRussia = map[storm.Power]int{storm.Germany: 1}
	randomevent.ApplyEffect(&s, storm.Germany, 20, "Volga Germans", storm.Effect{Kind: storm.EffectDiplomaticModifier, Country: storm.RussiaTarget, Value: 1}, nil, &evs)
	place(t, &s, map[storm.Power][]storm.Order{storm.Russia: {dip(storm.RussiaTarget, 2)}})
	purge, gs, rs := s.Russia.PurgeEvents, s.Powers[storm.Germany].Support, s.Powers[storm.Russia].Support
	s.Segment = storm.SegDiplomacyResolve
	evs = nil
	diplomacy.ResolveDiplomacy(&s, &evs)
	if s.SupportFacts.FlagsInRussia[storm.Germany] != 0 || s.Russia.PurgeEvents != purge+1 {
		t.Errorf("10.91F: German flags %d, purge events %d (was %d)", s.SupportFacts.FlagsInRussia[storm.Germany], s.Russia.PurgeEvents, purge)
	}
	if s.Powers[storm.Germany].Support != gs-1 || s.Powers[storm.Russia].Support != rs+1 {
		t.Errorf("10.91F: support Germany %d (was %d), Russia %d (was %d)", s.Powers[storm.Germany].Support, gs, s.Powers[storm.Russia].Support, rs)
	}
	// An Axis event alone places a German flag; not at full cohesion.
	s = diplomacyGame(storm.SegDiplomacyResolve)
	s.Diplomacy.On = true
	randomevent.ApplyEffect(&s, storm.Germany, 20, "Volga Germans", storm.Effect{Kind: storm.EffectDiplomaticModifier, Country: storm.RussiaTarget, Value: 1}, nil, &evs)
	c := s.Clone()
	diplomacy.ResolveDiplomacy(&s, &evs)
	if s.SupportFacts.FlagsInRussia[storm.Germany] != 1 || s.Powers[storm.Germany].Support != c.Powers[storm.Germany].Support+1 {
		t.Errorf("10.91F: no German flag placed: %v", s.SupportFacts.FlagsInRussia)
	}
	c.Russia.Cohesion = storm.FullCohesion
	diplomacy.ResolveDiplomacy(&c, &evs)
	if c.SupportFacts.FlagsInRussia[storm.Germany] != 0 {
		t.Error("22.73C: a foreign flag placed at full cohesion")
	}
	// A Russian flag keeps out the next foreign flag: removed instead.
	s = diplomacyGame(storm.SegDiplomacyResolve)
	s.Diplomacy.On = true
	s.SupportFacts.FlagsInRussia = map[storm.Power]int{storm.Russia: 1}
	randomevent.ApplyEffect(&s, storm.Britain, 21, "Trade talks", storm.Effect{Kind: storm.EffectDiplomaticModifier, Country: storm.RussiaTarget, Value: 1}, nil, &evs)
	diplomacy.ResolveDiplomacy(&s, &evs)
	if f := s.SupportFacts.FlagsInRussia; f[storm.Russia] != 0 || f[storm.Britain] != 0 {
		t.Errorf("10.91F: %v, want the Russian flag removed and no British flag", f)
	}
}

// Rule 10.91F: a covert operation in Russia only removes a flag; with none
// to remove it is not conducted and the result stays held.
func TestRule10_91FCovertInRussia(t *testing.T) {
	s := covertGame(t)
	giveResults(t, &s, storm.Germany, storm.ProjectCovertOperations, 1)
	var evs []event.Event
	diplomacy.ResolveCovert(&s, map[storm.Power][]storm.Order{storm.Germany: {covert(storm.RussiaTarget, ""), covert("Poland", "")}}, &evs)
	if a := randomevent.AllEvents[event.IntelligenceAnnounced](evs); len(a) != 1 || a[0].Target != "Poland" {
		t.Fatalf("10.91F: with no flag in Russia the next line is conducted: %+v", a)
	}
	s = covertGame(t)
	giveResults(t, &s, storm.Germany, storm.ProjectCovertOperations, 1)
	s.SupportFacts.FlagsInRussia = map[storm.Power]int{storm.France: 2}
	evs = nil
	diplomacy.ResolveCovert(&s, map[storm.Power][]storm.Order{storm.Germany: {covert(storm.RussiaTarget, "")}}, &evs)
	if s.SupportFacts.FlagsInRussia[storm.France] != 1 {
		t.Errorf("10.91F: French flags in Russia %d, want 1", s.SupportFacts.FlagsInRussia[storm.France])
	}
	giveResults(t, &s, storm.Russia, storm.ProjectSubversion, 1)
	if errs := diplomacy.CheckCovert(s, storm.Russia, []storm.Order{{Kind: storm.SubvertOrder, Project: storm.RussiaTarget}}); len(errs) == 0 || errs[0].Rule != "16.16H" {
		t.Error("16.16H: subversion in Russia")
	}
}
