package autoplay

import (
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
	"stormjudge/computer"
	"stormjudge/judge/deadline"
	"stormjudge/judge/letters"
	"stormjudge/judge/publish"
	"stormjudge/store"
)

// OrdersAction is the audit action of one line of the computer player's
// orders (Orders), its detail "<Power>, <turn> <segment>: <line>
// (<reason>)": the moderators' AUDIT hides those of the open segment as
// it hides a player's orders.
const OrdersAction = "computer orders"

// Orders makes the orders of every seat the computer plays that
// must order in g's open segment (s, at g.Version) and has none, and
// returns their powers. A policy fault is no fault of the game: the seat
// is taken to PASS, the error audited and logged.
func Orders(tx *store.Tx, g *store.Game, s storm.State, now time.Time, log *slog.Logger) ([]storm.Power, error) {
	if !May(g, s) || !slices.ContainsFunc(g.Seats, func(st store.Seat) bool { return st.ByComputer() }) {
		return nil, nil
	}
	recs, err := tx.Orders(g.ID, g.Version)
	if err != nil {
		return nil, err
	}
	var done []storm.Power
	for _, p := range deadline.MissingPowers(s, recs) {
		if !For(g, p, now) {
			continue
		}
		d, derr := decideSafely(s, p)
		rec := store.OrderRecord{Power: p, Orders: d.Orders, Pass: d.Pass || len(d.Orders) == 0, From: store.ComputerFrom, Received: now, Computer: true}
		if derr != nil {
			rec.Orders, rec.Pass = nil, true
			log.Error("the computer player's fault: its seat is taken to PASS", "game", g.ID, "power", p.String(), "err", derr)
			if err := tx.Audit(g.ID, store.AuditEntry{Time: now, Actor: store.ComputerFrom, Action: "computer fault",
				Detail: fmt.Sprintf("%s, %s %s: %v; taken to PASS", p.Title(), s.Turn, s.Segment, derr)}); err != nil {
				return nil, err
			}
		}
		if old, ok := recs[p]; ok {
			// Standing orders its player sent ahead for later rounds
			// stay with the computer's (adjudicator.CombineOrders).
			rec.Orders, rec.Pass = adjudicator.CombineOrders(s, old.Orders, old.Pass, rec.Orders, rec.Pass)
		}
		if !rec.Pass && adjudicator.OnlyStanding(s, rec.Orders) {
			// Nothing for the open segment itself: PASS for it, else
			// the seat would be asked again at every Tick.
			rec.Pass = true
		}
		if err := tx.PutOrders(g.ID, g.Version, rec); err != nil {
			return nil, err
		}
		if derr == nil {
			for i, line := range d.Lines {
				why := ""
				if i < len(d.Reasons) {
					why = d.Reasons[i]
				}
				if err := tx.Audit(g.ID, store.AuditEntry{Time: now, Actor: store.ComputerFrom, Action: OrdersAction,
					Detail: fmt.Sprintf("%s, %s %s: %s (%s)", p.Title(), s.Turn, s.Segment, line, why)}); err != nil {
					return nil, err
				}
			}
		}
		done = append(done, p)
	}
	return done, nil
}

// May reports whether the computer may order in g's open
// segment (s) at all: the game runs and the segment takes orders.
func May(g *store.Game, s storm.State) bool {
	return !g.Paused && !g.Waiting() && g.Ended.IsZero() && !s.Ended && !adjudicator.AwaitsDraw(s)
}

// For reports whether the computer orders for power p of g
// now: its seat is the computer's, or in civil disorder, except while
// the grace of the deadline at which it fell into it runs (its player
// may still order late, as any player who missed it; a FORGIVE meanwhile
// leaves that grace, store.Seat.DisorderAt) and the moderator has not
// forced the segment (ADJUDICATE: the computer orders then, and the
// report says so, DisorderLead).
func For(g *store.Game, p storm.Power, now time.Time) bool {
	seat := g.Seat(p)
	switch {
	case seat == nil || !seat.ByComputer():
		return false
	case seat.Disorder && seat.DisorderAt == g.Version && !g.Forced && !g.Deadline.IsZero() && now.Before(g.Deadline.Add(g.Rules.Grace)):
		return false
	}
	return true
}

// Due reports a power of miss, the powers without orders in g's
// open segment (s), for which the computer orders now.
func Due(g *store.Game, s storm.State, miss []storm.Power, now time.Time) bool {
	return May(g, s) && slices.ContainsFunc(miss, func(p storm.Power) bool { return For(g, p, now) })
}

// decideSafely is computer.Decide with a panic turned into an error: the
// policy's fault must not stop the game, nor the judge.
func decideSafely(s storm.State, p storm.Power) (d computer.Decision, err error) {
	defer func() {
		if r := recover(); r != nil {
			d, err = computer.Decision{}, fmt.Errorf("computer: panic: %v", r)
		}
	}()
	return computer.Decide(computer.At(s, p))
}

// FallIntoDisorder puts the seats among miss that have missed the
// game's count of deadlines in a row into civil disorder (NMR COMPUTER):
// the computer plays them until their players write again. It returns
// their powers; the caller tells the players and moderators.
func FallIntoDisorder(g *store.Game, miss []storm.Power) []storm.Power {
	if deadline.NMR(g) != "computer" {
		return nil
	}
	var fell []storm.Power
	for _, p := range miss {
		seat := g.Seat(p)
		if seat == nil || seat.ByComputer() || seat.Vacant || seat.MissedRun < g.Rules.Disorder() {
			continue
		}
		seat.Disorder, seat.DisorderAt = true, g.Version
		fell = append(fell, p)
	}
	return fell
}

// DisorderLead are the report's lead lines of the powers that fell into
// civil disorder at the open segment's deadline and whose orders the
// computer gave (recs).
func DisorderLead(g *store.Game, recs map[storm.Power]store.OrderRecord) (lead []string, powers []storm.Power) {
	for _, seat := range g.Seats {
		if r, ok := recs[seat.Power]; ok && seat.Disorder && r.Computer && seat.DisorderAt == g.Version {
			lead = append(lead, letters.InDisorder(seat.Power, max(seat.MissedRun, 1)))
			powers = append(powers, seat.Power)
		}
	}
	return lead, powers
}

// TellDisorder mails each player whose seats fell into civil disorder
// that the computer plays them now, and how to come back; and audits it.
func TellDisorder(pub *publish.Publisher, tx *store.Tx, g *store.Game, s storm.State, fell []storm.Power, now time.Time) error {
	if len(fell) == 0 {
		return nil
	}
	if err := tx.Audit(g.ID, store.AuditEntry{Time: now, Actor: "judge", Action: "civil disorder",
		Detail: fmt.Sprintf("%s: the computer plays %s until its player writes again (NMR COMPUTER, %s missed in a row)", letters.Powers(fell), letters.Powers(fell), letters.Deadlines(g.Rules.Disorder()))}); err != nil {
		return err
	}
	for _, addr := range deadline.AddressesOf(g, fell) {
		if addr == "" || slices.Contains(g.Moderators, addr) {
			continue
		}
		ps := deadline.PowersAt(g, addr, fell)
		n := 0
		for _, p := range ps {
			n = max(n, g.Seat(p).MissedRun)
		}
		d := letters.Disorder{Game: g, State: s, Powers: ps, Missed: n, Judge: pub.Address}
		id := fmt.Sprintf("%s/disorder/v%d%s/%s", g.ID, g.Version, publish.Epoch(g), addr)
		if err := pub.NotifyText(tx, pub.ThreadRoot(g, addr), id, addr, d.Subject(), d.Text(), now); err != nil {
			return err
		}
	}
	return nil
}

// Reclaim gives power's seat back to its player, who wrote (from): out of
// civil disorder, its misses in a row forgotten; the moderators are
// told. It reads the game afresh: the email's commands wrote theirs.
func Reclaim(pub *publish.Publisher, tx *store.Tx, game string, power storm.Power, from string, now time.Time) error {
	g, err := tx.Game(game)
	if err != nil {
		return err
	}
	seat := g.Seat(power)
	if seat == nil || seat.Computer || (!seat.Disorder && seat.MissedRun == 0) {
		return nil
	}
	back := seat.Disorder
	seat.Disorder, seat.DisorderAt, seat.MissedRun = false, 0, 0
	if err := tx.PutGame(g); err != nil {
		return err
	}
	if !back {
		return nil
	}
	if err := tx.Audit(g.ID, store.AuditEntry{Time: now, Actor: strings.ToLower(from), Action: "civil disorder ended",
		Detail: fmt.Sprintf("%s: its player wrote again; the computer no longer orders for it", power.Title())}); err != nil {
		return err
	}
	subject, body := letters.DisorderEndedNotice(g.ID, power, seat.Address)
	for _, m := range g.Moderators {
		id := fmt.Sprintf("%s/back/%s/v%d/%s", g.ID, power, g.Version, publish.ShortHash([]byte(m+now.String())))
		if err := pub.NotifyText(tx, pub.ThreadRoot(g, m), id, m, subject, body, now); err != nil {
			return err
		}
	}
	return nil
}

// Seat is a new seat of power p for the computer, with the hash of a
// secret nobody is given; config: the operator's configuration seats it
// (store.Seat.ConfigAddress).
func Seat(p storm.Power, hash string, config bool) store.Seat {
	seat := store.Seat{Power: p, SecretHash: hash, Computer: true}
	if config {
		seat.ConfigAddress = store.ComputerFrom
	}
	return seat
}

// Give gives seat of g to the computer as the operator's configuration
// says (the judge's reseat): its player's secret revoked (hash is of a
// new one nobody is given), its misses and extension kept; audited. The
// computer orders at the next Tick (Due).
func Give(tx *store.Tx, g *store.Game, seat *store.Seat, hash string, now time.Time) error {
	old := seat.Address
	missed, used := seat.Missed, seat.ExtensionUsed
	*seat = Seat(seat.Power, hash, true)
	seat.Missed, seat.ExtensionUsed = missed, used
	return tx.Audit(g.ID, store.AuditEntry{Time: now, Actor: "operator", Action: "reseat",
		Detail: fmt.Sprintf("%s: address %s -> the computer (from the configuration)", seat.Power.Title(), old)})
}

// Back is what an accepted email (orders, PASS, a command, a CHECK) of
// power's own player in g does: it ends the seat's misses in a row, and
// gives back a seat in civil disorder, the receipt's notes saying so;
// later (nil: nothing to do) runs Reclaim after the email's commands
// wrote the game.
func Back(pub *publish.Publisher, tx *store.Tx, g *store.Game, power storm.Power, from string, now time.Time) (notes []string, later func() error) {
	seat := g.Seat(power)
	if seat == nil || seat.Computer || seat.Vacant || (!seat.Disorder && seat.MissedRun == 0) {
		return nil, nil
	}
	if seat.Disorder {
		notes = append(notes, letters.DisorderEnded(power))
	}
	game := g.ID
	return notes, func() error { return Reclaim(pub, tx, game, power, from, now) }
}

// After is the count of deadlines missed in a row after which a seat of
// g falls into civil disorder; 0 under an NMR policy other than
// COMPUTER (the export).
func After(g *store.Game) int {
	if deadline.NMR(g) != "computer" {
		return 0
	}
	return g.Rules.Disorder()
}
