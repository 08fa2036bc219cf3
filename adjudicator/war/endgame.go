package war

import (
	"fmt"
	"slices"

	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/track"
)

// The end of the game (33) and the victory determination (34). War between
// major powers ends the game (26.13, 33.11): research is completed (33.2)
// in the end-of-game segment, where each side's research leader assigns
// its final points, then the victory points are counted (34) and the game
// is over. Without a war the segment passes and the next turn begins: the
// rules set no last turn (r-33-no-last-turn).

// finalPoints is 33.21: the final research points of each side by kind,
// with the projects each kind may go to (nil: any).
var finalPoints = map[storm.Side][]struct {
	Kind     string
	Points   int
	Projects []string
	Rule     string
}{
	storm.Axis: {
		{storm.PointNormal, 3, nil, "33.21A"},
		{storm.PointIntelligence, 1, storm.IntelligenceProjects, "33.21A"},
		{storm.PointAdvanced, 1, storm.AdvancedProjects[storm.Axis], "33.21A"},
	},
	storm.Allies: {
		{storm.PointNormal, 3, nil, "33.21B"},
		{storm.PointIntelligence, 1, storm.IntelligenceProjects, "33.21B"},
	},
	storm.Soviet: {
		{storm.PointNormal, 2, nil, "33.21C"},
		{storm.PointIntelligence, 1, []string{storm.ProjectCounterIntel, storm.ProjectCovertOperations, storm.ProjectEspionage}, "33.21C"},
		{storm.PointAdvanced, 1, storm.AdvancedProjects[storm.Soviet], "33.21C"},
	},
}

// finalResearchMax is 33.22A: at most three final points a project.
const finalResearchMax = 3

// finalPointsText counts a side's final points of one kind: "3 general
// final points", "1 intelligence final point".
func finalPointsText(n int, kind string) string {
	if kind == storm.PointNormal {
		kind = "general"
	}
	if n == 1 {
		return fmt.Sprintf("%d %s final point", n, kind)
	}
	return fmt.Sprintf("%d %s final points", n, kind)
}

// FinalResearchRequired: once war broke out, each side's research leader
// assigns its final points (33.21).
func FinalResearchRequired(s storm.State) []storm.Power {
	if s.War == nil {
		return nil
	}
	return []storm.Power{storm.Germany, storm.Britain, storm.Russia}
}

// ValidateFinalResearch checks p's final research orders (33.21, 33.22);
// the state it returns is s, which they do not change.
func ValidateFinalResearch(s storm.State, p storm.Power, orders []storm.Order) ([]storm.IndexedError, storm.State) {
	var errs []storm.IndexedError
	bad := func(i int, rule, format string, a ...any) {
		errs = append(errs, storm.IndexedError{OrderError: storm.OrderError{Order: orders[i], Rule: rule, Msg: fmt.Sprintf(format, a...)}, Index: i})
	}
	side := storm.SideOf(p)
	if p != track.ResearchLeader(side) || s.War == nil {
		for i := range orders {
			bad(i, "33.21", "%s assigns %s final research points", track.ResearchLeader(side).Title(), side.Possessive())
		}
		return errs, s
	}
	used := map[string]int{}
	perProject := map[string]int{}
	french := 0
	// 22.73E, 33.21C: Russia's 3-3 infantry for A World at War, paid with
	// its excess purge events first, then its general points at full
	// cohesion; what they take is not left for steps.
	units := 0
	pool, payers := s.Russia.ExcessPurgeEvents, "excess purge events (each beyond 30)"
	if s.Russia.Cohesion == storm.FullCohesion {
		pool, payers = pool+generalPoints(side), "excess purge events (each beyond 30) or general final points (33.21C)"
	}
	for i, o := range orders {
		if o.Kind != storm.Research || o.Project != storm.InfantryForAWAW {
			continue
		}
		if rule, msg := track.CheckAWAWInfantry(s, p, o, units+1, pool, payers); rule != "" {
			bad(i, rule, "%s", msg)
			continue
		}
		units++
	}
	events, general := infantryCost(s, units)
	used[storm.PointNormal] = general
	purges, purgesTo := 0, map[string]int{}
	for i, o := range orders {
		if o.Kind == storm.Research && o.Project == storm.InfantryForAWAW {
			continue
		}
		if o.Kind != storm.Research || o.Project == "" {
			bad(i, "33.21", "the end of the game takes RESEARCH <project> [INTELLIGENCE|ADVANCED|PURGE] [points] lines")
			continue
		}
		r, ok := storm.FindProject(side, o.Project)
		if !ok {
			bad(i, "33.21", "%q is not a project of %s research record sheet", o.Project, side.Possessive())
			continue
		}
		kind := storm.PointKind(o)
		n := track.OrderPoints(o)
		if kind == storm.PointPurge { // 33.21C: a deferred step, as a general point
			if rule, msg := checkDeferredStep(s, p, r, n, n+purgesTo[r.ID()], purges, events); rule != "" {
				bad(i, rule, "%s", msg)
				continue
			}
			if perProject[r.ID()]+n > finalResearchMax {
				bad(i, "33.22A", "at most %d final points a project, deferred purge steps included", finalResearchMax)
				continue
			}
			if left := s.Sheets.Remaining(r) - perProject[r.ID()]; left < n {
				bad(i, "15.13", "%s has %d step(s) left", r.ID(), max(left, 0))
				continue
			}
			purges += n
			purgesTo[r.ID()] += n
			perProject[r.ID()] += n
			continue
		}
		row := -1
		for j, f := range finalPoints[side] {
			if f.Kind == kind {
				row = j
			}
		}
		if row < 0 {
			bad(i, "33.21", "%s %s no %s final points", side.Name(), side.Has(), kind)
			continue
		}
		f := finalPoints[side][row]
		if f.Projects != nil && !slices.Contains(f.Projects, r.Name) {
			bad(i, f.Rule, "%s points go only to %s", kind, storm.JoinOr(f.Projects))
			continue
		}
		if used[kind]+n > f.Points {
			if kind == storm.PointNormal && general > 0 {
				bad(i, f.Rule, "%s %s %s in all, %d of them for the 3-3 infantry ordered, and with this line the orders assign %d", side.Name(), side.Has(), finalPointsText(f.Points, kind), general, used[kind]+n)
				continue
			}
			bad(i, f.Rule, "%s %s %s in all, and with this line the orders assign %d", side.Name(), side.Has(), finalPointsText(f.Points, kind), used[kind]+n)
			continue
		}
		if perProject[r.ID()]+n > finalResearchMax {
			bad(i, "33.22A", "at most %d final points a project", finalResearchMax)
			continue
		}
		if r.Power == storm.France {
			if french+n > 1 {
				bad(i, "33.22B", "at most one Allied final point in a purely French project")
				continue
			}
			french += n
		}
		if left := s.Sheets.Remaining(r) - perProject[r.ID()]; left < n {
			bad(i, "15.13", "%s has %d step(s) left", r.ID(), max(left, 0))
			continue
		}
		used[kind] += n
		perProject[r.ID()] += n
	}
	return errs, s
}

// generalPoints is the side's general final points (33.21).
func generalPoints(side storm.Side) int {
	for _, f := range finalPoints[side] {
		if f.Kind == storm.PointNormal {
			return f.Points
		}
	}
	return 0
}

// infantryCost is what units 3-3 infantry units take in the final
// research: Russia's excess purge events first, then its general final
// points (22.73E, 33.21C).
func infantryCost(s storm.State, units int) (events, general int) {
	cost := units * track.PurgeEventsPerInfantry
	events = min(cost, s.Russia.ExcessPurgeEvents)
	return events, cost - events
}

// checkDeferredStep checks deferred steps from excess purge events to r in
// the final research (33.21C): toR, this line's and the earlier lines'
// to r; purges, the earlier lines' to any project; infantryEvents, the
// events the infantry ordered takes. At most one step a purge event,
// three a project over the game (22.73E, 15.22E).
func checkDeferredStep(s storm.State, p storm.Power, r storm.ResearchProject, n, toR, purges, infantryEvents int) (rule, msg string) {
	switch left := s.Russia.ExcessPurgeEvents - infantryEvents; {
	case p != storm.Russia:
		return "22.73E", "only Russia has deferred research steps from excess purge events"
	case purges+n > left && infantryEvents > 0:
		return "22.73E", fmt.Sprintf("Russia has %d unspent excess purge event(s), %d of them for the 3-3 infantry ordered, and with this line the orders assign %d step(s)", s.Russia.ExcessPurgeEvents, infantryEvents, purges+n)
	case purges+n > left:
		return "22.73E", fmt.Sprintf("Russia has %d unspent excess purge event(s), one deferred step each, and with this line the orders assign %d", s.Russia.ExcessPurgeEvents, purges+n)
	case track.PurgeStepsIn(s, r.ID())+toR > track.MaxPurgeSteps:
		return "15.22E", fmt.Sprintf("no more than %d research steps from excess purge events may go to one project (%s has had %d)", track.MaxPurgeSteps, r.ID(), track.PurgeStepsIn(s, r.ID()))
	}
	return "", ""
}

// worldAtWarRows are 27.62C, 27.72C and 27.82C: the BRPs (and unit
// construction limit) of the aggressor and of each Allied power, and who
// may not declare war; otherOnly: only when the other Axis power goes to
// war that turn.
var worldAtWarRows = []struct {
	Outcome        storm.CrisisOutcome
	Aggressor      int
	Allied         int
	AggressorNoDoW bool
	AlliedNoDoW    bool
	OtherOnly      bool
	Rule           string
}{
	{storm.AggressorBacksDown, -3, +3, true, false, true, "27.62C"},
	{storm.AlliesBackDown, +6, -6, false, true, false, "27.72C"},
	{storm.AggressorBacksDownUl, -9, +9, true, false, true, "27.82C"},
}

// WorldAtWar lists the A World at War effects of this turn's crises once
// the game ends (27.62C, 27.72C, 27.82C).
func WorldAtWar(s storm.State) []storm.WorldAtWarEffect {
	var out []storm.WorldAtWarEffect
	for _, c := range s.Crisis.Crises {
		for _, r := range worldAtWarRows {
			if r.Outcome != c.Outcome || (r.OtherOnly && !atWar(s, otherAxis(c.Aggressor))) {
				continue
			}
			out = append(out, storm.WorldAtWarEffect{Power: c.Aggressor, BRP: r.Aggressor, NoDeclaration: r.AggressorNoDoW, Rule: r.Rule})
			gains := storm.Allied
			if c.Russia { // 26.14A: Russia shares the Allied effects
				gains = []storm.Power{storm.Britain, storm.France, storm.Russia}
			}
			for _, p := range gains {
				out = append(out, storm.WorldAtWarEffect{Power: p, BRP: r.Allied, NoDeclaration: r.AlliedNoDoW, Rule: r.Rule})
			}
		}
	}
	return out
}

func otherAxis(p storm.Power) storm.Power {
	if p == storm.Germany {
		return storm.Italy
	}
	return storm.Germany
}

// ResolveEndOfGame completes the research (33.2) and counts the victory
// points (34) once war has broken out; otherwise the segment passes.
// progressConquests completes the Italian conquests due in the last turn
// (34.51B, 29.32, 29.33B): the crisis phase's rule, which the caller passes
// down since phases never import each other.
func ResolveEndOfGame(s *storm.State, orders map[storm.Power][]storm.Order, evs *[]event.Event, progressConquests func(*storm.State, *[]event.Event)) {
	if !s.Crisis.On {
		*evs = append(*evs, event.SegmentSkipped{Turn: s.Turn, Segment: s.Segment, Note: event.NotImplemented})
		return
	}
	if s.War == nil {
		*evs = append(*evs, event.SegmentSkipped{Turn: s.Turn, Segment: s.Segment, Note: "no war: the game goes on (33.11)"})
		return
	}
	for _, p := range FinalResearchRequired(*s) {
		errs, _ := ValidateFinalResearch(*s, p, orders[p])
		badIdx := map[int]bool{}
		for _, e := range errs {
			badIdx[e.Index] = true
			*evs = append(*evs, event.OrderVoided{Power: p, Order: e.Order, Rule: e.Rule, Msg: e.Msg})
		}
		side := storm.SideOf(p)
		units := 0 // 22.73E, 33.21C: paid before the deferred steps spend the events left
		for i, o := range orders[p] {
			if !badIdx[i] && o.Project == storm.InfantryForAWAW {
				units++
			}
		}
		if units > 0 {
			track.AddAWAWInfantry(s, units, "33.21C", evs)
		}
		for i, o := range orders[p] {
			if badIdx[i] || o.Project == storm.InfantryForAWAW {
				continue
			}
			r, _ := storm.FindProject(side, o.Project)
			if storm.PointKind(o) == storm.PointPurge {
				deferredSteps(s, p, o, r, evs)
				continue
			}
			steps := track.AdvanceProject(s, r, track.OrderPoints(o), evs)
			*evs = append(*evs, event.FinalResearchAssigned{Side: side, Project: r.ID(), Points: track.OrderPoints(o), Steps: steps, Rule: finalPoints[side][0].Rule})
		}
	}
	assignDeferred(s, evs)               // 33.21C: the deferred steps Russia left
	progressConquests(s, evs)            // 34.51B: a conquest due in the last turn is completed in it
	civilWarsEndWithWar(s, evs)          // 25.61C
	track.AnnounceBalance(s, false, evs) // 20.53: the final balance of power (34.4)
	v := VictoryPoints(*s)               // the final determination: nothing changes after (34)
	s.Ended = true
	*evs = append(*evs, event.GameEnded{Turn: s.Turn, War: *s.War, Victory: v, WorldAtWar: WorldAtWar(*s)})
}

// deferredSteps plays o's deferred steps from excess purge events in r,
// assigned as general points (33.21C), each spending an event (22.73E).
func deferredSteps(s *storm.State, p storm.Power, o storm.Order, r storm.ResearchProject, evs *[]event.Event) {
	if err := spendDeferred(s, r, track.OrderPoints(o), false, evs); err != nil {
		*evs = append(*evs, event.OrderVoided{Power: p, Order: o, Rule: "15.22E", Msg: err.Error()})
	}
}

// assignDeferred assigns the deferred steps from excess purge events
// that Russia's orders left (33.21C: the steps not used for A World at
// War's infantry are assigned to Russian projects as general points):
// the judge's choice, in the order of the research sheet, each project as
// far as its limits let (15.22E, 33.22A with Russia's final points of
// the segment). Steps no project can take are lost with the game.
func assignDeferred(s *storm.State, evs *[]event.Event) {
	if s.Russia.ExcessPurgeEvents <= 0 {
		return
	}
	used := map[string]int{}
	for _, e := range *evs {
		if f, ok := e.(event.FinalResearchAssigned); ok && f.Side == storm.Soviet {
			used[f.Project] += f.Points
		}
	}
	for _, r := range storm.ResearchProjects(storm.Soviet) {
		spendDeferred(s, r, finalResearchMax-used[r.ID()], true, evs)
	}
}

// spendDeferred gives r up to limit deferred steps, one excess purge event
// each (22.73E, 33.21C), while events are left and r takes them (15.22E),
// and reports them (byJudge: steps Russia left unordered); the error says
// why r took no more.
func spendDeferred(s *storm.State, r storm.ResearchProject, limit int, byJudge bool, evs *[]event.Event) error {
	n, steps := 0, 0
	var err error
	for n < limit {
		var after int
		if _, after, err = track.PurgeStep(s, r.ID(), evs); err != nil {
			break
		}
		n, steps = n+1, after
	}
	if n > 0 {
		*evs = append(*evs, event.FinalResearchAssigned{Side: storm.Soviet, Project: r.ID(), Points: n, Steps: steps,
			Rule: "33.21C", Deferred: true, ByJudge: byJudge})
	}
	return err
}

// civilWarsEndWithWar is 25.61C: the outbreak of war ends every civil
// war still fought, with no effect on this game (no winner, no additional
// counter, no split, the EAI as it was); the record tells players who
// continue into A World at War (r-25-61c).
func civilWarsEndWithWar(s *storm.State, evs *[]event.Event) {
	for i := range s.Diplomacy.CivilWars {
		w := &s.Diplomacy.CivilWars[i]
		if w.Ended != nil {
			continue
		}
		t := s.Turn
		w.Ended, w.EndedBy = &t, "25.61C"
		ev := event.CivilWarEnded{Turn: t, Country: w.Country, Rule: "25.61C"}
		if m := s.Minor(w.Country); m != nil {
			ev.Flags = m.FlagCounts()
		}
		*evs = append(*evs, ev)
	}
}

// targetThisTurn reports a minor country that is the target of an
// aggression this turn (34.62), the whole country of a first demand
// included.
func targetThisTurn(s storm.State, name string) bool {
	return slices.ContainsFunc(s.Crisis.Crises, func(c storm.Crisis) bool { return storm.ResistanceName(c.Target) == name })
}

// warValue is a war's minor country value (34.52A): the row of the whole
// country for a first demand (r-34-52a-first-demand).
func warValue(s storm.State, target string) int {
	return storm.AggressionValueIn(s, storm.ResistanceName(target))
}

// preemptivePenalty is 34.81: -5 offset by a positive EAI at the end of
// the last turn (r-34-81-eai).
func preemptivePenalty(eai int) int { return min(0, -5+max(eai, 0)) }

// warLines adds the victory points of the war that ended the game: war
// over a minor country and the Allied declarations in its support (34.52),
// a Russian declaration in support of a minor country (34.53), the penalty
// of a pre-emptive war (34.81), which an Allied retaliation for Germany's
// declaration on Russia does not bear (32.63).
func warLines(s storm.State, add func(side storm.Side, rule, what string, n int, reading ...string)) {
	if s.War == nil {
		return
	}
	penalised := map[storm.Side]bool{}
	for _, x := range append([]storm.War{*s.War}, s.War.More...) { // every war of the last turn (27.13, 32.83)
		if x.Kind == "crisis" { // one line set a crisis
			add(storm.Allies, "34.52A", "war over "+x.Target, warValue(s, x.Target))
			for _, t := range x.Thresholds {
				if storm.SideOf(t.From) == storm.Allies && slices.Contains(x.Declarers, t.From) {
					add(storm.Allies, "34.52B", fmt.Sprintf("%s's declaration of war on %s: threshold exceeded by %d", t.From.Title(), t.Against.Title(), t.Excess()), t.Excess(), t.Reading())
				}
			}
			continue
		}
		if x.Kind == storm.RetaliationWar { // 32.63: an answer to Germany's pre-emptive war, no penalty (r-32-63-retaliation)
			continue
		}
		for _, t := range x.Thresholds {
			if !slices.Contains(x.Declarers, t.From) {
				continue
			}
			side := storm.SideOf(t.From)
			if t.From == storm.Russia && t.Target != "" {
				add(storm.Soviet, "34.53", fmt.Sprintf("Russia's declaration of war in support of %s: threshold exceeded by %d", t.Target, t.Excess()), t.Excess())
				continue
			}
			if !penalised[side] {
				penalised[side] = true
				add(side, "34.81", fmt.Sprintf("pre-emptive declaration of war, offset by the EAI %+d", s.EAI), preemptivePenalty(s.EAI))
			}
		}
	}
}

// atWar reports p at war, declaring or declared on.
func atWar(s storm.State, p storm.Power) bool {
	if s.War == nil {
		return false
	}
	return slices.Contains(s.War.Against, p) || slices.Contains(s.War.Declarers, p)
}

// FinalResearchOptions offers p's final research points (33.21), one
// order a project and kind of point (Allowed, through the top package's
// check of each).
func FinalResearchOptions(s storm.State, p storm.Power, offer func(storm.Option)) {
	side := storm.SideOf(p)
	for _, f := range finalPoints[side] {
		for _, r := range storm.ResearchProjects(side) {
			if f.Projects != nil && !slices.Contains(f.Projects, r.Name) {
				continue
			}
			o := storm.Order{Kind: storm.Research, Project: r.ID()}
			if f.Kind != storm.PointNormal {
				o.Args = []string{f.Kind}
			}
			left := fmt.Sprintf("%d step(s) left", s.Sheets.Remaining(r))
			if r.Results == 0 {
				left = fmt.Sprintf("%d step(s) a result, no limit", r.StepsPerResult)
			}
			offer(storm.Option{Order: o, Note: fmt.Sprintf("%s (%s)", left, f.Rule)})
		}
	}
	if p == storm.Russia {
		russianFinalOptions(s, offer)
	}
}

// russianFinalOptions offers Russia's deferred steps from excess purge
// events, one a project, and its 3-3 infantry for A World at War (22.73E,
// 33.21C).
func russianFinalOptions(s storm.State, offer func(storm.Option)) {
	if e := s.Russia.ExcessPurgeEvents; e > 0 {
		for _, r := range storm.ResearchProjects(storm.Soviet) {
			offer(storm.Option{Order: storm.Order{Kind: storm.Research, Project: r.ID(), Points: 1, Args: []string{storm.PointPurge}},
				Note: fmt.Sprintf("%d deferred step(s) from excess purge events: each a step, as a general point, a line for each; at most %d final points a project with them, %d purge steps a project in the game; steps not ordered are assigned by the judge, in the research sheet's order (22.73E, 33.21C, 33.22A)", e, finalResearchMax, track.MaxPurgeSteps)})
		}
	}
	note := fmt.Sprintf("one 3-3 infantry unit in Russia's A World at War force pool for %d excess purge events", track.PurgeEventsPerInfantry)
	if s.Russia.Cohesion == storm.FullCohesion {
		note += ", your general final points making up the rest"
	}
	offer(storm.Option{Order: storm.Order{Kind: storm.Research, Project: storm.InfantryForAWAW, Points: 1, Args: []string{storm.PointPurge}},
		Note: note + fmt.Sprintf(", at most %d in the game (%d so far); for A World at War, no effect in Gathering Storm (22.73E, 33.21C)", track.MaxAWAWInfantry, s.Russia.AWAWInfantry)})
}
