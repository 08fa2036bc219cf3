package crisis

import (
	"fmt"

	"stormjudge/adjudicator/storm"
)

// Options offers p's orders in the open crisis segment (Allowed, through
// the top package's check of each): each with the IF lines it may carry,
// so that notices show them and the simulator plays them. thresholds is
// AlliedThresholds of s, which the caller may word once for both Allied
// powers.
func Options(s storm.State, p storm.Power, offer func(storm.Option), thresholds func(storm.Crisis) string) {
	plan := func(when string, then storm.OrderKind, project string) storm.Order {
		return storm.Order{Kind: storm.CrisisIfOrder, Args: []string{when, string(then)}, Project: project}
	}
	switch s.Segment {
	case storm.SegCrisisAggression:
		for _, o := range AggressionOptions(s, p) {
			if o.Barred != "" {
				continue
			}
			note := fmt.Sprintf("resistance %d before the tile (28.12); worth %d victory point(s) if it succeeds (34.51A)", demandResistance(s, p, o.Target), storm.AggressionValueIn(s, o.Target))
			a := storm.Order{Kind: storm.AggressionOrder, Project: o.Target}
			offer(storm.Option{Order: a, Note: note})
			offer(storm.Option{Order: a, Note: note + "; with plans: continue if opposed, back down at an ultimatum",
				With: []storm.Order{plan("opposed", storm.ContinueAggression, ""), plan("ultimatum", storm.BackDownOrder, "")}})
			if rule, _ := PactOfferBarred(s, o.Target); rule == "" && p == storm.Germany {
				pa := a
				pa.Args = []string{"pact"}
				offer(storm.Option{Order: pa, Note: note + "; the Nazi-Soviet Pact offered (31.21A): Russia may not refuse"})
			}
		}
	case storm.SegCrisisResponse:
		for _, c := range s.Crisis.At(storm.StageResponse) {
			name := ""
			if len(s.Crisis.At(storm.StageResponse)) > 1 {
				name = c.Aggressor.String()
			}
			if p == storm.Russia {
				offer(storm.Option{Order: storm.Order{Kind: storm.OpposeOrder, Project: name}, Note: "Russia shares the Allies' gains and costs of the crisis (26.14A)"})
				continue
			}
			th := thresholds(c) // 32.62, 32.61A: the figures behind an ultimatum (27.73)
			offer(storm.Option{Order: storm.Order{Kind: storm.AcquiesceOrder, Project: name}, Note: "the aggression succeeds (27.52)"})
			offer(storm.Option{Order: storm.Order{Kind: storm.OpposeOrder, Project: name}, Note: "a resistance tile is drawn and the aggressor answers (27.53, 28.5); " + th,
				With: []storm.Order{plan("continued", storm.UltimatumOrder, name)}})
		}
	case storm.SegCrisisAxisResponse:
		if c := s.Crisis.CrisisOf(p); c != nil && c.Stage == storm.StageAxisResponse {
			offer(storm.Option{Order: storm.Order{Kind: storm.BackDownOrder}, Note: "the aggression does not succeed; " + OutcomeWords(*c, storm.AggressorBacksDown)}) // 27.62
			offer(storm.Option{Order: storm.Order{Kind: storm.ContinueAggression}, Note: "the Allies reveal their secret support events and answer (27.71)"})
		}
	case storm.SegCrisisUltimatum:
		for _, c := range s.Crisis.At(storm.StageUltimatum) {
			name := ""
			if len(s.Crisis.At(storm.StageUltimatum)) > 1 {
				name = c.Aggressor.String()
			}
			offer(storm.Option{Order: storm.Order{Kind: storm.BackDownOrder, Project: name}, Note: "the aggression succeeds; " + OutcomeWords(c, storm.AlliesBackDown)}) // 27.72
			offer(storm.Option{Order: storm.Order{Kind: storm.UltimatumOrder, Project: name}, Note: "the aggressor backs down or war breaks out (27.8); " + thresholds(c)})
		}
	case storm.SegCrisisBrink:
		if c := s.Crisis.CrisisOf(p); c != nil && c.Stage == storm.StageBrink {
			offer(storm.Option{Order: storm.Order{Kind: storm.BackDownOrder}, Note: "the aggression does not succeed; " + OutcomeWords(*c, storm.AggressorBacksDownUl)}) // 27.82
			offer(storm.Option{Order: storm.Order{Kind: storm.AttackOrder}, Note: "war breaks out: research is completed and the game ends (27.83, 33)"})
		}
	}
}
