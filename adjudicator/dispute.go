package adjudicator

import (
	"fmt"
	"slices"
)

// Diplomatic disputes (24.552): a general random event sets two minor
// countries against each other. The Axis must back one of them with a
// counter of at least 1 in their first round (A); Russia may then back the
// other (B), else the Allies must (C); the Axis' country is closed to
// Russia and the Allies (D), the other to the Axis (E); the counters count
// against the limits (F). The judge places the weakest counter for a side
// that must and did not (docs/rules.md r-24-552).

// Dispute is one dispute event of the turn.
type Dispute struct {
	Card      int       `json:"card"`
	Countries [2]string `json:"countries"`
	// Axis is the country the Axis backs, once an Axis counter of at
	// least 1 is placed in one of the two (24.552A).
	Axis string `json:"axis,omitempty"`
}

// other is the dispute's country that is not c.
func (d Dispute) other(c string) string {
	if d.Countries[0] == c {
		return d.Countries[1]
	}
	return d.Countries[0]
}

func (d Dispute) has(c string) bool { return d.Countries[0] == c || d.Countries[1] == c }

// checkDispute checks p's counter of strength n in country against this
// turn's disputes (24.552D-E); earlier are p's orders before it in the
// same email.
func checkDispute(s State, p Power, country string, n int, earlier []Order) (rule, msg string) {
	for _, d := range s.Diplomacy.Disputes {
		if !d.has(country) {
			continue
		}
		if n == 0 { // 24.552: a 0 cannot be a side's support (docs/rules.md r-24-552)
			return "24.552", fmt.Sprintf("%s is in a dispute (random event %d): a 0 counter there cannot be a side's support", country, d.Card)
		}
		if SideOf(p) != Axis {
			if d.Axis == country {
				return "24.552D", fmt.Sprintf("the Axis back %s in the dispute with %s: Russia and the Allies may not place there", country, d.other(country))
			}
			continue
		}
		if d.Axis != "" && d.Axis != country {
			return "24.552E", fmt.Sprintf("the Axis back %s in the dispute: no Axis counter in %s", d.Axis, country)
		}
		if slices.ContainsFunc(earlier, func(o Order) bool {
			c, _ := FindCountry(o.Project)
			return o.Kind == Diplomatic && c == d.other(country)
		}) {
			return "24.552A", fmt.Sprintf("the Axis back one side of the dispute: not both %s and %s", country, d.other(country))
		}
	}
	return "", ""
}

// disputeSettle records the country the Axis back once a counter of at
// least 1 is placed there (24.552A), and voids a partner's counter placed
// in the other country in the same round (24.552E).
func disputeSettle(s *State, pl Placement, o Order, evs *[]Event) bool {
	if SideOf(pl.Power) != Axis || pl.Military {
		return true
	}
	for i := range s.Diplomacy.Disputes {
		d := &s.Diplomacy.Disputes[i]
		if !d.has(pl.Country) {
			continue
		}
		if d.Axis != "" && d.Axis != pl.Country {
			*evs = append(*evs, OrderVoided{Power: pl.Power, Order: o, Rule: "24.552E",
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
func disputeObligations(s *State, accepted map[Power][]Order, evs *[]Event) {
	for i := range s.Diplomacy.Disputes {
		d := s.Diplomacy.Disputes[i]
		// has looks at locations only: the values are sealed (a 0 is
		// refused in a dispute country, checkDispute).
		has := func(side Side, country string) bool {
			for _, pl := range s.Diplomacy.Placements {
				if SideOf(pl.Power) == side && pl.Country == country && !pl.Military && pl.Void == "" {
					return true
				}
			}
			for p, os := range accepted {
				for _, o := range os {
					if c, _ := FindCountry(o.Project); SideOf(p) == side && o.Kind == Diplomatic && c == country {
						return true
					}
				}
			}
			return false
		}
		switch s.Segment {
		case SegDiplomacyAxis1: // 24.552A
			if has(Axis, d.Countries[0]) || has(Axis, d.Countries[1]) {
				continue
			}
			outcome := "unmet: no counter of at least 1 or tile point left for it (24.552A)"
			for _, c := range d.Countries {
				if p, ok := placeWeakest(s, accepted, []Power{Germany, Italy}, c, 1); ok {
					outcome = fmt.Sprintf("the Axis placed no counter in either: the judge places one for %s in %s (24.552A)", p.Title(), c)
					break
				}
			}
			*evs = append(*evs, DisputeObligation{Turn: s.Turn, Card: d.Card, Side: Axis, Outcome: outcome})
		case SegDiplomacyAllies: // 24.552B-C
			if d.Axis == "" {
				continue
			}
			y := d.other(d.Axis)
			if has(Soviet, y) || has(Allies, y) {
				continue
			}
			m := s.Minor(y)
			if (m != nil && m.FlagCounts()[Russia] > 0) || publicModifierFor(*s, y, Soviet) {
				*evs = append(*evs, DisputeObligation{Turn: s.Turn, Card: d.Card, Side: Allies,
					Outcome: fmt.Sprintf("relieved: a Russian flag or event in %s keeps the Allies out (24.552C, 24.56D)", y)})
				continue
			}
			outcome := "unmet: no counter of at least 1 or tile point left for it (24.552C)"
			if errs := checkPlacements(*s, Britain, []Order{{Kind: Diplomatic, Project: y, Counters: []int{1}}}); len(errs) > 0 && errs[0].Rule != "24.51" && errs[0].Rule != "24.52B" {
				outcome = fmt.Sprintf("unmet: %s (rule %s)", errs[0].Msg, errs[0].Rule)
			}
			if p, ok := placeWeakest(s, accepted, []Power{Britain, France}, y, 1); ok {
				outcome = fmt.Sprintf("neither Russia nor the Allies placed a counter in %s: the judge places one for %s (24.552C)", y, p.Title())
			}
			*evs = append(*evs, DisputeObligation{Turn: s.Turn, Card: d.Card, Side: Allies, Outcome: outcome})
		}
	}
}

// DisputeObligation reports a side's counter a dispute requires placed by
// the judge, relieved or unmet (24.552A, C); public.
type DisputeObligation struct {
	Turn    Turn   `json:"turn"`
	Card    int    `json:"card"`
	Side    Side   `json:"side"`
	Outcome string `json:"outcome"`
}

func (DisputeObligation) Visibility() Visibility { return public }
func (DisputeObligation) Type() string           { return "DisputeObligation" }

func init() { eventTypes["DisputeObligation"] = decode[DisputeObligation] }
