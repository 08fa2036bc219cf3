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
// the Allies' support grows by 5 a power and every turn by one more
// (10.71F, 10.81F).
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
			excess := th // 34.53: the points by which the threshold is exceeded, the net (32.31)
			if excess >= 3 && st.sideVP(storm.Soviet)+excess-st.sideVP(storm.Axis) >= 3 {
				return one(1, "preemptive", fmt.Sprintf("34.53: a declaration in support of a minor country gains its excess (%+d VP) and bears no 34.81 penalty; Russia would lead the Axis", excess))
			}
			return nil
		}
		if st.side == storm.Axis && ord.Kind == storm.DeclareWarOrder && !st.pub.Turn.Before(lastResort) {
			return one(1, "preemptive", fmt.Sprintf("34.81, %s: the declaration costs the Axis %d VP; another year of the Allies' support growing every turn (%s) costs more, and no aggression brought the war (33.11)", lateRules, pen, lateRules))
		}
		if pen > 0 {
			return nil // TestRule34_81: before lastResort never a costly pre-emptive war
		}
		if !st.leads(3) {
			return nil
		}
		if ord.Kind == storm.ThreatenWarOrder {
			return one(1.2, "preemptive", fmt.Sprintf("34.81: with the EAI at %+d a pre-emptive war costs nothing; the threatened power concedes support this turn (32.83) or fights a war the side wins (34.12)", st.pub.EAI))
		}
		return one(1, "preemptive", fmt.Sprintf("34.81: with the EAI at %+d a pre-emptive war costs nothing, and the side leads by 3 VP or more (34.12)", st.pub.EAI))
	case storm.ConcedeOrder, storm.RefuseOrder:
		// 32.83B: a concession moves support in this turn only, so it
		// costs nothing at the end unless the game ends this turn; a
		// refusal is the war now, the game counted now (34.11) with the
		// threatener's penalty (34.81).
		v := st.pub.Victory
		margin := v.Axis - (v.Allies - pen) - v.Russia // the Axis threatened by the Allies (34.11A)
		if st.side != storm.Axis {
			margin = v.Allies + v.Russia - (v.Axis - pen) // an Allied power threatened by Germany
		}
		refuse := margin >= 3 || st.late()
		if ord.Kind == storm.RefuseOrder && refuse {
			if st.late() {
				return one(1, "threat", "32.83, 33.11, "+lateRules+": "+st.lateWhy("the threat"))
			}
			return one(1, "threat", fmt.Sprintf("32.83, 34.11-34.12: the war now ends the game with the side ahead by %d VP, the threatener's %d VP penalty counted (34.81)", margin, pen))
		}
		if ord.Kind == storm.ConcedeOrder && !refuse {
			return one(1, "threat", fmt.Sprintf("32.83B: a concession moves support this turn only; the war now would end the game with the side's margin at %+d VP (34.11-34.12)", margin))
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
