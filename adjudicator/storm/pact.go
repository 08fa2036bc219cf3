package storm

// PactTerm is one term of the concession level.
type PactTerm struct {
	Rule  string `json:"rule"`
	What  string `json:"what"`
	Value int    `json:"value"`
}
