package enginetest

import (
	"encoding/json"
	"strings"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/setup"
	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/track"
)

// DumpEvents writes evs one a line, each its type and JSON, for a
// failing test's message.
func DumpEvents(evs []event.Event) string {
	var lines []string
	for _, e := range evs {
		b, _ := json.Marshal(e)
		lines = append(lines, "  "+e.Type()+" "+string(b))
	}
	return strings.Join(lines, "\n")
}

// HasEvent reports whether evs hold an event of type typ.
func HasEvent(evs []event.Event, typ string) bool {
	for _, e := range evs {
		if e.Type() == typ {
			return true
		}
	}
	return false
}

// IncreasesBy sums the counters p's pool gains by rule in s.
func IncreasesBy(s storm.State, p storm.Power, rule string) storm.ActivityCounters {
	var c storm.ActivityCounters
	for _, in := range storm.PoolIncreases(s, p) {
		if in.Rule == rule {
			c = c.Add(in.Counters)
		}
	}
	return c
}

// LastOf returns the last event of type T in evs.
func LastOf[T event.Event](evs []event.Event) (T, bool) {
	for i := len(evs) - 1; i >= 0; i-- {
		if e, ok := evs[i].(T); ok {
			return e, true
		}
	}
	var zero T
	return zero, false
}

// TestDeck builds n cards without effect; mod may change each card.
func TestDeck(n int, mod func(c *storm.Card)) storm.Deck {
	d := storm.Deck{Name: "test"}
	for i := 1; i <= n; i++ {
		c := storm.Card{Number: i, General: storm.CardEvent{Title: "general", Category: storm.CategorySupport}, National: map[storm.Power]storm.CardEvent{}}
		for _, p := range storm.Powers {
			c.National[p] = storm.CardEvent{Title: "quiet", Category: storm.CategorySupport}
		}
		if mod != nil {
			mod(&c)
		}
		d.Cards = append(d.Cards, c)
	}
	return d
}

// FirstOf returns the first event of type T in evs.
func FirstOf[T event.Event](evs []event.Event) (T, bool) {
	for _, e := range evs {
		if x, ok := e.(T); ok {
			return x, true
		}
	}
	var z T
	return z, false
}

// ShipGame is NewGame(1) with the economic segment open.
func ShipGame() storm.State {
	s := setup.NewGame(1)
	s.Segment = storm.SegEconomic
	return s
}

// ResolveShips resolves the economic segment of s with orders, checking
// the orders first.
func ResolveShips(t *testing.T, s storm.State, orders map[storm.Power][]storm.Order) (storm.State, []event.Event) {
	t.Helper()
	s.Segment = storm.SegEconomic
	for p, os := range orders {
		if errs := adjudicator.Validate(s, p, os); len(errs) > 0 {
			t.Fatalf("%s orders refused: %v", p, errs)
		}
	}
	after := s.Clone()
	var evs []event.Event
	adjudicator.ResolveSegment(&after, orders, &evs)
	return after, evs
}

// ModValue returns the sum of the modifiers of p with the rule.
func ModValue(s storm.State, p storm.Power, rule string) int {
	n := 0
	for _, m := range track.SupportBreakdown(s, p) {
		if m.Rule == rule {
			n += m.Value
		}
	}
	return n
}

// At returns s set in the turn of year and season.
func At(s storm.State, year int, season storm.Season) storm.State {
	s.Turn = storm.Turn{Year: year, Season: season}
	return s
}
