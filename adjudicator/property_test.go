package adjudicator

import (
	"bytes"
	"encoding/json"
	"slices"
	"testing"

	"stormjudge/adjudicator/economy"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/setup"
	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/track"
)

// orderPart names the part of the economic phase an order belongs to.
func orderPart(k storm.OrderKind) string {
	switch k {
	case storm.Convert, storm.Mobilize:
		return "industrial"
	case storm.Research:
		return "research"
	case storm.Build, storm.AddToReserve:
		return "build"
	case storm.LayDown, storm.Advance, storm.Launch, storm.Accelerate, storm.Defer, storm.SaveShip:
		return "shipbuilding"
	}
	return string(k)
}

// randomLegalOrders picks, for p, a random subset of what Allowed offers
// across all parts (one conversion at most), keeping only sets Validate
// accepts: each option is tried in a random order and kept when the set
// with it is still valid.
func randomLegalOrders(s storm.State, p storm.Power, players *storm.RNG) []storm.Order {
	opts := Allowed(s, p)
	for i := len(opts) - 1; i > 0; i-- {
		j := players.Intn(i + 1)
		opts[i], opts[j] = opts[j], opts[i]
	}
	var set []storm.Order
	industrial := false
	for _, op := range opts {
		if players.Intn(3) == 0 { // leave out a third of the options
			continue
		}
		if orderPart(op.Order.Kind) == "industrial" {
			if industrial {
				continue // 14.41
			}
		}
		try := append(slices.Clone(set), op.Order)
		if len(Validate(s, p, try)) == 0 {
			set = try
			industrial = industrial || orderPart(op.Order.Kind) == "industrial"
		}
	}
	return set
}

// playRandom plays turns economic phases with orders picked by a generator
// separate from the game's (the players' choices), from Allowed. check sees
// the state before, the orders given and the state after each Resolve.
func playRandom(t testing.TB, seed uint64, turns int, check func(before storm.State, orders map[storm.Power][]storm.Order, after storm.State, evs []event.Event)) storm.State {
	s, _, err := Resolve(setup.NewGame(seed), nil)
	if err != nil {
		t.Fatal(err)
	}
	players := storm.NewRNG(seed ^ 0xdecafbad)
	for range turns {
		orders := map[storm.Power][]storm.Order{}
		for _, p := range storm.Powers {
			if set := randomLegalOrders(s, p, &players); len(set) > 0 {
				if len(Validate(s, p, set)) != 0 {
					t.Fatalf("generator made an invalid set for %s", p)
				}
				orders[p] = set
			}
		}
		// Now and then an illegal extra order, which must be voided.
		illegal := players.Intn(4) == 0
		if illegal {
			orders[storm.Italy] = append(orders[storm.Italy], storm.Order{Kind: storm.Mobilize, From: storm.Idle, Units: []storm.UnitType{storm.Infantry, storm.Air}},
				storm.Order{Kind: storm.Mobilize, From: storm.Idle, Units: []storm.UnitType{storm.Infantry, storm.Air}})
		}
		n, evs, err := Resolve(s, orders)
		if err != nil {
			t.Fatal(err)
		}
		if check != nil {
			if illegal {
				orders[storm.Italy] = orders[storm.Italy][:len(orders[storm.Italy])-2]
			}
			check(s, orders, n, evs)
		}
		s = n
	}
	return s
}

// unitTotal counts p's armor, infantry and air units mobilizing, in the
// reserve and active.
func unitTotal(ps *storm.PowerState) storm.Units {
	u := ps.Active.Plus(ps.Reserve)
	for _, m := range ps.Mobilizing {
		u = u.Plus(unitsOf(m.Unit))
	}
	return u
}

func unitsOf(t storm.UnitType) storm.Units {
	switch t {
	case storm.Armor:
		return storm.Units{Armor: 1}
	case storm.Infantry:
		return storm.Units{Infantry: 1}
	case storm.Air:
		return storm.Units{Air: 1}
	}
	return storm.Units{}
}

func TestPropertyRandomLegalOrders(t *testing.T) {
	seeds, turns := uint64(30), 40
	if testing.Short() {
		seeds = 8
	}
	conversionsTotal := 0
	given := map[string]int{} // power-turns with an order of each part
	powerTurns := 0
	for seed := uint64(1); seed <= seeds; seed++ {
		playRandom(t, seed, turns, func(before storm.State, orders map[storm.Power][]storm.Order, after storm.State, evs []event.Event) {
			fail := func(format string, a ...any) {
				t.Helper()
				t.Fatalf("seed %d %s: "+format, append([]any{seed, before.Turn}, a...)...)
			}
			// 12.12: counters used never exceed those available. Used is
			// cleared at the end of the turn, so the economic phase is
			// replayed on a clone and checked before the turn ends.
			mid := before.Clone()
			var midEvs []event.Event
			economy.ResolveEconomic(&mid, orders, &midEvs)
			for _, p := range storm.Powers {
				ps := mid.Powers[p]
				if !storm.ShipyardCountersNow(mid, p, ps).Covers(ps.Used) {
					fail("12.12: %s used %+v of %+v", p, ps.Used, ps.Counters)
				}
			}
			// Orders Validate accepted are not voided, except where an
			// ally's order of the same part came first (15.23A, 16.16B).
			for _, e := range midEvs {
				if v, ok := e.(event.OrderVoided); ok && v.Rule != "15.23A" && v.Rule != "16.16B" {
					fail("valid order voided: %+v", v)
				}
			}
			conversions := map[storm.Power]int{}
			added := map[storm.Power]storm.Units{}
			for _, e := range evs {
				switch e := e.(type) {
				case event.FactoryConverted:
					conversions[e.Power]++
					conversionsTotal++
				case event.UnitsMobilized:
					for _, m := range e.Units {
						added[e.Power] = added[e.Power].Plus(unitsOf(m.Unit))
					}
				case event.UnitAddedToReserve:
					added[e.Power] = added[e.Power].Plus(unitsOf(e.Unit))
				case event.UnitsPurged:
					// 22.21A: purged units go from active to reserve;
					// the total is unchanged.
					if e.Purged.Total() < 1 && e.Active.Total() > 0 {
						fail("22.21A: a purge with active units left purged none")
					}
				}
			}
			for _, p := range storm.Powers {
				powerTurns++
				parts := map[string]bool{}
				for _, o := range orders[p] {
					parts[orderPart(o.Kind)] = true
					if o.Kind == storm.LayDown {
						parts["lay down"] = true
					}
					if o.Kind == storm.Research && o.Project != "" {
						parts["research point"] = true
					}
				}
				for part := range parts {
					given[part]++
				}
				b, a := before.Powers[p], after.Powers[p]
				if a.TilePoints < 0 { // 6.12
					fail("%s has %d tile points", p, a.TilePoints)
				}
				if a.TilePoints > maxCarryOver+30 {
					fail("%s has %d tile points after income", p, a.TilePoints)
				}
				if a.Factories.Total() != setup.StartingFactoryTotals[p] { // 14.12
					fail("%s factories %+v", p, a.Factories)
				}
				if a.Factories.Military < b.Factories.Military { // 14.44
					fail("%s demobilized", p)
				}
				if conversions[p] > 1 { // 14.41
					fail("%s converted %d factories in a turn", p, conversions[p])
				}
				if p == storm.Russia && (a.Factories.Military > economy.RussianMilitaryCap || a.Factories.Civilian != 5) { // 10.41A, 14.42A, 14.43C
					fail("Russia %+v", a.Factories)
				}
				if a.Mobilizations-b.Mobilizations != a.Factories.Military-b.Factories.Military {
					fail("%s mobilizations out of step", p)
				}
				if n, c := len(a.Naval.Building), storm.ShipyardCapacity(after, p); n > c { // 19.4
					fail("19.4: %s has %d ships building, capacity %d", p, n, c)
				}
				// 14.81, 18.11: units move between mobilizing, reserve and
				// active; only mobilizations (14.7, 14.737, 14.743) add and
				// purges (22.21A) remove.
				if got, want := unitTotal(a), unitTotal(b).Plus(added[p]); got != want {
					fail("%s units %+v, want %+v (before %+v, added %+v)", p, got, want, unitTotal(b), added[p])
				}
			}
			// 20.52: each portion of the chart runs from -3 to +3; the
			// battleship race (20.54) is apart.
			bal := after.Balance
			for _, v := range []int{bal.Armor, bal.Infantry, bal.Air, bal.Naval} {
				if v < -3 || v > 3 {
					fail("20.52: balance %+v", bal)
				}
			}
			if b := track.BalanceOfPower(after); b.Armor < -3 || b.Armor > 3 || b.Infantry < -3 || b.Infantry > 3 ||
				b.Air < -3 || b.Air > 3 || b.Naval < -3 || b.Naval > 3 {
				fail("20.52: balance %+v", b)
			}
			if after.Tiles.FaceUp.Total()+after.Tiles.FaceDown.Total() != 90 { // 6.21
				fail("tile pool %+v", after.Tiles)
			}
			if after.Segment != storm.SegEconomic || after.Turn != before.Turn.Next() {
				fail("stopped at %s %s", after.Turn, after.Segment)
			}
		})
	}
	// The properties must be exercised, not vacuous: every part is ordered
	// in a fair share of the power-turns.
	t.Logf("%d power-turns, %d conversions, parts ordered: %v", powerTurns, conversionsTotal, given)
	if conversionsTotal < powerTurns/12 {
		t.Errorf("only %d conversions in %d power-turns", conversionsTotal, powerTurns)
	}
	for part, floor := range map[string]int{
		"research": powerTurns / 4, "research point": powerTurns / 10, "build": powerTurns / 10,
		"shipbuilding": powerTurns / 10, "lay down": powerTurns / 25,
	} {
		if given[part] < floor {
			t.Errorf("%s orders in only %d of %d power-turns (floor %d)", part, given[part], powerTurns, floor)
		}
	}
}

func TestRule14_43BRussianRateInPlay(t *testing.T) {
	// Russia never mobilizes twice within the turns of its cohesion
	// (22.73D). Purges only raise cohesion, so the final cohesion's rate is
	// the shortest the game allowed.
	for seed := uint64(1); seed <= 20; seed++ {
		s := playRandom(t, seed, 40, nil)
		turns := s.Powers[storm.Russia].MobilizationTurns
		for i := 1; i < len(turns); i++ {
			if turns[i].Index()-turns[i-1].Index() < economy.RussianRate[s.Russia.Cohesion] {
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
		s, _, _ := Resolve(setup.NewGame(seed), nil)
		var d [5]int
		for i, p := range storm.Powers {
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
	var back storm.State
	if err := json.Unmarshal(js, &back); err != nil {
		t.Fatal(err)
	}
	x, ex, _ := Resolve(mid, nil)
	y, ey, _ := Resolve(back, nil)
	xj, _ := json.Marshal(x)
	yj, _ := json.Marshal(y)
	xe, _ := event.MarshalEvents(ex)
	ye, _ := event.MarshalEvents(ey)
	if !bytes.Equal(xj, yj) || !bytes.Equal(xe, ye) {
		t.Errorf("restored state diverges")
	}
}

func BenchmarkResolveTurn(b *testing.B) {
	s, _, _ := Resolve(setup.NewGame(1), nil)
	for _, p := range storm.Powers {
		s.Powers[p].TilePoints = 21
	}
	orders := map[storm.Power][]storm.Order{
		storm.Germany: {{Kind: storm.Convert, From: storm.Idle}}, storm.Italy: {{Kind: storm.Mobilize, From: storm.Idle, Units: []storm.UnitType{storm.Infantry, storm.Air}}},
		storm.Britain: {{Kind: storm.Mobilize, From: storm.Civilian, Units: []storm.UnitType{storm.Air, storm.Air, storm.Air}}}, storm.France: {{Kind: storm.Convert, From: storm.Idle}},
		storm.Russia: {{Kind: storm.Mobilize, From: storm.Idle}},
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := Resolve(s, orders); err != nil {
			b.Fatal(err)
		}
	}
}
