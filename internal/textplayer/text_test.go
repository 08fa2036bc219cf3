package textplayer

import (
	"strings"
	"testing"
)

// A mail of the judge: multipart/alternative, the text part flowed and
// quoted-printable (the soft break's space written =20: a decoder drops
// trailing white space, RFC 2045 6.7), an HTML part saying something else. Only the text
// part is read.
const rawMail = "From: judge@sandbox.test\r\n" +
	"To: germany@sandbox.test\r\n" +
	"Subject: =?utf-8?q?[g1]_Germany:_orders_due?=\r\n" +
	"MIME-Version: 1.0\r\n" +
	"Content-Type: multipart/alternative; boundary=\"b1\"\r\n" +
	"\r\n" +
	"--b1\r\n" +
	"Content-Type: text/plain; charset=utf-8; format=flowed; delsp=yes\r\n" +
	"Content-Transfer-Encoding: quoted-printable\r\n" +
	"\r\n" +
	"Reply with this block: as it is, it chan=\r\n" +
	"ges nothing; to act, put your orders in =20\r\n" +
	"its place =E2=80=94 or not.\r\n" +
	"\r\n" +
	"GAME g1\r\n" +
	"END\r\n" +
	"--b1\r\n" +
	"Content-Type: text/html; charset=utf-8\r\n" +
	"\r\n" +
	"<p>GAME html-only</p>\r\n" +
	"--b1--\r\n"

func TestTextPartReadsOnlyTheTextPart(t *testing.T) {
	subject, text, err := TextPart([]byte(rawMail))
	if err != nil {
		t.Fatal(err)
	}
	if subject != "[g1] Germany: orders due" {
		t.Errorf("subject %q", subject)
	}
	want := "Reply with this block: as it is, it changes nothing; to act, put your orders in its place — or not.\n\nGAME g1\nEND"
	if text != want {
		t.Errorf("text %q, want %q", text, want)
	}
	if strings.Contains(text, "html-only") {
		t.Error("the HTML part was read")
	}
}

// DecodePart reads a part as IMAP returns it (BODY[1.MIME], BODY[1]).
func TestDecodePartAsIMAPReturnsIt(t *testing.T) {
	header := "Content-Type: text/plain; charset=utf-8; format=flowed\r\nContent-Transfer-Encoding: 7bit\r\n\r\n"
	got, err := DecodePart([]byte(header), []byte("Orders ACCEPTED for \r\nGermany.\r\n"))
	if err != nil {
		t.Fatal(err)
	}
	if got != "Orders ACCEPTED for Germany.\n" {
		t.Errorf("%q", got)
	}
	if _, _, err := TextPart([]byte("Content-Type: text/html\r\n\r\n<p>x</p>\r\n")); err == nil {
		t.Error("a mail without a text part read")
	}
}
