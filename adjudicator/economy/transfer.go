package economy

import (
	"fmt"

	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
)

// Anglo-French cooperation (16.16G): for each level achieved, one tile
// point a turn may pass between Britain and France. By email it is an order
// of the economic phase, TRANSFER <n> TO <power>, carried out at the end of
// the phase after the giver's other orders (docs/rules.md r-16-16g), so
// the points serve the receiver from the diplomatic phase on.

var transferKinds = []storm.OrderKind{storm.Transfer}

// AngloFrenchLevels is the Allies' Anglo-French cooperation levels (16.16G).
func AngloFrenchLevels(s storm.State) int {
	return ResearchResults(s, storm.Allies, 0, storm.ProjectAngloFrench)
}

// checkTransfer checks p's TRANSFER orders against the levels, this turn's
// transfers so far and p's tile points after its other economic orders
// (the scratch state Validate passes).
func checkTransfer(s storm.State, p storm.Power, orders []storm.Order) []storm.IndexedError {
	var errs []storm.IndexedError
	bad := func(i int, format string, a ...any) {
		errs = append(errs, storm.IndexedError{OrderError: storm.OrderError{Order: orders[i], Rule: "16.16G", Msg: fmt.Sprintf(format, a...)}, Index: i})
	}
	levels := AngloFrenchLevels(s)
	done := s.Powers[storm.Britain].Economy.Transferred + s.Powers[storm.France].Economy.Transferred
	total := 0
	for i, o := range orders {
		to, ok := storm.ParsePower(o.Project)
		switch {
		case p != storm.Britain && p != storm.France:
			bad(i, "only Britain and France transfer tile points (Anglo-French cooperation)")
		case !ok || to != storm.AlliancePartner[p]:
			bad(i, "%s transfers tile points to %s only", p.Title(), storm.AlliancePartner[p].Title())
		case o.Points < 1:
			bad(i, "transfer at least 1 tile point")
		case done+total+o.Points > levels:
			bad(i, "%d Anglo-French cooperation level(s): %d tile point(s) a turn between Britain and France, %d transferred already", levels, levels, done+total)
		case total+o.Points > s.Powers[p].TilePoints:
			bad(i, "%s has %d tile point(s) after its other orders", p.Title(), s.Powers[p].TilePoints)
		default:
			total += o.Points
		}
	}
	return errs
}

// applyTransfer carries out p's checked transfers.
func applyTransfer(s *storm.State, p storm.Power, orders []storm.Order, evs *[]event.Event) {
	for _, o := range orders {
		to, _ := storm.ParsePower(o.Project)
		// The powers' orders are checked against the same state: the
		// levels Britain used first in the order of play are gone.
		if done := s.Powers[storm.Britain].Economy.Transferred + s.Powers[storm.France].Economy.Transferred; done+o.Points > AngloFrenchLevels(*s) {
			*evs = append(*evs, event.OrderVoided{Power: p, Order: o, Rule: "16.16G",
				Msg: fmt.Sprintf("%s transferred first this turn, in the order of play: %d of %d level(s) left", storm.AlliancePartner[p].Title(), max(AngloFrenchLevels(*s)-done, 0), AngloFrenchLevels(*s))})
			continue
		}
		s.Powers[p].TilePoints -= o.Points
		s.Powers[to].TilePoints += o.Points
		s.Powers[p].Economy.Transferred += o.Points
		*evs = append(*evs, event.TilePointsTransferred{Turn: s.Turn, From: p, To: to, Points: o.Points,
			FromTilePoints: s.Powers[p].TilePoints, ToTilePoints: s.Powers[to].TilePoints})
	}
}
