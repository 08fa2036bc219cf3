package storm

import (
	"strings"
)

// The moderator's fixes of the state (docs/orders.md, "SET: fixing the
// state"). A moderator who finds a figure of the game wrong (a tile count
// mistyped at the table, flags a house rule moved, a deck that should be
// drawn by hand from now on) sets it with a SET order in a MODERATOR
// email. A fix sets one figure and nothing else: no rule runs after it,
// the segment, the turn and the game's random generator stay as they are,
// and the figures the rules derive from the one fixed follow at their next
// determination (the support level at the next income phase, 10.31; the
// EAI at the next, 23.22; trade pacts from the flags at the next income
// phase, 11.61). Each fix is told in the public report (StateFixed); which
// secret event was discarded, only its holder learns (8.31).

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
