package report

import (
	"strings"
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

// TestTablesKeptAreTheSame (issue 24): a table's HTML is the same whether
// rendered or taken from the tables kept, and what is kept stays within
// its bound.
func TestTablesKeptAreTheSame(t *testing.T) {
	cells := [][]string{{"Who", htmltest.Hostile}, {htmltest.Hostile, "+3"}}
	var fresh strings.Builder
	if err := tableTemplate.Execute(&fresh, tableBlock(cells)); err != nil {
		t.Fatal(err)
	}
	for i := range 2 { // rendered, then kept
		if got := string(renderTable(cells)); got != fresh.String() {
			t.Fatalf("table %d:\n%s\nwant\n%s", i, got, fresh.String())
		}
	}
	// Kept by its cells, within the bound (internal/lru tests the bound
	// and the order of eviction).
	if tables.Len() == 0 || tables.Bytes() > tableCacheBytes {
		t.Errorf("tables kept: %d, %d bytes (max %d)", tables.Len(), tables.Bytes(), tableCacheBytes)
	}
}
