package diplomacy

import (
	"fmt"
	"slices"
	"strings"

	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/randomevent"
	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/track"
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

// flexibleEvents lists p's flexible events of this turn: the public ones
// recorded and the secret ones it holds.
func flexibleEvents(s storm.State, p storm.Power) []storm.FlexibleEvent {
	var out []storm.FlexibleEvent
	for _, f := range s.Diplomacy.Flexible {
		if f.Power == p {
			out = append(out, f)
		}
	}
	for _, h := range randomevent.HeldEffects(s, p, storm.EffectFlexibleModifier) {
		out = append(out, storm.FlexibleOf(p, h.Card, h.Effect))
	}
	return out
}

// FlexibleTargets are the targets a flexible event may go to: the region's
// diplomatic targets (conquered ones included: 24.82E turns them into
// support).
func FlexibleTargets(f storm.FlexibleEvent) []string {
	out := storm.RegionCountries(f.Region) // Russia included: 10.91F (russiadiplomacy.go)
	if len(out) == 0 {
		return []string{"none"}
	}
	return out
}

// checkFlexible checks a FLEXIBLE order of p.
func checkFlexible(s storm.State, p storm.Power, o storm.Order) (rule, msg string) {
	evs := flexibleEvents(s, p)
	i := slices.IndexFunc(evs, func(f storm.FlexibleEvent) bool { return f.Card == o.Card })
	if i < 0 {
		return "4.16", fmt.Sprintf("%s has no flexible diplomatic event of card %d this turn", p.Title(), o.Card)
	}
	c, ok := storm.FindCountry(o.Project)
	if !ok || !slices.Contains(FlexibleTargets(evs[i]), c) {
		return "4.16", fmt.Sprintf("card %d's modifier goes to a target of %s: %s", o.Card, evs[i].Region, strings.Join(FlexibleTargets(evs[i]), ", "))
	}
	return "", ""
}

// chooseFlexible records the targets named by p's FLEXIBLE orders.
func chooseFlexible(s *storm.State, p storm.Power, orders []storm.Order) {
	for _, o := range orders {
		if o.Kind != storm.FlexibleOrder {
			continue
		}
		if c, ok := storm.FindCountry(o.Project); ok && s.Events != nil {
			randomevent.RecordChoice(s.Events, p, o.Card, []string{c}) // eventplay.go
		}
	}
}

// applyFlexible turns the turn's flexible events into modifiers at the
// resolution (4.16, 24.81A): the target chosen, else the first of the
// region.
func applyFlexible(s *storm.State, evs *[]event.Event) {
	for _, f := range s.Diplomacy.Flexible {
		country := FlexibleTargets(f)[0]
		if country == "none" {
			continue // deckcheck.Check refuses an unknown region
		}
		how := "the judge's choice: the region's first target"
		if c, ok := randomevent.TakeChoice(s.Events, f.Power, f.Card); ok && len(c) == 1 {
			country, how = c[0], f.Power.Title()+"'s choice"
		}
		if to := storm.EventCountry(*s, country, f.Side); to != country { // 25.73A
			country, how = to, how+"; Yugoslavia is split: "+to+" takes it (25.73A)"
		}
		s.Diplomacy.Modifiers = append(s.Diplomacy.Modifiers, storm.DiplomaticModifier{Country: country, Side: f.Side, Power: f.Power,
			Value: storm.CivilWarAdverse(*s, country, f.Side, f.Value), Card: f.Card, Rule: "4.16", Holder: f.Holder}) // 25.71
		*evs = append(*evs, event.FlexibleApplied{Turn: s.Turn, Power: f.Power, Card: f.Card, Country: country, Value: f.Value, How: how})
		track.CountCivilWarEvent(s, country, 1, evs) // 25.31, 25.61A (civilwar.go)
	}
	s.Diplomacy.Flexible = nil
}
