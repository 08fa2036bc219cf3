package report

import (
	"fmt"
	"strings"

	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
)

// The crisis phase (26-27), pre-emptive war (32.8) and the end of the game
// (33, 34): each decision with who took it and how (an order, a
// conditional order, no choice or no answer), every figure behind it (the
// resistance terms with their tile, the thresholds with their terms, the
// pact's concession level), and the final victory points line by line.

const crisisPhase = "Crisis phase"

func crisisSection(e event.Event) (string, bool) {
	switch e := e.(type) {
	case event.CrisisAnnounced:
		return crisisPhase + ": Axis aggression (rule 27.1)", true
	case event.CrisisDecision:
		return crisisPhase + ": " + stageName(e.Stage), true
	case event.CrisisResistance:
		return crisisPhase + ": " + stageName(storm.StageResponse), true
	case event.CrisisEnded, event.AggressionSucceeded, event.PactNotOffered, event.PolandDecided:
		return crisisPhase + ": outcome (rules 27, 29)", true
	case event.CivilWarEnded:
		if e.Rule == "25.61C" {
			return crisisPhase + ": the end of the game (rules 33, 34)", true
		}
		return crisisPhase + ": outcome (rules 27, 29)", true
	case event.PactSigned, event.PactFlagsRemoved:
		return crisisPhase + ": the Nazi-Soviet Pact (rule 31)", true
	case event.SupportGranted:
		return crisisPhase + ": outcome (rules 27, 29)", true
	case event.WarBroke, event.ThreatMade, event.ConcessionMade, event.RetaliationOffered, event.RetaliationAnswered, event.DeclarationFailed:
		return crisisPhase + ": war (rules 27.83, 32)", true
	case event.FinalResearchAssigned:
		return crisisPhase + ": final research (rule 33)", true
	case event.GameEnded:
		return crisisPhase + ": the end of the game (rules 33, 34)", true
	case event.ConquestCompleted:
		return "End of turn", true
	}
	return "", false
}

func stageName(st storm.CrisisStage) string {
	switch st {
	case storm.StageResponse:
		return "Allied response (rule 27.5)"
	case storm.StageAxisResponse:
		return "Axis response (rule 27.6)"
	case storm.StageUltimatum:
		return "Allied ultimatum (rule 27.7)"
	}
	return "over the brink (rule 27.8)"
}

// PowerNames words powers as "Britain and France", "Italy, Britain and
// France".
func PowerNames(ps []storm.Power) string {
	var ns []string
	for _, p := range ps {
		ns = append(ns, p.Title())
	}
	if len(ns) < 3 {
		return strings.Join(ns, " and ")
	}
	return strings.Join(ns[:len(ns)-1], ", ") + " and " + ns[len(ns)-1]
}

// thresholdText words a threshold with its terms (32.3).
func thresholdText(t storm.Threshold) string {
	var terms []string
	for _, x := range t.Terms {
		terms = append(terms, fmt.Sprintf("%s %+d (%s)", x.What, x.Value, x.Rule))
	}
	return fmt.Sprintf("%s against %s %+d: %s", t.From.Title(), t.Against.Title(), t.Net, strings.Join(terms, ", "))
}

// crisisEvent renders a crisis event; false if e is not one.
func crisisEvent(w *writer, e event.Event) bool {
	switch e := e.(type) {
	case event.CrisisAnnounced:
		s := fmt.Sprintf("%s announces an aggression against %s (rule 27.11).", e.Aggressor.Title(), e.Target)
		if e.Pact {
			s += " Germany offers Russia the Nazi-Soviet Pact; Russia may not refuse (rules 31.21A, 31.23)."
		}
		switch e.Poland {
		case storm.PolandSatellite:
			s += " Should it succeed, Poland becomes a German satellite (rule 29.22B), breaking any Nazi-Soviet Pact (rule 31.81)."
		case storm.PolandNeutral:
			s += " Should it succeed, Germany takes Danzig and the Corridor only and Poland stays neutral (rule 29.22C)."
		}
		if e.Forced {
			s += " The Rhineland is remilitarized: the Allies must acquiesce (rule 27.51B)."
		}
		w.wrap(s, "  ")
	case event.CrisisDecision:
		if e.Decision == "" {
			w.wrap(fmt.Sprintf("%s's aggression against %s: %s (rule %s).", e.Aggressor.Title(), e.Target, e.How, e.Rule), "  ")
			break
		}
		w.wrap(fmt.Sprintf("%s's aggression against %s: %s %s (%s; rule %s).", e.Aggressor.Title(), e.Target,
			PowerNames(e.Powers), decisionWord(e.Decision, len(e.Powers) == 1), e.How, e.Rule), "  ")
	case event.CrisisResistance:
		r := e.Resistance
		var terms []string
		for _, t := range r.Terms {
			terms = append(terms, fmt.Sprintf("%s %+d (%s)", t.What, t.Value, t.Rule))
		}
		w.wrap(fmt.Sprintf("Resistance of %s: %d = %s.", r.Target, r.Level, strings.Join(terms, ", ")), "  ")
	case event.CrisisEnded:
		w.wrap(fmt.Sprintf("The crisis over %s ends: %s (rule %s).", e.Target, e.Outcome, e.Rule), "  ")
	case event.AggressionSucceeded:
		s := fmt.Sprintf("%s's aggression against %s succeeds", e.Aggressor.Title(), e.Target)
		switch {
		case e.Completed != nil:
			s += fmt.Sprintf(": completed in %s", e.Completed)
		case e.Due != nil:
			s += fmt.Sprintf(": the conquest is completed at the end of %s", e.Due)
		}
		if e.Counter {
			s += "; Italy's military counter is committed"
			if e.Paid {
				s += " at 1 tile point a turn (rule 29.33C)"
			}
		}
		w.wrap(s+fmt.Sprintf(" (rule %s).", e.Rule), "  ")
	case event.ConquestCompleted:
		if e.Done {
			w.wrap(fmt.Sprintf("Italy completes its conquest of %s (rule %s).", e.Target, e.Rule), "  ")
		} else {
			w.wrap(fmt.Sprintf("Italy pays %d tile point for its military counter at war with %s (rule %s).", e.Cost, e.Target, e.Rule), "  ")
		}
	case event.PactNotOffered:
		switch {
		case e.Rule == "31.91" && e.PactSigned:
			w.wrap(fmt.Sprintf("Germany moves against %s: Russia is implacably hostile (rule 31.91); its purge level does not rise, as the Nazi-Soviet Pact has been signed (rule 22.31C).", storm.TheTarget(e.Target)), "  ")
		case e.Rule == "31.91":
			w.wrap(fmt.Sprintf("Germany moves against %s: Russia is implacably hostile (rule 31.91), its purge level +%d (rules 31.91C, 22.31C).", storm.TheTarget(e.Target), e.Purge), "  ")
		default:
			w.wrap(fmt.Sprintf("Germany moves against %s without the Nazi-Soviet Pact: Russia is opposed for good, its purge level +%d (rule %s).", storm.TheTarget(e.Target), e.Purge, e.Rule), "  ")
		}
	case event.PactSigned:
		var terms []string
		for _, t := range e.Terms {
			terms = append(terms, fmt.Sprintf("%s %+d (%s)", t.What, t.Value, t.Rule))
		}
		w.wrap(fmt.Sprintf("The Nazi-Soviet Pact is signed. Concession level %d, rounded %d (rules 31.32-31.33): %s. Russia's purge level +%d (rule 31.51F).",
			e.Level, e.Rounded, strings.Join(terms, ", "), e.Purge), "  ")
	case event.PolandDecided:
		switch e.Choice {
		case storm.PolandConquest:
			w.wrap("Poland is conquered: Germany controls central Poland, eastern Poland goes to Russia under the pact (rule 29.22A).", "  ")
		case storm.PolandSatellite:
			s := "Poland becomes a German satellite: under German control with a German trade pact, closed to counters, two Polish infantry and an air unit on the Axis part of the Russian garrison track (rule 29.22B)."
			if e.PactBroken {
				s += " The Nazi-Soviet Pact is broken (rules 31.81, 31.83): its effects stop but for the EAI's."
			}
			w.wrap(s, "  ")
		case storm.PolandNeutral:
			w.wrap("Germany incorporates Danzig and the Corridor; Poland stays a neutral minor country, closed to counters and to a second aggression (rule 29.22C).", "  ")
		}
	case event.PactFlagsRemoved:
		w.wrap(fmt.Sprintf("%s: %d Russian and %d Allied flag(s) removed, one for one (rule 31.51C).", e.Country, e.Removed, e.Removed), "  ")
	case event.SupportGranted:
		g := e.Grant
		s := fmt.Sprintf("%s: support %+d from %s for %s, then its residual income (rules %s, 11.71): %s.", e.Power.Title(), g.Value, g.From, plural(g.Turns, "turn"), g.Rule, g.What)
		if e.Inferred {
			s += " Its size and length are the judge's reading, not rule text (the rules leave them to the Aggression Effects Guide; docs/rules.md#r-30-temporary); a moderator's table of aggression effects replaces them."
		}
		w.wrap(s, "  ")
	case event.ThreatMade:
		c := e.Threat.Concession
		w.wrap(fmt.Sprintf("%s %s pre-emptive war on %s. To avoid it %s may concede %d support to %s (rule 32.83).",
			PowerNames(e.Threat.Declarers), verb(e.Threat.Declarers, "threatens", "threaten"), PowerNames(e.Threat.Against), PowerNames(c.Conceders), c.Support, PowerNames(c.Beneficiaries)), "  ")
		for _, t := range e.Threat.Thresholds {
			w.wrap("Threshold: "+thresholdText(t)+".", "    ")
		}
	case event.ConcessionMade:
		w.wrap(fmt.Sprintf("%s %s %d support to %s (%s; rule 32.83A-B).", PowerNames(e.Concession.Conceders), verb(e.Concession.Conceders, "concedes", "concede"), e.Concession.Support,
			PowerNames(e.Concession.Beneficiaries), e.How), "  ")
	case event.CivilWarEnded:
		w.wrap(civilWarEndedText(e), "  ")
	case event.RetaliationOffered:
		ps := storm.Declarers(e.Thresholds)
		w.wrap(fmt.Sprintf("Germany has declared war on Russia: %s %s its threshold for declaring war on Germany with Russia's war readiness added, and may retaliate (rule 32.63).",
			PowerNames(ps), verb(ps, "meets", "meet")), "  ")
		for _, t := range e.Thresholds {
			w.wrap("Threshold: "+thresholdText(t)+".", "    ")
		}
	case event.RetaliationAnswered:
		if e.Declared {
			w.wrap(fmt.Sprintf("%s retaliates and declares war on Germany (%s; rule 32.63).", e.Power.Title(), e.How), "  ")
		} else {
			w.wrap(fmt.Sprintf("%s does not retaliate (%s; rule 32.63).", e.Power.Title(), e.How), "  ")
		}
	case event.DeclarationFailed:
		w.wrap(fmt.Sprintf("%s DECLARE WAR ON %s has no effect: %s (rule %s).", possessive(e.Powers), strings.ToUpper(PowerNames(e.Against)), e.Why, e.Rule), "  ")
	case event.WarBroke:
		wr := e.War
		what := "pre-emptive war (rule 32.8)"
		switch wr.Kind {
		case "crisis":
			what = fmt.Sprintf("war over %s (rule 27.83)", wr.Target)
		case storm.RetaliationWar:
			what = "retaliation for Germany's declaration of war on Russia (rule 32.63)"
		}
		w.wrap(fmt.Sprintf("WAR: %s %s war on %s: %s. The game ends after the final research (rules 26.13, 33).",
			PowerNames(wr.Declarers), verb(wr.Declarers, "declares", "declare"), PowerNames(wr.Against), what), "  ")
		for _, t := range wr.Thresholds {
			w.wrap("Threshold: "+thresholdText(t)+".", "    ")
		}
	case event.FinalResearchAssigned:
		if e.Deferred && e.ByJudge {
			w.wrap(fmt.Sprintf("The judge assigns %s Russia left unordered from excess purge events to %s, now %d step(s) (rules 22.73E, %s).", plural(e.Points, "deferred research step"), upperFirst(e.Project), e.Steps, e.Rule), "  ")
			break
		}
		if e.Deferred {
			w.wrap(fmt.Sprintf("Russia assigns %s from excess purge events to %s, now %d step(s) (rules 22.73E, %s).", plural(e.Points, "deferred research step"), upperFirst(e.Project), e.Steps, e.Rule), "  ")
			break
		}
		w.wrap(fmt.Sprintf("%s %s %d final research point(s) to %s, now %d step(s) (rule %s).", e.Side.Title(), map[bool]string{true: "assigns", false: "assign"}[e.Side == storm.Soviet], e.Points, upperFirst(e.Project), e.Steps, e.Rule), "  ")
	case event.GameEnded:
		w.wrap(fmt.Sprintf("The game ends in %s: %s; the final victory points, line by line, close this report (rule 34).", e.Turn, e.Victory.TwoWay), "  ")
		if len(e.WorldAtWar) > 0 {
			w.wrap("For A World at War, from this turn's crises (for the record):", "  ")
			for _, x := range e.WorldAtWar {
				s := fmt.Sprintf("%s: starting BRPs and unit construction limit %+d", x.Power.Title(), x.BRP)
				if x.NoDeclaration {
					s += "; may not declare war"
				}
				w.wrap(s+fmt.Sprintf(" (rule %s).", x.Rule), "      ")
			}
		}
	default:
		return false
	}
	return true
}

// decisionWord words a decision, for one power (singular) or two.
func decisionWord(k storm.OrderKind, singular bool) string {
	w := map[storm.OrderKind][2]string{
		storm.OpposeOrder:        {"oppose", "opposes"},
		storm.AcquiesceOrder:     {"acquiesce", "acquiesces"},
		storm.BackDownOrder:      {"back down", "backs down"},
		storm.ContinueAggression: {"continue", "continues"},
		storm.UltimatumOrder:     {"issue an ultimatum", "issues an ultimatum"},
		storm.AttackOrder:        {"attack", "attacks"},
	}[k]
	if w[0] == "" {
		return string(k)
	}
	if singular {
		return w[1]
	}
	return w[0]
}

// possessive words powers' orders: "Britain's", "Britain's and France's".
func possessive(ps []storm.Power) string {
	var ns []string
	for _, p := range ps {
		ns = append(ns, storm.Possessive(p.Title()))
	}
	return strings.Join(ns, " and ")
}

// verb picks the verb form for a list of powers.
func verb(ps []storm.Power, one, many string) string {
	if len(ps) == 1 {
		return one
	}
	return many
}

// victoryLines writes each alliance's victory points line by line with
// the rule of each line, then the outcomes (34.11, 34.12): the final
// report's (tracks.go).
func victoryLines(w *writer, v storm.Victory) {
	for _, side := range []storm.Side{storm.Axis, storm.Allies, storm.Soviet} {
		total := map[storm.Side]int{storm.Axis: v.Axis, storm.Allies: v.Allies, storm.Soviet: v.Russia}[side]
		w.wrap(fmt.Sprintf("%s: %d", side.Title(), total), "  ")
		for _, l := range v.Lines {
			if l.Side == side {
				w.wrap(fmt.Sprintf("%+d  %s (rule %s)", l.Value, l.What, l.Rule), "      ")
			}
		}
	}
	w.wrap("Two-way game: "+v.TwoWay+".", "  ")
	w.wrap("Three-way game: "+v.ThreeWay+".", "  ")
}

// civilWarEndedText words a civil war's end by an Italian attack (25.61B)
// or by war (25.61C).
func civilWarEndedText(e event.CivilWarEnded) string {
	if e.Rule == "25.61C" {
		return fmt.Sprintf("The civil war in %s ends with the outbreak of war (rule 25.61C). Flags there: %s. This has no effect on this game; it matters only to a continuation into A World at War.",
			e.Country, flagList(e.Flags))
	}
	who := "nobody holds flags there: no winner"
	if e.Winner != "" {
		who = fmt.Sprintf("%s won it: +1 against later adverse events there (rule 25.71), and %s places an additional counter next turn (rule 25.72)", e.Winner.Name(), e.Power.Title())
	}
	return fmt.Sprintf("Italy's attack on %s ends the civil war there at the end of the crisis phase (rule 25.61B). Flags there: %s; %s; no more diplomacy there (rule 25.81).%s",
		e.Country, flagList(e.Flags), who, splitText(e.Split))
}

// splitText words Yugoslavia's split (25.73A), "" without one.
func splitText(split bool) string {
	if !split {
		return ""
	}
	return " Yugoslavia splits (rule 25.73A): Croatia, an Italian puppet state, takes the Axis flags; the rest is Serbia, in Yugoslavia's place; no counters in either. Later pro-Axis events there go to Croatia, pro-Allied ones to Serbia, pro-Russian ones to Croatia (to Serbia with the Nazi-Soviet Pact in effect)."
}
