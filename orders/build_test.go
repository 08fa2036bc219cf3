package orders

import (
	"slices"
	"strings"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
)

// TestOrderHintIsBrief: the hint of an unknown order lists no order
// words (what a power may order depends on the game): it points to HELP,
// and fits two lines of a phone's screen.
func TestOrderHintIsBrief(t *testing.T) {
	h := orderHint()
	for _, w := range orderWords {
		if strings.Contains(h, w.word+" ") {
			t.Errorf("the hint names %s: %s", w.word, h)
		}
	}
	if len(h) > 144 || !strings.Contains(h, "HELP") {
		t.Errorf("hint of %d characters: %s", len(h), h)
	}
}

// TestHelpAsksForTheOrders: HELP stands alone, with the envelope; with
// orders or PASS it is refused, and twice is an error.
func TestHelpAsksForTheOrders(t *testing.T) {
	sub, err := Parse("GAME demo\nSECRET x\nHELP\n")
	if err != nil || !sub.Help || len(sub.Orders) != 0 {
		t.Fatalf("HELP: %+v, %v", sub, err)
	}
	for _, body := range []string{"GAME demo\nSECRET x\nHELP\nPASS\n", "GAME demo\nSECRET x\nHELP\nCONVERT IDLE TO CIVILIAN\n",
		"GAME demo\nSECRET x\nHELP\nHELP\n", "GAME demo\nSECRET x\nHELP me\n"} {
		if _, err := Parse(body); err == nil {
			t.Errorf("%q accepted", body)
		}
	}
}

// TestRule14_7MobilizeUnits: MOBILIZE names its units after the factory,
// with or without a colon and commas, counts allowed; bare MOBILIZE IDLE
// stays accepted (the adjudicator asks for units where a choice exists).
func TestRule14_7MobilizeUnits(t *testing.T) {
	A, I, R, S := storm.Armor, storm.Infantry, storm.Air, storm.ShipbuildingIncrease
	tests := []struct {
		text  string
		from  storm.FactoryKind
		units []storm.UnitType
	}{
		{"MOBILIZE IDLE", storm.Idle, nil},
		{"MOBILIZE IDLE: ARMOR, INFANTRY, AIR", storm.Idle, []storm.UnitType{A, I, R}},
		{"mobilize civilian armor infantry air", storm.Civilian, []storm.UnitType{A, I, R}},
		{"MOBILIZE IDLE TO MILITARY: ARMOUR AND 2 AIR", storm.Idle, []storm.UnitType{A, R, R}},
		{"MOBILIZE IDLE: THREE AIR UNITS", storm.Idle, []storm.UnitType{R, R, R}},
		{"MOBILIZE IDLE: shipbuilding increase, infantry, air", storm.Idle, []storm.UnitType{S, I, R}},
		{"CONVERT IDLE TO MILITARY", storm.Idle, nil},
	}
	for _, tt := range tests {
		sub, err := Parse(env + tt.text)
		if err != nil {
			t.Errorf("%q: %v", tt.text, err)
			continue
		}
		o := sub.Orders[0]
		if o.Kind != storm.Mobilize || o.From != tt.from || !slices.Equal(o.Units, tt.units) {
			t.Errorf("%q: %+v", tt.text, o)
		}
	}
	for _, bad := range []string{"MOBILIZE IDLE: TANKETTE", "MOBILIZE IDLE: 2"} {
		if _, err := Parse(env + bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	// The canonical text reads back.
	o := storm.Order{Kind: storm.Mobilize, From: storm.Civilian, Units: []storm.UnitType{A, R, R}}
	sub, err := Parse(env + o.String())
	if err != nil || !slices.Equal(sub.Orders[0].Units, o.Units) {
		t.Errorf("%s does not read back: %v %+v", o, err, sub)
	}
}

// TestRule18_11BuildOrders: BUILD <units> WITH <counter strengths>.
func TestRule18_11BuildOrders(t *testing.T) {
	tests := []struct {
		text     string
		units    []storm.UnitType
		counters []int
	}{
		{"BUILD ARMOR WITH 2", []storm.UnitType{storm.Armor}, []int{2}},
		{"build infantry with 1 1", []storm.UnitType{storm.Infantry}, []int{1, 1}},
		{"BUILD INFANTRY, AIR WITH 3, 1", []storm.UnitType{storm.Infantry, storm.Air}, []int{3, 1}},
		{"BUILD ONE AIR UNIT USING COUNTERS 1+1", []storm.UnitType{storm.Air}, []int{1, 1}},
	}
	for _, tt := range tests {
		sub, err := Parse(env + tt.text)
		if err != nil {
			t.Errorf("%q: %v", tt.text, err)
			continue
		}
		o := sub.Orders[0]
		if o.Kind != storm.Build || !slices.Equal(o.Units, tt.units) || !slices.Equal(o.Counters, tt.counters) {
			t.Errorf("%q: %+v", tt.text, o)
		}
		back, err := Parse(env + o.String())
		if err != nil || !slices.Equal(back.Orders[0].Counters, o.Counters) || !slices.Equal(back.Orders[0].Units, o.Units) {
			t.Errorf("%s does not read back: %v", o, err)
		}
	}
	errs := map[string]string{
		"BUILD ARMOR":        "BUILD needs the activity counters",
		"BUILD WITH 2":       "BUILD needs the unit",
		"BUILD ARMR WITH 2":  `unknown unit "ARMR" (did you mean "ARMOR"?)`,
		"BUILD ARMOR WITH 4": `"4" is not a counter strength`,
		"BUILD ARMOR WITH":   "WITH must be followed by counter strengths",
	}
	for text, want := range errs {
		_, err := Parse(env + text)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want %q", text, err, want)
		}
	}
}

// TestBuildExample reads testdata/orders/economic-build.eml, the example of
// docs/orders.md, and checks it against a German state holding the units.
func TestBuildExample(t *testing.T) {
	m, err := ReadMessage(readExample(t, "economic-build.eml"))
	if err != nil {
		t.Fatal(err)
	}
	sub, err := Parse(m.Body)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, o := range sub.Orders {
		got = append(got, o.String())
	}
	want := []string{"MOBILIZE IDLE: ARMOR, INFANTRY, AIR", "BUILD ARMOR WITH 2", "BUILD INFANTRY, AIR WITH 3 1"}
	if !slices.Equal(got, want) {
		t.Fatalf("orders %q, want %q", got, want)
	}
	s, _, err := adjudicator.Resolve(adjudicator.NewGame(1), nil)
	if err != nil {
		t.Fatal(err)
	}
	ps := s.Powers[storm.Germany]
	ps.TilePoints, ps.Reserve = 16, storm.Units{Armor: 1, Infantry: 1, Air: 1}
	if errs := adjudicator.Validate(s, storm.Germany, sub.Orders); len(errs) > 0 {
		t.Errorf("example refused: %v", errs)
	}
}

// TestRule14_737ReserveOrder: RESERVE <unit> names one unit.
func TestRule14_737ReserveOrder(t *testing.T) {
	sub, err := Parse(env + "reserve armour")
	if err != nil || sub.Orders[0].Kind != storm.AddToReserve || !slices.Equal(sub.Orders[0].Units, []storm.UnitType{storm.Armor}) {
		t.Fatalf("RESERVE ARMOUR: %v %+v", err, sub)
	}
	if got := sub.Orders[0].String(); got != "RESERVE ARMOR" {
		t.Errorf("canonical text %q", got)
	}
	for _, bad := range []string{"RESERVE", "RESERVE ARMOR AIR", "RESERVE BATTLESHIP"} {
		if _, err := Parse(env + bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
