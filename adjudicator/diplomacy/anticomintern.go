package diplomacy

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/randomevent"
	"stormjudge/adjudicator/storm"
)

// The anti-Comintern counter (24.3): Germany's free counter in a minor
// country bordering Russia, placed at the start of the diplomatic phase
// with the Axis' first counters, of strength 1-3 by Russian cohesion
// (24.32), in the least anti-Communist eligible country (24.34C) unless the
// Axis' own effort there displaces it to the next (24.35). It acts as a
// German diplomatic counter (24.37), keeps Axis and Allied diplomatic
// counters out (24.56B, 24.36A), and ends with the Nazi-Soviet Pact
// (24.38).
//
// By email Germany need not order anything: the judge places it in the
// Axis' first round. ANTI-COMINTERN <country> chooses among countries tied
// for first (24.34D); ANTI-COMINTERN NONE leaves it out this turn (24.31:
// Germany "may" place it).

// anticominternLands are the minor countries bordering Russia (24.34A).
var anticominternLands = []string{"Finland", "Poland", "Rumania", "Turkey"}

// AntiCominternStrength is the counter's strength by Russian cohesion
// (24.32): 1 below 10 purge events, 2 below 20, 3 from 20.
func AntiCominternStrength(s storm.State) int {
	switch n := s.Russia.PurgeEvents; {
	case n >= 20:
		return 3 // 24.32C
	case n >= 10:
		return 2 // 24.32B
	}
	return 1 // 24.32A
}

// AntiCominternPlaces ranks the eligible countries (24.34A-C): those with
// the most Russian flags first, then those with no flag, then those with
// the fewest Axis flags; countries with an Allied flag or a pro-Allied
// public event this turn, and conquered ones, are not eligible. The first
// group of equal rank is the Axis' choice (24.34D).
func AntiCominternPlaces(s storm.State) []string {
	type place struct {
		name string
		rank [2]int
	}
	var ps []place
	for _, c := range anticominternLands {
		if rule, _ := anticominternBarred(s, c, true); rule != "" { // 24.34A-B
			continue
		}
		m := s.Minor(c)
		f := m.FlagsByPower()
		var r [2]int
		switch {
		case f[storm.Russia] > 0:
			r = [2]int{0, -f[storm.Russia]}
		case m.TotalFlags() == 0:
			r = [2]int{1, 0}
		default:
			r = [2]int{2, f[storm.Germany] + f[storm.Italy]}
		}
		ps = append(ps, place{c, r})
	}
	slices.SortStableFunc(ps, func(a, b place) int {
		if c := cmp.Compare(a.rank[0], b.rank[0]); c != 0 {
			return c
		}
		return cmp.Compare(a.rank[1], b.rank[1])
	})
	var out []string
	for _, p := range ps {
		out = append(out, p.name)
	}
	return out
}

// anticominternFirst returns the countries tied for the first place.
func anticominternFirst(s storm.State) []string {
	all := AntiCominternPlaces(s)
	if len(all) == 0 {
		return nil
	}
	rank := func(c string) [2]int {
		f := s.Minor(c).FlagsByPower()
		switch {
		case f[storm.Russia] > 0:
			return [2]int{0, -f[storm.Russia]}
		case s.Minor(c).TotalFlags() == 0:
			return [2]int{1, 0}
		}
		return [2]int{2, f[storm.Germany] + f[storm.Italy]}
	}
	var out []string
	for _, c := range all {
		if rank(c) == rank(all[0]) {
			out = append(out, c)
		}
	}
	return out
}

// anticominternAvailable reports whether Germany may place the counter this
// turn (24.38: not after the Nazi-Soviet Pact).
func anticominternAvailable(s storm.State) bool {
	return !storm.PactInEffect(s) && len(AntiCominternPlaces(s)) > 0
}

// checkAntiComintern checks an ANTI-COMINTERN order of p.
func checkAntiComintern(s storm.State, p storm.Power, o storm.Order) (rule, msg string) {
	switch {
	case p != storm.Germany || s.Segment != storm.SegDiplomacyAxis1:
		return "24.31", "only Germany places the anti-Comintern counter, in the Axis' first round"
	case storm.PactInEffect(s):
		return "24.38", "the Nazi-Soviet Pact is signed: no anti-Comintern counter"
	case strings.EqualFold(o.Project, "none"):
		return "", ""
	}
	c, ok := storm.FindCountry(o.Project)
	first := anticominternFirst(s)
	if rule, why := anticominternBarred(s, c, ok); rule != "" {
		return rule, why
	}
	if !slices.Contains(first, c) {
		return "24.34C", fmt.Sprintf("the anti-Comintern counter goes first to the least anti-Communist eligible country: %s (24.34C-D)", strings.Join(first, " or "))
	}
	return "", ""
}

// anticominternBarred says why country (known: a country of the game) is
// not eligible at all: not a minor country bordering Russia (24.34A),
// conquered, or holding an Allied flag or a pro-Allied public event
// (24.34B); "" when it is eligible, though perhaps not first (24.34C).
func anticominternBarred(s storm.State, country string, known bool) (rule, msg string) {
	if !known || !slices.Contains(anticominternLands, country) {
		return "24.34A", "the anti-Comintern counter goes only to a minor country bordering Russia: Finland, Poland, Rumania or Turkey"
	}
	m := s.Minor(country)
	switch {
	case m == nil || storm.Conquered(s, country):
		return "24.34A", country + " is no longer a minor country to place it in"
	case m.FlagsOf(storm.Britain)+m.FlagsOf(storm.France) > 0:
		return "24.34B", country + " holds an Allied flag: not eligible for the anti-Comintern counter"
	case PublicModifierFor(s, country, storm.Allies):
		return "24.34B", "a pro-Allied public diplomatic event applies to " + country + " this turn: not eligible for the anti-Comintern counter"
	}
	return "", ""
}

// axisEffortFor is the Axis' effort in country for 24.35B: their counters
// placed this turn and their random event modifiers, the secret ones
// holders hold included, and the 24.83 modifiers.
func axisEffortFor(s storm.State, country string, holders ...storm.Power) int {
	n := 0
	for _, pl := range s.Diplomacy.Placements {
		if pl.Country == country && storm.SideOf(pl.Power) == storm.Axis && pl.Void == "" {
			n += pl.Strength
		}
	}
	for _, m := range s.Diplomacy.Modifiers { // 24.83's among them
		if m.Country == country && m.Side == storm.Axis {
			n += m.Value
		}
	}
	if ActiveRing(s, storm.Axis, country) || slices.ContainsFunc(s.Diplomacy.SpyRings, func(r storm.SpyRingEffect) bool { // 24.35B: an active Axis spy ring
		return r.Country == country && storm.SideOf(r.Power) == storm.Axis
	}) {
		n++
	}
	for _, p := range holders {
		for _, h := range randomevent.HeldEffects(s, p, storm.EffectDiplomaticModifier) {
			if e := h.Effect; e.Country == country && (e.Side == "" || e.Side == storm.Axis) {
				n += e.Value
			}
		}
	}
	return n
}

// placeAntiComintern places the counter after the Axis' first counters
// (24.31, 24.35): at Germany's choice among the first, else the first of
// the ranking; displaced down the ranking while the Axis' own effort there
// exceeds its strength. Axis counters and a German military counter left
// where it stands are void (24.56B, 24.43E).
func placeAntiComintern(s *storm.State, choice string, evs *[]event.Event) {
	if !anticominternAvailable(*s) || strings.EqualFold(choice, "none") {
		return
	}
	places := anticominternOrder(*s, choice)
	ac := storm.AntiComintern{Strength: AntiCominternStrength(*s)}
	for _, c := range places {
		if axisEffortFor(*s, c, storm.Germany, storm.Italy) > ac.Strength { // 24.35A
			ac.Displaced = append(ac.Displaced, c)
			continue
		}
		ac.Country = c
		break
	}
	if ac.Country == "" {
		*evs = append(*evs, event.AntiCominternPlaced{Turn: s.Turn, Strength: ac.Strength, Displaced: ac.Displaced})
		return
	}
	// 24.56B, 24.43E: Axis counters where it stands are void: not
	// counted, not paid, their activity counters free again; they stay in
	// their commitments.
	for i := range s.Diplomacy.Placements {
		pl := &s.Diplomacy.Placements[i]
		if pl.Country != ac.Country || storm.SideOf(pl.Power) != storm.Axis || pl.Void != "" {
			continue
		}
		pl.Void = "24.56B"
		if !pl.Military {
			s.Powers[pl.Power].Used = s.Powers[pl.Power].Used.Sub(mustCounters(pl.Strength))
		}
		*evs = append(*evs, event.OrderVoided{Power: pl.Power, Order: placementOrder(*pl), Rule: "24.56B",
			Msg: "the anti-Comintern counter stays in " + ac.Country + ": no Axis counter may be placed there"})
	}
	s.Diplomacy.AntiComintern = &ac
	*evs = append(*evs, event.AntiCominternPlaced{Turn: s.Turn, Country: ac.Country, Strength: ac.Strength, Displaced: ac.Displaced})
}

// anticominternOrder is AntiCominternPlaces with Germany's choice among
// the first, when it names one, in front (24.34D).
func anticominternOrder(s storm.State, choice string) []string {
	places := AntiCominternPlaces(s)
	if c, ok := storm.FindCountry(choice); ok && slices.Contains(anticominternFirst(s), c) {
		i := slices.Index(places, c)
		places = append([]string{c}, slices.Delete(slices.Clone(places), i, i+1)...)
	}
	return places
}

// AntiCominternStands is the country where the anti-Comintern counter
// would stand once the Axis' first counters are placed (placeAntiComintern),
// Germany's ANTI-COMINTERN line naming choice ("" for none) and the Axis'
// effort in country more by extra (a counter not yet placed, 24.35B);
// "" when it would stand nowhere. The options of viewer read it (an Axis
// counter where it stands is void, 24.56B): of the secret events held,
// only viewer's own count, so that no power's options tell it its
// partner's secrets (the partner's may still move the counter).
func AntiCominternStands(s storm.State, viewer storm.Power, choice, country string, extra int) string {
	if !anticominternAvailable(s) || strings.EqualFold(choice, "none") {
		return ""
	}
	for _, c := range anticominternOrder(s, choice) {
		effort := axisEffortFor(s, c, viewer)
		if c == country {
			effort += extra
		}
		if effort <= AntiCominternStrength(s) { // 24.35A: not displaced
			return c
		}
	}
	return ""
}

func mustCounters(strength int) storm.ActivityCounters {
	c, _ := storm.CountersOf([]int{strength})
	return c
}

// placementOrder is the order that made a placement.
func placementOrder(pl storm.Placement) storm.Order {
	if pl.Military {
		return storm.Order{Kind: storm.MilitaryCounter, Project: pl.Country}
	}
	return storm.Order{Kind: storm.Diplomatic, Project: pl.Country, Counters: []int{pl.Strength}}
}
