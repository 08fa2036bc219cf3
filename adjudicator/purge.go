package adjudicator

import "fmt"

// Russian purges and cohesion (22). At the start of every turn Russia draws
// one of the four purge cards (1.11G, 22.41-22.42) with the game's
// generator; the card's purge events raise the purge level (22.31), which
// sets the cohesion level (22.71) and its effects (22.73). Random events may
// purge too (22.21D, 22.5): which cards purge is data, the purge effect kinds
// of the deck file (deck.go, docs/deck.md), and applyEffect
// (randomevents.go) carries them out with purgeRussianUnits,
// purgeUnitOfType, purgeProhibition and AddPurgeEvents.

// PurgeCard is one of the four Russian purge cards (1.11G, 22.42).
type PurgeCard string

// The purge cards (22.42A-D).
const (
	NoPurge       PurgeCard = "no purge"       // 22.42A
	MilitaryPurge PurgeCard = "military purge" // 22.42B, 22.21A
	PartyPurge    PurgeCard = "party purge"    // 22.42C, 22.21B
	GreatPurge    PurgeCard = "great purge"    // 22.42D, 22.21C
)

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

var purgeCards = map[PurgeCard]purgeCardData{
	NoPurge:       {EliminateFlag: true},                   // 22.45
	MilitaryPurge: {Units: 1, Events: 1, NoMilitary: true}, // 22.21A, 22.72A
	PartyPurge:    {Events: 1, PartyChoice: true},          // 22.21B, 22.72A
	GreatPurge: {Units: 2, Events: 3, NoMilitary: true, // 22.21C, 22.72G
		NoMobilize: true, NoResearch: true, NoDiplomacy: true},
}

// purgeDeckOrder is the order the deck's cards are listed in before a draw,
// so that the draw depends only on the generator.
var purgeDeckOrder = []PurgeCard{NoPurge, MilitaryPurge, PartyPurge, GreatPurge}

// Party purge prohibitions (22.21B).
const (
	PartyResearch  = "research"
	PartyDiplomacy = "diplomacy"
)

// fullCohesionEvents is the purge level of full cohesion (22.44C, 22.71D).
const fullCohesionEvents = 30

// rhinelandRemilitarized reports 22.44B's condition: Germany's aggression
// against the Rhineland is recorded (by the aggression issue).
func rhinelandRemilitarized(s State) bool {
	if s.Sheets.Permits.RhinelandRemilitarized {
		return true
	}
	for _, a := range s.SupportFacts.Aggressions {
		if a.Aggressor == Germany && a.Target == Rhineland {
			return true
		}
	}
	return false
}

// syncGreatPurgeCard puts the Great Purge card in the deck once the
// Rhineland is remilitarized (22.44B) and takes it out for good at full
// cohesion (22.44C, 22.73E); cohesion never falls, so the card never
// returns.
func syncGreatPurgeCard(s *State) {
	s.Russia.GreatPurgeInDeck = (s.Russia.GreatPurgeInDeck || rhinelandRemilitarized(*s)) &&
		s.Russia.PurgeEvents < fullCohesionEvents
}

// PurgeDeck returns the cards Russia may draw this turn: Military, Party and
// No Purge (22.44A), the Great Purge once added (22.44B) and until removed
// (22.44C), less the card drawn last turn, which is set aside until after
// this turn's draw (22.45).
func PurgeDeck(s State) []PurgeCard {
	var deck []PurgeCard
	for _, c := range purgeDeckOrder {
		if c == GreatPurge && !s.Russia.GreatPurgeInDeck {
			continue
		}
		if c == s.Russia.PurgeCard {
			continue // 22.45: never the same card two turns running
		}
		deck = append(deck, c)
	}
	return deck
}

// endTurnPurges ends this turn's purge prohibitions (22.21A-D: each purge
// acts in the turn it is drawn, 22.43).
func endTurnPurges(s *State) {
	r := &s.Russia
	r.NoMilitaryCounters = false
	r.NoDiplomaticCounters = false
	r.PartyChoice = ""
	r.PurgeOffsets, r.Offset = nil, nil // 22.21D: this turn's
	s.Sheets.Permits.RussianResearchBanned = false
}

// resolvePurges is Russia's part of the random events phase (22.4, 7.31):
// foreign flags in Russia go at full cohesion (22.73C), then the purge card
// is drawn and acted upon (22.41, 22.43, 22.45). It runs before the random
// event cards are applied, whose purge effects depend on the card (22.21D);
// public purge events are applied in the same segment, before the garrison,
// support and maintenance of the income phase (22.51A).
func resolvePurges(s *State, evs *[]Event) {
	deck := purgeDeckAtDraw(s, evs)
	var card PurgeCard
	if d := s.Events; d != nil && d.StackedPurge != "" {
		// Physical-deck mode: the card the moderator named, checked
		// against the same deck (ValidateDraw); no random draw.
		card, d.StackedPurge = d.StackedPurge, ""
	} else {
		card = deck[s.RNG.Intn(len(deck))] // 22.41
	}
	s.Russia.PurgeCard = card
	*evs = append(*evs, PurgeCardDrawn{Turn: s.Turn, Card: card, Deck: deck})
	applyPurgeCard(s, card, evs)
}

// purgeDeckAtDraw makes the changes that precede the purge card's draw and
// returns the purge deck it is drawn from: the Siberian garrison
// reconstituted (22.61B), a foreign flag eliminated at full cohesion
// (22.73C), the Great Purge card added or removed (22.44).
func purgeDeckAtDraw(s *State, evs *[]Event) []PurgeCard {
	r := &s.Russia
	if r.SiberianGarrisonPurged && siberianRebuilt(*s) {
		r.SiberianGarrisonPurged = false // 22.61B: reconstituted
	}
	if r.PurgeEvents >= fullCohesionEvents {
		eliminateFlagInRussia(s, "22.73C", evs) // 22.73C, 10.91F: one flag a turn
	}
	syncGreatPurgeCard(s)
	return PurgeDeck(*s)
}

// applyPurgeCard acts upon a drawn purge card in the turn it is drawn
// (22.43, 22.45).
func applyPurgeCard(s *State, card PurgeCard, evs *[]Event) {
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

var purgeEventRule = map[PurgeCard]string{
	MilitaryPurge: "22.72A", PartyPurge: "22.72A", GreatPurge: "22.72G",
}

// purgeRussianUnits moves n active units to reserve and records that the
// Siberian garrison must be rebuilt when it was touched (22.61B).
func purgeRussianUnits(s *State, n int, evs *[]Event) {
	before := len(*evs)
	PurgeUnits(s, n, evs)
	for _, e := range (*evs)[before:] {
		if p, ok := e.(UnitsPurged); ok && p.SiberianGarrison {
			s.Russia.SiberianGarrisonPurged = true
		}
	}
}

// siberianRebuilt reports whether Russia's active units again cover the
// Siberian garrison's two armor, three infantry and three air (22.61B).
func siberianRebuilt(s State) bool {
	ru := s.Powers[Russia]
	return ru != nil && ru.Active.Armor >= siberianGarrison.Armor &&
		ru.Active.Infantry >= siberianGarrison.Infantry && ru.Active.Air >= siberianGarrison.Air
}

// AddPurgeEvents raises the Russian purge level by n (22.31) for rule
// (22.31A-E, 22.72) and updates the cohesion level (22.71). A new cohesion
// level takes its effects at once: the pool (12.22H, 22.73B); the support
// level when the support of the turn is already determined (11.52A, 22.73A);
// at full cohesion the Great Purge card leaves the deck (22.44C) and the
// events beyond 30 are owed to Russia as excess purge events (22.73E).
// Other issues call it for 22.31C-E (aggressions, the pact, flags).
func AddPurgeEvents(s *State, n int, rule, what string, evs *[]Event) {
	if n <= 0 {
		return
	}
	r := &s.Russia
	before, oldCohesion := r.PurgeEvents, r.Cohesion
	r.PurgeEvents += n
	r.Cohesion = CohesionFor(r.PurgeEvents) // 22.71
	excess := max(r.PurgeEvents-fullCohesionEvents, 0) - max(before-fullCohesionEvents, 0)
	r.ExcessPurgeEvents += excess // 22.73E
	if r.Cohesion == FullCohesion && r.FullCohesionSince == nil {
		t := s.Turn
		r.FullCohesionSince = &t // 9.16
	}
	syncGreatPurgeCard(s) // 22.44C
	*evs = append(*evs, PurgeLevelRaised{Rule: rule, What: what, Events: n, Before: before,
		After: r.PurgeEvents, Cohesion: r.Cohesion, Excess: excess})
	if r.Cohesion == oldCohesion {
		return
	}
	*evs = append(*evs, CohesionChanged{Before: oldCohesion, After: r.Cohesion})
	if supportDetermined(*s) {
		// 22.73A, 11.52A: a change during the turn gains or loses tile points.
		ChangeSupport(s, Russia, cohesionSupport[r.Cohesion]-cohesionSupport[oldCohesion],
			"10.91E", string(r.Cohesion)+" cohesion", true, evs)
		RefreshCounters(s, Russia, evs) // 12.22H, 22.73B
	}
}

// supportDetermined reports whether this turn's support levels are set
// (the income phase has run, 10.31).
func supportDetermined(s State) bool { return s.Segment.index() > SegIncome.index() }

// FullCohesionExtraEvents is the number of extra random events Russia draws
// this turn for full cohesion (9.16): one in the first turn after reaching
// it, two in the second, and so on.
func FullCohesionExtraEvents(s State) int {
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
func eliminateFlagInRussia(s *State, rule string, evs *[]Event) {
	best := flagToRemove(*s, "")
	if best == 0 {
		return
	}
	s.SupportFacts.FlagsInRussia[best]--
	*evs = append(*evs, FlagInRussiaEliminated{Rule: rule, Power: best, Left: s.SupportFacts.FlagsInRussia[best]})
	AddPurgeEvents(s, 1, "22.31E", "foreign flag eliminated", evs)
}

// purgeProhibition applies a purge event prohibiting Russian diplomacy
// (purge_no_diplomacy; 22.21D names cards 70-72) or, as 22.21B, research
// (purge_no_research; cards 142-144) this turn (22.21D): drawn with the
// Party purge card it prohibits both; with the Great Purge it purges one
// more unit.
func purgeProhibition(s *State, diplomacy bool, evs *[]Event) {
	r := &s.Russia
	if diplomacy {
		r.NoDiplomaticCounters = true
	} else {
		s.Sheets.Permits.RussianResearchBanned = true
	}
	if r.PurgeCard == PartyPurge {
		r.NoDiplomaticCounters = true
		s.Sheets.Permits.RussianResearchBanned = true
		r.PartyChoice = PartyResearch + "+" + PartyDiplomacy
	}
	if r.PurgeCard == GreatPurge {
		purgeRussianUnits(s, 1, evs) // 22.21D: one additional unit
	}
}

// purgeUnitOfType purges one active unit of type u (purge_unit; 22.21D
// names cards 61-69 and 133-141). The Siberian garrison's units go only
// when Russia has no other active unit (22.61); when the indicated type is
// only in the Siberian garrison, a non-Siberian unit is purged instead,
// chosen by 22.21A's order (22.61A: the judge chooses, docs/rules.md).
func purgeUnitOfType(s *State, u UnitType, evs *[]Event) {
	ru := s.Powers[Russia]
	kind := string(u)
	if unitCount(ru.Active, kind) > unitCount(siberianGarrison, kind) {
		addUnit(&ru.Active, kind, -1)
		addUnit(&ru.Reserve, kind, 1)
		var purged Units
		addUnit(&purged, kind, 1)
		*evs = append(*evs, UnitsPurged{Purged: purged, Active: ru.Active})
		return
	}
	purgeRussianUnits(s, 1, evs) // 22.61, 22.61A
}

// finishPartyPurge is Russia's choice of 22.21B, announced at the end of
// the economic phase, before diplomacy. Reading (docs/rules.md): as the
// choice comes after research, the judge makes it: research when Russia's
// research this turn kept to what the prohibition allows (its one basic
// point, no counters, no intelligence or advanced point), else diplomacy.
func finishPartyPurge(s *State, evs *[]Event) {
	r := &s.Russia
	if r.PurgeCard != PartyPurge || r.PartyChoice != "" {
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
	*evs = append(*evs, PartyPurgeChosen{Turn: s.Turn, Prohibited: choice})
}

// researchWithinPurge reports whether Russia's research points of this turn
// are allowed under a research prohibition (22.21B): at most one ordinary
// point (the basic point), no intelligence or advanced point, no counter.
func researchWithinPurge(s State) bool {
	normal := 0
	for _, a := range s.Sheets.Assigned {
		if a.Power != Russia || a.Turn != s.Turn {
			continue
		}
		switch a.Kind {
		case PointNormal:
			normal += a.Points
		case PointIntelligence, PointAdvanced, CounterCivilian:
			return false
		}
	}
	ru := s.Powers[Russia]
	return normal <= 1 && (ru == nil || ru.Used.Research == 0)
}

// PurgeCardDrawn reports Russia's purge card (22.41); public: its effects
// (units to reserve, prohibitions) are visible to all (docs/rules.md).
type PurgeCardDrawn struct {
	Turn Turn        `json:"turn"`
	Card PurgeCard   `json:"card"`
	Deck []PurgeCard `json:"deck"` // the cards it was drawn from (22.44, 22.45)
}

// PurgeLevelRaised reports purge events added to the purge level (22.31).
type PurgeLevelRaised struct {
	Rule     string   `json:"rule"`
	What     string   `json:"what"`
	Events   int      `json:"events"`
	Before   int      `json:"before"`
	After    int      `json:"after"`
	Cohesion Cohesion `json:"cohesion"`
	Excess   int      `json:"excess,omitempty"` // 22.73E: events beyond 30 now owed
}

// CohesionChanged reports a new Russian cohesion level (22.71).
type CohesionChanged struct {
	Before Cohesion `json:"before"`
	After  Cohesion `json:"after"`
}

// PartyPurgeChosen reports the prohibition of a Party purge (22.21B),
// announced publicly.
type PartyPurgeChosen struct {
	Turn       Turn   `json:"turn"`
	Prohibited string `json:"prohibited"` // research or diplomacy
}

// FlagInRussiaEliminated reports a foreign flag removed from Russia
// (10.91F; 22.45, 22.73C).
type FlagInRussiaEliminated struct {
	Rule  string `json:"rule"`
	Power Power  `json:"power"`
	Left  int    `json:"left"`
}

func (PurgeCardDrawn) Visibility() Visibility         { return public }
func (PurgeLevelRaised) Visibility() Visibility       { return public }
func (CohesionChanged) Visibility() Visibility        { return public }
func (PartyPurgeChosen) Visibility() Visibility       { return public }
func (FlagInRussiaEliminated) Visibility() Visibility { return public }
func (PurgeCardDrawn) Type() string                   { return "PurgeCardDrawn" }
func (PurgeLevelRaised) Type() string                 { return "PurgeLevelRaised" }
func (CohesionChanged) Type() string                  { return "CohesionChanged" }
func (PartyPurgeChosen) Type() string                 { return "PartyPurgeChosen" }
func (FlagInRussiaEliminated) Type() string           { return "FlagInRussiaEliminated" }

func init() {
	eventTypes["PurgeCardDrawn"] = decode[PurgeCardDrawn]
	eventTypes["PurgeLevelRaised"] = decode[PurgeLevelRaised]
	eventTypes["CohesionChanged"] = decode[CohesionChanged]
	eventTypes["PartyPurgeChosen"] = decode[PartyPurgeChosen]
	eventTypes["FlagInRussiaEliminated"] = decode[FlagInRussiaEliminated]
}

// purgeOffset applies a support purge offset by unit construction and
// research results (22.21D; docs/rules.md): the reduction is lessened by
// one for each Russian unit built and each Soviet research result achieved
// this turn, never turning into an increase, and counts one purge event
// (22.72B). The offset is known at the end of the economic phase: a purge
// taking effect before then waits for it (finishPurgeOffsets).
func purgeOffset(s *State, p PurgeOffset, evs *[]Event) string {
	r := &s.Russia
	if r.Offset == nil {
		r.PurgeOffsets = append(r.PurgeOffsets, p)
		return fmt.Sprintf("Russian support %+d at the end of the economic phase, 1 less for each unit built and research result achieved this turn (22.21D)", p.Value)
	}
	cut := min(p.Value+*r.Offset, 0)
	what := fmt.Sprintf("purge event %d, %+d offset by %d (22.21D)", p.Card, p.Value, *r.Offset)
	ChangeSupport(s, Russia, cut, "22.21D", what, supportDetermined(*s), evs)
	AddPurgeEvents(s, 1, "22.72B", fmt.Sprintf("purge event %d", p.Card), evs)
	return fmt.Sprintf("Russian support %+d: %+d offset by %d unit(s) built and research result(s) achieved this turn (22.21D)", cut, p.Value, *r.Offset)
}

// finishPurgeOffsets counts, at the end of the economic phase, the Russian
// units built and Soviet research results achieved this turn (from the
// phase's events) and applies the support purges waiting for them.
func finishPurgeOffsets(s *State, evs *[]Event) {
	n := 0
	for _, e := range *evs {
		switch e := e.(type) {
		case UnitsBuilt:
			if e.Power == Russia {
				n += e.Units.Total()
			}
		case ResearchResultAchieved:
			if e.Side == Soviet {
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
		*evs = append(*evs, PurgeOffsetApplied{Card: p.Card, Note: note})
	}
}

// PurgeOffsetApplied reports a support purge of a random event applied at
// the end of the economic phase with its offset (22.21D); public.
type PurgeOffsetApplied struct {
	Card int    `json:"card"`
	Note string `json:"note"`
}

func (PurgeOffsetApplied) Visibility() Visibility { return public }
func (PurgeOffsetApplied) Type() string           { return "PurgeOffsetApplied" }

func init() {
	eventTypes["PurgeOffsetApplied"] = decode[PurgeOffsetApplied]
}
