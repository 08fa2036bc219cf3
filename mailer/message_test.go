package mailer

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"stormjudge/store"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

func TestBuildMessageGolden(t *testing.T) {
	tests := []struct {
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
			Body:      "Économie: 3 usines converties.\nA line of exactly eighty characters, which quoted-printable must soft-break.......\ntrailing space \n",
			MessageID: "<report-1@example.test>", AutoSubmitted: "auto-replied",
			Created: time.Date(1935, time.April, 1, 14, 30, 0, 0, time.FixedZone("CET", 3600)),
		}},
	}
	for _, tt := range tests {
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
			for i, line := range strings.Split(string(got), "\r\n") {
				if len(line) > 78 {
					t.Errorf("line %d is %d characters long: %q", i+1, len(line), line)
				}
				if strings.Contains(line, "\n") {
					t.Errorf("line %d has a bare LF", i+1)
				}
			}
		})
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
		MessageID: "<receipt-1@example.test>", InReplyTo: "<orders-1@example.test>",
		References: []string{"<orders-1@example.test>"},
		Created:    time.Date(1935, time.April, 1, 12, 0, 0, 0, time.UTC),
	})
	if err != nil {
		panic(err)
	}
	fmt.Print(strings.ReplaceAll(string(raw), "\r\n", "\n"))
	// Output:
	// Auto-Submitted: auto-generated
	// Date: Mon, 01 Apr 1935 12:00:00 +0000
	// In-Reply-To: <orders-1@example.test>
	// MIME-Version: 1.0
	// Message-ID: <receipt-1@example.test>
	// References: <orders-1@example.test>
	// Subject: Re: orders
	// From: <judge@example.test>
	// To: <germany@example.test>
	// Content-Transfer-Encoding: quoted-printable
	// Content-Type: text/plain; charset=UTF-8
	//
	// Orders as understood:
	// PASS
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
