package adjudicator

import (
	"encoding/json"
	"reflect"
	"slices"
	"testing"
)

// shipGame is NewGame(1) with the economic segment open.
func shipGame() State {
	s := NewGame(1)
	s.Segment = SegEconomic
	return s
}

// resolveShips resolves the economic segment of s with orders, checking
// the orders first.
func resolveShips(t *testing.T, s State, orders map[Power][]Order) (State, []Event) {
	t.Helper()
	s.Segment = SegEconomic
	for p, os := range orders {
		if errs := Validate(s, p, os); len(errs) > 0 {
			t.Fatalf("%s orders refused: %v", p, errs)
		}
	}
	after := s.Clone()
	var evs []Event
	resolveSegment(&after, orders, &evs)
	return after, evs
}

func mustParseShip(t *testing.T, text string) Order {
	t.Helper()
	o, ok, err := ParseShipbuilding(splitWords(text))
	if !ok || err != nil {
		t.Fatalf("%q: ok %v err %v", text, ok, err)
	}
	return o
}

func TestRule19_31InitialRatesAnd19_41Capacity(t *testing.T) {
	s := NewGame(1)
	want := map[Power][2]int{Britain: {3, 6}, Germany: {2, 4}, Italy: {2, 4}, France: {2, 4}, Russia: {0, 0}}
	for p, w := range want {
		if r, c := ShipbuildingRate(s, p), ShipyardCapacity(s, p); r != w[0] || c != w[1] {
			t.Errorf("19.31/19.41: %s rate %d capacity %d, want %v", p, r, c, w)
		}
	}
}

func TestRule19_32OneShipyardPerGame(t *testing.T) {
	s := NewGame(1)
	s.Powers[Britain].ShipbuildingIncreases = 5 // 2 pre-game + 3 claimed
	s.Powers[France].ShipbuildingIncreases = 1  // France may not mobilize one (14.x); ignored
	if r, c := ShipbuildingRate(s, Britain), ShipyardCapacity(s, Britain); r != 4 || c != 8 {
		t.Errorf("19.32, 19.41A: Britain rate %d capacity %d, want 4 and 8", r, c)
	}
	if r := ShipbuildingRate(s, France); r != 2 {
		t.Errorf("19.32: France rate %d, want 2", r)
	}
}

func TestRule19_3StartingNavalState(t *testing.T) {
	s := NewGame(1)
	for _, p := range Powers {
		n := s.Powers[p].Naval
		if len(n.Building) != 0 || len(n.Launched) != 0 || n.Saved != 0 {
			t.Errorf("%s starts with ships on its chart: %+v", p, n)
		}
	}
	b := s.Powers[Britain].Naval
	if b.PreGameCarriers != 3 || b.RoyalNavy != 2 {
		t.Errorf("19.63A, 20.41C: Britain naval %+v", b)
	}
	// 12.21: shipyard counters come from the pools, not from 12.22C.
	for p, want := range map[Power]int{Germany: 1, Italy: 1, Britain: 2, France: 1, Russia: 0} {
		if got := s.Powers[p].Counters.Ship; got != want {
			t.Errorf("12.21: %s shipyard counters %d, want %d", p, got, want)
		}
	}
}

func TestRule19_52ShipCost(t *testing.T) {
	for _, tt := range []struct {
		eai  int
		c    ShipClass
		want int
	}{
		{0, Carrier, 2}, {0, Battleship5, 5}, {2, Battleship4, 2}, {3, Battleship3, 1},
		{5, Battleship5, 1}, {-2, Battleship3, 5}, {-5, Carrier, 7},
	} {
		s := NewGame(1)
		s.EAI = tt.eai
		if got := ShipCost(s, Germany, tt.c); got != tt.want {
			t.Errorf("19.52A: %s at EAI %+d costs %d, want %d", tt.c, tt.eai, got, tt.want)
		}
	}
	if AccelerationCost(1) != 1 || AccelerationCost(2) != 2 {
		t.Error("19.52B: acceleration costs 1 or 2")
	}
}

// TestRule19_73KnightsMove follows one ship down the chart: acceleration
// by two columns moves it as a knight moves (19.73B), deferral one column
// right (19.72), and it is launched from row 2 (19.74).
func TestRule19_73KnightsMove(t *testing.T) {
	s := shipGame()
	s.Powers[Italy].TilePoints = 20
	s, _ = resolveShips(t, s, map[Power][]Order{Italy: {mustParseShip(t, "LAY DOWN BATTLESHIP 3 WITH SHIPYARD 1, 2")}})
	if sh := s.Powers[Italy].Naval.Building[0]; sh.Row != 3 || sh.Column != Spring {
		t.Fatalf("19.61: %+v", sh)
	}
	// Next Spring: advance to row 2 and move two columns: Fall.
	s.Turn = Turn{1936, Spring}
	s.Powers[Italy].Used = ActivityCounters{}
	s.Powers[Italy].TilePoints = 20
	s, _ = resolveShips(t, s, map[Power][]Order{Italy: {
		mustParseShip(t, "ADVANCE SHIP 1 WITH 2, 1"), mustParseShip(t, "ACCELERATE SHIP 1 BY 2 WITH 2")}})
	if sh := s.Powers[Italy].Naval.Building[0]; sh.Row != 2 || sh.Column != Fall {
		t.Fatalf("19.73B: %+v", sh)
	}
	if got := s.Powers[Italy].TilePoints; got != 15 {
		t.Errorf("19.73B: tile points %d, want 15", got)
	}
	// Fall 1936: defer to Winter, then launch in Winter.
	s.Turn = Turn{1936, Fall}
	s, _ = resolveShips(t, s, map[Power][]Order{Italy: {mustParseShip(t, "DEFER SHIP 1")}})
	s.Turn = Turn{1936, Winter}
	s.Powers[Italy].Used = ActivityCounters{}
	s, evs := resolveShips(t, s, map[Power][]Order{Italy: {mustParseShip(t, "LAUNCH SHIP 1 WITH SHIPYARD 1, 2")}})
	n := s.Powers[Italy].Naval
	if len(n.Building) != 0 || len(n.Launched) != 1 || *n.Launched[0].LaunchedIn != (Turn{1936, Winter}) {
		t.Fatalf("19.74: %+v", n)
	}
	found := false
	for _, e := range evs {
		if l, ok := e.(ShipLaunched); ok && l.Ship.No == 1 {
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
		from Season
		n    int
		want Season
	}{{Winter, 1, Spring}, {Spring, -1, Winter}, {Summer, -2, Winter}, {Fall, 2, Spring}, {Spring, -2, Fall}} {
		if got := nextColumn(tt.from, tt.n); got != tt.want {
			t.Errorf("nextColumn(%s, %d) = %s, want %s", tt.from, tt.n, got, tt.want)
		}
	}
}

// TestRule19_75ExampleItalySavesAPoint reproduces the example of 19.75.
func TestRule19_75ExampleItalySavesAPoint(t *testing.T) {
	s := shipGame()
	s.Turn = Turn{1936, Spring}
	s.Powers[Italy].TilePoints = 5
	s.Powers[Italy].Naval.Building = []Ship{{No: 1, Class: Battleship3, Row: 3, Column: Summer, LaidDown: Turn{1935, Summer}}}
	s.Powers[Italy].Naval.Next = 1
	// Spring 1936: one tile point for the shipyard 1 counter, point saved.
	s, _ = resolveShips(t, s, map[Power][]Order{Italy: {mustParseShip(t, "SAVE WITH SHIPYARD 1")}})
	if ps := s.Powers[Italy]; ps.TilePoints != 4 || ps.Naval.Saved != 1 {
		t.Fatalf("19.75A: tile points %d saved %d, want 4 and 1", ps.TilePoints, ps.Naval.Saved)
	}
	s.Turn, s.Segment = Turn{1936, Summer}, SegEconomic
	s.Powers[Italy].Used = ActivityCounters{}
	// Summer 1936: Italy may keep the point and save a second one ...
	if errs := Validate(s, Italy, []Order{mustParseShip(t, "SAVE WITH SHIPYARD 1")}); len(errs) > 0 {
		t.Errorf("19.75B: a second point may be saved: %v", errs)
	}
	// ... or use it to advance its 3-factor battleship (3 points).
	after, _ := resolveShips(t, s, map[Power][]Order{Italy: {mustParseShip(t, "ADVANCE SHIP 1 WITH 2, SAVED 1")}})
	ps := after.Powers[Italy]
	if ps.Naval.Saved != 0 || ps.Naval.Building[0].Row != 2 || ps.TilePoints != 2 {
		t.Errorf("19.75: saved %d row %d tile points %d, want 0, 2, 2", ps.Naval.Saved, ps.Naval.Building[0].Row, ps.TilePoints)
	}
}

func TestRule19_76NoScrapping(t *testing.T) {
	s := shipGame()
	s.Powers[Italy].Naval.Building = []Ship{{No: 1, Class: Battleship3, Row: 3, Column: Summer, LaidDown: Turn{1935, Summer}}}
	if _, ok, _ := ParseShipbuilding([]string{"SCRAP", "SHIP", "1"}); ok {
		t.Error("19.76: SCRAP is not a shipbuilding order")
	}
	errs := Validate(s, Italy, []Order{{Kind: "scrap", Ship: "1"}})
	if len(errs) == 0 {
		t.Error("19.76: a scrap order was accepted")
	}
	// No order takes a ship off the chart except by launching it.
	after, _ := resolveShips(t, s, map[Power][]Order{})
	if len(after.Powers[Italy].Naval.Building) != 1 {
		t.Error("19.76: the ship left the chart")
	}
}

func TestRule13_12CShipbuildingSecret(t *testing.T) {
	s := shipGame()
	s.Powers[Italy].TilePoints = 10
	_, evs := resolveShips(t, s, map[Power][]Order{Italy: {mustParseShip(t, "LAY DOWN BATTLESHIP 3 WITH SHIPYARD 1, 2")}})
	var private, revealed int
	for _, e := range evs {
		switch e.(type) {
		case ShipLaidDown, ShipbuildingPaid:
			if v := e.Visibility(); v.Public || v.Power != Italy {
				t.Errorf("13.12C: %s visible to %+v", e.Type(), v)
			}
			private++
		case ShipbuildingRevealed:
			if !e.Visibility().Public {
				t.Error("13.12C: the announcement is not public")
			}
			revealed++
		}
	}
	if private != 2 || revealed != 1 {
		t.Errorf("13.12C: %d private and %d public shipbuilding events", private, revealed)
	}
	b, err := MarshalEvents(evs)
	if err != nil {
		t.Fatal(err)
	}
	back, err := UnmarshalEvents(b)
	if err != nil || !reflect.DeepEqual(back, evs) {
		t.Errorf("events do not round-trip: %v", err)
	}
}

func TestShipbuildingOrderText(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"lay down carrier with shipyard 1, 1", "LAY DOWN CARRIER WITH SHIPYARD 1, 1"},
		{"LAY DOWN 4-FACTOR BATTLESHIP WITH SHIPYARD, 3", "LAY DOWN BATTLESHIP 4 WITH SHIPYARD 1, 3"},
		{"lay down battlecruiser with 2 shipyard 1", "LAY DOWN BATTLESHIP 3 WITH SHIPYARD 1, 2"},
		{"continue #2 with 2, saved 1", "ADVANCE SHIP 2 WITH 2, SAVED 1"},
		{"accelerate ship 2 by 2 with 2", "ACCELERATE SHIP 2 BY 2 WITH 2"},
		{"defer 3", "DEFER SHIP 3"},
		{"save 1 with shipyard 1", "SAVE WITH SHIPYARD 1"},
	} {
		o, ok, err := ParseShipbuilding(splitWords(tt.in))
		if !ok || err != nil {
			t.Errorf("%q: ok %v err %v", tt.in, ok, err)
			continue
		}
		if got := o.String(); got != tt.want {
			t.Errorf("%q -> %q, want %q", tt.in, got, tt.want)
		}
		// The canonical text reads back to the same order.
		back, _, err := ParseShipbuilding(splitWords(o.String()))
		if err != nil || !reflect.DeepEqual(back, o) {
			t.Errorf("%q does not round-trip: %+v vs %+v (%v)", o.String(), back, o, err)
		}
		b, _ := json.Marshal(o)
		var j Order
		if json.Unmarshal(b, &j) != nil || !reflect.DeepEqual(j, o) {
			t.Errorf("%q does not round-trip through JSON", tt.in)
		}
	}
	for _, bad := range []string{"lay down destroyer with shipyard 1", "advance with 2", "accelerate ship 1 by 3 with 3",
		"defer ship 1 with 1", "save with 2", "lay down carrier", "advance ship 1 with 4"} {
		if _, ok, err := ParseShipbuilding(splitWords(bad)); !ok || err == nil {
			t.Errorf("%q: accepted", bad)
		}
	}
}

func splitWords(s string) []string {
	var w []string
	cur := ""
	for _, r := range s {
		if r == ' ' {
			if cur != "" {
				w = append(w, cur)
			}
			cur = ""
			continue
		}
		cur += string(r)
	}
	if cur != "" {
		w = append(w, cur)
	}
	return w
}

// shipRoundTripEvents are one event of each shipbuilding type, for
// TestEventsRoundTrip.
func shipRoundTripEvents() []Event {
	t := Turn{1936, Fall}
	sh := Ship{No: 2, Class: Battleship4, Row: 3, Column: Fall, LaidDown: Turn{1935, Fall}}
	launched := sh
	launched.Row, launched.LaunchedIn = LaunchRow, &t
	return []Event{
		ShipLaidDown{Turn: t, Power: Germany, Ship: sh, Cost: 4},
		ShipAdvanced{Turn: t, Power: Germany, Ship: sh, Cost: 4},
		ShipAccelerated{Turn: t, Power: Germany, Ship: sh, Columns: 2, Cost: 2},
		ShipDeferred{Turn: t, Power: Germany, Ship: sh},
		ShipLaunched{Turn: t, Power: Germany, Ship: launched},
		ShipbuildingPaid{Turn: t, Power: Germany, Counters: ActivityCounters{Three: 1, Ship: 1}, Cost: 4, SavedUsed: 1, Saved: 1, TilePoints: 3},
		ShipbuildingRevealed{Turn: t, Power: Germany, LaidDown: []ShipClass{Battleship4}, Launched: []ShipClass{Carrier},
			Advanced: 1, Counters: ActivityCounters{Two: 1}, Saved: 1, BalanceCounters: 2},
		BalanceOfPowerChanged{Turn: t, Balance: Balance{Armor: 1, Naval: -2, Race: 1, Axis: CategoryCounts{Armor: 3}}, Before: Balance{}},
	}
}

func TestShipbuildingAllowed(t *testing.T) {
	s := shipGame()
	s.Powers[Italy].TilePoints = 10
	s.Powers[Italy].Naval.Building = []Ship{{No: 1, Class: Battleship3, Row: 2, Column: Spring, LaidDown: Turn{1934, Summer}}}
	s.Powers[Italy].Naval.Next = 1
	var got []string
	for _, o := range Allowed(s, Italy) {
		if slices.Contains(shipbuildingKinds, o.Order.Kind) {
			got = append(got, o.Order.String())
		}
	}
	want := []string{"LAY DOWN BATTLESHIP 3 WITH SHIPYARD 1, 2", "LAUNCH SHIP 1 WITH 2, 1", "DEFER SHIP 1", "SAVE WITH SHIPYARD 1"}
	if !slices.Equal(got, want) {
		t.Errorf("Allowed: %q, want %q", got, want)
	}
	if opts := shipbuildingOptions(s, Russia); opts != nil {
		t.Errorf("19.11: options for Russia: %v", opts)
	}
}

// TestShipbuildingResolveIsPure: Resolve with shipbuilding orders leaves
// its input untouched and gives the same result twice.
func TestShipbuildingResolveIsPure(t *testing.T) {
	s := shipGame()
	s.Powers[Italy].TilePoints = 10
	s.Powers[Italy].Naval.Building = []Ship{{No: 1, Class: Battleship3, Row: 2, Column: Spring, LaidDown: Turn{1934, Summer}}}
	s.Powers[Italy].Naval.Next = 1
	orders := map[Power][]Order{Italy: {mustParseShip(t, "LAUNCH SHIP 1 WITH 2, 1"), mustParseShip(t, "LAY DOWN BATTLESHIP WITH SHIPYARD 1, 2")}}
	before, _ := json.Marshal(s)
	a, evA, errA := Resolve(s, orders)
	b, evB, errB := Resolve(s, orders)
	after, _ := json.Marshal(s)
	if string(before) != string(after) {
		t.Fatal("Resolve changed its input")
	}
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	ea, _ := MarshalEvents(evA)
	eb, _ := MarshalEvents(evB)
	if errA != nil || errB != nil || string(ja) != string(jb) || string(ea) != string(eb) {
		t.Fatalf("Resolve is not deterministic: %v %v", errA, errB)
	}
	if n := a.Powers[Italy].Naval; len(n.Launched) != 1 || len(n.Building) != 1 || n.Building[0].No != 2 {
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
	s := shipGame()
	s.Powers[Germany].TilePoints = 10
	s.Powers[Germany].Reserve = Units{Armor: 1}
	orders := []Order{{Kind: Build, Units: []UnitType{Armor}, Counters: []int{3}}, mustParseShip(t, ship)}

	// The receipt's preview: 3 + 1 + 1 tile points, the 3 used whole, so
	// it is not available for research or diplomacy (12.41).
	pre, ok := Preview(s, Germany, orders)
	if !ok {
		t.Fatalf("refused: %v", Validate(s, Germany, orders))
	}
	if pre.TilePoints != 5 || pre.Available().Three != 0 || pre.ConstructionLeftover != 0 {
		t.Errorf("preview: tile points %d, available %s, leftover %d; want 5, no 3, 0",
			pre.TilePoints, pre.Available(), pre.ConstructionLeftover)
	}

	after, evs := resolveShips(t, s, map[Power][]Order{Germany: orders})
	ps := after.Powers[Germany]
	if ps.TilePoints != pre.TilePoints || ps.Used != pre.Used || len(ps.Naval.Building) != 1 || ps.Active.Armor != 3 {
		t.Errorf("resolved: tile points %d used %s ships %d armor %d; preview said %d, %s",
			ps.TilePoints, ps.Used, len(ps.Naval.Building), ps.Active.Armor, pre.TilePoints, pre.Used)
	}
	var paid ShipbuildingPaid
	for _, e := range evs {
		if e, ok := e.(ShipbuildingPaid); ok && e.Power == Germany {
			paid = e
		}
	}
	if paid.LeftoverUsed != 1 || paid.Cost != 3 || paid.Wasted != 0 {
		t.Errorf("ShipbuildingPaid %+v, want 1 leftover point of a cost of 3", paid)
	}

	// Without the BUILD there is no rest to spend (12.41B).
	wantRule(t, Validate(s, Germany, orders[1:]), "12.41B")
	// The rest does not meet the shipyard requirement (12.41B, 19.62).
	wantRule(t, Validate(s, Germany, []Order{orders[0], mustParseShip(t, "LAY DOWN BATTLESHIP 3 WITH 2, LEFTOVER 1")}), "12.41B")

	// An unspent rest is kept for the turn only.
	alone := s.Clone()
	var aevs []Event
	resolveSegment(&alone, map[Power][]Order{Germany: orders[:1]}, &aevs)
	if alone.Powers[Germany].ConstructionLeftover != 1 {
		t.Fatalf("leftover %d, want 1", alone.Powers[Germany].ConstructionLeftover)
	}
	endTurn(&alone, &aevs)
	if alone.Powers[Germany].ConstructionLeftover != 0 {
		t.Errorf("leftover %d after the turn ended, want 0", alone.Powers[Germany].ConstructionLeftover)
	}
}

// TestRule19_63ShortNames: the chart's short names of the classes.
func TestRule19_63ShortNames(t *testing.T) {
	for c, want := range map[ShipClass]string{Carrier: "CVL", Battleship3: "BB3", Battleship4: "BB4", Battleship5: "BB5"} {
		if got := c.Short(); got != want {
			t.Errorf("%s.Short() = %q, want %q", c, got, want)
		}
	}
}
