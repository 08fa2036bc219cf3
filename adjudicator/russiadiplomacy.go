package adjudicator

import (
	"fmt"
	"slices"
)

// Diplomacy in Russia (10.91F, 24.56E). Russia is not a diplomatic target,
// but random events (a modifier in Russia, a flexible Eastern European one
// sent there), Russia's own counter under random event 114 (24.56E) and
// covert operations act there. At the end of the diplomatic phase the
// efforts in Russia are compared as in any target (24.81B): an Axis or
// Allied result removes the other foreign alliance's flag, else a Russian
// flag, else places a flag of the beneficiary (none at full cohesion,
// 22.73C); a Russian result removes a foreign flag, else places a Russian
// flag, which only keeps out a foreign flag later. A covert operation there
// only removes a flag (10.91F). Flags in Russia count for support
// (SupportFacts.FlagsInRussia, support.go); a change acts on this turn's
// support at once (10.91F).

// foreignFlagsInRussia counts the flags in Russia of side's powers.
func foreignFlagsInRussia(s State, side Side) int {
	n := 0
	for _, p := range Powers {
		if p != Russia && SideOf(p) == side {
			n += s.SupportFacts.FlagsInRussia[p]
		}
	}
	return n
}

// flagInRussia places (delta 1) or removes (delta -1) a flag of p in
// Russia with its effect on this turn's support (10.91F); a Russian flag
// changes no support.
func flagInRussia(s *State, p Power, delta int, rule string, evs *[]Event) {
	if s.SupportFacts.FlagsInRussia == nil {
		s.SupportFacts.FlagsInRussia = map[Power]int{}
	}
	s.SupportFacts.FlagsInRussia[p] += delta
	if p == Russia {
		return
	}
	what := fmt.Sprintf("a %s flag placed in Russia", p.Title())
	if delta < 0 {
		what = fmt.Sprintf("a %s flag removed from Russia", p.Title())
	}
	ChangeSupport(s, p, delta, rule, what, true, evs)
	ChangeSupport(s, Russia, -delta, rule, what, true, evs)
}

// removeForeignFlag removes a flag of side from Russia (the power of the
// side with more flags; Germany or France on a tie) and says which.
func removeForeignFlag(s *State, side Side, rule string, evs *[]Event) Power {
	best := flagToRemove(*s, side)
	if best != 0 {
		flagInRussia(s, best, -1, rule, evs)
	}
	return best
}

// flagToRemove is the power whose foreign flag in Russia goes (of side,
// any side when ""): the one with the most flags there, the earlier in the
// order of play on a tie (docs/rules.md r-22-flags); 0 when none.
func flagToRemove(s State, side Side) Power {
	var best Power
	for _, p := range Powers {
		n := s.SupportFacts.FlagsInRussia[p]
		if p == Russia || n == 0 || (side != "" && SideOf(p) != side) {
			continue
		}
		if best == 0 || n > s.SupportFacts.FlagsInRussia[best] {
			best = p
		}
	}
	return best
}

// russiaFlags copies the flags in Russia by power.
func russiaFlags(s State) map[Power]int {
	out := map[Power]int{}
	for p, n := range s.SupportFacts.FlagsInRussia {
		if n > 0 {
			out[p] = n
		}
	}
	return out
}

// resolveRussia resolves diplomacy in Russia at the end of the phase
// (10.91F).
func resolveRussia(s *State, eff Effort, contrib map[Power]int, evs *[]Event) {
	if eff == (Effort{}) {
		return
	}
	res := DiplomaticResult{Turn: s.Turn, Country: RussiaTarget, Effort: eff, Winner: eff.Winner(), FlagsBefore: russiaFlags(*s)}
	switch res.Winner {
	case "":
		res.Change = "no result: no alliance's effort is higher than both others' (24.81B)"
	case Axis, Allies:
		res.Power = beneficiary(res.Winner, contrib)
		other := Allies
		if res.Winner == Allies {
			other = Axis
		}
		switch {
		case foreignFlagsInRussia(*s, other) > 0:
			q := removeForeignFlag(s, other, "10.91F", evs)
			res.Change = fmt.Sprintf("a %s flag removed from Russia", q.Title())
		case s.SupportFacts.FlagsInRussia[Russia] > 0:
			flagInRussia(s, Russia, -1, "10.91F", evs)
			res.Change = "a Russian flag removed from Russia"
		case s.Russia.Cohesion == FullCohesion:
			res.Change = "no change: no foreign flag is placed in Russia at full cohesion (22.73C)"
		default:
			flagInRussia(s, res.Power, 1, "10.91F", evs)
			res.Change = fmt.Sprintf("a %s flag placed in Russia: +1 support for %s, -1 for Russia (10.91F)", res.Power.Title(), res.Power.Title())
		}
	case Soviet:
		res.Power = Russia
		side := Axis
		if foreignFlagsInRussia(*s, Axis) < foreignFlagsInRussia(*s, Allies) {
			side = Allies
		}
		if q := removeForeignFlag(s, side, "10.91F", evs); q != 0 {
			res.Change = fmt.Sprintf("a %s flag removed from Russia", q.Title())
			if slices.ContainsFunc(s.Diplomacy.Placements, func(pl Placement) bool {
				return pl.Power == Russia && pl.Country == RussiaTarget && pl.Void == ""
			}) { // 10.91F, 22.31E: by a Russian diplomatic result with its counter
				AddPurgeEvents(s, 1, "22.31E", "foreign flag eliminated by a Russian diplomatic result in Russia", evs)
			}
		} else {
			flagInRussia(s, Russia, 1, "10.91F", evs)
			res.Change = "a Russian flag placed in Russia: it keeps out a foreign flag later (10.91F)"
		}
	}
	res.FlagsAfter = russiaFlags(*s)
	*evs = append(*evs, res)
}

// russiaFlagToRemove reports a flag in Russia side's covert operation may
// remove (10.91F).
func russiaFlagToRemove(s State, side Side) bool {
	switch side {
	case Soviet:
		return foreignFlagsInRussia(s, Axis)+foreignFlagsInRussia(s, Allies) > 0
	case Axis:
		return foreignFlagsInRussia(s, Allies)+s.SupportFacts.FlagsInRussia[Russia] > 0
	}
	return foreignFlagsInRussia(s, Axis)+s.SupportFacts.FlagsInRussia[Russia] > 0
}

// covertInRussia carries out side's covert operation in Russia (10.91F):
// it removes an opposing flag there (a foreign one for Russia, raising the
// purge level, 22.31E); false when there is none to remove (the operation
// is not conducted).
func covertInRussia(s *State, side Side, evs *[]Event) (string, bool) {
	switch side {
	case Soviet:
		target := Axis
		if foreignFlagsInRussia(*s, Axis) < foreignFlagsInRussia(*s, Allies) {
			target = Allies
		}
		if foreignFlagsInRussia(*s, target) == 0 {
			return "", false
		}
		q := removeForeignFlag(s, target, "10.91F", evs)
		AddPurgeEvents(s, 1, "22.31E", "foreign flag eliminated by a Russian covert operation in Russia", evs)
		return fmt.Sprintf("a %s flag removed from Russia", q.Title()), true
	default:
		other := Allies
		if side == Allies {
			other = Axis
		}
		if foreignFlagsInRussia(*s, other) > 0 {
			q := removeForeignFlag(s, other, "10.91F", evs)
			return fmt.Sprintf("a %s flag removed from Russia", q.Title()), true
		}
		if s.SupportFacts.FlagsInRussia[Russia] > 0 {
			flagInRussia(s, Russia, -1, "10.91F", evs)
			return "a Russian flag removed from Russia", true
		}
	}
	return "", false
}
