package storm

// VPLine is one line of an alliance's victory points.
type VPLine struct {
	Side  Side   `json:"side"`
	Rule  string `json:"rule"`
	What  string `json:"what"`
	Value int    `json:"value"`
	// Reading: part of the figure comes from a term sized by the judge's
	// reading, not rule text (the docs/rules.md anchor: r-30-temporary).
	Reading string `json:"reading,omitempty"`
}

// Victory is the victory points of the three alliances (34.1) and the
// outcome of a two-way and a three-way game (34.11) with its level
// (34.12).
type Victory struct {
	Lines  []VPLine `json:"lines"`
	Axis   int      `json:"axis"`
	Allies int      `json:"allies"`
	Russia int      `json:"russia"`
	// TwoWay and ThreeWay word the winner and level of each kind of game
	// (34.11A-C, 34.12).
	TwoWay   string `json:"two_way"`
	ThreeWay string `json:"three_way"`
}

// FirstDemand is the part of a target that may be taken first, counted
// within the whole's value (34.51A: Czechoslovakia "including the
// Sudetenland", Poland "including Danzig and the Corridor"; 9.14A).
var FirstDemand = map[string]string{"Czechoslovakia": "Sudetenland", "Poland": "Danzig and the Corridor"}
