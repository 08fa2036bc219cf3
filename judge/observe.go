package judge

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"stormjudge/judge/publish"
	"stormjudge/orders"
	"stormjudge/store"
)

// Observers (docs/orders.md "Observing a game"): an address the
// moderator allows (OBSERVE ALLOW), or any address when the game is
// public (OBSERVE PUBLIC ON), may follow the game's public reports: an
// email with GAME and OBSERVE, without a SECRET. It gets the public
// report once a turn, when the turn ends (the versions since its last),
// and never a private notice or press. OBSERVE STOP ends it. Mail from an
// address that may not observe is a stranger's: never answered.

// mayObserve reports whether sub is an observer's OBSERVE (or STOP) for
// game from addr that the judge answers: the address is allowed, or
// observes already, or the game is public.
func mayObserve(tx *store.Tx, addr, game string, sub *orders.Submission) bool {
	if sub == nil || !sub.IsObserveRequest() {
		return false
	}
	g, err := tx.Game(game)
	if err != nil {
		return false
	}
	addr = strings.ToLower(addr)
	return g.Public || contains(g.ObserverAllow, addr) || g.Observer(addr) != nil
}

// observe starts or stops addr's observation of g (an observer's email).
func (j *Judge) observe(tx *store.Tx, g *store.Game, m *orders.Message, c orders.Command, rc *receipt, res *Result, now time.Time) {
	addr := strings.ToLower(m.From)
	rc.commands = true
	if c.Word == "stop" {
		if g.Observer(addr) == nil {
			rc.errs = append(rc.errs, fmt.Sprintf("line %d: OBSERVE STOP: you do not observe game %s.", c.Line, g.ID))
			res.Outcome = Rejected
			return
		}
		g.Observers = slices.DeleteFunc(g.Observers, func(o store.Observer) bool { return o.Address == addr })
		rc.done = append(rc.done, fmt.Sprintf("You no longer observe game %s: no more reports come to you. OBSERVE, with GAME %s, starts again.", g.ID, g.ID))
		res.Outcome = Accepted
		rc.later = append(rc.later, func() error {
			if err := tx.Audit(g.ID, store.AuditEntry{Time: now, Actor: addr, Action: "observe", Detail: addr + " stopped observing"}); err != nil {
				return err
			}
			return tx.PutGame(g)
		})
		return
	}
	switch {
	case contains(g.Moderators, addr) || slices.ContainsFunc(g.Seats, func(s store.Seat) bool { return s.Address == addr }):
		rc.errs = append(rc.errs, fmt.Sprintf("line %d: OBSERVE: you play or moderate game %s, and get its reports already.", c.Line, g.ID))
		res.Outcome = Rejected
		return
	case g.Observer(addr) != nil:
		rc.errs = append(rc.errs, fmt.Sprintf("line %d: OBSERVE: you observe game %s already (OBSERVE STOP ends it).", c.Line, g.ID))
		res.Outcome = Rejected
		return
	}
	g.Observers = append(g.Observers, store.Observer{Address: addr, Since: now, Mailed: g.Version})
	rc.done = append(rc.done, fmt.Sprintf("You observe game %s: its public report comes to you once a turn, when the turn ends, covering the turn's segments, and the game's latest report follows now. You get no player's private notice. OBSERVE STOP, with GAME %s, ends it.", g.ID, g.ID))
	res.Outcome = Accepted
	rc.later = append(rc.later, func() error {
		if err := tx.Audit(g.ID, store.AuditEntry{Time: now, Actor: addr, Action: "observe", Detail: addr + " observes"}); err != nil {
			return err
		}
		if err := tx.PutGame(g); err != nil {
			return err
		}
		return j.observerReport(tx, g, addr, now)
	})
}

// observerReport mails observer addr the public report of g's open
// version (the one a new observer starts from).
func (j *Judge) observerReport(tx *store.Tx, g *store.Game, addr string, now time.Time) error {
	s, evs, err := publish.LoadVersion(tx, g.ID, g.Version)
	if err != nil {
		return err
	}
	vm, err := j.pub.VersionMail(tx, g, g.Version, s, evs)
	if err != nil {
		return err
	}
	id := publish.VersionMailID(g, g.Version, "observer", addr) + "/start"
	return j.pub.NotifyMessage(tx, "", id, addr, vm.Public(nil), publish.PictureSource(g.ID, g.Version, 0, vm.View), now)
}
