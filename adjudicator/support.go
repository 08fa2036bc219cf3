package adjudicator

import (
	"fmt"
)

// Support levels (10). A power's support level starts from zero every turn
// (10.31) and is the sum of the modifiers of 10.4-10.9 that apply. Each
// modifier is reported (SupportDetermined) so the report can explain the
// level. Modifiers whose facts are set by later issues (aggressions, the
// Nazi-Soviet Pact, flags in Russia, random events, crises) read the fields
// of SupportFacts and PowerEconomy; they are computed and tested now.

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
	// by roundToFive where 31.33 asks), once signed.
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
	c.Aggressions = cloneSlice(f.Aggressions)
	for i, a := range c.Aggressions {
		c.Aggressions[i].Completed = cloneTurn(a.Completed)
		c.Aggressions[i].Due = cloneTurn(a.Due)
	}
	c.PactSigned = cloneTurn(f.PactSigned)
	c.NoPactProposed = cloneTurn(f.NoPactProposed)
	if f.FlagsInRussia != nil {
		c.FlagsInRussia = make(map[Power]int, len(f.FlagsInRussia))
		for p, n := range f.FlagsInRussia {
			c.FlagsInRussia[p] = n
		}
	}
	return c
}

func cloneTurn(t *Turn) *Turn {
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
}

// activeAt reports whether g applies in turn t.
func (g SupportGrant) activeAt(t Turn) bool {
	if t.Index() < g.From.Index() {
		return false
	}
	return g.Turns == 0 || t.Index() < g.From.Index()+g.Turns
}

// endedBy reports whether g has ended before turn t.
func (g SupportGrant) endedBy(t Turn) bool {
	return g.Turns > 0 && t.Index() >= g.From.Index()+g.Turns
}

func (e PowerEconomy) clone() PowerEconomy {
	c := e
	c.Grants = cloneSlice(e.Grants)
	c.Options = e.Options.clone()
	return c
}

// SupportModifier is one line of a support level breakdown.
type SupportModifier struct {
	Rule  string `json:"rule"`
	What  string `json:"what"`
	Value int    `json:"value"`
}

// SupportBreakdown lists the modifiers of p's support level at the start of
// the current turn (10.31: from zero), zero modifiers left out. The Russian
// garrison modifier (10.91D) is read from the last garrison check.
func SupportBreakdown(s State, p Power) []SupportModifier {
	var mods []SupportModifier
	add := func(rule, what string, v int) {
		if v != 0 {
			mods = append(mods, SupportModifier{Rule: rule, What: what, Value: v})
		}
	}
	ps := s.Powers[p]
	if ps == nil {
		return nil
	}
	// 10.41A: military factories.
	add("10.41A", fmt.Sprintf("%d military factories", ps.Factories.Military), MobilizationSupport(p, ps.Factories.Military))
	// 10.41B, 10.41C: support random events of this turn.
	add("10.41B", "support random events", ps.Economy.SupportEvents)
	// 10.41D: the deficit of the previous turn.
	add("10.41D", "previous turn's deficit", -ps.Economy.Deficit)
	// Research results (10.51A, 10.71A, 10.81A, 10.91A; Italy has no
	// research modifier, 10.61): the research table says which results
	// raise support (research_table.go, ResearchSupport).
	if rule, ok := researchSupportRule[p]; ok {
		add(rule, "research results", ResearchSupport(s, p))
	}
	for _, m := range aggressionSupport(s, p) {
		add(m.Rule, m.What, m.Value)
	}
	// 10.51C, 10.61B, 10.71D, 10.81D, 10.91F: flags in Russia.
	if p == Russia {
		n := 0
		for _, q := range Powers {
			if q != Russia { // a Russian flag there changes no support (10.91F)
				n += s.SupportFacts.FlagsInRussia[q]
			}
		}
		add("10.91F", "foreign flags in Russia", -n)
	} else {
		add(flagsInRussiaRule[p], "own flags in Russia", s.SupportFacts.FlagsInRussia[p])
	}
	// 10.71C, 10.81C: shipbuilding increases of the Axis rival, mobilized
	// in the game (one at most, 19.32; the pre-game ones of 14.9 are not).
	if rival, ok := shipbuildingRival[p]; ok {
		add(rival.Rule, rival.Power.Title()+" shipbuilding increase", shipyardsMobilized(s, rival.Power))
	}
	// 10.71E, 10.81E, 10.91C: the Nazi-Soviet Pact, from the turn after.
	if pt := s.SupportFacts.PactSigned; pt != nil && pt.Before(s.Turn) && !s.Conditions.PactViolated { // 31.83A: not once broken
		add(pactRule[p], "Nazi-Soviet Pact", pactSupport[p])
	}
	// 10.71F, 10.81F: post-1940 increases.
	if p == Britain || p == France {
		rule := map[Power]string{Britain: "10.71F", France: "10.81F"}[p]
		add(rule, "post-1940 increases", PostWarIncrease(s.Turn))
	}
	// 10.91D: the Russian garrison; 10.91E, 22.73A: cohesion.
	if p == Russia {
		add("10.91D", "Russian garrison", s.Russia.Garrison.Support)
		add("10.91E", string(s.Russia.Cohesion)+" cohesion", cohesionSupport[s.Russia.Cohesion])
	}
	// Grants: temporary aggression increases and crisis effects.
	for _, g := range ps.Economy.Grants {
		if g.activeAt(s.Turn) {
			add(g.Rule, g.What, g.Value)
		}
	}
	return mods
}

// SupportLevel is p's support level at the start of the turn: zero (10.31)
// plus every modifier of SupportBreakdown (10.14: it may be negative).
func SupportLevel(s State, p Power) int { return supportSum(SupportBreakdown(s, p)) }

// supportSum is the support level made of mods: zero plus each (10.31).
func supportSum(mods []SupportModifier) int {
	n := 0
	for _, m := range mods {
		n += m.Value
	}
	return n
}

// researchSupportRule is the rule of each power's research support
// modifier (10.51A, 10.71A, 10.81A, 10.91A); 10.61 gives Italy none.
var researchSupportRule = map[Power]string{
	Germany: "10.51A", Britain: "10.71A", France: "10.81A", Russia: "10.91A",
}

// flagsInRussiaRule: each own flag in Russia is +1 (10.51C, 10.61B, 10.71D,
// 10.81D; 10.91F).
var flagsInRussiaRule = map[Power]string{
	Germany: "10.51C", Italy: "10.61B", Britain: "10.71D", France: "10.81D",
}

// shipbuildingRival: Britain gains from German, France from Italian
// shipbuilding increases (10.71C, 10.81C).
var shipbuildingRival = map[Power]struct {
	Power Power
	Rule  string
}{
	Britain: {Germany, "10.71C"},
	France:  {Italy, "10.81C"},
}

// pactSupport: the Nazi-Soviet Pact raises British, French and Russian
// support by one from the turn after its signing (10.71E, 10.81E, 10.91C).
var pactSupport = map[Power]int{Britain: 1, France: 1, Russia: 1}
var pactRule = map[Power]string{Britain: "10.71E", France: "10.81E", Russia: "10.91C"}

// firstPostWarTurn is Spring 1941 (10.71F, 10.81F).
var firstPostWarTurn = Turn{Year: 1941, Season: Spring}

// PostWarIncrease is the cumulative British and French support increase of
// 10.71F and 10.81F: +1 in Spring 1941, +2 in Summer 1941, and so on.
func PostWarIncrease(t Turn) int {
	return max(t.Index()-firstPostWarTurn.Index()+1, 0)
}

// cohesionSupport is the Russian support by cohesion level (10.91E, 22.73A).
var cohesionSupport = map[Cohesion]int{
	LowCohesion:    -1, // 22.73A
	MediumCohesion: 0,  // 22.73A
	HighCohesion:   +1, // 22.73A
	FullCohesion:   +2, // 22.73A
}

// aggressionSupport lists the permanent support modifiers from Axis
// aggressions that apply to p this turn (10.51B, 10.61A, 10.71B, 10.81B,
// 10.91B). Each applies from the turn after its cause.
func aggressionSupport(s State, p Power) []SupportModifier {
	var mods []SupportModifier
	f := s.SupportFacts
	completedBefore := func(by Power, target string) bool {
		for _, a := range f.Aggressions {
			if a.Aggressor == by && a.Target == target && a.Completed != nil && a.Completed.Before(s.Turn) {
				return true
			}
		}
		return false
	}
	// 10.51B, 10.61A, 10.91B: the permanent increases of the table of 30
	// (aggressioneffects.go), from the turn after the completion.
	for _, r := range effectTable(s) {
		by, _ := ParsePower(r.Aggressor)
		if r.Kind != AggrPermanentSupport || r.Power != p.String() || !completedBefore(by, r.Target) {
			continue
		}
		mods = append(mods, SupportModifier{r.Rule, permanentWhat(p, by, r.Target), r.Value})
	}
	switch p {
	case Britain, France:
		if by := SecondAggressors(s); len(by) > 0 {
			rule := map[Power]string{Britain: "10.71B", France: "10.81B"}[p]
			mods = append(mods, SupportModifier{rule, "second Axis aggression", 1})
		}
	case Russia:
		if t := f.NoPactProposed; t != nil && t.Before(s.Turn) {
			mods = append(mods, SupportModifier{"10.91B", "aggression against Poland without a pact proposal", 1})
		}
	}
	return mods
}

// Aggression targets named by the support and pool rules.
const (
	Ethiopia     = "Ethiopia"
	BalticStates = "Baltic States"
	Rhineland    = "Rhineland"
)

// SecondAggressors returns the Axis powers that have carried out a second
// aggression, Ethiopia and the Rhineland not counted (10.71B, 10.81B),
// before the current turn. See docs/rules.md for the reading.
func SecondAggressors(s State) []Power {
	var out []Power
	for _, p := range []Power{Germany, Italy} {
		n := 0
		for _, a := range s.SupportFacts.Aggressions {
			if a.Aggressor == p && a.Target != Ethiopia && a.Target != Rhineland && a.Turn.Before(s.Turn) {
				n++
			}
		}
		if n >= 2 {
			out = append(out, p)
		}
	}
	return out
}

// ChangeSupport changes p's support level during a turn (11.52A): the
// support level moves by delta and p gains or loses as many tile points at
// once. A loss beyond the tile points held is a deficit that reduces the
// next turn's support (10.41D, 6.12). Changes from the Russian garrison do
// not touch tile points (11.52B): pass tiles=false.
func ChangeSupport(s *State, p Power, delta int, rule, what string, tiles bool, evs *[]Event) {
	ps := s.Powers[p]
	if ps == nil || delta == 0 {
		return
	}
	ps.Support += delta
	ev := SupportChanged{Power: p, Rule: rule, What: what, Delta: delta, Support: ps.Support}
	if tiles {
		if delta > 0 {
			ps.TilePoints += delta
		} else {
			ev.Deficit = payMandatory(ps, -delta) // 10.41D
		}
		ev.TileDelta = delta + ev.Deficit
	}
	ev.TilePoints = ps.TilePoints
	*evs = append(*evs, ev)
}

// payMandatory pays a cost p may not refuse from its tile points; what
// they cannot pay is a deficit that lowers the next turn's support
// (6.12, 10.41D), returned.
func payMandatory(ps *PowerState, cost int) (short int) {
	paid := min(cost, ps.TilePoints)
	ps.TilePoints -= paid
	short = cost - paid
	ps.Economy.DeficitThisTurn += short
	return short
}

// AddSupportGrant records a support increase lasting turns turns (0: the
// rest of the game) from turn from on, e.g. a temporary British increase
// after an aggression (10.71B) or a crisis effect (27.62A).
func AddSupportGrant(s *State, p Power, g SupportGrant) {
	if ps := s.Powers[p]; ps != nil {
		ps.Economy.Grants = append(ps.Economy.Grants, g)
	}
}

// SupportDetermined reports a power's support level at the start of a turn
// and the modifiers it is made of (10.31). Public: support levels are on
// the scenario cards.
type SupportDetermined struct {
	Turn      Turn              `json:"turn"`
	Power     Power             `json:"power"`
	Modifiers []SupportModifier `json:"modifiers"`
	Level     int               `json:"level"`
}

// SupportChanged reports a support change during a turn (11.52).
type SupportChanged struct {
	Power      Power  `json:"power"`
	Rule       string `json:"rule"`
	What       string `json:"what"`
	Delta      int    `json:"delta"`
	Support    int    `json:"support"`           // after the change
	TileDelta  int    `json:"tile_delta"`        // tile points gained (+) or lost (-) (11.52A)
	Deficit    int    `json:"deficit,omitempty"` // loss that could not be paid (10.41D)
	TilePoints int    `json:"tile_points"`       // after the change
}

func (SupportDetermined) Visibility() Visibility { return public }
func (SupportChanged) Visibility() Visibility    { return public }
func (SupportDetermined) Type() string           { return "SupportDetermined" }
func (SupportChanged) Type() string              { return "SupportChanged" }

func init() {
	eventTypes["SupportDetermined"] = decode[SupportDetermined]
	eventTypes["SupportChanged"] = decode[SupportChanged]
}

// RussiaMustBuild reports whether Russia must build at least one unit this
// turn because its support level is negative (10.92, 18.51).
func RussiaMustBuild(s State) bool {
	ru := s.Powers[Russia]
	return ru != nil && ru.Support < 0
}

// permanentWhat words a permanent support increase of an aggression.
func permanentWhat(p, by Power, target string) string {
	switch {
	case p == Germany && by == Germany && target == BalticStates:
		return "annexation of the Baltic States"
	case by == Germany && target == BalticStates:
		return "German occupation of the Baltic States"
	case by == Germany && target == "Poland":
		return "German occupation of Poland"
	case by == Italy && target == Ethiopia:
		return "conquest of Ethiopia"
	}
	return by.Title() + " aggression against " + target
}
