package command

import (
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
	return fmt.Errorf("not a command for this email")
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
	var b strings.Builder
	fmt.Fprintf(&b, "Your orders for %s, %s (version %d):\n", r.s.Turn, r.s.Segment.Title(), g.Version)
	if !ok {
		b.WriteString("  none yet.\n")
	} else {
		for _, l := range strings.Split(report.Orders(rec.Orders), "\n") {
			b.WriteString("  " + l + "\n")
		}
		who := "you"
		if rec.ByModerator {
			who = "the moderator"
		}
		fmt.Fprintf(&b, "Sent by %s, received %s.\n", who, letters.DeadlineText(rec.Received, seat.TimeZone))
	}
	r.answers = append(r.answers, b.String())
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
			return fmt.Errorf("there is no version %d: the game is at version %d (HISTORY lists them)", v, g.Version)
		}
	}
	pub, tx, now, addr, key := r.pub, r.tx, r.now, seat.Address, r.key
	vs := c.Versions
	r.then(func() error { return resend(pub, tx, g, p, addr, vs, key, now, "") })
	r.answers = append(r.answers, fmt.Sprintf("The public report and %s's private notice of version(s) %s are sent again to %s.", p.Title(), letters.Ints(vs), addr))
	r.audit("resend", fmt.Sprintf("%s: versions %s sent again to %s", p.Title(), letters.Ints(vs), addr))
	return nil
}

// plMail is the player's MAIL DIGEST or EVERY SEGMENT: how the player's mail comes.
func (r *cmdRun) plMail(c orders.Command) error {
	g := r.g
	p := r.power
	seat := r.g.Seat(r.power)
	for i := range g.Seats {
		if g.Seats[i].Address == seat.Address {
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
	r.answers = append(r.answers, fmt.Sprintf("Your time zone is %s: deadlines are shown in it besides UTC.", zone))
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
		return fmt.Errorf("the game is paused")
	}
	if g.Deadline.IsZero() {
		return fmt.Errorf("the open segment has no deadline")
	}
	if !slices.Contains(adjudicator.Required(r.s), p) {
		return fmt.Errorf("%s does not order in the open segment (%s)", p.Title(), whoOrders(r.s))
	}
	left := g.Rules.ExtensionBudget - seat.ExtensionUsed
	if g.Rules.ExtensionBudget == 0 {
		return fmt.Errorf("this game gives no extension budget (the moderator may extend a deadline)")
	}
	if c.Duration > left {
		return fmt.Errorf("%s is more than what is left of your extension budget: %s of %s", orders.FormatDuration(c.Duration), orders.FormatDuration(left), orders.FormatDuration(g.Rules.ExtensionBudget))
	}
	seat.ExtensionUsed += c.Duration
	deadline.Move(g, g.Deadline.Add(c.Duration), r.now)
	r.moved = true
	r.say("Deadline extended by "+p.Title(), fmt.Sprintf("%s's player extended the deadline of %s by %s, to %s.", p.Title(), r.s.Segment.Title(), orders.FormatDuration(c.Duration), letters.DeadlineText(g.Deadline, "")))
	r.answers = append(r.answers, fmt.Sprintf("Extended by %s; %s of your budget is left.", orders.FormatDuration(c.Duration), letters.OrNone(g.Rules.ExtensionBudget-seat.ExtensionUsed)))
	r.audit("extend", fmt.Sprintf("%s: deadline extended by %s to %s; budget used %s of %s", p.Title(), orders.FormatDuration(c.Duration), g.Deadline.Format(time.RFC3339), letters.OrNone(seat.ExtensionUsed), orders.FormatDuration(g.Rules.ExtensionBudget)))
	return nil
}

// plResign is the player's RESIGN <power>: the seat to the moderator.
func (r *cmdRun) plResign(c orders.Command) error {
	g := r.g
	p := r.power
	seat := r.g.Seat(r.power)
	if c.Power != p {
		return fmt.Errorf("to resign, name the power this email speaks for: RESIGN %s", p)
	}
	if len(g.Moderators) == 0 {
		return fmt.Errorf("this game has no moderator to hold the seat; ask the operator")
	}
	old := seat.Address
	mod := g.Moderators[0]
	waiting := g.Waiting()
	*seat = store.Seat{Power: p, Address: mod, SecretHash: store.HashSecret(guard.NewSecret()), Vacant: true, ExtensionUsed: seat.ExtensionUsed, Missed: seat.Missed,
		ConfigAddress: seat.ConfigAddress}
	if waiting { // the game has not started: the seat is open again (JOIN)
		seat.Open = true
		r.say(p.Title()+"'s seat is open again", fmt.Sprintf("%s's player left before the game started: the seat is open again (JOIN).", p.Title()))
		r.answers = append(r.answers, fmt.Sprintf("You left %s in game %s before it started: your secret no longer works, and the seat is open again.", p.Title(), g.ID))
		r.audit("resign", fmt.Sprintf("%s: %s left before the start; the seat is open", p.Title(), old))
		return nil
	}
	r.say(p.Title()+"'s player resigned", fmt.Sprintf("%s's player resigned. The moderator holds the seat until a new player is found (REPLACE).", p.Title()))
	r.answers = append(r.answers, fmt.Sprintf("You resigned %s in game %s: your secret no longer works and no more mail for %s comes to %s. Thank you for playing.", p.Title(), g.ID, p.Title(), old))
	r.audit("resign", fmt.Sprintf("%s: %s resigned; the seat is held by %s", p.Title(), old, mod))
	return nil
}

// absence declares (or, NONE, cancels) the player's absence: dates in the
// player's time zone, from the first day's start to the last day's end.
func (r *cmdRun) absence(c orders.Command, seat *store.Seat) error {
	g, p := r.g, r.power
	if c.Max {
		return fmt.Errorf("ABSENCE MAX is the moderator's")
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
				standing = append(standing, letters.DeadlineText(a.From, seat.TimeZone)+" to "+letters.DeadlineText(a.Until, seat.TimeZone))
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
			return fmt.Errorf("your absence from %s stands: it moved the deadline of %s, which keeps its time; nothing else to cancel", strings.Join(standing, "; "), r.s.Segment.Title())
		case cancelled == 0:
			return fmt.Errorf("you have no absence under way or to come to cancel")
		}
		seat.Absences = kept
		answer := "Your absences from now on are cancelled."
		if len(standing) > 0 {
			answer = fmt.Sprintf("Your other absences from now on are cancelled. This one stands, as it moved the deadline of %s (the deadline keeps its time, and the absence counts against the game's limit): %s.", r.s.Segment.Title(), strings.Join(standing, "; "))
		}
		r.say(p.Title()+"'s absence cancelled", fmt.Sprintf("%s's player cancelled the absences declared from now on (one that moved the open deadline stands; the deadline does not move).", p.Title()))
		r.answers = append(r.answers, answer)
		r.audit("absence", p.Title()+": absences cancelled")
		return nil
	}
	if g.Rules.AbsenceMax == 0 {
		return fmt.Errorf("this game allows no declared absences (the moderator sets it with ABSENCE MAX)")
	}
	loc := letters.Location(seat.TimeZone)
	from := time.Date(c.At.Year(), c.At.Month(), c.At.Day(), 0, 0, 0, 0, loc).UTC()
	until := time.Date(c.Until.Year(), c.Until.Month(), c.Until.Day()+1, 0, 0, 0, 0, loc).UTC()
	if !until.After(r.now) {
		return fmt.Errorf("the absence is over already")
	}
	if from.Before(r.now) {
		from = r.now.Truncate(time.Minute)
	}
	var used time.Duration
	for _, a := range seat.Absences {
		used += a.Until.Sub(a.From)
		if from.Before(a.Until) && a.From.Before(until) {
			return fmt.Errorf("it overlaps the absence declared from %s to %s", a.From.In(loc).Format("2006-01-02"), a.Until.In(loc).Add(-time.Minute).Format("2006-01-02"))
		}
	}
	if used+until.Sub(from) > g.Rules.AbsenceMax {
		return fmt.Errorf("%s of absence is more than what is left of the game's limit: %s of %s", orders.FormatDuration(until.Sub(from)), letters.OrNone(g.Rules.AbsenceMax-used), orders.FormatDuration(g.Rules.AbsenceMax))
	}
	seat.Absences = append(seat.Absences, store.Absence{From: from, Until: until})
	zone := "UTC"
	if seat.TimeZone != "" {
		zone = seat.TimeZone
	}
	line := fmt.Sprintf("%s's player will be away from %s to %s (days in %s; %s to %s): deadlines of segments in which %s orders that fall in that time move to its end.",
		p.Title(), c.At.Format("Mon 2 Jan 2006"), c.Until.Format("Mon 2 Jan 2006"), zone, letters.DeadlineText(from, ""), letters.DeadlineText(until, ""), p.Title())
	if !g.Deadline.IsZero() && !g.Paused {
		// Only the new absence moves the deadline (chained with those
		// after it): a deadline the moderator set in an earlier absence
		// stays as set.
		in := !g.Deadline.Before(from) && g.Deadline.Before(until)
		if at := deadline.AfterAbsences(g, r.s, g.Deadline, in); in && !at.Equal(g.Deadline) {
			deadline.Move(g, at, r.now)
			r.moved = true
			line += fmt.Sprintf(" The deadline of %s moves to %s.", r.s.Segment.Title(), letters.DeadlineText(g.Deadline, ""))
		}
	}
	r.say(p.Title()+"'s player away", line)
	r.answers = append(r.answers, fmt.Sprintf("Absence noted: %s to %s (%s); %s of the game's %s of absence is left.", letters.DeadlineText(from, seat.TimeZone), letters.DeadlineText(until, seat.TimeZone),
		orders.FormatDuration(until.Sub(from)), letters.OrNone(g.Rules.AbsenceMax-used-until.Sub(from)), orders.FormatDuration(g.Rules.AbsenceMax)))
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
		note, suffix := why, " (for the new player)"
		if note == "" {
			suffix = " (sent again)"
			note = fmt.Sprintf("A copy of version %d sent again on request (RESEND); any deadline it named may be past: STATUS tells the open segment.", v)
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
		public := vm.Public([]string{note})
		public.Subject += suffix
		base := fmt.Sprintf("%s/resend/%s/v%d", g.ID, publish.ShortHash(key), v)
		if err := pub.NotifyMessage(tx, "", base+"/public", addr, public, publish.PictureSource(g.ID, v, 0, vm.View), now); err != nil {
			return err
		}
		m := vm.Private(seat, []string{note}, nil)
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
