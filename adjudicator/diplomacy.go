package adjudicator

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"maps"
	"slices"
	"strings"
)

// The diplomatic phase (24): diplomatic counters placed in the rounds of
// 24.55 with their values sealed (24.54C) behind a public commitment,
// military counters placed openly (24.4), and diplomacy resolved target by
// target (24.8) into flags (24.82). A game plays it when created with
// WithDiplomacy (config diplomacy = true, the default); other games pass
// its segments. Spy rings, covert operations, counter-intelligence and
// subversion (16.16) are in intelligence.go, civil wars (25, 24.53) in
// civilwar.go, disputes (24.552) in dispute.go, diplomacy in Russia
// (10.91F) in russiadiplomacy.go.

// Diplomatic is the order DIPLOMATIC <country> <strength>: one diplomatic
// counter of that strength placed in a minor country (24.5). Order.Project
// holds the country, Order.Counters the strength.
const Diplomatic OrderKind = "diplomatic"

// MilitaryCounter is the order MILITARY <country>: one military counter placed
// openly in a neighbouring minor country, a +1 modifier for a tile point
// (24.4). Order.Project holds the country.
const MilitaryCounter OrderKind = "military"

// placementRounds lists who places in each round of 24.55, in the order
// of play.
var placementRounds = map[Segment][]Power{
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

// freeUsed reports whether p placed its additional civil war counter this
// turn, or names it among orders (24.53A: one a turn).
func freeUsed(s State, p Power, orders []Order) bool {
	return slices.ContainsFunc(placedThisTurn(s, p), func(pl Placement) bool { return pl.Free }) ||
		slices.ContainsFunc(orders, func(o Order) bool { return o.Kind == Diplomatic && len(o.Args) > 0 && o.Args[0] == "free" })
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
}

// DiplomacyState is the diplomatic phase of the current turn.
type DiplomacyState struct {
	// On: the game plays the diplomatic phase (WithDiplomacy).
	On          bool                 `json:"on,omitempty"`
	Placements  []Placement          `json:"placements"`
	Commitments []Commitment         `json:"commitments"`
	Modifiers   []DiplomaticModifier `json:"modifiers"`
	// Threat are the +1 modifiers of 24.83 for the next turn's diplomacy:
	// an Axis result that eliminated a Russian flag.
	Threat []DiplomaticModifier `json:"threat,omitempty"`
	// AntiComintern is this turn's anti-Comintern counter (24.3), once
	// placed in the Axis' first round.
	AntiComintern *AntiComintern `json:"anti_comintern,omitempty"`
	// Standing are orders for later rounds of the turn (standing.go).
	Standing []StandingOrder `json:"standing,omitempty"`
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

// spyRingIn reports a spy ring of p in country this turn, not eliminated
// (24.551B): its side's ring activated this turn (16.16B), a public
// event's, or a secret one p holds.
func spyRingIn(s State, p Power, country string) bool {
	if activeRing(s, SideOf(p), country) {
		return true
	}
	if slices.ContainsFunc(s.Diplomacy.SpyRings, func(r SpyRingEffect) bool { return r.Power == p && r.Country == country }) {
		return true
	}
	return slices.ContainsFunc(heldEffects(s, p, EffectSpyRing), func(h heldEffect) bool {
		return h.Effect.Country == country && (h.Effect.Power == 0 || h.Effect.Power == p)
	})
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

func (x PlacementPermit) fits(country string) bool {
	if country == RussiaTarget && x.Country != RussiaTarget { // 24.56E: event 114 only
		return false
	}
	return (x.Country == "" || x.Country == country) && (x.Region == "" || RegionOf(country) == x.Region)
}

func permitWhere(country string, region Region) string {
	if country != "" {
		return country
	}
	return "one target of " + string(region)
}

// permitsFor lists p's placement permits this turn: the public ones and
// those of the secret events p holds (it knows them).
func permitsFor(s State, p Power) []PlacementPermit {
	var out []PlacementPermit
	for _, x := range s.Diplomacy.Permits {
		if x.Power == p {
			out = append(out, x)
		}
	}
	for _, h := range heldEffects(s, p, EffectPlacementAllowed) {
		if e := h.Effect; e.Power == 0 || e.Power == p {
			out = append(out, PlacementPermit{Power: p, Card: h.Card, Country: e.Country, Region: e.Region})
		}
	}
	for _, h := range heldEffects(s, p, EffectCounterInRussia) { // 24.56E
		if e := h.Effect; (e.Power == 0 || e.Power == p) && p == Russia {
			out = append(out, PlacementPermit{Power: p, Card: h.Card, Country: RussiaTarget})
		}
	}
	return out
}

// russianReach reports the targets 24.61B-C open to Russian counters: its
// four neighbours, a Russian flag, its active spy ring (24.551B), at full
// cohesion seven more.
func russianReach(s State, country string) bool {
	m := s.Minor(country)
	return slices.Contains(russianTargets, country) || (m != nil && m.FlagCounts()[Russia] > 0) || spyRingIn(s, Russia, country) ||
		(s.Russia.Cohesion == FullCohesion && slices.Contains(russianFullTargets, country))
}

// russiaMayPlace reports whether Russia may place in country without a
// random event's permit (24.61A-C, 24.551B).
func russiaMayPlace(s State, country string) bool {
	if russianDiplomacyBarred(s) && !spyRingIn(s, Russia, country) {
		return false
	}
	return russianReach(s, country)
}

// permitUse returns, for each DIPLOMATIC order of p, the card of the
// random event permit it needs and uses (24.61A-B), 0 when it needs none
// or none fits; each permit serves one counter a turn.
func permitUse(s State, p Power, orders []Order) []int {
	out := make([]int, len(orders))
	if p != Russia {
		return out
	}
	free := permitsFor(s, p)
	for _, pl := range placedThisTurn(s, p) {
		if i := slices.IndexFunc(free, func(x PlacementPermit) bool { return x.Card == pl.Permit }); pl.Permit != 0 && i >= 0 {
			free = slices.Delete(free, i, i+1)
		}
	}
	for i, o := range orders {
		country, ok := FindCountry(o.Project)
		if o.Kind != Diplomatic || !ok || russiaMayPlace(s, country) {
			continue
		}
		if j := slices.IndexFunc(free, func(x PlacementPermit) bool { return x.fits(country) }); j >= 0 {
			out[i] = free[j].Card
			free = slices.Delete(free, j, j+1)
		}
	}
	return out
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

// endTurn closes the turn's diplomacy (24.81D: counters retrieved): only
// the option and the 24.83 modifiers for the next turn stay.
func (d *DiplomacyState) endTurn() {
	rings := slices.DeleteFunc(d.Rings, func(r SpyRing) bool { return r.Eliminated != "" }) // 16.16B: a standing ring stays
	*d = DiplomacyState{On: d.On, Threat: d.Threat, Rings: rings, CivilWars: d.CivilWars}
}

func (d DiplomacyState) clone() DiplomacyState {
	c := d
	c.Placements = cloneSlice(d.Placements)
	c.Commitments = cloneSlice(d.Commitments)
	c.Modifiers = cloneSlice(d.Modifiers)
	c.Threat = cloneSlice(d.Threat)
	c.Standing = cloneSlice(d.Standing)
	c.Extra = cloneSlice(d.Extra)
	c.Flexible = cloneSlice(d.Flexible)
	c.SpyRings = cloneSlice(d.SpyRings)
	c.Rings = cloneSlice(d.Rings)
	c.Permits = cloneSlice(d.Permits)
	c.ExtraMilitary = cloneSlice(d.ExtraMilitary)
	c.Disputes = cloneSlice(d.Disputes)
	c.Leftover = cloneSlice(d.Leftover)
	c.Outbreaks = cloneSlice(d.Outbreaks)
	c.CivilWars = cloneSlice(d.CivilWars)
	for i, w := range c.CivilWars {
		c.CivilWars[i].Counters = cloneSlice(w.Counters)
		if w.Ended != nil {
			t := *w.Ended
			c.CivilWars[i].Ended = &t
		}
	}
	for i := range c.Standing {
		c.Standing[i].Order = c.Standing[i].Order.clone()
	}
	if d.AntiComintern != nil {
		ac := *d.AntiComintern
		ac.Displaced = cloneSlice(d.AntiComintern.Displaced)
		c.AntiComintern = &ac
	}
	return c
}

// russianTargets are where Russia may place before full cohesion
// (24.61B) and the targets full cohesion adds (24.61C).
var (
	russianTargets     = []string{"Finland", "Poland", "Rumania", "Turkey"}                                             // 24.61B
	russianFullTargets = []string{"Albania", "Bulgaria", "Czechoslovakia", "Greece", "Hungary", "Sweden", "Yugoslavia"} // 24.61C
)

// conquered reports a minor country that was the target of a successful
// aggression (24.56A).
func conquered(s State, country string) bool {
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

// Poland's fate after a German aggression against Poland proper (29.22).
const (
	PolandConquest  = "conquest"  // 29.22A
	PolandSatellite = "satellite" // 29.22B, 31.81
	PolandNeutral   = "neutral"   // 29.22C
)

// polandChoice is the option of 29.22 an AGGRESSION POLAND order names,
// conquest when none.
func polandChoice(o Order) string {
	for _, a := range o.Args {
		if a == PolandSatellite || a == PolandNeutral {
			return a
		}
	}
	return PolandConquest
}

// FlagCounts returns the flags of each major power in m (24.18).
func (m Minor) FlagCounts() map[Power]int {
	c := map[Power]int{}
	if m.FlagPower != 0 {
		c[m.FlagPower] += m.Flags
		if q := alliancePartner[m.FlagPower]; q != 0 {
			c[q] += m.PartnerFlags
		}
		if SideOf(m.FlagPower) == Allies {
			c[Russia] += m.RussianFlags
		}
	}
	for p, n := range c {
		if n == 0 {
			delete(c, p)
		}
	}
	return c
}

// TotalFlags is the number of flags in m (24.82D: never more than four).
func (m Minor) TotalFlags() int { return m.Flags + m.PartnerFlags + m.RussianFlags }

// setFlagCounts records per-power flag counts in m's fields: the Axis or
// the Allies (the power with more flags first; Germany or France on a
// tie) with its partner, Russian flags beside Allied ones before the
// Nazi-Soviet Pact (24.82B), or Russia alone.
func (m *Minor) setFlagCounts(c map[Power]int) {
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

// countsAgainstLimit reports a placed diplomatic counter that counts
// against the two a turn of 24.54E: not a military counter, not void, under
// no exception.
func (pl Placement) countsAgainstLimit() bool {
	return !pl.Military && pl.Void == "" && pl.Exempt == ""
}

// placedThisTurn returns p's placements of this turn.
func placedThisTurn(s State, p Power) []Placement {
	var out []Placement
	for _, pl := range s.Diplomacy.Placements {
		if pl.Power == p {
			out = append(out, pl)
		}
	}
	return out
}

// russianDiplomacyBarred reports 24.61A: a Great Purge, or a Party purge
// (or purge event) that prohibits diplomacy.
func russianDiplomacyBarred(s State) bool {
	return s.Russia.GreatPurge || s.Russia.NoDiplomaticCounters
}

// extraSlots lists p's additional counters of this turn's random events
// (24.14): the public ones recorded, and those of the secret events p holds
// (it knows them); one slot per counter.
func extraSlots(s State, p Power) []ExtraCounter {
	var out []ExtraCounter
	add := func(x ExtraCounter) {
		for range max(x.Count, 1) {
			y := x
			y.Count = 1
			out = append(out, y)
		}
	}
	for _, x := range s.Diplomacy.Extra {
		if x.Power == p {
			add(x)
		}
	}
	for _, h := range heldEffects(s, p, EffectExtraDiplomaticCounter) {
		if e := h.Effect; e.Power == 0 || e.Power == p {
			add(ExtraCounter{Power: p, Card: h.Card, Count: max(e.Value, 1), Country: e.Country, Region: e.Region})
		}
	}
	return out
}

func (x ExtraCounter) fits(country string) bool {
	return (x.Country == "" || x.Country == country) && (x.Region == "" || RegionOf(country) == x.Region)
}

func (x ExtraCounter) reason() string { return fmt.Sprintf("random event %d (24.14)", x.Card) }

// exemptions returns, for each DIPLOMATIC order of p, the 24.54E exception
// it falls under, "" when it counts against the limits: a country with a
// Russian flag, the side's active spy ring, a civil war, the additional
// civil war counter; or, for a counter beyond two a turn (or beyond one in
// an Axis round, 24.55A, D), an additional counter of a random event that
// fits it (24.14).
func exemptions(s State, p Power, orders []Order) []string {
	out := make([]string, len(orders))
	counted, thisRound := 0, 0
	slots := extraSlots(s, p)
	for _, pl := range placedThisTurn(s, p) {
		switch {
		case pl.Military || pl.Void != "":
		case pl.countsAgainstLimit():
			counted++
		default:
			if i := slices.IndexFunc(slots, func(x ExtraCounter) bool { return x.reason() == pl.Exempt }); i >= 0 {
				slots = slices.Delete(slots, i, i+1)
			}
		}
	}
	axisRound := s.Segment == SegDiplomacyAxis1 || s.Segment == SegDiplomacyAxis2
	// The orders no restricted slot fits take the normal allowance first,
	// so that the order of the lines does not decide what is legal.
	restrictedFit := func(o Order) bool {
		c, _ := FindCountry(o.Project)
		return slices.ContainsFunc(slots, func(x ExtraCounter) bool { return (x.Country != "" || x.Region != "") && x.fits(c) })
	}
	idx := make([]int, len(orders))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		fa, fb := restrictedFit(orders[a]), restrictedFit(orders[b])
		switch {
		case fa == fb:
			return 0
		case fb:
			return -1
		}
		return 1
	})
	for _, i := range idx {
		o := orders[i]
		if o.Kind != Diplomatic {
			continue
		}
		country, _ := FindCountry(o.Project)
		if len(o.Args) > 0 && o.Args[0] == "free" {
			out[i] = "an additional civil war counter (24.53A)"
			continue
		}
		if fighting(s, country) {
			out[i] = civilWarExempt
			continue
		}
		if m := s.Minor(country); m != nil && m.FlagCounts()[Russia] > 0 {
			out[i] = "a Russian flag (24.54E)"
			continue
		}
		if spyRingIn(s, p, country) {
			out[i] = spyRingExempt
			continue
		}
		if counted+1 > 2 || (axisRound && thisRound+1 > 1) {
			j := slices.IndexFunc(slots, func(x ExtraCounter) bool { return (x.Country != "" || x.Region != "") && x.fits(country) })
			if j < 0 {
				j = slices.IndexFunc(slots, func(x ExtraCounter) bool { return x.fits(country) })
			}
			if j >= 0 {
				out[i] = slots[j].reason()
				slots = slices.Delete(slots, j, j+1)
				continue
			}
		}
		counted++
		thisRound++
	}
	return out
}

// checkPlacements checks p's DIPLOMATIC orders for the open round against
// 24.5, 24.55, 24.56 and 24.61.
func checkPlacements(s State, p Power, orders []Order) []indexedError {
	// 24.52B: a secret support event played (PLAY <card>) to pay for the
	// counters takes effect first; the placements are checked after it.
	var plays []Order
	var playIdx []int
	for i, o := range orders {
		if o.Kind == Play {
			plays, playIdx = append(plays, o), append(playIdx, i)
		}
	}
	if len(plays) > 0 {
		var errs []indexedError
		for _, e := range checkPlay(s, p, plays) {
			e.index = playIdx[e.index]
			errs = append(errs, e)
		}
		if len(errs) > 0 {
			return errs
		}
		c := s.Clone()
		var discard []Event
		applyPlay(&c, p, plays, &discard)
		var rest []Order
		var restIdx []int
		for i, o := range orders {
			if o.Kind != Play {
				rest, restIdx = append(rest, o), append(restIdx, i)
			}
		}
		for _, e := range checkPlacements(c, p, rest) {
			e.index = restIdx[e.index]
			errs = append(errs, e)
		}
		return errs
	}
	var errs []indexedError
	bad := func(i int, rule, format string, a ...any) {
		errs = append(errs, indexedError{OrderError{Order: orders[i], Rule: rule, Msg: fmt.Sprintf(format, a...)}, i})
	}
	ps := s.Powers[p]
	if !slices.Contains(placementRounds[s.Segment], p) {
		for i := range orders {
			bad(i, "24.55", "%s places no diplomatic counters in %s", p.Title(), s.Segment.Title())
		}
		return errs
	}
	earlier := placedThisTurn(s, p)
	counted, diplomatic := 0, 0
	for _, pl := range earlier {
		if pl.Military || pl.Void != "" {
			continue
		}
		diplomatic++
		if pl.countsAgainstLimit() {
			counted++
		}
	}
	if s.Segment == SegDiplomacyAxis2 && diplomatic == 0 { // 24.55D: a diplomatic counter placed initially
		for i := range orders {
			bad(i, "24.55D", "%s placed no diplomatic counter in the first round, so it places none in the second", p.Title())
		}
		return errs
	}
	var used ActivityCounters
	cost := 0
	for _, pl := range earlier {
		if pl.Void == "" && !pl.Free {
			cost += pl.Strength
		}
	}
	seen := map[string]bool{}
	thisRound := 0
	military := 0
	exempt := exemptions(s, p, orders)
	permitAt := permitUse(s, p, orders)
	for _, pl := range earlier {
		if pl.Military && !fighting(s, pl.Country) {
			military++
		}
	}
	for i, o := range orders {
		if o.Kind == FlexibleOrder { // 4.16 (flexible.go)
			if rule, msg := checkFlexible(s, p, o); rule != "" {
				bad(i, rule, "%s", msg)
			}
			continue
		}
		if o.Kind == AntiCominternOrder { // 24.3 (anticomintern.go)
			if rule, msg := checkAntiComintern(s, p, o); rule != "" {
				bad(i, rule, "%s", msg)
			}
			continue
		}
		if o.Kind == MilitaryCounter { // 24.4
			if rule, msg := checkMilitary(s, p, o, earlier, orders[:i], military); rule != "" {
				bad(i, rule, "%s", msg)
				continue
			}
			if c, _ := FindCountry(o.Project); !fighting(s, c) { // 25.52B: interventions beside the limits
				military++
			}
			cost++ // 24.42F, 25.52B
			continue
		}
		country, ok := FindCountry(o.Project)
		switch {
		case !ok:
			bad(i, "24.21", "%q is not a diplomatic target (24.21)", o.Project)
			continue
		case country == RussiaTarget && (p != Russia || permitAt[i] == 0):
			bad(i, "24.56E", "diplomatic counters may not be placed in Russia, except Russia's under random event 114")
			continue
		case conquered(s, country):
			bad(i, "24.56A", "%s was the target of a successful aggression", country)
			continue
		case seen[country] || slices.ContainsFunc(earlier, func(pl Placement) bool { return pl.Country == country && !pl.Military }):
			bad(i, "24.54D", "one diplomatic counter per country a turn: %s already has yours", country)
			continue
		}
		seen[country] = true
		if rule, msg := checkCivilWarTarget(s, p, country); rule != "" { // 25.51, 25.42, 25.81 (civilwar.go)
			bad(i, rule, "%s", msg)
			continue
		}
		war := fighting(s, country)
		if len(o.Counters) == 1 {
			if rule, msg := checkDispute(s, p, country, o.Counters[0], orders[:i]); rule != "" { // 24.552D-E (dispute.go)
				bad(i, rule, "%s", msg)
				continue
			}
			if war && o.Counters[0] == 0 && !civilWarOneElsewhere(s, p, country, orders) { // 25.52A
				bad(i, "25.52A", "a 0 counter in %s's civil war only where your counter in another civil war is at least 1", country)
				continue
			}
		}
		if q := alliancePartner[p]; q != 0 && slices.ContainsFunc(placedThisTurn(s, q), func(pl Placement) bool { return pl.Country == country && !pl.Military }) {
			bad(i, "24.56C", "%s placed a diplomatic counter in %s this turn", q.Title(), country)
			continue
		}
		if ac := s.Diplomacy.AntiComintern; ac != nil && ac.Country == country && SideOf(p) != Soviet {
			bad(i, "24.56B", "the anti-Comintern counter is in %s: no Axis or Allied diplomatic counter there (24.36A)", country)
			continue
		}
		m := s.Minor(country)
		if SideOf(p) == Allies && m != nil && m.FlagCounts()[Russia] > 0 && !war { // 24.56D: a civil war excepted
			bad(i, "24.56D", "%s has a Russian flag: the Allies may not place a diplomatic counter there", country)
			continue
		}
		if SideOf(p) == Allies && publicModifierFor(s, country, Soviet) {
			bad(i, "24.56D", "a Russian diplomatic random event applies to %s this turn: the Allies may not place a diplomatic counter there", country)
			continue
		}
		free := len(o.Args) > 0 && o.Args[0] == "free" // 24.53: a civil war's additional counter
		if p == Russia {
			permit := permitAt[i] != 0 // 24.61A-B: a random event's leave
			// 24.61A: a spy ring or an event excepted; 25.52A: the
			// additional civil war counter meets the civil war's need.
			if russianDiplomacyBarred(s) && !spyRingIn(s, p, country) && !permit && !(free && war) {
				bad(i, "24.61A", "Russian diplomacy is prohibited this turn by a purge (22.21B-D)")
				continue
			}
			if !russianReach(s, country) && !permit && !war { // seed 003: a civil war
				bad(i, "24.61B", "before full cohesion Russia places only in Finland, Poland, Rumania, Turkey and countries with a Russian flag; at full cohesion also in %s (24.61C)",
					strings.Join(russianFullTargets, ", "))
				continue
			}
		}
		if len(o.Counters) != 1 {
			bad(i, "24.5", "give the counter's strength: DIPLOMATIC %s 2", strings.ToUpper(country))
			continue
		}
		c, err := countersOf(o.Counters)
		if err != nil {
			bad(i, "12.21", "%v", err)
			continue
		}
		if free { // 24.53A
			switch {
			case o.Counters[0] != 1:
				bad(i, "24.53A", "the additional civil war counter has a strength of 1")
			case s.Powers[p].Economy.FreeDiplomaticCounters == 0 || freeUsed(s, p, orders[:i]):
				bad(i, "24.53A", "%s has no additional civil war counter to place this turn", p.Title())
			case s.Segment == SegDiplomacyAxis2:
				bad(i, "24.53A", "the additional civil war counter is placed in the initial round")
			}
			continue // no activity counter, no cost, beyond the limits
		}
		if o.Counters[0] == 0 && !zeroAllowed(s, p) { // 24.56G
			bad(i, "24.56G", "a 0 counter is only a bluff where %s could place a stronger one: it has no other activity counter or no tile point for one", p.Title())
			continue
		}
		if exempt[i] == "" {
			counted++
			if counted > 2 {
				bad(i, "24.54E", "at most two diplomatic counters a turn, beyond the exceptions of 24.54E")
				continue
			}
			thisRound++
		}
		if (s.Segment == SegDiplomacyAxis1 || s.Segment == SegDiplomacyAxis2) && thisRound > 1 && exempt[i] == "" {
			bad(i, "24.55", "in each Axis round Germany and Italy place one diplomatic counter each (24.55A, D)")
			continue
		}
		used = used.add(c)
		cost += o.Counters[0]
	}
	if len(errs) == 0 && len(orders) > 0 {
		if !ps.Available().covers(used) { // 24.51: the counters not used in the economic phase
			errs = append(errs, indexedError{OrderError{Order: orders[0], Rule: "24.51",
				Msg: fmt.Sprintf("not enough activity counters left this turn (available: %s)", ps.Available())}, 0})
		} else if cost > ps.TilePoints { // 24.52B: no deficit
			errs = append(errs, indexedError{OrderError{Order: orders[0], Rule: "24.52B",
				Msg: fmt.Sprintf("this turn's diplomatic and military counters cost %d tile points at the end of the phase (24.52C, 24.42F); %s has %d", cost, p.Title(), ps.TilePoints)}, 0})
		}
	}
	return errs
}

// zeroAllowed reports whether p may place a 0 counter (24.56G): it has
// another activity counter available for diplomacy and a tile point to
// pay for it, and Russia is not barred from diplomacy.
func zeroAllowed(s State, p Power) bool {
	av := s.Powers[p].Available()
	other := av.Three+av.Two+av.One > 0
	// 24.56G: tile points, or a secret support event that might add some.
	funds := s.Powers[p].TilePoints > 0 || len(playOptions(s, p)) > 0
	return other && funds && !(p == Russia && russianDiplomacyBarred(s))
}

// publicModifierFor reports a public random event modifier of this turn
// in country favouring side.
func publicModifierFor(s State, country string, side Side) bool {
	return slices.ContainsFunc(s.Diplomacy.Modifiers, func(m DiplomaticModifier) bool { return m.Country == country && m.Side == side })
}

// commitmentText is the text whose SHA-256 is a commitment: a version line,
// the turn, power and round, one "country=strength" line per placement in
// the order of the countries' names, and the salt (docs/diplomacy.md).
func commitmentText(t Turn, p Power, round Segment, placements []Placement, salt string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "stormjudge commitment v1\n%s\n%s\n%s\n", t, p, round)
	ps := slices.Clone(placements)
	slices.SortFunc(ps, func(a, b Placement) int { return strings.Compare(a.Country, b.Country) })
	for _, pl := range ps {
		fmt.Fprintf(&b, "%s=%d\n", pl.Country, pl.Strength)
	}
	b.WriteString(salt)
	return b.String()
}

// commitmentSalt is the salt of p's commitment for a round: the first 16
// bytes of an HMAC-SHA256, keyed by a hash of the game's seed (which no
// player sees), of the turn, power and round. Publishing it at the
// resolution reveals nothing of the key, of the game's random generator
// (it draws nothing from it) or of other salts.
func commitmentSalt(s State, p Power, round Segment) string {
	var seed [8]byte
	binary.LittleEndian.PutUint64(seed[:], s.Seed)
	key := sha256.Sum256(append([]byte("stormjudge diplomacy salt v1\n"), seed[:]...))
	mac := hmac.New(sha256.New, key[:])
	fmt.Fprintf(mac, "%s\n%s\n%s", s.Turn, p, round)
	return hex.EncodeToString(mac.Sum(nil)[:16])
}

// CommitmentHash is the hex SHA-256 of a commitment's text.
func CommitmentHash(t Turn, p Power, round Segment, placements []Placement, salt string) string {
	h := sha256.Sum256([]byte(commitmentText(t, p, round, placements, salt)))
	return hex.EncodeToString(h[:])
}

// placeRound carries out the checked placements of a round: each power's
// counters in the order of play, a counter a partner already placed in the
// same country voided (24.56C), the counters marked used (24.51) and paid
// only at the end of the phase (24.52C); each power's values sealed with a
// commitment (24.54C).
func placeRound(s *State, orders map[Power][]Order, evs *[]Event) {
	round := s.Segment
	var located []Placement
	for _, p := range placementRounds[round] {
		var placed []Placement
		var plays []Order
		for _, o := range orders[p] {
			if o.Kind == Play {
				plays = append(plays, o)
			}
		}
		if len(plays) > 0 { // 24.52B, 9.41E: revealed to pay, before the counters
			applyPlay(s, p, plays, evs)
		}
		exempt := exemptions(*s, p, orders[p])
		permits := permitUse(*s, p, orders[p])
		for k, o := range orders[p] {
			if o.Kind == Play {
				continue
			}
			country, _ := FindCountry(o.Project)
			if o.Kind == AntiCominternOrder {
				continue // placed after the round's counters (placeAntiComintern)
			}
			if o.Kind == FlexibleOrder {
				chooseFlexible(s, p, []Order{o}) // 4.16 (flexible.go)
				continue
			}
			if o.Kind == MilitaryCounter { // 24.42B: open, +1 (24.42G)
				if fighting(*s, country) && !intervene(s, p, country, o, evs) { // 25.52B (civilwar.go)
					continue
				}
				pl := Placement{Power: p, Country: country, Strength: 1, Round: round, Military: true}
				s.Diplomacy.Placements = append(s.Diplomacy.Placements, pl)
				located = append(located, pl)
				continue
			}
			if q := alliancePartner[p]; q != 0 && slices.ContainsFunc(placedThisTurn(*s, q), func(pl Placement) bool { return pl.Country == country && !pl.Military }) {
				*evs = append(*evs, OrderVoided{Power: p, Order: o, Rule: "24.56C",
					Msg: q.Title() + " placed its counter in " + country + " first, in the order of play"})
				continue
			}
			free := len(o.Args) > 0 && o.Args[0] == "free"                                                 // 24.53A: no activity counter
			if !disputeSettle(s, Placement{Power: p, Country: country, Strength: o.Counters[0]}, o, evs) { // 24.552E
				continue
			}
			if !free {
				c, _ := countersOf(o.Counters)
				s.Powers[p].Used = s.Powers[p].Used.add(c)
			}
			pl := Placement{Power: p, Country: country, Strength: o.Counters[0], Round: round, Exempt: exempt[k],
				Open: openPlacement(*s, p, country), Permit: permits[k], Free: free} // 24.551A, 24.61A-B
			s.Diplomacy.Placements = append(s.Diplomacy.Placements, pl)
			placed = append(placed, pl)
		}
		if len(placed) == 0 {
			continue
		}
		salt := commitmentSalt(*s, p, round)
		cm := Commitment{Power: p, Round: round, Hash: CommitmentHash(s.Turn, p, round, placed, salt), Salt: salt}
		s.Diplomacy.Commitments = append(s.Diplomacy.Commitments, cm)
		*evs = append(*evs, DiplomaticCountersSealed{Turn: s.Turn, Power: p, Round: round, Placements: placed, Salt: salt, Hash: cm.Hash})
		for _, pl := range placed {
			if pl.Open { // 24.551A: placed openly (its value; no exemption or permit, which could name a secret event)
				located = append(located, Placement{Power: pl.Power, Country: pl.Country, Strength: pl.Strength, Round: round, Open: true})
				continue
			}
			located = append(located, Placement{Power: pl.Power, Country: pl.Country, Round: round})
		}
	}
	if round == SegDiplomacyAxis1 { // 24.31, 24.35
		choice := ""
		for _, o := range orders[Germany] {
			if o.Kind == AntiCominternOrder {
				choice = o.Project
			}
		}
		placeAntiComintern(s, choice, evs)
	}
	var public []Commitment
	for _, cm := range s.Diplomacy.Commitments {
		if cm.Round == round {
			public = append(public, Commitment{Power: cm.Power, Round: cm.Round, Hash: cm.Hash})
		}
	}
	*evs = append(*evs, DiplomaticRoundPlaced{Turn: s.Turn, Round: round, Locations: located, Commitments: public})
}

// Effort is each alliance's diplomatic effort in a target (24.81A).
type Effort struct {
	Axis   int `json:"axis"`
	Allies int `json:"allies"`
	Russia int `json:"russia"`
}

func (e *Effort) add(side Side, n int) {
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

// DiplomaticTargets lists the minor countries of 24.21 in the rule's order.
func DiplomaticTargets(s State) []string {
	var out []string
	for _, m := range s.Minors {
		out = append(out, m.Name)
	}
	return out
}

// targetEffort is each alliance's effort in country as things stand
// (24.81A): the counters placed (not void), the anti-Comintern counter
// (24.37), spy rings not eliminated (24.551B), the random event, 24.83,
// covert and subversion modifiers; each power's contribution (24.82C) and
// the modifiers counted.
func targetEffort(s State, country string) (Effort, map[Power]int, []DiplomaticModifier) {
	d := s.Diplomacy
	var eff Effort
	contrib := map[Power]int{}
	for _, pl := range d.Placements {
		if pl.Country == country && pl.Void == "" {
			eff.add(SideOf(pl.Power), pl.Strength)
			contrib[pl.Power] += pl.Strength
		}
	}
	if ac := d.AntiComintern; ac != nil && ac.Country == country { // 24.37
		eff.Axis += ac.Strength
		contrib[Germany] += ac.Strength
	}
	for _, r := range d.SpyRings { // 24.551B: +1 for the ring's alliance
		if r.Country == country {
			eff.add(SideOf(r.Power), 1)
			contrib[r.Power]++
		}
	}
	for _, r := range d.Rings { // 16.16B, 24.551B: as a random event (24.81A)
		if r.Country == country && r.Activated == s.Turn && r.Eliminated == "" {
			eff.add(r.Side, 1)
			contrib[sideBeneficiary[r.Side]]++
		}
	}
	var mods []DiplomaticModifier
	for _, m := range append(cloneSlice(d.Modifiers), d.Threat...) {
		if m.Country == country {
			mods = append(mods, m)
			eff.add(m.Side, m.Value)
			contrib[m.Power] += m.Value
		}
	}
	return eff, contrib, mods
}

// revealDiplomacy ends the placement rounds (24.81A): the secret
// diplomatic events are revealed (9.41D), the flexible ones applied after
// the basic ones (4.16), and every counter turned over with its
// commitment's salt; covert operations and subversion follow (16.16A, H).
func revealDiplomacy(s *State, evs *[]Event) {
	secretRussian := secretRussianTargets(*s)
	revealHeld(s, RevealDiplomacy, evs) // 9.41D
	// 24.56D: no Allied counter where a Russian event was drawn this turn;
	// a secret one is known only now, so the Allied counters there are
	// void (docs/rules.md r-24-56d), except in a civil war.
	for i, pl := range s.Diplomacy.Placements {
		if SideOf(pl.Power) == Allies && !pl.Military && pl.Void == "" && slices.Contains(secretRussian, pl.Country) && !fighting(*s, pl.Country) {
			s.Diplomacy.Placements[i].Void = "24.56D"
		}
	}
	applyFlexible(s, evs) // 4.16: after the basic events (flexible.go)
	d := &s.Diplomacy
	*evs = append(*evs, DiplomacyRevealed{Turn: s.Turn, Placements: cloneSlice(d.Placements), Commitments: cloneSlice(d.Commitments)})
}

// secretRussianTargets are the countries of the secret Russian diplomatic
// events still held for 9.41D (24.56D).
func secretRussianTargets(s State) []string {
	if s.Events == nil {
		return nil
	}
	var out []string
	for _, h := range s.Events.Held {
		if h.Power != Russia || !h.Secret || h.At != RevealDiplomacy {
			continue
		}
		for _, e := range eventOf(s.Events, h).Effects {
			if e.Kind == EffectDiplomaticModifier && e.Country != "" && (e.Side == "" || e.Side == Soviet) {
				out = append(out, e.Country)
			}
		}
	}
	return out
}

// resolveDiplomacy resolves every target (24.8): each alliance's effort,
// the strictly highest shifting the target one level (24.82), the counters
// paid (24.52C) and retrieved (24.81D).
func resolveDiplomacy(s *State, evs *[]Event) {
	d := &s.Diplomacy
	type target struct {
		eff     Effort
		contrib map[Power]int
		mods    []DiplomaticModifier
	}
	efforts := map[string]target{}
	for _, country := range append(DiplomaticTargets(*s), RussiaTarget) {
		eff, contrib, mods := targetEffort(*s, country)
		efforts[country] = target{eff, contrib, mods}
	}
	d.Threat = nil // used: this turn's shifts add next turn's (24.83)
	for _, country := range DiplomaticTargets(*s) {
		eff, contrib, mods := efforts[country].eff, efforts[country].contrib, efforts[country].mods
		if eff == (Effort{}) && !fighting(*s, country) {
			continue
		}
		m := s.Minor(country)
		if conquered(*s, country) {
			supportForUnused(s, mods, "conquered", evs) // 24.82E
			continue
		}
		if w := civilWarIn(s, country); w != nil { // 25.53 (civilwar.go)
			resolveCivilWar(s, w, eff, contrib, mods, evs)
			continue
		}
		before := m.FlagCounts()
		res := DiplomaticResult{Turn: s.Turn, Country: country, Effort: eff, Winner: eff.Winner(), FlagsBefore: before}
		if res.Winner != "" {
			res.Power = beneficiary(res.Winner, contrib)
			res.Change = shiftAlignment(s, m, res.Winner, res.Power, withoutCovert(contrib, mods))
			if res.Change == changeNone && m.TotalFlags() == 4 { // 24.82E
				supportForUnused(s, sideMods(mods, res.Winner), "four flags", evs)
			}
		} else {
			res.Change = "no result: no alliance's effort is higher than both others' (24.81B)"
		}
		res.FlagsAfter = m.FlagCounts()
		*evs = append(*evs, res)
	}
	resolveRussia(s, efforts[RussiaTarget].eff, efforts[RussiaTarget].contrib, evs) // 10.91F (russiadiplomacy.go)
	// 24.52C: the counters are paid now (retrieved when the turn ends, 24.81D).
	for _, p := range Powers {
		cost := 0
		for _, pl := range placedThisTurn(*s, p) {
			if pl.Void == "" && !pl.Free { // 24.53A: the civil war counter is free
				cost += pl.Strength
			}
		}
		if cost > 0 {
			ps := s.Powers[p]
			short := payMandatory(ps, cost) // a secret support event played since may have taken the points (24.52B)
			*evs = append(*evs, DiplomacyPaid{Turn: s.Turn, Power: p, Cost: cost, TilePoints: ps.TilePoints, Deficit: short})
		}
	}
	for _, country := range d.Outbreaks { // 25.31B: at the end of the diplomatic phase
		breakOut(s, country, "25.31B", evs)
	}
	d.Outbreaks = nil
}

// beneficiary is the major power of the winning alliance that made the
// greater contribution (24.82C), Germany or France on a tie; Russia for
// Russia.
func beneficiary(side Side, contrib map[Power]int) Power {
	switch side {
	case Axis:
		if contrib[Italy] > contrib[Germany] {
			return Italy
		}
		return Germany
	case Allies:
		if contrib[Britain] > contrib[France] {
			return Britain
		}
		return France
	}
	return Russia
}

func sideMods(mods []DiplomaticModifier, side Side) []DiplomaticModifier {
	var out []DiplomaticModifier
	for _, m := range mods {
		if m.Side == side {
			out = append(out, m)
		}
	}
	return out
}

// supportForUnused turns random event modifiers that could change nothing
// into support for their beneficiaries (24.82E, 10.41C).
func supportForUnused(s *State, mods []DiplomaticModifier, why string, evs *[]Event) {
	for _, m := range mods {
		if m.Card == 0 || !m.Power.Valid() {
			continue // 24.83 and other modifiers are not random events
		}
		ChangeSupport(s, m.Power, m.Value, "24.82E", fmt.Sprintf("random event %d in %s (%s)", m.Card, m.Country, why), true, evs)
	}
}

// Outcomes of a shift (DiplomaticResult.Change).
const changeNone = "no change: the target already has four flags (24.82D)"

// withoutCovert is the contributions 24.83B compares: the counters and
// events, covert operations (and the counter-intelligence against them)
// ignored.
func withoutCovert(contrib map[Power]int, mods []DiplomaticModifier) map[Power]int {
	out := maps.Clone(contrib)
	for _, md := range mods {
		if md.Rule == "16.16A" {
			out[md.Power] -= md.Value
		}
	}
	return out
}

// shiftAlignment shifts m one level for the winning side (24.82A-D) and
// says what changed; contrib is the contributions 24.83B compares.
func shiftAlignment(s *State, m *Minor, side Side, winner Power, contrib map[Power]int) string {
	c := m.FlagCounts()
	axis, allies, russia := c[Germany]+c[Italy], c[Britain]+c[France], c[Russia]
	pact := pactInEffect(*s)
	remove := func(p Power) string {
		c[p]--
		m.setFlagCounts(c)
		return fmt.Sprintf("a %s flag removed", p.Title())
	}
	// removeOf removes a flag of a two-power alliance: the power with
	// more flags loses one, Italy or Britain on a tie (24.82C).
	removeOf := func(a, b Power) string {
		if c[a] > c[b] {
			return remove(a)
		}
		return remove(b)
	}
	switch side {
	case Axis:
		switch {
		case russia > 0: // 24.82C: a Russian flag first where it shares with the Allies
			gainer := beneficiary(Axis, contrib) // 24.83B: the greater contribution, Germany on a tie
			s.Diplomacy.Threat = append(s.Diplomacy.Threat, DiplomaticModifier{Country: m.Name, Side: Axis,
				Power: gainer, Value: 1, Rule: "24.83"})
			return remove(Russia) + "; next turn a +1 modifier for " + gainer.Title() + " here (24.83)"
		case allies > 0:
			return removeOf(France, Britain)
		}
	case Allies:
		switch {
		case axis > 0:
			return removeOf(Germany, Italy)
		case pact && russia > 0:
			return remove(Russia)
		case !pact && russia == 4: // 24.82B: an advantage only
			return "a diplomatic advantage only: four Russian flags stay beside Allied ones (24.82B)"
		}
	case Soviet:
		switch {
		case axis > 0:
			return removeOf(Germany, Italy)
		case pact && allies > 0:
			return removeOf(France, Britain)
		case !pact && allies == 4:
			return "a diplomatic advantage only: four Allied flags stay (24.82B)"
		}
	}
	if m.TotalFlags() >= 4 { // 24.82D
		return changeNone
	}
	c[winner]++
	m.setFlagCounts(c)
	return fmt.Sprintf("a %s flag placed", winner.Title())
}

// DiplomaticCountersSealed tells a power its placements of a round with
// their values, the commitment's salt and hash; private to it (24.54C).
type DiplomaticCountersSealed struct {
	Turn       Turn        `json:"turn"`
	Power      Power       `json:"power"`
	Round      Segment     `json:"round"`
	Placements []Placement `json:"placements"`
	Salt       string      `json:"salt"`
	Hash       string      `json:"hash"`
}

// DiplomaticRoundPlaced is a round's placements as everyone sees them:
// locations and commitments, never values (24.54C); public.
type DiplomaticRoundPlaced struct {
	Turn        Turn         `json:"turn"`
	Round       Segment      `json:"round"`
	Locations   []Placement  `json:"locations"` // diplomatic counters' strengths zero; military counters open (24.42B)
	Commitments []Commitment `json:"commitments"`
}

// DiplomacyRevealed is every placement of the turn with its value and the
// commitments' salts, at resolution (24.81A); public.
type DiplomacyRevealed struct {
	Turn        Turn         `json:"turn"`
	Placements  []Placement  `json:"placements"`
	Commitments []Commitment `json:"commitments"`
}

// DiplomaticResult is the resolution of one target (24.81B-24.82).
type DiplomaticResult struct {
	Turn        Turn          `json:"turn"`
	Country     string        `json:"country"`
	Effort      Effort        `json:"effort"`
	Winner      Side          `json:"winner,omitempty"`
	Power       Power         `json:"power,omitempty"` // the successful major power (24.82C)
	Change      string        `json:"change"`
	FlagsBefore map[Power]int `json:"flags_before"`
	FlagsAfter  map[Power]int `json:"flags_after"`
}

// DiplomacyPaid is a power's payment for its diplomatic counters at the
// end of the phase (24.52C); public, as the values are then revealed.
type DiplomacyPaid struct {
	Turn       Turn  `json:"turn"`
	Power      Power `json:"power"`
	Cost       int   `json:"cost"`
	TilePoints int   `json:"tile_points"`
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

// WithDiplomacy returns s playing the diplomatic phase (the judge's
// default; a game created without it passes the phase's segments, its
// diplomatic random events kept pending).
func WithDiplomacy(s State) State {
	c := s.Clone()
	c.Diplomacy.On = true
	return c
}

// resolvePlacementRound resolves a placement round (24.55): each power's
// orders checked again, the invalid ones voided (and the rest with them
// when they no longer stand alone), the rest placed.
func resolvePlacementRound(s *State, orders map[Power][]Order, evs *[]Event) {
	if !s.Diplomacy.On {
		*evs = append(*evs, SegmentSkipped{Turn: s.Turn, Segment: s.Segment, Note: NotImplemented})
		return
	}
	orders = takeStanding(s, orders) // standing.go
	accepted := map[Power][]Order{}
	for _, p := range placementRounds[s.Segment] {
		if len(orders[p]) > 0 {
			accepted[p] = acceptOrders(*s, p, orders[p], checkPlacements, "24.5", "diplomatic", evs) // economic.go
		}
	}
	civilWarObligations(s, accepted, evs) // 25.52A (civilwar.go)
	disputeObligations(s, accepted, evs)  // 24.552A, C (dispute.go)
	placeRound(s, accepted, evs)
	if s.Segment == SegDiplomacyAxis2 { // the last round: 24.81A
		revealDiplomacy(s, evs)
	}
}

// resolveDiplomacySegment reveals the secret diplomatic events (9.41D) and,
// in a game that plays diplomacy, resolves it (24.8).
func resolveDiplomacySegment(s *State, _ map[Power][]Order, evs *[]Event) {
	if !s.Diplomacy.On {
		revealHeld(s, RevealDiplomacy, evs) // 9.41D
		*evs = append(*evs, SegmentSkipped{Turn: s.Turn, Segment: s.Segment, Note: NotImplemented})
		return
	}
	resolveDiplomacy(s, evs)
}

// validatePlacements is Validate for a placement round: the errors, and
// the state with p's counters placed (for the receipt's preview).
func validatePlacements(s State, p Power, orders []Order) ([]indexedError, State) {
	errs := checkPlacements(s, p, orders)
	scratch := s.Clone()
	if len(errs) == 0 {
		for _, o := range orders {
			c, _ := countersOf(o.Counters)
			scratch.Powers[p].Used = scratch.Powers[p].Used.add(c)
		}
	}
	return errs, scratch
}

// canPlace reports whether p may place a counter now, judged on public
// facts only, since who is asked is public (the report's "orders are due
// from"): whether it has an activity counter left (how many, not which:
// the number it placed is public), a tile point (before the phase's
// deferred costs, 24.52C), and a target open to a counter under the rules
// that do not depend on a sealed value; a military counter on public
// support (without secret support events, 24.42E). A power not asked may
// still send standing orders.
func canPlace(s State, p Power) bool {
	ps := s.Powers[p]
	if ps == nil {
		return false
	}
	valueRules := map[string]bool{"24.51": true, "24.52B": true, "24.56G": true, "12.21": true}
	open := func(s State, o Order) bool {
		for _, e := range checkPlacements(s, p, []Order{o}) {
			if !valueRules[e.Rule] {
				return false
			}
		}
		return true
	}
	av := ps.Available()
	counters := av.Three+av.Two+av.One+av.Zero > 0 && ps.TilePoints > 0
	pub := s.Clone()
	pub.Events = nil                                               // no secret events: support, permits, extra counters, spy rings
	for _, c := range append(DiplomaticTargets(s), RussiaTarget) { // Russia: 24.56E
		if counters && open(pub, Order{Kind: Diplomatic, Project: c, Counters: []int{1}}) {
			return true
		}
		if ps.TilePoints > 0 && open(pub, Order{Kind: MilitaryCounter, Project: c}) {
			return true
		}
	}
	return false
}

// placementOptions offers, for each target p may place in now, the order
// with its strongest available counter; the note says the other strengths
// and the cost (24.52C).
func placementOptions(s State, p Power) []Option {
	av := s.Powers[p].Available()
	var strengths []string
	for _, k := range []struct{ n, v int }{{av.Three, 3}, {av.Two, 2}, {av.One, 1}, {av.Zero, 0}} {
		if k.n > 0 {
			strengths = append(strengths, fmt.Sprint(k.v))
		}
	}
	var out []Option
	for _, op := range playOptions(s, p) { // 24.52B: a secret support event revealed to pay
		op.Note = "reveal it now to add its tile points before paying for your counters (24.52B, 9.41E); " + op.Note
		out = append(out, op)
	}
	for _, f := range flexibleEvents(s, p) { // 4.16 (flexible.go)
		for _, c := range flexibleTargets(f) {
			out = append(out, Option{Order: Order{Kind: FlexibleOrder, Card: f.Card, Project: c},
				Note: fmt.Sprintf("card %d's %+d modifier in %s (4.16); without a FLEXIBLE line it goes to %s", f.Card, f.Value, c, flexibleTargets(f)[0])})
		}
	}
	if p == Germany && s.Segment == SegDiplomacyAxis1 && anticominternAvailable(s) { // 24.31, 24.34D
		for _, c := range anticominternFirst(s) {
			out = append(out, Option{Order: Order{Kind: AntiCominternOrder, Project: c},
				Note: fmt.Sprintf("the anti-Comintern counter, strength %d, free, in %s (24.31-24.34); without this line the judge places it in %s; your own counters there beyond its strength move it on (24.35)",
					AntiCominternStrength(s), c, anticominternFirst(s)[0])})
		}
		out = append(out, Option{Order: Order{Kind: AntiCominternOrder, Project: "none"}, Note: "no anti-Comintern counter this turn (24.31)"})
	}
	for _, c := range DiplomaticTargets(s) {
		if o := (Order{Kind: MilitaryCounter, Project: c}); len(checkPlacements(s, p, []Order{o})) == 0 {
			out = append(out, Option{Order: o, Cost: 1,
				Note: fmt.Sprintf("a military counter, placed openly: +1 for you in %s (24.42B, G); %d a turn for you now; 1 tile point at the end of the phase (24.42F)", c, MilitaryCounterLimit(s, p))})
		}
	}
	for _, c := range DiplomaticTargets(s) {
		if o := (Order{Kind: Diplomatic, Project: c, Counters: []int{1}, Args: []string{"free"}}); len(checkPlacements(s, p, []Order{o})) == 0 {
			out = append(out, Option{Order: o, Note: "your additional civil war counter: strength 1, free, beyond the limits, one this turn (24.53A)"})
		}
	}
	for _, c := range append(DiplomaticTargets(s), RussiaTarget) { // Russia: 24.56E, 10.91F
		for _, n := range []int{3, 2, 1} {
			o := Order{Kind: Diplomatic, Project: c, Counters: []int{n}}
			if len(checkPlacements(s, p, []Order{o})) > 0 {
				continue
			}
			note := fmt.Sprintf("sealed until diplomacy is resolved (24.54C); any of your counters %s; paid at the end of the phase (24.52C)", strings.Join(strengths, ", "))
			if fighting(s, c) {
				note = "civil war: beyond the limits; " + note + "; your side must place a counter here, or the judge places your side's weakest (25.52A)"
			}
			for _, d := range s.Diplomacy.Disputes {
				if d.has(c) {
					note += fmt.Sprintf("; dispute with %s (random event %d): the Axis must back one with a counter of at least 1 in their first round, Russia or else the Allies the other; without it the judge places the weakest (24.552)", d.other(c), d.Card)
				}
			}
			out = append(out, Option{Order: o, Cost: n, Note: note})
			break
		}
	}
	return out
}

// sideBeneficiary is the major power a random event favouring side
// benefits where the event does not say (24.81A).
var sideBeneficiary = map[Side]Power{Axis: Germany, Allies: France, Soviet: Russia}

// eventFavours is the side a diplomatic event favours (its own, else the
// holder's, 9.31C) and the major power that benefits: the holder when on
// that side, else Germany, France or Russia (24.81A).
func eventFavours(holder Power, e Effect) (Side, Power) {
	side := e.Side
	if side == "" {
		side = SideOf(holder)
	}
	if !holder.Valid() || SideOf(holder) != side {
		return side, sideBeneficiary[side]
	}
	return side, holder
}

// addEventModifier records a random event's diplomatic modifier for this
// turn's diplomacy (9.31C, 24.16) and says what it does.
func addEventModifier(s *State, holder Power, card int, e Effect) string {
	side, power := eventFavours(holder, e)
	value := civilWarAdverse(*s, e.Country, side, e.Value) // 25.71
	s.Diplomacy.Modifiers = append(s.Diplomacy.Modifiers, DiplomaticModifier{Country: e.Country, Side: side, Power: power,
		Value: value, Card: card, Rule: "9.31C"})
	if value != e.Value {
		return fmt.Sprintf("%s: %+d for %s in this turn's diplomacy (9.31C, 24.81A), %+d offset by the civil war winner's +1 (25.71)", e.Country, value, power.Title(), e.Value)
	}
	return fmt.Sprintf("%s: %+d for %s in this turn's diplomacy (9.31C, 24.81A)", e.Country, e.Value, power.Title())
}

// militaryTargets are where each power may place military counters for
// diplomacy (24.43D, 24.44A, 24.45A, 24.47D); Britain's serves civil wars
// only (24.46).
func militaryTargets(s State, p Power) []string {
	switch p {
	case Germany: // 24.43D
		out := []string{"Rhineland", "Austria", "Czechoslovakia", "Poland"}
		if conquered(s, "Rhineland") {
			out = append(out, "Belgium/Luxembourg")
		}
		return out
	case Italy: // 24.44A
		if conquered(s, "Albania") {
			return []string{"Greece", "Yugoslavia"}
		}
		return []string{"Albania"}
	case France: // 24.45A
		return []string{"Rhineland", "Belgium/Luxembourg"}
	case Russia: // 24.47D
		return slices.Clone(russianTargets)
	}
	return nil
}

// BalanceAdvantage is side's balance of power advantage for military
// counters (24.43, 24.45): the net of the four categories' levels, the
// battleship race included, in its favour (docs/rules.md).
func BalanceAdvantage(s State, side Side) int {
	b := BalanceOfPower(s)
	net := 0
	for _, c := range Categories {
		net += b.Level(c)
	}
	switch side {
	case Axis:
		return max(net, 0)
	case Allies:
		return max(-net, 0)
	}
	return 0
}

// supportWithSecret is p's support level with the secret support events it
// holds (24.42E: they count, revealed or not).
func supportWithSecret(s State, p Power) int {
	n := s.Powers[p].Support
	for _, h := range append(heldEffects(s, p, EffectSupport), heldEffects(s, p, EffectConditionalSupport)...) {
		if v, ok := supportValue(s, p, h.Effect); ok {
			n += v
		}
	}
	return n
}

// MilitaryCounterLimit is how many military counters p may place for
// diplomacy this turn (24.42C, 24.43A-C, 24.44, 24.45, 24.47A-C).
func MilitaryCounterLimit(s State, p Power) int {
	if p == Russia && (s.Russia.NoMilitaryCounters || s.Russia.GreatPurge) { // 24.47, 21.41B
		return 0
	}
	if p == Italy && italyEngaged(s) { // 29.34: its counter is at war
		return 0
	}
	return militaryBase(s, p) + extraMilitary(s, p) // 10.22: random events' additional counters
}

// extraMilitary counts p's additional military counters of this turn's
// random events (10.22, 24.4): the public ones and the secret ones p holds.
func extraMilitary(s State, p Power) int {
	n := 0
	for _, x := range s.Diplomacy.ExtraMilitary {
		if x.Power == p {
			n += x.Count
		}
	}
	for _, h := range heldEffects(s, p, EffectExtraMilitaryCounter) {
		if e := h.Effect; e.Power == 0 || e.Power == p {
			n += max(e.Value, 1)
		}
	}
	return n
}

// militaryBase is p's military counter limit of 24.42C-24.47.
func militaryBase(s State, p Power) int {
	support := supportWithSecret(s, p)
	switch p {
	case Germany: // 24.43A-C: both at least 1, 2, 3
		return min(BalanceAdvantage(s, Axis), support, 3)
	case Italy: // 24.44
		if BalanceAdvantage(s, Axis) > 0 && support > 0 {
			return 1
		}
	case France: // 24.45
		if BalanceAdvantage(s, Allies) > 0 && support > 0 {
			return 1
		}
	case Russia: // 24.47A-D, 21.41B
		if s.Russia.NoMilitaryCounters || s.Russia.GreatPurge {
			return 0
		}
		return min(GarrisonMilitaryCounters(s.Russia.Garrison.Surplus, support), max(support, 0)) // 24.47A-C: support 1, 2, 3
	}
	return 0
}

// checkMilitary checks one MILITARY order of p given its earlier
// placements this turn, the orders before it and the military counters
// already counted.
func checkMilitary(s State, p Power, o Order, earlier []Placement, before []Order, military int) (rule, msg string) {
	country, ok := FindCountry(o.Project)
	all := 1
	for _, pl := range earlier {
		if pl.Military {
			all++
		}
	}
	for _, b := range before {
		if b.Kind == MilitaryCounter {
			all++
		}
	}
	if all > militaryCounters[p] { // 24.42C
		return "24.42C", fmt.Sprintf("%s has %d military counter(s) in the game, civil war interventions included", p.Title(), militaryCounters[p])
	}
	if ok {
		if handled, rule, msg := militaryInterventionCheck(s, p, country, earlier, before); handled { // 25.52B (civilwar.go)
			if rule == "" && len(o.Args) > 0 {
				c := s.Clone()
				var discard []Event
				if err := CivilWarResearchPoint(&c, p, o.Args[0], &discard); err != nil {
					return "15.22D", strings.TrimPrefix(err.Error(), "adjudicator: rule 15.22D: ")
				}
			}
			return rule, msg
		}
		if len(o.Args) > 0 {
			return "15.22D", "a research point comes only with a civil war intervention"
		}
		if rule, msg := checkCivilWarTarget(s, p, country); rule != "" { // 25.81
			return rule, msg
		}
	}
	switch {
	case !ok:
		return "24.21", fmt.Sprintf("%q is not a diplomatic target (24.21)", o.Project)
	case s.Segment == SegDiplomacyAxis2:
		return "24.42A", "Axis military counters are placed in the first round, with the first diplomatic counters"
	case !slices.Contains(militaryTargets(s, p), country):
		if p == Britain {
			return "24.46", "Britain's military counter serves only to intervene in a civil war"
		}
		return militaryRule[p], fmt.Sprintf("%s places military counters only in %s", p.Title(), strings.Join(militaryTargets(s, p), ", "))
	case conquered(s, country):
		return "24.56A", fmt.Sprintf("%s was the target of a successful aggression", country)
	}
	if slices.ContainsFunc(earlier, func(pl Placement) bool { return pl.Military && pl.Country == country }) ||
		slices.ContainsFunc(before, func(b Order) bool { c, _ := FindCountry(b.Project); return b.Kind == MilitaryCounter && c == country }) {
		return "24.42D", "one military counter per country"
	}
	if limit := MilitaryCounterLimit(s, p); military+1 > limit {
		return militaryRule[p], fmt.Sprintf("%s may place %d military counter(s) this turn (balance of power advantage %d, support %d with secret events; 24.42E)",
			p.Title(), limit, BalanceAdvantage(s, SideOf(p)), supportWithSecret(s, p))
	}
	return "", ""
}

// militaryCounters are the military counters of each power in the game
// (24.42C): all its military counters of a turn, civil war interventions
// included (25.52B: one used there is not used elsewhere).
var militaryCounters = map[Power]int{Germany: 3, Italy: 1, France: 1, Britain: 1, Russia: 3}

var militaryRule = map[Power]string{Germany: "24.43", Italy: "24.44", France: "24.45", Britain: "24.46", Russia: "24.47"}
