package orders

import (
	"strconv"
	"strings"

	"stormjudge/adjudicator/storm"
)

// buildWord is BUILD, rule 18: units in the reserve are built for 2
// activity counter points each (18.11), paid with counters named by
// strength (12.41A): "BUILD ARMOR WITH 2", "BUILD INFANTRY WITH 1 1",
// "BUILD ARMOR, AIR WITH 3 1".
var buildWord = &orderWord{
	word:  "BUILD",
	rule:  "18",
	forms: []string{"BUILD ARMOR WITH 2", "BUILD INFANTRY WITH 1 1", "BUILD ARMOR FREE"},
	parse: parseBuild,
}

// reserveWord is RESERVE, rules 14.737 and 14.743: from Spring 1941 Britain
// and France add one armor, infantry or air unit to the reserve a turn.
var reserveWord = &orderWord{
	word:  "RESERVE",
	rule:  "14.737",
	forms: []string{"RESERVE INFANTRY"},
	parse: parseReserve,
}

const reserveHint = "RESERVE ARMOR, RESERVE INFANTRY or RESERVE AIR (14.737, 14.743: Britain and France from Spring 1941)"

// parseReserve reads RESERVE <unit>.
func parseReserve(l *line) (storm.Order, *Error) {
	words := unitTokens(l.args())
	if len(words) > 0 && (strings.EqualFold(words[0], "ADD") || strings.EqualFold(words[0], "ADDS")) {
		words = words[1:]
	}
	units, err := readUnits(l, words, reserveHint)
	if err != nil {
		return storm.Order{}, err
	}
	if len(units) != 1 {
		return storm.Order{}, l.errorf(reserveHint, "RESERVE names one unit")
	}
	return storm.Order{Kind: storm.AddToReserve, Units: units}, nil
}

const buildHint = "BUILD <ARMOR|INFANTRY|AIR>... WITH <counter strengths>, e.g. BUILD ARMOR WITH 2 or BUILD INFANTRY, AIR WITH 3 1 (18.11, 12.41A)"

// unitWordList are the unit words accepted, for suggestions.
var unitWordList = []string{"ARMOR", "INFANTRY", "AIR", "SHIPBUILDING"}

// unitWords maps accepted spellings to unit types.
var unitWords = map[string]storm.UnitType{
	"ARMOR": storm.Armor, "ARMOUR": storm.Armor, "ARMORED": storm.Armor, "ARMOURED": storm.Armor, "TANK": storm.Armor, "TANKS": storm.Armor,
	"INFANTRY": storm.Infantry, "INF": storm.Infantry,
	"AIR": storm.Air, "AIRCRAFT": storm.Air,
	"SHIPBUILDING": storm.ShipbuildingIncrease, "SHIPYARD": storm.ShipbuildingIncrease,
	"SHIPYARDS": storm.ShipbuildingIncrease, "SHIP": storm.ShipbuildingIncrease,
}

// unitFillers may stand among unit words and mean nothing.
var unitFillers = []string{"AND", "UNIT", "UNITS", "INCREASE", "INCREASES", "&"}

// numberWords are the counts a unit word may follow ("TWO AIR", "2 AIR").
var numberWords = map[string]int{"TWO": 2, "THREE": 3, "FOUR": 4, "FIVE": 5}

// unitTokens splits words on commas, plus signs and colons.
func unitTokens(words []string) []string {
	return fields(strings.NewReplacer(",", " ", "+", " ", ":", " ", ";", " ").Replace(strings.Join(words, " ")))
}

// readUnits reads unit words with optional counts before them
// ("ARMOR, 2 INFANTRY", "TWO AIR"); hint is the order's hint.
func readUnits(l *line, words []string, hint string) ([]storm.UnitType, *Error) {
	var out []storm.UnitType
	count := 0
	for _, w := range words {
		up := strings.ToUpper(w)
		if containsFold(unitFillers, up) || containsFold(fillerWords, up) {
			continue
		}
		if n, err := strconv.Atoi(up); err == nil && n > 0 && n <= 9 && count == 0 {
			count = n
			continue
		}
		if n, ok := numberWords[up]; ok && count == 0 {
			count = n
			continue
		}
		u, ok := unitWords[strings.TrimSuffix(up, "S")]
		if !ok {
			u, ok = unitWords[up]
		}
		if !ok {
			return nil, l.errorf(hint, "%s: unknown unit %s%s", l.keyword(), quote(w), didYouMean(w, unitWordList))
		}
		for range max(count, 1) {
			out = append(out, u)
		}
		count = 0
	}
	if count != 0 {
		return nil, l.errorf(hint, "%s: a number must be followed by a unit", l.keyword())
	}
	return out, nil
}

// parseBuild reads BUILD <units> WITH <strengths>.
func parseBuild(l *line) (storm.Order, *Error) {
	words := unitTokens(l.args())
	at := -1
	for i, w := range words {
		if strings.EqualFold(w, "WITH") || strings.EqualFold(w, "USING") {
			at = i
			break
		}
	}
	// BUILD <unit> FREE: a random event's free unit (18.41).
	if n := len(words); at < 0 && n > 1 && strings.EqualFold(words[n-1], "FREE") {
		units, err := readUnits(l, words[:n-1], buildHint)
		if err != nil {
			return storm.Order{}, err
		}
		if len(units) != 1 {
			return storm.Order{}, l.errorf(buildHint, "BUILD ... FREE names one unit, e.g. BUILD ARMOR FREE (18.41)")
		}
		return storm.Order{Kind: storm.Build, Units: units, Args: []string{"free"}}, nil
	}
	if at < 0 {
		return storm.Order{}, l.errorf(buildHint, "BUILD needs the activity counters that pay, by strength: e.g. WITH 2 or WITH 1 1; or FREE for a random event's free unit (18.41)")
	}
	units, err := readUnits(l, words[:at], buildHint)
	if err != nil {
		return storm.Order{}, err
	}
	if len(units) == 0 {
		return storm.Order{}, l.errorf(buildHint, "BUILD needs the unit to build: ARMOR, INFANTRY or AIR")
	}
	o := storm.Order{Kind: storm.Build, Units: units}
	for _, w := range words[at+1:] {
		up := strings.ToUpper(w)
		if up == "COUNTER" || up == "COUNTERS" || up == "AND" {
			continue
		}
		n, e := strconv.Atoi(up)
		if e != nil || n < 0 || n > 3 {
			return storm.Order{}, l.errorf(buildHint, "BUILD: %s is not a counter strength (3, 2, 1 or 0)", quote(w))
		}
		o.Counters = append(o.Counters, n)
	}
	if len(o.Counters) == 0 {
		return storm.Order{}, l.errorf(buildHint, "BUILD: WITH must be followed by counter strengths, e.g. WITH 2")
	}
	return o, nil
}
