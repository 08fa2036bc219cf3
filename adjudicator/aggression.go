package adjudicator

import (
	"fmt"
	"slices"
	"strings"
)

// Axis aggression targets and restrictions (27.1-27.4). The crisis phase
// takes AGGRESSION orders against them (crisisphase.go); each Axis power's
// notice lists what it may announce this turn and why the rest is barred
// (view `aggressions`).

// aggressionTargets are the targets of 27.31 (Italy) and 27.41 (Germany),
// in the rules' order.
var aggressionTargets = map[Power][]string{
	Italy:   {Ethiopia, "Albania", "Yugoslavia", "Greece"},                                                              // 27.31A-D
	Germany: {Rhineland, "Austria", "Sudetenland", "Czechoslovakia", "Danzig and the Corridor", "Poland", BalticStates}, // 27.41A-G
}

// targetRule is the rule listing each Axis power's targets.
var targetRule = map[Power]string{Germany: "27.41", Italy: "27.31"}

// AggressionOption is a target of p with the rule that bars it, "" when
// p may announce an aggression against it this turn.
type AggressionOption struct {
	Target string `json:"target"`
	Barred string `json:"barred,omitempty"` // why not, with its rule
}

// completedBy reports p's completed aggression against target.
func completedBy(s State, p Power, target string) bool {
	return slices.ContainsFunc(s.SupportFacts.Aggressions, func(a Aggression) bool {
		return a.Aggressor == p && a.Target == target && a.Completed != nil
	})
}

// AggressionOptions lists p's aggression targets (27.3, 27.4) with the
// restrictions of 27.2 that bar them now; nil for a power that commits
// none.
func AggressionOptions(s State, p Power) []AggressionOption {
	targets, ok := aggressionTargets[p]
	if !ok {
		return nil
	}
	var out []AggressionOption
	for _, t := range targets {
		o := AggressionOption{Target: t}
		switch {
		case completedBy(s, p, t) || completedWhole(s, p, t):
			o.Barred = "already carried out"
		case t == "Poland" && s.SupportFacts.PolandNeutral:
			o.Barred = "a neutral minor country for the rest of the game (29.22C)"
		case slices.ContainsFunc(s.SupportFacts.Aggressions, func(a Aggression) bool { return a.Aggressor == p && a.Target == t }):
			o.Barred = "its conquest is under way (29.3)"
		case slices.ContainsFunc(s.SupportFacts.Aggressions, func(a Aggression) bool { return a.Aggressor == p && a.Turn == s.Turn }):
			o.Barred = "one aggression a turn (27.12)"
		case p == Italy && t != Ethiopia && !completedBy(s, Italy, Ethiopia):
			o.Barred = "not before Ethiopia is conquered (27.21A)"
		case p == Italy && (t == "Greece" || t == "Yugoslavia") && !completedBy(s, Italy, "Albania"):
			o.Barred = "not without control of Albania (27.21A, 28.61)"
		case p == Italy && italyAtWar(s):
			o.Barred = "not while at war with a minor country (27.21A)"
		case p == Italy && italyIntervenedElsewhere(s, t):
			o.Barred = "not in a turn of civil war intervention elsewhere (27.21A)"
		case p == Italy && italyUsedMilitaryCounter(s, t) && demandResistance(s, p, t) >= 1:
			o.Barred = "its military counter served elsewhere this turn (29.34)"
		case p == Germany && t != Rhineland && !completedBy(s, Germany, Rhineland):
			o.Barred = "not before the Rhineland is remilitarized (27.21B)"
		}
		out = append(out, o)
	}
	return out
}

// completedWhole reports p's completed aggression against the whole of
// which target is the first demand (the Sudetenland of Czechoslovakia,
// Danzig and the Corridor of Poland).
func completedWhole(s State, p Power, target string) bool {
	for whole, part := range firstDemand {
		if part == target && completedBy(s, p, whole) {
			return true
		}
	}
	return false
}

// italyAtWar reports an Italian aggression against Albania, Greece or
// Yugoslavia begun and not completed (27.21A, 29.3); Ethiopia's conquest
// bars other aggressions by 27.21A's first restriction.
func italyAtWar(s State) bool {
	return slices.ContainsFunc(s.SupportFacts.Aggressions, func(a Aggression) bool {
		return a.Aggressor == Italy && a.Completed == nil && a.Target != Ethiopia
	})
}

// italyIntervenedElsewhere reports an Italian military counter in a civil
// war other than target this turn (27.21A).
func italyIntervenedElsewhere(s State, target string) bool {
	return slices.ContainsFunc(s.Diplomacy.Placements, func(pl Placement) bool {
		return pl.Power == Italy && pl.Military && pl.Country != target && fighting(s, pl.Country)
	})
}

// AggressionLines words p's aggression options for its notice, the
// barred targets grouped by reason.
func AggressionLines(s State, p Power) []string {
	if s.Ended || (s.Crisis.On && s.Segment.index() > SegCrisisAggression.index()) {
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
		out = append(out, "Targets open to an aggression this turn (27.3, 27.4): "+joinAnd(open)+".")
	}
	for _, r := range reasons {
		out = append(out, fmt.Sprintf("%s: %s.", joinAnd(by[r]), r))
	}
	return out
}

func joinAnd(xs []string) string {
	if len(xs) < 2 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}

// AggressionTarget spells name as 27.31 or 27.41 list it, case aside;
// ok is false for a name neither lists.
func AggressionTarget(name string) (string, bool) {
	for _, p := range []Power{Germany, Italy} {
		for _, t := range aggressionTargets[p] {
			if strings.EqualFold(t, name) {
				return t, true
			}
		}
	}
	return name, false
}
