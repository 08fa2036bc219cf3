package adjudicator

import "fmt"

// Conversion costs.
const (
	convertBaseCost  = 10 // 14.21
	mobilizeBaseCost = 10 // 14.31
	// minConversionCost is the floor of any conversion cost. 14.31 gives no
	// floor; a cost of zero or less would pay a power to mobilize, so a
	// conversion always costs at least 1 tile point (docs/rules.md).
	minConversionCost = 1
	// russianMilitaryCap: Russia may mobilize beyond nine military factories
	// only under the conditions of 14.43C (10.41A).
	russianMilitaryCap = 9
)

// ConvertCost is the cost of converting an idle factory to civilian use:
// 10 tile points (14.21), adjusted by random events.
func ConvertCost(s State, p Power) int {
	ps := s.Powers[p]
	c := convertBaseCost
	if ps != nil {
		c += ps.ConvertCostModifier // 14.21: random events
	}
	return max(c, minConversionCost)
}

// MobilizeCost is the cost of converting a factory to military use (14.31):
// 10, minus one per year played since 1935 (14.31A), minus a positive EAI or
// plus a negative one (14.31B, 23.31A), adjusted by random events (14.31C),
// never below minConversionCost.
func MobilizeCost(s State, p Power) int {
	c := mobilizeBaseCost
	c -= s.Turn.Year - FirstTurn.Year // 14.31A
	c -= s.EAI                        // 14.31B
	if ps := s.Powers[p]; ps != nil {
		c += ps.MobilizeCostModifier // 14.31C
	}
	return max(c, minConversionCost)
}

// civilianCounter is a row of 12.22A/B: the counter a power adds to its
// pool while it has at least Civilian civilian factories.
type civilianCounter struct {
	Power    Power
	Civilian int
	Strength int
	Research bool // research only
	Rule     string
}

var civilianCounters = []civilianCounter{
	{Germany, 6, 1, true, "12.22A"},
	{Italy, 3, 1, true, "12.22A"},
	{Britain, 5, 1, true, "12.22A"},
	{France, 3, 1, true, "12.22A"},
	{Germany, 7, 2, false, "12.22B"},
	{Britain, 6, 2, false, "12.22B"},
}

// countersFor returns the activity counters usable this turn: the pool plus
// the counters of 12.22A/B for the current number of civilian factories,
// which count from the turn of conversion and vanish in the turn a
// mobilization takes the factories below the level (13.21A).
func countersFor(p Power, pool ActivityCounters, f Factories) ActivityCounters {
	c := pool
	for _, r := range civilianCounters {
		if r.Power != p || f.Civilian < r.Civilian {
			continue
		}
		switch {
		case r.Research:
			c.Research++
		case r.Strength == 2:
			c.Two++
		}
	}
	return c
}

// mobilizationSupport lists, per power, the numbers of military factories
// at which the support level rises by one more (10.41A).
var mobilizationSupport = map[Power][]int{
	Germany: {4, 6, 8, 10, 12, 15},      // 10.41A: max +6
	Italy:   {4, 6},                     // 10.41A: max +2
	Britain: {4, 6, 8},                  // 10.41A: max +3
	France:  {4, 6},                     // 10.41A: max +2
	Russia:  {7, 9, 10, 11, 12, 13, 14}, // 10.41A: max +7
}

// MobilizationSupport is the support from military factories (10.41A).
func MobilizationSupport(p Power, military int) int {
	n := 0
	for _, t := range mobilizationSupport[p] {
		if military >= t {
			n++
		}
	}
	return n
}

// russianRate is the number of turns between Russian mobilizations by
// cohesion level (14.43B).
var russianRate = map[Cohesion]int{
	LowCohesion:    5, // 14.43B: once every five turns
	MediumCohesion: 4, // 14.43B
	HighCohesion:   3, // 14.43B
	FullCohesion:   2, // 14.43B
}

// Validate checks p's orders for the open segment against p's state and the
// rules; nil means acceptable.
func Validate(s State, p Power, orders []Order) []OrderError {
	var errs []OrderError
	for _, e := range validate(s, p, orders) {
		errs = append(errs, e.OrderError)
	}
	return errs
}

// indexedError is an OrderError with the index of its order.
type indexedError struct {
	OrderError
	index int
}

func validate(s State, p Power, orders []Order) []indexedError {
	var errs []indexedError
	i := 0
	bad := func(o Order, rule, format string, a ...any) {
		errs = append(errs, indexedError{OrderError{Order: o, Rule: rule, Msg: fmt.Sprintf(format, a...)}, i})
	}
	if len(orders) == 0 {
		return nil
	}
	ps := s.Powers[p]
	if !p.Valid() || ps == nil {
		for i = range orders {
			bad(orders[i], "2.21", "%s is not a major power of this game", p)
		}
		return errs
	}
	if s.Ended {
		for i = range orders {
			bad(orders[i], "2.31", "the game has ended")
		}
		return errs
	}
	if !requires(s, p) {
		for i = range orders {
			bad(orders[i], "7.31", "%s takes no orders from %s in %s", s.Segment.Title(), p.Title(), s.Turn)
		}
		return errs
	}
	// Economic phase, industrial segment (13.11A, 14).
	for i = range orders {
		if i > 0 {
			bad(orders[i], "14.41", "only one factory may be converted per turn")
			continue
		}
		if e, ok := checkConversion(s, p, orders[i]); !ok {
			errs = append(errs, indexedError{e, i})
		}
	}
	return errs
}

// checkConversion validates one conversion order of p.
func checkConversion(s State, p Power, o Order) (OrderError, bool) {
	ps := s.Powers[p]
	fail := func(rule, format string, a ...any) (OrderError, bool) {
		return OrderError{Order: o, Rule: rule, Msg: fmt.Sprintf(format, a...)}, false
	}
	if ps.ConvertedThisTurn {
		return fail("14.41", "%s has already converted a factory this turn", p.Title())
	}
	switch o.Kind {
	case Convert:
		from := o.From
		if from == "" {
			from = Idle
		}
		switch from {
		case Military:
			return fail("14.42B", "military factories may never be converted to civilian use (14.44)")
		case Civilian:
			return fail("14.11", "the factory is already civilian")
		case Idle:
		default:
			return fail("14.11", "unknown factory use %q (idle, civilian or military)", from)
		}
		if p == Russia {
			return fail("14.42A", "Russia may not convert idle factories to civilian use")
		}
		if ps.Factories.Idle < 1 {
			return fail("14.12", "%s has no idle factory", p.Title())
		}
		if c := ConvertCost(s, p); ps.TilePoints < c {
			return fail("6.12", "costs %d tile points, %s has %d", c, p.Title(), ps.TilePoints)
		}
	case Mobilize:
		switch o.From {
		case Idle, Civilian:
		case Military:
			return fail("14.11", "the factory is already military")
		case "":
			return fail("14.31", "say which factory to mobilize: MOBILIZE IDLE or MOBILIZE CIVILIAN")
		default:
			return fail("14.11", "unknown factory use %q (idle or civilian)", o.From)
		}
		if ps.Factories.Count(o.From) < 1 {
			return fail("14.12", "%s has no %s factory", p.Title(), o.From)
		}
		if p == Russia {
			if s.Russia.GreatPurge {
				return fail("14.43A", "Russia may not mobilize in a turn of a Great Purge")
			}
			if wait := russianRate[s.Russia.Cohesion]; wait > 0 && len(ps.MobilizationTurns) > 0 {
				last := ps.MobilizationTurns[len(ps.MobilizationTurns)-1]
				if next := last.Index() + wait; s.Turn.Index() < next {
					return fail("14.43B", "at %s cohesion Russia may mobilize once every %d turns; last mobilized %s",
						s.Russia.Cohesion, wait, last)
				}
			}
			if !s.Conditions.RussianMobilizationFreed() {
				if o.From == Civilian {
					return fail("14.43C", "Russia may mobilize civilian factories only after German aggression against Poland without the pact, a broken pact, or aggression against the Baltic States")
				}
				if ps.Factories.Military >= russianMilitaryCap {
					return fail("10.41A", "Russia may not have more than %d military factories until 14.43C applies", russianMilitaryCap)
				}
			}
		}
		if c := MobilizeCost(s, p); ps.TilePoints < c {
			return fail("6.12", "costs %d tile points, %s has %d", c, p.Title(), ps.TilePoints)
		}
	case "":
		return fail("14.11", "empty order")
	default:
		return fail("7.31", "%q is not an order of the %s", string(o.Kind), s.Segment.Title())
	}
	return OrderError{}, true
}

// Option is an order a power may give now, with its cost in tile points.
type Option struct {
	Order Order  `json:"order"`
	Cost  int    `json:"cost"`
	Note  string `json:"note"`
}

// Allowed lists the orders p may legally give in the open segment, with
// their costs. Nil when p has nothing to order.
func Allowed(s State, p Power) []Option {
	if !requires(s, p) {
		return nil
	}
	var opts []Option
	try := func(o Order, cost int, note string) {
		if len(Validate(s, p, []Order{o})) == 0 {
			opts = append(opts, Option{Order: o, Cost: cost, Note: note})
		}
	}
	ps := s.Powers[p]
	conv := "idle to civilian: +2 income from next turn (13.21C)"
	for _, r := range civilianCounters {
		if r.Power == p && ps.Factories.Civilian+1 == r.Civilian {
			conv += fmt.Sprintf("; adds a %d activity counter now (%s)", r.Strength, r.Rule)
		}
	}
	try(Order{Kind: Convert, From: Idle}, ConvertCost(s, p), conv)
	mob := "to military: a mobilization (14.6), -1 maintenance from next turn (11.82)"
	if MobilizationSupport(p, ps.Factories.Military+1) > MobilizationSupport(p, ps.Factories.Military) {
		mob += "; +1 support and +1 tile point now (10.41A, 13.21D)"
	}
	try(Order{Kind: Mobilize, From: Idle}, MobilizeCost(s, p), "idle "+mob)
	try(Order{Kind: Mobilize, From: Civilian}, MobilizeCost(s, p), "civilian "+mob+"; -2 income (11.21A)")
	return opts
}

// resolveEconomic resolves the industrial segment of the economic phase:
// every power's conversion at once (14.51), revealed together (13.12A).
func resolveEconomic(s *State, orders map[Power][]Order, evs *[]Event) {
	// 14.51: validate everything against the state before any change, then
	// apply; the powers' conversions do not interact.
	accepted := map[Power]Order{}
	for _, p := range Powers {
		os := orders[p]
		bad := map[int]bool{}
		for _, e := range validate(*s, p, os) {
			bad[e.index] = true
			*evs = append(*evs, OrderVoided{Power: p, Order: e.Order, Rule: e.Rule, Msg: e.Msg})
		}
		if len(os) > 0 && !bad[0] {
			accepted[p] = os[0]
		}
	}
	for _, p := range Powers {
		o, ok := accepted[p]
		if !ok {
			*evs = append(*evs, NoConversion{Power: p})
			continue
		}
		applyConversion(s, p, o, evs)
	}
}

// applyConversion carries out one validated conversion.
func applyConversion(s *State, p Power, o Order, evs *[]Event) {
	ps := s.Powers[p]
	from, to := o.From, o.To()
	if from == "" {
		from = Idle
	}
	cost := ConvertCost(*s, p)
	if o.Kind == Mobilize {
		cost = MobilizeCost(*s, p)
	}
	before := ps.Counters
	supportBefore := MobilizationSupport(p, ps.Factories.Military)
	ps.TilePoints -= cost // 6.12: checked by Validate
	ps.Factories.add(from, -1)
	ps.Factories.add(to, 1)
	ps.ConvertedThisTurn = true // 14.41
	*evs = append(*evs, FactoryConverted{Power: p, From: from, To: to, Cost: cost,
		TilePoints: ps.TilePoints, Factories: ps.Factories})

	// 13.21A, 12.22A/B: civilian-factory counters follow the factories now.
	ps.Counters = countersFor(p, ps.Pool, ps.Factories)
	counterEvents(p, before, ps.Counters, ps.Factories, evs)

	if o.Kind == Mobilize {
		ps.Mobilizations++
		ps.PendingMobilizations++
		ps.MobilizationTurns = append(ps.MobilizationTurns, s.Turn) // 14.43B
		*evs = append(*evs, Mobilized{Power: p, Number: ps.Mobilizations,
			Note: "units of 14.7 to be chosen later (not yet implemented)"})
		// 10.41A, 13.21D: a support increase gains a tile point at once and
		// raises the support level for the rest of the turn.
		if after := MobilizationSupport(p, ps.Factories.Military); after > supportBefore {
			gain := after - supportBefore
			ps.TilePoints += gain
			ps.Support += gain
			*evs = append(*evs, SupportFromMobilization{Power: p, Support: after, TileGained: gain})
		}
	}
}

// counterEvents reports the 12.22A/B counters gained or lost.
func counterEvents(p Power, before, after ActivityCounters, f Factories, evs *[]Event) {
	if d := after.Research - before.Research; d != 0 {
		*evs = append(*evs, ActivityCounterChanged{Power: p, Strength: 1, Research: true, Delta: d, Rule: "12.22A"})
	}
	if d := after.Two - before.Two; d != 0 {
		*evs = append(*evs, ActivityCounterChanged{Power: p, Strength: 2, Delta: d, Rule: "12.22B"})
	}
}
