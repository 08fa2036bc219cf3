package orders

import (
	"strconv"
	"strings"

	"stormjudge/adjudicator/storm"
)

// The moderator's fixes of the state (docs/orders.md, "SET: fixing the
// state"; adjudicator/fix.go). A MODERATOR email sets one figure a line:
//
//	SET TILES GERMANY 15          tile points (6.1)
//	SET SUPPORT ITALY -1          this turn's support level (10.31)
//	SET FLAGS POLAND 2 FRANCE     flags in a minor country (24.18, 24.21)
//	SET EAI +2                    the EAI (23)
//	SET CLIMATE -1                the economic climate (11.31)
//	SET DECK PHYSICAL             the random event deck: FILE or PHYSICAL
//	SET HELD 17 DISCARD           a secret event held this turn, discarded
//
// The parser reads the words; the bounds and the state are checked by
// adjudicator.ValidateFixes.

var setWord = &orderWord{
	word:      "SET",
	rule:      "docs/orders.md",
	forms:     []string{"SET TILES <power> <n>", "SET SUPPORT <power> <n>", "SET FLAGS <country> <n> [<power>]", "SET EAI <n>", "SET CLIMATE <n>", "SET DECK FILE|PHYSICAL", "SET HELD <card> DISCARD"},
	moderator: true,
	parse:     parseSet,
}

const (
	setHint        = "SET TILES <power> <n>, SET SUPPORT <power> <n>, SET FLAGS <country> <n> [<power>], SET EAI <n>, SET CLIMATE <n>, SET DECK FILE|PHYSICAL or SET HELD <card> DISCARD (docs/orders.md, SET)"
	setPowerHint   = "SET TILES <power> <n> or SET SUPPORT <power> <n>, e.g. SET TILES GERMANY 15, SET SUPPORT ITALY -1"
	setFlagsHint   = "SET FLAGS <country> <n> [<power>], e.g. SET FLAGS POLAND 2 FRANCE, SET FLAGS BELGIUM/LUXEMBOURG 3 (the flag power's), SET FLAGS GREECE 0 (none)"
	setTrackHint   = "SET EAI <n> (-5..+5, rule 23.26) or SET CLIMATE <n> (-3..+3, rule 11.34), e.g. SET EAI +2"
	setDeckHint    = "SET DECK FILE (the judge draws from the deck file) or SET DECK PHYSICAL (the moderator draws the printed cards, docs/deck.md)"
	setHeldHint    = "SET HELD <card> DISCARD, e.g. SET HELD 17 DISCARD: a secret random event held this turn leaves play unplayed"
	setFigureWords = "TILES, SUPPORT, FLAGS, EAI, CLIMATE, DECK or HELD"
)

// setFigures are the words naming what SET fixes, with the canonical word
// (storm's Fix constants).
var setFigures = map[string]string{
	"TILES": storm.FixTiles, "TILE": storm.FixTiles,
	"SUPPORT": storm.FixSupport,
	"FLAGS":   storm.FixFlags, "FLAG": storm.FixFlags,
	"EAI":     storm.FixEAI,
	"CLIMATE": storm.FixClimate,
	"DECK":    storm.FixDeck,
	"HELD":    storm.FixHeld,
}

// setFiller are words a moderator may write between the others: "SET
// TILE POINTS GERMANY TO 15", "SET SUPPORT LEVEL ITALY = -1", "SET HELD
// CARD 17 DISCARD".
var setFiller = map[string]bool{"TO": true, "=": true, "POINTS": true, "LEVEL": true, "CARD": true, "IN": true, "OF": true, "MODE": true}

func parseSet(l *line) (storm.Order, *Error) {
	var words []string
	for _, w := range l.args() {
		if !setFiller[strings.ToUpper(w)] {
			words = append(words, w)
		}
	}
	if len(words) == 0 {
		return storm.Order{}, l.errorf(setHint, "SET what? %s", setFigureWords)
	}
	what, ok := setFigures[strings.ToUpper(words[0])]
	if !ok {
		return storm.Order{}, l.errorf(setHint, "SET: %s is not a figure the moderator sets (%s)%s", quote(words[0]), setFigureWords,
			didYouMean(words[0], []string{"TILES", "SUPPORT", "FLAGS", "EAI", "CLIMATE", "DECK", "HELD"}))
	}
	args := words[1:]
	set := func(a ...string) (storm.Order, *Error) {
		return storm.Order{Kind: storm.SetState, Args: append([]string{what}, a...)}, nil
	}
	switch what {
	case storm.FixTiles, storm.FixSupport:
		name := "SET " + strings.ToUpper(what)
		if len(args) != 2 {
			return storm.Order{}, l.errorf(setPowerHint, "%s needs a power and a number", name)
		}
		p, ok := storm.ParsePower(args[0])
		if !ok {
			return storm.Order{}, l.errorf(setPowerHint, "%s: %s is not a major power%s", name, quote(args[0]), didYouMean(args[0], powerNames()))
		}
		n, ok := setNumber(args[1])
		if !ok {
			return storm.Order{}, l.errorf(setPowerHint, "%s %s: %s is not a number", name, strings.ToUpper(p.String()), quote(args[1]))
		}
		return set(p.String(), n)
	case storm.FixEAI, storm.FixClimate:
		name := "SET " + strings.ToUpper(what)
		if len(args) != 1 {
			return storm.Order{}, l.errorf(setTrackHint, "%s needs one number", name)
		}
		n, ok := setNumber(args[0])
		if !ok {
			return storm.Order{}, l.errorf(setTrackHint, "%s: %s is not a number", name, quote(args[0]))
		}
		return set(n)
	case storm.FixFlags:
		return parseSetFlags(l, args)
	case storm.FixDeck:
		if len(args) == 1 {
			switch strings.ToUpper(args[0]) {
			case "FILE":
				return set(storm.DeckFile)
			case "PHYSICAL":
				return set(storm.DeckPhysical)
			}
		}
		return storm.Order{}, l.errorf(setDeckHint, "SET DECK needs FILE or PHYSICAL")
	}
	// storm.FixHeld
	if len(args) != 2 || !strings.EqualFold(args[1], "DISCARD") {
		return storm.Order{}, l.errorf(setHeldHint, "SET HELD needs the card number and DISCARD")
	}
	n, err := strconv.Atoi(strings.TrimPrefix(args[0], "#"))
	if err != nil || n < 1 || n > storm.DeckSize {
		return storm.Order{}, l.errorf(setHeldHint, "SET HELD: %s is not a card number 1..%d", quote(args[0]), storm.DeckSize)
	}
	return set(strconv.Itoa(n), storm.HeldDiscard)
}

// parseSetFlags reads "<country> <n> [<power>]" of SET FLAGS; the country
// is spelt as the reports and the DIPLOMATIC order spell it
// (storm.FindCountry), in one word or several.
func parseSetFlags(l *line, args []string) (storm.Order, *Error) {
	at := -1
	for i, w := range args {
		if _, ok := setNumber(w); ok {
			at = i
			break
		}
	}
	if at < 0 {
		return storm.Order{}, l.errorf(setFlagsHint, "SET FLAGS needs a country and the number of flags")
	}
	if at == 0 {
		return storm.Order{}, l.errorf(setFlagsHint, "SET FLAGS: which country?")
	}
	name := strings.Join(args[:at], " ")
	country, ok := storm.FindCountry(name)
	if !ok {
		return storm.Order{}, l.errorf(setFlagsHint, "SET FLAGS: %s is not a diplomatic target (24.21)%s",
			quote(name), didYouMean(name, storm.Countries()))
	}
	n, _ := setNumber(args[at])
	out := []string{storm.FixFlags, country, n}
	switch rest := args[at+1:]; len(rest) {
	case 0:
	case 1:
		p, ok := storm.ParsePower(rest[0])
		if !ok {
			return storm.Order{}, l.errorf(setFlagsHint, "SET FLAGS %s %s: %s is not a major power%s",
				strings.ToUpper(country), n, quote(rest[0]), didYouMean(rest[0], powerNames()))
		}
		out = append(out, p.String())
	default:
		return storm.Order{}, l.errorf(setFlagsHint, "SET FLAGS %s %s: one power at most, after the number", strings.ToUpper(country), n)
	}
	return storm.Order{Kind: storm.SetState, Args: out}, nil
}

// setNumber reads a whole number with an optional sign ("+2", "-1", "15")
// and returns it in canonical decimal.
func setNumber(w string) (string, bool) {
	n, err := strconv.Atoi(w)
	if err != nil {
		return "", false
	}
	return strconv.Itoa(n), true
}
