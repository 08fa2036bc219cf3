package storm

// CategoryCounts counts balance of power counters per category (20.2).
type CategoryCounts struct {
	Armor    int `json:"armor"`
	Infantry int `json:"infantry"`
	Air      int `json:"air"`
	Naval    int `json:"naval"`
}

// Add returns a and b summed category by category.
func (a CategoryCounts) Add(b CategoryCounts) CategoryCounts {
	return CategoryCounts{a.Armor + b.Armor, a.Infantry + b.Infantry, a.Air + b.Air, a.Naval + b.Naval}
}

// Get returns the count of category c.
func (a CategoryCounts) Get(c BalanceCategory) int {
	switch c {
	case ArmorBalance:
		return a.Armor
	case InfantryBalance:
		return a.Infantry
	case AirBalance:
		return a.Air
	case NavalBalance:
		return a.Naval
	}
	return 0
}

// Balance is the balance of power: a level per category, -3..+3 (20.51,
// 20.52), the battleship race modifier (19.91, 20.54), and the counters it
// was computed from.
type Balance struct {
	Armor    int `json:"armor"`
	Infantry int `json:"infantry"`
	Air      int `json:"air"`
	Naval    int `json:"naval"` // before the battleship race
	// Race is +1 when the Axis lead the battleship race, -1 when the Allies
	// do, 0 when nobody does (19.91-19.94); it is added to the naval
	// balance beyond the +/-3 limit (19.92).
	Race   int            `json:"battleship_race"`
	Axis   CategoryCounts `json:"axis"`   // Axis counters on the chart (20.21)
	Allies CategoryCounts `json:"allies"` // Allied counters on the chart
}

// Level returns the balance of category c; for the naval category it
// includes the battleship race modifier (20.54, 19.92).
func (b Balance) Level(c BalanceCategory) int {
	switch c {
	case ArmorBalance:
		return b.Armor
	case InfantryBalance:
		return b.Infantry
	case AirBalance:
		return b.Air
	case NavalBalance:
		return b.NavalTotal()
	}
	return 0
}

// NavalTotal is the naval balance with the battleship race modifier, which
// the +/-3 limit does not cap (19.92): -4..+4.
func (b Balance) NavalTotal() int { return b.Naval + b.Race }

// Advantage reports whether side has a balance of power advantage in
// category c (20.61A, 32).
func (b Balance) Advantage(side Side, c BalanceCategory) bool {
	switch side {
	case Axis:
		return b.Level(c) > 0
	case Allies:
		return b.Level(c) < 0
	}
	return false
}

// GarrisonModifier is the net of the Axis armor, infantry and air
// advantages, one per category level (20.61C, 21.22B): it raises the
// Russian garrison requirement when positive and lowers it when negative.
// The naval balance is ignored.
func (b Balance) GarrisonModifier() int { return b.Armor + b.Infantry + b.Air }
