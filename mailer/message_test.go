package mailer

import (
	"bytes"
	"encoding/base64"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-message"
	"github.com/emersion/go-message/mail"

	"stormjudge/store"

	"stormjudge/internal/flowed"
	"stormjudge/internal/htmltest"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// tinyPNG is a 2x2 PNG, the inline image of the tests.
var tinyPNG = func() []byte {
	b, err := base64.StdEncoding.DecodeString("iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR42mM4IQcEJxggFAAcfgQRW58tGwAAAABJRU5ErkJggg==")
	if err != nil {
		panic(err)
	}
	return b
}()

// goldenMails are the mails of TestBuildMessageGolden, by golden file.
func goldenMails() []struct {
	golden string
	mail   *store.Mail
} {
	return []struct {
		golden string
		mail   *store.Mail
	}{
		{"receipt-in-thread.eml", &store.Mail{
			ID: "receipt-1", From: "judge@example.test", To: []string{"germany@example.test"},
			Subject: "Re: orders for Spring 1935", Body: "GAME demo\nPOWER germany\n\nOrders as understood:\nCONVERT IDLE TO CIVILIAN\n",
			MessageID: "receipt-1@example.test", InReplyTo: "<orders-1@example.test>",
			References: []string{"<start@example.test>", "orders-1@example.test"},
			Created:    time.Date(1935, time.April, 1, 12, 0, 0, 0, time.UTC),
		}},
		{"report-non-ascii.eml", &store.Mail{
			ID: "report-1", From: "Stormjudge <judge@example.test>", To: []string{"italy@example.test", "gm@example.test"},
			Subject:   "Frühjahr 1935 — Bericht über die Wirtschaftsphase",
			Body:      "Économie: 3 usines converties.\nA line of exactly eighty characters, which quoted-printable must soft-break.......\ntrailing space \n<b>not markup</b> & \"quotes\"\n",
			MessageID: "<report-1@example.test>", AutoSubmitted: "auto-replied",
			Created: time.Date(1935, time.April, 1, 14, 30, 0, 0, time.FixedZone("CET", 3600)),
		}},
		{"report-flowed.eml", &store.Mail{
			ID: "report-2", From: "judge@example.test", To: []string{"france@example.test"},
			Subject: "Spring 1935: economy",
			Body: "Economy of France, Spring 1935. This paragraph is longer than a phone is \n" +
				"wide, so it is flowed: each line but the last ends in a space, and a \n" +
				"reader joins them. \n" +
				" From here on a space-stuffed line.\n" +
				"\n" +
				"Factories   12\n" +
				"Civilian     7\n" +
				"-- \n" +
				"Stormjudge\n",
			Flowed:    true,
			MessageID: "<report-2@example.test>",
			References: []string{"<start@example.test>", "<orders-1@example.test>", "<receipt-1@example.test>",
				"<report-1@example.test>", "<c5d6b1a2f3e4d5c6b7a8f9e0d1c2b3a4@stormjudge.invalid>"},
			Created: time.Date(1935, time.April, 1, 15, 0, 0, 0, time.UTC),
		}},
		{"report-inline-image.eml", &store.Mail{
			ID: "report-3", From: "Stormjudge <judge@example.test>", To: []string{"germany@example.test"},
			Subject: "Spring 1935: the map",
			Body:    "The map of Spring 1935 is attached.\n",
			HTML: "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Map</title></head>\n" +
				"<body><p>The map of Spring 1935:</p>\n<img src=\"cid:map-1935@stormjudge.invalid\" alt=\"map\" width=\"320\"></body></html>\n",
			Inline:    []store.Inline{{ContentID: "<map-1935@stormjudge.invalid>", ContentType: "image/png", Name: "map-1935.png", Data: tinyPNG}},
			MessageID: "<report-3@example.test>",
			Created:   time.Date(1935, time.April, 1, 16, 0, 0, 0, time.UTC),
		}},
	}
}

func TestBuildMessageGolden(t *testing.T) {
	for _, tt := range goldenMails() {
		t.Run(tt.golden, func(t *testing.T) {
			got, err := BuildMessage(tt.mail)
			if err != nil {
				t.Fatal(err)
			}
			again, err := BuildMessage(tt.mail)
			if err != nil || !bytes.Equal(got, again) {
				t.Errorf("BuildMessage is not deterministic:\n%s\n---\n%s", got, again)
			}
			checkHeaders(t, tt.mail, got)
			path := filepath.Join("testdata", tt.golden)
			if *update {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("BuildMessage differs from %s:\n%s", path, got)
			}
			checkLines(t, got)
		})
	}
}

// checkLines checks that raw is made of CRLF-terminated lines of at most
// 78 characters.
func checkLines(t testing.TB, raw []byte) {
	t.Helper()
	if !bytes.HasSuffix(raw, []byte("\r\n")) {
		t.Error("the message does not end in CRLF")
	}
	for i, line := range strings.Split(string(raw), "\r\n") {
		if len(line) > 78 {
			t.Errorf("line %d is %d characters long: %q", i+1, len(line), line)
		}
		if strings.ContainsAny(line, "\r\n") {
			t.Errorf("line %d has a bare CR or LF", i+1)
		}
	}
}

// TestBuildMessageStructure parses built messages back with go-message and
// checks the MIME tree, the decoded text and HTML, and the images.
func TestBuildMessageStructure(t *testing.T) {
	mails := []*store.Mail{}
	for _, g := range goldenMails() {
		mails = append(mails, g.mail)
	}
	base := func(id string) *store.Mail {
		return &store.Mail{ID: id, From: "judge@example.test", To: []string{"a@example.test"},
			MessageID: "<" + id + "@example.test>", Created: time.Date(1935, 4, 1, 0, 0, 0, 0, time.UTC)}
	}
	// Text that quoted-printable must take care of: long lines, trailing
	// spaces and tabs (significant in flowed text), "=", a line that
	// looks like a boundary, and no final line break.
	tricky := base("tricky")
	tricky.Flowed = true
	tricky.Subject = "Ünïcödé " + strings.Repeat("ß", 60)
	tricky.Body = strings.Repeat("word ", 40) + "\n" + strings.Repeat("x", 200) + "\n" +
		"tab\t\nspaces   \n=3D is not an escape = \n--" + boundary("tricky@example.test", "alt") + "\n" +
		"--" + boundary("tricky@example.test", "alt") + "--\n.\n..\nno final newline "
	mails = append(mails, tricky)
	empty := base("empty")
	mails = append(mails, empty)
	crlf := base("crlf")
	crlf.Body = "one\r\ntwo\r\n"
	mails = append(mails, crlf)
	two := base("two-images")
	two.HTML = `<p><img src="cid:a@x" alt="a"><img src="cid:b@x" alt="b"></p>`
	two.Inline = []store.Inline{
		{ContentID: "a@x", ContentType: "image/png", Name: "a.png", Data: tinyPNG},
		{ContentID: "<b@x>", ContentType: "image/jpeg", Name: "Grüße.jpg", Data: bytes.Repeat([]byte{0xff, 0xd8, 0, '\r', '\n'}, 100)},
	}
	mails = append(mails, two)
	for _, m := range mails {
		t.Run(m.ID, func(t *testing.T) {
			raw, err := BuildMessage(m)
			if err != nil {
				t.Fatal(err)
			}
			again, err := BuildMessage(m)
			if err != nil || !bytes.Equal(raw, again) {
				t.Errorf("BuildMessage is not deterministic:\n%s\n---\n%s", raw, again)
			}
			checkHeaders(t, m, raw)
			checkLines(t, raw)
		})
	}
}

// mimePart is a part of a parsed message: a multipart with its parts, or
// a leaf with its decoded body.
type mimePart struct {
	mediaType string
	params    map[string]string
	header    message.Header
	body      []byte
	parts     []*mimePart
}

func parseMIME(t testing.TB, e *message.Entity) *mimePart {
	t.Helper()
	mt, params, err := e.Header.ContentType()
	if err != nil {
		t.Fatalf("Content-Type %q: %v", e.Header.Get("Content-Type"), err)
	}
	p := &mimePart{mediaType: mt, params: params, header: e.Header}
	if mr := e.MultipartReader(); mr != nil {
		for {
			child, err := mr.NextPart()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("%s: next part: %v", mt, err)
			}
			p.parts = append(p.parts, parseMIME(t, child))
		}
		return p
	}
	if p.body, err = io.ReadAll(e.Body); err != nil {
		t.Fatalf("%s: body: %v", mt, err)
	}
	return p
}

// checkBody parses raw with go-message and checks its MIME tree against m:
// multipart/alternative (text/plain, format=flowed when m.Flowed, then
// text/html), inside a multipart/related with the images when m has
// some, and that inside a multipart/mixed with the attachments
// (checkAttachments) when m has some. The decoded text is m.Body (line breaks read as "\n"), the HTML
// m.HTML or PlainHTML of the (unflowed) text, the images' bytes m's.
func checkBody(t testing.TB, m *store.Mail, raw []byte) {
	t.Helper()
	// mail.CreateReader is what a client of go-message would use; it
	// also checks that the header parses.
	mr, err := mail.CreateReader(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("%s: mail.CreateReader: %v", m.ID, err)
	}
	if subject, err := mr.Header.Subject(); err != nil || subject != m.Subject {
		t.Errorf("%s: go-message reads Subject %q (%v), want %q", m.ID, subject, err, m.Subject)
	}
	mr.Close()
	e, err := message.Read(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("%s: message.Read: %v", m.ID, err)
	}
	root := parseMIME(t, e)
	if len(m.Attachments) > 0 {
		if root.mediaType != "multipart/mixed" {
			t.Fatalf("%s: top part %s, want multipart/mixed", m.ID, root.mediaType)
		}
		if len(root.parts) != 1+len(m.Attachments) {
			t.Fatalf("%s: multipart/mixed has %d parts, want %d", m.ID, len(root.parts), 1+len(m.Attachments))
		}
		checkAttachments(t, m, root.parts[1:])
		root = root.parts[0] // the body, as without attachments
	}
	alt := root
	if len(m.Inline) > 0 {
		if root.mediaType != "multipart/related" || root.params["type"] != "multipart/alternative" {
			t.Fatalf("%s: body %s %v, want multipart/related; type=multipart/alternative", m.ID, root.mediaType, root.params)
		}
		if len(root.parts) != 1+len(m.Inline) {
			t.Fatalf("%s: multipart/related has %d parts, want %d", m.ID, len(root.parts), 1+len(m.Inline))
		}
		alt = root.parts[0]
	}
	if alt.mediaType != "multipart/alternative" || len(alt.parts) != 2 {
		t.Fatalf("%s: %s with %d parts, want multipart/alternative with 2", m.ID, alt.mediaType, len(alt.parts))
	}
	text, htm := alt.parts[0], alt.parts[1]
	if text.mediaType != "text/plain" || !strings.EqualFold(text.params["charset"], "utf-8") {
		t.Errorf("%s: first alternative %s %v, want text/plain; charset=UTF-8", m.ID, text.mediaType, text.params)
	}
	if f := text.params["format"]; (f == "flowed") != m.Flowed || (!m.Flowed && f != "") {
		t.Errorf("%s: text format=%q, want flowed: %v", m.ID, f, m.Flowed)
	}
	if htm.mediaType != "text/html" || !strings.EqualFold(htm.params["charset"], "utf-8") {
		t.Errorf("%s: second alternative %s %v, want text/html; charset=UTF-8", m.ID, htm.mediaType, htm.params)
	}
	for _, p := range []*mimePart{text, htm} {
		if cte := p.header.Get("Content-Transfer-Encoding"); cte != "quoted-printable" {
			t.Errorf("%s: %s Content-Transfer-Encoding %q, want quoted-printable", m.ID, p.mediaType, cte)
		}
	}
	lf := func(b []byte) string { return strings.ReplaceAll(string(b), "\r\n", "\n") }
	if got, want := lf(text.body), strings.ReplaceAll(m.Body, "\r\n", "\n"); got != want {
		t.Errorf("%s: text = %q, want %q", m.ID, got, want)
	}
	wantHTML := m.HTML
	if wantHTML == "" {
		body := m.Body
		if m.Flowed {
			body = flowed.Decode(body, false)
		}
		wantHTML = PlainHTML(m.Subject, body)
	}
	if got := lf(htm.body); got != strings.ReplaceAll(wantHTML, "\r\n", "\n") {
		t.Errorf("%s: html = %q, want %q", m.ID, got, wantHTML)
	}
	for i, in := range m.Inline {
		img := root.parts[1+i]
		cid := strings.Trim(in.ContentID, "<>")
		if img.mediaType != in.ContentType {
			t.Errorf("%s: image %d is %s, want %s", m.ID, i, img.mediaType, in.ContentType)
		}
		if got := img.header.Get("Content-Id"); got != "<"+cid+">" {
			t.Errorf("%s: image %d Content-ID %q, want <%s>", m.ID, i, got, cid)
		}
		if !strings.Contains(lf(htm.body), `"cid:`+cid+`"`) {
			t.Errorf("%s: the HTML does not show image %d (cid:%s)", m.ID, i, cid)
		}
		disp, dparams, err := img.header.ContentDisposition()
		if err != nil || disp != "inline" || dparams["filename"] != in.Name {
			t.Errorf("%s: image %d Content-Disposition %q (%v), want inline; filename=%q", m.ID, i, img.header.Get("Content-Disposition"), err, in.Name)
		}
		if cte := img.header.Get("Content-Transfer-Encoding"); cte != "base64" {
			t.Errorf("%s: image %d Content-Transfer-Encoding %q, want base64", m.ID, i, cte)
		}
		if !bytes.Equal(img.body, in.Data) {
			t.Errorf("%s: image %d bytes differ", m.ID, i)
		}
	}
}

func TestPlainHTML(t *testing.T) {
	got := PlainHTML(`Orders <&> "x"`, "\nA <b> & C\r\n"+strings.Repeat("long ", 30)+"\n")
	for _, want := range []string{
		"<!DOCTYPE html>\n",
		`<html lang="en">`,
		`<meta charset="utf-8">`,
		`<meta name="viewport" content="width=device-width, initial-scale=1">`,
		`<meta name="color-scheme" content="light dark">`,
		"<title>Orders &lt;&amp;&gt; &#34;x&#34;</title>",
		`<pre style="white-space:pre-wrap;word-wrap:break-word;font-family:ui-monospace,Menlo,Consolas,monospace;font-size:14px;">` + "\n\nA &lt;b&gt; &amp; C\n",
		"</pre>",
		"</html>\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("PlainHTML lacks %q:\n%s", want, got)
		}
	}
	for _, bad := range []string{"<script", "<style", "<link", "http:", "https:", "<b>", "\r"} {
		if strings.Contains(got, bad) {
			t.Errorf("PlainHTML has %q:\n%s", bad, got)
		}
	}
	if n := strings.Count(got, "<pre"); n != 1 {
		t.Errorf("PlainHTML has %d <pre> elements, want 1", n)
	}
}

func TestBuildMessageRejectsIncompleteMail(t *testing.T) {
	ok := func() *store.Mail {
		return &store.Mail{ID: "m", From: "judge@example.test", To: []string{"a@example.test"},
			MessageID: "<m@example.test>", Created: time.Date(1935, 4, 1, 0, 0, 0, 0, time.UTC)}
	}
	tests := []struct {
		name   string
		change func(m *store.Mail)
	}{
		{"no-from", func(m *store.Mail) { m.From = "" }},
		{"bad-from", func(m *store.Mail) { m.From = "not an address" }},
		{"no-recipients", func(m *store.Mail) { m.To = nil }},
		{"bad-recipient", func(m *store.Mail) { m.To = []string{"@@"} }},
		{"no-message-id", func(m *store.Mail) { m.MessageID = "<>" }},
		{"no-created", func(m *store.Mail) { m.Created = time.Time{} }},
		{"bad-auto-submitted", func(m *store.Mail) { m.AutoSubmitted = "auto-generated\r\nBcc: x@example.test" }},
		{"image-without-cid", func(m *store.Mail) {
			m.Inline = []store.Inline{{ContentType: "image/png", Data: tinyPNG}}
		}},
		{"image-bad-cid", func(m *store.Mail) {
			m.Inline = []store.Inline{{ContentID: "a b@x", ContentType: "image/png", Data: tinyPNG}}
		}},
		{"image-cid-twice", func(m *store.Mail) {
			m.Inline = []store.Inline{{ContentID: "a@x", ContentType: "image/png", Data: tinyPNG}, {ContentID: "<a@x>", ContentType: "image/png", Data: tinyPNG}}
		}},
		{"image-bad-type", func(m *store.Mail) {
			m.Inline = []store.Inline{{ContentID: "a@x", ContentType: "", Data: tinyPNG}}
		}},
	}
	if _, err := BuildMessage(ok()); err != nil {
		t.Fatalf("the unchanged mail fails: %v", err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := ok()
			tt.change(m)
			_, err := BuildMessage(m)
			if err == nil || !strings.HasPrefix(err.Error(), "mailer: ") {
				t.Errorf("BuildMessage = %v, want a mailer: error", err)
			}
		})
	}
}

func ExampleBuildMessage() {
	raw, err := BuildMessage(&store.Mail{
		ID: "receipt-1", From: "judge@example.test", To: []string{"germany@example.test"},
		Subject: "Re: orders", Body: "Orders as understood:\nPASS\n",
		HTML:      "<p>Orders as understood:<br>PASS</p>\n", // empty: PlainHTML of the text
		MessageID: "<receipt-1@example.test>", InReplyTo: "<orders-1@example.test>",
		References: []string{"<orders-1@example.test>"},
		Created:    time.Date(1935, time.April, 1, 12, 0, 0, 0, time.UTC),
	})
	if err != nil {
		panic(err)
	}
	fmt.Print(strings.ReplaceAll(string(raw), "\r\n", "\n"))
	// Output:
	// From: <judge@example.test>
	// To: <germany@example.test>
	// Subject: Re: orders
	// Date: Mon, 01 Apr 1935 12:00:00 +0000
	// Message-ID: <receipt-1@example.test>
	// In-Reply-To: <orders-1@example.test>
	// References: <orders-1@example.test>
	// Auto-Submitted: auto-generated
	// MIME-Version: 1.0
	// Content-Type: multipart/alternative;
	//  boundary="=_7a269a8f9af9e0c9a26448a36757d1"
	//
	// --=_7a269a8f9af9e0c9a26448a36757d1
	// Content-Type: text/plain; charset=UTF-8
	// Content-Transfer-Encoding: quoted-printable
	//
	// Orders as understood:
	// PASS
	//
	// --=_7a269a8f9af9e0c9a26448a36757d1
	// Content-Type: text/html; charset=UTF-8
	// Content-Transfer-Encoding: quoted-printable
	//
	// <p>Orders as understood:<br>PASS</p>
	//
	// --=_7a269a8f9af9e0c9a26448a36757d1--
}

func BenchmarkBuildMessage(b *testing.B) {
	m := &store.Mail{
		ID: "report-1", From: "judge@example.test", To: []string{"germany@example.test", "italy@example.test"},
		Subject: "Frühjahr 1935 — Bericht", Body: strings.Repeat("Économie: 3 usines converties.\n", 100),
		MessageID: "<report-1@example.test>", Created: time.Date(1935, time.April, 1, 12, 0, 0, 0, time.UTC),
	}
	for b.Loop() {
		if _, err := BuildMessage(m); err != nil {
			b.Fatal(err)
		}
	}
}

// TestPlainHTMLKeepsWrittenTextInert (issue 25): the HTML page of every
// mail without a report's (receipts, announcements, press) shows the text
// as text: a press or a BROADCAST full of markup adds no element, link or
// handler, and reads back as written.
func TestPlainHTMLKeepsWrittenTextInert(t *testing.T) {
	h := htmltest.Hostile
	page := PlainHTML(h, "Press from Germany:\n\n"+h+"\n")
	if n := htmltest.Inert(t, "plain page", page, h, ""); n != 2 { // the title and the body
		t.Errorf("the text reads back %d times as written, want 2:\n%s", n, page)
	}
}
