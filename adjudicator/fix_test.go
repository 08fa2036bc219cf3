package adjudicator

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// fixRoundTripEvents are the events of the moderator's fixes, for
// TestEventsRoundTrip.
func fixRoundTripEvents() []Event {
	t := FirstTurn
	return []Event{
		StateFixed{Turn: t, What: FixTiles, Power: Germany, Before: "12", After: "15", Rule: "6.1"},
		StateFixed{Turn: t, What: FixFlags, Power: France, Country: "Poland", Before: "1 France", After: "2 France +1 Britain", Rule: "24.18, 24.21"},
		StateFixed{Turn: t, What: FixHeld, Power: Italy, Card: 7, Title: "Secret rally", Before: "held", After: HeldDiscard, Rule: "8.31, 8.43", Private: true},
	}
}

func setOrder(args ...string) Order { return Order{Kind: SetState, Args: args} }

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
func economicState(t *testing.T) State {
	t.Helper()
	s, _, err := Resolve(NewGame(5), nil)
	if err != nil {
		t.Fatal(err)
	}
	if s.Segment != SegEconomic {
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
	fixes := []Order{
		setOrder(FixTiles, "germany", "15"),
		setOrder(FixSupport, "italy", "-2"),
		setOrder(FixFlags, "Poland", "2", "germany"),
		setOrder(FixEAI, "3"),
		setOrder(FixClimate, "-1"),
	}
	if errs := ValidateFixes(s, fixes); errs != nil {
		t.Fatalf("ValidateFixes: %s", errorsText(errs))
	}
	n, evs, err := ApplyFixes(s, fixes)
	if err != nil {
		t.Fatal(err)
	}
	if mustJSON(t, s) != orig {
		t.Fatal("ApplyFixes mutated its input")
	}
	n2, evs2, _ := ApplyFixes(s, fixes)
	if mustJSON(t, n) != mustJSON(t, n2) || !reflect.DeepEqual(evs, evs2) {
		t.Fatal("ApplyFixes is not deterministic")
	}
	if n.Turn != s.Turn || n.Segment != s.Segment || n.RNG != s.RNG {
		t.Errorf("turn, segment or generator changed: %s %s %+v", n.Turn, n.Segment, n.RNG)
	}
	pl := n.Minor("Poland")
	if n.Powers[Germany].TilePoints != 15 || n.Powers[Italy].Support != -2 || n.EAI != 3 || n.EconomicClimate != -1 ||
		pl.Flags != 2 || pl.FlagPower != Germany {
		t.Errorf("fixed state: tiles %d, support %d, EAI %d, climate %d, Poland %d %s", n.Powers[Germany].TilePoints,
			n.Powers[Italy].Support, n.EAI, n.EconomicClimate, pl.Flags, pl.FlagPower)
	}
	want := []StateFixed{
		{Turn: s.Turn, What: FixTiles, Power: Germany, Before: itoa(s.Powers[Germany].TilePoints), After: "15", Rule: "6.1"},
		{Turn: s.Turn, What: FixSupport, Power: Italy, Before: signedWord(s.Powers[Italy].Support), After: "-2", Rule: "10.31"},
		{Turn: s.Turn, What: FixFlags, Power: Germany, Country: "Poland", Before: "1 France", After: "2 Germany", Rule: "24.18, 24.21"},
		{Turn: s.Turn, What: FixEAI, Before: signedWord(s.EAI), After: "+3", Rule: "23"},
		{Turn: s.Turn, What: FixClimate, Before: signedWord(s.EconomicClimate), After: "-1", Rule: "11.31"},
	}
	got := allEvents[StateFixed](evs)
	if len(got) != len(evs) || !reflect.DeepEqual(got, want) {
		t.Errorf("events\n%+v\nwant\n%+v", evs, want)
	}
	for _, e := range evs {
		if !e.Visibility().Public {
			t.Errorf("%+v not public", e)
		}
	}
	v := Derive(n).Public
	if v.EAI != 3 || v.EconomicClimate != -1 || v.Powers[0].TilePoints != 15 || v.Powers[1].Support != -2 {
		t.Errorf("view: EAI %d, climate %d, powers %+v", v.EAI, v.EconomicClimate, v.Powers[:2])
	}
	for _, tv := range v.Targets {
		if tv.Name == "Poland" && (tv.Flags != 2 || tv.FlagPower != Germany) {
			t.Errorf("view of Poland %+v", tv)
		}
	}
	if got := fixes[2].String(); got != "SET FLAGS POLAND 2 GERMANY" {
		t.Errorf("String %q", got)
	}
	// The fixed state resolves on.
	if _, _, err := Resolve(n, map[Power][]Order{}); err != nil {
		t.Fatal(err)
	}
}

func itoa(n int) string { return strings.TrimPrefix(signedWord(n), "+") }

// Fixes are checked in order, each against the state the ones before it
// leave; a refused fix names its rule and its index, and nothing is
// applied.
func TestValidateFixesRefuses(t *testing.T) {
	s := economicState(t)
	for _, tc := range []struct {
		fix  Order
		want string
	}{
		{setOrder(FixTiles, "prussia", "3"), `"prussia" is not a major power`},
		{setOrder(FixTiles, "germany", "-1"), "rule 6.12: tile points are 0..999"},
		{setOrder(FixTiles, "germany", "x"), `"x" is not a number`},
		{setOrder(FixSupport, "france", "21"), "rule 10.14"},
		{setOrder(FixEAI, "6"), "rule 23.26: the EAI is -5..+5"},
		{setOrder(FixClimate, "-4"), "rule 11.34: the economic climate is -3..+3"},
		{setOrder(FixFlags, "Atlantis", "1", "france"), `rule 24.21: "Atlantis" is not a diplomatic target`},
		{setOrder(FixFlags, "Russia", "1", "germany"), "Russia is not a minor country"},
		{setOrder(FixFlags, "Poland", "5", "france"), "rule 24.82D: a country holds 0..4 flags"},
		{setOrder(FixFlags, "Greece", "2"), "rule 24.18: Greece has no flags: name the power"},
		{setOrder(FixFlags, "Poland", "1", "kaiser"), `"kaiser" is not a major power`},
		{setOrder(FixDeck, "physical"), "rule 8.4: the game has no random event deck"},
		{setOrder(FixDeck, "paper"), "SET DECK needs FILE or PHYSICAL"},
		{setOrder(FixHeld, "7", "discard"), "rule 8.4: the game has no random event deck"},
		{setOrder("morale", "3"), "SET MORALE: not a figure"},
		{setOrder(), "SET needs what to set"},
		{Order{Kind: Convert, From: Idle}, "CONVERT is not a SET order"},
	} {
		errs := ValidateFixes(s, []Order{setOrder(FixEAI, "1"), tc.fix})
		if len(errs) != 1 || errs[0].Index != 1 || !strings.Contains(errs[0].Error(), tc.want) {
			t.Errorf("%v: %s, want %q", tc.fix, errorsText(errs), tc.want)
			continue
		}
		if _, _, err := ApplyFixes(s, []Order{tc.fix}); err == nil {
			t.Errorf("%v applied", tc.fix)
		}
	}
	// A country with flags takes its flag power's; the second fix sees the first.
	if errs := ValidateFixes(s, []Order{setOrder(FixFlags, "Greece", "1", "italy"), setOrder(FixFlags, "Greece", "3")}); errs != nil {
		t.Errorf("sequential flags: %s", errorsText(errs))
	}
	ended := s.Clone()
	ended.Ended = true
	if errs := ValidateFixes(ended, []Order{setOrder(FixEAI, "1")}); len(errs) != 1 || errs[0].Rule != "33.11" {
		t.Errorf("fix of an ended game: %s", errorsText(errs))
	}
}

// Rules 24.18, 24.82B, 24.82D: SET FLAGS sets one power's flags; its
// partner's stay and the opposing side's go; 0 without a power empties
// the country, 0 with a power removes that power's; four flags at most.
func TestSetFlags(t *testing.T) {
	s := economicState(t)
	pl := s.Minor("Poland")
	pl.FlagPower, pl.Flags, pl.PartnerFlags, pl.RussianFlags = France, 2, 1, 1
	for _, tc := range []struct {
		fix  Order
		want string // the flags after, as StateFixed words them; "" refused under 24.82D
	}{
		{setOrder(FixFlags, "poland", "1"), "1 France +1 Britain +1 Russia"},
		{setOrder(FixFlags, "POLAND", "3"), ""}, // five flags in all
		{setOrder(FixFlags, "Poland", "2", "britain"), ""},
		{setOrder(FixFlags, "Poland", "2", "russia"), ""},
		{setOrder(FixFlags, "Poland", "1", "germany"), "1 Germany"},
		{setOrder(FixFlags, "Poland", "0", "france"), "1 Britain +1 Russia"},
		{setOrder(FixFlags, "Poland", "0"), "none"},
	} {
		n, evs, err := ApplyFixes(s, []Order{tc.fix})
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
		e, _ := firstOf[StateFixed](evs)
		if e.Before != "2 France +1 Britain +1 Russia" || e.After != tc.want || flagWords(*n.Minor("Poland")) != tc.want {
			t.Errorf("%v: %+v, want after %q", tc.fix, e, tc.want)
		}
	}
	// With the Nazi-Soviet Pact in effect, Russian and Allied flags do
	// not share a country (24.82B).
	pact := s.Clone()
	pact.SupportFacts.PactSigned = &FirstTurn
	n, _, err := ApplyFixes(pact, []Order{setOrder(FixFlags, "Poland", "2", "russia")})
	if err != nil || flagWords(*n.Minor("Poland")) != "2 Russia" {
		t.Errorf("Russia's flags under the pact: %v, %s", err, flagWords(*n.Minor("Poland")))
	}
	// Italy's flags beside Germany's: the one with more is the flag power.
	n, _, err = ApplyFixes(s, []Order{setOrder(FixFlags, "Austria", "2", "italy")})
	if err != nil || flagWords(*n.Minor("Austria")) != "2 Italy +1 Germany" {
		t.Errorf("Austria: %v, %s", err, flagWords(*n.Minor("Austria")))
	}
}

// SET DECK: a file-deck game switched to physical waits for the
// moderator's draw in its random events phase, and ResolveDraw resolves
// it; a physical-deck game waiting for the draw switched to the file
// resolves its random events phase with Resolve, drawing from the pile.
func TestSetDeckBothWays(t *testing.T) {
	d := testDeck(20, nil)
	file := NewGameWithDeck(3, d)
	if AwaitsDraw(file) {
		t.Fatal("a file-deck game waits for a draw")
	}
	phys, evs, err := ApplyFixes(file, []Order{setOrder(FixDeck, DeckPhysical)})
	if err != nil {
		t.Fatal(err)
	}
	if e, _ := firstOf[StateFixed](evs); e.Before != DeckFile || e.After != DeckPhysical || !e.Visibility().Public {
		t.Errorf("event %+v", e)
	}
	if !AwaitsDraw(phys) || file.Events.Physical || !Derive(phys).Public.AwaitsDraw || Derive(phys).Moderator == nil {
		t.Fatal("SET DECK PHYSICAL: the game does not wait for the draw")
	}
	after, _, err := ResolveDraw(phys, drawOrders("none", 17, 4, 9, 12, 1, 20))
	if err != nil {
		t.Fatal(err)
	}
	if after.Segment != SegEconomic {
		t.Errorf("after the draw: %s", after.Segment)
	}

	waiting := physicalGame(t, 3, d)
	back, evs, err := ApplyFixes(waiting, []Order{setOrder(FixDeck, DeckFile)})
	if err != nil {
		t.Fatal(err)
	}
	if e, _ := firstOf[StateFixed](evs); e.Before != DeckPhysical || e.After != DeckFile {
		t.Errorf("event %+v", e)
	}
	if AwaitsDraw(back) || back.Segment != SegRandomEvents || !waiting.Events.Physical {
		t.Fatalf("SET DECK FILE: awaits %v in %s", AwaitsDraw(back), back.Segment)
	}
	next, evs, err := Resolve(back, nil)
	if err != nil {
		t.Fatal(err)
	}
	if next.Segment != SegEconomic || len(allEvents[RandomEventApplied](evs)) == 0 {
		t.Errorf("after Resolve: %s, %d events applied", next.Segment, len(allEvents[RandomEventApplied](evs)))
	}
	if _, ok := firstOf[CardDrawnByJudge](evs); ok {
		t.Error("a file-deck game told the moderator of its draws")
	}
	// The same file game resolved without the detour draws the same cards.
	plain, _, _ := Resolve(NewGameWithDeck(3, d), nil)
	if mustJSON(t, plain.Events) != mustJSON(t, next.Events) {
		t.Error("the detour through physical-deck mode changed the draw")
	}
	if _, err := FileDeck(NewGame(1)); err == nil {
		t.Error("FileDeck without a deck")
	}
}

// SET HELD <card> DISCARD: a secret event held this turn leaves play
// unplayed for the discard pile (8.31, 8.43); the holder is told which,
// everyone else only that a held event was discarded. Refused for a card
// nobody holds secretly, and once the holder's diplomatic placements may
// rest on it.
func TestSetHeldDiscard(t *testing.T) {
	d := testDeck(12, func(c *Card) {
		ev := c.National[Italy]
		ev.Secret, ev.Title = true, "Secret rally"
		ev.Effects = []Effect{{Kind: EffectSupport, Value: 2}}
		c.National[Italy] = ev
	})
	s, evs, err := Resolve(NewGameWithDeck(3, d), nil)
	if err != nil {
		t.Fatal(err)
	}
	held, ok := firstOf[SecretEventHeld](evs)
	if !ok {
		t.Fatal("no secret event held")
	}
	card := itoa(held.Card)
	s.Events.Chosen = []EventChoice{{Card: held.Card, Power: Italy, Choice: []string{"x"}}}
	orig := mustJSON(t, s)
	n, evs, err := ApplyFixes(s, []Order{setOrder(FixHeld, card, HeldDiscard)})
	if err != nil {
		t.Fatal(err)
	}
	if mustJSON(t, s) != orig {
		t.Fatal("input mutated")
	}
	if len(HeldEvents(n, Italy)) != 0 || slices.Contains(n.Events.InPlay, held.Card) || !slices.Contains(n.Events.Discard, held.Card) ||
		slices.Contains(n.Events.Removed, held.Card) || n.Events.Chosen != nil {
		t.Errorf("deck after the discard: %+v", n.Events)
	}
	fixed := allEvents[StateFixed](evs)
	if len(fixed) != 2 {
		t.Fatalf("events %+v", evs)
	}
	mine, pub := fixed[0], fixed[1]
	if mine.Visibility() != (Visibility{Power: Italy}) || mine.Card != held.Card || mine.Title != "Secret rally" {
		t.Errorf("holder's event %+v", mine)
	}
	if !pub.Visibility().Public || pub.Card != 0 || pub.Title != "" || pub.Power != 0 || pub.What != FixHeld {
		t.Errorf("public event %+v", pub)
	}
	// The turn goes on without it: the economic phase resolves, and the
	// event never takes effect.
	after, evs, err := Resolve(n, map[Power][]Order{})
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range allEvents[RandomEventApplied](evs) {
		if a.Card == held.Card && a.Power == Italy {
			t.Errorf("the discarded event took effect: %+v", a)
		}
	}
	if after.Turn == s.Turn {
		t.Errorf("the turn did not end: %s %s", after.Turn, after.Segment)
	}

	if errs := ValidateFixes(n, []Order{setOrder(FixHeld, card, HeldDiscard)}); len(errs) != 1 || errs[0].Rule != "8.31" {
		t.Errorf("a card no longer held: %s", errorsText(errs))
	}
	placed := s.Clone()
	placed.Diplomacy.Placements = []Placement{{Power: Italy, Country: "Greece", Strength: 1, Round: SegDiplomacyAxis1}}
	if errs := ValidateFixes(placed, []Order{setOrder(FixHeld, card, HeldDiscard)}); len(errs) != 1 || errs[0].Rule != "24.5" {
		t.Errorf("after Italy's placements: %s", errorsText(errs))
	}
	if errs := ValidateFixes(s, []Order{setOrder(FixHeld, card, "play")}); len(errs) != 1 {
		t.Errorf("SET HELD without DISCARD accepted")
	}
}
