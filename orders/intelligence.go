package orders

import (
	"strings"

	"stormjudge/adjudicator/storm"
)

// The intelligence orders of 16.16 (adjudicator/diplomacy/intelligence.go).
// Without a FOR line they are for their own segment: SPY RING and
// REACTIVATE for the spy-ring segment, COVERT, COUNTER-INTELLIGENCE and
// SUBVERT for the covert segment (storm.SegmentOf), so that they can go
// with any email of the turn before it.

var spyWord = &orderWord{
	word:  "SPY",
	rule:  "16.16B",
	forms: []string{"SPY RING POLAND", "SPY RING RESEARCH ALLIES NAVAL"},
	parse: func(l *line) (storm.Order, *Error) { return parseRing(l, storm.SpyRingOrder, "SPY RING") },
}

var reactivateWord = &orderWord{
	word:  "REACTIVATE",
	rule:  "16.16B",
	forms: []string{"REACTIVATE SPY RING POLAND"},
	parse: func(l *line) (storm.Order, *Error) {
		return parseRing(l, storm.ReactivateOrder, "REACTIVATE SPY RING")
	},
}

const ringHint = "SPY RING <country>, SPY RING RESEARCH <AXIS|ALLIES|RUSSIA> <AIR|NAVAL|MILITARY|ATOMIC|INTELLIGENCE>, or REACTIVATE SPY RING ... (16.16B)"

// parseRing reads [RING] <country> or [RING] RESEARCH <side> <category>.
func parseRing(l *line, kind storm.OrderKind, name string) (storm.Order, *Error) {
	args := l.args()
	for len(args) > 0 && (strings.EqualFold(args[0], "SPY") || strings.EqualFold(args[0], "RING") || strings.EqualFold(args[0], "IN")) {
		args = args[1:]
	}
	o, msg := ringTargetWords(args)
	if msg != "" {
		return storm.Order{}, l.errorf(ringHint, "%s: %s", name, msg)
	}
	o.Kind = kind
	return o, nil
}

// ringTargetWords reads a spy ring's target: <country> or RESEARCH <side>
// <category>.
func ringTargetWords(args []string) (storm.Order, string) {
	if len(args) == 0 {
		return storm.Order{}, "where? a diplomatic target or RESEARCH <side> <category>"
	}
	if strings.EqualFold(args[0], "RESEARCH") {
		if len(args) != 3 {
			return storm.Order{}, "RESEARCH needs the side and the category, e.g. RESEARCH ALLIES NAVAL"
		}
		side, ok := sideWord(args[1])
		if !ok {
			return storm.Order{}, quote(args[1]) + " is not a side (AXIS, ALLIES or RUSSIA)"
		}
		return storm.Order{Project: "research", Args: []string{string(side), strings.ToLower(args[2])}}, ""
	}
	country, ok := storm.FindCountry(strings.Join(args, " "))
	if !ok {
		return storm.Order{}, quote(strings.Join(args, " ")) + " is not a diplomatic target (24.21)" + didYouMean(strings.Join(args, " "), storm.Countries())
	}
	return storm.Order{Project: country}, ""
}

func sideWord(w string) (storm.Side, bool) {
	switch strings.ToUpper(w) {
	case "AXIS":
		return storm.Axis, true
	case "ALLIES", "ALLIED":
		return storm.Allies, true
	case "RUSSIA", "RUSSIAN", "SOVIET":
		return storm.Soviet, true
	}
	return "", false
}

var covertWord = &orderWord{
	word:  "COVERT",
	rule:  "16.16A",
	forms: []string{"COVERT POLAND", "COVERT POLAND IF DECISIVE"},
	parse: func(l *line) (storm.Order, *Error) {
		return parseConditional(l, storm.CovertOrder, "COVERT", covertHint)
	},
}

const covertHint = "COVERT <country> [IF BEHIND | IF NOT AHEAD | IF DECISIVE], e.g. COVERT POLAND IF DECISIVE (16.16A; docs/orders.md)"

var subvertWord = &orderWord{
	word:  "SUBVERT",
	rule:  "16.16H",
	forms: []string{"SUBVERT RUMANIA", "SUBVERT RUMANIA IF BEHIND"},
	parse: func(l *line) (storm.Order, *Error) {
		return parseConditional(l, storm.SubvertOrder, "SUBVERT", subvertHint)
	},
}

const subvertHint = "SUBVERT <country> [IF BEHIND | IF NOT AHEAD | IF DECISIVE], one line a level (16.16H; docs/orders.md)"

// splitCond splits "<words> IF <condition>".
func splitCond(args []string) (target []string, cond string, msg string) {
	for i, w := range args {
		if strings.EqualFold(w, "IF") {
			c := strings.ToLower(strings.Join(args[i+1:], " "))
			for _, k := range storm.IntelConditions {
				if c == k {
					return args[:i], k, ""
				}
			}
			return nil, "", "IF " + quote(strings.Join(args[i+1:], " ")) + ": the conditions are BEHIND, NOT AHEAD and DECISIVE"
		}
	}
	return args, "", ""
}

func parseConditional(l *line, kind storm.OrderKind, name, hint string) (storm.Order, *Error) {
	args := l.args()
	for len(args) > 0 && (strings.EqualFold(args[0], "OPERATION") || strings.EqualFold(args[0], "IN")) {
		args = args[1:]
	}
	target, cond, msg := splitCond(args)
	if msg != "" {
		return storm.Order{}, l.errorf(hint, "%s: %s", name, msg)
	}
	if len(target) == 0 {
		return storm.Order{}, l.errorf(hint, "%s: which country?", name)
	}
	country, ok := storm.FindCountry(strings.Join(target, " "))
	if !ok {
		return storm.Order{}, l.errorf(hint, "%s: %s is not a diplomatic target (24.21)%s", name,
			quote(strings.Join(target, " ")), didYouMean(strings.Join(target, " "), storm.Countries()))
	}
	o := storm.Order{Kind: kind, Project: country}
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

func parseCounterIntel(l *line) (storm.Order, *Error) {
	args := l.args()
	if len(args) == 0 {
		return storm.Order{}, l.errorf(counterIntelHint, "COUNTER-INTELLIGENCE: against what?")
	}
	switch strings.ToUpper(args[0]) {
	case "COVERT":
		target, cond, msg := splitCond(args[1:])
		if len(target) > 0 && strings.EqualFold(target[0], "OPERATION") {
			target = target[1:]
		}
		if msg == "" && cond != "" && cond != storm.CondDecisive {
			msg = "against a covert operation the condition is IF DECISIVE"
		}
		if msg != "" {
			return storm.Order{}, l.errorf(counterIntelHint, "COUNTER-INTELLIGENCE: %s", msg)
		}
		o := storm.Order{Kind: storm.CounterIntelOrder, Args: []string{"covert"}}
		if cond != "" {
			o.Args = append(o.Args, cond)
		}
		name := strings.Join(target, " ")
		if strings.EqualFold(name, "ANY") || name == "" {
			o.Project = "any"
			return o, nil
		}
		country, ok := storm.FindCountry(name)
		if !ok {
			return storm.Order{}, l.errorf(counterIntelHint, "COUNTER-INTELLIGENCE COVERT: %s is not a diplomatic target (24.21)", quote(name))
		}
		o.Project = country
		return o, nil
	case "SPY", "RING":
		rest := args[1:]
		if len(rest) > 0 && strings.EqualFold(rest[0], "RING") {
			rest = rest[1:]
		}
		if len(rest) == 2 && strings.EqualFold(rest[0], "RESEARCH") {
			return storm.Order{Kind: storm.CounterIntelOrder, Project: "research", Args: []string{"ring", strings.ToLower(rest[1])}}, nil
		}
		country, ok := storm.FindCountry(strings.Join(rest, " "))
		if !ok {
			return storm.Order{}, l.errorf(counterIntelHint, "COUNTER-INTELLIGENCE SPY RING: %s is not a diplomatic target (24.21) nor RESEARCH <category>", quote(strings.Join(rest, " ")))
		}
		return storm.Order{Kind: storm.CounterIntelOrder, Project: country, Args: []string{"ring"}}, nil
	}
	return storm.Order{}, l.errorf(counterIntelHint, "COUNTER-INTELLIGENCE: against COVERT operations or a SPY RING")
}
