package adjudicator

import (
	"strings"
	"testing"
)

// eventGame is a game whose every card gives p the national event ev,
// opened at the first economic phase, every power with 20 tile points.
func eventGame(t *testing.T, p Power, ev CardEvent) State {
	t.Helper()
	d := testDeck(12, func(c *Card) { c.National[p] = ev })
	s, _, err := Resolve(NewGameWithDeck(1, d), nil)
	if err != nil {
		t.Fatal(err)
	}
	if s.Segment != SegEconomic {
		t.Fatalf("segment %s, want the economic phase", s.Segment)
	}
	for _, ps := range s.Powers {
		ps.TilePoints = 20
	}
	return s
}

func wantRefused(t *testing.T, s State, p Power, orders []Order, rule string) {
	t.Helper()
	errs := Validate(s, p, orders)
	for _, e := range errs {
		if e.Rule == rule {
			return
		}
	}
	t.Errorf("%v: want a refusal under rule %s, got %v", orders, rule, errs)
}

func play(card int, projects ...string) Order {
	return Order{Kind: Play, Card: card, Args: projects}
}

// heldCard is the card of p's held economic event.
func heldCard(t *testing.T, s State, p Power) int {
	t.Helper()
	h := heldEconomic(s, p)
	if len(h) != 1 {
		t.Fatalf("%s holds %d economic events, want 1", p, len(h))
	}
	return h[0].Card
}

// Rule 15.32A and the 15.24 example: an event's level on a completed
// Italian battleship design leaves two naval points to reassign, in the
// same orders.
func TestRule15_32AResearchLevelsSurplusReassigned(t *testing.T) {
	s := eventGame(t, Italy, CardEvent{Title: "Architects", Category: CategoryResearch,
		Effects: []Effect{{Kind: EffectResearchLevels, Project: "italian battleship design", Value: 1}}})
	setSteps(t, &s, Axis, "italian battleship design", 12)
	orders := rs(t, "research torpedoes reassign 2")
	after, evs := resolveShips(t, s, map[Power][]Order{Italy: orders})
	if got := stepsOf(t, after, Axis, "torpedoes"); got != 2 {
		t.Errorf("15.24: torpedoes %d steps, want the 2 reassigned", got)
	}
	sg, ok := firstOf[ResearchSurplusGained](evs)
	if !ok || sg.Points != 2 || sg.Power != Italy {
		t.Errorf("15.24: surplus %+v, want 2 points of Italy", sg)
	}
	// Two levels on a project one step short: 1 step taken, 3 surplus.
	s2 := eventGame(t, Italy, CardEvent{Title: "Architects", Category: CategoryResearch,
		Effects: []Effect{{Kind: EffectResearchLevels, Project: "italian battleship design", Value: 2}}})
	setSteps(t, &s2, Axis, "italian battleship design", 11)
	after, _ = resolveShips(t, s2, map[Power][]Order{Italy: rs(t, "research torpedoes reassign 3")})
	if a, b := stepsOf(t, after, Axis, "italian battleship design"), stepsOf(t, after, Axis, "torpedoes"); a != 12 || b != 3 {
		t.Errorf("15.32A: battleship design %d torpedoes %d, want 12 and 3", a, b)
	}
	// More than the surplus is refused; the reassignment is lost after.
	wantRefused(t, s2, Italy, rs(t, "research torpedoes reassign 3", "research light ships reassign 1"), "15.24")
	if len(after.Sheets.Surplus) != 0 {
		t.Errorf("15.24: surplus %+v kept after the research segment", after.Sheets.Surplus)
	}
}

// Rule 15.24 with a national event: the surplus of a secret research
// event the holder did not play is reassignable in its orders too (the
// judge plays it before the research orders).
func TestRule15_24NationalEventSurplusInTheSameOrders(t *testing.T) {
	s := eventGame(t, Germany, CardEvent{Title: "Jet engines", Secret: true, Category: CategoryResearch,
		Effects: []Effect{{Kind: EffectResearchSteps, Project: "air range", Value: 3}}})
	setSteps(t, &s, Axis, "air range", 9)
	orders := rs(t, "research german jets reassign 2")
	after, evs := resolveShips(t, s, map[Power][]Order{Germany: orders})
	if a, j := stepsOf(t, after, Axis, "air range"), stepsOf(t, after, Axis, "german jets"); a != 10 || j != 2 {
		t.Errorf("air range %d, jets %d: want 10 and 2", a, j)
	}
	// The secret event is revealed in the phase's public events.
	found := false
	for _, e := range evs {
		if a, ok := e.(RandomEventApplied); ok && a.Power == Germany && a.Secret && e.Visibility().Public {
			found = true
		}
	}
	if !found {
		t.Error("9.41B: the secret research event is not revealed at the end of the economic phase")
	}
	// The notice offers the reassignment's surplus through the options.
	var reassign bool
	for _, o := range Allowed(s, Germany) {
		reassign = reassign || strings.Contains(o.Note, "surplus")
	}
	if !reassign {
		t.Error("15.24: the notice's options do not tell of the surplus to reassign")
	}
}

// Rule 15.32B: two projects of a category, chosen by the holder with
// PLAY; refused twice the same, another category, or a project that cannot
// take the step while another can (15.241A); unplayed, the judge chooses.
func TestRule15_32BStepsChosenByThePlayer(t *testing.T) {
	ev := CardEvent{Title: "Wind tunnel", Category: CategoryResearch,
		Effects: []Effect{{Kind: EffectResearchSteps, Research: AirResearch, Value: 1, Count: 2}}}
	s := eventGame(t, Germany, ev)
	card := heldCard(t, s, Germany)
	after, _ := resolveShips(t, s, map[Power][]Order{Germany: {play(card, "german jets", "air range")}})
	if j, a := stepsOf(t, after, Axis, "german jets"), stepsOf(t, after, Axis, "air range"); j != 1 || a != 1 {
		t.Errorf("15.32B: jets %d air range %d, want 1 each", j, a)
	}
	wantRefused(t, s, Germany, []Order{play(card, "german jets", "german jets")}, "15.241A")
	wantRefused(t, s, Germany, []Order{play(card, "german jets", "torpedoes")}, "15.24A")
	wantRefused(t, s, Germany, []Order{play(card, "german jets")}, "15.32")
	wantRefused(t, s, Germany, []Order{play(card)}, "15.32")
	setSteps(t, &s, Axis, "air range", 10) // complete
	wantRefused(t, s, Germany, []Order{play(card, "german jets", "air range")}, "15.241A")
	// Italy may not choose a German project (15.24A).
	si := eventGame(t, Italy, ev)
	wantRefused(t, si, Italy, []Order{play(heldCard(t, si, Italy), "german jets", "air range")}, "15.24A")
	// Unplayed: the default choice, projects that take the whole step,
	// the most advanced first.
	setSteps(t, &s, Axis, "german air transports", 4)
	after, _ = resolveShips(t, s, nil)
	if got := stepsOf(t, after, Axis, "german air transports"); got != 5 {
		t.Errorf("15.32: default choice left air transports at %d, want 5", got)
	}
	if got := stepsOf(t, after, Axis, "air range"); got != 10 {
		t.Errorf("15.241A: default choice advanced the completed air range to %d", got)
	}
	// The options offer the PLAY line with the default choice.
	var line string
	for _, o := range Allowed(s, Germany) {
		if o.Order.Kind == Play {
			line = o.Order.String()
		}
	}
	if !strings.HasPrefix(line, "PLAY ") || !strings.Contains(line, ": german air transports, ") {
		t.Errorf("the notice offers %q, want PLAY with the default projects", line)
	}
}

// Rule 15.32C: a project advances one step as from a spy ring, once per
// project in the game (16.16B).
func TestRule15_32CSpyRingEvent(t *testing.T) {
	ev := CardEvent{Title: "Defector", Secret: true, Category: CategoryResearch,
		Effects: []Effect{{Kind: EffectResearchSpyRing, Research: NavalResearch}}}
	s := eventGame(t, Britain, ev)
	card := heldCard(t, s, Britain)
	after, _ := resolveShips(t, s, map[Power][]Order{Britain: {play(card, "asw")}})
	if got := stepsOf(t, after, Allies, "asw"); got != 1 {
		t.Errorf("15.32C: asw %d steps, want 1", got)
	}
	// The project has had its spy point: naming it again is refused while
	// another project can take it.
	s.Sheets.SpyPoints = append(s.Sheets.SpyPoints, "allies/asw")
	wantRefused(t, s, Britain, []Order{play(card, "asw")}, "15.241A")
}

// Rule 15.32D: an event lets a power use one more activity counter for
// research this turn.
func TestRule15_32DResearchCounterFromEvent(t *testing.T) {
	s := eventGame(t, France, CardEvent{Title: "Credits", Category: CategoryResearch,
		Effects: []Effect{{Kind: EffectActivityCounter, Use: CounterUseResearch}}})
	s.Powers[France].Counters = ActivityCounters{Two: 2, One: 2}
	orders := rs(t, "research counter 2", "research counter 1", "research radar", "research asw", "research torpedoes")
	if errs := Validate(s, France, orders); len(errs) > 0 {
		t.Fatalf("15.32D: two research counters refused: %v", errs)
	}
	s2 := researchState()
	s2.Powers[France].Counters = ActivityCounters{Two: 2, One: 2}
	wantRefused(t, s2, France, orders, "12.41C")
}

// Rule 12.22: an event gives or takes an activity counter of a strength,
// this turn or the next.
func TestRule12_22EventGivesOrTakesACounter(t *testing.T) {
	s := NewGame(1)
	s.Segment = SegEconomic
	var evs []Event
	before := s.Powers[Germany].Counters
	applyEffect(&s, Germany, 1, "t", Effect{Kind: EffectActivityCounter, Use: CounterUseAny, Value: 2}, nil, &evs)
	if got := s.Powers[Germany].Counters.Two; got != before.Two+1 {
		t.Errorf("12.22: 2 counters %d, want %d", got, before.Two+1)
	}
	applyEffect(&s, Germany, 1, "t", Effect{Kind: EffectActivityCounter, Use: CounterUseAny, Value: -3}, nil, &evs)
	if got := s.Powers[Germany].Counters.Three; got != max(before.Three-1, 0) {
		t.Errorf("12.22: 3 counters %d, want %d", got, max(before.Three-1, 0))
	}
	o := applyEffect(&s, Germany, 1, "t", Effect{Kind: EffectActivityCounter, Use: CounterUseAny, Value: 1, When: "next"}, nil, &evs)
	if s.Powers[Germany].Economy.CountersNext.One != 1 || !strings.Contains(o.Note, "next turn") {
		t.Errorf("12.22: next turn's counters %+v (%s)", s.Powers[Germany].Economy.CountersNext, o.Note)
	}
	endTurnEconomy(&s)
	RefreshCounters(&s, Germany, &evs)
	if got := s.Powers[Germany].Counters.One; got != PoolFor(s, Germany).One+1 {
		t.Errorf("12.22: next turn 1 counters %d, want the pool's %d plus 1", got, PoolFor(s, Germany).One)
	}
}

// Rule 18.41B: an event allows a second unit of a type.
func TestRule18_41BExtraUnitBuild(t *testing.T) {
	s := eventGame(t, France, CardEvent{Title: "Tanks", Category: CategoryConstruction,
		Effects: []Effect{{Kind: EffectExtraUnitBuild, Unit: Armor}}})
	s.Powers[France].Reserve.Armor = 2
	s.Powers[France].Counters = ActivityCounters{Two: 2}
	orders := []Order{{Kind: Build, Units: []UnitType{Armor}, Counters: []int{2}}, {Kind: Build, Units: []UnitType{Armor}, Counters: []int{2}}}
	after, _ := resolveShips(t, s, map[Power][]Order{France: orders})
	if got := after.Powers[France].Active.Armor - s.Powers[France].Active.Armor; got != 2 {
		t.Errorf("18.41B: %d armor built, want 2", got)
	}
	s2 := shipGame()
	s2.Powers[France].Reserve.Armor = 2
	s2.Powers[France].Counters = ActivityCounters{Two: 2}
	s2.Powers[France].TilePoints = 20
	wantRefused(t, s2, France, orders, "18.41B")
}

// Rule 18.41: an event's free unit, BUILD <unit> FREE, costs no counters
// and does not count against one unit of a type.
func TestRule18_41FreeUnit(t *testing.T) {
	s := eventGame(t, Russia, CardEvent{Title: "Reservists", Category: CategoryConstruction,
		Effects: []Effect{{Kind: EffectFreeUnit, Unit: Infantry}}})
	heldCard(t, s, Russia)
	s.Powers[Russia].Reserve.Infantry = 2
	s.Powers[Russia].Counters = ActivityCounters{Two: 1}
	free := Order{Kind: Build, Units: []UnitType{Infantry}, Args: []string{argFree}}
	if free.String() != "BUILD INFANTRY FREE" {
		t.Errorf("order text %q", free.String())
	}
	orders := []Order{free, {Kind: Build, Units: []UnitType{Infantry}, Counters: []int{2}}}
	after, _ := resolveShips(t, s, map[Power][]Order{Russia: orders})
	if got := after.Powers[Russia].Active.Infantry - s.Powers[Russia].Active.Infantry; got != 2 {
		t.Errorf("18.41: %d infantry built, want 2", got)
	}
	if used := after.Powers[Russia].Used; used != (ActivityCounters{Two: 1}) {
		t.Errorf("18.41: counters used %+v, want the one 2 of the paid build", used)
	}
	wantRefused(t, s, Russia, []Order{free, free}, "18.41")
	wantRefused(t, s, Russia, []Order{{Kind: Build, Units: []UnitType{Armor}, Args: []string{argFree}}}, "18.41")
	wantRefused(t, shipGame(), Russia, []Order{free}, "18.41")
}

// Rule 19.62: an event's free ship, laid down without a shipyard counter
// at no cost, of at most its size; it counts against the rate (19.34).
func TestRule19_62FreeShip(t *testing.T) {
	s := eventGame(t, Germany, CardEvent{Title: "Strike settled", Category: CategoryConstruction,
		Effects: []Effect{{Kind: EffectFreeShip, Value: 3}}})
	o := mustParseShip(t, "LAY DOWN BATTLESHIP 3 FREE")
	if o.String() != "LAY DOWN BATTLESHIP 3 FREE" {
		t.Errorf("order text %q", o.String())
	}
	after, evs := resolveShips(t, s, map[Power][]Order{Germany: {o}})
	if n := len(after.Powers[Germany].Naval.Building); n != 1 {
		t.Fatalf("19.62: %d ships building, want 1", n)
	}
	if ld, _ := firstOf[ShipLaidDown](evs); ld.Cost != 0 || !ld.Free {
		t.Errorf("19.62: laid down %+v, want free", ld)
	}
	if after.Powers[Germany].Used != (ActivityCounters{}) {
		t.Errorf("19.62: counters used %+v", after.Powers[Germany].Used)
	}
	small := shipGameLike(s)
	small.Powers[Germany].Economy.Options.FreeShips = []int{2}
	wantRefused(t, small, Germany, []Order{o}, "19.62")
	wantRefused(t, shipGame(), Germany, []Order{o}, "19.62")
}

// Rule 19.52: an event changes the cost of each ship this turn, at least 1.
func TestRule19_52ShipCostFromEvent(t *testing.T) {
	s := eventGame(t, Britain, CardEvent{Title: "Dockyards", Category: CategoryConstruction,
		Effects: []Effect{{Kind: EffectShipCost, Value: -1}}})
	after := AfterEconomicEvents(s, Britain)
	if got, want := ShipCost(after, Britain, Battleship3), ShipCost(s, Britain, Battleship3)-1; got != want {
		t.Errorf("19.52: cost %d, want %d", got, want)
	}
	after.Powers[Britain].Economy.Options.ShipCost = -9
	if got := ShipCost(after, Britain, Carrier); got != 1 {
		t.Errorf("19.52A: cost %d, want the minimum 1", got)
	}
	o := mustParseShip(t, "LAY DOWN BATTLESHIP 3 WITH SHIPYARD 1, 1")
	s.Powers[Britain].Counters = ActivityCounters{One: 1, Ship: 1}
	if errs := Validate(s, Britain, []Order{o}); len(errs) > 0 {
		t.Errorf("19.52: a 3-factor ship at 2 points refused: %v", errs)
	}
}

// Rule 19.73D: a free acceleration in any column; a ship it moves into or
// through the turn's column may be advanced at the normal cost (en
// passant).
func TestRule19_73DFreeAcceleration(t *testing.T) {
	s := eventGame(t, Britain, CardEvent{Title: "Overtime", Category: CategoryConstruction,
		Effects: []Effect{{Kind: EffectFreeAcceleration, Value: 2}}})
	n := &s.Powers[Britain].Naval
	n.Next = 1
	n.Building = []Ship{{No: 1, Class: Battleship3, Row: 3, Column: Summer, LaidDown: Turn{Year: 1934, Season: Summer}}}
	s.Powers[Britain].Counters = ActivityCounters{Three: 1, One: 2, Ship: 2}
	advance := mustParseShip(t, "ADVANCE SHIP 1 WITH 3")
	wantRefused(t, shipGameLike(s), Britain, []Order{advance}, "19.71")
	// Spring: from Summer two columns left passes Spring, to Winter.
	acc := mustParseShip(t, "ACCELERATE SHIP 1 BY 2 FREE")
	after, evs := resolveShips(t, s, map[Power][]Order{Britain: {advance, acc}})
	sh := after.Powers[Britain].Naval.Building[0]
	if sh.Row != 2 || sh.Column != Winter {
		t.Errorf("19.73D: ship row %d column %s, want row 2, Winter", sh.Row, sh.Column)
	}
	if a, _ := firstOf[ShipAccelerated](evs); a.Cost != 0 || !a.Free {
		t.Errorf("19.73D: acceleration %+v, want free", a)
	}
	// Without advancing: moved only.
	after, _ = resolveShips(t, s, map[Power][]Order{Britain: {acc}})
	if sh := after.Powers[Britain].Naval.Building[0]; sh.Row != 3 || sh.Column != Winter {
		t.Errorf("19.73D: ship row %d column %s, want row 3, Winter", sh.Row, sh.Column)
	}
	wantRefused(t, s, Britain, []Order{mustParseShip(t, "ACCELERATE SHIP 1 BY 1 FREE")}, "19.73D")
	wantRefused(t, shipGame(), Britain, []Order{acc}, "19.73")
}

// shipGameLike is s without its held events: the options they give gone.
func shipGameLike(s State) State {
	c := s.Clone()
	c.Events = nil
	return c
}

// The deck refuses what the judge cannot play.
func TestRule15_31DeckRefusesChoicesOnGeneralEvents(t *testing.T) {
	for _, c := range []struct {
		e      Effect
		holder Power
		key    string
	}{
		{Effect{Kind: EffectResearchSteps, Research: AirResearch, Value: 1, Power: Germany}, 0, "research"},
		{Effect{Kind: EffectResearchSteps, Project: "jets", Value: 1, Count: 2}, Germany, "count"},
		{Effect{Kind: EffectActivityCounter, Use: "construction"}, Germany, "use"},
		{Effect{Kind: EffectActivityCounter, Use: CounterUseAny}, Germany, "value"},
		{Effect{Kind: EffectActivityCounter, Use: CounterUseResearch, Value: -1}, Germany, "value"},
		{Effect{Kind: EffectActivityCounter, Use: CounterUseAny, Value: 1, When: "later"}, Germany, "turn"},
	} {
		probs := checkEffect(c.e, c.holder)
		found := false
		for _, p := range probs {
			found = found || p.key == c.key
		}
		if !found {
			t.Errorf("%+v: problems %v, want one on %s", c.e, probs, c.key)
		}
	}
}

// Rule 9.41 and 8.21B: a secret conversion event is not played by itself
// at the start of the economic phase (only research and construction
// events are, 15.32): unplayed, its cost change does not act.
func TestRule15_32OnlyResearchAndConstructionEventsPlayThemselves(t *testing.T) {
	s := eventGame(t, Italy, CardEvent{Title: "Strikes", Secret: true, Category: CategoryConversion,
		Effects: []Effect{{Kind: EffectMobilizationCost, Value: 1}}})
	if after := AfterEconomicEvents(s, Italy); MobilizeCost(after, Italy) != MobilizeCost(s, Italy) {
		t.Error("8.21B: an unplayed secret conversion event acted")
	}
	if errs := Validate(s, Italy, []Order{{Kind: Mobilize, From: Idle}}); len(errs) > 0 && errs[0].Rule == "14.31" {
		t.Errorf("mobilization refused: %v", errs)
	}
}

// Rule 15.32 with an ally: each power's research orders are checked
// against its own events; an ally's event played earlier takes the steps
// it takes, and the power's orders are not voided as a whole.
func TestRule15_32AllyEventDoesNotVoidResearch(t *testing.T) {
	s := eventGame(t, Britain, CardEvent{Title: "Radar", Secret: true, Category: CategoryResearch,
		Effects: []Effect{{Kind: EffectResearchSteps, Project: "radar", Value: 3}}})
	s.Powers[France].Counters = ActivityCounters{One: 1}
	orders := rs(t, "research counter 1", "research radar")
	after, evs := resolveShips(t, s, map[Power][]Order{France: orders})
	for _, e := range evs {
		if v, ok := e.(OrderVoided); ok && v.Power == France {
			t.Errorf("France's order voided: %+v", v)
		}
	}
	if got := stepsOf(t, after, Allies, "radar"); got != 4 {
		t.Errorf("radar %d steps, want 3 from the British event and France's point", got)
	}
}

// Rule 15.32: a PLAY refused does not keep the events' options from the
// email's other orders (Validate carries out the part's other orders and
// events, as the resolution does).
func TestRule15_32RefusedPlayKeepsTheOptions(t *testing.T) {
	s := eventGame(t, Russia, CardEvent{Title: "Reservists", Category: CategoryConstruction,
		Effects: []Effect{{Kind: EffectFreeUnit, Unit: Infantry}}})
	s.Powers[Russia].Reserve.Infantry = 1
	card := heldCard(t, s, Russia)
	errs := Validate(s, Russia, []Order{play(card, "radar"), {Kind: Build, Units: []UnitType{Infantry}, Args: []string{argFree}}})
	if len(errs) != 1 || errs[0].Index != 0 {
		t.Errorf("errors %v, want only the PLAY refused", errs)
	}
}

// Rule 19.73D en passant into the launch row, and 19.62: the free ships
// are matched whatever the order of the FREE orders.
func TestRule19_73DLaunchEnPassantAnd19_62FreeShipsMatched(t *testing.T) {
	s := eventGame(t, Britain, CardEvent{Title: "Overtime", Category: CategoryConstruction,
		Effects: []Effect{{Kind: EffectFreeAcceleration, Value: 1}}})
	n := &s.Powers[Britain].Naval
	n.Next = 1
	n.Building = []Ship{{No: 1, Class: Battleship3, Row: 2, Column: Summer, LaidDown: Turn{Year: 1934, Season: Spring}}}
	s.Powers[Britain].Counters = ActivityCounters{Three: 1, Ship: 2}
	after, _ := resolveShips(t, s, map[Power][]Order{Britain: {mustParseShip(t, "LAUNCH SHIP 1 WITH 3"), mustParseShip(t, "ACCELERATE SHIP 1 BY 1 FREE")}})
	if l := after.Powers[Britain].Naval.Launched; len(l) != 1 {
		t.Errorf("19.73D, 19.74: launched %+v, want ship 1", l)
	}
	g := shipGame()
	g.Powers[Germany].Economy.Options.FreeShips = []int{0, 3}
	g.Powers[Germany].TilePoints = 20
	setSteps(t, &g, Axis, "german battleship design", 6)
	g.Research = append(g.Research, ResearchResult{Side: Axis, Power: Germany, Project: "battleship design", Results: 1, Rule: "16.13B"})
	orders := []Order{mustParseShip(t, "LAY DOWN BATTLESHIP 3 FREE"), mustParseShip(t, "LAY DOWN BATTLESHIP 4 FREE")}
	if errs := Validate(g, Germany, orders); len(errs) > 0 {
		t.Errorf("19.62: two free ships refused: %v", errs)
	}
}
