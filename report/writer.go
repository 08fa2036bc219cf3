package report

import (
	"fmt"
	"regexp"
	"strings"

	"stormjudge/adjudicator/event"
)

// A writer builds one mail body as a list of blocks (titles, headings,
// paragraphs, preformatted lines), so the same body renders as plain text
// (String), as format=flowed text (Flowed) and as HTML (html.go) without
// the renderers differing in what they say.
type writer struct {
	blocks []block
	// climate is the economic trend's event last written, for the EAI
	// line after it (adjudicator.EAIChangeRule).
	climate *event.EconomicClimateChanged
}

type blockKind int

const (
	blockTitle   blockKind = iota // the mail's title, underlined with '='
	blockHeading                  // a section heading, underlined with '-'
	blockSub                      // a sub-heading inside a section
	blockPara                     // a paragraph, word-wrapped
	blockLine                     // one preformatted line (tables, order blocks)
	blockBlank                    // an empty line
	blockTable                    // a table: cells, the first row its header
	blockCode                     // one line of an order block, to copy as it is
)

// block is one part of a body: a paragraph wraps text with first on its
// first line and rest on the others.
type block struct {
	kind        blockKind
	text        string
	first, rest string
	// A table's rows of cells, the header first, and the fmt format of
	// one text line (one %s verb per column).
	cells  [][]string
	format string
}

func (w *writer) add(b block) {
	b.text = Plurals(b.text)
	for _, row := range b.cells {
		for i := range row {
			row[i] = Plurals(row[i])
		}
	}
	w.blocks = append(w.blocks, b)
}

// pluralRe finds a count and the word "(s)" hangs on, up to five words
// later: "1 point(s)", "2 naval balance of power counter(s)".
var pluralRe = regexp.MustCompile(`(^|[^\w.])([-+]?\d+)((?: [A-Za-z][\w-]*){0,5}?) ([A-Za-z]+)\(s\)`)

// Plurals words every "(s)" of s for its count ("1 victory
// point", "3 steps", never "step(s)"); an "(s)" with no count before it
// becomes a plural.
func Plurals(s string) string {
	if !strings.Contains(s, "(s)") {
		return s
	}
	s = pluralRe.ReplaceAllStringFunc(s, func(m string) string {
		sub := pluralRe.FindStringSubmatch(m)
		n := strings.TrimLeft(sub[2], "+-")
		word := sub[4]
		if n != "1" {
			word += "s"
		}
		return sub[1] + sub[2] + sub[3] + " " + word
	})
	return strings.ReplaceAll(s, "(s)", "s")
}

func (w *writer) line(s string) { w.add(block{kind: blockLine, text: s}) }

// code writes one line of an order block: preformatted, for copying.
func (w *writer) code(s string) { w.add(block{kind: blockCode, text: s}) }

// blank adds an empty line unless the body is empty or already ends in one.
func (w *writer) blank() {
	if n := len(w.blocks); n > 0 && w.blocks[n-1].kind != blockBlank {
		w.add(block{kind: blockBlank})
	}
}

// title writes a wrapped title underlined with '=' as long as its longest line.
func (w *writer) title(s string) { w.add(block{kind: blockTitle, text: s}) }

func (w *writer) heading(s string) { w.add(block{kind: blockHeading, text: s}) }

// sub writes a sub-heading: a line of its own ending in a colon.
func (w *writer) sub(s string) { w.add(block{kind: blockSub, text: s}) }

// wrap writes s word-wrapped to Width; continuation lines get indent.
func (w *writer) wrap(s, indent string) { w.add(block{kind: blockPara, text: s, rest: indent}) }

// indented writes s word-wrapped to Width with every line indented.
func (w *writer) indented(s, indent string) {
	w.add(block{kind: blockPara, text: s, first: indent, rest: indent})
}

// table writes a table: format is the fmt format of one text line, with
// one %s verb per column (widths and alignment), header the first row.
func (w *writer) table(format string, header []string, rows [][]string) {
	w.add(block{kind: blockTable, format: format, cells: append([][]string{header}, rows...)})
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

// textLines renders block b as plain-text lines.
func (b block) textLines() []string {
	switch b.kind {
	case blockTitle:
		ls := wrapText(b.text, "")
		n := 0
		for _, l := range ls {
			n = max(n, len(l))
		}
		return append(ls, strings.Repeat("=", n))
	case blockHeading:
		return []string{b.text, strings.Repeat("-", min(len(b.text), Width))}
	case blockSub:
		return wrapText(upperFirst(b.text)+":", "  ")
	case blockPara:
		return wrapFrom(b.text, b.first, b.rest)
	case blockBlank:
		return []string{""}
	case blockTable:
		ls := make([]string, len(b.cells))
		for i, row := range b.cells {
			args := make([]any, len(row))
			for j, c := range row {
				args[j] = c
			}
			ls[i] = strings.TrimRight(fmt.Sprintf(b.format, args...), " ")
		}
		return ls
	}
	return []string{b.text}
}

// String is the body as plain text, every line at most Width characters
// (but a single word longer than that).
func (w *writer) String() string {
	var sb strings.Builder
	for _, b := range w.blocks {
		for _, l := range b.textLines() {
			sb.WriteString(l)
			sb.WriteByte('\n')
		}
	}
	return strings.TrimRight(sb.String(), "\n") + "\n"
}

// Flowed is the body as format=flowed text (RFC 3676, DelSp=no): a
// paragraph's lines but the last end in a space (a soft break), so a
// phone joins and reflows them; its continuation lines drop the hanging
// indent, which a reflowed paragraph cannot show. Every other line is a
// hard break with trailing spaces removed, and a line that begins with a
// space, ">" or "From " is space-stuffed.
func (w *writer) Flowed() string {
	var sb strings.Builder
	put := func(l string) {
		if strings.HasPrefix(l, " ") || strings.HasPrefix(l, ">") || strings.HasPrefix(l, "From ") {
			l = " " + l
		}
		sb.WriteString(l)
		sb.WriteByte('\n')
	}
	for _, b := range w.blocks {
		if b.kind != blockPara {
			for _, l := range b.textLines() {
				if l != "-- " { // the signature separator keeps its space (RFC 3676, 4.3)
					l = strings.TrimRight(l, " ")
				}
				put(l)
			}
			continue
		}
		ls := wrapFrom(b.text, b.first, "")
		for i, l := range ls {
			if i < len(ls)-1 {
				l += " "
			}
			put(l)
		}
	}
	return strings.TrimRight(sb.String(), "\n") + "\n"
}

// Flow turns plain text written line by line (a receipt) into
// format=flowed text: a line longer than Width is wrapped with soft
// breaks, keeping its indentation on its first line; every other line is
// a hard line as written; lines are space-stuffed.
func Flow(text string) string {
	var w writer
	for _, l := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		if l != "-- " {
			l = strings.TrimRight(l, " ")
		}
		if len(l) <= Width || l == "-- " {
			w.line(l)
			continue
		}
		indent := l[:len(l)-len(strings.TrimLeft(l, " "))]
		w.indented(strings.TrimSpace(l), indent)
	}
	return w.Flowed()
}
