package report

import (
	"testing"

	"stormjudge/internal/htmltest"
)

// TestHTMLKeepsWrittenTextInert (issue 25): a report's HTML page, through
// html/template, shows written text as text wherever it lands — heading,
// paragraph, preformatted lines, a table cell, the picture's alt text,
// the title — and never as markup: parsed as a browser parses it, the
// page has no script, no link, no event handler and no element the judge
// did not write.
func TestHTMLKeepsWrittenTextInert(t *testing.T) {
	h := htmltest.Hostile
	w := &writer{}
	w.title(h)
	w.heading("First " + h)
	w.wrap(h, "")
	w.line("  " + h) // preformatted
	w.heading("Second")
	w.table("%s %s", []string{"Who", h}, [][]string{{h, "+3"}})
	page := renderHTML(h, w, "picture.1@stormjudge", h, 360, 1030)
	if n := htmltest.Inert(t, "report", page, h, "picture.1@stormjudge"); n < 8 {
		t.Errorf("the written text shows %d times as text, want 8 (title, h1, h2, p, pre, 2 cells, alt):\n%s", n, page)
	}
}
