package economy

import (
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/randomevent"
	"stormjudge/adjudicator/storm"
)

// checkResearchAfterEvents checks p's research orders against s with p's
// research events played first (15.32): the research part of the
// economic phase.
func checkResearchAfterEvents(s storm.State, p storm.Power, orders []storm.Order) []storm.IndexedError {
	if len(orders) == 0 {
		return nil
	}
	if len(randomevent.HeldOf(s, p, storm.CategoryResearch)) > 0 {
		c := s.Scratch()
		var discard []event.Event
		randomevent.PlayHeldOf(&c, p, storm.CategoryResearch, &discard)
		s = c
	}
	return checkResearch(s, p, orders)
}

// applyResearchAfterEvents plays p's research events, then carries out
// its checked research orders (15.32, 15.2).
func applyResearchAfterEvents(s *storm.State, p storm.Power, orders []storm.Order, evs *[]event.Event) {
	randomevent.PlayHeldOf(s, p, storm.CategoryResearch, evs)
	if len(orders) > 0 {
		applyResearch(s, p, orders, evs)
	}
}
