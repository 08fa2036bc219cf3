package orders

import (
	"strings"

	"stormjudge/adjudicator/storm"
)

// convertWord is CONVERT, rule 14.2: an idle factory to civilian use, for
// 10 tile points (14.21). Converting to military use is mobilizing (14.3),
// so "CONVERT IDLE TO MILITARY" and "CONVERT CIVILIAN TO MILITARY" are read
// as MOBILIZE IDLE and MOBILIZE CIVILIAN.
var convertWord = &orderWord{
	word:  "CONVERT",
	rule:  "14.2",
	forms: []string{"CONVERT IDLE TO CIVILIAN"},
	parse: parseConvert,
}

const convertHint = "CONVERT IDLE TO CIVILIAN (14.2), or CONVERT IDLE TO MILITARY / CONVERT CIVILIAN TO MILITARY, which mobilize (14.3)"

// parseConvert reads CONVERT <from> [TO <to>]; <to> defaults to civilian,
// the only use an idle factory is converted to without mobilizing.
func parseConvert(l *line) (storm.Order, *Error) {
	args := orderArgs(l)
	if len(args) == 0 {
		return storm.Order{}, l.errorf(convertHint, "CONVERT needs the factory to convert: IDLE or CIVILIAN")
	}
	from, err := factoryWord(l, args[0], convertHint)
	if err != nil {
		return storm.Order{}, err
	}
	rest := args[1:]
	if len(rest) > 0 && isTo(rest[0]) {
		rest = rest[1:]
	}
	var to storm.FactoryKind
	switch len(rest) {
	case 0:
		if len(args) > 1 { // "CONVERT IDLE TO"
			return storm.Order{}, l.errorf(convertHint, "CONVERT: TO what? CIVILIAN or MILITARY")
		}
	case 1:
		if to, err = factoryWord(l, rest[0], convertHint); err != nil {
			return storm.Order{}, err
		}
	default:
		return storm.Order{}, l.errorf(convertHint, "CONVERT: unexpected %s after the order", quote(strings.Join(rest[1:], " ")))
	}
	switch {
	case from == storm.Military:
		// 14.44: a military factory is never converted back.
		return storm.Order{}, l.errorf(convertHint, "CONVERT: a military factory cannot be converted (rule 14.44)")
	case from == to:
		return storm.Order{}, l.errorf(convertHint, "CONVERT: the factory is already %s", to)
	case to == storm.Idle:
		// 14.11: the costs of 14.2 and 14.3 are the only conversions there are.
		return storm.Order{}, l.errorf(convertHint, "CONVERT: a factory can be converted to civilian (14.2) or military (14.3) use, not idle")
	case to == storm.Military:
		return storm.Order{Kind: storm.Mobilize, From: from}, nil
	case from == storm.Idle: // to civilian, written or implied
		return storm.Order{Kind: storm.Convert, From: storm.Idle}, nil
	}
	// CONVERT CIVILIAN without TO: a civilian factory can only be mobilized.
	return storm.Order{}, l.errorf(convertHint, "CONVERT CIVILIAN needs TO MILITARY (a civilian factory can only be mobilized, 14.3)")
}
