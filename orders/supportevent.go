package orders

import (
	"strconv"
	"strings"

	"stormjudge/adjudicator/storm"
)

// supportWord is SUPPORT EVENT <card number>, rule 10.41C: the power's
// diplomatic random event of this turn acts as a public support event
// instead of a diplomatic one, where the rule lets the player choose (the
// Allied or the Russian events in one minor country; secret events not
// all needed for a result). Like COVERT it is an order of the covert
// segment (storm.SegmentOf), sent with any email of the turn before it;
// the judge applies it after covert operations and subversion,
// immediately before diplomacy is resolved (docs/rules.md r-10-41c).
// "SUPPORT 17" and "SUPPORT CARD 17" read the same.
var supportWord = &orderWord{
	word:  "SUPPORT",
	rule:  "10.41C",
	forms: []string{"SUPPORT EVENT 17"},
	parse: parseSupportEvent,
}

const supportHint = "SUPPORT EVENT <card number>, e.g. SUPPORT EVENT 17: your diplomatic random event acts as a support event (10.41C; docs/orders.md)"

func parseSupportEvent(l *line) (storm.Order, *Error) {
	args := l.args()
	for len(args) > 0 && (strings.EqualFold(args[0], "EVENT") || strings.EqualFold(args[0], "CARD")) {
		args = args[1:]
	}
	if len(args) != 1 {
		return storm.Order{}, l.errorf(supportHint, "SUPPORT EVENT needs the number of one card")
	}
	n, err := strconv.Atoi(strings.TrimPrefix(args[0], "#"))
	if err != nil || n < 1 || n > storm.DeckSize {
		return storm.Order{}, l.errorf(supportHint, "SUPPORT EVENT: %s is not a card number 1..%d", quote(args[0]), storm.DeckSize)
	}
	return storm.Order{Kind: storm.SupportEventOrder, Card: n}, nil
}
