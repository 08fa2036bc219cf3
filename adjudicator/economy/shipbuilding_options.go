package economy

import (
	"fmt"
	"math/bits"
	"slices"
	"strconv"

	"stormjudge/adjudicator/storm"
)

// ShipbuildingOptions are the shipbuilding orders Allowed offers p, each
// with counters that pay for it alone at the least waste; Allowed keeps
// those that Validate accepts.
func ShipbuildingOptions(s storm.State, p storm.Power) []storm.Option {
	ps := s.Powers[p]
	if ps == nil || storm.ShipbuildingRate(s, p) == 0 {
		return nil // 19.11
	}
	avail := storm.ShipyardCountersNow(s, p, ps).Sub(ps.Used) // 12.22C, 13.21B
	var opts []storm.Option
	// pay returns an order's counters for cost points: the general
	// counters (and shipyard counters beyond the first, when yard) whose
	// sum covers cost with the least waste, then the fewest counters.
	// The counters' subsets, for each use of the first shipyard counter
	// (yard), made once for all the options.
	type subsets struct {
		pool         []int
		sums, counts []int16
	}
	var made [2]*subsets
	subsetsOf := func(yard bool) *subsets {
		k := 0
		if yard {
			k = 1
		}
		if made[k] != nil {
			return made[k]
		}
		var pool []int
		for _, c := range []struct{ n, v int }{{avail.Three, 3}, {avail.Two, 2}, {avail.One, 1}} {
			for i := 0; i < c.n; i++ {
				pool = append(pool, c.v)
			}
		}
		ships := avail.Ship
		if yard {
			ships--
		}
		for i := 0; i < ships; i++ {
			pool = append(pool, -1) // a shipyard counter, strength 1
		}
		// sums[mask] and counts[mask] are the mask's points and counters,
		// each from the mask without its lowest bit.
		masks := 0
		if len(pool) <= 12 {
			masks = 1 << len(pool)
		}
		sums, counts := make([]int16, masks), make([]int16, masks)
		for mask := 1; mask < masks; mask++ {
			low := mask & (mask - 1)
			sums[mask] = sums[low] + int16(max(pool[bits.TrailingZeros(uint(mask))], 1))
			counts[mask] = counts[low] + 1
		}
		made[k] = &subsets{pool, sums, counts}
		return made[k]
	}
	pay := func(o storm.Order, cost int, yard bool) (storm.Order, int, bool) {
		if yard {
			if avail.Ship < 1 {
				return o, 0, false
			}
			o.Args = []string{storm.ArgShipyard}
			cost--
		}
		sub := subsetsOf(yard)
		pool, sums, counts := sub.pool, sub.sums, sub.counts
		best, bestMask := -1, 0
		for mask := range sums {
			sum, n := int(sums[mask]), int(counts[mask])
			if sum < cost {
				continue
			}
			score := (sum-cost)*100 + n
			if best < 0 || score < best {
				best, bestMask = score, mask
			}
		}
		if best < 0 {
			return o, 0, false
		}
		points := 0
		if yard {
			points = 1
		}
		for i, v := range pool {
			if bestMask&(1<<i) == 0 {
				continue
			}
			if v < 0 {
				o.Args = append(o.Args, storm.ArgShipyard)
				points++
			} else {
				o.Counters = append(o.Counters, v)
				points += v
			}
		}
		return o, points, true
	}
	for _, c := range storm.ShipClasses { // 19.61-19.63
		if o, pts, ok := pay(storm.Order{Kind: storm.LayDown, Ship: string(c.Class)}, storm.ShipCost(s, p, c.Class), true); ok {
			opts = append(opts, storm.Option{Order: o, Cost: pts, Note: fmt.Sprintf("a new %s in row %d, %s column (19.61)",
				c.Class.Name(p), c.Size, s.Turn.Season)})
		}
	}
	for _, sh := range ps.Naval.Building { // 19.71, 19.72, 19.74
		if sh.Column != s.Turn.Season {
			continue
		}
		no := strconv.Itoa(sh.No)
		kind, note := storm.Advance, fmt.Sprintf("ship %d to row %d (19.71)", sh.No, sh.Row-1)
		if sh.Row-1 == storm.LaunchRow {
			kind, note = storm.Launch, fmt.Sprintf("launches ship %d (19.74)", sh.No)
		}
		if o, pts, ok := pay(storm.Order{Kind: kind, Ship: no}, storm.ShipCost(s, p, sh.Class), false); ok {
			opts = append(opts, storm.Option{Order: o, Cost: pts, Note: note})
		}
		opts = append(opts, storm.Option{Order: storm.Order{Kind: storm.Defer, Ship: no}, Note: fmt.Sprintf("ship %d one column right (19.72)", sh.No)})
	}
	// 19.62, 19.73D: this turn's free ships and accelerations.
	if len(ps.Economy.Options.FreeShips) > 0 {
		for _, c := range storm.ShipClasses {
			opts = append(opts, storm.Option{Order: storm.Order{Kind: storm.LayDown, Ship: string(c.Class), Args: []string{storm.ArgFree}},
				Note: fmt.Sprintf("a new %s at no cost and without a shipyard counter, from a random event (19.62)", c.Class.Name(p))})
		}
	}
	for _, v := range slices.Compact(slices.Sorted(slices.Values(ps.Economy.Options.FreeAccelerations))) {
		for _, sh := range ps.Naval.Building {
			note := fmt.Sprintf("ship %d %d column(s) to the left at no cost, from a random event (19.73D)", sh.No, v)
			if sh.Column != s.Turn.Season && enPassant(sh.Column, s.Turn.Season, v) {
				note += fmt.Sprintf("; it passes the %s column, so it may also be advanced now: add ADVANCE SHIP %d WITH <counters>", s.Turn.Season, sh.No)
			}
			opts = append(opts, storm.Option{Order: storm.Order{Kind: storm.Accelerate, Ship: strconv.Itoa(sh.No), Points: v, Args: []string{storm.ArgFree}}, Note: note})
		}
	}
	if avail.Ship > 0 { // 19.75
		opts = append(opts, storm.Option{Order: storm.Order{Kind: storm.SaveShip, Args: []string{storm.ArgShipyard}}, Cost: 1,
			Note: "keep a shipbuilding point for a later turn (19.75)"})
	}
	return opts
}
