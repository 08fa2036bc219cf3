package storm

import (
	"slices"
)

// Pre-emptive war (26.12, 32.8): once the crises of the turn are settled
// and every secret support event revealed (32.82), the powers that meet a
// threshold (declaration.go, PreemptiveOptions) may declare war, or
// threaten it when not fully mobilized; a threatened power concedes
// support or war breaks out (32.83). The segment asks only the powers with
// such a choice, so most turns pass it without a round trip; a threat
// asks the threatened power in a second round of the same segment.

// Pre-emptive war's order kinds.
const (
	// DeclareWarOrder declares war on Project (32.8); Germany names
	// Britain or France for both (32.42).
	DeclareWarOrder OrderKind = "declare-war"
	// ThreatenWarOrder threatens war on Project (32.44, 32.61B, 32.83).
	ThreatenWarOrder OrderKind = "threaten-war"
	// ConcedeOrder and RefuseOrder answer a threat (32.83).
	ConcedeOrder OrderKind = "concede"
	RefuseOrder  OrderKind = "refuse"
)

// Threat is a threatened pre-emptive war awaiting the concession that
// prevents it (32.83).
type Threat struct {
	Declarers  []Power     `json:"declarers"`
	Against    []Power     `json:"against"`
	Thresholds []Threshold `json:"thresholds"`
	Concession Concession  `json:"concession"`
}

func AppendNew(xs []Power, ys ...Power) []Power {
	for _, y := range ys {
		if !slices.Contains(xs, y) {
			xs = append(xs, y)
		}
	}
	return xs
}
