package track

import (
	"fmt"
	"slices"

	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
)

// CountCivilWarEvent records n random events in country (25.31): towards
// the outbreak, or, once a war is fought, each to remove a counter
// (25.61A). A war breaks out at once in the random events and economic
// phases (25.31A), else at the end of the diplomatic phase (25.31B).
func CountCivilWarEvent(s *storm.State, country string, n int, evs *[]event.Event) string {
	if _, ok := storm.CivilWarFactionOf(country); !ok || !s.Diplomacy.On || n <= 0 {
		return ""
	}
	if w := storm.CivilWarIn(s, country); w != nil {
		if w.Began != s.Turn { // the events of the outbreak's turn do not count (25.31C)
			w.Events += n
			return fmt.Sprintf("; the civil war in %s: a counter will be removed at random for it (25.61A)", country)
		}
		return ""
	}
	if storm.CivilWarEnded(*s, country) {
		return "" // 25.82: no second civil war
	}
	m := s.Minor(country)
	m.CivilWarEvents += n
	if m.CivilWarEvents < 5 {
		return fmt.Sprintf("; %d civil war event(s) in %s (25.31)", m.CivilWarEvents, country)
	}
	switch s.Segment {
	case storm.SegRandomEvents, storm.SegIncome, storm.SegEconomic:
		BreakOutCivilWar(s, country, "25.31A", evs)
		return fmt.Sprintf("; the fifth civil war event in %s: civil war (25.31A)", country)
	}
	if !slices.Contains(s.Diplomacy.Outbreaks, country) {
		s.Diplomacy.Outbreaks = append(s.Diplomacy.Outbreaks, country)
	}
	return fmt.Sprintf("; the fifth civil war event in %s: civil war at the end of the diplomatic phase (25.31B)", country)
}

// BreakOutCivilWar starts a civil war (25.31) with the five counters in play and
// the EAI's +1 (25.33, 23.21E).
func BreakOutCivilWar(s *storm.State, country, rule string, evs *[]event.Event) {
	s.Diplomacy.CivilWars = append(s.Diplomacy.CivilWars, storm.CivilWar{Country: country, Began: s.Turn, Counters: slices.Clone(storm.CivilWarCounters)})
	if !slices.Contains(s.EAIFacts.CivilWars, country) {
		s.EAIFacts.CivilWars = append(s.EAIFacts.CivilWars, country)
	}
	f, _ := storm.CivilWarFactionOf(country)
	*evs = append(*evs, event.CivilWarBrokeOut{Turn: s.Turn, Country: country, Government: f.Government, Rebels: f.Rebels, Rule: rule})
	RecomputeEAI(s, "23.21E", evs)
}

// EndCivilWar ends the civil war w by rule (25.61A: its last counter;
// 25.61B: an Italian attack). The side holding flags there wins (25.71:
// its +1 against later adverse events, storm.CivilWarAdverse) and the
// power whose flags they are places an additional counter next turn
// (25.72); the EAI stops counting it (23.21E); no diplomacy takes place
// there any more (25.81). In Yugoslavia an Axis win or a draw splits the
// country (25.73A, splitYugoslavia); an Allied win keeps it whole
// (25.73B). It reports the split.
func EndCivilWar(s *storm.State, w *storm.CivilWar, rule string) (split bool) {
	t := s.Turn
	w.Ended, w.EndedBy = &t, rule
	m := s.Minor(w.Country)
	if m != nil && m.TotalFlags() > 0 {
		w.Winner = storm.SideOf(m.FlagPower)
		s.Powers[m.FlagPower].Economy.FreeDiplomaticNext = 1 // 25.72
	}
	s.EAIFacts.CivilWars = slices.DeleteFunc(s.EAIFacts.CivilWars, func(c string) bool { return c == w.Country })
	if w.Country == "Yugoslavia" && w.Winner != storm.Allies && m != nil && s.Minor(storm.Croatia) == nil {
		splitYugoslavia(s, m)
		w.Split = true
	}
	return w.Split
}

// splitYugoslavia is 25.73A: Croatia, an Italian puppet state, takes the
// Axis flags (and the trade pact they hold); the rest of Yugoslavia is
// Serbia, which keeps Yugoslavia's entry (its place in 24.21, 28.2 and
// 28.42: Greece borders Serbia, 28.42C) without flags. A draw leaves both
// without flags. No counter may be placed in either (25.73A, 25.81).
func splitYugoslavia(s *storm.State, yugoslavia *storm.Minor) {
	croatia := storm.Minor{Name: storm.Croatia}
	if storm.SideOf(yugoslavia.FlagPower) == storm.Axis && yugoslavia.Flags > 0 {
		croatia.Flags, croatia.FlagPower, croatia.PartnerFlags, croatia.TradePact = yugoslavia.Flags, yugoslavia.FlagPower, yugoslavia.PartnerFlags, yugoslavia.TradePact
		yugoslavia.Flags, yugoslavia.FlagPower, yugoslavia.PartnerFlags, yugoslavia.TradePact = 0, 0, 0, 0
	}
	s.Minors = append(s.Minors, croatia)
}
