package storm

// Segment is a stable id of one step of the sequence of play (7.31).
type Segment string

// The segments of a turn, in the order of 7.31.
const (
	SegRandomEvents       Segment = "random-events"        // 7.11A, 8, 9, 22.4
	SegIncome             Segment = "income"               // 7.11B, 11
	SegEconomic           Segment = "economic"             // 7.11C, 13-19
	SegSpyRings           Segment = "spy-rings"            // 16.16B: the end of the economic phase
	SegDiplomacyAxis1     Segment = "diplomacy-axis-1"     // 24.55A
	SegDiplomacyRussia    Segment = "diplomacy-russia"     // 24.55B
	SegDiplomacyAllies    Segment = "diplomacy-allies"     // 24.55C
	SegDiplomacyAxis2     Segment = "diplomacy-axis-2"     // 24.55D
	SegCovert             Segment = "covert"               // 16.16
	SegDiplomacyResolve   Segment = "diplomacy-resolve"    // 24.8, 25
	SegCrisisAggression   Segment = "crisis-aggression"    // 27.1-27.4
	SegCrisisResponse     Segment = "crisis-response"      // 27.5
	SegCrisisAxisResponse Segment = "crisis-axis-response" // 27.6
	SegCrisisUltimatum    Segment = "crisis-ultimatum"     // 27.7
	SegCrisisBrink        Segment = "crisis-brink"         // 27.8
	SegPreemptiveWar      Segment = "preemptive-war"       // 32.8
	SegEndOfGame          Segment = "end-of-game"          // 33, 34
)

// Segments is the order of the segments within a turn (7.31).
var Segments = []Segment{
	SegRandomEvents, SegIncome, SegEconomic, SegSpyRings,
	SegDiplomacyAxis1, SegDiplomacyRussia, SegDiplomacyAllies, SegDiplomacyAxis2,
	SegCovert, SegDiplomacyResolve,
	SegCrisisAggression, SegCrisisResponse, SegCrisisAxisResponse, SegCrisisUltimatum, SegCrisisBrink,
	SegPreemptiveWar, SegEndOfGame,
}

var segmentTitles = map[Segment]string{
	SegRandomEvents:       "Random events phase",
	SegIncome:             "Income phase",
	SegEconomic:           "Economic phase",
	SegSpyRings:           "Spy rings",
	SegDiplomacyAxis1:     "Diplomacy: Axis, first round",
	SegDiplomacyRussia:    "Diplomacy: Russia",
	SegDiplomacyAllies:    "Diplomacy: Allies",
	SegDiplomacyAxis2:     "Diplomacy: Axis, second round",
	SegCovert:             "Covert operations and subversion",
	SegDiplomacyResolve:   "Diplomacy resolved",
	SegCrisisAggression:   "Crisis: Axis aggression",
	SegCrisisResponse:     "Crisis: Allied response",
	SegCrisisAxisResponse: "Crisis: Axis response",
	SegCrisisUltimatum:    "Crisis: Allied ultimatum",
	SegCrisisBrink:        "Crisis: over the brink",
	SegPreemptiveWar:      "Pre-emptive war",
	SegEndOfGame:          "End of game",
}

// Title returns a human-readable name ("Economic phase").
func (s Segment) Title() string {
	if t, ok := segmentTitles[s]; ok {
		return t
	}
	return string(s)
}

// Valid reports whether s is one of Segments.
func (s Segment) Valid() bool { return s.Index() >= 0 }

// Index is s's place in the sequence of play (7.31), -1 for no segment.
func (s Segment) Index() int {
	for i, x := range Segments {
		if x == s {
			return i
		}
	}
	return -1
}

// Phase names the phase of 7.11 a segment belongs to: the random events,
// income, economic, diplomatic and crisis phases; pre-emptive war (32.8)
// and the end of the game (33, 34) close the crisis phase's turn and are
// named on their own.
func (s Segment) Phase() string {
	switch s {
	case SegRandomEvents, SegIncome, SegEconomic:
		return s.Title() // 7.11A-C
	case SegSpyRings, SegDiplomacyAxis1, SegDiplomacyRussia, SegDiplomacyAllies, SegDiplomacyAxis2, SegCovert, SegDiplomacyResolve:
		return "Diplomatic phase" // 7.11D, 24.55, 16.16
	case SegCrisisAggression, SegCrisisResponse, SegCrisisAxisResponse, SegCrisisUltimatum, SegCrisisBrink:
		return "Crisis phase" // 7.11E, 26.1
	}
	return s.Title()
}
