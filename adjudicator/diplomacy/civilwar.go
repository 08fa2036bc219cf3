package diplomacy

import (
	"fmt"
	"slices"

	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/track"
)

// Civil wars (25; 24.53, 24.54E, 25.52B) in a game that plays diplomacy.
//
// A civil war breaks out in Greece, Spain or Yugoslavia on the fifth random
// event there (25.31): at once when the fifth is a public event (the EAI
// then counts it, 23.21E), at the end of the diplomatic phase when it is a
// secret one revealed there. While it is fought only the two contending
// alliances place there (25.51), each must place a counter there (25.52A;
// the judge places the weakest one for a side that did not, docs/rules.md
// r-25-52a), their counters there do not count against the limits, and each
// power may intervene with one military counter (25.52B). At resolution
// the two intervention levels are compared against a threshold drawn from
// the civil war counters still in play (25.53): an advantage or a result
// gives the greater contributor a free counter next turn (24.53), a result
// also shifts the alignment and removes the counter drawn; each later event
// there removes one at random (25.61A). With the last counter gone the war
// ends (25.61A); the side holding flags there wins (25.7), and no
// diplomacy takes place there again (25.8).

// rebelSide is the side supporting the rebels in country this turn: in
// Greece Russia if it placed a counter there this turn, else the Allies if
// they did, else Russia unless a purge bars its diplomacy (25.42).
func rebelSide(s storm.State, country string) storm.Side {
	f, _ := storm.CivilWarFactionOf(country)
	if len(f.Rebels) == 1 {
		return f.Rebels[0]
	}
	for _, side := range f.Rebels {
		if slices.ContainsFunc(s.Diplomacy.Placements, func(pl storm.Placement) bool {
			return pl.Country == country && storm.SideOf(pl.Power) == side && pl.Void == ""
		}) {
			return side
		}
	}
	if russianDiplomacyBarred(s) { // 25.42B
		return storm.Allies
	}
	return storm.Soviet
}

// contending reports whether side supports a faction in the civil war in
// country this turn (25.51); in Greece Russia and the Allies both may
// until one of them places (25.42).
func contending(s storm.State, country string, side storm.Side) bool {
	f, _ := storm.CivilWarFactionOf(country)
	if side == f.Government {
		return true
	}
	if !slices.Contains(f.Rebels, side) {
		return false
	}
	if len(f.Rebels) == 1 {
		return true
	}
	for _, other := range f.Rebels {
		if other != side && slices.ContainsFunc(s.Diplomacy.Placements, func(pl storm.Placement) bool {
			return pl.Country == country && storm.SideOf(pl.Power) == other && pl.Void == ""
		}) {
			return false // the other rebel supporter placed first this turn (25.42)
		}
	}
	return true
}

// checkCivilWarTarget checks diplomatic activity of p in country under 25.51
// and 25.81: "" when allowed.
func checkCivilWarTarget(s storm.State, p storm.Power, country string) (rule, msg string) {
	if storm.CivilWarEnded(s, country) {
		return "25.81", fmt.Sprintf("the civil war in %s has ended: no more counters, spy rings, covert operations or subversion there", country)
	}
	if storm.Fighting(s, country) && !contending(s, country, storm.SideOf(p)) {
		f, _ := storm.CivilWarFactionOf(country)
		if len(f.Rebels) > 1 && slices.Contains(f.Rebels, storm.SideOf(p)) {
			return "25.42", fmt.Sprintf("Russia supports the rebels in %s this turn: the Allies may not (25.42)", country)
		}
		return "25.51", fmt.Sprintf("a civil war is being fought in %s: only the contending alliances act there", country)
	}
	return "", ""
}

// civilWarOneElsewhere reports a counter of at least 1 of p in a civil war
// other than country, placed this turn or among orders (25.52A: the
// requirement of at least 1 applies to one of a side's civil wars).
func civilWarOneElsewhere(s storm.State, p storm.Power, country string, orders []storm.Order) bool {
	for _, pl := range PlacedThisTurn(s, p) {
		if pl.Country != country && storm.Fighting(s, pl.Country) && !pl.Military && pl.Void == "" && pl.Strength >= 1 {
			return true
		}
	}
	return slices.ContainsFunc(orders, func(o storm.Order) bool {
		c, _ := storm.FindCountry(o.Project)
		return o.Kind == storm.Diplomatic && c != country && storm.Fighting(s, c) && len(o.Counters) == 1 && o.Counters[0] >= 1
	})
}

// CivilWarExempt is the 24.54E exception of a counter in a civil war.
const CivilWarExempt = "a civil war (25.52A, 24.54E)"

// militaryInterventionCheck checks a MILITARY order in a civil war country
// (25.52B): "" rule when allowed; handled reports that the order is a
// civil war intervention (the normal limits of 24.4 do not apply).
func militaryInterventionCheck(s storm.State, p storm.Power, country string, earlier []storm.Placement, before []storm.Order) (handled bool, rule, msg string) {
	if !storm.Fighting(s, country) {
		return false, "", ""
	}
	if r, m := checkCivilWarTarget(s, p, country); r != "" {
		return true, r, m
	}
	switch {
	case p == storm.Russia && (s.Russia.NoMilitaryCounters || s.Russia.GreatPurge):
		return true, "25.52B", "no Russian intervention under a Military or Great Purge"
	case p == storm.Italy && storm.ItalyEngaged(s): // 29.34, 25.52B
		return true, "29.34", fmt.Sprintf("Italy is at war with %s: its military counter intervenes in no civil war until the conquest is over", storm.JoinAnd(storm.ItalyWars(s)))
	case s.Segment == storm.SegDiplomacyAxis2:
		return true, "24.42A", "Axis military counters are placed in the first round"
	}
	intervened := func(q storm.Power) bool {
		return slices.ContainsFunc(PlacedThisTurn(s, q), func(pl storm.Placement) bool { return pl.Military && storm.Fighting(s, pl.Country) })
	}
	if intervened(p) || slices.ContainsFunc(before, func(b storm.Order) bool {
		c, _ := storm.FindCountry(b.Project)
		return b.Kind == storm.MilitaryCounter && storm.Fighting(s, c)
	}) {
		return true, "25.52B", "one military counter a turn in civil wars"
	}
	if storm.SideOf(p) == storm.Allies {
		q := storm.AlliancePartner[p]
		if intervened(q) {
			return true, "25.52B", fmt.Sprintf("the Allies intervene with one military counter a turn: %s did", q.Title())
		}
		if s.Powers[q].Support > s.Powers[p].Support {
			return true, "25.52B", fmt.Sprintf("the Ally with the higher support level intervenes: %s (%d against %d)", q.Title(), s.Powers[q].Support, s.Powers[p].Support)
		}
	}
	return true, "", ""
}

// civilWarObligations places, after a side's first round, the counter a
// contending side must place in each civil war (25.52A) and did not: the
// leader's weakest available counter of at least 1 (0 where the side
// already has a counter of at least 1 in another civil war), else its
// partner's; reported when nobody can. A dispute relieves a side there by
// the Axis' choice (25.52A, disputeRelief); the judge's counter in a civil
// war country in dispute backs it in the dispute too.
func civilWarObligations(s *storm.State, accepted map[storm.Power][]storm.Order, evs *[]event.Event) {
	var side storm.Side
	switch s.Segment {
	case storm.SegDiplomacyAxis1:
		side = storm.Axis
	case storm.SegDiplomacyRussia:
		side = storm.Soviet
	case storm.SegDiplomacyAllies:
		side = storm.Allies
	default:
		return
	}
	powers := []storm.Power{track.ResearchLeader(side)}
	if q := storm.AlliancePartner[track.ResearchLeader(side)]; q != 0 {
		powers = append(powers, q)
	}
	mobilized := slices.ContainsFunc(powers, func(p storm.Power) bool { return s.Powers[p].Mobilizations > 0 })
	placed := func(country string, min int) bool {
		for _, p := range powers {
			for _, pl := range PlacedThisTurn(*s, p) {
				if pl.Country == country && !pl.Military && pl.Void == "" && pl.Strength >= min {
					return true
				}
			}
			for _, o := range accepted[p] {
				if c, _ := storm.FindCountry(o.Project); o.Kind == storm.Diplomatic && c == country && len(o.Counters) == 1 && o.Counters[0] >= min {
					return true
				}
			}
		}
		return false
	}
	for _, w := range s.Diplomacy.CivilWars {
		if w.Ended != nil || !contending(*s, w.Country, side) {
			continue
		}
		f, _ := storm.CivilWarFactionOf(w.Country)
		if side == storm.Soviet && len(f.Rebels) > 1 {
			continue // 25.42: Russia or the Allies back the Greek rebels; the Allies' round decides
		}
		if side == storm.Allies && len(f.Rebels) > 1 && rebelSide(*s, w.Country) == storm.Soviet && slices.ContainsFunc(s.Diplomacy.Placements, func(pl storm.Placement) bool {
			return pl.Country == w.Country && pl.Power == storm.Russia && pl.Void == ""
		}) {
			continue // 25.42: Russia backs the Greek rebels this turn
		}
		if why := disputeRelief(*s, side, w.Country, accepted); why != "" { // 25.52A (dispute.go)
			*evs = append(*evs, event.CivilWarObligation{Turn: s.Turn, Country: w.Country, Side: side, Outcome: "relieved: " + why})
			continue
		}
		if placed(w.Country, 0) {
			continue
		}
		if side == storm.Soviet && russianDiplomacyBarred(*s) && s.Powers[storm.Russia].Economy.FreeDiplomaticCounters > 0 {
			// 25.52A: under a purge Russia meets the need with its
			// additional civil war counter, if it has one.
			o := storm.Order{Kind: storm.Diplomatic, Project: w.Country, Counters: []int{1}, Args: []string{"free"}}
			if !freeUsed(*s, storm.Russia, accepted[storm.Russia]) {
				if try := append(slices.Clone(accepted[storm.Russia]), o); len(CheckPlacements(*s, storm.Russia, try)) == 0 {
					accepted[storm.Russia] = try
					*evs = append(*evs, event.CivilWarObligation{Turn: s.Turn, Country: w.Country, Side: side, Power: storm.Russia,
						Outcome: "Russia's diplomacy is prohibited by a purge: the judge places its additional civil war counter there (25.52A, 24.53)"})
					continue
				}
			}
		}
		why := ""
		switch {
		case !mobilized:
			why = "no power of the alliance has mobilized (25.52A)"
		case side == storm.Soviet && russianDiplomacyBarred(*s):
			why = "Russian diplomacy is prohibited by a purge (25.52A, 24.61A)"
		case side == storm.Allies && PublicModifierFor(*s, w.Country, storm.Soviet):
			why = "a Russian diplomatic event there keeps the Allies out (25.52A, 24.56D)"
		}
		if why != "" {
			*evs = append(*evs, event.CivilWarObligation{Turn: s.Turn, Country: w.Country, Side: side, Outcome: "relieved: " + why})
			continue
		}
		min := 1
		for _, other := range s.Diplomacy.CivilWars {
			if other.Ended == nil && other.Country != w.Country && placed(other.Country, 1) {
				min = 0 // 25.52A: at least 1 in one civil war only
			}
		}
		if p, ok := placeWeakest(s, accepted, powers, w.Country, min); ok {
			*evs = append(*evs, event.CivilWarObligation{Turn: s.Turn, Country: w.Country, Side: side, Power: p,
				Outcome: fmt.Sprintf("%s placed no counter there: the judge places one for %s (25.52A)%s", side.Title(), p.Title(), disputeAlso(*s, w.Country))})
		} else {
			*evs = append(*evs, event.CivilWarObligation{Turn: s.Turn, Country: w.Country, Side: side,
				Outcome: "unmet: no counter or tile point left for it (25.52A)"})
		}
	}
}

// placeWeakest adds to the round's accepted orders the weakest available
// counter of at least min that the first of powers may place in country
// (25.52A, 24.552A, C: a placement the rules require); false when none
// can.
func placeWeakest(s *storm.State, accepted map[storm.Power][]storm.Order, powers []storm.Power, country string, min int) (storm.Power, bool) {
	for _, p := range powers {
		if q := storm.AlliancePartner[p]; q != 0 && slices.ContainsFunc(accepted[q], func(o storm.Order) bool {
			c, _ := storm.FindCountry(o.Project)
			return o.Kind == storm.Diplomatic && c == country
		}) {
			continue // the partner's counter there this round would void it (24.56C)
		}
		av := s.Powers[p].Available()
		for _, k := range []struct{ n, v int }{{av.Zero, 0}, {av.One, 1}, {av.Two, 2}, {av.Three, 3}} {
			if k.n == 0 || k.v < min {
				continue
			}
			o := storm.Order{Kind: storm.Diplomatic, Project: country, Counters: []int{k.v}}
			try := append(slices.Clone(accepted[p]), o)
			if len(CheckPlacements(*s, p, try)) == 0 {
				accepted[p] = try
				return p, true
			}
		}
	}
	return 0, false
}

// resolveCivilWar resolves the civil war in w's country (25.53-25.61):
// the intervention levels (the contending efforts, +1 for the government,
// 25.41D) against a threshold drawn from the counters in play plus the
// other alliance's random events there; then the counters removed for
// the turn's events; the war's end.
func resolveCivilWar(s *storm.State, w *storm.CivilWar, eff storm.Effort, contrib map[storm.Power]int, mods []storm.DiplomaticModifier, evs *[]event.Event) {
	f, _ := storm.CivilWarFactionOf(w.Country)
	rebels := rebelSide(*s, w.Country)
	gov := f.Government
	res := event.CivilWarResolved{Turn: s.Turn, Country: w.Country, Government: gov, Rebels: rebels}
	res.GovernmentLevel = eff.Of(gov) + 1 // 25.41D
	res.RebelLevel = eff.Of(rebels)
	third := ""
	for _, x := range []storm.Side{storm.Axis, storm.Allies, storm.Soviet} {
		if x != gov && x != rebels {
			third = string(x)
		}
	}
	for _, m := range mods {
		if string(m.Side) == third && m.Card != 0 {
			res.ThresholdEvents += m.Value // 25.53B
		}
	}
	m := s.Minor(w.Country)
	res.FlagsBefore = m.FlagCounts()
	if len(w.Counters) > 0 {
		i := s.RNG.Intn(len(w.Counters))
		res.Drawn = w.Counters[i]
		res.Threshold = res.Drawn + res.ThresholdEvents
		diff := res.GovernmentLevel - res.RebelLevel
		winner := gov
		if diff < 0 {
			diff, winner = -diff, rebels
		}
		switch {
		case diff == 0:
			res.Outcome = "equal intervention levels: no effect (25.53B)"
		case diff < res.Threshold:
			res.Winner = winner
			res.Power = beneficiary(winner, contrib)
			res.Outcome = fmt.Sprintf("a diplomatic advantage for %s: no flag changes, the counter stays in play (25.54)", winner.Name())
		default:
			res.Winner = winner
			res.Power = beneficiary(winner, contrib)
			res.Result = true
			res.Outcome = fmt.Sprintf("a diplomatic result for %s: %s; counter %d removed (25.55)", winner.Name(),
				ShiftAlignment(s, m, winner, res.Power, withoutCovert(contrib, mods)), res.Drawn)
			w.Counters = slices.Delete(w.Counters, i, i+1)
		}
		if res.Winner != "" { // 25.54A, 25.55A, 24.53: a free counter next turn
			s.Powers[res.Power].Economy.FreeDiplomaticNext = 1
		}
	}
	for ; w.Events > 0 && len(w.Counters) > 0; w.Events-- { // 25.61A: after the result
		i := s.RNG.Intn(len(w.Counters))
		res.RemovedByEvents = append(res.RemovedByEvents, w.Counters[i])
		w.Counters = slices.Delete(w.Counters, i, i+1)
	}
	w.Events = 0
	res.CountersLeft = len(w.Counters)
	res.FlagsAfter = m.FlagCounts()
	if len(w.Counters) == 0 { // 25.61A: at the end of the diplomatic phase
		res.Split = track.EndCivilWar(s, w, "25.61A") // 25.71-25.73
		res.Ended = true
		res.WarWinner = w.Winner
	}
	*evs = append(*evs, res)
}

// intervene carries out p's military intervention in a civil war (25.52B):
// void when the Ally placed one earlier in the round; otherwise the
// research point of 15.22D goes to the first project of that rule the
// power may advance (or the one its order names), announced at the end of
// the phase.
func intervene(s *storm.State, p storm.Power, country string, o storm.Order, evs *[]event.Event) bool {
	if q := storm.AlliancePartner[p]; storm.SideOf(p) == storm.Allies && slices.ContainsFunc(PlacedThisTurn(*s, q), func(pl storm.Placement) bool { return pl.Military && storm.Fighting(*s, pl.Country) }) {
		*evs = append(*evs, event.OrderVoided{Power: p, Order: o, Rule: "25.52B", Msg: q.Title() + " intervened first, in the order of play: the Allies use one military counter a turn"})
		return false
	}
	var names []string
	if len(o.Args) > 0 {
		names = append(names, o.Args[0])
	}
	for _, row := range track.CivilWarProjects {
		names = append(names, row.Name)
	}
	for _, n := range names {
		var discard []event.Event
		c := s.Scratch()
		if track.CivilWarResearchPoint(&c, p, n, &discard) == nil {
			track.CivilWarResearchPoint(s, p, n, evs)
			break
		}
	}
	return true
}
