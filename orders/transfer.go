package orders

import (
	"strconv"
	"strings"

	"stormjudge/adjudicator/storm"
)

// transferWord is TRANSFER <n> TO <power>, rule 16.16G: tile points passed
// between Britain and France for their Anglo-French cooperation levels.
var transferWord = &orderWord{
	word:  "TRANSFER",
	rule:  "16.16G",
	forms: []string{"TRANSFER 2 TO FRANCE"},
	parse: parseTransfer,
}

const transferHint = "TRANSFER <tile points> TO <BRITAIN|FRANCE>, e.g. TRANSFER 2 TO FRANCE (Anglo-French cooperation, 16.16G)"

func parseTransfer(l *line) (storm.Order, *Error) {
	n, to := -1, ""
	for _, w := range l.args() {
		up := strings.ToUpper(w)
		switch {
		case up == "TO" || up == "TILE" || up == "POINTS" || up == "POINT":
		case n < 0:
			v, err := strconv.Atoi(up)
			if err != nil {
				return storm.Order{}, l.errorf(transferHint, "TRANSFER: %s is not a number of tile points", quote(w))
			}
			n = v
		default:
			p, ok := storm.ParsePower(w)
			if !ok || to != "" {
				return storm.Order{}, l.errorf(transferHint, "TRANSFER: to whom? %s is not a power", quote(w))
			}
			to = p.String()
		}
	}
	if n < 1 || to == "" {
		return storm.Order{}, l.errorf(transferHint, "TRANSFER: how many tile points, to whom?")
	}
	return storm.Order{Kind: storm.Transfer, Points: n, Project: to}, nil
}
