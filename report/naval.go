package report

import (
	"fmt"
	"strconv"
	"strings"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
)

// Rendering of shipbuilding (19) and the balance of power (20): a power's
// naval construction chart for its private notice, the balance of power
// for the public report, and the shipbuilding events. The adjudicator
// computes everything; this only words it.

// navalSection names the report section of a shipbuilding or balance
// event.
func navalSection(e event.Event) (string, bool) {
	switch e.(type) {
	case event.ShipbuildingRevealed:
		return storm.SegEconomic.Title() + ": shipbuilding (rule 13.12C)", true
	case event.BalanceOfPowerChanged:
		return "balance of power (rule 20)", true // in the phase it changed in (20.53)
	}
	return "", false
}

// navalEvent renders a shipbuilding or balance event; false if e is not one.
func navalEvent(w *writer, e event.Event) bool {
	switch e := e.(type) {
	case event.ShipLaidDown:
		cost := fmt.Sprintf("for %d point(s) (rules 19.61, 19.52A)", e.Cost)
		if e.Free {
			cost = "at no cost, from a random event (rules 19.61, 19.62)"
		}
		w.wrap(fmt.Sprintf("%s: you lay down %s in row %d, %s column, %s.",
			e.Power.Title(), shipLabel(e.Power, e.Ship), e.Ship.Row, e.Ship.Column, cost), "  ")
	case event.ShipAdvanced:
		w.wrap(fmt.Sprintf("%s: %s advances to row %d for %d point(s) (rule 19.71).",
			e.Power.Title(), shipLabel(e.Power, e.Ship), e.Ship.Row, e.Cost), "  ")
	case event.ShipAccelerated:
		cost := fmt.Sprintf("for %d point(s) (rule 19.73)", e.Cost)
		if e.Free {
			cost = "at no cost, from a random event (rule 19.73D)"
		}
		w.wrap(fmt.Sprintf("%s: %s is accelerated %d column(s), now in the %s column, %s.",
			e.Power.Title(), shipLabel(e.Power, e.Ship), e.Columns, e.Ship.Column, cost), "  ")
	case event.ShipDeferred:
		w.wrap(fmt.Sprintf("%s: %s is deferred to the %s column (rule 19.72).",
			e.Power.Title(), shipLabel(e.Power, e.Ship), e.Ship.Column), "  ")
	case event.ShipLaunched:
		w.wrap(fmt.Sprintf("%s: %s is launched (rule 19.74).", e.Power.Title(), shipLabel(e.Power, e.Ship)), "  ")
	case event.ShipbuildingPaid:
		// Cost is what the ship orders needed, not the tile points the
		// counters cost (12.31): those are in the tile points left.
		s := fmt.Sprintf("%s: shipbuilding with counters %s (paid in tile points, rule 12.31); the ship orders needed %d point(s)", e.Power.Title(), counters(e.Counters), e.Cost)
		if e.SavedUsed > 0 {
			s += fmt.Sprintf(", %d saved point(s) spent", e.SavedUsed)
		}
		if e.LeftoverUsed > 0 {
			s += fmt.Sprintf(", %d point(s) left over from unit construction (rule 12.41B)", e.LeftoverUsed)
		}
		if e.SavedAdded > 0 {
			s += fmt.Sprintf(", %d point(s) saved (rule 19.75)", e.SavedAdded)
		}
		if e.Wasted > 0 {
			s += fmt.Sprintf(", %d point(s) paid beyond the cost", e.Wasted)
		}
		w.wrap(s+fmt.Sprintf("; %s left.", TilePoints(e.TilePoints)), "  ")
	case event.ShipbuildingRevealed:
		var parts []string
		if len(e.LaidDown) > 0 {
			parts = append(parts, "lays down "+classList(e.Power, e.LaidDown))
		}
		if e.Advanced > 0 {
			parts = append(parts, fmt.Sprintf("advances %d ship(s)", e.Advanced))
		}
		if e.Accelerated > 0 {
			parts = append(parts, fmt.Sprintf("accelerates %d", e.Accelerated))
		}
		if e.Deferred > 0 {
			parts = append(parts, fmt.Sprintf("defers %d", e.Deferred))
		}
		if len(e.Launched) > 0 {
			parts = append(parts, "launches "+classList(e.Power, e.Launched))
		}
		if len(parts) == 0 {
			parts = append(parts, "builds no ship")
		}
		s := fmt.Sprintf("%s %s; counters used %s; saved points %d", e.Power.Title(),
			strings.Join(parts, ", "), counters(e.Counters), e.Saved)
		if e.BalanceCounters > 0 {
			s += fmt.Sprintf("; %d naval balance of power counter(s) placed (rule 19.81)", e.BalanceCounters)
		}
		w.wrap(s+".", "  ")
	case event.BalanceOfPowerChanged:
		if e.Balance == e.Before {
			w.wrap("The balance of power is unchanged (below).", "  ")
		} else {
			w.wrap("The balance of power changes: "+balanceLine(e.Before)+" -> "+balanceLine(e.Balance)+".", "  ")
		}
	default:
		return false
	}
	return true
}

func classList(p storm.Power, cs []storm.ShipClass) string {
	var s []string
	for _, c := range cs {
		s = append(s, "a "+c.Name(p))
	}
	return strings.Join(s, ", ")
}

// balanceLine is "armor +1, infantry +1, air 0, naval -2" (+ Axis, - Allies).
func balanceLine(b storm.Balance) string {
	var s []string
	for _, c := range storm.BalanceCategories {
		s = append(s, fmt.Sprintf("%s %s", c, level(b.Level(c))))
	}
	return strings.Join(s, ", ")
}

func level(n int) string {
	if n == 0 {
		return "0"
	}
	return signed(n)
}

// balanceOfPower writes the public balance of power table (20.3): the
// counters of each side and the level per category, + for the Axis, - for
// the Allies.
func balanceOfPower(w *writer, pv adjudicator.PublicView) {
	b := pv.Balance
	w.heading("Balance of power (rule 20; + Axis, - Allies)")
	var rows [][]string
	for _, r := range b.Rows {
		rows = append(rows, []string{string(r.Category), fmt.Sprint(r.Axis), fmt.Sprint(r.Allies), level(r.Level)})
	}
	w.table("%-9s %5s %7s %6s", []string{"Category", "Axis", "Allies", "Level"}, rows)
	if b.Race != 0 {
		w.wrap(fmt.Sprintf("The naval level includes %s for the battleship race (rules 19.9, 20.54).", signed(b.Race)), "  ")
	}
}

// navalChart writes p's naval construction chart (19.21) for its private
// notice: the ships by row and season column, launched ships, and the
// shipbuilding rate, capacity and saved points.
func navalChart(w *writer, p storm.Power, n *adjudicator.NavalView, eai int) {
	w.heading("Naval construction chart (rule 19.2)")
	var costs []string
	for _, c := range n.ShipCosts {
		costs = append(costs, fmt.Sprintf("%s %d", c.Class.Short(), c.Cost))
	}
	w.wrap(fmt.Sprintf("Shipbuilding rate %d, shipyard capacity %d, %d under construction, %d saved point(s); "+
		"a ship costs its size less the EAI (%+d), at least 1: %s (rules 19.3, 19.4, 19.52A, 19.75).",
		n.Rate, n.Capacity, len(n.Building), n.Saved, eai, strings.Join(costs, ", ")), "  ")
	seasons := []storm.Season{storm.Spring, storm.Summer, storm.Fall, storm.Winter}
	header := []string{"Row"}
	for _, se := range seasons {
		header = append(header, se.String())
	}
	var rows [][]string
	for row := 5; row >= 2; row-- {
		var cells [4][]string
		for _, sh := range n.Building {
			if sh.Row == row && sh.Column >= storm.Spring && sh.Column <= storm.Winter {
				cells[sh.Column-storm.Spring] = append(cells[sh.Column-storm.Spring], shipCell(sh))
			}
		}
		depth := 1
		for _, c := range cells {
			depth = max(depth, len(c))
		}
		for k := 0; k < depth; k++ {
			label := ""
			if k == 0 {
				label = fmt.Sprint(row)
			}
			r := []string{label}
			for _, c := range cells {
				cell := ""
				if k < len(c) {
					cell = c[k]
				}
				r = append(r, cell)
			}
			rows = append(rows, r)
		}
	}
	w.table("%-6s %-16s %-16s %-16s %-16s", header, rows)
	if len(n.Launched) > 0 {
		var ls []string
		for _, sh := range n.Launched {
			ls = append(ls, fmt.Sprintf("%s in %s", shipLabel(p, sh), sh.LaunchedIn))
		}
		w.wrap("Launched: "+strings.Join(ls, "; ")+".", "  ")
	}
	if n.PreGameCarriers > 0 {
		w.wrap(fmt.Sprintf("Carriers built before the game: %d (rule 19.63A).", n.PreGameCarriers), "  ")
	}
	w.wrap("A ship is advanced in the turns of its column's season (rule 19.71): ADVANCE SHIP <n> WITH <counters>.", "  ")
}

// shipCell is "#2 BB4" for the chart.
func shipCell(sh storm.Ship) string {
	return fmt.Sprintf("#%d %s", sh.No, sh.Class.Short())
}

// shipLabel names a ship for reports: "ship 3 (4-factor battleship)".
func shipLabel(p storm.Power, sh storm.Ship) string {
	return "ship " + strconv.Itoa(sh.No) + " (" + sh.Class.Name(p) + ")"
}
