package adjudicator

import (
	"encoding/json"
	"reflect"
	"slices"
	"testing"
)

func TestRule11_22StartingFactories(t *testing.T) {
	tests := []struct {
		p                               Power
		total, civilian, military, idle int
	}{
		{Germany, 12, 5, 3, 4}, // 11.22
		{Italy, 6, 2, 3, 1},    // 11.22
		{Britain, 8, 4, 2, 2},  // 11.22
		{France, 6, 2, 3, 1},   // 11.22
		{Russia, 14, 5, 5, 4},  // 11.22
	}
	s := NewGame(7)
	for _, tt := range tests {
		f := s.Powers[tt.p].Factories
		if f.Total() != tt.total || f.Civilian != tt.civilian || f.Military != tt.military || f.Idle != tt.idle {
			t.Errorf("11.22: %s factories %+v (total %d), want %d/%d/%d/%d", tt.p, f, f.Total(), tt.total, tt.civilian, tt.military, tt.idle)
		}
		if startingFactoryTotals[tt.p] != f.Total() {
			t.Errorf("11.22: %s total column %d disagrees with the rows %d", tt.p, startingFactoryTotals[tt.p], f.Total())
		}
	}
}

func TestRule12_21StartingActivityCounterPools(t *testing.T) {
	tests := []struct {
		p                           Power
		three, two, one, zero, ship int
	}{
		{Germany, 1, 2, 2, 1, 1}, // 12.21
		{Italy, 0, 2, 2, 1, 1},   // 12.21
		{Britain, 1, 2, 2, 1, 2}, // 12.21
		{France, 0, 2, 2, 1, 1},  // 12.21
		{Russia, 0, 2, 2, 1, 0},  // 12.21
	}
	s := NewGame(7)
	for _, tt := range tests {
		want := ActivityCounters{Three: tt.three, Two: tt.two, One: tt.one, Zero: tt.zero, Ship: tt.ship}
		ps := s.Powers[tt.p]
		if ps.Pool != want || ps.Counters != want {
			t.Errorf("12.21: %s pool %+v counters %+v, want %+v", tt.p, ps.Pool, ps.Counters, want)
		}
	}
}

func TestRule14_9InitialMobilizations(t *testing.T) {
	tests := []struct {
		p            Power
		mobilized    int
		units        Units
		shipbuilding int
	}{
		{Germany, 3, Units{2, 3, 3}, 1}, // 14.92
		{Italy, 3, Units{1, 3, 2}, 0},   // 14.93
		{Britain, 2, Units{1, 1, 2}, 2}, // 14.94
		{France, 3, Units{1, 3, 2}, 0},  // 14.95
		{Russia, 5, Units{4, 4, 7}, 0},  // 14.96
	}
	s := NewGame(7)
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
	for _, r := range NewGame(1).Research {
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
		power Power
	}{
		{"Albania", 1, Italy}, {"Austria", 1, Germany}, {"Belgium/Luxembourg", 3, France},
		{"Bulgaria", 0, 0}, {"Czechoslovakia", 3, France}, {"Finland", 1, Germany},
		{"Greece", 0, 0}, {"Hungary", 1, Italy}, {"Ireland", 0, 0}, {"Norway", 0, 0},
		{"Poland", 1, France}, {"Rhineland", 2, Germany}, {"Rumania", 1, Germany},
		{"Spain", 0, 0}, {"Sweden", 0, 0}, {"Turkey", 0, 0}, {"Yugoslavia", 0, 0},
	}
	s := NewGame(1)
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
	s := NewGame(1)
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
		s := NewGame(seed)
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
	p := startingTilePool
	if p.FaceUp.Total()+p.FaceDown.Total() != 90 { // 6.21
		t.Errorf("6.21: %d tiles", p.FaceUp.Total()+p.FaceDown.Total())
	}
	if p.FaceUp != (TileCounts{20, 20, 20}) || p.FaceDown != (TileCounts{10, 10, 10}) { // 6.22
		t.Errorf("6.22: pool %+v", p)
	}
	s := NewGame(3)
	for _, ps := range s.Powers {
		if ps.TilePoints != 0 { // 6.32
			t.Errorf("6.32: a power starts with %d tile points", ps.TilePoints)
		}
	}
}

func TestRule11_32And23StartingLevels(t *testing.T) {
	s := NewGame(5)
	if s.EconomicClimate != 0 || s.EAI != 0 { // 11.32, 23.21
		t.Errorf("climate %d EAI %d, want 0 0", s.EconomicClimate, s.EAI)
	}
	if s.Russia.Cohesion != LowCohesion || s.Russia.PurgeEvents != 0 { // 22.71A
		t.Errorf("22.71: Russia starts %+v", s.Russia)
	}
	if s.Conditions.RussianMobilizationFreed() { // 14.43C
		t.Errorf("14.43C: conditions true at start")
	}
	if s.Turn != FirstTurn || s.Segment != SegRandomEvents || s.Ended {
		t.Errorf("7.31: NewGame at %s %s ended=%v", s.Turn, s.Segment, s.Ended)
	}
}

func TestRule22_71CohesionLevels(t *testing.T) {
	tests := []struct {
		purges int
		want   Cohesion
	}{{0, LowCohesion}, {9, LowCohesion}, {10, MediumCohesion}, {19, MediumCohesion}, {20, HighCohesion}, {29, HighCohesion}, {30, FullCohesion}, {44, FullCohesion}}
	for _, tt := range tests {
		if got := CohesionFor(tt.purges); got != tt.want {
			t.Errorf("22.71: %d purge events: %s, want %s", tt.purges, got, tt.want)
		}
	}
}

func TestPowerText(t *testing.T) {
	for _, in := range []string{"germany", "GERMANY", "Germany", " germany "} {
		if p, ok := ParsePower(in); !ok || p != Germany {
			t.Errorf("ParsePower(%q) = %v, %v", in, p, ok)
		}
	}
	if _, ok := ParsePower("prussia"); ok {
		t.Errorf("ParsePower accepted prussia")
	}
	b, err := json.Marshal(map[Power]int{Russia: 1, Italy: 2})
	if err != nil || string(b) != `{"italy":2,"russia":1}` {
		t.Errorf("map JSON %s %v", b, err)
	}
	var m map[Power]int
	if err := json.Unmarshal(b, &m); err != nil || m[Russia] != 1 || m[Italy] != 2 {
		t.Errorf("map JSON back %v %v", m, err)
	}
	if _, err := json.Marshal(Power(0)); err == nil {
		t.Errorf("the zero power marshalled")
	}
	if FirstTurn.String() != "Spring 1935" || (Turn{1935, Winter}).Next() != (Turn{1936, Spring}) {
		t.Errorf("turns: %s %s", FirstTurn, Turn{1935, Winter}.Next())
	}
}

func TestStateJSONRoundTrip(t *testing.T) {
	s, _, err := Resolve(NewGame(99), nil)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(s)
	var back State
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
