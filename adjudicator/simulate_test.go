package adjudicator_test

import (
	"math/rand/v2"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/crisis"
	"stormjudge/adjudicator/diplomacy"
	"stormjudge/adjudicator/setup"
	"stormjudge/deck"
)

// BenchmarkSimulateGame plays one whole random game an operation, as
// `stormjudge bench -simulate` does (the illustrative deck, diplomacy and
// the crisis phase on, standing orders half the time, at most 120 turns),
// cycling through ten seeds (issue 24: the engine at simulation speed).
func BenchmarkSimulateGame(b *testing.B) {
	d, err := deck.LoadFile("../testdata/decks/illustrative.toml")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	seed := uint64(0)
	for b.Loop() {
		seed = seed%10 + 1
		s, _, err := adjudicator.Resolve(crisis.WithCrisis(diplomacy.WithDiplomacy(setup.NewGameWithDeck(seed, d))), nil)
		if err != nil {
			b.Fatal(err)
		}
		if _, _, err := adjudicator.SimulateGame(s, 120, rand.New(rand.NewPCG(seed, 17)), 50); err != nil {
			b.Fatal(err)
		}
	}
}
