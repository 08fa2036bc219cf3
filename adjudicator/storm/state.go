package storm

import "slices"

// State is the whole game state between two adjudications. It is plain data:
// its JSON (documented field by field in docs/state.md) restores a game
// exactly, including the random generator.
type State struct {
	Turn            Turn                  `json:"turn"`
	Segment         Segment               `json:"segment"`
	Seed            uint64                `json:"seed"`
	RNG             RNG                   `json:"rng"`
	EconomicClimate int                   `json:"economic_climate"` // 11.31, -3..+3 (11.34)
	EAI             int                   `json:"eai"`              // 23, -5..+5 (23.26)
	EAIFacts        EAIFacts              `json:"eai_facts"`        // 23.21-23.25 (eai.go)
	Tiles           TilePool              `json:"tiles"`            // 6.2
	Powers          map[Power]*PowerState `json:"powers"`
	Minors          []Minor               `json:"minors"`          // 24.21, in the order of that rule
	Research        []ResearchResult      `json:"research"`        // results achieved (15.5 at start)
	Sheets          ResearchBook          `json:"research_sheets"` // research record sheets (15.4, research.go)
	Russia          RussiaState           `json:"russia"`          // 14.43, 22
	Conditions      Conditions            `json:"conditions"`
	SpanishTile     int                   `json:"spanish_civil_war_tile"` // the tile drawn at setup (25.32A)
	SupportFacts    SupportFacts          `json:"support_facts"`          // 10.5-10.9, 12.22E (support.go)
	Ended           bool                  `json:"ended"`                  // war broke out (2.31)
	// Balance is the Axis-Allied balance of power as last computed (20.5);
	// BalanceOfPower recomputes it from the state at any time (20.53).
	Balance Balance `json:"balance"`
	// Events is the random event deck in play (8.4, 9.1; randomevents.go);
	// nil in a game without a deck.
	Events *EventDeck `json:"events,omitempty"`
	// Diplomacy is the current turn's diplomatic phase (24; diplomacy.go).
	Diplomacy DiplomacyState `json:"diplomacy"`
	// Crisis is the current turn's crisis phase (26-27; crisisphase.go).
	Crisis CrisisState `json:"crisis"`
	// War is the war that broke out and ends the game (26.13, 33.11);
	// nil while there is none (crisisend.go).
	War *War `json:"war,omitempty"`
	// AggressionEffects is the game's table of aggression effects (30;
	// aggressioneffects.go); nil: DefaultAggressionEffects.
	AggressionEffects []AggressionEffect `json:"aggression_effects,omitempty"`
}

// Factories counts a power's factories by use (11.21).
type Factories struct {
	Civilian int `json:"civilian"`
	Military int `json:"military"`
	Idle     int `json:"idle"`
}

// Total returns the number of factories; it never changes (14.12).
func (f Factories) Total() int { return f.Civilian + f.Military + f.Idle }

// Count returns the number of factories of kind k.
func (f Factories) Count(k FactoryKind) int {
	switch k {
	case Civilian:
		return f.Civilian
	case Military:
		return f.Military
	case Idle:
		return f.Idle
	}
	return 0
}

// Add counts n more factories of use k.
func (f *Factories) Add(k FactoryKind, n int) {
	switch k {
	case Civilian:
		f.Civilian += n
	case Military:
		f.Military += n
	case Idle:
		f.Idle += n
	}
}

// Units counts armor, infantry and air units.
type Units struct {
	Armor    int `json:"armor"`
	Infantry int `json:"infantry"`
	Air      int `json:"air"`
}

// Total returns the number of units.
func (u Units) Total() int { return u.Armor + u.Infantry + u.Air }

// ActivityCounters counts activity counters by strength (12.21).
type ActivityCounters struct {
	Three    int `json:"three"`
	Two      int `json:"two"`
	One      int `json:"one"`
	Zero     int `json:"zero"`
	Ship     int `json:"ship"`     // strength 1, shipbuilding only (12.21, 12.22C)
	Research int `json:"research"` // strength 1, research only (12.22A)
}

// Points returns the total strength of the counters.
func (a ActivityCounters) Points() int {
	return 3*a.Three + 2*a.Two + a.One + a.Ship + a.Research
}

// PowerState is one major power's part of the state.
type PowerState struct {
	TilePoints int       `json:"tile_points"` // 6.1; public (6.31)
	Factories  Factories `json:"factories"`   // 11.21
	// ConvertedThisTurn records the one conversion allowed per turn (14.41).
	ConvertedThisTurn bool `json:"converted_this_turn"`
	// Mobilizations counts all mobilizations so far, the pre-game ones of
	// 14.9 included.
	Mobilizations int `json:"mobilizations"`
	// MobilizationTurns lists the turns of the game in which the power
	// mobilized (the pre-game mobilizations of 14.9 have no turn). Used for
	// the Russian mobilization rate (14.43B).
	MobilizationTurns []Turn `json:"mobilization_turns"`
	// MobilizationUnits records what each mobilization of the game created
	// (14.7); the choices allowed depend on it (14.712, 14.733B ...).
	MobilizationUnits []MobilizationRecord `json:"mobilization_units"`
	// Mobilizing are units created by mobilization on their way to the
	// reserve (14.81, 14.83).
	Mobilizing            []MobilizingUnit `json:"mobilizing"`
	Active                Units            `json:"active"`                 // 17, 18.21A
	Reserve               Units            `json:"reserve"`                // 14.81, 18.11
	ShipbuildingIncreases int              `json:"shipbuilding_increases"` // 14.61, 14.9
	// Pool is the permanent activity counter pool (12.21 plus permanent
	// increases); Counters is what may be used this turn, Pool plus the
	// civilian-factory counters of 12.22A/B (13.21A).
	Pool     ActivityCounters `json:"pool"`
	Counters ActivityCounters `json:"counters"`
	// Used are the counters used so far this turn (12.32, 4.17E): they may
	// not be used again until the next turn. Available = Counters - Used.
	Used ActivityCounters `json:"used"`
	// ConstructionLeftover is the rest of a counter partly used for unit
	// construction this turn (12.41A/B): the points the BUILD orders' counters
	// give beyond the units' cost, already paid (12.32), which shipbuilding
	// orders may spend with LEFTOVER n. Cleared when the turn ends.
	ConstructionLeftover int `json:"construction_leftover"`
	// Support is the support level of the current turn (10.31).
	Support int `json:"support"`
	// Cost modifiers from random events (14.21, 14.31C); 0 until random
	// events are implemented.
	ConvertCostModifier  int `json:"convert_cost_modifier"`
	MobilizeCostModifier int `json:"mobilize_cost_modifier"`
	// Income is the breakdown of this turn's national income (11.12C).
	Income Income `json:"income"`
	// Economy is the support, income and counter bookkeeping of 10.4,
	// 11.41, 11.71, 11.92, 12.22F-G (support.go).
	Economy PowerEconomy `json:"economy"`
	// Naval is the naval construction chart and launched ships (19).
	Naval Naval `json:"naval"`
}

// Income is the breakdown of one power's national income (11.12C).
type Income struct {
	Civilian     int `json:"civilian"`      // 2 per civilian factory (11.21A)
	Support      int `json:"support"`       // support level (11.51)
	TradePacts   int `json:"trade_pacts"`   // 11.62
	TileDraw     int `json:"tile_draw"`     // random face-down tile (11.91)
	Climate      int `json:"climate"`       // economic climate (11.35A)
	RandomEvents int `json:"random_events"` // 11.41; 0 until random events exist
	Residual     int `json:"residual"`      // residual support (11.71)
	// ResidualReading: part of Residual comes from a grant whose figures
	// are the judge's reading (SupportGrant.Reading), its anchor.
	ResidualReading string `json:"residual_reading,omitempty"`
	Maintenance     int    `json:"maintenance"` // 11.81, 11.82 (a cost, >= 0)
	Total           int    `json:"total"`       // the national income
}

// Minor is a minor country that is a diplomatic target (24.21).
type Minor struct {
	Name string `json:"name"`
	// Flags is the number of flags; FlagPower the major power they belong to
	// (24.21, 24.18).
	Flags     int   `json:"flags"`
	FlagPower Power `json:"flag_power,omitempty"`
	// TradePact is the major power holding the trade pact (11.61), if any.
	TradePact      Power `json:"trade_pact,omitempty"`
	CivilWarEvents int   `json:"civil_war_events"` // 4.14A, 25.31
	// PartnerFlags are flags of FlagPower's alliance partner (Italy for
	// Germany, Britain for France and the reverse) in the same country
	// (11.61A-B).
	PartnerFlags int `json:"partner_flags,omitempty"`
	// RussianFlags are Russian flags beside Allied ones (FlagPower Britain
	// or France), which may share a target until the Nazi-Soviet Pact
	// (24.82B); Russia's flags alone are FlagPower Russia.
	RussianFlags int `json:"russian_flags,omitempty"`
	// Controller is the Axis power controlling the country, which holds a
	// permanent trade pact (11.61E).
	Controller Power `json:"controller,omitempty"`
}

// ResearchResult records research results achieved by a side (15.5).
type ResearchResult struct {
	Side    Side   `json:"side"`
	Power   Power  `json:"power,omitempty"` // when the result is national
	Project string `json:"project"`
	Results int    `json:"results"`
	Rule    string `json:"rule"`
}

// ProjectID names the result's project as the research sheet does
// (ResearchProject.ID): "german armor" for a national project, the name
// alone for a joint one.
func (r ResearchResult) ProjectID() string {
	if r.Power == 0 {
		return r.Project
	}
	return nationalID(r.Power, r.Project)
}

// Cohesion is the Russian cohesion level (22.71).
type Cohesion string

// Russian cohesion levels (22.71).
const (
	LowCohesion    Cohesion = "low"
	MediumCohesion Cohesion = "medium"
	HighCohesion   Cohesion = "high"
	FullCohesion   Cohesion = "full"
)

// CohesionFor returns the cohesion level for a number of purge events (22.71).
func CohesionFor(purgeEvents int) Cohesion {
	switch {
	case purgeEvents >= 30:
		return FullCohesion
	case purgeEvents >= 20:
		return HighCohesion
	case purgeEvents >= 10:
		return MediumCohesion
	}
	return LowCohesion
}

// RussiaState holds Russia-only state (14.43, 22).
type RussiaState struct {
	PurgeEvents int      `json:"purge_events"` // 22.31, 22.72
	Cohesion    Cohesion `json:"cohesion"`     // 22.71, kept equal to CohesionFor(PurgeEvents)
	// GreatPurge is set when a Great Purge occurs this turn (14.43A, 22.42D).
	GreatPurge bool `json:"great_purge"`
	// Garrison is the last check of the Russian garrison (21.23).
	Garrison GarrisonCheck `json:"garrison"`
	// PurgeCard is the purge card drawn this turn (22.41); it is set aside
	// and may not be drawn next turn (22.45). Empty before the first draw.
	PurgeCard PurgeCard `json:"purge_card,omitempty"`
	// GreatPurgeInDeck: the Great Purge card is in the purge deck (added
	// when the Rhineland is remilitarized, 22.44B; removed at full
	// cohesion, 22.44C).
	GreatPurgeInDeck bool `json:"great_purge_in_deck"`
	// This turn's purge prohibitions (22.21A-D), for the diplomacy issue:
	// no military counters, no diplomatic counters (exceptions of 22.21B-C).
	NoMilitaryCounters   bool `json:"no_military_counters"`
	NoDiplomaticCounters bool `json:"no_diplomatic_counters"`
	// PartyChoice is the prohibition of this turn's Party purge (22.21B):
	// "research", "diplomacy", "research+diplomacy" (22.21D); empty until
	// chosen at the end of the economic phase.
	PartyChoice string `json:"party_choice,omitempty"`
	// SiberianGarrisonPurged: a purge took Siberian garrison units; Russia
	// must build a unit each turn until it is rebuilt (22.61B, 18.51).
	SiberianGarrisonPurged bool `json:"siberian_garrison_purged"`
	// ExcessPurgeEvents are purge events beyond 30 not yet turned into
	// research steps or infantry (22.73E).
	ExcessPurgeEvents int `json:"excess_purge_events"`
	// AWAWInfantry: 3-3 infantry units for A World at War (22.73E, 33.21C).
	AWAWInfantry int `json:"awaw_infantry,omitempty"`
	// FullCohesionSince is the turn full cohesion was reached (9.16).
	FullCohesionSince *Turn `json:"full_cohesion_since,omitempty"`
	// PurgeOffsets are this turn's support purges offset by construction
	// and research (22.21D), waiting for the end of the economic phase;
	// Offset is what offsets them, counted then: Russian units built and
	// Soviet research results achieved this turn. Cleared when the turn ends.
	PurgeOffsets []PurgeOffset `json:"purge_offsets,omitempty"`
	Offset       *int          `json:"offset,omitempty"`
}

// PurgeOffset is a support purge of a random event offset by unit
// construction and research results (22.21D): Value is the reduction
// (negative).
type PurgeOffset struct {
	Card  int `json:"card"`
	Value int `json:"value"`
}

// Conditions are the game situations of 14.43C; all false at the start.
type Conditions struct {
	// Germany committed aggression against Poland (Danzig and the Corridor
	// included) without signing the Nazi-Soviet Pact.
	PolandAggressionWithoutPact bool `json:"poland_aggression_without_pact"`
	// Germany violated the Nazi-Soviet Pact.
	PactViolated bool `json:"pact_violated"`
	// Germany committed aggression against the Baltic States.
	BalticAggression bool `json:"baltic_aggression"`
}

// RussianMobilizationFreed reports whether 14.43C lets Russia mobilize
// civilian factories (and, by 10.41A, beyond nine military factories).
func (c Conditions) RussianMobilizationFreed() bool {
	return c.PolandAggressionWithoutPact || c.PactViolated || c.BalticAggression
}

// Clone returns a deep copy of s: it shares no memory with s.
func (s State) Clone() State { return s.clone(true) }

// Scratch returns a copy of s to try orders or effects on: deep like
// Clone, except that the event deck's cards (Events.Deck.Cards) are
// shared with s. The engine never changes a card in play (it reads them
// by number, Deck.Card), and copying the deck's cards was most of the
// cost of a copy, which validation makes many times an order.
// What Resolve and the moderator's commands return is a Clone.
func (s State) Scratch() State { return s.clone(false) }

// clone is Clone, with the deck's cards copied only when deck is set.
func (s State) clone(deck bool) State {
	c := s
	if s.Powers != nil {
		c.Powers = make(map[Power]*PowerState, len(s.Powers))
		copies := make([]PowerState, 0, len(s.Powers)) // one allocation for all the powers
		// The powers' lists of one type in one array each.
		var turns, records, mobilizing, grants, building, launched, units int
		for _, ps := range s.Powers {
			if ps != nil {
				turns, records, mobilizing = turns+len(ps.MobilizationTurns), records+len(ps.MobilizationUnits), mobilizing+len(ps.Mobilizing)
				grants, building, launched = grants+len(ps.Economy.Grants), building+len(ps.Naval.Building), launched+len(ps.Naval.Launched)
				for _, r := range ps.MobilizationUnits {
					units += len(r.Units)
				}
			}
		}
		turnSlab, recordSlab, mobilizingSlab := newSlab[Turn](turns), newSlab[MobilizationRecord](records), newSlab[MobilizingUnit](mobilizing)
		grantSlab, buildingSlab, launchedSlab := newSlab[SupportGrant](grants), newSlab[Ship](building), newSlab[Ship](launched)
		unitSlab := newSlab[UnitType](units)
		for p, ps := range s.Powers {
			if ps == nil {
				c.Powers[p] = nil
				continue
			}
			copies = append(copies, *ps)
			cp := &copies[len(copies)-1]
			cp.MobilizationTurns = turnSlab.clone(ps.MobilizationTurns)
			cp.Economy.Grants = grantSlab.clone(ps.Economy.Grants)
			cp.Economy.Options = ps.Economy.Options.Clone()
			cp.Naval.Building = buildingSlab.clone(ps.Naval.Building)
			cp.Naval.Launched = launchedSlab.clone(ps.Naval.Launched)
			cp.MobilizationUnits = recordSlab.clone(ps.MobilizationUnits)
			for i, r := range cp.MobilizationUnits {
				cp.MobilizationUnits[i].Units = unitSlab.clone(r.Units)
			}
			cp.Mobilizing = mobilizingSlab.clone(ps.Mobilizing)
			c.Powers[p] = cp
		}
	}
	c.Minors = slices.Clone(s.Minors)
	c.Research = slices.Clone(s.Research)
	c.Sheets = s.Sheets.clone()
	c.SupportFacts = s.SupportFacts.clone()
	c.Russia.Garrison.Turn = CloneTurn(s.Russia.Garrison.Turn)
	c.Russia.FullCohesionSince = CloneTurn(s.Russia.FullCohesionSince)
	c.Russia.PurgeOffsets = slices.Clone(s.Russia.PurgeOffsets)
	if s.Russia.Offset != nil {
		c.Russia.Offset = new(*s.Russia.Offset)
	}
	c.EAIFacts = s.EAIFacts.clone()
	c.Events = s.Events.clone(deck)
	c.Diplomacy = s.Diplomacy.clone()
	c.Crisis = s.Crisis.clone()
	c.War = s.War.Clone()
	if s.AggressionEffects != nil {
		c.AggressionEffects = CloneEffects(s.AggressionEffects)
	}
	return c
}

// slab copies slices of one type into one new array, each capped at its
// end so that an append to one copies it, nil kept nil and empty empty:
// one allocation for many small lists of a copy.
type slab[T any] struct{ buf []T }

// newSlab is a slab for n values in all.
func newSlab[T any](n int) slab[T] { return slab[T]{make([]T, 0, n)} }

// clone is slices.Clone(v) in the slab.
func (b *slab[T]) clone(v []T) []T {
	if v == nil {
		return nil
	}
	b.buf = append(b.buf, v...)
	return b.buf[len(b.buf)-len(v) : len(b.buf) : len(b.buf)]
}

// Minor returns a pointer to the named minor country, or nil.
func (s *State) Minor(name string) *Minor {
	for i := range s.Minors {
		if s.Minors[i].Name == name {
			return &s.Minors[i]
		}
	}
	return nil
}
