package orders

import (
	"strconv"
	"strings"

	"stormjudge/adjudicator/storm"
)

// The moderator's orders (docs/orders.md, "The moderator"). An email with
// a MODERATOR line instead of POWER speaks for the game's moderator and
// carries the moderators' SECRET. In a physical-deck game (docs/deck.md)
// the moderator tells the judge the cards drawn at the table:
//
//	PURGE party            the purge card Russia drew (22.41)
//	DRAW 17 42 88 5 101 63 the random event cards in the order drawn (9.12)
//
// DRAW may be given on several lines; the cards are read in order.

var drawWord = &orderWord{
	word:      "DRAW",
	rule:      "9.12",
	forms:     []string{"DRAW 17 42 88"},
	moderator: true,
	parse:     parseDraw,
}

var purgeWord = &orderWord{
	word:      "PURGE",
	rule:      "22.41",
	forms:     []string{"PURGE NONE|MILITARY|PARTY|GREAT"},
	moderator: true,
	parse:     parsePurge,
}

const drawHint = "DRAW <card> <card> ..., e.g. DRAW 17 42 88: the random event cards drawn, in order, first the card turned face up (9.12)"

func parseDraw(l *line) (storm.Order, *Error) {
	var cards []int
	for _, a := range l.args() {
		for _, w := range strings.Split(a, ",") {
			if w == "" || strings.EqualFold(w, "CARD") || strings.EqualFold(w, "CARDS") {
				continue
			}
			n, err := strconv.Atoi(strings.TrimPrefix(w, "#"))
			if err != nil || n < 1 || n > storm.DeckSize {
				return storm.Order{}, l.errorf(drawHint, "DRAW: %s is not a card number 1..%d", quote(w), storm.DeckSize)
			}
			cards = append(cards, n)
		}
	}
	if len(cards) == 0 {
		return storm.Order{}, l.errorf(drawHint, "DRAW needs the numbers of the cards drawn")
	}
	return storm.Order{Kind: storm.DrawCards, Cards: cards}, nil
}

const purgeHint = "PURGE NONE, PURGE MILITARY, PURGE PARTY or PURGE GREAT: the purge card Russia drew (22.41, 22.42)"

func parsePurge(l *line) (storm.Order, *Error) {
	words := strings.Join(l.args(), " ")
	c, ok := storm.ParsePurgeCard(words)
	if !ok {
		return storm.Order{}, l.errorf(purgeHint, "PURGE: %s is not a purge card%s", quote(words),
			didYouMean(strings.ToLower(words), []string{"none", "military", "party", "great"}))
	}
	return storm.Order{Kind: storm.DrawPurge, Args: []string{string(c)}}, nil
}
