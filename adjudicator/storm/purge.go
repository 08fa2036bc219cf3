package storm

// Russian purges and cohesion (22). At the start of every turn Russia draws
// one of the four purge cards (1.11G, 22.41-22.42) with the game's
// generator; the card's purge events raise the purge level (22.31), which
// sets the cohesion level (22.71) and its effects (22.73). Random events may
// purge too (22.21D, 22.5): which cards purge is data, the purge effect kinds
// of the deck file (deck.go, docs/deck.md), and ApplyEffect
// (randomevents.go) carries them out with purgeRussianUnits,
// purgeUnitOfType, purgeProhibition and AddPurgeEvents.

// PurgeCard is one of the four Russian purge cards (1.11G, 22.42).
type PurgeCard string

// The purge cards (22.42A-D).
const (
	NoPurge       PurgeCard = "no purge"       // 22.42A
	MilitaryPurge PurgeCard = "military purge" // 22.42B, 22.21A
	PartyPurge    PurgeCard = "party purge"    // 22.42C, 22.21B
	GreatPurge    PurgeCard = "great purge"    // 22.42D, 22.21C
)
