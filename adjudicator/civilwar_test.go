package adjudicator

import (
	"slices"
	"strings"
	"testing"
)

// warGame is diplomacyGame in round with a civil war being fought in
// country since the previous turn.
func warGame(round Segment, country string) State {
	s := diplomacyGame(round)
	s.Diplomacy.On = true
	prev := s.Turn
	s.Turn = s.Turn.Next()
	s.Diplomacy.CivilWars = []CivilWar{{Country: country, Began: prev, Counters: slices.Clone(civilWarCounters)}}
	s.EAIFacts.CivilWars = []string{country}
	return s
}

// Rule 25.31: the fifth event in Greece, Spain or Yugoslavia starts a civil
// war, at once for a public event before the diplomatic phase (25.31A),
// at the end of the diplomatic phase for one revealed there (25.31B); the
// EAI counts it (25.33, 23.21E); no second civil war (25.82).
func TestRule25_31Outbreak(t *testing.T) {
	s := diplomacyGame(SegRandomEvents)
	s.Diplomacy.On = true
	s.Minor("Spain").CivilWarEvents = 3
	var evs []Event
	applyEffect(&s, Italy, 5, "Volunteers", Effect{Kind: EffectCivilWarEvent, Country: "Spain"}, nil, &evs)
	if fighting(s, "Spain") {
		t.Fatal("25.31: war after four events")
	}
	applyEffect(&s, 0, 7, "Madrid riots", Effect{Kind: EffectDiplomaticModifier, Country: "Spain", Side: Soviet, Value: 1}, nil, &evs)
	if !fighting(s, "Spain") || !slices.Contains(s.EAIFacts.CivilWars, "Spain") || s.EAI != EAILevel(s) {
		t.Fatalf("25.31A: no civil war after the fifth public event: %+v", s.Diplomacy.CivilWars)
	}
	if len(allEvents[CivilWarBrokeOut](evs)) != 1 || EAIBreakdown(s)[len(EAIBreakdown(s))-1].Rule != "23.21E" {
		t.Errorf("25.33: outbreak events %v, EAI terms %v", evs, EAIBreakdown(s))
	}
	// A secret event revealed in the diplomatic phase: at its end.
	s = diplomacyGame(SegDiplomacyAxis2)
	s.Diplomacy.On = true
	s.Minor("Greece").CivilWarEvents = 4
	evs = nil
	applyEffect(&s, Germany, 9, "Metaxas decrees", Effect{Kind: EffectDiplomaticModifier, Country: "Greece", Value: 1}, nil, &evs)
	if fighting(s, "Greece") || !slices.Equal(s.Diplomacy.Outbreaks, []string{"Greece"}) {
		t.Fatalf("25.31B: %+v %v", s.Diplomacy.CivilWars, s.Diplomacy.Outbreaks)
	}
	s.Segment = SegDiplomacyResolve
	resolveDiplomacy(&s, &evs)
	if !fighting(s, "Greece") {
		t.Fatal("25.31B: no civil war at the end of the diplomatic phase")
	}
	// 25.82: once ended, never again.
	s.Diplomacy.CivilWars[0].Ended = &s.Turn
	s.Segment = SegRandomEvents
	s.Minor("Greece").CivilWarEvents = 9
	applyEffect(&s, 0, 3, "Athens", Effect{Kind: EffectCivilWarEvent, Country: "Greece"}, nil, &evs)
	if fighting(s, "Greece") {
		t.Error("25.82: a second civil war")
	}
}

// Rule 25.51, 25.52A, 24.54E, 25.42: only the contending alliances place in
// a civil war country; their counters there are beyond the limits; Russia
// may place there despite geography; in Greece Russia or the Allies.
func TestRule25_51ContendingAlliances(t *testing.T) {
	s := warGame(SegDiplomacyAllies, "Spain")
	wantPlacementRefused(t, s, Britain, []Order{dip("Spain", 1)}, "25.51")
	s.Segment = SegDiplomacyAxis1
	if errs := checkPlacements(s, Germany, []Order{dip("Spain", 1), dip("Poland", 2)}); len(errs) > 0 {
		t.Fatalf("25.52A: Germany's civil war counter beside its round's counter: %v", errs)
	}
	place(t, &s, map[Power][]Order{Germany: {dip("Spain", 1), dip("Poland", 2)}})
	if pl := s.Diplomacy.Placements[0]; pl.Exempt != civilWarExempt {
		t.Errorf("24.54E: %+v", pl)
	}
	s.Segment = SegDiplomacyRussia
	if errs := checkPlacements(s, Russia, []Order{dip("Spain", 2)}); len(errs) > 0 {
		t.Errorf("seed 003, 24.61B: Russia in a civil war: %v", errs)
	}
	g := warGame(SegDiplomacyRussia, "Greece")
	place(t, &g, map[Power][]Order{Russia: {dip("Greece", 1)}})
	g.Segment = SegDiplomacyAllies
	wantPlacementRefused(t, g, France, []Order{dip("Greece", 1)}, "25.42")
	g = warGame(SegDiplomacyAllies, "Greece")
	g.Minor("Greece").setFlagCounts(map[Power]int{Russia: 1})
	if errs := checkPlacements(g, France, []Order{dip("Greece", 1)}); len(errs) > 0 {
		t.Errorf("24.56D: the Allies may support their faction despite a Russian flag: %v", errs)
	}
}

// Rule 25.52A: a contending side that placed no counter in its civil war
// after its first round gets the leader's weakest counter of at least 1
// placed there by the judge; none when no power of the side mobilized.
func TestRule25_52AObligation(t *testing.T) {
	s := warGame(SegDiplomacyAxis1, "Spain")
	var evs []Event
	resolvePlacementRound(&s, map[Power][]Order{Germany: {dip("Poland", 2)}}, &evs)
	i := slices.IndexFunc(s.Diplomacy.Placements, func(pl Placement) bool { return pl.Country == "Spain" })
	if i < 0 || s.Diplomacy.Placements[i].Power != Germany || s.Diplomacy.Placements[i].Strength != 1 {
		t.Fatalf("25.52A: the judge placed %+v", s.Diplomacy.Placements)
	}
	if ob := allEvents[CivilWarObligation](evs); len(ob) != 1 || ob[0].Power != Germany {
		t.Errorf("25.52A: %+v", ob)
	}
	// Italy's counter meets it.
	s = warGame(SegDiplomacyAxis1, "Spain")
	evs = nil
	resolvePlacementRound(&s, map[Power][]Order{Italy: {dip("Spain", 2)}}, &evs)
	if len(allEvents[CivilWarObligation](evs)) != 0 || len(s.Diplomacy.Placements) != 1 {
		t.Errorf("25.52A: Italy's counter met the obligation: %+v", s.Diplomacy.Placements)
	}
	// Not mobilized: relieved.
	s = warGame(SegDiplomacyAxis1, "Spain")
	s.Powers[Germany].Mobilizations, s.Powers[Italy].Mobilizations = 0, 0
	evs = nil
	resolvePlacementRound(&s, nil, &evs)
	if ob := allEvents[CivilWarObligation](evs); len(ob) != 1 || !strings.Contains(ob[0].Outcome, "relieved") || len(s.Diplomacy.Placements) != 0 {
		t.Errorf("25.52A: %+v %+v", ob, s.Diplomacy.Placements)
	}
}

// Rule 25.52B, 15.22D: one military counter a power a turn in civil wars,
// beside the limits of 24.4; Britain may; the Ally with the higher support
// only; a research point from the intervention.
func TestRule25_52BIntervention(t *testing.T) {
	s := warGame(SegDiplomacyAllies, "Yugoslavia")
	s.Powers[Britain].Support, s.Powers[France].Support = 2, 1
	wantPlacementRefused(t, s, France, []Order{mil("Yugoslavia")}, "25.52B")
	if errs := checkPlacements(s, Britain, []Order{mil("Yugoslavia")}); len(errs) > 0 {
		t.Fatalf("25.52B: Britain's intervention: %v", errs)
	}
	evs := place(t, &s, map[Power][]Order{Britain: {mil("Yugoslavia")}})
	if ra := allEvents[ResearchAssigned](evs); len(ra) != 1 || ra[0].Kind != "civil war" {
		t.Errorf("15.22D: research point %+v", ra)
	}
	if eff, _, _ := targetEffort(s, "Yugoslavia"); eff.Allies != 1 {
		t.Errorf("25.52B: %+v", eff)
	}
	// A power's one intervention a turn.
	s = warGame(SegDiplomacyAxis1, "Spain")
	s.Diplomacy.CivilWars = append(s.Diplomacy.CivilWars, CivilWar{Country: "Greece", Began: FirstTurn, Counters: []int{1}})
	wantPlacementRefused(t, s, Germany, []Order{mil("Spain"), mil("Greece")}, "25.52B")
	wantPlacementRefused(t, s, Italy, []Order{mil("Spain"), mil("Albania")}, "24.42C")
	s.Russia.GreatPurge = true
	s.Segment = SegDiplomacyRussia
	wantPlacementRefused(t, s, Russia, []Order{mil("Spain")}, "25.52B")
}

// Rule 25.53-25.55, 24.53: the intervention levels (government +1) against
// the civil war counter drawn plus the other alliance's events there; an
// advantage or a result gives the greater contributor a free counter next
// turn; a result shifts the alignment and removes the counter; with the
// last counter the war ends (25.61A), its winner the side holding flags
// (25.71, 25.72).
func TestRule25_53ResolvingCivilWar(t *testing.T) {
	s := warGame(SegDiplomacyRussia, "Spain")
	place(t, &s, map[Power][]Order{Russia: {dip("Spain", 2)}})
	s.Diplomacy.CivilWars[0].Counters = []int{4}
	s.Segment = SegDiplomacyResolve
	var evs []Event
	resolveDiplomacy(&s, &evs)
	r := allEvents[CivilWarResolved](evs)
	if len(r) != 1 || r[0].GovernmentLevel != 3 || r[0].RebelLevel != 0 || r[0].Threshold != 4 || r[0].Result || r[0].Winner != Soviet {
		t.Fatalf("25.54: %+v", r)
	}
	if s.Minor("Spain").TotalFlags() != 0 || len(s.Diplomacy.CivilWars[0].Counters) != 1 || s.Powers[Russia].Economy.FreeDiplomaticNext != 1 {
		t.Errorf("25.54: flags %v, counters %v, free %d", s.Minor("Spain").FlagCounts(), s.Diplomacy.CivilWars[0].Counters, s.Powers[Russia].Economy.FreeDiplomaticNext)
	}
	// A result with the last counter: the war ends, Russia's.
	s = warGame(SegDiplomacyRussia, "Spain")
	place(t, &s, map[Power][]Order{Russia: {dip("Spain", 2)}})
	s.Diplomacy.CivilWars[0].Counters = []int{3}
	s.Segment = SegDiplomacyResolve
	evs = nil
	resolveDiplomacy(&s, &evs)
	r = allEvents[CivilWarResolved](evs)
	w := s.Diplomacy.CivilWars[0]
	if len(r) != 1 || !r[0].Result || !r[0].Ended || w.Ended == nil || w.Winner != Soviet || s.Minor("Spain").FlagCounts()[Russia] != 1 {
		t.Fatalf("25.55, 25.61A: %+v %+v", r, w)
	}
	if slices.Contains(s.EAIFacts.CivilWars, "Spain") {
		t.Error("23.21E: the ended war still counts for the EAI")
	}
	// The other alliance's events raise the threshold (25.53B).
	s = warGame(SegDiplomacyRussia, "Spain")
	place(t, &s, map[Power][]Order{Russia: {dip("Spain", 2)}})
	s.Diplomacy.Modifiers = append(s.Diplomacy.Modifiers, DiplomaticModifier{Country: "Spain", Side: Allies, Power: France, Value: 1, Card: 4, Rule: "9.31C"})
	s.Diplomacy.CivilWars[0].Counters = []int{3}
	s.Segment = SegDiplomacyResolve
	evs = nil
	resolveDiplomacy(&s, &evs)
	if r = allEvents[CivilWarResolved](evs); len(r) != 1 || r[0].Threshold != 4 || r[0].Result {
		t.Errorf("25.53B: %+v", r)
	}
}

// Rule 25.61A: each random event in the country after the outbreak
// removes a counter at random, after the turn's result.
func TestRule25_61AEventsRemoveCounters(t *testing.T) {
	s := warGame(SegDiplomacyAxis2, "Yugoslavia")
	var evs []Event
	applyEffect(&s, Italy, 4, "Ustase raid", Effect{Kind: EffectCivilWarEvent, Country: "Yugoslavia", Value: 2}, nil, &evs)
	if w := s.Diplomacy.CivilWars[0]; w.Events != 2 {
		t.Fatalf("25.61A: events %d", w.Events)
	}
	s.Segment = SegDiplomacyResolve
	resolveDiplomacy(&s, &evs)
	r := allEvents[CivilWarResolved](evs)
	removed := len(r[0].RemovedByEvents)
	if r[0].Result {
		removed++
	}
	if removed+r[0].CountersLeft != 5 || len(r[0].RemovedByEvents) != 2 {
		t.Errorf("25.61A: %+v", r[0])
	}
}

// Rule 24.53A: the additional civil war counter: strength 1, free, beyond
// the limits, in the initial round, one a turn.
func TestRule24_53AdditionalCounter(t *testing.T) {
	s := diplomacyGame(SegDiplomacyAxis1)
	s.Diplomacy.On = true
	s.Powers[Germany].Economy.FreeDiplomaticCounters = 1
	free := func(c string, n int) Order { o := dip(c, n); o.Args = []string{"free"}; return o }
	wantPlacementRefused(t, s, Germany, []Order{free("Poland", 2)}, "24.53A")
	wantPlacementRefused(t, s, Italy, []Order{free("Poland", 1)}, "24.53A")
	place(t, &s, map[Power][]Order{Germany: {free("Poland", 1), dip("Austria", 2)}})
	if s.Powers[Germany].Used.Count() != 1 {
		t.Errorf("24.53A: the free counter used an activity counter: %+v", s.Powers[Germany].Used)
	}
	s.Segment = SegDiplomacyAxis2
	wantPlacementRefused(t, s, Germany, []Order{free("Hungary", 1)}, "24.53A")
	s.Segment = SegDiplomacyResolve
	var evs []Event
	resolveDiplomacy(&s, &evs)
	for _, e := range allEvents[DiplomacyPaid](evs) {
		if e.Power == Germany && e.Cost != 2 {
			t.Errorf("24.53A: Germany paid %d, want 2 (the free counter not paid)", e.Cost)
		}
	}
	// 24.53A via endTurnEconomy: won this turn, placed the next.
	s.Powers[Italy].Economy.FreeDiplomaticNext = 1
	endTurnEconomy(&s)
	if s.Powers[Italy].Economy.FreeDiplomaticCounters != 1 || s.Powers[Germany].Economy.FreeDiplomaticCounters != 0 {
		t.Error("24.53A: the free counter is placed in the next turn only")
	}
}

// Rule 25.8, 25.71: after a civil war no diplomatic activity in the
// country; the winner's +1 offsets later adverse events.
func TestRule25_81AfterCivilWar(t *testing.T) {
	s := warGame(SegDiplomacyAxis1, "Spain")
	end := s.Turn
	s.Diplomacy.CivilWars[0].Ended, s.Diplomacy.CivilWars[0].Winner = &end, Axis
	s.EAIFacts.CivilWars = nil
	wantPlacementRefused(t, s, Germany, []Order{dip("Spain", 1)}, "25.81")
	wantPlacementRefused(t, s, Germany, []Order{mil("Spain")}, "25.81")
	if rule, _ := checkIntelTarget(s, Germany, "Spain"); rule != "25.81" {
		t.Errorf("25.81: covert operation rule %q", rule)
	}
	if rule, _ := checkRingLine(s, Axis, ring("Spain")); rule != "25.81" {
		t.Errorf("25.81: spy ring rule %q", rule)
	}
	var evs []Event
	applyEffect(&s, 0, 7, "Madrid riots", Effect{Kind: EffectDiplomaticModifier, Country: "Spain", Side: Soviet, Value: 2}, nil, &evs)
	applyEffect(&s, 0, 8, "Falange rally", Effect{Kind: EffectDiplomaticModifier, Country: "Spain", Side: Axis, Value: 1}, nil, &evs)
	if eff, _, _ := targetEffort(s, "Spain"); eff.Russia != 1 || eff.Axis != 1 {
		t.Errorf("25.71: Spain %+v, want the Russian event's 2 offset to 1", eff)
	}
}

// Rule 15.22D: the intervention's research point goes to the project the
// order names, checked when ordered.
func TestRule15_22DInterventionResearchPoint(t *testing.T) {
	s := warGame(SegDiplomacyAxis1, "Spain")
	o := mil("Spain")
	o.Args = []string{"armor"}
	wantPlacementRefused(t, s, Italy, []Order{{Kind: MilitaryCounter, Project: "Spain", Args: []string{"strategic bombers"}}}, "15.22D")
	wantPlacementRefused(t, s, Italy, []Order{{Kind: MilitaryCounter, Project: "Albania", Args: []string{"armor"}}}, "15.22D")
	evs := place(t, &s, map[Power][]Order{Italy: {o}})
	if ra := allEvents[ResearchAssigned](evs); len(ra) != 1 || !strings.Contains(ra[0].Project, "armor") {
		t.Errorf("15.22D: %+v", ra)
	}
}

// Rule 15.32D, 24.14, 10.22: a random event's counter for diplomacy is an
// additional diplomatic counter; one for research or diplomacy is, when
// research did not use it; an additional military counter raises the
// limit.
func TestRule15_32DCounterForDiplomacy(t *testing.T) {
	s := diplomacyGame(SegEconomic)
	s.Diplomacy.On = true
	var evs []Event
	applyEffect(&s, Germany, 2, "Envoys", Effect{Kind: EffectActivityCounter, Use: CounterUseDiplomacy}, nil, &evs)
	applyEffect(&s, Britain, 3, "Credits", Effect{Kind: EffectActivityCounter, Use: CounterUseResearchOrDiplomacy}, nil, &evs)
	applyEffect(&s, France, 3, "Credits", Effect{Kind: EffectActivityCounter, Use: CounterUseResearchOrDiplomacy}, nil, &evs)
	applyEffect(&s, Italy, 5, "Legions", Effect{Kind: EffectExtraMilitaryCounter}, nil, &evs)
	s.Powers[France].Economy.ResearchCounters = 2 // France used it for research
	s.Segment = SegSpyRings
	resolveSpyRings(&s, nil, &evs)
	got := map[Power]int{}
	for _, x := range s.Diplomacy.Extra {
		got[x.Power] += x.Count
	}
	if got[Germany] != 1 || got[Britain] != 1 || got[France] != 0 {
		t.Errorf("15.32D: additional diplomatic counters %v", got)
	}
	s.Segment = SegDiplomacyAllies
	if errs := checkPlacements(s, Britain, []Order{dip("Norway", 1), dip("Sweden", 2), dip("Finland", 3)}); len(errs) > 0 {
		t.Errorf("15.32D: Britain's third counter: %v", errs)
	}
	if MilitaryCounterLimit(s, Italy) != militaryBase(s, Italy)+1 {
		t.Errorf("10.22: Italy's limit %d", MilitaryCounterLimit(s, Italy))
	}
}

// Rule 24.56D: a secret Russian diplomatic event keeps the Allies out of
// its country; revealed after their placements, it voids their counter
// there (docs/rules.md r-24-56d).
func TestRule24_56DSecretRussianEvent(t *testing.T) {
	s := diplomacyGame(SegDiplomacyAllies)
	s.Diplomacy.On = true
	s = WithDeck(s, Deck{Name: "test", Cards: []Card{{Number: 1, National: map[Power]CardEvent{Russia: {Title: "Friends in Bucharest",
		Secret: true, Category: CategoryDiplomatic, Effects: []Effect{{Kind: EffectDiplomaticModifier, Country: "Rumania", Value: 1}}}}}}})
	s.Events.Held = append(s.Events.Held, HeldEvent{Card: 1, Power: Russia, Secret: true, At: RevealDiplomacy})
	place(t, &s, map[Power][]Order{France: {dip("Rumania", 2)}, Britain: {dip("Norway", 1)}})
	s.Segment = SegDiplomacyAxis2
	var evs []Event
	resolvePlacementRound(&s, nil, &evs)
	for _, pl := range s.Diplomacy.Placements {
		if want := map[string]string{"Rumania": "24.56D", "Norway": ""}[pl.Country]; pl.Void != want {
			t.Errorf("24.56D: %+v", pl)
		}
	}
	if eff, _, _ := targetEffort(s, "Rumania"); eff.Allies != 0 || eff.Russia != 1 {
		t.Errorf("24.56D: Rumania %+v", eff)
	}
}
