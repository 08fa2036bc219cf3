package orders

import (
	"encoding/base64"
	"strings"
	"testing"
)

// TestRedact (issue 8, defect 1): the kept copy of an email holds no
// secret: not the SECRET line, not a secret quoted from the welcome mail,
// not a secret in a header, not one hidden in base64; the orders and the
// header fields that matter stay readable.
func TestRedact(t *testing.T) {
	body := "GAME demo\nPOWER germany\nSECRET Zq7-hunter\nMOBILIZE IDLE\nEND\n\nOn Mon, the judge wrote:\n> Your secret: Kp9-right\n>   secret Kp9-right\n"
	raw := "From: Ann <ann@example.org>\r\nSubject: my orders (Zq7-hunter)\r\nMessage-ID: <m1@example.org>\r\n" +
		"Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n" +
		base64.StdEncoding.EncodeToString([]byte(body)) + "\r\n"
	m, err := ReadMessage([]byte(raw))
	if err != nil {
		t.Fatal(err)
	}
	got := string(Redact([]byte(raw), m, "Zq7-hunter"))
	for _, secret := range []string{"Zq7-hunter", "zq7-hunter", "Kp9-right", base64.StdEncoding.EncodeToString([]byte(body))[:20]} {
		if strings.Contains(got, secret) {
			t.Errorf("copy holds %q:\n%s", secret, got)
		}
	}
	for _, keep := range []string{"From: Ann <ann@example.org>", "Message-ID: <m1@example.org>", "MOBILIZE IDLE", "SECRET [redacted]", "Subject: my orders ([redacted])"} {
		if !strings.Contains(got, keep) {
			t.Errorf("copy lacks %q:\n%s", keep, got)
		}
	}
	// The copy is itself a readable message.
	c, err := ReadMessage([]byte(got))
	if err != nil || c.From != "ann@example.org" || !strings.Contains(c.Body, "MOBILIZE IDLE") {
		t.Errorf("copy unreadable: %+v, %v", c, err)
	}
	// Nothing read: the header only.
	if got := string(Redact([]byte("From: a@b\r\nSubject: secret x\r\n\r\nSECRET abc"), nil)); strings.Contains(got, "abc") || strings.Contains(got, " x") {
		t.Errorf("unread email copy: %q", got)
	}
	// A misspelt keyword, a secret in an encoded Subject, one on a folded
	// header line.
	raw = "From: ann@example.org\r\nSubject: =?utf-8?q?orders_Zq7-hunter?=\r\nX-Note: my secret is\r\n Zq7-hunter\r\n\r\nGAME demo\r\nSECERT Kp9-right\r\n> secrt: Kp9-right\r\nPASS\r\n"
	m, err = ReadMessage([]byte(raw))
	if err != nil {
		t.Fatal(err)
	}
	got = string(Redact([]byte(raw), m, "Zq7-hunter"))
	for _, secret := range []string{"Zq7-hunter", "Kp9-right"} {
		if strings.Contains(got, secret) {
			t.Errorf("copy holds %q:\n%s", secret, got)
		}
	}
	if !strings.Contains(got, "GAME demo") || !strings.Contains(got, "PASS") {
		t.Errorf("copy lost the orders:\n%s", got)
	}
}
