package storm

import (
	"strings"
)

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
