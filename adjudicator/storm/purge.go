package storm

// PurgeCard is one of the four Russian purge cards (1.11G, 22.42).
type PurgeCard string

// The purge cards (22.42A-D).
const (
	NoPurge       PurgeCard = "no purge"       // 22.42A
	MilitaryPurge PurgeCard = "military purge" // 22.42B, 22.21A
	PartyPurge    PurgeCard = "party purge"    // 22.42C, 22.21B
	GreatPurge    PurgeCard = "great purge"    // 22.42D, 22.21C
)
