package adjudicator_test

import (
	"encoding/json"
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

func physicalGame(t *testing.T, seed uint64, d storm.Deck) storm.State {
	t.Helper()
	s, err := adjudicator.PhysicalDeck(setup.NewGameWithDeck(seed, d))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func drawOrders(purge string, cards ...int) []storm.Order {
	return []storm.Order{{Kind: storm.DrawPurge, Args: []string{purge}, Line: 1}, {Kind: storm.DrawCards, Cards: cards, Line: 2}}
}

func errorsText(errs []storm.OrderError) string {
	var b strings.Builder
	for _, e := range errs {
		b.WriteString(e.Error() + "\n")
	}
	return b.String()
}

// Rule 9.12 in physical-deck mode: the game waits in the random events
// phase for the moderator's draw; the named cards are applied in the order
// drawn (face up first, then one per power), the named purge card is
// Russia's (22.41), and nothing is drawn at random.
func TestRule9_12PhysicalDeckDraw(t *testing.T) {
	s := physicalGame(t, 3, enginetest.TestDeck(20, nil))
	if !adjudicator.AwaitsDraw(s) {
		t.Fatal("a physical-deck game does not wait for the draw")
	}
	if _, _, err := adjudicator.Resolve(s, nil); err == nil {
		t.Fatal("Resolve drew without the moderator")
	}
	plan := randomevent.PlanDraw(s)
	if plan.Cards != 6 || plan.DrawPile != 20 || !slices.Equal(plan.PurgeDeck, []storm.PurgeCard{storm.NoPurge, storm.MilitaryPurge, storm.PartyPurge}) {
		t.Fatalf("plan %+v", plan)
	}
	after, evs, err := adjudicator.ResolveDraw(s, drawOrders("party", 17, 4, 9, 12, 1, 20))
	if err != nil {
		t.Fatal(err)
	}
	if after.Segment != storm.SegEconomic || adjudicator.AwaitsDraw(after) {
		t.Fatalf("after the draw: %s", after.Segment)
	}
	if turned, _ := enginetest.FirstOf[event.EventCardTurned](evs); turned.Card != 17 {
		t.Errorf("face-up card %d, want 17", turned.Card)
	}
	applied := randomevent.AllEvents[event.RandomEventApplied](evs)
	for i, p := range storm.Powers {
		if want := []int{4, 9, 12, 1, 20}[i]; applied[i+1].Power != p || applied[i+1].Card != want {
			t.Errorf("%s dealt %+v, want card %d", p, applied[i+1], want)
		}
	}
	if pc, _ := enginetest.FirstOf[event.PurgeCardDrawn](evs); pc.Card != storm.PartyPurge || after.Russia.PurgeCard != storm.PartyPurge {
		t.Errorf("purge card %+v, want the party purge", pc)
	}
	if len(after.Events.Stacked) != 0 || after.Events.StackedPurge != "" || len(after.Events.DrawPile) != 14 {
		t.Errorf("stack %v/%q, pile %d", after.Events.Stacked, after.Events.StackedPurge, len(after.Events.DrawPile))
	}
	if _, ok := enginetest.FirstOf[event.CardDrawnByJudge](evs); ok {
		t.Error("the judge drew a card although every card was named")
	}
	// The next turn waits again.
	next, _, err := adjudicator.Resolve(after, map[storm.Power][]storm.Order{})
	if err != nil {
		t.Fatal(err)
	}
	if !adjudicator.AwaitsDraw(next) || next.Turn == s.Turn {
		t.Errorf("next turn %s %s does not wait for the draw", next.Turn, next.Segment)
	}
}

// Rules 9.12-9.13, 22.41-22.45: a draw naming too few or too many cards, a
// card not in the deck, in play or named twice, a purge card not in
// Russia's purge deck or a missing PURGE is refused with the count the
// turn draws, and changes nothing.
func TestRule9_12PhysicalDrawRefused(t *testing.T) {
	s := physicalGame(t, 3, enginetest.TestDeck(20, nil))
	s.Russia.PurgeCard = storm.PartyPurge // drawn last turn: set aside (22.45)
	cases := []struct {
		name   string
		orders []storm.Order
		want   string
		index  int
	}{
		{"too few", drawOrders("military", 1, 2, 3), "this turn draws at least 6 cards", 1},
		{"too many", drawOrders("military", 1, 2, 3, 4, 5, 6, 7), "put card 7 back", 1},
		{"unknown card", drawOrders("military", 1, 2, 3, 4, 5, 66), "card 66 is not in the deck", 1},
		{"twice", drawOrders("military", 1, 2, 3, 4, 5, 1), "card 1 is named twice", 1},
		{"party purge again", drawOrders("party", 1, 2, 3, 4, 5, 6), "cannot draw the party purge", 0},
		{"great purge not in deck", drawOrders("great", 1, 2, 3, 4, 5, 6), "no purge, military purge", 0},
		{"no purge line", []storm.Order{{Kind: storm.DrawCards, Cards: []int{1, 2, 3, 4, 5, 6}}}, "no PURGE", 0},
		{"no draw", []storm.Order{{Kind: storm.DrawPurge, Args: []string{"none"}}}, "no DRAW", 0},
		{"bad purge word", []storm.Order{{Kind: storm.DrawPurge, Args: []string{"grand"}}, {Kind: storm.DrawCards, Cards: []int{1, 2, 3, 4, 5, 6}}}, "PURGE needs a purge card", 0},
		{"player order", []storm.Order{{Kind: storm.Play, Card: 3}}, "not an order of the moderator's draw", 0},
	}
	before, _ := json.Marshal(s)
	for _, c := range cases {
		errs := adjudicator.ValidateDraw(s, c.orders)
		text := errorsText(errs)
		if !strings.Contains(text, c.want) {
			t.Errorf("%s: errors\n%s\nwant %q", c.name, text, c.want)
			continue
		}
		found := false
		for _, e := range errs {
			found = found || (strings.Contains(e.Error(), c.want) && e.Index == c.index)
		}
		if !found {
			t.Errorf("%s: the error is not on order %d: %+v", c.name, c.index, errs)
		}
		if _, _, err := adjudicator.ResolveDraw(s, c.orders); err == nil {
			t.Errorf("%s: ResolveDraw accepted it", c.name)
		}
	}
	if after, _ := json.Marshal(s); string(after) != string(before) {
		t.Error("a refused draw changed the state")
	}
	if errs := adjudicator.ValidateDraw(s, drawOrders("none", 1, 2, 3, 4, 5, 6)); len(errs) > 0 {
		t.Errorf("a good draw refused: %s", errorsText(errs))
	}
}

// Rule 9.13 in physical-deck mode: a card whose public event deals an
// additional event makes the turn draw one card more; the refusal says why,
// and the draw naming it is taken.
func TestRule9_13PhysicalDrawCountsAdditionalEvents(t *testing.T) {
	d := enginetest.TestDeck(20, func(c *storm.Card) {
		if c.Number == 3 {
			c.National[storm.Italy] = storm.CardEvent{Title: "More", Category: storm.CategoryEconomic,
				Effects: []storm.Effect{{Kind: storm.EffectExtraRandomEvent, Value: 1}}}
		}
	})
	s := physicalGame(t, 4, d)
	errs := adjudicator.ValidateDraw(s, drawOrders("none", 1, 2, 3, 4, 5, 6))
	if text := errorsText(errs); !strings.Contains(text, "you named 6: draw at least 1 more") {
		t.Fatalf("errors:\n%s", text)
	}
	errs = adjudicator.ValidateDraw(s, drawOrders("none", 1, 2, 3, 4, 5, 6, 7, 8))
	if text := errorsText(errs); !strings.Contains(text, "this turn draws 7 cards") || !strings.Contains(text, "1 more dealt by the cards' own events (9.13)") ||
		!strings.Contains(text, "put card 8 back") {
		t.Fatalf("errors:\n%s", text)
	}
	after, evs, err := adjudicator.ResolveDraw(s, drawOrders("none", 1, 2, 3, 4, 5, 6, 7))
	if err != nil {
		t.Fatal(err)
	}
	// Italy's extra card is drawn right after its own (9.13), before
	// Britain's.
	var dealt []int
	for _, a := range randomevent.AllEvents[event.RandomEventApplied](evs) {
		if a.Power == storm.Italy {
			dealt = append(dealt, a.Card)
		}
	}
	slices.Sort(dealt)
	if !slices.Equal(dealt, []int{3, 4}) || !slices.Equal(after.Events.InPlay, []int{1, 2, 3, 4, 5, 6, 7}) {
		t.Errorf("Italy dealt %v, in play %v", dealt, after.Events.InPlay)
	}
}

// Rule 8.44 in physical-deck mode: a discarded card may be named only once
// the draw pile is used up, which stands for the reshuffle.
func TestRule8_44PhysicalReshuffle(t *testing.T) {
	s := physicalGame(t, 5, enginetest.TestDeck(8, nil))
	s, _, err := adjudicator.ResolveDraw(s, drawOrders("none", 1, 2, 3, 4, 5, 6))
	if err != nil {
		t.Fatal(err)
	}
	s, _, err = adjudicator.Resolve(s, map[storm.Power][]storm.Order{}) // the turn ends: 1-6 discarded
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(s.Events.Discard, []int{1, 2, 3, 4, 5, 6}) {
		t.Fatalf("discard %v", s.Events.Discard)
	}
	errs := adjudicator.ValidateDraw(s, drawOrders("party", 1, 7, 8, 2, 3, 4))
	if text := errorsText(errs); !strings.Contains(text, "card 1 is in the discard pile, and 2 cards are still to be drawn") {
		t.Fatalf("errors:\n%s", text)
	}
	after, evs, err := adjudicator.ResolveDraw(s, drawOrders("military", 7, 8, 1, 2, 3, 4))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := enginetest.FirstOf[event.EventDeckReshuffled](evs); !ok {
		t.Error("no reshuffle reported")
	}
	if !slices.Equal(after.Events.DrawPile, []int{5, 6}) || len(after.Events.Discard) != 0 {
		t.Errorf("pile %v, discard %v after the reshuffle", after.Events.DrawPile, after.Events.Discard)
	}
}

// A card needed after the random events phase in a physical-deck game is
// drawn by the judge from the file's pile, and the moderator is told which
// (visible to the moderator only).
func TestPhysicalDeckLaterDrawToldToModerator(t *testing.T) {
	d := enginetest.TestDeck(20, func(c *storm.Card) {
		if c.Number == 2 {
			c.National[storm.Germany] = storm.CardEvent{Title: "Secret more", Secret: true, Category: storm.CategorySupport,
				Effects: []storm.Effect{{Kind: storm.EffectExtraRandomEvent, Value: 1}}}
		}
	})
	s := physicalGame(t, 6, d)
	s, _, err := adjudicator.ResolveDraw(s, drawOrders("none", 1, 2, 3, 4, 5, 6))
	if err != nil {
		t.Fatal(err)
	}
	top := s.Events.DrawPile[0]
	_, evs, err := adjudicator.Resolve(s, map[storm.Power][]storm.Order{storm.Germany: {{Kind: storm.Play, Card: 2}}})
	if err != nil {
		t.Fatal(err)
	}
	c, ok := enginetest.FirstOf[event.CardDrawnByJudge](evs)
	if !ok || c.Card != top || c.Power != storm.Germany {
		t.Fatalf("judge's draw %+v, want card %d for Germany", c, top)
	}
	if v := c.Visibility(); v.Public || v.Power != 0 || !v.Moderator {
		t.Errorf("visibility %+v, want the moderator only", v)
	}
}

// The draw is data: the same state and orders give the same result, and a
// game's state survives JSON with its mode and stack.
func TestPhysicalDeckDeterministic(t *testing.T) {
	s := physicalGame(t, 8, enginetest.TestDeck(20, nil))
	a, _, err := adjudicator.ResolveDraw(s, drawOrders("military", 5, 6, 7, 8, 9, 10))
	if err != nil {
		t.Fatal(err)
	}
	b, _, _ := adjudicator.ResolveDraw(s, drawOrders("military", 5, 6, 7, 8, 9, 10))
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	if string(ja) != string(jb) {
		t.Error("the same draw gave two states")
	}
	var back storm.State
	if err := json.Unmarshal(ja, &back); err != nil || !back.Events.Physical {
		t.Errorf("physical mode lost in JSON: %v", err)
	}
}

func TestParsePurgeCard(t *testing.T) {
	for in, want := range map[string]storm.PurgeCard{"none": storm.NoPurge, "No Purge": storm.NoPurge, "MILITARY": storm.MilitaryPurge,
		"party purge": storm.PartyPurge, "great": storm.GreatPurge} {
		if got, ok := storm.ParsePurgeCard(in); !ok || got != want {
			t.Errorf("%q: %q %v", in, got, ok)
		}
	}
	if _, ok := storm.ParsePurgeCard("grand"); ok {
		t.Error("grand accepted")
	}
}

// Rules 9.14-9.16: the plan words the additional events in the order of
// play, for the moderator's prompt and the refusals.
func TestRule9_14DrawPlanAdditional(t *testing.T) {
	p := randomevent.DrawPlan{Extra: map[storm.Power]int{storm.Russia: 2, storm.Germany: 1}}
	if got := p.Additional(); got != "Germany 1, Russia 2" {
		t.Errorf("Additional = %q", got)
	}
	if got := (randomevent.DrawPlan{}).Additional(); got != "" {
		t.Errorf("Additional of none = %q", got)
	}
	s := physicalGame(t, 3, enginetest.TestDeck(20, nil))
	s.Russia.PurgeEvents = 30 // full cohesion since last turn: one more (9.16A)
	since := s.Turn
	since.Year--
	s.Russia.FullCohesionSince = &since
	if plan := randomevent.PlanDraw(s); plan.Extra[storm.Russia] == 0 || plan.Cards != 6+plan.Extra[storm.Russia] {
		t.Errorf("plan at full cohesion %+v", plan)
	}
}
