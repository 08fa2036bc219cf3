package adjudicator

import (
	"fmt"
	"slices"
)

// What a crisis leaves behind: the aggression's success and conquest (29,
// 30), the Nazi-Soviet Pact offered with it (31), war (27.83), and the end
// of the crisis phase (32.82).

// War is the war that ends the game (26.13, 33.11).
type War struct {
	Turn Turn `json:"turn"`
	// Kind: "crisis" (27.83) or "pre-emptive" (32.8).
	Kind string `json:"kind"`
	// Aggressor and Target: the crisis the war broke out over (27.83);
	// empty for a pre-emptive war.
	Aggressor Power  `json:"aggressor,omitempty"`
	Target    string `json:"target,omitempty"`
	// Declarers are the powers that declared war, Against those war was
	// declared on.
	Declarers []Power `json:"declarers"`
	Against   []Power `json:"against"`
	// Thresholds are the declarers' thresholds (32.3), each with its terms.
	Thresholds []Threshold `json:"thresholds,omitempty"`
	// More are the other wars of the same turn: both Axis powers' crises
	// went over the brink (27.13, 26.13).
	More []War `json:"more,omitempty"`
}

func (w *War) clone() *War {
	if w == nil {
		return nil
	}
	c := *w
	c.Declarers = cloneSlice(w.Declarers)
	c.Against = cloneSlice(w.Against)
	c.Thresholds = cloneThresholds(w.Thresholds)
	c.More = nil
	for _, m := range w.More {
		c.More = append(c.More, *m.clone())
	}
	return &c
}

// cloneThresholds deep-copies thresholds with their terms.
func cloneThresholds(ts []Threshold) []Threshold {
	out := cloneSlice(ts)
	for i := range out {
		out[i].Terms = cloneSlice(ts[i].Terms)
	}
	return out
}

// AggressionSucceeded reports an aggression that succeeded (27.52A,
// 27.72): completed at once (29.21, 29.33A-B), or due at a later turn
// (29.32, 29.33B).
type AggressionSucceeded struct {
	Turn      Turn   `json:"turn"`
	Aggressor Power  `json:"aggressor"`
	Target    string `json:"target"`
	Completed *Turn  `json:"completed,omitempty"`
	Due       *Turn  `json:"due,omitempty"`
	// Counter: Italy uses its military counter, at one tile point a turn
	// when Paid (29.31, 29.33C).
	Counter bool   `json:"counter,omitempty"`
	Paid    bool   `json:"paid,omitempty"`
	Rule    string `json:"rule"`
}

// ConquestCompleted reports an Italian conquest completed at the end of a
// turn (29.32, 29.33B), or a turn of war paid for (29.33C).
type ConquestCompleted struct {
	Turn   Turn   `json:"turn"`
	Target string `json:"target"`
	Done   bool   `json:"done"`
	Cost   int    `json:"cost"`
	Rule   string `json:"rule"`
}

// PactSigned reports the Nazi-Soviet Pact signed (31.3-31.5) with its
// concession level and terms.
type PactSigned struct {
	Turn    Turn       `json:"turn"`
	Level   int        `json:"level"`
	Rounded int        `json:"rounded"`
	Terms   []PactTerm `json:"terms"`
	Purge   int        `json:"purge_events"`
}

// PactNotOffered reports an aggression against Poland without the pact
// offered (31.61), or one against the Baltic States (31.91).
type PactNotOffered struct {
	Turn   Turn   `json:"turn"`
	Target string `json:"target"`
	Purge  int    `json:"purge_events"`
	Rule   string `json:"rule"`
}

// WarBroke reports the outbreak of war (27.83, 32.8): the game ends.
type WarBroke struct {
	War War `json:"war"`
}

func (AggressionSucceeded) Visibility() Visibility { return public }
func (ConquestCompleted) Visibility() Visibility   { return public }
func (PactSigned) Visibility() Visibility          { return public }
func (PactNotOffered) Visibility() Visibility      { return public }
func (WarBroke) Visibility() Visibility            { return public }
func (AggressionSucceeded) Type() string           { return "AggressionSucceeded" }
func (ConquestCompleted) Type() string             { return "ConquestCompleted" }
func (PactSigned) Type() string                    { return "PactSigned" }
func (PactNotOffered) Type() string                { return "PactNotOffered" }
func (WarBroke) Type() string                      { return "WarBroke" }

func init() {
	eventTypes["AggressionSucceeded"] = decode[AggressionSucceeded]
	eventTypes["ConquestCompleted"] = decode[ConquestCompleted]
	eventTypes["PactSigned"] = decode[PactSigned]
	eventTypes["PactNotOffered"] = decode[PactNotOffered]
	eventTypes["WarBroke"] = decode[WarBroke]
}

// controlled names the minor country an aggression puts under the
// aggressor's control (29.21, 29.3): none for the Rhineland, part of
// Germany (27.41); the Sudetenland and Danzig and the Corridor are no
// diplomatic targets of their own, so s.Minor finds nothing for them.
func controlled(target string) string {
	if target == Rhineland {
		return ""
	}
	return target
}

// aggressionSucceeds records a successful aggression (27.52A, 27.72, 29).
// The effects of 30 follow from the record (SupportFacts.Aggressions):
// support (10.51B, 10.61A, 10.71B, 10.81B, 10.91B), the EAI (23.21A),
// activity counters (12.22E), additional random events (9.14), trade
// pacts (11.61E, through Minor.Controller) and victory points (34.51A);
// docs/rules.md "Aggression effects".
func aggressionSucceeds(s *State, c Crisis, evs *[]Event) {
	t := s.Turn
	a := Aggression{Aggressor: c.Aggressor, Target: c.Target, Turn: t}
	ev := AggressionSucceeded{Turn: t, Aggressor: c.Aggressor, Target: c.Target}
	if c.Aggressor == Germany { // 29.21: control in one turn at no cost
		a.Completed = cloneTurn(&t)
		ev.Completed, ev.Rule = cloneTurn(&t), "29.21"
		if c.Target == "Poland" {
			ev.Rule = "29.21, 29.22A"
		}
	} else {
		done, counter, paid, err := ItalianConquest(*s, c.Target, t)
		if err != nil {
			return
		}
		ev.Counter, ev.Paid = counter, paid
		ev.Rule = map[bool]string{true: "29.32", false: "29.33"}[c.Target == Ethiopia]
		if paid { // 29.33C: the first turn's tile point
			payConquest(s, c.Target, evs)
		}
		if done == t {
			a.Completed = cloneTurn(&t)
			ev.Completed = cloneTurn(&t)
		} else {
			a.Due = cloneTurn(&done)
			ev.Due = cloneTurn(&done)
		}
	}
	if c.Aggressor == Germany && c.Target == "Poland" {
		if polandSucceeds(s, c, evs) { // 29.22C: Poland stays neutral, Danzig taken
			return
		}
	}
	if a.Completed != nil {
		if m := s.Minor(controlled(c.Target)); m != nil {
			m.Controller = c.Aggressor
		}
	}
	if a.Aggressor == Italy && a.Target != Ethiopia {
		a.BritishLead = britishLead(*s, a.Target) // 10.71B, 10.81B, 12.22E
	}
	s.SupportFacts.Aggressions = append(s.SupportFacts.Aggressions, a)
	*evs = append(*evs, ev)
	temporarySupport(s, a, evs) // 10.71B, 10.81B (aggressioneffects.go)
}

// payConquest pays Italy's tile point for a turn of its military counter
// at war (29.33C).
func payConquest(s *State, target string, evs *[]Event) {
	payMandatory(s.Powers[Italy], 1)
	*evs = append(*evs, ConquestCompleted{Turn: s.Turn, Target: target, Cost: 1, Rule: "29.33C"})
}

// progressConquests runs at the end of a turn: Italian conquests due this
// turn are completed (29.32, 29.33B); the others cost Italy a tile point
// for the next turn's use of its counter (29.33C).
func progressConquests(s *State, evs *[]Event) {
	for i := range s.SupportFacts.Aggressions {
		a := &s.SupportFacts.Aggressions[i]
		if a.Completed != nil || a.Due == nil {
			continue
		}
		if !s.Turn.Before(*a.Due) {
			a.Completed = cloneTurn(&s.Turn)
			a.Due = nil
			if m := s.Minor(controlled(a.Target)); m != nil {
				m.Controller = a.Aggressor
			}
			rule := map[bool]string{true: "29.32", false: "29.33B"}[a.Target == Ethiopia]
			*evs = append(*evs, ConquestCompleted{Turn: s.Turn, Target: a.Target, Done: true, Rule: rule})
		}
	}
}

// chargeConquests charges Italy's tile point for each war with a minor
// country still under way this turn, the turn of the attack excepted
// (paid then; 29.33C). Ethiopia costs nothing (29.32).
func chargeConquests(s *State, evs *[]Event) {
	for _, a := range s.SupportFacts.Aggressions {
		if a.Aggressor == Italy && a.Completed == nil && a.Due != nil && a.Target != Ethiopia && a.Turn.Before(s.Turn) {
			payConquest(s, a.Target, evs)
		}
	}
}

// pactAtAnnouncement applies Germany's choice about the pact when it moves
// against Poland (31.21A, 31.61): without the offer Russia is opposed for
// good (r-31-61-announce).
func pactAtAnnouncement(s *State, c Crisis, evs *[]Event) {
	if c.Pact || s.SupportFacts.PactSigned != nil {
		return
	}
	// 31.61C: the table of 30; Poland's events include Danzig's, and a
	// move made again after backing down adds none (r-31-61-once).
	total, _ := effectSum(*s, AggrPurge, Germany, c.Target)
	purge := max(total-s.SupportFacts.NoPactPurge, 0)
	s.SupportFacts.NoPactPurge += purge
	already := s.SupportFacts.NoPactProposed != nil
	if s.SupportFacts.NoPactProposed == nil {
		s.SupportFacts.NoPactProposed = cloneTurn(&s.Turn)
	}
	s.Conditions.PolandAggressionWithoutPact = true // 31.61D, 14.43C
	if already && purge == 0 {
		return // Russia was opposed for good already
	}
	*evs = append(*evs, PactNotOffered{Turn: s.Turn, Target: c.Target, Purge: purge, Rule: "31.61"})
	AddPurgeEvents(s, purge, "22.31C", "German aggression against "+c.Target+" without the Nazi-Soviet Pact (31.61C)", evs)
}

// balticHostility is 31.91: Russia implacably hostile after an aggression
// against the Baltic States.
func balticHostility(s *State, evs *[]Event) {
	if s.Conditions.BalticAggression {
		return
	}
	s.Conditions.BalticAggression = true                        // 31.91A, D
	purge, _ := effectSum(*s, AggrPurge, Germany, BalticStates) // 31.91C: the table of 30
	*evs = append(*evs, PactNotOffered{Turn: s.Turn, Target: BalticStates, Purge: purge, Rule: "31.91"})
	AddPurgeEvents(s, purge, "22.31C", "German aggression against the Baltic States (31.91C)", evs)
}

// signPact signs the Nazi-Soviet Pact offered in crisis c once the crisis
// is resolved (31.31A, 31.5): the concession level with Poland's tile.
func signPact(s *State, c Crisis, evs *[]Event) {
	if !c.Pact || s.SupportFacts.PactSigned != nil {
		return
	}
	// 31.32E: Poland's resistance with the crisis's tile; over Danzig and
	// the Corridor it is lowered by the demand (28.21H), not all of Poland.
	level, rounded, terms := PactConcessionLevel(*s, c.Tile)
	purge := max(level, 0) / 5                     // 31.51F: the level itself; 31.33's rounding has no effect in this game (r-31-51f)
	s.SupportFacts.PactSigned = cloneTurn(&s.Turn) // in effect from now: 31.51E, 24.38, 24.82B (pactInEffect)
	s.SupportFacts.PactLevel = level
	pactEliminations(s, evs) // 31.51C
	*evs = append(*evs, PactSigned{Turn: s.Turn, Level: level, Rounded: rounded, Terms: terms, Purge: purge})
	if purge > 0 {
		AddPurgeEvents(s, purge, "22.31D", "the Nazi-Soviet Pact (31.51F)", evs)
	}
}

// crisisWar is 27.83: the aggressor attacks; the Allies who may declare
// war do (32.61A) and the game ends after the final research (33.2).
func crisisWar(s *State, c Crisis, evs *[]Event) {
	b, f := crisisThresholds(*s, c)
	bMay, fMay := AlliedDeclarations(b, f)
	w := War{Turn: s.Turn, Kind: "crisis", Aggressor: c.Aggressor, Target: c.Target, Against: []Power{c.Aggressor}}
	if bMay {
		w.Declarers = append(w.Declarers, Britain)
		w.Thresholds = append(w.Thresholds, b)
	}
	if fMay {
		w.Declarers = append(w.Declarers, France)
		w.Thresholds = append(w.Thresholds, f)
	}
	declareWar(s, w, evs)
}

// declareWar records war w (26.13): the game's war, or, when war broke
// out already this turn (both Axis crises in tandem, 27.13; two threats
// refused, 32.83), one more of it, its declarers and targets added.
func declareWar(s *State, w War, evs *[]Event) {
	*evs = append(*evs, WarBroke{War: w})
	if s.War == nil {
		s.War = &w
		return
	}
	s.War.Declarers = appendNew(s.War.Declarers, w.Declarers...)
	s.War.Against = appendNew(s.War.Against, w.Against...)
	s.War.More = append(s.War.More, w)
}

// crisisActive reports a crisis of this turn not yet over.
func crisisActive(s State) bool {
	return slices.ContainsFunc(s.Crisis.Crises, func(c Crisis) bool { return c.Stage != StageOver })
}

// crisisStays reports a crisis segment asked again (r-27-51-concert).
func crisisStays(s State) bool {
	return slices.ContainsFunc(s.Crisis.Crises, func(c Crisis) bool { return c.Stage != StageOver && c.Asked > 0 })
}

// endCrisisPhase closes the crisis segments: the pacts offered are
// signed (31.31A), and every secret crisis event still held is revealed
// before pre-emptive war is considered (32.82, 9.41E).
func endCrisisPhase(s *State, evs *[]Event) {
	for _, c := range s.Crisis.Crises {
		signPact(s, c, evs)
	}
	revealHeld(s, RevealCrisis, evs)
}

// AggressedThisTurn reports the Axis powers committing an aggression this
// turn: announced and not backed down from (32.61B).
func AggressedThisTurn(s State) map[Power]bool {
	out := map[Power]bool{}
	for _, c := range s.Crisis.Crises {
		switch c.Outcome {
		case AggressorBacksDown, AggressorBacksDownUl:
		default:
			out[c.Aggressor] = true
		}
	}
	return out
}

// CrisisLines words the open crisis segment's question for p's notice.
func CrisisLines(s State, p Power) []string {
	if !s.Crisis.On || s.Ended {
		return nil
	}
	var out []string
	for _, c := range s.Crisis.Crises {
		if c.Stage == StageOver || stageSegment[c.Stage] != s.Segment {
			continue // a crisis waiting for the other's second answer (27.13) is told when its segment opens
		}
		head := fmt.Sprintf("%s's aggression against %s", c.Aggressor.Title(), c.Target)
		switch c.Stage {
		case StageResponse:
			if slices.Contains(allied, p) {
				if mustAcquiesce(s, c) {
					continue
				}
				out = append(out, head+fmt.Sprintf(": answer OPPOSE or ACQUIESCE (27.51); opposing draws a resistance tile (28.5). Resistance now %d before the tile.", c.Resistance))
			}
			if p == Russia && russiaMayOppose(s, c) {
				out = append(out, head+": Russia may OPPOSE as an Allied power (26.14A) or PASS.")
			}
		case StageAxisResponse:
			if p == c.Aggressor {
				out = append(out, head+fmt.Sprintf(" is opposed; resistance %d with its tile: CONTINUE or BACK DOWN (27.61C).", c.Resistance))
			}
		case StageUltimatum:
			if slices.Contains(allied, p) && ultimatumPossible(s, c) {
				b, f := crisisThresholds(s, c)
				out = append(out, head+fmt.Sprintf(" continues: ULTIMATUM or BACK DOWN (27.71B); thresholds for declaring war (32.62): Britain %+d, France %+d (at least +1 to meet).", b.Net, f.Net))
			}
		case StageBrink:
			if p == c.Aggressor {
				out = append(out, head+": the Allies issued an ultimatum: ATTACK (war; the game ends) or BACK DOWN (27.81).")
			}
		}
	}
	return out
}

// italyEngaged reports Italy at war with a minor country: a conquest
// under way, Ethiopia's included (29.34).
func italyEngaged(s State) bool {
	return slices.ContainsFunc(s.SupportFacts.Aggressions, func(a Aggression) bool {
		return a.Aggressor == Italy && a.Completed == nil && a.Due != nil
	})
}

// italyUsedMilitaryCounter reports Italy's military counter placed this
// turn for diplomacy or a civil war (29.34).
func italyUsedMilitaryCounter(s State, target string) bool {
	return slices.ContainsFunc(s.Diplomacy.Placements, func(pl Placement) bool {
		return pl.Power == Italy && pl.Military && pl.Country != target // 27.21A: the target's civil war is the same war (r-29-34-target)
	})
}

// PactFlagsRemoved reports Russian and Allied flags removed one for one
// where they shared a target when the pact was signed (31.51C, 24.82B).
type PactFlagsRemoved struct {
	Turn    Turn   `json:"turn"`
	Country string `json:"country"`
	Removed int    `json:"removed"` // of each side
}

func (PactFlagsRemoved) Visibility() Visibility { return public }
func (PactFlagsRemoved) Type() string           { return "PactFlagsRemoved" }

func init() { eventTypes["PactFlagsRemoved"] = decode[PactFlagsRemoved] }

// pactEliminations is 31.51C: with the pact, Russian and Allied flags no
// longer share a target; they are removed one for one, the Allied flag
// from the power with more flags there (Britain on a tie, as 24.82C).
func pactEliminations(s *State, evs *[]Event) {
	for i := range s.Minors {
		m := &s.Minors[i]
		c := m.FlagCounts()
		n := min(c[Russia], c[Britain]+c[France])
		if n == 0 {
			continue
		}
		for range n {
			c[Russia]--
			if c[France] > c[Britain] {
				c[France]--
			} else {
				c[Britain]--
			}
		}
		m.setFlagCounts(c)
		*evs = append(*evs, PactFlagsRemoved{Turn: s.Turn, Country: m.Name, Removed: n})
	}
}

// PolandDecided reports Germany's choice for Poland proper (29.22) and
// what it did to the Nazi-Soviet Pact (31.8).
type PolandDecided struct {
	Turn   Turn   `json:"turn"`
	Choice string `json:"choice"`
	// PactBroken: the pact of an earlier turn is broken (31.83; offering
	// it with a satellite is refused, 31.82).
	PactBroken bool   `json:"pact_broken,omitempty"`
	Rule       string `json:"rule"`
}

func (PolandDecided) Visibility() Visibility { return public }
func (PolandDecided) Type() string           { return "PolandDecided" }

func init() { eventTypes["PolandDecided"] = decode[PolandDecided] }

// polandSatelliteUnits are the Polish units on the Axis part of the
// Russian garrison track (29.22B): two infantry and one air unit.
const polandSatelliteUnits = 3

// polandSucceeds carries out Germany's choice for Poland proper when the
// aggression succeeds (29.22): Danzig and the Corridor incorporated if
// not yet; conquest (A) as other German targets; a satellite (B) under
// German control with its trade pact and units, breaking the pact (31.81);
// a neutral Poland (C), only Danzig taken. It reports whether the caller
// must not record Poland as conquered (C).
func polandSucceeds(s *State, c Crisis, evs *[]Event) bool {
	t := s.Turn
	if !completedBy(*s, Germany, "Danzig and the Corridor") && c.Poland == PolandNeutral {
		s.SupportFacts.Aggressions = append(s.SupportFacts.Aggressions,
			Aggression{Aggressor: Germany, Target: "Danzig and the Corridor", Turn: t, Completed: cloneTurn(&t)})
	}
	ev := PolandDecided{Turn: t, Choice: c.Poland, Rule: map[string]string{PolandConquest: "29.22A", PolandSatellite: "29.22B, 31.81", PolandNeutral: "29.22C"}[c.Poland]}
	switch c.Poland {
	case PolandNeutral:
		s.SupportFacts.PolandNeutral = true
		*evs = append(*evs, ev)
		return true
	case PolandSatellite:
		s.SupportFacts.PolandSatellite = true
		if s.SupportFacts.PactSigned != nil && !s.Conditions.PactViolated { // 31.83
			ev.PactBroken = true
			breakPact(s, evs)
		}
	}
	*evs = append(*evs, ev)
	return false
}

// breakPact is 31.83: the pact of an earlier turn broken by a satellite
// Poland. Its effects stop but for the EAI's (31.83A; the 31.51 rules
// read Conditions.PactViolated); flags eliminated stay so (31.83B); the
// purge level rises by what the aggression against Poland without the
// pact exceeds the pact's increase (31.83C); 31.6 applies from this
// crisis phase (31.83D).
func breakPact(s *State, evs *[]Event) {
	s.Conditions.PactViolated = true // 31.83A: the anti-Comintern counter again, flags may share (pactInEffect)
	poland, _ := effectSum(*s, AggrPurge, Germany, "Poland")
	pactPurge := max(s.SupportFacts.PactLevel, 0) / 5
	if d := poland - pactPurge; d > 0 {
		AddPurgeEvents(s, d, "22.31C", "the Nazi-Soviet Pact broken: Poland a German satellite (31.83C)", evs)
	}
	if s.SupportFacts.NoPactProposed == nil {
		s.SupportFacts.NoPactProposed = cloneTurn(&s.Turn) // 31.83D, 31.61B
	}
	s.Conditions.PolandAggressionWithoutPact = true // 31.61D
}
