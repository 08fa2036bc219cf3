package report

import (
	"fmt"
	"strings"

	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
)

// The diplomatic phase (24): each round's locations and commitments are
// public, the values only the placing power's until the resolution, which
// publishes every value and salt so the commitments can be checked
// (docs/diplomacy.md).

const diplomacyPhase = "Diplomatic phase"

func diplomacySection(e event.Event) (string, bool) {
	switch e := e.(type) {
	case event.DiplomaticRoundPlaced:
		return diplomacyPhase + ": " + roundName(e.Round), true
	case event.AntiCominternPlaced:
		return diplomacyPhase + ": " + roundName(storm.SegDiplomacyAxis1), true
	case event.DiplomaticCountersSealed:
		return diplomacyPhase + ": " + roundName(e.Round), true
	case event.DiplomacyRevealed, event.FlexibleApplied:
		return diplomacyPhase + ": counters and events revealed (rule 24.81A)", true
	case event.IntelligenceAnnounced:
		switch e.What {
		case "spy ring", "spy ring reactivated", "espionage":
			return diplomacyPhase + ": spy rings (rule 16.16B)", true
		}
		return diplomacyPhase + ": covert operations and subversion (rule 16.16)", true
	case event.DiplomaticResult, event.DiplomacyPaid, event.CivilWarResolved:
		return diplomacyPhase + ": diplomacy resolved (rule 24.8)", true
	case event.DisputeObligation:
		return diplomacyPhase + ": " + roundName(map[storm.Side]storm.Segment{storm.Axis: storm.SegDiplomacyAxis1,
			storm.Allies: storm.SegDiplomacyAllies}[e.Side]), true
	case event.CivilWarObligation:
		return diplomacyPhase + ": " + roundName(map[storm.Side]storm.Segment{storm.Axis: storm.SegDiplomacyAxis1,
			storm.Soviet: storm.SegDiplomacyRussia, storm.Allies: storm.SegDiplomacyAllies}[e.Side]), true
	}
	return "", false
}

// roundName is "Axis, first round" for the segment "Diplomacy: Axis,
// first round".
func roundName(s storm.Segment) string {
	return strings.TrimPrefix(s.Title(), "Diplomacy: ") + " (rule 24.55)"
}

// diplomacyEvent renders a diplomacy event; false if e is not one.
func diplomacyEvent(w *writer, e event.Event) bool {
	switch e := e.(type) {
	case event.DiplomaticRoundPlaced:
		if len(e.Locations) == 0 {
			w.wrap("No diplomatic counter placed.", "  ")
			break
		}
		by := map[storm.Power][]string{}
		mil := map[storm.Power][]string{}
		open := map[storm.Power][]string{}
		var order []storm.Power
		for _, l := range e.Locations {
			if by[l.Power] == nil && mil[l.Power] == nil && open[l.Power] == nil {
				order = append(order, l.Power)
			}
			switch {
			case l.Military:
				mil[l.Power] = append(mil[l.Power], l.Country)
			case l.Open:
				open[l.Power] = append(open[l.Power], fmt.Sprintf("%s (value %d)", l.Country, l.Strength))
			default:
				by[l.Power] = append(by[l.Power], l.Country)
			}
		}
		for _, p := range order {
			if len(mil[p]) > 0 {
				w.wrap(fmt.Sprintf("%s places a military counter in %s, openly: +1 each (rules 24.42B, 24.42G).",
					p.Title(), strings.Join(mil[p], " and ")), "  ")
			}
			if len(open[p]) > 0 {
				w.wrap(fmt.Sprintf("%s places a diplomatic counter openly, before an opposing spy ring, in %s (rule 24.551A).",
					p.Title(), strings.Join(open[p], " and ")), "  ")
			}
			if len(by[p]) > 0 {
				w.wrap(fmt.Sprintf("%s places a diplomatic counter in %s; values sealed until diplomacy is resolved (rule 24.54C).",
					p.Title(), strings.Join(by[p], " and ")), "  ")
			}
		}
		for _, c := range e.Commitments {
			w.indented(fmt.Sprintf("Commitment of %s: %s", c.Power.Title(), c.Hash), "    ")
		}
	case event.AntiCominternPlaced:
		moved := ""
		if len(e.Displaced) > 0 {
			moved = fmt.Sprintf(", displaced from %s by the Axis' own effort (rule 24.35)", strings.Join(e.Displaced, " and "))
		}
		if e.Country == "" {
			w.wrap(fmt.Sprintf("The anti-Comintern counter finds no place%s (rule 24.34).", moved), "  ")
			break
		}
		w.wrap(fmt.Sprintf("Germany's anti-Comintern counter, strength %d, is in %s%s (rules 24.31-24.37).", e.Strength, e.Country, moved), "  ")
	case event.DiplomaticCountersSealed:
		var parts []string
		for _, pl := range e.Placements {
			parts = append(parts, fmt.Sprintf("%s %d", pl.Country, pl.Strength))
		}
		w.wrap(fmt.Sprintf("Your sealed diplomatic counters: %s. Everyone sees where, not the values, until diplomacy is resolved (rule 24.54C).",
			strings.Join(parts, ", ")), "  ")
		w.indented("Salt "+e.Salt+", commitment "+e.Hash+" (docs/diplomacy.md).", "    ")
	case event.DiplomacyRevealed:
		if len(e.Placements) == 0 {
			break
		}
		w.wrap("The diplomatic counters revealed (rule 24.81A), with the salts that open each commitment (docs/diplomacy.md):", "  ")
		rows := [][]string{}
		var mil []string
		for _, pl := range e.Placements {
			if pl.Military {
				mil = append(mil, pl.Power.Title()+" in "+pl.Country)
				continue
			}
			value := fmt.Sprint(pl.Strength)
			if pl.Void != "" {
				value += " void (rule " + pl.Void + ")"
			}
			rows = append(rows, []string{pl.Power.Title(), strings.TrimPrefix(pl.Round.Title(), "Diplomacy: "), pl.Country, value})
		}
		w.table("%-8s %-20s %-18s %5s", []string{"Power", "Round", "Country", "Value"}, rows)
		for _, c := range e.Commitments {
			w.indented(fmt.Sprintf("%s, %s: salt %s", c.Power.Title(), strings.TrimPrefix(c.Round.Title(), "Diplomacy: "), c.Salt), "    ")
		}
		if len(mil) > 0 {
			w.wrap("Military counters, +1 each (rule 24.42G): "+strings.Join(mil, "; ")+".", "  ")
		}
	case event.DiplomaticResult:
		outcome := e.Change // "no result: ..." (24.81B)
		if e.Winner != "" {
			outcome = fmt.Sprintf("a result for %s (%s), %s", e.Winner.Name(), e.Power.Title(), e.Change)
		}
		mods := ""
		if len(e.Modifiers) > 0 {
			mods = " (modifiers: " + modifierList(e.Modifiers) + ")"
		}
		w.wrap(fmt.Sprintf("%s: Axis %d, Allies %d, Russia %d%s: %s. Flags now: %s.",
			e.Country, e.Effort.Axis, e.Effort.Allies, e.Effort.Russia, mods, outcome, flagList(e.FlagsAfter)), "  ")
	case event.FlexibleApplied:
		w.wrap(fmt.Sprintf("Random event %d: %s's flexible modifier %+d goes to %s (%s; rule 4.16).",
			e.Card, e.Power.Title(), e.Value, e.Country, e.How), "  ")
	case event.IntelligenceAnnounced:
		target := ""
		if e.Target != "" {
			target = " in " + e.Target
			if e.What == "counter-intelligence" {
				target = " against " + e.Target
			}
		}
		w.wrap(fmt.Sprintf("%s (%s), %s%s: %s (rule %s).", e.Side.Title(), e.Power.Title(), e.What, target, e.Outcome, e.Rule), "  ")
	case event.CivilWarBrokeOut:
		var rebels []string
		for _, r := range e.Rebels {
			rebels = append(rebels, r.Name())
		}
		w.wrap(fmt.Sprintf("Civil war in %s (rule %s): the government is backed by %s, the rebels by %s. The EAI counts it (rule 23.21E); only they act there, and each must place a counter there every turn (rules 25.51, 25.52A).",
			e.Country, e.Rule, e.Government.Name(), strings.Join(rebels, " or ")), "  ")
	case event.DisputeObligation:
		w.wrap(fmt.Sprintf("The dispute of random event %d: %s counter: %s.", e.Card, e.Side.Possessive(), e.Outcome), "  ")
	case event.CivilWarObligation:
		w.wrap(fmt.Sprintf("Civil war in %s: %s counter (rule 25.52A): %s.", e.Country, e.Side.Possessive(), e.Outcome), "  ")
	case event.CivilWarResolved:
		thr := fmt.Sprintf("civil war counter %d drawn", e.Drawn)
		if e.ThresholdEvents > 0 {
			thr += fmt.Sprintf(" + %d for the other alliance's events", e.ThresholdEvents)
		}
		line := fmt.Sprintf("Civil war in %s: government (%s) %d with its +1, rebels (%s) %d; threshold %d (%s): %s.",
			e.Country, e.Government.Name(), e.GovernmentLevel, e.Rebels.Name(), e.RebelLevel, e.Threshold, thr, e.Outcome)
		if e.Power != 0 {
			line += fmt.Sprintf(" %s places an additional counter next turn (rule 24.53).", e.Power.Title())
		}
		if len(e.RemovedByEvents) > 0 {
			line += fmt.Sprintf(" This turn's events there remove counter(s) %s (rule 25.61A).", intList(e.RemovedByEvents))
		}
		line += fmt.Sprintf(" Counters left: %d. Flags now: %s.", e.CountersLeft, flagList(e.FlagsAfter))
		if e.Ended {
			who := "nobody holds flags there: no winner"
			if e.WarWinner != "" {
				who = e.WarWinner.Name() + " won it: +1 against later adverse events there, an additional counter next turn (rules 25.71, 25.72)"
			}
			line += fmt.Sprintf(" The civil war ends (rule 25.61A); %s; no more diplomacy there (rule 25.81).%s", who, splitText(e.Split))
		}
		w.wrap(line, "  ")
	case event.DiplomacyPaid:
		w.wrap(fmt.Sprintf("%s pays %s for its diplomatic counters (rule 24.52C); %s left.",
			e.Power.Title(), TilePoints(e.Cost), TilePoints(e.TilePoints)), "  ")
		if e.Deficit > 0 {
			w.wrap(fmt.Sprintf("%d point(s) could not be paid: a deficit that lowers next turn's support (rules 6.12, 10.41D).", e.Deficit), "    ")
		}
	default:
		return false
	}
	return true
}

// flagList words flags by power, "Germany 2, Italy 1", or "none".
func flagList(f map[storm.Power]int) string {
	var parts []string
	for _, p := range storm.Powers {
		if n := f[p]; n > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", p.Title(), n))
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

// intList words numbers "2, 4".
func intList(ns []int) string {
	var parts []string
	for _, n := range ns {
		parts = append(parts, fmt.Sprint(n))
	}
	return strings.Join(parts, ", ")
}

// modifierList words the modifiers a target's effort counts beside the
// counters, each with its source and rule.
func modifierList(ms []storm.DiplomaticModifier) string {
	var out []string
	for _, m := range ms {
		what := fmt.Sprintf("%s %+d", m.Power.Title(), m.Value)
		switch {
		case m.Rule == "24.83":
			what += " for the Russian flag eliminated here last turn"
		case m.Card != 0:
			what = fmt.Sprintf("random event %d, %s", m.Card, what)
		case m.Rule == "16.16A":
			what += " by covert operation"
		case m.Rule == "16.16H":
			what += " by subversion"
		}
		out = append(out, what+" (rule "+m.Rule+")")
	}
	return strings.Join(out, "; ")
}
