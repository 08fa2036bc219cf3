package adjudicator

import (
	"fmt"
	"slices"
	"strings"
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
//     points of a random event moved to this project (15.24).

// Research is the order kind of the research segment.
const Research OrderKind = "research"

// Research point kinds (Order.Args[0] of a research point order).
const (
	PointNormal       = ""
	PointIntelligence = "intelligence" // 15.23D
	PointAdvanced     = "advanced"     // 15.23E, 15.23F
	PointSpy          = "spy"          // 15.22B, 16.16B
	PointReassign     = "reassign"     // 15.24
	CounterCivilian   = "civilian"     // 15.22A: the research-only counter
)

// researchKinds are the orders of the research segment.
var researchKinds = []OrderKind{Research}

// ResearchBook is the state of the research record sheets of all three
// sides (15.41) and what research owes to the rest of the game. Results
// achieved are in State.Research.
type ResearchBook struct {
	// Progress holds the steps achieved in each project with at least one
	// step (15.13); starting results are not on it (15.52).
	Progress []ProjectProgress `json:"progress"`
	// Assigned are the points placed this turn (secret until results are
	// revealed, 15.15); entries of earlier turns are dropped.
	Assigned []ResearchPoint `json:"assigned"`
	// Surplus are research points a random event could not use, to be
	// reassigned in this turn's research segment (15.24).
	Surplus []ResearchSurplus `json:"surplus"`
	// SpyRings are research spy rings placed in an opposing side's
	// research category (16.16B); placed by the diplomacy code.
	SpyRings []ResearchSpyRing `json:"spy_rings"`
	// SpyPoints lists the projects ("side/id") that have received their one
	// spy-ring point of the game (16.16B).
	SpyPoints []string `json:"spy_points"`
	// CivilWarPoints lists the projects ("side/id") that have received
	// their one civil war intervention point of the game (15.22D).
	CivilWarPoints []string `json:"civil_war_points"`
	// PurgeSteps lists, once per step, the Russian projects given a step
	// for an excess purge event (15.22E, 22.73E; at most three each).
	PurgeSteps []string `json:"purge_steps"`
	// Permits are the conditions of 15.42 and 22.21B-C, set by the code of
	// the events that change them.
	Permits ResearchPermits `json:"permits"`
	// MaginotModifier is this turn's pro-German diplomatic modifier in
	// Belgium/Luxembourg from Maginot Line research revealed (16.14B), <= 0.
	MaginotModifier int `json:"maginot_modifier"`
}

// ProjectProgress is one project's row on a sheet.
type ProjectProgress struct {
	Side    Side   `json:"side"`
	Power   Power  `json:"power,omitempty"`
	Project string `json:"project"` // the project's name (ResearchProject.Name)
	Steps   int    `json:"steps"`
	// Used counts results used (covert operations, counter-intelligence,
	// spy rings placed, subversion levels, 16.16).
	Used int `json:"used,omitempty"`
}

// ResearchPoint is a research point placed this turn.
type ResearchPoint struct {
	Turn    Turn   `json:"turn"`
	Power   Power  `json:"power"`   // who ordered it
	Project string `json:"project"` // project ID
	Kind    string `json:"kind,omitempty"`
	Points  int    `json:"points"`
	// StepsAfter is the project's steps after the point.
	StepsAfter int `json:"steps_after"`
}

// ResearchSurplus is surplus from a random event (15.24).
type ResearchSurplus struct {
	Turn     Turn             `json:"turn"`
	Power    Power            `json:"power"` // the power the event applied to (15.24A)
	Category ResearchCategory `json:"category"`
	Points   int              `json:"points"`
	From     string           `json:"from"` // the project the event could not fully advance
}

// ResearchSpyRing is a spy ring in an enemy research category (16.16B).
type ResearchSpyRing struct {
	Side       Side             `json:"side"`   // the side that placed it
	Target     Side             `json:"target"` // the side whose research it spies on
	Category   ResearchCategory `json:"category"`
	Activated  Turn             `json:"activated"` // last activation
	Eliminated bool             `json:"eliminated"`
	Used       bool             `json:"used"` // its point of the activation was placed
}

// ResearchPermits are the conditions that open or close projects.
type ResearchPermits struct {
	RhinelandRemilitarized bool `json:"rhineland_remilitarized"` // 15.42A
	ConcreteShortage       bool `json:"concrete_shortage"`       // 15.42A: German random event 7, this turn
	AngloFrench            bool `json:"anglo_french"`            // 15.42B: Axis aggression beyond Ethiopia and the Rhineland
	Atomic                 bool `json:"atomic"`                  // 15.42C: random event 72 or 144 drawn
	RussianResearchBanned  bool `json:"russian_research_banned"` // 22.21B: the Party purge applied to research (or cards 142-144)
	// Opened are the projects ("side/id") random events opened although
	// their restriction is not met (15.42A-C: e.g. an early start to the
	// West Wall), from the event on (research_allowed).
	Opened []string `json:"opened,omitempty"`
	// Closed are the projects random events barred research points from
	// for one turn (15.42A: e.g. a concrete shortage; research_prohibited).
	Closed []ClosedProject `json:"closed,omitempty"`
}

// ClosedProject is a project ("side/id") barred for the turn Turn.
type ClosedProject struct {
	Project string `json:"project"`
	Turn    Turn   `json:"turn"`
}

// projectKey names a project on the permits' lists: "side/id".
func projectKey(r ResearchProject) string { return string(r.Side) + "/" + r.ID() }

// clone deep-copies the book.
func (b ResearchBook) clone() ResearchBook {
	c := b
	c.Progress = cloneSlice(b.Progress)
	c.Assigned = cloneSlice(b.Assigned)
	c.Surplus = cloneSlice(b.Surplus)
	c.SpyRings = cloneSlice(b.SpyRings)
	c.SpyPoints = cloneSlice(b.SpyPoints)
	c.CivilWarPoints = cloneSlice(b.CivilWarPoints)
	c.PurgeSteps = cloneSlice(b.PurgeSteps)
	c.Permits.Opened = cloneSlice(b.Permits.Opened)
	c.Permits.Closed = cloneSlice(b.Permits.Closed)
	return c
}

// progress returns the row of r, or nil.
func (b *ResearchBook) progress(r ResearchProject) *ProjectProgress {
	for i := range b.Progress {
		g := &b.Progress[i]
		if g.Side == r.Side && g.Power == r.Power && g.Project == r.Name {
			return g
		}
	}
	return nil
}

// Steps returns the steps achieved in r (15.13).
func (b *ResearchBook) Steps(r ResearchProject) int {
	if g := b.progress(r); g != nil {
		return g.Steps
	}
	return 0
}

func (b *ResearchBook) used(r ResearchProject) int {
	if g := b.progress(r); g != nil {
		return g.Used
	}
	return 0
}

// addSteps advances r by n steps, creating its row.
func (b *ResearchBook) addSteps(r ResearchProject, n int) int {
	g := b.progress(r)
	if g == nil {
		b.Progress = append(b.Progress, ProjectProgress{Side: r.Side, Power: r.Power, Project: r.Name})
		g = &b.Progress[len(b.Progress)-1]
	}
	g.Steps += n
	return g.Steps
}

// unlimited stands for "no maximum" in step arithmetic.
const unlimited = 1 << 20

// Remaining is the number of steps r may still take: up to its maximum
// (15.23), and, for a result held in reserve, up to the step before the
// next result (16.16A, 16.16C, 15.241C).
func (b *ResearchBook) Remaining(r ResearchProject) int {
	steps := b.Steps(r)
	limit := unlimited
	if r.Results > 0 {
		limit = r.MaxSteps()
	}
	if r.Limit > 0 {
		res := steps / r.StepsPerResult
		if res-b.used(r) >= r.Limit {
			limit = min(limit, (res+1)*r.StepsPerResult-1)
		}
	}
	return max(0, limit-steps)
}

// Stage is the shade of a step on the sheet (15.23B).
type Stage int

// Stages of 15.23B.
const (
	Clear     Stage = iota // steps 1-3
	LightGrey              // steps 4-6
	DarkGrey               // steps 7 on
)

// stageOf returns the stage of step n (1-based). 15.23B names the first
// three and the first six steps of a project; a project of several results
// is not shaded anew per result (docs/rules.md).
func stageOf(step int) Stage {
	switch {
	case step <= 3:
		return Clear
	case step <= 6:
		return LightGrey
	}
	return DarkGrey
}

func (st Stage) String() string {
	return [...]string{"clear", "light grey", "dark grey"}[st]
}

// String renders a research order: "RESEARCH COUNTER 2", "RESEARCH COUNTER
// CIVILIAN", "RESEARCH AIR RANGE", "RESEARCH ESPIONAGE INTELLIGENCE",
// "RESEARCH ASW REASSIGN 2".
func researchString(o Order) string {
	if o.Project == "" {
		if len(o.Args) > 0 && o.Args[0] == CounterCivilian {
			return "RESEARCH COUNTER CIVILIAN"
		}
		var ns []string
		for _, n := range o.Counters {
			ns = append(ns, fmt.Sprint(n))
		}
		return strings.TrimSpace("RESEARCH COUNTER " + strings.Join(ns, " "))
	}
	s := "RESEARCH " + strings.ToUpper(o.Project)
	kind := pointKind(o)
	if kind != PointNormal {
		s += " " + strings.ToUpper(kind)
	}
	if kind == PointReassign || o.Points > 1 {
		s += fmt.Sprintf(" %d", max(o.Points, 1))
	}
	return s
}

func pointKind(o Order) string {
	if len(o.Args) > 0 {
		return o.Args[0]
	}
	return PointNormal
}

func orderPoints(o Order) int { return max(o.Points, 1) }

// researchBanned reports 22.21B-C: Russia keeps only its one basic point.
func researchBanned(s State, p Power) bool {
	return p == Russia && (s.Russia.GreatPurge || s.Sheets.Permits.RussianResearchBanned)
}

// banRule is the purge rule barring Russian research: the Great Purge
// (22.21C) or the Party purge applied to research (22.21B).
func banRule(s State) string {
	if s.Russia.GreatPurge {
		return "22.21C"
	}
	return "22.21B"
}

// projectClosed returns the 15.42 restriction barring points from r now.
func projectClosed(s State, r ResearchProject) (rule, msg string) {
	pm := s.Sheets.Permits
	key := projectKey(r)
	for _, c := range pm.Closed {
		if c.Project == key && c.Turn == s.Turn {
			return "15.42A", "a random event bars research points in " + r.ID() + " this turn"
		}
	}
	opened := slices.Contains(pm.Opened, key) // 15.42A-C: a random event opened it early
	switch {
	case r.Name == ProjectWestWall && !pm.RhinelandRemilitarized && !opened:
		return "15.42A", "the Axis may not research the West Wall until Germany has remilitarized the Rhineland"
	case r.Name == ProjectWestWall && pm.ConcreteShortage:
		return "15.42A", "the concrete shortage (German random event 7) bars West Wall research this turn"
	case r.Name == ProjectAngloFrench && !pm.AngloFrench && !opened:
		return "15.42B", "the Allies may not research Anglo-French cooperation until the Axis commit an aggression other than Ethiopia or the Rhineland"
	case r.Name == ProjectAtomic && !pm.Atomic && !opened:
		return "15.42C", "atomic research is closed until random event 72 or 144 is drawn"
	}
	return "", ""
}

// researchPermit applies a research_allowed or research_prohibited effect
// (15.42A) for p's project: opened from now on, or barred this turn.
func researchPermit(s *State, p Power, e Effect) string {
	r, ok := projectFor(p, e.Project)
	if !ok {
		return fmt.Sprintf("no effect: %s has no research project %q", p.Title(), e.Project)
	}
	key := projectKey(r)
	pm := &s.Sheets.Permits
	if e.Kind == EffectResearchAllowed {
		if !slices.Contains(pm.Opened, key) {
			pm.Opened = append(pm.Opened, key)
		}
		return fmt.Sprintf("research points may be placed in %s from now on, its restriction notwithstanding (15.42A)", r.ID())
	}
	c := ClosedProject{Project: key, Turn: s.Turn}
	if !slices.Contains(pm.Closed, c) {
		pm.Closed = append(pm.Closed, c)
	}
	return fmt.Sprintf("no research points may be placed in %s this turn (15.42A)", r.ID())
}

// fewest returns the names among names (on side's sheet, still open) with
// the fewest steps (15.23D-F).
func fewest(s State, side Side, names []string) (best []string, steps int) {
	steps = unlimited
	for _, n := range names {
		r, ok := FindProject(side, n)
		if !ok || s.Sheets.Remaining(r) == 0 {
			continue
		}
		if rule, _ := projectClosed(s, r); rule != "" {
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

// researchBudget is what p may spend on ordinary research points.
type researchBudget struct {
	Basic    int              // 15.21: the leader's basic allocation
	Counters ActivityCounters // counters ordered for research
}

// checkResearch checks p's research orders against s (15.2-15.4, 16.16B).
func checkResearch(s State, p Power, orders []Order) []indexedError {
	var errs []indexedError
	bad := func(i int, rule, format string, a ...any) {
		errs = append(errs, indexedError{OrderError{Order: orders[i], Rule: rule, Msg: fmt.Sprintf(format, a...)}, i})
	}
	ps := s.Powers[p]
	side := SideOf(p)
	alloc := basicAllocations[side]
	leader := alloc.Leader == p
	banned := researchBanned(s, p)

	// Counters (15.22, 12.41C).
	var used ActivityCounters
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
		if len(o.Args) > 0 && o.Args[0] == CounterCivilian {
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
		c, err := countersOf(o.Counters)
		if err != nil {
			bad(i, "12.21", "%v", err)
			continue
		}
		if o.Counters[0] == 0 {
			bad(i, "15.22", "a 0 activity counter adds no research point")
			continue
		}
		used = used.add(c)
	}
	if used.Count() > 0 {
		if rule, msg := checkCounters(ps, used); rule != "" {
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
		r    ResearchProject
		kind string
	}
	var targets []target
	perProject := map[string]int{} // 15.23A: normal, intelligence and advanced points
	reassigned := map[string]int{} // 15.24B
	stepsAsked := map[string]int{} // every kind, against the maximum
	surplus := map[ResearchCategory]int{}
	for _, r := range s.Sheets.Surplus {
		if r.Turn == s.Turn && r.Power == p {
			surplus[r.Category] += r.Points
		}
	}
	normal, intel, adv := 0, 0, 0
	for i, o := range orders {
		if o.Project == "" {
			continue
		}
		r, ok := FindProject(side, o.Project)
		if !ok {
			if ids := AmbiguousProject(side, o.Project); ids != nil {
				bad(i, "15.41", "say which project: %s", strings.Join(ids, " or "))
			} else {
				bad(i, "15.41", "%q is not a project on the %s research record sheet", o.Project, side)
			}
			continue
		}
		kind := pointKind(o)
		if kind != PointReassign && orderPoints(o) != 1 {
			bad(i, "15.23A", "no more than one research point may be assigned to a project a turn")
			continue
		}
		if rule, msg := projectClosed(s, r); rule != "" {
			bad(i, rule, "%s", msg)
			continue
		}
		switch kind {
		case PointNormal:
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
		case PointIntelligence:
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
			case !slices.Contains(intelligenceProjects, r.Name):
				bad(i, "15.23D", "the intelligence point goes to counter-intelligence, covert operations, espionage or codebreaking")
				continue
			}
			if best, n := fewest(s, side, intelligenceProjects); !slices.Contains(best, r.ID()) {
				bad(i, "15.23D", "the intelligence point must go to the intelligence project with the fewest steps (%s, %d)", strings.Join(best, " or "), n)
				continue
			}
		case PointAdvanced:
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
			case !slices.Contains(advancedProjects[side], r.Name):
				bad(i, advancedRule(side), "the advanced point goes to %s", strings.Join(advancedProjects[side], ", "))
				continue
			}
			if best, n := fewest(s, side, advancedProjects[side]); !slices.Contains(best, r.ID()) {
				bad(i, advancedRule(side), "the advanced point must go to the advanced project with the fewest steps (%s, %d)", strings.Join(best, " or "), n)
				continue
			}
		case PointSpy:
			ring := spyRingFor(s, side, r.Category)
			if ring < 0 {
				bad(i, "16.16B", "the %s have no spy ring, placed last turn and not eliminated, in the %s research category", side, r.Category)
				continue
			}
			if slices.Contains(s.Sheets.SpyPoints, string(side)+"/"+r.ID()) {
				bad(i, "16.16B", "%s has already had its one spy-ring point of the game", r.ID())
				continue
			}
		case PointReassign:
			if r.Power != 0 && r.Power != p {
				bad(i, "15.24A", "%s is not a project of %s", r.ID(), p.Title())
				continue
			}
			reassigned[r.ID()] += orderPoints(o)
			if reassigned[r.ID()] > 3 {
				bad(i, "15.24B", "no more than three research points may be reassigned to one project")
				continue
			}
			surplus[r.Category] -= orderPoints(o)
			if surplus[r.Category] < 0 {
				bad(i, "15.24", "%s has no surplus %s research points of a random event left to reassign", p.Title(), r.Category)
				continue
			}
		default:
			bad(i, "15.2", "unknown kind of research point %q", kind)
			continue
		}
		if kind == PointNormal || kind == PointIntelligence || kind == PointAdvanced {
			perProject[r.ID()]++
			if perProject[r.ID()] > 1 {
				bad(i, "15.23A", "no more than one research point may be assigned to %s a turn (intelligence and advanced points included)", r.ID())
				continue
			}
		}
		stepsAsked[r.ID()] += orderPoints(o)
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
			bad(counterAt, "15.22", "%d paid research point(s) not assigned to a project would be lost: %d point(s) ordered of %d (%s); add %d RESEARCH <project> line(s) or use a smaller counter",
				unassigned, normal, budget, avail, unassigned)
			return errs
		}
	}

	// 15.23B: stages of the ordinary points.
	var normals []target
	special := map[string]bool{}
	for _, t := range targets {
		switch t.kind {
		case PointNormal:
			normals = append(normals, t)
		case PointIntelligence, PointAdvanced:
			special[t.r.ID()] = true
		}
	}
	if n := len(normals); n > 0 {
		var count [3]int
		for _, t := range normals {
			count[stageOf(s.Sheets.Steps(t.r)+1)]++
		}
		availClear, availCL := stageCells(s, side, special, nil)
		notClear, dark := stageLimits(n, availClear, availCL)
		if count[LightGrey]+count[DarkGrey] > notClear || count[DarkGrey] > dark {
			first := -1
			for _, t := range normals {
				if stageOf(s.Sheets.Steps(t.r)+1) != Clear {
					first = t.i
					break
				}
			}
			bad(first, "15.23B", "of %d research point(s), at most %d may go beyond the first three steps of a project and at most %d beyond the first six (the 1st, 4th, ... point goes to a clear step, the 2nd, 5th, ... to a clear or light grey one) while such steps are open; ordered: %d clear, %d light grey, %d dark grey",
				n, notClear, dark, count[Clear], count[LightGrey], count[DarkGrey])
		}
	}

	// 15.23C: Italian and French points.
	if leader {
		for _, ob := range obligations {
			if ob.Side != side || len(normals) == 0 || obligationMet(s, ob) {
				continue
			}
			found := false
			for _, t := range targets {
				found = found || t.r.Power == ob.Power
			}
			if !found {
				bad(normals[0].i, ob.Rule, "at least one %s research point must go to a purely %s project each turn (%s)",
					side, nationality[ob.Power], strings.Join(obligationProjects(ob), ", "))
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
func stageCells(s State, side Side, special map[string]bool, before map[string]int) (clear, clearOrLight int) {
	for _, r := range ResearchProjects(side) {
		if special[r.ID()] || s.Sheets.Remaining(r)+before[r.ID()] == 0 {
			continue
		}
		if rule, _ := projectClosed(s, r); rule != "" {
			continue
		}
		switch stageOf(s.Sheets.Steps(r) - before[r.ID()] + 1) {
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
	return kind == PointNormal || kind == PointIntelligence || kind == PointAdvanced
}

// takenBySide reports whether a power of side placed a point counting for
// 15.23A in project id this turn.
func takenBySide(s State, side Side, id string) bool {
	return slices.ContainsFunc(s.Sheets.Assigned, func(a ResearchPoint) bool {
		return a.Turn == s.Turn && a.Project == id && SideOf(a.Power) == side && countsFor15_23A(a.Kind)
	})
}

// sideStageVoids applies 15.23B to the whole alliance once p's partner has
// placed its points: the side's ordinary points are numbered in the order
// of play (the partner's, applied earlier, first), and p's points that
// break the stage limits are voided, p's darkest last-ordered point
// first, until the side's points keep the limits. Checked per power by
// Validate, which cannot see the partner's orders. Returns the indices of
// orders voided.
func sideStageVoids(s State, p Power, orders []Order) map[int]bool {
	side := SideOf(p)
	before := map[string]int{}
	special := map[string]bool{}
	var count [3]int
	partner := 0
	for _, a := range s.Sheets.Assigned {
		if a.Turn != s.Turn || SideOf(a.Power) != side || a.Power == p {
			continue
		}
		partner++
		before[a.Project] += a.Points
		switch a.Kind {
		case PointIntelligence, PointAdvanced:
			special[a.Project] = true
		case PointNormal:
			count[stageOf(a.StepsAfter)]++ // the step it took
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
		r, ok := FindProject(side, o.Project)
		if !ok {
			continue
		}
		switch pointKind(o) {
		case PointIntelligence, PointAdvanced:
			special[r.ID()] = true
		case PointNormal:
			// The step the point will take: a partner's spy or reassigned
			// points earlier this turn may have moved the project on
			// (16.16B, 15.24).
			if !takenBySide(s, side, r.ID()) { // else voided by 15.23A
				own = append(own, point{i, stageOf(s.Sheets.Steps(r) + 1)})
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

func advancedRule(side Side) string {
	if side == Soviet {
		return "15.23F"
	}
	return "15.23E"
}

func maxLabel(r ResearchProject) string {
	if r.Results == 0 {
		return "no maximum; a result is held unused"
	}
	return fmt.Sprint(r.MaxSteps())
}

// obligationProjects lists the purely national projects of 15.23C.
func obligationProjects(ob obligatedPower) []string {
	var ids []string
	for _, r := range ResearchProjects(ob.Side) {
		if r.Power == ob.Power {
			ids = append(ids, r.ID())
		}
	}
	return ids
}

// obligationMet: three of the power's projects have 6-step results (15.23C).
func obligationMet(s State, ob obligatedPower) bool {
	n := 0
	for _, r := range ResearchProjects(ob.Side) {
		if r.Power == ob.Power && s.Sheets.Steps(r) >= 6 {
			n++
		}
	}
	return n >= 3
}

// spyRingFor returns the index of side's usable research spy ring in
// category c: placed in the previous turn, not eliminated, not yet used
// (16.16B), or -1.
func spyRingFor(s State, side Side, c ResearchCategory) int {
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
func applyResearch(s *State, p Power, orders []Order, evs *[]Event) {
	ps := s.Powers[p]
	side := SideOf(p)
	b := &s.Sheets
	b.Assigned = slices.DeleteFunc(b.Assigned, func(a ResearchPoint) bool { return a.Turn != s.Turn })
	var used ActivityCounters
	for _, o := range orders {
		if o.Project != "" {
			continue
		}
		if len(o.Args) > 0 && o.Args[0] == CounterCivilian {
			used.Research++
		} else if c, err := countersOf(o.Counters); err == nil {
			used = used.add(c)
			ps.Economy.ResearchCounters++ // 12.41C, 15.32D
		}
	}
	if used.Count() > 0 {
		useCounters(ps, used) // 12.31, 12.32
		*evs = append(*evs, ResearchCountersUsed{Power: p, Counters: used, Points: used.Points(), TilePoints: ps.TilePoints})
	}
	stageVoids := sideStageVoids(*s, p, orders) // 15.23B across the side
	for i, o := range orders {
		if o.Project == "" {
			continue
		}
		r, _ := FindProject(side, o.Project)
		kind := pointKind(o)
		// 15.23A across the side: a partner's point placed earlier this
		// turn in the same project voids this one.
		if countsFor15_23A(kind) && takenBySide(*s, side, r.ID()) {
			*evs = append(*evs, OrderVoided{Power: p, Order: o, Rule: "15.23A",
				Msg: "an allied power already placed a research point in " + r.ID() + " this turn"})
			continue
		}
		// 15.23B across the side: the partner's points, earlier in the
		// order of play, are numbered first.
		if stageVoids[i] {
			*evs = append(*evs, OrderVoided{Power: p, Order: o, Rule: "15.23B",
				Msg: "with the points an allied power placed earlier this turn, your side has too many points beyond the first three (six) steps of a project: the side's 1st, 4th, ... point goes to a clear step, the 2nd, 5th, ... to a clear or light grey one while such steps are open"})
			continue
		}
		n := min(orderPoints(o), b.Remaining(r))
		if n == 0 {
			*evs = append(*evs, OrderVoided{Power: p, Order: o, Rule: "15.23", Msg: r.ID() + " cannot take more steps"})
			continue
		}
		switch kind {
		case PointSpy:
			// A partner may have used the ring, or the project's one spy
			// point, earlier this turn (16.16B).
			i := spyRingFor(*s, side, r.Category)
			if i < 0 || slices.Contains(b.SpyPoints, string(side)+"/"+r.ID()) {
				*evs = append(*evs, OrderVoided{Power: p, Order: o, Rule: "16.16B",
					Msg: "an allied power already used the spy ring or this project's spy point this turn"})
				continue
			}
			b.SpyRings[i].Used = true
			b.SpyPoints = append(b.SpyPoints, string(side)+"/"+r.ID())
		case PointReassign:
			takeSurplus(b, s.Turn, p, r.Category, n)
		}
		after := advanceProject(s, r, n, evs)
		b.Assigned = append(b.Assigned, ResearchPoint{Turn: s.Turn, Power: p, Project: r.ID(), Kind: kind, Points: n, StepsAfter: after})
		*evs = append(*evs, ResearchAssigned{Power: p, Side: side, Project: r.ID(), Kind: kind, Points: n, Steps: after})
	}
}

// takeSurplus consumes n reassigned points of p in category c (15.24).
func takeSurplus(b *ResearchBook, t Turn, p Power, c ResearchCategory, n int) {
	for i := range b.Surplus {
		sp := &b.Surplus[i]
		if sp.Turn != t || sp.Power != p || sp.Category != c {
			continue
		}
		k := min(n, sp.Points)
		sp.Points -= k
		n -= k
	}
	b.Surplus = slices.DeleteFunc(b.Surplus, func(sp ResearchSurplus) bool { return sp.Points <= 0 })
}

// advanceProject adds n steps to r (checked against Remaining) and achieves the
// results whose last step is reached (15.13, 15.6); returns the steps.
func advanceProject(s *State, r ResearchProject, n int, evs *[]Event) int {
	before := s.Sheets.Steps(r)
	after := s.Sheets.addSteps(r, n)
	for k := before/r.StepsPerResult + 1; k <= after/r.StepsPerResult; k++ {
		achieve(s, r, k, evs)
	}
	return after
}

// achieve records the k-th result of r on the sheet (counted without the
// starting results, 15.52) and announces it (15.63).
func achieve(s *State, r ResearchProject, k int, evs *[]Event) {
	found := false
	for i := range s.Research {
		e := &s.Research[i]
		if e.Side == r.Side && e.Power == r.Power && e.Project == r.Name && !isStarting(*e) {
			e.Results = k
			found = true
		}
	}
	if !found {
		s.Research = append(s.Research, ResearchResult{Side: r.Side, Power: r.Power, Project: r.Name, Results: k, Rule: r.Rule})
	}
	eff := r.Effect(k)
	ev := ResearchResultAchieved{Side: r.Side, Power: r.Power, Project: r.ID(), Result: k,
		Steps: s.Sheets.Steps(r), Effect: eff, Rule: r.Rule}
	if !eff.Secret {
		*evs = append(*evs, ev) // 15.63, 13.12B
		return
	}
	// Held results are kept secret until used (15.63): told to the side.
	for _, p := range Powers {
		if SideOf(p) == r.Side {
			ev.Private = p
			*evs = append(*evs, ev)
		}
	}
}

// isStarting reports a starting result of 15.51 (15.52).
func isStarting(e ResearchResult) bool { return strings.HasPrefix(e.Rule, "15.51") }

// finishResearch runs once every power has placed its points: the Maginot
// Line reveal (16.14B), this turn's one-turn permits expire.
func finishResearch(s *State, evs *[]Event) {
	b := &s.Sheets
	b.Assigned = slices.DeleteFunc(b.Assigned, func(a ResearchPoint) bool { return a.Turn != s.Turn })
	b.Surplus = nil // 15.24: reassigned in the research segment of its turn or lost
	// 16.14B, 15.63: Maginot Line steps beyond the 6-step result are
	// revealed and give Belgium/Luxembourg a pro-German modifier.
	revealed := 0
	for _, a := range b.Assigned {
		if a.Project == nationality[France]+" "+ProjectMaginotLine {
			for st := a.StepsAfter - a.Points + 1; st <= a.StepsAfter; st++ {
				if st > 6 {
					revealed++
				}
			}
		}
	}
	b.MaginotModifier = -revealed
	if revealed > 0 {
		r, _ := FindProject(Allies, nationality[France]+" "+ProjectMaginotLine)
		*evs = append(*evs, MaginotResearchRevealed{Steps: revealed, Total: b.Steps(r), Modifier: -revealed})
	}
	b.Permits.ConcreteShortage = false // 15.42A: the turn it is drawn only
	b.Permits.Closed = slices.DeleteFunc(b.Permits.Closed, func(c ClosedProject) bool { return c.Turn != s.Turn })
}

// ResearchEvent applies a random event that advances p's project by steps
// (15.32A-B); when double is set it doubles the points already assigned
// instead, up to three steps (15.31A). Steps the project cannot take become
// surplus to be reassigned this turn (15.24, 15.241); the surplus is
// returned. For the random events code.
func ResearchEvent(s *State, p Power, project string, steps int, double bool, evs *[]Event) (int, error) {
	r, ok := projectFor(p, project)
	if !ok {
		return 0, fmt.Errorf("adjudicator: no research project %q for %s", project, p)
	}
	if double {
		steps = min(s.Sheets.Steps(r), 3) // 15.31A
	}
	n := min(steps, s.Sheets.Remaining(r))
	if n > 0 {
		advanceProject(s, r, n, evs)
	}
	surplus := steps - n
	if surplus > 0 {
		s.Sheets.Surplus = append(s.Sheets.Surplus, ResearchSurplus{Turn: s.Turn, Power: p, Category: r.Category, Points: surplus, From: r.ID()})
		*evs = append(*evs, ResearchSurplusGained{Power: p, Project: r.ID(), Category: r.Category, Points: surplus})
	}
	return surplus, nil
}

// ResearchResults returns the results side holds in a project of power
// (0: a joint project), the starting results included (15.52: they count
// for their effects). This is what other rules ask (19.63A carriers, 19.63C
// battleships, 14.722C Italian armor).
func ResearchResults(s State, side Side, p Power, project string) int {
	n := 0
	for _, e := range s.Research {
		if e.Side == side && e.Power == p && e.Project == project {
			n += e.Results
		}
	}
	return n
}

// projectFor finds p's own project of that name, else its side's.
func projectFor(p Power, name string) (ResearchProject, bool) {
	if SideOf(p) != Soviet {
		if r, ok := FindProject(SideOf(p), nationality[p]+" "+NormalizeProject(name)); ok && r.Power == p {
			return r, true
		}
	}
	return FindProject(SideOf(p), name)
}

// NationalResults returns the results of p's own project, or of the joint
// project of p's side when p has none of that name.
func NationalResults(s State, p Power, project string) int {
	if _, ok := FindProject(SideOf(p), nationality[p]+" "+project); ok && SideOf(p) != Soviet {
		return ResearchResults(s, SideOf(p), p, project)
	}
	return ResearchResults(s, SideOf(p), 0, project)
}

// resultProject is the sheet row of a recorded result: p's national
// project, or the side's joint one (Power 0).
func resultProject(e ResearchResult) (ResearchProject, bool) {
	if e.Power != 0 {
		return FindProject(e.Side, nationality[e.Power]+" "+e.Project)
	}
	return FindProject(e.Side, e.Project)
}

// effects sums the effects of every result held, for the readers below.
func effects(s State, keep func(e ResearchResult) bool) (sum ResultEffect, byPower map[Power]ResultEffect) {
	byPower = map[Power]ResultEffect{}
	for _, e := range s.Research {
		if !keep(e) {
			continue
		}
		r, ok := resultProject(e)
		if !ok {
			continue
		}
		owner := e.Power
		if owner == 0 {
			owner = basicAllocations[e.Side].Leader
		}
		for k := 1; k <= e.Results; k++ {
			f := r.Effect(k)
			// Starting Russian results are garrison counters (15.52, 21.21B).
			sum = sum.plus(f)
			byPower[owner] = byPower[owner].plus(f)
		}
	}
	return sum, byPower
}

func (e ResultEffect) plus(f ResultEffect) ResultEffect {
	return ResultEffect{Armor: e.Armor + f.Armor, Infantry: e.Infantry + f.Infantry, Air: e.Air + f.Air,
		Naval: e.Naval + f.Naval, Garrison: e.Garrison + f.Garrison, GarrisonRequirement: e.GarrisonRequirement + f.GarrisonRequirement,
		Support: e.Support + f.Support, Counter: e.Counter + f.Counter}
}

// ResearchBalance returns side's research counters on the Balance of Power
// Chart by category (16.11, 20.22-20.25), the starting results included
// (15.52, 20.41). For the balance of power code (BalanceOfPower).
func ResearchBalance(s State, side Side) CategoryCounts {
	sum, _ := effects(s, func(e ResearchResult) bool { return e.Side == side })
	return CategoryCounts{Armor: sum.Armor, Infantry: sum.Infantry, Air: sum.Air, Naval: sum.Naval}
}

// ResearchGarrison returns the Russian research counters of the garrison
// (21.21B, 16.17, 16.18E), the starting result included (15.52).
func ResearchGarrison(s State) int {
	sum, _ := effects(s, func(e ResearchResult) bool { return e.Side == Soviet })
	return sum.Garrison
}

// ResearchGarrisonRequirement returns the increase of the Russian garrison
// requirement from Axis occupation policies results (16.16E, 21.22E).
func ResearchGarrisonRequirement(s State) int {
	sum, _ := effects(s, func(e ResearchResult) bool { return e.Side == Axis })
	return sum.GarrisonRequirement
}

// ResearchSupport returns p's support modifier from research results
// (10.51A, 10.81A, 16.12A, 16.13B, 16.14, 16.15A, 16.18). A joint
// project's support goes to the side's leader (docs/rules.md). For the
// support code.
func ResearchSupport(s State, p Power) int {
	_, by := effects(s, func(e ResearchResult) bool { return e.Side == SideOf(p) })
	return by[p].Support
}

// ResearchCounterBonus returns the activity counters p's economic
// preparation results add to its pool (16.14C). For the pool code.
func ResearchCounterBonus(s State, p Power) ActivityCounters {
	var c ActivityCounters
	for _, e := range s.Research {
		if e.Project != "economic preparation" || e.Side != SideOf(p) || (e.Power != p && e.Power != 0) {
			continue
		}
		if e.Power == 0 && basicAllocations[e.Side].Leader != p {
			continue
		}
		r, ok := resultProject(e)
		if !ok {
			continue
		}
		for k := 1; k <= e.Results; k++ {
			switch r.Effect(k).Counter {
			case 1:
				c.One++
			case 2:
				c.Two++
			}
		}
	}
	return c
}

// HeldResults returns side's unused results of a project that holds them
// (covert operations, counter-intelligence, spy rings to place, subversion,
// Anglo-French cooperation levels; 16.16). For the diplomacy code.
func HeldResults(s State, side Side, project string) int {
	r, ok := FindProject(side, project)
	if !ok || !r.Effect(1).Held {
		return 0
	}
	return s.Sheets.Steps(r)/r.StepsPerResult - s.Sheets.used(r)
}

// UseResult marks one held result used (16.16A, 16.16C: once only); false
// when none is held.
func UseResult(s *State, side Side, project string) bool {
	if HeldResults(*s, side, project) < 1 {
		return false
	}
	r, _ := FindProject(side, project)
	s.Sheets.progress(r).Used++
	return true
}

// Research events.

// ResearchCountersUsed reports the activity counters a power spent on
// research; expenditures are revealed at the end of the economic phase
// (15.22C, 13.12B).
type ResearchCountersUsed struct {
	Power      Power            `json:"power"`
	Counters   ActivityCounters `json:"counters"`
	Points     int              `json:"points"`
	TilePoints int              `json:"tile_points"` // after paying
}

// ResearchAssigned reports research points placed; secret (15.15).
type ResearchAssigned struct {
	Power   Power  `json:"power"`
	Side    Side   `json:"side"`
	Project string `json:"project"`
	Kind    string `json:"kind,omitempty"`
	Points  int    `json:"points"`
	Steps   int    `json:"steps"` // the project's steps after
}

// ResearchResultAchieved reports a research result (15.6, 16.1). Public,
// unless the result is held secretly (Private names the power told).
type ResearchResultAchieved struct {
	Side    Side         `json:"side"`
	Power   Power        `json:"power,omitempty"` // the project's power; 0 for a joint project
	Project string       `json:"project"`
	Result  int          `json:"result"` // the n-th result on the sheet
	Steps   int          `json:"steps"`
	Effect  ResultEffect `json:"effect"`
	Rule    string       `json:"rule"`
	Private Power        `json:"private,omitempty"`
}

// MaginotResearchRevealed reports Maginot Line steps revealed after the
// 6-step result and the modifier in Belgium/Luxembourg (16.14B, 15.63).
type MaginotResearchRevealed struct {
	Steps    int `json:"steps"`
	Total    int `json:"total"`
	Modifier int `json:"modifier"`
}

// ResearchSurplusGained reports research points of a random event to be
// reassigned (15.24); secret like all research placement (15.15).
type ResearchSurplusGained struct {
	Power    Power            `json:"power"`
	Project  string           `json:"project"`
	Category ResearchCategory `json:"category"`
	Points   int              `json:"points"`
}

func (ResearchCountersUsed) Visibility() Visibility    { return public } // 15.22C
func (e ResearchAssigned) Visibility() Visibility      { return Visibility{Power: e.Power} }
func (e ResearchSurplusGained) Visibility() Visibility { return Visibility{Power: e.Power} }
func (MaginotResearchRevealed) Visibility() Visibility { return public } // 16.14B
func (e ResearchResultAchieved) Visibility() Visibility {
	if e.Private != 0 {
		return Visibility{Power: e.Private}
	}
	return public // 15.63
}

func (ResearchCountersUsed) Type() string    { return "ResearchCountersUsed" }
func (ResearchAssigned) Type() string        { return "ResearchAssigned" }
func (ResearchResultAchieved) Type() string  { return "ResearchResultAchieved" }
func (MaginotResearchRevealed) Type() string { return "MaginotResearchRevealed" }
func (ResearchSurplusGained) Type() string   { return "ResearchSurplusGained" }

func init() {
	eventTypes["ResearchCountersUsed"] = decode[ResearchCountersUsed]
	eventTypes["ResearchAssigned"] = decode[ResearchAssigned]
	eventTypes["ResearchResultAchieved"] = decode[ResearchResultAchieved]
	eventTypes["MaginotResearchRevealed"] = decode[MaginotResearchRevealed]
	eventTypes["ResearchSurplusGained"] = decode[ResearchSurplusGained]
}

// ResearchLeader returns the power whose orders place side's basic,
// intelligence and advanced points (15.21; docs/rules.md).
func ResearchLeader(side Side) Power { return basicAllocations[side].Leader }

// researchOptions are the research hints of Allowed. Every power that may
// use a counter for research is offered the strongest one it has, and its
// research-only counter (15.22A), each with example project lines for all
// the points it must place (15.22: paid points may not be left unassigned;
// the leader's basic points are placed first, 15.21); the side's leader is
// also offered its free basic points alone. The examples honour 15.23A-C
// and 15.42 for the power's own orders; the sheet in the private notice
// lists the other projects.
func researchOptions(s State, p Power) []Option {
	ps := s.Powers[p]
	side := SideOf(p)
	alloc := basicAllocations[side]
	basic := 0
	if alloc.Leader == p {
		basic = alloc.Basic
	}
	var opts []Option
	// option builds counter (nil: none) with example lines for its points.
	option := func(counter *Order, points, cost int, note string) bool {
		ex := examplePoints(s, p, points)
		if len(ex) == 0 {
			return false
		}
		op := Option{Order: ex[0], With: ex[1:], Cost: cost, Note: note}
		if counter != nil {
			op = Option{Order: *counter, With: ex, Cost: cost, Note: note}
		}
		if len(Validate(s, p, op.Orders())) > 0 {
			return false
		}
		opts = append(opts, op)
		return true
	}
	if !researchBanned(s, p) { // 22.21B-C: no counters for research
		av := ps.Available()
		for _, n := range []int{3, 2, 1} {
			c, _ := countersOf([]int{n})
			if !av.covers(c) {
				continue
			}
			note := fmt.Sprintf("%d research point(s), paid; send the %d RESEARCH line(s) above with it: every point must go to a project (15.22, 12.41C, 12.31)",
				n, basic+n)
			if basic > 0 {
				note = fmt.Sprintf("%d research point(s), paid, on top of your side's %d free basic point(s); send the %d RESEARCH line(s) above with it: every paid point must go to a project (15.21, 15.22, 12.41C)",
					n, basic, basic+n)
			}
			if option(&Order{Kind: Research, Counters: []int{n}}, basic+n, n, note) {
				break
			}
		}
		if av.Research > 0 {
			option(&Order{Kind: Research, Counters: []int{1}, Args: []string{CounterCivilian}}, basic+1, 1,
				"the research-only counter: one more point, to a project (15.22A); with another counter too, add a RESEARCH line for each of its points")
		}
	}
	// 15.24: the surplus of this turn's random events, reassigned to
	// eligible projects of its category, at most three a project.
	for _, sp := range s.Sheets.Surplus {
		if sp.Power != p || sp.Turn != s.Turn {
			continue
		}
		var lines []Order
		left := sp.Points
		for _, r := range eventProjects(p, sp.Category) {
			if n := min(left, 3, s.Sheets.Remaining(r)); n > 0 && r.ID() != sp.From {
				lines = append(lines, Order{Kind: Research, Project: r.ID(), Points: n, Args: []string{PointReassign}})
				left -= n
			}
		}
		if len(lines) > 0 {
			op := Option{Order: lines[0], With: lines[1:],
				Note: fmt.Sprintf("the %d surplus %s point(s) from %s, free, to any %s project(s) you choose, at most 3 a project (15.24)", sp.Points, sp.Category, sp.From, sp.Category)}
			if len(Validate(s, p, op.Orders())) == 0 {
				opts = append(opts, op)
			}
		}
	}
	if basic > 0 {
		n := basic
		if researchBanned(s, p) {
			n = 1 // 22.21B-C: the one basic point
		}
		option(nil, n, 0, fmt.Sprintf("your side's %d basic point(s), free; any may be left out (15.21); other projects: your research record sheet, in your notice", n))
	}
	return opts
}

// examplePoints returns n RESEARCH lines of ordinary points p might give
// now: open projects of its side (15.42, not complete), one point each
// (15.23A), the lowest stages first so that 15.23B holds, the Italian
// (French) project of 15.23C first when the leader owes one, then p's own
// and joint projects before a partner's. Nil when there are not n.
func examplePoints(s State, p Power, n int) []Order {
	side := SideOf(p)
	leader := ResearchLeader(side) == p
	var need Power // 15.23C
	if leader {
		for _, ob := range obligations {
			if ob.Side == side && !obligationMet(s, ob) {
				need = ob.Power
			}
		}
	}
	// A partner avoids the leader's example basic points, which would
	// void its own (15.23A: the earlier power in the order of play keeps
	// its point).
	var leaderPicks []string
	if l := ResearchLeader(side); !leader {
		for _, o := range examplePoints(s, l, basicAllocations[side].Basic) {
			leaderPicks = append(leaderPicks, o.Project)
		}
	}
	var open []ResearchProject
	for _, r := range ResearchProjects(side) {
		if s.Sheets.Remaining(r) == 0 || slices.Contains(leaderPicks, r.ID()) {
			continue
		}
		if rule, _ := projectClosed(s, r); rule != "" {
			continue
		}
		open = append(open, r)
	}
	owner := func(r ResearchProject) int {
		switch r.Power {
		case p:
			return 0
		case 0:
			return 1
		}
		return 2
	}
	slices.SortStableFunc(open, func(a, b ResearchProject) int {
		if d := int(stageOf(s.Sheets.Steps(a)+1)) - int(stageOf(s.Sheets.Steps(b)+1)); d != 0 {
			return d
		}
		return owner(a) - owner(b)
	})
	if need != 0 {
		if k := slices.IndexFunc(open, func(r ResearchProject) bool { return r.Power == need }); k > 0 {
			r := open[k]
			open = append([]ResearchProject{r}, slices.Delete(open, k, k+1)...)
		}
	}
	if len(open) < n || n <= 0 {
		return nil
	}
	out := make([]Order, n)
	for i, r := range open[:n] {
		out[i] = Order{Kind: Research, Project: r.ID(), Points: 1}
	}
	return out
}

// civilWarProject is a row of 15.22D: a project that may take a civil war
// intervention point, and who may place it.
type civilWarProject struct {
	Name   string
	Powers []Power
	Rule   string
}

var civilWarProjects = []civilWarProject{
	{"air range", []Power{Germany, Italy, Britain, France, Russia}, "15.22D"},   // Axis, Allies, Russia
	{"strategic bombers", []Power{Germany, Britain, Russia}, "15.22D"},          // national
	{"air defense", []Power{Germany, Italy, Britain, France, Russia}, "15.22D"}, // Axis, Allies, Russia
	{"air transports", []Power{Germany, Britain, Russia}, "15.22D"},             // national
	{"armor", []Power{Germany, Italy, Britain, France, Russia}, "15.22D"},       // national, each power
	{"specialized units", []Power{Germany, Italy, Britain, Russia}, "15.22D"},   // Axis (joint), Britain, Russia
}

// CivilWarResearchPoint places the research point of a civil war
// intervention with a military counter (15.22D): one of the listed
// projects, the power's own or its side's joint one, any stage, on top of
// the turn's point, once per project a game. For the diplomacy code; the
// result, if any, is announced at the end of the diplomatic phase.
func CivilWarResearchPoint(s *State, p Power, project string, evs *[]Event) error {
	side := SideOf(p)
	r, ok := projectFor(p, project)
	if !ok {
		return fmt.Errorf("adjudicator: rule 15.22D: %s has no project %q", p.Title(), project)
	}
	row := slices.IndexFunc(civilWarProjects, func(c civilWarProject) bool { return c.Name == r.Name })
	switch {
	case row < 0 || !slices.Contains(civilWarProjects[row].Powers, p):
		return fmt.Errorf("adjudicator: rule 15.22D: %s may not take a civil war intervention point from %s", r.ID(), p.Title())
	case r.Power != 0 && r.Power != p:
		return fmt.Errorf("adjudicator: rule 15.22D: %s does not take part in %s", p.Title(), r.ID())
	case slices.Contains(s.Sheets.CivilWarPoints, string(side)+"/"+r.ID()):
		return fmt.Errorf("adjudicator: rule 15.22D: %s has had its civil war intervention point", r.ID())
	case s.Sheets.Remaining(r) == 0:
		return fmt.Errorf("adjudicator: rule 15.23: %s cannot take more steps", r.ID())
	}
	s.Sheets.CivilWarPoints = append(s.Sheets.CivilWarPoints, string(side)+"/"+r.ID())
	after := advanceProject(s, r, 1, evs)
	*evs = append(*evs, ResearchAssigned{Power: p, Side: side, Project: r.ID(), Kind: "civil war", Points: 1, Steps: after})
	return nil
}

// maxPurgeSteps: at most three excess purge steps per project (15.22E).
const maxPurgeSteps = 3

// PurgeResearchStep gives a Russian project one free step for a purge
// event beyond 30 (15.22E, 22.73E). For the purge code.
func PurgeResearchStep(s *State, project string, evs *[]Event) error {
	r, ok := FindProject(Soviet, project)
	if !ok {
		return fmt.Errorf("adjudicator: rule 15.22E: no Russian project %q", project)
	}
	n := 0
	for _, id := range s.Sheets.PurgeSteps {
		if id == r.ID() {
			n++
		}
	}
	switch {
	case n >= maxPurgeSteps:
		return fmt.Errorf("adjudicator: rule 15.22E: %s has had its %d excess purge steps", r.ID(), maxPurgeSteps)
	case s.Sheets.Remaining(r) == 0:
		return fmt.Errorf("adjudicator: rule 15.23: %s cannot take more steps", r.ID())
	}
	s.Sheets.PurgeSteps = append(s.Sheets.PurgeSteps, r.ID())
	after := advanceProject(s, r, 1, evs)
	*evs = append(*evs, ResearchAssigned{Power: Russia, Side: Soviet, Project: r.ID(), Kind: "purge", Points: 1, Steps: after})
	return nil
}

// PlaceResearchSpyRing uses side's espionage result to place a spy ring in
// a research category of the side target (16.16B). The target reveals the
// steps of each project of that category with any; the reveal goes to the
// placing side's powers. For the diplomacy code.
func PlaceResearchSpyRing(s *State, side, target Side, c ResearchCategory, evs *[]Event) error {
	if side == target {
		return fmt.Errorf("adjudicator: rule 16.16B: a spy ring goes into an opposing side's research")
	}
	if !UseResult(s, side, ProjectEspionage) {
		return fmt.Errorf("adjudicator: rule 16.16B: the %s hold no espionage result", side)
	}
	s.Sheets.SpyRings = append(s.Sheets.SpyRings, ResearchSpyRing{Side: side, Target: target, Category: c, Activated: s.Turn})
	revealResearch(s, side, target, c, evs)
	return nil
}

// revealResearch tells side's powers the steps of target's projects of
// category c (16.16B: when a research spy ring is activated).
func revealResearch(s *State, side, target Side, c ResearchCategory, evs *[]Event) {
	var steps []ProjectSteps
	for _, r := range ResearchProjects(target) {
		if n := s.Sheets.Steps(r); r.Category == c && n > 0 {
			steps = append(steps, ProjectSteps{Project: r.ID(), Steps: n})
		}
	}
	for _, p := range Powers {
		if SideOf(p) == side {
			*evs = append(*evs, ResearchSpied{To: p, Side: side, Target: target, Category: c, Projects: steps})
		}
	}
}

// ProjectSteps is a project and its steps.
type ProjectSteps struct {
	Project string `json:"project"`
	Steps   int    `json:"steps"`
}

// ResearchSpied reports the research status a new spy ring reveals to the
// placing side (16.16B); private to each of its powers (To).
type ResearchSpied struct {
	To       Power            `json:"to"`
	Side     Side             `json:"side"`
	Target   Side             `json:"target"`
	Category ResearchCategory `json:"category"`
	Projects []ProjectSteps   `json:"projects"`
}

func (e ResearchSpied) Visibility() Visibility { return Visibility{Power: e.To} }
func (ResearchSpied) Type() string             { return "ResearchSpied" }

func init() { eventTypes["ResearchSpied"] = decode[ResearchSpied] }
