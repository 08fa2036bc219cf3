package orders

import (
	"strings"
	"testing"

	"stormjudge/adjudicator/storm"
)

// flowedEmail is a raw email whose text part has the Content-Type ct.
func flowedEmail(ct, body string) []byte {
	return []byte("From: germany@sandbox.test\r\nTo: judge@sandbox.test\r\nSubject: orders\r\nMessage-ID: <f1@test>\r\n" +
		"Content-Type: " + ct + "\r\n\r\n" + strings.ReplaceAll(body, "\n", "\r\n"))
}

// TestReadMessageUnflowsFlowedText: a format=flowed email (RFC 3676) is
// read with its soft breaks undone: an order line the client wrapped is
// one line and parses, a paragraph of press is one line, stuffing is
// removed, quoted lines keep their marks and are not joined to the
// text, the signature separator stands alone; DelSp=yes deletes the
// space of each soft break. A text/plain email that is not flowed keeps
// its lines.
func TestReadMessageUnflowsFlowedText(t *testing.T) {
	body := "GAME demo\nSECRET germany\nMOBILIZE IDLE: ARMOR, \nINFANTRY, AIR\nEND\n\nThe press of a long \nparagraph, joined.\n From here.\n> a quoted \n> line\n-- \nGermany\n"
	want := "GAME demo\nSECRET germany\nMOBILIZE IDLE: ARMOR, INFANTRY, AIR\nEND\n\nThe press of a long paragraph, joined.\nFrom here.\n> a quoted line\n-- \nGermany\n"
	m, err := ReadMessage(flowedEmail("text/plain; charset=utf-8; format=flowed", body))
	if err != nil {
		t.Fatal(err)
	}
	if m.Body != want {
		t.Errorf("format=flowed body:\n%q\nwant\n%q", m.Body, want)
	}
	sub, err := Parse(m.Body)
	if err != nil || len(sub.Orders) != 1 || sub.Orders[0].Kind != storm.Mobilize || len(sub.Orders[0].Units) != 3 {
		t.Errorf("the wrapped order line does not parse as one order: %+v, %v", sub, err)
	}
	m, err = ReadMessage(flowedEmail(`text/plain; format="flowed"; delsp=yes`, "MOBILIZE IDLE: ARM \nOR, INFANTRY,  \nAIR\n"))
	if err != nil || m.Body != "MOBILIZE IDLE: ARMOR, INFANTRY, AIR\n" {
		t.Errorf("DelSp=yes: %q, %v", m.Body, err)
	}
	m, err = ReadMessage(flowedEmail("text/plain; charset=utf-8", body))
	if err != nil || m.Body != body {
		t.Errorf("a text that is not flowed changed:\n%q", m.Body)
	}
}
