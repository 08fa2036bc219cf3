package judge

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
	"stormjudge/computer"
	"stormjudge/judge/command"
	"stormjudge/judge/deadline"
	"stormjudge/judge/letters"
	"stormjudge/judge/publish"
	"stormjudge/store"
)

// The computer player's seats (docs/orders.md "The computer player"): a
// seat the moderator gave to the computer (store.Seat.Computer) or one
// in civil disorder (store.Seat.Disorder) orders through the same door
// as a player's email, its lines read by orders.Parse and checked by
// adjudicator.Validate (computer.Decide), stored as the seat's order
// record (From store.ComputerFrom) and audited one line an order with
// its reason. Its orders are made in the transaction that opens the
// segment (commit), when a seat is given to the computer (REPLACE ...
// COMPUTER, civil disorder), and by Adjudicate for a seat still without
// them (a game resumed, a segment opened before): the game is then
// ready by the usual path (work), one segment per Adjudicate, so a game
// of computers alone moves one segment a Tick and never loops.

// computerOrders makes the orders of every seat the computer plays that
// must order in g's open segment (s, at g.Version) and has none, and
// returns their powers. A policy fault is no fault of the game: the seat
// is taken to PASS, the error audited and logged.
func (j *Judge) computerOrders(tx *store.Tx, g *store.Game, s storm.State, now time.Time) ([]storm.Power, error) {
	if !computerMay(g, s) || !slices.ContainsFunc(g.Seats, func(st store.Seat) bool { return st.ByComputer() }) {
		return nil, nil
	}
	recs, err := tx.Orders(g.ID, g.Version)
	if err != nil {
		return nil, err
	}
	var done []storm.Power
	for _, p := range deadline.MissingPowers(s, recs) {
		if !computerOrdersFor(g, p, now) {
			continue
		}
		d, derr := decideSafely(s, p)
		rec := store.OrderRecord{Power: p, Orders: d.Orders, Pass: d.Pass || len(d.Orders) == 0, From: store.ComputerFrom, Received: now, Computer: true}
		if derr != nil {
			rec.Orders, rec.Pass = nil, true
			j.log.Error("the computer player's fault: its seat is taken to PASS", "game", g.ID, "power", p.String(), "err", derr)
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
				if err := tx.Audit(g.ID, store.AuditEntry{Time: now, Actor: store.ComputerFrom, Action: command.ComputerOrdersAction,
					Detail: fmt.Sprintf("%s, %s %s: %s (%s)", p.Title(), s.Turn, s.Segment, line, why)}); err != nil {
					return nil, err
				}
			}
		}
		done = append(done, p)
	}
	return done, nil
}

// computerMay reports whether the computer may order in g's open
// segment (s) at all: the game runs and the segment takes orders.
func computerMay(g *store.Game, s storm.State) bool {
	return !g.Paused && !g.Waiting() && g.Ended.IsZero() && !s.Ended && !adjudicator.AwaitsDraw(s)
}

// computerOrdersFor reports whether the computer orders for power p of g
// now: its seat is the computer's, or in civil disorder, except while
// the grace of the deadline at which it fell into it runs (its player
// may still order late, as any player who missed it).
func computerOrdersFor(g *store.Game, p storm.Power, now time.Time) bool {
	seat := g.Seat(p)
	switch {
	case seat == nil || !seat.ByComputer():
		return false
	case seat.Disorder && slices.Contains(seat.MissedAt, g.Version) && !g.Deadline.IsZero() && now.Before(g.Deadline.Add(g.Rules.Grace)):
		return false
	}
	return true
}

// computerDue reports a power of miss, the powers without orders in g's
// open segment (s), for which the computer orders now.
func computerDue(g *store.Game, s storm.State, miss []storm.Power, now time.Time) bool {
	return computerMay(g, s) && slices.ContainsFunc(miss, func(p storm.Power) bool { return computerOrdersFor(g, p, now) })
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

// fallIntoDisorder puts the seats among miss that have missed the
// game's count of deadlines in a row into civil disorder (NMR COMPUTER):
// the computer plays them until their players write again. It returns
// their powers; the caller tells the players and moderators.
func fallIntoDisorder(g *store.Game, miss []storm.Power) []storm.Power {
	if deadline.NMR(g) != "computer" {
		return nil
	}
	var fell []storm.Power
	for _, p := range miss {
		seat := g.Seat(p)
		if seat == nil || seat.ByComputer() || seat.Vacant || seat.MissedRun < g.Rules.Disorder() {
			continue
		}
		seat.Disorder = true
		fell = append(fell, p)
	}
	return fell
}

// disorderLead are the report's lead lines of the powers that fell into
// civil disorder at the open segment's deadline and whose orders the
// computer gave (recs).
func disorderLead(g *store.Game, recs map[storm.Power]store.OrderRecord) (lead []string, powers []storm.Power) {
	for _, seat := range g.Seats {
		if r, ok := recs[seat.Power]; ok && seat.Disorder && r.Computer && slices.Contains(seat.MissedAt, g.Version) {
			lead = append(lead, letters.InDisorder(seat.Power, seat.MissedRun))
			powers = append(powers, seat.Power)
		}
	}
	return lead, powers
}

// tellDisorder mails each player whose seats fell into civil disorder
// that the computer plays them now, and how to come back; and audits it.
func (j *Judge) tellDisorder(tx *store.Tx, g *store.Game, s storm.State, fell []storm.Power, now time.Time) error {
	if len(fell) == 0 {
		return nil
	}
	if err := tx.Audit(g.ID, store.AuditEntry{Time: now, Actor: "judge", Action: "civil disorder",
		Detail: fmt.Sprintf("%s: the computer plays %s until its player writes again (NMR COMPUTER, %d deadlines missed in a row)", letters.Powers(fell), letters.Powers(fell), g.Rules.Disorder())}); err != nil {
		return err
	}
	for _, addr := range deadline.AddressesOf(g, fell) {
		if addr == "" || contains(g.Moderators, addr) {
			continue
		}
		ps := deadline.PowersAt(g, addr, fell)
		n := 0
		for _, p := range ps {
			n = max(n, g.Seat(p).MissedRun)
		}
		d := letters.Disorder{Game: g, State: s, Powers: ps, Missed: n, Judge: j.opt.Address}
		id := fmt.Sprintf("%s/disorder/v%d%s/%s", g.ID, g.Version, publish.Epoch(g), addr)
		if err := j.pub.NotifyText(tx, j.pub.ThreadRoot(g, addr), id, addr, d.Subject(), d.Text(), now); err != nil {
			return err
		}
	}
	return nil
}

// reclaim gives power's seat back to its player, who wrote (from): out of
// civil disorder, its misses in a row forgotten; the moderators are
// told. It reads the game afresh: the email's commands wrote theirs.
func (j *Judge) reclaim(tx *store.Tx, game string, power storm.Power, from string, now time.Time) error {
	g, err := tx.Game(game)
	if err != nil {
		return err
	}
	seat := g.Seat(power)
	if seat == nil || seat.Computer || (!seat.Disorder && seat.MissedRun == 0) {
		return nil
	}
	back := seat.Disorder
	seat.Disorder, seat.MissedRun = false, 0
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
		if err := j.pub.NotifyText(tx, j.pub.ThreadRoot(g, m), id, m, subject, body, now); err != nil {
			return err
		}
	}
	return nil
}
