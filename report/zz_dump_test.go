package report

import (
	"fmt"
	"os"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/deck"
)

func TestZZDump(t *testing.T) {
	d, err := deck.LoadFile("../testdata/decks/illustrative.toml")
	if err != nil {
		t.Fatal(err)
	}
	s := adjudicator.NewGameWithDeck(7, d)
	f, _ := os.Create("/tmp/dump.txt")
	defer f.Close()
	for i := 0; i < 12; i++ {
		next, evs, err := adjudicator.Resolve(s, nil)
		if err != nil {
			t.Fatal(err)
		}
		_, b := Public("demo", evs, adjudicator.Derive(next)).Parts()
		fmt.Fprintf(f, "######## PUBLIC %d\n%s\n", i, b)
		_, b = Private("demo", adjudicator.Germany, evs, adjudicator.Derive(next)).Parts()
		fmt.Fprintf(f, "######## GERMANY %d\n%s\n", i, b)
		s = next
	}
}
