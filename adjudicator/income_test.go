package adjudicator

import "testing"

func TestRule11_35AClimateIncome(t *testing.T) {
	for _, p := range Powers {
		limit := map[Power]int{Germany: 2, Britain: 2, Italy: 1, France: 1, Russia: 0}[p]
		prev := -99
		for c := -3; c <= 3; c++ {
			v := ClimateIncome(p, c)
			if v > limit || v < -limit {
				t.Errorf("11.35A: %s at %+d: %d beyond +/-%d", p, c, v, limit)
			}
			if v < prev {
				t.Errorf("11.35A: %s not monotone at %+d", p, c)
			}
			if ClimateIncome(p, -c) != -v {
				t.Errorf("11.35A: %s not symmetric at %+d", p, c)
			}
			prev = v
		}
	}
	// The surviving fragments of the table (docs/rules.md).
	for _, c := range []struct {
		p           Power
		climate, in int
	}{
		{Germany, 1, 1}, {Britain, 1, 1}, {Italy, 1, 0}, {France, 1, 0},
		{Germany, 3, 2}, {Italy, 3, 1}, {Britain, 3, 2}, {France, 3, 1},
		{Germany, -2, -2}, {Britain, -2, -2}, {Italy, -2, -1}, {France, -2, -1},
		{Germany, 9, 2}, {Russia, 3, 0},
	} {
		if got := ClimateIncome(c.p, c.climate); got != c.in {
			t.Errorf("11.35A: %s at %+d: %d, want %d", c.p, c.climate, got, c.in)
		}
	}
}

func TestRule11_35BClimateEAI(t *testing.T) {
	for c, want := range map[int]int{-3: 1, -2: 0, -1: 0, 0: 0, 1: 0, 2: 0, 3: -1} {
		if got := ClimateEAI(c); got != want {
			t.Errorf("11.35B: climate %+d: EAI %+d, want %+d", c, got, want)
		}
	}
}

func TestRule11_61TradePactHolder(t *testing.T) {
	for _, c := range []struct {
		name string
		m    Minor
		want Power
	}{
		{"three German flags", Minor{Name: "Hungary", Flags: 3, FlagPower: Germany}, Germany},
		{"two flags are not enough", Minor{Name: "Hungary", Flags: 2, FlagPower: Germany}, 0},
		{"11.61A two German two Italian", Minor{Name: "Hungary", Flags: 2, FlagPower: Italy, PartnerFlags: 2}, Germany},
		{"Italy with most Axis flags", Minor{Name: "Hungary", Flags: 1, FlagPower: Germany, PartnerFlags: 2}, Italy},
		{"11.61B two French two British", Minor{Name: "Poland", Flags: 2, FlagPower: Britain, PartnerFlags: 2}, France},
		{"Britain with most Allied flags", Minor{Name: "Poland", Flags: 2, FlagPower: Britain, PartnerFlags: 1}, Britain},
		{"Russia alone", Minor{Name: "Bulgaria", Flags: 3, FlagPower: Russia, PartnerFlags: 2}, Russia},
		{"Russian flags do not combine", Minor{Name: "Bulgaria", Flags: 2, FlagPower: Russia, PartnerFlags: 2}, 0},
		{"11.61C Rhineland", Minor{Name: Rhineland, Flags: 4, FlagPower: Germany}, 0},
		{"11.61C Baltic States", Minor{Name: BalticStates, Flags: 4, FlagPower: Germany}, 0},
		{"11.61E Axis control", Minor{Name: "Albania", Controller: Italy}, Italy},
	} {
		if got := TradePactHolder(c.m); got != c.want {
			t.Errorf("11.61: %s: %v, want %v", c.name, got, c.want)
		}
	}
}

func TestRule11_63StartingPactsKeptByTheFlags(t *testing.T) {
	s := NewGame(9)
	for _, m := range s.Minors {
		if got := TradePactHolder(m); got != m.TradePact {
			t.Errorf("11.61, 11.63: %s holder %v, setup %v", m.Name, got, m.TradePact)
		}
	}
}

func TestRule11_92TileDraws(t *testing.T) {
	ps := PowerState{}
	if TileDraws(ps) != 1 {
		t.Errorf("11.91: one draw")
	}
	ps.Economy.ExtraTileDraws = 1
	if TileDraws(ps) != 2 {
		t.Errorf("11.92: a second draw")
	}
	ps.Economy.NoTileDraw = true
	if TileDraws(ps) != 0 {
		t.Errorf("11.92: no draw")
	}
}

func TestRule6_2TileDrawsAreSeededAndKeepNinetyTiles(t *testing.T) {
	run := func() State {
		s := NewGame(77)
		for range 40 {
			s, _, _ = Resolve(s, nil)
		}
		return s
	}
	a, b := run(), run()
	if a.Tiles != b.Tiles || a.RNG != b.RNG || a.Powers[Germany].TilePoints != b.Powers[Germany].TilePoints {
		t.Errorf("6.2: the same seed must give the same draws")
	}
	if n := a.Tiles.FaceUp.Total() + a.Tiles.FaceDown.Total(); n != 90 {
		t.Errorf("6.21: %d tiles", n)
	}
	if a.Tiles.FaceDown.Total() < 1 {
		t.Errorf("6.24: face-down pool empty")
	}
}
