package computer

import (
	"fmt"
	"slices"
	"strings"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
)

// The economic phase (13-19): factories (34.31), units and ships for the
// balance of power (34.4), research (15; Russia's armor, 34.93).

// economic scores one option of the economic phase.
func (st *seat) economic(o adjudicator.OptionView, ord storm.Order) []cand {
	one := func(score float64, group, reason string) []cand {
		return []cand{{lines: lines(o), score: score + st.jitter(), reason: reason, group: group}}
	}
	switch ord.Kind {
	case storm.Mobilize:
		if ord.From == storm.Idle {
			if st.side == storm.Soviet {
				return one(1.5, "", "34.31C: an idle factory costs Russia 1 VP at the end; mobilized, it adds units to the garrison and the balance (14.7)")
			}
			return one(1.5, "", fmt.Sprintf("34.31: an idle factory costs %s 1 VP at the end; mobilized, its units count in the balance of power (34.4, 14.7)", st.side.Name()))
		}
		if st.side == storm.Soviet { // 14.43C frees them
			return one(2.5, "", "34.31C: each Russian civilian factory mobilized is worth +2 VP")
		}
		return one(1.2, "", fmt.Sprintf("34.31: a civilian factory costs %s 1 VP at the end; mobilized, its units count in the balance of power (34.4), for 2 income less (11.21A)", st.side.Name()))
	case storm.Convert:
		if st.side == storm.Soviet {
			return one(1.3, "", "34.31C: a Russian idle factory costs 1 VP, a civilian one none; +2 income from next turn (13.21C)")
		}
		return one(0.4, "", "13.21C: +2 income from next turn; the factory still counts against the side until mobilized (34.31)")
	case storm.Build:
		return one(0.6, "", "34.4: an active unit counts in the balance of power (20.3), for 1 maintenance a turn (11.81)")
	case storm.LayDown, storm.Advance, storm.Launch:
		return one(0.5, "", "34.4: ships count in the naval balance of power (20.54, 19.92)")
	case storm.Accelerate:
		return one(0.3, "", "34.4: a ship launched sooner counts sooner in the naval balance (19.73)")
	case storm.SaveShip:
		return one(0.1, "save", "19.75: a shipbuilding point unspent is kept for a later turn")
	case storm.Play:
		return one(0.7, "", "9.41: the power's own event, played for its effect")
	case storm.Research:
		if slices.Contains(ord.Args, storm.PointPurge) { // 22.73E: beside the points, not instead of them
			if strings.EqualFold(ord.Project, "armor") {
				return one(1.8, "purge "+ord.Project, "22.73E: an excess purge event is a free research step; 34.93: two steps of Russian armor are +1 VP")
			}
			return one(0.9, "purge "+ord.Project, "22.73E: an excess purge event is a free research step, for support and the balance of power (34.71)")
		}
		return st.research(o, ord)
	}
	return nil
}

// ownProject reports whether the power places its research points in
// project id: its own national projects, the side's joint ones when it
// leads the side's research (15.21), never its partner's (15.23A: two
// points of one alliance in one project in one turn, the second is void).
func (st *seat) ownProject(id string) bool {
	if st.side == storm.Soviet {
		return true
	}
	r, ok := storm.FindProject(st.side, id)
	if !ok {
		return st.pv.Research.Leader
	}
	if r.Power == 0 {
		return st.pv.Research.Leader
	}
	return r.Power == st.p
}

// research composes the research lines of option o: Russia's points to
// armor (34.93), the others' to their own projects only (ownProject).
func (st *seat) research(o adjudicator.OptionView, ord storm.Order) []cand {
	sub, err := Parse(st.p, lines(o))
	if err != nil {
		return nil
	}
	paid := ord.Kind == storm.Research && strings.HasPrefix(strings.ToUpper(o.Order), "RESEARCH COUNTER")
	var head []string
	var projects []string
	for i, l := range lines(o) {
		if i == 0 && paid {
			head = append(head, l)
			continue
		}
		if i < len(sub.Orders) && sub.Orders[i].Kind == storm.Research {
			projects = append(projects, l)
		}
	}
	var out []cand
	base, reason := 0.8, "15.21: the side's basic research points are free; research raises support and the balance of power (34.71)"
	if paid {
		base, reason = 0.85, "15.22: paid research points, for support and the balance of power (34.71)"
	}
	if st.side == storm.Soviet && len(projects) > 0 && !slices.Contains(projects, "RESEARCH ARMOR") {
		// 15.23A: one point a project a turn, one of them to armor, the
		// others where the option puts them; 15.23B: which of the points
		// may reach a later step depends on how many there are, so armor
		// takes the place of each line in turn and the first set the check
		// accepts is sent.
		score := 1.7
		if paid {
			score = 1.75
		}
		for i := range projects {
			armor := append(append([]string(nil), head...), projects...)
			armor[len(head)+i] = "RESEARCH ARMOR"
			out = append(out, cand{lines: armor, score: score - 0.001*float64(i), group: "research",
				reason: "34.93: every two steps of Russian armor research are +1 VP (to +6); one point a turn to armor (15.23A)"})
		}
	}
	var mine, others []string
	for i, l := range projects {
		id := ""
		k := i
		if paid {
			k++
		}
		if k < len(sub.Orders) {
			id = sub.Orders[k].Project
		}
		if st.ownProject(id) {
			mine = append(mine, l)
		} else {
			others = append(others, l)
		}
	}
	if len(others) == 0 {
		out = append(out, cand{lines: append(head, projects...), score: base + st.jitter(), group: "research", reason: reason})
		return out
	}
	if !paid { // the basic points: any may be left out (15.21)
		if len(mine) > 0 {
			out = append(out, cand{lines: mine, score: base + st.jitter(), group: "research", reason: reason + "; the partner's projects left to the partner (15.23A)"})
		}
		return out
	}
	if len(mine) > 0 { // paid: every point to a project (15.22): the partner's points go to own projects instead
		ls := append([]string(nil), head...)
		ls = append(ls, mine...)
		for i := range others {
			ls = append(ls, mine[i%len(mine)])
		}
		out = append(out, cand{lines: ls, score: base + st.jitter(), group: "research", reason: reason + "; the partner's projects left to the partner (15.23A)"})
	}
	return out
}
