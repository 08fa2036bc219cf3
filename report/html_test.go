package report

import (
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// hostile is text a player or a moderator may write (a press, a
// BROADCAST, a REASON): markup, a javascript: link, quotes of both kinds
// and an attribute breaker.
const hostile = `<script>alert(1)</script><a href="javascript:alert(2)">x</a> "q" 'q' ><img src=x onerror=alert(3)> & &amp;`

// TestHTMLKeepsWrittenTextInert (issue 25): every HTML page the judge
// mails (a report's, through html/template, and the plain page of every
// other mail, mailer.PlainHTML) shows written text as text wherever it
// lands — heading, paragraph, preformatted lines, a table cell, the
// picture's alt text, the title — and never as markup: parsed as a
// browser parses it, the page has no script, no link, no event handler
// and no element the judge did not write.
func TestHTMLKeepsWrittenTextInert(t *testing.T) {
	w := &writer{}
	w.title(hostile)
	w.heading("First " + hostile)
	w.wrap(hostile, "")
	w.line("  " + hostile) // preformatted
	w.heading("Second")
	w.table("%s %s", []string{"Who", hostile}, [][]string{{hostile, "+3"}})
	page := renderHTML(hostile, w, "picture.1@stormjudge", hostile, 360, 1030)
	checkInert(t, "report", page, 6)
}

// checkInert parses page and fails on any script, link, event handler,
// javascript: URL or element outside the judge's own set; wantText is the
// least number of times the hostile text must show, as text.
func checkInert(t *testing.T, what, page string, wantText int) {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	allowed := map[string]bool{"html": true, "head": true, "meta": true, "title": true, "body": true, "div": true, "h1": true, "h2": true, "h3": true,
		"p": true, "pre": true, "table": true, "tbody": true, "tr": true, "th": true, "td": true, "img": true}
	shown := 0
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		switch n.Type {
		case html.ElementNode:
			if !allowed[n.Data] {
				t.Errorf("%s: an element <%s> from written text", what, n.Data)
			}
			for _, a := range n.Attr {
				if strings.HasPrefix(a.Key, "on") || a.Key == "href" || a.Key != "alt" && strings.Contains(strings.ToLower(a.Val), "javascript:") {
					t.Errorf("%s: attribute %s=%q on <%s>", what, a.Key, a.Val, n.Data)
				}
				if n.Data == "img" && a.Key == "alt" && a.Val == hostile {
					shown++
				}
				if n.Data == "img" && a.Key == "src" && a.Val != "cid:picture.1@stormjudge" {
					t.Errorf("%s: the picture's src is %q", what, a.Val)
				}
			}
		case html.TextNode:
			shown += strings.Count(n.Data, hostile)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	if shown < wantText {
		t.Errorf("%s: the written text shows %d times as text, want at least %d:\n%s", what, shown, wantText, page)
	}
}
