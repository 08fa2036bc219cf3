package track

import (
	"fmt"
	"slices"

	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
)

// OrderPoints are the research points a RESEARCH order places: its
// points, at least 1.
func OrderPoints(o storm.Order) int { return max(o.Points, 1) }

// AdvanceProject adds n steps to r (checked against Remaining) and achieves the
// results whose last step is reached (15.13, 15.6); returns the steps.
func AdvanceProject(s *storm.State, r storm.ResearchProject, n int, evs *[]event.Event) int {
	before := s.Sheets.Steps(r)
	after := s.Sheets.AddSteps(r, n)
	for k := before/r.StepsPerResult + 1; k <= after/r.StepsPerResult; k++ {
		achieve(s, r, k, evs)
	}
	return after
}

// achieve records the k-th result of r on the sheet (counted without the
// starting results, 15.52) and announces it (15.63).
func achieve(s *storm.State, r storm.ResearchProject, k int, evs *[]event.Event) {
	found := false
	for i := range s.Research {
		e := &s.Research[i]
		if e.Side == r.Side && e.Power == r.Power && e.Project == r.Name && !storm.IsStarting(*e) {
			e.Results = k
			found = true
		}
	}
	if !found {
		s.Research = append(s.Research, storm.ResearchResult{Side: r.Side, Power: r.Power, Project: r.Name, Results: k, Rule: r.Rule})
	}
	eff := r.Effect(k)
	ev := event.ResearchResultAchieved{Side: r.Side, Power: r.Power, Project: r.ID(), Result: k,
		Steps: s.Sheets.Steps(r), Effect: eff, Rule: r.Rule}
	if !eff.Secret {
		*evs = append(*evs, ev) // 15.63, 13.12B
		return
	}
	// Held results are kept secret until used (15.63): told to the side.
	for _, p := range storm.Powers {
		if storm.SideOf(p) == r.Side {
			ev.Private = p
			*evs = append(*evs, ev)
		}
	}
}

// ResearchEvent applies a random event that advances p's project by steps
// (15.32A-B); when double is set it doubles the points already assigned
// instead, up to three steps (15.31A). Steps the project cannot take become
// surplus to be reassigned this turn (15.24, 15.241); the surplus is
// returned. For the random events code.
func ResearchEvent(s *storm.State, p storm.Power, project string, steps int, double bool, evs *[]event.Event) (int, error) {
	r, ok := storm.ProjectFor(p, project)
	if !ok {
		return 0, fmt.Errorf("adjudicator: no research project %q for %s", project, p)
	}
	if double {
		steps = min(s.Sheets.Steps(r), 3) // 15.31A
	}
	n := min(steps, s.Sheets.Remaining(r))
	if n > 0 {
		AdvanceProject(s, r, n, evs)
	}
	surplus := steps - n
	if surplus > 0 {
		s.Sheets.Surplus = append(s.Sheets.Surplus, storm.ResearchSurplus{Turn: s.Turn, Power: p, Category: r.Category, Points: surplus, From: r.ID()})
		*evs = append(*evs, event.ResearchSurplusGained{Power: p, Project: r.ID(), Category: r.Category, Points: surplus})
	}
	return surplus, nil
}

// effects sums the effects of every result held, for the readers below;
// byPower by owner, an array rather than a map: the balance of power and
// support read it for every check.
func effects(s storm.State, keep func(e storm.ResearchResult) bool) (sum storm.ResultEffect, byPower [storm.Russia + 1]storm.ResultEffect) {
	for _, e := range s.Research {
		if !keep(e) {
			continue
		}
		r, ok := storm.ResultProject(e)
		if !ok {
			continue
		}
		owner := e.Power
		if owner == 0 {
			owner = storm.BasicAllocations[e.Side].Leader
		}
		for k := 1; k <= e.Results; k++ {
			f := r.Effect(k)
			// Starting Russian results are garrison counters (15.52, 21.21B).
			sum = sum.Plus(f)
			if int(owner) < len(byPower) {
				byPower[owner] = byPower[owner].Plus(f)
			}
		}
	}
	return sum, byPower
}

// ResearchBalance returns side's research counters on the Balance of Power
// Chart by category (16.11, 20.22-20.25), the starting results included
// (15.52, 20.41). For the balance of power code (BalanceOfPower).
func ResearchBalance(s storm.State, side storm.Side) storm.CategoryCounts {
	sum, _ := effects(s, func(e storm.ResearchResult) bool { return e.Side == side })
	return storm.CategoryCounts{Armor: sum.Armor, Infantry: sum.Infantry, Air: sum.Air, Naval: sum.Naval}
}

// ResearchGarrison returns the Russian research counters of the garrison
// (21.21B, 16.17, 16.18E), the starting result included (15.52).
func ResearchGarrison(s storm.State) int {
	sum, _ := effects(s, func(e storm.ResearchResult) bool { return e.Side == storm.Soviet })
	return sum.Garrison
}

// ResearchGarrisonRequirement returns the increase of the Russian garrison
// requirement from Axis occupation policies results (16.16E, 21.22E).
func ResearchGarrisonRequirement(s storm.State) int {
	sum, _ := effects(s, func(e storm.ResearchResult) bool { return e.Side == storm.Axis })
	return sum.GarrisonRequirement
}

// ResearchSupport returns p's support modifier from research results
// (10.51A, 10.81A, 16.12A, 16.13B, 16.14, 16.15A, 16.18). A joint
// project's support goes to the side's leader (docs/rules.md). For the
// support code.
func ResearchSupport(s storm.State, p storm.Power) int {
	_, by := effects(s, func(e storm.ResearchResult) bool { return e.Side == storm.SideOf(p) })
	if int(p) >= len(by) {
		return 0
	}
	return by[p].Support
}

// HeldResults returns side's unused results of a project that holds them
// (covert operations, counter-intelligence, spy rings to place, subversion,
// Anglo-French cooperation levels; 16.16). For the diplomacy code.
func HeldResults(s storm.State, side storm.Side, project string) int {
	r, ok := storm.FindProject(side, project)
	if !ok || !r.Effect(1).Held {
		return 0
	}
	return s.Sheets.Steps(r)/r.StepsPerResult - s.Sheets.Used(r)
}

// UseResult marks one held result used (16.16A, 16.16C: once only); false
// when none is held.
func UseResult(s *storm.State, side storm.Side, project string) bool {
	if HeldResults(*s, side, project) < 1 {
		return false
	}
	r, _ := storm.FindProject(side, project)
	s.Sheets.Row(r).Used++
	return true
}

// ResearchLeader returns the power whose orders place side's basic,
// intelligence and advanced points (15.21; docs/rules.md).
func ResearchLeader(side storm.Side) storm.Power { return storm.BasicAllocations[side].Leader }

// civilWarProject is a row of 15.22D: a project that may take a civil war
// intervention point, and who may place it.
type civilWarProject struct {
	Name   string
	Powers []storm.Power
	Rule   string
}

// CivilWarProjects are the rows of 15.22D.
var CivilWarProjects = []civilWarProject{
	{"air range", []storm.Power{storm.Germany, storm.Italy, storm.Britain, storm.France, storm.Russia}, "15.22D"},   // Axis, Allies, Russia
	{"strategic bombers", []storm.Power{storm.Germany, storm.Britain, storm.Russia}, "15.22D"},                      // national
	{"air defense", []storm.Power{storm.Germany, storm.Italy, storm.Britain, storm.France, storm.Russia}, "15.22D"}, // Axis, Allies, Russia
	{"air transports", []storm.Power{storm.Germany, storm.Britain, storm.Russia}, "15.22D"},                         // national
	{"armor", []storm.Power{storm.Germany, storm.Italy, storm.Britain, storm.France, storm.Russia}, "15.22D"},       // national, each power
	{"specialized units", []storm.Power{storm.Germany, storm.Italy, storm.Britain, storm.Russia}, "15.22D"},         // Axis (joint), Britain, Russia
}

// CivilWarResearchPoint places the research point of a civil war
// intervention with a military counter (15.22D): one of the listed
// projects, the power's own or its side's joint one, any stage, on top of
// the turn's point, once per project a game. For the diplomacy code; the
// result, if any, is announced at the end of the diplomatic phase.
func CivilWarResearchPoint(s *storm.State, p storm.Power, project string, evs *[]event.Event) error {
	side := storm.SideOf(p)
	r, ok := storm.ProjectFor(p, project)
	if !ok {
		return fmt.Errorf("adjudicator: rule 15.22D: %s has no project %q", p.Title(), project)
	}
	row := slices.IndexFunc(CivilWarProjects, func(c civilWarProject) bool { return c.Name == r.Name })
	switch {
	case row < 0 || !slices.Contains(CivilWarProjects[row].Powers, p):
		return fmt.Errorf("adjudicator: rule 15.22D: %s may not take a civil war intervention point from %s", r.ID(), p.Title())
	case r.Power != 0 && r.Power != p:
		return fmt.Errorf("adjudicator: rule 15.22D: %s does not take part in %s", p.Title(), r.ID())
	case slices.Contains(s.Sheets.CivilWarPoints, string(side)+"/"+r.ID()):
		return fmt.Errorf("adjudicator: rule 15.22D: %s has had its civil war intervention point", r.ID())
	case s.Sheets.Remaining(r) == 0:
		return fmt.Errorf("adjudicator: rule 15.23: %s cannot take more steps", r.ID())
	}
	s.Sheets.CivilWarPoints = append(s.Sheets.CivilWarPoints, string(side)+"/"+r.ID())
	after := AdvanceProject(s, r, 1, evs)
	*evs = append(*evs, event.ResearchAssigned{Power: p, Side: side, Project: r.ID(), Kind: "civil war", Points: 1, Steps: after})
	return nil
}

// PlaceResearchSpyRing uses side's espionage result to place a spy ring in
// a research category of the side target (16.16B). The target reveals the
// steps of each project of that category with any; the reveal goes to the
// placing side's powers. For the diplomacy code.
func PlaceResearchSpyRing(s *storm.State, side, target storm.Side, c storm.ResearchCategory, evs *[]event.Event) error {
	if side == target {
		return fmt.Errorf("adjudicator: rule 16.16B: a spy ring goes into an opposing side's research")
	}
	if !UseResult(s, side, storm.ProjectEspionage) {
		return fmt.Errorf("adjudicator: rule 16.16B: the %s hold no espionage result", side)
	}
	s.Sheets.SpyRings = append(s.Sheets.SpyRings, storm.ResearchSpyRing{Side: side, Target: target, Category: c, Activated: s.Turn})
	RevealResearch(s, side, target, c, evs)
	return nil
}

// RevealResearch tells side's powers the steps of target's projects of
// category c (16.16B: when a research spy ring is activated).
func RevealResearch(s *storm.State, side, target storm.Side, c storm.ResearchCategory, evs *[]event.Event) {
	var steps []storm.ProjectSteps
	for _, r := range storm.ResearchProjects(target) {
		if n := s.Sheets.Steps(r); r.Category == c && n > 0 {
			steps = append(steps, storm.ProjectSteps{Project: r.ID(), Steps: n})
		}
	}
	for _, p := range storm.Powers {
		if storm.SideOf(p) == side {
			*evs = append(*evs, event.ResearchSpied{To: p, Side: side, Target: target, Category: c, Projects: steps})
		}
	}
}

// MaxPurgeSteps is 15.22E and 22.73E: at most three steps from excess
// purge events to one Russian project over the game.
const MaxPurgeSteps = 3

// PurgeStep spends an excess purge event on one free step of a Russian
// project (15.22E, 22.73E), the research segment's or a deferred one in
// the final research (33.21C), and returns the project's steps after. The
// caller reports the step.
func PurgeStep(s *storm.State, project string, evs *[]event.Event) (storm.ResearchProject, int, error) {
	r, ok := storm.FindProject(storm.Soviet, project)
	if !ok {
		return r, 0, fmt.Errorf("adjudicator: rule 15.22E: no Russian project %q", project)
	}
	switch {
	case s.Russia.ExcessPurgeEvents <= 0:
		return r, 0, fmt.Errorf("adjudicator: rule 22.73E: no excess purge event left to spend")
	case PurgeStepsIn(*s, r.ID()) >= MaxPurgeSteps:
		return r, 0, fmt.Errorf("adjudicator: rule 15.22E: %s has had its %d excess purge steps", r.ID(), MaxPurgeSteps)
	case s.Sheets.Remaining(r) == 0:
		return r, 0, fmt.Errorf("adjudicator: rule 15.23: %s cannot take more steps", r.ID())
	}
	s.Russia.ExcessPurgeEvents--
	s.Sheets.PurgeSteps = append(s.Sheets.PurgeSteps, r.ID())
	return r, AdvanceProject(s, r, 1, evs), nil
}

// PurgeStepsIn counts the excess purge steps the project id has had.
func PurgeStepsIn(s storm.State, id string) int {
	n := 0
	for _, x := range s.Sheets.PurgeSteps {
		if x == id {
			n++
		}
	}
	return n
}

// 22.73E: three excess purge events make one 3-3 infantry unit for
// Russia's A World at War force pool, at most three units a game. In the
// final research Russia's general points may pay too, at full cohesion
// (33.21C).
const (
	PurgeEventsPerInfantry = 3 // 22.73E: the events (or points) a unit
	MaxAWAWInfantry        = 3 // 22.73E: the units of a game
)

// CheckAWAWInfantry checks the n-th unit p orders at once with RESEARCH
// INFANTRY PURGE (22.73E) when pool events or points (payers names them)
// may pay for the units: the rule and why not, or "" when it may be added.
func CheckAWAWInfantry(s storm.State, p storm.Power, o storm.Order, n, pool int, payers string) (rule, msg string) {
	switch {
	case p != storm.Russia:
		return "22.73E", "only Russia adds 3-3 infantry units to its A World at War force pool from excess purge events"
	case storm.PointKind(o) != storm.PointPurge || OrderPoints(o) != 1:
		return "22.73E", "one unit a line: RESEARCH INFANTRY PURGE"
	case s.Russia.AWAWInfantry+n > MaxAWAWInfantry:
		return "22.73E", fmt.Sprintf("at most %d 3-3 infantry units for A World at War in the game; Russia has added %d and the orders ask %d more", MaxAWAWInfantry, s.Russia.AWAWInfantry, n)
	case n*PurgeEventsPerInfantry > pool:
		return "22.73E", fmt.Sprintf("each 3-3 infantry unit takes %d %s; Russia has %d to spend and the orders ask %d unit(s)", PurgeEventsPerInfantry, payers, pool, n)
	}
	return "", ""
}

// AddAWAWInfantry adds units 3-3 infantry units to Russia's A World at War
// force pool (22.73E), paid with excess purge events first and, for the
// rest, general final points at full cohesion (33.21C); returns the
// general points spent.
func AddAWAWInfantry(s *storm.State, units int, rule string, evs *[]event.Event) int {
	cost := units * PurgeEventsPerInfantry
	events := min(cost, s.Russia.ExcessPurgeEvents)
	s.Russia.ExcessPurgeEvents -= events
	s.Russia.AWAWInfantry += units
	*evs = append(*evs, event.AWAWInfantryAdded{Units: units, PurgeEvents: events, GeneralPoints: cost - events, Total: s.Russia.AWAWInfantry, Rule: rule})
	return cost - events
}
