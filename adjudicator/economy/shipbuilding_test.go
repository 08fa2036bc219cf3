package economy_test

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/economy"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/internal/enginetest"
	"stormjudge/adjudicator/setup"
	"stormjudge/adjudicator/storm"
	"stormjudge/orders"
)

// parseLine reads one order line as an order email gives it
// (orders.Parse), without its line number.
func parseLine(text string) (storm.Order, error) {
	sub, err := orders.Parse("GAME demo\nSECRET x\n" + text)
	if err != nil {
		return storm.Order{}, err
	}
	if len(sub.Orders) != 1 {
		return storm.Order{}, fmt.Errorf("%q: %d orders", text, len(sub.Orders))
	}
	o := sub.Orders[0]
	o.Line = 0
	return o, nil
}

// mustParseLine is parseLine, failing the test on an error.
func mustParseLine(t *testing.T, text string) storm.Order {
	t.Helper()
	o, err := parseLine(text)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// mustParseShip reads a shipbuilding order's line (mustParseLine).
func mustParseShip(t *testing.T, text string) storm.Order {
	t.Helper()
	return mustParseLine(t, text)
}

func TestRule19_31InitialRatesAnd19_41Capacity(t *testing.T) {
	s := setup.NewGame(1)
	want := map[storm.Power][2]int{storm.Britain: {3, 6}, storm.Germany: {2, 4}, storm.Italy: {2, 4}, storm.France: {2, 4}, storm.Russia: {0, 0}}
	for p, w := range want {
		if r, c := storm.ShipbuildingRate(s, p), storm.ShipyardCapacity(s, p); r != w[0] || c != w[1] {
			t.Errorf("19.31/19.41: %s rate %d capacity %d, want %v", p, r, c, w)
		}
	}
}

func TestRule19_32OneShipyardPerGame(t *testing.T) {
	s := setup.NewGame(1)
	s.Powers[storm.Britain].ShipbuildingIncreases = 5 // 2 pre-game + 3 claimed
	s.Powers[storm.France].ShipbuildingIncreases = 1  // France may not mobilize one (14.x); ignored
	if r, c := storm.ShipbuildingRate(s, storm.Britain), storm.ShipyardCapacity(s, storm.Britain); r != 4 || c != 8 {
		t.Errorf("19.32, 19.41A: Britain rate %d capacity %d, want 4 and 8", r, c)
	}
	if r := storm.ShipbuildingRate(s, storm.France); r != 2 {
		t.Errorf("19.32: France rate %d, want 2", r)
	}
}

func TestRule19_3StartingNavalState(t *testing.T) {
	s := setup.NewGame(1)
	for _, p := range storm.Powers {
		n := s.Powers[p].Naval
		if len(n.Building) != 0 || len(n.Launched) != 0 || n.Saved != 0 {
			t.Errorf("%s starts with ships on its chart: %+v", p, n)
		}
	}
	b := s.Powers[storm.Britain].Naval
	if b.PreGameCarriers != 3 || b.RoyalNavy != 2 {
		t.Errorf("19.63A, 20.41C: Britain naval %+v", b)
	}
	// 12.21: shipyard counters come from the pools, not from 12.22C.
	for p, want := range map[storm.Power]int{storm.Germany: 1, storm.Italy: 1, storm.Britain: 2, storm.France: 1, storm.Russia: 0} {
		if got := s.Powers[p].Counters.Ship; got != want {
			t.Errorf("12.21: %s shipyard counters %d, want %d", p, got, want)
		}
	}
}

func TestRule19_52ShipCost(t *testing.T) {
	for _, tt := range []struct {
		eai  int
		c    storm.ShipClass
		want int
	}{
		{0, storm.Carrier, 2}, {0, storm.Battleship5, 5}, {2, storm.Battleship4, 2}, {3, storm.Battleship3, 1},
		{5, storm.Battleship5, 1}, {-2, storm.Battleship3, 5}, {-5, storm.Carrier, 7},
	} {
		s := setup.NewGame(1)
		s.EAI = tt.eai
		if got := storm.ShipCost(s, storm.Germany, tt.c); got != tt.want {
			t.Errorf("19.52A: %s at EAI %+d costs %d, want %d", tt.c, tt.eai, got, tt.want)
		}
	}
	if storm.AccelerationCost(1) != 1 || storm.AccelerationCost(2) != 2 {
		t.Error("19.52B: acceleration costs 1 or 2")
	}
}

// TestRule19_73KnightsMove follows one ship down the chart: acceleration
// by two columns moves it as a knight moves (19.73B), deferral one column
// right (19.72), and it is launched from row 2 (19.74).
func TestRule19_73KnightsMove(t *testing.T) {
	s := enginetest.ShipGame()
	s.Powers[storm.Italy].TilePoints = 20
	s, _ = enginetest.ResolveShips(t, s, map[storm.Power][]storm.Order{storm.Italy: {mustParseShip(t, "LAY DOWN BATTLESHIP 3 WITH SHIPYARD 1, 2")}})
	if sh := s.Powers[storm.Italy].Naval.Building[0]; sh.Row != 3 || sh.Column != storm.Spring {
		t.Fatalf("19.61: %+v", sh)
	}
	// Next Spring: advance to row 2 and move two columns: Fall.
	s.Turn = storm.Turn{Year: 1936, Season: storm.Spring}
	s.Powers[storm.Italy].Used = storm.ActivityCounters{}
	s.Powers[storm.Italy].TilePoints = 20
	s, _ = enginetest.ResolveShips(t, s, map[storm.Power][]storm.Order{storm.Italy: {
		mustParseShip(t, "ADVANCE SHIP 1 WITH 2, 1"), mustParseShip(t, "ACCELERATE SHIP 1 BY 2 WITH 2")}})
	if sh := s.Powers[storm.Italy].Naval.Building[0]; sh.Row != 2 || sh.Column != storm.Fall {
		t.Fatalf("19.73B: %+v", sh)
	}
	if got := s.Powers[storm.Italy].TilePoints; got != 15 {
		t.Errorf("19.73B: tile points %d, want 15", got)
	}
	// Fall 1936: defer to Winter, then launch in Winter.
	s.Turn = storm.Turn{Year: 1936, Season: storm.Fall}
	s, _ = enginetest.ResolveShips(t, s, map[storm.Power][]storm.Order{storm.Italy: {mustParseShip(t, "DEFER SHIP 1")}})
	s.Turn = storm.Turn{Year: 1936, Season: storm.Winter}
	s.Powers[storm.Italy].Used = storm.ActivityCounters{}
	s, evs := enginetest.ResolveShips(t, s, map[storm.Power][]storm.Order{storm.Italy: {mustParseShip(t, "LAUNCH SHIP 1 WITH SHIPYARD 1, 2")}})
	n := s.Powers[storm.Italy].Naval
	if len(n.Building) != 0 || len(n.Launched) != 1 || *n.Launched[0].LaunchedIn != (storm.Turn{Year: 1936, Season: storm.Winter}) {
		t.Fatalf("19.74: %+v", n)
	}
	found := false
	for _, e := range evs {
		if l, ok := e.(event.ShipLaunched); ok && l.Ship.No == 1 {
			found = true
		}
	}
	if !found {
		t.Error("19.74: no ShipLaunched event")
	}
	if got := s.Balance.Axis.Naval; got != 1 {
		t.Errorf("19.81A: Axis naval counters %d, want 1", got)
	}
}

func TestRule19_72ColumnsWrap(t *testing.T) {
	for _, tt := range []struct {
		from storm.Season
		n    int
		want storm.Season
	}{{storm.Winter, 1, storm.Spring}, {storm.Spring, -1, storm.Winter}, {storm.Summer, -2, storm.Winter}, {storm.Fall, 2, storm.Spring}, {storm.Spring, -2, storm.Fall}} {
		if got := storm.NextColumn(tt.from, tt.n); got != tt.want {
			t.Errorf("nextColumn(%s, %d) = %s, want %s", tt.from, tt.n, got, tt.want)
		}
	}
}

// TestRule19_75ExampleItalySavesAPoint reproduces the example of 19.75.
func TestRule19_75ExampleItalySavesAPoint(t *testing.T) {
	s := enginetest.ShipGame()
	s.Turn = storm.Turn{Year: 1936, Season: storm.Spring}
	s.Powers[storm.Italy].TilePoints = 5
	s.Powers[storm.Italy].Naval.Building = []storm.Ship{{No: 1, Class: storm.Battleship3, Row: 3, Column: storm.Summer, LaidDown: storm.Turn{Year: 1935, Season: storm.Summer}}}
	s.Powers[storm.Italy].Naval.Next = 1
	// Spring 1936: one tile point for the shipyard 1 counter, point saved.
	s, _ = enginetest.ResolveShips(t, s, map[storm.Power][]storm.Order{storm.Italy: {mustParseShip(t, "SAVE WITH SHIPYARD 1")}})
	if ps := s.Powers[storm.Italy]; ps.TilePoints != 4 || ps.Naval.Saved != 1 {
		t.Fatalf("19.75A: tile points %d saved %d, want 4 and 1", ps.TilePoints, ps.Naval.Saved)
	}
	s.Turn, s.Segment = storm.Turn{Year: 1936, Season: storm.Summer}, storm.SegEconomic
	s.Powers[storm.Italy].Used = storm.ActivityCounters{}
	// Summer 1936: Italy may keep the point and save a second one ...
	if errs := adjudicator.Validate(s, storm.Italy, []storm.Order{mustParseShip(t, "SAVE WITH SHIPYARD 1")}); len(errs) > 0 {
		t.Errorf("19.75B: a second point may be saved: %v", errs)
	}
	// ... or use it to advance its 3-factor battleship (3 points).
	after, _ := enginetest.ResolveShips(t, s, map[storm.Power][]storm.Order{storm.Italy: {mustParseShip(t, "ADVANCE SHIP 1 WITH 2, SAVED 1")}})
	ps := after.Powers[storm.Italy]
	if ps.Naval.Saved != 0 || ps.Naval.Building[0].Row != 2 || ps.TilePoints != 2 {
		t.Errorf("19.75: saved %d row %d tile points %d, want 0, 2, 2", ps.Naval.Saved, ps.Naval.Building[0].Row, ps.TilePoints)
	}
}

func TestRule19_76NoScrapping(t *testing.T) {
	s := enginetest.ShipGame()
	s.Powers[storm.Italy].Naval.Building = []storm.Ship{{No: 1, Class: storm.Battleship3, Row: 3, Column: storm.Summer, LaidDown: storm.Turn{Year: 1935, Season: storm.Summer}}}
	if _, err := orders.Parse("GAME demo\nSECRET x\nSCRAP SHIP 1"); err == nil {
		t.Error("19.76: SCRAP is not a shipbuilding order")
	}
	errs := adjudicator.Validate(s, storm.Italy, []storm.Order{{Kind: "scrap", Ship: "1"}})
	if len(errs) == 0 {
		t.Error("19.76: a scrap order was accepted")
	}
	// No order takes a ship off the chart except by launching it.
	after, _ := enginetest.ResolveShips(t, s, map[storm.Power][]storm.Order{})
	if len(after.Powers[storm.Italy].Naval.Building) != 1 {
		t.Error("19.76: the ship left the chart")
	}
}

func TestRule13_12CShipbuildingSecret(t *testing.T) {
	s := enginetest.ShipGame()
	s.Powers[storm.Italy].TilePoints = 10
	_, evs := enginetest.ResolveShips(t, s, map[storm.Power][]storm.Order{storm.Italy: {mustParseShip(t, "LAY DOWN BATTLESHIP 3 WITH SHIPYARD 1, 2")}})
	var private, revealed int
	for _, e := range evs {
		switch e.(type) {
		case event.ShipLaidDown, event.ShipbuildingPaid:
			if v := e.Visibility(); v.Public || v.Power != storm.Italy {
				t.Errorf("13.12C: %s visible to %+v", e.Type(), v)
			}
			private++
		case event.ShipbuildingRevealed:
			if !e.Visibility().Public {
				t.Error("13.12C: the announcement is not public")
			}
			revealed++
		}
	}
	if private != 2 || revealed != 1 {
		t.Errorf("13.12C: %d private and %d public shipbuilding events", private, revealed)
	}
	b, err := event.MarshalEvents(evs)
	if err != nil {
		t.Fatal(err)
	}
	back, err := event.UnmarshalEvents(b)
	if err != nil || !reflect.DeepEqual(back, evs) {
		t.Errorf("events do not round-trip: %v", err)
	}
}

func TestShipbuildingAllowed(t *testing.T) {
	s := enginetest.ShipGame()
	s.Powers[storm.Italy].TilePoints = 10
	s.Powers[storm.Italy].Naval.Building = []storm.Ship{{No: 1, Class: storm.Battleship3, Row: 2, Column: storm.Spring, LaidDown: storm.Turn{Year: 1934, Season: storm.Summer}}}
	s.Powers[storm.Italy].Naval.Next = 1
	var got []string
	for _, o := range adjudicator.Allowed(s, storm.Italy) {
		if slices.Contains(economy.ShipbuildingKinds, o.Order.Kind) {
			got = append(got, o.Order.String())
		}
	}
	want := []string{"LAY DOWN BATTLESHIP 3 WITH SHIPYARD 1, 2", "LAUNCH SHIP 1 WITH 2, 1", "DEFER SHIP 1", "SAVE WITH SHIPYARD 1"}
	if !slices.Equal(got, want) {
		t.Errorf("Allowed: %q, want %q", got, want)
	}
	if opts := economy.ShipbuildingOptions(s, storm.Russia); opts != nil {
		t.Errorf("19.11: options for Russia: %v", opts)
	}
}

// TestShipbuildingResolveIsPure: Resolve with shipbuilding orders leaves
// its input untouched and gives the same result twice.
func TestShipbuildingResolveIsPure(t *testing.T) {
	s := enginetest.ShipGame()
	s.Powers[storm.Italy].TilePoints = 10
	s.Powers[storm.Italy].Naval.Building = []storm.Ship{{No: 1, Class: storm.Battleship3, Row: 2, Column: storm.Spring, LaidDown: storm.Turn{Year: 1934, Season: storm.Summer}}}
	s.Powers[storm.Italy].Naval.Next = 1
	orders := map[storm.Power][]storm.Order{storm.Italy: {mustParseShip(t, "LAUNCH SHIP 1 WITH 2, 1"), mustParseShip(t, "LAY DOWN BATTLESHIP WITH SHIPYARD 1, 2")}}
	before, _ := json.Marshal(s)
	a, evA, errA := adjudicator.Resolve(s, orders)
	b, evB, errB := adjudicator.Resolve(s, orders)
	after, _ := json.Marshal(s)
	if string(before) != string(after) {
		t.Fatal("Resolve changed its input")
	}
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	ea, _ := event.MarshalEvents(evA)
	eb, _ := event.MarshalEvents(evB)
	if errA != nil || errB != nil || string(ja) != string(jb) || string(ea) != string(eb) {
		t.Fatalf("Resolve is not deterministic: %v %v", errA, errB)
	}
	if n := a.Powers[storm.Italy].Naval; len(n.Launched) != 1 || len(n.Building) != 1 || n.Building[0].No != 2 {
		t.Errorf("after Resolve: %+v", n)
	}
}

// TestRule12_41ACounterSplit: one activity counter partly for unit
// construction and partly for shipbuilding (12.41A, 12.41B). The BUILD
// order names the counter, paid whole (12.31, 12.32); its rest is spent by
// LEFTOVER n, lasts the turn and is never a shipyard counter.
func TestRule12_41ACounterSplit(t *testing.T) {
	const ship = "LAY DOWN BATTLESHIP 3 WITH SHIPYARD 1, 1, LEFTOVER 1"
	if got := mustParseShip(t, ship).String(); got != ship {
		t.Errorf("canonical text %q, want %q", got, ship)
	}
	s := enginetest.ShipGame()
	s.Powers[storm.Germany].TilePoints = 10
	s.Powers[storm.Germany].Reserve = storm.Units{Armor: 1}
	orders := []storm.Order{{Kind: storm.Build, Units: []storm.UnitType{storm.Armor}, Counters: []int{3}}, mustParseShip(t, ship)}

	// The receipt's preview: 3 + 1 + 1 tile points, the 3 used whole, so
	// it is not available for research or diplomacy (12.41).
	pre, ok := adjudicator.Preview(s, storm.Germany, orders)
	if !ok {
		t.Fatalf("refused: %v", adjudicator.Validate(s, storm.Germany, orders))
	}
	if pre.TilePoints != 5 || pre.Available().Three != 0 || pre.ConstructionLeftover != 0 {
		t.Errorf("preview: tile points %d, available %s, leftover %d; want 5, no 3, 0",
			pre.TilePoints, pre.Available(), pre.ConstructionLeftover)
	}

	after, evs := enginetest.ResolveShips(t, s, map[storm.Power][]storm.Order{storm.Germany: orders})
	ps := after.Powers[storm.Germany]
	if ps.TilePoints != pre.TilePoints || ps.Used != pre.Used || len(ps.Naval.Building) != 1 || ps.Active.Armor != 3 {
		t.Errorf("resolved: tile points %d used %s ships %d armor %d; preview said %d, %s",
			ps.TilePoints, ps.Used, len(ps.Naval.Building), ps.Active.Armor, pre.TilePoints, pre.Used)
	}
	var paid event.ShipbuildingPaid
	for _, e := range evs {
		if e, ok := e.(event.ShipbuildingPaid); ok && e.Power == storm.Germany {
			paid = e
		}
	}
	if paid.LeftoverUsed != 1 || paid.Cost != 3 || paid.Wasted != 0 {
		t.Errorf("ShipbuildingPaid %+v, want 1 leftover point of a cost of 3", paid)
	}

	// Without the BUILD there is no rest to spend (12.41B).
	wantRule(t, adjudicator.Validate(s, storm.Germany, orders[1:]), "12.41B")
	// The rest does not meet the shipyard requirement (12.41B, 19.62).
	wantRule(t, adjudicator.Validate(s, storm.Germany, []storm.Order{orders[0], mustParseShip(t, "LAY DOWN BATTLESHIP 3 WITH 2, LEFTOVER 1")}), "12.41B")

	// An unspent rest is kept for the turn only.
	alone := s.Clone()
	var aevs []event.Event
	adjudicator.ResolveSegment(&alone, map[storm.Power][]storm.Order{storm.Germany: orders[:1]}, &aevs)
	if alone.Powers[storm.Germany].ConstructionLeftover != 1 {
		t.Fatalf("leftover %d, want 1", alone.Powers[storm.Germany].ConstructionLeftover)
	}
	adjudicator.EndTurn(&alone, &aevs)
	if alone.Powers[storm.Germany].ConstructionLeftover != 0 {
		t.Errorf("leftover %d after the turn ended, want 0", alone.Powers[storm.Germany].ConstructionLeftover)
	}
}

// TestRule19_63ShortNames: the chart's short names of the classes.
func TestRule19_63ShortNames(t *testing.T) {
	for c, want := range map[storm.ShipClass]string{storm.Carrier: "CVL", storm.Battleship3: "BB3", storm.Battleship4: "BB4", storm.Battleship5: "BB5"} {
		if got := c.Short(); got != want {
			t.Errorf("%s.Short() = %q, want %q", c, got, want)
		}
	}
}
