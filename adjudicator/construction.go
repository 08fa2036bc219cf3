package adjudicator

// Construction segment of the economic phase: unit construction (13.11C, 17, 18).

// constructionKinds are the unit construction orders.
var constructionKinds = []OrderKind{}

// checkConstruction checks p's construction orders against s (18.4).
func checkConstruction(s State, p Power, orders []Order) []indexedError { return nil }

// applyConstruction builds p's checked units (18.2).
func applyConstruction(s *State, p Power, orders []Order, evs *[]Event) {}

// finishConstruction runs after every power's construction.
func finishConstruction(s *State, evs *[]Event) {}
