package setup_test

import (
	"encoding/json"
	"reflect"
	"slices"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/setup"
	"stormjudge/adjudicator/storm"
)

func TestRule11_22StartingFactories(t *testing.T) {
	tests := []struct {
		p                               storm.Power
		total, civilian, military, idle int
	}{
		{storm.Germany, 12, 5, 3, 4}, // 11.22
		{storm.Italy, 6, 2, 3, 1},    // 11.22
		{storm.Britain, 8, 4, 2, 2},  // 11.22
		{storm.France, 6, 2, 3, 1},   // 11.22
		{storm.Russia, 14, 5, 5, 4},  // 11.22
	}
	s := setup.NewGame(7)
	for _, tt := range tests {
		f := s.Powers[tt.p].Factories
		if f.Total() != tt.total || f.Civilian != tt.civilian || f.Military != tt.military || f.Idle != tt.idle {
			t.Errorf("11.22: %s factories %+v (total %d), want %d/%d/%d/%d", tt.p, f, f.Total(), tt.total, tt.civilian, tt.military, tt.idle)
		}
		if setup.StartingFactoryTotals[tt.p] != f.Total() {
			t.Errorf("11.22: %s total column %d disagrees with the rows %d", tt.p, setup.StartingFactoryTotals[tt.p], f.Total())
		}
	}
}

func TestRule12_21StartingActivityCounterPools(t *testing.T) {
	tests := []struct {
		p                           storm.Power
		three, two, one, zero, ship int
	}{
		{storm.Germany, 1, 2, 2, 1, 1}, // 12.21
		{storm.Italy, 0, 2, 2, 1, 1},   // 12.21
		{storm.Britain, 1, 2, 2, 1, 2}, // 12.21
		{storm.France, 0, 2, 2, 1, 1},  // 12.21
		{storm.Russia, 0, 2, 2, 1, 0},  // 12.21
	}
	s := setup.NewGame(7)
	for _, tt := range tests {
		want := storm.ActivityCounters{Three: tt.three, Two: tt.two, One: tt.one, Zero: tt.zero, Ship: tt.ship}
		ps := s.Powers[tt.p]
		if ps.Pool != want || ps.Counters != want {
			t.Errorf("12.21: %s pool %+v counters %+v, want %+v", tt.p, ps.Pool, ps.Counters, want)
		}
	}
}

func TestRule14_9InitialMobilizations(t *testing.T) {
	tests := []struct {
		p            storm.Power
		mobilized    int
		units        storm.Units
		shipbuilding int
	}{
		{storm.Germany, 3, storm.Units{Armor: 2, Infantry: 3, Air: 3}, 1}, // 14.92
		{storm.Italy, 3, storm.Units{Armor: 1, Infantry: 3, Air: 2}, 0},   // 14.93
		{storm.Britain, 2, storm.Units{Armor: 1, Infantry: 1, Air: 2}, 2}, // 14.94
		{storm.France, 3, storm.Units{Armor: 1, Infantry: 3, Air: 2}, 0},  // 14.95
		{storm.Russia, 5, storm.Units{Armor: 4, Infantry: 4, Air: 7}, 0},  // 14.96
	}
	s := setup.NewGame(7)
	for _, tt := range tests {
		ps := s.Powers[tt.p]
		if ps.Mobilizations != tt.mobilized || ps.Active != tt.units || ps.ShipbuildingIncreases != tt.shipbuilding {
			t.Errorf("14.9: %s mobilizations %d active %+v shipbuilding %d", tt.p, ps.Mobilizations, ps.Active, ps.ShipbuildingIncreases)
		}
		// Each pre-game mobilization made one military factory (14.9, 11.22).
		if ps.Factories.Military != tt.mobilized {
			t.Errorf("14.9: %s has %d military factories for %d mobilizations", tt.p, ps.Factories.Military, tt.mobilized)
		}
		if ps.Reserve.Total() != 0 || len(ps.Mobilizing) != 0 || len(ps.MobilizationTurns) != 0 {
			t.Errorf("14.9: %s starts with reserve %+v mobilizing %v turns %v", tt.p, ps.Reserve, ps.Mobilizing, ps.MobilizationTurns)
		}
	}
}

func TestRule15_51StartingResearch(t *testing.T) {
	want := []string{"axis/specialized units", "allies/strategic bombers", "allies/naval air training", "russia/specialized units"}
	var got []string
	for _, r := range setup.NewGame(1).Research {
		got = append(got, string(r.Side)+"/"+r.Project)
		if r.Results != 1 {
			t.Errorf("15.51: %s %s has %d results", r.Side, r.Project, r.Results)
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("15.51: research %v, want %v", got, want)
	}
}

func TestRule24_21StartingFlags(t *testing.T) {
	tests := []struct {
		name  string
		flags int
		power storm.Power
	}{
		{"Albania", 1, storm.Italy}, {"Austria", 1, storm.Germany}, {"Belgium/Luxembourg", 3, storm.France},
		{"Bulgaria", 0, 0}, {"Czechoslovakia", 3, storm.France}, {"Finland", 1, storm.Germany},
		{"Greece", 0, 0}, {"Hungary", 1, storm.Italy}, {"Ireland", 0, 0}, {"Norway", 0, 0},
		{"Poland", 1, storm.France}, {"Rhineland", 2, storm.Germany}, {"Rumania", 1, storm.Germany},
		{"Spain", 0, 0}, {"Sweden", 0, 0}, {"Turkey", 0, 0}, {"Yugoslavia", 0, 0},
	}
	s := setup.NewGame(1)
	if len(s.Minors) != len(tests) {
		t.Fatalf("24.21: %d minors, want %d", len(s.Minors), len(tests))
	}
	for i, tt := range tests {
		m := s.Minors[i]
		if m.Name != tt.name || m.Flags != tt.flags || m.FlagPower != tt.power {
			t.Errorf("24.21: row %d = %+v, want %s %d %s", i, m, tt.name, tt.flags, tt.power)
		}
	}
}

func TestRule11_63StartingTradePacts(t *testing.T) {
	s := setup.NewGame(1)
	var pacts []string
	for _, m := range s.Minors {
		if m.TradePact != 0 {
			pacts = append(pacts, m.TradePact.String()+":"+m.Name)
			// 11.61: a trade pact needs three flags of the alliance.
			if m.Flags < 3 || m.FlagPower != m.TradePact {
				t.Errorf("11.61: %s trade pact with %d %s flags", m.Name, m.Flags, m.FlagPower)
			}
		}
	}
	want := []string{"france:Belgium/Luxembourg", "france:Czechoslovakia"}
	if !slices.Equal(pacts, want) {
		t.Errorf("11.63: trade pacts %v, want %v", pacts, want)
	}
}

func TestRule25_32SpanishCivilWarFromTileDraw(t *testing.T) {
	seen := map[int]bool{}
	for seed := uint64(0); seed < 200; seed++ {
		s := setup.NewGame(seed)
		sp := s.Minor("Spain")
		if sp.CivilWarEvents < 1 || sp.CivilWarEvents > 3 || sp.CivilWarEvents != s.SpanishTile {
			t.Fatalf("25.32A: seed %d: Spain %d events from tile %d", seed, sp.CivilWarEvents, s.SpanishTile)
		}
		seen[sp.CivilWarEvents] = true
		for _, n := range []string{"Greece", "Yugoslavia"} { // 25.32B-C
			if s.Minor(n).CivilWarEvents != 0 {
				t.Errorf("25.32: %s starts with civil war events", n)
			}
		}
		// 6.22 + 6.23: the drawn tile went back face up.
		if s.Tiles.FaceDown.Total() != 29 || s.Tiles.FaceUp.Total() != 61 {
			t.Fatalf("6.23: seed %d: pool %+v", seed, s.Tiles)
		}
	}
	if len(seen) != 3 {
		t.Errorf("25.32A: 200 seeds gave only %v", seen)
	}
}

func TestRule6_2TilePool(t *testing.T) {
	p := storm.StartingTilePool
	if p.FaceUp.Total()+p.FaceDown.Total() != 90 { // 6.21
		t.Errorf("6.21: %d tiles", p.FaceUp.Total()+p.FaceDown.Total())
	}
	if p.FaceUp != (storm.TileCounts{One: 20, Two: 20, Three: 20}) || p.FaceDown != (storm.TileCounts{One: 10, Two: 10, Three: 10}) { // 6.22
		t.Errorf("6.22: pool %+v", p)
	}
	s := setup.NewGame(3)
	for _, ps := range s.Powers {
		if ps.TilePoints != 0 { // 6.32
			t.Errorf("6.32: a power starts with %d tile points", ps.TilePoints)
		}
	}
}

func TestRule11_32And23StartingLevels(t *testing.T) {
	s := setup.NewGame(5)
	if s.EconomicClimate != 0 || s.EAI != 0 { // 11.32, 23.21
		t.Errorf("climate %d EAI %d, want 0 0", s.EconomicClimate, s.EAI)
	}
	if s.Russia.Cohesion != storm.LowCohesion || s.Russia.PurgeEvents != 0 { // 22.71A
		t.Errorf("22.71: Russia starts %+v", s.Russia)
	}
	if s.Conditions.RussianMobilizationFreed() { // 14.43C
		t.Errorf("14.43C: conditions true at start")
	}
	if s.Turn != storm.FirstTurn || s.Segment != storm.SegRandomEvents || s.Ended {
		t.Errorf("7.31: NewGame at %s %s ended=%v", s.Turn, s.Segment, s.Ended)
	}
}

func TestRule22_71CohesionLevels(t *testing.T) {
	tests := []struct {
		purges int
		want   storm.Cohesion
	}{{0, storm.LowCohesion}, {9, storm.LowCohesion}, {10, storm.MediumCohesion}, {19, storm.MediumCohesion}, {20, storm.HighCohesion}, {29, storm.HighCohesion}, {30, storm.FullCohesion}, {44, storm.FullCohesion}}
	for _, tt := range tests {
		if got := storm.CohesionFor(tt.purges); got != tt.want {
			t.Errorf("22.71: %d purge events: %s, want %s", tt.purges, got, tt.want)
		}
	}
}

func TestPowerText(t *testing.T) {
	for _, in := range []string{"germany", "GERMANY", "Germany", " germany "} {
		if p, ok := storm.ParsePower(in); !ok || p != storm.Germany {
			t.Errorf("ParsePower(%q) = %v, %v", in, p, ok)
		}
	}
	if _, ok := storm.ParsePower("prussia"); ok {
		t.Errorf("ParsePower accepted prussia")
	}
	b, err := json.Marshal(map[storm.Power]int{storm.Russia: 1, storm.Italy: 2})
	if err != nil || string(b) != `{"italy":2,"russia":1}` {
		t.Errorf("map JSON %s %v", b, err)
	}
	var m map[storm.Power]int
	if err := json.Unmarshal(b, &m); err != nil || m[storm.Russia] != 1 || m[storm.Italy] != 2 {
		t.Errorf("map JSON back %v %v", m, err)
	}
	if _, err := json.Marshal(storm.Power(0)); err == nil {
		t.Errorf("the zero power marshalled")
	}
	if storm.FirstTurn.String() != "Spring 1935" || (storm.Turn{Year: 1935, Season: storm.Winter}).Next() != (storm.Turn{Year: 1936, Season: storm.Spring}) {
		t.Errorf("turns: %s %s", storm.FirstTurn, storm.Turn{Year: 1935, Season: storm.Winter}.Next())
	}
}

func TestStateJSONRoundTrip(t *testing.T) {
	s, _, err := adjudicator.Resolve(setup.NewGame(99), nil)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(s)
	var back storm.State
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(s, back) {
		t.Fatalf("state differs after JSON round trip")
	}
	// The generator resumes exactly where it was.
	if s.RNG.Uint64() != back.RNG.Uint64() {
		t.Errorf("RNG state not restored")
	}
}
