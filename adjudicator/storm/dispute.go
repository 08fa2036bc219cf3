package storm

// Diplomatic disputes (24.552): a general random event sets two minor
// countries against each other. The Axis must back one of them with a
// counter of at least 1 in their first round (A); Russia may then back the
// other (B), else the Allies must (C); the Axis' country is closed to
// Russia and the Allies (D), the other to the Axis (E); the counters count
// against the limits (F). The judge places the weakest counter for a side
// that must and did not (docs/rules.md r-24-552).

// Dispute is one dispute event of the turn.
type Dispute struct {
	Card      int       `json:"card"`
	Countries [2]string `json:"countries"`
	// Axis is the country the Axis backs, once an Axis counter of at
	// least 1 is placed in one of the two (24.552A).
	Axis string `json:"axis,omitempty"`
}

// Other is the dispute's country that is not c.
func (d Dispute) Other(c string) string {
	if d.Countries[0] == c {
		return d.Countries[1]
	}
	return d.Countries[0]
}

func (d Dispute) Has(c string) bool { return d.Countries[0] == c || d.Countries[1] == c }
