package orders

import "stormjudge/adjudicator/storm"

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

func parsePass(l *line) (storm.Order, *Error) {
	if len(l.args()) > 0 {
		return storm.Order{}, l.errorf("write PASS alone on its line", "PASS takes nothing after it")
	}
	return storm.Order{}, nil
}
