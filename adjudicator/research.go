package adjudicator

// Research segment of the economic phase (13.11B, 15, 16).

// researchKinds are the orders of the research segment.
var researchKinds = []OrderKind{}

// checkResearch checks p's research orders against s (15.2-15.4).
func checkResearch(s State, p Power, orders []Order) []indexedError { return nil }

// applyResearch records p's checked research orders.
func applyResearch(s *State, p Power, orders []Order, evs *[]Event) {}

// finishResearch determines research results once every power has
// assigned its points (15.6).
func finishResearch(s *State, evs *[]Event) {}
