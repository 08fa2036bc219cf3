package orders

import (
	"testing"

	"stormjudge/adjudicator/storm"
)

// Rule 9.41E: PLAY <card> plays a held secret random event.
func TestParsePlay(t *testing.T) {
	for _, tc := range []struct {
		in   string
		card int
		bad  bool
	}{
		{"PLAY 17", 17, false},
		{"play card 3", 3, false},
		{"Play 144", 144, false},
		{"PLAY", 0, true},
		{"PLAY 145", 0, true},
		{"PLAY x", 0, true},
		{"PLAY 3 4", 0, true},
		{"PLAY 3:", 0, true},
	} {
		sub, err := Parse("GAME g\nPOWER italy\nSECRET s\n" + tc.in + "\nEND\n")
		if tc.bad {
			if err == nil {
				t.Errorf("%q accepted", tc.in)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tc.in, err)
			continue
		}
		if len(sub.Orders) != 1 || sub.Orders[0].Kind != storm.Play || sub.Orders[0].Card != tc.card {
			t.Errorf("%q: %+v", tc.in, sub.Orders)
		} else if got := sub.Orders[0].String(); got != "PLAY "+itoa(tc.card) {
			t.Errorf("%q: String %q", tc.in, got)
		}
	}
}

// Rule 15.32: PLAY <card>: <projects> names the projects an event leaves
// to its holder.
func TestRule15_32ParsePlayWithProjects(t *testing.T) {
	for in, want := range map[string]string{
		"PLAY 6: JETS, AIR RANGE":             "PLAY 6: jets, air range",
		"play 6 on german jets , radar":       "PLAY 6: german jets, radar",
		"PLAY CARD 6:asw":                     "PLAY 6: asw",
		"PLAY 6 : Italian  battleship design": "PLAY 6: italian battleship design",
	} {
		sub, err := Parse("GAME g\nPOWER italy\nSECRET s\n" + in + "\nEND\n")
		if err != nil {
			t.Errorf("%q: %v", in, err)
			continue
		}
		if got := sub.Orders[0].String(); got != want {
			t.Errorf("%q: read as %q, want %q", in, got, want)
		}
	}
}

func itoa(n int) string {
	return storm.Order{Kind: storm.Play, Card: n}.String()[len("PLAY "):]
}
