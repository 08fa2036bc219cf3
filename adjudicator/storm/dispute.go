package storm

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

// Has reports whether c is one of the two countries in dispute.
func (d Dispute) Has(c string) bool { return d.Countries[0] == c || d.Countries[1] == c }
