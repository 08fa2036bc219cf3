package report

import (
	"io"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/setup"
	"stormjudge/adjudicator/storm"
	"stormjudge/deck"
)

// voidElements have no end tag (HTML5).
var voidElements = map[string]bool{"meta": true, "img": true, "br": true, "hr": true, "link": true, "input": true}

// checkHTML checks that doc is a well-formed, self-contained HTML mail
// part: every element closed in order, no script, no style sheet, no
// remote resource, images only by Content-ID and with their alt text and
// size, a viewport and the colour schemes declared.
func checkHTML(t *testing.T, name, doc string) {
	t.Helper()
	z := html.NewTokenizer(strings.NewReader(doc))
	var stack []string
	seen := map[string]bool{}
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			if z.Err() != io.EOF {
				t.Errorf("%s: %v", name, z.Err())
			}
			break
		}
		tok := z.Token()
		switch tt {
		case html.StartTagToken, html.SelfClosingTagToken:
			seen[tok.Data] = true
			switch tok.Data {
			case "script", "style", "link", "iframe", "object", "form":
				t.Errorf("%s: <%s> in a mail", name, tok.Data)
			}
			attrs := map[string]string{}
			for _, a := range tok.Attr {
				attrs[a.Key] = a.Val
				if strings.HasPrefix(a.Key, "on") {
					t.Errorf("%s: event handler %s", name, a.Key)
				}
				if (a.Key == "src" || a.Key == "href") && !strings.HasPrefix(a.Val, "cid:") {
					t.Errorf("%s: <%s %s=%q>: only cid: references are allowed", name, tok.Data, a.Key, a.Val)
				}
			}
			if tok.Data == "img" && (attrs["alt"] == "" || attrs["width"] == "" || attrs["height"] == "") {
				t.Errorf("%s: an image without alt text or size: %v", name, tok.Attr)
			}
			if tok.Data == "meta" && attrs["name"] == "viewport" {
				seen["viewport"] = true
			}
			if tok.Data == "meta" && attrs["name"] == "color-scheme" {
				seen["color-scheme"] = true
			}
			if tt == html.StartTagToken && !voidElements[tok.Data] {
				stack = append(stack, tok.Data)
			}
		case html.EndTagToken:
			if len(stack) == 0 || stack[len(stack)-1] != tok.Data {
				t.Fatalf("%s: </%s> closes %v", name, tok.Data, stack)
			}
			stack = stack[:len(stack)-1]
		}
	}
	if len(stack) > 0 {
		t.Errorf("%s: unclosed %v", name, stack)
	}
	for _, want := range []string{"html", "head", "title", "body", "viewport", "color-scheme"} {
		if !seen[want] {
			t.Errorf("%s: no %s", name, want)
		}
	}
	if _, err := html.Parse(strings.NewReader(doc)); err != nil {
		t.Errorf("%s: %v", name, err)
	}
}

// TestHTMLIsWellFormedAndSelfContained renders every mail of a few turns
// of a game with the illustrative deck and checks each HTML part, and
// that the HTML says everything the text says (images blocked or not).
func TestHTMLIsWellFormedAndSelfContained(t *testing.T) {
	d, err := deck.LoadFile("../testdata/decks/illustrative.toml")
	if err != nil {
		t.Fatal(err)
	}
	s := setup.NewGameWithDeck(7, d)
	for i := 0; i < 6; i++ {
		next, evs, err := adjudicator.Resolve(s, nil)
		if err != nil {
			t.Fatal(err)
		}
		v := adjudicator.Derive(next)
		msgs := []Message{Public("demo", evs, v)}
		for _, p := range storm.Powers {
			msgs = append(msgs, Private("demo", p, evs, v))
		}
		for _, m := range msgs {
			checkHTML(t, m.Subject, m.HTML)
			sameWords(t, m)
		}
		s = next
	}
}

// sameWords checks that every word of the text part is in the HTML part,
// in the same order: a reader of either misses nothing.
func sameWords(t *testing.T, m Message) {
	t.Helper()
	var text strings.Builder
	z := html.NewTokenizer(strings.NewReader(m.HTML))
	inTitle := false
	for tt := z.Next(); tt != html.ErrorToken; tt = z.Next() {
		tok := z.Token()
		switch tt {
		case html.StartTagToken:
			inTitle = tok.Data == "title"
		case html.EndTagToken:
			inTitle = false
		case html.TextToken:
			if !inTitle {
				text.WriteString(tok.Data + " ")
			}
		}
	}
	htmlWords := strings.Fields(text.String())
	k := 0
	for _, w := range strings.Fields(m.Text) {
		if strings.Trim(w, "=-") == "" { // underlines
			continue
		}
		w = strings.TrimSuffix(w, ":") // a sub-heading's colon is the text's only
		for k < len(htmlWords) && strings.TrimSuffix(htmlWords[k], ":") != w {
			k++
		}
		if k == len(htmlWords) {
			t.Errorf("%s: the HTML lacks %q of the text (or has it out of order)", m.Subject, w)
			return
		}
		k++ // each word of the HTML answers for one word of the text
	}
}
