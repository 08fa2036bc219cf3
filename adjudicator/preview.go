package adjudicator

// Preview returns p's state as it would be once its orders for the open
// segment are carried out, and whether they are all acceptable (else the
// zero PowerState and false). The judge's receipt shows from it the tile
// points and activity counters that would remain. Other powers' orders do
// not change p's own costs within the economic phase (14.51, 18.31), so the
// preview is what the adjudication will do to p.
func Preview(s State, p Power, orders []Order) (PowerState, bool) {
	if len(Validate(s, p, orders)) > 0 || !requires(s, p) {
		return PowerState{}, false
	}
	scratch := s.Clone()
	if s.Segment == SegEconomic {
		parts, _ := splitEconomic(orders)
		var discard []Event
		for k, st := range economicSteps {
			if idx := parts[k]; len(idx) > 0 {
				st.apply(&scratch, p, pick(orders, idx), &discard)
			}
		}
	}
	return *scratch.Powers[p], true
}
