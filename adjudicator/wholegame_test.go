package adjudicator_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"reflect"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/crisis"
	"stormjudge/adjudicator/diplomacy"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/setup"
	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/war"
)

// wholeGameInvariants are checked after every Resolve of a simulated
// game: no negative tile points (6.12), flags 0..4 (24.18), the end
// reached once with its war and victory, and the victory points equal to
// the sum of their lines (34).
func wholeGameInvariants(ends *int) func(before, after storm.State, evs []event.Event) error {
	return func(before, after storm.State, evs []event.Event) error {
		for _, p := range storm.Powers {
			if tp := after.Powers[p].TilePoints; tp < 0 {
				return fmt.Errorf("6.12: %s has %d tile points in %s %s", p, tp, after.Turn, after.Segment)
			}
		}
		for _, m := range after.Minors {
			if m.Flags < 0 || m.Flags > 4 {
				return fmt.Errorf("24.18: %s has %d flags", m.Name, m.Flags)
			}
		}
		for _, e := range evs {
			g, ok := e.(event.GameEnded)
			if !ok {
				continue
			}
			*ends++
			if *ends > 1 {
				return fmt.Errorf("33.11: the game ended twice")
			}
			sums := map[storm.Side]int{}
			for _, l := range g.Victory.Lines {
				sums[l.Side] += l.Value
			}
			if sums[storm.Axis] != g.Victory.Axis || sums[storm.Allies] != g.Victory.Allies || sums[storm.Soviet] != g.Victory.Russia {
				return fmt.Errorf("34: totals %d/%d/%d, lines %v", g.Victory.Axis, g.Victory.Allies, g.Victory.Russia, sums)
			}
			if !reflect.DeepEqual(war.VictoryPoints(after), g.Victory) {
				return fmt.Errorf("34: the view's victory points differ from the final report's")
			}
		}
		if after.Ended && (after.War == nil || *ends != 1) {
			return fmt.Errorf("33.11: ended without its war, victory or GameEnded event")
		}
		if !after.Ended && *ends > 0 {
			return fmt.Errorf("33.11: GameEnded but the game goes on")
		}
		return nil
	}
}

// TestPropertyWholeGames plays complete random games from Spring 1935,
// diplomacy and the crisis phase on, through the engine (Validate +
// Resolve, conditional crisis orders included), checking the invariants
// after every segment and that a game replays identically from its seed.
// STORMJUDGE_LONG=1 plays more and longer games.
func TestPropertyWholeGames(t *testing.T) {
	seeds, turns := 6, 60
	if os.Getenv("STORMJUDGE_LONG") != "" {
		seeds, turns = 60, 120
	}
	d := loadDeck(t, "illustrative.toml")
	endedGames := 0
	for seed := 1; seed <= seeds; seed++ {
		play := func() (storm.State, int) {
			s := crisis.WithCrisis(diplomacy.WithDiplomacy(setup.NewGameWithDeck(uint64(seed), d)))
			s, _, err := adjudicator.Resolve(s, nil)
			if err != nil {
				t.Fatal(err)
			}
			ends := 0
			_, end, err := adjudicator.SimulateGameWith(s, turns, rand.New(rand.NewPCG(uint64(seed), 21)), 50, wholeGameInvariants(&ends))
			if err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			return end, ends
		}
		end, _ := play()
		again, _ := play()
		a, _ := json.Marshal(end)
		b, _ := json.Marshal(again)
		if string(a) != string(b) {
			t.Fatalf("seed %d: the same game played twice differs", seed)
		}
		if end.Ended {
			endedGames++
			t.Logf("seed %d: %s war in %s (%v on %v); victory: %s", seed, end.War.Kind, end.War.Turn, end.War.Declarers, end.War.Against, war.VictoryPoints(end).TwoWay)
		} else {
			t.Logf("seed %d: no war by %s", seed, end.Turn)
		}
	}
	if endedGames == 0 {
		t.Errorf("no simulated game reached its end in %d turns", turns)
	}
}
