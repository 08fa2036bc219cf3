package economy_test

import (
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/economy"
	"stormjudge/adjudicator/setup"
	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/track"
)

func TestRule11_35AClimateIncome(t *testing.T) {
	for _, p := range storm.Powers {
		limit := map[storm.Power]int{storm.Germany: 2, storm.Britain: 2, storm.Italy: 1, storm.France: 1, storm.Russia: 0}[p]
		prev := -99
		for c := -3; c <= 3; c++ {
			v := economy.ClimateIncome(p, c)
			if v > limit || v < -limit {
				t.Errorf("11.35A: %s at %+d: %d beyond +/-%d", p, c, v, limit)
			}
			if v < prev {
				t.Errorf("11.35A: %s not monotone at %+d", p, c)
			}
			if economy.ClimateIncome(p, -c) != -v {
				t.Errorf("11.35A: %s not symmetric at %+d", p, c)
			}
			prev = v
		}
	}
	// The surviving fragments of the table (docs/rules.md).
	for _, c := range []struct {
		p           storm.Power
		climate, in int
	}{
		{storm.Germany, 1, 1}, {storm.Britain, 1, 1}, {storm.Italy, 1, 0}, {storm.France, 1, 0},
		{storm.Germany, 3, 2}, {storm.Italy, 3, 1}, {storm.Britain, 3, 2}, {storm.France, 3, 1},
		{storm.Germany, -2, -2}, {storm.Britain, -2, -2}, {storm.Italy, -2, -1}, {storm.France, -2, -1},
		{storm.Germany, 9, 2}, {storm.Russia, 3, 0},
	} {
		if got := economy.ClimateIncome(c.p, c.climate); got != c.in {
			t.Errorf("11.35A: %s at %+d: %d, want %d", c.p, c.climate, got, c.in)
		}
	}
}

func TestRule11_35BClimateEAI(t *testing.T) {
	for c, want := range map[int]int{-3: 1, -2: 0, -1: 0, 0: 0, 1: 0, 2: 0, 3: -1} {
		if got := track.ClimateEAI(c); got != want {
			t.Errorf("11.35B: climate %+d: EAI %+d, want %+d", c, got, want)
		}
	}
}

func TestRule11_61TradePactHolder(t *testing.T) {
	for _, c := range []struct {
		name string
		m    storm.Minor
		want storm.Power
	}{
		{"three German flags", storm.Minor{Name: "Hungary", Flags: 3, FlagPower: storm.Germany}, storm.Germany},
		{"two flags are not enough", storm.Minor{Name: "Hungary", Flags: 2, FlagPower: storm.Germany}, 0},
		{"11.61A two German two Italian", storm.Minor{Name: "Hungary", Flags: 2, FlagPower: storm.Italy, PartnerFlags: 2}, storm.Germany},
		{"Italy with most Axis flags", storm.Minor{Name: "Hungary", Flags: 1, FlagPower: storm.Germany, PartnerFlags: 2}, storm.Italy},
		{"11.61B two French two British", storm.Minor{Name: "Poland", Flags: 2, FlagPower: storm.Britain, PartnerFlags: 2}, storm.France},
		{"Britain with most Allied flags", storm.Minor{Name: "Poland", Flags: 2, FlagPower: storm.Britain, PartnerFlags: 1}, storm.Britain},
		{"Russia alone", storm.Minor{Name: "Bulgaria", Flags: 3, FlagPower: storm.Russia, PartnerFlags: 2}, storm.Russia},
		{"Russian flags do not combine", storm.Minor{Name: "Bulgaria", Flags: 2, FlagPower: storm.Russia, PartnerFlags: 2}, 0},
		{"11.61C Rhineland", storm.Minor{Name: storm.Rhineland, Flags: 4, FlagPower: storm.Germany}, 0},
		{"11.61C Baltic States", storm.Minor{Name: storm.BalticStates, Flags: 4, FlagPower: storm.Germany}, 0},
		{"11.61E Axis control", storm.Minor{Name: "Albania", Controller: storm.Italy}, storm.Italy},
		{"11.61C-E no pact from control of Ethiopia", storm.Minor{Name: "Ethiopia", Controller: storm.Italy}, 0},
		{"11.61C-E no pact from control of the Baltic States", storm.Minor{Name: storm.BalticStates, Controller: storm.Germany}, 0},
	} {
		if got := track.TradePactHolder(c.m); got != c.want {
			t.Errorf("11.61: %s: %v, want %v", c.name, got, c.want)
		}
	}
}

func TestRule11_63StartingPactsKeptByTheFlags(t *testing.T) {
	s := setup.NewGame(9)
	for _, m := range s.Minors {
		if got := track.TradePactHolder(m); got != m.TradePact {
			t.Errorf("11.61, 11.63: %s holder %v, setup %v", m.Name, got, m.TradePact)
		}
	}
}

func TestRule11_92TileDraws(t *testing.T) {
	ps := storm.PowerState{}
	if economy.TileDraws(ps) != 1 {
		t.Errorf("11.91: one draw")
	}
	ps.Economy.ExtraTileDraws = 1
	if economy.TileDraws(ps) != 2 {
		t.Errorf("11.92: a second draw")
	}
	ps.Economy.NoTileDraw = true
	if economy.TileDraws(ps) != 0 {
		t.Errorf("11.92: no draw")
	}
}

func TestRule6_2TileDrawsAreSeededAndKeepNinetyTiles(t *testing.T) {
	run := func() storm.State {
		s := setup.NewGame(77)
		for range 40 {
			s, _, _ = adjudicator.Resolve(s, nil)
		}
		return s
	}
	a, b := run(), run()
	if a.Tiles != b.Tiles || a.RNG != b.RNG || a.Powers[storm.Germany].TilePoints != b.Powers[storm.Germany].TilePoints {
		t.Errorf("6.2: the same seed must give the same draws")
	}
	if n := a.Tiles.FaceUp.Total() + a.Tiles.FaceDown.Total(); n != 90 {
		t.Errorf("6.21: %d tiles", n)
	}
	if a.Tiles.FaceDown.Total() < 1 {
		t.Errorf("6.24: face-down pool empty")
	}
}
