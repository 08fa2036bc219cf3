package orders

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// htmlText converts an HTML body to plain text for the order parser.
//
// Block elements and <br> end a line; text inside <blockquote> gets a "> "
// prefix per level, so that a quoted reply in HTML mail is ignored like a
// quoted plain-text line; entities are decoded; <script>, <style>, <head>
// and similar elements are dropped; runs of white space collapse to one
// space except inside <pre>. The tokenizer never fails on bad HTML: it
// reads what it can.
func htmlText(src string) string {
	z := html.NewTokenizer(strings.NewReader(src))
	var t htmlWriter
	skip := 0 // depth inside elements whose content is dropped
	pre := 0
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			return t.String()
		case html.TextToken:
			if skip > 0 {
				continue
			}
			t.text(string(z.Text()), pre > 0)
		case html.StartTagToken, html.SelfClosingTagToken:
			name, _ := z.TagName()
			a := atom.Lookup(name)
			if a == atom.Body {
				skip = 0 // a <head> left open ends where the body starts
			}
			if skip > 0 && !dropped[a] {
				continue
			}
			switch {
			case dropped[a]:
				if tt == html.StartTagToken {
					skip++
				}
			case a == atom.Br:
				t.hardBreak()
			case a == atom.Blockquote:
				t.lineBreak()
				if tt == html.StartTagToken {
					t.quote++
				}
			case a == atom.Pre:
				t.lineBreak()
				if tt == html.StartTagToken {
					pre++
				}
			case a == atom.Td || a == atom.Th:
				t.space()
			case block[a]:
				t.lineBreak()
			}
		case html.EndTagToken:
			name, _ := z.TagName()
			a := atom.Lookup(name)
			if skip > 0 && !dropped[a] {
				continue
			}
			switch {
			case dropped[a]:
				if skip > 0 {
					skip--
				}
			case a == atom.Blockquote:
				t.lineBreak()
				if t.quote > 0 {
					t.quote--
				}
			case a == atom.Pre:
				t.lineBreak()
				if pre > 0 {
					pre--
				}
			case a == atom.Br:
				t.hardBreak() // "</br>" is read as <br> by browsers too
			case block[a]:
				t.lineBreak()
			}
		}
	}
}

// maxQuotePrefix is the most "> " a line of converted HTML gets.
const maxQuotePrefix = 4

// dropped elements: their content is not text a reader sees.
var dropped = map[atom.Atom]bool{
	atom.Script: true, atom.Style: true, atom.Head: true, atom.Title: true,
	atom.Template: true, atom.Noscript: true, atom.Object: true, atom.Svg: true,
	atom.Math: true, atom.Iframe: true, atom.Select: true,
}

// block elements: each starts and ends a line.
var block = map[atom.Atom]bool{
	atom.Address: true, atom.Article: true, atom.Aside: true, atom.Body: true,
	atom.Center: true, atom.Dd: true, atom.Details: true, atom.Dialog: true,
	atom.Dir: true, atom.Div: true, atom.Dl: true, atom.Dt: true,
	atom.Fieldset: true, atom.Figcaption: true, atom.Figure: true,
	atom.Footer: true, atom.Form: true, atom.H1: true, atom.H2: true,
	atom.H3: true, atom.H4: true, atom.H5: true, atom.H6: true,
	atom.Header: true, atom.Hr: true, atom.Html: true, atom.Legend: true,
	atom.Li: true, atom.Main: true, atom.Menu: true, atom.Nav: true,
	atom.Ol: true, atom.P: true, atom.Section: true, atom.Summary: true,
	atom.Table: true, atom.Tbody: true, atom.Tfoot: true, atom.Thead: true,
	atom.Tr: true, atom.Ul: true, atom.Caption: true,
}

// htmlWriter accumulates text, tracking whether it is at the start of a
// line and whether the last thing written was white space.
type htmlWriter struct {
	b       strings.Builder
	quote   int  // blockquote depth
	atStart bool // at the start of a line (true before anything is written)
	started bool // something has been written
	spaced  bool // the last byte written is a space (or the line is empty)
}

func (t *htmlWriter) String() string { return t.b.String() }

// lineBreak ends the current line unless it is empty.
func (t *htmlWriter) lineBreak() {
	if t.started && !t.atStart {
		t.b.WriteByte('\n')
		t.atStart = true
		t.spaced = true
	}
}

// hardBreak always ends a line (<br>), so that <br><br> leaves a blank one.
func (t *htmlWriter) hardBreak() {
	if !t.started {
		t.started = true
	}
	t.b.WriteByte('\n')
	t.atStart = true
	t.spaced = true
}

func (t *htmlWriter) space() {
	if t.started && !t.spaced {
		t.b.WriteByte(' ')
		t.spaced = true
	}
}

// text writes a text node: white space collapsed unless pre.
func (t *htmlWriter) text(s string, pre bool) {
	if pre {
		for i, line := range strings.Split(s, "\n") {
			if i > 0 {
				t.hardBreak()
			}
			line = strings.TrimSuffix(line, "\r")
			if line != "" {
				t.write(strings.ReplaceAll(line, "\u00a0", " "))
			}
		}
		return
	}
	for _, r := range s {
		if r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\f' || r == '\u00a0' {
			if !t.atStart {
				t.space()
			}
			continue
		}
		t.write(string(r))
	}
}

func (t *htmlWriter) write(s string) {
	if t.atStart || !t.started {
		if t.quote > 0 {
			// The prefix is capped so that deeply nested blockquotes cannot
			// make the text many times longer than the HTML.
			t.b.WriteString(strings.Repeat("> ", min(t.quote, maxQuotePrefix)))
		}
		t.atStart = false
	}
	t.started = true
	t.b.WriteString(s)
	t.spaced = strings.HasSuffix(s, " ")
}
