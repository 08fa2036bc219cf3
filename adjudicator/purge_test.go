package adjudicator

import (
	"slices"
	"testing"
)

func purgeRoundTripEvents() []Event {
	t := Turn{Year: 1936, Season: Summer}
	return []Event{
		PurgeCardDrawn{Turn: t, Card: MilitaryPurge, Deck: []PurgeCard{NoPurge, MilitaryPurge}},
		PurgeLevelRaised{Rule: "22.72A", What: "military purge", Events: 1, Before: 9, After: 10, Cohesion: MediumCohesion},
		CohesionChanged{Before: LowCohesion, After: MediumCohesion},
		PartyPurgeChosen{Turn: t, Prohibited: PartyResearch},
		FlagInRussiaEliminated{Rule: "22.45", Power: Germany, Left: 1},
		EAIDetermined{Turn: t, Rule: "23.22", Before: 0, Level: 1, Terms: []EAITerm{{Rule: "23.21C", What: "random events", Value: 1}}},
		EconomicClimateChanged{Turn: t, Rule: "11.33A", Trend: 2, Before: 0, After: 2},
	}
}

// lastOf returns the last event of type T in evs.
func lastOf[T Event](evs []Event) (T, bool) {
	for i := len(evs) - 1; i >= 0; i-- {
		if e, ok := evs[i].(T); ok {
			return e, true
		}
	}
	var zero T
	return zero, false
}

func TestRule22_44PurgeDeckComposition(t *testing.T) {
	s := NewGame(1)
	syncGreatPurgeCard(&s)
	if got := PurgeDeck(s); !slices.Equal(got, []PurgeCard{NoPurge, MilitaryPurge, PartyPurge}) {
		t.Errorf("22.44A: starting deck %v", got)
	}
	s.SupportFacts.Aggressions = []Aggression{{Aggressor: Germany, Target: Rhineland, Turn: s.Turn}}
	syncGreatPurgeCard(&s)
	if !s.Russia.GreatPurgeInDeck || !slices.Contains(PurgeDeck(s), GreatPurge) {
		t.Errorf("22.44B: the Rhineland adds the Great Purge: %v", PurgeDeck(s))
	}
	var evs []Event
	AddPurgeEvents(&s, 30, "test", "test", &evs)
	if s.Russia.GreatPurgeInDeck || slices.Contains(PurgeDeck(s), GreatPurge) {
		t.Errorf("22.44C: full cohesion removes the Great Purge: %v", PurgeDeck(s))
	}
}

func TestRule22_45NoSameCardTwoTurnsRunning(t *testing.T) {
	seen := map[PurgeCard]bool{}
	for seed := uint64(1); seed <= 5; seed++ {
		s := NewGame(seed)
		s.SupportFacts.Aggressions = []Aggression{{Aggressor: Germany, Target: Rhineland, Turn: s.Turn}}
		var last PurgeCard
		for range 16 {
			n, evs, err := Resolve(s, nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range evs {
				d, ok := e.(PurgeCardDrawn)
				if !ok {
					continue
				}
				if d.Card == last {
					t.Fatalf("22.45: seed %d: %s drawn two turns running", seed, d.Card)
				}
				if slices.Contains(d.Deck, last) {
					t.Errorf("22.45: last turn's card %s was in the deck %v", last, d.Deck)
				}
				last = d.Card
				seen[d.Card] = true
			}
			s = n
		}
	}
	if len(seen) != 4 {
		t.Errorf("22.42: cards drawn %v, want all four", seen)
	}
	// 22.41: the draw uses the game's generator only.
	a, _, _ := Resolve(NewGame(3), nil)
	b, _, _ := Resolve(NewGame(3), nil)
	if a.Russia.PurgeCard == "" || a.Russia.PurgeCard != b.Russia.PurgeCard {
		t.Errorf("22.41: draws differ for one seed: %s %s", a.Russia.PurgeCard, b.Russia.PurgeCard)
	}
}

func TestRule22_21AMilitaryPurgeCard(t *testing.T) {
	s := NewGame(1)
	var evs []Event
	applyPurgeCard(&s, MilitaryPurge, &evs)
	ru := s.Powers[Russia]
	if ru.Active != (Units{Armor: 4, Infantry: 4, Air: 6}) || ru.Reserve != (Units{Air: 1}) {
		t.Errorf("22.21A: active %+v reserve %+v", ru.Active, ru.Reserve)
	}
	if !s.Russia.NoMilitaryCounters || s.Russia.GreatPurge {
		t.Errorf("22.21A: military counters banned, mobilization allowed: %+v", s.Russia)
	}
	if s.Russia.PurgeEvents != 1 {
		t.Errorf("22.72A: purge events %d, want 1", s.Russia.PurgeEvents)
	}
}

func TestRule22_21CGreatPurge(t *testing.T) {
	s := NewGame(1)
	var evs []Event
	applyPurgeCard(&s, GreatPurge, &evs)
	r := s.Russia
	if s.Powers[Russia].Reserve.Total() != 2 || r.PurgeEvents != 3 {
		t.Errorf("22.21C, 22.72G: reserve %+v, purge events %d", s.Powers[Russia].Reserve, r.PurgeEvents)
	}
	if !r.GreatPurge || !r.NoMilitaryCounters || !r.NoDiplomaticCounters || !researchBanned(s, Russia) {
		t.Errorf("22.21C: prohibitions %+v", r)
	}
	s.Segment = SegEconomic
	s.Powers[Russia].TilePoints = 20
	if errs := Validate(s, Russia, []Order{{Kind: Mobilize, From: Idle}}); len(errs) == 0 || errs[0].Rule != "14.43A" {
		t.Errorf("14.43A: Great Purge mobilization %v", errs)
	}
}

func TestRule22_21BPartyPurgeChoice(t *testing.T) {
	s := NewGame(1)
	s.Russia.PurgeCard = PartyPurge
	var evs []Event
	applyPurgeCard(&s, PartyPurge, &evs)
	if s.Russia.PurgeEvents != 1 || s.Russia.PartyChoice != "" || researchBanned(s, Russia) {
		t.Fatalf("22.21B: nothing prohibited before the end of the economic phase: %+v", s.Russia)
	}
	// Only the basic point: research is the prohibition chosen.
	s.Sheets.Assigned = []ResearchPoint{{Turn: s.Turn, Power: Russia, Project: "x", Points: 1}}
	a := s.Clone()
	finishPartyPurge(&a, &evs)
	if a.Russia.PartyChoice != PartyResearch || !a.Sheets.Permits.RussianResearchBanned || a.Russia.NoDiplomaticCounters {
		t.Errorf("22.21B: basic point only: %+v", a.Russia)
	}
	// An intelligence point: diplomacy is prohibited.
	s.Sheets.Assigned = append(s.Sheets.Assigned, ResearchPoint{Turn: s.Turn, Power: Russia, Project: "y", Kind: PointIntelligence, Points: 1})
	b := s.Clone()
	finishPartyPurge(&b, &evs)
	if b.Russia.PartyChoice != PartyDiplomacy || b.Sheets.Permits.RussianResearchBanned || !b.Russia.NoDiplomaticCounters {
		t.Errorf("22.21B: research beyond the basic point: %+v", b.Russia)
	}
	if e, ok := lastOf[PartyPurgeChosen](evs); !ok || e.Prohibited != PartyDiplomacy {
		t.Errorf("22.21B: event %+v", e)
	}
}

func TestRule22_21DPurgesFromRandomEvents(t *testing.T) {
	var evs []Event
	s := NewGame(1)
	if err := PurgeFromEvent(&s, 46, false, "", 0, &evs); err != nil || s.Powers[Russia].Reserve.Total() != 1 || s.Russia.PurgeEvents != 1 {
		t.Errorf("22.21D, 22.72E: card 46: %v %+v %d", err, s.Powers[Russia].Reserve, s.Russia.PurgeEvents)
	}
	s = NewGame(1)
	if err := PurgeFromEvent(&s, 120, false, "", 0, &evs); err != nil || s.Powers[Russia].Reserve.Total() != 2 || s.Russia.PurgeEvents != 2 {
		t.Errorf("22.21D, 22.72F: card 120: %v %+v %d", err, s.Powers[Russia].Reserve, s.Russia.PurgeEvents)
	}
	s = NewGame(1)
	if err := PurgeFromEvent(&s, 61, false, Infantry, 0, &evs); err != nil || s.Powers[Russia].Reserve != (Units{Infantry: 1}) {
		t.Errorf("22.21D, 22.72D: card 61 infantry: %v %+v", err, s.Powers[Russia].Reserve)
	}
	if err := PurgeFromEvent(&s, 62, false, "", 0, &evs); err == nil {
		t.Errorf("22.21D: card 62 needs its unit")
	}
	// 22.61A: armor only in the Siberian garrison: another unit goes.
	s = NewGame(1)
	s.Powers[Russia].Active = Units{Armor: 2, Infantry: 3, Air: 5}
	if err := PurgeFromEvent(&s, 133, false, Armor, 0, &evs); err != nil || s.Powers[Russia].Reserve != (Units{Air: 1}) {
		t.Errorf("22.61A: %v %+v", err, s.Powers[Russia].Reserve)
	}
	// Support cards before the income phase: a support event (10.41B).
	s = NewGame(1)
	s.Segment = SegRandomEvents
	if err := PurgeFromEvent(&s, 7, false, "", 2, &evs); err != nil || s.Powers[Russia].Economy.SupportEvents != -2 || s.Russia.PurgeEvents != 1 {
		t.Errorf("22.21D, 22.72B: card 7: %v %d %d", err, s.Powers[Russia].Economy.SupportEvents, s.Russia.PurgeEvents)
	}
	if err := PurgeFromEvent(&s, 66, true, "", 1, &evs); err != nil || s.Russia.PurgeEvents != 1 {
		t.Errorf("22.72B: general 66 counts no purge event: %v %d", err, s.Russia.PurgeEvents)
	}
	// Secret support card in the economic phase: at once (11.52A).
	s = NewGame(1)
	s.Segment = SegEconomic
	s.Powers[Russia].Support, s.Powers[Russia].TilePoints = 1, 5
	if err := PurgeFromEvent(&s, 138, true, "", 1, &evs); err != nil || s.Powers[Russia].Support != 0 || s.Powers[Russia].TilePoints != 4 {
		t.Errorf("22.51B, 11.52A: general 138: %v %+v", err, s.Powers[Russia])
	}
	// 70-72 with the Party purge: research prohibited too.
	s = NewGame(1)
	s.Russia.PurgeCard = PartyPurge
	if err := PurgeFromEvent(&s, 70, false, "", 0, &evs); err != nil || !s.Russia.NoDiplomaticCounters || !researchBanned(s, Russia) {
		t.Errorf("22.21D: card 70 with the Party purge: %v %+v", err, s.Russia)
	}
	// 142-144 with the Great Purge: one more unit.
	s = NewGame(1)
	s.Russia.PurgeCard = GreatPurge
	if err := PurgeFromEvent(&s, 143, false, "", 0, &evs); err != nil || s.Powers[Russia].Reserve.Total() != 1 || !researchBanned(s, Russia) {
		t.Errorf("22.21D: card 143 with the Great Purge: %v %+v", err, s.Powers[Russia].Reserve)
	}
	if err := PurgeFromEvent(&s, 13, false, "", 0, &evs); err == nil || IsPurgeEvent(13, false) || !IsPurgeEvent(138, true) {
		t.Errorf("22.21D: card 13 is no purge event")
	}
}

func TestRule22_61BSiberianGarrisonMustBeRebuilt(t *testing.T) {
	s := NewGame(1)
	s.Powers[Russia].Active = siberianGarrison
	s.Powers[Russia].Support = 2
	var evs []Event
	applyPurgeCard(&s, MilitaryPurge, &evs)
	if !s.Russia.SiberianGarrisonPurged || !russianConstructionRequired(s) {
		t.Errorf("22.61B: Russia must rebuild: %+v", s.Russia)
	}
	s.Powers[Russia].Active = siberianGarrison
	s.Russia.PurgeCard = MilitaryPurge
	resolvePurges(&s, &evs)
	if s.Russia.SiberianGarrisonPurged && s.Russia.PurgeCard != MilitaryPurge && s.Russia.PurgeCard != GreatPurge {
		t.Errorf("22.61B: a rebuilt garrison ends the obligation: %+v", s.Russia)
	}
}

func TestRule22_72CohesionFromPurgeEvents(t *testing.T) {
	s := NewGame(1)
	var evs []Event
	AddPurgeEvents(&s, 9, "22.31A", "test", &evs)
	if s.Russia.Cohesion != LowCohesion || hasEvent(evs, "CohesionChanged") {
		t.Errorf("22.71A: 9 events: %s", s.Russia.Cohesion)
	}
	// During the economic phase a new level changes support at once
	// (22.73A, 11.52A) and the pool (12.22H).
	s.Segment = SegEconomic
	AddPurgeEvents(&s, 1, "22.72A", "military purge", &evs)
	c, ok := lastOf[CohesionChanged](evs)
	if s.Russia.Cohesion != MediumCohesion || !ok || c.After != MediumCohesion {
		t.Errorf("22.71B: 10 events: %s %+v", s.Russia.Cohesion, c)
	}
	if ch, ok := lastOf[SupportChanged](evs); !ok || ch.Rule != "10.91E" || ch.Delta != 1 {
		t.Errorf("22.73A: support change %+v", ch)
	}
	if s.Powers[Russia].Pool.One != 3 { // 12.21: two 1s; 12.22H: one more
		t.Errorf("22.73B, 12.22H: pool %+v", s.Powers[Russia].Pool)
	}
}

func TestRule22_73EExcessPurgeEvents(t *testing.T) {
	s := NewGame(1)
	var evs []Event
	AddPurgeEvents(&s, 29, "test", "test", &evs)
	AddPurgeEvents(&s, 3, "22.72G", "great purge", &evs)
	if s.Russia.Cohesion != FullCohesion || s.Russia.ExcessPurgeEvents != 2 || s.Russia.FullCohesionSince == nil {
		t.Errorf("22.73E: %+v", s.Russia)
	}
	if e, _ := lastOf[PurgeLevelRaised](evs); e.Excess != 2 {
		t.Errorf("22.73E: event %+v", e)
	}
}

func TestRule9_16FullCohesionExtraEvents(t *testing.T) {
	s := NewGame(1)
	if FullCohesionExtraEvents(s) != 0 {
		t.Errorf("9.16: no extra events below full cohesion")
	}
	var evs []Event
	AddPurgeEvents(&s, 30, "test", "test", &evs)
	s.Turn = s.Turn.Next().Next()
	if n := FullCohesionExtraEvents(s); n != 2 {
		t.Errorf("9.16B: second turn after full cohesion: %d extra events, want 2", n)
	}
}

func TestRule22_31EForeignFlagsEliminated(t *testing.T) {
	s := NewGame(1)
	s.SupportFacts.FlagsInRussia = map[Power]int{Germany: 1, France: 2}
	var evs []Event
	applyPurgeCard(&s, NoPurge, &evs)
	if s.SupportFacts.FlagsInRussia[France] != 1 || s.Russia.PurgeEvents != 1 {
		t.Errorf("22.45, 22.31E: flags %v purge events %d", s.SupportFacts.FlagsInRussia, s.Russia.PurgeEvents)
	}
	// 22.73C: at full cohesion one flag goes each turn.
	s.Russia.PurgeEvents, s.Russia.Cohesion = 30, FullCohesion
	resolvePurges(&s, &evs)
	if e, ok := lastOf[FlagInRussiaEliminated](evs); !ok || e.Rule != "22.73C" && e.Rule != "22.45" {
		t.Errorf("22.73C: %+v", e)
	}
	if n := s.SupportFacts.FlagsInRussia[Germany] + s.SupportFacts.FlagsInRussia[France]; n > 1 {
		t.Errorf("22.73C: %d flags left", n)
	}
}

func TestRule22_43PurgeEffectsLastTheirTurn(t *testing.T) {
	s := NewGame(1)
	s.Segment = SegEconomic
	s.Russia.PurgeCard = PartyPurge
	s.Russia.PartyChoice = PartyResearch
	s.Russia.NoDiplomaticCounters = true
	s.Sheets.Permits.RussianResearchBanned = true
	n, _, err := Resolve(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	// The Great Purge is not in the deck and the Party purge is set aside:
	// nothing prohibits research or diplomacy in the next turn.
	if n.Russia.PartyChoice != "" || n.Russia.NoDiplomaticCounters || n.Sheets.Permits.RussianResearchBanned {
		t.Errorf("22.43: last turn's prohibitions remain: %+v", n.Russia)
	}
	if n.Russia.PurgeCard == PartyPurge || n.Russia.PurgeCard == "" {
		t.Errorf("22.45: drew %q", n.Russia.PurgeCard)
	}
}
