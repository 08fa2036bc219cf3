// Package report renders adjudication results as plain-text mail: the
// public turn report, each power's private notice, and orders as
// understood. Everything shown comes from typed events and the state after
// adjudication; nothing is computed here. Lines are at most 72 characters so
// the text stays tidy in a phone mail app.
package report

import (
	"fmt"
	"strings"

	"stormjudge/adjudicator"
)

// Width is the longest line the renderer writes.
const Width = 72

// Public renders the public report of one adjudication: the public events
// by turn and phase, each power's tile points and factories (public, 6.31),
// and which segment is open next with who must order.
func Public(game string, events []adjudicator.Event, after adjudicator.State) (subject, body string) {
	var w writer
	w.title(fmt.Sprintf("Gathering Storm game %s: public report", game))
	var pub []adjudicator.Event
	for _, e := range events {
		if e.Visibility().Public {
			pub = append(pub, e)
		}
	}
	renderEvents(&w, pub, after)
	w.blank()
	w.heading("Tile points and factories (public, rule 6.31)")
	w.line(fmt.Sprintf("%-9s %5s %8s %8s %5s", "Power", "Tiles", "Civilian", "Military", "Idle"))
	for _, p := range adjudicator.Powers {
		ps := after.Powers[p]
		if ps == nil {
			continue
		}
		w.line(fmt.Sprintf("%-9s %5d %8d %8d %5d", p.Title(), ps.TilePoints,
			ps.Factories.Civilian, ps.Factories.Military, ps.Factories.Idle))
	}
	w.blank()
	balanceOfPower(&w, after) // naval.go
	w.blank()
	next(&w, after)
	return fmt.Sprintf("[%s] Report: %s, %s next", game, after.Turn, strings.ToLower(after.Segment.Title())), w.String()
}

// Private renders power p's private notice: its private events, tile
// points, factories, activity counters, mobilizations, and what it may order
// next with a ready-to-copy order block. The real secret is never shown: the
// renderer does not know it.
func Private(game string, p adjudicator.Power, events []adjudicator.Event, after adjudicator.State) (subject, body string) {
	var w writer
	title := fmt.Sprintf("Gathering Storm game %s: private notice for %s", game, p.Title())
	w.title(title)
	var mine []adjudicator.Event
	for _, e := range events {
		if v := e.Visibility(); !v.Public && v.Power == p {
			mine = append(mine, e)
		}
	}
	if len(mine) > 0 {
		w.blank()
		w.heading("For your eyes only")
		for _, e := range mine {
			privateEvent(&w, e)
		}
	}
	ps := after.Powers[p]
	if ps == nil {
		w.blank()
		w.line(p.Title() + " is not in this game.")
		return fmt.Sprintf("[%s] %s: private notice", game, p.Title()), w.String()
	}
	w.blank()
	w.heading(fmt.Sprintf("%s, %s (%s)", p.Title(), after.Turn, after.Segment.Title()))
	w.line(fmt.Sprintf("Tile points: %d", ps.TilePoints))
	w.line(fmt.Sprintf("Factories: %d civilian, %d military, %d idle",
		ps.Factories.Civilian, ps.Factories.Military, ps.Factories.Idle))
	w.line(fmt.Sprintf("Support level this turn: %+d", ps.Support))
	supportDetail(&w, after, p) // economy.go
	c := ps.Counters
	w.wrap(fmt.Sprintf("Activity counters: %s", counters(c)), "  ")
	mob := fmt.Sprintf("Mobilizations so far: %d", ps.Mobilizations)
	w.wrap(mob, "  ")
	if len(ps.MobilizationTurns) > 0 {
		var ts []string
		for _, t := range ps.MobilizationTurns {
			ts = append(ts, t.String())
		}
		w.wrap("Mobilized in: "+strings.Join(ts, ", "), "  ")
	}
	powerUnits(&w, ps) // units.go
	if p == adjudicator.Russia {
		w.line(fmt.Sprintf("Cohesion: %s (%d purge events)", after.Russia.Cohesion, after.Russia.PurgeEvents))
	}
	if adjudicator.ShipbuildingRate(after, p) > 0 {
		w.blank()
		navalChart(&w, p, after) // naval.go
	}
	researchSheet(&w, p, after) // research.go
	w.blank()
	orderNext(&w, game, p, after)
	return fmt.Sprintf("[%s] %s: %s, %s", game, p.Title(), after.Turn, strings.ToLower(after.Segment.Title())), w.String()
}

// Orders renders orders as understood, one per line, or PASS when empty.
func Orders(orders []adjudicator.Order) string {
	if len(orders) == 0 {
		return "PASS"
	}
	lines := make([]string, len(orders))
	for i, o := range orders {
		lines[i] = o.String()
	}
	return strings.Join(lines, "\n")
}

// counters words the counters c holds, e.g. "2 x 3, 1 x 1", or "none".
// TilePoints words n tile points, singular for one.
func TilePoints(n int) string {
	if n == 1 || n == -1 {
		return fmt.Sprintf("%d tile point", n)
	}
	return fmt.Sprintf("%d tile points", n)
}

// withArticle puts "a" or "an" before word, by its first letter.
func withArticle(word string) string {
	if word != "" && strings.ContainsRune("aeiouAEIOU", rune(word[0])) {
		return "an " + word
	}
	return "a " + word
}

func counters(c adjudicator.ActivityCounters) string {
	if parts := counterTerms(c, false); len(parts) > 0 {
		return strings.Join(parts, ", ")
	}
	return "none"
}

// counterTerms words each kind of counter in c, strongest first, leaving
// out the kinds c has none of: "2 x 3", or with sign "+2 x 3".
func counterTerms(c adjudicator.ActivityCounters, withSign bool) []string {
	var parts []string
	for _, k := range []struct {
		n    int
		what string
	}{{c.Three, "3"}, {c.Two, "2"}, {c.One, "1"}, {c.Zero, "0"}, {c.Ship, "1 (shipbuilding only)"}, {c.Research, "1 (research only)"}} {
		switch {
		case withSign && k.n != 0:
			parts = append(parts, fmt.Sprintf("%s x %s", signed(k.n), k.what))
		case !withSign && k.n > 0:
			parts = append(parts, fmt.Sprintf("%d x %s", k.n, k.what))
		}
	}
	return parts
}

// next tells which segment is open and who must order.
func next(w *writer, s adjudicator.State) {
	if s.Ended {
		w.line("The game has ended.")
		return
	}
	w.heading("Next")
	if adjudicator.AwaitsDraw(s) {
		w.wrap(fmt.Sprintf("%s, %s: the moderator draws the random event cards and the purge card from the physical deck; the judge applies them when told.",
			s.Segment.Title(), s.Turn), "")
		return
	}
	req := adjudicator.Required(s)
	if len(req) == 0 {
		w.wrap(fmt.Sprintf("%s, %s: no orders needed.", s.Segment.Title(), s.Turn), "")
		return
	}
	names := make([]string, len(req))
	for i, p := range req {
		names[i] = p.Title()
	}
	w.wrap(fmt.Sprintf("%s, %s is open. Orders are due from %s.",
		s.Segment.Title(), s.Turn, strings.Join(names, ", ")), "")
}

// orderNext lists what p may order now with costs, and an order block.
func orderNext(w *writer, game string, p adjudicator.Power, s adjudicator.State) {
	required := false
	for _, q := range adjudicator.Required(s) {
		required = required || q == p
	}
	if !required {
		w.heading("What you may order now")
		w.wrap(fmt.Sprintf("Nothing: %s, %s needs no orders from %s.", s.Segment.Title(), s.Turn, p.Title()), "")
		return
	}
	opts := adjudicator.Allowed(s, p)
	w.heading(fmt.Sprintf("What you may order now (%s, %s)", s.Segment.Title(), s.Turn))
	if len(opts) == 0 {
		w.wrap("No order is possible for you in this segment; send PASS.", "")
	}
	for _, o := range opts {
		w.line(fmt.Sprintf("%-26s cost %s", o.Order.String(), TilePoints(o.Cost)))
		for _, with := range o.With { // orders to send with it (e.g. 15.22)
			w.indented("+ "+with.String(), "  ")
		}
		if o.Note != "" {
			w.indented(o.Note, "    ")
		}
	}
	w.line("PASS                       no order")
	w.blank()
	w.line("Reply with your orders, one a line (or PASS alone):")
	w.blank()
	example := []string{"PASS"}
	if len(opts) > 0 {
		example = nil
		for _, o := range opts[0].Orders() {
			example = append(example, o.String())
		}
	}
	w.line("GAME " + game)
	w.line("POWER " + p.String())
	w.line("SECRET <your secret>")
	for _, l := range example {
		w.line(l)
	}
	w.line("END")
}

func privateEvent(w *writer, e adjudicator.Event) {
	switch e := e.(type) {
	case adjudicator.OrderVoided:
		w.wrap(fmt.Sprintf("Your order %s was void (rule %s: %s).", e.Order, e.Rule, e.Msg), "  ")
	default:
		if !navalEvent(w, e) && !researchEvent(w, e) && !unitEvent(w, e) && !randomEvent(w, e) { // naval.go, research.go, units.go
			w.wrap(fmt.Sprintf("%s event.", e.Type()), "  ")
		}
	}
}
