package adjudicator

import (
	"fmt"
	"slices"
	"strings"

	"stormjudge/adjudicator/crisis"
	"stormjudge/adjudicator/diplomacy"
	"stormjudge/adjudicator/economy"
	"stormjudge/adjudicator/storm"
)

// Receipts refuse or warn the orders the state at submission shows will
// fail (docs/orders.md, "The receipt"). Validate refuses an order for the
// open segment by that segment's own checks; a standing order for a later
// placement round (standing.go) is played on the state p's orders for the
// open segment leave (diplomacy.ForeseeStanding): refused when only p's
// own orders decide its fate, accepted with a warning when a later segment
// may still let it stand. Warn lists the warnings.

// placesCounter reports a standing order that places a counter in a
// later placement round: the orders ForeseeStanding plays.
func placesCounter(o storm.Order) bool {
	_, round := storm.PlacementRounds[o.For]
	return round && (o.Kind == storm.Diplomatic || o.Kind == storm.MilitaryCounter)
}

// foresee plays p's standing placement orders (standing, at standingIdx
// of the email) on after, the state once p's orders for the open segment
// (cur) are carried out: it returns the refusals and keeps the warnings
// in c.warnings. Nothing is foreseen while an order is refused (errs):
// what the orders leave is not known then.
func (c *orderCheck) foresee(after storm.State, cur, standing []storm.Order, standingIdx []int, errs []storm.IndexedError) []storm.IndexedError {
	c.foreseen = 0
	if len(errs) > 0 || !slices.ContainsFunc(standing, placesCounter) {
		return nil
	}
	if after.Powers == nil { // the shared economic check keeps no state: validated anew
		_, after = (&orderCheck{s: c.s, p: c.p, asked: c.asked, may: c.may, who: c.who}).validate(cur)
	}
	refused, warned := diplomacy.ForeseeStanding(c.s.Segment, after, c.p, cur, standing, standingIdx, raiseWays(c.s, c.p))
	c.warnings, c.foreseen = warned, len(refused)
	if c.kept {
		return nil
	}
	return refused
}

// ValidateKept is Validate for orders the judge keeps already, those of
// several emails together (re-checked after a moderator's SET): a
// standing order the others leave no counter for is no refusal there,
// only Warn's warning; the round it is for asks the power again.
func ValidateKept(s storm.State, p storm.Power, orders []storm.Order) []storm.OrderError {
	return (&orderCheck{s: s, p: p, kept: true}).Validate(orders)
}

// raiseWays words how p's tile points may still rise before its
// placement rounds, "" when nothing can: a transfer from its partner in
// the economic phase (16.16G). (A secret support event is played with the
// round's own orders, 24.52B: a standing order does not wait for it.)
func raiseWays(s storm.State, p storm.Power) string {
	if q := storm.AlliancePartner[p]; (p == storm.Britain || p == storm.France) && s.Segment == storm.SegEconomic && economy.AngloFrenchLevels(s) > 0 {
		return fmt.Sprintf("%s transfers tile points to %s in this economic phase (TRANSFER, 16.16G)", q.Title(), p.Title())
	}
	return ""
}

// Warn lists p's orders that Validate accepts but that would fail, as
// things stand, when their segment opens, unless what the warning says
// happens first: the standing placement orders a later segment may still
// let stand. The judge asks it of a power's orders as stored, those of
// earlier emails with the new: a standing order the orders of another
// email leave no counter for is a warning too (it stands if the orders
// change), and so are those kept from the emails of earlier segments
// (their indices follow the orders'). Nil when Validate refuses the
// orders otherwise.
func Warn(s storm.State, p storm.Power, orders []storm.Order) []storm.OrderWarning {
	// The standing orders kept from the emails of earlier segments, for
	// rounds the orders do not name, follow them (indices from
	// len(orders) on).
	named := map[string]bool{}
	passTurn := false // PASS TURN: a PASS for every later segment, the kept orders replaced (keepStanding)
	for _, o := range orders {
		if isStanding(s, o) {
			named[storm.StandingKey(o)] = true
		}
		passTurn = passTurn || o.For == storm.SegTurn
	}
	all := orders
	for _, so := range s.Diplomacy.Standing {
		if !passTurn && so.Power == p && so.For.Index() > s.Segment.Index() && !named[storm.StandingKey(so.Order)] {
			all = append(all[:len(all):len(all)], so.Order)
		}
	}
	c := &orderCheck{s: s, p: p}
	errs, _ := c.validate(all)
	if len(errs) > c.foreseen {
		return nil // refused for another reason: nothing was foreseen
	}
	out := c.warnings
	for _, e := range errs {
		out = append(out, storm.OrderWarning{Order: e.Order, Index: e.Index, Rule: e.Rule, Msg: e.Msg, Stands: "your orders change", Fix: e.Fix})
	}
	out = append(out, aggressionWarnings(s, p, all)...)
	slices.SortStableFunc(out, func(a, b storm.OrderWarning) int { return a.Index - b.Index })
	return out
}

// aggressionWarnings warn a standing AGGRESSION (FOR CRISIS) that only
// the target's resistance bars now (29.34): this turn's diplomacy may
// still lower it (crisis.CheckStandingAggression refuses the rest).
func aggressionWarnings(s storm.State, p storm.Power, orders []storm.Order) []storm.OrderWarning {
	var out []storm.OrderWarning
	for i, o := range orders {
		if o.Kind != storm.AggressionOrder || o.For != storm.SegCrisisAggression || o.Project == storm.NoAggression {
			continue
		}
		for _, a := range crisis.AggressionOptions(s, p) {
			if strings.EqualFold(a.Target, o.Project) && strings.HasSuffix(a.Barred, "(29.34)") {
				out = append(out, storm.OrderWarning{Order: o, Index: i, Rule: "29.34", Msg: a.Barred,
					Stands: fmt.Sprintf("%s's resistance falls to 0 in this turn's diplomacy", a.Target)})
			}
		}
	}
	return out
}
