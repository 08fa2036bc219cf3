package storm

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
