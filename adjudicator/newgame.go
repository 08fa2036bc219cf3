package adjudicator

import (
	"stormjudge/adjudicator/crisis"
	"stormjudge/adjudicator/diplomacy"
	"stormjudge/adjudicator/setup"
	"stormjudge/adjudicator/storm"
)

// A new game and its options, for the packages outside the engine: the
// setup (4) and the phases' options live in their packages; these are
// their one door.

// NewGame returns the Spring 1935 setup (4) at the first segment of the
// turn, nothing resolved yet (setup.NewGame).
func NewGame(seed uint64) storm.State { return setup.NewGame(seed) }

// NewGameWithDeck is NewGame with the random event deck d shuffled for
// play (9.11). The deck should pass deckcheck.Check.
func NewGameWithDeck(seed uint64, d storm.Deck) storm.State {
	return setup.NewGameWithDeck(seed, d)
}

// WithDiplomacy returns s playing the diplomatic phase (24, 25) by email.
func WithDiplomacy(s storm.State) storm.State { return diplomacy.WithDiplomacy(s) }

// WithCrisis returns s playing the crisis phase (26-31) by email.
func WithCrisis(s storm.State) storm.State { return crisis.WithCrisis(s) }

// WithAggressionEffects returns s playing with the table rows of 28.41
// instead of the default ones; the rows are checked first.
func WithAggressionEffects(s storm.State, rows []storm.AggressionEffect) (storm.State, error) {
	return crisis.WithAggressionEffects(s, rows)
}

// CheckAggressionEffects checks a table of aggression effects (28.41): known
// kinds, targets and powers, a rule on every row, a value for every target.
func CheckAggressionEffects(rows []storm.AggressionEffect) error {
	return crisis.CheckAggressionEffects(rows)
}
