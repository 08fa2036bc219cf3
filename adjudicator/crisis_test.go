package adjudicator

import "testing"

// Rules 27.62, 27.72, 27.82 (and 26.14A): a crisis's next-turn effects on
// support and activity counters, for one turn.
func TestRule27_62CrisisOutcomes(t *testing.T) {
	for _, tc := range []struct {
		outcome          CrisisOutcome
		aggressor        Power
		aggSup, allySup  int
		aggCtr, britCtr  ActivityCounters
		frenchCtr, rusCt ActivityCounters
		russia           bool
	}{
		{AggressorBacksDown, Germany, -1, +1, ActivityCounters{One: -1}, ActivityCounters{One: 1}, ActivityCounters{One: 1}, ActivityCounters{One: 1}, true},
		{AlliesBackDown, Italy, +2, -2, ActivityCounters{Two: 1}, ActivityCounters{Two: -1}, ActivityCounters{Two: -1}, ActivityCounters{}, false},
		{AggressorBacksDownUl, Germany, -3, +3, ActivityCounters{Three: -1}, ActivityCounters{Three: 1}, ActivityCounters{Two: 1}, ActivityCounters{}, false},
		{AggressorBacksDownUl, Italy, -3, +3, ActivityCounters{Two: -1}, ActivityCounters{Three: 1}, ActivityCounters{Two: 1}, ActivityCounters{}, false},
	} {
		s := NewGame(2)
		var evs []Event
		if err := ApplyCrisisOutcome(&s, tc.aggressor, tc.outcome, tc.russia, &evs); err != nil {
			t.Fatal(err)
		}
		next := s.Turn.Next()
		grant := func(p Power) int {
			n := 0
			for _, g := range s.Powers[p].Economy.Grants {
				if g.activeAt(next) && !g.activeAt(next.Next()) {
					n += g.Value
				}
			}
			return n
		}
		if grant(tc.aggressor) != tc.aggSup || grant(Britain) != tc.allySup || grant(France) != tc.allySup {
			t.Errorf("%s: support next turn %d / %d / %d", tc.outcome, grant(tc.aggressor), grant(Britain), grant(France))
		}
		if got := s.Powers[tc.aggressor].Economy.CountersNext; got != tc.aggCtr {
			t.Errorf("%s: aggressor's counters next turn %+v, want %+v", tc.outcome, got, tc.aggCtr)
		}
		if s.Powers[Britain].Economy.CountersNext != tc.britCtr || s.Powers[France].Economy.CountersNext != tc.frenchCtr {
			t.Errorf("%s: Allied counters %+v %+v", tc.outcome, s.Powers[Britain].Economy.CountersNext, s.Powers[France].Economy.CountersNext)
		}
		if tc.russia && (grant(Russia) != tc.allySup || s.Powers[Russia].Economy.CountersNext != tc.rusCt) {
			t.Errorf("26.14A: Russia as an Allied power: %d %+v", grant(Russia), s.Powers[Russia].Economy.CountersNext)
		}
		if len(allEvents[CrisisEffect](evs)) == 0 {
			t.Errorf("%s: no CrisisEffect reported", tc.outcome)
		}
	}
}

// Rules 29.32 and its EXAMPLE, 29.33: Ethiopia attacked in Fall 1935 is
// conquered in Summer 1936 (Italy benefits from Fall 1936, 29.35);
// Albania by its resistance without the tile.
func TestRule29_32ItalianConquest(t *testing.T) {
	s := NewGame(1)
	done, counter, paid, err := ItalianConquest(s, Ethiopia, Turn{Year: 1935, Season: Fall})
	if err != nil || done != (Turn{Year: 1936, Season: Summer}) || !counter || paid {
		t.Errorf("29.32: Ethiopia conquered %s (counter %v, paid %v, %v), want Summer 1936, free", done, counter, paid, err)
	}
	a := s.Clone()
	for _, c := range append(Borders("Albania"), "Albania") {
		m := a.Minor(c)
		m.TradePact, m.Controller = 0, 0
		m.setFlagCounts(map[Power]int{})
	}
	at := Turn{Year: 1936, Season: Spring}
	if done, counter, paid, _ := ItalianConquest(a, "Albania", at); done != at.Next() || !counter || !paid {
		t.Errorf("29.33B: Albania (resistance 2) conquered %s, want the turn after", done)
	}
	a.Minor("Albania").setFlagCounts(map[Power]int{Italy: 3})
	if done, counter, _, _ := ItalianConquest(a, "Albania", at); done != at || counter {
		t.Errorf("29.33A: Albania (resistance 0) occupied %s without the counter: %v", done, counter)
	}
	if _, _, _, err := ItalianConquest(a, "Poland", at); err == nil {
		t.Error("27.31: Italy attacks Poland")
	}
}
