package judge

import (
	"fmt"
	"slices"
	"time"

	"stormjudge/adjudicator/storm"
	"stormjudge/judge/autoplay"
	"stormjudge/judge/deadline"
	"stormjudge/judge/letters"
	"stormjudge/judge/publish"
	"stormjudge/orders"
	"stormjudge/store"
)

// Deadlines (docs/orders.md, "Deadlines"). A segment's deadline is set
// when it opens, from the game's rules for its kind of segment
// (store.Rules), rounded up to the minute, and moved to the end of an
// absence of a player who must order in it. Before it, the powers that
// have not ordered are reminded at the rules' times; at it, each missing
// power's miss is counted and the moderators told; after the grace, the
// NMR policy decides what the missing orders become.

// remind sends the due reminders of g: one mail per address holding a
// missing power, none to those who ordered. A reminder whose time was
// already past when the deadline was set is skipped (a 24-hour reminder
// of a 12-hour segment would only repeat the report).
func (j *Judge) remind(tx *store.Tx, g *store.Game, s storm.State, miss []storm.Power, leads []time.Duration, now time.Time) error {
	for _, l := range leads {
		g.Reminded = append(g.Reminded, l)
		// At or before the minute the deadline was set (a 24-hour
		// reminder of a 24-hour segment: the deadline was rounded up to
		// the minute), the notice just sent says the same.
		if !g.Deadline.Add(-l).After(deadline.CeilMinute(g.DeadlineSet)) || len(miss) == 0 {
			continue
		}
		for _, addr := range deadline.AddressesOf(g, miss) {
			ps := deadline.PowersAt(g, addr, miss)
			r := letters.Reminder{Game: g, State: s, Powers: ps, Zone: deadline.Zone(g, addr), Left: g.Deadline.Sub(now).Round(time.Minute), Judge: j.opt.Address}
			id := fmt.Sprintf("%s/reminder/v%d%s/s%d/%d/%s", g.ID, g.Version, publish.Epoch(g), g.DeadlineSeq, int64(l/time.Second), addr)
			if err := j.pub.Notify(tx, id, addr, r.Subject(), r.Text(), false, now); err != nil {
				return err
			}
		}
		if err := tx.Audit(g.ID, store.AuditEntry{Time: now, Actor: "judge", Action: "reminder",
			Detail: fmt.Sprintf("%s before the deadline %s: reminded %s", orders.FormatDuration(l), g.Deadline.Format(time.RFC3339), letters.Powers(miss))}); err != nil {
			return err
		}
	}
	return nil
}

// noteMiss counts the miss of each missing power, tells the moderators at
// once and tells the missing players what happens now.
func (j *Judge) noteMiss(tx *store.Tx, g *store.Game, s storm.State, miss []storm.Power, now time.Time) error {
	if len(miss) == 0 {
		return nil
	}
	g.MissedNow = slices.Clone(miss)
	missed := letters.Missed{Game: g, State: s}
	for _, p := range miss {
		if seat := g.Seat(p); seat != nil {
			seat.Miss(g.Version)
			missed.Seats = append(missed.Seats, *seat)
		}
	}
	// NMR COMPUTER: civil disorder; its player is told so, not late.
	fell := autoplay.FallIntoDisorder(g, miss)
	missed.Disorder = fell
	next := letters.PolicyNow(g, "")
	if err := tx.Audit(g.ID, store.AuditEntry{Time: now, Actor: "judge", Action: "missed",
		Detail: fmt.Sprintf("deadline %s of %s %s passed without orders from %s; %s", g.Deadline.Format(time.RFC3339), s.Turn, s.Segment, letters.Powers(miss), next)}); err != nil {
		return err
	}
	for _, m := range g.Moderators {
		if err := j.pub.Notify(tx, fmt.Sprintf("%s/missed/v%d%s/s%d/%s", g.ID, g.Version, publish.Epoch(g), g.DeadlineSeq, m), m,
			missed.Subject(miss), missed.Text(), false, now); err != nil {
			return err
		}
	}
	for _, addr := range deadline.AddressesOf(g, miss) {
		if contains(g.Moderators, addr) {
			continue // a vacant seat: its moderator was told above
		}
		ps := slices.DeleteFunc(deadline.PowersAt(g, addr, miss), func(p storm.Power) bool { return slices.Contains(fell, p) })
		if len(ps) == 0 {
			continue // told by autoplay.TellDisorder
		}
		late := letters.Late{Game: g, State: s, Powers: ps, Zone: deadline.Zone(g, addr)}
		if err := j.pub.Notify(tx, fmt.Sprintf("%s/late/v%d%s/s%d/%s", g.ID, g.Version, publish.Epoch(g), g.DeadlineSeq, addr), addr,
			late.Subject(), late.Text(), false, now); err != nil {
			return err
		}
	}
	return autoplay.TellDisorder(j.pub, tx, g, s, fell, now)
}
