package storm

// GarrisonCheck is the result of one check of the Russian garrison.
type GarrisonCheck struct {
	// Turn is the turn of the check; nil before the first check.
	Turn *Turn  `json:"turn,omitempty"`
	When string `json:"when"` // the rule of the check: 21.23A, 21.23B, ...

	// The garrison (21.21).
	Units          int `json:"units"`           // 21.21A: active armor, infantry, air
	ResearchCounts int `json:"research_counts"` // 21.21B: Russian research and production results
	Flags          int `json:"flags"`           // 21.21C: Russian flags and trade pacts in minors
	Garrison       int `json:"garrison"`

	// The requirement (21.22).
	Japan          int `json:"japan"`            // 21.22A: always 8
	BalanceOfPower int `json:"balance_of_power"` // 21.22B, 20.61C: net Axis armor+infantry+air advantage
	EAI            int `json:"eai"`              // 21.22C: positive EAI
	Borders        int `json:"borders"`          // 21.22D: Axis/Allied flags and pacts bordering Russia
	Occupation     int `json:"occupation"`       // 21.22E: occupation policies results
	Satellite      int `json:"satellite"`        // 29.22B: Polish units on the Axis part of the track
	Required       int `json:"required"`

	// Surplus is Garrison - Required (negative: a deficit, 21.3).
	Surplus int `json:"surplus"`
	// Support is the garrison modifier of the Russian support level
	// (10.91D, 21.31, 21.41A).
	Support int `json:"support"`
	// MilitaryCounters is the number of military counters Russia may place
	// in Finland, Poland, Rumania and Turkey (21.41B, 24.47); 0 unless
	// Russia's support level is positive.
	MilitaryCounters int `json:"military_counters"`
}
