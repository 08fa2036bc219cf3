package computer

import (
	"fmt"
	"strings"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
)

// Pre-emptive war (32.8) and the final research (33.2): a pre-emptive
// declaration only when it costs nothing (34.81: -5 offset by the EAI)
// and the side would win the war's count (34.11-34.12), or, for Russia,
// in support of a minor country (34.53, no penalty); a threatened power
// refuses when the threatener pays more for the war than conceding costs
// (32.83).

// lastResort is the turn from which Germany declares a pre-emptive war
// whatever it costs (34.81, at most 5 VP): a year after lateFrom, when
// the Allies' support has grown by 1+2+3+4 a power (10.71F, 10.81F).
var lastResort = storm.Turn{Season: storm.Spring, Year: 1942}

// preemptive scores one option of the pre-emptive war segment.
func (st *seat) preemptive(o adjudicator.OptionView, ord storm.Order) []cand {
	one := func(score float64, group, reason string) []cand {
		return []cand{{lines: lines(o), score: score + st.jitter(), reason: reason, group: group}}
	}
	th := noteThresholds(o.Note)[st.p]
	pen := st.preemptivePenalty()
	switch ord.Kind {
	case storm.DeclareWarOrder, storm.ThreatenWarOrder:
		if th < 1 {
			return nil
		}
		if st.p == storm.Russia && strings.Contains(o.Note, "32.72E") && ord.Kind == storm.DeclareWarOrder {
			excess := th - 1
			if excess >= 3 && st.sideVP(storm.Soviet)+excess-st.sideVP(storm.Axis) >= 3 {
				return one(1, "preemptive", fmt.Sprintf("34.53: a declaration in support of a minor country gains its excess (%+d VP) and bears no 34.81 penalty; Russia would lead the Axis", excess))
			}
			return nil
		}
		if st.side == storm.Axis && ord.Kind == storm.DeclareWarOrder && !st.pub.Turn.Before(lastResort) {
			return one(1, "preemptive", fmt.Sprintf("34.81, %s: the declaration costs the Axis %d VP; another year of the Allies' support growing every turn (%s) costs more, and no aggression brought the war (33.11)", lateRules, pen, lateRules))
		}
		if pen > 0 {
			return nil // TestRule34_81: never a costly pre-emptive war
		}
		if !st.leads(3) {
			return nil
		}
		if ord.Kind == storm.ThreatenWarOrder {
			return one(1.2, "preemptive", fmt.Sprintf("34.81: with the EAI at %+d a pre-emptive war costs nothing; the threat wins 3 support from Germany (32.83) or a war the side wins (34.12)", st.pub.EAI))
		}
		return one(1, "preemptive", fmt.Sprintf("34.81: with the EAI at %+d a pre-emptive war costs nothing, and the side leads by 3 VP or more (34.12)", st.pub.EAI))
	case storm.ConcedeOrder, storm.RefuseOrder:
		concede := noteInt(supportRE, st.optionNote(storm.ConcedeOrder, ""), 3) // one figure for both answers
		v := st.pub.Victory
		atWar := v.Axis - (v.Allies - pen) - v.Russia // 34.11A after the threatener's penalty (34.81)
		refuse := pen >= concede || atWar >= 3
		if ord.Kind == storm.RefuseOrder && refuse {
			return one(1, "threat", fmt.Sprintf("32.83, 34.81: the threatener pays %d VP for the war, conceding would cost %d support (34.21)", pen, concede))
		}
		if ord.Kind == storm.ConcedeOrder && !refuse {
			return one(1, "threat", fmt.Sprintf("32.83: conceding %d support (34.21) costs less than a war the side would lose (34.11A)", concede))
		}
	}
	return nil
}

// finalResearch scores a line of the final research (33.21): Russia's
// armor first (34.93), then every free point to the power's own
// projects (results count in support and the balance, 34.71).
func (st *seat) finalResearch(o adjudicator.OptionView, ord storm.Order) []cand {
	if ord.Kind != storm.Research || !st.ownProject(ord.Project) {
		return nil
	}
	if st.side == storm.Soviet && strings.EqualFold(ord.Project, "armor") {
		return []cand{{lines: lines(o), score: 2 + st.jitter(), reason: "34.93: every two steps of Russian armor research are +1 VP (to +6)"}}
	}
	return []cand{{lines: lines(o), score: 0.5 + st.jitter(), reason: "33.21: the final research is free; results count in support and the balance of power (34.71)"}}
}
