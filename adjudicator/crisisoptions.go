package adjudicator

import (
	"stormjudge/adjudicator/crisis"
	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/war"
)

// crisisOptions lists p's orders in the open crisis, pre-emptive war or
// end-of-game segment (Allowed): the crisis phase's and the final
// research's offered by their packages, each kept when p's check of
// w.s accepts it.
func crisisOptions(w *whoOrders, p storm.Power) []storm.Option {
	var opts []storm.Option
	offer := func(op storm.Option) {
		if len((&orderCheck{s: w.s, p: p, who: w}).Validate(op.Orders())) == 0 {
			opts = append(opts, op)
		}
	}
	switch w.s.Segment {
	case storm.SegPreemptiveWar:
		return w.preemptive().Options(p)
	case storm.SegEndOfGame:
		war.FinalResearchOptions(w.s, p, offer) // 33.21 (endgame.go)
	default:
		crisis.Options(w.s, p, offer, w.alliedThresholds) // 26-27 (options.go)
	}
	return opts
}

// alliedThresholds is crisis.AlliedThresholds(w.s, c), worded once for
// both Allied powers' options.
func (w *whoOrders) alliedThresholds(c storm.Crisis) string {
	key := [2]string{c.Aggressor.String(), c.Target}
	if th, ok := w.allied[key]; ok {
		return th
	}
	if w.allied == nil {
		w.allied = map[[2]string]string{}
	}
	w.allied[key] = crisis.AlliedThresholds(w.s, c)
	return w.allied[key]
}
