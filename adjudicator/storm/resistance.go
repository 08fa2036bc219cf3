package storm

// ResistanceTerm is one term of a resistance level.
type ResistanceTerm struct {
	Rule  string `json:"rule"`
	What  string `json:"what"`
	Value int    `json:"value"`
}

// Resistance is a target's resistance level and its terms (28.12).
type Resistance struct {
	Target string           `json:"target"`
	Level  int              `json:"level"`
	Terms  []ResistanceTerm `json:"terms"`
	// Tile: the random tile of 28.5 is included (0: not drawn yet, or
	// none for Ethiopia).
	Tile int `json:"tile,omitempty"`
}
