package randomevent

import (
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
)

// What a random event calls of a phase without importing it (phases and
// this package never import the phases): set by package adjudicator
// (wire.go).

// CountCivilWarEvent counts an event toward a civil war (25.3); it is
// diplomacy.CountCivilWarEvent.
var CountCivilWarEvent func(s *storm.State, country string, n int, evs *[]event.Event) string
