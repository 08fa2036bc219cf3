package track

import (
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
)

// DeclareWar records war w (26.13): the game's war, or, when war broke
// out already this turn (both Axis crises in tandem, 27.13; two threats
// refused, 32.83), one more of it, its declarers and targets added.
func DeclareWar(s *storm.State, w storm.War, evs *[]event.Event) {
	*evs = append(*evs, event.WarBroke{War: w})
	if s.War == nil {
		s.War = &w
		return
	}
	s.War.Declarers = storm.AppendNew(s.War.Declarers, w.Declarers...)
	s.War.Against = storm.AppendNew(s.War.Against, w.Against...)
	s.War.More = append(s.War.More, w)
}
