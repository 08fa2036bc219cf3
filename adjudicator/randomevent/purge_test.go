package randomevent_test

import (
	"slices"
	"strings"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/deckcheck"
	"stormjudge/adjudicator/economy"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/internal/enginetest"
	"stormjudge/adjudicator/randomevent"
	"stormjudge/adjudicator/setup"
	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/track"
)

func TestRule22_44PurgeDeckComposition(t *testing.T) {
	s := setup.NewGame(1)
	randomevent.SyncGreatPurgeCard(&s)
	if got := randomevent.PurgeDeck(s); !slices.Equal(got, []storm.PurgeCard{storm.NoPurge, storm.MilitaryPurge, storm.PartyPurge}) {
		t.Errorf("22.44A: starting deck %v", got)
	}
	s.SupportFacts.Aggressions = []storm.Aggression{{Aggressor: storm.Germany, Target: storm.Rhineland, Turn: s.Turn}}
	randomevent.SyncGreatPurgeCard(&s)
	if !s.Russia.GreatPurgeInDeck || !slices.Contains(randomevent.PurgeDeck(s), storm.GreatPurge) {
		t.Errorf("22.44B: the Rhineland adds the Great Purge: %v", randomevent.PurgeDeck(s))
	}
	var evs []event.Event
	randomevent.AddPurgeEvents(&s, 30, "test", "test", &evs)
	if s.Russia.GreatPurgeInDeck || slices.Contains(randomevent.PurgeDeck(s), storm.GreatPurge) {
		t.Errorf("22.44C: full cohesion removes the Great Purge: %v", randomevent.PurgeDeck(s))
	}
}

func TestRule22_45NoSameCardTwoTurnsRunning(t *testing.T) {
	seen := map[storm.PurgeCard]bool{}
	for seed := uint64(1); seed <= 5; seed++ {
		s := setup.NewGame(seed)
		s.SupportFacts.Aggressions = []storm.Aggression{{Aggressor: storm.Germany, Target: storm.Rhineland, Turn: s.Turn}}
		var last storm.PurgeCard
		for range 16 {
			n, evs, err := adjudicator.Resolve(s, nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range evs {
				d, ok := e.(event.PurgeCardDrawn)
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
	a, _, _ := adjudicator.Resolve(setup.NewGame(3), nil)
	b, _, _ := adjudicator.Resolve(setup.NewGame(3), nil)
	if a.Russia.PurgeCard == "" || a.Russia.PurgeCard != b.Russia.PurgeCard {
		t.Errorf("22.41: draws differ for one seed: %s %s", a.Russia.PurgeCard, b.Russia.PurgeCard)
	}
}

func TestRule22_21AMilitaryPurgeCard(t *testing.T) {
	s := setup.NewGame(1)
	var evs []event.Event
	randomevent.ApplyPurgeCard(&s, storm.MilitaryPurge, &evs)
	ru := s.Powers[storm.Russia]
	if ru.Active != (storm.Units{Armor: 4, Infantry: 4, Air: 6}) || ru.Reserve != (storm.Units{Air: 1}) {
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
	s := setup.NewGame(1)
	var evs []event.Event
	randomevent.ApplyPurgeCard(&s, storm.GreatPurge, &evs)
	r := s.Russia
	if s.Powers[storm.Russia].Reserve.Total() != 2 || r.PurgeEvents != 3 {
		t.Errorf("22.21C, 22.72G: reserve %+v, purge events %d", s.Powers[storm.Russia].Reserve, r.PurgeEvents)
	}
	if !r.GreatPurge || !r.NoMilitaryCounters || !r.NoDiplomaticCounters || !economy.ResearchBanned(s, storm.Russia) {
		t.Errorf("22.21C: prohibitions %+v", r)
	}
	s.Segment = storm.SegEconomic
	s.Powers[storm.Russia].TilePoints = 20
	if errs := adjudicator.Validate(s, storm.Russia, []storm.Order{{Kind: storm.Mobilize, From: storm.Idle}}); len(errs) == 0 || errs[0].Rule != "14.43A" {
		t.Errorf("14.43A: Great Purge mobilization %v", errs)
	}
}

func TestRule22_21BPartyPurgeChoice(t *testing.T) {
	s := setup.NewGame(1)
	s.Russia.PurgeCard = storm.PartyPurge
	var evs []event.Event
	randomevent.ApplyPurgeCard(&s, storm.PartyPurge, &evs)
	if s.Russia.PurgeEvents != 1 || s.Russia.PartyChoice != "" || economy.ResearchBanned(s, storm.Russia) {
		t.Fatalf("22.21B: nothing prohibited before the end of the economic phase: %+v", s.Russia)
	}
	// Only the basic point: research is the prohibition chosen.
	s.Sheets.Assigned = []storm.ResearchPoint{{Turn: s.Turn, Power: storm.Russia, Project: "x", Points: 1}}
	a := s.Clone()
	randomevent.FinishPartyPurge(&a, &evs)
	if a.Russia.PartyChoice != randomevent.PartyResearch || !a.Sheets.Permits.RussianResearchBanned || a.Russia.NoDiplomaticCounters {
		t.Errorf("22.21B: basic point only: %+v", a.Russia)
	}
	// An intelligence point: diplomacy is prohibited.
	s.Sheets.Assigned = append(s.Sheets.Assigned, storm.ResearchPoint{Turn: s.Turn, Power: storm.Russia, Project: "y", Kind: storm.PointIntelligence, Points: 1})
	b := s.Clone()
	randomevent.FinishPartyPurge(&b, &evs)
	if b.Russia.PartyChoice != randomevent.PartyDiplomacy || b.Sheets.Permits.RussianResearchBanned || !b.Russia.NoDiplomaticCounters {
		t.Errorf("22.21B: research beyond the basic point: %+v", b.Russia)
	}
	if e, ok := enginetest.LastOf[event.PartyPurgeChosen](evs); !ok || e.Prohibited != randomevent.PartyDiplomacy {
		t.Errorf("22.21B: event %+v", e)
	}
}

// purgeEventDeck is a deck of twelve quiet cards (TestDeck) whose card 6
// carries ev as its Russian national event: which cards purge is data
// (22.21D), so the tests write their own purge cards.
func purgeEventDeck(ev storm.CardEvent) storm.Deck {
	return enginetest.TestDeck(12, func(c *storm.Card) {
		if c.Number == 6 {
			c.National[storm.Russia] = ev
		}
	})
}

// purgeEvent is a public Russian purge event with effects e (22.21D).
func purgeEvent(e ...storm.Effect) storm.CardEvent {
	return storm.CardEvent{Title: "purge", Category: storm.CategoryPurge, Effects: e}
}

// dealRussia resolves seed's first turn to the economic phase with d, card
// 6 dealt to Russia (the general event and one card a power come first in
// the order of play, 9.12).
func dealRussia(t *testing.T, seed uint64, d storm.Deck) (storm.State, []event.Event) {
	t.Helper()
	s, err := randomevent.StackDraws(setup.NewGameWithDeck(seed, d), 1, 2, 3, 4, 5, 6)
	if err != nil {
		t.Fatal(err)
	}
	s, evs, err := adjudicator.Resolve(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	if s.Segment != storm.SegEconomic {
		t.Fatalf("resolved to %s, want the economic phase", s.Segment)
	}
	return s, evs
}

// untilNextTurn cuts evs at the next turn's start.
func untilNextTurn(evs []event.Event) []event.Event {
	for i, e := range evs {
		if _, ok := e.(event.TurnBegan); ok && i > 0 {
			return evs[:i]
		}
	}
	return evs
}

// Rules 22.21D, 22.72B-F, 22.51A: a public Russian purge event of the deck
// is drawn and implemented in the random events phase, before the income
// phase determines the garrison, support and maintenance; each purge kind
// counts its purge events, a plain support event none. Each case is played
// against the same game with an effectless Russian event.
func TestRule22_21DPurgeEventsFromDeck(t *testing.T) {
	// A seed whose first purge card is No Purge or Military: the Party and
	// Great Purge cards change a prohibition's effect (tested below).
	seed := uint64(21)
	base, baseEvs := dealRussia(t, seed, purgeEventDeck(purgeEvent()))
	for base.Russia.PurgeCard == storm.PartyPurge || base.Russia.PurgeCard == storm.GreatPurge {
		if seed++; seed > 60 {
			t.Fatal("no seed draws No Purge or Military purge first")
		}
		base, baseEvs = dealRussia(t, seed, purgeEventDeck(purgeEvent()))
	}
	supportOf := func(evs []event.Event) int {
		for _, e := range evs {
			if d, ok := e.(event.SupportDetermined); ok && d.Power == storm.Russia {
				return d.Level
			}
		}
		t.Fatal("no Russian support determined")
		return 0
	}
	baseSupport := supportOf(baseEvs)
	cases := []struct {
		name      string
		effect    storm.Effect
		category  storm.EventCategory
		events    int            // purge events counted (22.72)
		units     int            // more Russian units in reserve than without the event
		unit      storm.UnitType // their type, if the event says
		support   int            // support level change at the income phase
		diplomacy bool           // Russian diplomacy prohibited
		research  bool           // Russian research prohibited
	}{
		{"22.72B support", storm.Effect{Kind: storm.EffectPurgeSupport, Value: -2}, storm.CategoryPurge, 1, 0, "", -2, false, false},
		{"22.72E one extra unit", storm.Effect{Kind: storm.EffectPurgeExtraUnits, Value: 1}, storm.CategoryPurge, 1, 1, "", 0, false, false},
		{"22.72F two extra units", storm.Effect{Kind: storm.EffectPurgeExtraUnits, Value: 2}, storm.CategoryPurge, 2, 2, "", 0, false, false},
		{"22.72D the indicated unit", storm.Effect{Kind: storm.EffectPurgeUnit, Unit: storm.Infantry}, storm.CategoryPurge, 1, 1, storm.Infantry, 0, false, false},
		{"22.72C no diplomacy", storm.Effect{Kind: storm.EffectPurgeNoDiplomacy}, storm.CategoryPurge, 1, 0, "", 0, true, false},
		{"22.72C no research", storm.Effect{Kind: storm.EffectPurgeNoResearch}, storm.CategoryPurge, 1, 0, "", 0, false, true},
		{"10.41B plain support is no purge event", storm.Effect{Kind: storm.EffectSupport, Value: -1}, storm.CategorySupport, 0, 0, "", -1, false, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ev := purgeEvent(c.effect)
			ev.Category = c.category
			s, evs := dealRussia(t, seed, purgeEventDeck(ev))
			if s.Russia.PurgeCard != base.Russia.PurgeCard {
				t.Fatalf("22.41: purge card %s, without the event %s", s.Russia.PurgeCard, base.Russia.PurgeCard)
			}
			if got := s.Russia.PurgeEvents - base.Russia.PurgeEvents; got != c.events {
				t.Errorf("22.72: %d purge events counted, want %d", got, c.events)
			}
			if c.events > 0 {
				if e, ok := enginetest.LastOf[event.PurgeLevelRaised](evs); !ok || e.Events != c.events || !strings.Contains(e.What, "random event 6") {
					t.Errorf("22.31: purge level event %+v", e)
				}
			}
			ru, b := s.Powers[storm.Russia].Reserve, base.Powers[storm.Russia].Reserve
			if got := ru.Total() - b.Total(); got != c.units {
				t.Errorf("22.21D: %d more units in reserve (%+v, without the event %+v), want %d", got, ru, b, c.units)
			}
			if c.unit != "" && track.UnitCount(ru, string(c.unit)) != track.UnitCount(b, string(c.unit))+c.units {
				t.Errorf("22.21D: reserve %+v, without the event %+v: want one more %s", ru, b, c.unit)
			}
			if got := supportOf(evs) - baseSupport; got != c.support {
				t.Errorf("22.51A: support %+d at the income phase, want %+d", got, c.support)
			}
			if s.Russia.NoDiplomaticCounters != c.diplomacy || economy.ResearchBanned(s, storm.Russia) != c.research {
				t.Errorf("22.21D: diplomacy prohibited %v (want %v), research %v (want %v)",
					s.Russia.NoDiplomaticCounters, c.diplomacy, economy.ResearchBanned(s, storm.Russia), c.research)
			}
		})
	}
}

// Rule 22.21D: an event's indicated unit goes to reserve; when that type is
// only in the Siberian garrison, another unit goes (22.61A).
func TestRule22_21DIndicatedUnitPurged(t *testing.T) {
	for _, c := range []struct {
		name   string
		active storm.Units
		unit   storm.UnitType
		want   storm.Units
	}{
		{"22.21D infantry", storm.Units{Armor: 4, Infantry: 4, Air: 7}, storm.Infantry, storm.Units{Infantry: 1}},
		{"22.21D armor", storm.Units{Armor: 4, Infantry: 4, Air: 7}, storm.Armor, storm.Units{Armor: 1}},
		{"22.61A armor only in Siberia", storm.Units{Armor: 2, Infantry: 3, Air: 5}, storm.Armor, storm.Units{Air: 1}},
	} {
		s := setup.NewGameWithDeck(1, purgeEventDeck(purgeEvent()))
		s.Powers[storm.Russia].Active = c.active
		var evs []event.Event
		randomevent.ApplyEffects(&s, storm.Russia, 6, purgeEvent(storm.Effect{Kind: storm.EffectPurgeUnit, Unit: c.unit}), nil, &evs)
		if s.Powers[storm.Russia].Reserve != c.want || s.Russia.PurgeEvents != 1 {
			t.Errorf("%s: reserve %+v, want %+v; purge events %d, want 1 (22.72D)",
				c.name, s.Powers[storm.Russia].Reserve, c.want, s.Russia.PurgeEvents)
		}
	}
	// 22.21D: the indicated unit is part of the event: a deck without it is refused.
	d := purgeEventDeck(purgeEvent(storm.Effect{Kind: storm.EffectPurgeUnit}))
	if errs := deckcheck.Check(d); len(errs) != 1 || errs[0].Key != "unit" || errs[0].Event != "russia" {
		t.Errorf("22.21D: a purge_unit without its unit: %v", errs)
	}
}

// Rule 22.21D: an event prohibiting Russian diplomacy or research prohibits
// both with the Party purge card, and purges one more unit with the Great
// Purge card; each counts one purge event (22.72C).
func TestRule22_21DProhibitionsWithPurgeCards(t *testing.T) {
	for _, c := range []struct {
		card        storm.PurgeCard
		kind        storm.EffectKind
		diplomacy   bool
		research    bool
		reserve     int
		partyChoice string
	}{
		{storm.NoPurge, storm.EffectPurgeNoDiplomacy, true, false, 0, ""},
		{storm.NoPurge, storm.EffectPurgeNoResearch, false, true, 0, ""},
		{storm.MilitaryPurge, storm.EffectPurgeNoDiplomacy, true, false, 0, ""},
		{storm.PartyPurge, storm.EffectPurgeNoDiplomacy, true, true, 0, randomevent.PartyResearch + "+" + randomevent.PartyDiplomacy},
		{storm.PartyPurge, storm.EffectPurgeNoResearch, true, true, 0, randomevent.PartyResearch + "+" + randomevent.PartyDiplomacy},
		{storm.GreatPurge, storm.EffectPurgeNoDiplomacy, true, false, 1, ""},
		{storm.GreatPurge, storm.EffectPurgeNoResearch, false, true, 1, ""},
	} {
		s := setup.NewGameWithDeck(1, purgeEventDeck(purgeEvent()))
		s.Russia.PurgeCard = c.card
		var evs []event.Event
		out := randomevent.ApplyEffects(&s, storm.Russia, 6, purgeEvent(storm.Effect{Kind: c.kind}), nil, &evs)
		if s.Russia.NoDiplomaticCounters != c.diplomacy || s.Sheets.Permits.RussianResearchBanned != c.research {
			t.Errorf("22.21D: %s with %s: diplomacy prohibited %v, research %v", c.kind, c.card,
				s.Russia.NoDiplomaticCounters, s.Sheets.Permits.RussianResearchBanned)
		}
		if n := s.Powers[storm.Russia].Reserve.Total(); n != c.reserve {
			t.Errorf("22.21D: %s with %s: %d units purged, want %d", c.kind, c.card, n, c.reserve)
		}
		if s.Russia.PartyChoice != c.partyChoice {
			t.Errorf("22.21D: %s with %s: party choice %q, want %q", c.kind, c.card, s.Russia.PartyChoice, c.partyChoice)
		}
		if s.Russia.PurgeEvents != 1 || len(out) != 1 || out[0].Pending != "" {
			t.Errorf("22.72C: %s with %s: %d purge events, outcome %+v", c.kind, c.card, s.Russia.PurgeEvents, out)
		}
	}
	// 22.21B: with both prohibited by the event, the Party purge asks no
	// more choice at the end of the economic phase.
	s := setup.NewGameWithDeck(1, purgeEventDeck(purgeEvent()))
	s.Russia.PurgeCard = storm.PartyPurge
	var evs []event.Event
	randomevent.ApplyEffects(&s, storm.Russia, 6, purgeEvent(storm.Effect{Kind: storm.EffectPurgeNoDiplomacy}), nil, &evs)
	randomevent.FinishPartyPurge(&s, &evs)
	if _, ok := enginetest.LastOf[event.PartyPurgeChosen](evs); ok {
		t.Error("22.21B: a choice announced after the event prohibited both")
	}
}

// Rules 22.21D, 22.72B: a support purge on a general event names Russia.
// The purge_support kind counts one purge event; a Russian support loss
// written as a plain support effect (as docs/deck.md advises for general
// event 66, which 22.72B does not list) counts none. Before the income
// phase both are support events read by the income phase (10.41B).
func TestRule22_72BGeneralSupportPurges(t *testing.T) {
	for _, c := range []struct {
		kind   storm.EffectKind
		events int
	}{{storm.EffectPurgeSupport, 1}, {storm.EffectSupport, 0}} {
		ev := storm.CardEvent{Title: "general", Category: storm.CategoryPurge,
			Effects: []storm.Effect{{Kind: c.kind, Power: storm.Russia, Value: -1}}}
		d := enginetest.TestDeck(12, func(k *storm.Card) {
			if k.Number == 1 {
				k.General = ev
			}
		})
		if errs := deckcheck.Check(d); errs != nil {
			t.Fatalf("%s: deck %v", c.kind, errs)
		}
		s := setup.NewGameWithDeck(1, d)
		s.Segment = storm.SegRandomEvents
		var evs []event.Event
		randomevent.ApplyEffects(&s, 0, 1, ev, nil, &evs)
		if got := s.Powers[storm.Russia].Economy.SupportEvents; got != -1 {
			t.Errorf("10.41B: %s: Russian support events %d, want -1", c.kind, got)
		}
		if s.Russia.PurgeEvents != c.events {
			t.Errorf("22.72B: %s: %d purge events, want %d", c.kind, s.Russia.PurgeEvents, c.events)
		}
	}
	// A general event must say which power it concerns.
	d := enginetest.TestDeck(1, func(k *storm.Card) { k.General = purgeEvent(storm.Effect{Kind: storm.EffectPurgeSupport, Value: -1}) })
	if errs := deckcheck.Check(d); len(errs) != 1 || errs[0].Key != "power" {
		t.Errorf("22.21D: a general purge_support without power: %v", errs)
	}
}

// Rules 22.51B, 11.52A: a secret purge event is held until Russia plays it
// (or the crisis phase reveals it); after the income phase its support loss
// costs tile points at once, and it counts its purge event then.
func TestRule22_51BSecretPurgeEvent(t *testing.T) {
	ev := purgeEvent(storm.Effect{Kind: storm.EffectPurgeSupport, Value: -1})
	ev.Secret = true
	s, evs := dealRussia(t, 22, purgeEventDeck(ev))
	base, _ := dealRussia(t, 22, purgeEventDeck(purgeEvent()))
	held, ok := enginetest.FirstOf[event.SecretEventHeld](evs)
	if !ok || held.Power != storm.Russia || held.Card != 6 || !held.Playable {
		t.Fatalf("8.31, 22.51B: secret purge event %+v", held)
	}
	if s.Russia.PurgeEvents != base.Russia.PurgeEvents || s.Powers[storm.Russia].Support != base.Powers[storm.Russia].Support {
		t.Fatalf("22.51B: applied before played: purge events %d (%d), support %d (%d)", s.Russia.PurgeEvents,
			base.Russia.PurgeEvents, s.Powers[storm.Russia].Support, base.Powers[storm.Russia].Support)
	}
	check := func(name string, evs []event.Event, how string) {
		t.Helper()
		var applied, changed, raised bool
		for _, e := range untilNextTurn(evs) {
			switch x := e.(type) {
			case event.RandomEventApplied:
				applied = applied || x.Card == 6 && x.Power == storm.Russia && x.Secret && x.How == how
			case event.SupportChanged:
				changed = changed || x.Power == storm.Russia && x.Delta == -1 && x.TileDelta == -1
			case event.PurgeLevelRaised:
				raised = raised || x.Rule == "22.72B" && x.Events == 1
			}
		}
		if !applied || !changed || !raised {
			t.Errorf("%s: event applied %v, support and tile points -1 at once %v (11.52A), purge event %v (22.72B)",
				name, applied, changed, raised)
		}
	}
	_, played, err := adjudicator.Resolve(s, map[storm.Power][]storm.Order{storm.Russia: {{Kind: storm.Play, Card: 6}}})
	if err != nil {
		t.Fatal(err)
	}
	check("22.51B played", played, "played")
	_, revealed, err := adjudicator.Resolve(s, map[storm.Power][]storm.Order{})
	if err != nil {
		t.Fatal(err)
	}
	check("22.51B revealed in the crisis phase", revealed, "revealed")

	// 11.52A directly: support 1 and 5 tile points lose one of each.
	s = setup.NewGameWithDeck(1, purgeEventDeck(purgeEvent()))
	s.Segment = storm.SegEconomic
	s.Powers[storm.Russia].Support, s.Powers[storm.Russia].TilePoints = 1, 5
	var direct []event.Event
	randomevent.ApplyEffects(&s, storm.Russia, 6, ev, nil, &direct)
	if s.Powers[storm.Russia].Support != 0 || s.Powers[storm.Russia].TilePoints != 4 || s.Russia.PurgeEvents != 1 {
		t.Errorf("11.52A: support %d, tile points %d, purge events %d", s.Powers[storm.Russia].Support,
			s.Powers[storm.Russia].TilePoints, s.Russia.PurgeEvents)
	}
}

func TestRule22_61BSiberianGarrisonMustBeRebuilt(t *testing.T) {
	s := setup.NewGame(1)
	s.Powers[storm.Russia].Active = track.SiberianGarrison
	s.Powers[storm.Russia].Support = 2
	var evs []event.Event
	randomevent.ApplyPurgeCard(&s, storm.MilitaryPurge, &evs)
	if !s.Russia.SiberianGarrisonPurged || !economy.RussianConstructionRequired(s) {
		t.Errorf("22.61B: Russia must rebuild: %+v", s.Russia)
	}
	s.Powers[storm.Russia].Active = track.SiberianGarrison
	s.Russia.PurgeCard = storm.MilitaryPurge
	randomevent.ResolvePurges(&s, &evs)
	if s.Russia.SiberianGarrisonPurged && s.Russia.PurgeCard != storm.MilitaryPurge && s.Russia.PurgeCard != storm.GreatPurge {
		t.Errorf("22.61B: a rebuilt garrison ends the obligation: %+v", s.Russia)
	}
}

func TestRule22_72CohesionFromPurgeEvents(t *testing.T) {
	s := setup.NewGame(1)
	var evs []event.Event
	randomevent.AddPurgeEvents(&s, 9, "22.31A", "test", &evs)
	if s.Russia.Cohesion != storm.LowCohesion || enginetest.HasEvent(evs, "CohesionChanged") {
		t.Errorf("22.71A: 9 events: %s", s.Russia.Cohesion)
	}
	// During the economic phase a new level changes support at once
	// (22.73A, 11.52A) and the pool (12.22H).
	s.Segment = storm.SegEconomic
	randomevent.AddPurgeEvents(&s, 1, "22.72A", "military purge", &evs)
	c, ok := enginetest.LastOf[event.CohesionChanged](evs)
	if s.Russia.Cohesion != storm.MediumCohesion || !ok || c.After != storm.MediumCohesion {
		t.Errorf("22.71B: 10 events: %s %+v", s.Russia.Cohesion, c)
	}
	if ch, ok := enginetest.LastOf[event.SupportChanged](evs); !ok || ch.Rule != "10.91E" || ch.Delta != 1 {
		t.Errorf("22.73A: support change %+v", ch)
	}
	if s.Powers[storm.Russia].Pool.One != 3 { // 12.21: two 1s; 12.22H: one more
		t.Errorf("22.73B, 12.22H: pool %+v", s.Powers[storm.Russia].Pool)
	}
}

func TestRule22_73EExcessPurgeEvents(t *testing.T) {
	s := setup.NewGame(1)
	var evs []event.Event
	randomevent.AddPurgeEvents(&s, 29, "test", "test", &evs)
	randomevent.AddPurgeEvents(&s, 3, "22.72G", "great purge", &evs)
	if s.Russia.Cohesion != storm.FullCohesion || s.Russia.ExcessPurgeEvents != 2 || s.Russia.FullCohesionSince == nil {
		t.Errorf("22.73E: %+v", s.Russia)
	}
	if e, _ := enginetest.LastOf[event.PurgeLevelRaised](evs); e.Excess != 2 {
		t.Errorf("22.73E: event %+v", e)
	}
}

func TestRule9_16FullCohesionExtraEvents(t *testing.T) {
	s := setup.NewGame(1)
	if randomevent.FullCohesionExtraEvents(s) != 0 {
		t.Errorf("9.16: no extra events below full cohesion")
	}
	var evs []event.Event
	randomevent.AddPurgeEvents(&s, 30, "test", "test", &evs)
	s.Turn = s.Turn.Next().Next()
	if n := randomevent.FullCohesionExtraEvents(s); n != 2 {
		t.Errorf("9.16B: second turn after full cohesion: %d extra events, want 2", n)
	}
}

func TestRule22_31EForeignFlagsEliminated(t *testing.T) {
	s := setup.NewGame(1)
	s.SupportFacts.FlagsInRussia = map[storm.Power]int{storm.Germany: 1, storm.France: 2}
	var evs []event.Event
	randomevent.ApplyPurgeCard(&s, storm.NoPurge, &evs)
	if s.SupportFacts.FlagsInRussia[storm.France] != 1 || s.Russia.PurgeEvents != 1 {
		t.Errorf("22.45, 22.31E: flags %v purge events %d", s.SupportFacts.FlagsInRussia, s.Russia.PurgeEvents)
	}
	// 22.73C: at full cohesion one flag goes each turn.
	s.Russia.PurgeEvents, s.Russia.Cohesion = 30, storm.FullCohesion
	randomevent.ResolvePurges(&s, &evs)
	if e, ok := enginetest.LastOf[event.FlagInRussiaEliminated](evs); !ok || e.Rule != "22.73C" && e.Rule != "22.45" {
		t.Errorf("22.73C: %+v", e)
	}
	if n := s.SupportFacts.FlagsInRussia[storm.Germany] + s.SupportFacts.FlagsInRussia[storm.France]; n > 1 {
		t.Errorf("22.73C: %d flags left", n)
	}
}

func TestRule22_43PurgeEffectsLastTheirTurn(t *testing.T) {
	s := setup.NewGame(1)
	s.Segment = storm.SegEconomic
	s.Russia.PurgeCard = storm.PartyPurge
	s.Russia.PartyChoice = randomevent.PartyResearch
	s.Russia.NoDiplomaticCounters = true
	s.Sheets.Permits.RussianResearchBanned = true
	n, _, err := adjudicator.Resolve(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	// The Great Purge is not in the deck and the Party purge is set aside:
	// nothing prohibits research or diplomacy in the next turn.
	if n.Russia.PartyChoice != "" || n.Russia.NoDiplomaticCounters || n.Sheets.Permits.RussianResearchBanned {
		t.Errorf("22.43: last turn's prohibitions remain: %+v", n.Russia)
	}
	if n.Russia.PurgeCard == storm.PartyPurge || n.Russia.PurgeCard == "" {
		t.Errorf("22.45: drew %q", n.Russia.PurgeCard)
	}
}

// Rule 22.21D (cards 77-84): a support purge offset by unit construction
// and research results waits for the end of the economic phase; each
// Russian unit built this turn lessens the reduction by one, never past
// zero; the event counts one purge event (22.72B) either way.
func TestRule22_21DSupportPurgeOffset(t *testing.T) {
	deal := func() storm.State {
		s, _ := dealRussia(t, 21, purgeEventDeck(purgeEvent(storm.Effect{Kind: storm.EffectPurgeSupportOffset, Value: -2})))
		if len(s.Russia.PurgeOffsets) != 1 || s.Russia.Offset != nil {
			t.Fatalf("offsets %+v / %v, want one waiting for the economic phase", s.Russia.PurgeOffsets, s.Russia.Offset)
		}
		return s
	}
	for _, c := range []struct {
		name   string
		orders []storm.Order
		cut    int
	}{
		{"nothing built", nil, -2},
		{"one unit built", []storm.Order{{Kind: storm.Build, Units: []storm.UnitType{storm.Infantry}, Counters: []int{2}}}, -1},
		{"two units built", []storm.Order{{Kind: storm.Build, Units: []storm.UnitType{storm.Infantry, storm.Air}, Counters: []int{2, 2}}}, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := deal()
			s.Powers[storm.Russia].TilePoints = 10
			s.Powers[storm.Russia].Reserve.Infantry = 1 // units to build (18.11)
			s.Powers[storm.Russia].Reserve.Air = 1
			support, events := s.Powers[storm.Russia].Support, s.Russia.PurgeEvents
			if errs := adjudicator.Validate(s, storm.Russia, c.orders); len(errs) > 0 {
				t.Fatalf("orders refused: %v", errs)
			}
			after, evs, err := adjudicator.Resolve(s, map[storm.Power][]storm.Order{storm.Russia: c.orders})
			if err != nil {
				t.Fatal(err)
			}
			evs = untilNextTurn(evs)
			applied, ok := enginetest.FirstOf[event.PurgeOffsetApplied](evs)
			if !ok || applied.Card != 6 {
				t.Fatalf("no offset applied at the end of the economic phase: %+v", applied)
			}
			got := 0
			for _, e := range randomevent.AllEvents[event.SupportChanged](evs) {
				if e.Power == storm.Russia && e.Rule == "22.21D" {
					got += e.Delta
				}
			}
			if got != c.cut {
				t.Errorf("support changed by %d, want %d (%s)", got, c.cut, applied.Note)
			}
			if e, ok := enginetest.FirstOf[event.PurgeLevelRaised](evs); !ok || e.Events != 1 {
				t.Errorf("22.72B: purge events %+v, want 1 (before %d, support %d)", e, events, support)
			}
			if len(after.Russia.PurgeOffsets) != 0 || after.Russia.Offset != nil {
				t.Errorf("offsets not cleared at the turn's end: %+v", after.Russia)
			}
		})
	}
}
