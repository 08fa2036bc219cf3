package orders

import (
	"strconv"
	"strings"

	"stormjudge/adjudicator/storm"
)

// playWord is PLAY <card number>, rules 9.41E and 15.32: play a secret
// random event the power holds (a support, purge or political event, or an
// additional event of 9.13) in the economic phase, or a research or
// construction event with the projects it leaves to the holder:
// "PLAY 17: JETS, AIR RANGE". "PLAY CARD 17" is read as PLAY 17.
var playWord = &orderWord{
	word:  "PLAY",
	rule:  "9.41E",
	forms: []string{"PLAY 17", "PLAY 17: <project>, <project>"},
	parse: parsePlay,
}

const playHint = "PLAY <card number>, e.g. PLAY 17, or with the projects an event leaves you to choose: PLAY 17: JETS, AIR RANGE (9.41E, 15.32)"

func parsePlay(l *line) (storm.Order, *Error) {
	var args []string
	for _, a := range orderArgs(l) {
		if len(args) == 0 && (strings.EqualFold(a, "CARD") || strings.EqualFold(a, "EVENT")) {
			continue
		}
		args = append(args, a)
	}
	if len(args) == 0 {
		return storm.Order{}, l.errorf(playHint, "PLAY needs the number of the card to play")
	}
	num, rest, colon := strings.Cut(args[0], ":")
	n, err := strconv.Atoi(strings.TrimPrefix(num, "#"))
	if err != nil || n < 1 || n > storm.DeckSize {
		return storm.Order{}, l.errorf(playHint, "PLAY: %s is not a card number 1..%d", quote(num), storm.DeckSize)
	}
	o := storm.Order{Kind: storm.Play, Card: n}
	// The projects chosen (15.32), separated by commas.
	text := strings.TrimSpace(rest + " " + strings.Join(args[1:], " "))
	text = strings.TrimSpace(strings.TrimPrefix(text, ":"))
	if w, after, ok := strings.Cut(text, " "); ok && (strings.EqualFold(w, "ON") || strings.EqualFold(w, "TO")) {
		text = after
	} else if strings.EqualFold(text, "ON") || strings.EqualFold(text, "TO") {
		text = ""
	}
	if text == "" {
		if colon {
			return o, l.errorf(playHint, "PLAY %d: which projects? e.g. PLAY %d: JETS, AIR RANGE", n, n)
		}
		return o, nil
	}
	for _, p := range strings.Split(text, ",") {
		p = strings.Join(strings.Fields(p), " ")
		if _, err := strconv.Atoi(strings.TrimPrefix(p, "#")); err == nil {
			return o, l.errorf(playHint, "PLAY: one card a line; %s is not a project", quote(p))
		}
		if p != "" {
			o.Args = append(o.Args, strings.ToLower(p))
		}
	}
	return o, nil
}
