package orders

import (
	"slices"
	"strings"
	"testing"

	"stormjudge/adjudicator/storm"
)

// Rules 9.12, 22.41 (physical-deck mode): a MODERATOR email names the
// cards drawn (DRAW, over one or several lines, commas allowed) and the
// purge card (PURGE); its orders print back as written.
func TestParseModeratorDraw(t *testing.T) {
	sub, err := Parse("GAME demo\nMODERATOR\nSECRET gm\nPURGE Party\nDRAW 17 42, 88\ndraw card 5\nEND\n")
	if err != nil {
		t.Fatal(err)
	}
	if !sub.Envelope.Moderator || sub.Envelope.ModeratorLine != 2 || sub.Envelope.Power != "" {
		t.Errorf("envelope %+v", sub.Envelope)
	}
	if len(sub.Orders) != 3 || sub.Orders[0].Kind != storm.DrawPurge || !slices.Equal(sub.Orders[1].Cards, []int{17, 42, 88}) ||
		!slices.Equal(sub.Orders[2].Cards, []int{5}) {
		t.Fatalf("orders %+v", sub.Orders)
	}
	var got []string
	for _, o := range sub.Orders {
		got = append(got, o.String())
	}
	if want := []string{"PURGE PARTY", "DRAW 17 42 88", "DRAW 5"}; !slices.Equal(got, want) {
		t.Errorf("String %q, want %q", got, want)
	}
}

// A moderator's email gives moderator orders only, a power's email none;
// bad card numbers and purge cards are line-numbered errors.
func TestParseModeratorErrors(t *testing.T) {
	for _, tc := range []struct{ body, want string }{
		{"GAME g\nMODERATOR\nSECRET s\nPLAY 3\nEND\n", "line 4: a power's order in a MODERATOR email"},
		{"GAME g\nPOWER italy\nSECRET s\nDRAW 3\nEND\n", "line 4: DRAW, PURGE and SET are the moderator's orders"},
		{"GAME g\nPOWER italy\nMODERATOR\nSECRET s\nDRAW 3\nEND\n", "line 5: a moderator's order (DRAW, PURGE, SET) in an email for a power"},
		{"GAME g\nMODERATOR now\nSECRET s\nDRAW 3\nEND\n", "MODERATOR takes no words"},
		{"GAME g\nMODERATOR\nSECRET s\nDRAW 3 0 x\nEND\n", `line 4: DRAW: "0" is not a card number`},
		{"GAME g\nMODERATOR\nSECRET s\nDRAW\nEND\n", "DRAW needs the numbers"},
		{"GAME g\nMODERATOR\nSECRET s\nPURGE partly\nEND\n", `PURGE: "partly" is not a purge card (did you mean "party"?)`},
	} {
		_, err := Parse(tc.body)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want %q", tc.body, err, tc.want)
		}
	}
}
