package report

import "strings"

// writer builds a plain-text body with lines of at most Width characters.
type writer struct {
	b strings.Builder
}

func (w *writer) line(s string) {
	w.b.WriteString(s)
	w.b.WriteByte('\n')
}

func (w *writer) blank() {
	if w.b.Len() > 0 && !strings.HasSuffix(w.b.String(), "\n\n") {
		w.b.WriteByte('\n')
	}
}

// title writes a wrapped title underlined with '=' as long as its longest line.
func (w *writer) title(s string) {
	n := 0
	for _, l := range wrapText(s, "") {
		w.line(l)
		n = max(n, len(l))
	}
	w.line(strings.Repeat("=", n))
}

func (w *writer) heading(s string) {
	w.line(s)
	w.line(strings.Repeat("-", min(len(s), Width)))
}

// wrap writes s word-wrapped to Width; continuation lines get indent.
func (w *writer) wrap(s, indent string) {
	for _, l := range wrapText(s, indent) {
		w.line(l)
	}
}

// indented writes s word-wrapped to Width with every line indented.
func (w *writer) indented(s, indent string) {
	for _, l := range wrapFrom(s, indent, indent) {
		w.line(l)
	}
}

func wrapText(s, indent string) []string { return wrapFrom(s, "", indent) }

// wrapFrom wraps s; the first line starts with first, the others with rest.
// A word longer than a line is written on a line of its own.
func wrapFrom(s, first, rest string) []string {
	var lines []string
	cur := ""
	for _, word := range strings.Fields(s) {
		switch {
		case cur == "":
			cur = first + word
			if len(lines) > 0 {
				cur = rest + word
			}
		case len(cur)+1+len(word) <= Width:
			cur += " " + word
		default:
			lines = append(lines, cur)
			cur = rest + word
		}
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	return lines
}

func (w *writer) String() string { return strings.TrimRight(w.b.String(), "\n") + "\n" }
