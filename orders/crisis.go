package orders

import (
	"strconv"
	"strings"

	"stormjudge/adjudicator/storm"
)

// The crisis phase's orders (26-27, 31.21A, 32.8): docs/orders.md "Crisis".

var (
	aggressionWord = &orderWord{word: "AGGRESSION", rule: "27.1", parse: parseAggression,
		forms: []string{"AGGRESSION <target>", "AGGRESSION POLAND PACT", "AGGRESSION POLAND SATELLITE", "AGGRESSION POLAND PACT NEUTRAL"}}
	opposeWord = &orderWord{word: "OPPOSE", rule: "27.51", parse: crisisAnswer(storm.OpposeOrder),
		forms: []string{"OPPOSE [<aggressor>]"}}
	acquiesceWord = &orderWord{word: "ACQUIESCE", rule: "27.51", parse: crisisAnswer(storm.AcquiesceOrder),
		forms: []string{"ACQUIESCE [<aggressor>]"}}
	backWord = &orderWord{word: "BACK", rule: "27.61", parse: parseBackDown,
		forms: []string{"BACK DOWN [<aggressor>]"}}
	ultimatumWord = &orderWord{word: "ULTIMATUM", rule: "27.71", parse: crisisAnswer(storm.UltimatumOrder),
		forms: []string{"ULTIMATUM [<aggressor>]"}}
	attackWord = &orderWord{word: "ATTACK", rule: "27.81", parse: crisisAnswer(storm.AttackOrder),
		forms: []string{"ATTACK"}}
	ifWord = &orderWord{word: "IF", rule: "26.11", parse: parseIf,
		forms: []string{"IF AGGRESSION [<target>] OPPOSE|ACQUIESCE", "IF OPPOSED CONTINUE|BACK DOWN [IF RESISTANCE <= n ELSE CONTINUE|BACK DOWN]", "IF CONTINUED ULTIMATUM|BACK DOWN [<aggressor>]", "IF ULTIMATUM ATTACK|BACK DOWN"}}
)

const (
	aggressionHint = "AGGRESSION <target> or AGGRESSION NONE, e.g. AGGRESSION RHINELAND, AGGRESSION AUSTRIA, AGGRESSION SUDETENLAND, AGGRESSION DANZIG PACT, AGGRESSION ETHIOPIA (27.3, 27.4)"
	answerHint     = "OPPOSE, ACQUIESCE, BACK DOWN, CONTINUE, ULTIMATUM or ATTACK, with the aggressor's name when both Axis powers aggress (e.g. OPPOSE ITALY)"
	ifHint         = "IF AGGRESSION AUSTRIA OPPOSE; IF OPPOSED CONTINUE IF RESISTANCE <= 4 ELSE BACK DOWN; IF CONTINUED ULTIMATUM; IF ULTIMATUM BACK DOWN (docs/orders.md, Crisis)"
)

// targetAliases are the short names of aggression targets.
var targetAliases = map[string]string{
	"DANZIG": "Danzig and the Corridor", "CORRIDOR": "Danzig and the Corridor", "BALTIC": storm.BalticStates,
	"BALTICS": storm.BalticStates,
}

// targetName is the aggression target the words name, spelt as the rules
// do (27.31, 27.41), a short name (DANZIG, BALTIC) included; other words
// are kept as written for the judge to refuse.
func targetName(words []string) string {
	t := strings.Join(words, " ")
	if x, ok := targetAliases[strings.ToUpper(t)]; ok {
		t = x
	}
	if x, ok := storm.AggressionTarget(t); ok {
		t = x
	}
	return t
}

// parseAggression reads AGGRESSION <target> [PACT] (27.1, 31.21A).
func parseAggression(l *line) (storm.Order, *Error) {
	var words []string
	pact := false
	choice := ""
	for _, w := range l.args() {
		switch up := strings.ToUpper(w); up {
		case "PACT", "WITH", "NAZI-SOVIET", "AGAINST", "ON":
			pact = pact || up == "PACT"
		case "SATELLITE", "NEUTRAL": // 29.22B-C
			choice = strings.ToLower(up)
		default:
			words = append(words, w)
		}
	}
	if len(words) == 0 {
		return storm.Order{}, l.errorf(aggressionHint, "AGGRESSION against what?")
	}
	target := strings.Join(words, " ")
	if strings.EqualFold(target, "NONE") { // no aggression this turn (a standing order, FOR CRISIS)
		return storm.Order{Kind: storm.AggressionOrder, Project: storm.NoAggression}, nil
	}
	o := storm.Order{Kind: storm.AggressionOrder, Project: targetName(words)}
	if pact {
		o.Args = []string{"pact"}
	}
	if choice != "" {
		o.Args = append(o.Args, choice)
	}
	return o, nil
}

// crisisAnswer reads a one-word answer with an optional aggressor.
func crisisAnswer(k storm.OrderKind) func(l *line) (storm.Order, *Error) {
	return func(l *line) (storm.Order, *Error) {
		return answerWith(l, k, l.args())
	}
}

func answerWith(l *line, k storm.OrderKind, args []string) (storm.Order, *Error) {
	o := storm.Order{Kind: k}
	for _, w := range args {
		if strings.EqualFold(w, "TO") || strings.EqualFold(w, "AGAINST") || strings.EqualFold(w, "AGGRESSION") {
			continue
		}
		p, ok := storm.ParsePower(w)
		if !ok || o.Project != "" {
			return o, l.errorf(answerHint, "%s: %s is not an Axis power", l.keyword(), quote(w))
		}
		o.Project = p.String()
	}
	return o, nil
}

// parseBackDown reads BACK DOWN [<aggressor>].
func parseBackDown(l *line) (storm.Order, *Error) {
	args := l.args()
	if len(args) == 0 || !strings.EqualFold(args[0], "DOWN") {
		return storm.Order{}, l.errorf(answerHint, "BACK DOWN is two words")
	}
	return answerWith(l, storm.BackDownOrder, args[1:])
}

// continueCrisis reads the crisis CONTINUE [AGGRESSION] (27.61C); the
// shipbuilding CONTINUE SHIP ... is parsed as before (19.71).
func continueCrisis(l *line) (storm.Order, bool) {
	args := l.args()
	if len(args) == 0 || (len(args) == 1 && strings.EqualFold(args[0], "AGGRESSION")) {
		return storm.Order{Kind: storm.ContinueAggression}, true
	}
	return storm.Order{}, false
}

// actionWords are the answers an IF line may give.
var actionWords = map[string]storm.OrderKind{
	"CONTINUE": storm.ContinueAggression, "BACK": storm.BackDownOrder, "ULTIMATUM": storm.UltimatumOrder,
	"ATTACK": storm.AttackOrder, "OPPOSE": storm.OpposeOrder, "ACQUIESCE": storm.AcquiesceOrder,
}

// parseIf reads a conditional crisis order:
//
//	IF OPPOSED <action> [IF RESISTANCE <op> <n> ELSE <action>]
//	IF CONTINUED <action> [<aggressor>]
//	IF ULTIMATUM <action>
func parseIf(l *line) (storm.Order, *Error) {
	ws := l.args()
	if len(ws) < 2 {
		return storm.Order{}, l.errorf(ifHint, "IF what, then what?")
	}
	when := strings.ToLower(ws[0])
	if _, ok := storm.PlanStage[when]; !ok { // 27.51, 27.61C, 27.71B, 27.81
		return storm.Order{}, l.errorf(ifHint, "IF %s: the conditions are AGGRESSION, OPPOSED, CONTINUED and ULTIMATUM", quote(ws[0]))
	}
	o := storm.Order{Kind: storm.CrisisIfOrder, Args: []string{when}}
	rest := ws[1:]
	if when == "aggression" { // IF AGGRESSION [<target>] OPPOSE|ACQUIESCE
		var target []string
		for len(rest) > 0 {
			if _, ok := actionWords[strings.ToUpper(rest[0])]; ok {
				break
			}
			target, rest = append(target, rest[0]), rest[1:]
		}
		if len(target) > 0 {
			o.Project = targetName(target)
		}
	}
	action := func() (storm.OrderKind, *Error) {
		if len(rest) == 0 {
			return "", l.errorf(ifHint, "IF %s: then what?", strings.ToUpper(when))
		}
		k, ok := actionWords[strings.ToUpper(rest[0])]
		if !ok {
			return "", l.errorf(ifHint, "%s is not CONTINUE, BACK DOWN, ULTIMATUM or ATTACK", quote(rest[0]))
		}
		rest = rest[1:]
		if k == storm.BackDownOrder {
			if len(rest) == 0 || !strings.EqualFold(rest[0], "DOWN") {
				return "", l.errorf(ifHint, "BACK DOWN is two words")
			}
			rest = rest[1:]
		}
		return k, nil
	}
	k, err := action()
	if err != nil {
		return o, err
	}
	o.Args = append(o.Args, string(k))
	if len(rest) >= 4 && strings.EqualFold(rest[0], "IF") && strings.EqualFold(rest[1], "RESISTANCE") {
		op, n := rest[2], rest[3]
		if _, e := strconv.Atoi(n); e != nil || !containsFold([]string{"<=", "<", ">=", ">", "="}, op) {
			return o, l.errorf(ifHint, "IF RESISTANCE <=, <, >=, > or = a number")
		}
		rest = rest[4:]
		if len(rest) == 0 || !strings.EqualFold(rest[0], "ELSE") {
			return o, l.errorf(ifHint, "IF RESISTANCE ... ELSE what?")
		}
		rest = rest[1:]
		k2, err := action()
		if err != nil {
			return o, err
		}
		o.Args = append(o.Args, op, n, string(k2))
	}
	for _, w := range rest {
		p, ok := storm.ParsePower(w)
		if !ok || o.Project != "" {
			return o, l.errorf(ifHint, "%s is not understood here", quote(w))
		}
		o.Project = p.String()
	}
	return o, nil
}

func init() {
	// CONTINUE is shipbuilding's (CONTINUE SHIP ..., 19.71) or, alone,
	// the crisis answer (27.61C).
	ship := continueWord.parse
	continueWord.parse = func(l *line) (storm.Order, *Error) {
		if o, ok := continueCrisis(l); ok {
			return o, nil
		}
		return ship(l)
	}
	continueWord.forms = append(continueWord.forms, "CONTINUE (the aggression, 27.61C)")
}

// Pre-emptive war (32.8) and its concessions (32.83).
var (
	declareWord = &orderWord{word: "DECLARE", rule: "32.8", parse: warWord(storm.DeclareWarOrder),
		forms: []string{"DECLARE WAR ON <power>"}}
	threatenWord = &orderWord{word: "THREATEN", rule: "32.83", parse: warWord(storm.ThreatenWarOrder),
		forms: []string{"THREATEN WAR ON <power>"}}
	concedeWord = &orderWord{word: "CONCEDE", rule: "32.83", parse: crisisAnswer(storm.ConcedeOrder),
		forms: []string{"CONCEDE"}}
	refuseWord = &orderWord{word: "REFUSE", rule: "32.83", parse: crisisAnswer(storm.RefuseOrder),
		forms: []string{"REFUSE"}}
)

const warHint = "DECLARE WAR ON GERMANY, THREATEN WAR ON BRITAIN (Germany names Britain or France for both, 32.42), DECLARE WAR ON ITALY (32.8)"

// warWord reads DECLARE|THREATEN WAR [ON] <power> [AND <power>].
func warWord(k storm.OrderKind) func(l *line) (storm.Order, *Error) {
	return func(l *line) (storm.Order, *Error) {
		o := storm.Order{Kind: k}
		for _, w := range l.args() {
			switch strings.ToUpper(w) {
			case "WAR", "ON", "AGAINST", "AND", "PRE-EMPTIVE", "PREEMPTIVE":
				continue
			}
			p, ok := storm.ParsePower(w)
			if !ok {
				return o, l.errorf(warHint, "%s: %s is not a major power", l.keyword(), quote(w))
			}
			if o.Project == "" || (storm.SideOf(p) == storm.Allies && o.Project != p.String()) {
				if o.Project == "" {
					o.Project = p.String()
				}
				continue
			}
			return o, l.errorf(warHint, "%s: one power (Germany declares on Britain and France together)", l.keyword())
		}
		if o.Project == "" {
			return o, l.errorf(warHint, "%s WAR on whom?", l.keyword())
		}
		return o, nil
	}
}
