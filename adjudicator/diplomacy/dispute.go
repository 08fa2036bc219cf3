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
//
// 25.52A: when one disputant is a civil war fought in Greece or Yugoslavia,
// the Axis' choice settles the civil war's need too. Backing the other
// disputant relieves the Axis of their counter in the civil war country
// and bars them there (24.552E does); Russia or the Allies then back their
// faction there, one counter meeting both needs. Backing the civil war
// country backs the Axis' faction, one counter meeting both needs, and
// relieves Russia and the Allies there (24.552D bars them); they back the
// other disputant. With both disputants in civil wars each side's need is
// in its own country only. The Axis placing nothing, the judge's counter
// goes to the civil war country, which meets both (docs/rules.md r-25-52a).

// civilWarDispute returns the dispute of the turn in which country is a
// disputant while a civil war is fought there (25.52A names Greece and
// Yugoslavia).
func civilWarDispute(s storm.State, country string) (storm.Dispute, bool) {
	if !slices.Contains(disputeCivilWar, country) || !storm.Fighting(s, country) {
		return storm.Dispute{}, false
	}
	for _, d := range s.Diplomacy.Disputes {
		if d.Has(country) {
			return d, true
		}
	}
	return storm.Dispute{}, false
}

// axisBacking is the country the Axis back in d: the settled one, else in
// the Axis' first round the country of the round's first accepted Axis
// counter in one of the two, in the order of play (24.552A: disputeSettle
// settles it when the round is placed; a 0 is refused there, so any
// counter backs).
func axisBacking(s storm.State, d storm.Dispute, accepted map[storm.Power][]storm.Order) string {
	if d.Axis != "" || s.Segment != storm.SegDiplomacyAxis1 {
		return d.Axis
	}
	for _, p := range storm.PlacementRounds[s.Segment] {
		for _, o := range accepted[p] {
			if c, _ := storm.FindCountry(o.Project); o.Kind == storm.Diplomatic && d.Has(c) {
				return c
			}
		}
	}
	return ""
}

// disputeRelief is why side is relieved of its counter in the civil war in
// country by a dispute (25.52A), "" when it is not: the Axis when they back
// the other disputant, Russia and the Allies when the Axis back country.
func disputeRelief(s storm.State, side storm.Side, country string, accepted map[storm.Power][]storm.Order) string {
	d, ok := civilWarDispute(s, country)
	if !ok {
		return ""
	}
	switch b := axisBacking(s, d, accepted); {
	case b == "":
		return ""
	case side == storm.Axis && b != country:
		return axisElsewhere(b, d, country) + " (25.52A, 24.552E)"
	case side != storm.Axis && b == country:
		return fmt.Sprintf("the Axis back their faction's country in the dispute of random event %d, which bars Russia and the Allies there; they back %s instead (25.52A, 24.552D)", d.Card, d.Other(country))
	}
	return ""
}

// axisElsewhere says that the Axis backing b in d, not the civil war
// country, are relieved of their counter there and barred (25.52A).
func axisElsewhere(b string, d storm.Dispute, country string) string {
	return fmt.Sprintf("the Axis back %s in the dispute of random event %d, which relieves them of their civil war counter in %s and bars Axis counters there this turn", b, d.Card, country)
}

// disputeAlso is what the judge's civil war counter in country does in a
// dispute too (25.52A: one counter meets both needs), "" when none.
func disputeAlso(s storm.State, country string) string {
	if d, ok := civilWarDispute(s, country); ok {
		return fmt.Sprintf("; it backs %s in the dispute of random event %d too", country, d.Card)
	}
	return ""
}

// disputeNote is what a counter of p in c does in this turn's disputes,
// for the note of its option (24.552; 25.52A where a disputant is a civil
// war): "" when c is in no dispute.
func disputeNote(s storm.State, p storm.Power, c string) string {
	note := ""
	for _, d := range s.Diplomacy.Disputes {
		if !d.Has(c) {
			continue
		}
		o := d.Other(c)
		_, war := civilWarDispute(s, c)
		_, otherWar := civilWarDispute(s, o)
		head := fmt.Sprintf("; dispute with %s (random event %d): ", o, d.Card)
		switch {
		case storm.SideOf(p) == storm.Axis && d.Axis == "" && war && otherWar:
			note += head + fmt.Sprintf("both are in civil wars: backing %s here meets your side's civil war need here and relieves it in %s, where Axis counters are then barred; Russia or the Allies back their faction in %s and may not place here; without an Axis counter in either the judge places your side's weakest in the first civil war where it fits (25.52A, 24.552)", c, o, o)
		case storm.SideOf(p) == storm.Axis && d.Axis == "" && war:
			note += head + fmt.Sprintf("a counter here backs your faction and %s at once, meeting the civil war's need and the dispute's; Russia and the Allies may then not place here, are relieved of their civil war counter here and must back %s; without an Axis counter in either the judge places your side's weakest here (25.52A, 24.552A, D)", c, o)
		case storm.SideOf(p) == storm.Axis && d.Axis == "" && otherWar:
			note += head + fmt.Sprintf("backing %s relieves your side of its civil war counter in %s and bars Axis counters there this turn; Russia or the Allies must then back their faction in %s; without an Axis counter in either the judge places your side's weakest in %s (25.52A, 24.552A, E)", c, o, o, o)
		case storm.SideOf(p) != storm.Axis && d.Axis == o && war:
			note += head + fmt.Sprintf("the Axis back %s: a counter here backs your faction and %s at once, meeting the civil war's need and the dispute's; without one the judge places your side's weakest here (25.52A, 24.552B-C)", o, c)
		case storm.SideOf(p) != storm.Axis && d.Axis == o && otherWar:
			note += head + fmt.Sprintf("the Axis back their faction in %s, which relieves Russia and the Allies of their civil war counter there; Russia or else the Allies must back %s; without it the judge places the weakest (25.52A, 24.552B-C)", o, c)
		default:
			note += head + "the Axis must back one with a counter of at least 1 in their first round, Russia or else the Allies the other; without it the judge places the weakest (24.552)"
		}
		note += "; not a 0 here (24.552)"
	}
	return note
}

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
				if _, war := civilWarDispute(s, country); war {
					return "25.52A", fmt.Sprintf("the Axis back their civil war faction's country %s in the dispute with %s (random event %d): Russia and the Allies may not place there and are relieved of their civil war counter there; they back %s (24.552D)", country, d.Other(country), d.Card, d.Other(country))
				}
				return "24.552D", fmt.Sprintf("the Axis back %s in the dispute with %s: Russia and the Allies may not place there", country, d.Other(country))
			}
			continue
		}
		if d.Axis != "" && d.Axis != country {
			if _, war := civilWarDispute(s, country); war {
				return "25.52A", axisElsewhere(d.Axis, d, country) + " (24.552E)"
			}
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
			rule, msg := "24.552E", fmt.Sprintf("the Axis back %s in the dispute, placed first in the order of play", d.Axis)
			if _, war := civilWarDispute(*s, pl.Country); war {
				rule, msg = "25.52A", axisElsewhere(d.Axis, *d, pl.Country)+", placed first in the order of play (24.552E)"
			}
			*evs = append(*evs, event.OrderVoided{Power: pl.Power, Order: o, Rule: rule, Msg: msg})
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
			countries := d.Countries[:]
			_, war0 := civilWarDispute(*s, countries[0])
			if _, war1 := civilWarDispute(*s, countries[1]); war1 && !war0 {
				countries = []string{d.Countries[1], d.Countries[0]} // 25.52A: a civil war country first
			}
			for _, c := range countries {
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
