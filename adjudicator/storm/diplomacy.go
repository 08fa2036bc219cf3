package storm

import (
	"fmt"
	"slices"
)

// Diplomatic is the order DIPLOMATIC <country> <strength>: one diplomatic
// counter of that strength placed in a minor country (24.5). Order.Project
// holds the country, Order.Counters the strength.
const Diplomatic OrderKind = "diplomatic"

// MilitaryCounter is the order MILITARY <country>: one military counter placed
// openly in a neighbouring minor country, a +1 modifier for a tile point
// (24.4). Order.Project holds the country.
const MilitaryCounter OrderKind = "military"

// PlacementRounds lists who places in each round of 24.55, in the order
// of play.
var PlacementRounds = map[Segment][]Power{
	SegDiplomacyAxis1:  {Germany, Italy},  // 24.55A
	SegDiplomacyRussia: {Russia},          // 24.55B
	SegDiplomacyAllies: {Britain, France}, // 24.55C
	SegDiplomacyAxis2:  {Italy, Germany},  // 24.55D: "... France, Italy and Germany"
}

// Placement is one diplomatic counter placed this turn. Its strength is
// sealed until diplomacy is resolved (24.54C): only the placing power's
// notice and the engine know it.
type Placement struct {
	Power    Power   `json:"power"`
	Country  string  `json:"country"`
	Strength int     `json:"strength"`
	Round    Segment `json:"round"`
	// Exempt is the 24.54E exception the placement falls under ("" when
	// it counts against the two-counter limit).
	Exempt string `json:"exempt,omitempty"`
	// Military: a military counter (24.4), placed openly, worth +1.
	Military bool `json:"military,omitempty"`
	// Void is the rule that voided the counter after it was placed
	// (24.56B: under the anti-Comintern counter; 24.551B: beyond the
	// limits once its spy ring is eliminated): it counts for nothing and is
	// not paid, but stays in its commitment.
	Void string `json:"void,omitempty"`
	// Open: placed openly, its value public at once (24.551A: an opposing
	// spy ring in the target).
	Open bool `json:"open,omitempty"`
	// Permit is the card of the random event whose leave the counter uses
	// (24.61A-B: Russia where geography or a purge would bar it).
	Permit int `json:"permit,omitempty"`
	// Free: the additional civil war counter of 24.53A: strength 1, no
	// activity counter, not paid, beyond the limits.
	Free bool `json:"free,omitempty"`
}

// Commitment binds a power's sealed placements of a round: Hash is the
// SHA-256 of CommitmentText, public when the round is placed; Salt is
// revealed with the values when diplomacy is resolved, so that anyone can
// check the values did not change (docs/diplomacy.md).
type Commitment struct {
	Power Power   `json:"power"`
	Round Segment `json:"round"`
	Hash  string  `json:"hash"`
	Salt  string  `json:"salt,omitempty"` // secret until resolution
}

// DiplomaticModifier is a random event's diplomatic modifier in a target
// this turn (9.31C, 24.16): it favours Side; Power is the major power that
// benefits (24.81A: Germany for the Axis, France for the Allies when the
// event does not say).
type DiplomaticModifier struct {
	Country string `json:"country"`
	Side    Side   `json:"side"`
	Power   Power  `json:"power"`
	Value   int    `json:"value"`
	Card    int    `json:"card,omitempty"`
	Rule    string `json:"rule"`
	// Holder is the power whose national random event made the modifier;
	// 0 for a general event and for modifiers of no event (10.41C: a
	// general event always acts as a diplomatic event).
	Holder Power `json:"holder,omitempty"`
}

// DiplomacyState is the diplomatic phase of the current turn.
type DiplomacyState struct {
	// On: the game plays the diplomatic phase (WithDiplomacy).
	On          bool                 `json:"on,omitempty"`
	Placements  []Placement          `json:"placements"`
	Commitments []Commitment         `json:"commitments"`
	Modifiers   []DiplomaticModifier `json:"modifiers"`
	// Threat are the +1 modifiers of 24.83 for the next turn's diplomacy,
	// made by this turn's Axis results that eliminated a Russian flag;
	// when the turn ends they become the next turn's Modifiers (rule
	// "24.83"), the turn they apply in.
	Threat []DiplomaticModifier `json:"threat,omitempty"`
	// AntiComintern is this turn's anti-Comintern counter (24.3), once
	// placed in the Axis' first round.
	AntiComintern *AntiComintern `json:"anti_comintern,omitempty"`
	// Standing are orders for later rounds of the turn (standing.go).
	Standing []StandingOrder `json:"standing,omitempty"`
	// Planned are the powers whose orders for a placement round of this
	// turn were standing orders (TakeStanding): a later round of theirs
	// they gave no standing orders for asks them only when it concerns
	// them (adjudicator.Required, r-24-55-plan).
	Planned []Power `json:"planned,omitempty"`
	// Extra are this turn's additional diplomatic counters from public
	// random events (24.14, 24.54E).
	Extra []ExtraCounter `json:"extra,omitempty"`
	// Flexible are this turn's flexible modifiers awaiting their target
	// (4.16; flexible.go); the targets named are in EventDeck.Chosen.
	Flexible []FlexibleEvent `json:"flexible,omitempty"`
	// SpyRings are this turn's spy ring effects from public random events
	// (24.551): the power and the target.
	SpyRings []SpyRingEffect `json:"spy_rings,omitempty"`
	// Disputes are this turn's dispute events (24.552; dispute.go).
	Disputes []Dispute `json:"disputes,omitempty"`
	// ExtraMilitary are this turn's additional military counters from
	// public random events (10.22, 24.4).
	ExtraMilitary []ExtraCounter `json:"extra_military,omitempty"`
	// Leftover are this turn's random event counters for research or
	// diplomacy (15.32D); what research did not use becomes additional
	// diplomatic counters when the diplomatic phase begins.
	Leftover []ExtraCounter `json:"leftover,omitempty"`
	// Permits are this turn's random event permissions for Russia to
	// place where it otherwise may not (24.61A-B).
	Permits []PlacementPermit `json:"permits,omitempty"`
	// Rings are the diplomatic spy rings placed from espionage results
	// (16.16B; intelligence.go); they stay from turn to turn.
	Rings []SpyRing `json:"rings,omitempty"`
	// CivilWars are the civil wars fought or ended (25; civilwar.go); they
	// stay from turn to turn. Outbreaks are the countries whose civil war
	// breaks out at the end of this diplomatic phase (25.31B).
	CivilWars []CivilWar `json:"civil_wars,omitempty"`
	Outbreaks []string   `json:"outbreaks,omitempty"`
}

// SpyRingEffect is a random event's spy ring in a diplomatic target for
// this turn (24.551B): counters there beyond the limits, a +1 modifier, and
// for Russia placement where it otherwise may not (24.61A-B).
type SpyRingEffect struct {
	Power   Power  `json:"power"`
	Country string `json:"country"`
	Card    int    `json:"card"`
}

// PlacementPermit is a random event's leave for Russia to place one
// diplomatic counter in Country, or in one target of Region, despite the
// geography of 24.61B and the purges of 24.61A (seed 003's "Hapsburg
// bureau"); the counter counts against the limits.
type PlacementPermit struct {
	Power   Power  `json:"power"`
	Card    int    `json:"card"`
	Country string `json:"country,omitempty"`
	Region  Region `json:"region,omitempty"`
}

// Fits reports whether the permit allows a counter in country: its
// country or region, and Russia itself only when named (24.56E).
func (x PlacementPermit) Fits(country string) bool {
	if country == RussiaTarget && x.Country != RussiaTarget { // 24.56E: event 114 only
		return false
	}
	return (x.Country == "" || x.Country == country) && (x.Region == "" || RegionOf(country) == x.Region)
}

// PermitWhere words where a permit allows a counter: its country, else
// "one target of" its region.
func PermitWhere(country string, region Region) string {
	if country != "" {
		return country
	}
	return "one target of " + string(region)
}

// ExtraCounter is a random event's leave to place Count diplomatic
// counters beyond the limit of 24.54E, at the normal cost, in Country or
// Region when the event names one (24.14; seed 003's "Diplomatic
// initiative").
type ExtraCounter struct {
	Power   Power  `json:"power"`
	Card    int    `json:"card"`
	Count   int    `json:"count"`
	Country string `json:"country,omitempty"`
	Region  Region `json:"region,omitempty"`
}

// EndTurn closes the turn's diplomacy (24.81D: counters retrieved): only
// the option, the rings and civil wars stay, and the 24.83 modifiers made
// this turn become the next turn's modifiers (24.83A: "in the following
// turn").
func (d *DiplomacyState) EndTurn() {
	rings := slices.DeleteFunc(d.Rings, func(r SpyRing) bool { return r.Eliminated != "" }) // 16.16B: a standing ring stays
	*d = DiplomacyState{On: d.On, Modifiers: d.Threat, Rings: rings, CivilWars: d.CivilWars}
}

func (d DiplomacyState) clone() DiplomacyState {
	c := d
	c.Placements = slices.Clone(d.Placements)
	c.Commitments = slices.Clone(d.Commitments)
	c.Modifiers = slices.Clone(d.Modifiers)
	c.Threat = slices.Clone(d.Threat)
	c.Standing = slices.Clone(d.Standing)
	c.Planned = slices.Clone(d.Planned)
	c.Extra = slices.Clone(d.Extra)
	c.Flexible = slices.Clone(d.Flexible)
	c.SpyRings = slices.Clone(d.SpyRings)
	c.Rings = slices.Clone(d.Rings)
	c.Permits = slices.Clone(d.Permits)
	c.ExtraMilitary = slices.Clone(d.ExtraMilitary)
	c.Disputes = slices.Clone(d.Disputes)
	c.Leftover = slices.Clone(d.Leftover)
	c.Outbreaks = slices.Clone(d.Outbreaks)
	c.CivilWars = slices.Clone(d.CivilWars)
	for i, w := range c.CivilWars {
		c.CivilWars[i].Counters = slices.Clone(w.Counters)
		if w.Ended != nil {
			t := *w.Ended
			c.CivilWars[i].Ended = &t
		}
	}
	for i := range c.Standing {
		c.Standing[i].Order = c.Standing[i].Order.Clone()
	}
	if d.AntiComintern != nil {
		ac := *d.AntiComintern
		ac.Displaced = slices.Clone(d.AntiComintern.Displaced)
		c.AntiComintern = &ac
	}
	return c
}

// Poland's fate after a German aggression against Poland proper (29.22).
const (
	PolandConquest  = "conquest"  // 29.22A
	PolandSatellite = "satellite" // 29.22B, 31.81
	PolandNeutral   = "neutral"   // 29.22C
)

// PolandChoice is the option of 29.22 an AGGRESSION POLAND order names,
// conquest when none.
func PolandChoice(o Order) string {
	for _, a := range o.Args {
		if a == PolandSatellite || a == PolandNeutral {
			return a
		}
	}
	return PolandConquest
}

// FlagCounts returns the flags of each major power in m (24.18), those
// with any: FlagsOf of each.
func (m Minor) FlagCounts() map[Power]int {
	c := map[Power]int{}
	for _, p := range Powers {
		if n := m.FlagsOf(p); n != 0 {
			c[p] = n
		}
	}
	return c
}

// FlagsByPower is FlagCounts as an array indexed by power, zero for the
// powers without flags: for the checks that only read the counts, run
// for every option tried, without a map.
func (m Minor) FlagsByPower() [Russia + 1]int {
	var c [Russia + 1]int
	for _, p := range Powers {
		c[p] = m.FlagsOf(p)
	}
	return c
}

// FlagsOf is p's flags in m (24.18): the flag power's own, its alliance
// partner's, and Russia's beside the Allies. Checks that ask for one
// power's flags run for every placement tried, without FlagCounts' map.
func (m Minor) FlagsOf(p Power) int {
	if m.FlagPower == 0 {
		return 0
	}
	n := 0
	if p == m.FlagPower {
		n += m.Flags
	}
	if q := partnerOf(m.FlagPower); q != 0 && p == q {
		n += m.PartnerFlags
	}
	if SideOf(m.FlagPower) == Allies && p == Russia {
		n += m.RussianFlags
	}
	return n
}

// TotalFlags is the number of flags in m (24.82D: never more than four).
func (m Minor) TotalFlags() int { return m.Flags + m.PartnerFlags + m.RussianFlags }

// SetFlagCounts records per-power flag counts in m's fields: the Axis or
// the Allies (the power with more flags first; Germany or France on a
// tie) with its partner, Russian flags beside Allied ones before the
// Nazi-Soviet Pact (24.82B), or Russia alone.
func (m *Minor) SetFlagCounts(c map[Power]int) {
	m.FlagPower, m.Flags, m.PartnerFlags, m.RussianFlags = 0, 0, 0, 0
	pick := func(a, b Power) {
		first, second := a, b
		if c[b] > c[a] {
			first, second = b, a
		}
		m.FlagPower, m.Flags, m.PartnerFlags = first, c[first], c[second]
	}
	switch {
	case c[Germany]+c[Italy] > 0:
		pick(Germany, Italy)
	case c[France]+c[Britain] > 0:
		pick(France, Britain)
		m.RussianFlags = c[Russia]
	case c[Russia] > 0:
		m.FlagPower, m.Flags = Russia, c[Russia]
	}
}

// CountsAgainstLimit reports a placed diplomatic counter that counts
// against the two a turn of 24.54E: not a military counter, not void, under
// no exception.
func (pl Placement) CountsAgainstLimit() bool {
	return !pl.Military && pl.Void == "" && pl.Exempt == ""
}

// Fits reports whether the extra counter may go to country: its country
// or region.
func (x ExtraCounter) Fits(country string) bool {
	return (x.Country == "" || x.Country == country) && (x.Region == "" || RegionOf(country) == x.Region)
}

// Reason names the random event that gives the counter (24.14).
func (x ExtraCounter) Reason() string { return fmt.Sprintf("random event %d (24.14)", x.Card) }

// Effort is each alliance's diplomatic effort in a target (24.81A).
type Effort struct {
	Axis   int `json:"axis"`
	Allies int `json:"allies"`
	Russia int `json:"russia"`
}

// Add counts n more effort for side.
func (e *Effort) Add(side Side, n int) {
	switch side {
	case Axis:
		e.Axis += n
	case Allies:
		e.Allies += n
	case Soviet:
		e.Russia += n
	}
}

// Winner is the alliance whose effort is strictly higher than each of
// the other two (24.81B), or "".
func (e Effort) Winner() Side {
	switch {
	case e.Axis > e.Allies && e.Axis > e.Russia:
		return Axis
	case e.Allies > e.Axis && e.Allies > e.Russia:
		return Allies
	case e.Russia > e.Axis && e.Russia > e.Allies:
		return Soviet
	}
	return ""
}

// SideBeneficiary is the major power a random event favouring side
// benefits where the event does not say (24.81A).
var SideBeneficiary = map[Side]Power{Axis: Germany, Allies: France, Soviet: Russia}

// EventFavours is the side a diplomatic event favours (its own, else the
// holder's, 9.31C) and the major power that benefits: the holder when on
// that side, else Germany, France or Russia (24.81A).
func EventFavours(holder Power, e Effect) (Side, Power) {
	side := e.Side
	if side == "" {
		side = SideOf(holder)
	}
	if !holder.Valid() || SideOf(holder) != side {
		return side, SideBeneficiary[side]
	}
	return side, holder
}

// AddEventModifier records a random event's diplomatic modifier for this
// turn's diplomacy (9.31C, 24.16) and says what it does.
func AddEventModifier(s *State, holder Power, card int, e Effect) string {
	side, power := EventFavours(holder, e)
	e.Country = EventCountry(*s, e.Country, side)          // 25.73A: Croatia or Serbia after Yugoslavia's split
	value := CivilWarAdverse(*s, e.Country, side, e.Value) // 25.71
	s.Diplomacy.Modifiers = append(s.Diplomacy.Modifiers, DiplomaticModifier{Country: e.Country, Side: side, Power: power,
		Value: value, Card: card, Rule: "9.31C", Holder: holder})
	if value != e.Value {
		return fmt.Sprintf("%s: %+d for %s in this turn's diplomacy (9.31C, 24.81A), %+d offset by the civil war winner's +1 (25.71)", e.Country, value, power.Title(), e.Value)
	}
	return fmt.Sprintf("%s: %+d for %s in this turn's diplomacy (9.31C, 24.81A)", e.Country, e.Value, power.Title())
}

// Conquered reports a minor country that was the target of a successful
// aggression (24.56A): no diplomatic counter goes there, and its
// diplomatic random events act as support events (10.41C).
func Conquered(s State, country string) bool {
	for _, a := range s.SupportFacts.Aggressions {
		if a.Target == country && a.Completed != nil {
			return true
		}
	}
	if m := s.Minor(country); m != nil && m.Controller != 0 {
		return true
	}
	return country == "Poland" && s.SupportFacts.PolandNeutral // 29.22C: no counters there
}

// TakenOver reports a minor country taken over by an Axis aggressor
// (10.41C): conquered or controlled (only Germany and Italy aggress). A
// neutral Poland is not: its diplomatic random events have no effect at
// all (29.22C).
func TakenOver(s State, country string) bool {
	return !NoEventEffect(s, country) && Conquered(s, country)
}

// NoEventEffect reports a country whose diplomatic random events have no
// effect: a neutral Poland (29.22C).
func NoEventEffect(s State, country string) bool {
	return country == "Poland" && s.SupportFacts.PolandNeutral
}
