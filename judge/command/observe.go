package command

import (
	"slices"
	"strings"
	"time"

	"stormjudge/judge/guard"
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
		g.ObserveRequests = slices.DeleteFunc(g.ObserveRequests, func(r store.ObserveRequest) bool { return r.Address == c.Address })
		return letters.ObserverDenied(c.Address)
	}
	g.Public = c.Kinds[0] == "on"
	if g.Public {
		return letters.ObserversPublic(true)
	}
	// Those who came while it was public and are not allowed stop.
	g.Observers = slices.DeleteFunc(g.Observers, func(o store.Observer) bool { return !slices.Contains(g.ObserverAllow, o.Address) })
	g.ObserveRequests = slices.DeleteFunc(g.ObserveRequests, func(r store.ObserveRequest) bool { return !slices.Contains(g.ObserverAllow, r.Address) })
	return letters.ObserversPublic(false)
}

// Observers (docs/orders.md "Observing a game"): an address the
// moderator allows (OBSERVE ALLOW), or any address when the game is
// public (OBSERVE PUBLIC ON), may follow the game's public reports: an
// email with GAME and OBSERVE, without a SECRET. Nothing vouches for its
// sender, so it is a request, as a JOIN is (a double opt-in): its answer
// is a short confirmation in fixed words, quoting nothing of the email,
// with a new secret (a sensitive mail, sealed in the outbox), and the
// address observes only once that secret comes back with OBSERVE. The
// requests' answers are bounded by the lobby's budget (guard.LobbyBudget,
// per address and in all); a forged OBSERVE gets its address that one
// short mail and nothing after. An observer gets the public report once
// a turn, when the turn ends (the versions since its last), and never a
// private notice or press; every such mail ends with the one line that
// stops it, OBSERVE STOP <game>. Mail from an address that may not
// observe is a stranger's: never answered; so is an OBSERVE STOP from an
// address that neither observes nor asked to.

// maxObserveRequests: the requests not confirmed a game keeps at once
// (the oldest goes for a new one); ObserveExpiry: how long one holds.
// The lobby's cap on strangers' answers (guard.LobbyAnswers an hour)
// means forged requests need hours to push out a genuine one not yet
// confirmed: 200 at 30 an hour, near 7 hours.
const (
	maxObserveRequests = 200
	ObserveExpiry      = JoinExpiry
)

// ObserveRequest reports an OBSERVE request (not a confirmation, not a
// STOP): an email whose answer the lobby's budget bounds.
func ObserveRequest(sub *orders.Submission) bool {
	return sub != nil && sub.IsObserveRequest() && sub.Commands[0].Word == "start"
}

func observeExpired(r *store.ObserveRequest, now time.Time) bool {
	return now.Sub(r.Asked) > ObserveExpiry
}

// pending returns addr's request not confirmed and not expired, or nil.
func pending(g *store.Game, addr string, now time.Time) *store.ObserveRequest {
	if r := g.ObserveRequest(addr); r != nil && !observeExpired(r, now) {
		return r
	}
	return nil
}

// MayObserve reports whether sub is an observer's email for game from
// addr that the judge answers: an OBSERVE from an address allowed, or
// observing already, or for a public game; an OBSERVE STOP from an
// observer or an address with a request pending; a confirmation from an
// address with a request pending.
func MayObserve(tx *store.Tx, addr, game string, sub *orders.Submission, now time.Time) bool {
	if sub == nil || !sub.IsObserveRequest() && !sub.IsObserveConfirmation() {
		return false
	}
	g, err := tx.Game(game)
	if err != nil {
		return false
	}
	addr = strings.ToLower(addr)
	switch {
	case sub.IsObserveConfirmation():
		return pending(g, addr, now) != nil
	case sub.Commands[0].Word == "stop":
		return g.Observer(addr) != nil || pending(g, addr, now) != nil
	}
	return g.Public || slices.Contains(g.ObserverAllow, addr) || g.Observer(addr) != nil
}

// mayFollow reports whether addr may observe g now.
func mayFollow(g *store.Game, addr string) bool {
	return g.Public || slices.Contains(g.ObserverAllow, addr)
}

// Observe answers an observer's OBSERVE, its confirmation, or OBSERVE
// STOP. Nothing proves who sent a request: neither its subject nor a
// line of it is quoted back, its answer and the refusals are fixed
// texts.
func Observe(core Core, pub *publish.Publisher, tx *store.Tx, g *store.Game, e Email, now time.Time) *Reply {
	rep := &Reply{Anonymous: true, Command: orders.CmdObserve}
	sub := e.Sub
	addr := strings.ToLower(e.From)
	c := sub.Commands[0]
	confirm := sub.IsObserveConfirmation()
	if !confirm && c.Word == "start" && !mayFollow(g, addr) && g.Observer(addr) == nil {
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
	rep.Commands = true
	plays := slices.Contains(g.Moderators, addr) || slices.ContainsFunc(g.Seats, func(s store.Seat) bool { return s.Address == addr })
	switch {
	case c.Word == "stop":
		return observeStop(tx, g, addr, c, rep, now)
	case confirm:
		return observeConfirm(pub, tx, g, e, addr, c, plays, rep, now)
	}
	if rep.Errs = inGameAlready(g, addr, c, plays); rep.Errs != nil {
		return rep
	}
	// A request: a new secret mailed, nothing else until it comes back.
	g.ObserveRequests = slices.DeleteFunc(g.ObserveRequests, func(r store.ObserveRequest) bool {
		return r.Address == addr || observeExpired(&r, now)
	})
	if len(g.ObserveRequests) >= maxObserveRequests {
		// The oldest request goes: its secret no longer works (forged
		// requests hold no store).
		g.ObserveRequests = g.ObserveRequests[len(g.ObserveRequests)-maxObserveRequests+1:]
	}
	secret := guard.NewSecret()
	g.ObserveRequests = append(g.ObserveRequests, store.ObserveRequest{Address: addr, SecretHash: core.Hash(secret), Asked: now})
	rep.Sensitive = true
	rep.Fixed = letters.ObserveRequest{Game: g.ID, Secret: secret, Judge: pub.Address, Expiry: ObserveExpiry}.Text()
	rep.Answered = true // "[game: OBSERVE]": nothing is observed yet
	rep.Later = func() error {
		if err := tx.Audit(g.ID, store.AuditEntry{Time: now, Actor: orders.Shorten(addr, 200), Action: "observe request",
			Detail: orders.Shorten(addr, 200) + " asks to observe; a secret was mailed to confirm it"}); err != nil {
			return err
		}
		return tx.PutGame(g)
	}
	return rep
}

// observeStop answers an OBSERVE STOP: the observer stops, or its request
// not confirmed is withdrawn.
func observeStop(tx *store.Tx, g *store.Game, addr string, c orders.Command, rep *Reply, now time.Time) *Reply {
	var done, detail string
	switch {
	case g.Observer(addr) != nil:
		g.Observers = slices.DeleteFunc(g.Observers, func(o store.Observer) bool { return o.Address == addr })
		done, detail = letters.ObserveStopped(g.ID), addr+" stopped observing"
	case g.ObserveRequest(addr) != nil:
		done, detail = letters.ObserveWithdrawn(g.ID), addr+" withdrew its request to observe"
	default:
		rep.Errs = []string{letters.NotObserving(c.Line, g.ID)}
		return rep
	}
	g.ObserveRequests = slices.DeleteFunc(g.ObserveRequests, func(r store.ObserveRequest) bool { return r.Address == addr })
	rep.Done = append(rep.Done, done)
	rep.Later = func() error {
		if err := tx.Audit(g.ID, store.AuditEntry{Time: now, Actor: addr, Action: "observe", Detail: detail}); err != nil {
			return err
		}
		return tx.PutGame(g)
	}
	return rep
}

// observeConfirm takes an OBSERVE's confirmation: the secret mailed to
// the address that asked. The address observes from now on, and the
// game's latest report follows.
func observeConfirm(pub *publish.Publisher, tx *store.Tx, g *store.Game, e Email, addr string, c orders.Command, plays bool, rep *Reply, now time.Time) *Reply {
	r := pending(g, addr, now)
	if r == nil || !e.Verify(r.SecretHash, e.Sub.Envelope.Secret) {
		rep.Unverified = letters.ObserveUnverified(ObserveExpiry)
		return rep
	}
	switch {
	case !mayFollow(g, addr):
		// The game was made private since, and the address is not
		// allowed.
		rep.Errs = []string{letters.ObserveDenied(g.ID)}
		return rep
	}
	if rep.Errs = inGameAlready(g, addr, c, plays); rep.Errs != nil {
		return rep
	}
	g.ObserveRequests = slices.DeleteFunc(g.ObserveRequests, func(r store.ObserveRequest) bool { return r.Address == addr })
	g.Observers = append(g.Observers, store.Observer{Address: addr, Since: now, Mailed: g.Version})
	rep.Done = append(rep.Done, letters.ObserveStarted(g.ID))
	rep.Later = func() error {
		if err := tx.Audit(g.ID, store.AuditEntry{Time: now, Actor: addr, Action: "observe", Detail: addr + " confirmed and observes"}); err != nil {
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
// version (the one a new observer starts from), with the stop line.
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
	return pub.NotifyMessage(tx, "", id, addr, publish.ObserverFooter(vm.Public(nil), g.ID), publish.PictureSource(g.ID, g.Version, 0, vm.View), now)
}

// inGameAlready refuses an OBSERVE, a request or its confirmation, from
// an address that plays or moderates g (plays) or observes it already.
func inGameAlready(g *store.Game, addr string, c orders.Command, plays bool) []string {
	switch {
	case plays:
		return []string{letters.PlaysAlready(c.Line, g.ID)}
	case g.Observer(addr) != nil:
		return []string{letters.ObservesAlready(c.Line, g.ID)}
	}
	return nil
}
