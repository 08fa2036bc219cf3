package adjudicator

import (
	"fmt"
	"slices"

	"stormjudge/adjudicator/crisis"
	"stormjudge/adjudicator/diplomacy"
	"stormjudge/adjudicator/economy"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/randomevent"
	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/track"
	"stormjudge/adjudicator/war"
)

// step resolves one segment (7.31). Segments without a resolver are skipped
// with a SegmentSkipped event.
type step func(s *storm.State, orders map[storm.Power][]storm.Order, evs *[]event.Event)

// steps are the segments stormjudge adjudicates; the others are skipped.
var steps = map[storm.Segment]step{
	storm.SegRandomEvents:     resolveRandomEvents,
	storm.SegIncome:           economy.ResolveIncome,
	storm.SegEconomic:         economy.ResolveEconomic,
	storm.SegSpyRings:         diplomacy.ResolveSpyRings,       // 16.16B (intelligence.go)
	storm.SegDiplomacyAxis1:   diplomacy.ResolvePlacementRound, // 24.55 (diplomacy.go)
	storm.SegDiplomacyRussia:  diplomacy.ResolvePlacementRound,
	storm.SegDiplomacyAllies:  diplomacy.ResolvePlacementRound,
	storm.SegDiplomacyAxis2:   diplomacy.ResolvePlacementRound,
	storm.SegCovert:           diplomacy.ResolveCovert, // 16.16A, C, H (intelligence.go)
	storm.SegDiplomacyResolve: diplomacy.ResolveDiplomacySegment,
	// 26-27 (crisisphase.go); without the crisis phase they pass.
	storm.SegCrisisAggression:   crisis.ResolveCrisisSegment,
	storm.SegCrisisResponse:     crisis.ResolveCrisisSegment,
	storm.SegCrisisAxisResponse: crisis.ResolveCrisisSegment,
	storm.SegCrisisUltimatum:    crisis.ResolveCrisisSegment,
	storm.SegCrisisBrink:        crisis.ResolveCrisisSegment,
	storm.SegPreemptiveWar:      war.ResolvePreemptive, // 32.8 (preemptive.go)
	storm.SegEndOfGame:          resolveEndOfGame,      // 33, 34 (war/endgame.go)
}

// Required returns the powers that must order in s.Segment, or nil when the
// segment is automatic or the game has ended: every power in the economic
// phase, where all order secretly (13.11, 14.51); in a diplomatic
// placement round (a game that plays diplomacy), the round's powers that
// may place a counter (24.55); in the spy-ring segment, the leaders of the
// sides with an espionage result to place or a ring to reactivate
// (16.16B). The covert segment asks nobody (intelligence.go).
func Required(s storm.State) []storm.Power { return required(&whoOrders{s: s}) }

// required is Required(w.s), reading the pre-emptive options w keeps.
func required(w *whoOrders) []storm.Power {
	s := w.s
	if s.Ended {
		return nil
	}
	if round, ok := roundOf(s); ok {
		var out []storm.Power
		for _, p := range round {
			if asked(s, p) {
				out = append(out, p)
			}
		}
		return out
	}
	switch {
	case s.Segment == storm.SegEconomic:
		return slices.Clone(storm.Powers)
	case s.Crisis.On && crisis.IsCrisisSegment(s.Segment): // 26.11 (crisisphase.go)
		return crisis.CrisisRequired(s)
	case s.Crisis.On && s.Segment == storm.SegPreemptiveWar: // 32.8 (preemptive.go)
		return w.preemptive().Required()
	case s.Crisis.On && s.Segment == storm.SegEndOfGame: // 33.2 (endgame.go)
		return war.FinalResearchRequired(s)
	}
	return nil
}

// roundOf returns, in a game that plays diplomacy, the powers of the open
// spy-ring segment or placement round (none in another segment of the
// phases before the crisis), which Required asks one by one (asked); false
// where Required answers for the segment as a whole.
func roundOf(s storm.State) ([]storm.Power, bool) {
	switch {
	case !s.Diplomacy.On || s.Segment == storm.SegEconomic:
		return nil, false
	case s.Crisis.On && (crisis.IsCrisisSegment(s.Segment) || s.Segment == storm.SegPreemptiveWar || s.Segment == storm.SegEndOfGame):
		return nil, false
	case s.Segment == storm.SegSpyRings:
		return storm.IntelligenceLeaders, true
	}
	return storm.PlacementRounds[s.Segment], true
}

// asked reports whether Required asks p, a power of roundOf(s): a leader
// with an espionage result to place or a ring to reactivate (16.16B); a
// power of the round that may place a counter (24.55). Standing orders
// are orders, unless they no longer hold (standing.go).
func asked(s storm.State, p storm.Power) bool {
	if s.Segment == storm.SegSpyRings {
		return diplomacy.IntelligenceChoice(s, storm.SideOf(p)) && (len(storm.StandingFor(s, p)) == 0 || len(standingProblems(s, p)) > 0)
	}
	standing := len(storm.StandingFor(s, p)) > 0
	return diplomacy.CanPlace(s, p) && ((!standing && unplannedRound(s, p)) || len(standingProblems(s, p)) > 0)
}

// requires reports whether Required(s) holds p; in a round it asks p
// alone, since asking plays each power's possible placements.
func requires(s storm.State, p storm.Power) bool { return (&whoOrders{s: s}).requires(p) }

// whoOrders is Required(s), asked once for the questions about one state
// (in the pre-emptive war segment it reckons every war threshold), or
// known already (known).
type whoOrders struct {
	s        storm.State
	known    bool
	required []storm.Power
	pre      *war.Preemptive      // the state's pre-emptive options, made when asked (preemptive)
	allied   map[[2]string]string // crisis.AlliedThresholds by aggressor and target (alliedThresholds)
}

// preemptive is w.s's pre-emptive war options, shared by the segment's
// options and validations.
func (w *whoOrders) preemptive() *war.Preemptive {
	if w.pre == nil {
		w.pre = war.NewPreemptive(w.s)
	}
	return w.pre
}

// requires is requires(w.s, p).
func (w *whoOrders) requires(p storm.Power) bool {
	if !w.known {
		if round, ok := roundOf(w.s); ok && !w.s.Ended {
			return slices.Contains(round, p) && asked(w.s, p)
		}
		w.required, w.known = required(w), true
	}
	return slices.Contains(w.required, p)
}

// Resolve resolves s.Segment with the given orders (a missing power gave no
// orders), then advances through automatic segments until one needs orders
// or the game has ended. It never mutates s; all randomness comes from s.RNG.
// Orders that fail re-validation are voided (OrderVoided, private) rather
// than failing the whole resolution.
func Resolve(s storm.State, orders map[storm.Power][]storm.Order) (storm.State, []event.Event, error) {
	n, evs, _, err := resolve(&whoOrders{s: s}, orders)
	return n, evs, err
}

// resolve is Resolve of w.s, returning also who orders in the new state
// (Required known).
func resolve(w *whoOrders, orders map[storm.Power][]storm.Order) (storm.State, []event.Event, *whoOrders, error) {
	s := w.s
	if err := check(s); err != nil {
		return s, nil, nil, err
	}
	if AwaitsDraw(s) {
		return s, nil, nil, fmt.Errorf("adjudicator: %s %s waits for the moderator's draw (ResolveDraw)", s.Turn, s.Segment)
	}
	for p, os := range orders {
		if !p.Valid() {
			return s, nil, nil, fmt.Errorf("adjudicator: orders for invalid power %d", uint8(p))
		}
		if len(os) > 0 && !mayOrder(w, p, os) {
			return s, nil, nil, fmt.Errorf("adjudicator: %s gives no orders in %s %s", p, s.Turn, s.Segment)
		}
	}
	n := s.Clone()
	var evs []event.Event
	if n.Crisis.On {
		orders = crisis.KeepPlans(&n, orders) // crisisphase.go: IF lines kept as plans (checked with their FOR CRISIS line)
	}
	orders = keepStanding(&n, orders) // standing.go: orders for later rounds kept
	ResolveSegment(&n, orders, &evs)
	next := run(&n, &evs)
	return n, evs, next, nil
}

// run advances through automatic segments until one needs orders (or the
// moderator's draw, AwaitsDraw) or the game has ended, and returns who
// orders in the state it stops at (Required known). A segment nobody
// orders in is resolved with the pre-emptive options Required reckoned.
func run(s *storm.State, evs *[]event.Event) *whoOrders {
	w := &whoOrders{} // one for every segment passed: only the last is returned
	for !s.Ended {
		*w = whoOrders{s: *s}
		w.required, w.known = required(w), true
		if len(w.required) > 0 || AwaitsDraw(*s) {
			return w
		}
		resolveSegment(s, nil, evs, w.pre)
	}
	*w = whoOrders{s: *s, known: true}
	return w
}

// check rejects states Resolve cannot work on.
func check(s storm.State) error {
	if s.Ended {
		return fmt.Errorf("adjudicator: the game has ended")
	}
	if !s.Segment.Valid() {
		return fmt.Errorf("adjudicator: unknown segment %q", s.Segment)
	}
	if s.Turn.Season < storm.Spring || s.Turn.Season > storm.Winter {
		return fmt.Errorf("adjudicator: invalid turn %v", s.Turn)
	}
	for _, p := range storm.Powers {
		if s.Powers[p] == nil {
			return fmt.Errorf("adjudicator: state has no %s", p)
		}
	}
	return crisis.CheckCrisisState(s) // crisisphase.go
}

// ResolveSegment resolves the open segment and moves to the next one.
func ResolveSegment(s *storm.State, orders map[storm.Power][]storm.Order, evs *[]event.Event) {
	resolveSegment(s, orders, evs, nil)
}

// resolveSegment is ResolveSegment; the pre-emptive war segment is
// resolved with pre, s's pre-emptive options, when not nil.
func resolveSegment(s *storm.State, orders map[storm.Power][]storm.Order, evs *[]event.Event, pre *war.Preemptive) {
	if f, ok := steps[s.Segment]; ok && pre != nil && s.Segment == storm.SegPreemptiveWar {
		war.ResolvePreemptiveWith(s, orders, evs, pre)
	} else if ok {
		f(s, orders, evs)
	} else {
		*evs = append(*evs, event.SegmentSkipped{Turn: s.Turn, Segment: s.Segment, Note: event.NotImplemented})
	}
	if s.Crisis.On && crisis.IsCrisisSegment(s.Segment) {
		switch {
		case crisis.CrisisStays(*s): // r-27-51-concert: Britain and France asked again
			return
		case !crisis.CrisisActive(*s): // every crisis settled: on to pre-emptive war (26.12)
			crisis.EndCrisisPhase(s, evs)
			s.Segment = storm.SegPreemptiveWar
			return
		}
	}
	if s.Ended || war.PreemptStays(*s) { // 32.83: the threatened power answers
		return
	}
	advance(s, evs)
}

// advance moves to the next segment of 7.31; after the last one the turn
// ends and the next begins at random events (2.41).
func advance(s *storm.State, evs *[]event.Event) {
	i := s.Segment.Index()
	if i+1 < len(storm.Segments) {
		s.Segment = storm.Segments[i+1]
		return
	}
	EndTurn(s, evs)
	s.Turn = s.Turn.Next()
	s.Segment = storm.Segments[0]
	*evs = append(*evs, event.TurnBegan{Turn: s.Turn})
	economy.UnitsArrive(s, evs) // 14.81, 13.21B: mobilized units reach the reserve
}

// maxCarryOver is the most tile points kept into the next turn (6.33).
const maxCarryOver = 21

// EndTurn applies the end-of-turn housekeeping.
func EndTurn(s *storm.State, evs *[]event.Event) {
	randomevent.EndTurnEvents(s, evs) // 8.43, 9.41 (randomevents.go)
	for _, p := range storm.Powers {
		ps := s.Powers[p]
		before := ps.TilePoints
		ps.TilePoints = min(ps.TilePoints, maxCarryOver) // 6.33
		*evs = append(*evs, event.TilesCarriedOver{Power: p, Before: before, After: ps.TilePoints})
		ps.ConvertedThisTurn = false       // 14.41: one conversion per turn
		ps.Used = storm.ActivityCounters{} // 4.17E: counters return for the next turn
		ps.ConstructionLeftover = 0        // 12.41A/B: a counter's rest lasts its turn
	}
	s.Russia.GreatPurge = false      // 14.43A: only the turn of the purge
	randomevent.EndTurnPurges(s)     // 22.21A-D: this turn's prohibitions lapse
	economy.EndTurnEconomy(s)        // 10.41D, 11.92, 12.22G (income.go)
	s.Diplomacy.EndTurn()            // 24.81D (diplomacy.go)
	crisis.ChargeConquests(s, evs)   // 29.33C (crisisend.go)
	crisis.ProgressConquests(s, evs) // 29.32, 29.33B
	s.Crisis = storm.CrisisState{On: s.Crisis.On}
	*evs = append(*evs, event.TurnEnded{Turn: s.Turn})
}

// resolveRandomEvents is the random events phase (8, 9, 22.4). Russia draws
// its purge card, then, in a game with a deck, the random event cards are
// drawn and dealt (9.12, randomevents.go), and the EAI is determined. A game
// without a deck reports the segment as not (fully) implemented. In Spring
// 1935 it also reports the setup draw of the Spanish civil war (25.32A).
func resolveRandomEvents(s *storm.State, _ map[storm.Power][]storm.Order, evs *[]event.Event) {
	if s.Turn == storm.FirstTurn {
		*evs = append(*evs, event.SpanishCivilWarSetup{Tile: s.SpanishTile, Events: s.Minor("Spain").CivilWarEvents})
	}
	track.StartEAITurn(s) // 23.25: before this turn's random events
	var extra map[storm.Power][]storm.ExtraSource
	if s.Events != nil {
		extra = randomevent.ExtraEventSources(*s) // 9.14-9.16: 9.16 before the purge card
	}
	randomevent.ResolvePurges(s, evs) // 22.4 (purge.go): first, as 22.21D's cards depend on the card
	if s.Events != nil {
		randomevent.DrawRandomEvents(s, extra, evs) // 9.12 (randomevents.go)
	}
	track.RecomputeEAI(s, "23.22", evs) // 23.21, after the public random events (eai.go)
	if s.Events == nil {
		*evs = append(*evs, event.SegmentSkipped{Turn: s.Turn, Segment: s.Segment, Note: event.NotImplemented})
	}
}

// resolveEndOfGame is war's end of the game (33, 34), passed the crisis
// phase's completion of Italy's conquests due in the last turn (34.51B).
func resolveEndOfGame(s *storm.State, orders map[storm.Power][]storm.Order, evs *[]event.Event) {
	war.ResolveEndOfGame(s, orders, evs, crisis.ProgressConquests)
}
