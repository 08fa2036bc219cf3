package setup

import (
	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/track"
)

// setupNaval sets the starting naval state (19.63A, 20.41C) and the
// starting balance of power (20.4).
func setupNaval(s *storm.State) {
	for p, ps := range s.Powers {
		if ps == nil {
			continue
		}
		n := storm.StartingNaval[p].Clone()
		n.Building, n.Launched = []storm.Ship{}, []storm.Ship{}
		ps.Naval = n
	}
	s.Balance = track.BalanceOfPower(*s)
}
