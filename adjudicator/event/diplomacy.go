package event

import "stormjudge/adjudicator/storm"

// DiplomaticCountersSealed tells a power its placements of a round with
// their values, the commitment's salt and hash; private to it (24.54C).
type DiplomaticCountersSealed struct {
	Turn       storm.Turn        `json:"turn"`
	Power      storm.Power       `json:"power"`
	Round      storm.Segment     `json:"round"`
	Placements []storm.Placement `json:"placements"`
	Salt       string            `json:"salt"`
	Hash       string            `json:"hash"`
}

// DiplomaticRoundPlaced is a round's placements as everyone sees them:
// locations and commitments, never values (24.54C); public.
type DiplomaticRoundPlaced struct {
	Turn        storm.Turn         `json:"turn"`
	Round       storm.Segment      `json:"round"`
	Locations   []storm.Placement  `json:"locations"` // diplomatic counters' strengths zero; military counters open (24.42B)
	Commitments []storm.Commitment `json:"commitments"`
}

// DiplomacyRevealed is every placement of the turn with its value and the
// commitments' salts, at resolution (24.81A); public.
type DiplomacyRevealed struct {
	Turn        storm.Turn         `json:"turn"`
	Placements  []storm.Placement  `json:"placements"`
	Commitments []storm.Commitment `json:"commitments"`
}

// DiplomaticResult is the resolution of one target (24.81B-24.82).
type DiplomaticResult struct {
	Turn    storm.Turn   `json:"turn"`
	Country string       `json:"country"`
	Effort  storm.Effort `json:"effort"`
	Winner  storm.Side   `json:"winner,omitempty"`
	Power   storm.Power  `json:"power,omitempty"` // the successful major power (24.82C)
	Change  string       `json:"change"`
	// Modifiers are those counted in Effort beside the counters: random
	// events (9.31C, 4.16), covert operations and subversion (16.16A,
	// 16.16H), the communist threat of last turn (24.83).
	Modifiers   []storm.DiplomaticModifier `json:"modifiers,omitempty"`
	FlagsBefore map[storm.Power]int        `json:"flags_before"`
	FlagsAfter  map[storm.Power]int        `json:"flags_after"`
}

// DiplomacyPaid is a power's payment for its diplomatic counters at the
// end of the phase (24.52C); public, as the values are then revealed.
type DiplomacyPaid struct {
	Turn       storm.Turn  `json:"turn"`
	Power      storm.Power `json:"power"`
	Cost       int         `json:"cost"`
	TilePoints int         `json:"tile_points"`
	// Deficit is what could not be paid (6.12, 10.41D).
	Deficit int `json:"deficit,omitempty"`
}

func (e DiplomaticCountersSealed) Visibility() Visibility { return Visibility{Power: e.Power} }
func (DiplomaticRoundPlaced) Visibility() Visibility      { return public }
func (DiplomacyRevealed) Visibility() Visibility          { return public }
func (DiplomaticResult) Visibility() Visibility           { return public }
func (DiplomacyPaid) Visibility() Visibility              { return public }
func (DiplomaticCountersSealed) Type() string             { return "DiplomaticCountersSealed" }
func (DiplomaticRoundPlaced) Type() string                { return "DiplomaticRoundPlaced" }
func (DiplomacyRevealed) Type() string                    { return "DiplomacyRevealed" }
func (DiplomaticResult) Type() string                     { return "DiplomaticResult" }
func (DiplomacyPaid) Type() string                        { return "DiplomacyPaid" }

func init() {
	eventTypes["DiplomaticCountersSealed"] = decode[DiplomaticCountersSealed]
	eventTypes["DiplomaticRoundPlaced"] = decode[DiplomaticRoundPlaced]
	eventTypes["DiplomacyRevealed"] = decode[DiplomacyRevealed]
	eventTypes["DiplomaticResult"] = decode[DiplomaticResult]
	eventTypes["DiplomacyPaid"] = decode[DiplomacyPaid]
}
