package randomevent

import (
	"fmt"

	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/track"
)

// Russian purges and cohesion (22). At the start of every turn Russia draws
// one of the four purge cards (1.11G, 22.41-22.42) with the game's
// generator; the card's purge events raise the purge level (22.31), which
// sets the cohesion level (22.71) and its effects (22.73). Random events may
// purge too (22.21D, 22.5): which cards purge is data, the purge effect kinds
// of the deck file (deck.go, docs/deck.md), and ApplyEffect
// (randomevents.go) carries them out with purgeRussianUnits,
// purgeUnitOfType, purgeProhibition and AddPurgeEvents.

// purgeCardData is what a card does: units purged (22.21A, 22.21C), purge
// events it counts (22.72A, 22.72G), and the prohibitions it imposes.
type purgeCardData struct {
	Units         int  // active units moved to reserve (22.21A; two for 22.21C)
	Events        int  // purge events (22.72A: one; 22.72G: three)
	NoMilitary    bool // no military counters (22.21A, 22.21C)
	PartyChoice   bool // research or diplomacy prohibited, Russia's choice (22.21B)
	NoMobilize    bool // 22.21C, 14.43A
	NoResearch    bool // 22.21C: only the basic point
	NoDiplomacy   bool // 22.21C
	EliminateFlag bool // 22.45, 10.91F: the No Purge card removes a foreign flag
}

var purgeCards = map[storm.PurgeCard]purgeCardData{
	storm.NoPurge:       {EliminateFlag: true},                   // 22.45
	storm.MilitaryPurge: {Units: 1, Events: 1, NoMilitary: true}, // 22.21A, 22.72A
	storm.PartyPurge:    {Events: 1, PartyChoice: true},          // 22.21B, 22.72A
	storm.GreatPurge: {Units: 2, Events: 3, NoMilitary: true, // 22.21C, 22.72G
		NoMobilize: true, NoResearch: true, NoDiplomacy: true},
}

// purgeDeckOrder is the order the deck's cards are listed in before a draw,
// so that the draw depends only on the generator.
var purgeDeckOrder = []storm.PurgeCard{storm.NoPurge, storm.MilitaryPurge, storm.PartyPurge, storm.GreatPurge}

// Party purge prohibitions (22.21B).
const (
	PartyResearch  = "research"
	PartyDiplomacy = "diplomacy"
)

// fullCohesionEvents is the purge level of full cohesion (22.44C, 22.71D).
const fullCohesionEvents = 30

// rhinelandRemilitarized reports 22.44B's condition: Germany's aggression
// against the Rhineland is recorded (by the aggression issue).
func rhinelandRemilitarized(s storm.State) bool {
	if s.Sheets.Permits.RhinelandRemilitarized {
		return true
	}
	for _, a := range s.SupportFacts.Aggressions {
		if a.Aggressor == storm.Germany && a.Target == storm.Rhineland {
			return true
		}
	}
	return false
}

// SyncGreatPurgeCard puts the Great Purge card in the deck once the
// Rhineland is remilitarized (22.44B) and takes it out for good at full
// cohesion (22.44C, 22.73E); cohesion never falls, so the card never
// returns.
func SyncGreatPurgeCard(s *storm.State) {
	s.Russia.GreatPurgeInDeck = (s.Russia.GreatPurgeInDeck || rhinelandRemilitarized(*s)) &&
		s.Russia.PurgeEvents < fullCohesionEvents
}

// PurgeDeck returns the cards Russia may draw this turn: Military, Party and
// No Purge (22.44A), the Great Purge once added (22.44B) and until removed
// (22.44C), less the card drawn last turn, which is set aside until after
// this turn's draw (22.45).
func PurgeDeck(s storm.State) []storm.PurgeCard {
	var deck []storm.PurgeCard
	for _, c := range purgeDeckOrder {
		if c == storm.GreatPurge && !s.Russia.GreatPurgeInDeck {
			continue
		}
		if c == s.Russia.PurgeCard {
			continue // 22.45: never the same card two turns running
		}
		deck = append(deck, c)
	}
	return deck
}

// EndTurnPurges ends this turn's purge prohibitions (22.21A-D: each purge
// acts in the turn it is drawn, 22.43).
func EndTurnPurges(s *storm.State) {
	r := &s.Russia
	r.NoMilitaryCounters = false
	r.NoDiplomaticCounters = false
	r.PartyChoice = ""
	r.PurgeOffsets, r.Offset = nil, nil // 22.21D: this turn's
	s.Sheets.Permits.RussianResearchBanned = false
}

// ResolvePurges is Russia's part of the random events phase (22.4, 7.31):
// foreign flags in Russia go at full cohesion (22.73C), then the purge card
// is drawn and acted upon (22.41, 22.43, 22.45). It runs before the random
// event cards are applied, whose purge effects depend on the card (22.21D);
// public purge events are applied in the same segment, before the garrison,
// support and maintenance of the income phase (22.51A).
func ResolvePurges(s *storm.State, evs *[]event.Event) {
	deck := purgeDeckAtDraw(s, evs)
	var card storm.PurgeCard
	if d := s.Events; d != nil && d.StackedPurge != "" {
		// Physical-deck mode: the card the moderator named, checked
		// against the same deck (ValidateDraw); no random draw.
		card, d.StackedPurge = d.StackedPurge, ""
	} else {
		card = deck[s.RNG.Intn(len(deck))] // 22.41
	}
	s.Russia.PurgeCard = card
	*evs = append(*evs, event.PurgeCardDrawn{Turn: s.Turn, Card: card, Deck: deck})
	ApplyPurgeCard(s, card, evs)
}

// purgeDeckAtDraw makes the changes that precede the purge card's draw and
// returns the purge deck it is drawn from: the Siberian garrison
// reconstituted (22.61B), a foreign flag eliminated at full cohesion
// (22.73C), the Great Purge card added or removed (22.44).
func purgeDeckAtDraw(s *storm.State, evs *[]event.Event) []storm.PurgeCard {
	r := &s.Russia
	if r.SiberianGarrisonPurged && siberianRebuilt(*s) {
		r.SiberianGarrisonPurged = false // 22.61B: reconstituted
	}
	if r.PurgeEvents >= fullCohesionEvents {
		eliminateFlagInRussia(s, "22.73C", evs) // 22.73C, 10.91F: one flag a turn
	}
	SyncGreatPurgeCard(s)
	return PurgeDeck(*s)
}

// ApplyPurgeCard acts upon a drawn purge card in the turn it is drawn
// (22.43, 22.45).
func ApplyPurgeCard(s *storm.State, card storm.PurgeCard, evs *[]event.Event) {
	d := purgeCards[card]
	r := &s.Russia
	if d.EliminateFlag {
		eliminateFlagInRussia(s, "22.45", evs)
	}
	if d.Units > 0 {
		purgeRussianUnits(s, d.Units, evs) // 22.21A, 22.21C, 22.61
	}
	r.NoMilitaryCounters = r.NoMilitaryCounters || d.NoMilitary // 22.21A, 22.21C
	if d.NoMobilize {
		r.GreatPurge = true // 14.43A, 22.21C; also 22.21C's research ban (research.go)
	}
	if d.NoDiplomacy {
		r.NoDiplomaticCounters = true // 22.21C
	}
	AddPurgeEvents(s, d.Events, purgeEventRule[card], string(card), evs) // 22.31A, 22.72
}

var purgeEventRule = map[storm.PurgeCard]string{
	storm.MilitaryPurge: "22.72A", storm.PartyPurge: "22.72A", storm.GreatPurge: "22.72G",
}

// purgeRussianUnits moves n active units to reserve and records that the
// Siberian garrison must be rebuilt when it was touched (22.61B).
func purgeRussianUnits(s *storm.State, n int, evs *[]event.Event) {
	before := len(*evs)
	track.PurgeUnits(s, n, evs)
	for _, e := range (*evs)[before:] {
		if p, ok := e.(event.UnitsPurged); ok && p.SiberianGarrison {
			s.Russia.SiberianGarrisonPurged = true
		}
	}
}

// siberianRebuilt reports whether Russia's active units again cover the
// Siberian garrison's two armor, three infantry and three air (22.61B).
func siberianRebuilt(s storm.State) bool {
	ru := s.Powers[storm.Russia]
	return ru != nil && ru.Active.Armor >= track.SiberianGarrison.Armor &&
		ru.Active.Infantry >= track.SiberianGarrison.Infantry && ru.Active.Air >= track.SiberianGarrison.Air
}

// AddPurgeEvents raises the Russian purge level by n (22.31) for rule
// (22.31A-E, 22.72) and updates the cohesion level (22.71). A new cohesion
// level takes its effects at once: the pool (12.22H, 22.73B); the support
// level when the support of the turn is already determined (11.52A, 22.73A);
// at full cohesion the Great Purge card leaves the deck (22.44C) and the
// events beyond 30 are owed to Russia as excess purge events (22.73E).
// Other issues call it for 22.31C-E (aggressions, the pact, flags).
func AddPurgeEvents(s *storm.State, n int, rule, what string, evs *[]event.Event) {
	if n <= 0 {
		return
	}
	r := &s.Russia
	before, oldCohesion := r.PurgeEvents, r.Cohesion
	r.PurgeEvents += n
	r.Cohesion = storm.CohesionFor(r.PurgeEvents) // 22.71
	excess := max(r.PurgeEvents-fullCohesionEvents, 0) - max(before-fullCohesionEvents, 0)
	r.ExcessPurgeEvents += excess // 22.73E
	if r.Cohesion == storm.FullCohesion && r.FullCohesionSince == nil {
		t := s.Turn
		r.FullCohesionSince = &t // 9.16
	}
	SyncGreatPurgeCard(s) // 22.44C
	*evs = append(*evs, event.PurgeLevelRaised{Rule: rule, What: what, Events: n, Before: before,
		After: r.PurgeEvents, Cohesion: r.Cohesion, Excess: excess})
	if r.Cohesion == oldCohesion {
		return
	}
	*evs = append(*evs, event.CohesionChanged{Before: oldCohesion, After: r.Cohesion})
	if supportDetermined(*s) {
		// 22.73A, 11.52A: a change during the turn gains or loses tile points.
		track.ChangeSupport(s, storm.Russia, track.CohesionSupport[r.Cohesion]-track.CohesionSupport[oldCohesion],
			"10.91E", string(r.Cohesion)+" cohesion", true, evs)
		track.RefreshCounters(s, storm.Russia, evs) // 12.22H, 22.73B
	}
}

// supportDetermined reports whether this turn's support levels are set
// (the income phase has run, 10.31).
func supportDetermined(s storm.State) bool { return s.Segment.Index() > storm.SegIncome.Index() }

// FullCohesionExtraEvents is the number of extra random events Russia draws
// this turn for full cohesion (9.16): one in the first turn after reaching
// it, two in the second, and so on.
func FullCohesionExtraEvents(s storm.State) int {
	t := s.Russia.FullCohesionSince
	if t == nil {
		return 0
	}
	return max(s.Turn.Index()-t.Index(), 0)
}

// eliminateFlagInRussia removes one Axis or Allied flag from Russia (10.91F):
// the power with the most flags loses one, ties in the order of play
// (docs/rules.md). Removed by the No Purge card (22.45) or by full cohesion
// (22.73C), it raises the purge level by one (22.31E).
func eliminateFlagInRussia(s *storm.State, rule string, evs *[]event.Event) {
	best := FlagToRemove(*s, "")
	if best == 0 {
		return
	}
	s.SupportFacts.FlagsInRussia[best]--
	*evs = append(*evs, event.FlagInRussiaEliminated{Rule: rule, Power: best, Left: s.SupportFacts.FlagsInRussia[best]})
	AddPurgeEvents(s, 1, "22.31E", "foreign flag eliminated", evs)
}

// purgeProhibition applies a purge event prohibiting Russian diplomacy
// (purge_no_diplomacy; 22.21D names cards 70-72) or, as 22.21B, research
// (purge_no_research; cards 142-144) this turn (22.21D): drawn with the
// Party purge card it prohibits both; with the Great Purge it purges one
// more unit.
func purgeProhibition(s *storm.State, diplomacy bool, evs *[]event.Event) {
	r := &s.Russia
	if diplomacy {
		r.NoDiplomaticCounters = true
	} else {
		s.Sheets.Permits.RussianResearchBanned = true
	}
	if r.PurgeCard == storm.PartyPurge {
		r.NoDiplomaticCounters = true
		s.Sheets.Permits.RussianResearchBanned = true
		r.PartyChoice = PartyResearch + "+" + PartyDiplomacy
	}
	if r.PurgeCard == storm.GreatPurge {
		purgeRussianUnits(s, 1, evs) // 22.21D: one additional unit
	}
}

// purgeUnitOfType purges one active unit of type u (purge_unit; 22.21D
// names cards 61-69 and 133-141). The Siberian garrison's units go only
// when Russia has no other active unit (22.61); when the indicated type is
// only in the Siberian garrison, a non-Siberian unit is purged instead,
// chosen by 22.21A's order (22.61A: the judge chooses, docs/rules.md).
func purgeUnitOfType(s *storm.State, u storm.UnitType, evs *[]event.Event) {
	ru := s.Powers[storm.Russia]
	kind := string(u)
	if track.UnitCount(ru.Active, kind) > track.UnitCount(track.SiberianGarrison, kind) {
		track.AddUnit(&ru.Active, kind, -1)
		track.AddUnit(&ru.Reserve, kind, 1)
		var purged storm.Units
		track.AddUnit(&purged, kind, 1)
		*evs = append(*evs, event.UnitsPurged{Purged: purged, Active: ru.Active})
		return
	}
	purgeRussianUnits(s, 1, evs) // 22.61, 22.61A
}

// FinishPartyPurge is Russia's choice of 22.21B, announced at the end of
// the economic phase, before diplomacy. Reading (docs/rules.md): as the
// choice comes after research, the judge makes it: research when Russia's
// research this turn kept to what the prohibition allows (its one basic
// point, no counters, no intelligence or advanced point), else diplomacy.
func FinishPartyPurge(s *storm.State, evs *[]event.Event) {
	r := &s.Russia
	if r.PurgeCard != storm.PartyPurge || r.PartyChoice != "" {
		return
	}
	choice := PartyDiplomacy
	if researchWithinPurge(*s) {
		choice = PartyResearch
		s.Sheets.Permits.RussianResearchBanned = true
	} else {
		r.NoDiplomaticCounters = true
	}
	r.PartyChoice = choice
	*evs = append(*evs, event.PartyPurgeChosen{Turn: s.Turn, Prohibited: choice})
}

// researchWithinPurge reports whether Russia's research points of this turn
// are allowed under a research prohibition (22.21B): at most one ordinary
// point (the basic point), no intelligence or advanced point, no counter.
func researchWithinPurge(s storm.State) bool {
	normal := 0
	for _, a := range s.Sheets.Assigned {
		if a.Power != storm.Russia || a.Turn != s.Turn {
			continue
		}
		switch a.Kind {
		case storm.PointNormal:
			normal += a.Points
		case storm.PointIntelligence, storm.PointAdvanced, storm.CounterCivilian:
			return false
		}
	}
	ru := s.Powers[storm.Russia]
	return normal <= 1 && (ru == nil || ru.Used.Research == 0)
}

// purgeOffset applies a support purge offset by unit construction and
// research results (22.21D; docs/rules.md): the reduction is lessened by
// one for each Russian unit built and each Soviet research result achieved
// this turn, never turning into an increase, and counts one purge event
// (22.72B). The offset is known at the end of the economic phase: a purge
// taking effect before then waits for it (finishPurgeOffsets).
func purgeOffset(s *storm.State, p storm.PurgeOffset, evs *[]event.Event) string {
	r := &s.Russia
	if r.Offset == nil {
		r.PurgeOffsets = append(r.PurgeOffsets, p)
		return fmt.Sprintf("Russian support %+d at the end of the economic phase, 1 less for each unit built and research result achieved this turn (22.21D)", p.Value)
	}
	cut := min(p.Value+*r.Offset, 0)
	what := fmt.Sprintf("purge event %d, %+d offset by %d (22.21D)", p.Card, p.Value, *r.Offset)
	track.ChangeSupport(s, storm.Russia, cut, "22.21D", what, supportDetermined(*s), evs)
	AddPurgeEvents(s, 1, "22.72B", fmt.Sprintf("purge event %d", p.Card), evs)
	return fmt.Sprintf("Russian support %+d: %+d offset by %d unit(s) built and research result(s) achieved this turn (22.21D)", cut, p.Value, *r.Offset)
}

// finishPurgeOffsets counts, at the end of the economic phase, the Russian
// units built and Soviet research results achieved this turn (from the
// phase's events) and applies the support purges waiting for them.
func finishPurgeOffsets(s *storm.State, evs *[]event.Event) {
	n := 0
	for _, e := range *evs {
		switch e := e.(type) {
		case event.UnitsBuilt:
			if e.Power == storm.Russia {
				n += e.Units.Total()
			}
		case event.ResearchResultAchieved:
			if e.Side == storm.Soviet {
				n++
			}
		}
	}
	r := &s.Russia
	r.Offset = &n
	waiting := r.PurgeOffsets
	r.PurgeOffsets = nil
	for _, p := range waiting {
		note := purgeOffset(s, p, evs)
		*evs = append(*evs, event.PurgeOffsetApplied{Card: p.Card, Note: note})
	}
}
