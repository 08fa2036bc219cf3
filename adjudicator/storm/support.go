package storm

import "slices"

// SupportFacts are the game facts the support, income and pool rules read
// that no other part of the state keeps. Later issues set them.
type SupportFacts struct {
	// Aggressions lists the Axis aggressions so far (10.51B, 10.61A,
	// 10.71B, 10.81B, 10.91B, 12.22E).
	Aggressions []Aggression `json:"aggressions"`
	// PactSigned is the turn the Nazi-Soviet Pact was signed (10.71E,
	// 10.81E, 10.91C); nil while not signed.
	PactSigned *Turn `json:"pact_signed,omitempty"`
	// NoPactProposed is the turn Germany committed aggression against
	// Poland without proposing the Nazi-Soviet Pact (10.91B, 31.61B).
	NoPactProposed *Turn `json:"no_pact_proposed,omitempty"`
	// PactLevel is the pact's concession level as signed (31.32; rounded
	// by RoundToFive where 31.33 asks), once signed.
	PactLevel int `json:"pact_level,omitempty"`
	// PolandSatellite and PolandNeutral: Poland became a German satellite
	// (29.22B) or stays a neutral minor country (29.22C).
	PolandSatellite bool `json:"poland_satellite,omitempty"`
	PolandNeutral   bool `json:"poland_neutral,omitempty"`
	// PolandTile is the tile drawn for Poland's resistance in a crisis
	// over Poland or Danzig and the Corridor (28.5, 31.32E), 0 before.
	PolandTile int `json:"poland_tile,omitempty"`
	// NoPactPurge counts the purge events of moves against Poland without
	// the pact so far (31.61C): Poland's seven include Danzig's one.
	NoPactPurge int `json:"no_pact_purge,omitempty"`
	// FlagsInRussia counts Axis and Allied flags in Russia by power (10.91F).
	FlagsInRussia map[Power]int `json:"flags_in_russia,omitempty"`
}

// Aggression is one Axis aggression (27): who, against what, the turn it
// started and, once completed (a conquest, an annexation, an occupation),
// the turn it was completed.
type Aggression struct {
	Aggressor Power  `json:"aggressor"`
	Target    string `json:"target"` // as in 24.21, plus "Ethiopia", "Baltic States", "Sudetenland", "Danzig and the Corridor"
	Turn      Turn   `json:"turn"`
	Completed *Turn  `json:"completed,omitempty"`
	// Due: an Italian conquest under way completes at the end of that
	// turn (29.32, 29.33B).
	Due *Turn `json:"due,omitempty"`
	// BritishLead: for an Italian aggression against Albania, Greece or
	// Yugoslavia, there are more British than French flags in the target
	// and its neighbours (10.71B, 10.81B, 12.22E).
	BritishLead bool `json:"british_lead,omitempty"`
}

// clone deep-copies f.
func (f SupportFacts) clone() SupportFacts {
	c := f
	c.Aggressions = slices.Clone(f.Aggressions)
	turns := make([]Turn, 0, 2*len(f.Aggressions)) // the aggressions' turns in one array
	turn := func(t *Turn) *Turn {
		if t == nil {
			return nil
		}
		turns = append(turns, *t)
		return &turns[len(turns)-1]
	}
	for i, a := range c.Aggressions {
		c.Aggressions[i].Completed = turn(a.Completed)
		c.Aggressions[i].Due = turn(a.Due)
	}
	c.PactSigned = CloneTurn(f.PactSigned)
	c.NoPactProposed = CloneTurn(f.NoPactProposed)
	if f.FlagsInRussia != nil {
		c.FlagsInRussia = make(map[Power]int, len(f.FlagsInRussia))
		for p, n := range f.FlagsInRussia {
			c.FlagsInRussia[p] = n
		}
	}
	return c
}

// CloneTurn copies a turn held by pointer; nil for nil.
func CloneTurn(t *Turn) *Turn {
	if t == nil {
		return nil
	}
	c := *t
	return &c
}

// PowerEconomy is one power's economic bookkeeping between and within turns
// (10.41B-D, 11.41, 11.71, 11.92, 12.22F-G). Fields marked "this turn" are
// set by the random-event, diplomacy and crisis issues and cleared when the
// turn ends.
type PowerEconomy struct {
	// SupportEvents is the net support from support random events and
	// diplomatic random events treated as support events this turn
	// (10.41B, 10.41C).
	SupportEvents int `json:"support_events"`
	// Deficit is the deficit of the previous turn (10.41D): the support
	// level of this turn is reduced by it.
	Deficit int `json:"deficit"`
	// DeficitThisTurn accumulates the mandatory costs this turn that could
	// not be paid (10.41D, 6.12); it becomes Deficit when the turn ends.
	DeficitThisTurn int `json:"deficit_this_turn"`
	// Grants are support increases lasting some turns or the rest of the
	// game: temporary aggression increases (10.71B, 10.81B), crisis effects
	// (27.62A, 27.72A, 27.82A).
	Grants []SupportGrant `json:"grants"`
	// IncomeEvents is the income effect of economic random events this turn
	// (11.41).
	IncomeEvents int `json:"income_events"`
	// ExtraTileDraws and NoTileDraw are the random-event changes of this
	// turn's random tile draws (11.92).
	ExtraTileDraws int  `json:"extra_tile_draws"`
	NoTileDraw     bool `json:"no_tile_draw"`
	// ClimateDoubled and ClimateIgnored are random-event changes of the
	// economic climate's effect on this turn's income (11.35).
	ClimateDoubled bool `json:"climate_doubled,omitempty"`
	ClimateIgnored bool `json:"climate_ignored,omitempty"`
	// CountersNow are this turn's temporary activity counter changes and
	// CountersNext those of the next turn (12.22G: failure in a crisis);
	// fields may be negative.
	CountersNow  ActivityCounters `json:"counters_now"`
	CountersNext ActivityCounters `json:"counters_next"`
	// FreeDiplomaticCounters are strength-1 diplomatic counters that may be
	// placed at no cost this turn (12.22F: civil war results).
	FreeDiplomaticCounters int `json:"free_diplomatic_counters"`
	// FreeDiplomaticNext is the free counter won this turn for the next
	// (24.53A: placed in the turn after the advantage, result or victory).
	FreeDiplomaticNext int `json:"free_diplomatic_next,omitempty"`
	// ResearchCounters counts the activity counters (not research-only)
	// used for research this turn (12.41C, 15.32D): a random event's
	// counter for research or diplomacy left unused serves diplomacy.
	ResearchCounters int `json:"research_counters,omitempty"`
	// Transferred counts the tile points the power gave its ally this
	// turn (16.16G).
	Transferred int `json:"transferred,omitempty"`
	// Options are this turn's construction and research options from
	// random events (15.32D, 18.41, 19.52, 19.62, 19.73D; eventoptions.go).
	Options EventOptions `json:"event_options"`
}

// SupportGrant is a support increase (or decrease) from Turn on, for Turns
// turns (0: the rest of the game).
type SupportGrant struct {
	Rule  string `json:"rule"`
	What  string `json:"what"`
	Value int    `json:"value"`
	From  Turn   `json:"from"`
	Turns int    `json:"turns"`
	// Residual: when the grant ends its counters go to the income track
	// and give one tile point each per turn for the rest of the game
	// (11.71; British and French temporary aggression increases).
	Residual bool `json:"residual,omitempty"`
	// Reading names the docs/rules.md anchor of the judge's reading that
	// sized the grant when no rule text gives its figures (the inferred
	// temporary increase of 10.71B/10.81B: TemporaryReading); "" when
	// its figures are the rules' or a moderator's table's.
	Reading string `json:"reading,omitempty"`
}

// TemporaryReading is the anchor of the judge's reading of the temporary
// British and French increases (docs/rules.md r-30-temporary).
const TemporaryReading = "r-30-temporary"

// ActiveAt reports whether g applies in turn t.
func (g SupportGrant) ActiveAt(t Turn) bool {
	if t.Index() < g.From.Index() {
		return false
	}
	return g.Turns == 0 || t.Index() < g.From.Index()+g.Turns
}

// EndedBy reports whether g has ended before turn t.
func (g SupportGrant) EndedBy(t Turn) bool {
	return g.Turns > 0 && t.Index() >= g.From.Index()+g.Turns
}

// SupportModifier is one line of a support level breakdown.
type SupportModifier struct {
	Rule  string `json:"rule"`
	What  string `json:"what"`
	Value int    `json:"value"`
	// Reading: the term's figures are the judge's reading, not rule text
	// (the docs/rules.md anchor; SupportGrant.Reading).
	Reading string `json:"reading,omitempty"`
}

// ByReading is the part of terms whose figures are the judge's reading,
// not rule text: the sum of the terms that name a Reading.
func ByReading(terms []SupportModifier) int {
	n := 0
	for _, m := range terms {
		if m.Reading != "" {
			n += m.Value
		}
	}
	return n
}

// Aggression targets named by the support and pool rules.
const (
	Ethiopia     = "Ethiopia"
	BalticStates = "Baltic States"
	Rhineland    = "Rhineland"
)
