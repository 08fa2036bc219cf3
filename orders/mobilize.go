package orders

import (
	"strings"

	"stormjudge/adjudicator"
)

// mobilizeWord is MOBILIZE, rule 14.3: an idle or civilian factory to
// military use, for 10 tile points less one a year played, less the EAI
// (14.31A-B).
var mobilizeWord = &orderWord{
	word:  "MOBILIZE",
	rule:  "14.3",
	forms: []string{"MOBILIZE IDLE", "MOBILIZE CIVILIAN"},
	parse: parseMobilize,
}

const mobilizeHint = "MOBILIZE IDLE or MOBILIZE CIVILIAN (14.3)"

// parseMobilize reads MOBILIZE <from> [TO MILITARY].
func parseMobilize(l *line) (adjudicator.Order, *Error) {
	args := orderArgs(l)
	if len(args) == 0 {
		return adjudicator.Order{}, l.errorf(mobilizeHint, "MOBILIZE needs the factory to mobilize: IDLE or CIVILIAN")
	}
	from, err := factoryWord(l, args[0], mobilizeHint)
	if err != nil {
		return adjudicator.Order{}, err
	}
	rest := args[1:]
	if len(rest) == 2 && isTo(rest[0]) && strings.EqualFold(rest[1], "MILITARY") {
		rest = nil // "MOBILIZE IDLE TO MILITARY" says it twice
	}
	if len(rest) > 0 {
		return adjudicator.Order{}, l.errorf(mobilizeHint, "MOBILIZE: unexpected %s after the order", quote(strings.Join(rest, " ")))
	}
	if from == adjudicator.Military {
		return adjudicator.Order{}, l.errorf(mobilizeHint, "MOBILIZE: the factory is already military")
	}
	return adjudicator.Order{Kind: adjudicator.Mobilize, From: from}, nil
}
