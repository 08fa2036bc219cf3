package orders

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// seedBodies are order texts that reach every branch of the parser.
var seedBodies = []string{
	env + "CONVERT IDLE TO CIVILIAN\nEND\n",
	env + "MOBILISE IDLE\nCONVERT IDEL\nPASS\nPASS\n",
	"Game: demo\nSECRET: x y\nSECRT\n> quoted\nOn Mon wrote:\n> q\n-- \nsig",
	"GAME demo\r\nSECRET zebra-lamp-77\rzebra-lamp-77\n# c\n\u00a0mobilize civilian to military\n",
	"\ufeffconvert one idle factory into civilian # x\nconvert civilian\nconvert military to idle\n",
	strings.Repeat("x\n", 60),
	env + "IF AGGRESSION danzig oppose\nIF AGGRESSION ACQUIESCE IF RESISTANCE >= 3 ELSE OPPOSE\nAGGRESSION poland satellite\nAGGRESSION danzig pact\nIF OPPOSED CONTINUE IF RESISTANCE <= 4 ELSE BACK DOWN\nIF ULTIMATUM back down\nOPPOSE italy\nIF CONTINUED ULTIMATUM germany\nBACK DOWN\nCONTINUE\nATTACK\nDECLARE WAR ON britain AND france\nTHREATEN WAR ON germany\nCONCEDE\nREFUSE\n",
}

// FuzzParse: Parse never panics; an error is always Errors with lines in
// the body; a clean Submission written out canonically parses back to the
// same orders.
func FuzzParse(f *testing.F) {
	for _, s := range seedBodies {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) {
		sub, err := Parse(body)
		if sub == nil {
			t.Fatal("Parse returned a nil Submission")
		}
		nLines := strings.Count(normalizeText(body), "\n") + 1
		if err != nil {
			var es Errors
			if !errors.As(err, &es) || len(es) == 0 {
				t.Fatalf("error %T %v is not a non-empty Errors", err, err)
			}
			for _, e := range es {
				if e.Line < 0 || e.Line > nLines {
					t.Errorf("error line %d outside the body's %d lines: %v", e.Line, nLines, e)
				}
				if e.Msg == "" {
					t.Errorf("error without a message: %+v", e)
				}
			}
			_ = err.Error()
			return
		}
		if sub.Envelope.Game == "" || sub.Envelope.Secret == "" && !sub.IsObserveRequest() {
			t.Fatalf("no error but envelope incomplete: %+v", sub.Envelope)
		}
		if len(sub.Commands) > 0 || sub.Help {
			return // commands (an observer's OBSERVE among them) or HELP: no orders to write out
		}
		if sub.Pass == (len(sub.Orders) > 0) {
			t.Fatalf("no error but Pass %v with %d orders", sub.Pass, len(sub.Orders))
		}
		canon := "GAME " + sub.Envelope.Game + "\nSECRET " + sub.Envelope.Secret + "\n"
		if sub.Envelope.Power != "" {
			canon += "POWER " + sub.Envelope.Power + "\n"
		}
		if sub.Pass {
			canon += "PASS\n"
		}
		for _, o := range sub.Orders {
			if o.Line < 1 || o.Line > nLines {
				t.Errorf("order line %d outside the body's %d lines", o.Line, nLines)
			}
			canon += o.String() + "\n"
		}
		again, err := Parse(canon)
		if err != nil {
			t.Fatalf("canonical text %q does not parse: %v", canon, err)
		}
		if again.Pass != sub.Pass || len(again.Orders) != len(sub.Orders) || again.Envelope.Game != sub.Envelope.Game ||
			again.Envelope.Secret != sub.Envelope.Secret || again.Envelope.Power != sub.Envelope.Power {
			t.Fatalf("round trip differs:\n%+v\n%+v", sub, again)
		}
		for i, o := range sub.Orders {
			if again.Orders[i].Kind != o.Kind || again.Orders[i].From != o.From {
				t.Fatalf("order %d: %v became %v", i, o, again.Orders[i])
			}
		}
	})
}

// FuzzReadMessage: ReadMessage never panics, and what it returns is clean
// text the parser can take.
func FuzzReadMessage(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "orders", "*.eml"))
	for _, name := range files {
		raw, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(raw)
	}
	f.Add([]byte("From: a@b\n\nPASS"))
	f.Add([]byte("Content-Type: multipart/mixed; boundary=x\n\n--x\nContent-Type: text/html\nContent-Transfer-Encoding: quoted-printable\n\n<p>=41</p>\n--x--"))
	f.Add([]byte("Content-Type: text/plain; charset=iso-8859-1\nContent-Transfer-Encoding: base64\n\nR0FNRQ==\n"))
	f.Fuzz(func(t *testing.T, raw []byte) {
		m, err := ReadMessage(raw)
		if m == nil {
			if err == nil {
				t.Fatal("nil Message without an error")
			}
			return
		}
		if strings.ContainsAny(m.Body, "\r\x00") || !isValidUTF8(m.Body) {
			t.Fatalf("Body not normalized: %q", m.Body)
		}
		if m.From != strings.ToLower(m.From) {
			t.Fatalf("From not lower case: %q", m.From)
		}
		IsAutomatic(m, "judge@sandbox.test")
		Parse(m.Body)
	})
}

func isValidUTF8(s string) bool { return strings.ToValidUTF8(s, "") == s }
