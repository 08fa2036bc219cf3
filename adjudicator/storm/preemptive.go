package storm

import (
	"slices"
)

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

// AppendNew appends to xs each of ys it does not hold yet.
func AppendNew(xs []Power, ys ...Power) []Power {
	for _, y := range ys {
		if !slices.Contains(xs, y) {
			xs = append(xs, y)
		}
	}
	return xs
}
