package orders

import (
	"strings"

	"stormjudge/adjudicator"
)

// The intelligence orders of 16.16 (adjudicator/intelligence.go). Without
// a FOR line they are for their own segment: SPY RING and REACTIVATE for
// the spy-ring segment, COVERT, COUNTER-INTELLIGENCE and SUBVERT for the
// covert segment (adjudicator.SegmentOf), so that they can go with any
// email of the turn before it.

var spyWord = &orderWord{
	word:  "SPY",
	rule:  "16.16B",
	forms: []string{"SPY RING POLAND", "SPY RING RESEARCH ALLIES NAVAL"},
	parse: func(l *line) (adjudicator.Order, *Error) { return parseRing(l, adjudicator.SpyRingOrder, "SPY RING") },
}

var reactivateWord = &orderWord{
	word:  "REACTIVATE",
	rule:  "16.16B",
	forms: []string{"REACTIVATE SPY RING POLAND"},
	parse: func(l *line) (adjudicator.Order, *Error) {
		return parseRing(l, adjudicator.ReactivateOrder, "REACTIVATE SPY RING")
	},
}

const ringHint = "SPY RING <country>, SPY RING RESEARCH <AXIS|ALLIES|RUSSIA> <AIR|NAVAL|MILITARY|ATOMIC|INTELLIGENCE>, or REACTIVATE SPY RING ... (16.16B)"

// parseRing reads [RING] <country> or [RING] RESEARCH <side> <category>.
func parseRing(l *line, kind adjudicator.OrderKind, name string) (adjudicator.Order, *Error) {
	args := l.args()
	for len(args) > 0 && (strings.EqualFold(args[0], "SPY") || strings.EqualFold(args[0], "RING") || strings.EqualFold(args[0], "IN")) {
		args = args[1:]
	}
	o, msg := ringTargetWords(args)
	if msg != "" {
		return adjudicator.Order{}, l.errorf(ringHint, "%s: %s", name, msg)
	}
	o.Kind = kind
	return o, nil
}

// ringTargetWords reads a spy ring's target: <country> or RESEARCH <side>
// <category>.
func ringTargetWords(args []string) (adjudicator.Order, string) {
	if len(args) == 0 {
		return adjudicator.Order{}, "where? a diplomatic target or RESEARCH <side> <category>"
	}
	if strings.EqualFold(args[0], "RESEARCH") {
		if len(args) != 3 {
			return adjudicator.Order{}, "RESEARCH needs the side and the category, e.g. RESEARCH ALLIES NAVAL"
		}
		side, ok := sideWord(args[1])
		if !ok {
			return adjudicator.Order{}, quote(args[1]) + " is not a side (AXIS, ALLIES or RUSSIA)"
		}
		return adjudicator.Order{Project: "research", Args: []string{string(side), strings.ToLower(args[2])}}, ""
	}
	country, ok := adjudicator.FindCountry(strings.Join(args, " "))
	if !ok {
		return adjudicator.Order{}, quote(strings.Join(args, " ")) + " is not a diplomatic target (24.21)" + didYouMean(strings.Join(args, " "), adjudicator.Countries())
	}
	return adjudicator.Order{Project: country}, ""
}

func sideWord(w string) (adjudicator.Side, bool) {
	switch strings.ToUpper(w) {
	case "AXIS":
		return adjudicator.Axis, true
	case "ALLIES", "ALLIED":
		return adjudicator.Allies, true
	case "RUSSIA", "RUSSIAN", "SOVIET":
		return adjudicator.Soviet, true
	}
	return "", false
}

var covertWord = &orderWord{
	word:  "COVERT",
	rule:  "16.16A",
	forms: []string{"COVERT POLAND", "COVERT POLAND IF DECISIVE"},
	parse: func(l *line) (adjudicator.Order, *Error) {
		return parseConditional(l, adjudicator.CovertOrder, "COVERT", covertHint)
	},
}

const covertHint = "COVERT <country> [IF BEHIND | IF NOT AHEAD | IF DECISIVE], e.g. COVERT POLAND IF DECISIVE (16.16A; docs/orders.md)"

var subvertWord = &orderWord{
	word:  "SUBVERT",
	rule:  "16.16H",
	forms: []string{"SUBVERT RUMANIA", "SUBVERT RUMANIA IF BEHIND"},
	parse: func(l *line) (adjudicator.Order, *Error) {
		return parseConditional(l, adjudicator.SubvertOrder, "SUBVERT", subvertHint)
	},
}

const subvertHint = "SUBVERT <country> [IF BEHIND | IF NOT AHEAD | IF DECISIVE], one line a level (16.16H; docs/orders.md)"

// splitCond splits "<words> IF <condition>".
func splitCond(args []string) (target []string, cond string, msg string) {
	for i, w := range args {
		if strings.EqualFold(w, "IF") {
			c := strings.ToLower(strings.Join(args[i+1:], " "))
			for _, k := range adjudicator.IntelConditions {
				if c == k {
					return args[:i], k, ""
				}
			}
			return nil, "", "IF " + quote(strings.Join(args[i+1:], " ")) + ": the conditions are BEHIND, NOT AHEAD and DECISIVE"
		}
	}
	return args, "", ""
}

func parseConditional(l *line, kind adjudicator.OrderKind, name, hint string) (adjudicator.Order, *Error) {
	args := l.args()
	for len(args) > 0 && (strings.EqualFold(args[0], "OPERATION") || strings.EqualFold(args[0], "IN")) {
		args = args[1:]
	}
	target, cond, msg := splitCond(args)
	if msg != "" {
		return adjudicator.Order{}, l.errorf(hint, "%s: %s", name, msg)
	}
	if len(target) == 0 {
		return adjudicator.Order{}, l.errorf(hint, "%s: which country?", name)
	}
	country, ok := adjudicator.FindCountry(strings.Join(target, " "))
	if !ok {
		return adjudicator.Order{}, l.errorf(hint, "%s: %s is not a diplomatic target (24.21)%s", name,
			quote(strings.Join(target, " ")), didYouMean(strings.Join(target, " "), adjudicator.Countries()))
	}
	o := adjudicator.Order{Kind: kind, Project: country}
	if cond != "" {
		o.Args = []string{cond}
	}
	return o, nil
}

var counterIntelWord = &orderWord{
	word:  "COUNTER-INTELLIGENCE",
	rule:  "16.16C",
	forms: []string{"COUNTER-INTELLIGENCE COVERT ANY IF DECISIVE", "COUNTER-INTELLIGENCE SPY RING POLAND", "COUNTER-INTELLIGENCE SPY RING RESEARCH NAVAL"},
	parse: parseCounterIntel,
}

const counterIntelHint = "COUNTER-INTELLIGENCE COVERT <country>|ANY [IF DECISIVE], COUNTER-INTELLIGENCE SPY RING <country>, or COUNTER-INTELLIGENCE SPY RING RESEARCH <category> (16.16C)"

func parseCounterIntel(l *line) (adjudicator.Order, *Error) {
	args := l.args()
	if len(args) == 0 {
		return adjudicator.Order{}, l.errorf(counterIntelHint, "COUNTER-INTELLIGENCE: against what?")
	}
	switch strings.ToUpper(args[0]) {
	case "COVERT":
		target, cond, msg := splitCond(args[1:])
		if len(target) > 0 && strings.EqualFold(target[0], "OPERATION") {
			target = target[1:]
		}
		if msg == "" && cond != "" && cond != adjudicator.CondDecisive {
			msg = "against a covert operation the condition is IF DECISIVE"
		}
		if msg != "" {
			return adjudicator.Order{}, l.errorf(counterIntelHint, "COUNTER-INTELLIGENCE: %s", msg)
		}
		o := adjudicator.Order{Kind: adjudicator.CounterIntelOrder, Args: []string{"covert"}}
		if cond != "" {
			o.Args = append(o.Args, cond)
		}
		name := strings.Join(target, " ")
		if strings.EqualFold(name, "ANY") || name == "" {
			o.Project = "any"
			return o, nil
		}
		country, ok := adjudicator.FindCountry(name)
		if !ok {
			return adjudicator.Order{}, l.errorf(counterIntelHint, "COUNTER-INTELLIGENCE COVERT: %s is not a diplomatic target (24.21)", quote(name))
		}
		o.Project = country
		return o, nil
	case "SPY", "RING":
		rest := args[1:]
		if len(rest) > 0 && strings.EqualFold(rest[0], "RING") {
			rest = rest[1:]
		}
		if len(rest) == 2 && strings.EqualFold(rest[0], "RESEARCH") {
			return adjudicator.Order{Kind: adjudicator.CounterIntelOrder, Project: "research", Args: []string{"ring", strings.ToLower(rest[1])}}, nil
		}
		country, ok := adjudicator.FindCountry(strings.Join(rest, " "))
		if !ok {
			return adjudicator.Order{}, l.errorf(counterIntelHint, "COUNTER-INTELLIGENCE SPY RING: %s is not a diplomatic target (24.21) nor RESEARCH <category>", quote(strings.Join(rest, " ")))
		}
		return adjudicator.Order{Kind: adjudicator.CounterIntelOrder, Project: country, Args: []string{"ring"}}, nil
	}
	return adjudicator.Order{}, l.errorf(counterIntelHint, "COUNTER-INTELLIGENCE: against COVERT operations or a SPY RING")
}
