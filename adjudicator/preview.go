package adjudicator

import "stormjudge/adjudicator/storm"

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
	errs, after := validate(s, p, orders) // the scratch run of Validate
	if len(errs) > 0 {
		return storm.PowerState{}, false
	}
	return *after.Powers[p], true
}
