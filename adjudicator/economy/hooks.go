package economy

import "stormjudge/adjudicator/storm"

// What the economic phase calls of the sequence of play without importing
// it: set by package adjudicator (wire.go).

// Validate checks a power's orders for the open segment (7); it is
// adjudicator.Validate, which dispatches by segment.
var Validate func(s storm.State, p storm.Power, orders []storm.Order) []storm.OrderError
