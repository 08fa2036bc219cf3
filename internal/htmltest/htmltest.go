// Package htmltest checks that written text (a press, a BROADCAST, a
// REASON) stays text in the HTML the judge mails. It is
// imported by tests only.
package htmltest

import (
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// Hostile is text a player or a moderator may write: markup, a
// javascript: link, quotes of both kinds, a tag that would close a <pre>
// and an attribute breaker.
const Hostile = `<script>alert(1)</script><a href="javascript:alert(2)">x</a> "q" 'q' ></pre><img src=x onerror=alert(3)> & &amp;`

// judgeElements are the elements the judge's own pages use.
var judgeElements = map[string]bool{"html": true, "head": true, "meta": true, "title": true, "body": true, "div": true,
	"h1": true, "h2": true, "h3": true, "p": true, "pre": true, "table": true, "tbody": true, "tr": true, "th": true, "td": true, "img": true}

// Inert parses page as a browser does and fails the test on any element
// the judge's pages do not use, any link, event handler or javascript:
// URL, and an <img> whose src is not "cid:"+cid (cid "": no picture may
// be there). It returns how often text shows as written: in text nodes
// and as an <img>'s alt.
func Inert(t *testing.T, what, page, text, cid string) int {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(page))
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	shown := 0
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		switch n.Type {
		case html.ElementNode:
			if !judgeElements[n.Data] {
				t.Errorf("%s: an element <%s> from written text", what, n.Data)
			}
			for _, a := range n.Attr {
				if strings.HasPrefix(a.Key, "on") || a.Key == "href" || a.Key != "alt" && strings.Contains(strings.ToLower(a.Val), "javascript:") {
					t.Errorf("%s: attribute %s=%q on <%s>", what, a.Key, a.Val, n.Data)
				}
				switch {
				case n.Data == "img" && a.Key == "alt" && a.Val == text:
					shown++
				case n.Data == "img" && a.Key == "src" && (cid == "" || a.Val != "cid:"+cid):
					t.Errorf("%s: an <img> with src %q", what, a.Val)
				}
			}
		case html.TextNode:
			shown += strings.Count(n.Data, text)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	return shown
}
