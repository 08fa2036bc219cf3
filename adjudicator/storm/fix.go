package storm

import (
	"strings"
)

// SetState is the moderator's SET order. Order.Args are the figure fixed
// (Fix*) and its canonical words:
//
//	tiles <power> <n>              tile points (6.1), n >= 0
//	support <power> <n>            this turn's support level (10.31)
//	flags <country> <n> [<power>]  flags in a minor country (24.18, 24.21)
//	eai <n>                        the EAI (23), -5..+5
//	climate <n>                    the economic climate (11.31), -3..+3
//	deck file|physical             the random event deck's mode (docs/deck.md)
//	held <card> discard            a secret event held this turn, discarded unplayed
//
// Powers are lower case, countries as 24.21 spells them, numbers in
// decimal.
const SetState OrderKind = "set"

// What a SET order fixes: Order.Args[0] and StateFixed.What.
const (
	FixTiles   = "tiles"   // tile points (6.1)
	FixSupport = "support" // this turn's support level (10.31)
	FixFlags   = "flags"   // flags in a minor country (24.18, 24.21)
	FixEAI     = "eai"     // the EAI (23)
	FixClimate = "climate" // the economic climate (11.31)
	FixDeck    = "deck"    // the random event deck's mode (docs/deck.md)
	FixHeld    = "held"    // a secret event held this turn (8.31)
)

// The deck modes of SET DECK and the action of SET HELD.
const (
	DeckFile     = "file"
	DeckPhysical = "physical"
	HeldDiscard  = "discard"
)

// setString is the canonical text of a SET order, e.g. "SET TILES GERMANY
// 15", "SET FLAGS POLAND 2 FRANCE"; false for another kind.
func setString(o Order) (string, bool) {
	if o.Kind != SetState {
		return "", false
	}
	if len(o.Args) == 0 {
		return "SET", true
	}
	return "SET " + strings.ToUpper(strings.Join(o.Args, " ")), true
}
