package randomevent

import (
	"fmt"
	"strings"

	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
)

// The moderator's physical-deck mode (docs/deck.md). A moderator who plays
// with the printed cards draws them at the table and tells the judge their
// numbers; the judge applies those cards from the deck file. In this mode
// the random events phase (7.31, 8, 9, 22.4) is not automatic: the game
// waits in it (AwaitsDraw) until the moderator's orders arrive, PURGE with
// the purge card Russia drew (22.41) and DRAW with the random event cards
// in the order drawn (9.12: first the card turned face up, then the cards
// dealt to the powers), and ResolveDraw resolves it with exactly those
// cards. Cards needed later in the turn (a secret event played in the
// economic phase that deals additional events, 9.13) come from the deck
// file's pile; the moderator is told which (CardDrawnByJudge) so that the
// physical deck can follow.

// AllEvents returns the events of type T in evs.
func AllEvents[T event.Event](evs []event.Event) []T {
	var out []T
	for _, e := range evs {
		if x, ok := e.(T); ok {
			out = append(out, x)
		}
	}
	return out
}

// DrawPlan tells the moderator what the random events phase of s draws
// before any card's own event asks for more.
type DrawPlan struct {
	Turn storm.Turn `json:"turn"`
	// PurgeDeck are the purge cards Russia draws from (22.44, 22.45).
	PurgeDeck []storm.PurgeCard `json:"purge_deck"`
	// Cards: one face up, one per power (9.12), plus Extra.
	Cards int `json:"cards"`
	// Extra are the additional random events of 9.14-9.16 by power.
	Extra map[storm.Power]int `json:"extra,omitempty"`
	// DrawPile and Discard are the cards left to draw and discarded (8.44).
	DrawPile int `json:"draw_pile"`
	Discard  int `json:"discard"`
}

// PlanDraw returns what the moderator draws in s (AwaitsDraw).
func PlanDraw(s storm.State) DrawPlan {
	n := s.Scratch()
	p := DrawPlan{Turn: s.Turn, PurgeDeck: purgeDeckAtDraw(&n, new([]event.Event)), Cards: 1 + len(storm.Powers), Extra: map[storm.Power]int{}}
	for q, k := range extraRandomEvents(s) {
		if k > 0 {
			p.Extra[q] = k
			p.Cards += k
		}
	}
	if s.Events != nil {
		p.DrawPile, p.Discard = len(s.Events.DrawPile), len(s.Events.Discard)
	}
	return p
}

// CheckDrawSequence checks the named cards in the order drawn: each a card
// of the deck, named once, in the draw pile, or in the discard pile once
// the draw pile is used up and the discards are reshuffled (8.43, 8.44).
func CheckDrawSequence(d *storm.EventDeck, cards, at []int, orders []storm.Order) []storm.OrderError {
	var errs []storm.OrderError
	bad := func(k int, rule, format string, a ...any) {
		errs = append(errs, storm.OrderError{Order: orders[at[k]], Rule: rule, Msg: fmt.Sprintf(format, a...), Index: at[k]})
	}
	pile := map[int]bool{}
	for _, c := range d.DrawPile {
		pile[c] = true
	}
	discard := map[int]bool{}
	for _, c := range d.Discard {
		discard[c] = true
	}
	seen := map[int]bool{}
	for k, c := range cards {
		switch {
		case seen[c]:
			bad(k, "8.42", "card %d is named twice", c)
			continue
		case !hasCard(d.Deck, c):
			bad(k, "8.42", "card %d is not in the deck %q", c, d.Deck.Name)
			continue
		}
		seen[c] = true
		switch {
		case pile[c]:
			delete(pile, c)
		case discard[c] && len(pile) > 0:
			bad(k, "8.44", "card %d is in the discard pile, and %d cards are still to be drawn before the discards are reshuffled", c, len(pile))
		case discard[c]:
			pile, discard = discard, map[int]bool{} // 8.44: the reshuffle
			delete(pile, c)
		default:
			bad(k, "8.43", "card %d is in play or out of the game (8.43), not in the deck to draw", c)
		}
	}
	return errs
}

func hasCard(d storm.Deck, n int) bool {
	_, ok := d.Card(n)
	return ok
}

// PurgeNames lists the purge cards of deck by name, in its order (22.44).
func PurgeNames(deck []storm.PurgeCard) string {
	names := make([]string, len(deck))
	for i, c := range deck {
		names[i] = string(c)
	}
	return strings.Join(names, ", ")
}

// Additional words the additional events by power ("Germany 1, Russia
// 2"), "" when there are none.
func (p DrawPlan) Additional() string {
	var parts []string
	for _, q := range storm.Powers {
		if k := p.Extra[q]; k > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", q.Title(), k))
		}
	}
	return strings.Join(parts, ", ")
}

// ExtraNote words the additional events a draw deals (9.14-9.16), "" for
// none.
func ExtraNote(plan DrawPlan) string {
	if a := plan.Additional(); a != "" {
		return ", additional events (9.14-9.16): " + a
	}
	return ""
}

// CardList writes card numbers as a list, "3, 17, 40".
func CardList(cs []int) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = fmt.Sprint(c)
	}
	if len(parts) == 1 {
		return "card " + parts[0]
	}
	return "cards " + strings.Join(parts, ", ")
}
