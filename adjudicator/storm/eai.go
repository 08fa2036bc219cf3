package storm

import "slices"

// EAIFacts are the EAI's modifiers that no other part of the state keeps.
type EAIFacts struct {
	// RandomEvents is the net random event modifier still in force
	// (23.21C): offsetting events cancel at once (23.24) and one point is
	// removed at the start of each turn (23.25).
	RandomEvents int `json:"random_events"`
	// Modifiers are other modifiers with a first turn and a duration
	// (Turns 0: the rest of the game), recorded by later issues (23.21C
	// events lasting a fixed time, 23.23 permanent modifiers not kept
	// elsewhere).
	Modifiers []EAIModifier `json:"modifiers"`
	// CivilWars lists the civil wars being fought (23.21E), set by the
	// civil war issue.
	CivilWars []string `json:"civil_wars"`
}

// EAIModifier is an EAI modifier from From on, for Turns turns (0: the rest
// of the game).
type EAIModifier struct {
	Rule  string `json:"rule"`
	What  string `json:"what"`
	Value int    `json:"value"`
	From  Turn   `json:"from"`
	Turns int    `json:"turns"`
}

// ActiveAt reports whether the modifier counts in turn t: from its first
// turn, for its number of turns (0: for good).
func (m EAIModifier) ActiveAt(t Turn) bool {
	d := t.Index() - m.From.Index()
	return d >= 0 && (m.Turns == 0 || d < m.Turns)
}

// EAITerm is one modifier of the EAI as determined.
type EAITerm struct {
	Rule  string `json:"rule"`
	What  string `json:"what"`
	Value int    `json:"value"`
}

func (f EAIFacts) clone() EAIFacts {
	c := f
	c.Modifiers = slices.Clone(f.Modifiers)
	c.CivilWars = slices.Clone(f.CivilWars)
	return c
}
