package track

import (
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
)

// RefreshCounters recomputes p's pool and usable counters from the facts
// and reports every change of the pool by rule (PoolChanged). Idempotent:
// call it whenever a fact of 12.22 changes, or at the start of a turn.
func RefreshCounters(s *storm.State, p storm.Power, evs *[]event.Event) {
	ps := s.Powers[p]
	if ps == nil {
		return
	}
	pool := storm.PoolFor(*s, p)
	if pool != ps.Pool {
		*evs = append(*evs, event.PoolChanged{Power: p, Before: ps.Pool, After: pool, Increases: storm.PoolIncreases(*s, p)})
		ps.Pool = pool
	}
	ps.Counters = storm.CountersFor(*s, p)
}
