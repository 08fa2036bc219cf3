package judge

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"stormjudge/adjudicator/storm"
	"stormjudge/judge/command"
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
// subject neither), only while some game has an open seat, and at most
// lobbyAnswers times an hour in all; other such mail is a stranger's,
// dropped unanswered. A JOIN is a request: its answer carries a new
// secret (a sensitive mail, sealed in the outbox), and the seat is taken
// only when that secret comes back with JOIN (a double opt-in: a JOIN
// forged in someone's name seats nobody). The first to confirm takes
// the seat; where the moderator approves players (APPROVAL ON) a
// confirmed request waits for APPROVE (or DECLINE).

// The lobby's bounds.
const (
	// lobbyAnswers: the answers to LIST and JOIN requests in any
	// lobbyWindow, all senders together; lobbyPerAddress: to one
	// address in any lobbyAddressWindow (a forged From: cannot make the
	// judge mail anyone more than that).
	lobbyAnswers       = 30
	lobbyWindow        = time.Hour
	lobbyPerAddress    = 5
	lobbyAddressWindow = 24 * time.Hour
	// maxJoins: the requests a seat keeps at once, of those not
	// confirmed (the oldest goes for a new one) and of those confirmed
	// (waiting for the moderator); how long a request not confirmed
	// holds is command.JoinExpiry.
	maxJoins = 3
)

// lobbyBudget counts the answers to LIST and JOIN requests, in all and by
// address (in memory: a restart forgets it).
type lobbyBudget struct {
	mu     sync.Mutex
	sent   []time.Time
	byAddr map[string][]time.Time
}

// allows reports whether an answer to addr may go out at now.
func (b *lobbyBudget) allows(addr string, now time.Time) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.prune(addr, now)
	return len(b.sent) < lobbyAnswers && len(b.byAddr[strings.ToLower(addr)]) < lobbyPerAddress
}

// spend counts an answer to addr at now (once the email's record
// commits: a dry run or a failed ingest spends nothing).
func (b *lobbyBudget) spend(addr string, now time.Time) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.byAddr == nil {
		b.byAddr = map[string][]time.Time{}
	}
	addr = strings.ToLower(addr)
	b.sent = append(b.sent, now)
	b.byAddr[addr] = append(b.byAddr[addr], now)
	if len(b.byAddr) > 1000 {
		for a := range b.byAddr {
			b.prune(a, now)
		}
	}
}

func (b *lobbyBudget) prune(addr string, now time.Time) {
	b.sent = slices.DeleteFunc(b.sent, func(t time.Time) bool { return !t.After(now.Add(-lobbyWindow)) })
	addr = strings.ToLower(addr)
	if ts := slices.DeleteFunc(b.byAddr[addr], func(t time.Time) bool { return !t.After(now.Add(-lobbyAddressWindow)) }); len(ts) > 0 {
		b.byAddr[addr] = ts
	} else {
		delete(b.byAddr, addr)
	}
}

// lobbyRequest reports a LIST or a JOIN request (not a confirmation):
// the emails the lobby's budget bounds, whoever sends them.
func lobbyRequest(sub *orders.Submission) bool {
	return sub != nil && (sub.IsListRequest() || sub.IsJoinRequest())
}

// expired reports a request not confirmed within command.JoinExpiry.
func expired(jn *store.Join, now time.Time) bool {
	return jn.Confirmed.IsZero() && now.Sub(jn.Asked) > command.JoinExpiry
}

// mayLobby reports whether sub is a lobby email from a stranger that the
// judge answers: a LIST while a game waits for players, a JOIN for a game
// that waits, a JOIN's confirmation from an address that asked for that
// seat (also one whose request lapsed lately: it is told so).
func (j *Judge) mayLobby(tx *store.Tx, addr, game string, sub *orders.Submission, now time.Time) bool {
	switch {
	case sub == nil:
		return false
	case sub.IsListRequest():
		gs, err := tx.Games()
		return err == nil && slices.ContainsFunc(gs, (*store.Game).Waiting)
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

// list answers LIST: the games waiting for players.
func (j *Judge) list(tx *store.Tx, m *orders.Message, rc *receipt, res *Result, now time.Time) {
	rc.anonymous = true
	res.Outcome, res.Command = Answered, orders.CmdList
	from := m.From
	tx.OnCommit(func() { j.lobby.spend(from, now) })
	gs, err := tx.Games()
	if err != nil {
		rc.fatal = err
		return
	}
	l := letters.List{Judge: j.opt.Address}
	for _, g := range gs {
		if g.Waiting() {
			l.Games = append(l.Games, g)
		}
	}
	rc.text = l.Text()
}

// join answers a JOIN: a request (no secret) or its confirmation.
// Nothing vouches for a request's sender, nor for a confirmation's until
// its secret verified: until then the receipt is in fixed words and
// quotes nothing of the email, its subject neither.
func (j *Judge) join(tx *store.Tx, g *store.Game, m *orders.Message, sub *orders.Submission, rc *receipt, res *Result, now time.Time) {
	c := sub.Commands[0]
	addr := strings.ToLower(m.From)
	res.Command = orders.CmdJoin
	rc.anonymous = true
	rc.footer = "LIST, alone in an email to the judge, lists the games that wait for players and their open seats."
	confirm := sub.IsJoinConfirmation()
	if !confirm {
		tx.OnCommit(func() { j.lobby.spend(addr, now) })
	}
	if len(rc.errs) > 0 {
		rc.errs = []string{"A JOIN email holds JOIN <game> <power> alone (with the SECRET the judge sent, to confirm); it was not read."}
		res.Outcome = Rejected
		return
	}
	seat := g.Seat(c.Power)
	if !g.Waiting() || seat == nil || !seat.Open {
		msg := fmt.Sprintf("Game %s has no open seat: it does not take players.", g.ID)
		switch {
		case confirm:
			msg = fmt.Sprintf("%s's seat in game %s is not open any more: another player took it, or the game started.", c.Power.Title(), g.ID)
		case g.Waiting():
			msg = fmt.Sprintf("%s's seat in game %s is not open; the open seats: %s.", c.Power.Title(), g.ID, letters.Powers(g.OpenSeats()))
		}
		rc.errs = []string{msg}
		res.Outcome = Rejected
		return
	}
	if confirm {
		j.confirmJoin(tx, g, seat, m, sub, rc, res, now)
		return
	}
	// One seat an address by JOIN: one stranger takes no whole table.
	for _, s := range g.Seats {
		if s.Power != c.Power && (s.Address == addr && !s.Vacant || s.Join(addr) != nil && !expired(s.Join(addr), now)) {
			rc.errs = []string{fmt.Sprintf("This address holds or has asked for another seat in game %s: one seat an address by JOIN (the moderator may seat one player in several, with REPLACE).", g.ID)}
			res.Outcome = Rejected
			return
		}
	}
	if own := seat.Join(addr); own != nil && !own.Confirmed.IsZero() {
		// A request confirmed and waiting for the moderator stays (a
		// forged JOIN must not undo it).
		rc.text = letters.JoinAnswer{Game: g.ID, Power: c.Power, Request: true}.Text()
		res.Outcome = Answered // "[game: JOIN]": nothing is taken yet
		return
	}
	seat.Joins = slices.DeleteFunc(seat.Joins, func(jn store.Join) bool { return jn.Address == addr || expired(&jn, now) })
	confirmed := 0
	for _, jn := range seat.Joins {
		if !jn.Confirmed.IsZero() {
			confirmed++
		}
	}
	if confirmed >= maxJoins {
		rc.errs = []string{fmt.Sprintf("Several players wait for the moderator's answer for %s's seat in game %s: ask again later, or for another seat (open: %s).", c.Power.Title(), g.ID, letters.Powers(g.OpenSeats()))}
		res.Outcome = Rejected
		return
	}
	if len(seat.Joins)-confirmed >= maxJoins {
		// The oldest request not confirmed goes: its secret no longer
		// works (a few forged requests lock no seat).
		i := slices.IndexFunc(seat.Joins, func(jn store.Join) bool { return jn.Confirmed.IsZero() })
		seat.Joins = slices.Delete(seat.Joins, i, i+1)
	}
	secret := guard.NewSecret()
	seat.Joins = append(seat.Joins, store.Join{Address: addr, SecretHash: hashSecret(secret), Asked: now})
	rc.sensitive = true
	rc.text = letters.JoinRequest{Game: g, Power: c.Power, Secret: secret, Judge: j.opt.Address, Expiry: command.JoinExpiry}.Text()
	res.Outcome = Answered // "[game: JOIN]": the seat is not taken yet
	rc.later = append(rc.later, func() error {
		if err := tx.Audit(g.ID, store.AuditEntry{Time: now, Actor: orders.Shorten(addr, 200), Action: "join request",
			Detail: fmt.Sprintf("%s asks for %s's seat; a secret was mailed to confirm it", orders.Shorten(addr, 200), c.Power.Title())}); err != nil {
			return err
		}
		return tx.PutGame(g)
	})
}

// confirmJoin takes a JOIN's confirmation: the secret mailed to the
// address that asked. The address is seated, or, where the moderator
// approves players, waits for APPROVE (the moderators are asked once).
func (j *Judge) confirmJoin(tx *store.Tx, g *store.Game, seat *store.Seat, m *orders.Message, sub *orders.Submission, rc *receipt, res *Result, now time.Time) {
	addr := strings.ToLower(m.From)
	jn := seat.Join(addr)
	if jn == nil || expired(jn, now) || !rc.verify(jn.SecretHash, sub.Envelope.Secret) {
		rc.unverifiedBy("The SECRET does not match the one sent for this seat, or this address did not ask for it (or asked more than " + orders.FormatDuration(command.JoinExpiry) + " ago).")
		res.Outcome = Rejected
		return
	}
	rc.anonymous = false // the secret vouches for it now
	res.Outcome, rc.commands = Accepted, true
	p := seat.Power
	key := rc.key
	if g.JoinApproval {
		if !jn.Confirmed.IsZero() {
			rc.text = letters.JoinAnswer{Game: g.ID, Power: p, Already: true}.Text()
			return
		}
		jn.Confirmed = now
		rc.text = letters.JoinAnswer{Game: g.ID, Power: p}.Text()
		rc.later = append(rc.later, func() error {
			if err := tx.Audit(g.ID, store.AuditEntry{Time: now, Actor: addr, Action: "join confirmed",
				Detail: fmt.Sprintf("%s confirmed the request for %s's seat; it waits for the moderator's APPROVE", addr, p.Title())}); err != nil {
				return err
			}
			if err := tx.PutGame(g); err != nil {
				return err
			}
			return j.askModerators(tx, g, p, addr, key, now)
		})
		return
	}
	welcome := "receipt/" + publish.ShortHash(key)
	// The receipt is the welcome; it has its own signature.
	rc.text = strings.TrimSuffix(command.TakeSeat(core{j}, j.pub, g, seat, *jn, welcome, now).Text(), letters.Signature)
	rc.later = append(rc.later, func() error {
		if err := tx.Audit(g.ID, store.AuditEntry{Time: now, Actor: addr, Action: "join",
			Detail: fmt.Sprintf("%s took %s's seat", addr, p.Title())}); err != nil {
			return err
		}
		if err := tx.PutGame(g); err != nil {
			return err
		}
		if err := j.seatedNotice(tx, g, p, addr, key, now); err != nil {
			return err
		}
		if g.Waiting() {
			return nil
		}
		return command.Start(core{j}, j.pub, tx, g, now)
	})
}

// seatedNotice tells g's moderators that addr took p's seat (key: the
// delivery key of the email that caused it, naming the mails).
func (j *Judge) seatedNotice(tx *store.Tx, g *store.Game, p storm.Power, addr string, key []byte, now time.Time) error {
	n := letters.Seated{Game: g, Power: p, Address: addr}
	return j.pub.ToModerators(tx, g, fmt.Sprintf("%s/seated/%s/%s", g.ID, p, publish.ShortHash(key)), n.Subject(), n.Text(), now)
}

// askModerators asks g's moderators to approve addr's confirmed request
// for p's seat.
func (j *Judge) askModerators(tx *store.Tx, g *store.Game, p storm.Power, addr string, key []byte, now time.Time) error {
	n := letters.AskApproval{Game: g.ID, Power: p, Address: addr}
	return j.pub.ToModerators(tx, g, fmt.Sprintf("%s/approve/%s/%s", g.ID, p, publish.ShortHash(key)), n.Subject(), n.Text(), now)
}
