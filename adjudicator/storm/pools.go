package storm

import (
	"fmt"
	"slices"
)

// Activity counter pools (12.2). A power's permanent pool (PowerState.Pool)
// is the 12.21 pool plus the permanent increases of 12.22C, D, E and H; it
// is derived from the game facts, so recomputing it is idempotent and any
// part of the turn may call RefreshCounters after a fact changes. The
// counters usable in a turn (PowerState.Counters) are the pool, the
// civilian-factory counters of 12.22A/B (13.21A) and the temporary changes
// of 12.22G (PowerEconomy.CountersNow). 12.22F (free diplomatic counters
// after a civil war result) is PowerEconomy.FreeDiplomaticCounters.

// PoolIncrease is one permanent increase of a pool with the rule causing it.
type PoolIncrease struct {
	Rule     string           `json:"rule"`
	What     string           `json:"what"`
	Counters ActivityCounters `json:"counters"`
}

// economicPreparationPowers: the first economic preparation result adds a 1,
// the second a 2 counter (12.22D).
var economicPreparationPowers = map[Power]bool{Germany: true, Britain: true, Russia: true}

// aggressionCounter is a row of 12.22E: an aggression of By against one of
// Targets adds a 1 counter to Gains, at most Max counters in all from the
// row group (0: no limit).
type aggressionCounter struct {
	Rule    string
	By      Power
	Targets []string
	Gains   []Power
	Max     int
	// OnStart: the counter comes in the turn after the aggression starts
	// rather than when it is completed.
	OnStart bool
	// FlagRule: the Allied counter for an Italian aggression goes to
	// Britain or France by flags (12.22E), decided by the aggression issue:
	// Aggression.Target's beneficiary is read from AlliedBeneficiary.
	FlagRule bool
}

var aggressionCounters = []aggressionCounter{
	// 12.22E: Germany, one per aggression against these, at most four;
	// the Sudetenland and Danzig/Corridor do not count.
	{Rule: "12.22E", By: Germany, Targets: []string{"Rhineland", "Austria", "Czechoslovakia", "Poland"}, Gains: []Power{Germany}, Max: 4},
	// 12.22E: Italy, Ethiopia, Albania and Greece or Yugoslavia, at most
	// three, when completed.
	{Rule: "12.22E", By: Italy, Targets: []string{"Ethiopia", "Albania", "Greece", "Yugoslavia"}, Gains: []Power{Italy}, Max: 3},
	// 12.22E: Britain and France, one each per German aggression against
	// Austria, Czechoslovakia, Poland.
	{Rule: "12.22E", By: Germany, Targets: []string{"Austria", "Czechoslovakia", "Poland"}, Gains: []Power{Britain, France}},
	// 12.22E: Italian aggressions against Albania, Greece, Yugoslavia: to
	// Britain or France by flags, in the turn after the start.
	{Rule: "12.22E", By: Italy, Targets: []string{"Albania", "Greece", "Yugoslavia"}, OnStart: true, FlagRule: true},
}

// cohesionCounters: Russia adds a 1 at medium, a 2 at high and a 3 at full
// cohesion (12.22H, 22.73B).
var cohesionCounters = []struct {
	Level    Cohesion
	Strength int
}{
	{MediumCohesion, 1}, // 12.22H
	{HighCohesion, 2},   // 12.22H
	{FullCohesion, 3},   // 12.22H
}

var cohesionRank = map[Cohesion]int{LowCohesion: 0, MediumCohesion: 1, HighCohesion: 2, FullCohesion: 3}

// PoolIncreases lists the permanent increases of p's pool in s (12.22C, D,
// E, H).
func PoolIncreases(s State, p Power) []PoolIncrease { return poolIncreases(s, p, true) }

// poolIncreases is PoolIncreases, each What worded only when words is
// set: PoolFor sums the counters, for every check of a power's counters.
func poolIncreases(s State, p Power, words bool) []PoolIncrease {
	var out []PoolIncrease
	add := func(rule, what string, c ActivityCounters) {
		if c != (ActivityCounters{}) {
			out = append(out, PoolIncrease{Rule: rule, What: what, Counters: c})
		}
	}
	say := func(what func() string) string {
		if !words {
			return ""
		}
		return what()
	}
	// 12.22C: one shipyard counter per shipbuilding increase of the game,
	// as the shipbuilding rules count them (ShipyardsMobilized; 19.32).
	if n := ShipyardsMobilized(s, p); n > 0 {
		add("12.22C", say(func() string { return fmt.Sprintf("%d shipbuilding increase(s)", n) }), ActivityCounters{Ship: n})
	}
	// 12.22D, 16.14C: economic preparation results, as the research table
	// gives them (ResearchCounterBonus).
	if economicPreparationPowers[p] {
		add("12.22D", "economic preparation results", ResearchCounterBonus(s, p))
	}
	// 12.22E: Axis aggressions.
	for _, row := range aggressionCounters {
		n := 0
		for _, a := range s.SupportFacts.Aggressions {
			if a.Aggressor != row.By || !slices.Contains(row.Targets, a.Target) {
				continue
			}
			if row.OnStart {
				if !a.Turn.Before(s.Turn) {
					continue
				}
			} else if a.Completed == nil {
				continue
			}
			gains := row.Gains
			if row.FlagRule {
				gains = []Power{a.AlliedBeneficiary()}
			}
			if !slices.Contains(gains, p) {
				continue
			}
			if row.Max == 0 || n < row.Max {
				n++
			}
		}
		if n > 0 {
			add(row.Rule, say(func() string { return fmt.Sprintf("%s aggressions (%d)", row.By.Title(), n) }), ActivityCounters{One: n})
		}
	}
	// 12.22H: Russian cohesion.
	if p == Russia {
		for _, c := range cohesionCounters {
			if cohesionRank[s.Russia.Cohesion] >= cohesionRank[c.Level] {
				counter, _ := CountersOf([]int{c.Strength}) // 1, 2, 3: no error
				add("12.22H", say(func() string { return string(c.Level) + " cohesion reached" }), counter)
			}
		}
	}
	return out
}

// AlliedBeneficiary is the Allied power that gains from an Italian
// aggression against Albania, Greece or Yugoslavia (10.71B, 10.81B,
// 12.22E): Britain with more British than French flags in the target and
// its neighbours, else France. The aggression issue records the flag count
// in BritishLead; without it France gains (as many French as British).
func (a Aggression) AlliedBeneficiary() Power {
	if a.BritishLead {
		return Britain
	}
	return France
}

// PoolFor is p's permanent activity counter pool: 12.21 plus every
// increase of PoolIncreases.
func PoolFor(s State, p Power) ActivityCounters {
	pool := StartingPools[p]
	for _, in := range poolIncreases(s, p, false) {
		pool = pool.Add(in.Counters)
	}
	return pool
}

// clampCounters sets negative counts to zero: a power cannot lose a counter
// it does not have (12.22G).
func clampCounters(a ActivityCounters) ActivityCounters {
	return ActivityCounters{Three: max(a.Three, 0), Two: max(a.Two, 0), One: max(a.One, 0),
		Zero: max(a.Zero, 0), Ship: max(a.Ship, 0), Research: max(a.Research, 0)}
}

// CountersFor is what p may use this turn: the pool derived from the facts
// (PoolFor), the civilian-factory counters of 12.22A/B (CivilianCounters,
// economic.go) for the current number of civilian factories, which count
// from the turn of conversion and vanish in the turn a mobilization takes
// the factories below the level (13.21A), and this turn's temporary changes
// (12.22G).
func CountersFor(s State, p Power) ActivityCounters {
	ps := s.Powers[p]
	c := PoolFor(s, p)
	for _, r := range CivilianCounters {
		if r.Power != p || ps.Factories.Civilian < r.Civilian {
			continue
		}
		switch {
		case r.Research:
			c.Research++ // 12.22A
		case r.Strength == 2:
			c.Two++ // 12.22B
		}
	}
	return clampCounters(c.Add(ps.Economy.CountersNow))
}
