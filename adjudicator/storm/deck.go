package storm

import (
	"slices"
	"strings"
)

// The random event deck (8.4) as plain data. The 144 cards are not in the
// rulebook, so a deck is a data file (docs/deck.md, package deck) whose
// events are built from a closed vocabulary of effects (EffectKinds) that
// the engine implements. A Deck is stored in the game state; Check
// validates one.

// DeckSize is the number of cards of the real deck (8.42). A deck may hold
// fewer (a test deck), never a number outside 1..DeckSize.
const DeckSize = 144

// Deck is a random event deck.
type Deck struct {
	Name  string `json:"name"`
	Cards []Card `json:"cards"`
}

// Card is one random event card (8.41).
type Card struct {
	Number int `json:"number"` // 8.41D, 1..144
	Trend  int `json:"trend"`  // economic trend, -2..+2 (8.41A, 9.21, 11.33)
	// NonRepeatable: once played the card leaves the game instead of going
	// to the discard pile (8.43), so it is not reshuffled (8.44).
	NonRepeatable bool                `json:"non_repeatable,omitempty"`
	General       CardEvent           `json:"general"`  // 8.41B, 9.3
	National      map[Power]CardEvent `json:"national"` // 8.41C, 9.4: one per major power
}

// CardEvent is one general or national random event of a card.
type CardEvent struct {
	Title string `json:"title"`
	Text  string `json:"text,omitempty"`
	// Secret national events are concealed by the holding power until
	// played (8.31); general events are always public (9.3).
	Secret   bool          `json:"secret,omitempty"`
	Category EventCategory `json:"category"` // 8.21: decides when it is revealed (9.41)
	Effects  []Effect      `json:"effects,omitempty"`
}

// EventCategory is a type of random event (8.21).
type EventCategory string

// Event categories. 8.21 names support, research and diplomatic general
// events and economic, research, factory conversion, construction,
// diplomatic and support national events; purge events are the Russian
// events of 22.21D and general events 66 and 138; political events are
// those that change the EAI (23.21C) or other levels no 8.21 type names.
const (
	CategoryEconomic     EventCategory = "economic"     // 8.21B, 9.41A: revealed at the start of the income phase
	CategoryResearch     EventCategory = "research"     // 8.21A-B, 9.31A, 9.41B, 15.3
	CategoryConversion   EventCategory = "conversion"   // 8.21B: factory conversion (14.21, 14.31C)
	CategoryConstruction EventCategory = "construction" // 8.21B, 9.41C
	CategoryDiplomatic   EventCategory = "diplomatic"   // 8.21A-B, 9.31C, 9.41D
	CategorySupport      EventCategory = "support"      // 8.21A-B, 9.31B, 9.41E
	CategoryPurge        EventCategory = "purge"        // 22.21D, 22.5
	CategoryPolitical    EventCategory = "political"    // 23.21C and the like
)

// EventCategories lists the categories in documentation order.
var EventCategories = []EventCategory{CategoryEconomic, CategoryResearch, CategoryConversion, CategoryConstruction,
	CategoryDiplomatic, CategorySupport, CategoryPurge, CategoryPolitical}

// GeneralCategories are the types a general event may have (8.21A, plus
// purge for general events 66 and 138 (22.21D) and political for the EAI
// events (23.21C)).
var GeneralCategories = []EventCategory{CategoryResearch, CategoryDiplomatic, CategorySupport, CategoryPurge, CategoryPolitical}

// Effect is one effect of an event. Kind says which parameters mean
// something (effectSpecs); the others are zero.
type Effect struct {
	Kind EffectKind `json:"kind"`
	// Power is the major power affected. Zero on a national event means the
	// power holding the event.
	Power Power `json:"power,omitempty"`
	// Side is the side a diplomatic effect favours (9.31C: brown Axis,
	// blue Allies, red Russia). Empty on a national event means the
	// holder's side.
	Side      Side             `json:"side,omitempty"`
	Value     int              `json:"value,omitempty"`
	Count     int              `json:"count,omitempty"`
	Per       int              `json:"per,omitempty"`
	Max       int              `json:"max,omitempty"`
	Project   string           `json:"project,omitempty"`  // a research project ID or name (FindProject)
	Research  ResearchCategory `json:"research,omitempty"` // a research category (15.12)
	Region    Region           `json:"region,omitempty"`   // 4.16
	Country   string           `json:"country,omitempty"`  // a diplomatic target of 24.21, or Russia
	Other     string           `json:"other,omitempty"`    // the second country of a dispute (24.552)
	Condition Condition        `json:"condition,omitempty"`
	Unit      UnitType         `json:"unit,omitempty"` // armor, infantry, air
	Use       CounterUse       `json:"use,omitempty"`
	// When: "next" for a counter change of the next turn (12.22G's
	// pattern); empty or "this": this turn.
	When string `json:"turn,omitempty"`
}

// EffectKind names an effect of the closed vocabulary.
type EffectKind string

// The effect kinds. effectSpecs gives each kind's parameters and rule.
const (
	// income phase
	EffectIncome                 EffectKind = "income"          // 11.41
	EffectExtraTileDraw          EffectKind = "extra_tile_draw" // 11.92
	EffectNoTileDraw             EffectKind = "no_tile_draw"    // 11.92
	EffectClimateDoubled         EffectKind = "climate_doubled" // 11.35
	EffectClimateIgnored         EffectKind = "climate_ignored" // 11.35
	EffectExtraRandomEvent       EffectKind = "extra_random_event"
	EffectSupport                EffectKind = "support"             // 9.41E, 10.41B
	EffectConditionalSupport     EffectKind = "conditional_support" // 10.41B, 11.52A
	EffectConversionCost         EffectKind = "conversion_cost"     // 14.21
	EffectMobilizationCost       EffectKind = "mobilization_cost"   // 14.31C
	EffectResearchDoubled        EffectKind = "research_doubled"    // 15.31A
	EffectAtomicAllowed          EffectKind = "atomic_research_allowed"
	EffectResearchAllowed        EffectKind = "research_allowed"    // 15.42A
	EffectResearchProhibited     EffectKind = "research_prohibited" // 15.42A
	EffectResearchSteps          EffectKind = "research_steps"      // 15.32B
	EffectResearchLevels         EffectKind = "research_levels"     // 15.32A
	EffectResearchSpyRing        EffectKind = "research_spy_ring"   // 15.32C
	EffectActivityCounter        EffectKind = "activity_counter"    // 15.32D
	EffectExtraUnitBuild         EffectKind = "extra_unit_build"    // 18.41B
	EffectFreeUnit               EffectKind = "free_unit"           // 18.41
	EffectFreeShip               EffectKind = "free_ship"           // 19.62
	EffectShipCost               EffectKind = "ship_cost"           // 19.52
	EffectFreeAcceleration       EffectKind = "free_acceleration"   // 19.73D
	EffectDiplomaticModifier     EffectKind = "diplomatic_modifier" // 9.31C, 24.1, 10.41C
	EffectFlexibleModifier       EffectKind = "flexible_diplomatic_modifier"
	EffectExtraDiplomaticCounter EffectKind = "extra_diplomatic_counter" // 9.41D
	EffectExtraMilitaryCounter   EffectKind = "extra_military_counter"   // 10.22, 24.4
	EffectDiplomaticDispute      EffectKind = "diplomatic_dispute"       // 24.552
	EffectSpyRing                EffectKind = "spy_ring_effect"          // 24.551
	EffectCounterInRussia        EffectKind = "counter_in_russia"        // 24.56E
	EffectPlacementAllowed       EffectKind = "diplomatic_placement"     // 24.61A-B
	EffectCivilWarEvent          EffectKind = "civil_war_event"          // 25.31
	EffectPurgeSupport           EffectKind = "purge_support"            // 22.21D, 22.72B
	EffectPurgeSupportOffset     EffectKind = "purge_support_offset"     // 22.21D, 22.72B
	EffectPurgeExtraUnits        EffectKind = "purge_extra_units"        // 22.21D, 22.72E-F
	EffectPurgeUnit              EffectKind = "purge_unit"               // 22.21D, 22.72D
	EffectPurgeNoDiplomacy       EffectKind = "purge_no_diplomacy"       // 22.21D, 22.72C
	EffectPurgeNoResearch        EffectKind = "purge_no_research"        // 22.21D, 22.72C
	EffectEAI                    EffectKind = "eai"                      // 23.21C, 23.24
)

// Param names a parameter of an effect, as written in a deck file.
type Param string

// Effect parameters.
const (
	ParamPower     Param = "power"
	ParamSide      Param = "side"
	ParamValue     Param = "value"
	ParamCount     Param = "count"
	ParamPer       Param = "per"
	ParamMax       Param = "max"
	ParamProject   Param = "project"
	ParamResearch  Param = "research"
	ParamRegion    Param = "region"
	ParamCountry   Param = "country"
	ParamOther     Param = "other"
	ParamCondition Param = "condition"
	ParamUnit      Param = "unit"
	ParamUse       Param = "use"
	ParamTurn      Param = "turn"
)

// Params lists every parameter in documentation order.
var Params = []Param{ParamPower, ParamSide, ParamValue, ParamCount, ParamPer, ParamMax, ParamProject,
	ParamResearch, ParamRegion, ParamCountry, ParamOther, ParamCondition, ParamUnit, ParamUse, ParamTurn}

// EffectSpec describes an effect kind: its parameters and the rule it
// serves.
type EffectSpec struct {
	Kind EffectKind
	Rule string
	Doc  string // what the effect does, one sentence (docs/deck.md)
	// Required parameters; OneOf: exactly one of these must be given;
	// Optional: may be given. Any other parameter must be absent.
	Required, OneOf, Optional []Param
	// Min, Max bound value when it is given. A value of 0 counts as not
	// given (a required value is never 0).
	Min, Max int
	// PerPower: the effect concerns one major power: Power is required on
	// a general event and defaults to the holder on a national one.
	PerPower bool
	// PerSide: the effect favours a side: Side is required on a general
	// event and defaults to the holder's side on a national one.
	PerSide bool
	// Only: the effect may only concern this power (the purges: Russia).
	Only Power
	// Countries restricts the country parameter (civil war countries).
	Countries []string
}

// effectSpecs is the vocabulary, in documentation order.
var effectSpecs = []EffectSpec{
	{Kind: EffectIncome, Rule: "11.41", Doc: "national income this turn changes by value tile points",
		Required: []Param{ParamValue}, Min: -2, Max: 2, PerPower: true},
	{Kind: EffectExtraTileDraw, Rule: "11.92", Doc: "the power draws a second random tile this income phase", PerPower: true},
	{Kind: EffectNoTileDraw, Rule: "11.92", Doc: "the power draws no random tile this income phase", PerPower: true},
	{Kind: EffectClimateDoubled, Rule: "11.35", Doc: "the economic climate's effect on the power's income is doubled this turn", PerPower: true},
	{Kind: EffectClimateIgnored, Rule: "11.35", Doc: "the economic climate does not affect the power's income this turn", PerPower: true},
	{Kind: EffectExtraRandomEvent, Rule: "9.13", Doc: "the power draws value additional random events",
		Required: []Param{ParamValue}, Min: 1, Max: 3, PerPower: true},
	{Kind: EffectSupport, Rule: "9.41E, 10.41B", Doc: "support level and income change by value (public or secret as the event)",
		Required: []Param{ParamValue}, Min: -5, Max: 5, PerPower: true},
	{Kind: EffectConditionalSupport, Rule: "10.41B, 11.52A", Doc: "support changes by value, plus 1 for every per (default 1) of the condition, the addition limited to max",
		Required: []Param{ParamCondition, ParamMax}, Optional: []Param{ParamValue, ParamPer, ParamResearch}, Min: -5, Max: 5, PerPower: true},
	{Kind: EffectConversionCost, Rule: "14.21", Doc: "the cost of converting idle factories to civilian use changes by value this turn",
		Required: []Param{ParamValue}, Min: -5, Max: 5, PerPower: true},
	{Kind: EffectMobilizationCost, Rule: "14.31C", Doc: "the cost of mobilizing changes by value this turn",
		Required: []Param{ParamValue}, Min: -5, Max: 5, PerPower: true},
	{Kind: EffectResearchDoubled, Rule: "15.31A", Doc: "research points assigned to the project are doubled, at most value (default 3) extra steps",
		Required: []Param{ParamProject}, Optional: []Param{ParamValue}, Min: 1, Max: 3},
	{Kind: EffectAtomicAllowed, Rule: "15.31B, 15.42C", Doc: "research points may be placed in atomic research from now on"},
	{Kind: EffectResearchAllowed, Rule: "15.42A", Doc: "research points may be placed in the project although its restriction is not met",
		Required: []Param{ParamProject}, PerPower: true},
	{Kind: EffectResearchProhibited, Rule: "15.42A", Doc: "no research points may be placed in the project this turn",
		Required: []Param{ParamProject}, PerPower: true},
	{Kind: EffectResearchSteps, Rule: "15.32B", Doc: "count (default 1) projects advance value steps each: the project, or projects of the category chosen by the player",
		Required: []Param{ParamValue}, OneOf: []Param{ParamProject, ParamResearch}, Optional: []Param{ParamCount}, Min: 1, Max: 6, PerPower: true},
	{Kind: EffectResearchLevels, Rule: "15.32A", Doc: "the project (or a project of the category chosen by the player) advances value levels",
		Required: []Param{ParamValue}, OneOf: []Param{ParamProject, ParamResearch}, Min: 1, Max: 2, PerPower: true},
	{Kind: EffectResearchSpyRing, Rule: "15.32C", Doc: "the project advances as from a spy ring",
		OneOf: []Param{ParamProject, ParamResearch}, PerPower: true},
	{Kind: EffectActivityCounter, Rule: "12.22, 15.32D", Doc: "use research: value (default 1) more activity counters may be used for research this turn (15.32D); use any: the power gains (value > 0) or loses (value < 0) a counter of strength |value| this turn, or the next with turn = \"next\" (12.22)",
		Required: []Param{ParamUse}, Optional: []Param{ParamValue, ParamTurn}, Min: -3, Max: 3, PerPower: true},
	{Kind: EffectExtraUnitBuild, Rule: "18.41B", Doc: "the power may build a second unit of the type this turn",
		Required: []Param{ParamUnit}, PerPower: true},
	{Kind: EffectFreeUnit, Rule: "18.41", Doc: "the power may build a unit of the type at no cost",
		Required: []Param{ParamUnit}, PerPower: true},
	{Kind: EffectFreeShip, Rule: "19.62", Doc: "a ship of size at most value (0: any) may be laid down at no cost and without a shipyard counter",
		Optional: []Param{ParamValue}, Min: 0, Max: 8, PerPower: true},
	{Kind: EffectShipCost, Rule: "19.52", Doc: "shipbuilding costs change by value per ship this turn (minimum 1)",
		Required: []Param{ParamValue}, Min: -3, Max: 3, PerPower: true},
	{Kind: EffectFreeAcceleration, Rule: "19.73D", Doc: "a ship is accelerated value turns (1 or 2) at no cost",
		Required: []Param{ParamValue}, Min: 1, Max: 2, PerPower: true},
	{Kind: EffectDiplomaticModifier, Rule: "9.31C, 24.16, 10.41C", Doc: "a diplomatic modifier of strength value in the country, favouring side",
		Required: []Param{ParamCountry, ParamValue}, Min: 1, Max: 3, PerSide: true},
	{Kind: EffectFlexibleModifier, Rule: "4.16", Doc: "a diplomatic modifier of strength value in one target of the region, chosen by the favoured side",
		Required: []Param{ParamRegion, ParamValue}, Min: 1, Max: 3, PerSide: true},
	{Kind: EffectExtraDiplomaticCounter, Rule: "9.41D, 24.14", Doc: "the power may place value (default 1) diplomatic counters beyond the limit of 24.54E this turn, at the normal cost, optionally only in country or region",
		Optional: []Param{ParamValue, ParamCountry, ParamRegion}, Min: 1, Max: 3, PerPower: true},
	{Kind: EffectExtraMilitaryCounter, Rule: "10.22, 24.4", Doc: "the power may place value (default 1) additional military counters",
		Optional: []Param{ParamValue}, Min: 1, Max: 3, PerPower: true},
	{Kind: EffectDiplomaticDispute, Rule: "24.552", Doc: "a dispute between country and other: the Axis must back one, Russia or the Allies the other",
		Required: []Param{ParamCountry, ParamOther}},
	{Kind: EffectSpyRing, Rule: "24.551", Doc: "spy ring effects apply for the power in the country this turn",
		Required: []Param{ParamCountry}, PerPower: true},
	{Kind: EffectCounterInRussia, Rule: "24.56E", Doc: "the power may place a diplomatic counter in Russia", PerPower: true},
	{Kind: EffectPlacementAllowed, Rule: "24.61A-B", Doc: "Russia may place one diplomatic counter in the country (or one target of the region) this turn despite its geographic restrictions or a purge; it counts against the limits",
		OneOf: []Param{ParamCountry, ParamRegion}, PerPower: true, Only: Russia},
	{Kind: EffectCivilWarEvent, Rule: "25.31", Doc: "value (default 1) events towards a civil war in the country",
		Required: []Param{ParamCountry}, Optional: []Param{ParamValue}, Min: 1, Max: 5,
		Countries: []string{"Greece", "Spain", "Yugoslavia"}},
	{Kind: EffectPurgeSupport, Rule: "22.21D, 22.72B", Doc: "a purge event: Russian support falls by value",
		Required: []Param{ParamValue}, Min: -5, Max: -1, PerPower: true, Only: Russia},
	{Kind: EffectPurgeSupportOffset, Rule: "22.21D, 22.72B", Doc: "a purge event: Russian support falls by value, offset by unit construction and research results",
		Required: []Param{ParamValue}, Min: -5, Max: -1, PerPower: true, Only: Russia},
	{Kind: EffectPurgeExtraUnits, Rule: "22.21D, 22.72E-F", Doc: "value (1 or 2) purge events: that many more Russian units go from active to reserve, as a Military purge",
		Required: []Param{ParamValue}, Min: 1, Max: 2, PerPower: true, Only: Russia},
	{Kind: EffectPurgeUnit, Rule: "22.21D, 22.72D", Doc: "a purge event: one active Russian unit of the type goes to reserve",
		Required: []Param{ParamUnit}, PerPower: true, Only: Russia},
	{Kind: EffectPurgeNoDiplomacy, Rule: "22.21D, 22.72C", Doc: "a purge event: no Russian diplomacy this turn (with the Party or Great Purge card: see 22.21D)",
		PerPower: true, Only: Russia},
	{Kind: EffectPurgeNoResearch, Rule: "22.21D, 22.72C", Doc: "a purge event: no Russian research this turn, as a Party purge (with the Party or Great Purge card: see 22.21D)",
		PerPower: true, Only: Russia},
	{Kind: EffectEAI, Rule: "23.21C, 23.24", Doc: "the EAI changes by value, a temporary modifier",
		Required: []Param{ParamValue}, Min: -3, Max: 3},
}

// Spec returns the spec of kind k.
func (k EffectKind) Spec() (EffectSpec, bool) {
	for _, s := range effectSpecs {
		if s.Kind == k {
			return s, true
		}
	}
	return EffectSpec{}, false
}

// EffectKinds lists the kinds in documentation order.
func EffectKinds() []EffectKind {
	out := make([]EffectKind, len(effectSpecs))
	for i, s := range effectSpecs {
		out[i] = s.Kind
	}
	return out
}

// Condition is what a conditional support event counts (10.41B).
type Condition string

// Conditions.
const (
	ConditionResearchResults   Condition = "research_results"   // results so far in the research category (15.12)
	ConditionFlags             Condition = "flags"              // the power's flags in minor countries (24.18)
	ConditionEconomicClimate   Condition = "economic_climate"   // the economic climate level (11.31)
	ConditionEAI               Condition = "eai"                // the EAI (23)
	ConditionMilitaryFactories Condition = "military_factories" // the power's military factories (10.41A)
	ConditionRussianCohesion   Condition = "russian_cohesion"   // purge events so far (22.71)
	ConditionAxisAggressions   Condition = "axis_aggressions"   // successful Axis aggressions (9.14)
)

// Conditions lists the conditions in documentation order.
var SupportConditions = []Condition{ConditionResearchResults, ConditionFlags, ConditionEconomicClimate, ConditionEAI,
	ConditionMilitaryFactories, ConditionRussianCohesion, ConditionAxisAggressions}

// CounterUse is what an additional activity counter may be used for.
type CounterUse string

// Counter uses (15.32D; the Storm Over Asia guide's research-or-diplomacy
// counter).
const (
	CounterUseResearch            CounterUse = "research"
	CounterUseDiplomacy           CounterUse = "diplomacy"
	CounterUseResearchOrDiplomacy CounterUse = "research_or_diplomacy"
	CounterUseAny                 CounterUse = "any"
)

// CounterUses lists the uses.
var CounterUses = []CounterUse{CounterUseResearch, CounterUseDiplomacy, CounterUseResearchOrDiplomacy, CounterUseAny}

// Region is one of the five regions of 4.16, used only by random events.
type Region string

// Regions (4.16).
const (
	Scandinavia   Region = "scandinavia"    // 4.16A
	EasternEurope Region = "eastern_europe" // 4.16B
	WesternEurope Region = "western_europe" // 4.16C
	CentralEurope Region = "central_europe" // 4.16D
	Balkans       Region = "balkans"        // 4.16E
)

// Regions lists the regions in the order of 4.16.
var Regions = []Region{Scandinavia, EasternEurope, WesternEurope, CentralEurope, Balkans}

// RussiaTarget is the name of Russia as a country of an event (10.41C, 24.56E).
const RussiaTarget = "Russia"

// regionCountries is the table of 4.16 (Belgium is the Belgium/Luxembourg
// target of 24.21C).
var regionCountries = map[Region][]string{
	Scandinavia:   {"Finland", "Norway", "Sweden"},                           // 4.16A
	EasternEurope: {"Poland", "Rumania", RussiaTarget},                       // 4.16B
	WesternEurope: {"Belgium/Luxembourg", "Ireland", "Rhineland", "Spain"},   // 4.16C
	CentralEurope: {"Austria", "Czechoslovakia", "Hungary"},                  // 4.16D
	Balkans:       {"Albania", "Bulgaria", "Greece", "Turkey", "Yugoslavia"}, // 4.16E
}

// RegionCountries returns the countries of region r (4.16).
func RegionCountries(r Region) []string { return slices.Clone(regionCountries[r]) }

// RegionOf returns the region of a country (4.16), "" if none.
func RegionOf(country string) Region {
	for _, r := range Regions {
		if slices.Contains(regionCountries[r], country) {
			return r
		}
	}
	return ""
}

// ParseRegion parses a region name, case-insensitively, with spaces or
// "-" for "_".
func ParseRegion(s string) (Region, bool) {
	n := strings.ToLower(strings.Join(strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == '-' || r == '_' }), "_"))
	r := Region(n)
	if _, ok := regionCountries[r]; ok {
		return r, true
	}
	return "", false
}

// Countries returns the countries an event may name: the diplomatic
// targets of 24.21 and Russia.
func Countries() []string {
	out := make([]string, 0, len(StartingMinors)+1)
	for _, m := range StartingMinors {
		out = append(out, m.Name)
	}
	return append(out, RussiaTarget)
}

// FindCountry returns the canonical name of a country an event may name,
// case-insensitively; "Belgium" and "Luxembourg" name Belgium/Luxembourg.
func FindCountry(name string) (string, bool) {
	if c, ok := countryNames.canonical[name]; ok { // most calls: the name as FindCountry returns it
		return c, true
	}
	n := strings.ToLower(strings.TrimSpace(name))
	if n == "belgium" || n == "luxembourg" {
		n = "belgium/luxembourg"
	}
	c, ok := countryNames.lower[n]
	return c, ok
}

// countryNames are FindCountry's tables, made once: validation asks it
// for every order tried. lower maps a name in lower case to
// the first of Countries with that name; canonical holds the names
// FindCountry finds as they are.
var countryNames = func() (t struct{ lower, canonical map[string]string }) {
	t.lower, t.canonical = map[string]string{}, map[string]string{}
	for _, c := range Countries() {
		if _, ok := t.lower[strings.ToLower(c)]; !ok {
			t.lower[strings.ToLower(c)] = c
		}
	}
	for _, c := range Countries() {
		if strings.TrimSpace(c) == c && t.lower[strings.ToLower(c)] == c {
			t.canonical[c] = c
		}
	}
	return t
}()

// ResearchCategories are the categories of research (15.1), in the
// sheets' order.
var ResearchCategories = []ResearchCategory{AirResearch, NavalResearch, MilitaryResearch, AtomicResearch, IntelligenceResearch}

// Given reports which parameters hold a non-zero value.
func (e Effect) Given() map[Param]bool {
	return map[Param]bool{
		ParamPower: e.Power != 0, ParamSide: e.Side != "", ParamValue: e.Value != 0, ParamCount: e.Count != 0,
		ParamPer: e.Per != 0, ParamMax: e.Max != 0, ParamProject: e.Project != "", ParamResearch: e.Research != "",
		ParamRegion: e.Region != "", ParamCountry: e.Country != "", ParamOther: e.Other != "",
		ParamCondition: e.Condition != "", ParamUnit: e.Unit != "", ParamUse: e.Use != "", ParamTurn: e.When != "",
	}
}
