package computer

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
)

// The diplomatic phase (24): counters where flags make or keep trade
// pacts (11.61, 34.61) or lower an aggression target's resistance
// (28.31), the anti-Comintern counter (24.3), spy rings (16.16).

// pactValue is the victory points of a trade pact with a country (34.61A-B).
func pactValue(name string) float64 {
	switch name {
	case "Poland", "Spain", "Turkey", storm.RussiaTarget:
		return 2
	}
	return 1
}

// axisTargets are the minor countries the Axis may take by aggression
// (27.2): flags there lower their resistance (28.12, 28.31).
var axisTargets = []string{"Austria", "Czechoslovakia", "Poland", "Albania", "Yugoslavia", "Greece", "Rhineland"}

// targetWorth is what a diplomatic counter of side in target t is worth
// to the side, from the public flags alone (the same figure for both
// powers of an alliance, so that they agree on the ranking), and why.
func targetWorth(side storm.Side, t adjudicator.TargetView) (float64, string) {
	v := pactValue(t.Name)
	if t.Controller != 0 || t.Name == storm.RussiaTarget {
		return 0, ""
	}
	var w float64
	var why string
	switch {
	case t.FlagPower != 0 && storm.SideOf(t.FlagPower) == side:
		switch {
		case t.Flags >= 4:
			w, why = 0.2*v, fmt.Sprintf("11.61: %d flags of ours in %s, the trade pact is safe", t.Flags, t.Name)
		case t.Flags == 3:
			w, why = 1.2*v, fmt.Sprintf("11.61, 34.61: our trade pact with %s (+%v VP) kept at 3 flags", t.Name, v)
		default:
			w, why = v*(1+float64(t.Flags)/3), fmt.Sprintf("11.61, 34.61: %d of the 3 flags that make a trade pact with %s (+%v VP)", t.Flags, t.Name, v)
		}
	case t.FlagPower != 0:
		w, why = 0.6*v, fmt.Sprintf("34.61: %d flags of %s in %s; ours take theirs back", t.Flags, t.FlagPower.Title(), t.Name)
		if t.TradePact != 0 && storm.SideOf(t.TradePact) != side {
			w, why = 1.1*v, fmt.Sprintf("34.61: %s's trade pact with %s is worth +%v VP to them; ours take the flags back", t.TradePact.Title(), t.Name, v)
		}
	default:
		w, why = 0.8*v, fmt.Sprintf("11.61, 34.61: no flags yet in %s, a trade pact there is worth +%v VP", t.Name, v)
	}
	if side == storm.Axis && slices.Contains(axisTargets, t.Name) {
		w += 0.5
		why += "; Axis flags lower its resistance to aggression (28.31)"
	}
	return w, why
}

// ranking is the side's diplomatic targets best first (targetWorth; ties
// by name).
func (st *seat) ranking() []string {
	type tw struct {
		name string
		w    float64
	}
	var ts []tw
	for _, t := range st.pub.Targets {
		if w, _ := targetWorth(st.side, t); w > 0 {
			ts = append(ts, tw{t.Name, w})
		}
	}
	sort.SliceStable(ts, func(i, j int) bool {
		if ts[i].w != ts[j].w {
			return ts[i].w > ts[j].w
		}
		return ts[i].name < ts[j].name
	})
	var out []string
	for _, t := range ts {
		out = append(out, t.name)
	}
	return out
}

// target is the public view of a diplomatic target.
func (st *seat) target(name string) (adjudicator.TargetView, bool) {
	for _, t := range st.pub.Targets {
		if t.Name == name {
			return t, true
		}
	}
	return adjudicator.TargetView{}, false
}

// worth is the public target named and its worth to the side, with why
// (targetWorth); 0 for a name that is no target.
func (st *seat) worth(name string) (adjudicator.TargetView, float64, string) {
	t, ok := st.target(name)
	if !ok {
		return t, 0, ""
	}
	w, why := targetWorth(st.side, t)
	return t, w, why
}

// diplomatic scores one option of a diplomatic, spy-ring or covert
// segment.
func (st *seat) diplomatic(o adjudicator.OptionView, ord storm.Order) []cand {
	one := func(score float64, group, reason string) []cand {
		return []cand{{lines: lines(o), score: score + st.jitter(), reason: reason, group: group}}
	}
	switch ord.Kind {
	case storm.Diplomatic, storm.MilitaryCounter:
		t, w, why := st.worth(ord.Project)
		if w <= 0 {
			return nil
		}
		if !st.mine(t.Name) {
			return nil // 24.56C: the partner's country this turn (mine)
		}
		if ord.Kind == storm.MilitaryCounter {
			return one(0.5*w, "military", "24.42: a military counter, +1 openly; "+why)
		}
		return one(w, "diplomatic", fmt.Sprintf("24.5: a counter of strength %d; %s", firstCounter(ord), why))
	case storm.AntiCominternOrder:
		if ord.Project == "" || strings.EqualFold(ord.Project, "none") {
			// 24.56B, 24.35: where it stands no Axis counter may be placed, and
			// the Axis' own counters move it on to a country they may then be
			// placed in: the Axis' counters are worth more than its strength of 1.
			return one(0.05, "anti-comintern", "24.31, 24.56B: no anti-Comintern counter: where it stands or moves on to (24.35) it bars the Axis' own counters")
		}
		return nil
	case storm.FlexibleOrder:
		if _, w, why := st.worth(ord.Project); w > 0 {
			return one(w, "flexible", "4.16: the flexible event's target; "+why)
		}
		return nil
	case storm.SpyRingOrder:
		return one(0.3, "spy-ring", "16.16B: a spy ring gathers intelligence for the side")
	case storm.CovertOrder, storm.SubvertOrder, storm.CounterIntelOrder, storm.ReactivateOrder:
		return one(0.2, string(ord.Kind), "16.16: an intelligence result used before it lapses")
	}
	return nil
}

// firstCounter is the strength of a diplomatic order's counter.
func firstCounter(o storm.Order) int {
	if len(o.Counters) > 0 {
		return o.Counters[0]
	}
	return 0
}

// mine reports whether the power places its counters in country this
// turn: the alliance's ranking (from the public flags, the same for both
// powers) split between them, the first in the order of play taking the
// first, third ... country, its partner the second, fourth ... (24.56C:
// of two counters of one alliance in one country in one round, the
// second is void).
func (st *seat) mine(country string) bool {
	if _, ok := storm.AlliancePartner[st.p]; !ok {
		return true
	}
	rank := st.ranking()
	i := slices.Index(rank, country)
	if i < 0 {
		return false
	}
	return i%2 == 0 == firstInPlay(st.p)
}
