package randomevent_test

import (
	"slices"
	"strings"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/internal/enginetest"
	"stormjudge/adjudicator/randomevent"
	"stormjudge/adjudicator/setup"
	"stormjudge/adjudicator/storm"
)

// Rule 9.12: the first card face up, then one card per power, in the order
// of play; every card drawn is in play until the turn ends.
func TestRule9_12Dealing(t *testing.T) {
	s := setup.NewGameWithDeck(1, enginetest.TestDeck(12, nil))
	top := slices.Clone(s.Events.DrawPile[:6])
	after, evs, err := adjudicator.Resolve(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	turned, ok := enginetest.FirstOf[event.EventCardTurned](evs)
	if !ok || turned.Card != top[0] {
		t.Fatalf("first card turned = %+v, want card %d", turned, top[0])
	}
	applied := randomevent.AllEvents[event.RandomEventApplied](evs)
	if len(applied) != 6 {
		t.Fatalf("%d events applied, want general + 5 national", len(applied))
	}
	for i, p := range storm.Powers {
		if a := applied[i+1]; a.Power != p || a.Card != top[i+1] {
			t.Errorf("deal %d: %s card %d, want %s card %d", i, a.Power, a.Card, p, top[i+1])
		}
	}
	if !slices.Equal(after.Events.InPlay, top) || len(after.Events.DrawPile) != 6 {
		t.Errorf("in play %v, pile %v", after.Events.InPlay, after.Events.DrawPile)
	}
	if _, ok := enginetest.FirstOf[event.SegmentSkipped](evs); ok {
		if sk, _ := enginetest.FirstOf[event.SegmentSkipped](evs); sk.Segment == storm.SegRandomEvents {
			t.Error("random events segment still reported as skipped with a deck")
		}
	}
}

// Rules 8.43-8.44: played cards go to the discard pile, reshuffled when the
// deck runs out; non-repeatable cards leave the game.
func TestRule8_43Reshuffle(t *testing.T) {
	d := enginetest.TestDeck(8, func(c *storm.Card) { c.NonRepeatable = c.Number == 3 })
	s := setup.NewGameWithDeck(2, d)
	var all []event.Event
	for range 3 {
		var evs []event.Event
		var err error
		s, evs, err = adjudicator.Resolve(s, nil) // to the economic phase
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, evs...)
		s, evs, _ = adjudicator.Resolve(s, map[storm.Power][]storm.Order{}) // through the end of the turn
		all = append(all, evs...)
	}
	if len(randomevent.AllEvents[event.EventDeckReshuffled](all)) == 0 {
		t.Fatal("no reshuffle with 8 cards over 3 turns of 6 draws")
	}
	e := s.Events
	if !slices.Contains(e.Removed, 3) && !slices.Contains(e.InPlay, 3) {
		t.Errorf("card 3 (non-repeatable) neither removed nor in play: removed %v", e.Removed)
	}
	// Card 3 is drawn at most once in the game.
	drawn := 0
	for _, x := range randomevent.AllEvents[event.RandomEventApplied](all) {
		if x.Card == 3 {
			drawn++
		}
	}
	if drawn > 1 {
		t.Errorf("non-repeatable card 3 drawn %d times", drawn)
	}
	// Every card is in exactly one place.
	var places []int
	places = append(places, e.DrawPile...)
	places = append(places, e.Discard...)
	places = append(places, e.Removed...)
	places = append(places, e.InPlay...)
	slices.Sort(places)
	if want := []int{1, 2, 3, 4, 5, 6, 7, 8}; !slices.Equal(places, want) {
		t.Errorf("cards %v, want each of %v once", places, want)
	}
}

// Rule 8.31: a shaded national event is told to its holder only; the others
// see it when it takes effect (9.41E: here, played with PLAY).
func TestRule8_31Secrecy(t *testing.T) {
	d := enginetest.TestDeck(12, func(c *storm.Card) {
		ev := c.National[storm.Italy]
		ev.Secret, ev.Title = true, "Secret rally"
		ev.Effects = []storm.Effect{{Kind: storm.EffectSupport, Value: 2}}
		c.National[storm.Italy] = ev
	})
	s, evs, _ := adjudicator.Resolve(setup.NewGameWithDeck(3, d), nil)
	held, ok := enginetest.FirstOf[event.SecretEventHeld](evs)
	if !ok || held.Power != storm.Italy || held.Visibility() != (event.Visibility{Power: storm.Italy}) || len(held.Effects) != 1 {
		t.Fatalf("secret event notice %+v", held)
	}
	for _, a := range randomevent.AllEvents[event.RandomEventApplied](evs) {
		if a.Power == storm.Italy {
			t.Fatalf("Italy's secret event made public when drawn: %+v", a)
		}
	}
	if s.Powers[storm.Italy].Economy.SupportEvents != 0 {
		t.Fatal("secret support applied before it was played")
	}
	opts := adjudicator.Allowed(s, storm.Italy)
	found := false
	for _, o := range opts {
		if o.Order.Kind == storm.Play && o.Order.Card == held.Card {
			found = true
			// 9.41E: the notice says what playing it would do now.
			if !strings.Contains(o.Note, "played now: Italy support +2 now, with as many tile points") {
				t.Errorf("PLAY note %q does not say what it would do now", o.Note)
			}
		}
	}
	if !found {
		t.Fatalf("PLAY %d not offered: %+v", held.Card, opts)
	}
	if errs := adjudicator.Validate(s, storm.Germany, []storm.Order{{Kind: storm.Play, Card: held.Card}}); len(errs) == 0 {
		t.Error("Germany may play Italy's card")
	}
	before := s.Powers[storm.Italy].TilePoints
	after, evs, _ := adjudicator.Resolve(s, map[storm.Power][]storm.Order{storm.Italy: {{Kind: storm.Play, Card: held.Card}}})
	a, ok := enginetest.FirstOf[event.RandomEventApplied](evs)
	if !ok || a.Card != held.Card || !a.Secret || a.How != "played" {
		t.Fatalf("played event %+v", a)
	}
	if got := after.Powers[storm.Italy].TilePoints - before; got < 2 {
		// 11.52A: +2 support is +2 tile points at once (other changes
		// of the rest of the turn only add).
		t.Errorf("Italy gained %d tile points from a +2 secret support event", got)
	}
	for _, h := range randomevent.HeldEvents(after, storm.Italy) {
		if h.Card == held.Card {
			t.Error("played event still held")
		}
	}
}

// Rule 9.41: economic events at the start of the income phase, research
// events at the end of the economic phase, unplayed secret support in the
// crisis phase.
func TestRule9_41RevealTiming(t *testing.T) {
	d := enginetest.TestDeck(12, func(c *storm.Card) {
		c.National[storm.Germany] = storm.CardEvent{Title: "Boom", Secret: true, Category: storm.CategoryEconomic,
			Effects: []storm.Effect{{Kind: storm.EffectIncome, Value: 2}}}
		c.National[storm.Britain] = storm.CardEvent{Title: "Budget", Secret: true, Category: storm.CategorySupport,
			Effects: []storm.Effect{{Kind: storm.EffectSupport, Value: -1}}}
		c.National[storm.France] = storm.CardEvent{Title: "Labs", Secret: true, Category: storm.CategoryResearch,
			Effects: []storm.Effect{{Kind: storm.EffectResearchSteps, Value: 1, Project: "radar"}}}
	})
	s, evs, _ := adjudicator.Resolve(setup.NewGameWithDeck(4, d), nil)
	var income, research, crisis int = -1, -1, -1
	seg := storm.SegRandomEvents
	scan := func(evs []event.Event) {
		for _, e := range evs {
			switch x := e.(type) {
			case event.TurnBegan:
				return // the next turn
			case event.SupportDetermined:
				seg = storm.SegIncome
			case event.NoConversion:
				seg = storm.SegEconomic
			case event.SegmentSkipped:
				seg = x.Segment
			case event.RandomEventApplied:
				switch x.Power {
				case storm.Germany:
					if seg != storm.SegRandomEvents {
						t.Errorf("economic event revealed in %s", seg)
					}
					income = 1
				case storm.France:
					// 15.32: played at the start of France's research, in
					// the economic phase (after its industrial part).
					research = 1
					if seg != storm.SegEconomic || !strings.Contains(x.Rule, "15.32") {
						t.Errorf("research event revealed in %s (rule %s), want the economic phase's research", seg, x.Rule)
					}
				case storm.Britain:
					crisis = 1
					if seg != storm.SegCovert && seg != storm.SegDiplomacyResolve {
						t.Errorf("secret support revealed after segment %s, want at the crisis phase", seg)
					}
				}
			}
		}
	}
	scan(evs)
	if income != 1 {
		t.Fatal("economic event not revealed by the income phase")
	}
	in, _ := enginetest.FirstOf[event.IncomeComputed](evs)
	for _, ic := range randomevent.AllEvents[event.IncomeComputed](evs) {
		if ic.Power == storm.Germany {
			in = ic
		}
	}
	if in.Income.RandomEvents != 2 {
		t.Errorf("German income from events %d, want 2 (11.41)", in.Income.RandomEvents)
	}
	if research != -1 || crisis != -1 {
		t.Fatal("research or support event revealed too early")
	}
	_, evs, _ = adjudicator.Resolve(s, map[storm.Power][]storm.Order{})
	scan(evs)
	if research != 1 || crisis != 1 {
		t.Errorf("research %d, crisis %d: not revealed during the turn", research, crisis)
	}
}

// Rule 9.13: an additional event the power does not play is revealed and
// discarded without effect.
func TestRule9_13UnplayedExtraEvent(t *testing.T) {
	d := enginetest.TestDeck(20, func(c *storm.Card) {
		switch c.Number {
		case 6:
			c.National[storm.Russia] = storm.CardEvent{Title: "More", Category: storm.CategoryEconomic,
				Effects: []storm.Effect{{Kind: storm.EffectExtraRandomEvent, Value: 1}}}
		case 7:
			c.National[storm.Russia] = storm.CardEvent{Title: "Gift", Secret: true, Category: storm.CategorySupport,
				Effects: []storm.Effect{{Kind: storm.EffectSupport, Value: 3}}}
		}
	})
	s, _ := randomevent.StackDraws(setup.NewGameWithDeck(5, d), 1, 2, 3, 4, 5, 6, 7)
	s, evs, _ := adjudicator.Resolve(s, nil)
	held := randomevent.AllEvents[event.SecretEventHeld](evs)
	if len(held) != 1 || held[0].Card != 7 || !held[0].Extra || !held[0].Playable {
		t.Fatalf("secret events %+v, want Russia's extra card 7", held)
	}
	if !slices.Equal(s.Events.InPlay, []int{1, 2, 3, 4, 5, 6, 7}) {
		t.Errorf("cards in play %v", s.Events.InPlay)
	}
	_, evs, _ = adjudicator.Resolve(s, map[storm.Power][]storm.Order{})
	found := false
	for _, a := range randomevent.AllEvents[event.RandomEventApplied](evs) {
		if a.Card == 7 && a.Power == storm.Russia {
			found = true
			if a.Rule != "9.13" || len(a.Outcomes) != 0 {
				t.Errorf("unplayed extra event %+v, want discarded without effect (9.13)", a)
			}
		}
	}
	if !found {
		t.Error("unplayed extra event not revealed")
	}
}

// Without a deck the random events phase is as before.
func TestNoDeckUnchanged(t *testing.T) {
	_, evs, _ := adjudicator.Resolve(setup.NewGame(6), nil)
	sk, ok := enginetest.FirstOf[event.SegmentSkipped](evs)
	if !ok || sk.Segment != storm.SegRandomEvents {
		t.Errorf("first skipped segment %+v, want the random events phase", sk)
	}
	if _, ok := enginetest.FirstOf[event.EventCardTurned](evs); ok {
		t.Error("a card drawn without a deck")
	}
}

// Physical-deck mode: stacked cards are drawn in the order named.
func TestStackDraws(t *testing.T) {
	s := setup.NewGameWithDeck(7, enginetest.TestDeck(12, nil))
	s, err := randomevent.StackDraws(s, 9, 2, 11)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := randomevent.StackDraws(s, 2); err == nil {
		t.Error("card 2 stacked twice")
	}
	if _, err := randomevent.StackDraws(s, 40); err == nil {
		t.Error("card 40 is not in the deck")
	}
	after, _, _ := adjudicator.Resolve(s, nil)
	if got := after.Events.InPlay[:3]; !slices.Equal(got, []int{9, 2, 11}) {
		t.Errorf("drawn %v, want 9 2 11 first", got)
	}
}

// Rule 15.31: a general research event is in effect from the start of the
// research segment, before points are assigned (atomic research allowed,
// 15.31B, at once); its doubling (15.31A) waits for the points assigned
// and is applied at the end of the economic phase, once.
func TestRule15_31GeneralResearchEventTiming(t *testing.T) {
	d := enginetest.TestDeck(12, func(c *storm.Card) {
		if c.Number == 1 {
			c.General = storm.CardEvent{Title: "Physics", Category: storm.CategoryResearch, Effects: []storm.Effect{
				{Kind: storm.EffectAtomicAllowed}, {Kind: storm.EffectResearchDoubled, Project: "air range", Value: 3}}}
		}
	})
	s, _ := randomevent.StackDraws(setup.NewGameWithDeck(9, d), 1, 2, 3, 4, 5, 6)
	s, evs, err := adjudicator.Resolve(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !s.Sheets.Permits.Atomic {
		t.Error("atomic research not allowed during the economic phase of the card's turn (15.31B)")
	}
	a, _ := enginetest.FirstOf[event.RandomEventApplied](evs)
	if a.Card != 1 || len(a.Outcomes) != 1 || a.Outcomes[0].Kind != storm.EffectAtomicAllowed {
		t.Errorf("general event applied %+v, want the atomic permit only", a)
	}
	held := s.Events.Held
	if len(held) != 1 || !held[0].Doubling || held[0].At != storm.RevealEconomicEnd {
		t.Fatalf("held %+v, want the doubling until the end of the economic phase", held)
	}
	_, evs, err = adjudicator.Resolve(s, map[storm.Power][]storm.Order{})
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range randomevent.AllEvents[event.RandomEventApplied](evs) {
		if a.Card == 1 && a.Power == 0 {
			if len(a.Outcomes) != 1 || a.Outcomes[0].Kind != storm.EffectResearchDoubled {
				t.Errorf("at the end of the economic phase %+v, want the doubling only", a)
			}
		}
	}
}

// TestRule9_41DescribeEffectInPlainWords: a secret event's effects are
// told in the rulebook's words with the card's figures written in, never
// with the deck vocabulary's identifiers.
func TestRule9_41DescribeEffectInPlainWords(t *testing.T) {
	for e, want := range map[storm.Effect]string{
		{Kind: storm.EffectConditionalSupport, Value: -2, Per: 2, Max: 2, Condition: storm.ConditionFlags}: "Germany: support changes by -2, plus 1 for every 2 of the power's flags in minor countries, the addition limited to 2 (rule 10.41B, 11.52A)",
		// The illustrative deck's "Admirals' lobby": no per (1), a
		// research category.
		{Kind: storm.EffectConditionalSupport, Value: -1, Max: 2, Condition: storm.ConditionResearchResults, Research: "naval"}: "Germany: support changes by -1, plus 1 for every 1 of the naval research results so far, the addition limited to 2 (rule 10.41B, 11.52A)",
		{Kind: storm.EffectExtraMilitaryCounter}:                                            "Germany: the power may place 1 additional military counters (rule 10.22, 24.4)",
		{Kind: storm.EffectExtraMilitaryCounter, Value: 2}:                                  "Germany: the power may place 2 additional military counters (rule 10.22, 24.4)",
		{Kind: storm.EffectFlexibleModifier, Region: "Balkans", Value: 2, Side: storm.Axis}: "for the Axis: a diplomatic modifier of strength 2 in one target of the Balkans, chosen by the favoured side (rule 4.16)",
	} {
		got := randomevent.DescribeEffect(e, storm.Germany)
		if strings.Contains(got, string(e.Kind)) || strings.Contains(got, "seed") {
			t.Errorf("identifier in %q", got)
		}
		if got != want {
			t.Errorf("got  %q\nwant %q", got, want)
		}
	}
}

// TestRule10_41BEveryConditionHasWords: a conditional support effect
// names what it counts in words, whichever condition the card gives.
func TestRule10_41BEveryConditionHasWords(t *testing.T) {
	for _, c := range storm.SupportConditions {
		if randomevent.ConditionWords[c] == "" {
			t.Errorf("no words for the condition %q", c)
		}
	}
}

// TestRule15_32BDescribeDefaultsPerParameter: a parameter the card leaves
// out reads as its own default, whatever other parameters it gives.
func TestRule15_32BDescribeDefaultsPerParameter(t *testing.T) {
	got := randomevent.DescribeEffect(storm.Effect{Kind: storm.EffectResearchSteps, Value: 2, Research: "air"}, storm.Italy)
	if want := "Italy: 1 projects advance 2 steps each: the project, or projects of the category chosen by the player (rule 15.32B)"; got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	if strings.Contains(got, "count") || strings.Contains(got, "value") {
		t.Errorf("a parameter word left in %q", got)
	}
}
