package track_test

import (
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/internal/enginetest"
	"stormjudge/adjudicator/setup"
	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/track"
)

func TestRule20_51Levels(t *testing.T) {
	for _, tt := range []struct{ axis, allies, want int }{
		{0, 0, 0}, {1, 0, 1}, {2, 0, 1}, {3, 0, 2}, {5, 0, 2}, {6, 0, 3}, {20, 0, 3},
		{4, 5, -1}, {0, 3, -2}, {1, 12, -3}, {7, 7, 0},
	} {
		if got := track.SignedLevel(tt.axis, tt.allies); got != tt.want {
			t.Errorf("20.51: %d Axis vs %d Allied counters: %d, want %d", tt.axis, tt.allies, got, tt.want)
		}
	}
}

// TestRule20_4StartingBalance computes the Spring 1935 balance from the
// starting units (14.9) and the counters of 20.41 (docs/rules.md reads
// 20.42 against this).
func TestRule20_4StartingBalance(t *testing.T) {
	s := setup.NewGame(1)
	b := track.BalanceOfPower(s)
	wantAxis := storm.CategoryCounts{Armor: 2 + 1 + 1, Infantry: 3 + 3, Air: 3 + 2, Naval: 0}       // 14.92, 14.93, 20.41A
	wantAllies := storm.CategoryCounts{Armor: 1 + 1, Infantry: 1 + 3, Air: 2 + 2 + 1, Naval: 2 + 1} // 14.94, 14.95, 20.41B-C
	if b.Axis != wantAxis || b.Allies != wantAllies {
		t.Fatalf("20.41: counters Axis %+v Allies %+v, want %+v and %+v", b.Axis, b.Allies, wantAxis, wantAllies)
	}
	if b.Armor != 1 || b.Infantry != 1 || b.Air != 0 || b.Naval != -2 || b.Race != 0 {
		t.Errorf("20.4: balance %+v", b)
	}
	if s.Balance != b {
		t.Errorf("NewGame's balance %+v differs from BalanceOfPower %+v", s.Balance, b)
	}
	if b.GarrisonModifier() != 2 {
		t.Errorf("20.61C: garrison modifier %d, want 2", b.GarrisonModifier())
	}
}

func TestRule20_55RussiaNotCounted(t *testing.T) {
	s := setup.NewGame(1)
	before := track.BalanceOfPower(s)
	s.Powers[storm.Russia].Active = storm.Units{Armor: 30, Infantry: 30, Air: 30}
	s.Research = append(s.Research, storm.ResearchResult{Side: storm.Soviet, Project: "armor", Results: 2, Rule: "test"})
	if after := track.BalanceOfPower(s); after != before {
		t.Errorf("20.55: Russian units changed the balance: %+v -> %+v", before, after)
	}
}

func TestRule20_12ActiveUnitsOnly(t *testing.T) {
	s := setup.NewGame(1)
	s.Powers[storm.Germany].Reserve = storm.Units{Armor: 10}
	if b := track.BalanceOfPower(s); b.Armor != 1 {
		t.Errorf("20.12: reserve units counted: armor %d", b.Armor)
	}
	s.Powers[storm.Germany].Active.Armor += 2 // 6 vs 2: four unmatched
	if b := track.BalanceOfPower(s); b.Armor != 2 {
		t.Errorf("20.51B: armor %d, want 2", b.Armor)
	}
}

func TestRule20_61Advantage(t *testing.T) {
	b := storm.Balance{Armor: 2, Infantry: -1, Naval: -3, Race: -1}
	if !b.Advantage(storm.Axis, storm.ArmorBalance) || b.Advantage(storm.Allies, storm.ArmorBalance) || !b.Advantage(storm.Allies, storm.InfantryBalance) ||
		b.Advantage(storm.Axis, storm.AirBalance) || b.Advantage(storm.Allies, storm.AirBalance) {
		t.Error("20.61A: advantages wrong")
	}
	if b.Level(storm.NavalBalance) != -4 || b.NavalTotal() != -4 {
		t.Errorf("19.92: naval with the race %d, want -4", b.Level(storm.NavalBalance))
	}
	if b.GarrisonModifier() != 1 {
		t.Errorf("20.61C: garrison modifier %d, want 1 (naval ignored)", b.GarrisonModifier())
	}
}

// raceState puts battleships of class c on the charts: for each power a
// list of rows (LaunchRow for a launched ship).
func raceState(rows map[storm.Power][]int, c storm.ShipClass) storm.State {
	s := setup.NewGame(1)
	for p, rs := range rows {
		n := &s.Powers[p].Naval
		for _, r := range rs {
			n.Next++
			sh := storm.Ship{No: n.Next, Class: c, Row: r, Column: storm.Spring, LaidDown: storm.Turn{Year: 1936, Season: storm.Spring}}
			if r == storm.LaunchRow {
				t := storm.Turn{Year: 1938, Season: storm.Spring}
				sh.LaunchedIn = &t
				n.Launched = append(n.Launched, sh)
			} else {
				n.Building = append(n.Building, sh)
			}
		}
	}
	return s
}

func TestRule19_93FourFactorRace(t *testing.T) {
	for _, tt := range []struct {
		name string
		rows map[storm.Power][]int
		want int
	}{
		{"one each: not started", map[storm.Power][]int{storm.Germany: {4}, storm.Britain: {4}}, 0},
		{"two Axis on row 4, none Allied", map[storm.Power][]int{storm.Germany: {4, 4}}, 1},
		{"launched lead of two", map[storm.Power][]int{storm.Britain: {1, 1}, storm.Germany: {2, 2, 2}}, -1},
		{"launched one ahead, row 2 decides", map[storm.Power][]int{storm.Britain: {1}, storm.France: {2, 2}, storm.Germany: {3, 3}}, -1},
		{"row 3 decides", map[storm.Power][]int{storm.Germany: {3, 3}, storm.Italy: {4}, storm.France: {4, 4}}, 1},
		{"tied throughout", map[storm.Power][]int{storm.Germany: {2, 4}, storm.Britain: {3, 4}}, 0},
	} {
		s := raceState(tt.rows, storm.Battleship4)
		if got := track.BattleshipRace(s); got != tt.want {
			t.Errorf("19.93 %s: race %+d, want %+d", tt.name, got, tt.want)
		}
	}
}

func TestRule19_94FiveFactorRace(t *testing.T) {
	// Two more 5-factor battleships: that lead decides.
	s := raceState(map[storm.Power][]int{storm.France: {5, 5}}, storm.Battleship5)
	if got := track.BattleshipRace(s); got != -1 {
		t.Errorf("19.94: race %+d, want -1", got)
	}
	// One 5-factor more is not enough alone, but counts as a launched
	// 4-factor ship: with a 4-factor ship each, the Allies lead... by one,
	// which is still a tie; with one Axis 4-factor more it is a tie too,
	// but with one Allied 4-factor more the Allies lead by two.
	s = raceState(map[storm.Power][]int{storm.Britain: {5}}, storm.Battleship5)
	if got := track.BattleshipRace(s); got != 0 {
		t.Errorf("19.94: a single 5-factor lead won the race: %+d", got)
	}
	s4 := raceState(map[storm.Power][]int{storm.Britain: {4}}, storm.Battleship4)
	s.Powers[storm.Britain].Naval.Building = append(s.Powers[storm.Britain].Naval.Building, s4.Powers[storm.Britain].Naval.Building...)
	if got := track.BattleshipRace(s); got != -1 {
		t.Errorf("19.94: surplus 5-factor plus a 4-factor: race %+d, want -1", got)
	}
}

func TestRule19_92RaceBeyondTheLimit(t *testing.T) {
	s := raceState(map[storm.Power][]int{storm.Britain: {1, 1}}, storm.Battleship4)
	s.Powers[storm.Britain].Naval.RoyalNavy = 10
	b := track.BalanceOfPower(s)
	if b.Naval != -3 || b.Race != -1 || b.NavalTotal() != -4 {
		t.Errorf("19.92: naval %d race %d total %d, want -3, -1, -4", b.Naval, b.Race, b.NavalTotal())
	}
	// 19.81: two launched modern battleships give four counters.
	if got := s.Powers[storm.Britain].Naval.BalanceCounters(); got != 10+4 {
		t.Errorf("19.81: counters %d, want 14", got)
	}
}

func TestRule20_53BalanceRecomputedAtTheEndOfTheEconomicPhase(t *testing.T) {
	s := enginetest.ShipGame()
	s.Powers[storm.Germany].Active.Armor += 3 // e.g. built in the construction segment
	after, evs := enginetest.ResolveShips(t, s, map[storm.Power][]storm.Order{})
	if after.Balance.Armor != 2 {
		t.Errorf("20.53: armor balance %d, want 2", after.Balance.Armor)
	}
	found := false
	for _, e := range evs {
		if b, ok := e.(event.BalanceOfPowerChanged); ok && b.Visibility().Public && b.Before.Armor == 1 && b.Balance.Armor == 2 {
			found = true
		}
	}
	if !found {
		t.Error("20.3: no public BalanceOfPowerChanged event")
	}
}

// TestRule20_53BalanceCountsEndOfPhaseResearchEvents: a research result
// from a random event that takes effect at the end of the economic phase
// (9.41B) is in the balance of power announced that turn, not the next.
func TestRule20_53BalanceCountsEndOfPhaseResearchEvents(t *testing.T) {
	d := storm.Deck{Name: "test", Cards: []storm.Card{{Number: 1,
		General: storm.CardEvent{Title: "nothing", Category: storm.CategoryResearch},
		National: map[storm.Power]storm.CardEvent{storm.Germany: {Title: "Tank trials", Category: storm.CategoryResearch,
			Effects: []storm.Effect{{Kind: storm.EffectResearchSteps, Project: "armor", Value: 6}}}}}}}
	s := setup.NewGameWithDeck(1, d)
	s.Segment = storm.SegEconomic
	s.Events.Held = append(s.Events.Held, storm.HeldEvent{Card: 1, Power: storm.Germany, At: storm.RevealEconomicEnd})
	before := s.Balance
	var evs []event.Event
	adjudicator.ResolveSegment(&s, nil, &evs)
	if s.Balance.Axis.Armor != before.Axis.Armor+1 || s.Balance != track.BalanceOfPower(s) {
		t.Fatalf("20.53: Axis armor counters %d after the event's result, want %d", s.Balance.Axis.Armor, before.Axis.Armor+1)
	}
	// The announcement follows the event's result.
	result, announced := -1, -1
	for i, e := range evs {
		switch e := e.(type) {
		case event.ResearchResultAchieved:
			result = i
		case event.BalanceOfPowerChanged:
			if e.Balance.Axis.Armor == before.Axis.Armor+1 {
				announced = i
			}
		}
	}
	if result < 0 || announced < result {
		t.Errorf("20.53: result at event %d, balance with it announced at %d", result, announced)
	}
}

// TestRule20_53BalanceAfterUnpaidMaintenance: units sent back to the
// reserve in the income phase for unpaid maintenance (17.11) leave the
// balance of power at once (20.12: active units only).
func TestRule20_53BalanceAfterUnpaidMaintenance(t *testing.T) {
	s := setup.NewGame(3)
	s.Segment = storm.SegIncome
	s.Powers[storm.Italy].Active = storm.Units{Armor: 6, Infantry: 20, Air: 5}
	s.Balance = track.BalanceOfPower(s)
	before := s.Balance
	var evs []event.Event
	adjudicator.ResolveSegment(&s, nil, &evs)
	if s.Powers[storm.Italy].Active.Total() >= 31 {
		t.Fatal("no unit went back to the reserve: the test checks nothing")
	}
	if s.Balance != track.BalanceOfPower(s) || s.Balance == before {
		t.Errorf("20.53: stored balance %+v, the units now give %+v (before %+v)", s.Balance, track.BalanceOfPower(s), before)
	}
	found := false
	for _, e := range evs {
		if b, ok := e.(event.BalanceOfPowerChanged); ok && b.Before == before && b.Balance == s.Balance {
			found = true
		}
	}
	if !found {
		t.Error("20.3: the change was not announced")
	}
}
