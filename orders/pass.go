package orders

import (
	"strings"

	"stormjudge/adjudicator/storm"
)

// passWord is PASS: a submission of no orders for the open segment, so that
// the segment need not wait for the deadline. The word is the product's,
// not the rulebook's: 14.11 allows a conversion without requiring one, and
// PASS says the power makes none.
var passWord = &orderWord{
	word:  "PASS",
	forms: []string{"PASS"},
	pass:  true,
	parse: parsePass,
}

// PASS under a FOR line is a standing PASS for that segment, and PASS
// TURN one for every later segment of the turn as well as the open one
// (storm.PassOrder; the parser's order method).
func parsePass(l *line) (storm.Order, *Error) {
	switch {
	case len(l.args()) == 0:
		return storm.Order{}, nil
	case len(l.args()) == 1 && strings.EqualFold(l.args()[0], "TURN"):
		return storm.Order{Kind: storm.PassOrder, For: storm.SegTurn}, nil
	}
	return storm.Order{}, l.errorf("write PASS alone on its line (or PASS TURN: nothing from you for the rest of the turn)", "PASS takes nothing after it but TURN")
}
