package adjudicator_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/crisis"
	"stormjudge/adjudicator/diplomacy"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/setup"
	"stormjudge/adjudicator/storm"
)

// TestPlacementOptionsStrengths: in the placement rounds of random games,
// PlacementOptions offers the diplomatic counters the check accepts when
// each target is tried with every strength, strongest first, and the
// additional civil war counter and the military counters wherever the
// check accepts them: the options check one strength a target, skip what
// the counters left and the tile points refuse, and try military
// counters only in the power's targets and civil wars (issue 24).
func TestPlacementOptionsStrengths(t *testing.T) {
	d := loadDeck(t, "illustrative.toml")
	rounds, offered, free, military := 0, 0, 0, 0
	for seed := uint64(1); seed <= 40; seed++ {
		s, _, err := adjudicator.Resolve(crisis.WithCrisis(diplomacy.WithDiplomacy(setup.NewGameWithDeck(seed, d))), nil)
		if err != nil {
			t.Fatal(err)
		}
		_, _, err = adjudicator.SimulateGameWith(s, 30, rand.New(rand.NewPCG(seed, 3)), 30, func(before, _ storm.State, _ []event.Event) error {
			if _, ok := storm.PlacementRounds[before.Segment]; !ok {
				return nil
			}
			rounds++
			for _, p := range storm.PlacementRounds[before.Segment] {
				var got, want []string
				for _, op := range diplomacy.PlacementOptions(before, p) {
					if op.Order.Kind == storm.Diplomatic || op.Order.Kind == storm.MilitaryCounter {
						got = append(got, op.Order.String())
					}
				}
				for _, c := range diplomacy.DiplomaticTargets(before) {
					if o := (storm.Order{Kind: storm.MilitaryCounter, Project: c}); len(diplomacy.CheckPlacements(before, p, []storm.Order{o})) == 0 {
						want = append(want, o.String())
						military++
					}
				}
				for _, c := range append(diplomacy.DiplomaticTargets(before), storm.RussiaTarget) {
					for _, n := range []int{3, 2, 1} {
						if o := (storm.Order{Kind: storm.Diplomatic, Project: c, Counters: []int{n}}); len(diplomacy.CheckPlacements(before, p, []storm.Order{o})) == 0 {
							want = append(want, o.String())
							break
						}
					}
				}
				for _, c := range diplomacy.DiplomaticTargets(before) {
					if o := (storm.Order{Kind: storm.Diplomatic, Project: c, Counters: []int{1}, Args: []string{"free"}}); len(diplomacy.CheckPlacements(before, p, []storm.Order{o})) == 0 {
						want = append(want, o.String())
						free++
					}
				}
				slices.Sort(got)
				slices.Sort(want)
				if !slices.Equal(got, want) {
					return fmt.Errorf("seed %d, %s %s, %s: offered %q, the check accepts %q", seed, before.Turn, before.Segment, p, got, want)
				}
				offered += len(got)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if rounds < 20 || offered == 0 || free == 0 || military == 0 {
		t.Fatalf("only %d placement rounds, %d counters offered, %d additional civil war counters, %d military counters", rounds, offered, free, military)
	}
	t.Logf("%d placement rounds, %d counters offered, %d additional civil war counters, %d military counters", rounds, offered, free, military)
}
