package command

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"stormjudge/adjudicator/storm"
	"stormjudge/judge/guard"
	"stormjudge/judge/letters"
	"stormjudge/judge/publish"
	"stormjudge/orders"
	"stormjudge/store"
)

// Open seats (docs/orders.md "Open seats"). A game created with
// SEAT <power> OPEN waits: no report, no deadline, no orders, until every
// open seat is taken (it then starts by itself) or the moderator STARTs
// it (the seats still open stay vacant, held by the moderator, as after a
// RESIGN).
//
// Anyone may send LIST (which games wait, and for which powers) and
// JOIN <game> <power>. Nothing vouches for the sender of either, so both
// are answered with fixed texts that quote nothing of the email (its
// subject neither), only while some game has an open seat (LIST also
// while one under way is open to any observer), and within
// the lobby's budget (guard.LobbyBudget: per address, and, for addresses
// that have confirmed nothing, guard.LobbyAnswers times an hour in all);
// other such mail is a stranger's, dropped unanswered. A JOIN is a request: its answer carries
// a new secret (a sensitive mail, sealed in the outbox), and the seat is
// taken only when that secret comes back with JOIN (a double opt-in: a
// JOIN forged in someone's name seats nobody). The first to confirm takes
// the seat; where the moderator approves players (APPROVAL ON) a
// confirmed request waits for APPROVE (or DECLINE).

// maxJoins: the requests a seat keeps at once, of those not confirmed
// (the oldest goes for a new one) and of those confirmed (waiting for the
// moderator); how long a request not confirmed holds is JoinExpiry.
const maxJoins = 3

// LobbyRequest reports a LIST, a JOIN request or an OBSERVE request (not
// a confirmation): the emails the lobby's budget bounds
// (guard.LobbyBudget), whoever sends them.
func LobbyRequest(sub *orders.Submission) bool {
	return sub != nil && (sub.IsListRequest() || sub.IsJoinRequest() || ObserveRequest(sub))
}

// expired reports a request not confirmed within JoinExpiry.
func expired(jn *store.Join, now time.Time) bool {
	return jn.Confirmed.IsZero() && now.Sub(jn.Asked) > JoinExpiry
}

// MayLobby reports whether sub is a lobby email from a stranger that the
// judge answers: a LIST while a game waits for players or is under way
// and open to any observer, a JOIN for a game
// that waits, a JOIN's confirmation from an address that asked for that
// seat (also one whose request lapsed lately: it is told so).
func MayLobby(tx *store.Tx, addr, game string, sub *orders.Submission, now time.Time) bool {
	switch {
	case sub == nil:
		return false
	case sub.IsListRequest():
		gs, err := tx.Games()
		return err == nil && (slices.ContainsFunc(gs, (*store.Game).Waiting) || slices.ContainsFunc(gs, observable))
	case sub.IsJoinRequest():
		g, err := tx.Game(game)
		return err == nil && g.Waiting()
	case sub.IsJoinConfirmation():
		g, err := tx.Game(game)
		if err != nil {
			return false
		}
		p := sub.Commands[0].Power
		if seat := g.Seat(p); seat != nil && seat.Open {
			if jn := seat.Join(addr); jn != nil && !expired(jn, now) {
				return true
			}
		}
		return lapsedFor(g, addr, p, now)
	}
	return false
}

// lapsedFor reports a request of addr for p's seat that lapsed lately.
func lapsedFor(g *store.Game, addr string, p storm.Power, now time.Time) bool {
	return slices.ContainsFunc(g.Lapsed, func(l store.LapsedJoin) bool {
		return l.Address == strings.ToLower(addr) && l.Power == p && now.Before(l.Until)
	})
}

// observable reports a game under way that any address may observe
// (OBSERVE PUBLIC ON): LIST names it too.
func observable(g *store.Game) bool {
	return g.Public && !g.Waiting() && g.Ended.IsZero()
}

// List answers LIST from the address from: the games waiting for
// players, and those under way that anyone may observe.
func List(pub *publish.Publisher, tx *store.Tx, from string, now time.Time) *Reply {
	rep := &Reply{Anonymous: true, Answered: true, Command: orders.CmdList}
	gs, err := tx.Games()
	if err != nil {
		rep.Fatal = err
		return rep
	}
	l := letters.List{Judge: pub.Address}
	for _, g := range gs {
		switch {
		case g.Waiting():
			l.Games = append(l.Games, g)
		case observable(g):
			l.Observable = append(l.Observable, g)
		}
	}
	rep.Fixed = l.Text()
	return rep
}

// Join answers a JOIN: a request (no secret) or its confirmation.
// Nothing vouches for a request's sender, nor for a confirmation's until
// its secret verified: until then the receipt is in fixed words and
// quotes nothing of the email, its subject neither.
func Join(core Core, pub *publish.Publisher, tx *store.Tx, g *store.Game, e Email, now time.Time) *Reply {
	sub := e.Sub
	c := sub.Commands[0]
	addr := strings.ToLower(e.From)
	rep := &Reply{Command: orders.CmdJoin, Anonymous: true,
		Footer: letters.JoinFooter}
	confirm := sub.IsJoinConfirmation()
	if e.Unread {
		rep.Errs = []string{letters.JoinUnread}
		return rep
	}
	seat := g.Seat(c.Power)
	if !g.Waiting() || seat == nil || !seat.Open {
		msg := letters.NoOpenSeat(g.ID)
		switch {
		case confirm:
			msg = letters.SeatGone(c.Power, g.ID)
		case g.Waiting():
			msg = letters.SeatClosed(c.Power, g.ID, g.OpenSeats())
		}
		rep.Errs = []string{msg}
		return rep
	}
	if confirm {
		confirmJoin(core, pub, tx, g, seat, e, rep, now)
		return rep
	}
	// One seat an address by JOIN: one stranger takes no whole table.
	for _, s := range g.Seats {
		if s.Power != c.Power && (s.Address == addr && !s.Vacant || s.Join(addr) != nil && !expired(s.Join(addr), now)) {
			rep.Errs = []string{letters.OneSeat(g.ID)}
			return rep
		}
	}
	if own := seat.Join(addr); own != nil && !own.Confirmed.IsZero() {
		// A request confirmed and waiting for the moderator stays (a
		// forged JOIN must not undo it).
		rep.Fixed = letters.JoinAnswer{Game: g.ID, Power: c.Power, Request: true}.Text()
		rep.Answered = true // "[game: JOIN]": nothing is taken yet
		return rep
	}
	seat.Joins = slices.DeleteFunc(seat.Joins, func(jn store.Join) bool { return jn.Address == addr || expired(&jn, now) })
	confirmed := 0
	for _, jn := range seat.Joins {
		if !jn.Confirmed.IsZero() {
			confirmed++
		}
	}
	if confirmed >= maxJoins {
		rep.Errs = []string{letters.SeatBusy(c.Power, g.ID, g.OpenSeats())}
		return rep
	}
	if len(seat.Joins)-confirmed >= maxJoins {
		// The oldest request not confirmed goes: its secret no longer
		// works (a few forged requests lock no seat).
		i := slices.IndexFunc(seat.Joins, func(jn store.Join) bool { return jn.Confirmed.IsZero() })
		seat.Joins = slices.Delete(seat.Joins, i, i+1)
	}
	secret := guard.NewSecret()
	seat.Joins = append(seat.Joins, store.Join{Address: addr, SecretHash: core.Hash(secret), Asked: now})
	rep.Sensitive = true
	rep.Fixed = letters.JoinRequest{Game: g, Power: c.Power, Secret: secret, Judge: pub.Address, Expiry: JoinExpiry}.Text()
	rep.Answered = true // "[game: JOIN]": the seat is not taken yet
	rep.Later = func() error {
		if err := tx.Audit(g.ID, store.AuditEntry{Time: now, Actor: orders.Shorten(addr, 200), Action: "join request",
			Detail: fmt.Sprintf("%s asks for %s's seat; a secret was mailed to confirm it", orders.Shorten(addr, 200), c.Power.Title())}); err != nil {
			return err
		}
		return tx.PutGame(g)
	}
	return rep
}

// confirmJoin takes a JOIN's confirmation: the secret mailed to the
// address that asked. The address is seated, or, where the moderator
// approves players, waits for APPROVE (the moderators are asked once).
func confirmJoin(core Core, pub *publish.Publisher, tx *store.Tx, g *store.Game, seat *store.Seat, e Email, rep *Reply, now time.Time) {
	addr := strings.ToLower(e.From)
	jn := seat.Join(addr)
	if jn == nil || expired(jn, now) || !e.Verify(jn.SecretHash, e.Sub.Envelope.Secret) {
		rep.Unverified = letters.JoinUnverified(JoinExpiry)
		return
	}
	rep.Anonymous = false // the secret vouches for it now
	rep.Commands = true
	p := seat.Power
	key := e.Key
	if g.JoinApproval {
		if !jn.Confirmed.IsZero() {
			rep.Fixed = letters.JoinAnswer{Game: g.ID, Power: p, Already: true}.Text()
			return
		}
		jn.Confirmed = now
		rep.Fixed = letters.JoinAnswer{Game: g.ID, Power: p}.Text()
		rep.Later = func() error {
			if err := tx.Audit(g.ID, store.AuditEntry{Time: now, Actor: addr, Action: "join confirmed",
				Detail: fmt.Sprintf("%s confirmed the request for %s's seat; it waits for the moderator's APPROVE", addr, p.Title())}); err != nil {
				return err
			}
			if err := tx.PutGame(g); err != nil {
				return err
			}
			n := letters.AskApproval{Game: g.ID, Power: p, Address: addr}
			return pub.ToModerators(tx, g, fmt.Sprintf("%s/approve/%s/%s", g.ID, p, publish.ShortHash(key)), n.Subject(), n.Text(), now)
		}
		return
	}
	welcome := "receipt/" + publish.ShortHash(key)
	// The receipt is the welcome; it has its own signature.
	rep.Fixed = strings.TrimSuffix(takeSeat(core, pub, g, seat, *jn, welcome, now).Text(), letters.Signature)
	rep.Later = func() error {
		if err := tx.Audit(g.ID, store.AuditEntry{Time: now, Actor: addr, Action: "join",
			Detail: fmt.Sprintf("%s took %s's seat", addr, p.Title())}); err != nil {
			return err
		}
		if err := tx.PutGame(g); err != nil {
			return err
		}
		n := letters.Seated{Game: g, Power: p, Address: addr}
		if err := pub.ToModerators(tx, g, fmt.Sprintf("%s/seated/%s/%s", g.ID, p, publish.ShortHash(key)), n.Subject(), n.Text(), now); err != nil {
			return err
		}
		if g.Waiting() {
			return nil
		}
		return start(core, pub, tx, g, now)
	}
}
