package storm

import (
	"fmt"
	"slices"
	"strings"
)

// Research is the order kind of the research segment.
const Research OrderKind = "research"

// Research point kinds (Order.Args[0] of a research point order).
const (
	PointNormal       = ""
	PointIntelligence = "intelligence" // 15.23D
	PointAdvanced     = "advanced"     // 15.23E, 15.23F
	PointSpy          = "spy"          // 15.22B, 16.16B
	PointReassign     = "reassign"     // 15.24
	PointPurge        = "purge"        // 15.22E, 22.73E: a free step for an excess purge event
	InfantryForAWAW   = "infantry"     // 22.73E, 33.21C: RESEARCH INFANTRY PURGE, no project: a 3-3 unit for A World at War
	CounterCivilian   = "civilian"     // 15.22A: the research-only counter
)

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

// ProjectKey names a project on the permits' lists: "side/id".
func ProjectKey(r ResearchProject) string { return string(r.Side) + "/" + r.ID() }

// clone deep-copies the book.
func (b ResearchBook) clone() ResearchBook {
	c := b
	c.Progress = slices.Clone(b.Progress)
	c.Assigned = slices.Clone(b.Assigned)
	c.Surplus = slices.Clone(b.Surplus)
	c.SpyRings = slices.Clone(b.SpyRings)
	names := newSlab[string](len(b.SpyPoints) + len(b.CivilWarPoints) + len(b.PurgeSteps) + len(b.Permits.Opened)) // the lists of names in one array
	c.SpyPoints = names.clone(b.SpyPoints)
	c.CivilWarPoints = names.clone(b.CivilWarPoints)
	c.PurgeSteps = names.clone(b.PurgeSteps)
	c.Permits.Opened = names.clone(b.Permits.Opened)
	c.Permits.Closed = slices.Clone(b.Permits.Closed)
	return c
}

// Row returns the row of r, or nil.
func (b *ResearchBook) Row(r ResearchProject) *ProjectProgress {
	for i := range b.Progress {
		g := &b.Progress[i]
		if g.Power == r.Power && g.Project == r.Name && g.Side == r.Side { // the power first: the cheapest test, and the sides are strings
			return g
		}
	}
	return nil
}

// Steps returns the steps achieved in r (15.13).
func (b *ResearchBook) Steps(r ResearchProject) int {
	if g := b.Row(r); g != nil {
		return g.Steps
	}
	return 0
}

// Used is the number of r's results used (15.5), 0 for a project
// without a row.
func (b *ResearchBook) Used(r ResearchProject) int {
	if g := b.Row(r); g != nil {
		return g.Used
	}
	return 0
}

// AddSteps advances r by n steps, creating its row.
func (b *ResearchBook) AddSteps(r ResearchProject, n int) int {
	g := b.Row(r)
	if g == nil {
		b.Progress = append(b.Progress, ProjectProgress{Side: r.Side, Power: r.Power, Project: r.Name})
		g = &b.Progress[len(b.Progress)-1]
	}
	g.Steps += n
	return g.Steps
}

// Unlimited stands for "no maximum" in step arithmetic.
const Unlimited = 1 << 20

// Remaining is the number of steps r may still take: up to its maximum
// (15.23), and, for a result held in reserve, up to the step before the
// next result (16.16A, 16.16C, 15.241C).
func (b *ResearchBook) Remaining(r ResearchProject) int {
	steps, used := 0, 0
	if g := b.Row(r); g != nil { // one look for both
		steps, used = g.Steps, g.Used
	}
	limit := Unlimited
	if r.Results > 0 {
		limit = r.MaxSteps()
	}
	if r.Limit > 0 {
		res := steps / r.StepsPerResult
		if res-used >= r.Limit {
			limit = min(limit, (res+1)*r.StepsPerResult-1)
		}
	}
	return max(0, limit-steps)
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
	kind := PointKind(o)
	if kind != PointNormal {
		s += " " + strings.ToUpper(kind)
	}
	if kind == PointReassign || o.Points > 1 {
		s += fmt.Sprintf(" %d", max(o.Points, 1))
	}
	return s
}

// PointKind is the kind of research point a RESEARCH order places
// (intelligence, advanced, spy, reassign ...), PointNormal by default.
func PointKind(o Order) string {
	if len(o.Args) > 0 {
		return o.Args[0]
	}
	return PointNormal
}

// ResearchPermit applies a research_allowed or research_prohibited effect
// (15.42A) for p's project: opened from now on, or barred this turn.
func ResearchPermit(s *State, p Power, e Effect) string {
	r, ok := ProjectFor(p, e.Project)
	if !ok {
		return fmt.Sprintf("no effect: %s has no research project %q", p.Title(), e.Project)
	}
	key := ProjectKey(r)
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

// IsStarting reports a starting result of 15.51 (15.52).
func IsStarting(e ResearchResult) bool { return strings.HasPrefix(e.Rule, "15.51") }

// ProjectFor finds p's own project of that name, else its side's.
func ProjectFor(p Power, name string) (ResearchProject, bool) {
	if f, ok := projectsFor[p][name]; ok {
		return f.row, f.ok
	}
	return projectFor(p, name)
}

// projectsFor are ProjectFor's answers for each power and every ID and
// name of the sheets, found once: events name their projects for every
// check of a power's research.
var projectsFor = func() map[Power]map[string]foundProject {
	out := map[Power]map[string]foundProject{}
	for _, p := range Powers {
		m := map[string]foundProject{}
		for _, r := range ResearchSheetRows {
			for _, k := range []string{r.ID(), r.Name} {
				row, ok := projectFor(p, k)
				m[k] = foundProject{row, ok}
			}
		}
		out[p] = m
	}
	return out
}()

// projectFor is ProjectFor, reckoned.
func projectFor(p Power, name string) (ResearchProject, bool) {
	if SideOf(p) != Soviet {
		if r, ok := FindProject(SideOf(p), nationalID(p, NormalizeProject(name))); ok && r.Power == p {
			return r, true
		}
	}
	return FindProject(SideOf(p), name)
}

// ResultProject is the sheet row of a recorded result: p's national
// project, or the side's joint one (Power 0).
func ResultProject(e ResearchResult) (ResearchProject, bool) {
	// The ID of a sheet's national project is kept (nationalIDs), and
	// FindProject finds it by its table (projectNames).
	return FindProject(e.Side, ResearchProject{Power: e.Power, Name: e.Project}.ID())
}

// Plus returns e and f summed effect by effect.
func (e ResultEffect) Plus(f ResultEffect) ResultEffect {
	return ResultEffect{Armor: e.Armor + f.Armor, Infantry: e.Infantry + f.Infantry, Air: e.Air + f.Air,
		Naval: e.Naval + f.Naval, Garrison: e.Garrison + f.Garrison, GarrisonRequirement: e.GarrisonRequirement + f.GarrisonRequirement,
		Support: e.Support + f.Support, Counter: e.Counter + f.Counter}
}

// ResearchCounterBonus returns the activity counters p's economic
// preparation results add to its pool (16.14C). For the pool code.
func ResearchCounterBonus(s State, p Power) ActivityCounters {
	var c ActivityCounters
	for _, e := range s.Research {
		if e.Project != "economic preparation" || e.Side != SideOf(p) || (e.Power != p && e.Power != 0) {
			continue
		}
		if e.Power == 0 && BasicAllocations[e.Side].Leader != p {
			continue
		}
		r, ok := ResultProject(e)
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

// ProjectSteps is a project and its steps.
type ProjectSteps struct {
	Project string `json:"project"`
	Steps   int    `json:"steps"`
}
