package storm

import "strings"

// The engine words its refusals, options and notes in English, and these
// are the few helpers those words share. The mails' own prose is written
// outside the engine (report, and the judge's letters).

// JoinAnd joins a list as a sentence does: "a", "a and b", "a, b and c".
func JoinAnd(xs []string) string {
	if len(xs) < 2 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}

// JoinOr joins a list as a sentence does: "a", "a or b", "a, b or c".
func JoinOr(xs []string) string {
	if len(xs) < 2 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " or " + xs[len(xs)-1]
}

// Possessive is name as an owner: a name ending in s (the Allies, the
// Axis, the Baltic States) takes the apostrophe alone, any other "'s".
func Possessive(name string) string {
	if strings.HasSuffix(name, "s") {
		return name + "'"
	}
	return name + "'s"
}

// PowerTitles are the powers' names as a report writes them.
func PowerTitles(ps []Power) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.Title()
	}
	return out
}
