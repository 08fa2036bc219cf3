package command

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
	"stormjudge/judge/deadline"
	"stormjudge/judge/guard"
	"stormjudge/judge/letters"
	"stormjudge/judge/publish"
	"stormjudge/orders"
	"stormjudge/report"
	"stormjudge/store"
)

// playerCommands are a player's commands, by verb.
var playerCommands = map[string]func(*cmdRun, orders.Command) error{
	orders.CmdStatus:   (*cmdRun).plStatus,
	orders.CmdOrders:   (*cmdRun).plOrders,
	orders.CmdHistory:  (*cmdRun).plHistory,
	orders.CmdPress:    (*cmdRun).pressTo,
	orders.CmdResend:   (*cmdRun).plResend,
	orders.CmdMail:     (*cmdRun).plMail,
	orders.CmdTimezone: (*cmdRun).plTimezone,
	orders.CmdAbsence:  (*cmdRun).plAbsence,
	orders.CmdExtend:   (*cmdRun).plExtend,
	orders.CmdResign:   (*cmdRun).plResign,
}

// player runs one of a player's commands (playerCommands).
func (r *cmdRun) player(c orders.Command) error {
	if run := playerCommands[c.Verb]; run != nil {
		return run(r, c)
	}
	return errors.New(letters.NotACommand)
}

// plStatus is the player's STATUS: where the game stands, and the player's own settings.
func (r *cmdRun) plStatus(c orders.Command) error {
	g := r.g
	p := r.power
	st, err := r.statusText(g, r.s, p, r.now)
	r.answers = append(r.answers, st)
	r.audit("status", p.Title()+"'s STATUS answered")
	return err
}

// plOrders is the player's ORDERS: the power's orders for the open segment.
func (r *cmdRun) plOrders(c orders.Command) error {
	g := r.g
	p := r.power
	seat := r.g.Seat(r.power)
	recs, err := r.tx.Orders(g.ID, g.Version)
	if err != nil {
		return err
	}
	rec, ok := recs[p]
	a := letters.OrdersAnswer{State: r.s, Version: g.Version, Given: ok, Zone: seat.TimeZone}
	if !slices.Contains(adjudicator.Required(r.s), p) {
		// Not asked in the open segment: "none yet" would be untrue.
		// Its standing orders for later segments instead, those kept
		// from earlier segments and those sent in this one.
		a.Power, a.NotOrdering, a.Who = p, true, whoOrders(r.s)
		var standing []storm.Order
		for _, so := range r.s.Diplomacy.Standing {
			if so.Power == p {
				o := so.Order
				o.For = so.For
				standing = append(standing, o)
			}
		}
		if ok && !rec.Pass {
			standing = append(standing, rec.Orders...)
		}
		for _, o := range standing {
			if l := report.Orders([]storm.Order{o}); !slices.Contains(a.Orders, l) {
				a.Orders = append(a.Orders, l)
			}
		}
		if ok {
			a.ByModerator, a.Received = rec.ByModerator, rec.Received
		}
		r.answers = append(r.answers, a.Text())
		r.audit("orders shown", p.Title()+"'s ORDERS answered")
		return nil
	}
	if ok {
		a.Orders = strings.Split(report.Orders(rec.Orders), "\n")
		a.ByModerator, a.Received = rec.ByModerator, rec.Received
	}
	r.answers = append(r.answers, a.Text())
	r.audit("orders shown", p.Title()+"'s ORDERS answered")
	return nil
}

// plHistory is the player's HISTORY: the versions and the power's press.
func (r *cmdRun) plHistory(c orders.Command) error {
	g := r.g
	p := r.power
	h, err := r.historyText(g, p)
	r.answers = append(r.answers, h)
	r.audit("history", p.Title()+"'s HISTORY answered")
	return err
}

// plResend is the player's RESEND <versions>: a version's report and notice again.
func (r *cmdRun) plResend(c orders.Command) error {
	g := r.g
	p := r.power
	seat := r.g.Seat(r.power)
	for _, v := range c.Versions {
		if v > g.Version {
			return errors.New(letters.NoVersion(v, g.Version, true))
		}
	}
	pub, tx, now, addr, key := r.pub, r.tx, r.now, seat.Address, r.key
	vs := c.Versions
	r.then(func() error { return resend(pub, tx, g, p, addr, vs, key, now, "") })
	r.answers = append(r.answers, letters.Resent(p, vs, addr))
	r.audit("resend", fmt.Sprintf("%s: versions %s sent again to %s", p.Title(), letters.Ints(vs), addr))
	return nil
}

// plMail is the player's MAIL DIGEST or EVERY SEGMENT (how often the
// player's mail comes) or MAIL TEXT or PICTURE (whether it carries the
// picture), for every seat of the player's address.
func (r *cmdRun) plMail(c orders.Command) error {
	g := r.g
	p := r.power
	seat := r.g.Seat(r.power)
	for i := range g.Seats {
		switch {
		case g.Seats[i].Address != seat.Address:
		case c.Word == "text" || c.Word == "picture": // the mail's form, not how often it comes
			g.Seats[i].TextOnly = c.Word == "text"
		default:
			g.Seats[i].Mail = c.Word
			g.Seats[i].Mailed = g.Version // a digest covers what comes from now on
		}
	}
	r.answers = append(r.answers, letters.MailAnswer(c.Word, false))
	r.audit("mail", fmt.Sprintf("%s: mail %s", p.Title(), c.Word))
	return nil
}

// plTimezone is the player's TIMEZONE: the zone deadlines are also shown in.
func (r *cmdRun) plTimezone(c orders.Command) error {
	g := r.g
	p := r.power
	seat := r.g.Seat(r.power)
	zone, stored := c.Word, c.Word
	if zone == "UTC" {
		stored = "" // UTC alone
	}
	for i := range g.Seats {
		if g.Seats[i].Address == seat.Address {
			g.Seats[i].TimeZone = stored
		}
	}
	r.answers = append(r.answers, letters.TimezoneAnswer(zone))
	r.audit("timezone", fmt.Sprintf("%s: time zone %s", p.Title(), zone))
	return nil
}

// plAbsence is the player's ABSENCE: declared or cancelled (absence).
func (r *cmdRun) plAbsence(c orders.Command) error {
	return r.absence(c, r.g.Seat(r.power))
}

// plExtend is the player's EXTEND <duration>: the deadline later, from the player's budget.
func (r *cmdRun) plExtend(c orders.Command) error {
	g := r.g
	p := r.power
	seat := r.g.Seat(r.power)
	if g.Paused {
		return errors.New(letters.GamePaused)
	}
	if g.Deadline.IsZero() {
		return errors.New(letters.NoDeadline)
	}
	if !slices.Contains(adjudicator.Required(r.s), p) {
		return errors.New(letters.NotOrdering(p, whoOrders(r.s)))
	}
	if !r.now.Before(g.Deadline) {
		// An extension is asked before the deadline: once it passed,
		// the miss is counted and the NMR policy runs its course (in a
		// grace, or waiting for the moderator, orders are still taken).
		return errors.New(letters.ExtendTooLate(g, r.s.Segment, seat.TimeZone))
	}
	left := g.Rules.ExtensionBudget - seat.ExtensionUsed
	if g.Rules.ExtensionBudget == 0 {
		return errors.New(letters.NoExtensionBudget)
	}
	if c.Duration > left {
		return errors.New(letters.OverExtensionBudget(c.Duration, left, g.Rules.ExtensionBudget))
	}
	seat.ExtensionUsed += c.Duration
	deadline.Move(g, g.Deadline.Add(c.Duration), r.now, letters.WhyExtended(c.Duration, p.Title()))
	r.moved = true
	r.say(letters.PlayerExtended(p, r.s.Segment, c.Duration, g.Deadline))
	r.answers = append(r.answers, letters.ExtendedAnswer(c.Duration, g.Rules.ExtensionBudget-seat.ExtensionUsed))
	r.audit("extend", fmt.Sprintf("%s: deadline extended by %s to %s; budget used %s of %s", p.Title(), orders.FormatDuration(c.Duration), g.Deadline.Format(time.RFC3339), letters.OrNone(seat.ExtensionUsed), orders.FormatDuration(g.Rules.ExtensionBudget)))
	return nil
}

// plResign is the player's RESIGN <power>: the seat to the moderator.
func (r *cmdRun) plResign(c orders.Command) error {
	g := r.g
	p := r.power
	seat := r.g.Seat(r.power)
	if c.Power != p {
		return errors.New(letters.ResignNamePower(p))
	}
	if len(g.Moderators) == 0 {
		return errors.New(letters.NoModeratorToHold)
	}
	old := seat.Address
	mod := g.Moderators[0]
	waiting := g.Waiting()
	*seat = store.Seat{Power: p, Address: mod, SecretHash: store.HashSecret(guard.NewSecret()), Vacant: true, ExtensionUsed: seat.ExtensionUsed, Missed: seat.Missed, MissedAt: seat.MissedAt,
		ConfigAddress: seat.ConfigAddress}
	if waiting { // the game has not started: the seat is open again (JOIN)
		seat.Open = true
		r.say(letters.LeftBeforeStart(p))
		r.answers = append(r.answers, letters.LeftAnswer(p, g.ID))
		r.audit("resign", fmt.Sprintf("%s: %s left before the start; the seat is open", p.Title(), old))
		return nil
	}
	r.say(letters.Resigned(p))
	r.answers = append(r.answers, letters.ResignedAnswer(p, g.ID, old))
	r.audit("resign", fmt.Sprintf("%s: %s resigned; the seat is held by %s", p.Title(), old, mod))
	return nil
}

// absence declares (or, NONE, cancels) the player's absence: dates in the
// player's time zone, from the first day's start to the last day's end.
func (r *cmdRun) absence(c orders.Command, seat *store.Seat) error {
	g, p := r.g, r.power
	if c.Max {
		return errors.New(letters.AbsenceMaxIsModerators)
	}
	if c.None {
		// An absence that moved the open segment's deadline stands: the
		// deadline keeps the time it gave, and it counts against the
		// limit (declaring an absence and cancelling it is no free
		// extension).
		var kept []store.Absence
		var standing []string
		cancelled := 0
		for _, a := range seat.Absences {
			switch {
			case !a.Until.After(r.now): // past: kept, it was spent
				kept = append(kept, a)
			case a.MovedSegment != 0 && a.MovedSegment == publish.OpenedAt(g) && !g.Deadline.IsZero():
				kept = append(kept, a)
				standing = append(standing, letters.Span(a.From, a.Until, seat.TimeZone))
			case a.From.Before(r.now): // under way: ends now
				a.Until = deadline.CeilMinute(r.now)
				kept = append(kept, a)
				cancelled++
			default:
				cancelled++
			}
		}
		switch {
		case cancelled == 0 && len(standing) > 0:
			return errors.New(letters.AbsenceStands(standing, r.s.Segment))
		case cancelled == 0:
			return errors.New(letters.NoAbsenceToCancel)
		}
		seat.Absences = kept
		r.say(letters.AbsencesCancelled(p))
		r.answers = append(r.answers, letters.CancelledAnswer(standing, r.s.Segment))
		r.audit("absence", p.Title()+": absences cancelled")
		return nil
	}
	if g.Rules.AbsenceMax == 0 {
		return errors.New(letters.NoAbsences)
	}
	loc := letters.Location(seat.TimeZone)
	from := time.Date(c.At.Year(), c.At.Month(), c.At.Day(), 0, 0, 0, 0, loc).UTC()
	until := time.Date(c.Until.Year(), c.Until.Month(), c.Until.Day()+1, 0, 0, 0, 0, loc).UTC()
	if !until.After(r.now) {
		return errors.New(letters.AbsenceOver)
	}
	if from.Before(r.now) {
		from = r.now.Truncate(time.Minute)
	}
	var used time.Duration
	for _, a := range seat.Absences {
		used += a.Until.Sub(a.From)
		if from.Before(a.Until) && a.From.Before(until) {
			return errors.New(letters.AbsenceOverlaps(a.From.In(loc), a.Until.In(loc).Add(-time.Minute)))
		}
	}
	if used+until.Sub(from) > g.Rules.AbsenceMax {
		return errors.New(letters.OverAbsenceLimit(until.Sub(from), g.Rules.AbsenceMax-used, g.Rules.AbsenceMax))
	}
	seat.Absences = append(seat.Absences, store.Absence{From: from, Until: until})
	away := letters.Away{Power: p, First: c.At, Last: c.Until, Zone: seat.TimeZone, From: from, Until: until, Segment: r.s.Segment}
	if !g.Deadline.IsZero() && !g.Paused {
		// Only the new absence moves the deadline (chained with those
		// after it): a deadline the moderator set in an earlier absence
		// stays as set.
		// On a schedule, to its first time after the absence.
		if in := !g.Deadline.Before(from) && g.Deadline.Before(until); in {
			if at, why, _ := deadline.Place(g, r.s, g.Deadline, true); !at.Equal(g.Deadline) {
				deadline.Move(g, at, r.now, why)
				r.moved = true
				away.Moved = g.Deadline
			}
		}
	}
	r.say(away.Subject(), away.Text())
	r.answers = append(r.answers, letters.AbsenceNoted(from, until, seat.TimeZone, g.Rules.AbsenceMax-used-until.Sub(from), g.Rules.AbsenceMax))
	r.audit("absence", fmt.Sprintf("%s: away %s to %s", p.Title(), from.Format(time.RFC3339), until.Format(time.RFC3339)))
	return nil
}

// resend sends the public report and power p's private notice of the
// versions vs again, to the seat's address only.
//
// why heads each copy ("" a RESEND's note, and the subjects say "sent
// again"; a new player's welcome else, "for the new player"); the open
// version's copy states its deadline.
func resend(pub *publish.Publisher, tx *store.Tx, g *store.Game, p storm.Power, addr string, vs []int, key []byte, now time.Time, why string) error {
	seat := *g.Seat(p)
	for _, v := range vs {
		s, evs, err := publish.LoadVersion(tx, g.ID, v)
		if err != nil {
			return err
		}
		note, suffix := why, letters.NewPlayerSuffix
		if note == "" {
			suffix = letters.ResentSuffix
			note = letters.ResendNote(v)
		}
		// The copies say what the version's mails said (publish.VersionMail);
		// the open version's notice carries the deadline's calendar for
		// a power that orders.
		vm, err := pub.VersionMail(tx, g, v, s, evs)
		if err != nil {
			return err
		}
		var cal []store.Attachment
		if v == g.Version && slices.Contains(adjudicator.Required(s), p) {
			cal = pub.DeadlineCalendar(g, s, now)
		}
		public := publish.ForReader(g, addr, vm.Public([]string{note}))
		public.Subject += suffix
		base := fmt.Sprintf("%s/resend/%s/v%d", g.ID, publish.ShortHash(key), v)
		if err := pub.NotifyMessage(tx, "", base+"/public", addr, public, publish.PictureSource(g.ID, v, 0, vm.View), now); err != nil {
			return err
		}
		m := publish.ForReader(g, addr, vm.Private(seat, []string{note}, nil))
		m.Subject += suffix
		if err := pub.NotifyMessage(tx, "", base+"/private", addr, m, publish.PictureSource(g.ID, v, p, vm.View), now, cal...); err != nil {
			return err
		}
	}
	return nil
}

// statusText is the answer to STATUS (letters.Status) for p (0: the
// moderator).
func (r *cmdRun) statusText(g *store.Game, s storm.State, p storm.Power, now time.Time) (string, error) {
	tx := r.tx
	miss, _, err := deadline.Waiting(tx, g, s)
	if err != nil {
		return "", err
	}
	return letters.Status{Game: g, State: s, Power: p, Now: now, AwaitsDraw: adjudicator.AwaitsDraw(s),
		Required: adjudicator.Required(s), Missing: miss}.Text(), nil
}

// historyText is the answer to HISTORY (letters.History): the game's
// last 40 versions, its rollbacks and the press power sent or received
// (0: the moderator).
func (r *cmdRun) historyText(g *store.Game, power storm.Power) (string, error) {
	tx := r.tx
	h := letters.History{Game: g, Moderator: power == 0}
	first := max(0, g.Version-39)
	var prev *storm.State
	if first > 0 {
		if p, err := tx.State(g.ID, first-1); err == nil {
			prev = &p
		}
	}
	for v := first; v <= g.Version; v++ {
		s, err := tx.State(g.ID, v)
		if err != nil {
			return "", err
		}
		d, err := publish.SetOf(tx, g.ID, v)
		if err != nil {
			return "", err
		}
		h.Versions = append(h.Versions, letters.Version{V: v, State: s, Set: d != nil, Prev: prev})
		prev = &s
	}
	if g.Rollbacks > 0 {
		log, err := tx.AuditLog(g.ID)
		if err != nil {
			return "", err
		}
		for _, e := range log {
			if e.Action == "rollback" {
				h.Rollbacks = append(h.Rollbacks, e)
			}
		}
	}
	plog, err := tx.PressLog(g.ID)
	if err != nil {
		return "", err
	}
	zone := ""
	if s := g.Seat(power); s != nil {
		zone = s.TimeZone
	}
	h.Press = letters.PressHistory(plog, power, zone)
	return h.Text(), nil
}

// whoOrders says who orders in the open segment of s.
func whoOrders(s storm.State) string {
	return letters.WhoOrders(adjudicator.AwaitsDraw(s), adjudicator.Required(s))
}
