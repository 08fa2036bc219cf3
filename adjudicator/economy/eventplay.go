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
	playResearchEvents(s, p, evs)
	applyResearchOrders(s, p, orders, evs)
}

// playResearchEvents plays p's research events at the start of its
// research (15.32): what the research part does first, whatever the
// orders (researchFirst).
func playResearchEvents(s *storm.State, p storm.Power, evs *[]event.Event) {
	randomevent.PlayHeldOf(s, p, storm.CategoryResearch, evs)
}

// applyResearchOrders carries out p's checked research orders, its
// research events played (15.2).
func applyResearchOrders(s *storm.State, p storm.Power, orders []storm.Order, evs *[]event.Event) {
	if len(orders) > 0 {
		applyResearch(s, p, orders, evs)
	}
}

// researchFirst is the research part as a preparedStep: its events
// played, then its orders checked and carried out (15.32).
var researchFirst = &preparedStep{prepare: playResearchEvents, check: checkResearch, apply: applyResearchOrders}
