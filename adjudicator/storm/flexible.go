package storm

// Flexible diplomatic random events (4.16; seed 003, step 6): a modifier
// of a given strength in one target of a region, chosen by the favoured
// side once all counters are placed and before any value is revealed. By
// email the holder names the target with FLEXIBLE <card> <country> among
// the orders of any of its placement rounds (or as a standing order);
// without it the judge takes the first eligible target of the region in
// the order of 24.21 (docs/rules.md). The choice is secret until the
// event takes effect: when drawn (public events) the choice is still to
// come, and the modifier is applied at the resolution (24.81A).

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
}

// FlexibleOf is the flexible event of an effect held by holder (0: a
// general event; the side's default power chooses, 24.81A).
func FlexibleOf(holder Power, card int, e Effect) FlexibleEvent {
	side, p := eventFavours(holder, e)
	return FlexibleEvent{Power: p, Side: side, Card: card, Region: e.Region, Value: e.Value}
}
