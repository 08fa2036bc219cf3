package orders

import (
	"strconv"
	"strings"

	"stormjudge/adjudicator"
)

// playWord is PLAY <card number>, rule 9.41E: play a secret random event
// the power holds (a support, purge or political event, or an additional
// event of 9.13) in the economic phase. "PLAY CARD 17" is
// read as PLAY 17.
var playWord = &orderWord{
	word:  "PLAY",
	rule:  "9.41E",
	forms: []string{"PLAY 17"},
	parse: parsePlay,
}

const playHint = "PLAY <card number>, e.g. PLAY 17: the number of a secret random event you hold (9.41E)"

func parsePlay(l *line) (adjudicator.Order, *Error) {
	var args []string
	for _, a := range orderArgs(l) {
		if strings.EqualFold(a, "CARD") || strings.EqualFold(a, "EVENT") {
			continue
		}
		args = append(args, a)
	}
	if len(args) == 0 {
		return adjudicator.Order{}, l.errorf(playHint, "PLAY needs the number of the card to play")
	}
	if len(args) > 1 {
		return adjudicator.Order{}, l.errorf(playHint, "PLAY: one card a line; unexpected %s", quote(strings.Join(args[1:], " ")))
	}
	n, err := strconv.Atoi(strings.TrimPrefix(args[0], "#"))
	if err != nil || n < 1 || n > adjudicator.DeckSize {
		return adjudicator.Order{}, l.errorf(playHint, "PLAY: %s is not a card number 1..%d", quote(args[0]), adjudicator.DeckSize)
	}
	return adjudicator.Order{Kind: adjudicator.Play, Card: n}, nil
}
