package event

import "stormjudge/adjudicator/storm"

// PoolChanged reports a change of a power's permanent pool (12.22), with
// the increases it now holds over 12.21. Public (13.12).
type PoolChanged struct {
	Power     storm.Power            `json:"power"`
	Before    storm.ActivityCounters `json:"before"`
	After     storm.ActivityCounters `json:"after"`
	Increases []storm.PoolIncrease   `json:"increases"`
}

// TemporaryCounters reports this turn's temporary counter changes (12.22F,
// 12.22G).
type TemporaryCounters struct {
	Power          storm.Power            `json:"power"`
	Delta          storm.ActivityCounters `json:"delta"`
	FreeDiplomatic int                    `json:"free_diplomatic,omitempty"`
	Counters       storm.ActivityCounters `json:"counters"` // usable this turn
}

func (PoolChanged) Visibility() Visibility       { return public }
func (TemporaryCounters) Visibility() Visibility { return public }
func (PoolChanged) Type() string                 { return "PoolChanged" }
func (TemporaryCounters) Type() string           { return "TemporaryCounters" }

func init() {
	eventTypes["PoolChanged"] = decode[PoolChanged]
	eventTypes["TemporaryCounters"] = decode[TemporaryCounters]
}
