package adjudicator

import (
	"fmt"
	"slices"
	"strings"
)

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

// flexibleEvents lists p's flexible events of this turn: the public ones
// recorded and the secret ones it holds.
func flexibleEvents(s State, p Power) []FlexibleEvent {
	var out []FlexibleEvent
	for _, f := range s.Diplomacy.Flexible {
		if f.Power == p {
			out = append(out, f)
		}
	}
	for _, h := range heldEffects(s, p, EffectFlexibleModifier) {
		out = append(out, flexibleOf(p, h.Card, h.Effect))
	}
	return out
}

// flexibleOf is the flexible event of an effect held by holder (0: a
// general event; the side's default power chooses, 24.81A).
func flexibleOf(holder Power, card int, e Effect) FlexibleEvent {
	side, p := eventFavours(holder, e)
	return FlexibleEvent{Power: p, Side: side, Card: card, Region: e.Region, Value: e.Value}
}

// flexibleTargets are the targets a flexible event may go to: the region's
// diplomatic targets (conquered ones included: 24.82E turns them into
// support).
func flexibleTargets(f FlexibleEvent) []string {
	out := RegionCountries(f.Region) // Russia included: 10.91F (russiadiplomacy.go)
	if len(out) == 0 {
		return []string{"none"}
	}
	return out
}

// checkFlexible checks a FLEXIBLE order of p.
func checkFlexible(s State, p Power, o Order) (rule, msg string) {
	evs := flexibleEvents(s, p)
	i := slices.IndexFunc(evs, func(f FlexibleEvent) bool { return f.Card == o.Card })
	if i < 0 {
		return "4.16", fmt.Sprintf("%s has no flexible diplomatic event of card %d this turn", p.Title(), o.Card)
	}
	c, ok := FindCountry(o.Project)
	if !ok || !slices.Contains(flexibleTargets(evs[i]), c) {
		return "4.16", fmt.Sprintf("card %d's modifier goes to a target of %s: %s", o.Card, evs[i].Region, strings.Join(flexibleTargets(evs[i]), ", "))
	}
	return "", ""
}

// chooseFlexible records the targets named by p's FLEXIBLE orders.
func chooseFlexible(s *State, p Power, orders []Order) {
	for _, o := range orders {
		if o.Kind != FlexibleOrder {
			continue
		}
		if c, ok := FindCountry(o.Project); ok && s.Events != nil {
			recordChoice(s.Events, p, o.Card, []string{c}) // eventplay.go
		}
	}
}

// applyFlexible turns the turn's flexible events into modifiers at the
// resolution (4.16, 24.81A): the target chosen, else the first of the
// region.
func applyFlexible(s *State, evs *[]Event) {
	for _, f := range s.Diplomacy.Flexible {
		country := flexibleTargets(f)[0]
		if country == "none" {
			continue // Deck.Check refuses an unknown region
		}
		how := "the judge's choice: the region's first target"
		if c, ok := takeChoice(s.Events, f.Power, f.Card); ok && len(c) == 1 {
			country, how = c[0], f.Power.Title()+"'s choice"
		}
		s.Diplomacy.Modifiers = append(s.Diplomacy.Modifiers, DiplomaticModifier{Country: country, Side: f.Side, Power: f.Power,
			Value: civilWarAdverse(*s, country, f.Side, f.Value), Card: f.Card, Rule: "4.16"}) // 25.71
		*evs = append(*evs, FlexibleApplied{Turn: s.Turn, Power: f.Power, Card: f.Card, Country: country, Value: f.Value, How: how})
		countCivilWarEvent(s, country, 1, evs) // 25.31, 25.61A (civilwar.go)
	}
	s.Diplomacy.Flexible = nil
}

// FlexibleApplied reports where a flexible event's modifier went; public.
type FlexibleApplied struct {
	Turn    Turn   `json:"turn"`
	Power   Power  `json:"power"`
	Card    int    `json:"card"`
	Country string `json:"country"`
	Value   int    `json:"value"`
	How     string `json:"how"`
}

func (FlexibleApplied) Visibility() Visibility { return public }
func (FlexibleApplied) Type() string           { return "FlexibleApplied" }

func init() { eventTypes["FlexibleApplied"] = decode[FlexibleApplied] }
