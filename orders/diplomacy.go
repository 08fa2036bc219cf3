package orders

import (
	"strconv"
	"strings"

	"stormjudge/adjudicator/storm"
)

// diplomaticWord is DIPLOMATIC <country> <strength>, rule 24.5: a
// diplomatic counter of that strength placed in a minor country, its value
// sealed until diplomacy is resolved (24.54C). "DIPLOMATIC COUNTER 2 IN
// POLAND" and "DIPLOMATIC 2 POLAND" are read alike.
var diplomaticWord = &orderWord{
	word:  "DIPLOMATIC",
	rule:  "24.5",
	forms: []string{"DIPLOMATIC POLAND 2"},
	parse: parseDiplomatic,
}

const diplomaticHint = "DIPLOMATIC <country> <counter strength> [FREE], e.g. DIPLOMATIC POLAND 2, DIPLOMATIC BELGIUM 0 (24.5, 24.56G) or DIPLOMATIC SPAIN 1 FREE (24.53A)"

func parseDiplomatic(l *line) (storm.Order, *Error) {
	var name []string
	strength := -1
	free := false
	for _, w := range l.args() {
		up := strings.ToUpper(w)
		switch up {
		case "COUNTER", "IN", "TO", "WITH", "STRENGTH", "OF":
			continue
		case "FREE": // 24.53A: the additional civil war counter
			free = true
			continue
		}
		if n, err := strconv.Atoi(up); err == nil {
			if strength >= 0 {
				return storm.Order{}, l.errorf(diplomaticHint, "DIPLOMATIC: one counter a line")
			}
			strength = n
			continue
		}
		name = append(name, w)
	}
	if len(name) == 0 {
		return storm.Order{}, l.errorf(diplomaticHint, "DIPLOMATIC: which country?")
	}
	country, ok := storm.FindCountry(strings.Join(name, " "))
	if !ok && strings.EqualFold(strings.Join(name, " "), storm.Croatia) {
		return storm.Order{}, l.errorf(diplomaticHint, "DIPLOMATIC: Croatia, once split from Yugoslavia by its civil war, takes no counters (25.73A, 25.81)")
	}
	if !ok {
		return storm.Order{}, l.errorf(diplomaticHint, "DIPLOMATIC: %s is not a diplomatic target (24.21)%s",
			quote(strings.Join(name, " ")), didYouMean(strings.Join(name, " "), storm.Countries()))
	}
	if strength < 0 || strength > 3 {
		return storm.Order{}, l.errorf(diplomaticHint, "DIPLOMATIC %s: give the counter's strength, 3, 2, 1 or 0", strings.ToUpper(country))
	}
	o := storm.Order{Kind: storm.Diplomatic, Project: country, Counters: []int{strength}}
	if free {
		o.Args = []string{"free"}
	}
	return o, nil
}

// militaryWord is MILITARY <country>, rule 24.4: a military counter placed
// openly in a neighbouring minor country (+1, one tile point).
var militaryWord = &orderWord{
	word:  "MILITARY",
	rule:  "24.4",
	forms: []string{"MILITARY POLAND"},
	parse: parseMilitary,
}

const militaryHint = "MILITARY <country> [RESEARCH <project>], e.g. MILITARY AUSTRIA (24.4) or MILITARY SPAIN RESEARCH AIR RANGE (a civil war intervention, 25.52B, 15.22D)"

func parseMilitary(l *line) (storm.Order, *Error) {
	var name, project []string
	research := false
	for _, w := range l.args() {
		switch up := strings.ToUpper(w); {
		case research:
			project = append(project, strings.ToLower(w))
			continue
		case up == "RESEARCH": // 15.22D: a civil war intervention's research point
			research = true
			continue
		case up == "COUNTER" || up == "IN" || up == "TO":
			continue
		}
		name = append(name, w)
	}
	if research && len(project) == 0 {
		return storm.Order{}, l.errorf(militaryHint, "MILITARY: RESEARCH needs the project, e.g. MILITARY SPAIN RESEARCH AIR RANGE")
	}
	if len(name) == 0 {
		return storm.Order{}, l.errorf(militaryHint, "MILITARY: which country?")
	}
	country, ok := storm.FindCountry(strings.Join(name, " "))
	if !ok && strings.EqualFold(strings.Join(name, " "), storm.Croatia) {
		return storm.Order{}, l.errorf(militaryHint, "MILITARY: Croatia, once split from Yugoslavia by its civil war, takes no counters (25.73A, 25.81)")
	}
	if !ok {
		return storm.Order{}, l.errorf(militaryHint, "MILITARY: %s is not a diplomatic target (24.21)%s",
			quote(strings.Join(name, " ")), didYouMean(strings.Join(name, " "), storm.Countries()))
	}
	o := storm.Order{Kind: storm.MilitaryCounter, Project: country}
	if research {
		o.Args = []string{strings.Join(project, " ")}
	}
	return o, nil
}

// anticominternWord is ANTI-COMINTERN <country> or ANTI-COMINTERN NONE,
// rule 24.3: where Germany places the anti-Comintern counter among the
// countries tied for first (24.34D), or not at all this turn (24.31).
var anticominternWord = &orderWord{
	word:  "ANTI-COMINTERN",
	rule:  "24.3",
	forms: []string{"ANTI-COMINTERN TURKEY", "ANTI-COMINTERN NONE"},
	parse: parseAntiComintern,
}

const anticominternHint = "ANTI-COMINTERN <country> (Finland, Poland, Rumania, Turkey) or ANTI-COMINTERN NONE (24.3)"

func parseAntiComintern(l *line) (storm.Order, *Error) {
	args := l.args()
	if len(args) > 0 && strings.EqualFold(args[0], "COUNTER") {
		args = args[1:]
	}
	if len(args) > 0 && strings.EqualFold(args[0], "IN") {
		args = args[1:]
	}
	name := strings.Join(args, " ")
	if strings.EqualFold(name, "NONE") {
		return storm.Order{Kind: storm.AntiCominternOrder, Project: "none"}, nil
	}
	country, ok := storm.FindCountry(name)
	if !ok {
		return storm.Order{}, l.errorf(anticominternHint, "ANTI-COMINTERN: %s is not a diplomatic target (24.21)", quote(name))
	}
	return storm.Order{Kind: storm.AntiCominternOrder, Project: country}, nil
}

const forHint = "FOR SPY RINGS, FOR AXIS 1, FOR RUSSIA, FOR ALLIES, FOR AXIS 2, FOR COVERT, FOR CRISIS, FOR RESPONSE or FOR WAR: the orders below it are for that segment of this turn; FOR NOW: for the open segment again (docs/orders.md)"

// roundNames maps the words of a FOR line to the placement rounds (24.55).
var roundNames = map[string]storm.Segment{
	"AXIS 1": storm.SegDiplomacyAxis1, "AXIS FIRST": storm.SegDiplomacyAxis1, "AXIS FIRST ROUND": storm.SegDiplomacyAxis1,
	"RUSSIA": storm.SegDiplomacyRussia, "RUSSIAN": storm.SegDiplomacyRussia, "RUSSIAN ROUND": storm.SegDiplomacyRussia,
	"ALLIES": storm.SegDiplomacyAllies, "ALLIED": storm.SegDiplomacyAllies, "ALLIED ROUND": storm.SegDiplomacyAllies,
	"SPY RINGS": storm.SegSpyRings, "SPY RING": storm.SegSpyRings,
	"COVERT": storm.SegCovert, "COVERT OPERATIONS": storm.SegCovert,
	"CRISIS": storm.SegCrisisAggression, "AGGRESSION": storm.SegCrisisAggression, "CRISIS AGGRESSION": storm.SegCrisisAggression,
	"RESPONSE": storm.SegCrisisResponse, "ALLIED RESPONSE": storm.SegCrisisResponse, "CRISIS RESPONSE": storm.SegCrisisResponse,
	"WAR": storm.SegPreemptiveWar, "PREEMPTIVE WAR": storm.SegPreemptiveWar, "PRE-EMPTIVE WAR": storm.SegPreemptiveWar,
	"AXIS 2": storm.SegDiplomacyAxis2, "AXIS SECOND": storm.SegDiplomacyAxis2, "AXIS SECOND ROUND": storm.SegDiplomacyAxis2,
}

// forLine reads FOR <round>: the orders that follow are standing orders
// for that placement round of this turn (adjudicator/standing.go).
func (p *parser) forLine(l *line) {
	name := strings.ToUpper(strings.Join(l.args(), " "))
	name = strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(name, "THE "), "DIPLOMACY "))
	if name == "NOW" {
		p.forRound = ""
		return
	}
	r, ok := segmentNamed(name) // its FOR words, its id, or its title as the reports write it
	if !ok {
		p.add(l.errorf(forHint, "FOR: %s is not a segment that takes orders in advance", quote(strings.Join(l.args(), " "))))
		return
	}
	p.forRound = r
}

// flexibleWord is FLEXIBLE <card> <country>, rule 4.16: the target of a
// flexible diplomatic random event.
var flexibleWord = &orderWord{
	word:  "FLEXIBLE",
	rule:  "4.16",
	forms: []string{"FLEXIBLE 5 GREECE"},
	parse: parseFlexible,
}

const flexibleHint = "FLEXIBLE <card> <country>, e.g. FLEXIBLE 5 GREECE: where your flexible diplomatic event's modifier goes (4.16)"

func parseFlexible(l *line) (storm.Order, *Error) {
	args := l.args()
	if len(args) > 0 && strings.EqualFold(args[0], "CARD") {
		args = args[1:]
	}
	if len(args) < 2 {
		return storm.Order{}, l.errorf(flexibleHint, "FLEXIBLE needs the card and the country")
	}
	n, err := strconv.Atoi(strings.TrimPrefix(args[0], "#"))
	if err != nil || n < 1 || n > storm.DeckSize {
		return storm.Order{}, l.errorf(flexibleHint, "FLEXIBLE: %s is not a card number", quote(args[0]))
	}
	rest := args[1:]
	if len(rest) > 0 && (strings.EqualFold(rest[0], "IN") || strings.EqualFold(rest[0], "TO")) {
		rest = rest[1:]
	}
	country, ok := storm.FindCountry(strings.Join(rest, " "))
	if !ok {
		return storm.Order{}, l.errorf(flexibleHint, "FLEXIBLE: %s is not a diplomatic target (24.21)", quote(strings.Join(rest, " ")))
	}
	return storm.Order{Kind: storm.FlexibleOrder, Card: n, Project: country}, nil
}
