package adjudicator

import (
	"fmt"
	"slices"
	"strings"

	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/randomevent"
	"stormjudge/adjudicator/storm"
)

// PhysicalDeck returns s with its deck in physical-deck mode. The game must
// have a deck.
func PhysicalDeck(s storm.State) (storm.State, error) {
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
func FileDeck(s storm.State) (storm.State, error) {
	if s.Events == nil {
		return s, fmt.Errorf("adjudicator: the game has no random event deck")
	}
	c := s.Clone()
	c.Events.Physical = false
	return c, nil
}

// AwaitsDraw reports whether s waits for the moderator's draw: a game in
// physical-deck mode at the start of its random events phase.
func AwaitsDraw(s storm.State) bool {
	return !s.Ended && s.Segment == storm.SegRandomEvents && s.Events != nil && s.Events.Physical
}

// DrawPlan tells the moderator what the random events phase draws
// (randomevent.PlanDraw), for the view and the moderator's notice.
type DrawPlan = randomevent.DrawPlan

// ValidateDraw checks the moderator's draw orders against s, as ResolveDraw
// would carry them out; each error carries the index of its order.
func ValidateDraw(s storm.State, orders []storm.Order) []storm.OrderError {
	_, _, errs := resolveDraw(s, orders)
	return errs
}

// ResolveDraw resolves the random events phase of s (AwaitsDraw) with the
// moderator's draw, then advances like Resolve until orders are needed.
// The orders must name exactly the cards the phase draws.
func ResolveDraw(s storm.State, orders []storm.Order) (storm.State, []event.Event, error) {
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

func resolveDraw(s storm.State, orders []storm.Order) (storm.State, []event.Event, []storm.OrderError) {
	var errs []storm.OrderError
	bad := func(i int, rule, format string, a ...any) {
		var o storm.Order
		if i >= 0 && i < len(orders) {
			o = orders[i]
		}
		errs = append(errs, storm.OrderError{Order: o, Rule: rule, Msg: fmt.Sprintf(format, a...), Index: i})
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
	purge, purgeAt := storm.PurgeCard(""), -1
	for i, o := range orders {
		switch o.Kind {
		case storm.DrawCards:
			if len(o.Cards) == 0 {
				bad(i, "9.12", "DRAW names no card")
			}
			for _, c := range o.Cards {
				cards = append(cards, c)
				cardAt = append(cardAt, i)
			}
		case storm.DrawPurge:
			c := storm.PurgeCard("")
			if len(o.Args) == 1 {
				c, _ = storm.ParsePurgeCard(o.Args[0])
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
	plan := randomevent.PlanDraw(s)
	if purgeAt < 0 {
		bad(last, "22.41", "no PURGE: name the purge card Russia drew (%s)", randomevent.PurgeNames(plan.PurgeDeck))
	}
	if purgeAt >= 0 && !slices.Contains(plan.PurgeDeck, purge) {
		bad(purgeAt, "22.44, 22.45", "Russia cannot draw the %s this turn: its purge deck holds %s", purge, randomevent.PurgeNames(plan.PurgeDeck))
	}
	errs = append(errs, randomevent.CheckDrawSequence(s.Events, cards, cardAt, orders)...)
	if len(errs) > 0 {
		return s, nil, errs
	}
	n := s.Clone()
	n.Events.Stacked = slices.Clone(cards)
	n.Events.StackedPurge = purge
	var evs []event.Event
	ResolveSegment(&n, nil, &evs)
	run(&n, &evs)
	d := n.Events
	short := len(randomevent.AllEvents[event.CardDrawnByJudge](evs)) // draws beyond the cards named
	drawn := len(cards) - len(d.Stacked) + short
	why := fmt.Sprintf("1 face up and 1 for each power (9.12)%s", randomevent.ExtraNote(plan))
	if k := drawn - plan.Cards; k > 0 {
		why += fmt.Sprintf(", %d more dealt by the cards' own events (9.13)", k)
	}
	switch {
	case short > 0:
		// The cards not named are unknown, and may deal more (9.13).
		bad(last, "9.12", "this turn draws at least %d cards (1 face up and 1 for each power (9.12)%s, and 1 more for each additional event a card deals (9.13)); you named %d: draw at least %d more and name them all",
			plan.Cards, randomevent.ExtraNote(plan), len(cards), max(plan.Cards-len(cards), 1))
	case len(d.Stacked) > 0:
		bad(cardAt[len(cardAt)-len(d.Stacked)], "9.12", "this turn draws %d cards (%s); you named %d: put %s back, it is not drawn",
			drawn, why, len(cards), randomevent.CardList(d.Stacked))
	}
	if len(errs) > 0 {
		return s, nil, errs
	}
	return n, evs, nil
}
