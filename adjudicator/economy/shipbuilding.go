package economy

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/randomevent"
	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/track"
)

// Shipbuilding, in the construction segment of the economic phase (13.11C, 19).
//
// A power's shipbuilding orders of a turn are checked and carried out
// together (planShipbuilding): the activity counters they name are pooled,
// since the denomination of counters does not matter for shipbuilding
// (12.41), except that every ship laid down needs a shipyard counter of its
// own (19.62). They may also spend the rest of a counter partly used by
// the same turn's BUILD orders (LEFTOVER n, 12.41A/B): construction runs
// first in the pipeline, and any split of one counter between the two can
// be written construction-first (docs/rules.md).

// ShipbuildingKinds are the shipbuilding orders.
var ShipbuildingKinds = []storm.OrderKind{storm.LayDown, storm.Advance, storm.Launch, storm.Accelerate, storm.Defer, storm.SaveShip}

// shipPlan is the outcome of a power's shipbuilding orders, computed
// without changing the state.
type shipPlan struct {
	counters   storm.ActivityCounters // every counter named, shipyard ones in Ship
	cost       int                    // points needed (19.52)
	points     int                    // points of the counters that pay for ships
	savedUsed  int                    // 19.75
	savedAdded int                    // 19.75A
	leftover   int                    // 12.41B: construction leftover spent
}

// CheckShipbuilding checks p's shipbuilding orders against s (19).
func CheckShipbuilding(s storm.State, p storm.Power, orders []storm.Order) []storm.IndexedError {
	_, errs := planShipbuilding(s, p, orders)
	return errs
}

// planShipbuilding checks p's shipbuilding orders and computes what they
// cost. It never changes s.
func planShipbuilding(s storm.State, p storm.Power, orders []storm.Order) (shipPlan, []storm.IndexedError) {
	var plan shipPlan
	var errs []storm.IndexedError
	bad := func(i int, rule, format string, a ...any) {
		errs = append(errs, storm.IndexedError{OrderError: storm.OrderError{Order: orders[i], Rule: rule, Msg: fmt.Sprintf(format, a...)}, Index: i})
	}
	ps := s.Powers[p]
	rate := storm.ShipbuildingRate(s, p)
	if ps == nil || rate == 0 {
		for i := range orders {
			bad(i, "19.11", "%s may not build ships", p.Title()) // 19.11: Russia builds no ships
		}
		return plan, errs
	}
	n := ps.Naval
	season := s.Turn.Season
	unused := ps.Economy.Options.Clone() // options used up by the orders
	advanced := map[int]int{}            // ship -> index of its ADVANCE or LAUNCH
	accelerated := map[int]bool{}        // ships accelerated
	deferred := map[int]bool{}
	launches, layDowns, moves := 0, 0, 0
	modernDeferred := false
	var modernLaid []int
	added := map[storm.ShipClass]int{}
	lastCosted := -1
	// 19.62, 19.73D: this turn's free ships and accelerations from random
	// events, used up by the FREE orders in their order.
	freeShips := slices.Clone(ps.Economy.Options.FreeShips)
	freeAccel := map[int]int{} // ship -> columns of its FREE acceleration
	for _, o := range orders {
		if no, ok := shipNumber(o); ok && o.Kind == storm.Accelerate && storm.IsFree(o) {
			freeAccel[no] = o.Points
		}
	}
	// Advances first: acceleration and deferral refer to them, wherever
	// they are written.
	for i, o := range orders {
		if o.Kind != storm.Advance && o.Kind != storm.Launch {
			continue
		}
		no, ok := shipNumber(o)
		sh := n.Ship(no)
		switch {
		case !ok || sh == nil:
			bad(i, "19.71", "%s has no ship %s under construction", p.Title(), o.Ship)
			continue
		case advanced[no] > 0:
			bad(i, "19.71", "ship %d is already advanced this turn", no)
			continue
		case sh.Column != season && !enPassant(sh.Column, season, freeAccel[no]):
			// 19.71: a ship is advanced in the season of its column;
			// 19.73D: or as a free acceleration moves it into or through
			// that column.
			bad(i, "19.71", "ship %d is in the %s column; it may be advanced only in %s turns", no, sh.Column, sh.Column)
			continue
		case o.Kind == storm.Launch && sh.Row != 2:
			bad(i, "19.74", "ship %d is on row %d; only a ship on row 2 is launched by advancing it", no, sh.Row)
			continue
		}
		advanced[no] = i + 1
		moves++
		if sh.Row-1 == storm.LaunchRow {
			launches++
		}
		plan.cost += storm.ShipCost(s, p, sh.Class) // 19.71A
		lastCosted = i
	}
	// Every order of a free option names no counters: it costs nothing.
	for i, o := range orders {
		if storm.IsFree(o) && (len(o.Counters) > 0 || len(o.Args) > 1) {
			bad(i, "19.62", "a free order of a random event costs nothing: no WITH")
		}
	}
	for i, o := range orders {
		switch o.Kind {
		case storm.Advance, storm.Launch:
			// checked above
		case storm.LayDown:
			c := storm.ClassOf(storm.ShipClass(o.Ship))
			if c == nil {
				bad(i, "19.63", "unknown ship class %q", o.Ship)
				continue
			}
			builder := false
			for _, b := range c.Builders {
				builder = builder || b == p
			}
			if !builder {
				bad(i, c.Rule, "%s may not build a %s", p.Title(), c.Class.Name(p))
				continue
			}
			// National results only (13.22, 19.63A: a German naval air
			// training result does not allow Italian carriers).
			if c.PerResult > 0 { // 19.63A, 16.13B
				res := ResearchResults(s, storm.SideOf(p), p, c.Project)
				if have := n.CountClass(c.Class) + added[c.Class]; have+1 > c.PerResult*res {
					bad(i, c.Rule, "%s has %d %s result(s), which allow %d carriers built or building; it has %d",
						p.Title(), res, c.Project, c.PerResult*res, have)
					continue
				}
			}
			if c.Results > 0 { // 19.63C, 16.13B
				if res := ResearchResults(s, storm.SideOf(p), p, c.Project); res < c.Results {
					bad(i, c.Rule, "a %s needs %d %s result(s); %s has %d", c.Class.Name(p), c.Results, c.Project, p.Title(), res)
					continue
				}
			}
			if have := n.CountClass(c.Class) + added[c.Class]; have+1 > storm.CounterMix[c.Class] {
				bad(i, "19.63", "the counter mix has %d %s counters, all built or building", storm.CounterMix[c.Class], c.Class.Name(p))
				continue
			}
			_, shipyard, saved, _ := shipCounters(o)
			if storm.IsFree(o) { // 19.62: a random event's ship at no cost
				if !takeFreeShip(&freeShips, c.Size) {
					if len(ps.Economy.Options.FreeShips) == 0 {
						bad(i, "19.62", "no random event lets you lay down a ship at no cost this turn")
					} else {
						bad(i, "19.62", "this turn's random events let you lay down at no cost: %s", freeShipsText(ps.Economy.Options.FreeShips))
					}
					continue
				}
				added[c.Class]++
				layDowns++
				moves++ // 19.34: the rate still counts it
				if c.Class.Modern() {
					modernLaid = append(modernLaid, i)
				}
				continue
			}
			if shipyard < 1 {
				if shipLeftover(o) > 0 {
					bad(i, "12.41B", "the rest of a counter used for construction does not meet the shipyard counter requirement; name a SHIPYARD 1 counter (19.62)")
				} else if saved > 0 {
					bad(i, "19.75E", "saved shipbuilding points do not meet the shipyard counter requirement of 19.62; name a SHIPYARD 1 counter")
				} else if shipyardsNamed(orders) >= storm.ShipyardCountersNow(s, p, ps).Sub(ps.Used).Ship {
					bad(i, "19.62", "a new ship is laid down with at least one shipyard activity counter, and the other orders name every one %s has: leave this ship out or free a shipyard counter", p.Title())
				} else {
					bad(i, "19.62", "a new ship is laid down with at least one shipyard activity counter: add SHIPYARD 1")
				}
				continue
			}
			added[c.Class]++
			layDowns++
			moves++
			if c.Class.Modern() {
				modernLaid = append(modernLaid, i)
			}
			plan.cost += storm.ShipCost(s, p, c.Class) // 19.52A
			lastCosted = i
		case storm.Accelerate:
			no, ok := shipNumber(o)
			switch {
			case !ok:
				bad(i, "19.73", "no ship %q", o.Ship)
				continue
			case no > n.Next && no <= n.Next+countKind(orders, storm.LayDown):
				// Ships laid down this turn get the next numbers.
				bad(i, "19.73E", "ship %d is not yet on the chart; a ship may not be accelerated when it is laid down", no)
				continue
			case n.Ship(no) == nil:
				bad(i, "19.73", "%s has no ship %d under construction", p.Title(), no)
				continue
			case accelerated[no]:
				bad(i, "19.73", "ship %d is already accelerated this turn", no)
				continue
			case storm.IsFree(o) && n.Ship(no).Row-1 == storm.LaunchRow && advanced[no] > 0 && n.Ship(no).Column == season:
				// Before construction it would move the ship out of the
				// turn's column (19.73D); after, the ship is launched.
				bad(i, "19.74", "ship %d is launched when advanced; there is nothing to accelerate", no)
				continue
			case storm.IsFree(o) && deferredShip(orders, no):
				bad(i, "19.73D", "ship %d is deferred this turn; it cannot also be accelerated", no)
				continue
			case storm.IsFree(o):
				// 19.73D: any column, before or after normal construction.
				cols := o.Points
				if !randomevent.TakeOption(&unused.FreeAccelerations, func(v int) bool { return v == cols }) {
					if len(ps.Economy.Options.FreeAccelerations) == 0 {
						bad(i, "19.73D", "no random event lets you accelerate a ship at no cost this turn")
					} else {
						bad(i, "19.73D", "this turn's random events accelerate at no cost by: %s column(s)", intsText(ps.Economy.Options.FreeAccelerations))
					}
					continue
				}
				accelerated[no] = true
				continue
			case advanced[no] == 0:
				bad(i, "19.73A", "ship %d is accelerated after advancing it: add ADVANCE SHIP %d", no, no)
				continue
			case n.Ship(no).Row-1 == storm.LaunchRow:
				bad(i, "19.74", "ship %d is launched when advanced; there is nothing to accelerate", no)
				continue
			case o.Points != 1 && o.Points != 2:
				bad(i, "19.73", "a ship is accelerated by 1 or 2 columns")
				continue
			}
			accelerated[no] = true
			plan.cost += storm.AccelerationCost(o.Points) // 19.52B, 19.73C
			lastCosted = i
		case storm.Defer:
			no, ok := shipNumber(o)
			sh := n.Ship(no)
			switch {
			case !ok || sh == nil:
				bad(i, "19.72", "%s has no ship %s under construction", p.Title(), o.Ship)
				continue
			case advanced[no] > 0:
				bad(i, "19.72", "ship %d is advanced this turn; it cannot also be deferred", no)
				continue
			case deferred[no]:
				bad(i, "19.72", "ship %d is already deferred this turn", no)
				continue
			case sh.Column != season:
				bad(i, "19.72", "ship %d is in the %s column; only a ship whose turn it is (%s) may be deferred", no, sh.Column, season)
				continue
			}
			deferred[no] = true
			if sh.Class.Modern() {
				modernDeferred = true
			}
		case storm.SaveShip:
			general, shipyard, saved, _ := shipCounters(o)
			switch {
			case general.Count() > 0 || saved > 0 || shipLeftover(o) > 0:
				bad(i, "19.75A", "only shipyard activity counters may be saved: SAVE WITH SHIPYARD 1")
				continue
			case shipyard == 0:
				bad(i, "19.75A", "say which shipyard counters to save: SAVE WITH SHIPYARD 1")
				continue
			}
			plan.savedAdded += shipyard
		default:
			bad(i, "7.31", "%q is not a shipbuilding order", string(o.Kind))
			continue
		}
	}
	// Counters and saved points named by the orders.
	firstPaying := -1
	for i, o := range orders {
		general, shipyard, saved, err := shipCounters(o)
		if err != nil {
			bad(i, "12.21", "%v", err)
			continue
		}
		left := shipLeftover(o)
		if o.Kind == storm.Defer && (general.Count() > 0 || shipyard > 0 || saved > 0 || left > 0) {
			bad(i, "19.72", "deferring costs nothing")
			continue
		}
		if general.Count()+shipyard+saved+left > 0 && firstPaying < 0 && o.Kind != storm.SaveShip {
			firstPaying = i
		}
		plan.counters = plan.counters.Add(general)
		plan.counters.Ship += shipyard
		plan.savedUsed += saved
		if o.Kind != storm.SaveShip {
			plan.points += general.Points() + shipyard
			plan.leftover += left
		}
	}
	if len(errs) > 0 {
		return plan, errs
	}
	// 19.63C: no new modern battleship in a turn a modern one is deferred.
	if modernDeferred {
		for _, i := range modernLaid {
			bad(i, "19.63C", "a modern battleship may not be laid down in a turn in which one is deferred")
		}
	}
	// 19.34: ships laid down or advanced, at most the shipbuilding rate.
	if moves > rate {
		bad(max(lastCosted, 0), "19.34", "%s lays down or advances %d ships; its shipbuilding rate is %d", p.Title(), moves, rate)
	}
	// 19.41, 19.42, 19.74: ships launched this turn no longer count.
	if building := len(n.Building) - launches + layDowns; layDowns > 0 && building > storm.ShipyardCapacity(s, p) {
		bad(max(lastCosted, 0), "19.42", "%d ships would be under construction; %s's shipyard capacity is %d (19.41)",
			building, p.Title(), storm.ShipyardCapacity(s, p))
	}
	// 19.75: saved points spent and saved.
	if plan.savedUsed > n.Saved {
		bad(max(firstPaying, 0), "19.75", "%s has %d saved shipbuilding point(s), the orders spend %d", p.Title(), n.Saved, plan.savedUsed)
	}
	if after := n.Saved - plan.savedUsed + plan.savedAdded; plan.savedAdded > 0 && after > rate {
		for i, o := range orders {
			if o.Kind == storm.SaveShip {
				bad(i, "19.75B", "at most %d shipbuilding points may be saved (the shipbuilding rate); this would make %d", rate, after)
				break
			}
		}
	}
	// 12.41A/B: the rest of counters partly used by this turn's BUILD
	// orders, already paid in tile points (12.32).
	if plan.leftover > ps.ConstructionLeftover {
		bad(max(firstPaying, 0), "12.41B", "the orders spend %d leftover point(s); this turn's BUILD orders left %d (their counters beyond the units' cost)",
			plan.leftover, ps.ConstructionLeftover)
	}
	// 12.12, 12.31: the counters must be available and paid in tile
	// points; a shipyard counter mobilized this turn may be used (13.21B).
	if plan.counters.Count() > 0 {
		tmp := *ps
		tmp.Counters = storm.ShipyardCountersNow(s, p, ps)
		if rule, msg := storm.CheckCounters(&tmp, plan.counters); rule != "" {
			i := firstPaying
			if i < 0 {
				i = 0
			}
			bad(i, rule, "%s", msg)
		}
	}
	// 19.52: the points must cover the cost.
	if have := plan.points + plan.savedUsed + plan.leftover; have < plan.cost {
		bad(max(lastCosted, 0), "19.52", "the orders cost %d activity counter points (EAI %+d); the counters, saved and leftover points named give %d",
			plan.cost, s.EAI, have)
	}
	return plan, errs
}

// applyShipbuilding carries out p's checked shipbuilding orders (19.6, 19.7).
func applyShipbuilding(s *storm.State, p storm.Power, orders []storm.Order, evs *[]event.Event) {
	plan, errs := planShipbuilding(*s, p, orders)
	if len(errs) > 0 {
		return // ResolveEconomic applies checked orders only
	}
	ps := s.Powers[p]
	track.RefreshCounters(s, p, evs)     // 12.22C, 13.21B: a shipyard mobilized this turn
	storm.UseCounters(ps, plan.counters) // 12.31, 12.32
	n := &ps.Naval
	n.Saved += plan.savedAdded - plan.savedUsed // 19.75
	ps.ConstructionLeftover -= plan.leftover    // 12.41B
	turn := s.Turn
	for _, o := range orders { // 19.71, 19.74
		if o.Kind != storm.Advance && o.Kind != storm.Launch {
			continue
		}
		no, _ := shipNumber(o)
		sh := n.Ship(no)
		sh.Row--
		*evs = append(*evs, event.ShipAdvanced{Turn: turn, Power: p, Ship: *sh, Cost: storm.ShipCost(*s, p, sh.Class)})
	}
	for _, o := range orders { // 19.73A, 19.73B
		if o.Kind != storm.Accelerate {
			continue
		}
		no, _ := shipNumber(o)
		sh := n.Ship(no)
		sh.Column = storm.NextColumn(sh.Column, -o.Points)
		cost := storm.AccelerationCost(o.Points)
		if storm.IsFree(o) { // 19.73D
			cost = 0
			randomevent.TakeOption(&ps.Economy.Options.FreeAccelerations, func(v int) bool { return v == o.Points })
		}
		*evs = append(*evs, event.ShipAccelerated{Turn: turn, Power: p, Ship: *sh, Columns: o.Points, Cost: cost, Free: storm.IsFree(o)})
	}
	for _, o := range orders { // 19.72
		if o.Kind != storm.Defer {
			continue
		}
		no, _ := shipNumber(o)
		sh := n.Ship(no)
		sh.Column = storm.NextColumn(sh.Column, 1)
		*evs = append(*evs, event.ShipDeferred{Turn: turn, Power: p, Ship: *sh})
	}
	// 19.74: ships on the Launch row leave the chart.
	var keep []storm.Ship
	for _, sh := range n.Building {
		if sh.Row > storm.LaunchRow {
			keep = append(keep, sh)
			continue
		}
		t := turn
		sh.Row, sh.LaunchedIn = storm.LaunchRow, &t
		n.Launched = append(n.Launched, sh)
		*evs = append(*evs, event.ShipLaunched{Turn: turn, Power: p, Ship: sh})
	}
	if keep == nil {
		keep = []storm.Ship{}
	}
	n.Building = keep
	for _, o := range orders { // 19.61
		if o.Kind != storm.LayDown {
			continue
		}
		c := storm.ShipClass(o.Ship)
		n.Next++
		sh := storm.Ship{No: n.Next, Class: c, Row: c.Size(), Column: turn.Season, LaidDown: turn}
		n.Building = append(n.Building, sh)
		cost := storm.ShipCost(*s, p, c)
		if storm.IsFree(o) { // 19.62
			cost = 0
			takeFreeShip(&ps.Economy.Options.FreeShips, c.Size())
		}
		*evs = append(*evs, event.ShipLaidDown{Turn: turn, Power: p, Ship: sh, Cost: cost, Free: storm.IsFree(o)})
	}
	*evs = append(*evs, event.ShipbuildingPaid{Turn: turn, Power: p, Counters: plan.counters, Cost: plan.cost,
		SavedUsed: plan.savedUsed, SavedAdded: plan.savedAdded, Saved: n.Saved, LeftoverUsed: plan.leftover,
		Wasted: max(plan.points+plan.savedUsed+plan.leftover-plan.cost, 0), TilePoints: ps.TilePoints})
}

// finishShipbuilding runs after every power's shipbuilding, at the end of
// the economic phase: the 12.22C counters of powers that gave no orders
// (pools.go) and the announcement of 13.12C. The balance of power, with
// the naval counters of 19.81 and the battleship race (19.9), is announced
// after the phase's random events (FinishBalance, balance.go).
func finishShipbuilding(s *storm.State, evs *[]event.Event) {
	for _, p := range storm.Powers {
		if storm.ShipbuildingRate(*s, p) > 0 {
			track.RefreshCounters(s, p, evs) // 12.22C for powers that built nothing
		}
	}
	revealShipbuilding(s, evs)
}

// revealShipbuilding announces each power's shipbuilding of this turn
// (13.12C) from its private events.
func revealShipbuilding(s *storm.State, evs *[]event.Event) {
	rev := map[storm.Power]*event.ShipbuildingRevealed{}
	get := func(p storm.Power) *event.ShipbuildingRevealed {
		if rev[p] == nil {
			rev[p] = &event.ShipbuildingRevealed{Turn: s.Turn, Power: p}
		}
		return rev[p]
	}
	for _, e := range *evs {
		switch e := e.(type) {
		case event.ShipLaidDown:
			if e.Turn == s.Turn {
				r := get(e.Power)
				r.LaidDown = append(r.LaidDown, e.Ship.Class)
				if e.Ship.Class.Modern() {
					r.BalanceCounters++ // 19.81B
				}
			}
		case event.ShipAdvanced:
			if e.Turn == s.Turn {
				get(e.Power).Advanced++
			}
		case event.ShipLaunched:
			if e.Turn == s.Turn {
				r := get(e.Power)
				r.Launched = append(r.Launched, e.Ship.Class)
				r.BalanceCounters++ // 19.81A
			}
		case event.ShipAccelerated:
			if e.Turn == s.Turn {
				get(e.Power).Accelerated++
			}
		case event.ShipDeferred:
			if e.Turn == s.Turn {
				get(e.Power).Deferred++
			}
		case event.ShipbuildingPaid:
			if e.Turn == s.Turn {
				r := get(e.Power)
				r.Counters = r.Counters.Add(e.Counters)
			}
		}
	}
	for _, p := range storm.Powers {
		if r := rev[p]; r != nil {
			r.Saved = s.Powers[p].Naval.Saved // 19.75D: saved counters are on the map
			*evs = append(*evs, *r)
		}
	}
}

// enPassant reports whether a free acceleration of cols columns (19.73D)
// moves a ship from column from into or through the column of season, so
// that it may be advanced at the normal cost on the way.
func enPassant(from, season storm.Season, cols int) bool {
	for k := 1; k <= cols; k++ {
		if storm.NextColumn(from, -k) == season {
			return true
		}
	}
	return false
}

// takeFreeShip uses the free ship (19.62) that fits a ship of size with
// the least to spare, one of any size last, and reports whether there was
// one: so the order of the FREE orders does not matter.
func takeFreeShip(list *[]int, size int) bool {
	best := -1
	for i, n := range *list {
		if n != 0 && n < size {
			continue
		}
		if best < 0 || (*list)[best] == 0 || (n != 0 && n < (*list)[best]) {
			best = i
		}
	}
	if best < 0 {
		return false
	}
	*list = slices.Delete(*list, best, best+1)
	return true
}

// deferredShip reports a DEFER order of ship no among orders.
func deferredShip(orders []storm.Order, no int) bool {
	for _, o := range orders {
		if n, ok := shipNumber(o); ok && n == no && o.Kind == storm.Defer {
			return true
		}
	}
	return false
}

// freeShipsText words the sizes of free ships, "any size, size 4 or less".
func freeShipsText(sizes []int) string {
	var out []string
	for _, n := range sizes {
		if n == 0 {
			out = append(out, "a ship of any size")
		} else {
			out = append(out, fmt.Sprintf("a ship of size %d or less", n))
		}
	}
	return strings.Join(out, ", ")
}

func intsText(ns []int) string {
	var out []string
	for _, n := range ns {
		out = append(out, strconv.Itoa(n))
	}
	return strings.Join(out, ", ")
}

// countKind counts the orders of kind k.
func countKind(orders []storm.Order, k storm.OrderKind) int {
	n := 0
	for _, o := range orders {
		if o.Kind == k {
			n++
		}
	}
	return n
}
