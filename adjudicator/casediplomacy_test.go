package adjudicator

import (
	"fmt"
	"strconv"
	"strings"
)

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
func parseDiplomacyTestOrder(text string) (Order, bool, error) {
	f := strings.Fields(text)
	if len(f) == 0 {
		return Order{}, false, nil
	}
	var o Order
	if i := indexFold(f, "FOR"); i >= 0 && i+1 < len(f) {
		o.For = Segment(strings.ToLower(f[i+1]))
		f = f[:i]
	}
	country := func(w string) (string, error) {
		c, ok := FindCountry(strings.ReplaceAll(w, "_", " "))
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
		o.Kind = Diplomatic
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
		o.Kind = MilitaryCounter
		if o.Project, err = country(f[1]); err != nil {
			return o, true, err
		}
		if len(f) > 3 && strings.EqualFold(f[2], "RESEARCH") {
			o.Args = []string{strings.ToLower(strings.Join(f[3:], " "))}
		}
	case kw == "ANTI-COMINTERN" && len(f) == 2:
		o.Kind, o.Project = AntiCominternOrder, "none"
		if !strings.EqualFold(f[1], "NONE") {
			if o.Project, err = country(f[1]); err != nil {
				return o, true, err
			}
		}
	case kw == "FLEXIBLE" && len(f) == 3:
		o.Kind = FlexibleOrder
		if o.Card, err = strconv.Atoi(f[1]); err != nil {
			return o, true, err
		}
		if o.Project, err = country(f[2]); err != nil {
			return o, true, err
		}
	case kw == "PLAY" && len(f) == 2:
		o.Kind = Play
		if o.Card, err = strconv.Atoi(f[1]); err != nil {
			return o, true, err
		}
	case (kw == "SPY" || kw == "REACTIVATE") && len(f) >= 3:
		o.Kind = SpyRingOrder
		if kw == "REACTIVATE" {
			o.Kind, f = ReactivateOrder, f[1:]
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
		o.Kind = CovertOrder
		if kw == "SUBVERT" {
			o.Kind = SubvertOrder
		}
		if o.Project, err = country(f[1]); err != nil {
			return o, true, err
		}
		o.Args = cond(f[2:])
	case kw == "COUNTER-INTELLIGENCE" && len(f) >= 3:
		o.Kind = CounterIntelOrder
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
		return Order{}, false, nil
	}
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
