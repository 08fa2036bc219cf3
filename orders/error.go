package orders

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Error is one problem with one line of an order email, in the manner of
// BurntSushi/toml's ParseError: where (Line, and the line itself in Text),
// what (Msg) and what would be accepted instead (Hint).
//
// Text is empty when the line is not shown: for problems with the whole
// email (Line 0) and for lines that may hold the power's secret.
type Error struct {
	Line int    // 1-based line in the body; 0 for the email as a whole
	Text string // the offending line as written (shortened when long), or ""
	Msg  string // what is wrong, without the "orders: line N: " prefix
	Hint string // what is accepted instead, or ""
}

// Error renders the error on up to three lines:
//
//	orders: line 7: unknown order "MOBILISE" (did you mean "MOBILIZE"?)
//	    7 | MOBILISE IDLE
//	  hint: orders: CONVERT IDLE TO CIVILIAN, MOBILIZE IDLE, ...
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("orders: ")
	b.WriteString(e.Summary())
	if e.Text != "" {
		fmt.Fprintf(&b, "\n  %3d | %s", e.Line, e.Text)
	}
	if e.Hint != "" {
		b.WriteString("\n  hint: ")
		b.WriteString(e.Hint)
	}
	return b.String()
}

// Summary is the first line of Error without the package prefix:
// "line 7: unknown order ..." (or just the message when Line is 0).
func (e *Error) Summary() string {
	if e.Line > 0 {
		return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
	}
	return e.Msg
}

// Errors is every problem found in one order email, in line order (problems
// with the email as a whole last).
type Errors []*Error

// Error renders each error as (*Error).Error does, one after the other.
func (es Errors) Error() string {
	if len(es) == 0 {
		return "orders: no errors"
	}
	parts := make([]string, len(es))
	for i, e := range es {
		parts[i] = e.Error()
	}
	return strings.Join(parts, "\n")
}

// Unwrap returns the errors, for errors.As and errors.Is.
func (es Errors) Unwrap() []error {
	out := make([]error, len(es))
	for i, e := range es {
		out[i] = e
	}
	return out
}

// How many runes of a line, or of a word, an error quotes.
const (
	maxLineShown = 120
	maxWordShown = 40
)

// Shorten cuts s to at most n runes, marking the cut with "...".
func Shorten(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-3]) + "..."
}

// quote quotes a word of the sender's for a message, shortened.
func quote(w string) string {
	return fmt.Sprintf("%q", Shorten(w, maxWordShown))
}

// didYouMean returns ` (did you mean "X"?)` for the candidate closest to
// word, or "" when none is close. Comparison ignores case; the candidate is
// returned as listed.
func didYouMean(word string, candidates []string) string {
	if s := Suggest(word, candidates); s != "" {
		return fmt.Sprintf(" (did you mean %q?)", s)
	}
	return ""
}

// Suggest returns the candidate closest to word by edit distance (with
// transpositions), compared without regard to case, if it is close enough
// to be a likely typo: at most 1 edit for words of up to 4 letters, 2 up to
// 8, 3 beyond; otherwise "". Ties go to the earlier candidate. The other
// input languages (the deck files) use it too.
func Suggest(word string, candidates []string) string {
	w := []rune(strings.ToUpper(word))
	if len(w) == 0 || len(w) > 32 {
		return ""
	}
	limit := 3
	switch {
	case len(w) <= 4:
		limit = 1
	case len(w) <= 8:
		limit = 2
	}
	best, bestD := "", limit+1
	for _, c := range candidates {
		d := distance(w, []rune(strings.ToUpper(c)))
		if d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// distance is the optimal string alignment distance between a and b:
// insertions, deletions, substitutions and transpositions of adjacent runes
// each count one.
func distance(a, b []rune) int {
	// rows i-2, i-1 and i of the dynamic programme
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}

// Visible makes received text safe to quote back: C0 and C1
// control characters but newline and tab, zero-width characters and
// bidirectional marks and overrides are written out as escapes (\x07,
// \u200b), so a quoted line can neither drive a terminal nor hide or
// reorder what it shows.
func Visible(s string) string {
	if strings.IndexFunc(s, Invisible) < 0 {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		switch {
		case !Invisible(r):
			b.WriteRune(r)
		case r < 0x100:
			fmt.Fprintf(&b, "\\x%02x", r)
		default:
			fmt.Fprintf(&b, "\\u%04x", r)
		}
	}
	return b.String()
}

// Invisible reports a character Visible escapes.
func Invisible(r rune) bool {
	switch {
	case r == '\n' || r == '\t':
		return false
	case unicode.IsControl(r):
		return true
	case r >= '\u200b' && r <= '\u200f', r >= '\u202a' && r <= '\u202e', r >= '\u2060' && r <= '\u2069',
		r == '\u061c', r == '\ufeff', r == '\u00ad', r == '\u180e':
		return true
	}
	return false
}
