package adjudicator_test

import (
	"fmt"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/war"
)

// TestWarVictoryPointFigures plays the two audited situations of issue 23's
// items 2 and 3 by email and logs each side's victory points (go test
// -run TestWarVictoryPointFigures -v). It uses only what the by-mail driver's
// commit (75998cc) has, so the same file run there gives the figures
// before the fixes; here it checks the figures after them.
//
//   - Item 2: war breaks out over Poland in Summer 1935 (Germany attacks
//     after the Allies' ultimatum, no pact); Russia declares war on
//     Germany if it is asked (26.12C), and the game ends.
//   - Item 3: Germany takes Danzig and the Corridor without the pact
//     (14.43C); Russia mobilizes a civilian factory in Fall 1935 and
//     another five turns later (low cohesion, 14.43B); the victory points
//     as the state stands (34.31C).
func TestWarVictoryPointFigures(t *testing.T) {
	vp := func(v storm.Victory) string {
		return fmt.Sprintf("Axis %d, Allies %d, Russia %d (three-way: %s)", v.Axis, v.Allies, v.Russia, v.ThreeWay)
	}

	// Item 2.
	s := mailGame(t, 1)
	s, _ = aggress(t, s, storm.Germany, "RHINELAND", "ACQUIESCE")
	s, _ = playTo(t, s, storm.Turn{Year: 1935, Season: storm.Summer}, storm.SegCrisisAggression)
	s, _ = aggress(t, s, storm.Germany, "POLAND", "OPPOSE")
	s, _ = mailRound(t, s, map[storm.Power]string{storm.Germany: "CONTINUE"})
	s, _ = mailRound(t, s, map[storm.Power]string{storm.Britain: "ULTIMATUM", storm.France: "ULTIMATUM"})
	s, _ = mailRound(t, s, map[storm.Power]string{storm.Germany: "ATTACK"})
	asked := s.Segment == storm.SegPreemptiveWar && adjudicator.MayOrder(s, storm.Russia, []storm.Order{{Kind: storm.DeclareWarOrder, Project: "germany"}})
	var final storm.Victory
	for i := 0; !s.Ended && i < 10; i++ {
		mails := map[storm.Power]string{}
		if asked && s.Segment == storm.SegPreemptiveWar {
			mails[storm.Russia] = "DECLARE WAR ON GERMANY"
		}
		var evs []event.Event
		s, evs = mailRound(t, s, mails)
		for _, e := range evs {
			if g, ok := e.(event.GameEnded); ok {
				final = g.Victory
			}
		}
	}
	t.Logf("item 2 (war over Poland, Summer 1935): Russia asked to declare war: %v; final victory points: %s", asked, vp(final))
	if !asked || final.Russia != 4 || final.Axis != -11 || final.Allies != 15 {
		t.Errorf("item 2: want Russia asked and Axis -11, Allies 15, Russia 4")
	}

	// Item 3.
	s = toDanzig(t, 1)
	s, _ = playTo(t, s, storm.Turn{Year: 1935, Season: storm.Fall}, storm.SegEconomic)
	before := war.VictoryPoints(s)
	s.Powers[storm.Russia].TilePoints = 20 // a figure: enough to mobilize (14.31)
	s, _ = mailRound(t, s, map[storm.Power]string{storm.Russia: "MOBILIZE CIVILIAN: ARMOR, INFANTRY, AIR"})
	one := war.VictoryPoints(s)
	next := s.Turn
	for range 5 {
		next = next.Next()
	}
	s, _ = playTo(t, s, next, storm.SegEconomic)
	s = mobilizeCivilianWhenAllowed(t, s)
	two := war.VictoryPoints(s)
	t.Logf("item 3 (Danzig without the pact): Fall 1935 before mobilizing: %s; after one civilian factory: %s; after the second (%s): %s",
		vp(before), vp(one), s.Turn, vp(two))
	if one.Russia != before.Russia+2 {
		t.Errorf("item 3: one civilian factory mobilized: Russia %d, want %d + 2 (34.31C)", one.Russia, before.Russia)
	}
}
