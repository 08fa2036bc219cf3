package computer

import (
	"fmt"
	"slices"
	"strings"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
)

// The crisis phase (27): the Axis aggresses when the Allies cannot meet
// their threshold for declaring war (32.62) even after the resistance
// tile (28.5); the Allies oppose when they meet it and acquiesce when
// they cannot; the aggressor continues or backs down by the same figures.

// isCrisisKind reports the orders of the crisis segments.
func isCrisisKind(k storm.OrderKind) bool {
	return slices.Contains([]storm.OrderKind{storm.AggressionOrder, storm.AcquiesceOrder, storm.OpposeOrder, storm.BackDownOrder,
		storm.ContinueAggression, storm.UltimatumOrder, storm.AttackOrder, storm.CrisisIfOrder}, k)
}

// maxTile is the strongest resistance tile (28.51C).
const maxTile = 3

// crisis scores one option of a crisis segment.
func (st *seat) crisis(o adjudicator.OptionView, ord storm.Order) []cand {
	one := func(ls []string, score float64, group, reason string) []cand {
		return []cand{{lines: ls, score: score + st.jitter(), reason: reason, group: group}}
	}
	switch st.pub.Segment {
	case storm.SegCrisisAggression:
		return st.aggression(o, ord)
	case storm.SegCrisisResponse:
		group := "crisis:" + ord.Project
		if st.p == storm.Russia {
			c, ok := st.crisisAt(storm.StageResponse, ord.Project)
			if !ok {
				return nil
			}
			est := st.maxAlliedThreshold(c.Aggressor, c.Resistance)
			if est >= 1 {
				return one(lines(o), 1, group, fmt.Sprintf("26.14A, 32.62: the Allies' threshold against %s is met (estimated %+d): Russia shares the gains of the aggressor's backing down", c.Aggressor.Title(), est))
			}
			return nil
		}
		if ord.Kind != storm.OpposeOrder && ord.Kind != storm.AcquiesceOrder {
			return nil
		}
		var oppose adjudicator.OptionView // the note with the thresholds is the OPPOSE option's
		for _, x := range st.pv.Options {
			if t, ok := st.typed(x); ok && t.Kind == storm.OpposeOrder && t.Project == ord.Project {
				oppose = x
			}
		}
		th := noteThresholds(oppose.Note)
		best, ok := bestAllied(th)
		if !ok {
			return nil
		}
		pending := strings.Contains(oppose.Note, "before the resistance tile")
		least := best
		if pending {
			least++ // 28.51A: the weakest tile
		}
		if ord.Kind == storm.OpposeOrder && least >= 1 {
			return one(lines(o), 2, group, fmt.Sprintf("32.62, 27.53: Britain %+d and France %+d: the threshold is met%s; the aggressor backs down (27.62: support to the Allies, 34.21) or faces war over the target (34.52)",
				th[storm.Britain], th[storm.France], map[bool]string{true: " with any resistance tile", false: ""}[pending]))
		}
		if ord.Kind == storm.AcquiesceOrder && least < 1 {
			return one(lines(o), 1, group, fmt.Sprintf("32.62, 27.52: Britain %+d and France %+d: the threshold may not be met (at least +1); opposing could end only in backing down (27.72)", th[storm.Britain], th[storm.France]))
		}
	case storm.SegCrisisAxisResponse:
		c, ok := st.crisisOf(storm.StageAxisResponse)
		if !ok {
			return nil
		}
		est := st.maxAlliedThreshold(st.p, c.Resistance)
		switch ord.Kind {
		case storm.ContinueAggression:
			if st.late() {
				return one(lines(o), 1, "axis-response", "33.11, "+lateRules+": "+st.lateWhy(c.Target))
			}
			if est <= -1 {
				return one(lines(o), 1, "axis-response", fmt.Sprintf("32.62: the Allies' threshold with the tile is not met (estimated %+d, at least +1): they must back down (27.72); %s is worth +%d VP (34.51A)", est, c.Target, aggressionVP[c.Target]))
			}
		case storm.BackDownOrder:
			if est > -1 && !st.late() {
				return one(lines(o), 1, "axis-response", fmt.Sprintf("27.62: the Allies may meet their threshold (estimated %+d with the tile, 32.62); backing down now costs 1 support, at the brink 3 (27.82)", est))
			}
		}
	case storm.SegCrisisUltimatum:
		th := noteThresholds(st.optionNote(storm.UltimatumOrder, ord.Project))
		best, ok := bestAllied(th)
		if !ok {
			return nil
		}
		switch ord.Kind {
		case storm.UltimatumOrder:
			if best >= 1 {
				return one(lines(o), 2, "ultimatum:"+ord.Project, fmt.Sprintf("27.73, 32.62: the threshold is met (Britain %+d, France %+d): the aggressor backs down (27.82: +3 support each, 34.21) or war over the target (34.52A-B)", th[storm.Britain], th[storm.France]))
			}
		case storm.BackDownOrder:
			if best < 1 {
				return one(lines(o), 1, "ultimatum:"+ord.Project, fmt.Sprintf("27.73: neither Britain (%+d) nor France (%+d) meets the threshold (at least +1): no war may follow an ultimatum", th[storm.Britain], th[storm.France]))
			}
		}
	case storm.SegCrisisBrink:
		c, ok := st.crisisOf(storm.StageBrink)
		if !ok {
			return nil
		}
		// 27.82: backing down moves support in the next turn only; the war
		// ends the game now, the Allies gaining the target's value and
		// their excess (34.52A-B) and the Axis nothing for it (34.51C).
		cost := aggressionVP[c.Target] + max(st.maxAlliedThreshold(st.p, c.Resistance), 1)
		v := st.pub.Victory
		margin := v.Axis - (v.Allies + cost) - v.Russia // 34.11A after the war
		switch ord.Kind {
		case storm.AttackOrder:
			if st.late() {
				return one(lines(o), 1, "brink", "33.11, "+lateRules+": "+st.lateWhy(c.Target))
			}
			if margin >= 3 {
				return one(lines(o), 1, "brink", fmt.Sprintf("27.83, 34.11A: the war ends the game with the Axis ahead by %d VP, the Allies' %d for the war over %s counted (34.52A-B)", margin, cost, c.Target))
			}
		case storm.BackDownOrder:
			if margin < 3 && !st.late() {
				return one(lines(o), 1, "brink", fmt.Sprintf("27.82: backing down costs support in the next turn only; the war would end the game with the Axis at %+d VP against the others (34.11A; %d to the Allies for %s, 34.52A-B)", margin, cost, c.Target))
			}
		}
	}
	return nil
}

// bestAllied is the greater of Britain's and France's thresholds in th.
func bestAllied(th map[storm.Power]int) (int, bool) {
	b, okb := th[storm.Britain]
	f, okf := th[storm.France]
	switch {
	case okb && okf:
		return max(b, f), true
	case okb:
		return b, true
	case okf:
		return f, true
	}
	return 0, false
}

// optionNote is the note of the offered option of kind k for project.
func (st *seat) optionNote(k storm.OrderKind, project string) string {
	for _, x := range st.pv.Options {
		if t, ok := st.typed(x); ok && t.Kind == k && t.Project == project {
			return x.Note
		}
	}
	return ""
}

// crisisOf is the power's own crisis at stage.
func (st *seat) crisisOf(stage storm.CrisisStage) (storm.Crisis, bool) {
	for _, c := range st.pub.Crises {
		if c.Aggressor == st.p && c.Stage == stage {
			return c, true
		}
	}
	return storm.Crisis{}, false
}

// crisisAt is the crisis at stage an order names (its aggressor), or the
// only one.
func (st *seat) crisisAt(stage storm.CrisisStage, name string) (storm.Crisis, bool) {
	var at []storm.Crisis
	for _, c := range st.pub.Crises {
		if c.Stage == stage {
			at = append(at, c)
		}
	}
	for _, c := range at {
		if name == "" && len(at) == 1 || strings.EqualFold(name, c.Aggressor.String()) {
			return c, true
		}
	}
	return storm.Crisis{}, false
}

// aggression scores an aggression option (27.3-27.4): its value (34.51A)
// when the Allies cannot meet their threshold (32.62) whatever the tile.
func (st *seat) aggression(o adjudicator.OptionView, ord storm.Order) []cand {
	if ord.Kind != storm.AggressionOrder || len(o.With) > 0 {
		return nil // the plans are decided at their stage, from what it shows
	}
	res := noteInt(resistanceRE, o.Note, 99)
	v := noteInt(worthRE, o.Note, 0)
	tile := maxTile
	if ord.Project == "Ethiopia" { // 28.13: no tile
		tile = 0
	}
	est := st.maxAlliedThreshold(st.p, res)
	gain, freed := v, ""
	if ord.Project == "Baltic States" || ord.Project == "Poland" && !slices.Contains(ord.Args, "pact") {
		// 14.43C: the aggression frees Russia's civilian factories, +2 VP
		// each to Russia once mobilized (34.31C), against the Axis in
		// 34.11A: counted as 2 VP less, an estimate.
		gain -= 2
		freed = "; it frees Russia's civilian factories (14.43C, 34.31C: counted as 2 VP less)"
	}
	var score float64
	var why string
	switch {
	case est+tile < 1:
		score, why = float64(gain)+1, fmt.Sprintf("32.62, 28.5: neither Britain nor France can meet the threshold even with a %d tile (estimated %+d, at least +1): %s is worth +%d VP (34.51A)", tile, est, ord.Project, v)
	case est+2 < 1 && gain >= 2:
		score, why = 0.6*float64(gain), fmt.Sprintf("32.62, 28.5: the Allies meet the threshold only with a 3 tile (estimated %+d): %s is worth +%d VP (34.51A); backing down if opposed costs 1 support (27.62)", est, ord.Project, v)
	case st.late():
		// The lowest value first: opposed, the war gives the Allies the
		// target's value (34.52A); unopposed, the Axis gains it.
		score, why = 0.5+0.05*float64(5-v), fmt.Sprintf("33.11, %s: %s", lateRules, st.lateWhy(ord.Project))
	default:
		return nil
	}
	why += freed
	if slices.Contains(ord.Args, "pact") {
		pv := st.pactVP()
		if pv < 0 {
			return nil
		}
		score += 0.5
		why += fmt.Sprintf("; the Nazi-Soviet Pact offered (31.21A): its concessions give the Axis %+d VP (34.92A) and keep Russia's civilian factories from mobilizing (14.43C, 34.31C)", pv)
	}
	return []cand{{lines: lines(o), score: score + st.jitter(), reason: why, group: "aggression"}}
}

// lateFrom is the first turn in which waiting only loses for the Axis:
// from Spring 1941 Britain's and France's support grows by one more each
// turn, without end (10.71F, 10.81F), and with it the Allies' victory
// points (34.21B); Gathering Storm has no last turn but the war (33.11).
var lateFrom = storm.Turn{Season: storm.Spring, Year: 1941}

// lateRules are the rules a late decision weighs, for its reason.
const lateRules = "10.71F, 10.81F, 34.21B"

// late reports that the Axis is to bring the war on (lateFrom): it
// aggresses whatever the Allies' threshold, continues, and attacks at
// the brink, since every later count is worse for it.
func (st *seat) late() bool {
	return st.side == storm.Axis && !st.pub.Turn.Before(lateFrom)
}

// lateWhy is the reason of a late decision about target.
func (st *seat) lateWhy(target string) string {
	return fmt.Sprintf("from 1941 the Allies' support, and their victory points, grow every turn without end: war over %s now ends the game at a better count than any later one", target)
}

// pactVP is the Axis' victory points from the Nazi-Soviet Pact
// concession level as it stands (34.92A; the view's victory lines).
func (st *seat) pactVP() int {
	for _, l := range st.pub.Victory.Lines {
		if l.Rule == "34.92A" {
			return l.Value
		}
	}
	return 0
}

// aggressionVP is the value of each aggression target (34.51A; 34.52A
// gives the Allies the same for a war over it).
var aggressionVP = map[string]int{
	"Ethiopia": 1, "Rhineland": 1, "Albania": 1, "Sudetenland": 1, "Danzig and the Corridor": 1,
	"Austria": 2, "Baltic States": 2, "Greece": 2,
	"Czechoslovakia": 3, "Yugoslavia": 3,
	"Poland": 4,
}
