package adjudicator

import (
	"stormjudge/adjudicator/diplomacy"
	"stormjudge/adjudicator/storm"
)

// Preview returns p's state as it would be once its orders for the open
// segment are carried out, and whether they are all acceptable (else the
// zero PowerState and false). The judge's receipt shows from it the tile
// points and activity counters that would remain. Other powers' orders do
// not change p's own costs within the economic phase (14.51, 18.31), so the
// preview is what the adjudication will do to p.
func Preview(s storm.State, p storm.Power, orders []storm.Order) (storm.PowerState, bool) {
	if !mayOrderNow(s, p) {
		return storm.PowerState{}, false
	}
	errs, after := (&orderCheck{s: s, p: p, kept: true}).validate(orders) // the scratch run of ValidateKept
	if len(errs) > 0 {
		return storm.PowerState{}, false
	}
	ps := *after.Scratch().Powers[p] // after may be s itself: a copy shares nothing with it
	// 24.52A: the counters p's standing placements will use when their
	// rounds open are spoken for; the rest of the turn does not have them
	// (their tile points are Committed's).
	for _, o := range orders {
		if !isStanding(s, o) || !paidCounter(o) {
			continue
		}
		if c, err := storm.CountersOf(o.Counters); err == nil && ps.Available().Covers(c) {
			ps.Used = ps.Used.Add(c)
		}
	}
	return ps, true
}

// paidCounter reports a DIPLOMATIC order of one activity counter paid in
// tile points (24.52), not the civil war's free one (24.53A).
func paidCounter(o storm.Order) bool {
	return o.Kind == storm.Diplomatic && len(o.Counters) == 1 && !(len(o.Args) > 0 && o.Args[0] == "free")
}

// Committed is what p will pay at the end of this turn's diplomatic phase
// (24.52C, 24.42F) for the counters it placed this turn and those its
// orders place (for the open segment or, under FOR lines, later rounds):
// the receipt takes it from Preview's tile points to say what will be left
// once everything the email commits is paid. The civil war's
// free counter costs nothing (24.53A), a void one is not paid; 0 once the
// phase is resolved (paid then).
func Committed(s storm.State, p storm.Power, orders []storm.Order) int {
	if s.Segment.Index() > storm.SegDiplomacyResolve.Index() || !s.Diplomacy.On {
		return 0
	}
	cost := diplomacy.PlacedCost(s, p)
	for _, o := range orders {
		switch {
		case paidCounter(o):
			cost += o.Counters[0]
		case o.Kind == storm.MilitaryCounter:
			cost++ // 24.42F
		}
	}
	return cost
}
