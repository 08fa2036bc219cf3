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

func JoinAnd(xs []string) string {
	if len(xs) < 2 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}
