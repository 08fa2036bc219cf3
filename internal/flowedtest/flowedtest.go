// Package flowedtest checks the judge's format=flowed text (RFC 3676,
// DelSp=no) line by line, as a mail client that does not reflow shows it
// and as one that does joins it. It is imported by tests only.
//
// The rules (docs/architecture.md, "The text part"):
//
//   - a line ends with a space (a soft break) only where its paragraph
//     goes on: the next line is neither blank, nor the signature
//     separator, nor missing; it ends with one space only, and the line
//     after it does not begin with a space (both would double a space
//     once joined);
//   - the signature separator "-- " is the one line that ends with a
//     space and does not go on;
//   - a line beginning with a space, "From " or ">" is space-stuffed (one
//     more space in front), so a raw line never begins with "From " or ">";
//     no line is spaces only;
//   - a line is at most 78 characters (RFC 3676, 4.1), spaces included,
//     unless it cannot be broken: one word, or an order line (Preformatted)
//     that a player copies whole;
//   - no hard break inside a sentence (HardBreakInSentence).
package flowedtest

import (
	"fmt"
	"stormjudge/internal/flowed"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxLine is the longest line RFC 3676 (4.1) recommends, without its CRLF.
const MaxLine = 78

// Line is one line of a flowed text as a decoder reads it.
type Line struct {
	N    int    // its number in the text, from 1
	Raw  string // as written, stuffing and trailing space included
	Text string // without the stuffing
	Soft bool   // it ends in a soft break: the next line continues it
}

// Lines splits a flowed text into its lines; body ends with a line break
// (CRLF or LF), after which nothing is a line.
func Lines(body string) []Line {
	body = strings.ReplaceAll(body, "\r\n", "\n")
	body = strings.TrimSuffix(body, "\n")
	var out []Line
	for i, raw := range strings.Split(body, "\n") {
		l := Line{N: i + 1, Raw: raw, Text: strings.TrimPrefix(raw, " ")}
		l.Soft = raw != "-- " && strings.HasSuffix(raw, " ") && l.Text != ""
		out = append(out, l)
	}
	return out
}

// Decode is the text a reflowing client shows: stuffing removed and
// every soft-broken line joined with the next (DelSp=no: the space
// stays).
func Decode(body string) string {
	var b strings.Builder
	for _, l := range Lines(body) {
		b.WriteString(l.Text)
		if !l.Soft {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// Check returns every place where body, a format=flowed text, breaks the
// package's rules, each as "line N: what: the line", in order.
func Check(body string) []string {
	var out []string
	bad := func(l Line, format string, args ...any) {
		out = append(out, fmt.Sprintf("line %d: %s: %q", l.N, fmt.Sprintf(format, args...), l.Raw))
	}
	if body != "" && !strings.HasSuffix(body, "\n") {
		out = append(out, "the text does not end with a line break")
	}
	ls := Lines(body)
	for i, l := range ls {
		var next *Line
		if i+1 < len(ls) {
			next = &ls[i+1]
		}
		switch {
		case strings.HasPrefix(l.Raw, "From "), strings.HasPrefix(l.Raw, ">"):
			bad(l, "not space-stuffed")
		case l.Raw != "" && strings.TrimSpace(l.Raw) == "":
			bad(l, "spaces only")
		}
		if l.Soft {
			switch {
			case next == nil:
				bad(l, "a soft break at the end of the text")
			case next.Text == "":
				bad(l, "a soft break before a blank line")
			case next.Raw == "-- ":
				bad(l, "a soft break before the signature separator")
			case strings.HasSuffix(l.Raw, "  "):
				bad(l, "more than one space at a soft break")
			case strings.HasPrefix(next.Text, " "):
				bad(*next, "a continued line begins with a space")
			}
		}
		if n := utf8.RuneCountInString(l.Raw); n > MaxLine && !unbreakable(l) {
			bad(l, "%d characters", n)
		}
		if next != nil && !l.Soft && HardBreakInSentence(l.Text, next.Text) {
			bad(l, "a hard break inside a sentence (the next line is %q)", next.Raw)
		}
	}
	return out
}

// unbreakable: a line longer than MaxLine may stay so when it is one
// word (after its indentation), or a hard-broken order line.
func unbreakable(l Line) bool {
	t := strings.TrimSpace(l.Text)
	return !strings.Contains(t, " ") || !l.Soft && flowed.OrderLine(l.Text)
}

// openWords are words a sentence does not end on: a line hard-broken
// after one goes on with the next line.
var openWords = map[string]bool{
	"a": true, "an": true, "the": true, "and": true, "or": true, "nor": true, "but": true, "of": true,
	"to": true, "in": true, "on": true, "at": true, "by": true, "for": true, "from": true, "with": true,
	"as": true, "than": true, "that": true, "which": true, "who": true, "when": true, "if": true,
	"is": true, "are": true, "be": true, "its": true, "your": true, "their": true, "this": true, "these": true,
}

// HardBreakInSentence is the heuristic that finds a sentence broken by a
// hard line break: line (not ending in a soft break) and next are lines
// of text with the same indentation, neither blank nor the signature
// separator, neither Preformatted, and either
//
//   - next begins with a lower-case letter and line does not end a
//     sentence or announce what follows (".", "!", "?", ":"): "... your
//     orders ends" / "with a block", "(HELP lists" / "them ...", or
//   - line ends with a word no sentence ends on (openWords: "with a" /
//     "MODERATOR line") and next begins with a letter, a digit, "(" or
//     "<".
//
// Neither line is a table row (tableRow: two spaces in a row after its
// indentation). Headings and their underlines, order lines and a list of
// "Name: value" lines do not match either: they end with a digit, a
// capital, a colon or a full stop, or the next begins with one.
func HardBreakInSentence(line, next string) bool {
	if line == "" || next == "" || line == "-- " || next == "-- " || flowed.OrderLine(line) || flowed.OrderLine(next) ||
		tableRow(line) || tableRow(next) {
		return false
	}
	if indent(line) != indent(next) {
		return false
	}
	a, b := strings.TrimSpace(line), strings.TrimSpace(next)
	if a == "" || b == "" {
		return false
	}
	last, _ := utf8.DecodeLastRuneInString(a)
	first, _ := utf8.DecodeRuneInString(b)
	if unicode.IsLower(first) && !strings.ContainsRune(".:!?", last) {
		return true
	}
	words := strings.Fields(a)
	return openWords[words[len(words)-1]] &&
		(unicode.IsLetter(first) || unicode.IsDigit(first) || first == '(' || first == '<')
}

// tableRow: after its indentation, s has two spaces in a row, the gap
// between two columns (the judge's prose never has).
func tableRow(s string) bool { return strings.Contains(strings.TrimSpace(s), "  ") }

func indent(s string) int { return len(s) - len(strings.TrimLeft(s, " ")) }
