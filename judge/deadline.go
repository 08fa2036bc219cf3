package judge

import (
	"fmt"
	"slices"
	"time"

	"stormjudge/adjudicator/storm"
	"stormjudge/judge/letters"
	"stormjudge/judge/publish"

	_ "time/tzdata"

	"stormjudge/adjudicator"
	"stormjudge/orders"
	"stormjudge/store"
)

// players' time zones (TIMEZONE) on machines without a zoneinfo database

// Deadlines (docs/orders.md, "Deadlines"). A segment's deadline is set
// when it opens, from the game's rules for its kind of segment
// (store.Rules), rounded up to the minute, and moved to the end of an
// absence of a player who must order in it. Before it, the powers that
// have not ordered are reminded at the rules' times; at it, each missing
// power's miss is counted and the moderators told; after the grace, the
// NMR policy decides what the missing orders become.

// segmentKind is the kind of s's open segment for the deadline rules:
// "economic", "diplomacy", "crisis", "end", or "" (a moderator's draw).
func segmentKind(s storm.State) string {
	if adjudicator.AwaitsDraw(s) {
		return ""
	}
	switch s.Segment {
	case storm.SegEconomic:
		return "economic"
	case storm.SegSpyRings, storm.SegDiplomacyAxis1, storm.SegDiplomacyRussia, storm.SegDiplomacyAllies,
		storm.SegDiplomacyAxis2, storm.SegCovert, storm.SegDiplomacyResolve:
		return "diplomacy" // 16.16's intelligence segments with the diplomatic phase
	case storm.SegCrisisAggression, storm.SegCrisisResponse, storm.SegCrisisAxisResponse,
		storm.SegCrisisUltimatum, storm.SegCrisisBrink, storm.SegPreemptiveWar:
		return "crisis"
	case storm.SegEndOfGame:
		return "end"
	}
	return "economic"
}

// durationFor is how long the open segment of s may take in g: the rule
// of its kind, else the game's segment duration; 0: no deadline.
func durationFor(g *store.Game, s storm.State) time.Duration {
	kind := segmentKind(s)
	if kind == "" {
		return 0 // the moderator's draw has no deadline
	}
	if d, ok := g.Rules.Durations[kind]; ok {
		return d
	}
	return g.SegmentDuration
}

// ceilMinute rounds t up to the minute: a deadline is shown to the minute
// and never earlier than it is.
func ceilMinute(t time.Time) time.Time {
	r := t.Truncate(time.Minute)
	if r.Before(t) {
		r = r.Add(time.Minute)
	}
	return r
}

// openDeadline sets the deadline of the segment that just opened in g
// (state s) and clears what belonged to the last one.
func openDeadline(g *store.Game, s storm.State, now time.Time) {
	g.Deadline, g.DeadlineSeq, g.DeadlineSet, g.Reminded, g.Forced, g.PausedLeft = time.Time{}, 0, now, nil, false, 0
	g.SegmentVersion, g.CalendarCancels, g.MissedNow, g.ModeratorHasEvent = g.Version, 0, nil, false
	if len(adjudicator.Required(s)) == 0 {
		return
	}
	if d := durationFor(g, s); d > 0 {
		at := ceilMinute(now.Add(d))
		if g.Paused {
			g.PausedLeft = at.Sub(now)
			return
		}
		g.Deadline = afterAbsences(g, s, at, true)
	}
}

// moveDeadline moves the open segment's deadline to at (zero: no
// deadline): its calendar event's SEQUENCE goes up, and the reminders
// whose time is now ahead again are sent again.
func moveDeadline(g *store.Game, at, now time.Time) {
	if !at.IsZero() {
		at = ceilMinute(at)
	}
	g.Deadline, g.DeadlineSet = at, now
	g.DeadlineSeq++
	// MissedNow stays: a deadline moved after it passed is no second miss.
	kept := g.Reminded[:0]
	for _, l := range g.Reminded {
		if !at.IsZero() && !at.Add(-l).After(now) {
			kept = append(kept, l)
		}
	}
	g.Reminded = kept
}

// afterAbsences moves a deadline at that falls in an absence of a player
// who must order in s to that absence's end (repeatedly: absences may
// follow one another). With mark, the open segment's deadline moves:
// each absence that moved it is marked so (store.Absence.MovedSegment).
func afterAbsences(g *store.Game, s storm.State, at time.Time, mark bool) time.Time {
	req := adjudicator.Required(s)
	for range 20 { // absences are bounded; so is this
		moved := false
		for i := range g.Seats {
			seat := &g.Seats[i]
			if !slices.Contains(req, seat.Power) || seat.Vacant {
				continue
			}
			for k := range seat.Absences {
				a := &seat.Absences[k]
				if !at.Before(a.From) && at.Before(a.Until) {
					at, moved = ceilMinute(a.Until), true
					if mark {
						a.MovedSegment = g.SegmentVersion
					}
				}
			}
		}
		if !moved {
			break
		}
	}
	return at
}

// nmrPolicy is g's NMR policy, "pass" by default.
func nmrPolicy(g *store.Game) string {
	if g.Rules.NMR == "" {
		return "pass"
	}
	return g.Rules.NMR
}

// seatZone is the time zone of the first seat held by addr in g.
func seatZone(g *store.Game, addr string) string {
	for _, s := range g.Seats {
		if s.Address == addr {
			return s.TimeZone
		}
	}
	return ""
}

// missing lists the powers that must order in the open segment of g
// and have not (nil when the game waits for nobody or a draw).
func missing(tx *store.Tx, g *store.Game, s storm.State) ([]storm.Power, map[storm.Power]store.OrderRecord, error) {
	if adjudicator.AwaitsDraw(s) || len(adjudicator.Required(s)) == 0 {
		return nil, nil, nil
	}
	recs, err := tx.Orders(g.ID, g.Version)
	if err != nil {
		return nil, nil, err
	}
	return MissingPowers(s, recs), recs, nil
}

// dueReminders are the reminders of g due at now (their leads).
func dueReminders(g *store.Game, now time.Time) []time.Duration {
	if g.Paused || g.Deadline.IsZero() || !now.Before(g.Deadline) {
		return nil
	}
	var due []time.Duration
	for _, l := range g.Rules.Reminders {
		at := g.Deadline.Add(-l)
		if slices.Contains(g.Reminded, l) || now.Before(at) {
			continue
		}
		due = append(due, l)
	}
	return due
}

// missDue reports whether the deadline of g has passed and its misses are
// yet to be noted.
func missDue(g *store.Game, now time.Time) bool {
	return !g.Paused && !g.Deadline.IsZero() && !now.Before(g.Deadline) && len(g.MissedNow) == 0
}

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
		if !g.Deadline.Add(-l).After(ceilMinute(g.DeadlineSet)) || len(miss) == 0 {
			continue
		}
		for _, addr := range addressesOf(g, miss) {
			ps := powersAt(g, addr, miss)
			r := letters.Reminder{Game: g, State: s, Powers: ps, Zone: seatZone(g, addr), Left: g.Deadline.Sub(now).Round(time.Minute), Judge: j.opt.Address}
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
			seat.Missed++
			missed.Seats = append(missed.Seats, *seat)
		}
	}
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
	for _, addr := range addressesOf(g, miss) {
		if contains(g.Moderators, addr) {
			continue // a vacant seat: its moderator was told above
		}
		ps := powersAt(g, addr, miss)
		late := letters.Late{Game: g, State: s, Powers: ps, Zone: seatZone(g, addr)}
		if err := j.pub.Notify(tx, fmt.Sprintf("%s/late/v%d%s/s%d/%s", g.ID, g.Version, publish.Epoch(g), g.DeadlineSeq, addr), addr,
			late.Subject(), late.Text(), false, now); err != nil {
			return err
		}
	}
	return nil
}

// addressesOf are the distinct addresses holding the powers ps, sorted.
func addressesOf(g *store.Game, ps []storm.Power) []string {
	var out []string
	for _, p := range ps {
		if s := g.Seat(p); s != nil && !slices.Contains(out, s.Address) {
			out = append(out, s.Address)
		}
	}
	slices.Sort(out)
	return out
}

// powersAt are the powers of ps that addr holds.
func powersAt(g *store.Game, addr string, ps []storm.Power) []storm.Power {
	var out []storm.Power
	for _, p := range ps {
		if s := g.Seat(p); s != nil && s.Address == addr {
			out = append(out, p)
		}
	}
	return out
}

// repeatOrders are the orders the NMR policy REPEAT gives power p in the
// open segment of g: its last accepted orders for the same segment in an
// earlier version, when they are valid now; nil: PASS.
func repeatOrders(tx *store.Tx, g *store.Game, s storm.State, p storm.Power) ([]storm.Order, int, error) {
	for v := g.Version - 1; v >= 0; v-- {
		recs, err := tx.Orders(g.ID, v)
		if err != nil {
			return nil, 0, err
		}
		r, ok := recs[p]
		if !ok || r.Pass || len(r.Orders) == 0 {
			continue
		}
		old, err := tx.State(g.ID, v)
		if err != nil {
			return nil, 0, err
		}
		if old.Segment != s.Segment || adjudicator.OnlyStanding(old, r.Orders) {
			continue
		}
		var now []storm.Order
		for _, o := range r.Orders {
			if o.For == "" || o.For == s.Segment {
				now = append(now, o)
			}
		}
		if len(now) == 0 || len(adjudicator.Validate(s, p, now)) > 0 {
			return nil, 0, nil
		}
		return now, v, nil
	}
	return nil, 0, nil
}
