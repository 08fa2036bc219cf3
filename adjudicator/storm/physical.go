package storm

import (
	"strings"
)

// The moderator's physical-deck mode (docs/deck.md). A moderator who plays
// with the printed cards draws them at the table and tells the judge their
// numbers; the judge applies those cards from the deck file. In this mode
// the random events phase (7.31, 8, 9, 22.4) is not automatic: the game
// waits in it (AwaitsDraw) until the moderator's orders arrive, PURGE with
// the purge card Russia drew (22.41) and DRAW with the random event cards
// in the order drawn (9.12: first the card turned face up, then the cards
// dealt to the powers), and ResolveDraw resolves it with exactly those
// cards. Cards needed later in the turn (a secret event played in the
// economic phase that deals additional events, 9.13) come from the deck
// file's pile; the moderator is told which (CardDrawnByJudge) so that the
// physical deck can follow.

// Order kinds of the moderator's draw.
const (
	// DrawCards names random event cards in the order drawn: Order.Cards.
	DrawCards OrderKind = "draw"
	// DrawPurge names the purge card Russia drew: Order.Args[0], a PurgeCard.
	DrawPurge OrderKind = "purge"
)

// Word is the card's word in the moderator's PURGE order (NONE,
// MILITARY, PARTY, GREAT).
func (c PurgeCard) Word() string {
	if c == NoPurge {
		return "NONE"
	}
	return strings.ToUpper(strings.TrimSuffix(string(c), " purge"))
}

// ParsePurgeCard reads a purge card's name: "none", "military", "party",
// "great", with or without "purge" (22.42).
func ParsePurgeCard(w string) (PurgeCard, bool) {
	w = strings.ToLower(strings.Join(strings.Fields(w), " "))
	w = strings.TrimSuffix(w, " purge")
	switch w {
	case "no", "none":
		return NoPurge, true
	case "military":
		return MilitaryPurge, true
	case "party":
		return PartyPurge, true
	case "great":
		return GreatPurge, true
	}
	return "", false
}
