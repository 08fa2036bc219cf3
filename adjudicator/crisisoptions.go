package adjudicator

import (
	"fmt"
	"slices"
)

// crisisOptions lists p's orders in the open crisis, pre-emptive war or
// end-of-game segment (Allowed): each with the IF lines it may carry, so
// that notices show them and the simulator plays them.
func crisisOptions(s State, p Power) []Option {
	var opts []Option
	offer := func(op Option) {
		if len(Validate(s, p, op.Orders())) == 0 {
			opts = append(opts, op)
		}
	}
	plan := func(when string, then OrderKind, project string) Order {
		return Order{Kind: CrisisIfOrder, Args: []string{when, string(then)}, Project: project}
	}
	switch s.Segment {
	case SegCrisisAggression:
		for _, o := range AggressionOptions(s, p) {
			if o.Barred != "" {
				continue
			}
			note := fmt.Sprintf("resistance %d before the tile (28.12); worth %d victory points if it succeeds (34.51A)", demandResistance(s, p, o.Target), aggressionValueIn(s, o.Target))
			a := Order{Kind: AggressionOrder, Project: o.Target}
			offer(Option{Order: a, Note: note})
			offer(Option{Order: a, Note: note + "; with plans: continue if opposed, back down at an ultimatum",
				With: []Order{plan("opposed", ContinueAggression, ""), plan("ultimatum", BackDownOrder, "")}})
			if rule, _ := pactOfferBarred(s, o.Target); rule == "" && p == Germany {
				pa := a
				pa.Args = []string{"pact"}
				offer(Option{Order: pa, Note: note + "; the Nazi-Soviet Pact offered (31.21A): Russia may not refuse"})
			}
		}
	case SegCrisisResponse:
		for _, c := range s.Crisis.at(StageResponse) {
			name := ""
			if len(s.Crisis.at(StageResponse)) > 1 {
				name = c.Aggressor.String()
			}
			if p == Russia {
				offer(Option{Order: Order{Kind: OpposeOrder, Project: name}, Note: "Russia shares the Allies' gains and costs of the crisis (26.14A)"})
				continue
			}
			offer(Option{Order: Order{Kind: AcquiesceOrder, Project: name}, Note: "the aggression succeeds (27.52)"})
			offer(Option{Order: Order{Kind: OpposeOrder, Project: name}, Note: "a resistance tile is drawn and the aggressor answers (27.53, 28.5)",
				With: []Order{plan("continued", UltimatumOrder, name)}})
		}
	case SegCrisisAxisResponse:
		if c := s.Crisis.crisisOf(p); c != nil && c.Stage == StageAxisResponse {
			offer(Option{Order: Order{Kind: BackDownOrder}, Note: "27.62 next turn: your support -1 and a 1 counter lost; each Allied power +1"})
			offer(Option{Order: Order{Kind: ContinueAggression}, Note: "the Allies reveal their secret support events and answer (27.71)"})
		}
	case SegCrisisUltimatum:
		for _, c := range s.Crisis.at(StageUltimatum) {
			name := ""
			if len(s.Crisis.at(StageUltimatum)) > 1 {
				name = c.Aggressor.String()
			}
			offer(Option{Order: Order{Kind: BackDownOrder, Project: name}, Note: "27.72 next turn: the aggressor +2 support and a 2 counter; each Allied power -2 and a 2 counter lost"})
			offer(Option{Order: Order{Kind: UltimatumOrder, Project: name}, Note: "the aggressor backs down or war breaks out (27.8)"})
		}
	case SegCrisisBrink:
		if c := s.Crisis.crisisOf(p); c != nil && c.Stage == StageBrink {
			offer(Option{Order: Order{Kind: BackDownOrder}, Note: "27.82 next turn: your support -3 and a counter lost; the Allies gain"})
			offer(Option{Order: Order{Kind: AttackOrder}, Note: "war breaks out: research is completed and the game ends (27.83, 33)"})
		}
	case SegPreemptiveWar:
		return preemptiveOptions(s, p)
	case SegEndOfGame:
		side := SideOf(p)
		for _, f := range finalPoints[side] {
			for _, r := range ResearchProjects(side) {
				if f.Projects != nil && !slices.Contains(f.Projects, r.Name) {
					continue
				}
				o := Order{Kind: Research, Project: r.ID()}
				if f.Kind != PointNormal {
					o.Args = []string{f.Kind}
				}
				left := fmt.Sprintf("%d step(s) left", s.Sheets.Remaining(r))
				if r.Results == 0 {
					left = fmt.Sprintf("%d step(s) a result, no limit", r.StepsPerResult)
				}
				offer(Option{Order: o, Note: fmt.Sprintf("%s (%s)", left, f.Rule)})
			}
		}
	}
	return opts
}
