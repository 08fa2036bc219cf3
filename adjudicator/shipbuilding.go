package adjudicator

// Shipbuilding, in the construction segment of the economic phase (13.11C, 19).

// shipbuildingKinds are the shipbuilding orders.
var shipbuildingKinds = []OrderKind{}

// checkShipbuilding checks p's shipbuilding orders against s (19).
func checkShipbuilding(s State, p Power, orders []Order) []indexedError { return nil }

// applyShipbuilding carries out p's checked shipbuilding orders (19.6, 19.7).
func applyShipbuilding(s *State, p Power, orders []Order, evs *[]Event) {}

// finishShipbuilding runs after every power's shipbuilding: balance of
// power effects (19.8), the battleship race (19.9).
func finishShipbuilding(s *State, evs *[]Event) {}
