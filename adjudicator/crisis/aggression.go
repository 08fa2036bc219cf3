package crisis

import (
	"fmt"
	"slices"

	"stormjudge/adjudicator/storm"
)

// Axis aggression targets and restrictions (27.1-27.4). The crisis phase
// takes AGGRESSION orders against them (crisisphase.go); each Axis power's
// notice lists what it may announce this turn and why the rest is barred
// (view `aggressions`).

// targetRule is the rule listing each Axis power's targets.
var targetRule = map[storm.Power]string{storm.Germany: "27.41", storm.Italy: "27.31"}

// AggressionOption is a target of p with the rule that bars it, "" when
// p may announce an aggression against it this turn.
type AggressionOption struct {
	Target string `json:"target"`
	Barred string `json:"barred,omitempty"` // why not, with its rule
}

// AggressionOptions lists p's aggression targets (27.3, 27.4) with the
// restrictions of 27.2 that bar them now; nil for a power that commits
// none.
func AggressionOptions(s storm.State, p storm.Power) []AggressionOption {
	targets, ok := storm.AggressionTargetsOf[p]
	if !ok {
		return nil
	}
	var out []AggressionOption
	for _, t := range targets {
		_, why := aggressionBar(s, p, t)
		out = append(out, AggressionOption{Target: t, Barred: why})
	}
	return out
}

// aggressionBar is the restriction of 27.1-27.4 (or 29) that bars p's
// aggression against target t now: its rule, and why with the rule
// (AggressionOption.Barred); "" when none does.
func aggressionBar(s storm.State, p storm.Power, t string) (rule, why string) {
	switch {
	case storm.CompletedBy(s, p, t) || completedWhole(s, p, t):
		return targetRule[p], "already carried out"
	case t == "Poland" && s.SupportFacts.PolandNeutral:
		return "29.22C", "a neutral minor country for the rest of the game (29.22C)"
	case slices.ContainsFunc(s.SupportFacts.Aggressions, func(a storm.Aggression) bool { return a.Aggressor == p && a.Target == t }):
		return "29.3", "its conquest is under way (29.3)"
	case slices.ContainsFunc(s.SupportFacts.Aggressions, func(a storm.Aggression) bool { return a.Aggressor == p && a.Turn == s.Turn }):
		return "27.12", "one aggression a turn (27.12)"
	case p == storm.Italy && t != storm.Ethiopia && !storm.CompletedBy(s, storm.Italy, storm.Ethiopia):
		return "27.21A", "not before Ethiopia is conquered (27.21A)"
	case p == storm.Italy && (t == "Greece" || t == "Yugoslavia") && !storm.CompletedBy(s, storm.Italy, "Albania"):
		return "27.21A", "not without control of Albania (27.21A, 28.61)"
	case p == storm.Italy && italyAtWar(s):
		return "27.21A", "not while at war with a minor country (27.21A)"
	case p == storm.Italy && italyIntervenedElsewhere(s, t):
		return "27.21A", "not in a turn of civil war intervention elsewhere (27.21A)"
	case p == storm.Italy && italyUsedMilitaryCounter(s, t) && demandResistance(s, p, t) >= 1:
		return "29.34", "its military counter served elsewhere this turn (29.34)"
	case p == storm.Germany && t != storm.Rhineland && !storm.CompletedBy(s, storm.Germany, storm.Rhineland):
		return "27.21B", "not before the Rhineland is remilitarized (27.21B)"
	}
	return "", ""
}

// completedWhole reports p's completed aggression against the whole of
// which target is the first demand (the Sudetenland of Czechoslovakia,
// Danzig and the Corridor of Poland).
func completedWhole(s storm.State, p storm.Power, target string) bool {
	for whole, part := range storm.FirstDemand {
		if part == target && storm.CompletedBy(s, p, whole) {
			return true
		}
	}
	return false
}

// italyAtWar reports an Italian aggression against Albania, Greece or
// Yugoslavia begun and not completed (27.21A, 29.3); Ethiopia's conquest
// bars other aggressions by 27.21A's first restriction.
func italyAtWar(s storm.State) bool {
	return slices.ContainsFunc(s.SupportFacts.Aggressions, func(a storm.Aggression) bool {
		return a.Aggressor == storm.Italy && a.Completed == nil && a.Target != storm.Ethiopia
	})
}

// italyIntervenedElsewhere reports an Italian military counter in a civil
// war other than target this turn (27.21A).
func italyIntervenedElsewhere(s storm.State, target string) bool {
	return slices.ContainsFunc(s.Diplomacy.Placements, func(pl storm.Placement) bool {
		return pl.Power == storm.Italy && pl.Military && pl.Country != target && storm.Fighting(s, pl.Country)
	})
}

// AggressionLines words p's aggression options for its notice, the
// barred targets grouped by reason.
func AggressionLines(s storm.State, p storm.Power) []string {
	if s.Ended || (s.Crisis.On && s.Segment.Index() > storm.SegCrisisAggression.Index()) {
		return nil // the game is over, or this turn's aggressions are announced
	}
	var open, reasons []string
	by := map[string][]string{}
	for _, o := range AggressionOptions(s, p) {
		if o.Barred == "" {
			open = append(open, o.Target)
			continue
		}
		if by[o.Barred] == nil {
			reasons = append(reasons, o.Barred)
		}
		by[o.Barred] = append(by[o.Barred], o.Target)
	}
	var out []string
	if len(open) > 0 {
		out = append(out, "Targets open to an aggression this turn (27.3, 27.4): "+storm.JoinAnd(open)+".")
	}
	for _, r := range reasons {
		out = append(out, fmt.Sprintf("%s: %s.", storm.JoinAnd(by[r]), r))
	}
	return out
}
