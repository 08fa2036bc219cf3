package adjudicator_test

import (
	"encoding/json"
	"reflect"
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

func setOrder(args ...string) storm.Order { return storm.Order{Kind: storm.SetState, Args: args} }

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// economicState is a game without a deck in the economic phase of Spring
// 1935.
func economicState(t *testing.T) storm.State {
	t.Helper()
	s, _, err := adjudicator.Resolve(setup.NewGame(5), nil)
	if err != nil {
		t.Fatal(err)
	}
	if s.Segment != storm.SegEconomic {
		t.Fatalf("segment %s", s.Segment)
	}
	return s
}

// The moderator's fixes: each form sets its figure and nothing else, one
// public StateFixed each; the view shows the figures fixed; the segment,
// the turn and the generator stay; the input is not mutated and the same
// input gives the same output.
func TestSetFixesEachForm(t *testing.T) {
	s := economicState(t)
	orig := mustJSON(t, s)
	fixes := []storm.Order{
		setOrder(storm.FixTiles, "germany", "15"),
		setOrder(storm.FixSupport, "italy", "-2"),
		setOrder(storm.FixFlags, "Poland", "2", "germany"),
		setOrder(storm.FixEAI, "3"),
		setOrder(storm.FixClimate, "-1"),
	}
	if errs := adjudicator.ValidateFixes(s, fixes); errs != nil {
		t.Fatalf("ValidateFixes: %s", errorsText(errs))
	}
	n, evs, err := adjudicator.ApplyFixes(s, fixes)
	if err != nil {
		t.Fatal(err)
	}
	if mustJSON(t, s) != orig {
		t.Fatal("ApplyFixes mutated its input")
	}
	n2, evs2, _ := adjudicator.ApplyFixes(s, fixes)
	if mustJSON(t, n) != mustJSON(t, n2) || !reflect.DeepEqual(evs, evs2) {
		t.Fatal("ApplyFixes is not deterministic")
	}
	if n.Turn != s.Turn || n.Segment != s.Segment || n.RNG != s.RNG {
		t.Errorf("turn, segment or generator changed: %s %s %+v", n.Turn, n.Segment, n.RNG)
	}
	pl := n.Minor("Poland")
	if n.Powers[storm.Germany].TilePoints != 15 || n.Powers[storm.Italy].Support != -2 || n.EAI != 3 || n.EconomicClimate != -1 ||
		pl.Flags != 2 || pl.FlagPower != storm.Germany {
		t.Errorf("fixed state: tiles %d, support %d, EAI %d, climate %d, Poland %d %s", n.Powers[storm.Germany].TilePoints,
			n.Powers[storm.Italy].Support, n.EAI, n.EconomicClimate, pl.Flags, pl.FlagPower)
	}
	want := []event.StateFixed{
		{Turn: s.Turn, What: storm.FixTiles, Power: storm.Germany, Before: itoa(s.Powers[storm.Germany].TilePoints), After: "15", Rule: "6.1"},
		{Turn: s.Turn, What: storm.FixSupport, Power: storm.Italy, Before: adjudicator.SignedWord(s.Powers[storm.Italy].Support), After: "-2", Rule: "10.31"},
		{Turn: s.Turn, What: storm.FixFlags, Power: storm.Germany, Country: "Poland", Before: "1 France", After: "2 Germany", Rule: "24.18, 24.21"},
		{Turn: s.Turn, What: storm.FixEAI, Before: adjudicator.SignedWord(s.EAI), After: "+3", Rule: "23"},
		{Turn: s.Turn, What: storm.FixClimate, Before: adjudicator.SignedWord(s.EconomicClimate), After: "-1", Rule: "11.31"},
	}
	got := randomevent.AllEvents[event.StateFixed](evs)
	if len(got) != len(evs) || !reflect.DeepEqual(got, want) {
		t.Errorf("events\n%+v\nwant\n%+v", evs, want)
	}
	for _, e := range evs {
		if !e.Visibility().Public {
			t.Errorf("%+v not public", e)
		}
	}
	v := adjudicator.Derive(n).Public
	if v.EAI != 3 || v.EconomicClimate != -1 || v.Powers[0].TilePoints != 15 || v.Powers[1].Support != -2 {
		t.Errorf("view: EAI %d, climate %d, powers %+v", v.EAI, v.EconomicClimate, v.Powers[:2])
	}
	for _, tv := range v.Targets {
		if tv.Name == "Poland" && (tv.Flags != 2 || tv.FlagPower != storm.Germany) {
			t.Errorf("view of Poland %+v", tv)
		}
	}
	if got := fixes[2].String(); got != "SET FLAGS POLAND 2 GERMANY" {
		t.Errorf("String %q", got)
	}
	// The fixed state resolves on.
	if _, _, err := adjudicator.Resolve(n, map[storm.Power][]storm.Order{}); err != nil {
		t.Fatal(err)
	}
}

func itoa(n int) string { return strings.TrimPrefix(adjudicator.SignedWord(n), "+") }

// Fixes are checked in order, each against the state the ones before it
// leave; a refused fix names its rule and its index, and nothing is
// applied.
func TestValidateFixesRefuses(t *testing.T) {
	s := economicState(t)
	for _, tc := range []struct {
		fix  storm.Order
		want string
	}{
		{setOrder(storm.FixTiles, "prussia", "3"), `"prussia" is not a major power`},
		{setOrder(storm.FixTiles, "germany", "-1"), "rule 6.12: tile points are 0..999"},
		{setOrder(storm.FixTiles, "germany", "x"), `"x" is not a number`},
		{setOrder(storm.FixSupport, "france", "21"), "rule 10.14"},
		{setOrder(storm.FixEAI, "6"), "rule 23.26: the EAI is -5..+5"},
		{setOrder(storm.FixClimate, "-4"), "rule 11.34: the economic climate is -3..+3"},
		{setOrder(storm.FixFlags, "Atlantis", "1", "france"), `rule 24.21: "Atlantis" is not a diplomatic target`},
		{setOrder(storm.FixFlags, "Russia", "1", "germany"), "Russia is not a minor country"},
		{setOrder(storm.FixFlags, "Poland", "5", "france"), "rule 24.82D: a country holds 0..4 flags"},
		{setOrder(storm.FixFlags, "Greece", "2"), "rule 24.18: Greece has no flags: name the power"},
		{setOrder(storm.FixFlags, "Poland", "1", "kaiser"), `"kaiser" is not a major power`},
		{setOrder(storm.FixDeck, "physical"), "rule 8.4: the game has no random event deck"},
		{setOrder(storm.FixDeck, "paper"), "SET DECK needs FILE or PHYSICAL"},
		{setOrder(storm.FixHeld, "7", "discard"), "rule 8.4: the game has no random event deck"},
		{setOrder("morale", "3"), "SET MORALE: not a figure"},
		{setOrder(), "SET needs what to set"},
		{storm.Order{Kind: storm.Convert, From: storm.Idle}, "CONVERT is not a SET order"},
	} {
		errs := adjudicator.ValidateFixes(s, []storm.Order{setOrder(storm.FixEAI, "1"), tc.fix})
		if len(errs) != 1 || errs[0].Index != 1 || !strings.Contains(errs[0].Error(), tc.want) {
			t.Errorf("%v: %s, want %q", tc.fix, errorsText(errs), tc.want)
			continue
		}
		if _, _, err := adjudicator.ApplyFixes(s, []storm.Order{tc.fix}); err == nil {
			t.Errorf("%v applied", tc.fix)
		}
	}
	// A country with flags takes its flag power's; the second fix sees the first.
	if errs := adjudicator.ValidateFixes(s, []storm.Order{setOrder(storm.FixFlags, "Greece", "1", "italy"), setOrder(storm.FixFlags, "Greece", "3")}); errs != nil {
		t.Errorf("sequential flags: %s", errorsText(errs))
	}
	ended := s.Clone()
	ended.Ended = true
	if errs := adjudicator.ValidateFixes(ended, []storm.Order{setOrder(storm.FixEAI, "1")}); len(errs) != 1 || errs[0].Rule != "33.11" {
		t.Errorf("fix of an ended game: %s", errorsText(errs))
	}
}

// Rules 24.18, 24.82B, 24.82D: SET FLAGS sets one power's flags; its
// partner's stay and the opposing side's go; 0 without a power empties
// the country, 0 with a power removes that power's; four flags at most.
func TestSetFlags(t *testing.T) {
	s := economicState(t)
	pl := s.Minor("Poland")
	pl.FlagPower, pl.Flags, pl.PartnerFlags, pl.RussianFlags = storm.France, 2, 1, 1
	for _, tc := range []struct {
		fix  storm.Order
		want string // the flags after, as StateFixed words them; "" refused under 24.82D
	}{
		{setOrder(storm.FixFlags, "poland", "1"), "1 France +1 Britain +1 Russia"},
		{setOrder(storm.FixFlags, "POLAND", "3"), ""}, // five flags in all
		{setOrder(storm.FixFlags, "Poland", "2", "britain"), ""},
		{setOrder(storm.FixFlags, "Poland", "2", "russia"), ""},
		{setOrder(storm.FixFlags, "Poland", "1", "germany"), "1 Germany"},
		{setOrder(storm.FixFlags, "Poland", "0", "france"), "1 Britain +1 Russia"},
		{setOrder(storm.FixFlags, "Poland", "0"), "none"},
	} {
		n, evs, err := adjudicator.ApplyFixes(s, []storm.Order{tc.fix})
		if tc.want == "" {
			if err == nil || !strings.Contains(err.Error(), "rule 24.82D") {
				t.Errorf("%v: %v, want a refusal under 24.82D", tc.fix, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%v: %v", tc.fix, err)
			continue
		}
		e, _ := enginetest.FirstOf[event.StateFixed](evs)
		if e.Before != "2 France +1 Britain +1 Russia" || e.After != tc.want || adjudicator.FlagWords(*n.Minor("Poland")) != tc.want {
			t.Errorf("%v: %+v, want after %q", tc.fix, e, tc.want)
		}
	}
	// With the Nazi-Soviet Pact in effect, Russian and Allied flags do
	// not share a country (24.82B).
	pact := s.Clone()
	pact.SupportFacts.PactSigned = &storm.FirstTurn
	n, _, err := adjudicator.ApplyFixes(pact, []storm.Order{setOrder(storm.FixFlags, "Poland", "2", "russia")})
	if err != nil || adjudicator.FlagWords(*n.Minor("Poland")) != "2 Russia" {
		t.Errorf("Russia's flags under the pact: %v, %s", err, adjudicator.FlagWords(*n.Minor("Poland")))
	}
	// Italy's flags beside Germany's: the one with more is the flag power.
	n, _, err = adjudicator.ApplyFixes(s, []storm.Order{setOrder(storm.FixFlags, "Austria", "2", "italy")})
	if err != nil || adjudicator.FlagWords(*n.Minor("Austria")) != "2 Italy +1 Germany" {
		t.Errorf("Austria: %v, %s", err, adjudicator.FlagWords(*n.Minor("Austria")))
	}
}

// SET DECK: a file-deck game switched to physical waits for the
// moderator's draw in its random events phase, and ResolveDraw resolves
// it; a physical-deck game waiting for the draw switched to the file
// resolves its random events phase with Resolve, drawing from the pile.
func TestSetDeckBothWays(t *testing.T) {
	d := enginetest.TestDeck(20, nil)
	file := setup.NewGameWithDeck(3, d)
	if adjudicator.AwaitsDraw(file) {
		t.Fatal("a file-deck game waits for a draw")
	}
	phys, evs, err := adjudicator.ApplyFixes(file, []storm.Order{setOrder(storm.FixDeck, storm.DeckPhysical)})
	if err != nil {
		t.Fatal(err)
	}
	if e, _ := enginetest.FirstOf[event.StateFixed](evs); e.Before != storm.DeckFile || e.After != storm.DeckPhysical || !e.Visibility().Public {
		t.Errorf("event %+v", e)
	}
	if !adjudicator.AwaitsDraw(phys) || file.Events.Physical || !adjudicator.Derive(phys).Public.AwaitsDraw || adjudicator.Derive(phys).Moderator == nil {
		t.Fatal("SET DECK PHYSICAL: the game does not wait for the draw")
	}
	after, _, err := adjudicator.ResolveDraw(phys, drawOrders("none", 17, 4, 9, 12, 1, 20))
	if err != nil {
		t.Fatal(err)
	}
	if after.Segment != storm.SegEconomic {
		t.Errorf("after the draw: %s", after.Segment)
	}

	waiting := physicalGame(t, 3, d)
	back, evs, err := adjudicator.ApplyFixes(waiting, []storm.Order{setOrder(storm.FixDeck, storm.DeckFile)})
	if err != nil {
		t.Fatal(err)
	}
	if e, _ := enginetest.FirstOf[event.StateFixed](evs); e.Before != storm.DeckPhysical || e.After != storm.DeckFile {
		t.Errorf("event %+v", e)
	}
	if adjudicator.AwaitsDraw(back) || back.Segment != storm.SegRandomEvents || !waiting.Events.Physical {
		t.Fatalf("SET DECK FILE: awaits %v in %s", adjudicator.AwaitsDraw(back), back.Segment)
	}
	next, evs, err := adjudicator.Resolve(back, nil)
	if err != nil {
		t.Fatal(err)
	}
	if next.Segment != storm.SegEconomic || len(randomevent.AllEvents[event.RandomEventApplied](evs)) == 0 {
		t.Errorf("after Resolve: %s, %d events applied", next.Segment, len(randomevent.AllEvents[event.RandomEventApplied](evs)))
	}
	if _, ok := enginetest.FirstOf[event.CardDrawnByJudge](evs); ok {
		t.Error("a file-deck game told the moderator of its draws")
	}
	// The same file game resolved without the detour draws the same cards.
	plain, _, _ := adjudicator.Resolve(setup.NewGameWithDeck(3, d), nil)
	if mustJSON(t, plain.Events) != mustJSON(t, next.Events) {
		t.Error("the detour through physical-deck mode changed the draw")
	}
	if _, err := adjudicator.FileDeck(setup.NewGame(1)); err == nil {
		t.Error("FileDeck without a deck")
	}
}

// SET HELD <card> DISCARD: a secret event held this turn leaves play
// unplayed for the discard pile (8.31, 8.43); the holder is told which,
// everyone else only that a held event was discarded. Refused for a card
// nobody holds secretly, and once the holder's diplomatic placements may
// rest on it.
func TestSetHeldDiscard(t *testing.T) {
	d := enginetest.TestDeck(12, func(c *storm.Card) {
		ev := c.National[storm.Italy]
		ev.Secret, ev.Title = true, "Secret rally"
		ev.Effects = []storm.Effect{{Kind: storm.EffectSupport, Value: 2}}
		c.National[storm.Italy] = ev
	})
	s, evs, err := adjudicator.Resolve(setup.NewGameWithDeck(3, d), nil)
	if err != nil {
		t.Fatal(err)
	}
	held, ok := enginetest.FirstOf[event.SecretEventHeld](evs)
	if !ok {
		t.Fatal("no secret event held")
	}
	card := itoa(held.Card)
	s.Events.Chosen = []storm.EventChoice{{Card: held.Card, Power: storm.Italy, Choice: []string{"x"}}}
	orig := mustJSON(t, s)
	n, evs, err := adjudicator.ApplyFixes(s, []storm.Order{setOrder(storm.FixHeld, card, storm.HeldDiscard)})
	if err != nil {
		t.Fatal(err)
	}
	if mustJSON(t, s) != orig {
		t.Fatal("input mutated")
	}
	if len(randomevent.HeldEvents(n, storm.Italy)) != 0 || slices.Contains(n.Events.InPlay, held.Card) || !slices.Contains(n.Events.Discard, held.Card) ||
		slices.Contains(n.Events.Removed, held.Card) || n.Events.Chosen != nil {
		t.Errorf("deck after the discard: %+v", n.Events)
	}
	fixed := randomevent.AllEvents[event.StateFixed](evs)
	if len(fixed) != 2 {
		t.Fatalf("events %+v", evs)
	}
	mine, pub := fixed[0], fixed[1]
	if mine.Visibility() != (event.Visibility{Power: storm.Italy}) || mine.Card != held.Card || mine.Title != "Secret rally" {
		t.Errorf("holder's event %+v", mine)
	}
	if !pub.Visibility().Public || pub.Card != 0 || pub.Title != "" || pub.Power != 0 || pub.What != storm.FixHeld {
		t.Errorf("public event %+v", pub)
	}
	// The turn goes on without it: the economic phase resolves, and the
	// event never takes effect.
	after, evs, err := adjudicator.Resolve(n, map[storm.Power][]storm.Order{})
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range randomevent.AllEvents[event.RandomEventApplied](evs) {
		if a.Card == held.Card && a.Power == storm.Italy {
			t.Errorf("the discarded event took effect: %+v", a)
		}
	}
	if after.Turn == s.Turn {
		t.Errorf("the turn did not end: %s %s", after.Turn, after.Segment)
	}

	if errs := adjudicator.ValidateFixes(n, []storm.Order{setOrder(storm.FixHeld, card, storm.HeldDiscard)}); len(errs) != 1 || errs[0].Rule != "8.31" {
		t.Errorf("a card no longer held: %s", errorsText(errs))
	}
	placed := s.Clone()
	placed.Diplomacy.Placements = []storm.Placement{{Power: storm.Italy, Country: "Greece", Strength: 1, Round: storm.SegDiplomacyAxis1}}
	if errs := adjudicator.ValidateFixes(placed, []storm.Order{setOrder(storm.FixHeld, card, storm.HeldDiscard)}); len(errs) != 1 || errs[0].Rule != "24.5" {
		t.Errorf("after Italy's placements: %s", errorsText(errs))
	}
	if errs := adjudicator.ValidateFixes(s, []storm.Order{setOrder(storm.FixHeld, card, "play")}); len(errs) != 1 {
		t.Errorf("SET HELD without DISCARD accepted")
	}
}
