package orders

import (
	"strings"
	"testing"
)

func BenchmarkParse(b *testing.B) {
	body := env + "# the industrial segment\nCONVERT IDLE TO CIVILIAN\nEND\n"
	for b.Loop() {
		if _, err := Parse(body); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParseLargeBody: a body of MaxBody bytes of reply attributions,
// blank lines and quotes, the shapes the parser looks ahead on.
func BenchmarkParseLargeBody(b *testing.B) {
	unit := "On Monday someone wrote:\n\n\n\n> quoted\n"
	body := env + "PASS\n" + strings.Repeat(unit, MaxBody/len(unit))
	b.SetBytes(int64(len(body)))
	for b.Loop() {
		if _, err := Parse(body); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkReadMessage(b *testing.B) {
	raw := readExample(b, "multipart-alternative.eml")
	b.SetBytes(int64(len(raw)))
	for b.Loop() {
		if _, err := ReadMessage(raw); err != nil {
			b.Fatal(err)
		}
	}
}
