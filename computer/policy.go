package computer

import (
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
)

// cand is one set of lines the policy may send: an offered option (or
// one composed from it), its worth to the power's side in victory points
// (the policy's estimate; > 0 taken, best first), the reason naming the
// rule, and its group: of the candidates of one group at most one is
// taken (one aggression, one anti-Comintern counter, one answer to a
// crisis ...).
type cand struct {
	lines  []string
	score  float64
	reason string
	group  string
}

// seat is what the policy knows while it decides: the position, the
// power's private view, its side and the public figures it reads often.
type seat struct {
	pos  Position
	pv   *adjudicator.PowerView
	pub  adjudicator.PublicView
	p    storm.Power
	side storm.Side
	rng  *rand.Rand
}

// candidates scores every offered option of the open segment (and the
// lines the policy composes from them: research for its own projects),
// by the segment's concern (economy.go, diplomacy.go, crisis.go, war.go).
func candidates(st *seat) []cand {
	var out []cand
	for _, o := range st.pv.Options {
		ord, ok := st.typed(o)
		if !ok || (ord.Kind == storm.Research && ord.Project == storm.InfantryForAWAW) {
			continue // 22.73E, 33.21C: A World at War's infantry is worth nothing in this game (34)
		}
		var cs []cand
		switch st.pub.Segment {
		case storm.SegEconomic:
			cs = st.economic(o, ord)
		case storm.SegPreemptiveWar:
			cs = st.preemptive(o, ord)
		case storm.SegEndOfGame:
			cs = st.finalResearch(o, ord)
		default:
			switch {
			case isCrisisKind(ord.Kind):
				cs = st.crisis(o, ord)
			default:
				cs = st.diplomatic(o, ord)
			}
		}
		out = append(out, cs...)
	}
	return out
}

// typed is the first order of option o as orders.Parse reads it.
func (st *seat) typed(o adjudicator.OptionView) (storm.Order, bool) {
	sub, err := Parse(st.p, []string{o.Order})
	if err != nil || sub.Pass || len(sub.Orders) == 0 {
		return storm.Order{}, false
	}
	return sub.Orders[0], true
}

// lines is option o's order with the lines it must be sent with.
func lines(o adjudicator.OptionView) []string {
	return append([]string{o.Order}, o.With...)
}

// jitter is a small draw from the seat's generator (seeded by pos.Seed):
// it breaks ties between equal candidates, never changes a ranking by a
// tenth of a victory point.
func (st *seat) jitter() float64 { return st.rng.Float64() * 0.01 }

// support is power p's support level as the public report shows it.
func (st *seat) support(p storm.Power) int {
	for _, pp := range st.pub.Powers {
		if pp.Power == p {
			return pp.Support
		}
	}
	return 0
}

// balanceNet is the net balance of power level, + for the Axis (20.51,
// 34.4: the sum of the categories' levels).
func (st *seat) balanceNet() int {
	n := 0
	for _, r := range st.pub.Balance.Rows {
		n += r.Level
	}
	return n
}

// eai is the EAI within -5..+5 (23.26, 32.34).
func (st *seat) eai() int { return min(max(st.pub.EAI, -5), 5) }

// alliedThreshold estimates, from the public figures alone, ally's
// threshold for declaring war on aggressor in support of a target of
// resistance level res (32.62A-D): the balance of power for the Allies,
// support against support, the EAI and the resistance. 32.31 wants at
// least +1 to meet it. The estimate leaves out the secret support
// events revealed at 27.71.
func (st *seat) alliedThreshold(ally, aggressor storm.Power, res int) int {
	return -st.balanceNet() + st.support(ally) - st.support(aggressor) + st.eai() + res
}

// maxAlliedThreshold is the greater of Britain's and France's estimated
// thresholds (32.61A: either may declare).
func (st *seat) maxAlliedThreshold(aggressor storm.Power, res int) int {
	return max(st.alliedThreshold(storm.Britain, aggressor, res), st.alliedThreshold(storm.France, aggressor, res))
}

// sideVP is side's victory points as the state stands (34; the view's
// Victory).
func (st *seat) sideVP(side storm.Side) int { return adjudicator.SideVictory(st.pub.Victory, side) }

// leads reports whether the power's side is ahead as a war now would
// leave it (34.11A: the Axis against the Allies and Russia together; the
// Allies and Russia each against the Axis), by margin victory points.
func (st *seat) leads(margin int) bool {
	v := st.pub.Victory
	if st.side == storm.Axis {
		return v.Axis-v.Allies-v.Russia >= margin
	}
	return st.sideVP(st.side)-v.Axis >= margin
}

// preemptivePenalty is 34.81: a pre-emptive declaration costs 5 victory
// points, offset by a positive EAI (docs/rules.md, r-34-81-eai).
func (st *seat) preemptivePenalty() int { return max(0, 5-max(st.pub.EAI, 0)) }

// firstInPlay reports whether p orders before its alliance partner
// (24.56C: of two counters of one alliance in one country, the first in
// the order of play stands, the other is void).
func firstInPlay(p storm.Power) bool {
	partner, ok := storm.AlliancePartner[p]
	if !ok {
		return true
	}
	return slices.Index(storm.Powers, p) < slices.Index(storm.Powers, partner)
}

var (
	thresholdRE  = regexp.MustCompile(`(\w+)'s threshold against (\w+) ([+-]\d+)`)
	resistanceRE = regexp.MustCompile(`resistance (-?\d+) before the tile`)
	worthRE      = regexp.MustCompile(`worth (\d+) victory point`)
)

// noteThresholds reads the thresholds an option's note words (32.62,
// 32.72, 32.42: "Britain's threshold against Germany +3"), by power.
func noteThresholds(note string) map[storm.Power]int {
	out := map[storm.Power]int{}
	for _, m := range thresholdRE.FindAllStringSubmatch(note, -1) {
		p, ok := storm.ParsePower(strings.ToLower(m[1]))
		if !ok {
			continue
		}
		n, _ := strconv.Atoi(m[3])
		if _, seen := out[p]; !seen {
			out[p] = n
		}
	}
	return out
}

// noteInt reads the first number re captures in note, def when none.
func noteInt(re *regexp.Regexp, note string, def int) int {
	if m := re.FindStringSubmatch(note); m != nil {
		if n, err := strconv.Atoi(m[1]); err == nil {
			return n
		}
	}
	return def
}
