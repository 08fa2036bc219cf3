package orders

import (
	"strconv"
	"strings"

	"stormjudge/adjudicator/storm"
)

// researchWord is RESEARCH, rules 15 and 16: activity counters used for
// research (15.22, 12.41C) and research points placed in projects (15.23).
var researchWord = &orderWord{
	word: "RESEARCH",
	rule: "15",
	forms: []string{"RESEARCH COUNTER <strength>", "RESEARCH COUNTER CIVILIAN", "RESEARCH <project>",
		"RESEARCH <project> INTELLIGENCE|ADVANCED|SPY", "RESEARCH <project> REASSIGN <points>", "RESEARCH <project> PURGE", "RESEARCH INFANTRY PURGE"},
	parse: parseResearch,
}

const researchHint = "RESEARCH COUNTER 2, RESEARCH COUNTER CIVILIAN, RESEARCH AIR RANGE, RESEARCH ESPIONAGE INTELLIGENCE, RESEARCH JETS ADVANCED, RESEARCH TORPEDOES SPY, RESEARCH ASW REASSIGN 2, RESEARCH JETS PURGE, RESEARCH INFANTRY PURGE (rules 15, 16, 22.73E; docs/orders.md)"

// researchFillers are words a research order may carry that mean nothing.
var researchFillers = []string{"POINT", "POINTS", "IN", "INTO", "TO", "ON", "THE", "PROJECT", "RING", "USING", "WITH"}

// parseResearch reads
//
//	RESEARCH COUNTER <strength>       an activity counter for research (15.22)
//	RESEARCH COUNTER CIVILIAN         the research-only counter (15.22A)
//	RESEARCH <project> [<kind>]       one point; kind INTELLIGENCE (15.23D),
//	                                  ADVANCED (15.23E-F) or SPY (16.16B)
//	RESEARCH <project> REASSIGN <n>   n surplus points of a random event (15.24)
//	RESEARCH <project> PURGE          Russia's free step for an excess purge
//	                                  event (15.22E, 22.73E)
//	RESEARCH INFANTRY PURGE           Russia's three excess purge events for a
//	                                  3-3 infantry unit of A World at War
//	                                  (22.73E, 33.21C); no project, one a line
//
// A point count may follow the project ("RESEARCH AIR RANGE 1"); the
// adjudicator refuses more than one point a project (15.23A).
func parseResearch(l *line) (storm.Order, *Error) {
	var args []string
	for _, w := range l.args() {
		if !containsFold(researchFillers, w) {
			args = append(args, w)
		}
	}
	if len(args) == 0 {
		return storm.Order{}, l.errorf(researchHint, "RESEARCH needs a project or COUNTER <strength>")
	}
	o := storm.Order{Kind: storm.Research}
	counterIntel := len(args) > 1 && strings.EqualFold(args[1], "INTELLIGENCE") // the project, spelt apart
	if !counterIntel && (strings.EqualFold(args[0], "COUNTER") || strings.EqualFold(args[0], "COUNTERS")) {
		rest := args[1:]
		switch {
		case len(rest) == 1 && (strings.EqualFold(rest[0], "CIVILIAN") || strings.EqualFold(rest[0], "RESEARCH-ONLY")):
			o.Counters, o.Args = []int{1}, []string{storm.CounterCivilian}
			return o, nil
		case len(rest) == 1:
			n, err := strconv.Atoi(rest[0])
			if err != nil {
				return o, l.errorf(researchHint, "RESEARCH COUNTER: %s is not a counter strength (3, 2, 1) or CIVILIAN", quote(rest[0]))
			}
			o.Counters = []int{n}
			return o, nil
		case len(rest) == 0:
			return o, l.errorf(researchHint, "RESEARCH COUNTER needs the counter's strength, e.g. RESEARCH COUNTER 2")
		}
		return o, l.errorf(researchHint, "RESEARCH COUNTER: one counter a line; a power may use one for research (12.41C), plus its research-only counter")
	}
	// A leading count ("RESEARCH 1 POINT IN AIR RANGE") or a trailing one.
	points := 0
	if n, err := strconv.Atoi(args[0]); err == nil {
		points, args = n, args[1:]
	}
	if len(args) > 0 {
		if n, err := strconv.Atoi(args[len(args)-1]); err == nil {
			if points != 0 {
				return o, l.errorf(researchHint, "RESEARCH: give the number of points once")
			}
			points, args = n, args[:len(args)-1]
		}
	}
	if len(args) > 0 {
		switch k := strings.ToLower(args[len(args)-1]); k {
		case storm.PointIntelligence, storm.PointAdvanced, storm.PointSpy, storm.PointReassign, storm.PointPurge:
			o.Args = []string{k}
			args = args[:len(args)-1]
		case "reassigned":
			o.Args = []string{storm.PointReassign}
			args = args[:len(args)-1]
		}
	}
	if len(args) == 0 {
		return o, l.errorf(researchHint, "RESEARCH: which project?")
	}
	if points < 0 {
		return o, l.errorf(researchHint, "RESEARCH: a negative number of points")
	}
	name := strings.ToLower(strings.Join(args, " "))
	if name == storm.InfantryForAWAW { // 22.73E: not a project
		if len(o.Args) == 0 || o.Args[0] != storm.PointPurge || points > 1 {
			return o, l.errorf(researchHint, "RESEARCH INFANTRY PURGE: one 3-3 infantry unit for A World at War a line, for three excess purge events (22.73E); infantry is no research project")
		}
		o.Project, o.Points = storm.InfantryForAWAW, 1
		return o, nil
	}
	ids := storm.ResearchProjectIDs()
	if !knownProject(name, ids) {
		return o, l.errorf(researchHint, "RESEARCH: unknown project %s%s", quote(name), didYouMean(name, ids))
	}
	o.Project = storm.NormalizeProject(name)
	o.Points = max(points, 1)
	if len(o.Args) > 0 && o.Args[0] == storm.PointReassign && points == 0 {
		return o, l.errorf(researchHint, "RESEARCH %s REASSIGN needs the number of points", strings.ToUpper(o.Project))
	}
	return o, nil
}

// knownProject reports whether name names a project of some sheet, with or
// without a nationality ("russian armor" included).
func knownProject(name string, ids []string) bool {
	c := storm.NormalizeProject(name)
	for _, id := range ids {
		if id == c || "russian "+id == c {
			return true
		}
	}
	return false
}
