package storm

// ThresholdTerm is one factor of a threshold (32.31).
type ThresholdTerm struct {
	Rule  string `json:"rule"`
	What  string `json:"what"`
	Value int    `json:"value"`
	// Reading: the term counts a figure sized by the judge's reading, not
	// rule text (the docs/rules.md anchor: r-30-temporary).
	Reading string `json:"reading,omitempty"`
}

// Declarers are the declaring powers of thresholds, in their order.
func Declarers(ts []Threshold) []Power {
	var out []Power
	for _, t := range ts {
		out = append(out, t.From)
	}
	return out
}

// Reading is the anchor of the judge's reading any term of t counts, ""
// if none.
func (t Threshold) Reading() string {
	for _, x := range t.Terms {
		if x.Reading != "" {
			return x.Reading
		}
	}
	return ""
}

// Threshold is one declaring power's threshold for declaring war on one
// major power (32.11, 32.31: determined separately for each pair). Net is
// the sum of the terms; the declaration is possible when Net is at least
// +1 (32.31, 32.42, 32.43, 32.71, 32.72).
type Threshold struct {
	From    Power `json:"from"`
	Against Power `json:"against"`
	// Target is the minor country war is declared in support of (32.31D,
	// 32.62D, 32.72E), "" for none.
	Target     string          `json:"target,omitempty"`
	Preemptive bool            `json:"preemptive,omitempty"`
	Terms      []ThresholdTerm `json:"terms"`
	Net        int             `json:"net"`
	Meets      bool            `json:"meets"`
	// Support and AgainstSupport are the support levels the threshold
	// compares, as counted (32.33C: without the British and French
	// increases it leaves out); for Germany against Britain or France,
	// AgainstSupport is that power's own level, not the greater of the two
	// the term uses (32.42B). 32.83C chooses by them.
	Support        int `json:"support"`
	AgainstSupport int `json:"against_support"`
	// NotPermitted says why 32.21 never lets From declare war on Against
	// (no terms then).
	NotPermitted string `json:"not_permitted,omitempty"`
}

// Excess is by how much the threshold is exceeded (32.83A, 34.52B, 34.53):
// Net when it is met, 0 otherwise.
func (t Threshold) Excess() int {
	if !t.Meets {
		return 0
	}
	return t.Net
}

// Add counts a term of the threshold with its rule.
func (t *Threshold) Add(rule, what string, v int) {
	t.Terms = append(t.Terms, ThresholdTerm{Rule: rule, What: what, Value: v})
	t.Net += v
}

// Concession is what prevents a threatened pre-emptive war (32.83): the
// threshold it is based on (BasisFrom's against BasisAgainst), its excess,
// the support conceded (32.83A), and who concedes and who gains.
type Concession struct {
	BasisFrom     Power   `json:"basis_from"`
	BasisAgainst  Power   `json:"basis_against"`
	Excess        int     `json:"excess"`
	Support       int     `json:"support"`
	Preventable   bool    `json:"preventable"`
	Conceders     []Power `json:"conceders"`
	Beneficiaries []Power `json:"beneficiaries"`
}
