package adjudicator

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"stormjudge/adjudicator/crisis"
	"stormjudge/adjudicator/diplomacy"
	"stormjudge/adjudicator/economy"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/track"
)

// A whole-game simulator through the engine alone (Validate and Resolve,
// standing orders included): random legal players, for the property tests
// and `stormjudge bench -simulate`. It draws its choices from its own
// generator, never from the game's (State.RNG), so a simulated game is the
// game those orders make.

// RandomOrders is a random player's orders for the open segment: Allowed's
// options in a random order, each skipped one time in skip, the others
// taken while Validate accepts the whole set.
func RandomOrders(s storm.State, p storm.Power, rng *rand.Rand, skip int) []storm.Order {
	set, _ := randomOrders(&whoOrders{s: s}, p, rng, skip)
	return set
}

// randomOrders is RandomOrders for w.s, with the check of p's orders
// against it, which has accepted them (orderCheck.econ).
func randomOrders(w *whoOrders, p storm.Power, rng *rand.Rand, skip int) ([]storm.Order, *orderCheck) {
	s := w.s
	var set []storm.Order
	econ := economy.NewOrdersCheck(s, p)
	opts := allowed(w, p, econ)
	check := &orderCheck{s: s, p: p, econ: econ, who: w}
	rng.Shuffle(len(opts), func(i, j int) { opts[i], opts[j] = opts[j], opts[i] })
	for _, op := range opts {
		if skip > 0 && rng.IntN(skip) == 0 {
			continue
		}
		try := append(append(set[:len(set):len(set)], op.Order), op.With...) // a new array: set stays as it is
		if len(check.Validate(try)) == 0 {
			set = try
			econ.Accept(set)
		}
	}
	return set, check
}

// SimTurn is one simulated turn: the segments that waited for someone's
// orders (email round trips) and the Resolve calls it took.
type SimTurn struct {
	Turn       storm.Turn `json:"turn"`
	RoundTrips int        `json:"round_trips"`
	Resolves   int        `json:"resolves"`
}

// Players are the simulator's random players: Standing is the chance, in
// percent, that a power sends its later rounds' orders and its crisis IF
// lines in advance; Peaceful players never declare or threaten a
// pre-emptive war (32.8), so that their games run long.
type Players struct {
	Standing int
	Peaceful bool
}

// Orders are the players' orders for s's open segment: each power that
// must order takes RandomOrders; in the economic phase some send standing
// orders for the diplomatic rounds, and the crisis orders carry IF lines
// by the same chance.
func (pl Players) Orders(s storm.State, rng *rand.Rand) map[storm.Power][]storm.Order {
	who := &whoOrders{s: s}
	who.required, who.known = required(who), true
	return pl.orders(who, rng)
}

// orders is Orders for who.s, whose Required the caller has asked.
func (pl Players) orders(who *whoOrders, rng *rand.Rand) map[storm.Power][]storm.Order {
	s := who.s
	orders := map[storm.Power][]storm.Order{}
	checks := map[storm.Power]*orderCheck{}
	for _, p := range who.required {
		orders[p], checks[p] = randomOrders(who, p, rng, 3)
		if pl.Peaceful {
			if os := slices.DeleteFunc(slices.Clone(orders[p]), func(o storm.Order) bool {
				return o.Kind == storm.DeclareWarOrder || o.Kind == storm.ThreatenWarOrder
			}); len(Validate(s, p, os)) == 0 {
				orders[p] = os
			}
		}
	}
	if s.Segment == storm.SegEconomic && s.Diplomacy.On {
		addStanding(s, orders, rng, pl.Standing, checks)
	}
	if s.Crisis.On {
		crisisPlans(s, orders, rng, pl.Standing, checks) // IF lines, by the same policy
	}
	return orders
}

// SimulateGame plays turns turns (or to the end) from s with random legal
// orders. standing is the chance, in percent, that a power sends with its
// economic orders its orders for its later diplomatic rounds (standing
// orders: a diplomatic counter per round, a spy ring for a leader).
func SimulateGame(s storm.State, turns int, rng *rand.Rand, standing int) ([]SimTurn, storm.State, error) {
	return SimulateGameWith(s, turns, rng, standing, nil)
}

// SimulateGameWith is SimulateGame calling each, when not nil, after every
// Resolve with the state before, the state after and the events; an error
// from it stops the game (the property tests' invariants).
func SimulateGameWith(s storm.State, turns int, rng *rand.Rand, standing int, each func(before, after storm.State, evs []event.Event) error) ([]SimTurn, storm.State, error) {
	var out []SimTurn
	cur := SimTurn{Turn: s.Turn}
	who := &whoOrders{s: s}
	who.required, who.known = required(who), true
	for !s.Ended && len(out) < turns {
		if len(who.required) > 0 {
			cur.RoundTrips++
		}
		n, evs, next, err := resolve(who, Players{Standing: standing}.orders(who, rng))
		if err != nil {
			return out, s, err
		}
		if each != nil {
			if err := each(s, n, evs); err != nil {
				return out, n, err
			}
		}
		cur.Resolves++
		if n.Turn != s.Turn || n.Ended {
			out = append(out, cur)
			cur = SimTurn{Turn: n.Turn}
		}
		s, who = n, next
	}
	return out, s, nil
}

// crisisPlans makes each crisis order's IF lines follow the policy: with
// probability share percent the power sends its later answers with it (an
// aggressor with its AGGRESSION line, the Allies with their response),
// otherwise none.
func crisisPlans(s storm.State, orders map[storm.Power][]storm.Order, rng *rand.Rand, share int, checks map[storm.Power]*orderCheck) {
	for _, p := range storm.Powers {
		os := slices.DeleteFunc(slices.Clone(orders[p]), func(o storm.Order) bool { return o.Kind == storm.CrisisIfOrder && isStanding(s, o) })
		if rng.IntN(100) < share {
			var extra []storm.Order
			switch {
			case slices.ContainsFunc(os, func(o storm.Order) bool { return o.Kind == storm.AggressionOrder }):
				opposed := []storm.OrderKind{storm.ContinueAggression, storm.BackDownOrder}[rng.IntN(2)]
				brink := []storm.OrderKind{storm.AttackOrder, storm.BackDownOrder, storm.BackDownOrder}[rng.IntN(3)]
				extra = append(extra, storm.Order{Kind: storm.CrisisIfOrder, Args: []string{"opposed", string(opposed), "<=", fmt.Sprint(2 + rng.IntN(6)), string(storm.BackDownOrder)}},
					storm.Order{Kind: storm.CrisisIfOrder, Args: []string{"ultimatum", string(brink)}})
			case s.Segment == storm.SegCrisisResponse && slices.Contains(storm.Allied, p) && len(os) > 0:
				extra = append(extra, storm.Order{Kind: storm.CrisisIfOrder, Args: []string{"continued", string([]storm.OrderKind{storm.UltimatumOrder, storm.BackDownOrder}[rng.IntN(2)])}})
			case s.Segment == storm.SegEconomic && slices.Contains(storm.Allied, p): // the response in advance
				extra = append(extra, storm.Order{Kind: storm.CrisisIfOrder, Args: []string{"aggression", string([]storm.OrderKind{storm.OpposeOrder, storm.AcquiesceOrder}[rng.IntN(2)])}},
					storm.Order{Kind: storm.CrisisIfOrder, Args: []string{"continued", string([]storm.OrderKind{storm.UltimatumOrder, storm.BackDownOrder}[rng.IntN(2)])}})
			}
			for _, o := range extra {
				if try := append(slices.Clone(os), o); len(validateWith(s, p, try, checks)) == 0 {
					os = try
				}
			}
		}
		if len(os) > 0 || orders[p] != nil {
			orders[p] = os
		}
	}
}

// addStanding adds, for each power with probability share percent, its
// later rounds' orders of the turn as standing orders (standing.go).
func addStanding(s storm.State, orders map[storm.Power][]storm.Order, rng *rand.Rand, share int, checks map[storm.Power]*orderCheck) {
	targets := diplomacy.DiplomaticTargets(s)
	for _, p := range storm.Powers {
		if rng.IntN(100) >= share {
			continue
		}
		var extra []storm.Order
		if p == track.ResearchLeader(storm.SideOf(p)) {
			extra = append(extra, storm.Order{Kind: storm.SpyRingOrder, Project: targets[rng.IntN(len(targets))], For: storm.SegSpyRings})
		}
		for _, seg := range storm.Segments { // in order: the draws stay deterministic
			os, ok := storm.OrderSegments[seg]
			if !ok || seg == storm.SegSpyRings || seg == storm.SegCovert || !slices.Contains(os.Powers, p) {
				continue
			}
			if seg == storm.SegCrisisAggression { // FOR CRISIS: an open target or none
				o := storm.Order{Kind: storm.AggressionOrder, Project: storm.NoAggression, For: seg}
				for _, a := range crisis.AggressionOptions(s, p) {
					if a.Barred == "" && rng.IntN(2) == 0 {
						o.Project = a.Target
						break
					}
				}
				extra = append(extra, o)
				continue
			}
			extra = append(extra, storm.Order{Kind: storm.Diplomatic, Project: targets[rng.IntN(len(targets))], Counters: []int{1 + rng.IntN(2)}, For: seg})
		}
		for _, o := range extra {
			if try := append(slices.Clone(orders[p]), o); len(validateWith(s, p, try, checks)) == 0 {
				orders[p] = try
			}
		}
	}
}

// validateWith is Validate(s, p, orders), by p's check of checks when
// there is one (the random player's, randomOrders).
func validateWith(s storm.State, p storm.Power, orders []storm.Order, checks map[storm.Power]*orderCheck) []storm.OrderError {
	if c := checks[p]; c != nil {
		return c.Validate(orders)
	}
	return Validate(s, p, orders)
}
