package economy

import (
	"fmt"
	"slices"
	"strings"

	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/randomevent"
	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/track"
)

// Research segment of the economic phase (13.11B, 15, 16).
//
// Orders (docs/orders.md, "Research"): kind Research with
//   - Project "" and Counters [n]: use one activity counter of strength n for
//     research (15.22, 12.41C); Args ["civilian"]: the research-only counter
//     of 12.22A/15.22A instead.
//   - Project set: one research point into the project (15.23A), from the
//     side's basic allocation (leader only) or the power's counters; Args
//     ["intelligence"] or ["advanced"]: the point of 15.23D or 15.23E/F;
//     ["spy"]: the spy-ring point of 16.16B; ["reassign"]: Points surplus
//     points of a random event moved to this project (15.24); ["purge"]:
//     Russia's free step for an unspent excess purge event (15.22E, 22.73E).
//   - Project "infantry" (storm.InfantryForAWAW) and Args ["purge"]: three
//     excess purge events for a 3-3 infantry unit of Russia's A World at
//     War force pool (22.73E), no project; the purge steps share the events.

// ResearchKinds are the orders of the research segment.
var ResearchKinds = []storm.OrderKind{storm.Research}

// Stage is the shade of a step on the sheet (15.23B).
type Stage int

// Stages of 15.23B.
const (
	Clear     Stage = iota // steps 1-3
	LightGrey              // steps 4-6
	DarkGrey               // steps 7 on
)

// StageOf returns the stage of step n (1-based). 15.23B names the first
// three and the first six steps of a project; a project of several results
// is not shaded anew per result (docs/rules.md).
func StageOf(step int) Stage {
	switch {
	case step <= 3:
		return Clear
	case step <= 6:
		return LightGrey
	}
	return DarkGrey
}

// String names the stage as the research sheet shades it.
func (st Stage) String() string {
	return [...]string{"clear", "light grey", "dark grey"}[st]
}

// ResearchBanned reports 22.21B-C: Russia keeps only its one basic point.
func ResearchBanned(s storm.State, p storm.Power) bool {
	return p == storm.Russia && (s.Russia.GreatPurge || s.Sheets.Permits.RussianResearchBanned)
}

// banRule is the purge rule barring Russian research: the Great Purge
// (22.21C) or the Party purge applied to research (22.21B).
func banRule(s storm.State) string {
	if s.Russia.GreatPurge {
		return "22.21C"
	}
	return "22.21B"
}

// ProjectClosed returns the 15.42 restriction barring points from r now.
func ProjectClosed(s storm.State, r storm.ResearchProject) (rule, msg string) {
	pm := s.Sheets.Permits
	var key string // spelled only when there are permits: asked of every project for every order tried
	if len(pm.Closed) > 0 || len(pm.Opened) > 0 {
		key = storm.ProjectKey(r)
	}
	for _, c := range pm.Closed {
		if c.Project == key && c.Turn == s.Turn {
			return "15.42A", "a random event bars research points in " + r.ID() + " this turn"
		}
	}
	opened := slices.Contains(pm.Opened, key) // 15.42A-C: a random event opened it early
	switch {
	case r.Name == storm.ProjectWestWall && !pm.RhinelandRemilitarized && !opened:
		return "15.42A", "the Axis may not research the West Wall until Germany has remilitarized the Rhineland"
	case r.Name == storm.ProjectWestWall && pm.ConcreteShortage:
		return "15.42A", "the concrete shortage (German random event 7) bars West Wall research this turn"
	case r.Name == storm.ProjectAngloFrench && !pm.AngloFrench && !opened:
		return "15.42B", "the Allies may not research Anglo-French cooperation until the Axis commit an aggression other than Ethiopia or the Rhineland"
	case r.Name == storm.ProjectAtomic && !pm.Atomic && !opened:
		return "15.42C", "atomic research is closed until random event 72 or 144 is drawn"
	}
	return "", ""
}

// fewest returns the names among names (on side's sheet, still open) with
// the fewest steps (15.23D-F).
func fewest(s storm.State, side storm.Side, names []string) (best []string, steps int) {
	steps = storm.Unlimited
	for _, n := range names {
		r, ok := storm.FindProject(side, n)
		if !ok || s.Sheets.Remaining(r) == 0 {
			continue
		}
		if rule, _ := ProjectClosed(s, r); rule != "" {
			continue
		}
		st := s.Sheets.Steps(r)
		switch {
		case st < steps:
			best, steps = []string{r.ID()}, st
		case st == steps:
			best = append(best, r.ID())
		}
	}
	return best, steps
}

// checkResearch checks p's research orders against s (15.2-15.4, 16.16B).
func checkResearch(s storm.State, p storm.Power, orders []storm.Order) []storm.IndexedError {
	var errs []storm.IndexedError
	bad := func(i int, rule, format string, a ...any) {
		errs = append(errs, storm.IndexedError{OrderError: storm.OrderError{Order: orders[i], Rule: rule, Msg: fmt.Sprintf(format, a...)}, Index: i})
	}
	ps := s.Powers[p]
	side := storm.SideOf(p)
	alloc := storm.BasicAllocations[side]
	leader := alloc.Leader == p
	banned := ResearchBanned(s, p)

	// 22.73E: 3-3 infantry for A World at War, three excess purge events
	// a unit, before the steps those events may also pay for.
	infantry := 0
	for i, o := range orders {
		if o.Project != storm.InfantryForAWAW {
			continue
		}
		if rule, msg := track.CheckAWAWInfantry(s, p, o, infantry+1, s.Russia.ExcessPurgeEvents, "excess purge events (each beyond 30)"); rule != "" {
			bad(i, rule, "%s", msg)
			continue
		}
		infantry++
	}

	// Counters (15.22, 12.41C).
	var used storm.ActivityCounters
	general, civilian := 0, 0
	counterAt := -1
	for i, o := range orders {
		if o.Project != "" {
			continue
		}
		counterAt = max(counterAt, i)
		if banned {
			bad(i, banRule(s), "Russian research is barred by a purge: only the one basic point may be placed")
			continue
		}
		if len(o.Args) > 0 && o.Args[0] == storm.CounterCivilian {
			civilian++
			if civilian > 1 {
				bad(i, "12.41C", "only one research-only counter")
				continue
			}
			if ps.Available().Research < 1 {
				bad(i, "15.22A", "%s has no research-only counter (it comes with enough civilian factories, 12.22A)", p.Title())
				continue
			}
			used.Research++
			continue
		}
		if len(o.Counters) != 1 {
			bad(i, "12.41C", "name one activity counter by its strength, e.g. RESEARCH COUNTER 2")
			continue
		}
		general++
		if extra := ps.Economy.Options.ResearchCounters; general > 1+extra { // 12.41C, 15.32D
			if extra > 0 {
				bad(i, "15.32D", "a power may use one activity counter for research a turn, plus its research-only counter, plus %d this turn from a random event", extra)
			} else {
				bad(i, "12.41C", "a power may use only one activity counter for research a turn, plus its research-only counter")
			}
			continue
		}
		c, err := storm.CountersOf(o.Counters)
		if err != nil {
			bad(i, "12.21", "%v", err)
			continue
		}
		if o.Counters[0] == 0 {
			bad(i, "15.22", "a 0 activity counter adds no research point")
			continue
		}
		used = used.Add(c)
	}
	if used.Count() > 0 {
		if rule, msg := storm.CheckCounters(ps, used); rule != "" {
			bad(counterAt, rule, "%s", msg)
		}
	}
	budget := used.Points()
	if leader {
		budget += alloc.Basic
	}

	// Points.
	type target struct {
		i    int
		r    storm.ResearchProject
		kind string
	}
	// The points, in one list for all.
	targets := make([]target, 0, len(orders))
	perProject := map[string]int{} // 15.23A: normal, intelligence and advanced points
	reassigned := map[string]int{} // 15.24B
	stepsAsked := map[string]int{} // every kind, against the maximum
	surplus := map[storm.ResearchCategory]int{}
	for _, r := range s.Sheets.Surplus {
		if r.Turn == s.Turn && r.Power == p {
			surplus[r.Category] += r.Points
		}
	}
	normal, intel, adv := 0, 0, 0
	purges := 0                    // 22.73E: excess purge events spent
	purgeSteps := map[string]int{} // 15.22E: the steps of earlier turns included
	for _, id := range s.Sheets.PurgeSteps {
		purgeSteps[id]++
	}
	for i, o := range orders {
		if o.Project == "" || o.Project == storm.InfantryForAWAW {
			continue
		}
		r, ok := storm.FindProject(side, o.Project)
		if !ok {
			if ids := storm.AmbiguousProject(side, o.Project); ids != nil {
				bad(i, "15.41", "say which project: %s", strings.Join(ids, " or "))
			} else {
				bad(i, "15.41", "%q is not a project on the %s research record sheet", o.Project, side)
			}
			continue
		}
		kind := storm.PointKind(o)
		if kind != storm.PointReassign && track.OrderPoints(o) != 1 {
			bad(i, "15.23A", "no more than one research point may be assigned to a project a turn")
			continue
		}
		if rule, msg := ProjectClosed(s, r); rule != "" {
			bad(i, rule, "%s", msg)
			continue
		}
		switch kind {
		case storm.PointNormal:
			normal++
			if banned && (!leader || normal > alloc.Basic) {
				bad(i, banRule(s), "Russian research is barred by a purge: only the one basic point may be placed")
				continue
			}
			if normal > budget {
				// 15.2: points come from the allocation and the counters.
				if leader {
					bad(i, "15.21", "more research points than available: %d basic point(s) of the %s (%s) plus %d from counters used, this is point %d",
						alloc.Basic, side, alloc.Rule, used.Points(), normal)
				} else {
					bad(i, "15.22", "more research points than available: %d from counters used for research (RESEARCH COUNTER <strength>), this is point %d",
						used.Points(), normal)
				}
				continue
			}
		case storm.PointIntelligence:
			intel++
			switch {
			case !leader:
				bad(i, "15.21", "the %s intelligence point is placed by %s", side, alloc.Leader.Title())
				continue
			case banned:
				bad(i, "15.23D", "Russia may not place its intelligence point while its research is barred by a purge")
				continue
			case intel > alloc.Intelligence:
				bad(i, "15.21", "the %s have one intelligence point a turn", side)
				continue
			case !slices.Contains(storm.IntelligenceProjects, r.Name):
				bad(i, "15.23D", "the intelligence point goes to counter-intelligence, covert operations, espionage or codebreaking")
				continue
			}
			if best, n := fewest(s, side, storm.IntelligenceProjects); !slices.Contains(best, r.ID()) {
				bad(i, "15.23D", "the intelligence point must go to the intelligence project with the fewest steps (%s, %d)", strings.Join(best, " or "), n)
				continue
			}
		case storm.PointAdvanced:
			adv++
			switch {
			case !leader || alloc.Advanced == 0:
				bad(i, "15.21", "only Germany (for the Axis) and Russia have an advanced research point")
				continue
			case banned:
				bad(i, "15.23F", "Russia may not place its advanced point while its research is barred by a purge")
				continue
			case adv > alloc.Advanced:
				bad(i, "15.21", "one advanced research point a turn")
				continue
			case !slices.Contains(storm.AdvancedProjects[side], r.Name):
				bad(i, advancedRule(side), "the advanced point goes to %s", strings.Join(storm.AdvancedProjects[side], ", "))
				continue
			}
			if best, n := fewest(s, side, storm.AdvancedProjects[side]); !slices.Contains(best, r.ID()) {
				bad(i, advancedRule(side), "the advanced point must go to the advanced project with the fewest steps (%s, %d)", strings.Join(best, " or "), n)
				continue
			}
		case storm.PointSpy:
			ring := spyRingFor(s, side, r.Category)
			if ring < 0 {
				bad(i, "16.16B", "the %s have no spy ring, placed last turn and not eliminated, in the %s research category", side, r.Category)
				continue
			}
			if slices.Contains(s.Sheets.SpyPoints, string(side)+"/"+r.ID()) {
				bad(i, "16.16B", "%s has already had its one spy-ring point of the game", r.ID())
				continue
			}
		case storm.PointReassign:
			if r.Power != 0 && r.Power != p {
				bad(i, "15.24A", "%s is not a project of %s", r.ID(), p.Title())
				continue
			}
			reassigned[r.ID()] += track.OrderPoints(o)
			if reassigned[r.ID()] > 3 {
				bad(i, "15.24B", "no more than three research points may be reassigned to one project")
				continue
			}
			surplus[r.Category] -= track.OrderPoints(o)
			if surplus[r.Category] < 0 {
				bad(i, "15.24", "%s has no surplus %s research points of a random event left to reassign", p.Title(), r.Category)
				continue
			}
		case storm.PointPurge:
			if p != storm.Russia {
				bad(i, "22.73E", "only Russia has free research steps from excess purge events")
				continue
			}
			purges++
			if left := s.Russia.ExcessPurgeEvents - infantry*track.PurgeEventsPerInfantry; purges > left {
				if infantry > 0 {
					bad(i, "22.73E", "Russia has %d unspent excess purge event(s) (each purge event beyond 30 gives one free step), %d of them for the 3-3 infantry ordered", s.Russia.ExcessPurgeEvents, infantry*track.PurgeEventsPerInfantry)
				} else {
					bad(i, "22.73E", "Russia has %d unspent excess purge event(s) (each purge event beyond 30 gives one free step)", s.Russia.ExcessPurgeEvents)
				}
				continue
			}
			purgeSteps[r.ID()]++
			if purgeSteps[r.ID()] > track.MaxPurgeSteps {
				bad(i, "15.22E", "no more than %d research steps from excess purge events may go to one project (%s)", track.MaxPurgeSteps, r.ID())
				continue
			}
		default:
			bad(i, "15.2", "unknown kind of research point %q", kind)
			continue
		}
		if kind == storm.PointNormal || kind == storm.PointIntelligence || kind == storm.PointAdvanced {
			perProject[r.ID()]++
			if perProject[r.ID()] > 1 {
				bad(i, "15.23A", "no more than one research point may be assigned to %s a turn (intelligence and advanced points included)", r.ID())
				continue
			}
		}
		stepsAsked[r.ID()] += track.OrderPoints(o)
		if stepsAsked[r.ID()] > s.Sheets.Remaining(r) {
			bad(i, "15.23", "%s cannot take more steps (%d of %s)", r.ID(), s.Sheets.Steps(r), maxLabel(r))
			continue
		}
		targets = append(targets, target{i, r, kind})
	}
	if len(errs) > 0 {
		return errs
	}

	// 15.22, 12.31: a counter used for research is paid in tile points, so
	// every one of its points must go to a project. Ordinary points are
	// taken from the free basic allocation (15.21) first; basic points left
	// unassigned are allowed, they cost nothing (docs/rules.md).
	if paid := used.Points(); paid > 0 {
		if unassigned := min(paid, budget-normal); unassigned > 0 {
			avail := fmt.Sprintf("%d paid", paid)
			if leader {
				avail = fmt.Sprintf("%d basic, free, used first, + %d paid", alloc.Basic, paid)
			}
			// The advice names the whole fix: every point of the budget
			// must be ordered, the basic ones being spent first, and a
			// line carries one point, a project one a turn (15.23A).
			bad(counterAt, "15.22", "%d paid research point(s) not assigned to a project would be lost: %d point(s) ordered of %d (%s); add %d more RESEARCH <project> line(s), one point each, each to a different project (15.23A), or use a smaller counter",
				unassigned, normal, budget, avail, budget-normal)
			return errs
		}
	}

	// 15.23B: stages of the ordinary points.
	normals := make([]target, 0, len(targets))
	special := map[string]bool{}
	for _, t := range targets {
		switch t.kind {
		case storm.PointNormal:
			normals = append(normals, t)
		case storm.PointIntelligence, storm.PointAdvanced:
			special[t.r.ID()] = true
		}
	}
	if n := len(normals); n > 0 {
		var count [3]int
		for _, t := range normals {
			count[StageOf(s.Sheets.Steps(t.r)+1)]++
		}
		// The limits are never below the open cells' floor (stageLimits
		// with every cell open): within it the sheet need not be counted.
		floorNotClear, floorDark := stageLimits(n, n, n)
		if count[LightGrey]+count[DarkGrey] > floorNotClear || count[DarkGrey] > floorDark {
			availClear, availCL := stageCells(s, side, special, nil)
			if notClear, dark := stageLimits(n, availClear, availCL); count[LightGrey]+count[DarkGrey] > notClear || count[DarkGrey] > dark {
				first := -1
				for _, t := range normals {
					if StageOf(s.Sheets.Steps(t.r)+1) != Clear {
						first = t.i
						break
					}
				}
				// Worded in the step numbers the notice's sheet shows, not
				// the sheet's shading.
				bad(first, "15.23B", "of %s, at most %d may go to a project's step 4 or later and at most %d to its step 7 or later (your 1st, 4th, ... point goes to one of steps 1-3 of a project, your 2nd, 5th, ... to one of steps 1-6) while such steps are open on your sheet; ordered: %d to steps 1-3, %d to steps 4-6, %d to step 7 or later",
					fmt.Sprintf("%d research point%s", n, map[bool]string{true: "", false: "s"}[n == 1]), notClear, dark, count[Clear], count[LightGrey], count[DarkGrey])
			}
		}
	}

	// 15.23C: Italian and French points.
	if leader {
		for _, ob := range storm.Obligations {
			if ob.Side != side || len(normals) == 0 || ObligationMet(s, ob) {
				continue
			}
			found := false
			for _, t := range targets {
				found = found || t.r.Power == ob.Power
			}
			if !found {
				bad(normals[0].i, ob.Rule, "at least one %s research point must go to a purely %s project each turn (%s)",
					side, storm.Nationality[ob.Power], strings.Join(obligationProjects(ob), ", "))
			}
		}
	}
	return errs
}

// stageLimits returns, for n ordinary points of a side (15.23B), how many
// may go beyond the clear steps (notClear) and beyond the light grey ones
// (dark), when availClear clear cells and availCL clear or light grey
// cells are open: the two Hall conditions of the nested assignment
// (docs/rules.md).
func stageLimits(n, availClear, availCL int) (notClear, dark int) {
	nA, nB, nC := (n+2)/3, (n+1)/3, n/3 // 1st/4th..., 2nd/5th..., 3rd/6th...
	return nB + nC + max(0, nA-availClear), nC + max(0, nA+nB-availCL)
}

// stageCells counts the open cells of side's sheet for 15.23B: projects
// open to a normal point (not closed by 15.42, not complete, not taking
// the intelligence or advanced point, special) whose next step is clear,
// and clear or light grey. before gives points placed earlier this turn
// per project, to count from the sheet as the turn began (nil: none).
func stageCells(s storm.State, side storm.Side, special map[string]bool, before map[string]int) (clear, clearOrLight int) {
	keyed := len(special) > 0 || len(before) > 0 // a national project's ID is a map look-up: spelled only when asked
	for _, r := range storm.ResearchProjects(side) {
		var id string
		if keyed {
			id = r.ID()
		}
		if special[id] || s.Sheets.Remaining(r)+before[id] == 0 {
			continue
		}
		if rule, _ := ProjectClosed(s, r); rule != "" {
			continue
		}
		switch StageOf(s.Sheets.Steps(r) - before[id] + 1) {
		case Clear:
			clear++
			clearOrLight++
		case LightGrey:
			clearOrLight++
		}
	}
	return clear, clearOrLight
}

// countsFor15_23A reports whether a point of kind counts against the one
// point a project a turn (15.23A).
func countsFor15_23A(kind string) bool {
	return kind == storm.PointNormal || kind == storm.PointIntelligence || kind == storm.PointAdvanced
}

// takenBySide reports whether a power of side placed a point counting for
// 15.23A in project id this turn.
func takenBySide(s storm.State, side storm.Side, id string) bool {
	return slices.ContainsFunc(s.Sheets.Assigned, func(a storm.ResearchPoint) bool {
		return a.Turn == s.Turn && a.Project == id && storm.SideOf(a.Power) == side && countsFor15_23A(a.Kind)
	})
}

// sideStageVoids applies 15.23B to the whole alliance once p's partner has
// placed its points: the side's ordinary points are numbered in the order
// of play (the partner's, applied earlier, first), and p's points that
// break the stage limits are voided, p's darkest last-ordered point
// first, until the side's points keep the limits. Checked per power by
// Validate, which cannot see the partner's orders. Returns the indices of
// orders voided.
func sideStageVoids(s storm.State, p storm.Power, orders []storm.Order) map[int]bool {
	side := storm.SideOf(p)
	before := map[string]int{}
	special := map[string]bool{}
	var count [3]int
	partner := 0
	for _, a := range s.Sheets.Assigned {
		if a.Turn != s.Turn || storm.SideOf(a.Power) != side || a.Power == p {
			continue
		}
		partner++
		before[a.Project] += a.Points
		switch a.Kind {
		case storm.PointIntelligence, storm.PointAdvanced:
			special[a.Project] = true
		case storm.PointNormal:
			count[StageOf(a.StepsAfter)]++ // the step it took
		}
	}
	if partner == 0 {
		return nil // p's points alone, as Validate checked them
	}
	type point struct {
		i     int
		stage Stage
	}
	var own []point
	for i, o := range orders {
		if o.Project == "" {
			continue
		}
		r, ok := storm.FindProject(side, o.Project)
		if !ok {
			continue
		}
		switch storm.PointKind(o) {
		case storm.PointIntelligence, storm.PointAdvanced:
			special[r.ID()] = true
		case storm.PointNormal:
			// The step the point will take: a partner's spy or reassigned
			// points earlier this turn may have moved the project on
			// (16.16B, 15.24).
			if !takenBySide(s, side, r.ID()) { // else voided by 15.23A
				own = append(own, point{i, StageOf(s.Sheets.Steps(r) + 1)})
			}
		}
	}
	for _, pt := range own {
		count[pt.stage]++
	}
	availClear, availCL := stageCells(s, side, special, before)
	voids := map[int]bool{}
	for {
		notClear, dark := stageLimits(count[Clear]+count[LightGrey]+count[DarkGrey], availClear, availCL)
		if count[LightGrey]+count[DarkGrey] <= notClear && count[DarkGrey] <= dark {
			return voids
		}
		// Dropping a dark grey point never makes either limit worse; a
		// light grey one only when no dark grey point of p is left.
		drop := -1
		for _, want := range []Stage{DarkGrey, LightGrey} {
			for k := len(own) - 1; k >= 0 && drop < 0; k-- {
				if own[k].stage == want && !voids[own[k].i] {
					drop = k
				}
			}
			if drop >= 0 {
				break
			}
		}
		if drop < 0 {
			return voids
		}
		voids[own[drop].i] = true
		count[own[drop].stage]--
	}
}

func advancedRule(side storm.Side) string {
	if side == storm.Soviet {
		return "15.23F"
	}
	return "15.23E"
}

func maxLabel(r storm.ResearchProject) string {
	if r.Results == 0 {
		return "no maximum; a result is held unused"
	}
	return fmt.Sprint(r.MaxSteps())
}

// obligationProjects lists the purely national projects of 15.23C.
func obligationProjects(ob storm.ObligatedPower) []string {
	var ids []string
	for _, r := range storm.ResearchProjects(ob.Side) {
		if r.Power == ob.Power {
			ids = append(ids, r.ID())
		}
	}
	return ids
}

// ObligationMet: three of the power's projects have 6-step results (15.23C).
func ObligationMet(s storm.State, ob storm.ObligatedPower) bool {
	n := 0
	for _, r := range storm.ResearchProjects(ob.Side) {
		if r.Power == ob.Power && s.Sheets.Steps(r) >= 6 {
			n++
		}
	}
	return n >= 3
}

// spyRingFor returns the index of side's usable research spy ring in
// category c: placed in the previous turn, not eliminated, not yet used
// (16.16B), or -1.
func spyRingFor(s storm.State, side storm.Side, c storm.ResearchCategory) int {
	for i, r := range s.Sheets.SpyRings {
		if r.Side == side && r.Category == c && !r.Eliminated && !r.Used && r.Activated.Index()+1 == s.Turn.Index() {
			return i
		}
	}
	return -1
}

// applyResearch carries out p's checked research orders: counters are used
// and paid (12.31), points placed and results achieved at once, so that
// construction in the same turn sees them (13.22).
func applyResearch(s *storm.State, p storm.Power, orders []storm.Order, evs *[]event.Event) {
	ps := s.Powers[p]
	side := storm.SideOf(p)
	b := &s.Sheets
	b.Assigned = slices.DeleteFunc(b.Assigned, func(a storm.ResearchPoint) bool { return a.Turn != s.Turn })
	var used storm.ActivityCounters
	for _, o := range orders {
		if o.Project != "" {
			continue
		}
		if len(o.Args) > 0 && o.Args[0] == storm.CounterCivilian {
			used.Research++
		} else if c, err := storm.CountersOf(o.Counters); err == nil {
			used = used.Add(c)
			ps.Economy.ResearchCounters++ // 12.41C, 15.32D
		}
	}
	if used.Count() > 0 {
		storm.UseCounters(ps, used) // 12.31, 12.32
		*evs = append(*evs, event.ResearchCountersUsed{Power: p, Counters: used, Points: used.Points(), TilePoints: ps.TilePoints})
	}
	stageVoids := sideStageVoids(*s, p, orders) // 15.23B across the side
	for i, o := range orders {
		if o.Project == "" {
			continue
		}
		if o.Project == storm.InfantryForAWAW { // 22.73E: for A World at War, no step
			if s.Russia.ExcessPurgeEvents < track.PurgeEventsPerInfantry || s.Russia.AWAWInfantry >= track.MaxAWAWInfantry {
				*evs = append(*evs, event.OrderVoided{Power: p, Order: o, Rule: "22.73E", Msg: "no longer three excess purge events, or the three units of the game added"})
				continue
			}
			track.AddAWAWInfantry(s, 1, "22.73E", evs)
			continue
		}
		r, _ := storm.FindProject(side, o.Project)
		kind := storm.PointKind(o)
		// 15.23A across the side: a partner's point placed earlier this
		// turn in the same project voids this one.
		if countsFor15_23A(kind) && takenBySide(*s, side, r.ID()) {
			*evs = append(*evs, event.OrderVoided{Power: p, Order: o, Rule: "15.23A",
				Msg: "an allied power already placed a research point in " + r.ID() + " this turn"})
			continue
		}
		// 15.23B across the side: the partner's points, earlier in the
		// order of play, are numbered first.
		if stageVoids[i] {
			*evs = append(*evs, event.OrderVoided{Power: p, Order: o, Rule: "15.23B",
				Msg: "with the points an allied power placed earlier this turn, your side has too many points on a project's step 4 or later (7 or later): the side's 1st, 4th, ... point goes to one of steps 1-3 of a project, the 2nd, 5th, ... to one of steps 1-6, while such steps are open"})
			continue
		}
		n := min(track.OrderPoints(o), b.Remaining(r))
		if n == 0 {
			*evs = append(*evs, event.OrderVoided{Power: p, Order: o, Rule: "15.23", Msg: r.ID() + " cannot take more steps"})
			continue
		}
		switch kind {
		case storm.PointPurge: // 22.73E: free, outside the side's points
			if _, after, err := track.PurgeStep(s, r.ID(), evs); err != nil {
				*evs = append(*evs, event.OrderVoided{Power: p, Order: o, Rule: "15.22E", Msg: err.Error()})
			} else {
				*evs = append(*evs, event.ResearchAssigned{Power: storm.Russia, Side: storm.Soviet, Project: r.ID(), Kind: storm.PointPurge, Points: 1, Steps: after})
			}
			continue
		case storm.PointSpy:
			// A partner may have used the ring, or the project's one spy
			// point, earlier this turn (16.16B).
			i := spyRingFor(*s, side, r.Category)
			if i < 0 || slices.Contains(b.SpyPoints, string(side)+"/"+r.ID()) {
				*evs = append(*evs, event.OrderVoided{Power: p, Order: o, Rule: "16.16B",
					Msg: "an allied power already used the spy ring or this project's spy point this turn"})
				continue
			}
			b.SpyRings[i].Used = true
			b.SpyPoints = append(b.SpyPoints, string(side)+"/"+r.ID())
		case storm.PointReassign:
			takeSurplus(b, s.Turn, p, r.Category, n)
		}
		after := track.AdvanceProject(s, r, n, evs)
		b.Assigned = append(b.Assigned, storm.ResearchPoint{Turn: s.Turn, Power: p, Project: r.ID(), Kind: kind, Points: n, StepsAfter: after})
		*evs = append(*evs, event.ResearchAssigned{Power: p, Side: side, Project: r.ID(), Kind: kind, Points: n, Steps: after})
	}
}

// takeSurplus consumes n reassigned points of p in category c (15.24).
func takeSurplus(b *storm.ResearchBook, t storm.Turn, p storm.Power, c storm.ResearchCategory, n int) {
	for i := range b.Surplus {
		sp := &b.Surplus[i]
		if sp.Turn != t || sp.Power != p || sp.Category != c {
			continue
		}
		k := min(n, sp.Points)
		sp.Points -= k
		n -= k
	}
	b.Surplus = slices.DeleteFunc(b.Surplus, func(sp storm.ResearchSurplus) bool { return sp.Points <= 0 })
}

// finishResearch runs once every power has placed its points: the Maginot
// Line reveal (16.14B), this turn's one-turn permits expire.
func finishResearch(s *storm.State, evs *[]event.Event) {
	b := &s.Sheets
	b.Assigned = slices.DeleteFunc(b.Assigned, func(a storm.ResearchPoint) bool { return a.Turn != s.Turn })
	b.Surplus = nil // 15.24: reassigned in the research segment of its turn or lost
	// 16.14B, 15.63: Maginot Line steps beyond the 6-step result are
	// revealed and give Belgium/Luxembourg a pro-German modifier.
	revealed := 0
	for _, a := range b.Assigned {
		if a.Project == storm.Nationality[storm.France]+" "+storm.ProjectMaginotLine {
			for st := a.StepsAfter - a.Points + 1; st <= a.StepsAfter; st++ {
				if st > 6 {
					revealed++
				}
			}
		}
	}
	b.MaginotModifier = -revealed
	if revealed > 0 {
		r, _ := storm.FindProject(storm.Allies, storm.Nationality[storm.France]+" "+storm.ProjectMaginotLine)
		*evs = append(*evs, event.MaginotResearchRevealed{Steps: revealed, Total: b.Steps(r), Modifier: -revealed})
	}
	b.Permits.ConcreteShortage = false // 15.42A: the turn it is drawn only
	b.Permits.Closed = slices.DeleteFunc(b.Permits.Closed, func(c storm.ClosedProject) bool { return c.Turn != s.Turn })
}

// ResearchResults returns the results side holds in a project of power
// (0: a joint project), the starting results included (15.52: they count
// for their effects). This is what other rules ask (19.63A carriers, 19.63C
// battleships, 14.722C Italian armor).
func ResearchResults(s storm.State, side storm.Side, p storm.Power, project string) int {
	n := 0
	for _, e := range s.Research {
		if e.Side == side && e.Power == p && e.Project == project {
			n += e.Results
		}
	}
	return n
}

// NationalResults returns the results of p's own project, or of the joint
// project of p's side when p has none of that name.
func NationalResults(s storm.State, p storm.Power, project string) int {
	if _, ok := storm.FindProject(storm.SideOf(p), storm.Nationality[p]+" "+project); ok && storm.SideOf(p) != storm.Soviet {
		return ResearchResults(s, storm.SideOf(p), p, project)
	}
	return ResearchResults(s, storm.SideOf(p), 0, project)
}

// ResearchOptionsWith are the research hints of Allowed, each option
// checked with validate, the top package's Validate(s, p, ...) passed
// down (Allowed's, which checks many orders against one state). Every
// power that may use a counter for research is offered the strongest one
// it has, and its research-only counter (15.22A), each with example
// project lines for all the points it must place (15.22: paid points may
// not be left unassigned; the leader's basic points are placed first,
// 15.21); the side's leader is also offered its free basic points alone.
// The examples honour 15.23A-C and 15.42 for the power's own orders; the
// sheet in the private notice lists the other projects.
func ResearchOptionsWith(s storm.State, p storm.Power, validate func([]storm.Order) []storm.OrderError) []storm.Option {
	ps := s.Powers[p]
	side := storm.SideOf(p)
	alloc := storm.BasicAllocations[side]
	basic := 0
	if alloc.Leader == p {
		basic = alloc.Basic
	}
	var opts []storm.Option
	var order []storm.ResearchProject // exampleOrder, read once
	ordered := false
	// option builds counter (nil: none) with example lines for its points;
	// its note is worded once it is accepted.
	option := func(counter *storm.Order, points, cost int, note func() string) bool {
		if !ordered {
			order, ordered = exampleOrder(s, p), true
		}
		ex := firstPoints(order, points)
		if len(ex) == 0 {
			return false
		}
		op := storm.Option{Order: ex[0], With: ex[1:], Cost: cost}
		if counter != nil {
			op = storm.Option{Order: *counter, With: ex, Cost: cost}
		}
		if len(validate(op.Orders())) > 0 {
			return false
		}
		op.Note = note()
		opts = append(opts, op)
		return true
	}
	if !ResearchBanned(s, p) { // 22.21B-C: no counters for research
		av := ps.Available()
		for _, n := range []int{3, 2, 1} {
			c, _ := storm.CountersOf([]int{n})
			if !av.Covers(c) {
				continue
			}
			note := func() string {
				if basic > 0 {
					return fmt.Sprintf("%d research point(s), paid, on top of your side's %d free basic point(s); send the %d RESEARCH line(s) above with it: every paid point must go to a project (15.21, 15.22, 12.41C)",
						n, basic, basic+n)
				}
				return fmt.Sprintf("%d research point(s), paid; send the %d RESEARCH line(s) above with it: every point must go to a project (15.22, 12.41C, 12.31)",
					n, basic+n)
			}
			if option(&storm.Order{Kind: storm.Research, Counters: []int{n}}, basic+n, n, note) {
				break
			}
		}
		if av.Research > 0 {
			option(&storm.Order{Kind: storm.Research, Counters: []int{1}, Args: []string{storm.CounterCivilian}}, basic+1, 1, func() string {
				return "the research-only counter: one more point, to a project (15.22A); with another counter too, add a RESEARCH line for each of its points"
			})
		}
	}
	// 15.24: the surplus of this turn's random events, reassigned to
	// eligible projects of its category, at most three a project.
	for _, sp := range s.Sheets.Surplus {
		if sp.Power != p || sp.Turn != s.Turn {
			continue
		}
		var lines []storm.Order
		left := sp.Points
		for _, r := range randomevent.EventProjects(p, sp.Category) {
			if n := min(left, 3, s.Sheets.Remaining(r)); n > 0 && r.ID() != sp.From {
				lines = append(lines, storm.Order{Kind: storm.Research, Project: r.ID(), Points: n, Args: []string{storm.PointReassign}})
				left -= n
			}
		}
		if len(lines) > 0 {
			op := storm.Option{Order: lines[0], With: lines[1:],
				Note: fmt.Sprintf("the %d surplus %s point(s) from %s, free, to any %s project(s) you choose, at most 3 a project (15.24)", sp.Points, sp.Category, sp.From, sp.Category)}
			if len(validate(op.Orders())) == 0 {
				opts = append(opts, op)
			}
		}
	}
	// 22.73E, 15.22E: a free step for each unspent excess purge event, at
	// most three a project.
	if p == storm.Russia && s.Russia.ExcessPurgeEvents > 0 {
		if !ordered {
			order, ordered = exampleOrder(s, p), true
		}
		for _, r := range order {
			op := storm.Option{Order: storm.Order{Kind: storm.Research, Project: r.ID(), Points: 1, Args: []string{storm.PointPurge}},
				Note: fmt.Sprintf("%d excess purge event(s) unspent: one free step each, to any Russian project, at most %d a project; a line for each (22.73E, 15.22E); or keep them for later, or for the final research (33.21C)", s.Russia.ExcessPurgeEvents, track.MaxPurgeSteps)}
			if len(validate(op.Orders())) == 0 {
				opts = append(opts, op)
				break
			}
		}
		// 22.73E: or three of them for a 3-3 infantry unit of A World at War.
		op := storm.Option{Order: storm.Order{Kind: storm.Research, Project: storm.InfantryForAWAW, Points: 1, Args: []string{storm.PointPurge}},
			Note: fmt.Sprintf("%d excess purge events for one 3-3 infantry unit in Russia's A World at War force pool, at most %d in the game (%d so far); for A World at War, no effect in Gathering Storm (22.73E)", track.PurgeEventsPerInfantry, track.MaxAWAWInfantry, s.Russia.AWAWInfantry)}
		if len(validate(op.Orders())) == 0 {
			opts = append(opts, op)
		}
	}
	if basic > 0 {
		n := basic
		if ResearchBanned(s, p) {
			n = 1 // 22.21B-C: the one basic point
		}
		option(nil, n, 0, func() string {
			return fmt.Sprintf("your side's %d basic point(s), free; any may be left out (15.21); other projects: your research record sheet, in your notice", n)
		})
	}
	return opts
}

// examplePoints returns n RESEARCH lines of ordinary points p might give
// now: open projects of its side (15.42, not complete), one point each
// (15.23A), the lowest stages first so that 15.23B holds, the Italian
// (French) project of 15.23C first when the leader owes one, then p's own
// and joint projects before a partner's. Nil when there are not n.
func examplePoints(s storm.State, p storm.Power, n int) []storm.Order {
	return firstPoints(exampleOrder(s, p), n)
}

// exampleOrder is the projects examplePoints takes its lines from, in
// its order.
func exampleOrder(s storm.State, p storm.Power) []storm.ResearchProject {
	side := storm.SideOf(p)
	leader := track.ResearchLeader(side) == p
	var need storm.Power // 15.23C
	if leader {
		for _, ob := range storm.Obligations {
			if ob.Side == side && !ObligationMet(s, ob) {
				need = ob.Power
			}
		}
	}
	// A partner avoids the leader's example basic points, which would
	// void its own (15.23A: the earlier power in the order of play keeps
	// its point).
	var leaderPicks []string
	if l := track.ResearchLeader(side); !leader {
		for _, o := range examplePoints(s, l, storm.BasicAllocations[side].Basic) {
			leaderPicks = append(leaderPicks, o.Project)
		}
	}
	owner := func(r storm.ResearchProject) int {
		switch r.Power {
		case p:
			return 0
		case 0:
			return 1
		}
		return 2
	}
	// The open projects sorted by the stage of the next step, then the
	// owner, each read once a project rather than at every comparison,
	// into one new list.
	projects := storm.ResearchProjects(side)
	keyed := make([]sortKey, 0, len(projects))
	for i, r := range projects {
		if s.Sheets.Remaining(r) == 0 || slices.Contains(leaderPicks, r.ID()) {
			continue
		}
		if rule, _ := ProjectClosed(s, r); rule != "" {
			continue
		}
		keyed = append(keyed, sortKey{int(StageOf(s.Sheets.Steps(r) + 1)), owner(r), i})
	}
	slices.SortStableFunc(keyed, func(a, b sortKey) int {
		if d := a.stage - b.stage; d != 0 {
			return d
		}
		return a.owner - b.owner
	})
	open := make([]storm.ResearchProject, len(keyed))
	for i, k := range keyed {
		open[i] = projects[k.at]
	}
	if need != 0 {
		if k := slices.IndexFunc(open, func(r storm.ResearchProject) bool { return r.Power == need }); k > 0 {
			r := open[k]
			copy(open[1:k+1], open[:k]) // r first, the others in their order
			open[0] = r
		}
	}
	return open
}

// firstPoints is examplePoints of open, exampleOrder's projects: a line
// for each of the first n, nil when there are not n.
func firstPoints(open []storm.ResearchProject, n int) []storm.Order {
	if len(open) < n || n <= 0 {
		return nil
	}
	out := make([]storm.Order, n)
	for i, r := range open[:n] {
		out[i] = storm.Order{Kind: storm.Research, Project: r.ID(), Points: 1}
	}
	return out
}

// sortKey is what examplePoints sorts a project by: the stage of its next
// step, then whose it is; at is its place in the side's projects.
type sortKey struct{ stage, owner, at int }
