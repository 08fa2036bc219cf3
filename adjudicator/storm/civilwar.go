package storm

// Civil wars (25; 24.53, 24.54E, 25.52B) in a game that plays diplomacy.
//
// A civil war breaks out in Greece, Spain or Yugoslavia on the fifth random
// event there (25.31): at once when the fifth is a public event (the EAI
// then counts it, 23.21E), at the end of the diplomatic phase when it is a
// secret one revealed there. While it is fought only the two contending
// alliances place there (25.51), each must place a counter there (25.52A;
// the judge places the weakest one for a side that did not, docs/rules.md
// r-25-52a), their counters there do not count against the limits, and each
// power may intervene with one military counter (25.52B). At resolution
// the two intervention levels are compared against a threshold drawn from
// the civil war counters still in play (25.53): an advantage or a result
// gives the greater contributor a free counter next turn (24.53), a result
// also shifts the alignment and removes the counter drawn; each later event
// there removes one at random (25.61A). With the last counter gone the war
// ends (25.61A); the side holding flags there wins (25.7), and no
// diplomacy takes place there again (25.8).

// CivilWar is a civil war being fought or ended (25).
type CivilWar struct {
	Country string `json:"country"`
	Began   Turn   `json:"began"`
	// Counters are the numbered civil war counters still in play (25.53B,
	// 25.61A), each worth its number as the intervention threshold.
	Counters []int `json:"counters"`
	// Events are this turn's random events in the country after the
	// outbreak, each to remove a counter at resolution (25.61A).
	Events int `json:"events,omitempty"`
	// Ended is the turn it ended; Winner the side holding flags there
	// then, "" for none (25.71).
	Ended  *Turn `json:"ended,omitempty"`
	Winner Side  `json:"winner,omitempty"`
}

// CivilWarIn returns the civil war being fought in country, or nil.
func CivilWarIn(s *State, country string) *CivilWar {
	for i := range s.Diplomacy.CivilWars {
		if w := &s.Diplomacy.CivilWars[i]; w.Country == country && w.Ended == nil {
			return w
		}
	}
	return nil
}

// Fighting reports a civil war being fought in country.
func Fighting(s State, country string) bool { return CivilWarIn(&s, country) != nil }

// CivilWarAdverse reduces a random event's modifier in a country whose
// civil war was won by another side (25.71: the winner's +1 offsets
// future adverse events); returns the value that counts.
func CivilWarAdverse(s State, country string, side Side, value int) int {
	for _, w := range s.Diplomacy.CivilWars {
		if w.Country == country && w.Ended != nil && w.Winner != "" && w.Winner != side {
			return max(value-1, 0)
		}
	}
	return value
}
