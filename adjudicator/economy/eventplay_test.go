package economy_test

import (
	"slices"
	"strings"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/deckcheck"
	"stormjudge/adjudicator/economy"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/internal/enginetest"
	"stormjudge/adjudicator/randomevent"
	"stormjudge/adjudicator/setup"
	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/track"
)

// eventGame is a game whose every card gives p the national event ev,
// opened at the first economic phase, every power with 20 tile points.
func eventGame(t *testing.T, p storm.Power, ev storm.CardEvent) storm.State {
	t.Helper()
	d := enginetest.TestDeck(12, func(c *storm.Card) { c.National[p] = ev })
	s, _, err := adjudicator.Resolve(setup.NewGameWithDeck(1, d), nil)
	if err != nil {
		t.Fatal(err)
	}
	if s.Segment != storm.SegEconomic {
		t.Fatalf("segment %s, want the economic phase", s.Segment)
	}
	for _, ps := range s.Powers {
		ps.TilePoints = 20
	}
	return s
}

func wantRefused(t *testing.T, s storm.State, p storm.Power, orders []storm.Order, rule string) {
	t.Helper()
	errs := adjudicator.Validate(s, p, orders)
	for _, e := range errs {
		if e.Rule == rule {
			return
		}
	}
	t.Errorf("%v: want a refusal under rule %s, got %v", orders, rule, errs)
}

func play(card int, projects ...string) storm.Order {
	return storm.Order{Kind: storm.Play, Card: card, Args: projects}
}

// heldCard is the card of p's held economic event.
func heldCard(t *testing.T, s storm.State, p storm.Power) int {
	t.Helper()
	h := randomevent.HeldEconomic(s, p)
	if len(h) != 1 {
		t.Fatalf("%s holds %d economic events, want 1", p, len(h))
	}
	return h[0].Card
}

// Rule 15.32A and the 15.24 example: an event's level on a completed
// Italian battleship design leaves two naval points to reassign, in the
// same orders.
func TestRule15_32AResearchLevelsSurplusReassigned(t *testing.T) {
	s := eventGame(t, storm.Italy, storm.CardEvent{Title: "Architects", Category: storm.CategoryResearch,
		Effects: []storm.Effect{{Kind: storm.EffectResearchLevels, Project: "italian battleship design", Value: 1}}})
	setSteps(t, &s, storm.Axis, "italian battleship design", 12)
	orders := rs(t, "research torpedoes reassign 2")
	after, evs := enginetest.ResolveShips(t, s, map[storm.Power][]storm.Order{storm.Italy: orders})
	if got := stepsOf(t, after, storm.Axis, "torpedoes"); got != 2 {
		t.Errorf("15.24: torpedoes %d steps, want the 2 reassigned", got)
	}
	sg, ok := enginetest.FirstOf[event.ResearchSurplusGained](evs)
	if !ok || sg.Points != 2 || sg.Power != storm.Italy {
		t.Errorf("15.24: surplus %+v, want 2 points of Italy", sg)
	}
	// Two levels on a project one step short: 1 step taken, 3 surplus.
	s2 := eventGame(t, storm.Italy, storm.CardEvent{Title: "Architects", Category: storm.CategoryResearch,
		Effects: []storm.Effect{{Kind: storm.EffectResearchLevels, Project: "italian battleship design", Value: 2}}})
	setSteps(t, &s2, storm.Axis, "italian battleship design", 11)
	after, _ = enginetest.ResolveShips(t, s2, map[storm.Power][]storm.Order{storm.Italy: rs(t, "research torpedoes reassign 3")})
	if a, b := stepsOf(t, after, storm.Axis, "italian battleship design"), stepsOf(t, after, storm.Axis, "torpedoes"); a != 12 || b != 3 {
		t.Errorf("15.32A: battleship design %d torpedoes %d, want 12 and 3", a, b)
	}
	// More than the surplus is refused; the reassignment is lost after.
	wantRefused(t, s2, storm.Italy, rs(t, "research torpedoes reassign 3", "research light ships reassign 1"), "15.24")
	if len(after.Sheets.Surplus) != 0 {
		t.Errorf("15.24: surplus %+v kept after the research segment", after.Sheets.Surplus)
	}
}

// Rule 15.24 with a national event: the surplus of a secret research
// event the holder did not play is reassignable in its orders too (the
// judge plays it before the research orders).
func TestRule15_24NationalEventSurplusInTheSameOrders(t *testing.T) {
	s := eventGame(t, storm.Germany, storm.CardEvent{Title: "Jet engines", Secret: true, Category: storm.CategoryResearch,
		Effects: []storm.Effect{{Kind: storm.EffectResearchSteps, Project: "air range", Value: 3}}})
	setSteps(t, &s, storm.Axis, "air range", 9)
	orders := rs(t, "research german jets reassign 2")
	after, evs := enginetest.ResolveShips(t, s, map[storm.Power][]storm.Order{storm.Germany: orders})
	if a, j := stepsOf(t, after, storm.Axis, "air range"), stepsOf(t, after, storm.Axis, "german jets"); a != 10 || j != 2 {
		t.Errorf("air range %d, jets %d: want 10 and 2", a, j)
	}
	// The secret event is revealed in the phase's public events.
	found := false
	for _, e := range evs {
		if a, ok := e.(event.RandomEventApplied); ok && a.Power == storm.Germany && a.Secret && e.Visibility().Public {
			found = true
		}
	}
	if !found {
		t.Error("9.41B: the secret research event is not revealed at the end of the economic phase")
	}
	// The notice offers the reassignment's surplus through the options.
	var reassign bool
	for _, o := range adjudicator.Allowed(s, storm.Germany) {
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
	ev := storm.CardEvent{Title: "Wind tunnel", Category: storm.CategoryResearch,
		Effects: []storm.Effect{{Kind: storm.EffectResearchSteps, Research: storm.AirResearch, Value: 1, Count: 2}}}
	s := eventGame(t, storm.Germany, ev)
	card := heldCard(t, s, storm.Germany)
	after, _ := enginetest.ResolveShips(t, s, map[storm.Power][]storm.Order{storm.Germany: {play(card, "german jets", "air range")}})
	if j, a := stepsOf(t, after, storm.Axis, "german jets"), stepsOf(t, after, storm.Axis, "air range"); j != 1 || a != 1 {
		t.Errorf("15.32B: jets %d air range %d, want 1 each", j, a)
	}
	wantRefused(t, s, storm.Germany, []storm.Order{play(card, "german jets", "german jets")}, "15.241A")
	wantRefused(t, s, storm.Germany, []storm.Order{play(card, "german jets", "torpedoes")}, "15.24A")
	wantRefused(t, s, storm.Germany, []storm.Order{play(card, "german jets")}, "15.32")
	wantRefused(t, s, storm.Germany, []storm.Order{play(card)}, "15.32")
	setSteps(t, &s, storm.Axis, "air range", 10) // complete
	wantRefused(t, s, storm.Germany, []storm.Order{play(card, "german jets", "air range")}, "15.241A")
	// Italy may not choose a German project (15.24A).
	si := eventGame(t, storm.Italy, ev)
	wantRefused(t, si, storm.Italy, []storm.Order{play(heldCard(t, si, storm.Italy), "german jets", "air range")}, "15.24A")
	// Unplayed: the default choice, projects that take the whole step,
	// the most advanced first.
	setSteps(t, &s, storm.Axis, "german air transports", 4)
	after, _ = enginetest.ResolveShips(t, s, nil)
	if got := stepsOf(t, after, storm.Axis, "german air transports"); got != 5 {
		t.Errorf("15.32: default choice left air transports at %d, want 5", got)
	}
	if got := stepsOf(t, after, storm.Axis, "air range"); got != 10 {
		t.Errorf("15.241A: default choice advanced the completed air range to %d", got)
	}
	// The options offer the PLAY line with the default choice.
	var line string
	for _, o := range adjudicator.Allowed(s, storm.Germany) {
		if o.Order.Kind == storm.Play {
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
	ev := storm.CardEvent{Title: "Defector", Secret: true, Category: storm.CategoryResearch,
		Effects: []storm.Effect{{Kind: storm.EffectResearchSpyRing, Research: storm.NavalResearch}}}
	s := eventGame(t, storm.Britain, ev)
	card := heldCard(t, s, storm.Britain)
	after, _ := enginetest.ResolveShips(t, s, map[storm.Power][]storm.Order{storm.Britain: {play(card, "asw")}})
	if got := stepsOf(t, after, storm.Allies, "asw"); got != 1 {
		t.Errorf("15.32C: asw %d steps, want 1", got)
	}
	// The project has had its spy point: naming it again is refused while
	// another project can take it.
	s.Sheets.SpyPoints = append(s.Sheets.SpyPoints, "allies/asw")
	wantRefused(t, s, storm.Britain, []storm.Order{play(card, "asw")}, "15.241A")
}

// Rule 15.32D: an event lets a power use one more activity counter for
// research this turn.
func TestRule15_32DResearchCounterFromEvent(t *testing.T) {
	s := eventGame(t, storm.France, storm.CardEvent{Title: "Credits", Category: storm.CategoryResearch,
		Effects: []storm.Effect{{Kind: storm.EffectActivityCounter, Use: storm.CounterUseResearch}}})
	s.Powers[storm.France].Counters = storm.ActivityCounters{Two: 2, One: 2}
	orders := rs(t, "research counter 2", "research counter 1", "research radar", "research asw", "research torpedoes")
	if errs := adjudicator.Validate(s, storm.France, orders); len(errs) > 0 {
		t.Fatalf("15.32D: two research counters refused: %v", errs)
	}
	s2 := researchState()
	s2.Powers[storm.France].Counters = storm.ActivityCounters{Two: 2, One: 2}
	wantRefused(t, s2, storm.France, orders, "12.41C")
}

// Rule 12.22: an event gives or takes an activity counter of a strength,
// this turn or the next.
func TestRule12_22EventGivesOrTakesACounter(t *testing.T) {
	s := setup.NewGame(1)
	s.Segment = storm.SegEconomic
	var evs []event.Event
	before := s.Powers[storm.Germany].Counters
	randomevent.ApplyEffect(&s, storm.Germany, 1, "t", storm.Effect{Kind: storm.EffectActivityCounter, Use: storm.CounterUseAny, Value: 2}, nil, &evs)
	if got := s.Powers[storm.Germany].Counters.Two; got != before.Two+1 {
		t.Errorf("12.22: 2 counters %d, want %d", got, before.Two+1)
	}
	randomevent.ApplyEffect(&s, storm.Germany, 1, "t", storm.Effect{Kind: storm.EffectActivityCounter, Use: storm.CounterUseAny, Value: -3}, nil, &evs)
	if got := s.Powers[storm.Germany].Counters.Three; got != max(before.Three-1, 0) {
		t.Errorf("12.22: 3 counters %d, want %d", got, max(before.Three-1, 0))
	}
	o := randomevent.ApplyEffect(&s, storm.Germany, 1, "t", storm.Effect{Kind: storm.EffectActivityCounter, Use: storm.CounterUseAny, Value: 1, When: "next"}, nil, &evs)
	if s.Powers[storm.Germany].Economy.CountersNext.One != 1 || !strings.Contains(o.Note, "next turn") {
		t.Errorf("12.22: next turn's counters %+v (%s)", s.Powers[storm.Germany].Economy.CountersNext, o.Note)
	}
	economy.EndTurnEconomy(&s)
	track.RefreshCounters(&s, storm.Germany, &evs)
	if got := s.Powers[storm.Germany].Counters.One; got != storm.PoolFor(s, storm.Germany).One+1 {
		t.Errorf("12.22: next turn 1 counters %d, want the pool's %d plus 1", got, storm.PoolFor(s, storm.Germany).One)
	}
}

// Rule 18.41B: an event allows a second unit of a type.
func TestRule18_41BExtraUnitBuild(t *testing.T) {
	s := eventGame(t, storm.France, storm.CardEvent{Title: "Tanks", Category: storm.CategoryConstruction,
		Effects: []storm.Effect{{Kind: storm.EffectExtraUnitBuild, Unit: storm.Armor}}})
	s.Powers[storm.France].Reserve.Armor = 2
	s.Powers[storm.France].Counters = storm.ActivityCounters{Two: 2}
	orders := []storm.Order{{Kind: storm.Build, Units: []storm.UnitType{storm.Armor}, Counters: []int{2}}, {Kind: storm.Build, Units: []storm.UnitType{storm.Armor}, Counters: []int{2}}}
	after, _ := enginetest.ResolveShips(t, s, map[storm.Power][]storm.Order{storm.France: orders})
	if got := after.Powers[storm.France].Active.Armor - s.Powers[storm.France].Active.Armor; got != 2 {
		t.Errorf("18.41B: %d armor built, want 2", got)
	}
	s2 := enginetest.ShipGame()
	s2.Powers[storm.France].Reserve.Armor = 2
	s2.Powers[storm.France].Counters = storm.ActivityCounters{Two: 2}
	s2.Powers[storm.France].TilePoints = 20
	wantRefused(t, s2, storm.France, orders, "18.41B")
}

// Rule 18.41: an event's free unit, BUILD <unit> FREE, costs no counters
// and does not count against one unit of a type.
func TestRule18_41FreeUnit(t *testing.T) {
	s := eventGame(t, storm.Russia, storm.CardEvent{Title: "Reservists", Category: storm.CategoryConstruction,
		Effects: []storm.Effect{{Kind: storm.EffectFreeUnit, Unit: storm.Infantry}}})
	heldCard(t, s, storm.Russia)
	s.Powers[storm.Russia].Reserve.Infantry = 2
	s.Powers[storm.Russia].Counters = storm.ActivityCounters{Two: 1}
	free := storm.Order{Kind: storm.Build, Units: []storm.UnitType{storm.Infantry}, Args: []string{storm.ArgFree}}
	if free.String() != "BUILD INFANTRY FREE" {
		t.Errorf("order text %q", free.String())
	}
	orders := []storm.Order{free, {Kind: storm.Build, Units: []storm.UnitType{storm.Infantry}, Counters: []int{2}}}
	after, _ := enginetest.ResolveShips(t, s, map[storm.Power][]storm.Order{storm.Russia: orders})
	if got := after.Powers[storm.Russia].Active.Infantry - s.Powers[storm.Russia].Active.Infantry; got != 2 {
		t.Errorf("18.41: %d infantry built, want 2", got)
	}
	if used := after.Powers[storm.Russia].Used; used != (storm.ActivityCounters{Two: 1}) {
		t.Errorf("18.41: counters used %+v, want the one 2 of the paid build", used)
	}
	wantRefused(t, s, storm.Russia, []storm.Order{free, free}, "18.41")
	wantRefused(t, s, storm.Russia, []storm.Order{{Kind: storm.Build, Units: []storm.UnitType{storm.Armor}, Args: []string{storm.ArgFree}}}, "18.41")
	wantRefused(t, enginetest.ShipGame(), storm.Russia, []storm.Order{free}, "18.41")
}

// TestRule18_41FreeUnitOfferedOnlyWhenBuildable: a random event's free
// unit is offered (BUILD <unit> FREE) only when Validate accepts the order
// as offered, and once in the view; with no unit of the type in the
// reserve (18.11) it is not offered and the view says why.
func TestRule18_41FreeUnitOfferedOnlyWhenBuildable(t *testing.T) {
	const line = "BUILD INFANTRY FREE"
	for _, reserve := range []int{0, 1, 2} {
		s := eventGame(t, storm.Italy, storm.CardEvent{Title: "Reservists", Category: storm.CategoryConstruction,
			Effects: []storm.Effect{{Kind: storm.EffectFreeUnit, Unit: storm.Infantry}}})
		heldCard(t, s, storm.Italy)
		s.Powers[storm.Italy].Reserve.Infantry = reserve
		pv := adjudicator.Derive(s).Powers[storm.Italy]
		offered := 0
		for _, l := range pv.EventOptions {
			offered += strings.Count(l, line)
		}
		var free []adjudicator.OptionView
		for _, o := range pv.Options {
			offered += strings.Count(o.Order, line)
			for _, w := range o.With {
				offered += strings.Count(w, line)
			}
			if o.Order == line {
				free = append(free, o)
			}
		}
		if reserve == 0 {
			if offered != 0 {
				t.Errorf("reserve 0: %s offered %d time(s): %v %+v", line, offered, pv.EventOptions, pv.Options)
			}
			if !slices.ContainsFunc(pv.EventOptions, func(l string) bool {
				return strings.Contains(l, "cannot be built now") && strings.Contains(l, "rule 18.11")
			}) {
				t.Errorf("reserve 0: the view does not say why the free unit cannot be built: %v", pv.EventOptions)
			}
			wantRefused(t, s, storm.Italy, []storm.Order{{Kind: storm.Build, Units: []storm.UnitType{storm.Infantry}, Args: []string{storm.ArgFree}}}, "18.11")
			continue
		}
		if offered != 1 || len(free) != 1 {
			t.Fatalf("reserve %d: %s offered %d time(s), want once among the options: %v %+v", reserve, line, offered, pv.EventOptions, pv.Options)
		}
		for _, l := range pv.EventOptions {
			if strings.Contains(l, "cannot be built") {
				t.Errorf("reserve %d: %q though the unit can be built", reserve, l)
			}
		}
		var orders []storm.Order
		for _, x := range append([]string{free[0].Order}, free[0].With...) {
			orders = append(orders, mustParseLine(t, x))
		}
		if errs := adjudicator.Validate(s, storm.Italy, orders); len(errs) != 0 {
			t.Errorf("reserve %d: the offered %v is refused: %v", reserve, orders, errs)
		}
	}
}

// Rule 19.62: an event's free ship, laid down without a shipyard counter
// at no cost, of at most its size; it counts against the rate (19.34).
func TestRule19_62FreeShip(t *testing.T) {
	s := eventGame(t, storm.Germany, storm.CardEvent{Title: "Strike settled", Category: storm.CategoryConstruction,
		Effects: []storm.Effect{{Kind: storm.EffectFreeShip, Value: 3}}})
	o := mustParseShip(t, "LAY DOWN BATTLESHIP 3 FREE")
	if o.String() != "LAY DOWN BATTLESHIP 3 FREE" {
		t.Errorf("order text %q", o.String())
	}
	after, evs := enginetest.ResolveShips(t, s, map[storm.Power][]storm.Order{storm.Germany: {o}})
	if n := len(after.Powers[storm.Germany].Naval.Building); n != 1 {
		t.Fatalf("19.62: %d ships building, want 1", n)
	}
	if ld, _ := enginetest.FirstOf[event.ShipLaidDown](evs); ld.Cost != 0 || !ld.Free {
		t.Errorf("19.62: laid down %+v, want free", ld)
	}
	if after.Powers[storm.Germany].Used != (storm.ActivityCounters{}) {
		t.Errorf("19.62: counters used %+v", after.Powers[storm.Germany].Used)
	}
	small := shipGameLike(s)
	small.Powers[storm.Germany].Economy.Options.FreeShips = []int{2}
	wantRefused(t, small, storm.Germany, []storm.Order{o}, "19.62")
	wantRefused(t, enginetest.ShipGame(), storm.Germany, []storm.Order{o}, "19.62")
}

// Rule 19.52: an event changes the cost of each ship this turn, at least 1.
func TestRule19_52ShipCostFromEvent(t *testing.T) {
	s := eventGame(t, storm.Britain, storm.CardEvent{Title: "Dockyards", Category: storm.CategoryConstruction,
		Effects: []storm.Effect{{Kind: storm.EffectShipCost, Value: -1}}})
	after := randomevent.AfterEconomicEvents(s, storm.Britain)
	if got, want := storm.ShipCost(after, storm.Britain, storm.Battleship3), storm.ShipCost(s, storm.Britain, storm.Battleship3)-1; got != want {
		t.Errorf("19.52: cost %d, want %d", got, want)
	}
	after.Powers[storm.Britain].Economy.Options.ShipCost = -9
	if got := storm.ShipCost(after, storm.Britain, storm.Carrier); got != 1 {
		t.Errorf("19.52A: cost %d, want the minimum 1", got)
	}
	o := mustParseShip(t, "LAY DOWN BATTLESHIP 3 WITH SHIPYARD 1, 1")
	s.Powers[storm.Britain].Counters = storm.ActivityCounters{One: 1, Ship: 1}
	if errs := adjudicator.Validate(s, storm.Britain, []storm.Order{o}); len(errs) > 0 {
		t.Errorf("19.52: a 3-factor ship at 2 points refused: %v", errs)
	}
}

// Rule 19.73D: a free acceleration in any column; a ship it moves into or
// through the turn's column may be advanced at the normal cost (en
// passant).
func TestRule19_73DFreeAcceleration(t *testing.T) {
	s := eventGame(t, storm.Britain, storm.CardEvent{Title: "Overtime", Category: storm.CategoryConstruction,
		Effects: []storm.Effect{{Kind: storm.EffectFreeAcceleration, Value: 2}}})
	n := &s.Powers[storm.Britain].Naval
	n.Next = 1
	n.Building = []storm.Ship{{No: 1, Class: storm.Battleship3, Row: 3, Column: storm.Summer, LaidDown: storm.Turn{Year: 1934, Season: storm.Summer}}}
	s.Powers[storm.Britain].Counters = storm.ActivityCounters{Three: 1, One: 2, Ship: 2}
	advance := mustParseShip(t, "ADVANCE SHIP 1 WITH 3")
	wantRefused(t, shipGameLike(s), storm.Britain, []storm.Order{advance}, "19.71")
	// Spring: from Summer two columns left passes Spring, to Winter.
	acc := mustParseShip(t, "ACCELERATE SHIP 1 BY 2 FREE")
	after, evs := enginetest.ResolveShips(t, s, map[storm.Power][]storm.Order{storm.Britain: {advance, acc}})
	sh := after.Powers[storm.Britain].Naval.Building[0]
	if sh.Row != 2 || sh.Column != storm.Winter {
		t.Errorf("19.73D: ship row %d column %s, want row 2, Winter", sh.Row, sh.Column)
	}
	if a, _ := enginetest.FirstOf[event.ShipAccelerated](evs); a.Cost != 0 || !a.Free {
		t.Errorf("19.73D: acceleration %+v, want free", a)
	}
	// Without advancing: moved only.
	after, _ = enginetest.ResolveShips(t, s, map[storm.Power][]storm.Order{storm.Britain: {acc}})
	if sh := after.Powers[storm.Britain].Naval.Building[0]; sh.Row != 3 || sh.Column != storm.Winter {
		t.Errorf("19.73D: ship row %d column %s, want row 3, Winter", sh.Row, sh.Column)
	}
	wantRefused(t, s, storm.Britain, []storm.Order{mustParseShip(t, "ACCELERATE SHIP 1 BY 1 FREE")}, "19.73D")
	wantRefused(t, enginetest.ShipGame(), storm.Britain, []storm.Order{acc}, "19.73")
}

// eventOffers are the lines of p's view that offer an order containing
// form: its options (with the lines sent with them) and its event
// options; and the event options that say why none can be given.
func eventOffers(t *testing.T, s storm.State, p storm.Power, form string) (offered []string, refused []string) {
	t.Helper()
	pv := adjudicator.Derive(s).Powers[p]
	for _, o := range pv.Options {
		for _, l := range append([]string{o.Order}, o.With...) {
			if strings.Contains(l, form) {
				offered = append(offered, l)
			}
		}
	}
	for _, l := range pv.EventOptions {
		switch {
		case strings.Contains(l, "cannot be"):
			refused = append(refused, l)
		case strings.Contains(l, form):
			offered = append(offered, l)
		}
	}
	return offered, refused
}

// TestRule19_62FreeShipOfferedOnlyWhenItCanBeLaidDown: a random event's
// free ship is offered (its event line and the LAY DOWN <ship> FREE
// orders) only when some ship of its size can be laid down; with the
// shipyards full (19.41, 19.42) the view says why instead, and each
// order it offers is accepted.
func TestRule19_62FreeShipOfferedOnlyWhenItCanBeLaidDown(t *testing.T) {
	for _, full := range []bool{false, true} {
		s := eventGame(t, storm.Germany, storm.CardEvent{Title: "Strike settled", Category: storm.CategoryConstruction,
			Effects: []storm.Effect{{Kind: storm.EffectFreeShip, Value: 4}}})
		heldCard(t, s, storm.Germany)
		if full {
			n := &s.Powers[storm.Germany].Naval
			for range storm.ShipyardCapacity(s, storm.Germany) {
				n.Next++
				n.Building = append(n.Building, storm.Ship{No: n.Next, Class: storm.Battleship3, Row: 3, Column: storm.Summer, LaidDown: storm.Turn{Year: 1934, Season: storm.Summer}})
			}
		}
		offered, refused := eventOffers(t, s, storm.Germany, " FREE")
		if full {
			if len(offered) != 0 {
				t.Errorf("shipyards full: offered %q", offered)
			}
			if len(refused) != 1 || !strings.Contains(refused[0], "rule 19.42") {
				t.Errorf("shipyards full: the view says %q, want why the free ship cannot be laid down (19.42)", refused)
			}
			wantRefused(t, s, storm.Germany, []storm.Order{mustParseShip(t, "LAY DOWN BATTLESHIP 3 FREE")}, "19.42")
			continue
		}
		if len(refused) != 0 || len(offered) < 2 {
			t.Fatalf("free ship: offered %q, refused %q; want the event line and its orders", offered, refused)
		}
		for _, l := range offered {
			if strings.HasPrefix(l, "LAY DOWN ") {
				if errs := adjudicator.Validate(s, storm.Germany, []storm.Order{mustParseShip(t, l)}); len(errs) > 0 {
					t.Errorf("the offered %q is refused: %v", l, errs)
				}
			}
		}
	}
}

// TestRule19_73DFreeAccelerationOfferedOnlyWithAShip: a random event's
// free acceleration is offered only when a ship under construction can
// take it; with none (19.73) the view says why instead.
func TestRule19_73DFreeAccelerationOfferedOnlyWithAShip(t *testing.T) {
	for _, building := range []bool{false, true} {
		s := eventGame(t, storm.Britain, storm.CardEvent{Title: "Overtime", Category: storm.CategoryConstruction,
			Effects: []storm.Effect{{Kind: storm.EffectFreeAcceleration, Value: 2}}})
		heldCard(t, s, storm.Britain)
		if building {
			n := &s.Powers[storm.Britain].Naval
			n.Next = 1
			n.Building = []storm.Ship{{No: 1, Class: storm.Battleship3, Row: 3, Column: storm.Summer, LaidDown: storm.Turn{Year: 1934, Season: storm.Summer}}}
		}
		offered, refused := eventOffers(t, s, storm.Britain, "ACCELERATE SHIP")
		if !building {
			if len(offered) != 0 {
				t.Errorf("no ship building: offered %q", offered)
			}
			if len(refused) != 1 || !strings.Contains(refused[0], "no ship under construction (rule 19.73)") {
				t.Errorf("no ship building: the view says %q, want why the acceleration cannot be used (19.73)", refused)
			}
			wantRefused(t, s, storm.Britain, []storm.Order{mustParseShip(t, "ACCELERATE SHIP 1 BY 2 FREE")}, "19.73")
			continue
		}
		if len(refused) != 0 || !slices.Contains(offered, "ACCELERATE SHIP 1 BY 2 FREE") {
			t.Errorf("ship 1 building: offered %q, refused %q; want ACCELERATE SHIP 1 BY 2 FREE offered", offered, refused)
		}
	}
}

// shipGameLike is s without its held events: the options they give gone.
func shipGameLike(s storm.State) storm.State {
	c := s.Clone()
	c.Events = nil
	return c
}

// The deck refuses what the judge cannot play.
func TestRule15_31DeckRefusesChoicesOnGeneralEvents(t *testing.T) {
	for _, c := range []struct {
		e      storm.Effect
		holder storm.Power
		key    string
	}{
		{storm.Effect{Kind: storm.EffectResearchSteps, Research: storm.AirResearch, Value: 1, Power: storm.Germany}, 0, "research"},
		{storm.Effect{Kind: storm.EffectResearchSteps, Project: "jets", Value: 1, Count: 2}, storm.Germany, "count"},
		{storm.Effect{Kind: storm.EffectActivityCounter, Use: "construction"}, storm.Germany, "use"},
		{storm.Effect{Kind: storm.EffectActivityCounter, Use: storm.CounterUseAny}, storm.Germany, "value"},
		{storm.Effect{Kind: storm.EffectActivityCounter, Use: storm.CounterUseResearch, Value: -1}, storm.Germany, "value"},
		{storm.Effect{Kind: storm.EffectActivityCounter, Use: storm.CounterUseAny, Value: 1, When: "later"}, storm.Germany, "turn"},
	} {
		probs := deckcheck.CheckEffect(c.e, c.holder)
		found := false
		for _, p := range probs {
			found = found || p.Key == c.key
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
	s := eventGame(t, storm.Italy, storm.CardEvent{Title: "Strikes", Secret: true, Category: storm.CategoryConversion,
		Effects: []storm.Effect{{Kind: storm.EffectMobilizationCost, Value: 1}}})
	if after := randomevent.AfterEconomicEvents(s, storm.Italy); economy.MobilizeCost(after, storm.Italy) != economy.MobilizeCost(s, storm.Italy) {
		t.Error("8.21B: an unplayed secret conversion event acted")
	}
	if errs := adjudicator.Validate(s, storm.Italy, []storm.Order{{Kind: storm.Mobilize, From: storm.Idle}}); len(errs) > 0 && errs[0].Rule == "14.31" {
		t.Errorf("mobilization refused: %v", errs)
	}
}

// Rule 15.32 with an ally: each power's research orders are checked
// against its own events; an ally's event played earlier takes the steps
// it takes, and the power's orders are not voided as a whole.
func TestRule15_32AllyEventDoesNotVoidResearch(t *testing.T) {
	s := eventGame(t, storm.Britain, storm.CardEvent{Title: "Radar", Secret: true, Category: storm.CategoryResearch,
		Effects: []storm.Effect{{Kind: storm.EffectResearchSteps, Project: "radar", Value: 3}}})
	s.Powers[storm.France].Counters = storm.ActivityCounters{One: 1}
	orders := rs(t, "research counter 1", "research radar")
	after, evs := enginetest.ResolveShips(t, s, map[storm.Power][]storm.Order{storm.France: orders})
	for _, e := range evs {
		if v, ok := e.(event.OrderVoided); ok && v.Power == storm.France {
			t.Errorf("France's order voided: %+v", v)
		}
	}
	if got := stepsOf(t, after, storm.Allies, "radar"); got != 4 {
		t.Errorf("radar %d steps, want 3 from the British event and France's point", got)
	}
}

// Rule 15.32: a PLAY refused does not keep the events' options from the
// email's other orders (Validate carries out the part's other orders and
// events, as the resolution does).
func TestRule15_32RefusedPlayKeepsTheOptions(t *testing.T) {
	s := eventGame(t, storm.Russia, storm.CardEvent{Title: "Reservists", Category: storm.CategoryConstruction,
		Effects: []storm.Effect{{Kind: storm.EffectFreeUnit, Unit: storm.Infantry}}})
	s.Powers[storm.Russia].Reserve.Infantry = 1
	card := heldCard(t, s, storm.Russia)
	errs := adjudicator.Validate(s, storm.Russia, []storm.Order{play(card, "radar"), {Kind: storm.Build, Units: []storm.UnitType{storm.Infantry}, Args: []string{storm.ArgFree}}})
	if len(errs) != 1 || errs[0].Index != 0 {
		t.Errorf("errors %v, want only the PLAY refused", errs)
	}
}

// Rule 19.73D en passant into the launch row, and 19.62: the free ships
// are matched whatever the order of the FREE orders.
func TestRule19_73DLaunchEnPassantAnd19_62FreeShipsMatched(t *testing.T) {
	s := eventGame(t, storm.Britain, storm.CardEvent{Title: "Overtime", Category: storm.CategoryConstruction,
		Effects: []storm.Effect{{Kind: storm.EffectFreeAcceleration, Value: 1}}})
	n := &s.Powers[storm.Britain].Naval
	n.Next = 1
	n.Building = []storm.Ship{{No: 1, Class: storm.Battleship3, Row: 2, Column: storm.Summer, LaidDown: storm.Turn{Year: 1934, Season: storm.Spring}}}
	s.Powers[storm.Britain].Counters = storm.ActivityCounters{Three: 1, Ship: 2}
	after, _ := enginetest.ResolveShips(t, s, map[storm.Power][]storm.Order{storm.Britain: {mustParseShip(t, "LAUNCH SHIP 1 WITH 3"), mustParseShip(t, "ACCELERATE SHIP 1 BY 1 FREE")}})
	if l := after.Powers[storm.Britain].Naval.Launched; len(l) != 1 {
		t.Errorf("19.73D, 19.74: launched %+v, want ship 1", l)
	}
	g := enginetest.ShipGame()
	g.Powers[storm.Germany].Economy.Options.FreeShips = []int{0, 3}
	g.Powers[storm.Germany].TilePoints = 20
	setSteps(t, &g, storm.Axis, "german battleship design", 6)
	g.Research = append(g.Research, storm.ResearchResult{Side: storm.Axis, Power: storm.Germany, Project: "battleship design", Results: 1, Rule: "16.13B"})
	orders := []storm.Order{mustParseShip(t, "LAY DOWN BATTLESHIP 3 FREE"), mustParseShip(t, "LAY DOWN BATTLESHIP 4 FREE")}
	if errs := adjudicator.Validate(g, storm.Germany, orders); len(errs) > 0 {
		t.Errorf("19.62: two free ships refused: %v", errs)
	}
}

// TestRule18_51DRussiaMayPlayItsSecretSupportEvent: with its support
// level below zero and no means to build the unit 18.51 requires, Russia
// may make no other expenditure (18.51B), but it may still play its
// secret support event (18.51D), which is offered; played, it raises the
// level to zero or more and the requirement lapses: a mobilization it
// pays for is accepted with it.
func TestRule18_51DRussiaMayPlayItsSecretSupportEvent(t *testing.T) {
	d := enginetest.TestDeck(12, func(c *storm.Card) {
		c.National[storm.Russia] = storm.CardEvent{Title: "Secret rally", Category: storm.CategorySupport, Secret: true,
			Effects: []storm.Effect{{Kind: storm.EffectSupport, Value: 2}}}
	})
	s, _, err := adjudicator.Resolve(setup.NewGameWithDeck(3, d), nil)
	if err != nil {
		t.Fatal(err)
	}
	var card int
	for _, h := range randomevent.HeldEvents(s, storm.Russia) {
		if h.Playable {
			card = h.Card
		}
	}
	if card == 0 {
		t.Fatal("Russia holds no playable secret event")
	}
	ru := s.Powers[storm.Russia]
	ru.Support, ru.TilePoints = -1, 1
	ru.Reserve = storm.Units{Infantry: 1}
	play := storm.Order{Kind: storm.Play, Card: card}
	mobilize := storm.Order{Kind: storm.Mobilize, From: storm.Idle}
	wantRefused(t, s, storm.Russia, []storm.Order{mobilize}, "18.51B")
	if errs := adjudicator.Validate(s, storm.Russia, []storm.Order{play}); len(errs) > 0 {
		t.Errorf("18.51D: PLAY %d refused: %v", card, errs)
	}
	if !slices.ContainsFunc(adjudicator.Allowed(s, storm.Russia), func(o storm.Option) bool { return o.Order.Kind == storm.Play && o.Order.Card == card }) {
		t.Errorf("18.51D: PLAY %d not offered", card)
	}
	ru.TilePoints = economy.MobilizeCost(s, storm.Russia) - 2 // with the event's 2, nothing left for the unit once mobilized
	if errs := adjudicator.Validate(s, storm.Russia, []storm.Order{play, mobilize}); len(errs) > 0 {
		t.Errorf("18.51D: the event played lifts the requirement, yet %v", errs)
	}
	ru.TilePoints += 2
	wantRefused(t, s, storm.Russia, []storm.Order{mobilize}, "18.51A")
}
