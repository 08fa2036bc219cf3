package report

import (
	"fmt"
	"strings"

	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
)

// The moderator's fixes of the state (SET, docs/orders.md): one line
// each, in the public report; a secret event discarded is named in its
// holder's notice only (8.31).

const fixSection = "Fixed by the moderator"

func fixSectionOf(e event.Event) (string, bool) {
	if _, ok := e.(event.StateFixed); ok {
		return fixSection, true
	}
	return "", false
}

// fixEvent renders a StateFixed; false if e is not one.
func fixEvent(w *writer, e event.Event) bool {
	f, ok := e.(event.StateFixed)
	if !ok {
		return false
	}
	w.wrap(FixLine(f), "  ")
	return true
}

// FixLine words one fix, e.g. "The moderator set Germany's tile points
// from 12 to 15 (rule 6.1)." (the report's line, and the judge's lead of
// every mail of the fix).
func FixLine(f event.StateFixed) string {
	var what string
	switch f.What {
	case storm.FixTiles:
		what = fmt.Sprintf("set %s's tile points from %s to %s", f.Power.Title(), f.Before, f.After)
	case storm.FixSupport:
		what = fmt.Sprintf("set %s's support level this turn from %s to %s", f.Power.Title(), f.Before, f.After)
	case storm.FixFlags:
		what = fmt.Sprintf("set the flags in %s from %s to %s", f.Country, f.Before, f.After)
	case storm.FixEAI:
		what = fmt.Sprintf("set the European Aggression Index from %s to %s", f.Before, f.After)
	case storm.FixClimate:
		what = fmt.Sprintf("set the economic climate from %s to %s", f.Before, f.After)
	case storm.FixDeck:
		what = fmt.Sprintf("switched the random event deck from %s to %s", deckModeWords(f.Before), deckModeWords(f.After))
	case storm.FixHeld:
		if f.Private {
			what = fmt.Sprintf("took your secret random event, card %d %q, out of play: it goes to the discard pile unplayed and does not take effect", f.Card, f.Title)
		} else {
			what = "took a secret random event held this turn out of play: it goes to the discard pile unplayed"
		}
	default:
		what = fmt.Sprintf("set %s from %s to %s", f.What, f.Before, f.After)
	}
	return fmt.Sprintf("The moderator %s (%s).", what, ruleRef(f.Rule))
}

func deckModeWords(mode string) string {
	switch mode {
	case storm.DeckFile:
		return "the deck file (the judge draws the cards)"
	case storm.DeckPhysical:
		return "the physical deck (the moderator draws the printed cards)"
	}
	return mode
}

// ruleRef is "rule 6.1" or "rules 24.18, 24.21".
func ruleRef(rule string) string {
	if strings.Contains(rule, ",") {
		return "rules " + rule
	}
	return "rule " + rule
}
