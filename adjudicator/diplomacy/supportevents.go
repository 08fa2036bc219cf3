package diplomacy

import (
	"fmt"
	"slices"

	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/randomevent"
	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/track"
)

// Diplomatic random events as support events (10.41C, 24.82E). In the
// situations 10.41C lists, a diplomatic random event gives its beneficiary
// support equal to its unused modifier instead of counting in its target:
// a target taken over and four friendly flags (ResolveDiplomacy), Russia
// at full cohesion, a dispute's events and Allied events barred by the
// anti-Comintern counter or Russian flags (convertAutomatic), all at
// resolution; the Allied or the Russian events in one minor country and
// secret events not all needed for a result by the players' choice, a
// SUPPORT EVENT line of the covert segment applied after covert operations
// and subversion (applySupportChoices). Readings: docs/rules.md r-10-41c.

// civilWarCountries are the targets whose events act as support events
// only once a civil war there has ended (10.41C); a dispute's exception
// names Greece and Yugoslavia only, as 25.52A's dispute exceptions do.
var (
	civilWarCountries = []string{"Greece", "Spain", "Yugoslavia"}
	disputeCivilWar   = []string{"Greece", "Yugoslavia"}
)

// civilWarBars reports a target of among without an ended civil war
// (10.41C: its events stay diplomatic).
func civilWarBars(s storm.State, country string, among []string) bool {
	return slices.Contains(among, country) && !storm.CivilWarEnded(s, country)
}

// eventMod reports a random event's modifier (9.31C, 4.16): the
// modifiers of an eliminated Russian flag, covert operations and
// subversion carry no card.
func eventMod(m storm.DiplomaticModifier) bool { return m.Card != 0 && m.Power.Valid() }

// eventKind tells whether m comes from the general event of its card
// (10.41C: it always acts as a diplomatic event), as recorded when the
// event was applied (DiplomaticModifier.Holder), and whether the national
// event it comes from was secret, read from the deck. A modifier stored
// before holders were recorded has none: it is the general event's when
// that one makes modifiers, else its beneficiary's national event's.
func eventKind(s storm.State, m storm.DiplomaticModifier) (general, secret bool) {
	var c storm.Card
	if s.Events != nil {
		c, _ = s.Events.Deck.Card(m.Card)
	}
	holder := m.Holder
	if !holder.Valid() {
		if makesModifiers(c.General) || !makesModifiers(c.National[m.Power]) {
			return true, false
		}
		holder = m.Power
	}
	return false, c.National[holder].Secret
}

// makesModifiers reports an event with a diplomatic or flexible modifier.
func makesModifiers(ev storm.CardEvent) bool {
	return slices.ContainsFunc(ev.Effects, func(e storm.Effect) bool {
		return e.Kind == storm.EffectDiplomaticModifier || e.Kind == storm.EffectFlexibleModifier
	})
}

// asSupport turns the random event modifiers pick selects into support
// events (10.41C): each gives its beneficiary its unused value as support
// now (24.82E) and counts no more in its target; why says the situation.
func asSupport(s *storm.State, pick func(storm.DiplomaticModifier) bool, why string, evs *[]event.Event) {
	var keep []storm.DiplomaticModifier
	for _, m := range s.Diplomacy.Modifiers {
		if !eventMod(m) || !pick(m) {
			keep = append(keep, m)
			continue
		}
		track.ChangeSupport(s, m.Power, m.Value, "10.41C",
			fmt.Sprintf("random event %d's unused %+d in %s as a support event: %s", m.Card, m.Value, m.Country, why), true, evs)
	}
	s.Diplomacy.Modifiers = keep
}

// effortWithout is country's effort without the modifiers drop selects.
func effortWithout(s storm.State, country string, drop func(storm.DiplomaticModifier) bool) storm.Effort {
	eff, _, mods := TargetEffort(s, country)
	for _, m := range mods {
		if drop(m) {
			eff.Add(m.Side, -m.Value)
		}
	}
	return eff
}

// eventsOf reports random event modifiers of side in country.
func eventsOf(s storm.State, side storm.Side, country string) int {
	n := 0
	for _, m := range s.Diplomacy.Modifiers {
		if eventMod(m) && m.Side == side && m.Country == country {
			n++
		}
	}
	return n
}

// inTarget selects the modifiers in country.
func inTarget(country string) func(storm.DiplomaticModifier) bool {
	return func(m storm.DiplomaticModifier) bool { return m.Country == country }
}

// convertAutomatic applies, before the targets are resolved, the
// situations of 10.41C that need no choice: Russia at full cohesion, the
// dispute's events not needed for a result, and Allied events barred by
// the anti-Comintern counter or Russian flags and weaker than the Axis.
func convertAutomatic(s *storm.State, evs *[]event.Event) {
	// 10.41C, 22.73C: at full cohesion no flag goes to Russia; unless the
	// result there would remove a flag, every event for Russia, of every
	// alliance, is a public support event.
	if s.Russia.Cohesion == storm.FullCohesion && eventsIn(*s, storm.RussiaTarget) {
		eff, _, _ := TargetEffort(*s, storm.RussiaTarget)
		if w := eff.Winner(); w == "" || !russiaFlagToRemove(*s, w) {
			asSupport(s, inTarget(storm.RussiaTarget), "Russia is at full cohesion, no flag is placed there (22.73C)", evs)
		}
	}
	// 10.41C, 24.552: the Axis with events in both countries of a dispute,
	// or the Allies or Russia with events in the country they must back:
	// all the events of that target are support events unless they decide
	// its result (the winner without them differs).
	for _, d := range s.Diplomacy.Disputes {
		var targets []string
		if eventsOf(*s, storm.Axis, d.Countries[0]) > 0 && eventsOf(*s, storm.Axis, d.Countries[1]) > 0 {
			targets = d.Countries[:]
		}
		if d.Axis != "" {
			if y := d.Other(d.Axis); !slices.Contains(targets, y) && eventsOf(*s, storm.Allies, y)+eventsOf(*s, storm.Soviet, y) > 0 {
				targets = append(targets, y)
			}
		}
		for _, c := range targets {
			if storm.Conquered(*s, c) || civilWarBars(*s, c, disputeCivilWar) {
				continue
			}
			eff, _, _ := TargetEffort(*s, c)
			if effortWithout(*s, c, eventMod).Winner() != eff.Winner() {
				continue // needed for the result
			}
			asSupport(s, inTarget(c), fmt.Sprintf("they decide nothing there in the dispute of random event %d (24.552)", d.Card), evs)
		}
	}
	// 10.41C, 24.36A, 24.56D: no Allied counter where the anti-Comintern
	// counter or a Russian flag stands; Allied events there weaker than
	// the Axis effort are support events.
	for _, c := range DiplomaticTargets(*s) {
		m := s.Minor(c)
		ac := s.Diplomacy.AntiComintern != nil && s.Diplomacy.AntiComintern.Country == c
		if (!ac && m.FlagsOf(storm.Russia) == 0) || eventsOf(*s, storm.Allies, c) == 0 || storm.Conquered(*s, c) || civilWarBars(*s, c, civilWarCountries) {
			continue
		}
		eff, _, mods := TargetEffort(*s, c)
		allied := 0
		for _, md := range mods {
			if eventMod(md) && md.Side == storm.Allies {
				allied += md.Value
			}
		}
		if allied >= eff.Axis {
			continue
		}
		why := "a Russian flag there bars Allied counters (24.56D)"
		if ac {
			why = "the anti-Comintern counter there bars Allied counters (24.36A)"
		}
		asSupport(s, func(md storm.DiplomaticModifier) bool { return md.Country == c && md.Side == storm.Allies },
			fmt.Sprintf("%s, and the Allied events (%d) are weaker than the Axis effort (%d)", why, allied, eff.Axis), evs)
	}
}

// eventsIn reports a random event modifier in country.
func eventsIn(s storm.State, country string) bool {
	return slices.ContainsFunc(s.Diplomacy.Modifiers, func(m storm.DiplomaticModifier) bool { return eventMod(m) && m.Country == country })
}

// fourFriendlyFlags turns the winner's events in m into support events
// when the target already holds four flags of the winner's alliance and,
// without them, no other alliance would have had a result: unchallenged,
// they were not needed to keep the flags (10.41C, 24.82E; docs/rules.md
// r-10-41c). Greece, Spain and Yugoslavia only after a civil war there.
func fourFriendlyFlags(s *storm.State, m *storm.Minor, winner storm.Side, evs *[]event.Event) {
	friendly := 0
	for p, n := range m.FlagCounts() {
		if storm.SideOf(p) == winner {
			friendly += n
		}
	}
	if friendly != 4 || civilWarBars(*s, m.Name, civilWarCountries) {
		return
	}
	mine := func(md storm.DiplomaticModifier) bool { return eventMod(md) && md.Side == winner }
	if w := effortWithout(*s, m.Name, mine).Winner(); w != "" && w != winner {
		return // challenged: they kept the flags
	}
	asSupport(s, func(md storm.DiplomaticModifier) bool { return md.Country == m.Name && md.Side == winner },
		fmt.Sprintf("four flags of %s there, unchallenged (24.82E)", winner.Name()), evs)
}

// ownEvent finds p's diplomatic random event on card n this turn: its
// modifier, public or revealed; else the modifier of the secret event p
// holds (no country for a flexible one, 4.16).
func ownEvent(s storm.State, p storm.Power, n int) (storm.DiplomaticModifier, bool) {
	for _, m := range s.Diplomacy.Modifiers {
		if m.Card == n && m.Power == p && eventMod(m) {
			return m, true
		}
	}
	for _, k := range []storm.EffectKind{storm.EffectDiplomaticModifier, storm.EffectFlexibleModifier} {
		for _, h := range randomevent.HeldEffects(s, p, k) {
			if h.Card != n {
				continue
			}
			side, power := storm.EventFavours(p, h.Effect)
			if power != p {
				continue // it favours another side: its beneficiary's, not p's (24.81A)
			}
			m := storm.DiplomaticModifier{Side: side, Power: p, Value: h.Effect.Value, Card: n, Rule: "9.31C", Holder: p}
			if k == storm.EffectDiplomaticModifier {
				m.Country = storm.EventCountry(s, h.Effect.Country, side)
			}
			return m, true
		}
	}
	for _, f := range s.Diplomacy.Flexible {
		if f.Power == p && f.Card == n {
			return storm.DiplomaticModifier{Side: f.Side, Power: p, Value: f.Value, Card: n, Rule: "4.16", Holder: f.Holder}, true
		}
	}
	return storm.DiplomaticModifier{}, false
}

// Situations of a SUPPORT EVENT line (10.41C).
const (
	choiceGroup  = "group"  // the Allied or the Russian events in one minor country
	choiceSecret = "secret" // secret events not all needed for a result
)

// CheckSupportEvent checks p's SUPPORT EVENT line o (10.41C) on what is
// known: the card is p's diplomatic random event of this turn, not a
// general event, nor for a target taken over (its events are support
// events anyway) or Greece, Spain or Yugoslavia before a civil war there
// ended. In the covert segment, once every event is revealed, the
// situation of a choice must hold (supportChoice).
func CheckSupportEvent(s storm.State, p storm.Power, o storm.Order) (rule, msg string) {
	m, ok := ownEvent(s, p, o.Card)
	if !ok {
		return "10.41C", fmt.Sprintf("card %d is no diplomatic random event of yours this turn", o.Card)
	}
	if general, _ := eventKind(s, m); general {
		return "10.41C", fmt.Sprintf("random event %d is a general event: it always acts as a diplomatic event", o.Card)
	}
	if storm.NoEventEffect(s, m.Country) {
		return "10.41C", fmt.Sprintf("%s is a neutral minor country: its events have no effect (29.22C)", m.Country)
	}
	if m.Country != "" && m.Country != storm.RussiaTarget && storm.Conquered(s, m.Country) {
		return "10.41C", fmt.Sprintf("%s was taken over: its events act as support events without an order (24.82E)", m.Country)
	}
	if civilWarBars(s, m.Country, civilWarCountries) {
		return "10.41C", fmt.Sprintf("an event for %s acts as a support event only once a civil war there has ended", m.Country)
	}
	if s.Segment != storm.SegCovert {
		return "", ""
	}
	if _, msg := supportChoice(s, m); msg != "" {
		return "10.41C", msg
	}
	return "", ""
}

// supportChoice is the situation in which m may be chosen as a support
// event once every event is revealed (10.41C): the Allied and the Russian
// events in one minor country without the Nazi-Soviet Pact, else two or
// more events of m's alliance in a target without counters, m secret; or
// why neither holds. That they are not all needed for a result is judged
// after covert operations and subversion (applySupportChoices).
func supportChoice(s storm.State, m storm.DiplomaticModifier) (kind, msg string) {
	c := m.Country
	if c != storm.RussiaTarget && (m.Side == storm.Allies || m.Side == storm.Soviet) && !storm.PactInEffect(s) &&
		eventsOf(s, storm.Allies, c) > 0 && eventsOf(s, storm.Soviet, c) > 0 {
		return choiceGroup, ""
	}
	if n := eventsOf(s, m.Side, c); n < 2 {
		return "", fmt.Sprintf("%s %s %d diplomatic random event(s) in %s: a choice needs two or more, or both Allied and Russian events there without the Nazi-Soviet Pact", m.Side.Title(), m.Side.Has(), n, c)
	}
	if countersIn(s, c) {
		return "", fmt.Sprintf("diplomatic or military counters were placed in %s: its events stay diplomatic", c)
	}
	if _, secret := eventKind(s, m); !secret {
		return "", fmt.Sprintf("random event %d was public: only secret events may be chosen", m.Card)
	}
	return choiceSecret, ""
}

// countersIn reports a diplomatic or military counter placed in country
// this turn (the anti-Comintern counter among them), not void.
func countersIn(s storm.State, country string) bool {
	if ac := s.Diplomacy.AntiComintern; ac != nil && ac.Country == country {
		return true
	}
	return slices.ContainsFunc(s.Diplomacy.Placements, func(pl storm.Placement) bool { return pl.Country == country && pl.Void == "" })
}

// applySupportChoices carries out the SUPPORT EVENT lines accepted in the
// covert segment, after covert operations and subversion (10.41C): in the
// order of play, a line for the Allied or the Russian events of a minor
// country turns its alliance's events there into support events (the
// first line decides; a later one for the other alliance is void); a
// line for a secret event turns it into a support event unless the
// target's result, as it stands with the lines before, changes without
// it. Where both the Allies and Russia hold events in a minor country and
// no line chose, the weaker of the two (by their efforts there; the
// Allies on a tie) has its events turned (docs/rules.md r-10-41c).
func applySupportChoices(s *storm.State, orders map[storm.Power][]storm.Order, evs *[]event.Event) {
	chosen := map[string]storm.Side{}
	before := *s // the situations are judged on the events before any line (asSupport leaves that list as it was)
	for _, p := range storm.Powers {
		for _, o := range orders[p] {
			if o.Kind != storm.SupportEventOrder {
				continue
			}
			void := func(format string, a ...any) {
				*evs = append(*evs, event.OrderVoided{Power: p, Order: o, Rule: "10.41C", Msg: fmt.Sprintf(format, a...)})
			}
			m, ok := ownEvent(*s, p, o.Card)
			if !ok {
				continue // turned by an earlier line of its alliance
			}
			kind, msg := supportChoice(before, m)
			switch kind {
			case choiceGroup:
				if g, ok := chosen[m.Country]; ok && g != m.Side {
					void("%s events in %s act as support events already, chosen first in the order of play", g.Possessive(), m.Country)
					continue
				}
				chosen[m.Country] = m.Side
				convertGroup(s, m.Country, m.Side, fmt.Sprintf("%s's choice of %s events in %s", p.Title(), m.Side.Possessive(), m.Country), evs)
			case choiceSecret:
				eff, _, _ := TargetEffort(*s, m.Country)
				if effortWithout(*s, m.Country, func(x storm.DiplomaticModifier) bool { return x == m }).Winner() != eff.Winner() {
					void("random event %d is needed for the result in %s", m.Card, m.Country)
					continue
				}
				asSupport(s, func(x storm.DiplomaticModifier) bool { return x == m }, fmt.Sprintf("%s's choice, not needed for the result there", p.Title()), evs)
			default:
				void("%s", msg)
			}
		}
	}
	if storm.PactInEffect(*s) {
		return
	}
	for _, c := range DiplomaticTargets(*s) {
		if _, ok := chosen[c]; ok || eventsOf(*s, storm.Allies, c) == 0 || eventsOf(*s, storm.Soviet, c) == 0 || storm.Conquered(*s, c) {
			continue
		}
		eff, _, _ := TargetEffort(*s, c)
		g := storm.Allies
		if eff.Russia < eff.Allies {
			g = storm.Soviet
		}
		convertGroup(s, c, g, fmt.Sprintf("no choice sent: the weaker of the Allied and Russian efforts in %s (the Allies on a tie)", c), evs)
	}
}

// convertGroup turns side's events in minor country c into support events
// (10.41C): a general event stays diplomatic, and Greece's, Spain's and
// Yugoslavia's only once a civil war there has ended.
func convertGroup(s *storm.State, c string, side storm.Side, why string, evs *[]event.Event) {
	if civilWarBars(*s, c, civilWarCountries) {
		return
	}
	asSupport(s, func(m storm.DiplomaticModifier) bool {
		general, _ := eventKind(*s, m)
		return m.Country == c && m.Side == side && !general
	}, why, evs)
}

// SupportEventOptions offers p's SUPPORT EVENT lines (10.41C) in the
// placement rounds, as standing orders of the covert segment, where what
// p knows (the public events and its own secret ones, the counters placed
// so far) makes a choice possible; the judge checks the rest when the
// covert segment opens.
func SupportEventOptions(s storm.State, p storm.Power) []storm.Option {
	var out []storm.Option
	mine := slices.Clone(s.Diplomacy.Modifiers) // what p knows: the public modifiers and its own held events
	for _, h := range randomevent.HeldEffects(s, p, storm.EffectDiplomaticModifier) {
		if m, ok := ownEvent(s, p, h.Card); ok {
			mine = append(mine, m)
		}
	}
	known := s
	known.Diplomacy.Modifiers = mine
	seen := map[int]bool{}
	for _, m := range mine {
		if m.Power != p || !eventMod(m) || seen[m.Card] || m.Country == "" {
			continue
		}
		seen[m.Card] = true
		o := storm.Order{Kind: storm.SupportEventOrder, Card: m.Card, For: storm.SegCovert}
		if rule, _ := CheckSupportEvent(s, p, o); rule != "" {
			continue
		}
		var note string
		switch kind, _ := supportChoice(known, m); kind {
		case choiceGroup:
			note = fmt.Sprintf("%s events in %s, this one's %+d among them, act as support events instead of counting there: their modifiers as support at resolution, with as many tile points; %s stay (10.41C). Without a line the weaker of the two efforts there turns, the Allies' on a tie", m.Side.Possessive(), m.Country, m.Value, otherGroup(m.Side).Possessive())
		case choiceSecret:
			note = fmt.Sprintf("random event %d gives %+d support instead of %+d in %s, applied after covert operations unless it is needed for the result there (10.41C)", m.Card, m.Value, m.Value, m.Country)
		default:
			continue
		}
		out = append(out, storm.Option{Order: o, Note: note})
	}
	return out
}

// otherGroup is the other of the Allies and Russia.
func otherGroup(side storm.Side) storm.Side {
	if side == storm.Allies {
		return storm.Soviet
	}
	return storm.Allies
}
