package storm

import (
	"slices"
	"strings"
)

// CompletedBy reports p's completed aggression against target.
func CompletedBy(s State, p Power, target string) bool {
	return slices.ContainsFunc(s.SupportFacts.Aggressions, func(a Aggression) bool {
		return a.Aggressor == p && a.Target == target && a.Completed != nil
	})
}

// AggressionTargetsOf are the targets of 27.31 (Italy) and 27.41 (Germany),
// in the rules' order.
var AggressionTargetsOf = map[Power][]string{
	Italy:   {Ethiopia, "Albania", "Yugoslavia", "Greece"},                                                              // 27.31A-D
	Germany: {Rhineland, "Austria", "Sudetenland", "Czechoslovakia", "Danzig and the Corridor", "Poland", BalticStates}, // 27.41A-G
}

// AggressionTarget spells name as 27.31 or 27.41 list it, case aside;
// ok is false for a name neither lists.
func AggressionTarget(name string) (string, bool) {
	for _, p := range []Power{Germany, Italy} {
		for _, t := range AggressionTargetsOf[p] {
			if strings.EqualFold(t, name) {
				return t, true
			}
		}
	}
	return name, false
}

// NoAggression is the target of AGGRESSION NONE: no aggression this turn.
const NoAggression = "none"
