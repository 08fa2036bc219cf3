package diplomacy_test

import (
	"slices"
	"strings"
	"testing"

	"stormjudge/adjudicator/diplomacy"
	"stormjudge/adjudicator/economy"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/randomevent"
	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/track"
)

// warGame is diplomacyGame in round with a civil war being fought in
// country since the previous turn.
func warGame(round storm.Segment, country string) storm.State {
	s := diplomacyGame(round)
	s.Diplomacy.On = true
	prev := s.Turn
	s.Turn = s.Turn.Next()
	s.Diplomacy.CivilWars = []storm.CivilWar{{Country: country, Began: prev, Counters: slices.Clone(storm.CivilWarCounters)}}
	s.EAIFacts.CivilWars = []string{country}
	return s
}

// Rule 25.31: the fifth event in Greece, Spain or Yugoslavia starts a civil
// war, at once for a public event before the diplomatic phase (25.31A),
// at the end of the diplomatic phase for one revealed there (25.31B); the
// EAI counts it (25.33, 23.21E); no second civil war (25.82).
func TestRule25_31Outbreak(t *testing.T) {
	s := diplomacyGame(storm.SegRandomEvents)
	s.Diplomacy.On = true
	s.Minor("Spain").CivilWarEvents = 3
	var evs []event.Event
	randomevent.ApplyEffect(&s, storm.Italy, 5, "Volunteers", storm.Effect{Kind: storm.EffectCivilWarEvent, Country: "Spain"}, nil, &evs)
	if storm.Fighting(s, "Spain") {
		t.Fatal("25.31: war after four events")
	}
	randomevent.ApplyEffect(&s, 0, 7, "Madrid riots", storm.Effect{Kind: storm.EffectDiplomaticModifier, Country: "Spain", Side: storm.Soviet, Value: 1}, nil, &evs)
	if !storm.Fighting(s, "Spain") || !slices.Contains(s.EAIFacts.CivilWars, "Spain") || s.EAI != track.EAILevel(s) {
		t.Fatalf("25.31A: no civil war after the fifth public event: %+v", s.Diplomacy.CivilWars)
	}
	if len(randomevent.AllEvents[event.CivilWarBrokeOut](evs)) != 1 || track.EAIBreakdown(s)[len(track.EAIBreakdown(s))-1].Rule != "23.21E" {
		t.Errorf("25.33: outbreak events %v, EAI terms %v", evs, track.EAIBreakdown(s))
	}
	// A secret event revealed in the diplomatic phase: at its end.
	s = diplomacyGame(storm.SegDiplomacyAxis2)
	s.Diplomacy.On = true
	s.Minor("Greece").CivilWarEvents = 4
	evs = nil
	randomevent.ApplyEffect(&s, storm.Germany, 9, "Metaxas decrees", storm.Effect{Kind: storm.EffectDiplomaticModifier, Country: "Greece", Value: 1}, nil, &evs)
	if storm.Fighting(s, "Greece") || !slices.Equal(s.Diplomacy.Outbreaks, []string{"Greece"}) {
		t.Fatalf("25.31B: %+v %v", s.Diplomacy.CivilWars, s.Diplomacy.Outbreaks)
	}
	s.Segment = storm.SegDiplomacyResolve
	diplomacy.ResolveDiplomacy(&s, &evs)
	if !storm.Fighting(s, "Greece") {
		t.Fatal("25.31B: no civil war at the end of the diplomatic phase")
	}
	// 25.82: once ended, never again.
	s.Diplomacy.CivilWars[0].Ended = &s.Turn
	s.Segment = storm.SegRandomEvents
	s.Minor("Greece").CivilWarEvents = 9
	randomevent.ApplyEffect(&s, 0, 3, "Athens", storm.Effect{Kind: storm.EffectCivilWarEvent, Country: "Greece"}, nil, &evs)
	if storm.Fighting(s, "Greece") {
		t.Error("25.82: a second civil war")
	}
}

// Rule 25.51, 25.52A, 24.54E, 25.42: only the contending alliances place in
// a civil war country; their counters there are beyond the limits; Russia
// may place there despite geography; in Greece Russia or the Allies.
func TestRule25_51ContendingAlliances(t *testing.T) {
	s := warGame(storm.SegDiplomacyAllies, "Spain")
	wantPlacementRefused(t, s, storm.Britain, []storm.Order{dip("Spain", 1)}, "25.51")
	s.Segment = storm.SegDiplomacyAxis1
	if errs := diplomacy.CheckPlacements(s, storm.Germany, []storm.Order{dip("Spain", 1), dip("Poland", 2)}); len(errs) > 0 {
		t.Fatalf("25.52A: Germany's civil war counter beside its round's counter: %v", errs)
	}
	place(t, &s, map[storm.Power][]storm.Order{storm.Germany: {dip("Spain", 1), dip("Poland", 2)}})
	if pl := s.Diplomacy.Placements[0]; pl.Exempt != diplomacy.CivilWarExempt {
		t.Errorf("24.54E: %+v", pl)
	}
	s.Segment = storm.SegDiplomacyRussia
	if errs := diplomacy.CheckPlacements(s, storm.Russia, []storm.Order{dip("Spain", 2)}); len(errs) > 0 {
		t.Errorf("seed 003, 24.61B: Russia in a civil war: %v", errs)
	}
	g := warGame(storm.SegDiplomacyRussia, "Greece")
	place(t, &g, map[storm.Power][]storm.Order{storm.Russia: {dip("Greece", 1)}})
	g.Segment = storm.SegDiplomacyAllies
	wantPlacementRefused(t, g, storm.France, []storm.Order{dip("Greece", 1)}, "25.42")
	g = warGame(storm.SegDiplomacyAllies, "Greece")
	g.Minor("Greece").SetFlagCounts(map[storm.Power]int{storm.Russia: 1})
	if errs := diplomacy.CheckPlacements(g, storm.France, []storm.Order{dip("Greece", 1)}); len(errs) > 0 {
		t.Errorf("24.56D: the Allies may support their faction despite a Russian flag: %v", errs)
	}
}

// Rule 25.52A: a contending side that placed no counter in its civil war
// after its first round gets the leader's weakest counter of at least 1
// placed there by the judge; none when no power of the side mobilized.
func TestRule25_52AObligation(t *testing.T) {
	s := warGame(storm.SegDiplomacyAxis1, "Spain")
	var evs []event.Event
	diplomacy.ResolvePlacementRound(&s, map[storm.Power][]storm.Order{storm.Germany: {dip("Poland", 2)}}, &evs)
	i := slices.IndexFunc(s.Diplomacy.Placements, func(pl storm.Placement) bool { return pl.Country == "Spain" })
	if i < 0 || s.Diplomacy.Placements[i].Power != storm.Germany || s.Diplomacy.Placements[i].Strength != 1 {
		t.Fatalf("25.52A: the judge placed %+v", s.Diplomacy.Placements)
	}
	if ob := randomevent.AllEvents[event.CivilWarObligation](evs); len(ob) != 1 || ob[0].Power != storm.Germany {
		t.Errorf("25.52A: %+v", ob)
	}
	// Italy's counter meets it.
	s = warGame(storm.SegDiplomacyAxis1, "Spain")
	evs = nil
	diplomacy.ResolvePlacementRound(&s, map[storm.Power][]storm.Order{storm.Italy: {dip("Spain", 2)}}, &evs)
	if len(randomevent.AllEvents[event.CivilWarObligation](evs)) != 0 || len(s.Diplomacy.Placements) != 1 {
		t.Errorf("25.52A: Italy's counter met the obligation: %+v", s.Diplomacy.Placements)
	}
	// Not mobilized: relieved.
	s = warGame(storm.SegDiplomacyAxis1, "Spain")
	s.Powers[storm.Germany].Mobilizations, s.Powers[storm.Italy].Mobilizations = 0, 0
	evs = nil
	diplomacy.ResolvePlacementRound(&s, nil, &evs)
	if ob := randomevent.AllEvents[event.CivilWarObligation](evs); len(ob) != 1 || !strings.Contains(ob[0].Outcome, "relieved") || len(s.Diplomacy.Placements) != 0 {
		t.Errorf("25.52A: %+v %+v", ob, s.Diplomacy.Placements)
	}
}

// Rule 25.52B, 15.22D: one military counter a power a turn in civil wars,
// beside the limits of 24.4; Britain may; the Ally with the higher support
// only; a research point from the intervention.
func TestRule25_52BIntervention(t *testing.T) {
	s := warGame(storm.SegDiplomacyAllies, "Yugoslavia")
	s.Powers[storm.Britain].Support, s.Powers[storm.France].Support = 2, 1
	wantPlacementRefused(t, s, storm.France, []storm.Order{mil("Yugoslavia")}, "25.52B")
	if errs := diplomacy.CheckPlacements(s, storm.Britain, []storm.Order{mil("Yugoslavia")}); len(errs) > 0 {
		t.Fatalf("25.52B: Britain's intervention: %v", errs)
	}
	evs := place(t, &s, map[storm.Power][]storm.Order{storm.Britain: {mil("Yugoslavia")}})
	if ra := randomevent.AllEvents[event.ResearchAssigned](evs); len(ra) != 1 || ra[0].Kind != "civil war" {
		t.Errorf("15.22D: research point %+v", ra)
	}
	if eff, _, _ := diplomacy.TargetEffort(s, "Yugoslavia"); eff.Allies != 1 {
		t.Errorf("25.52B: %+v", eff)
	}
	// A power's one intervention a turn.
	s = warGame(storm.SegDiplomacyAxis1, "Spain")
	s.Diplomacy.CivilWars = append(s.Diplomacy.CivilWars, storm.CivilWar{Country: "Greece", Began: storm.FirstTurn, Counters: []int{1}})
	wantPlacementRefused(t, s, storm.Germany, []storm.Order{mil("Spain"), mil("Greece")}, "25.52B")
	wantPlacementRefused(t, s, storm.Italy, []storm.Order{mil("Spain"), mil("Albania")}, "24.42C")
	s.Russia.GreatPurge = true
	s.Segment = storm.SegDiplomacyRussia
	wantPlacementRefused(t, s, storm.Russia, []storm.Order{mil("Spain")}, "25.52B")
}

// Rule 25.53-25.55, 24.53: the intervention levels (government +1) against
// the civil war counter drawn plus the other alliance's events there; an
// advantage or a result gives the greater contributor a free counter next
// turn; a result shifts the alignment and removes the counter; with the
// last counter the war ends (25.61A), its winner the side holding flags
// (25.71, 25.72).
func TestRule25_53ResolvingCivilWar(t *testing.T) {
	s := warGame(storm.SegDiplomacyRussia, "Spain")
	place(t, &s, map[storm.Power][]storm.Order{storm.Russia: {dip("Spain", 2)}})
	s.Diplomacy.CivilWars[0].Counters = []int{4}
	s.Segment = storm.SegDiplomacyResolve
	var evs []event.Event
	diplomacy.ResolveDiplomacy(&s, &evs)
	r := randomevent.AllEvents[event.CivilWarResolved](evs)
	if len(r) != 1 || r[0].GovernmentLevel != 3 || r[0].RebelLevel != 0 || r[0].Threshold != 4 || r[0].Result || r[0].Winner != storm.Soviet {
		t.Fatalf("25.54: %+v", r)
	}
	if s.Minor("Spain").TotalFlags() != 0 || len(s.Diplomacy.CivilWars[0].Counters) != 1 || s.Powers[storm.Russia].Economy.FreeDiplomaticNext != 1 {
		t.Errorf("25.54: flags %v, counters %v, free %d", s.Minor("Spain").FlagCounts(), s.Diplomacy.CivilWars[0].Counters, s.Powers[storm.Russia].Economy.FreeDiplomaticNext)
	}
	// A result with the last counter: the war ends, Russia's.
	s = warGame(storm.SegDiplomacyRussia, "Spain")
	place(t, &s, map[storm.Power][]storm.Order{storm.Russia: {dip("Spain", 2)}})
	s.Diplomacy.CivilWars[0].Counters = []int{3}
	s.Segment = storm.SegDiplomacyResolve
	evs = nil
	diplomacy.ResolveDiplomacy(&s, &evs)
	r = randomevent.AllEvents[event.CivilWarResolved](evs)
	w := s.Diplomacy.CivilWars[0]
	if len(r) != 1 || !r[0].Result || !r[0].Ended || w.Ended == nil || w.Winner != storm.Soviet || s.Minor("Spain").FlagCounts()[storm.Russia] != 1 {
		t.Fatalf("25.55, 25.61A: %+v %+v", r, w)
	}
	if slices.Contains(s.EAIFacts.CivilWars, "Spain") {
		t.Error("23.21E: the ended war still counts for the EAI")
	}
	// The other alliance's events raise the threshold (25.53B).
	s = warGame(storm.SegDiplomacyRussia, "Spain")
	place(t, &s, map[storm.Power][]storm.Order{storm.Russia: {dip("Spain", 2)}})
	s.Diplomacy.Modifiers = append(s.Diplomacy.Modifiers, storm.DiplomaticModifier{Country: "Spain", Side: storm.Allies, Power: storm.France, Value: 1, Card: 4, Rule: "9.31C"})
	s.Diplomacy.CivilWars[0].Counters = []int{3}
	s.Segment = storm.SegDiplomacyResolve
	evs = nil
	diplomacy.ResolveDiplomacy(&s, &evs)
	if r = randomevent.AllEvents[event.CivilWarResolved](evs); len(r) != 1 || r[0].Threshold != 4 || r[0].Result {
		t.Errorf("25.53B: %+v", r)
	}
}

// Rule 25.61A: each random event in the country after the outbreak
// removes a counter at random, after the turn's result.
func TestRule25_61AEventsRemoveCounters(t *testing.T) {
	s := warGame(storm.SegDiplomacyAxis2, "Yugoslavia")
	var evs []event.Event
	randomevent.ApplyEffect(&s, storm.Italy, 4, "Ustase raid", storm.Effect{Kind: storm.EffectCivilWarEvent, Country: "Yugoslavia", Value: 2}, nil, &evs)
	if w := s.Diplomacy.CivilWars[0]; w.Events != 2 {
		t.Fatalf("25.61A: events %d", w.Events)
	}
	s.Segment = storm.SegDiplomacyResolve
	diplomacy.ResolveDiplomacy(&s, &evs)
	r := randomevent.AllEvents[event.CivilWarResolved](evs)
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
	s := diplomacyGame(storm.SegDiplomacyAxis1)
	s.Diplomacy.On = true
	s.Powers[storm.Germany].Economy.FreeDiplomaticCounters = 1
	free := func(c string, n int) storm.Order { o := dip(c, n); o.Args = []string{"free"}; return o }
	wantPlacementRefused(t, s, storm.Germany, []storm.Order{free("Poland", 2)}, "24.53A")
	wantPlacementRefused(t, s, storm.Italy, []storm.Order{free("Poland", 1)}, "24.53A")
	place(t, &s, map[storm.Power][]storm.Order{storm.Germany: {free("Poland", 1), dip("Austria", 2)}})
	if s.Powers[storm.Germany].Used.Count() != 1 {
		t.Errorf("24.53A: the free counter used an activity counter: %+v", s.Powers[storm.Germany].Used)
	}
	s.Segment = storm.SegDiplomacyAxis2
	wantPlacementRefused(t, s, storm.Germany, []storm.Order{free("Hungary", 1)}, "24.53A")
	s.Segment = storm.SegDiplomacyResolve
	var evs []event.Event
	diplomacy.ResolveDiplomacy(&s, &evs)
	for _, e := range randomevent.AllEvents[event.DiplomacyPaid](evs) {
		if e.Power == storm.Germany && e.Cost != 2 {
			t.Errorf("24.53A: Germany paid %d, want 2 (the free counter not paid)", e.Cost)
		}
	}
	// 24.53A via EndTurnEconomy: won this turn, placed the next.
	s.Powers[storm.Italy].Economy.FreeDiplomaticNext = 1
	economy.EndTurnEconomy(&s)
	if s.Powers[storm.Italy].Economy.FreeDiplomaticCounters != 1 || s.Powers[storm.Germany].Economy.FreeDiplomaticCounters != 0 {
		t.Error("24.53A: the free counter is placed in the next turn only")
	}
}

// Rule 25.8, 25.71: after a civil war no diplomatic activity in the
// country; the winner's +1 offsets later adverse events.
func TestRule25_81AfterCivilWar(t *testing.T) {
	s := warGame(storm.SegDiplomacyAxis1, "Spain")
	end := s.Turn
	s.Diplomacy.CivilWars[0].Ended, s.Diplomacy.CivilWars[0].Winner = &end, storm.Axis
	s.EAIFacts.CivilWars = nil
	wantPlacementRefused(t, s, storm.Germany, []storm.Order{dip("Spain", 1)}, "25.81")
	wantPlacementRefused(t, s, storm.Germany, []storm.Order{mil("Spain")}, "25.81")
	if rule, _ := diplomacy.CheckIntelTarget(s, storm.Germany, "Spain"); rule != "25.81" {
		t.Errorf("25.81: covert operation rule %q", rule)
	}
	if rule, _ := diplomacy.CheckRingLine(s, storm.Axis, ring("Spain")); rule != "25.81" {
		t.Errorf("25.81: spy ring rule %q", rule)
	}
	var evs []event.Event
	randomevent.ApplyEffect(&s, 0, 7, "Madrid riots", storm.Effect{Kind: storm.EffectDiplomaticModifier, Country: "Spain", Side: storm.Soviet, Value: 2}, nil, &evs)
	randomevent.ApplyEffect(&s, 0, 8, "Falange rally", storm.Effect{Kind: storm.EffectDiplomaticModifier, Country: "Spain", Side: storm.Axis, Value: 1}, nil, &evs)
	if eff, _, _ := diplomacy.TargetEffort(s, "Spain"); eff.Russia != 1 || eff.Axis != 1 {
		t.Errorf("25.71: Spain %+v, want the Russian event's 2 offset to 1", eff)
	}
}

// Rule 15.22D: the intervention's research point goes to the project the
// order names, checked when ordered.
func TestRule15_22DInterventionResearchPoint(t *testing.T) {
	s := warGame(storm.SegDiplomacyAxis1, "Spain")
	o := mil("Spain")
	o.Args = []string{"armor"}
	wantPlacementRefused(t, s, storm.Italy, []storm.Order{{Kind: storm.MilitaryCounter, Project: "Spain", Args: []string{"strategic bombers"}}}, "15.22D")
	wantPlacementRefused(t, s, storm.Italy, []storm.Order{{Kind: storm.MilitaryCounter, Project: "Albania", Args: []string{"armor"}}}, "15.22D")
	evs := place(t, &s, map[storm.Power][]storm.Order{storm.Italy: {o}})
	if ra := randomevent.AllEvents[event.ResearchAssigned](evs); len(ra) != 1 || !strings.Contains(ra[0].Project, "armor") {
		t.Errorf("15.22D: %+v", ra)
	}
}

// Rule 15.32D, 24.14, 10.22: a random event's counter for diplomacy is an
// additional diplomatic counter; one for research or diplomacy is, when
// research did not use it; an additional military counter raises the
// limit.
func TestRule15_32DCounterForDiplomacy(t *testing.T) {
	s := diplomacyGame(storm.SegEconomic)
	s.Diplomacy.On = true
	var evs []event.Event
	randomevent.ApplyEffect(&s, storm.Germany, 2, "Envoys", storm.Effect{Kind: storm.EffectActivityCounter, Use: storm.CounterUseDiplomacy}, nil, &evs)
	randomevent.ApplyEffect(&s, storm.Britain, 3, "Credits", storm.Effect{Kind: storm.EffectActivityCounter, Use: storm.CounterUseResearchOrDiplomacy}, nil, &evs)
	randomevent.ApplyEffect(&s, storm.France, 3, "Credits", storm.Effect{Kind: storm.EffectActivityCounter, Use: storm.CounterUseResearchOrDiplomacy}, nil, &evs)
	randomevent.ApplyEffect(&s, storm.Italy, 5, "Legions", storm.Effect{Kind: storm.EffectExtraMilitaryCounter}, nil, &evs)
	s.Powers[storm.France].Economy.ResearchCounters = 2 // France used it for research
	s.Segment = storm.SegSpyRings
	diplomacy.ResolveSpyRings(&s, nil, &evs)
	got := map[storm.Power]int{}
	for _, x := range s.Diplomacy.Extra {
		got[x.Power] += x.Count
	}
	if got[storm.Germany] != 1 || got[storm.Britain] != 1 || got[storm.France] != 0 {
		t.Errorf("15.32D: additional diplomatic counters %v", got)
	}
	s.Segment = storm.SegDiplomacyAllies
	if errs := diplomacy.CheckPlacements(s, storm.Britain, []storm.Order{dip("Norway", 1), dip("Sweden", 2), dip("Finland", 3)}); len(errs) > 0 {
		t.Errorf("15.32D: Britain's third counter: %v", errs)
	}
	if diplomacy.MilitaryCounterLimit(s, storm.Italy) != diplomacy.MilitaryBase(s, storm.Italy)+1 {
		t.Errorf("10.22: Italy's limit %d", diplomacy.MilitaryCounterLimit(s, storm.Italy))
	}
}

// Rule 24.56D: a secret Russian diplomatic event keeps the Allies out of
// its country; revealed after their placements, it voids their counter
// there (docs/rules.md r-24-56d).
func TestRule24_56DSecretRussianEvent(t *testing.T) {
	s := diplomacyGame(storm.SegDiplomacyAllies)
	s.Diplomacy.On = true
	s = randomevent.WithDeck(s, storm.Deck{Name: "test", Cards: []storm.Card{{Number: 1, National: map[storm.Power]storm.CardEvent{storm.Russia: {Title: "Friends in Bucharest",
		Secret: true, Category: storm.CategoryDiplomatic, Effects: []storm.Effect{{Kind: storm.EffectDiplomaticModifier, Country: "Rumania", Value: 1}}}}}}})
	s.Events.Held = append(s.Events.Held, storm.HeldEvent{Card: 1, Power: storm.Russia, Secret: true, At: storm.RevealDiplomacy})
	place(t, &s, map[storm.Power][]storm.Order{storm.France: {dip("Rumania", 2)}, storm.Britain: {dip("Norway", 1)}})
	s.Segment = storm.SegDiplomacyAxis2
	var evs []event.Event
	diplomacy.ResolvePlacementRound(&s, nil, &evs)
	for _, pl := range s.Diplomacy.Placements {
		if want := map[string]string{"Rumania": "24.56D", "Norway": ""}[pl.Country]; pl.Void != want {
			t.Errorf("24.56D: %+v", pl)
		}
	}
	if eff, _, _ := diplomacy.TargetEffort(s, "Rumania"); eff.Allies != 0 || eff.Russia != 1 {
		t.Errorf("24.56D: Rumania %+v", eff)
	}
}
