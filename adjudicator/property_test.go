package adjudicator

import (
	"bytes"
	"encoding/json"
	"testing"
)

// playRandom plays turns economic phases with orders picked by a generator
// separate from the game's (the players' choices), from Allowed.
func playRandom(t testing.TB, seed uint64, turns int, check func(before, after State, evs []Event)) State {
	s, _, err := Resolve(NewGame(seed), nil)
	if err != nil {
		t.Fatal(err)
	}
	players := NewRNG(seed ^ 0xdecafbad)
	for range turns {
		orders := map[Power][]Order{}
		for _, p := range Powers {
			opts := Allowed(s, p)
			if k := players.Intn(len(opts) + 1); k < len(opts) {
				orders[p] = []Order{opts[k].Order}
			}
		}
		// Now and then an illegal second order, which must be voided.
		if players.Intn(4) == 0 {
			orders[Italy] = append(orders[Italy], Order{Kind: Mobilize, From: Idle, Units: []UnitType{Infantry, Air}})
		}
		n, evs, err := Resolve(s, orders)
		if err != nil {
			t.Fatal(err)
		}
		if check != nil {
			check(s, n, evs)
		}
		s = n
	}
	return s
}

func TestPropertyRandomLegalOrders(t *testing.T) {
	total := 0
	for seed := uint64(1); seed <= 30; seed++ {
		playRandom(t, seed, 40, func(before, after State, evs []Event) {
			conversions := map[Power]int{}
			for _, e := range evs {
				if fc, ok := e.(FactoryConverted); ok {
					conversions[fc.Power]++
					total++
				}
			}
			for _, p := range Powers {
				b, a := before.Powers[p], after.Powers[p]
				if a.TilePoints < 0 { // 6.12
					t.Fatalf("seed %d %s: %s has %d tile points", seed, after.Turn, p, a.TilePoints)
				}
				if a.TilePoints > maxCarryOver+30 {
					t.Fatalf("seed %d: %s has %d tile points after income", seed, p, a.TilePoints)
				}
				if a.Factories.Total() != startingFactoryTotals[p] { // 14.12
					t.Fatalf("seed %d: %s factories %+v", seed, p, a.Factories)
				}
				if a.Factories.Military < b.Factories.Military { // 14.44
					t.Fatalf("seed %d: %s demobilized", seed, p)
				}
				if conversions[p] > 1 { // 14.41
					t.Fatalf("seed %d: %s converted %d factories in a turn", seed, p, conversions[p])
				}
				if p == Russia && (a.Factories.Military > russianMilitaryCap || a.Factories.Civilian != 5) { // 10.41A, 14.42A, 14.43C
					t.Fatalf("seed %d: Russia %+v", seed, a.Factories)
				}
				if a.Mobilizations-b.Mobilizations != a.Factories.Military-b.Factories.Military {
					t.Fatalf("seed %d: %s mobilizations out of step", seed, p)
				}
			}
			if after.Tiles.FaceUp.Total()+after.Tiles.FaceDown.Total() != 90 { // 6.21
				t.Fatalf("seed %d: tile pool %+v", seed, after.Tiles)
			}
			if after.Segment != SegEconomic || after.Turn != before.Turn.Next() {
				t.Fatalf("seed %d: stopped at %s %s", seed, after.Turn, after.Segment)
			}
		})
	}
	if total < 100 { // the property must be exercised, not vacuous
		t.Errorf("only %d conversions in 1200 power-turns", total)
	}
}

func TestRule14_43BRussianRateInPlay(t *testing.T) {
	// Russia at low cohesion never mobilizes twice within five turns.
	for seed := uint64(1); seed <= 20; seed++ {
		s := playRandom(t, seed, 40, nil)
		turns := s.Powers[Russia].MobilizationTurns
		for i := 1; i < len(turns); i++ {
			if turns[i].Index()-turns[i-1].Index() < 5 {
				t.Fatalf("14.43B: seed %d: Russia mobilized %s and %s", seed, turns[i-1], turns[i])
			}
		}
	}
}

func TestDeterminism(t *testing.T) {
	run := func(seed uint64) []byte {
		s := playRandom(t, seed, 12, nil)
		b, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	a, b := run(77), run(77)
	if !bytes.Equal(a, b) {
		t.Fatalf("same seed, different states")
	}
	if c := run(78); bytes.Equal(a, c) {
		t.Errorf("different seeds, identical states")
	}
	// Different seeds differ where randomness is used: tile draws.
	draws := map[[5]int]bool{}
	for seed := uint64(0); seed < 20; seed++ {
		s, _, _ := Resolve(NewGame(seed), nil)
		var d [5]int
		for i, p := range Powers {
			d[i] = s.Powers[p].Income.TileDraw
		}
		draws[d] = true
	}
	if len(draws) < 5 {
		t.Errorf("11.91: 20 seeds gave %d distinct tile draws", len(draws))
	}
	// Restoring from JSON mid-game continues identically.
	mid := playRandom(t, 5, 6, nil)
	js, _ := json.Marshal(mid)
	var back State
	if err := json.Unmarshal(js, &back); err != nil {
		t.Fatal(err)
	}
	x, ex, _ := Resolve(mid, nil)
	y, ey, _ := Resolve(back, nil)
	xj, _ := json.Marshal(x)
	yj, _ := json.Marshal(y)
	xe, _ := MarshalEvents(ex)
	ye, _ := MarshalEvents(ey)
	if !bytes.Equal(xj, yj) || !bytes.Equal(xe, ye) {
		t.Errorf("restored state diverges")
	}
}

func BenchmarkResolveTurn(b *testing.B) {
	s, _, _ := Resolve(NewGame(1), nil)
	for _, p := range Powers {
		s.Powers[p].TilePoints = 21
	}
	orders := map[Power][]Order{
		Germany: {{Kind: Convert, From: Idle}}, Italy: {{Kind: Mobilize, From: Idle, Units: []UnitType{Infantry, Air}}},
		Britain: {{Kind: Mobilize, From: Civilian, Units: []UnitType{Air, Air, Air}}}, France: {{Kind: Convert, From: Idle}},
		Russia: {{Kind: Mobilize, From: Idle}},
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := Resolve(s, orders); err != nil {
			b.Fatal(err)
		}
	}
}
