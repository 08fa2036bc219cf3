package orders

import (
	"strings"

	"stormjudge/adjudicator/storm"
)

// factoryWords are the factory uses of rule 11.21 as order words.
var factoryWords = []string{"IDLE", "CIVILIAN", "MILITARY"}

// factoryWord reads one factory use, for the order whose hint is hint.
func factoryWord(l *line, w, hint string) (storm.FactoryKind, *Error) {
	switch strings.ToUpper(w) {
	case "IDLE":
		return storm.Idle, nil
	case "CIVILIAN":
		return storm.Civilian, nil
	case "MILITARY":
		return storm.Military, nil
	}
	return "", l.errorf(hint, "%s: unknown factory %s%s", l.keyword(), quote(w), didYouMean(w, factoryWords))
}

// fillerWords may be written in an order and mean nothing to the parser:
// "CONVERT ONE IDLE FACTORY TO CIVILIAN" reads as "CONVERT IDLE TO CIVILIAN".
var fillerWords = []string{"A", "AN", "ONE", "FACTORY"}

// orderArgs returns the arguments of l without filler words.
func orderArgs(l *line) []string {
	var out []string
	for _, w := range l.args() {
		if !containsFold(fillerWords, w) {
			out = append(out, w)
		}
	}
	return out
}

func containsFold(list []string, w string) bool {
	for _, s := range list {
		if strings.EqualFold(s, w) {
			return true
		}
	}
	return false
}

// isTo reports the word joining the two factory uses: TO or INTO.
func isTo(w string) bool { return strings.EqualFold(w, "TO") || strings.EqualFold(w, "INTO") }
