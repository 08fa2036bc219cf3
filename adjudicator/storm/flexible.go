package storm

// FlexibleOrder is FLEXIBLE <card> <country>: Order.Card the card,
// Order.Project the country.
const FlexibleOrder OrderKind = "flexible"

// FlexibleEvent is a flexible modifier of this turn awaiting its target.
type FlexibleEvent struct {
	Power  Power  `json:"power"` // who chooses and benefits
	Side   Side   `json:"side"`
	Card   int    `json:"card"`
	Region Region `json:"region"`
	Value  int    `json:"value"`
	Holder Power  `json:"holder,omitempty"` // whose national event it is; 0 for a general event
}

// FlexibleOf is the flexible event of an effect held by holder (0: a
// general event; the side's default power chooses, 24.81A).
func FlexibleOf(holder Power, card int, e Effect) FlexibleEvent {
	side, p := EventFavours(holder, e)
	return FlexibleEvent{Power: p, Side: side, Card: card, Region: e.Region, Value: e.Value, Holder: holder}
}
