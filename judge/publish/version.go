package publish

import (
	"slices"
	"time"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
	"stormjudge/judge/deadline"
	"stormjudge/judge/letters"
	"stormjudge/report"
	"stormjudge/store"
)

// Closing is the cancelled calendar event of a segment adjudicated
// before its deadline, for the notices of the powers that ordered in it.
type Closing struct {
	powers []storm.Power
	att    []store.Attachment
	// moderators: the moderators had the event too
	// (store.Game.ModeratorHasEvent); their copies of the report carry
	// the cancellation.
	moderators bool
}

// Closing is the cancellation of the calendar event of g's open segment
// (whose state is s), which closes now, for the notices of the powers
// that order in it: none if its deadline passed (the event is over) or it
// never had one. A paused segment's event still stands (PAUSE leaves it).
func (pb *Publisher) Closing(g *store.Game, s storm.State, now time.Time) Closing {
	if (g.Deadline.IsZero() || !now.Before(g.Deadline)) && g.PausedLeft == 0 {
		return Closing{}
	}
	return Closing{adjudicator.Required(s), pb.closedCalendar(g, s, now), g.ModeratorHasEvent}
}

// VersionMail renders the report and notices of version v of g as the
// judge sends them, in Publish and in the copies sent again (RESEND, a
// new player's): the engine's report and notices; for a version within
// the open segment (the moderator's SET), worded as the segment going on
// (report.Extra) with whose orders are still due; the lead the
// version's own records give (a SET's fixes and reason, kept with the
// SET; in the open one, each power's orders that stand; a vacant seat's
// note); the caller's lead paragraphs; and the open version's deadline.
type VersionMail struct {
	g   *store.Game
	v   int
	evs []event.Event
	// View is the version's view, which its pictures show.
	View    adjudicator.View
	goesOn  bool
	missing []storm.Power                     // goesOn: whose orders are still due
	recs    map[storm.Power]store.OrderRecord // the open version's orders (goesOn: carried over)
	setLead []string                          // a SET's version: its fixes and reason
}

// VersionMail reads what the mails of version v of g (whose state is s,
// made by evs) render beside the engine's view.
func (pb *Publisher) VersionMail(tx *store.Tx, g *store.Game, v int, s storm.State, evs []event.Event) (*VersionMail, error) {
	vm := &VersionMail{g: g, v: v, evs: evs, View: adjudicator.Derive(s)}
	if v == g.Version {
		// The open version's orders: carried over by a SET, or given
		// before a copy is sent again (a new player's, a RESEND).
		recs, err := tx.Orders(g.ID, v)
		if err != nil {
			return nil, err
		}
		vm.recs = recs
		if v > OpenedAt(g) {
			vm.goesOn, vm.missing = true, deadline.MissingPowers(s, recs)
		}
	}
	d, err := SetOf(tx, g.ID, v)
	if err != nil {
		return nil, err
	}
	if d != nil {
		vm.setLead = letters.FixLead(evs, d.Reason)
	}
	return vm, nil
}

// Public is the report, lead the caller's paragraphs.
func (vm *VersionMail) Public(lead []string) report.Message {
	return report.Public(vm.g.ID, vm.evs, vm.View, vm.extra("", append(slices.Clone(vm.setLead), lead...)))
}

// Private is seat's notice, lead the caller's paragraphs for every
// notice, own those for this one.
func (vm *VersionMail) Private(seat store.Seat, lead, own []string) report.Message {
	return report.Private(vm.g.ID, seat.Power, vm.evs, vm.View, vm.privateExtra(seat, lead, own))
}

// privateExtra is what seat's notice or digest renders beside the view:
// the SET's lead, the caller's, the seat's own paragraphs, its orders that
// stand, the vacant seat's note, and the deadline in its zone.
func (vm *VersionMail) privateExtra(seat store.Seat, lead, own []string) report.Extra {
	ls := append(append(slices.Clone(vm.setLead), lead...), own...)
	r, stands := vm.recs[seat.Power]
	if stands {
		ls = append(ls, letters.Standing(r))
	}
	if seat.Vacant {
		ls = append(ls, letters.Vacant(seat.Power))
	}
	x := vm.extra(seat.TimeZone, ls)
	x.Stands = stands
	return x
}

// digest is seat's digest (report.Digest): the events of the versions
// folded and this one, before the view the power's last mail showed.
func (vm *VersionMail) digest(seat store.Seat, evs []event.Event, before *adjudicator.View, lead, own []string) report.Message {
	return report.Digest(vm.g.ID, seat.Power, evs, before, vm.View, vm.privateExtra(seat, lead, own))
}

// extra is what the report or notice renders beside the engine's view:
// the lead, with the open version's deadline in zone last.
func (vm *VersionMail) extra(zone string, lead []string) report.Extra {
	if vm.v == vm.g.Version {
		if dl := letters.DeadlineLine(vm.g, zone); dl != "" {
			lead = append(lead, dl)
		}
	}
	return report.Extra{Lead: lead, GoesOn: vm.goesOn, Missing: vm.missing, Version: vm.v}
}

// Publication is what the judge adds to the mails of a version beside
// what the engine and the version's records give (VersionMail):
// paragraphs for the lead of every report and notice (who missed the
// deadline, whose orders the moderator entered, orders a SET withdrew),
// paragraphs for one power's notice alone (which of its orders a SET
// withdrew, and why), and the closed segment's cancelled calendar event.
// resent: the version's mails go again to everyone (a rollback).
type Publication struct {
	Lead   []string
	Own    map[storm.Power][]string
	Closed Closing
	Resent bool
}

// Publish queues the mails of version v of g.
//
// A seat in the digest (the default, docs/orders.md "Mail delivery") gets
// one mail, its digest (report.Digest: the public reports of the versions
// folded since its last mail and its notice, in one), when the version
// concerns it: it must order in the open segment, the turn or the game
// ended, the version has news for it (event.NewsFor: war, a crisis that
// concerns it, something for its eyes only that its receipt did not
// already tell), or the version has a lead for everyone (a missed
// deadline, a moderator's fix or orders, a rollback); otherwise the
// version is folded into its next mail (store.Seat.Mailed). A seat that chose MAIL EVERY SEGMENT gets the
// private notice of every version, and its address the public report. A
// seat that chose MAIL TEXT gets its mail as text alone (ForReader).
// Moderators get every public report, or (MAIL DIGEST) one when a turn
// or the game ends covering the versions since their last; one copy per
// address; and the moderators' notice when a physical-deck game has
// something to tell them.
//
// The calendar of the deadline goes with the notices of the powers that
// order in the segment (and the cancellation of the closed one's, Closed, to
// those that ordered in it, and to the moderators who had it); a digest
// seat's cancellation waits for its next mail (store.Seat.Cancels), as a
// cancellation alone is no reason to mail.
func (pb *Publisher) Publish(tx *store.Tx, g *store.Game, v int, evs []event.Event, next storm.State, now time.Time, pn Publication) error {
	cc := pn.Closed
	vm, err := pb.VersionMail(tx, g, v, next, evs) // once per adjudication: every mail renders its view
	if err != nil {
		return err
	}
	// Digests since the same version (most are: every seat mailed at the
	// last version) share what since reads and derives.
	type covered struct {
		all    []event.Event
		before *adjudicator.View
	}
	memo := map[int]covered{}
	since := func(tx *store.Tx, g *store.Game, last, v int, evs []event.Event) ([]event.Event, *adjudicator.View, error) {
		if c, ok := memo[last]; ok {
			return c.all, c.before, nil
		}
		all, before, err := since(tx, g, last, v, evs)
		if err == nil {
			memo[last] = covered{slices.Clip(all), before}
		}
		return all, before, err
	}
	// publicSince is the public report covering the versions after last
	// up to v, the setting's lead first: a digest moderator's and an
	// observer's once a turn.
	publicSince := func(last int, lead ...string) (report.Message, error) {
		all, _, err := since(tx, g, last, v, evs)
		if err != nil {
			return report.Message{}, err
		}
		return report.Public(g.ID, all, vm.View, vm.extra("", append(slices.Clone(vm.setLead), lead...))), nil
	}
	turnOver := next.Ended || slices.ContainsFunc(evs, func(e event.Event) bool { _, ok := e.(event.TurnEnded); return ok })
	// everyone: the version goes to every player at once. A lead (a
	// miss, the moderator's orders) or a SET's version within the open
	// segment does not: it reaches the powers it changes something for
	// (they must order, it withdrew their orders, news for them) and is
	// folded into the others' next mail (store.Seat.Folded). The
	// moderators and observers have it as before (modsToo).
	everyone := pn.Resent || v == 0
	modsToo := everyone || len(pn.Lead) > 0 || vm.goesOn
	pub := vm.Public(pn.Lead)
	for _, addr := range Recipients(g) {
		mod := slices.Contains(g.Moderators, addr)
		if !mod && !everySegmentAt(g, addr) {
			continue // its digests carry the report
		}
		m := pub
		if mod && slices.Contains(g.ModeratorDigest, addr) {
			// A digest from the game's creation (moderator_mail) has no
			// version to count from (0 reads as unknown, since): the
			// first version after it is mailed and anchors the next.
			if !turnOver && !modsToo && g.ModeratorMailed[addr] > 0 {
				continue // folded into the report that ends the turn
			}
			if m, err = publicSince(g.ModeratorMailed[addr], pn.Lead...); err != nil {
				return err
			}
			if g.ModeratorMailed == nil {
				g.ModeratorMailed = map[string]int{}
			}
			g.ModeratorMailed[addr] = v
		}
		var att []store.Attachment
		if cc.moderators && mod {
			att = cc.att
		}
		if err := pb.NotifyMessage(tx, pb.ThreadRoot(g, addr), VersionMailID(g, v, "public", addr), addr, ForReader(g, addr, m), PictureSource(g.ID, v, 0, vm.View), now, att...); err != nil {
			return err
		}
	}
	cal := pb.DeadlineCalendar(g, next, now)
	required := adjudicator.Required(next)
	// The segment that opens goes on at once when only the computer
	// orders in it (judge/autoplay ordered in the commit, and the judge
	// adjudicates it in the same run, judge.MaxRun): news for a person
	// then waits for the mail that asks it or ends the turn, a moment
	// later, whose digest carries every event since its last mail.
	atOnce := len(required) > 0 && !g.Paused && !g.Waiting() && !slices.ContainsFunc(required, func(p storm.Power) bool {
		s := g.Seat(p)
		return s == nil || !s.Computer
	})
	for i := range g.Seats {
		seat := &g.Seats[i]
		p := seat.Power
		if seat.Computer {
			continue // no mail: its orders are in the public report and the audit
		}
		var att []store.Attachment
		if slices.Contains(required, p) {
			att = slices.Clone(cal) // appended to below
		}
		if g.EverySegment(*seat) {
			if slices.Contains(cc.powers, p) {
				att = append(att, cc.att...)
			}
			m := ForReader(g, seat.Address, vm.Private(*seat, slices.Concat(seat.Folded, pn.Lead), pn.Own[p]))
			seat.Folded = nil
			if err := pb.NotifyMessage(tx, pb.ThreadRoot(g, seat.Address), VersionMailID(g, v, "private", p.String()), seat.Address, m, PictureSource(g.ID, v, p, vm.View), now, att...); err != nil {
				return err
			}
			continue
		}
		if slices.Contains(cc.powers, p) { // the closed segment's event goes with the seat's next mail
			seat.Cancels = append(seat.Cancels, cc.att...)
		}
		news := slices.ContainsFunc(evs, func(e event.Event) bool { return event.NewsFor(e, p) })
		if !everyone && !turnOver && (!news || atOnce) && !slices.Contains(required, p) && len(pn.Own[p]) == 0 {
			// Folded into its next digest: the events by since (a
			// SET's fixes too), the lead (who missed the deadline...)
			// and a SET's reason (its first lead line) kept with the seat.
			if len(vm.setLead) > 0 {
				seat.Fold(vm.setLead[0])
			}
			seat.Fold(pn.Lead...)
			continue
		}
		all, before, err := since(tx, g, seat.Mailed, v, evs)
		if err != nil {
			return err
		}
		att = append(seat.Cancels, att...) // cancellations first: the calendar reads them in order
		seat.Mailed, seat.Cancels = v, nil
		m := ForReader(g, seat.Address, vm.digest(*seat, all, before, slices.Concat(seat.Folded, pn.Lead), pn.Own[p]))
		seat.Folded = nil
		if err := pb.NotifyMessage(tx, pb.ThreadRoot(g, seat.Address), VersionMailID(g, v, "digest", p.String()), seat.Address, m, PictureSource(g.ID, v, p, vm.View), now, att...); err != nil {
			return err
		}
	}
	// Observers (OBSERVE): the public report once a turn, covering
	// the versions since their last.
	if turnOver || modsToo {
		for i := range g.Observers {
			o := &g.Observers[i]
			if o.Mailed >= v && !pn.Resent { // sent again after a rollback: to observers too
				continue
			}
			m, err := publicSince(o.Mailed, letters.Observing(g.ID))
			if err != nil {
				return err
			}
			o.Mailed = v
			if err := pb.NotifyMessage(tx, "", VersionMailID(g, v, "observer", o.Address), o.Address, ObserverFooter(m, g.ID), PictureSource(g.ID, v, 0, vm.View), now); err != nil {
				return err
			}
		}
	}
	if m, ok := report.Moderator(g.ID, evs, vm.View); ok {
		for _, mod := range g.Moderators {
			if err := pb.NotifyMessage(tx, pb.ThreadRoot(g, mod), VersionMailID(g, v, "moderator", mod), mod, m, "", now); err != nil {
				return err
			}
		}
	}
	return tx.PutGame(g) // the digests' Mailed versions
}

// ForReader is m as the reader at addr takes it: the text alone, without
// the picture and the HTML part, where a seat of the address chose MAIL
// TEXT (the mail's HTML part is then the text's, mailer.BuildMessage).
func ForReader(g *store.Game, addr string, m report.Message) report.Message {
	if slices.ContainsFunc(g.Seats, func(s store.Seat) bool { return s.Address == addr && s.TextOnly }) {
		m.HTML, m.HasPicture, m.PictureCID = "", false, ""
	}
	return m
}

// FoldFor keeps line for addr's next mail (store.Seat.Fold) when addr
// holds a seat in the digest, and reports whether it did: moderators and
// the seats that chose MAIL EVERY SEGMENT are mailed at once, as Publish
// mails them every version. The commands' announcements fold by it, as
// Publish folds a version's lead.
func FoldFor(g *store.Game, addr, line string) bool {
	if slices.Contains(g.Moderators, addr) || everySegmentAt(g, addr) {
		return false
	}
	i := slices.IndexFunc(g.Seats, func(st store.Seat) bool { return st.Address == addr })
	if i < 0 {
		return false
	}
	g.Seats[i].Fold(line)
	return true
}

// everySegmentAt reports an address holding a seat that chose MAIL EVERY
// SEGMENT: it gets the public report of every version.
func everySegmentAt(g *store.Game, addr string) bool {
	return slices.ContainsFunc(g.Seats, func(s store.Seat) bool { return s.Address == addr && g.EverySegment(s) })
}

// since is what a digest of version v covers when the last one went with
// version last: the events of the versions in between, in order, then evs
// (v's), and the view of version last, which the reader saw (nil for
// none). With last unknown (0) or no longer before v (a rollback went
// back past it) the digest covers v alone, against the version before it.
func since(tx *store.Tx, g *store.Game, last, v int, evs []event.Event) ([]event.Event, *adjudicator.View, error) {
	if last <= 0 || last >= v {
		last = v - 1
	}
	if last < 1 {
		return evs, nil, nil // the first version: nothing to compare with
	}
	var all []event.Event
	for fv := last + 1; fv < v; fv++ {
		_, fe, err := LoadVersion(tx, g.ID, fv)
		if err != nil {
			return nil, nil, err
		}
		all = append(all, fe...)
	}
	s, _, err := LoadVersion(tx, g.ID, last)
	if err != nil {
		return nil, nil, err
	}
	view := adjudicator.Derive(s)
	return append(all, evs...), &view, nil
}
