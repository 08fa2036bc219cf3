package adjudicator_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/deck"
)

func loadDeck(t *testing.T, name string) adjudicator.Deck {
	t.Helper()
	d, err := deck.LoadFile("../testdata/decks/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// play resolves turns economic phases, each power giving the first order
// Allowed offers (a deterministic player), and returns the state and all
// events.
func play(t *testing.T, s adjudicator.State, turns int) (adjudicator.State, []adjudicator.Event) {
	t.Helper()
	var all []adjudicator.Event
	s, evs, err := adjudicator.Resolve(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	all = append(all, evs...)
	for range turns {
		orders := map[adjudicator.Power][]adjudicator.Order{}
		for _, p := range adjudicator.Required(s) {
			if opts := adjudicator.Allowed(s, p); len(opts) > 0 {
				orders[p] = opts[0].Orders()
			}
		}
		s, evs, err = adjudicator.Resolve(s, orders)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, evs...)
	}
	return s, all
}

func stateJSON(t *testing.T, s adjudicator.State) []byte {
	t.Helper()
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Same seed and deck, same game: the deck, its draws and every event
// replay identically (9.11: the shuffle comes from the seed).
func TestDeckGameDeterministic(t *testing.T) {
	d := loadDeck(t, "illustrative.toml")
	a, ea := play(t, adjudicator.NewGameWithDeck(11, d), 6)
	b, eb := play(t, adjudicator.NewGameWithDeck(11, d), 6)
	if !bytes.Equal(stateJSON(t, a), stateJSON(t, b)) {
		t.Fatal("same seed and deck gave different states")
	}
	ja, _ := adjudicator.MarshalEvents(ea)
	jb, _ := adjudicator.MarshalEvents(eb)
	if !bytes.Equal(ja, jb) {
		t.Fatal("same seed and deck gave different events")
	}
	// The state restores from its JSON and plays on identically.
	var r adjudicator.State
	if err := json.Unmarshal(stateJSON(t, a), &r); err != nil {
		t.Fatal(err)
	}
	x, _ := play(t, a, 3)
	y, _ := play(t, r, 3)
	if !bytes.Equal(stateJSON(t, x), stateJSON(t, y)) {
		t.Fatal("a state restored from JSON plays differently")
	}
}

// The quiet deck (trend 0, no effects, no secrets) leaves the game as
// without a deck: same state but for the deck itself, same events but for
// the draws.
func TestQuietDeckChangesNothing(t *testing.T) {
	with, ew := play(t, adjudicator.NewGameWithDeck(12, loadDeck(t, "quiet.toml")), 8)
	without, eo := play(t, adjudicator.NewGame(12), 8)
	with.Events = nil
	if !bytes.Equal(stateJSON(t, with), stateJSON(t, without)) {
		t.Fatal("the quiet deck changed the game state")
	}
	strip := func(evs []adjudicator.Event) []adjudicator.Event {
		var out []adjudicator.Event
		for _, e := range evs {
			switch x := e.(type) {
			case adjudicator.EventCardTurned, adjudicator.RandomEventApplied, adjudicator.EventDeckReshuffled:
				continue
			case adjudicator.EconomicClimateChanged:
				continue // the trend 0 of every card (11.33E)
			case adjudicator.SegmentSkipped:
				if x.Segment == adjudicator.SegRandomEvents {
					continue
				}
			}
			out = append(out, e)
		}
		return out
	}
	jw, _ := adjudicator.MarshalEvents(strip(ew))
	jo, _ := adjudicator.MarshalEvents(strip(eo))
	if !bytes.Equal(jw, jo) {
		t.Fatal("the quiet deck changed the game's events")
	}
}
