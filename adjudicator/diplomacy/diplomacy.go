package diplomacy

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"maps"
	"slices"
	"strings"

	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/randomevent"
	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/track"
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

// freeUsed reports whether p placed its additional civil war counter this
// turn, or names it among orders (24.53A: one a turn).
func freeUsed(s storm.State, p storm.Power, orders []storm.Order) bool {
	return slices.ContainsFunc(PlacedThisTurn(s, p), func(pl storm.Placement) bool { return pl.Free }) ||
		slices.ContainsFunc(orders, func(o storm.Order) bool { return o.Kind == storm.Diplomatic && len(o.Args) > 0 && o.Args[0] == "free" })
}

// SpyRingIn reports a spy ring of p in country this turn, not eliminated
// (24.551B): its side's ring activated this turn (16.16B), a public
// event's, or a secret one p holds.
func SpyRingIn(s storm.State, p storm.Power, country string) bool {
	if ActiveRing(s, storm.SideOf(p), country) {
		return true
	}
	if slices.ContainsFunc(s.Diplomacy.SpyRings, func(r storm.SpyRingEffect) bool { return r.Power == p && r.Country == country }) {
		return true
	}
	return slices.ContainsFunc(randomevent.HeldEffects(s, p, storm.EffectSpyRing), func(h randomevent.HeldEffect) bool {
		return h.Effect.Country == country && (h.Effect.Power == 0 || h.Effect.Power == p)
	})
}

// permitsFor lists p's placement permits this turn: the public ones and
// those of the secret events p holds (it knows them).
func permitsFor(s storm.State, p storm.Power) []storm.PlacementPermit {
	var out []storm.PlacementPermit
	for _, x := range s.Diplomacy.Permits {
		if x.Power == p {
			out = append(out, x)
		}
	}
	for _, h := range randomevent.HeldEffects(s, p, storm.EffectPlacementAllowed) {
		if e := h.Effect; e.Power == 0 || e.Power == p {
			out = append(out, storm.PlacementPermit{Power: p, Card: h.Card, Country: e.Country, Region: e.Region})
		}
	}
	for _, h := range randomevent.HeldEffects(s, p, storm.EffectCounterInRussia) { // 24.56E
		if e := h.Effect; (e.Power == 0 || e.Power == p) && p == storm.Russia {
			out = append(out, storm.PlacementPermit{Power: p, Card: h.Card, Country: storm.RussiaTarget})
		}
	}
	return out
}

// russianReach reports the targets 24.61B-C open to Russian counters: its
// four neighbours, a Russian flag, its active spy ring (24.551B), at full
// cohesion seven more.
func russianReach(s storm.State, country string) bool {
	m := s.Minor(country)
	return slices.Contains(russianTargets, country) || (m != nil && m.FlagsOf(storm.Russia) > 0) || SpyRingIn(s, storm.Russia, country) ||
		(s.Russia.Cohesion == storm.FullCohesion && slices.Contains(russianFullTargets, country))
}

// russiaMayPlace reports whether Russia may place in country without a
// random event's permit (24.61A-C, 24.551B).
func russiaMayPlace(s storm.State, country string) bool {
	if russianDiplomacyBarred(s) && !SpyRingIn(s, storm.Russia, country) {
		return false
	}
	return russianReach(s, country)
}

// permitUse returns, for each DIPLOMATIC order of p, the card of the
// random event permit it needs and uses (24.61A-B), 0 when it needs none
// or none fits; each permit serves one counter a turn.
func permitUse(s storm.State, p storm.Power, orders []storm.Order) []int {
	out := make([]int, len(orders))
	if p != storm.Russia || !slices.ContainsFunc(orders, isDiplomatic) {
		return out
	}
	free := permitsFor(s, p)
	for _, pl := range PlacedThisTurn(s, p) {
		if i := slices.IndexFunc(free, func(x storm.PlacementPermit) bool { return x.Card == pl.Permit }); pl.Permit != 0 && i >= 0 {
			free = slices.Delete(free, i, i+1)
		}
	}
	for i, o := range orders {
		country, ok := storm.FindCountry(o.Project)
		if o.Kind != storm.Diplomatic || !ok || russiaMayPlace(s, country) {
			continue
		}
		if j := slices.IndexFunc(free, func(x storm.PlacementPermit) bool { return x.Fits(country) }); j >= 0 {
			out[i] = free[j].Card
			free = slices.Delete(free, j, j+1)
		}
	}
	return out
}

// russianTargets are where Russia may place before full cohesion
// (24.61B) and the targets full cohesion adds (24.61C).
var (
	russianTargets     = []string{"Finland", "Poland", "Rumania", "Turkey"}                                             // 24.61B
	russianFullTargets = []string{"Albania", "Bulgaria", "Czechoslovakia", "Greece", "Hungary", "Sweden", "Yugoslavia"} // 24.61C
	russianFullList    = strings.Join(russianFullTargets, ", ")                                                         // spelled once for the refusals
)

// PlacedCost is what p's counters placed this turn cost at the end of the
// phase (24.52C, 24.42F): their strengths, but a void counter's and the
// civil war's free one (24.53A).
func PlacedCost(s storm.State, p storm.Power) int {
	cost := 0
	for _, pl := range PlacedThisTurn(s, p) {
		if pl.Void == "" && !pl.Free {
			cost += pl.Strength
		}
	}
	return cost
}

// PlacedThisTurn returns p's placements of this turn.
func PlacedThisTurn(s storm.State, p storm.Power) []storm.Placement {
	var out []storm.Placement
	for _, pl := range s.Diplomacy.Placements {
		if pl.Power == p {
			out = append(out, pl)
		}
	}
	return out
}

// russianDiplomacyBarred reports 24.61A: a Great Purge, or a Party purge
// (or purge event) that prohibits diplomacy.
func russianDiplomacyBarred(s storm.State) bool {
	return s.Russia.GreatPurge || s.Russia.NoDiplomaticCounters
}

// extraSlots lists p's additional counters of this turn's random events
// (24.14): the public ones recorded, and those of the secret events p holds
// (it knows them); one slot per counter.
func extraSlots(s storm.State, p storm.Power) []storm.ExtraCounter {
	var out []storm.ExtraCounter
	add := func(x storm.ExtraCounter) {
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
	for _, h := range randomevent.HeldEffects(s, p, storm.EffectExtraDiplomaticCounter) {
		if e := h.Effect; e.Power == 0 || e.Power == p {
			add(storm.ExtraCounter{Power: p, Card: h.Card, Count: max(e.Value, 1), Country: e.Country, Region: e.Region})
		}
	}
	return out
}

// exemptions returns, for each DIPLOMATIC order of p, the 24.54E exception
// it falls under, "" when it counts against the limits: a country with a
// Russian flag, the side's active spy ring, a civil war, the additional
// civil war counter; or, for a counter beyond two a turn (or beyond one in
// an Axis round, 24.55A, D), an additional counter of a random event that
// fits it (24.14).
func exemptions(s storm.State, p storm.Power, orders []storm.Order) []string {
	return exemptionsWith(make([]string, len(orders)), s, p, orders, placingOf(s, p))
}

// exemptionsWith is exemptions with pc, placingOf(s, p), written into
// out, len(orders) empty strings, which it returns.
func exemptionsWith(out []string, s storm.State, p storm.Power, orders []storm.Order, pc *placing) []string {
	if !slices.ContainsFunc(orders, isDiplomatic) { // a military counter's check, most often: no exemption to find
		return out
	}
	counted, thisRound := 0, 0
	slots := slices.Clone(pc.slots)
	for _, pl := range pc.earlier {
		switch {
		case pl.Military || pl.Void != "":
		case pl.CountsAgainstLimit():
			counted++
		default:
			if i := slices.IndexFunc(slots, func(x storm.ExtraCounter) bool { return x.Reason() == pl.Exempt }); i >= 0 {
				slots = slices.Delete(slots, i, i+1)
			}
		}
	}
	axisRound := s.Segment == storm.SegDiplomacyAxis1 || s.Segment == storm.SegDiplomacyAxis2
	// The orders no restricted slot fits take the normal allowance first,
	// so that the order of the lines does not decide what is legal.
	restrictedFit := func(o storm.Order) bool {
		c, _ := storm.FindCountry(o.Project)
		return slices.ContainsFunc(slots, func(x storm.ExtraCounter) bool { return (x.Country != "" || x.Region != "") && x.Fits(c) })
	}
	idx := storm.Ordinals(len(orders)) // without slots, none fits: the lines' order
	if len(slots) > 0 {
		idx = slices.Clone(idx) // sorted, not ordinals' own
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
	}
	for _, i := range idx {
		o := orders[i]
		if o.Kind != storm.Diplomatic {
			continue
		}
		country, _ := storm.FindCountry(o.Project)
		if len(o.Args) > 0 && o.Args[0] == "free" {
			out[i] = "an additional civil war counter (24.53A)"
			continue
		}
		if storm.Fighting(s, country) {
			out[i] = CivilWarExempt
			continue
		}
		if m := s.Minor(country); m != nil && m.FlagsOf(storm.Russia) > 0 {
			out[i] = "a Russian flag (24.54E)"
			continue
		}
		if SpyRingIn(s, p, country) {
			out[i] = SpyRingExempt
			continue
		}
		if counted+1 > 2 || (axisRound && thisRound+1 > 1) {
			j := slices.IndexFunc(slots, func(x storm.ExtraCounter) bool { return (x.Country != "" || x.Region != "") && x.Fits(country) })
			if j < 0 {
				j = slices.IndexFunc(slots, func(x storm.ExtraCounter) bool { return x.Fits(country) })
			}
			if j >= 0 {
				out[i] = slots[j].Reason()
				slots = slices.Delete(slots, j, j+1)
				continue
			}
		}
		counted++
		thisRound++
	}
	return out
}

// placing is what the check of p's placements reads of a state whatever
// the orders, read once for the options' many checks.
type placing struct {
	earlier, partner []storm.Placement    // PlacedThisTurn of p and of its alliance partner
	slots            []storm.ExtraCounter // extraSlots
	limit            int                  // MilitaryCounterLimit, once limitKnown
	limitKnown       bool
}

// militaryLimit is MilitaryCounterLimit(s, p) for the state and power of
// pc, reckoned once: it reads the balance of power.
func (pc *placing) militaryLimit(s storm.State, p storm.Power) int {
	if !pc.limitKnown {
		pc.limit, pc.limitKnown = MilitaryCounterLimit(s, p), true
	}
	return pc.limit
}

// placingOf is placing for p in s.
func placingOf(s storm.State, p storm.Power) *placing {
	pc := &placing{earlier: PlacedThisTurn(s, p), slots: extraSlots(s, p)}
	if q := storm.AlliancePartner[p]; q != 0 {
		pc.partner = PlacedThisTurn(s, q)
	}
	return pc
}

// isDiplomatic reports a DIPLOMATIC order: the only ones exemptions and
// permitUse answer for.
func isDiplomatic(o storm.Order) bool { return o.Kind == storm.Diplomatic }

// CheckPlacements checks p's DIPLOMATIC orders for the open round against
// 24.5, 24.55, 24.56 and 24.61.
func CheckPlacements(s storm.State, p storm.Power, orders []storm.Order) []storm.IndexedError {
	return checkPlacements(s, p, orders, false, nil)
}

// checkPlacements is CheckPlacements; when quiet, the errors' messages are
// left empty, for the callers that read only whether there are errors,
// or their rules (the options try every target); pc is
// placingOf(s, p), or nil to read it.
func checkPlacements(s storm.State, p storm.Power, orders []storm.Order, quiet bool, pc *placing) []storm.IndexedError {
	sprintf := fmt.Sprintf
	if quiet {
		sprintf = func(string, ...any) string { return "" }
	}
	// 24.52B: a secret support event played (PLAY <card>) to pay for the
	// counters takes effect first; the placements are checked after it.
	var plays []storm.Order
	var playIdx []int
	for i, o := range orders {
		if o.Kind == storm.Play {
			plays, playIdx = append(plays, o), append(playIdx, i)
		}
	}
	if len(plays) > 0 {
		var errs []storm.IndexedError
		for _, e := range randomevent.CheckPlay(s, p, plays) {
			e.Index = playIdx[e.Index]
			errs = append(errs, e)
		}
		if len(errs) > 0 {
			return errs
		}
		c := s.Scratch()
		var discard []event.Event
		randomevent.ApplyPlay(&c, p, plays, &discard)
		var rest []storm.Order
		var restIdx []int
		for i, o := range orders {
			if o.Kind != storm.Play {
				rest, restIdx = append(rest, o), append(restIdx, i)
			}
		}
		for _, e := range checkPlacements(c, p, rest, quiet, nil) {
			e.Index = restIdx[e.Index]
			errs = append(errs, e)
		}
		return errs
	}
	var errs []storm.IndexedError
	bad := func(i int, rule, format string, a ...any) {
		errs = append(errs, storm.IndexedError{OrderError: storm.OrderError{Order: orders[i], Rule: rule, Msg: sprintf(format, a...)}, Index: i})
	}
	ps := s.Powers[p]
	if !slices.Contains(storm.PlacementRounds[s.Segment], p) {
		for i := range orders {
			bad(i, "24.55", "%s places no diplomatic counters in %s", p.Title(), s.Segment.Title())
		}
		return errs
	}
	if pc == nil {
		pc = placingOf(s, p)
	}
	earlier := pc.earlier
	counted, diplomatic := 0, 0
	for _, pl := range earlier {
		if pl.Military || pl.Void != "" {
			continue
		}
		diplomatic++
		if pl.CountsAgainstLimit() {
			counted++
		}
	}
	if s.Segment == storm.SegDiplomacyAxis2 && diplomatic == 0 { // 24.55D: a diplomatic counter placed initially
		for i := range orders {
			bad(i, "24.55D", "%s placed no diplomatic counter in the first round, so it places none in the second", p.Title())
		}
		return errs
	}
	var used storm.ActivityCounters
	cost := 0
	for _, pl := range earlier {
		if pl.Void == "" && !pl.Free {
			cost += pl.Strength
		}
	}
	seen := map[string]bool{}
	thisRound := 0
	military := 0
	var few [4]string // a check of a few orders finds their exemptions here, not in a new list
	var exempt []string
	if len(orders) <= len(few) {
		exempt = few[:len(orders)]
	} else {
		exempt = make([]string, len(orders))
	}
	exempt = exemptionsWith(exempt, s, p, orders, pc)
	var permits []int // only Russia's counters need permits (permitUse)
	if p == storm.Russia {
		permits = permitUse(s, p, orders)
	}
	permitAt := func(i int) int { // the card of the permit order i uses, 0 for none
		if permits == nil {
			return 0
		}
		return permits[i]
	}
	for _, pl := range earlier {
		if pl.Military && !storm.Fighting(s, pl.Country) {
			military++
		}
	}
	for i, o := range orders {
		if o.Kind == storm.FlexibleOrder { // 4.16 (flexible.go)
			if rule, msg := checkFlexible(s, p, o); rule != "" {
				bad(i, rule, "%s", msg)
			}
			continue
		}
		if o.Kind == storm.AntiCominternOrder { // 24.3 (anticomintern.go)
			if rule, msg := checkAntiComintern(s, p, o); rule != "" {
				bad(i, rule, "%s", msg)
			}
			continue
		}
		if o.Kind == storm.MilitaryCounter { // 24.4
			if rule, msg := checkMilitary(s, p, o, pc, orders[:i], military, sprintf); rule != "" {
				bad(i, rule, "%s", msg)
				continue
			}
			if c, _ := storm.FindCountry(o.Project); !storm.Fighting(s, c) { // 25.52B: interventions beside the limits
				military++
			}
			cost++ // 24.42F, 25.52B
			continue
		}
		country, ok := storm.FindCountry(o.Project)
		switch {
		case !ok:
			bad(i, "24.21", "%q is not a diplomatic target (24.21)", o.Project)
			continue
		case country == storm.RussiaTarget && (p != storm.Russia || permitAt(i) == 0):
			bad(i, "24.56E", "diplomatic counters may not be placed in Russia, except Russia's under random event 114")
			continue
		case storm.Conquered(s, country):
			bad(i, "24.56A", "%s was the target of a successful aggression", country)
			continue
		case seen[country] || slices.ContainsFunc(earlier, func(pl storm.Placement) bool { return pl.Country == country && !pl.Military }):
			bad(i, "24.54D", "one diplomatic counter per country a turn: %s already has yours", country)
			continue
		}
		seen[country] = true
		if rule, msg := checkCivilWarTarget(s, p, country); rule != "" { // 25.51, 25.42, 25.81 (civilwar.go)
			bad(i, rule, "%s", msg)
			continue
		}
		war := storm.Fighting(s, country)
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
		if q := storm.AlliancePartner[p]; q != 0 && slices.ContainsFunc(pc.partner, func(pl storm.Placement) bool { return pl.Country == country && !pl.Military }) {
			bad(i, "24.56C", "%s placed a diplomatic counter in %s this turn", q.Title(), country)
			continue
		}
		if ac := s.Diplomacy.AntiComintern; ac != nil && ac.Country == country && storm.SideOf(p) != storm.Soviet {
			bad(i, "24.56B", "the anti-Comintern counter is in %s: no Axis or Allied diplomatic counter there (24.36A)", country)
			continue
		}
		m := s.Minor(country)
		if storm.SideOf(p) == storm.Allies && m != nil && m.FlagsOf(storm.Russia) > 0 && !war { // 24.56D: a civil war excepted
			bad(i, "24.56D", "%s has a Russian flag: the Allies may not place a diplomatic counter there", country)
			continue
		}
		if storm.SideOf(p) == storm.Allies && PublicModifierFor(s, country, storm.Soviet) {
			bad(i, "24.56D", "a Russian diplomatic random event applies to %s this turn: the Allies may not place a diplomatic counter there", country)
			continue
		}
		free := len(o.Args) > 0 && o.Args[0] == "free" // 24.53: a civil war's additional counter
		if p == storm.Russia {
			permit := permitAt(i) != 0 // 24.61A-B: a random event's leave
			// 24.61A: a spy ring or an event excepted; 25.52A: the
			// additional civil war counter meets the civil war's need.
			if russianDiplomacyBarred(s) && !SpyRingIn(s, p, country) && !permit && !(free && war) {
				bad(i, "24.61A", "Russian diplomacy is prohibited this turn by a purge (22.21B-D)")
				continue
			}
			if !russianReach(s, country) && !permit && !war { // seed 003: a civil war
				bad(i, "24.61B", "before full cohesion Russia places only in Finland, Poland, Rumania, Turkey and countries with a Russian flag; at full cohesion also in %s (24.61C)",
					russianFullList)
				continue
			}
		}
		if len(o.Counters) != 1 {
			bad(i, "24.5", "give the counter's strength: DIPLOMATIC %s 2", strings.ToUpper(country))
			continue
		}
		c, err := storm.CountersOf(o.Counters)
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
			case s.Segment == storm.SegDiplomacyAxis2:
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
		if (s.Segment == storm.SegDiplomacyAxis1 || s.Segment == storm.SegDiplomacyAxis2) && thisRound > 1 && exempt[i] == "" {
			bad(i, "24.55", "in each Axis round Germany and Italy place one diplomatic counter each (24.55A, D)")
			continue
		}
		used = used.Add(c)
		cost += o.Counters[0]
	}
	if len(errs) == 0 && len(orders) > 0 {
		if !ps.Available().Covers(used) { // 24.51: the counters not used in the economic phase
			errs = append(errs, storm.IndexedError{OrderError: storm.OrderError{Order: orders[0], Rule: "24.51",
				Msg: sprintf("not enough activity counters left this turn (available: %s)", ps.Available())}, Index: 0})
		} else if cost > ps.TilePoints { // 24.52B: no deficit
			errs = append(errs, storm.IndexedError{OrderError: storm.OrderError{Order: orders[0], Rule: "24.52B",
				Msg: sprintf("this turn's diplomatic and military counters cost %d tile point(s) at the end of the phase (24.52C, 24.42F); %s has %d", cost, p.Title(), ps.TilePoints)}, Index: 0})
		}
	}
	return errs
}

// zeroAllowed reports whether p may place a 0 counter (24.56G): it has
// another activity counter available for diplomacy and a tile point to
// pay for it, and Russia is not barred from diplomacy.
func zeroAllowed(s storm.State, p storm.Power) bool {
	av := s.Powers[p].Available()
	other := av.Three+av.Two+av.One > 0
	// 24.56G: tile points, or a secret support event that might add some.
	funds := s.Powers[p].TilePoints > 0 || len(randomevent.PlayOptions(s, p)) > 0
	return other && funds && !(p == storm.Russia && russianDiplomacyBarred(s))
}

// PublicModifierFor reports a public random event modifier of this turn
// in country favouring side.
func PublicModifierFor(s storm.State, country string, side storm.Side) bool {
	return slices.ContainsFunc(s.Diplomacy.Modifiers, func(m storm.DiplomaticModifier) bool {
		return m.Country == country && m.Side == side && m.Rule != "24.83" // 24.83's is no random event
	})
}

// CommitmentText is the text whose SHA-256 is a commitment: a version line,
// the turn, power and round, one "country=strength" line per placement in
// the order of the countries' names, and the salt (docs/diplomacy.md).
func CommitmentText(t storm.Turn, p storm.Power, round storm.Segment, placements []storm.Placement, salt string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "stormjudge commitment v1\n%s\n%s\n%s\n", t, p, round)
	ps := slices.Clone(placements)
	slices.SortFunc(ps, func(a, b storm.Placement) int { return strings.Compare(a.Country, b.Country) })
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
func commitmentSalt(s storm.State, p storm.Power, round storm.Segment) string {
	var seed [8]byte
	binary.LittleEndian.PutUint64(seed[:], s.Seed)
	key := sha256.Sum256(append([]byte("stormjudge diplomacy salt v1\n"), seed[:]...))
	mac := hmac.New(sha256.New, key[:])
	fmt.Fprintf(mac, "%s\n%s\n%s", s.Turn, p, round)
	return hex.EncodeToString(mac.Sum(nil)[:16])
}

// CommitmentHash is the hex SHA-256 of a commitment's text.
func CommitmentHash(t storm.Turn, p storm.Power, round storm.Segment, placements []storm.Placement, salt string) string {
	h := sha256.Sum256([]byte(CommitmentText(t, p, round, placements, salt)))
	return hex.EncodeToString(h[:])
}

// PlaceRound carries out the checked placements of a round: each power's
// counters in the order of play, a counter a partner already placed in the
// same country voided (24.56C), the counters marked used (24.51) and paid
// only at the end of the phase (24.52C); each power's values sealed with a
// commitment (24.54C).
func PlaceRound(s *storm.State, orders map[storm.Power][]storm.Order, evs *[]event.Event) {
	round := s.Segment
	var located []storm.Placement
	for _, p := range storm.PlacementRounds[round] {
		var placed []storm.Placement
		var plays []storm.Order
		for _, o := range orders[p] {
			if o.Kind == storm.Play {
				plays = append(plays, o)
			}
		}
		if len(plays) > 0 { // 24.52B, 9.41E: revealed to pay, before the counters
			randomevent.ApplyPlay(s, p, plays, evs)
		}
		exempt := exemptions(*s, p, orders[p])
		permits := permitUse(*s, p, orders[p])
		for k, o := range orders[p] {
			if o.Kind == storm.Play {
				continue
			}
			country, _ := storm.FindCountry(o.Project)
			if o.Kind == storm.AntiCominternOrder {
				continue // placed after the round's counters (placeAntiComintern)
			}
			if o.Kind == storm.FlexibleOrder {
				chooseFlexible(s, p, []storm.Order{o}) // 4.16 (flexible.go)
				continue
			}
			if o.Kind == storm.MilitaryCounter { // 24.42B: open, +1 (24.42G)
				if storm.Fighting(*s, country) && !intervene(s, p, country, o, evs) { // 25.52B (civilwar.go)
					continue
				}
				pl := storm.Placement{Power: p, Country: country, Strength: 1, Round: round, Military: true}
				s.Diplomacy.Placements = append(s.Diplomacy.Placements, pl)
				located = append(located, pl)
				continue
			}
			if q := storm.AlliancePartner[p]; q != 0 && slices.ContainsFunc(PlacedThisTurn(*s, q), func(pl storm.Placement) bool { return pl.Country == country && !pl.Military }) {
				*evs = append(*evs, event.OrderVoided{Power: p, Order: o, Rule: "24.56C",
					Msg: q.Title() + " placed its counter in " + country + " first, in the order of play"})
				continue
			}
			free := len(o.Args) > 0 && o.Args[0] == "free"                                                       // 24.53A: no activity counter
			if !disputeSettle(s, storm.Placement{Power: p, Country: country, Strength: o.Counters[0]}, o, evs) { // 24.552E
				continue
			}
			if !free {
				c, _ := storm.CountersOf(o.Counters)
				s.Powers[p].Used = s.Powers[p].Used.Add(c)
			}
			pl := storm.Placement{Power: p, Country: country, Strength: o.Counters[0], Round: round, Exempt: exempt[k],
				Open: OpenPlacement(*s, p, country), Permit: permits[k], Free: free} // 24.551A, 24.61A-B
			s.Diplomacy.Placements = append(s.Diplomacy.Placements, pl)
			placed = append(placed, pl)
		}
		if len(placed) == 0 {
			continue
		}
		salt := commitmentSalt(*s, p, round)
		cm := storm.Commitment{Power: p, Round: round, Hash: CommitmentHash(s.Turn, p, round, placed, salt), Salt: salt}
		s.Diplomacy.Commitments = append(s.Diplomacy.Commitments, cm)
		*evs = append(*evs, event.DiplomaticCountersSealed{Turn: s.Turn, Power: p, Round: round, Placements: placed, Salt: salt, Hash: cm.Hash})
		for _, pl := range placed {
			if pl.Open { // 24.551A: placed openly (its value; no exemption or permit, which could name a secret event)
				located = append(located, storm.Placement{Power: pl.Power, Country: pl.Country, Strength: pl.Strength, Round: round, Open: true})
				continue
			}
			located = append(located, storm.Placement{Power: pl.Power, Country: pl.Country, Round: round})
		}
	}
	if round == storm.SegDiplomacyAxis1 { // 24.31, 24.35
		choice := ""
		for _, o := range orders[storm.Germany] {
			if o.Kind == storm.AntiCominternOrder {
				choice = o.Project
			}
		}
		placeAntiComintern(s, choice, evs)
	}
	var public []storm.Commitment
	for _, cm := range s.Diplomacy.Commitments {
		if cm.Round == round {
			public = append(public, storm.Commitment{Power: cm.Power, Round: cm.Round, Hash: cm.Hash})
		}
	}
	*evs = append(*evs, event.DiplomaticRoundPlaced{Turn: s.Turn, Round: round, Locations: located, Commitments: public})
}

// DiplomaticTargets lists the minor countries of 24.21 in the rule's order.
func DiplomaticTargets(s storm.State) []string {
	if len(s.Minors) == 0 {
		return nil
	}
	out := make([]string, 0, len(s.Minors)+1) // room for Russia (24.56E), which callers add
	for _, m := range s.Minors {
		out = append(out, m.Name)
	}
	return out
}

// TargetEffort is each alliance's effort in country as things stand
// (24.81A): the counters placed (not void), the anti-Comintern counter
// (24.37), spy rings not eliminated (24.551B), the random event, 24.83,
// covert and subversion modifiers; each power's contribution (24.82C) and
// the modifiers counted.
func TargetEffort(s storm.State, country string) (storm.Effort, map[storm.Power]int, []storm.DiplomaticModifier) {
	d := s.Diplomacy
	var eff storm.Effort
	contrib := map[storm.Power]int{}
	for _, pl := range d.Placements {
		if pl.Country == country && pl.Void == "" {
			eff.Add(storm.SideOf(pl.Power), pl.Strength)
			contrib[pl.Power] += pl.Strength
		}
	}
	if ac := d.AntiComintern; ac != nil && ac.Country == country { // 24.37
		eff.Axis += ac.Strength
		contrib[storm.Germany] += ac.Strength
	}
	for _, r := range d.SpyRings { // 24.551B: +1 for the ring's alliance
		if r.Country == country {
			eff.Add(storm.SideOf(r.Power), 1)
			contrib[r.Power]++
		}
	}
	for _, r := range d.Rings { // 16.16B, 24.551B: as a random event (24.81A)
		if r.Country == country && r.Activated == s.Turn && r.Eliminated == "" {
			eff.Add(r.Side, 1)
			contrib[storm.SideBeneficiary[r.Side]]++
		}
	}
	var mods []storm.DiplomaticModifier
	for _, m := range d.Modifiers { // this turn's 24.83 modifiers among them (EndTurn)
		if m.Country == country {
			mods = append(mods, m)
			eff.Add(m.Side, m.Value)
			contrib[m.Power] += m.Value
		}
	}
	return eff, contrib, mods
}

// revealDiplomacy ends the placement rounds (24.81A): the secret
// diplomatic events are revealed (9.41D), the flexible ones applied after
// the basic ones (4.16), and every counter turned over with its
// commitment's salt; covert operations and subversion follow (16.16A, H).
func revealDiplomacy(s *storm.State, evs *[]event.Event) {
	secretRussian := secretRussianTargets(*s)
	randomevent.RevealHeld(s, storm.RevealDiplomacy, evs) // 9.41D
	// 24.56D: no Allied counter where a Russian event was drawn this turn;
	// a secret one is known only now, so the Allied counters there are
	// void (docs/rules.md r-24-56d), except in a civil war.
	for i, pl := range s.Diplomacy.Placements {
		if storm.SideOf(pl.Power) == storm.Allies && !pl.Military && pl.Void == "" && slices.Contains(secretRussian, pl.Country) && !storm.Fighting(*s, pl.Country) {
			s.Diplomacy.Placements[i].Void = "24.56D"
		}
	}
	applyFlexible(s, evs) // 4.16: after the basic events (flexible.go)
	d := &s.Diplomacy
	*evs = append(*evs, event.DiplomacyRevealed{Turn: s.Turn, Placements: slices.Clone(d.Placements), Commitments: slices.Clone(d.Commitments)})
}

// secretRussianTargets are the countries of the secret Russian diplomatic
// events still held for 9.41D (24.56D).
func secretRussianTargets(s storm.State) []string {
	if s.Events == nil {
		return nil
	}
	var out []string
	for _, h := range s.Events.Held {
		if h.Power != storm.Russia || !h.Secret || h.At != storm.RevealDiplomacy {
			continue
		}
		for _, e := range randomevent.EventOf(s.Events, h).Effects {
			if e.Kind == storm.EffectDiplomaticModifier && e.Country != "" && (e.Side == "" || e.Side == storm.Soviet) {
				out = append(out, e.Country)
			}
		}
	}
	return out
}

// ResolveDiplomacy resolves every target (24.8): each alliance's effort,
// the strictly highest shifting the target one level (24.82), the counters
// paid (24.52C) and retrieved (24.81D).
func ResolveDiplomacy(s *storm.State, evs *[]event.Event) {
	d := &s.Diplomacy
	// 24.83: a state saved before the turn's end made last turn's
	// modifiers this turn's (DiplomacyState.EndTurn) may still hold them
	// apart; they count now.
	d.Modifiers, d.Threat = append(d.Modifiers, d.Threat...), nil
	convertAutomatic(s, evs) // 10.41C (supportevents.go)
	type target struct {
		eff     storm.Effort
		contrib map[storm.Power]int
		mods    []storm.DiplomaticModifier
	}
	efforts := map[string]target{}
	for _, country := range append(DiplomaticTargets(*s), storm.RussiaTarget) {
		eff, contrib, mods := TargetEffort(*s, country)
		efforts[country] = target{eff, contrib, mods}
	}
	for _, country := range DiplomaticTargets(*s) {
		eff, contrib, mods := efforts[country].eff, efforts[country].contrib, efforts[country].mods
		if eff == (storm.Effort{}) && !storm.Fighting(*s, country) {
			continue
		}
		m := s.Minor(country)
		// 10.41C, 24.82E: a basic event for a country taken over acted as a
		// support event when it was dealt (randomevent); what reaches one
		// still (a flexible modifier placed there, 4.16) does now.
		if storm.Conquered(*s, country) {
			if storm.TakenOver(*s, country) {
				asSupport(s, inTarget(country), "the target was taken over (24.82E)", evs)
			}
			continue // a neutral Poland's events have no effect (29.22C)
		}
		if w := storm.CivilWarIn(s, country); w != nil { // 25.53 (civilwar.go)
			resolveCivilWar(s, w, eff, contrib, mods, evs)
			continue
		}
		before := m.FlagCounts()
		res := event.DiplomaticResult{Turn: s.Turn, Country: country, Effort: eff, Winner: eff.Winner(), FlagsBefore: before, Modifiers: mods}
		if res.Winner != "" {
			res.Power = beneficiary(res.Winner, contrib)
			res.Change = ShiftAlignment(s, m, res.Winner, res.Power, withoutCovert(contrib, mods))
			if res.Change == changeNone && m.TotalFlags() == 4 { // 10.41C, 24.82E (supportevents.go)
				fourFriendlyFlags(s, m, res.Winner, evs)
			}
		} else {
			res.Change = "no result: no alliance's effort is higher than both others' (24.81B)"
		}
		res.FlagsAfter = m.FlagCounts()
		*evs = append(*evs, res)
	}
	resolveRussia(s, efforts[storm.RussiaTarget].eff, efforts[storm.RussiaTarget].contrib, evs) // 10.91F (russiadiplomacy.go)
	// 11.61, 11.61D: the trade pacts follow the flags the results leave,
	// at once (so 34.61 reads them at an outbreak of war this turn).
	track.UpdateTradePacts(s, evs)
	// 24.52C: the counters are paid now (retrieved when the turn ends, 24.81D).
	for _, p := range storm.Powers {
		if cost := PlacedCost(*s, p); cost > 0 {
			ps := s.Powers[p]
			short := track.PayMandatory(ps, cost) // a secret support event played since may have taken the points (24.52B)
			*evs = append(*evs, event.DiplomacyPaid{Turn: s.Turn, Power: p, Cost: cost, TilePoints: ps.TilePoints, Deficit: short})
		}
	}
	for _, country := range d.Outbreaks { // 25.31B: at the end of the diplomatic phase
		track.BreakOutCivilWar(s, country, "25.31B", evs)
	}
	d.Outbreaks = nil
}

// beneficiary is the major power of the winning alliance that made the
// greater contribution (24.82C), Germany or France on a tie; Russia for
// Russia.
func beneficiary(side storm.Side, contrib map[storm.Power]int) storm.Power {
	switch side {
	case storm.Axis:
		if contrib[storm.Italy] > contrib[storm.Germany] {
			return storm.Italy
		}
		return storm.Germany
	case storm.Allies:
		if contrib[storm.Britain] > contrib[storm.France] {
			return storm.Britain
		}
		return storm.France
	}
	return storm.Russia
}

// Outcomes of a shift (DiplomaticResult.Change).
const changeNone = "no change: the target already has four flags (24.82D)"

// withoutCovert is the contributions 24.83B compares: the counters and
// events, covert operations (and the counter-intelligence against them)
// ignored.
func withoutCovert(contrib map[storm.Power]int, mods []storm.DiplomaticModifier) map[storm.Power]int {
	out := maps.Clone(contrib)
	for _, md := range mods {
		if md.Rule == "16.16A" {
			out[md.Power] -= md.Value
		}
	}
	return out
}

// ShiftAlignment shifts m one level for the winning side (24.82A-D) and
// says what changed; contrib is the contributions 24.83B compares.
func ShiftAlignment(s *storm.State, m *storm.Minor, side storm.Side, winner storm.Power, contrib map[storm.Power]int) string {
	c := m.FlagCounts()
	axis, allies, russia := c[storm.Germany]+c[storm.Italy], c[storm.Britain]+c[storm.France], c[storm.Russia]
	pact := storm.PactInEffect(*s)
	remove := func(p storm.Power) string {
		c[p]--
		m.SetFlagCounts(c)
		return storm.AFlag(p) + " removed"
	}
	// removeOf removes a flag of a two-power alliance: the power with
	// more flags loses one, Italy or Britain on a tie (24.82C).
	removeOf := func(a, b storm.Power) string {
		if c[a] > c[b] {
			return remove(a)
		}
		return remove(b)
	}
	switch side {
	case storm.Axis:
		switch {
		case russia > 0: // 24.82C: a Russian flag first where it shares with the Allies
			gainer := beneficiary(storm.Axis, contrib) // 24.83B: the greater contribution, Germany on a tie
			s.Diplomacy.Threat = append(s.Diplomacy.Threat, storm.DiplomaticModifier{Country: m.Name, Side: storm.Axis,
				Power: gainer, Value: 1, Rule: "24.83"})
			return remove(storm.Russia) + "; next turn a +1 modifier for " + gainer.Title() + " here (24.83)"
		case allies > 0:
			return removeOf(storm.France, storm.Britain)
		}
	case storm.Allies:
		switch {
		case axis > 0:
			return removeOf(storm.Germany, storm.Italy)
		case pact && russia > 0:
			return remove(storm.Russia)
		case !pact && russia == 4: // 24.82B: an advantage only
			return "a diplomatic advantage only: four Russian flags stay beside Allied ones (24.82B)"
		}
	case storm.Soviet:
		switch {
		case axis > 0:
			return removeOf(storm.Germany, storm.Italy)
		case pact && allies > 0:
			return removeOf(storm.France, storm.Britain)
		case !pact && allies == 4:
			return "a diplomatic advantage only: four Allied flags stay (24.82B)"
		}
	}
	if m.TotalFlags() >= 4 { // 24.82D
		return changeNone
	}
	c[winner]++
	m.SetFlagCounts(c)
	return storm.AFlag(winner) + " placed"
}

// WithDiplomacy returns s playing the diplomatic phase (the judge's
// default; a game created without it passes the phase's segments, its
// diplomatic random events kept pending).
func WithDiplomacy(s storm.State) storm.State {
	c := s.Clone()
	c.Diplomacy.On = true
	return c
}

// ResolvePlacementRound resolves a placement round (24.55): each power's
// orders checked again, the invalid ones voided (and the rest with them
// when they no longer stand alone), the rest placed.
func ResolvePlacementRound(s *storm.State, orders map[storm.Power][]storm.Order, evs *[]event.Event) {
	if !s.Diplomacy.On {
		*evs = append(*evs, event.SegmentSkipped{Turn: s.Turn, Segment: s.Segment, Note: event.NotImplemented})
		return
	}
	orders = storm.TakeStanding(s, orders) // standing.go
	accepted := map[storm.Power][]storm.Order{}
	for _, p := range storm.PlacementRounds[s.Segment] {
		if len(orders[p]) > 0 {
			accepted[p] = track.AcceptOrders(*s, p, orders[p], CheckPlacements, "24.5", "diplomatic", evs) // economic.go
		}
	}
	civilWarObligations(s, accepted, evs) // 25.52A (civilwar.go)
	disputeObligations(s, accepted, evs)  // 24.552A, C (dispute.go)
	PlaceRound(s, accepted, evs)
	if s.Segment == storm.SegDiplomacyAxis2 { // the last round: 24.81A
		revealDiplomacy(s, evs)
	}
}

// ResolveDiplomacySegment reveals the secret diplomatic events (9.41D) and,
// in a game that plays diplomacy, resolves it (24.8).
func ResolveDiplomacySegment(s *storm.State, _ map[storm.Power][]storm.Order, evs *[]event.Event) {
	if !s.Diplomacy.On {
		randomevent.RevealHeld(s, storm.RevealDiplomacy, evs) // 9.41D
		*evs = append(*evs, event.SegmentSkipped{Turn: s.Turn, Segment: s.Segment, Note: event.NotImplemented})
		return
	}
	ResolveDiplomacy(s, evs)
}

// ValidatePlacements is Validate for a placement round: the errors, and
// the state with p's counters placed (for the receipt's preview and the
// foresight of its later rounds, foresee.go): s itself when there are
// errors, else s with its events PLAYed (24.52B) and a copy of p's
// PowerState, the counters it places marked used but a free one's
// (24.53A) (the rest of it shared with s unless a PLAY cloned it).
func ValidatePlacements(s storm.State, p storm.Power, orders []storm.Order) ([]storm.IndexedError, storm.State) {
	errs := CheckPlacements(s, p, orders)
	if len(errs) > 0 {
		return errs, s
	}
	var plays []storm.Order
	for _, o := range orders {
		if o.Kind == storm.Play {
			plays = append(plays, o)
		}
	}
	if len(plays) > 0 { // 24.52B, 9.41E: played before the counters, as PlaceRound does
		s = s.Clone()
		var evs []event.Event
		randomevent.ApplyPlay(&s, p, plays, &evs)
	}
	ps := *s.Powers[p]
	for _, o := range orders {
		if o.Kind != storm.Diplomatic || len(o.Args) > 0 && o.Args[0] == "free" { // 24.53A: a free counter uses none
			continue
		}
		c, _ := storm.CountersOf(o.Counters)
		ps.Used = ps.Used.Add(c)
	}
	s.Powers = maps.Clone(s.Powers)
	s.Powers[p] = &ps
	return errs, s
}

// CanPlace reports whether p may place a counter now, judged on public
// facts only, since who is asked is public (the report's "orders are due
// from"): whether it has an activity counter left (how many, not which:
// the number it placed is public), a tile point (before the phase's
// deferred costs, 24.52C), and a target open to a counter under the rules
// that do not depend on a sealed value; a military counter on public
// support (without secret support events, 24.42E). A power not asked may
// still send standing orders.
func CanPlace(s storm.State, p storm.Power) bool {
	ps := s.Powers[p]
	if ps == nil {
		return false
	}
	valueRules := map[string]bool{"24.51": true, "24.52B": true, "24.56G": true, "12.21": true}
	var pc *placing // of pub, below
	open := func(s storm.State, o storm.Order) bool {
		for _, e := range checkPlacements(s, p, []storm.Order{o}, true, pc) {
			if !valueRules[e.Rule] {
				return false
			}
		}
		return true
	}
	av := ps.Available()
	counters := av.Three+av.Two+av.One+av.Zero > 0 && ps.TilePoints > 0
	// No secret events: support, permits, extra counters, spy rings. A
	// shallow copy will do: CheckPlacements only reads the state.
	pub := s
	pub.Events = nil
	pc = placingOf(pub, p)
	// 24.4, 25.52B: a military counter only in these or a civil war
	// (PlacementOptions).
	mil := militaryTargets(pub, p)
	for _, c := range append(DiplomaticTargets(s), storm.RussiaTarget) { // Russia: 24.56E
		if counters && open(pub, storm.Order{Kind: storm.Diplomatic, Project: c, Counters: []int{1}}) {
			return true
		}
		if ps.TilePoints > 0 && (storm.Fighting(pub, c) || slices.Contains(mil, c)) && open(pub, storm.Order{Kind: storm.MilitaryCounter, Project: c}) {
			return true
		}
	}
	return false
}

// PlacementOptions offers, for each target p may place in now, the order
// with its strongest available counter; the note says the other strengths
// and the cost (24.52C).
func PlacementOptions(s storm.State, p storm.Power) []storm.Option {
	pc := placingOf(s, p)
	av := s.Powers[p].Available()
	var strengths []string
	for _, k := range []struct{ n, v int }{{av.Three, 3}, {av.Two, 2}, {av.One, 1}, {av.Zero, 0}} {
		if k.n > 0 {
			strengths = append(strengths, fmt.Sprint(k.v))
		}
	}
	var out []storm.Option
	for _, op := range randomevent.PlayOptions(s, p) { // 24.52B: a secret support event revealed to pay
		if randomevent.PlayGain(s, p, op.Order.Card) > 0 {
			op.Note = "reveal it now to add its tile points before paying for your counters (24.52B, 9.41E); " + op.Note
		}
		out = append(out, op)
	}
	for _, f := range flexibleEvents(s, p) { // 4.16 (flexible.go)
		for _, c := range FlexibleTargets(f) {
			out = append(out, storm.Option{Order: storm.Order{Kind: storm.FlexibleOrder, Card: f.Card, Project: c},
				Note: fmt.Sprintf("card %d's %+d modifier in %s (4.16); without a FLEXIBLE line it goes to %s", f.Card, f.Value, c, FlexibleTargets(f)[0])})
		}
	}
	if p == storm.Germany && s.Segment == storm.SegDiplomacyAxis1 && anticominternAvailable(s) { // 24.31, 24.34D
		for _, c := range anticominternFirst(s) {
			out = append(out, storm.Option{Order: storm.Order{Kind: storm.AntiCominternOrder, Project: c},
				Note: fmt.Sprintf("the anti-Comintern counter, strength %d, free, in %s (24.31-24.34); without this line the judge places it in %s; your own counters there beyond its strength move it on (24.35)",
					AntiCominternStrength(s), c, anticominternFirst(s)[0])})
		}
		out = append(out, storm.Option{Order: storm.Order{Kind: storm.AntiCominternOrder, Project: "none"}, Note: "no anti-Comintern counter this turn (24.31)"})
	}
	// 24.4, 25.52B: a military counter goes to p's own targets or to a
	// civil war; the check refuses it anywhere else (checkMilitary).
	mil := militaryTargets(s, p)
	for _, c := range DiplomaticTargets(s) {
		if !storm.Fighting(s, c) && !slices.Contains(mil, c) {
			continue
		}
		if o := (storm.Order{Kind: storm.MilitaryCounter, Project: c}); len(checkPlacements(s, p, []storm.Order{o}, true, pc)) == 0 {
			out = append(out, storm.Option{Order: o, Cost: 1,
				Note: fmt.Sprintf("a military counter, placed openly: +1 for you in %s (24.42B, G); %d a turn for you now; 1 tile point at the end of the phase (24.42F)", c, pc.militaryLimit(s, p))})
		}
	}
	// 24.53A: without an additional counter to place now, the check
	// refuses it in every target.
	free := s.Powers[p].Economy.FreeDiplomaticCounters > 0 && !freeUsed(s, p, nil) && s.Segment != storm.SegDiplomacyAxis2
	if free {
		for _, c := range DiplomaticTargets(s) {
			if o := (storm.Order{Kind: storm.Diplomatic, Project: c, Counters: []int{1}, Args: []string{"free"}}); len(checkPlacements(s, p, []storm.Order{o}, true, pc)) == 0 {
				out = append(out, storm.Option{Order: o, Note: "your additional civil war counter: strength 1, free, beyond the limits, one this turn (24.53A)"})
			}
		}
	}
	// The strongest counter p may place in a target: of one counter of 3,
	// 2 or 1 the check reads the strength only in its last tests, the
	// counters left (24.51) and the tile points (24.52B), so the strongest
	// that passes those is checked, and if the target refuses it, it
	// refuses the others (TestPlacementOptionsStrengths).
	strongest := 0
	for _, n := range []int{3, 2, 1} {
		if k, _ := storm.CountersOf([]int{n}); av.Covers(k) && PlacedCost(s, p)+n <= s.Powers[p].TilePoints {
			strongest = n
			break
		}
	}
	sealed := fmt.Sprintf("sealed until diplomacy is resolved (24.54C); any of your counters %s; paid at the end of the phase (24.52C)", strings.Join(strengths, ", "))
	if strongest > 0 {
		for _, c := range append(DiplomaticTargets(s), storm.RussiaTarget) { // Russia: 24.56E, 10.91F
			o := storm.Order{Kind: storm.Diplomatic, Project: c, Counters: []int{strongest}}
			if len(checkPlacements(s, p, []storm.Order{o}, true, pc)) > 0 {
				continue
			}
			note := sealed
			if storm.Fighting(s, c) {
				note = "civil war: beyond the limits; " + note + "; your side must place a counter here, or the judge places your side's weakest (25.52A)"
			}
			note += disputeNote(s, p, c) // 24.552, 25.52A (dispute.go)
			out = append(out, storm.Option{Order: o, Cost: strongest, Note: note})
		}
	}
	return append(out, SupportEventOptions(s, p)...) // 10.41C, standing orders of the covert segment (supportevents.go)
}

// militaryTargets are where each power may place military counters for
// diplomacy (24.43D, 24.44A, 24.45A, 24.47D); Britain's serves civil wars
// only (24.46).
func militaryTargets(s storm.State, p storm.Power) []string {
	switch p {
	case storm.Germany: // 24.43D
		out := []string{"Rhineland", "Austria", "Czechoslovakia", "Poland"}
		if storm.Conquered(s, "Rhineland") {
			out = append(out, "Belgium/Luxembourg")
		}
		return out
	case storm.Italy: // 24.44A
		if storm.Conquered(s, "Albania") {
			return []string{"Greece", "Yugoslavia"}
		}
		return []string{"Albania"}
	case storm.France: // 24.45A
		return []string{"Rhineland", "Belgium/Luxembourg"}
	case storm.Russia: // 24.47D
		return slices.Clone(russianTargets)
	}
	return nil
}

// BalanceAdvantage is side's balance of power advantage for military
// counters (24.43, 24.45): the net of the four categories' levels, the
// battleship race included, in its favour (docs/rules.md).
func BalanceAdvantage(s storm.State, side storm.Side) int {
	b := track.BalanceOfPower(s)
	net := 0
	for _, c := range storm.BalanceCategories {
		net += b.Level(c)
	}
	switch side {
	case storm.Axis:
		return max(net, 0)
	case storm.Allies:
		return max(-net, 0)
	}
	return 0
}

// supportWithSecret is p's support level with the secret support events it
// holds (24.42E: they count, revealed or not).
func supportWithSecret(s storm.State, p storm.Power) int {
	n := s.Powers[p].Support
	for _, h := range append(randomevent.HeldEffects(s, p, storm.EffectSupport), randomevent.HeldEffects(s, p, storm.EffectConditionalSupport)...) {
		if v, ok := randomevent.SupportValue(s, p, h.Effect); ok {
			n += v
		}
	}
	return n
}

// MilitaryCounterLimit is how many military counters p may place for
// diplomacy this turn (24.42C, 24.43A-C, 24.44, 24.45, 24.47A-C).
func MilitaryCounterLimit(s storm.State, p storm.Power) int {
	if p == storm.Russia && (s.Russia.NoMilitaryCounters || s.Russia.GreatPurge) { // 24.47, 21.41B
		return 0
	}
	if p == storm.Italy && storm.ItalyEngaged(s) { // 29.34: its counter is at war
		return 0
	}
	return MilitaryBase(s, p) + extraMilitary(s, p) // 10.22: random events' additional counters
}

// extraMilitary counts p's additional military counters of this turn's
// random events (10.22, 24.4): the public ones and the secret ones p holds.
func extraMilitary(s storm.State, p storm.Power) int {
	n := 0
	for _, x := range s.Diplomacy.ExtraMilitary {
		if x.Power == p {
			n += x.Count
		}
	}
	for _, h := range randomevent.HeldEffects(s, p, storm.EffectExtraMilitaryCounter) {
		if e := h.Effect; e.Power == 0 || e.Power == p {
			n += max(e.Value, 1)
		}
	}
	return n
}

// MilitaryBase is p's military counter limit of 24.42C-24.47.
func MilitaryBase(s storm.State, p storm.Power) int {
	support := supportWithSecret(s, p)
	switch p {
	case storm.Germany: // 24.43A-C: both at least 1, 2, 3
		return min(BalanceAdvantage(s, storm.Axis), support, 3)
	case storm.Italy: // 24.44
		if BalanceAdvantage(s, storm.Axis) > 0 && support > 0 {
			return 1
		}
	case storm.France: // 24.45
		if BalanceAdvantage(s, storm.Allies) > 0 && support > 0 {
			return 1
		}
	case storm.Russia: // 24.47A-D, 21.41B
		if s.Russia.NoMilitaryCounters || s.Russia.GreatPurge {
			return 0
		}
		return min(track.GarrisonMilitaryCounters(s.Russia.Garrison.Surplus, support), max(support, 0)) // 24.47A-C: support 1, 2, 3
	}
	return 0
}

// checkMilitary checks one MILITARY order of p given what the check
// reads of s (pc: its earlier placements this turn), the orders before it
// and the military counters already counted; sprintf spells its message
// (checkPlacements).
func checkMilitary(s storm.State, p storm.Power, o storm.Order, pc *placing, before []storm.Order, military int, sprintf func(string, ...any) string) (rule, msg string) {
	earlier := pc.earlier
	country, ok := storm.FindCountry(o.Project)
	all := 1
	for _, pl := range earlier {
		if pl.Military {
			all++
		}
	}
	for _, b := range before {
		if b.Kind == storm.MilitaryCounter {
			all++
		}
	}
	if all > militaryCounters[p] { // 24.42C
		return "24.42C", sprintf("%s has %d military counter(s) in the game, civil war interventions included", p.Title(), militaryCounters[p])
	}
	if ok {
		if handled, rule, msg := militaryInterventionCheck(s, p, country, earlier, before); handled { // 25.52B (civilwar.go)
			if rule == "" && len(o.Args) > 0 {
				c := s.Scratch()
				var discard []event.Event
				if err := track.CivilWarResearchPoint(&c, p, o.Args[0], &discard); err != nil {
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
		return "24.21", sprintf("%q is not a diplomatic target (24.21)", o.Project)
	case s.Segment == storm.SegDiplomacyAxis2:
		return "24.42A", "Axis military counters are placed in the first round, with the first diplomatic counters"
	case !slices.Contains(militaryTargets(s, p), country):
		if p == storm.Britain {
			return "24.46", "Britain's military counter serves only to intervene in a civil war"
		}
		return militaryRule[p], sprintf("%s places military counters only in %s", p.Title(), strings.Join(militaryTargets(s, p), ", "))
	case storm.Conquered(s, country):
		return "24.56A", sprintf("%s was the target of a successful aggression", country)
	}
	if slices.ContainsFunc(earlier, func(pl storm.Placement) bool { return pl.Military && pl.Country == country }) ||
		slices.ContainsFunc(before, func(b storm.Order) bool {
			c, _ := storm.FindCountry(b.Project)
			return b.Kind == storm.MilitaryCounter && c == country
		}) {
		return "24.42D", "one military counter per country"
	}
	if limit := pc.militaryLimit(s, p); military+1 > limit {
		return militaryRule[p], sprintf("%s may place %d military counter(s) this turn (balance of power advantage %d, support %d with secret events; 24.42E)",
			p.Title(), limit, BalanceAdvantage(s, storm.SideOf(p)), supportWithSecret(s, p))
	}
	return "", ""
}

// militaryCounters are the military counters of each power in the game
// (24.42C): all its military counters of a turn, civil war interventions
// included (25.52B: one used there is not used elsewhere).
var militaryCounters = map[storm.Power]int{storm.Germany: 3, storm.Italy: 1, storm.France: 1, storm.Britain: 1, storm.Russia: 3}

var militaryRule = map[storm.Power]string{storm.Germany: "24.43", storm.Italy: "24.44", storm.France: "24.45", storm.Britain: "24.46", storm.Russia: "24.47"}
