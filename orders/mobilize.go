package orders

import (
	"strings"

	"stormjudge/adjudicator/storm"
)

// mobilizeWord is MOBILIZE, rule 14.3: an idle or civilian factory to
// military use, for 10 tile points less one a year played, less the EAI
// (14.31A-B).
var mobilizeWord = &orderWord{
	word:  "MOBILIZE",
	rule:  "14.3",
	forms: []string{"MOBILIZE IDLE: ARMOR, INFANTRY, AIR", "MOBILIZE CIVILIAN: ..."},
	parse: parseMobilize,
}

const mobilizeHint = "MOBILIZE IDLE or MOBILIZE CIVILIAN (14.3), then the units it creates (14.7), e.g. MOBILIZE IDLE: ARMOR, INFANTRY, AIR"

// parseMobilize reads MOBILIZE <from> [TO MILITARY] [:] [units]. The units
// (14.7) may be left out when the power's choice is forced (Russia always
// creates one armor, one infantry and one air unit, 14.751); the
// adjudicator says when a choice is needed.
func parseMobilize(l *line) (storm.Order, *Error) {
	args := unitTokens(orderArgs(l))
	if len(args) == 0 {
		return storm.Order{}, l.errorf(mobilizeHint, "MOBILIZE needs the factory to mobilize: IDLE or CIVILIAN")
	}
	from, err := factoryWord(l, args[0], mobilizeHint)
	if err != nil {
		return storm.Order{}, err
	}
	rest := args[1:]
	if len(rest) >= 2 && isTo(rest[0]) && strings.EqualFold(rest[1], "MILITARY") {
		rest = rest[2:] // "MOBILIZE IDLE TO MILITARY" says it twice
	}
	if len(rest) > 0 && isTo(rest[0]) {
		return storm.Order{}, l.errorf(mobilizeHint, "MOBILIZE: unexpected %s after the order", quote(strings.Join(rest, " ")))
	}
	if from == storm.Military {
		return storm.Order{}, l.errorf(mobilizeHint, "MOBILIZE: the factory is already military")
	}
	units, err := readUnits(l, rest, mobilizeHint)
	if err != nil {
		return storm.Order{}, err
	}
	return storm.Order{Kind: storm.Mobilize, From: from, Units: units}, nil
}
