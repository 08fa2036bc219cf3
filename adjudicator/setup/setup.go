package setup

import (
	"slices"
	"stormjudge/adjudicator/storm"
)

// startingFactories is the Spring 1935 economic profile (11.22).
var startingFactories = map[storm.Power]storm.Factories{
	storm.Germany: {Civilian: 5, Military: 3, Idle: 4}, // 11.22: 12 factories
	storm.Italy:   {Civilian: 2, Military: 3, Idle: 1}, // 11.22: 6 factories
	storm.Britain: {Civilian: 4, Military: 2, Idle: 2}, // 11.22: 8 factories
	storm.France:  {Civilian: 2, Military: 3, Idle: 1}, // 11.22: 6 factories
	storm.Russia:  {Civilian: 5, Military: 5, Idle: 4}, // 11.22: 14 factories
}

// StartingFactoryTotals is the "number of factories" column of 11.22, kept
// to check the table (a test compares it with the sums above).
var StartingFactoryTotals = map[storm.Power]int{
	storm.Germany: 12, // 11.22
	storm.Italy:   6,  // 11.22
	storm.Britain: 8,  // 11.22
	storm.France:  6,  // 11.22
	storm.Russia:  14, // 11.22
}

// startingResearch are the research results achieved before the game (15.51).
var startingResearch = []storm.ResearchResult{
	{Side: storm.Axis, Project: "specialized units", Results: 1, Rule: "15.51A"},
	{Side: storm.Allies, Power: storm.Britain, Project: "strategic bombers", Results: 1, Rule: "15.51B"}, // British: 20.41B
	{Side: storm.Allies, Power: storm.Britain, Project: "naval air training", Results: 1, Rule: "15.51B"},
	{Side: storm.Soviet, Project: "specialized units", Results: 1, Rule: "15.51C"},
}

// startingTradePacts: France holds the trade pacts of Belgium/Luxembourg and
// Czechoslovakia (11.63).
var startingTradePacts = map[string]storm.Power{
	"Belgium/Luxembourg": storm.France, // 11.63
	"Czechoslovakia":     storm.France, // 11.63
}

// Starting levels.
const (
	startingClimate = 0 // 11.32
	// startingEAI: rule 23 gives no starting level; every modifier of 23.21
	// is absent in Spring 1935 (no aggression, no pact, no random event yet,
	// climate 0, no civil war being fought), so the EAI starts at 0.
	startingEAI         = 0
	startingPurgeEvents = 0 // 22.71A: no purge events yet, low cohesion
)

// NewGame returns the Spring 1935 setup at the first segment of the turn,
// nothing resolved yet. The Spanish civil war events (25.32A) are drawn from
// the seeded generator here.
func NewGame(seed uint64) storm.State {
	s := storm.State{
		Turn:            storm.FirstTurn,
		Segment:         storm.Segments[0],
		Seed:            seed,
		RNG:             storm.NewRNG(seed),
		EconomicClimate: startingClimate,
		EAI:             startingEAI,
		Tiles:           storm.StartingTilePool,
		Powers:          make(map[storm.Power]*storm.PowerState, len(storm.Powers)),
		Research:        slices.Clone(startingResearch),
		Russia:          storm.RussiaState{PurgeEvents: startingPurgeEvents, Cohesion: storm.CohesionFor(startingPurgeEvents)},
	}
	for _, p := range storm.Powers {
		m := storm.InitialMobilizations[p]
		ps := &storm.PowerState{
			TilePoints:            0, // 6.32
			Factories:             startingFactories[p],
			Mobilizations:         m.Mobilizations,
			MobilizationTurns:     []storm.Turn{},
			MobilizationUnits:     []storm.MobilizationRecord{},
			Mobilizing:            []storm.MobilizingUnit{},
			Active:                m.Units, // 14.9 units start active: docs/rules.md
			ShipbuildingIncreases: m.Shipbuilding,
			Pool:                  storm.StartingPools[p],
		}
		s.Powers[p] = ps
	}
	for _, m := range storm.StartingMinors {
		mi := storm.Minor{Name: m.Name}
		if m.Alignment != 0 {
			mi.Flags = max(m.Alignment, -m.Alignment)
			mi.FlagPower = m.Power
		}
		mi.TradePact = startingTradePacts[m.Name]
		s.Minors = append(s.Minors, mi)
	}
	// 25.32A, 4.14B: one tile drawn at random; that many Spanish civil war
	// events have occurred. Greece and Yugoslavia start with none (25.32B-C).
	v := s.DrawFaceDown()
	s.SpanishTile = v
	s.Minor("Spain").CivilWarEvents = v
	setupNaval(&s) // 19.63A, 20.41C, 20.4
	for _, p := range storm.Powers {
		s.Powers[p].Counters = storm.CountersFor(s, p) // 12.21, 12.22A/B (pools.go)
	}
	return s
}
