package war

import (
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
)

// What the end of the game calls of an earlier phase without importing it
// (phases never import each other): set by package adjudicator (wire.go).

// ProgressConquests completes the Italian conquests due (29.32, 29.33B);
// it is crisis.ProgressConquests.
var ProgressConquests func(s *storm.State, evs *[]event.Event)
