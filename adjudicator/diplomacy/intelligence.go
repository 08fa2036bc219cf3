package diplomacy

import (
	"fmt"
	"slices"
	"strings"

	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/randomevent"
	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/track"
)

// Intelligence in the diplomatic phase (16.16A-C, H; 24.551).
//
// Spy rings (16.16B) are placed or reactivated in the spy-ring segment at
// the end of the economic phase, the Axis, the Allies and Russia in turn;
// each side's leader (Germany, Britain, Russia, as for its intelligence
// points, docs/rules.md r-15-21) orders them. An activated diplomatic ring
// makes the opposing counters in its target open (24.551A) and reveals the
// opposing secret diplomatic events there; while not eliminated it lifts
// the placement limits there and is worth +1 (24.551B).
//
// Covert operations (16.16A), counter-intelligence (16.16C) and Russian
// subversion (16.16H) are conducted in the covert segment, after every
// counter and event of the turn is revealed. The judge never asks for them
// by name: a held intelligence result is secret until it is used (15.63),
// and asking its holder would announce it. They are given in advance, with
// any email of the turn until the Axis' second round closes, as orders for
// the covert segment with conditions (storm.IntelConditions, judged here)
// over what the reveal shows (docs/orders.md "COVERT"); the segment then resolves at
// once, in the order Germany, Italy, Britain, France, Russia.

// reactivationTurns is how long a ring waits between activations (16.16B:
// no sooner than four turns after the last).
const reactivationTurns = 4

// ActiveRing reports a diplomatic spy ring of side activated this turn in
// country and not eliminated (24.551B).
func ActiveRing(s storm.State, side storm.Side, country string) bool {
	return slices.ContainsFunc(s.Diplomacy.Rings, func(r storm.SpyRing) bool {
		return r.Side == side && r.Country == country && r.Activated == s.Turn && r.Eliminated == ""
	})
}

// activatedRing reports a spy ring of side activated this turn in country,
// eliminated or not (24.551A: the guaranteed effects), or a public random
// event's spy ring of side there.
func activatedRing(s storm.State, side storm.Side, country string) bool {
	return slices.ContainsFunc(s.Diplomacy.Rings, func(r storm.SpyRing) bool {
		return r.Side == side && r.Country == country && r.Activated == s.Turn
	}) || slices.ContainsFunc(s.Diplomacy.SpyRings, func(r storm.SpyRingEffect) bool { return storm.SideOf(r.Power) == side && r.Country == country })
}

// OpenPlacement reports that p's counters in country are placed openly
// (24.551A): an opposing spy ring was activated there this turn, and p's
// side has none there (16.16B: with rings of both sides each commits
// secretly).
func OpenPlacement(s storm.State, p storm.Power, country string) bool {
	own := storm.SideOf(p)
	if activatedRing(s, own, country) {
		return false
	}
	for _, side := range []storm.Side{storm.Axis, storm.Allies, storm.Soviet} {
		if side != own && activatedRing(s, side, country) {
			return true
		}
	}
	return false
}

func reactivatable(s storm.State, activated storm.Turn) bool {
	return s.Turn.Index()-activated.Index() >= reactivationTurns
}

// IntelligenceChoice reports whether side has a choice in the spy-ring
// segment: an espionage result to place or a ring it may reactivate.
// A ring due for reactivation does not make the segment ask: reactivation
// is optional and may be sent in advance (docs/rules.md r-16-16b-order);
// asking every turn for a ring that may stand for years would cost a round
// trip each turn.
func IntelligenceChoice(s storm.State, side storm.Side) bool {
	return track.HeldResults(s, side, storm.ProjectEspionage) > 0
}

// Reactivations lists side's rings it may reactivate now (16.16B).
func Reactivations(s storm.State, side storm.Side) []storm.Order {
	var out []storm.Order
	for _, r := range s.Diplomacy.Rings {
		if r.Side == side && r.Eliminated == "" && reactivatable(s, r.Activated) {
			if o := (storm.Order{Kind: storm.ReactivateOrder, Project: r.Country}); func() bool { rule, _ := CheckRingLine(s, side, o); return rule == "" }() {
				out = append(out, o)
			}
		}
	}
	for _, r := range s.Sheets.SpyRings {
		if r.Side == side && !r.Eliminated && reactivatable(s, r.Activated) {
			out = append(out, storm.Order{Kind: storm.ReactivateOrder, Project: "research", Args: []string{string(r.Target), string(r.Category)}})
		}
	}
	return out
}

// opposingSides are the sides whose research a side may spy on.
func opposingSides(side storm.Side) []storm.Side {
	var out []storm.Side
	for _, x := range []storm.Side{storm.Axis, storm.Allies, storm.Soviet} {
		if x != side {
			out = append(out, x)
		}
	}
	return out
}

// ringTarget reads a spy ring order's target: a country, or a research
// category of an opposing side.
func ringTarget(o storm.Order) (country string, target storm.Side, c storm.ResearchCategory) {
	if o.Project == "research" && len(o.Args) == 2 {
		return "", storm.Side(o.Args[0]), storm.ResearchCategory(o.Args[1])
	}
	return o.Project, "", ""
}

// CheckSpyRings checks p's orders of the spy-ring segment (16.16B): each
// line (checkSpyRingLines), and every espionage result placed now (a
// result is not held for a later turn). Validate uses it; the resolution
// checks the lines only and lets an unplaced result lapse.
func CheckSpyRings(s storm.State, p storm.Power, orders []storm.Order) []storm.IndexedError {
	errs := checkSpyRingLines(s, p, orders)
	side := storm.SideOf(p)
	placed := 0
	for _, o := range orders {
		if o.Kind == storm.SpyRingOrder {
			placed++
		}
	}
	if held := track.HeldResults(s, side, storm.ProjectEspionage); len(errs) == 0 && placed < held && slices.Contains(storm.IntelligenceLeaders, p) {
		e := storm.IndexedError{OrderError: storm.OrderError{Order: storm.Order{Kind: storm.SpyRingOrder}, Rule: "16.16B",
			Msg: fmt.Sprintf("the %s must place every espionage result now (%d held, %d placed): a spy ring is not held for a later turn", side, held, placed)}, Index: 0}
		if len(orders) > 0 {
			e.Order = orders[0]
		}
		errs = append(errs, e)
	}
	return errs
}

// checkSpyRingLines checks each of p's spy-ring lines: the leader orders,
// no ring named twice, a legal target (CheckRingLine), no more new rings
// than espionage results held.
func checkSpyRingLines(s storm.State, p storm.Power, orders []storm.Order) []storm.IndexedError {
	var errs []storm.IndexedError
	bad := func(i int, rule, format string, a ...any) {
		errs = append(errs, storm.IndexedError{OrderError: storm.OrderError{Order: orders[i], Rule: rule, Msg: fmt.Sprintf(format, a...)}, Index: i})
	}
	side := storm.SideOf(p)
	if !slices.Contains(storm.IntelligenceLeaders, p) {
		for i := range orders {
			bad(i, "16.16B", "%s orders its side's spy rings (docs/rules.md, who orders a side's intelligence)", track.ResearchLeader(side).Title())
		}
		return errs
	}
	held := track.HeldResults(s, side, storm.ProjectEspionage)
	placed := 0
	seen := map[string]bool{}
	for i, o := range orders {
		country, target, c := ringTarget(o)
		key := country + string(target) + "/" + string(c)
		if seen[key] {
			bad(i, "16.16B", "this spy ring is named twice")
			continue
		}
		seen[key] = true
		if rule, msg := CheckRingLine(s, side, o); rule != "" {
			bad(i, rule, "%s", msg)
			continue
		}
		if o.Kind == storm.SpyRingOrder {
			placed++
			if placed > held {
				bad(i, "16.16B", "the %s hold %d espionage result(s) to place", side, held)
			}
		}
	}
	return errs
}

// CheckRingLine checks one SPY RING or REACTIVATE line of side (16.16B),
// apart from the number of espionage results held.
func CheckRingLine(s storm.State, side storm.Side, o storm.Order) (rule, msg string) {
	if o.Kind != storm.SpyRingOrder && o.Kind != storm.ReactivateOrder {
		return "7.31", fmt.Sprintf("%q is not an order of %s", string(o.Kind), storm.SegSpyRings.Title())
	}
	country, target, c := ringTarget(o)
	if country == "" {
		switch {
		case !slices.Contains(opposingSides(side), target):
			return "16.16B", fmt.Sprintf("a research spy ring goes into an opposing side's research (%s)", sideNames(opposingSides(side)))
		case !slices.Contains(storm.ResearchCategories, c):
			return "16.16B", fmt.Sprintf("%q is not a research category (15.12)", string(c))
		}
	} else {
		name, ok := storm.FindCountry(country)
		switch {
		case !ok || name == storm.RussiaTarget:
			return "16.16B", "a spy ring goes into a diplomatic target (24.21) or an opposing side's research"
		case storm.Conquered(s, name):
			return "24.56A", fmt.Sprintf("%s was the target of a successful aggression", name)
		}
		if rule, msg := checkCivilWarTarget(s, track.ResearchLeader(side), name); rule != "" { // 25.51, 25.81
			return rule, msg
		}
		country = name
	}
	if o.Kind == storm.ReactivateOrder {
		return checkReactivate(s, side, country, target, c)
	}
	if track.HeldResults(s, side, storm.ProjectEspionage) == 0 {
		return "16.16B", fmt.Sprintf("the %s hold no espionage result", side)
	}
	if country != "" && slices.ContainsFunc(s.Diplomacy.Rings, func(r storm.SpyRing) bool {
		return r.Side == side && r.Country == country && r.Eliminated == ""
	}) {
		return "16.16B", fmt.Sprintf("your side already has a spy ring in %s: a second would eliminate both; reactivate it instead", country)
	}
	return "", ""
}

func sideNames(ss []storm.Side) string {
	var out []string
	for _, x := range ss {
		out = append(out, strings.ToUpper(string(x)))
	}
	return strings.Join(out, " or ")
}

// checkReactivate checks REACTIVATE: side's standing ring, activated at
// least four turns ago (16.16B).
func checkReactivate(s storm.State, side storm.Side, country string, target storm.Side, c storm.ResearchCategory) (rule, msg string) {
	var last storm.Turn
	found := false
	if country != "" {
		for _, r := range s.Diplomacy.Rings {
			if r.Side == side && r.Country == country && r.Eliminated == "" {
				last, found = r.Activated, true
			}
		}
	} else {
		for _, r := range s.Sheets.SpyRings {
			if r.Side == side && r.Target == target && r.Category == c && !r.Eliminated {
				last, found = r.Activated, true
			}
		}
	}
	switch {
	case !found:
		return "16.16B", "your side has no standing spy ring there"
	case !reactivatable(s, last):
		return "16.16B", fmt.Sprintf("last activated in %s: a ring is reactivated no sooner than four turns later", last)
	}
	return "", ""
}

// ResolveSpyRings is the spy-ring segment (16.16B): the Axis, the Allies
// and Russia place their new rings and reactivate old ones in turn; an
// espionage result not placed lapses; then the activated rings' opposing
// secret events in their targets are revealed (24.551A).
func ResolveSpyRings(s *storm.State, orders map[storm.Power][]storm.Order, evs *[]event.Event) {
	if !s.Diplomacy.On {
		*evs = append(*evs, event.SegmentSkipped{Turn: s.Turn, Segment: s.Segment, Note: event.NotImplemented})
		return
	}
	leftoverForDiplomacy(s)
	orders = storm.TakeStanding(s, orders)
	for _, p := range storm.IntelligenceLeaders {
		side := storm.SideOf(p)
		var ok []storm.Order
		if len(orders[p]) > 0 {
			// Lines are checked one by one: a result left unplaced
			// lapses below rather than voiding the others.
			ok = track.AcceptOrders(*s, p, orders[p], checkSpyRingLines, "16.16B", "spy ring", evs)
		}
		// Reactivations first: a new ring in a country where another
		// stands eliminates both, whoever placed the other.
		for _, o := range ok {
			if o.Kind == storm.ReactivateOrder {
				reactivateRing(s, side, o, evs)
			}
		}
		for _, o := range ok {
			if o.Kind == storm.SpyRingOrder {
				placeRing(s, side, o, evs)
			}
		}
		for track.HeldResults(*s, side, storm.ProjectEspionage) > 0 {
			track.UseResult(s, side, storm.ProjectEspionage)
			*evs = append(*evs, event.IntelligenceAnnounced{Turn: s.Turn, Side: side, Power: p, What: "espionage",
				Outcome: "an espionage result not placed lapses: a spy ring is not held for a later turn", Rule: "16.16B"})
		}
	}
	for _, r := range s.Diplomacy.Rings {
		if r.Activated == s.Turn {
			revealOpposingEvents(s, r.Side, r.Country, evs)
		}
	}
	for _, r := range s.Diplomacy.SpyRings { // a public random event's ring (24.551A)
		revealOpposingEvents(s, storm.SideOf(r.Power), r.Country, evs)
	}
}

// leftoverForDiplomacy turns what research left of this turn's random event
// counters for research or diplomacy into additional diplomatic counters
// (15.32D, 24.14): beyond the 12.41C counter, each counter the power used
// for research took one.
func leftoverForDiplomacy(s *storm.State) {
	spent := map[storm.Power]int{}
	for _, p := range storm.Powers {
		spent[p] = max(s.Powers[p].Economy.ResearchCounters-1, 0)
	}
	for _, x := range s.Diplomacy.Leftover {
		used := min(spent[x.Power], x.Count)
		spent[x.Power] -= used
		if n := x.Count - used; n > 0 {
			x.Count = n
			s.Diplomacy.Extra = append(s.Diplomacy.Extra, x)
		}
	}
	s.Diplomacy.Leftover = nil
}

// placeRing places one new spy ring of side (16.16B).
func placeRing(s *storm.State, side storm.Side, o storm.Order, evs *[]event.Event) {
	p := track.ResearchLeader(side)
	country, target, c := ringTarget(o)
	if country == "" {
		if err := track.PlaceResearchSpyRing(s, side, target, c, evs); err == nil {
			*evs = append(*evs, event.IntelligenceAnnounced{Turn: s.Turn, Side: side, Power: p, What: "spy ring",
				Target:  fmt.Sprintf("%s %s research", target, c),
				Outcome: fmt.Sprintf("placed: the %s reveal the steps of their %s projects to the %s (16.16B)", target, c, side), Rule: "16.16B"})
		}
		return
	}
	country, _ = storm.FindCountry(country)
	track.UseResult(s, side, storm.ProjectEspionage)
	ring := storm.SpyRing{Side: side, Country: country, Placed: s.Turn, Activated: s.Turn}
	outcome := "placed and activated: opposing counters there are placed openly, opposing secret events there revealed (24.551A); +1 for the " + string(side) + " and no placement limit there (24.551B)"
	for i, r := range s.Diplomacy.Rings {
		if r.Country == country && r.Eliminated == "" {
			why := fmt.Sprintf("two spy rings in %s (16.16B)", country)
			s.Diplomacy.Rings[i].Eliminated = why
			ring.Eliminated = why
			outcome = fmt.Sprintf("placed where the %s have a spy ring: both are eliminated (16.16B); this turn's open placement and revealed events still apply (24.551A)", r.Side)
		}
	}
	s.Diplomacy.Rings = append(s.Diplomacy.Rings, ring)
	*evs = append(*evs, event.IntelligenceAnnounced{Turn: s.Turn, Side: side, Power: p, What: "spy ring", Target: country, Outcome: outcome, Rule: "16.16B"})
}

// reactivateRing activates side's standing ring again (16.16B).
func reactivateRing(s *storm.State, side storm.Side, o storm.Order, evs *[]event.Event) {
	p := track.ResearchLeader(side)
	country, target, c := ringTarget(o)
	if country == "" {
		for i, r := range s.Sheets.SpyRings {
			if r.Side == side && r.Target == target && r.Category == c && !r.Eliminated {
				s.Sheets.SpyRings[i].Activated, s.Sheets.SpyRings[i].Used = s.Turn, false
				track.RevealResearch(s, side, target, c, evs)
				*evs = append(*evs, event.IntelligenceAnnounced{Turn: s.Turn, Side: side, Power: p, What: "spy ring reactivated",
					Target: fmt.Sprintf("%s %s research", target, c), Outcome: "the steps of that category are revealed again (16.16B)", Rule: "16.16B"})
				return
			}
		}
		return
	}
	country, _ = storm.FindCountry(country)
	for i, r := range s.Diplomacy.Rings {
		if r.Side == side && r.Country == country && r.Eliminated == "" {
			s.Diplomacy.Rings[i].Activated = s.Turn
			*evs = append(*evs, event.IntelligenceAnnounced{Turn: s.Turn, Side: side, Power: p, What: "spy ring reactivated", Target: country,
				Outcome: "active this turn, with the effects of its first turn (16.16B, 24.551)", Rule: "16.16B"})
			return
		}
	}
}

// revealOpposingEvents reveals the secret diplomatic events the opponents
// of side hold for country (24.551A); they take effect as at 9.41D.
func revealOpposingEvents(s *storm.State, side storm.Side, country string, evs *[]event.Event) {
	if s.Events == nil {
		return
	}
	var due []storm.HeldEvent
	s.Events.Held = slices.DeleteFunc(s.Events.Held, func(h storm.HeldEvent) bool {
		if !h.Secret || h.At != storm.RevealDiplomacy || storm.SideOf(h.Power) == side || !h.Power.Valid() {
			return false
		}
		for _, e := range randomevent.EventOf(s.Events, h).Effects {
			if e.Country == country {
				due = append(due, h)
				return true
			}
		}
		return false
	})
	for _, h := range due {
		randomevent.PlayEvent(s, h, nil, "revealed by a spy ring in "+country, "24.551A", evs)
	}
}

// CheckCovert checks p's orders of the covert segment (16.16A, C, H):
// who may give each, the targets and the results held. Conditions are
// judged when the segment resolves.
func CheckCovert(s storm.State, p storm.Power, orders []storm.Order) []storm.IndexedError {
	var errs []storm.IndexedError
	bad := func(i int, rule, format string, a ...any) {
		errs = append(errs, storm.IndexedError{OrderError: storm.OrderError{Order: orders[i], Rule: rule, Msg: fmt.Sprintf(format, a...)}, Index: i})
	}
	side := storm.SideOf(p)
	for i, o := range orders {
		switch o.Kind {
		case storm.CovertOrder:
			if track.HeldResults(s, side, storm.ProjectCovertOperations) == 0 {
				bad(i, "16.16A", "the %s hold no covert operations result", side)
				continue
			}
			if c, _ := storm.FindCountry(o.Project); c == storm.RussiaTarget {
				continue // 10.91F: it removes a flag there, if any when conducted
			}
			if rule, msg := CheckIntelTarget(s, p, o.Project); rule != "" {
				bad(i, rule, "%s", msg)
			}
		case storm.SubvertOrder:
			if p != storm.Russia {
				bad(i, "16.16H", "subversion is Russia's")
				continue
			}
			if track.HeldResults(s, storm.Soviet, storm.ProjectSubversion) == 0 {
				bad(i, "16.16H", "Russia holds no level of subversion")
				continue
			}
			if c, _ := storm.FindCountry(o.Project); c == storm.RussiaTarget {
				bad(i, "16.16H", "subversion goes to a minor country")
				continue
			}
			if rule, msg := CheckIntelTarget(s, p, o.Project); rule != "" {
				bad(i, rule, "%s", msg)
			}
		case storm.CounterIntelOrder:
			if !slices.Contains(storm.IntelligenceLeaders, p) {
				bad(i, "16.16C", "%s orders its side's counter-intelligence (docs/rules.md, who orders a side's intelligence)", track.ResearchLeader(side).Title())
				continue
			}
			if track.HeldResults(s, side, storm.ProjectCounterIntel) == 0 {
				bad(i, "16.16C", "the %s hold no counter-intelligence result", side)
				continue
			}
			if len(o.Args) == 0 {
				continue
			}
			switch {
			case o.Args[0] == "covert" && o.Project != "any":
				if rule, msg := CheckIntelTarget(s, 0, o.Project); rule != "" {
					bad(i, rule, "%s", msg)
				}
			case o.Args[0] == "ring" && o.Project == "research":
				c := storm.ResearchCategory(o.Args[len(o.Args)-1])
				if !slices.ContainsFunc(s.Sheets.SpyRings, func(r storm.ResearchSpyRing) bool {
					return r.Target == side && r.Category == c && r.Activated == s.Turn && !r.Eliminated
				}) {
					bad(i, "16.16C", "no opposing spy ring was activated in your %s research this turn", c)
				}
			case o.Args[0] == "ring":
				country, _ := storm.FindCountry(o.Project)
				if !slices.ContainsFunc(s.Diplomacy.Rings, func(r storm.SpyRing) bool {
					return r.Side != side && r.Country == country && r.Activated == s.Turn && r.Eliminated == ""
				}) {
					bad(i, "16.16C", "no opposing spy ring is active in %s this turn", country)
				}
			}
		case storm.SupportEventOrder: // 10.41C (supportevents.go)
			if rule, msg := CheckSupportEvent(s, p, o); rule != "" {
				bad(i, rule, "%s", msg)
			}
		default:
			bad(i, "7.31", "%q is not an order of %s", string(o.Kind), storm.SegCovert.Title())
		}
	}
	return errs
}

// CheckIntelTarget checks a covert operation's or subversion's target:
// a diplomatic target not conquered (16.16A, H), open to p's diplomacy
// (25.51, 25.81; p 0: any power).
func CheckIntelTarget(s storm.State, p storm.Power, name string) (rule, msg string) {
	country, ok := storm.FindCountry(name)
	switch {
	case !ok:
		return "24.21", fmt.Sprintf("%q is not a diplomatic target (24.21)", name)
	case country == storm.RussiaTarget && p == 0:
		return "", "" // a covert operation may go there (10.91F), subversion not (checked with the power)
	case storm.Conquered(s, country):
		return "24.56A", fmt.Sprintf("%s was the target of a successful aggression", country)
	}
	if p.Valid() {
		return checkCivilWarTarget(s, p, country)
	}
	if storm.CivilWarEnded(s, country) {
		return "25.81", fmt.Sprintf("the civil war in %s has ended: no covert operations there", country)
	}
	return "", ""
}

// condHolds judges a condition for side in a target with effort e.
func condHolds(cond string, e storm.Effort, side storm.Side) bool {
	own, best := 0, 0
	for _, x := range []storm.Side{storm.Axis, storm.Allies, storm.Soviet} {
		n := e.Of(x)
		if x == side {
			own = n
		} else {
			best = max(best, n)
		}
	}
	switch cond {
	case "":
		return true
	case storm.CondBehind:
		return own < best
	case storm.CondNotAhead:
		return own <= best
	case storm.CondDecisive:
		after := e
		after.Add(side, 1)
		return after.Winner() != e.Winner()
	}
	return false
}

// ResolveCovert is the covert segment (16.16A, C, H): counter-intelligence
// against this turn's spy rings, then each power's covert operation in the
// order Germany, Italy, Britain, France, Russia, each met at once by any
// counter-intelligence ordered against it, then Russia's subversion.
func ResolveCovert(s *storm.State, orders map[storm.Power][]storm.Order, evs *[]event.Event) {
	if !s.Diplomacy.On {
		*evs = append(*evs, event.SegmentSkipped{Turn: s.Turn, Segment: s.Segment, Note: event.NotImplemented})
		return
	}
	orders = storm.TakeStanding(s, orders)
	ok := map[storm.Power][]storm.Order{}
	for _, p := range storm.Powers {
		if len(orders[p]) > 0 {
			ok[p] = track.AcceptOrders(*s, p, orders[p], CheckCovert, "16.16", "covert", evs)
		}
	}
	// Counter-intelligence lines, each usable once.
	type ciLine struct {
		side storm.Side
		o    storm.Order
		used bool
	}
	var ci []*ciLine
	for _, p := range storm.IntelligenceLeaders {
		for _, o := range ok[p] {
			if o.Kind == storm.CounterIntelOrder {
				ci = append(ci, &ciLine{side: storm.SideOf(p), o: o})
			}
		}
	}
	useCI := func(l *ciLine) bool {
		if !track.UseResult(s, l.side, storm.ProjectCounterIntel) {
			return false
		}
		l.used = true
		return true
	}
	// 16.16C: against spy rings, once placements and events are revealed.
	for _, l := range ci {
		if len(l.o.Args) == 0 || l.o.Args[0] != "ring" {
			continue
		}
		p := track.ResearchLeader(l.side)
		if l.o.Project == "research" {
			c := storm.ResearchCategory(l.o.Args[len(l.o.Args)-1])
			for i, r := range s.Sheets.SpyRings {
				if r.Target == l.side && r.Category == c && r.Activated == s.Turn && !r.Eliminated && useCI(l) {
					s.Sheets.SpyRings[i].Eliminated = true
					*evs = append(*evs, event.IntelligenceAnnounced{Turn: s.Turn, Side: l.side, Power: p, What: "counter-intelligence",
						Target:  fmt.Sprintf("the %s spy ring in %s %s research", r.Side, l.side, c),
						Outcome: "eliminated: it gives no research point (16.16B-C)", Rule: "16.16C"})
					break
				}
			}
			continue
		}
		country, _ := storm.FindCountry(l.o.Project)
		for i, r := range s.Diplomacy.Rings {
			if r.Side != l.side && r.Country == country && r.Activated == s.Turn && r.Eliminated == "" && useCI(l) {
				s.Diplomacy.Rings[i].Eliminated = "counter-intelligence (16.16C)"
				outcome := "eliminated: no +1 and no exception to the placement limits there (24.551B)"
				if w := withdrawRingCounters(s, r.Side, country); w != "" {
					outcome += "; " + w
				}
				*evs = append(*evs, event.IntelligenceAnnounced{Turn: s.Turn, Side: l.side, Power: p, What: "counter-intelligence",
					Target: fmt.Sprintf("the %s spy ring in %s", r.Side, country), Outcome: outcome, Rule: "16.16C"})
				break
			}
		}
	}
	// 16.16A: covert operations in the order of 15.63.
	for _, p := range storm.Powers {
		side := storm.SideOf(p)
		for _, o := range ok[p] {
			if o.Kind != storm.CovertOrder {
				continue
			}
			country, _ := storm.FindCountry(o.Project)
			eff, _, _ := TargetEffort(*s, country)
			if !condHolds(storm.OrderCond(o), eff, side) || track.HeldResults(*s, side, storm.ProjectCovertOperations) == 0 {
				continue
			}
			if country == storm.RussiaTarget && !russiaFlagToRemove(*s, side) {
				continue // 10.91F: only against a flag there
			}
			track.UseResult(s, side, storm.ProjectCovertOperations)
			var countered *ciLine
			for _, l := range ci {
				if l.used || l.side == side || len(l.o.Args) == 0 || l.o.Args[0] != "covert" {
					continue
				}
				if l.o.Project != "any" {
					if c, _ := storm.FindCountry(l.o.Project); c != country {
						continue
					}
				}
				if storm.OrderCond(l.o) == storm.CondDecisive && !condHolds(storm.CondDecisive, eff, side) {
					continue
				}
				if useCI(l) {
					countered = l
					break
				}
			}
			ann := event.IntelligenceAnnounced{Turn: s.Turn, Side: side, Power: p, What: "covert operation", Target: country, Rule: "16.16A"}
			if countered != nil {
				ann.Outcome = fmt.Sprintf("eliminated by %s counter-intelligence before it takes effect (16.16C)", countered.side)
			} else if country == storm.RussiaTarget { // 10.91F
				ann.Outcome, _ = covertInRussia(s, side, evs)
			} else {
				s.Diplomacy.Modifiers = append(s.Diplomacy.Modifiers, storm.DiplomaticModifier{Country: country, Side: side, Power: p, Value: 1, Rule: "16.16A"})
				ann.Outcome = fmt.Sprintf("+1 for %s", p.Title())
			}
			*evs = append(*evs, ann)
			break // one covert operation a power (16.16A: one held)
		}
	}
	// 16.16H: subversion, after every covert operation.
	for _, o := range ok[storm.Russia] {
		if o.Kind != storm.SubvertOrder || track.HeldResults(*s, storm.Soviet, storm.ProjectSubversion) == 0 {
			continue
		}
		country, _ := storm.FindCountry(o.Project)
		eff, _, _ := TargetEffort(*s, country)
		if !condHolds(storm.OrderCond(o), eff, storm.Soviet) {
			continue
		}
		track.UseResult(s, storm.Soviet, storm.ProjectSubversion)
		s.Diplomacy.Modifiers = append(s.Diplomacy.Modifiers, storm.DiplomaticModifier{Country: country, Side: storm.Soviet, Power: storm.Russia, Value: 1, Rule: "16.16H"})
		*evs = append(*evs, event.IntelligenceAnnounced{Turn: s.Turn, Side: storm.Soviet, Power: storm.Russia, What: "subversion", Target: country,
			Outcome: "+1 for Russia", Rule: "16.16H"})
	}
	applySupportChoices(s, ok, evs) // 10.41C: after covert operations and subversion (supportevents.go)
}

// withdrawRingCounters re-counts side's counters placed in country under
// its spy ring's exception once the ring is eliminated (24.551B: the
// exception holds only if the ring is not then eliminated): a counter that
// fits within the limits of 24.54E and 24.55A, D counts against them; one
// that does not is withdrawn, counts for nothing and is not paid.
func withdrawRingCounters(s *storm.State, side storm.Side, country string) string {
	var out []string
	for i, pl := range s.Diplomacy.Placements {
		if storm.SideOf(pl.Power) != side || pl.Country != country || pl.Exempt != SpyRingExempt || pl.Void != "" {
			continue
		}
		counted, inRound := 0, 0
		for _, q := range s.Diplomacy.Placements {
			if q.Power == pl.Power && q.CountsAgainstLimit() {
				counted++
				if q.Round == pl.Round {
					inRound++
				}
			}
		}
		if pl.Power == storm.Russia && pl.Permit == 0 && !russiaMayPlace(*s, country) && !storm.Fighting(*s, country) {
			// 16.16B: the ring let Russia place where it otherwise may not.
			s.Diplomacy.Placements[i].Void = "24.551B"
			out = append(out, "Russia's counter there stood only by the ring: withdrawn, not counted and not paid (24.61, 16.16B)")
			continue
		}
		axis := pl.Round == storm.SegDiplomacyAxis1 || pl.Round == storm.SegDiplomacyAxis2
		if counted < 2 && (!axis || inRound < 1) {
			s.Diplomacy.Placements[i].Exempt = ""
			out = append(out, fmt.Sprintf("%s's counter there now counts against its limits", pl.Power.Title()))
			continue
		}
		s.Diplomacy.Placements[i].Void = "24.551B"
		out = append(out, fmt.Sprintf("%s's counter there was beyond its limits without the ring: withdrawn, not counted and not paid (24.54E)", pl.Power.Title()))
	}
	return strings.Join(out, "; ")
}

// SpyRingExempt is the 24.54E exception of a counter in a spy ring's target.
const SpyRingExempt = "a spy ring (24.551B, 24.54E)"

// ValidateSpyRings is Validate for the spy-ring segment; the state it
// returns is s, which the orders do not change.
func ValidateSpyRings(s storm.State, p storm.Power, orders []storm.Order) ([]storm.IndexedError, storm.State) {
	return CheckSpyRings(s, p, orders), s
}

// SpyRingOptions offers p's spy-ring orders (16.16B).
func SpyRingOptions(s storm.State, p storm.Power) []storm.Option {
	side := storm.SideOf(p)
	var out []storm.Option
	if track.HeldResults(s, side, storm.ProjectEspionage) > 0 {
		note := fmt.Sprintf("a new spy ring (you must place %d now, 16.16B): opposing counters there placed openly and opposing secret events revealed (24.551A); +1 and no placement limit there while it stands (24.551B)",
			track.HeldResults(s, side, storm.ProjectEspionage))
		for _, c := range DiplomaticTargets(s) {
			if o := (storm.Order{Kind: storm.SpyRingOrder, Project: c}); func() bool { r, _ := CheckRingLine(s, side, o); return r == "" }() {
				out = append(out, storm.Option{Order: o, Note: note})
			}
		}
		for _, t := range opposingSides(side) {
			for _, c := range storm.ResearchCategories {
				out = append(out, storm.Option{Order: storm.Order{Kind: storm.SpyRingOrder, Project: "research", Args: []string{string(t), string(c)}},
					Note: fmt.Sprintf("%s %s steps are revealed to you now; next turn one free point in that category (16.16B)", t.Possessive(), c)})
			}
		}
	}
	for _, o := range Reactivations(s, side) {
		out = append(out, storm.Option{Order: o, Note: "active again this turn, with the effects of its first turn (16.16B, 24.551)"})
	}
	return out
}

// IntelligenceLines words, for p's notice, the intelligence results its
// side holds and when they are ordered (16.16).
func IntelligenceLines(s storm.State, p storm.Power) []string {
	if !s.Diplomacy.On {
		return nil
	}
	side := storm.SideOf(p)
	var out []string
	if n := track.HeldResults(s, side, storm.ProjectCovertOperations); n > 0 {
		out = append(out, fmt.Sprintf("Your side holds %d covert operation(s) (16.16A): send COVERT <country> [IF BEHIND | IF NOT AHEAD | IF DECISIVE] with any email of the turn until the Axis' second round closes; the lines are alternatives, the first whose condition holds when your turn comes is conducted.", n))
	}
	if n := track.HeldResults(s, side, storm.ProjectCounterIntel); n > 0 && p == track.ResearchLeader(side) {
		out = append(out, fmt.Sprintf("Your side holds %d counter-intelligence result(s) (16.16C): COUNTER-INTELLIGENCE COVERT <country> | ANY [IF DECISIVE], COUNTER-INTELLIGENCE SPY RING <country>, or COUNTER-INTELLIGENCE SPY RING RESEARCH <category>, sent before the covert segment.", n))
	}
	if n := track.HeldResults(s, side, storm.ProjectSubversion); n > 0 && p == storm.Russia {
		out = append(out, fmt.Sprintf("You hold %d level(s) of subversion (16.16H): one SUBVERT <country> [IF <condition>] line a level, conducted after the covert operations.", n))
	}
	if rs := Reactivations(s, side); len(rs) > 0 && p == track.ResearchLeader(side) {
		var lines []string
		for _, o := range rs {
			lines = append(lines, o.String())
		}
		out = append(out, fmt.Sprintf("Your side's spy ring(s) may be reactivated this turn (16.16B): %s, with any email before the spy-ring segment (the economic one); you are not asked for it.", strings.Join(lines, "; ")))
	}
	if n := track.HeldResults(s, side, storm.ProjectEspionage); n > 0 && p == track.ResearchLeader(side) {
		out = append(out, fmt.Sprintf("Your side holds %d espionage result(s): SPY RING <country> or SPY RING RESEARCH <side> <category> in the spy-ring segment (16.16B).", n))
	}
	return out
}
