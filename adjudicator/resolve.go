package adjudicator

import (
	"fmt"
	"slices"
)

// step resolves one segment (7.31). Segments without a resolver are skipped
// with a SegmentSkipped event.
type step func(s *State, orders map[Power][]Order, evs *[]Event)

// steps are the segments stormjudge adjudicates; the others are skipped.
var steps = map[Segment]step{
	SegRandomEvents:     resolveRandomEvents,
	SegIncome:           resolveIncome,
	SegEconomic:         resolveEconomic,
	SegSpyRings:         resolveSpyRings,       // 16.16B (intelligence.go)
	SegDiplomacyAxis1:   resolvePlacementRound, // 24.55 (diplomacy.go)
	SegDiplomacyRussia:  resolvePlacementRound,
	SegDiplomacyAllies:  resolvePlacementRound,
	SegDiplomacyAxis2:   resolvePlacementRound,
	SegCovert:           resolveCovert, // 16.16A, C, H (intelligence.go)
	SegDiplomacyResolve: resolveDiplomacySegment,
	// 26-27 (crisisphase.go); without the crisis phase they pass.
	SegCrisisAggression:   resolveCrisisSegment,
	SegCrisisResponse:     resolveCrisisSegment,
	SegCrisisAxisResponse: resolveCrisisSegment,
	SegCrisisUltimatum:    resolveCrisisSegment,
	SegCrisisBrink:        resolveCrisisSegment,
	SegPreemptiveWar:      resolvePreemptive, // 32.8 (preemptive.go)
	SegEndOfGame:          resolveEndOfGame,  // 33, 34 (endgame.go)
}

// Required returns the powers that must order in s.Segment, or nil when the
// segment is automatic or the game has ended: every power in the economic
// phase, where all order secretly (13.11, 14.51); in a diplomatic
// placement round (a game that plays diplomacy), the round's powers that
// may place a counter (24.55); in the spy-ring segment, the leaders of the
// sides with an espionage result to place or a ring to reactivate
// (16.16B). The covert segment asks nobody (intelligence.go).
func Required(s State) []Power {
	if s.Ended {
		return nil
	}
	switch {
	case s.Segment == SegEconomic:
		return slices.Clone(Powers)
	case s.Crisis.On && isCrisisSegment(s.Segment): // 26.11 (crisisphase.go)
		return crisisRequired(s)
	case s.Crisis.On && s.Segment == SegPreemptiveWar: // 32.8 (preemptive.go)
		return preemptiveRequired(s)
	case s.Crisis.On && s.Segment == SegEndOfGame: // 33.2 (endgame.go)
		return finalResearchRequired(s)
	case s.Diplomacy.On && s.Segment == SegSpyRings:
		var out []Power
		for _, p := range intelligenceLeaders {
			if intelligenceChoice(s, SideOf(p)) && len(standingFor(s, p)) == 0 {
				out = append(out, p)
			}
		}
		return out
	case s.Diplomacy.On:
		var out []Power
		for _, p := range placementRounds[s.Segment] {
			if canPlace(s, p) && len(standingFor(s, p)) == 0 { // standing orders are orders (standing.go)
				out = append(out, p)
			}
		}
		return out
	}
	return nil
}

func requires(s State, p Power) bool { return slices.Contains(Required(s), p) }

// Resolve resolves s.Segment with the given orders (a missing power gave no
// orders), then advances through automatic segments until one needs orders
// or the game has ended. It never mutates s; all randomness comes from s.RNG.
// Orders that fail re-validation are voided (OrderVoided, private) rather
// than failing the whole resolution.
func Resolve(s State, orders map[Power][]Order) (State, []Event, error) {
	if err := check(s); err != nil {
		return s, nil, err
	}
	if AwaitsDraw(s) {
		return s, nil, fmt.Errorf("adjudicator: %s %s waits for the moderator's draw (ResolveDraw)", s.Turn, s.Segment)
	}
	for p, os := range orders {
		if !p.Valid() {
			return s, nil, fmt.Errorf("adjudicator: orders for invalid power %d", uint8(p))
		}
		if len(os) > 0 && !MayOrder(s, p, os) {
			return s, nil, fmt.Errorf("adjudicator: %s gives no orders in %s %s", p, s.Turn, s.Segment)
		}
	}
	n := s.Clone()
	var evs []Event
	if n.Crisis.On {
		orders = keepPlans(&n, orders) // crisisphase.go: IF lines kept as plans (checked with their FOR CRISIS line)
	}
	orders = keepStanding(&n, orders) // standing.go: orders for later rounds kept
	resolveSegment(&n, orders, &evs)
	run(&n, &evs)
	return n, evs, nil
}

// run advances through automatic segments until one needs orders (or the
// moderator's draw, AwaitsDraw) or the game has ended.
func run(s *State, evs *[]Event) {
	for !s.Ended && len(Required(*s)) == 0 && !AwaitsDraw(*s) {
		resolveSegment(s, nil, evs)
	}
}

// check rejects states Resolve cannot work on.
func check(s State) error {
	if s.Ended {
		return fmt.Errorf("adjudicator: the game has ended")
	}
	if !s.Segment.Valid() {
		return fmt.Errorf("adjudicator: unknown segment %q", s.Segment)
	}
	if s.Turn.Season < Spring || s.Turn.Season > Winter {
		return fmt.Errorf("adjudicator: invalid turn %v", s.Turn)
	}
	for _, p := range Powers {
		if s.Powers[p] == nil {
			return fmt.Errorf("adjudicator: state has no %s", p)
		}
	}
	return checkCrisisState(s) // crisisphase.go
}

// resolveSegment resolves the open segment and moves to the next one.
func resolveSegment(s *State, orders map[Power][]Order, evs *[]Event) {
	if f, ok := steps[s.Segment]; ok {
		f(s, orders, evs)
	} else {
		*evs = append(*evs, SegmentSkipped{Turn: s.Turn, Segment: s.Segment, Note: NotImplemented})
	}
	if s.Crisis.On && isCrisisSegment(s.Segment) {
		switch {
		case crisisStays(*s): // r-27-51-concert: Britain and France asked again
			return
		case !crisisActive(*s): // every crisis settled: on to pre-emptive war (26.12)
			endCrisisPhase(s, evs)
			s.Segment = SegPreemptiveWar
			return
		}
	}
	if s.Ended || preemptStays(*s) { // 32.83: the threatened power answers
		return
	}
	advance(s, evs)
}

// advance moves to the next segment of 7.31; after the last one the turn
// ends and the next begins at random events (2.41).
func advance(s *State, evs *[]Event) {
	i := s.Segment.index()
	if i+1 < len(Segments) {
		s.Segment = Segments[i+1]
		return
	}
	endTurn(s, evs)
	s.Turn = s.Turn.Next()
	s.Segment = Segments[0]
	*evs = append(*evs, TurnBegan{Turn: s.Turn})
	unitsArrive(s, evs) // 14.81, 13.21B: mobilized units reach the reserve
}

// maxCarryOver is the most tile points kept into the next turn (6.33).
const maxCarryOver = 21

// endTurn applies the end-of-turn housekeeping.
func endTurn(s *State, evs *[]Event) {
	endTurnEvents(s, evs) // 8.43, 9.41 (randomevents.go)
	for _, p := range Powers {
		ps := s.Powers[p]
		before := ps.TilePoints
		ps.TilePoints = min(ps.TilePoints, maxCarryOver) // 6.33
		*evs = append(*evs, TilesCarriedOver{Power: p, Before: before, After: ps.TilePoints})
		ps.ConvertedThisTurn = false // 14.41: one conversion per turn
		ps.Used = ActivityCounters{} // 4.17E: counters return for the next turn
		ps.ConstructionLeftover = 0  // 12.41A/B: a counter's rest lasts its turn
	}
	s.Russia.GreatPurge = false // 14.43A: only the turn of the purge
	endTurnPurges(s)            // 22.21A-D: this turn's prohibitions lapse
	endTurnEconomy(s)           // 10.41D, 11.92, 12.22G (income.go)
	s.Diplomacy.endTurn()       // 24.81D (diplomacy.go)
	chargeConquests(s, evs)     // 29.33C (crisisend.go)
	progressConquests(s, evs)   // 29.32, 29.33B
	s.Crisis = CrisisState{On: s.Crisis.On}
	*evs = append(*evs, TurnEnded{Turn: s.Turn})
}

// resolveRandomEvents is the random events phase (8, 9, 22.4). Russia draws
// its purge card, then, in a game with a deck, the random event cards are
// drawn and dealt (9.12, randomevents.go), and the EAI is determined. A game
// without a deck reports the segment as not (fully) implemented. In Spring
// 1935 it also reports the setup draw of the Spanish civil war (25.32A).
func resolveRandomEvents(s *State, _ map[Power][]Order, evs *[]Event) {
	if s.Turn == FirstTurn {
		*evs = append(*evs, SpanishCivilWarSetup{Tile: s.SpanishTile, Events: s.Minor("Spain").CivilWarEvents})
	}
	startEAITurn(s) // 23.25: before this turn's random events
	var extra map[Power]int
	if s.Events != nil {
		extra = extraRandomEvents(*s) // 9.14-9.16: 9.16 before the purge card
	}
	resolvePurges(s, evs) // 22.4 (purge.go): first, as 22.21D's cards depend on the card
	if s.Events != nil {
		drawRandomEvents(s, extra, evs) // 9.12 (randomevents.go)
	}
	RecomputeEAI(s, "23.22", evs) // 23.21, after the public random events (eai.go)
	if s.Events == nil {
		*evs = append(*evs, SegmentSkipped{Turn: s.Turn, Segment: s.Segment, Note: NotImplemented})
	}
}
