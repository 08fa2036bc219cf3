package report

import (
	"fmt"
	"regexp"
	"strings"

	"stormjudge/adjudicator/event"
	"stormjudge/internal/flowed"
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

// Logical is the body as the judge's letters write text, the input of
// Flow: a paragraph, a title and a sub-heading on one line each (their
// words, a paragraph's first indent before them), every other line as
// String writes it. Flow(w.Logical()) says what w.Flowed() says.
func (w *writer) Logical() string {
	var sb strings.Builder
	for _, b := range w.blocks {
		var ls []string
		switch b.kind {
		case blockPara:
			if t := strings.Join(strings.Fields(b.text), " "); t != "" {
				ls = []string{b.first + t}
			}
		case blockTitle:
			tl := b.textLines()
			ls = []string{strings.Join(strings.Fields(b.text), " "), tl[len(tl)-1]}
		case blockSub:
			ls = []string{upperFirst(b.text) + ":"}
		default:
			ls = b.textLines()
		}
		for _, l := range ls {
			sb.WriteString(l)
			sb.WriteByte('\n')
		}
	}
	return strings.TrimRight(sb.String(), "\n") + "\n"
}

// MaxLine is the longest line of format=flowed text (RFC 3676, 4.1: 78
// characters): a table row up to it stays whole; an order line longer
// still stays whole too (flowed.OrderLine).
const MaxLine = 78

// Flowed is the body as format=flowed text (RFC 3676, DelSp=no; the rules
// in docs/architecture.md, "The text part"): a paragraph, a title or a
// sub-heading is one logical line, written in lines of at most Width
// characters ending in a space (soft breaks) but the last, so a client
// that reflows joins them and one that does not shows them as the plain
// text does; continuation lines drop the hanging indent, which a
// reflowed paragraph cannot show. Every other line (an order line of a
// block, a table row, a heading, a blank) is a hard break, without
// trailing spaces, broken with soft breaks only when it is too long
// (flowLine). A line that begins with a space, ">" or "From " is
// space-stuffed. It is Flow of the body's Logical text: the letters' and
// the reports' flowed text come from one writer.
func (w *writer) Flowed() string { return Flow(w.Logical()) }

// putFlowed writes one line of format=flowed text, space-stuffed when it
// begins with a space, ">" or "From " (RFC 3676, 4.4).
func putFlowed(sb *strings.Builder, l string) {
	if strings.HasPrefix(l, " ") || strings.HasPrefix(l, ">") || strings.HasPrefix(l, "From ") {
		sb.WriteByte(' ')
	}
	sb.WriteString(l)
	sb.WriteByte('\n')
}

// putSoft writes the lines of one logical line: every one but the last
// ends in a soft break (a space, RFC 3676, 4.2).
func putSoft(sb *strings.Builder, ls []string) {
	for i, l := range ls {
		if i < len(ls)-1 && !strings.HasSuffix(l, " ") {
			l += " "
		}
		putFlowed(sb, l)
	}
}

// flowLine is one line of plain text as the lines of format=flowed text
// to write with putSoft: the line as it is, trailing spaces removed, when
// it is at most Width characters, a table row (two spaces in a row after
// its indentation) of at most MaxLine, an order line (orderLine) or the
// signature separator "-- " (RFC 3676, 4.3: it keeps its space and is no
// soft break); else broken at single spaces between words into lines of
// at most Width characters where it can, the line's own spacing kept: a
// client that reflows joins them back into the line.
func flowLine(l string) []string {
	if l == "-- " {
		return []string{l}
	}
	l = strings.TrimRight(l, " ")
	row := strings.Contains(strings.TrimLeft(l, " "), "  ")
	if len(l) <= Width || row && len(l) <= MaxLine || flowed.OrderLine(l) {
		return []string{l}
	}
	var out []string
	for len(l) > Width {
		cut := -1 // the last single space between words within Width, else the first
		for i := 1; i < len(l)-1; i++ {
			if l[i] != ' ' || l[i-1] == ' ' || l[i+1] == ' ' || i == 2 && strings.HasPrefix(l, "-- ") {
				continue // a piece "-- " would read as the signature separator
			}
			if i > Width && cut >= 0 {
				break
			}
			cut = i
			if i > Width {
				break
			}
		}
		if cut < 0 {
			break
		}
		out = append(out, l[:cut+1])
		l = l[cut+1:]
	}
	return append(out, l)
}

// Flow turns plain text written line by line (a receipt, a welcome: the
// judge's letters) into format=flowed text. Each line is a logical line:
// a paragraph of prose is one line, wrapped here with soft breaks at
// Width; a shorter line, an order line, a table row and the signature
// separator stay as they are (flowLine), hard-broken; lines are
// space-stuffed. Every "(s)" is worded for its count (Plurals), as in
// the writer's blocks.
func Flow(text string) string {
	var sb strings.Builder
	for _, l := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		putSoft(&sb, flowLine(Plurals(l)))
	}
	return strings.TrimRight(sb.String(), "\n") + "\n"
}
