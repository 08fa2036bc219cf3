package storm

// The Nazi-Soviet Pact's concession level (31.32, 31.33): what Russia
// would obtain, 30 modified by the support levels, the EAI, the flags in
// Russia, the diplomatic results in the countries on Russia's border and
// elsewhere, and Poland's resistance. The crisis over Poland reads it
// when the pact is signed (signPact, crisisend.go); the victory points
// read it every turn (34.92: it counts whether or not the pact is signed).

// PactTerm is one term of the concession level.
type PactTerm struct {
	Rule  string `json:"rule"`
	What  string `json:"what"`
	Value int    `json:"value"`
}
