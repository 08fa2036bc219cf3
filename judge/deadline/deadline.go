package deadline

import (
	"slices"
	"time"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
	"stormjudge/judge/letters"
	"stormjudge/store"
)

// Kind is the kind of s's open segment for the deadline rules:
// "economic", "diplomacy", "crisis", "end", or "" (a moderator's draw).
func Kind(s storm.State) string {
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

// duration is how long the open segment of s may take in g: the rule
// of its kind, else the game's segment duration; 0: no deadline.
func duration(g *store.Game, s storm.State) time.Duration {
	kind := Kind(s)
	if kind == "" {
		return 0 // the moderator's draw has no deadline
	}
	if d, ok := g.Rules.Durations[kind]; ok {
		return d
	}
	return g.SegmentDuration
}

// CeilMinute rounds t up to the minute: a deadline is shown to the minute
// and never earlier than it is.
func CeilMinute(t time.Time) time.Time {
	r := t.Truncate(time.Minute)
	if r.Before(t) {
		r = r.Add(time.Minute)
	}
	return r
}

// Open sets the deadline of the segment that just opened in g
// (state s) and clears what belonged to the last one. With a schedule
// (store.Rules.Schedule) it is the schedule's first time at least the
// segment's duration away, and an absence moves it to the schedule's
// first time after the absence.
func Open(g *store.Game, s storm.State, now time.Time) {
	g.Deadline, g.DeadlineSeq, g.DeadlineSet, g.Reminded, g.Forced, g.PausedLeft = time.Time{}, 0, now, nil, false, 0
	g.SegmentVersion, g.CalendarCancels, g.MissedNow, g.ModeratorHasEvent, g.DeadlineWhy = g.Version, 0, nil, false, ""
	if len(adjudicator.Required(s)) == 0 {
		return
	}
	sc := g.Rules.Schedule
	if d := duration(g, s); d > 0 || sc != nil && Kind(s) != "" {
		at := CeilMinute(now.Add(d))
		if sc != nil {
			at = Slot(sc, at)
		}
		if g.Paused {
			g.PausedLeft = at.Sub(now)
			return
		}
		g.Deadline, g.DeadlineWhy, _ = Place(g, s, at, true)
	}
}

// Place puts a deadline at, as it opens or resumes: past the absences
// of the powers that order in s (AfterAbsencesBy, marking them with
// mark), and on g's schedule if it has one; with why it is there (""
// the duration alone) and the absences that moved it.
func Place(g *store.Game, s storm.State, at time.Time, mark bool) (time.Time, string, []Moved) {
	sc := g.Rules.Schedule
	var by []Moved
	for range 20 { // absences are bounded; so is this
		next, moved := AfterAbsencesBy(g, s, at, mark)
		by = append(by, moved...)
		if sc != nil {
			next = Slot(sc, next)
		}
		if next.Equal(at) {
			break
		}
		at = next
	}
	return at, Why(sc, by), by
}

// Why says why a deadline is where it is: on the schedule sc (nil:
// none), moved by the absences by; "" neither.
func Why(sc *store.Schedule, by []Moved) string {
	var ab []string
	for _, m := range by {
		ab = append(ab, letters.AbsenceOf(m.Power, m.From, m.Until))
	}
	return letters.DeadlineWhy(letters.ScheduleText(sc), ab)
}

// Slot is the first time of the schedule sc at or after t: a weekday
// of sc.Days, at sc.Minute in sc.Zone (through a change of summer time
// the local time stays), not one of sc.Skip's dates.
func Slot(sc *store.Schedule, t time.Time) time.Time {
	loc := letters.Location(sc.Zone)
	l := t.In(loc)
	for i := range 400 {
		at := time.Date(l.Year(), l.Month(), l.Day()+i, sc.Minute/60, sc.Minute%60, 0, 0, loc)
		if !slices.Contains(sc.Days, at.Weekday()) || slices.Contains(sc.Skip, at.Format("2006-01-02")) || at.Before(t) {
			continue
		}
		return at.UTC()
	}
	return CeilMinute(t) // no day in a year (every day skipped): the time itself
}

// Move moves the open segment's deadline to at (zero: no
// deadline), why (letters: "" none to say): its calendar event's
// SEQUENCE goes up, and the reminders whose time is now ahead again are
// sent again.
func Move(g *store.Game, at, now time.Time, why string) {
	if !at.IsZero() {
		at = CeilMinute(at)
	}
	g.Deadline, g.DeadlineSet, g.DeadlineWhy = at, now, why
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

// AfterAbsences moves a deadline at that falls in an absence of a player
// who must order in s to that absence's end (repeatedly: absences may
// follow one another). With mark, the open segment's deadline moves:
// each absence that moved it is marked so (store.Absence.MovedSegment).
func AfterAbsences(g *store.Game, s storm.State, at time.Time, mark bool) time.Time {
	at, _ = AfterAbsencesBy(g, s, at, mark)
	return at
}

// Moved is an absence that moved a deadline: whose, and its span.
type Moved struct {
	Power       storm.Power
	From, Until time.Time
}

// AfterAbsencesBy is AfterAbsences, with the absences that moved the
// deadline, in the order they did (a mail that gives the deadline says
// why it is where it is).
func AfterAbsencesBy(g *store.Game, s storm.State, at time.Time, mark bool) (time.Time, []Moved) {
	var by []Moved
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
					at, moved = CeilMinute(a.Until), true
					by = append(by, Moved{Power: seat.Power, From: a.From, Until: a.Until})
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
	return at, by
}

// NMR is g's NMR policy, "pass" by default.
func NMR(g *store.Game) string {
	if g.Rules.NMR == "" {
		return "pass"
	}
	return g.Rules.NMR
}

// Zone is the time zone of the first seat held by addr in g.
func Zone(g *store.Game, addr string) string {
	for _, s := range g.Seats {
		if s.Address == addr {
			return s.TimeZone
		}
	}
	return ""
}

// Waiting lists the powers that must order in the open segment of g
// and have not (nil when the game waits for nobody or a draw).
func Waiting(tx *store.Tx, g *store.Game, s storm.State) ([]storm.Power, map[storm.Power]store.OrderRecord, error) {
	if adjudicator.AwaitsDraw(s) || len(adjudicator.Required(s)) == 0 {
		return nil, nil, nil
	}
	recs, err := tx.Orders(g.ID, g.Version)
	if err != nil {
		return nil, nil, err
	}
	return MissingPowers(s, recs), recs, nil
}

// Reminders are the reminders of g due at now (their leads).
func Reminders(g *store.Game, now time.Time) []time.Duration {
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

// MissDue reports whether the deadline of g has passed and its misses are
// yet to be noted.
func MissDue(g *store.Game, now time.Time) bool {
	return !g.Paused && !g.Deadline.IsZero() && !now.Before(g.Deadline) && len(g.MissedNow) == 0
}

// MissingPowers lists the powers that must order in the open segment of
// s and have not, given its order records (none while the game waits for
// the moderator's draw): no record, or one holding only standing orders
// for later rounds (adjudicator.OnlyStanding), which are not orders for
// it. The deadline, the receipts, STATUS and the operator's `game list`
// and `game show` all go by it.
func MissingPowers(s storm.State, recs map[storm.Power]store.OrderRecord) []storm.Power {
	if adjudicator.AwaitsDraw(s) {
		return nil
	}
	var out []storm.Power
	for _, p := range adjudicator.Required(s) {
		if r, ok := recs[p]; !ok || (!r.Pass && adjudicator.OnlyStanding(s, r.Orders)) {
			out = append(out, p)
		}
	}
	return out
}

// AddressesOf are the distinct addresses holding the powers ps, sorted;
// a seat the computer plays has none.
func AddressesOf(g *store.Game, ps []storm.Power) []string {
	var out []string
	for _, p := range ps {
		if s := g.Seat(p); s != nil && s.Address != "" && !slices.Contains(out, s.Address) {
			out = append(out, s.Address)
		}
	}
	slices.Sort(out)
	return out
}

// PowersAt are the powers of ps that addr holds.
func PowersAt(g *store.Game, addr string, ps []storm.Power) []storm.Power {
	var out []storm.Power
	for _, p := range ps {
		if s := g.Seat(p); s != nil && s.Address == addr {
			out = append(out, p)
		}
	}
	return out
}

// Missed applies the NMR policy to the powers miss that gave no orders in
// the open segment of g at its adjudication: under REPEAT each takes
// its last orders for the segment (RepeatOrders; its orders for later
// rounds stay), stored as the judge's and set in ords; under the other
// policies it passes. It returns the report's lead paragraph that names
// them and what they were given.
func Missed(tx *store.Tx, g *store.Game, s storm.State, miss []storm.Power, recs map[storm.Power]store.OrderRecord, ords map[storm.Power][]storm.Order, now time.Time) (string, error) {
	var notes []string
	for _, p := range miss {
		repeated := ""
		if NMR(g) == "repeat" {
			rep, from, err := RepeatOrders(tx, g, s, p)
			if err != nil {
				return "", err
			}
			if rep != nil {
				ords[p] = rep
				if r, ok := recs[p]; ok {
					ords[p], _ = adjudicator.CombineOrders(s, r.Orders, r.Pass, rep, false)
				}
				if err := tx.PutOrders(g.ID, g.Version, store.OrderRecord{Power: p, Orders: ords[p], From: "judge", Received: now, Repeated: true}); err != nil {
					return "", err
				}
				st, err := tx.State(g.ID, from)
				if err != nil {
					return "", err
				}
				repeated = st.Turn.String()
			}
		}
		notes = append(notes, letters.MissedNote(p, repeated))
	}
	return letters.OrdersMissing(g.Forced && (g.Deadline.IsZero() || now.Before(g.Deadline)), notes), nil
}

// RepeatOrders are the orders the NMR policy REPEAT gives power p in the
// open segment of g: its last accepted orders for the same segment in an
// earlier version, when they are valid now; nil: PASS.
func RepeatOrders(tx *store.Tx, g *store.Game, s storm.State, p storm.Power) ([]storm.Order, int, error) {
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
