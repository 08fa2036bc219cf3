package report

import (
	"fmt"
	"strings"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/event"
)

// Moderator renders the moderators' notice of one adjudication of a
// physical-deck game (docs/deck.md): the events only the moderators see
// (Visibility.Moderator: the cards the judge drew itself) and, when the game waits for the
// moderator's draw, what to draw and an order block to copy. ok is false
// when there is nothing to tell the moderator.
func Moderator(game string, events []event.Event, v adjudicator.View) (m Message, ok bool) {
	var mine []event.Event
	for _, e := range events {
		if e.Visibility().Moderator {
			mine = append(mine, e)
		}
	}
	var plan *adjudicator.DrawPlan
	if v.Moderator != nil {
		plan = v.Moderator.Draw
	}
	awaits := plan != nil
	if len(mine) == 0 && !awaits {
		return Message{}, false
	}
	var w writer
	w.title(fmt.Sprintf("Gathering Storm game %s: moderator's notice", game))
	if len(mine) > 0 {
		w.blank()
		w.heading("For the moderators only")
		for _, e := range mine {
			if c, ok := e.(event.CardDrawnByJudge); ok {
				w.wrap(fmt.Sprintf("%s: card %d, drawn for %s; no card was named for this draw, so the judge took the next card of the deck file's pile: take it out of the physical deck.",
					c.Turn, c.Card, eventHolder(c.Power)), "  ")
			}
		}
	}
	if awaits {
		drawPrompt(&w, game, *plan)
	}
	subject := fmt.Sprintf("[%s] Moderator's notice, %s", game, v.Public.Turn)
	if awaits {
		subject = fmt.Sprintf("[%s] Moderator's notice: draw the cards for %s", game, v.Public.Turn)
	}
	m = Message{Subject: subject}
	m.render(&w)
	return m, true
}

// drawPrompt tells the moderator what the random events phase draws.
func drawPrompt(w *writer, game string, plan adjudicator.DrawPlan) {
	w.blank()
	w.heading(fmt.Sprintf("Draw the cards for %s (physical deck)", plan.Turn))
	purge := make([]string, len(plan.PurgeDeck))
	for i, c := range plan.PurgeDeck {
		purge[i] = string(c)
	}
	w.wrap(fmt.Sprintf("1. Russia's purge card (22.41), from: %s.", strings.Join(purge, ", ")), "   ")
	extra := ""
	if a := plan.Additional(); a != "" {
		extra = fmt.Sprintf(" and the additional events of 9.14-9.16 (%s)", a)
	}
	w.wrap(fmt.Sprintf("2. %d random event cards: the first turned face up, then one for each power in the order of play%s. A card whose public event deals more cards (9.13) needs one more draw each; the judge tells you if the count is short.",
		plan.Cards, extra), "   ")
	w.wrap(fmt.Sprintf("Deck: %d cards to draw, %d discarded (reshuffle them when the deck is used up, 8.44).", plan.DrawPile, plan.Discard), "")
	w.blank()
	w.line("Reply with the cards in the order drawn:")
	w.blank()
	w.code("GAME " + game)
	w.code("MODERATOR")
	w.code("SECRET <the moderators' secret>")
	w.code("PURGE " + plan.PurgeDeck[0].Word())
	w.code("DRAW " + strings.TrimSpace(strings.Repeat("<card> ", min(plan.Cards, 6))) + " ...")
	w.code("END")
}
