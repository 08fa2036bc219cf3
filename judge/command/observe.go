package command

import (
	"slices"
	"strings"
	"time"

	"stormjudge/judge/letters"
	"stormjudge/judge/publish"
	"stormjudge/orders"
	"stormjudge/store"
)

// ObserverRule is a moderator's OBSERVE ALLOW, DENY or PUBLIC; it says
// what changed.
func ObserverRule(g *store.Game, c orders.Command) string {
	switch c.Word {
	case "allow":
		if !slices.Contains(g.ObserverAllow, c.Address) {
			g.ObserverAllow = append(g.ObserverAllow, c.Address)
		}
		return letters.ObserverAllowed(c.Address)
	case "deny":
		g.ObserverAllow = slices.DeleteFunc(g.ObserverAllow, func(a string) bool { return a == c.Address })
		g.Observers = slices.DeleteFunc(g.Observers, func(o store.Observer) bool { return o.Address == c.Address })
		return letters.ObserverDenied(c.Address)
	}
	g.Public = c.Kinds[0] == "on"
	if g.Public {
		return letters.ObserversPublic(true)
	}
	// Those who came while it was public and are not allowed stop.
	g.Observers = slices.DeleteFunc(g.Observers, func(o store.Observer) bool { return !slices.Contains(g.ObserverAllow, o.Address) })
	return letters.ObserversPublic(false)
}

// Observers (docs/orders.md "Observing a game"): an address the
// moderator allows (OBSERVE ALLOW), or any address when the game is
// public (OBSERVE PUBLIC ON), may follow the game's public reports: an
// email with GAME and OBSERVE, without a SECRET. It gets the public
// report once a turn, when the turn ends (the versions since its last),
// and never a private notice or press. OBSERVE STOP ends it. Mail from an
// address that may not observe is a stranger's: never answered.

// MayObserve reports whether sub is an observer's OBSERVE (or STOP) for
// game from addr that the judge answers: the address is allowed, or
// observes already, or the game is public.
func MayObserve(tx *store.Tx, addr, game string, sub *orders.Submission) bool {
	if sub == nil || !sub.IsObserveRequest() {
		return false
	}
	g, err := tx.Game(game)
	if err != nil {
		return false
	}
	addr = strings.ToLower(addr)
	return g.Public || slices.Contains(g.ObserverAllow, addr) || g.Observer(addr) != nil
}

// Observe answers an observer's OBSERVE or OBSERVE STOP: no secret.
// Nothing proves who sent it: neither its subject nor a line the judge
// did not read is quoted back, the refusal is a fixed text.
func Observe(pub *publish.Publisher, tx *store.Tx, g *store.Game, e Email, now time.Time) *Reply {
	rep := &Reply{Anonymous: true}
	if !MayObserve(tx, e.From, g.ID, e.Sub) {
		// A player or moderator of another game, whom the door let in:
		// it may not observe this one (a stranger never gets here: it
		// is not answered at all).
		rep.Errs = []string{letters.ObserveDenied(g.ID)}
		return rep
	}
	if e.Unread {
		rep.Errs = []string{letters.ObserveUnread}
		return rep
	}
	c := e.Sub.Commands[0]
	addr := strings.ToLower(e.From)
	rep.Commands = true
	if c.Word == "stop" {
		if g.Observer(addr) == nil {
			rep.Errs = []string{letters.NotObserving(c.Line, g.ID)}
			return rep
		}
		g.Observers = slices.DeleteFunc(g.Observers, func(o store.Observer) bool { return o.Address == addr })
		rep.Done = append(rep.Done, letters.ObserveStopped(g.ID))
		rep.Later = func() error {
			if err := tx.Audit(g.ID, store.AuditEntry{Time: now, Actor: addr, Action: "observe", Detail: addr + " stopped observing"}); err != nil {
				return err
			}
			return tx.PutGame(g)
		}
		return rep
	}
	switch {
	case slices.Contains(g.Moderators, addr) || slices.ContainsFunc(g.Seats, func(s store.Seat) bool { return s.Address == addr }):
		rep.Errs = []string{letters.PlaysAlready(c.Line, g.ID)}
		return rep
	case g.Observer(addr) != nil:
		rep.Errs = []string{letters.ObservesAlready(c.Line, g.ID)}
		return rep
	}
	g.Observers = append(g.Observers, store.Observer{Address: addr, Since: now, Mailed: g.Version})
	rep.Done = append(rep.Done, letters.ObserveStarted(g.ID))
	rep.Later = func() error {
		if err := tx.Audit(g.ID, store.AuditEntry{Time: now, Actor: addr, Action: "observe", Detail: addr + " observes"}); err != nil {
			return err
		}
		if err := tx.PutGame(g); err != nil {
			return err
		}
		return observerReport(pub, tx, g, addr, now)
	}
	return rep
}

// observerReport mails observer addr the public report of g's open
// version (the one a new observer starts from).
func observerReport(pub *publish.Publisher, tx *store.Tx, g *store.Game, addr string, now time.Time) error {
	s, evs, err := publish.LoadVersion(tx, g.ID, g.Version)
	if err != nil {
		return err
	}
	vm, err := pub.VersionMail(tx, g, g.Version, s, evs)
	if err != nil {
		return err
	}
	id := publish.VersionMailID(g, g.Version, "observer", addr) + "/start"
	return pub.NotifyMessage(tx, "", id, addr, vm.Public(nil), publish.PictureSource(g.ID, g.Version, 0, vm.View), now)
}
