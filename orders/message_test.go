package orders

import (
	"encoding/base64"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"stormjudge/adjudicator/storm"
)

func readExample(t testing.TB, name string) []byte {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "testdata", "orders", name))
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

// TestReadMessageExamples reads every example email under
// testdata/orders/ and parses its text: the examples docs/orders.md points
// players at must say what the documentation says.
func TestReadMessageExamples(t *testing.T) {
	type want struct {
		from, subject, messageID string
		env                      Envelope
		pass                     bool
		orders                   []storm.Order
	}
	envOf := func(power string, lines ...int) Envelope {
		e := Envelope{Game: "demo", Power: power, Secret: power, GameLine: 1, PowerLine: 2, SecretLine: 3}
		if len(lines) == 3 {
			e.GameLine, e.PowerLine, e.SecretLine = lines[0], lines[1], lines[2]
		}
		return e
	}
	tests := []struct {
		file string
		want want
	}{
		{"economic-convert.eml", want{"germany@sandbox.test", "orders demo Spring 1935", "convert-1@sandbox.test",
			envOf("germany"), false, []storm.Order{convert(6)}}},
		{"economic-mobilize.eml", want{"france@sandbox.test", "orders", "mobilize-1@sandbox.test",
			envOf("france"), false, []storm.Order{{Kind: storm.Mobilize, From: storm.Civilian,
				Units: []storm.UnitType{storm.Armor, storm.Infantry}, Line: 4}}}},
		{"pass.eml", want{"italy@sandbox.test", "pass", "pass-1@sandbox.test",
			envOf("italy"), true, nil}},
		{"multipart-alternative.eml", want{"britain@sandbox.test", "Befehle für Großbritannien", "alt-1@sandbox.test",
			envOf("britain"), false, []storm.Order{mobilize(storm.Idle, 5)}}},
		{"multipart-mixed-nested.eml", want{"britain@sandbox.test", "orders with attachment", "mixed-1@sandbox.test",
			envOf("britain"), false, []storm.Order{convert(4)}}},
		{"html-only.eml", want{"russia@sandbox.test", "orders", "html-1@sandbox.test",
			envOf("russia"), false, []storm.Order{mobilize(storm.Idle, 5)}}},
		{"latin1-qp.eml", want{"germany@sandbox.test", "Befehle für Köln", "latin1-1@sandbox.test",
			envOf("germany"), false, []storm.Order{convert(5)}}},
		{"cp1252-base64.eml", want{"france@sandbox.test", "“Orders” – France", "cp1252-1@sandbox.test",
			envOf("france"), false, []storm.Order{convert(5)}}},
		{"draw.eml", want{"gm@sandbox.test", "Re: demo: draw the cards for Spring 1935", "draw-1@sandbox.test",
			Envelope{Game: "demo", Secret: "gm", Moderator: true, GameLine: 1, ModeratorLine: 2, SecretLine: 3}, false,
			[]storm.Order{{Kind: storm.DrawPurge, Args: []string{"military purge"}, Line: 4},
				{Kind: storm.DrawCards, Cards: []int{3, 1, 4}, Line: 5}, {Kind: storm.DrawCards, Cards: []int{5, 9, 2, 6}, Line: 6}}}},
		{"diplomatic.eml", want{"britain@sandbox.test", "orders demo Spring 1936 allies", "diplomatic-1@sandbox.test",
			envOf("britain"), false, []storm.Order{
				{Kind: storm.Diplomatic, Project: "Norway", Counters: []int{2}, Line: 5},
				{Kind: storm.Diplomatic, Project: "Greece", Counters: []int{0}, Line: 6}}}},
		{"spy-ring.eml", want{"germany@sandbox.test", "orders demo Fall 1936 spy rings", "spy-ring-1@sandbox.test",
			envOf("germany"), false, []storm.Order{
				{Kind: storm.SpyRingOrder, Project: "Poland", For: storm.SegSpyRings, Line: 5},
				{Kind: storm.ReactivateOrder, Project: "research", Args: []string{"allies", "naval"}, For: storm.SegSpyRings, Line: 7}}}},
		{"covert.eml", want{"italy@sandbox.test", "orders demo Fall 1936 axis 1", "covert-1@sandbox.test",
			envOf("italy"), false, []storm.Order{
				{Kind: storm.Diplomatic, Project: "Greece", Counters: []int{2}, Line: 5},
				{Kind: storm.CovertOrder, Project: "Greece", Args: []string{"decisive"}, For: storm.SegCovert, Line: 8},
				{Kind: storm.CovertOrder, Project: "Yugoslavia", Args: []string{"not ahead"}, For: storm.SegCovert, Line: 9}}}},
		{"diplomatic-russia.eml", want{"russia@sandbox.test", "orders demo Spring 1936 russia", "diplomatic-russia-1@sandbox.test",
			envOf("russia"), false, []storm.Order{
				{Kind: storm.Diplomatic, Project: "Poland", Counters: []int{2}, Line: 5},
				{Kind: storm.MilitaryCounter, Project: "Finland", Line: 6},
				{Kind: storm.SubvertOrder, Project: "Rumania", Args: []string{"behind"}, For: storm.SegCovert, Line: 8}}}},
		{"diplomatic-axis2.eml", want{"germany@sandbox.test", "orders demo Spring 1936 axis 2", "diplomatic-axis2-1@sandbox.test",
			envOf("germany"), false, []storm.Order{
				{Kind: storm.Diplomatic, Project: "Austria", Counters: []int{1}, Line: 5},
				{Kind: storm.CounterIntelOrder, Project: "any", Args: []string{"covert", "decisive"}, For: storm.SegCovert, Line: 8}}}},
		{"reply-with-quote-and-signature.eml", want{"italy@sandbox.test", "Re: [demo] Spring 1935: economic phase", "reply-1@sandbox.test",
			envOf("italy"), false, []storm.Order{mobilize(storm.Idle, 4)}}},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			m, err := ReadMessage(readExample(t, tc.file))
			if err != nil {
				t.Fatalf("ReadMessage: %v", err)
			}
			if m.From != tc.want.from || m.Subject != tc.want.subject || m.MessageID != tc.want.messageID {
				t.Errorf("headers: got From %q Subject %q Message-ID %q, want %q %q %q",
					m.From, m.Subject, m.MessageID, tc.want.from, tc.want.subject, tc.want.messageID)
			}
			if strings.Contains(m.Body, "\r") {
				t.Errorf("body has CR: %q", m.Body)
			}
			if IsAutomatic(m, "judge@sandbox.test") {
				t.Errorf("IsAutomatic: a player's email read as automatic: %+v", m)
			}
			sub, err := Parse(m.Body)
			if err != nil {
				t.Fatalf("Parse(%q):\n%v", m.Body, err)
			}
			wantSub := Submission{Envelope: tc.want.env, Pass: tc.want.pass, Orders: tc.want.orders}
			if !reflect.DeepEqual(*sub, wantSub) {
				t.Errorf("Parse:\n got %+v\nwant %+v\nbody:\n%s", *sub, wantSub, m.Body)
			}
		})
	}
}

func TestReadMessageThreadingHeaders(t *testing.T) {
	m, err := ReadMessage(readExample(t, "reply-with-quote-and-signature.eml"))
	if err != nil {
		t.Fatal(err)
	}
	if m.InReplyTo != "receipt-7@sandbox.test" {
		t.Errorf("InReplyTo = %q", m.InReplyTo)
	}
	if want := []string{"report-1@sandbox.test", "receipt-7@sandbox.test"}; !reflect.DeepEqual(m.References, want) {
		t.Errorf("References = %q, want %q", m.References, want)
	}
}

// TestReadMessageHTMLOnly: the converted text of html-only.eml, line by
// line: style, script and title dropped, <br> and blocks are line breaks,
// entities decoded, the Gmail quote marked as quoted.
func TestReadMessageHTMLOnly(t *testing.T) {
	m, err := ReadMessage(readExample(t, "html-only.eml"))
	if err != nil {
		t.Fatal(err)
	}
	want := "GAME demo\nPOWER russia\nSECRET russia\n\nMOBILIZE IDLE # costs 10 − 0 this year & no EAI\nEND\nOn Sun, 1 Mar 2026 the judge wrote:\n> Your orders, please.\n> GAME something else\n"
	if m.Body != want {
		t.Errorf("Body:\n got %q\nwant %q", m.Body, want)
	}
}

// msg builds a raw message from header lines and a body, CRLF-terminated.
func msg(header, body string) []byte {
	return []byte(strings.ReplaceAll(header+"\n\n"+body, "\n", "\r\n"))
}

func TestReadMessageCharsets(t *testing.T) {
	const from = "From: germany@sandbox.test\nMessage-ID: <c@sandbox.test>"
	tests := []struct {
		name    string
		raw     []byte
		body    string
		subject string
	}{
		{"UTF-8 8bit",
			msg(from+"\nSubject: =?UTF-8?B?R3LDvMOfZQ==?=\nContent-Type: text/plain; charset=UTF-8\nContent-Transfer-Encoding: 8bit", "# Grüße ✓\nPASS"),
			"# Grüße ✓\nPASS", "Grüße"},
		{"UTF-8 quoted-printable with soft line break",
			msg(from+"\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable", "# Gr=C3=BC=C3=9Fe =\naus Bonn\nPASS"),
			"# Grüße aus Bonn\nPASS", ""},
		{"ISO-8859-1 quoted-printable",
			msg(from+"\nSubject: =?ISO-8859-1?Q?K=F6ln?=\nContent-Type: text/plain; charset=ISO-8859-1\nContent-Transfer-Encoding: quoted-printable", "# K=F6ln caf=E9\nPASS"),
			"# Köln café\nPASS", "Köln"},
		{"ISO-8859-1 8bit",
			append(msg(from+"\nContent-Type: text/plain; charset=iso-8859-1", "# "), []byte("\xc4rger\r\nPASS")...),
			"# Ärger\nPASS", ""},
		{"Windows-1252 base64",
			msg(from+"\nSubject: =?windows-1252?Q?=93quoted=94?=\nContent-Type: text/plain; charset=windows-1252\nContent-Transfer-Encoding: base64",
				base64.StdEncoding.EncodeToString([]byte("# \x93all\x94 \x96 \x80 5\r\nPASS"))),
			"# “all” – € 5\nPASS", "“quoted”"},
		{"undeclared 8-bit text read as Windows-1252",
			append(msg(from, "# "), []byte("\x93hi\x94 \xe9t\xe9\r\nPASS")...),
			"# “hi” été\nPASS", ""},
		{"unknown charset: ASCII still read",
			msg(from+"\nContent-Type: text/plain; charset=x-klingon", "GAME demo\nPASS"),
			"GAME demo\nPASS", ""},
		{"unknown transfer encoding: body read as it is",
			msg(from+"\nContent-Transfer-Encoding: x-uuencode", "PASS"),
			"PASS", ""},
		{"malformed Content-Type read as text/plain",
			msg(from+"\nContent-Type: text/plain; charset", "PASS"),
			"PASS", ""},
		{"no Content-Type is text/plain",
			msg(from, "PASS\n"),
			"PASS\n", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := ReadMessage(tc.raw)
			if err != nil {
				t.Fatalf("ReadMessage: %v", err)
			}
			if m.Body != tc.body {
				t.Errorf("Body = %q, want %q", m.Body, tc.body)
			}
			if m.Subject != tc.subject {
				t.Errorf("Subject = %q, want %q", m.Subject, tc.subject)
			}
		})
	}
}

func TestReadMessageHeaders(t *testing.T) {
	tests := []struct {
		name   string
		header string
		want   Message // Body is not compared
	}{
		{"display name, RFC 2047, upper-case address",
			"From: =?UTF-8?Q?J=C3=BCrgen?= <Juergen@Example.ORG>\nSubject: hi",
			Message{From: "juergen@example.org", Subject: "hi"}},
		{"several From addresses: the first",
			"From: a@example.org, b@example.org",
			Message{From: "a@example.org"}},
		{"malformed From: address recovered",
			"From: Broken \"quote <Fritz@Example.org>",
			Message{From: "fritz@example.org"}},
		{"malformed From without brackets",
			"From: fritz@example.org (Fritz",
			Message{From: "fritz@example.org"}},
		{"message ids without brackets",
			"Message-ID: <abc@x>\nIn-Reply-To: <r1@x> <r2@x>\nReferences: <r0@x>\n\t<r1@x>",
			Message{MessageID: "abc@x", InReplyTo: "r1@x", References: []string{"r0@x", "r1@x"}}},
		{"malformed message ids recovered",
			"Message-ID: abc@x\nIn-Reply-To: r1@x\nReferences: r0@x, r1@x",
			Message{MessageID: "abc@x", InReplyTo: "r1@x", References: []string{"r0@x", "r1@x"}}},
		{"Return-Path missing",
			"From: a@example.org",
			Message{From: "a@example.org"}},
		{"Return-Path empty: a bounce",
			"Return-Path: <>\nFrom: a@example.org",
			Message{From: "a@example.org", HasReturnPath: true}},
		{"Return-Path address",
			"Return-Path: <Owner-List@Example.org>",
			Message{ReturnPath: "owner-list@example.org", HasReturnPath: true}},
		{"loop-detection headers kept as written",
			"Auto-Submitted: auto-replied; owner-email=\"x@y\"\nPrecedence: Bulk\nList-Id: Games <games.example.org>",
			Message{AutoSubmitted: "auto-replied; owner-email=\"x@y\"", Precedence: "Bulk", ListID: "Games <games.example.org>"}},
		{"encoded subject with unknown charset kept raw",
			"Subject: =?x-klingon?Q?qapla?=",
			Message{Subject: "=?x-klingon?Q?qapla?="}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := ReadMessage(msg(tc.header, "PASS"))
			if err != nil {
				t.Fatalf("ReadMessage: %v", err)
			}
			m.Body = ""
			if !reflect.DeepEqual(*m, tc.want) {
				t.Errorf("got  %+v\nwant %+v", *m, tc.want)
			}
		})
	}
}

func TestReadMessageErrors(t *testing.T) {
	nested := "Content-Type: text/plain\n\nPASS"
	for i := 0; i < DefaultLimits.Depth+2; i++ {
		nested = "Content-Type: multipart/mixed; boundary=\"b" + string(rune('a'+i)) + "\"\n\n--b" + string(rune('a'+i)) + "\n" + nested + "\n--b" + string(rune('a'+i)) + "--\n"
	}
	var many strings.Builder
	many.WriteString("Content-Type: multipart/mixed; boundary=\"m\"\n\n")
	for i := 0; i < DefaultLimits.Parts+5; i++ {
		many.WriteString("--m\nContent-Type: image/png\n\nxx\n")
	}
	many.WriteString("--m--\n")
	tests := []struct {
		name       string
		raw        []byte
		want       string
		hasMessage bool // the header was read: a Message comes back too
	}{
		{"multipart without any boundary",
			msg("From: a@example.org\nContent-Type: multipart/mixed; boundary=\"q\"", "no parts at all"),
			"orders: reading MIME part: multipart: NextPart: EOF", true},
		{"header garbage", []byte("this is not a header\n\nPASS"),
			"orders: reading message header: message: malformed MIME header line: this is not a header", false},
		{"no text part",
			msg("From: a@example.org\nContent-Type: multipart/mixed; boundary=\"x\"", "--x\nContent-Type: image/png\n\nxx\n--x--"),
			"orders: the message has no text part", true},
		{"message larger than the size limit",
			msg("From: a@example.org", strings.Repeat("PASS\n", DefaultLimits.Size/5+1)),
			"orders: message larger than 1048576 bytes", true},
		{"nesting too deep", []byte("From: a@example.org\n" + nested),
			"orders: MIME parts nested more than 10 deep", true},
		{"too many parts", []byte("From: a@example.org\n" + many.String()),
			"orders: more than 100 MIME parts", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := ReadMessage(tc.raw)
			if err == nil {
				t.Fatalf("ReadMessage: no error; body %q", m.Body)
			}
			if err.Error() != tc.want {
				t.Errorf("error %q, want %q", err, tc.want)
			}
			if (m != nil) != tc.hasMessage {
				t.Errorf("message returned: %v, want %v", m != nil, tc.hasMessage)
			}
			if m != nil && m.From != "a@example.org" {
				t.Errorf("From = %q", m.From)
			}
		})
	}
}

// TestReadMessageBrokenMultipart: damaged multipart bodies yield the text
// that could be read.
func TestReadMessageBrokenMultipart(t *testing.T) {
	const h = "From: a@example.org\nContent-Type: multipart/alternative; boundary=\"z\""
	tests := []struct{ name, body, want string }{
		{"closing boundary missing", "--z\nContent-Type: text/html\n\n<p>PASS</p>\n--z\nContent-Type: text/plain\n\nGAME demo\nPASS", "GAME demo\nPASS"},
		{"last part cut off after its header", "--z\nContent-Type: text/html\n\n<p>PASS</p>\n--z\nContent-Type: text/plain\n", "PASS\n"},
		{"bad base64 in the text part", "--z\nContent-Type: text/plain\nContent-Transfer-Encoding: base64\n\n!!!!\n--z\nContent-Type: text/html\n\n<p>PASS</p>\n--z--", "PASS\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := ReadMessage(msg(h, tc.body))
			if err != nil {
				t.Fatalf("ReadMessage: %v", err)
			}
			if m.Body != tc.want {
				t.Errorf("Body = %q, want %q", m.Body, tc.want)
			}
		})
	}
}

func TestReadMessageEmpty(t *testing.T) {
	m, err := ReadMessage(nil)
	if err != nil {
		t.Fatalf("ReadMessage(nil): %v", err)
	}
	if !reflect.DeepEqual(*m, Message{}) {
		t.Errorf("got %+v, want the zero Message", *m)
	}
}

func TestHTMLText(t *testing.T) {
	tests := []struct{ name, html, want string }{
		{"br and div", "GAME demo<br>POWER italy<div>PASS</div>", "GAME demo\nPOWER italy\nPASS\n"},
		{"paragraphs", "<p>GAME demo</p><p>PASS</p>", "GAME demo\nPASS\n"},
		{"double br leaves a blank line", "a<br><br>b", "a\n\nb"},
		{"self-closing br", "a<br/>b", "a\nb"},
		{"entities", "MOBILIZE&nbsp;IDLE &#35; &lt;ok&gt; &amp; caf&eacute;", "MOBILIZE IDLE # <ok> & café"},
		{"white space collapsed", "  CONVERT \n\t IDLE   TO\nCIVILIAN  ", "CONVERT IDLE TO CIVILIAN "},
		{"script, style, head dropped", "<head><title>t</title><style>p{}</style></head><script>x<y</script><p>PASS</p>", "PASS\n"},
		{"head left open ends at body", "<html><head><meta charset=utf-8><body><p>PASS</p>", "PASS\n"},
		{"pre keeps lines", "<pre>GAME demo\n  PASS</pre>", "GAME demo\n  PASS\n"},
		{"blockquote lines quoted", "PASS<blockquote>GAME x<br>POWER y<blockquote>deep</blockquote></blockquote>after",
			"PASS\n> GAME x\n> POWER y\n> > deep\nafter"},
		{"quote prefix capped", strings.Repeat("<blockquote>", 10) + "deep", "> > > > deep"},
		{"table cells separated", "<table><tr><td>MOBILIZE</td><td>IDLE</td></tr></table>", "MOBILIZE IDLE\n"},
		{"list items", "<ul><li>GAME demo</li><li>PASS</li></ul>", "GAME demo\nPASS\n"},
		{"unclosed tags and garbage", "<div><p>PASS<b>x</i></span><p>y", "PASSx\ny"},
		{"empty", "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := htmlText(tc.html); got != tc.want {
				t.Errorf("htmlText(%q)\n got %q\nwant %q", tc.html, got, tc.want)
			}
		})
	}
}

// TestLimits: each limit is configurable, is reported as a *LimitError
// naming it, and leaves the header read so that the sender can be answered.
func TestLimits(t *testing.T) {
	l := Limits{Size: 2000, Parts: 4, Depth: 2}
	parts := "Content-Type: multipart/mixed; boundary=\"m\"\n\n" + strings.Repeat("--m\nContent-Type: image/png\n\nxx\n", 4) + "--m\nContent-Type: text/plain\n\nPASS\n--m--\n"
	partsFirst := "Content-Type: multipart/mixed; boundary=\"m\"\n\n--m\nContent-Type: text/plain\n\nPASS\n" + strings.Repeat("--m\nContent-Type: image/png\n\nxx\n", 4) + "--m--\n"
	deepAfter := "Content-Type: image/png\n\nxx"
	for i := 0; i < 3; i++ {
		b := string(rune('p' + i))
		deepAfter = "Content-Type: multipart/mixed; boundary=\"" + b + "\"\n\n--" + b + "\n" + deepAfter + "\n--" + b + "--\n"
	}
	deepAfter = "Content-Type: multipart/mixed; boundary=\"top\"\n\n--top\nContent-Type: text/plain\n\nPASS\n--top\n" + deepAfter + "\n--top--\n"
	deep := "Content-Type: text/plain\n\nPASS"
	for i := 0; i < 3; i++ {
		b := string(rune('a' + i))
		deep = "Content-Type: multipart/mixed; boundary=\"" + b + "\"\n\n--" + b + "\n" + deep + "\n--" + b + "--\n"
	}
	tests := []struct {
		name string
		raw  []byte
		what string
	}{
		{"size", msg("From: a@example.org\nMessage-ID: <big@x>", strings.Repeat("x", 3000)), "size"},
		{"parts", []byte("From: a@example.org\nMessage-ID: <big@x>\n" + parts), "parts"},
		{"depth", []byte("From: a@example.org\nMessage-ID: <big@x>\n" + deep), "depth"},
		// Issue 24: the limits hold wherever the orders are, also after them.
		{"parts after the text", []byte("From: a@example.org\nMessage-ID: <big@x>\n" + partsFirst), "parts"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := l.Read(tc.raw)
			var le *LimitError
			if !errors.As(err, &le) || le.What != tc.what {
				t.Fatalf("error %v, want a LimitError on %s", err, tc.what)
			}
			if m == nil || m.From != "a@example.org" || m.MessageID != "big@x" {
				t.Fatalf("header not read: %+v", m)
			}
		})
	}
	if _, err := (Limits{Size: 2000, Parts: 10, Depth: 2}).Read([]byte("From: a@example.org\nMessage-ID: <big@x>\n" + deepAfter)); err == nil || !strings.Contains(err.Error(), "deep") {
		t.Errorf("depth after the text: %v, want the depth limit", err)
	}
	// Under the defaults the same messages are fine.
	for _, tc := range tests[1:] {
		if _, err := ReadMessage(tc.raw); err != nil {
			t.Errorf("%s under the defaults: %v", tc.name, err)
		}
	}
}

// TestReadCrisisExamples reads the crisis phase's example emails
// (docs/orders.md, Crisis): each parses into the orders its comments
// describe, in order.
func TestReadCrisisExamples(t *testing.T) {
	for file, want := range map[string][]string{
		"crisis-aggression.eml":    {"AGGRESSION AUSTRIA", "IF OPPOSED CONTINUE IF RESISTANCE <= 4 ELSE BACK DOWN", "IF ULTIMATUM BACK DOWN"},
		"crisis-response.eml":      {"OPPOSE", "IF CONTINUED ULTIMATUM"},
		"crisis-axis-response.eml": {"CONTINUE", "IF ULTIMATUM BACK DOWN"},
		"crisis-ultimatum.eml":     {"ULTIMATUM GERMANY", "BACK DOWN ITALY"},
		"crisis-brink.eml":         {"ATTACK"},
		"preemptive-war.eml":       {"THREATEN WAR ON GERMANY"},
		"preemptive-concede.eml":   {"CONCEDE"},
		"end-of-game.eml":          {"RESEARCH AIR RANGE 2", "RESEARCH RADAR", "RESEARCH ESPIONAGE INTELLIGENCE", "RESEARCH JETS ADVANCED"},
	} {
		m, err := ReadMessage(readExample(t, file))
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		sub, err := Parse(m.Body)
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		var got []string
		for _, o := range sub.Orders {
			got = append(got, o.String())
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s: orders\n%s\nwant\n%s", file, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}
