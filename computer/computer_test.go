package computer

import (
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
)

// TestComputerSeatsPlayAGame: five computer seats play a game through
// Validate and Resolve; no order of theirs is refused.
func TestComputerSeatsPlayAGame(t *testing.T) {
	s, _, err := adjudicator.Resolve(adjudicator.WithCrisis(adjudicator.WithDiplomacy(adjudicator.NewGame(7))), nil)
	if err != nil {
		t.Fatal(err)
	}
	resolves := 0
	for !s.Ended && resolves < 400 {
		ords := map[storm.Power][]storm.Order{}
		for _, p := range adjudicator.Required(s) {
			d, err := Decide(At(s, p))
			if err != nil {
				t.Fatalf("%s %s: %v", s.Turn, s.Segment, err)
			}
			ords[p] = d.Orders
		}
		if s, _, err = adjudicator.Resolve(s, ords); err != nil {
			t.Fatal(err)
		}
		resolves++
	}
	t.Logf("%d resolves, ended %v at %s", resolves, s.Ended, s.Turn)
}
