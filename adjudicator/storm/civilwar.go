package storm

import "slices"

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
	// then, "" for none (25.71); EndedBy the rule that ended it: 25.61A
	// (the last counter), 25.61B (an Italian attack), 25.61C (war).
	Ended   *Turn  `json:"ended,omitempty"`
	Winner  Side   `json:"winner,omitempty"`
	EndedBy string `json:"ended_by,omitempty"`
	// Split: the war split Yugoslavia into Croatia, the minor country
	// Croatia that took the Axis flags, and Serbia, the rest, which keeps
	// Yugoslavia's place in the tables (25.73A, docs/rules.md r-25-73).
	Split bool `json:"split,omitempty"`
}

// Croatia is the Italian puppet state an Axis win (or a draw) in the
// Yugoslav civil war splits off (25.73A).
const Croatia = "Croatia"

// yugoslaviaSplit reports Yugoslavia split into Croatia and Serbia
// (25.73A).
func yugoslaviaSplit(s State) bool {
	return slices.ContainsFunc(s.Diplomacy.CivilWars, func(w CivilWar) bool { return w.Country == "Yugoslavia" && w.Split })
}

// BorderName is the name of the bordering country entry names in a
// resistance (28.41): after Yugoslavia's split its entry is Serbia, the
// country 28.42C has Greece border from then on (Croatia borders no
// target); any other country is its own.
func BorderName(s State, entry string) string {
	if entry == "Yugoslavia" && yugoslaviaSplit(s) {
		return "Serbia"
	}
	return entry
}

// EventCountry is the minor country a random event for country
// favouring side is applied to: after Yugoslavia's split, a pro-Axis
// event goes to Croatia, a pro-Allied one to Serbia (Yugoslavia's entry),
// a pro-Russian one to Croatia without the Nazi-Soviet Pact in effect and
// to Serbia with it (25.73A). Any other country is its own.
func EventCountry(s State, country string, side Side) string {
	if country != "Yugoslavia" || !yugoslaviaSplit(s) {
		return country
	}
	pact := PactInEffect(s)
	if side == Axis || (side == Soviet && !pact) {
		return Croatia
	}
	return country
}

// CivilWarCounters are the numbered civil war counters (25.31, 25.53B).
var CivilWarCounters = []int{1, 2, 3, 4, 5}

// CivilWarFaction is a row of 25.41: the side of the governing faction and
// the sides that may support the rebels.
type CivilWarFaction struct {
	Country    string
	Government Side
	Rebels     []Side
	Rule       string
}

// civilWarFactions are the rows of 25.41.
var civilWarFactions = []CivilWarFaction{
	{"Greece", Axis, []Side{Soviet, Allies}, "25.41A, 25.42"}, // Metaxas vs Communists or Liberals
	{"Spain", Soviet, []Side{Axis}, "25.41B"},                 // Republicans vs Nationalists
	{"Yugoslavia", Allies, []Side{Axis}, "25.41C"},            // Serbian Royalists vs Croatian separatists
}

// CivilWarFactionOf returns the row of 25.41 of country: false for a
// country that has no civil war.
func CivilWarFactionOf(country string) (CivilWarFaction, bool) {
	i := slices.IndexFunc(civilWarFactions, func(f CivilWarFaction) bool { return f.Country == country })
	if i < 0 {
		return CivilWarFaction{}, false
	}
	return civilWarFactions[i], true
}

// CivilWarEnded reports a civil war that has ended in country (25.8).
func CivilWarEnded(s State, country string) bool {
	return slices.ContainsFunc(s.Diplomacy.CivilWars, func(w CivilWar) bool { return w.Country == country && w.Ended != nil })
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
//
// After Yugoslavia's split (25.73A) the Axis government the +1 stands for
// is Croatia's, where the Axis flags went: Croatia's events are offset
// by the Yugoslav war's winner, Serbia's are not (r-25-73).
func CivilWarAdverse(s State, country string, side Side, value int) int {
	if yugoslaviaSplit(s) {
		switch country {
		case "Yugoslavia": // Serbia: the winning faction governs Croatia
			return value
		case Croatia:
			country = "Yugoslavia"
		}
	}
	for _, w := range s.Diplomacy.CivilWars {
		if w.Country == country && w.Ended != nil && w.Winner != "" && w.Winner != side {
			return max(value-1, 0)
		}
	}
	return value
}

// PactInEffect reports the Nazi-Soviet Pact signed and not broken
// (32.21A, 32.21E, 32.42D, 32.43, 32.73; 31.82-31.83: a broken pact no
// longer binds, r-32-21-pact; 25.73A).
func PactInEffect(s State) bool {
	return s.SupportFacts.PactSigned != nil && !s.Conditions.PactViolated
}
