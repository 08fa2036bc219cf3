package enginetest

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"stormjudge/adjudicator/storm"
	"stormjudge/orders"
)

// ParseTestOrder reads the canonical order text of Order.String (the
// orders package owns the real email grammar).
func ParseTestOrder(text string) (storm.Order, error) {
	if o, ok, err := ParseCrisisTestOrder(text); ok { // casecrisis_test.go; first: a bare CONTINUE is 27.61C's, not 19.71's
		return o, err
	}
	if o, ok, err := parseShipTestOrder(text); ok { // 19
		return o, err
	}
	if o, ok, err := parseUnitTestOrder(text); ok { // mobilization_test.go
		return o, err
	}
	if o, ok, err := parseDiplomacyTestOrder(text); ok { // casediplomacy_test.go
		return o, err
	}
	f := strings.Fields(strings.ToLower(text))
	switch {
	case len(f) == 4 && f[0] == "convert" && f[2] == "to" && f[3] == "civilian":
		return storm.Order{Kind: storm.Convert, From: storm.FactoryKind(f[1])}, nil
	case len(f) == 2 && f[0] == "mobilize":
		return storm.Order{Kind: storm.Mobilize, From: storm.FactoryKind(f[1])}, nil
	case len(f) == 1 && f[0] == "mobilize":
		return storm.Order{Kind: storm.Mobilize}, nil
	case len(f) >= 1 && f[0] == "research":
		return parseResearchTestOrder(f[1:]) // research_test.go
	case len(f) >= 1:
		o := storm.Order{Kind: storm.OrderKind(f[0])}
		if len(f) > 1 {
			o.From = storm.FactoryKind(f[1])
		}
		return o, nil
	}
	return storm.Order{}, fmt.Errorf("empty order")
}

// ParseCrisisTestOrder reads, for the rule cases, the canonical text of the
// crisis phase's orders and of pre-emptive war (Order.String, crisisString):
//
//	AGGRESSION <target> [PACT]       (AGGRESSION NONE: no aggression)
//	OPPOSE|ACQUIESCE|ULTIMATUM|ATTACK [<aggressor>]
//	BACK DOWN [<aggressor>]
//	CONTINUE [<aggressor>]
//	IF OPPOSED|CONTINUED|ULTIMATUM <action> [IF RESISTANCE <op> <n> ELSE <action>] [<aggressor>]
//	DECLARE WAR ON <power>, THREATEN WAR ON <power>
//	CONCEDE, REFUSE
//
// A target of several words is written with "_" (BALTIC_STATES,
// DANZIG_AND_THE_CORRIDOR) or with spaces; it is spelled as 27.31/27.41
// list it (AggressionTarget). The parser is lenient on purpose: a word it
// does not know (a power that is none, a condition that is no condition,
// an operator that is no operator) is passed through as written, so that
// the cases can show the judge refusing it. CONTINUE followed by anything
// but a power (CONTINUE SHIP 2) is shipbuilding's (19.71) and left alone.
// A trailing "FOR <segment id>" makes it a standing order (AGGRESSION
// ETHIOPIA FOR crisis-aggression), as in parseDiplomacyTestOrder.
func ParseCrisisTestOrder(text string) (storm.Order, bool, error) {
	f := strings.Fields(text)
	if len(f) == 0 {
		return storm.Order{}, false, nil
	}
	var forSeg storm.Segment
	if n := len(f); n >= 3 && strings.EqualFold(f[n-2], "FOR") {
		forSeg, f = storm.Segment(strings.ToLower(f[n-1])), f[:n-2]
	}
	o, ok, err := parseCrisisWords(f)
	o.For = forSeg
	return o, ok, err
}

func parseCrisisWords(f []string) (storm.Order, bool, error) {
	up := func(i int) string {
		if i < len(f) {
			return strings.ToUpper(f[i])
		}
		return ""
	}
	// power reads the optional aggressor (or the power war is declared
	// on) of the rest of the line.
	power := func(ws []string) string {
		if len(ws) == 0 {
			return ""
		}
		w := strings.Join(ws, " ")
		if p, ok := storm.ParsePower(w); ok {
			return p.String()
		}
		return strings.ToLower(w) // the judge refuses it (26.11, 32.21)
	}
	// action reads an answer word at f[i] and returns its kind and the
	// index after it.
	action := func(i int) (storm.OrderKind, int) {
		switch w := up(i); w {
		case "":
			return "", i
		case "BACK":
			if up(i+1) == "DOWN" {
				return storm.BackDownOrder, i + 2
			}
			return storm.BackDownOrder, i + 1
		case "CONTINUE":
			return storm.ContinueAggression, i + 1
		default:
			return storm.OrderKind(strings.ToLower(w)), i + 1
		}
	}
	switch kw := up(0); kw {
	case "AGGRESSION":
		ws := f[1:]
		var o storm.Order
		o.Kind = storm.AggressionOrder
		if len(ws) > 0 && strings.EqualFold(ws[len(ws)-1], "PACT") {
			o.Args = []string{"pact"}
			ws = ws[:len(ws)-1]
		}
		target := strings.ReplaceAll(strings.Join(ws, " "), "_", " ")
		switch {
		case strings.EqualFold(target, storm.NoAggression):
			o.Project = storm.NoAggression
		default:
			if t, ok := storm.AggressionTarget(target); ok {
				target = t
			}
			o.Project = target
		}
		return o, true, nil
	case "OPPOSE", "ACQUIESCE", "ULTIMATUM", "ATTACK", "CONCEDE", "REFUSE":
		k := map[string]storm.OrderKind{"OPPOSE": storm.OpposeOrder, "ACQUIESCE": storm.AcquiesceOrder, "ULTIMATUM": storm.UltimatumOrder,
			"ATTACK": storm.AttackOrder, "CONCEDE": storm.ConcedeOrder, "REFUSE": storm.RefuseOrder}[kw]
		return storm.Order{Kind: k, Project: power(f[1:])}, true, nil
	case "BACK":
		if up(1) != "DOWN" {
			return storm.Order{}, false, nil
		}
		return storm.Order{Kind: storm.BackDownOrder, Project: power(f[2:])}, true, nil
	case "CONTINUE":
		rest := f[1:]
		if len(rest) > 0 && strings.EqualFold(rest[0], "AGGRESSION") {
			rest = rest[1:]
		}
		if len(rest) == 0 {
			return storm.Order{Kind: storm.ContinueAggression}, true, nil
		}
		if p, ok := storm.ParsePower(strings.Join(rest, " ")); ok {
			return storm.Order{Kind: storm.ContinueAggression, Project: p.String()}, true, nil
		}
		return storm.Order{}, false, nil // CONTINUE SHIP n (shipbuilding)
	case "DECLARE", "THREATEN":
		if up(1) != "WAR" || up(2) != "ON" {
			return storm.Order{}, false, nil
		}
		k := map[string]storm.OrderKind{"DECLARE": storm.DeclareWarOrder, "THREATEN": storm.ThreatenWarOrder}[kw]
		return storm.Order{Kind: k, Project: power(f[3:])}, true, nil
	case "IF":
		o := storm.Order{Kind: storm.CrisisIfOrder}
		if len(f) < 2 {
			return o, true, nil
		}
		o.Args = []string{strings.ToLower(f[1])}
		then, i := action(2)
		if then == "" {
			return o, true, nil
		}
		o.Args = append(o.Args, string(then))
		if up(i) == "IF" && up(i+1) == "RESISTANCE" {
			// IF RESISTANCE <op> <n> ELSE <action>, passed through as
			// written for the judge to check (28.12).
			op, n := "", ""
			if i+2 < len(f) {
				op = f[i+2]
			}
			if i+3 < len(f) {
				n = f[i+3]
			}
			i += 4
			if up(i) == "ELSE" {
				i++
			}
			var other storm.OrderKind
			other, i = action(i)
			o.Args = append(o.Args, op, n, string(other))
		}
		if i < len(f) {
			o.Project = power(f[i:])
		}
		return o, true, nil
	}
	return storm.Order{}, false, nil
}

// parseDiplomacyTestOrder reads, for the rule cases, the canonical text of
// the diplomatic phase's orders (Order.String): DIPLOMATIC <country> <n>
// [FREE], MILITARY <country> [RESEARCH <project>], ANTI-COMINTERN
// <country>|NONE, FLEXIBLE <card> <country>, PLAY <card>, SPY RING
// <country> | SPY RING RESEARCH <side> <category>, REACTIVATE SPY RING ...,
// COVERT <country> [IF <condition>], SUBVERT <country> [IF <condition>],
// COUNTER-INTELLIGENCE COVERT <country>|ANY [IF DECISIVE],
// COUNTER-INTELLIGENCE SPY RING <country> | RESEARCH <category>. A trailing
// "FOR <segment id>" makes it a standing order. Country names are single
// words or joined with "_" (BELGIUM/LUXEMBOURG, BALTIC_STATES).
func parseDiplomacyTestOrder(text string) (storm.Order, bool, error) {
	f := strings.Fields(text)
	if len(f) == 0 {
		return storm.Order{}, false, nil
	}
	var o storm.Order
	if i := indexFold(f, "FOR"); i >= 0 && i+1 < len(f) {
		o.For = storm.Segment(strings.ToLower(f[i+1]))
		f = f[:i]
	}
	country := func(w string) (string, error) {
		c, ok := storm.FindCountry(strings.ReplaceAll(w, "_", " "))
		if !ok {
			return "", fmt.Errorf("no country %q", w)
		}
		return c, nil
	}
	cond := func(rest []string) []string {
		if len(rest) >= 2 && strings.EqualFold(rest[0], "IF") {
			return []string{strings.ToLower(strings.Join(rest[1:], " "))}
		}
		return nil
	}
	var err error
	switch kw := strings.ToUpper(f[0]); {
	case kw == "DIPLOMATIC" && len(f) >= 3:
		o.Kind = storm.Diplomatic
		if o.Project, err = country(f[1]); err != nil {
			return o, true, err
		}
		n, err := strconv.Atoi(f[2])
		if err != nil {
			return o, true, err
		}
		o.Counters = []int{n}
		if len(f) > 3 && strings.EqualFold(f[3], "FREE") {
			o.Args = []string{"free"}
		}
	case kw == "MILITARY" && len(f) >= 2:
		o.Kind = storm.MilitaryCounter
		if o.Project, err = country(f[1]); err != nil {
			return o, true, err
		}
		if len(f) > 3 && strings.EqualFold(f[2], "RESEARCH") {
			o.Args = []string{strings.ToLower(strings.Join(f[3:], " "))}
		}
	case kw == "ANTI-COMINTERN" && len(f) == 2:
		o.Kind, o.Project = storm.AntiCominternOrder, "none"
		if !strings.EqualFold(f[1], "NONE") {
			if o.Project, err = country(f[1]); err != nil {
				return o, true, err
			}
		}
	case kw == "FLEXIBLE" && len(f) == 3:
		o.Kind = storm.FlexibleOrder
		if o.Card, err = strconv.Atoi(f[1]); err != nil {
			return o, true, err
		}
		if o.Project, err = country(f[2]); err != nil {
			return o, true, err
		}
	case kw == "PLAY" && len(f) == 2:
		o.Kind = storm.Play
		if o.Card, err = strconv.Atoi(f[1]); err != nil {
			return o, true, err
		}
	case (kw == "SPY" || kw == "REACTIVATE") && len(f) >= 3:
		o.Kind = storm.SpyRingOrder
		if kw == "REACTIVATE" {
			o.Kind, f = storm.ReactivateOrder, f[1:]
		}
		rest := f[2:] // after SPY RING
		if len(rest) == 3 && strings.EqualFold(rest[0], "RESEARCH") {
			o.Project, o.Args = "research", []string{strings.ToLower(rest[1]), strings.ToLower(rest[2])}
		} else if len(rest) == 1 {
			if o.Project, err = country(rest[0]); err != nil {
				return o, true, err
			}
		} else {
			return o, true, fmt.Errorf("bad spy ring order %q", text)
		}
	case (kw == "COVERT" || kw == "SUBVERT") && len(f) >= 2:
		o.Kind = storm.CovertOrder
		if kw == "SUBVERT" {
			o.Kind = storm.SubvertOrder
		}
		if o.Project, err = country(f[1]); err != nil {
			return o, true, err
		}
		o.Args = cond(f[2:])
	case kw == "COUNTER-INTELLIGENCE" && len(f) >= 3:
		o.Kind = storm.CounterIntelOrder
		switch {
		case strings.EqualFold(f[1], "COVERT"):
			o.Project, o.Args = "any", []string{"covert"}
			if !strings.EqualFold(f[2], "ANY") {
				if o.Project, err = country(f[2]); err != nil {
					return o, true, err
				}
			}
			o.Args = append(o.Args, cond(f[3:])...)
		case len(f) == 5 && strings.EqualFold(f[3], "RESEARCH"):
			o.Project, o.Args = "research", []string{"ring", strings.ToLower(f[4])}
		case len(f) == 4:
			o.Args = []string{"ring"}
			if o.Project, err = country(f[3]); err != nil {
				return o, true, err
			}
		default:
			return o, true, fmt.Errorf("bad counter-intelligence order %q", text)
		}
	default:
		return storm.Order{}, false, nil
	}
	return o, true, nil
}

// parseShipTestOrder reads a shipbuilding order with the orders package's
// grammar; ok is false for another keyword.
func parseShipTestOrder(text string) (storm.Order, bool, error) {
	f := strings.Fields(strings.ToUpper(text))
	if len(f) == 0 || !slices.Contains([]string{"LAY", "LAYDOWN", "ADVANCE", "CONTINUE", "LAUNCH", "ACCELERATE", "DEFER", "SAVE"}, f[0]) {
		return storm.Order{}, false, nil
	}
	sub, err := orders.Parse("GAME case\nSECRET x\n" + text)
	if err != nil {
		return storm.Order{}, true, err
	}
	o := sub.Orders[0]
	o.Line = 0
	return o, true, nil
}

func indexFold(ws []string, w string) int {
	for i, x := range ws {
		if strings.EqualFold(x, w) {
			return i
		}
	}
	return -1
}

// parseUnitTestOrder reads the canonical text of MOBILIZE orders naming
// units ("MOBILIZE IDLE: ARMOR, INFANTRY, AIR") and of BUILD orders
// ("BUILD ARMOR INFANTRY WITH 3 1") for the rule cases; ok is false for
// other orders.
func parseUnitTestOrder(text string) (o storm.Order, ok bool, err error) {
	f := strings.Fields(strings.NewReplacer(":", " : ", ",", " ").Replace(strings.ToLower(text)))
	if len(f) == 0 {
		return o, false, nil
	}
	switch {
	case f[0] == "mobilize" && slices.Contains(f, ":"):
		o = storm.Order{Kind: storm.Mobilize}
		i := slices.Index(f, ":")
		if i == 2 {
			o.From = storm.FactoryKind(f[1])
		}
		for _, w := range f[i+1:] {
			o.Units = append(o.Units, storm.UnitType(w))
		}
		return o, true, nil
	case f[0] == "reserve":
		o = storm.Order{Kind: storm.AddToReserve}
		for _, w := range f[1:] {
			o.Units = append(o.Units, storm.UnitType(w))
		}
		return o, true, nil
	case f[0] == "build":
		o = storm.Order{Kind: storm.Build}
		with := false
		for _, w := range f[1:] {
			switch {
			case w == "with":
				with = true
			case with:
				n, err := strconv.Atoi(w)
				if err != nil {
					return o, true, fmt.Errorf("bad counter %q", w)
				}
				o.Counters = append(o.Counters, n)
			default:
				o.Units = append(o.Units, storm.UnitType(w))
			}
		}
		return o, true, nil
	}
	return o, false, nil
}

// parseResearchTestOrder reads the canonical text of a research order
// (researchString) after the word RESEARCH, lower case.
func parseResearchTestOrder(f []string) (storm.Order, error) {
	o := storm.Order{Kind: storm.Research}
	if len(f) == 0 {
		return o, fmt.Errorf("research: empty")
	}
	if f[0] == "counter" {
		if len(f) == 2 && f[1] == storm.CounterCivilian {
			return storm.Order{Kind: storm.Research, Counters: []int{1}, Args: []string{storm.CounterCivilian}}, nil
		}
		for _, w := range f[1:] {
			n, err := strconv.Atoi(w)
			if err != nil {
				return o, err
			}
			o.Counters = append(o.Counters, n)
		}
		return o, nil
	}
	if n, err := strconv.Atoi(f[len(f)-1]); err == nil && len(f) > 1 {
		o.Points = n
		f = f[:len(f)-1]
	}
	switch k := f[len(f)-1]; k {
	case storm.PointIntelligence, storm.PointAdvanced, storm.PointSpy, storm.PointReassign:
		o.Args = []string{k}
		f = f[:len(f)-1]
	}
	o.Project = strings.Join(f, " ")
	if o.Points == 0 {
		o.Points = 1
	}
	return o, nil
}
