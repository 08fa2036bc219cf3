package crisis

import (
	"testing"

	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/randomevent"
	"stormjudge/adjudicator/setup"
	"stormjudge/adjudicator/storm"
)

// Rules 27.62, 27.72, 27.82 (and 26.14A): a crisis's next-turn effects on
// support and activity counters, for one turn.
func TestRule27_62CrisisOutcomes(t *testing.T) {
	for _, tc := range []struct {
		outcome          storm.CrisisOutcome
		aggressor        storm.Power
		aggSup, allySup  int
		aggCtr, britCtr  storm.ActivityCounters
		frenchCtr, rusCt storm.ActivityCounters
		russia           bool
	}{
		{storm.AggressorBacksDown, storm.Germany, -1, +1, storm.ActivityCounters{One: -1}, storm.ActivityCounters{One: 1}, storm.ActivityCounters{One: 1}, storm.ActivityCounters{One: 1}, true},
		{storm.AlliesBackDown, storm.Italy, +2, -2, storm.ActivityCounters{Two: 1}, storm.ActivityCounters{Two: -1}, storm.ActivityCounters{Two: -1}, storm.ActivityCounters{}, false},
		{storm.AggressorBacksDownUl, storm.Germany, -3, +3, storm.ActivityCounters{Three: -1}, storm.ActivityCounters{Three: 1}, storm.ActivityCounters{Two: 1}, storm.ActivityCounters{}, false},
		{storm.AggressorBacksDownUl, storm.Italy, -3, +3, storm.ActivityCounters{Two: -1}, storm.ActivityCounters{Three: 1}, storm.ActivityCounters{Two: 1}, storm.ActivityCounters{}, false},
	} {
		s := setup.NewGame(2)
		var evs []event.Event
		if err := applyCrisisOutcome(&s, tc.aggressor, tc.outcome, tc.russia, &evs); err != nil {
			t.Fatal(err)
		}
		next := s.Turn.Next()
		grant := func(p storm.Power) int {
			n := 0
			for _, g := range s.Powers[p].Economy.Grants {
				if g.ActiveAt(next) && !g.ActiveAt(next.Next()) {
					n += g.Value
				}
			}
			return n
		}
		if grant(tc.aggressor) != tc.aggSup || grant(storm.Britain) != tc.allySup || grant(storm.France) != tc.allySup {
			t.Errorf("%s: support next turn %d / %d / %d", tc.outcome, grant(tc.aggressor), grant(storm.Britain), grant(storm.France))
		}
		if got := s.Powers[tc.aggressor].Economy.CountersNext; got != tc.aggCtr {
			t.Errorf("%s: aggressor's counters next turn %+v, want %+v", tc.outcome, got, tc.aggCtr)
		}
		if s.Powers[storm.Britain].Economy.CountersNext != tc.britCtr || s.Powers[storm.France].Economy.CountersNext != tc.frenchCtr {
			t.Errorf("%s: Allied counters %+v %+v", tc.outcome, s.Powers[storm.Britain].Economy.CountersNext, s.Powers[storm.France].Economy.CountersNext)
		}
		if tc.russia && (grant(storm.Russia) != tc.allySup || s.Powers[storm.Russia].Economy.CountersNext != tc.rusCt) {
			t.Errorf("26.14A: Russia as an Allied power: %d %+v", grant(storm.Russia), s.Powers[storm.Russia].Economy.CountersNext)
		}
		if len(randomevent.AllEvents[event.CrisisEffect](evs)) == 0 {
			t.Errorf("%s: no CrisisEffect reported", tc.outcome)
		}
	}
}

// Rules 29.32 and its EXAMPLE, 29.33: Ethiopia attacked in Fall 1935 is
// conquered in Summer 1936 (Italy benefits from Fall 1936, 29.35);
// Albania by its resistance without the tile.
func TestRule29_32ItalianConquest(t *testing.T) {
	s := setup.NewGame(1)
	done, counter, paid, err := italianConquest(s, storm.Ethiopia, storm.Turn{Year: 1935, Season: storm.Fall})
	if err != nil || done != (storm.Turn{Year: 1936, Season: storm.Summer}) || !counter || paid {
		t.Errorf("29.32: Ethiopia conquered %s (counter %v, paid %v, %v), want Summer 1936, free", done, counter, paid, err)
	}
	a := s.Clone()
	for _, c := range append(storm.Borders("Albania"), "Albania") {
		m := a.Minor(c)
		m.TradePact, m.Controller = 0, 0
		m.SetFlagCounts(map[storm.Power]int{})
	}
	at := storm.Turn{Year: 1936, Season: storm.Spring}
	if done, counter, paid, _ := italianConquest(a, "Albania", at); done != at.Next() || !counter || !paid {
		t.Errorf("29.33B: Albania (resistance 2) conquered %s, want the turn after", done)
	}
	a.Minor("Albania").SetFlagCounts(map[storm.Power]int{storm.Italy: 3})
	if done, counter, _, _ := italianConquest(a, "Albania", at); done != at || counter {
		t.Errorf("29.33A: Albania (resistance 0) occupied %s without the counter: %v", done, counter)
	}
	if _, _, _, err := italianConquest(a, "Poland", at); err == nil {
		t.Error("27.31: Italy attacks Poland")
	}
}
