package publish

import (
	"fmt"
	"time"

	"stormjudge/adjudicator/storm"
	"stormjudge/judge/letters"
	"stormjudge/report"
	"stormjudge/store"
)

// DeadlineCalendar is the calendar file (.ics) of the open segment's
// deadline of g, attached to the private notices and to the
// announcements that move it: one event per segment (its UID names the
// game, the version and the rollback epoch), whose SEQUENCE is the
// number of moves (store.Game.DeadlineSeq), so a calendar updates the
// event it holds. None when the segment has no deadline and never had one.
func (pb *Publisher) DeadlineCalendar(g *store.Game, s storm.State, now time.Time) []store.Attachment {
	if g.Deadline.IsZero() && g.DeadlineSeq == 0 {
		return nil
	}
	// A removed deadline (DEADLINE NONE): the event is cancelled. While
	// paused the event stands as it was (its time: DeadlineSet +
	// PausedLeft), for a copy sent meanwhile (RESEND, REPLACE).
	return pb.calendar(g, s, "deadline.ics", g.DeadlineSeq, g.Deadline.IsZero() && !(g.Paused && g.PausedLeft > 0), now)
}

// closedCalendar cancels the event of the open segment's deadline: the
// segment closed before it (commit). Its SEQUENCE is one above the last.
func (pb *Publisher) closedCalendar(g *store.Game, s storm.State, now time.Time) []store.Attachment {
	return pb.calendar(g, s, "closed-deadline.ics", g.DeadlineSeq+1, true, now)
}

// calendar is the calendar file name of g's open segment's event at
// sequence seq, cancelled or not.
func (pb *Publisher) calendar(g *store.Game, s storm.State, name string, seq int, cancelled bool, now time.Time) []store.Attachment {
	d := report.Deadline{
		UID:       calendarUID(g, pb.Domain),
		Sequence:  seq,
		At:        g.Deadline,
		Cancelled: cancelled,
		Stamp:     now,
		Summary:   fmt.Sprintf("%s: %s, %s: orders due", g.ID, s.Segment.Title(), s.Turn),
		Description: fmt.Sprintf("Game %s of Gathering Storm: the deadline of %s, %s.\n%s.\nOrders go to %s.",
			g.ID, s.Turn, s.Segment.Title(), letters.UpperFirst(letters.PolicyText(g)), pb.Address),
	}
	if d.At.IsZero() {
		// An event needs a time, even a cancelled one: while paused, the
		// deadline as it was (PAUSE); else when it was removed.
		d.At = g.DeadlineSet.Add(g.PausedLeft)
	}
	b, err := report.DeadlineICS(d)
	if err != nil {
		pb.Log.Error("deadline calendar", "game", g.ID, "err", err)
		return nil
	}
	return []store.Attachment{{Name: name, ContentType: report.ICSContentType, Data: b}}
}

// calendarUID names the open segment's calendar event: the game, the
// version the segment opened at, the rollback epoch, and how often its
// event was cancelled ("demo-v7@domain", "demo-v7r1-c1@domain"). A SET
// (a version within the segment) keeps it; a deadline set again after a
// cancellation is a new event, as calendars do not revive a cancelled one.
func calendarUID(g *store.Game, domain string) string {
	c := ""
	if g.CalendarCancels > 0 {
		c = fmt.Sprintf("-c%d", g.CalendarCancels)
	}
	return fmt.Sprintf("%s-v%d%s%s@%s", g.ID, g.SegmentVersion, Epoch(g), c, domain)
}
