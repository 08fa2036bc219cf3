package event

import "stormjudge/adjudicator/storm"

// Events of shipbuilding (19) and the balance of power (20). Shipbuilding
// is secret until the end of the economic phase (13.12C, 19.12): the
// events of each step are private to the power; ShipbuildingRevealed is
// what 13.12C makes public once every power has built.

// ShipLaidDown reports a ship laid down (19.61).
type ShipLaidDown struct {
	Turn  storm.Turn  `json:"turn"`
	Power storm.Power `json:"power"`
	Ship  storm.Ship  `json:"ship"`
	Cost  int         `json:"cost"`           // activity counter points (19.52A)
	Free  bool        `json:"free,omitempty"` // a random event's free ship (19.62)
}

// ShipAdvanced reports a ship moved down one row (19.71).
type ShipAdvanced struct {
	Turn  storm.Turn  `json:"turn"`
	Power storm.Power `json:"power"`
	Ship  storm.Ship  `json:"ship"` // after advancing
	Cost  int         `json:"cost"`
}

// ShipLaunched reports a ship reaching the Launch row (19.74).
type ShipLaunched struct {
	Turn  storm.Turn  `json:"turn"`
	Power storm.Power `json:"power"`
	Ship  storm.Ship  `json:"ship"`
}

// ShipAccelerated reports an acceleration (19.73).
type ShipAccelerated struct {
	Turn    storm.Turn  `json:"turn"`
	Power   storm.Power `json:"power"`
	Ship    storm.Ship  `json:"ship"` // after accelerating
	Columns int         `json:"columns"`
	Cost    int         `json:"cost"`
	Free    bool        `json:"free,omitempty"` // a random event's acceleration (19.73D)
}

// ShipDeferred reports a deferral (19.72).
type ShipDeferred struct {
	Turn  storm.Turn  `json:"turn"`
	Power storm.Power `json:"power"`
	Ship  storm.Ship  `json:"ship"` // after deferring
}

// ShipbuildingPaid reports what a power's shipbuilding cost this turn:
// the counters used (12.31), the saved points spent and saved (19.75), and
// points paid but not needed.
type ShipbuildingPaid struct {
	Turn       storm.Turn             `json:"turn"`
	Power      storm.Power            `json:"power"`
	Counters   storm.ActivityCounters `json:"counters"`
	Cost       int                    `json:"cost"`        // points the orders needed
	SavedUsed  int                    `json:"saved_used"`  // 19.75
	SavedAdded int                    `json:"saved_added"` // 19.75A
	Saved      int                    `json:"saved"`       // saved points held after
	Wasted     int                    `json:"wasted"`      // counter points beyond the cost
	// LeftoverUsed is the rest of counters partly used for unit
	// construction this turn, spent here (12.41A/B).
	LeftoverUsed int `json:"leftover_used,omitempty"`
	TilePoints   int `json:"tile_points"` // after paying
}

// ShipbuildingRevealed is a power's shipbuilding as announced at the end
// of the economic phase (13.12C): the ships laid down and launched by
// class, the number of ships advanced, accelerated and deferred, the
// activity counters used, the saved points now held (19.75D) and the
// naval balance of power counters placed (19.81).
type ShipbuildingRevealed struct {
	Turn            storm.Turn             `json:"turn"`
	Power           storm.Power            `json:"power"`
	LaidDown        []storm.ShipClass      `json:"laid_down,omitempty"`
	Launched        []storm.ShipClass      `json:"launched,omitempty"`
	Advanced        int                    `json:"advanced"`
	Accelerated     int                    `json:"accelerated"`
	Deferred        int                    `json:"deferred"`
	Counters        storm.ActivityCounters `json:"counters"`
	Saved           int                    `json:"saved"`
	BalanceCounters int                    `json:"balance_counters"`
}

// BalanceOfPowerChanged reports the balance of power after the economic
// phase (20.5); Before is the balance last reported.
type BalanceOfPowerChanged struct {
	Turn    storm.Turn    `json:"turn"`
	Balance storm.Balance `json:"balance"`
	Before  storm.Balance `json:"before"`
}

func (e ShipLaidDown) Visibility() Visibility        { return Visibility{Power: e.Power} } // 13.12C
func (e ShipAdvanced) Visibility() Visibility        { return Visibility{Power: e.Power} }
func (e ShipLaunched) Visibility() Visibility        { return Visibility{Power: e.Power} }
func (e ShipAccelerated) Visibility() Visibility     { return Visibility{Power: e.Power} }
func (e ShipDeferred) Visibility() Visibility        { return Visibility{Power: e.Power} }
func (e ShipbuildingPaid) Visibility() Visibility    { return Visibility{Power: e.Power} }
func (ShipbuildingRevealed) Visibility() Visibility  { return public } // 13.12C
func (BalanceOfPowerChanged) Visibility() Visibility { return public } // 20.3
func (ShipLaidDown) Type() string                    { return "ShipLaidDown" }
func (ShipAdvanced) Type() string                    { return "ShipAdvanced" }
func (ShipLaunched) Type() string                    { return "ShipLaunched" }
func (ShipAccelerated) Type() string                 { return "ShipAccelerated" }
func (ShipDeferred) Type() string                    { return "ShipDeferred" }
func (ShipbuildingPaid) Type() string                { return "ShipbuildingPaid" }
func (ShipbuildingRevealed) Type() string            { return "ShipbuildingRevealed" }
func (BalanceOfPowerChanged) Type() string           { return "BalanceOfPowerChanged" }

// The shipbuilding events are registered here rather than in event.go's
// table, to keep this area's edits to shared files small.
func init() {
	for name, dec := range map[string]func([]byte) (Event, error){
		"ShipLaidDown":          decode[ShipLaidDown],
		"ShipAdvanced":          decode[ShipAdvanced],
		"ShipLaunched":          decode[ShipLaunched],
		"ShipAccelerated":       decode[ShipAccelerated],
		"ShipDeferred":          decode[ShipDeferred],
		"ShipbuildingPaid":      decode[ShipbuildingPaid],
		"ShipbuildingRevealed":  decode[ShipbuildingRevealed],
		"BalanceOfPowerChanged": decode[BalanceOfPowerChanged],
	} {
		eventTypes[name] = dec
	}
}
