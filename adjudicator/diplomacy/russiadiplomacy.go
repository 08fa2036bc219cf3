package diplomacy

import (
	"fmt"
	"slices"

	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/randomevent"
	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/track"
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
func foreignFlagsInRussia(s storm.State, side storm.Side) int {
	n := 0
	for _, p := range storm.Powers {
		if p != storm.Russia && storm.SideOf(p) == side {
			n += s.SupportFacts.FlagsInRussia[p]
		}
	}
	return n
}

// flagInRussia places (delta 1) or removes (delta -1) a flag of p in
// Russia with its effect on this turn's support (10.91F); a Russian flag
// changes no support.
func flagInRussia(s *storm.State, p storm.Power, delta int, rule string, evs *[]event.Event) {
	if s.SupportFacts.FlagsInRussia == nil {
		s.SupportFacts.FlagsInRussia = map[storm.Power]int{}
	}
	s.SupportFacts.FlagsInRussia[p] += delta
	if p == storm.Russia {
		return
	}
	what := storm.AFlag(p) + " placed in Russia"
	if delta < 0 {
		what = storm.AFlag(p) + " removed from Russia"
	}
	track.ChangeSupport(s, p, delta, rule, what, true, evs)
	track.ChangeSupport(s, storm.Russia, -delta, rule, what, true, evs)
}

// removeForeignFlag removes a flag of side from Russia (the power of the
// side with more flags; Germany or France on a tie) and says which.
func removeForeignFlag(s *storm.State, side storm.Side, rule string, evs *[]event.Event) storm.Power {
	best := randomevent.FlagToRemove(*s, side)
	if best != 0 {
		flagInRussia(s, best, -1, rule, evs)
	}
	return best
}

// russiaFlags copies the flags in Russia by power.
func russiaFlags(s storm.State) map[storm.Power]int {
	out := map[storm.Power]int{}
	for p, n := range s.SupportFacts.FlagsInRussia {
		if n > 0 {
			out[p] = n
		}
	}
	return out
}

// resolveRussia resolves diplomacy in Russia at the end of the phase
// (10.91F).
func resolveRussia(s *storm.State, eff storm.Effort, contrib map[storm.Power]int, evs *[]event.Event) {
	if eff == (storm.Effort{}) {
		return
	}
	res := event.DiplomaticResult{Turn: s.Turn, Country: storm.RussiaTarget, Effort: eff, Winner: eff.Winner(), FlagsBefore: russiaFlags(*s)}
	switch res.Winner {
	case "":
		res.Change = "no result: no alliance's effort is higher than both others' (24.81B)"
	case storm.Axis, storm.Allies:
		res.Power = beneficiary(res.Winner, contrib)
		other := storm.Allies
		if res.Winner == storm.Allies {
			other = storm.Axis
		}
		switch {
		case foreignFlagsInRussia(*s, other) > 0:
			q := removeForeignFlag(s, other, "10.91F", evs)
			res.Change = storm.AFlag(q) + " removed from Russia"
		case s.SupportFacts.FlagsInRussia[storm.Russia] > 0:
			flagInRussia(s, storm.Russia, -1, "10.91F", evs)
			res.Change = "a Russian flag removed from Russia"
		case s.Russia.Cohesion == storm.FullCohesion:
			res.Change = "no change: no foreign flag is placed in Russia at full cohesion (22.73C)"
		default:
			flagInRussia(s, res.Power, 1, "10.91F", evs)
			res.Change = fmt.Sprintf("%s placed in Russia: +1 support for %s, -1 for Russia (10.91F)", storm.AFlag(res.Power), res.Power.Title())
		}
	case storm.Soviet:
		res.Power = storm.Russia
		side := storm.Axis
		if foreignFlagsInRussia(*s, storm.Axis) < foreignFlagsInRussia(*s, storm.Allies) {
			side = storm.Allies
		}
		if q := removeForeignFlag(s, side, "10.91F", evs); q != 0 {
			res.Change = storm.AFlag(q) + " removed from Russia"
			if slices.ContainsFunc(s.Diplomacy.Placements, func(pl storm.Placement) bool {
				return pl.Power == storm.Russia && pl.Country == storm.RussiaTarget && pl.Void == ""
			}) { // 10.91F, 22.31E: by a Russian diplomatic result with its counter
				randomevent.AddPurgeEvents(s, 1, "22.31E", "foreign flag eliminated by a Russian diplomatic result in Russia", evs)
			}
		} else {
			flagInRussia(s, storm.Russia, 1, "10.91F", evs)
			res.Change = "a Russian flag placed in Russia: it keeps out a foreign flag later (10.91F)"
		}
	}
	res.FlagsAfter = russiaFlags(*s)
	*evs = append(*evs, res)
}

// russiaFlagToRemove reports a flag in Russia side's covert operation may
// remove (10.91F).
func russiaFlagToRemove(s storm.State, side storm.Side) bool {
	switch side {
	case storm.Soviet:
		return foreignFlagsInRussia(s, storm.Axis)+foreignFlagsInRussia(s, storm.Allies) > 0
	case storm.Axis:
		return foreignFlagsInRussia(s, storm.Allies)+s.SupportFacts.FlagsInRussia[storm.Russia] > 0
	}
	return foreignFlagsInRussia(s, storm.Axis)+s.SupportFacts.FlagsInRussia[storm.Russia] > 0
}

// covertInRussia carries out side's covert operation in Russia (10.91F):
// it removes an opposing flag there (a foreign one for Russia, raising the
// purge level, 22.31E); false when there is none to remove (the operation
// is not conducted).
func covertInRussia(s *storm.State, side storm.Side, evs *[]event.Event) (string, bool) {
	switch side {
	case storm.Soviet:
		target := storm.Axis
		if foreignFlagsInRussia(*s, storm.Axis) < foreignFlagsInRussia(*s, storm.Allies) {
			target = storm.Allies
		}
		if foreignFlagsInRussia(*s, target) == 0 {
			return "", false
		}
		q := removeForeignFlag(s, target, "10.91F", evs)
		randomevent.AddPurgeEvents(s, 1, "22.31E", "foreign flag eliminated by a Russian covert operation in Russia", evs)
		return storm.AFlag(q) + " removed from Russia", true
	default:
		other := storm.Allies
		if side == storm.Allies {
			other = storm.Axis
		}
		if foreignFlagsInRussia(*s, other) > 0 {
			q := removeForeignFlag(s, other, "10.91F", evs)
			return storm.AFlag(q) + " removed from Russia", true
		}
		if s.SupportFacts.FlagsInRussia[storm.Russia] > 0 {
			flagInRussia(s, storm.Russia, -1, "10.91F", evs)
			return "a Russian flag removed from Russia", true
		}
	}
	return "", false
}
