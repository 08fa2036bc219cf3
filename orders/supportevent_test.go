package orders

import (
	"strings"
	"testing"

	"stormjudge/adjudicator/storm"
)

// TestRule10_41CParseSupportEvent: SUPPORT EVENT <card> (and SUPPORT
// <card>, SUPPORT CARD <card>) is an order of the covert segment without
// a FOR line; a line without one card number is refused with the hint.
func TestRule10_41CParseSupportEvent(t *testing.T) {
	for _, line := range []string{"SUPPORT EVENT 17", "support 17", "SUPPORT CARD 17"} {
		sub, err := Parse("GAME demo\nSECRET x\n" + line)
		if err != nil || len(sub.Orders) != 1 {
			t.Fatalf("%q: %v", line, err)
		}
		if o := sub.Orders[0]; o.Kind != storm.SupportEventOrder || o.Card != 17 || o.For != storm.SegCovert {
			t.Errorf("%q: %+v", line, o)
		}
	}
	for _, line := range []string{"SUPPORT EVENT", "SUPPORT EVENT 17 18", "SUPPORT EVENT POLAND", "SUPPORT EVENT 145"} {
		if _, err := Parse("GAME demo\nSECRET x\n" + line); err == nil || !strings.Contains(err.Error(), "10.41C") {
			t.Errorf("%q: %v, want a refusal with the 10.41C hint", line, err)
		}
	}
}
