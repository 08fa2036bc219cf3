package diplomacy

import (
	"fmt"
	"slices"

	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
)

// Diplomatic disputes (24.552): a general random event sets two minor
// countries against each other. The Axis must back one of them with a
// counter of at least 1 in their first round (A); Russia may then back the
// other (B), else the Allies must (C); the Axis' country is closed to
// Russia and the Allies (D), the other to the Axis (E); the counters count
// against the limits (F). The judge places the weakest counter for a side
// that must and did not (docs/rules.md r-24-552).

// checkDispute checks p's counter of strength n in country against this
// turn's disputes (24.552D-E); earlier are p's orders before it in the
// same email.
func checkDispute(s storm.State, p storm.Power, country string, n int, earlier []storm.Order) (rule, msg string) {
	for _, d := range s.Diplomacy.Disputes {
		if !d.Has(country) {
			continue
		}
		if n == 0 { // 24.552: a 0 cannot be a side's support (docs/rules.md r-24-552)
			return "24.552", fmt.Sprintf("%s is in a dispute (random event %d): a 0 counter there cannot be a side's support", country, d.Card)
		}
		if storm.SideOf(p) != storm.Axis {
			if d.Axis == country {
				return "24.552D", fmt.Sprintf("the Axis back %s in the dispute with %s: Russia and the Allies may not place there", country, d.Other(country))
			}
			continue
		}
		if d.Axis != "" && d.Axis != country {
			return "24.552E", fmt.Sprintf("the Axis back %s in the dispute: no Axis counter in %s", d.Axis, country)
		}
		if slices.ContainsFunc(earlier, func(o storm.Order) bool {
			c, _ := storm.FindCountry(o.Project)
			return o.Kind == storm.Diplomatic && c == d.Other(country)
		}) {
			return "24.552A", fmt.Sprintf("the Axis back one side of the dispute: not both %s and %s", country, d.Other(country))
		}
	}
	return "", ""
}

// disputeSettle records the country the Axis back once a counter of at
// least 1 is placed there (24.552A), and voids a partner's counter placed
// in the other country in the same round (24.552E).
func disputeSettle(s *storm.State, pl storm.Placement, o storm.Order, evs *[]event.Event) bool {
	if storm.SideOf(pl.Power) != storm.Axis || pl.Military {
		return true
	}
	for i := range s.Diplomacy.Disputes {
		d := &s.Diplomacy.Disputes[i]
		if !d.Has(pl.Country) {
			continue
		}
		if d.Axis != "" && d.Axis != pl.Country {
			*evs = append(*evs, event.OrderVoided{Power: pl.Power, Order: o, Rule: "24.552E",
				Msg: fmt.Sprintf("the Axis back %s in the dispute, placed first in the order of play", d.Axis)})
			return false
		}
		if d.Axis == "" { // the Axis' first counter there decides (0s are refused)
			d.Axis = pl.Country
		}
	}
	return true
}

// disputeObligations places, after the Axis' first round and after the
// Allies' round, the counter a side must place in a dispute and did not
// (24.552A, C), reporting it.
func disputeObligations(s *storm.State, accepted map[storm.Power][]storm.Order, evs *[]event.Event) {
	for i := range s.Diplomacy.Disputes {
		d := s.Diplomacy.Disputes[i]
		// has looks at locations only: the values are sealed (a 0 is
		// refused in a dispute country, checkDispute).
		has := func(side storm.Side, country string) bool {
			for _, pl := range s.Diplomacy.Placements {
				if storm.SideOf(pl.Power) == side && pl.Country == country && !pl.Military && pl.Void == "" {
					return true
				}
			}
			for p, os := range accepted {
				for _, o := range os {
					if c, _ := storm.FindCountry(o.Project); storm.SideOf(p) == side && o.Kind == storm.Diplomatic && c == country {
						return true
					}
				}
			}
			return false
		}
		switch s.Segment {
		case storm.SegDiplomacyAxis1: // 24.552A
			if has(storm.Axis, d.Countries[0]) || has(storm.Axis, d.Countries[1]) {
				continue
			}
			outcome := "unmet: no counter of at least 1 or tile point left for it (24.552A)"
			for _, c := range d.Countries {
				if p, ok := placeWeakest(s, accepted, []storm.Power{storm.Germany, storm.Italy}, c, 1); ok {
					outcome = fmt.Sprintf("the Axis placed no counter in either: the judge places one for %s in %s (24.552A)", p.Title(), c)
					break
				}
			}
			*evs = append(*evs, event.DisputeObligation{Turn: s.Turn, Card: d.Card, Side: storm.Axis, Outcome: outcome})
		case storm.SegDiplomacyAllies: // 24.552B-C
			if d.Axis == "" {
				continue
			}
			y := d.Other(d.Axis)
			if has(storm.Soviet, y) || has(storm.Allies, y) {
				continue
			}
			m := s.Minor(y)
			if (m != nil && m.FlagsOf(storm.Russia) > 0) || PublicModifierFor(*s, y, storm.Soviet) {
				*evs = append(*evs, event.DisputeObligation{Turn: s.Turn, Card: d.Card, Side: storm.Allies,
					Outcome: fmt.Sprintf("relieved: a Russian flag or event in %s keeps the Allies out (24.552C, 24.56D)", y)})
				continue
			}
			outcome := "unmet: no counter of at least 1 or tile point left for it (24.552C)"
			if errs := CheckPlacements(*s, storm.Britain, []storm.Order{{Kind: storm.Diplomatic, Project: y, Counters: []int{1}}}); len(errs) > 0 && errs[0].Rule != "24.51" && errs[0].Rule != "24.52B" {
				outcome = fmt.Sprintf("unmet: %s (rule %s)", errs[0].Msg, errs[0].Rule)
			}
			if p, ok := placeWeakest(s, accepted, []storm.Power{storm.Britain, storm.France}, y, 1); ok {
				outcome = fmt.Sprintf("neither Russia nor the Allies placed a counter in %s: the judge places one for %s (24.552C)", y, p.Title())
			}
			*evs = append(*evs, event.DisputeObligation{Turn: s.Turn, Card: d.Card, Side: storm.Allies, Outcome: outcome})
		}
	}
}
