package track

import (
	"slices"

	"stormjudge/adjudicator/storm"
)

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
