package adjudicator

import (
	"fmt"
	"slices"
	"strings"
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

// Order kinds of the moderator's draw.
const (
	// DrawCards names random event cards in the order drawn: Order.Cards.
	DrawCards OrderKind = "draw"
	// DrawPurge names the purge card Russia drew: Order.Args[0], a PurgeCard.
	DrawPurge OrderKind = "purge"
)

// PhysicalDeck returns s with its deck in physical-deck mode. The game must
// have a deck.
func PhysicalDeck(s State) (State, error) {
	if s.Events == nil {
		return s, fmt.Errorf("adjudicator: physical-deck mode needs a random event deck")
	}
	c := s.Clone()
	c.Events.Physical = true
	return c, nil
}

// FileDeck returns s with its deck out of physical-deck mode: the judge
// draws the cards from the deck file's pile again. The game must have a
// deck. A game waiting for the moderator's draw (AwaitsDraw) no longer
// waits: its random events phase is then automatic, and Resolve resolves
// it with no orders.
func FileDeck(s State) (State, error) {
	if s.Events == nil {
		return s, fmt.Errorf("adjudicator: the game has no random event deck")
	}
	c := s.Clone()
	c.Events.Physical = false
	return c, nil
}

// allEvents returns the events of type T in evs.
func allEvents[T Event](evs []Event) []T {
	var out []T
	for _, e := range evs {
		if x, ok := e.(T); ok {
			out = append(out, x)
		}
	}
	return out
}

// AwaitsDraw reports whether s waits for the moderator's draw: a game in
// physical-deck mode at the start of its random events phase.
func AwaitsDraw(s State) bool {
	return !s.Ended && s.Segment == SegRandomEvents && s.Events != nil && s.Events.Physical
}

// DrawPlan tells the moderator what the random events phase of s draws
// before any card's own event asks for more.
type DrawPlan struct {
	Turn Turn `json:"turn"`
	// PurgeDeck are the purge cards Russia draws from (22.44, 22.45).
	PurgeDeck []PurgeCard `json:"purge_deck"`
	// Cards: one face up, one per power (9.12), plus Extra.
	Cards int `json:"cards"`
	// Extra are the additional random events of 9.14-9.16 by power.
	Extra map[Power]int `json:"extra,omitempty"`
	// DrawPile and Discard are the cards left to draw and discarded (8.44).
	DrawPile int `json:"draw_pile"`
	Discard  int `json:"discard"`
}

// PlanDraw returns what the moderator draws in s (AwaitsDraw).
func PlanDraw(s State) DrawPlan {
	n := s.Clone()
	p := DrawPlan{Turn: s.Turn, PurgeDeck: purgeDeckAtDraw(&n, new([]Event)), Cards: 1 + len(Powers), Extra: map[Power]int{}}
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

// Word is the card's word in the moderator's PURGE order (NONE,
// MILITARY, PARTY, GREAT).
func (c PurgeCard) Word() string {
	if c == NoPurge {
		return "NONE"
	}
	return strings.ToUpper(strings.TrimSuffix(string(c), " purge"))
}

// ParsePurgeCard reads a purge card's name: "none", "military", "party",
// "great", with or without "purge" (22.42).
func ParsePurgeCard(w string) (PurgeCard, bool) {
	w = strings.ToLower(strings.Join(strings.Fields(w), " "))
	w = strings.TrimSuffix(w, " purge")
	switch w {
	case "no", "none":
		return NoPurge, true
	case "military":
		return MilitaryPurge, true
	case "party":
		return PartyPurge, true
	case "great":
		return GreatPurge, true
	}
	return "", false
}

// ValidateDraw checks the moderator's draw orders against s, as ResolveDraw
// would carry them out; each error carries the index of its order.
func ValidateDraw(s State, orders []Order) []OrderError {
	_, _, errs := resolveDraw(s, orders)
	return errs
}

// ResolveDraw resolves the random events phase of s (AwaitsDraw) with the
// moderator's draw, then advances like Resolve until orders are needed.
// The orders must name exactly the cards the phase draws.
func ResolveDraw(s State, orders []Order) (State, []Event, error) {
	n, evs, errs := resolveDraw(s, orders)
	if len(errs) > 0 {
		msgs := make([]string, len(errs))
		for i, e := range errs {
			msgs[i] = e.Error()
		}
		return s, nil, fmt.Errorf("adjudicator: the moderator's draw: %s", strings.Join(msgs, "; "))
	}
	return n, evs, nil
}

func resolveDraw(s State, orders []Order) (State, []Event, []OrderError) {
	var errs []OrderError
	bad := func(i int, rule, format string, a ...any) {
		var o Order
		if i >= 0 && i < len(orders) {
			o = orders[i]
		}
		errs = append(errs, OrderError{Order: o, Rule: rule, Msg: fmt.Sprintf(format, a...), Index: i})
	}
	if err := check(s); err != nil {
		bad(0, "", "%v", err)
		return s, nil, errs
	}
	if !AwaitsDraw(s) {
		bad(0, "", "the game is not waiting for the moderator's draw: %s, %s is open", s.Segment.Title(), s.Turn)
		return s, nil, errs
	}
	var cards []int
	var cardAt []int // index of the order naming each card
	purge, purgeAt := PurgeCard(""), -1
	for i, o := range orders {
		switch o.Kind {
		case DrawCards:
			if len(o.Cards) == 0 {
				bad(i, "9.12", "DRAW names no card")
			}
			for _, c := range o.Cards {
				cards = append(cards, c)
				cardAt = append(cardAt, i)
			}
		case DrawPurge:
			c := PurgeCard("")
			if len(o.Args) == 1 {
				c, _ = ParsePurgeCard(o.Args[0])
			}
			switch {
			case c == "":
				bad(i, "22.42", "PURGE needs a purge card: none, military, party or great")
			case purgeAt >= 0:
				bad(i, "22.41", "PURGE given twice (Russia draws one purge card a turn)")
			default:
				purge, purgeAt = c, i
			}
		default:
			bad(i, "", "%s is not an order of the moderator's draw (PURGE, DRAW)", strings.ToUpper(string(o.Kind)))
		}
	}
	last := len(orders) - 1
	if len(cards) == 0 {
		bad(last, "9.12", "no DRAW: name the random event cards drawn, first the card turned face up")
	}
	plan := PlanDraw(s)
	if purgeAt < 0 {
		bad(last, "22.41", "no PURGE: name the purge card Russia drew (%s)", purgeNames(plan.PurgeDeck))
	}
	if purgeAt >= 0 && !slices.Contains(plan.PurgeDeck, purge) {
		bad(purgeAt, "22.44, 22.45", "Russia cannot draw the %s this turn: its purge deck holds %s", purge, purgeNames(plan.PurgeDeck))
	}
	errs = append(errs, checkDrawSequence(s.Events, cards, cardAt, orders)...)
	if len(errs) > 0 {
		return s, nil, errs
	}
	n := s.Clone()
	n.Events.Stacked = slices.Clone(cards)
	n.Events.StackedPurge = purge
	var evs []Event
	resolveSegment(&n, nil, &evs)
	run(&n, &evs)
	d := n.Events
	short := len(allEvents[CardDrawnByJudge](evs)) // draws beyond the cards named
	drawn := len(cards) - len(d.Stacked) + short
	why := fmt.Sprintf("1 face up and 1 for each power (9.12)%s", extraNote(plan))
	if k := drawn - plan.Cards; k > 0 {
		why += fmt.Sprintf(", %d more dealt by the cards' own events (9.13)", k)
	}
	switch {
	case short > 0:
		// The cards not named are unknown, and may deal more (9.13).
		bad(last, "9.12", "this turn draws at least %d cards (1 face up and 1 for each power (9.12)%s, and 1 more for each additional event a card deals (9.13)); you named %d: draw at least %d more and name them all",
			plan.Cards, extraNote(plan), len(cards), max(plan.Cards-len(cards), 1))
	case len(d.Stacked) > 0:
		bad(cardAt[len(cardAt)-len(d.Stacked)], "9.12", "this turn draws %d cards (%s); you named %d: put %s back, it is not drawn",
			drawn, why, len(cards), cardList(d.Stacked))
	}
	if len(errs) > 0 {
		return s, nil, errs
	}
	return n, evs, nil
}

// checkDrawSequence checks the named cards in the order drawn: each a card
// of the deck, named once, in the draw pile, or in the discard pile once
// the draw pile is used up and the discards are reshuffled (8.43, 8.44).
func checkDrawSequence(d *EventDeck, cards, at []int, orders []Order) []OrderError {
	var errs []OrderError
	bad := func(k int, rule, format string, a ...any) {
		errs = append(errs, OrderError{Order: orders[at[k]], Rule: rule, Msg: fmt.Sprintf(format, a...), Index: at[k]})
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

func hasCard(d Deck, n int) bool {
	_, ok := d.Card(n)
	return ok
}

func purgeNames(deck []PurgeCard) string {
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
	for _, q := range Powers {
		if k := p.Extra[q]; k > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", q.Title(), k))
		}
	}
	return strings.Join(parts, ", ")
}

func extraNote(plan DrawPlan) string {
	if a := plan.Additional(); a != "" {
		return ", additional events (9.14-9.16): " + a
	}
	return ""
}

func cardList(cs []int) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = fmt.Sprint(c)
	}
	if len(parts) == 1 {
		return "card " + parts[0]
	}
	return "cards " + strings.Join(parts, ", ")
}

// CardDrawnByJudge tells the moderator of a physical-deck game that the
// judge drew a card from the deck file's pile because no card was named
// for that draw (a card dealt after the random events phase): the
// moderator takes the same card out of the physical deck. Moderator only.
type CardDrawnByJudge struct {
	Turn  Turn  `json:"turn"`
	Power Power `json:"power,omitempty"` // 0: the card turned face up
	Card  int   `json:"card"`
}

func (CardDrawnByJudge) Visibility() Visibility { return Visibility{Moderator: true} }
func (CardDrawnByJudge) Type() string           { return "CardDrawnByJudge" }

func init() {
	eventTypes["CardDrawnByJudge"] = decode[CardDrawnByJudge]
}
