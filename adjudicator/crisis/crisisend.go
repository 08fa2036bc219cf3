package crisis

import (
	"fmt"
	"slices"

	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/randomevent"
	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/threshold"
	"stormjudge/adjudicator/track"
)

// What a crisis leaves behind: the aggression's success and conquest (29,
// 30), the Nazi-Soviet Pact offered with it (31), war (27.83), and the end
// of the crisis phase (32.82).

// controlled names the minor country an aggression puts under the
// aggressor's control (29.21, 29.3): none for the Rhineland, part of
// Germany (27.41); the Sudetenland and Danzig and the Corridor are no
// diplomatic targets of their own, so s.Minor finds nothing for them.
func controlled(target string) string {
	if target == storm.Rhineland {
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
func aggressionSucceeds(s *storm.State, c storm.Crisis, evs *[]event.Event) {
	t := s.Turn
	a := storm.Aggression{Aggressor: c.Aggressor, Target: c.Target, Turn: t}
	ev := event.AggressionSucceeded{Turn: t, Aggressor: c.Aggressor, Target: c.Target}
	if c.Aggressor == storm.Germany { // 29.21: control in one turn at no cost
		a.Completed = storm.CloneTurn(&t)
		ev.Completed, ev.Rule = storm.CloneTurn(&t), "29.21"
		if c.Target == "Poland" {
			ev.Rule = "29.21, 29.22A"
		}
	} else {
		done, counter, paid, err := italianConquest(*s, c.Target, t)
		if err != nil {
			return
		}
		ev.Counter, ev.Paid = counter, paid
		ev.Rule = map[bool]string{true: "29.32", false: "29.33"}[c.Target == storm.Ethiopia]
		if paid { // 29.33C: the first turn's tile point
			payConquest(s, c.Target, evs)
		}
		if done == t {
			a.Completed = storm.CloneTurn(&t)
			ev.Completed = storm.CloneTurn(&t)
		} else {
			a.Due = storm.CloneTurn(&done)
			ev.Due = storm.CloneTurn(&done)
		}
	}
	if c.Aggressor == storm.Germany && c.Target == "Poland" {
		if polandSucceeds(s, c, evs) { // 29.22C: Poland stays neutral, Danzig taken
			return
		}
	}
	if a.Completed != nil {
		if m := s.Minor(controlled(c.Target)); m != nil {
			m.Controller = c.Aggressor
		}
	}
	if a.Aggressor == storm.Italy && a.Target != storm.Ethiopia {
		a.BritishLead = britishLead(*s, a.Target) // 10.71B, 10.81B, 12.22E
	}
	s.SupportFacts.Aggressions = append(s.SupportFacts.Aggressions, a)
	*evs = append(*evs, ev)
	if a.Completed != nil { // 11.61E: the pact comes with control, at once
		track.UpdateTradePactOf(s, controlled(c.Target), evs)
	}
	temporarySupport(s, a, evs) // 10.71B, 10.81B (aggressioneffects.go)
}

// payConquest pays Italy's tile point for a turn of its military counter
// at war (29.33C).
func payConquest(s *storm.State, target string, evs *[]event.Event) {
	track.PayMandatory(s.Powers[storm.Italy], 1)
	*evs = append(*evs, event.ConquestCompleted{Turn: s.Turn, Target: target, Cost: 1, Rule: "29.33C"})
}

// ProgressConquests runs at the end of a turn: Italian conquests due this
// turn are completed (29.32, 29.33B); the others cost Italy a tile point
// for the next turn's use of its counter (29.33C).
func ProgressConquests(s *storm.State, evs *[]event.Event) {
	for i := range s.SupportFacts.Aggressions {
		a := &s.SupportFacts.Aggressions[i]
		if a.Completed != nil || a.Due == nil {
			continue
		}
		if !s.Turn.Before(*a.Due) {
			a.Completed = storm.CloneTurn(&s.Turn)
			a.Due = nil
			if m := s.Minor(controlled(a.Target)); m != nil {
				m.Controller = a.Aggressor
			}
			rule := map[bool]string{true: "29.32", false: "29.33B"}[a.Target == storm.Ethiopia]
			*evs = append(*evs, event.ConquestCompleted{Turn: s.Turn, Target: a.Target, Done: true, Rule: rule})
			track.UpdateTradePactOf(s, controlled(a.Target), evs) // 11.61E
		}
	}
}

// ChargeConquests charges Italy's tile point for each war with a minor
// country still under way this turn, the turn of the attack excepted
// (paid then; 29.33C). Ethiopia costs nothing (29.32).
func ChargeConquests(s *storm.State, evs *[]event.Event) {
	for _, a := range s.SupportFacts.Aggressions {
		if a.Aggressor == storm.Italy && a.Completed == nil && a.Due != nil && a.Target != storm.Ethiopia && a.Turn.Before(s.Turn) {
			payConquest(s, a.Target, evs)
		}
	}
}

// pactAtAnnouncement applies Germany's choice about the pact when it moves
// against Poland (31.21A, 31.61): without the offer Russia is opposed for
// good (r-31-61-announce).
func pactAtAnnouncement(s *storm.State, c storm.Crisis, evs *[]event.Event) {
	if c.Pact || s.SupportFacts.PactSigned != nil {
		return
	}
	// 31.61C: the table of 30; Poland's events include Danzig's, and a
	// move made again after backing down adds none (r-31-61-once).
	total, _ := storm.EffectSum(*s, storm.AggrPurge, storm.Germany, c.Target)
	purge := max(total-s.SupportFacts.NoPactPurge, 0)
	s.SupportFacts.NoPactPurge += purge
	already := s.SupportFacts.NoPactProposed != nil
	if s.SupportFacts.NoPactProposed == nil {
		s.SupportFacts.NoPactProposed = storm.CloneTurn(&s.Turn)
	}
	s.Conditions.PolandAggressionWithoutPact = true // 31.61D, 14.43C
	if already && purge == 0 {
		return // Russia was opposed for good already
	}
	*evs = append(*evs, event.PactNotOffered{Turn: s.Turn, Target: c.Target, Purge: purge, Rule: "31.61"})
	randomevent.AddPurgeEvents(s, purge, "22.31C", "German aggression against "+c.Target+" without the Nazi-Soviet Pact (31.61C)", evs)
}

// balticHostility is 31.91: Russia implacably hostile after an aggression
// against the Baltic States.
func balticHostility(s *storm.State, evs *[]event.Event) {
	if s.Conditions.BalticAggression {
		return
	}
	s.Conditions.BalticAggression = true // 31.91A, D
	// 31.91C refers to 22.31C, which counts German aggression only if no
	// Nazi-Soviet Pact has been signed (r-22-31c-baltic).
	signed := s.SupportFacts.PactSigned != nil
	purge := 0
	if !signed {
		purge, _ = storm.EffectSum(*s, storm.AggrPurge, storm.Germany, storm.BalticStates) // 31.91C: the table of 30
	}
	*evs = append(*evs, event.PactNotOffered{Turn: s.Turn, Target: storm.BalticStates, Purge: purge, Rule: "31.91", PactSigned: signed})
	randomevent.AddPurgeEvents(s, purge, "22.31C", "German aggression against the Baltic States (31.91C)", evs)
}

// signPact signs the Nazi-Soviet Pact offered in crisis c once the crisis
// is resolved (31.31A, 31.5): the concession level with Poland's tile.
func signPact(s *storm.State, c storm.Crisis, evs *[]event.Event) {
	if !c.Pact || s.SupportFacts.PactSigned != nil {
		return
	}
	// 31.32E: Poland's resistance with the crisis's tile; over Danzig and
	// the Corridor it is lowered by the demand (28.21H), not all of Poland.
	level, rounded, terms := threshold.PactConcessionLevel(*s, c.Tile)
	purge := threshold.PactPurge(level)                  // 31.51F: the level over five to the nearest whole number (r-31-51f)
	s.SupportFacts.PactSigned = storm.CloneTurn(&s.Turn) // in effect from now: 31.51E, 24.38, 24.82B (PactInEffect)
	s.SupportFacts.PactLevel = level
	pactEliminations(s, evs) // 31.51C
	*evs = append(*evs, event.PactSigned{Turn: s.Turn, Level: level, Rounded: rounded, Terms: terms, Purge: purge})
	if purge > 0 {
		randomevent.AddPurgeEvents(s, purge, "22.31D", "the Nazi-Soviet Pact (31.51F)", evs)
	}
}

// crisisWar is 27.83: the aggressor attacks; the Allies who may declare
// war do (32.61A) and the game ends after the final research (33.2).
func crisisWar(s *storm.State, c storm.Crisis, evs *[]event.Event) {
	b, f := crisisThresholds(*s, c)
	bMay, fMay := threshold.AlliedDeclarations(b, f)
	w := storm.War{Turn: s.Turn, Kind: "crisis", Aggressor: c.Aggressor, Target: c.Target, Against: []storm.Power{c.Aggressor}}
	if bMay {
		w.Declarers = append(w.Declarers, storm.Britain)
		w.Thresholds = append(w.Thresholds, b)
	}
	if fMay {
		w.Declarers = append(w.Declarers, storm.France)
		w.Thresholds = append(w.Thresholds, f)
	}
	track.DeclareWar(s, w, evs)
}

// CrisisActive reports a crisis of this turn not yet over.
func CrisisActive(s storm.State) bool {
	return slices.ContainsFunc(s.Crisis.Crises, func(c storm.Crisis) bool { return c.Stage != storm.StageOver })
}

// CrisisStays reports a crisis segment asked again (r-27-51-concert).
func CrisisStays(s storm.State) bool {
	return slices.ContainsFunc(s.Crisis.Crises, func(c storm.Crisis) bool { return c.Stage != storm.StageOver && c.Asked > 0 })
}

// EndCrisisPhase closes the crisis segments: the pacts offered are
// signed (31.31A), and every secret crisis event still held is revealed
// before pre-emptive war is considered (32.82, 9.41E).
func EndCrisisPhase(s *storm.State, evs *[]event.Event) {
	for _, c := range s.Crisis.Crises {
		signPact(s, c, evs)
	}
	italianAttackEndsCivilWar(s, evs) // 25.61B
	randomevent.RevealHeld(s, storm.RevealCrisis, evs)
}

// italianAttackEndsCivilWar is 25.61B: Italy's attack on Greece or
// Yugoslavia while a civil war is fought there ends it at the end of the
// crisis phase, with the effects of any civil war's end (25.71-25.73,
// track.EndCivilWar). Italy attacks when its aggression is carried out
// (acquiesced, or the Allies backing down): one it backs down from
// attacks nothing, and one that ends in war ends the game (25.61C,
// r-25-61b).
func italianAttackEndsCivilWar(s *storm.State, evs *[]event.Event) {
	for _, a := range s.SupportFacts.Aggressions {
		if a.Aggressor != storm.Italy || a.Turn != s.Turn || (a.Target != "Greece" && a.Target != "Yugoslavia") {
			continue
		}
		w, m := storm.CivilWarIn(s, a.Target), s.Minor(a.Target)
		if w == nil || m == nil {
			continue
		}
		ev := event.CivilWarEnded{Turn: s.Turn, Country: a.Target, Rule: "25.61B", Flags: m.FlagCounts()}
		if m.TotalFlags() > 0 {
			ev.Power = m.FlagPower
		}
		ev.Split = track.EndCivilWar(s, w, "25.61B")
		ev.Winner = w.Winner
		*evs = append(*evs, ev)
	}
}

// CrisisLines words the open crisis segment's question for p's notice.
func CrisisLines(s storm.State, p storm.Power) []string {
	if !s.Crisis.On || s.Ended {
		return nil
	}
	var out []string
	for _, c := range s.Crisis.Crises {
		if c.Stage == storm.StageOver || storm.StageSegment[c.Stage] != s.Segment {
			continue // a crisis waiting for the other's second answer (27.13) is told when its segment opens
		}
		head := fmt.Sprintf("%s's aggression against %s", c.Aggressor.Title(), c.Target)
		switch c.Stage {
		case storm.StageResponse:
			if slices.Contains(storm.Allied, p) {
				if mustAcquiesce(s, c) {
					continue
				}
				out = append(out, head+fmt.Sprintf(": answer OPPOSE or ACQUIESCE (27.51); opposing draws a resistance tile (28.5). Resistance now %d before the tile.", c.Resistance))
			}
			if p == storm.Russia && russiaMayOppose(s, c) {
				out = append(out, head+": Russia may OPPOSE as an Allied power (26.14A) or PASS.")
			}
		case storm.StageAxisResponse:
			if p == c.Aggressor {
				out = append(out, head+fmt.Sprintf(" is opposed; resistance %d with its tile: CONTINUE or BACK DOWN (27.61C).", c.Resistance))
			}
		case storm.StageUltimatum:
			if slices.Contains(storm.Allied, p) && ultimatumPossible(s, c) {
				b, f := crisisThresholds(s, c)
				out = append(out, head+fmt.Sprintf(" continues: ULTIMATUM or BACK DOWN (27.71B); thresholds for declaring war (32.62): Britain %+d, France %+d (at least +1 to meet).", b.Net, f.Net))
			}
		case storm.StageBrink:
			if p == c.Aggressor {
				out = append(out, head+": the Allies issued an ultimatum: ATTACK (war; the game ends) or BACK DOWN (27.81).")
			}
		}
	}
	return out
}

// italyUsedMilitaryCounter reports Italy's military counter placed this
// turn for diplomacy or a civil war (29.34).
func italyUsedMilitaryCounter(s storm.State, target string) bool {
	return slices.ContainsFunc(s.Diplomacy.Placements, func(pl storm.Placement) bool {
		return pl.Power == storm.Italy && pl.Military && pl.Country != target // 27.21A: the target's civil war is the same war (r-29-34-target)
	})
}

// pactEliminations is 31.51C: with the pact, Russian and Allied flags no
// longer share a target; they are removed one for one, the Allied flag
// from the power with more flags there (Britain on a tie, as 24.82C).
func pactEliminations(s *storm.State, evs *[]event.Event) {
	for i := range s.Minors {
		m := &s.Minors[i]
		c := m.FlagCounts()
		n := min(c[storm.Russia], c[storm.Britain]+c[storm.France])
		if n == 0 {
			continue
		}
		for range n {
			c[storm.Russia]--
			if c[storm.France] > c[storm.Britain] {
				c[storm.France]--
			} else {
				c[storm.Britain]--
			}
		}
		m.SetFlagCounts(c)
		*evs = append(*evs, event.PactFlagsRemoved{Turn: s.Turn, Country: m.Name, Removed: n})
	}
}

// polandSucceeds carries out Germany's choice for Poland proper when the
// aggression succeeds (29.22): Danzig and the Corridor incorporated if
// not yet; conquest (A) as other German targets; a satellite (B) under
// German control with its trade pact and units, breaking the pact (31.81);
// a neutral Poland (C), only Danzig taken. It reports whether the caller
// must not record Poland as conquered (C).
func polandSucceeds(s *storm.State, c storm.Crisis, evs *[]event.Event) bool {
	t := s.Turn
	if !storm.CompletedBy(*s, storm.Germany, "Danzig and the Corridor") && c.Poland == storm.PolandNeutral {
		s.SupportFacts.Aggressions = append(s.SupportFacts.Aggressions,
			storm.Aggression{Aggressor: storm.Germany, Target: "Danzig and the Corridor", Turn: t, Completed: storm.CloneTurn(&t)})
	}
	ev := event.PolandDecided{Turn: t, Choice: c.Poland, Rule: map[string]string{storm.PolandConquest: "29.22A", storm.PolandSatellite: "29.22B, 31.81", storm.PolandNeutral: "29.22C"}[c.Poland]}
	switch c.Poland {
	case storm.PolandNeutral:
		s.SupportFacts.PolandNeutral = true
		*evs = append(*evs, ev)
		return true
	case storm.PolandSatellite:
		s.SupportFacts.PolandSatellite = true
		if storm.PactInEffect(*s) { // 31.83
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
func breakPact(s *storm.State, evs *[]event.Event) {
	s.Conditions.PactViolated = true // 31.83A: the anti-Comintern counter again, flags may share (PactInEffect)
	poland, _ := storm.EffectSum(*s, storm.AggrPurge, storm.Germany, "Poland")
	pactPurge := threshold.PactPurge(s.SupportFacts.PactLevel) // 31.51F
	if d := poland - pactPurge; d > 0 {
		randomevent.AddPurgeEvents(s, d, "22.31C", "the Nazi-Soviet Pact broken: Poland a German satellite (31.83C)", evs)
	}
	if s.SupportFacts.NoPactProposed == nil {
		s.SupportFacts.NoPactProposed = storm.CloneTurn(&s.Turn) // 31.83D, 31.61B
	}
	s.Conditions.PolandAggressionWithoutPact = true // 31.61D
}
