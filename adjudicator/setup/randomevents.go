package setup

import (
	"stormjudge/adjudicator/randomevent"
	"stormjudge/adjudicator/storm"
)

// NewGameWithDeck is NewGame with the random event deck d shuffled for
// play (9.11). The deck should pass deckcheck.Check.
func NewGameWithDeck(seed uint64, d storm.Deck) storm.State {
	return randomevent.WithDeck(NewGame(seed), d)
}
