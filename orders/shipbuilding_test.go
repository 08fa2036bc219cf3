package orders

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
)

// TestShipbuildingExample reads testdata/orders/economic-shipbuilding.eml,
// the example of docs/orders.md (19.6, 19.7).
func TestShipbuildingExample(t *testing.T) {
	m, err := ReadMessage(readExample(t, "economic-shipbuilding.eml"))
	if err != nil {
		t.Fatal(err)
	}
	sub, err := Parse(m.Body)
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	want := []storm.Order{
		{Kind: storm.Advance, Ship: "1", Counters: []int{2}, Args: []string{"saved=1"}, Line: 6},
		{Kind: storm.Accelerate, Ship: "1", Points: 1, Counters: []int{1}, Line: 8},
		{Kind: storm.LayDown, Ship: string(storm.Battleship3), Counters: []int{2}, Args: []string{"shipyard"}, Line: 10},
		{Kind: storm.Defer, Ship: "2", Line: 11},
	}
	if !reflect.DeepEqual(sub.Orders, want) {
		t.Errorf("orders:\n got %+v\nwant %+v", sub.Orders, want)
	}
	var texts []string
	for _, o := range sub.Orders {
		texts = append(texts, o.String())
	}
	if got := strings.Join(texts, "\n"); got != "ADVANCE SHIP 1 WITH 2, SAVED 1\nACCELERATE SHIP 1 BY 1 WITH 1\n"+
		"LAY DOWN BATTLESHIP 3 WITH SHIPYARD 1, 2\nDEFER SHIP 2" {
		t.Errorf("canonical text:\n%s", got)
	}
}

func TestShipbuildingParseErrors(t *testing.T) {
	for _, tt := range []struct{ line, want string }{
		{"LAY DOWN DESTROYER WITH SHIPYARD 1", "light ships are not built, 19.63D"},
		{"LAY UP CARRIER", "LAY DOWN"},
		{"ADVANCE SHIP X WITH 2", "is not a ship number"},
		{"ACCELERATE SHIP 1 BY 3 WITH 3", "BY 1 or BY 2"},
		{"DEFER SHIP 1 WITH 1", "DEFER costs nothing"},
		{"SAVE WITH 1", "only shipyard counters may be saved (19.75A)"},
		{"LAUNCH SHIP 2", "WITH SHIPYARD 1"},
	} {
		_, err := Parse("GAME demo\nPOWER italy\nSECRET x\n" + tt.line + "\n")
		if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), "line 4") {
			t.Errorf("%q: error %v, want one on line 4 containing %q", tt.line, err, tt.want)
		}
	}
}

// TestShipbuildingExampleIsValid: the example's orders pass Validate in
// the position it describes (Italy, Summer 1936, ship 1 in the Summer
// column on row 3 with a point saved in Spring, ship 2 in the Summer
// column).
func TestShipbuildingExampleIsValid(t *testing.T) {
	m, err := ReadMessage(readExample(t, "economic-shipbuilding.eml"))
	if err != nil {
		t.Fatal(err)
	}
	sub, err := Parse(m.Body)
	if err != nil {
		t.Fatal(err)
	}
	s := adjudicator.NewGame(1)
	s.Segment = storm.SegEconomic
	s.Turn = storm.Turn{Year: 1936, Season: storm.Summer}
	it := s.Powers[storm.Italy]
	it.TilePoints = 10
	it.Naval.Saved = 1
	it.Naval.Building = []storm.Ship{
		{No: 1, Class: storm.Battleship3, Row: 3, Column: storm.Summer, LaidDown: storm.Turn{Year: 1935, Season: storm.Summer}},
		{No: 2, Class: storm.Battleship3, Row: 3, Column: storm.Summer, LaidDown: storm.Turn{Year: 1935, Season: storm.Summer}},
	}
	it.Naval.Next = 2
	if errs := adjudicator.Validate(s, storm.Italy, sub.Orders); len(errs) > 0 {
		t.Errorf("the example's orders are refused: %v", errs)
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
		o, ok, err := shipOrder(splitWords(tt.in))
		if !ok || err != nil {
			t.Errorf("%q: ok %v err %v", tt.in, ok, err)
			continue
		}
		if got := o.String(); got != tt.want {
			t.Errorf("%q -> %q, want %q", tt.in, got, tt.want)
		}
		// The canonical text reads back to the same order.
		back, _, err := shipOrder(splitWords(o.String()))
		if err != nil || !reflect.DeepEqual(back, o) {
			t.Errorf("%q does not round-trip: %+v vs %+v (%v)", o.String(), back, o, err)
		}
		b, _ := json.Marshal(o)
		var j storm.Order
		if json.Unmarshal(b, &j) != nil || !reflect.DeepEqual(j, o) {
			t.Errorf("%q does not round-trip through JSON", tt.in)
		}
	}
	for _, bad := range []string{"lay down destroyer with shipyard 1", "advance with 2", "accelerate ship 1 by 3 with 3",
		"defer ship 1 with 1", "save with 2", "lay down carrier", "advance ship 1 with 4"} {
		if _, ok, err := shipOrder(splitWords(bad)); !ok || err == nil {
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
