package adjudicator

import (
	"stormjudge/adjudicator/crisis"
	"stormjudge/adjudicator/diplomacy"
	"stormjudge/adjudicator/economy"
	"stormjudge/adjudicator/randomevent"
	"stormjudge/adjudicator/war"
)

// The calls a package makes into a sibling or into this one, which it may
// not import: each is a function variable of the calling package, set here
// once, before any game is resolved.
func init() {
	war.ProgressConquests = crisis.ProgressConquests
	randomevent.CountCivilWarEvent = diplomacy.CountCivilWarEvent
	economy.Validate = Validate
}
