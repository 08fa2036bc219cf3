package randomevent

import (
	"fmt"
	"strings"

	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
)

// Playing a held secret random event (9.41E, 22.51B, 9.13): PLAY <card> is
// an order of the economic phase, carried out before the industrial part so
// that the tile points of a support event may be spent in the phase (9.41E:
// revealed at the end of the economic phase with the phase's other orders,
// 13.12). Events of other categories take effect at the times of 9.41A-D
// and cannot be played (secretReveal).

// PlayKinds are the kinds of order CheckPlay checks.
var PlayKinds = []storm.OrderKind{storm.Play}

// CheckPlay checks PLAY orders: each a secret event p holds and may play,
// once.
func CheckPlay(s storm.State, p storm.Power, orders []storm.Order) []storm.IndexedError {
	var errs []storm.IndexedError
	seen := map[int]bool{}
	for i, o := range orders {
		fail := func(format string, a ...any) {
			errs = append(errs, storm.IndexedError{OrderError: storm.OrderError{Order: o, Rule: "9.41E", Msg: fmt.Sprintf(format, a...)}, Index: i})
		}
		h, ok := heldBy(s, p, o.Card)
		switch {
		case s.Events == nil:
			fail("this game has no random event deck")
		case seen[o.Card]:
			fail("card %d is played twice", o.Card)
		case !ok:
			fail("%s holds no random event of card %d still to play", p.Title(), o.Card)
		case EconomicHeld(s.Events, h): // 15.32: with the projects it leaves open
			if rule, msg := checkChoice(s, p, h, o.Args); rule != "" {
				errs = append(errs, storm.IndexedError{OrderError: storm.OrderError{Order: o, Rule: rule, Msg: msg}, Index: i})
			}
		case !h.Playable:
			fail("this event cannot be played: it takes effect %s (9.41)", revealWhen[h.At])
		case len(o.Args) > 0:
			fail("card %d leaves nothing to choose; write PLAY %d alone", o.Card, o.Card)
		}
		seen[o.Card] = true
	}
	return errs
}

// revealWhen says when each reveal time falls, for messages.
var revealWhen = map[storm.Reveal]string{
	storm.RevealIncome:      "at the start of the income phase (9.41A)",
	storm.RevealEconomicEnd: "at the end of the economic phase (9.41B-C)",
	storm.RevealDiplomacy:   "when diplomacy is resolved (9.41D)",
	storm.RevealCrisis:      "in the crisis phase (9.41E)",
}

// heldBy finds the event of card p holds and may play: a secret event, or
// a research or construction event of this economic phase (15.32).
func heldBy(s storm.State, p storm.Power, card int) (storm.HeldEvent, bool) {
	for _, h := range append(HeldEvents(s, p), HeldEconomic(s, p)...) {
		if h.Card == card {
			return h, true
		}
	}
	return storm.HeldEvent{}, false
}

// ApplyPlay reveals and applies the played secret events, records the
// projects chosen for research events (played at p's research), then
// plays p's construction events (15.32, eventplay.go).
func ApplyPlay(s *storm.State, p storm.Power, orders []storm.Order, evs *[]event.Event) {
	for _, o := range orders {
		h, ok := heldBy(*s, p, o.Card)
		if !ok {
			continue
		}
		if EconomicHeld(s.Events, h) { // 15.32: played in its part (eventplay.go)
			RecordChoice(s.Events, p, o.Card, o.Args)
			continue
		}
		removeHeld(s, h)
		PlayEvent(s, h, nil, "played", "9.41E", evs)
	}
	PlayHeldOf(s, p, storm.CategoryConstruction, evs) // 9.41C, 18.41, 19: before the construction orders
}

// PlayOptions offers PLAY for each playable secret event p holds.
func PlayOptions(s storm.State, p storm.Power) []storm.Option {
	var out []storm.Option
	for _, h := range HeldEvents(s, p) {
		if !h.Playable {
			continue
		}
		ev := EventOf(s.Events, h)
		note := fmt.Sprintf("play your secret event %q now (9.41E); otherwise it takes effect %s", ev.Title, revealWhen[h.At])
		if h.Extra {
			note = fmt.Sprintf("play your additional event %q (9.13); unplayed, it is revealed and discarded %s", ev.Title, revealWhen[h.At])
		}
		if now := playedNow(s, h, nil); now != "" {
			note += "; played now: " + now
		}
		out = append(out, storm.Option{Order: storm.Order{Kind: storm.Play, Card: h.Card}, Note: note})
	}
	return out
}

// playedNow says what playing h with the chosen projects would do in s,
// from its effects applied to a copy of the state.
func playedNow(s storm.State, h storm.HeldEvent, choices []string) string {
	notes, _ := tryPlay(s, h, choices)
	return notes
}

// PlayGain is the tile points p gains by playing its held event on card n
// now (a support event's, 11.52A; what 24.52B lets it reveal to pay for
// its counters), from the event played on a copy of the state; 0 for a
// card p cannot play.
func PlayGain(s storm.State, p storm.Power, n int) int {
	for _, h := range HeldEvents(s, p) {
		if h.Card == n && h.Playable {
			_, c := tryPlay(s, h, nil)
			return c.Powers[p].TilePoints - s.Powers[p].TilePoints
		}
	}
	return 0
}

// tryPlay plays h with the chosen projects on a copy of s: what it does,
// and the copy.
func tryPlay(s storm.State, h storm.HeldEvent, choices []string) (string, storm.State) {
	c := s.Scratch()
	var evs []event.Event
	var notes []string
	for _, o := range ApplyEffects(&c, h.Power, h.Card, EventOf(c.Events, h), choices, &evs) {
		notes = append(notes, o.Note)
	}
	return strings.Join(notes, "; "), c
}

// FinishEventReveal is the end of the economic phase for random events:
// research and construction events take effect (9.41B-C).
func FinishEventReveal(s *storm.State, evs *[]event.Event) {
	RevealHeld(s, storm.RevealEconomicEnd, evs)
	finishPurgeOffsets(s, evs) // 22.21D: construction and research are known
}
