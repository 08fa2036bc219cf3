package command

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
	"stormjudge/judge/letters"
	"stormjudge/judge/publish"
	"stormjudge/orders"
	"stormjudge/store"
)

// The lobby's bounds: how long a request not confirmed holds, and how
// many lapsed requests a game remembers.
const (
	JoinExpiry = 48 * time.Hour
	maxLapsed  = 20
)

// lapse drops the requests for seat but keep's (the address seated, or
// ""), remembering them for a late confirmation.
func lapse(g *store.Game, seat *store.Seat, keep string, now time.Time) {
	for _, jn := range seat.Joins {
		if jn.Address != keep {
			g.Lapsed = append(g.Lapsed, store.LapsedJoin{Address: jn.Address, Power: seat.Power, Until: now.Add(JoinExpiry)})
		}
	}
	seat.Joins = nil
	g.Lapsed = slices.DeleteFunc(g.Lapsed, func(l store.LapsedJoin) bool { return !now.Before(l.Until) })
	if len(g.Lapsed) > maxLapsed {
		g.Lapsed = g.Lapsed[len(g.Lapsed)-maxLapsed:]
	}
}

// takeSeat seats jn's address in seat with jn's secret; the other
// requests for it lapse. welcome is the outbox ID of the mail that tells
// the player (the thread root of the player's mail); takeSeat returns
// that mail.
func takeSeat(core Core, pub *publish.Publisher, g *store.Game, seat *store.Seat, jn store.Join, welcome string, now time.Time) letters.Welcome {
	lapse(g, seat, jn.Address, now)
	*seat = store.Seat{Power: seat.Power, Address: jn.Address, SecretHash: jn.SecretHash, Welcome: welcome, ConfigAddress: seat.ConfigAddress}
	return Welcome(core, pub.Address, g, *seat, "")
}

// Welcome is the mail that seats a player in seat of g with secret (""
// for a player who took an open seat and knows it); judge is the
// judge's address.
func Welcome(core Core, judge string, g *store.Game, seat store.Seat, secret string) letters.Welcome {
	return letters.Welcome{Game: g, Seat: seat, Secret: secret, Judge: judge, Shared: sharedSecret(core, g, seat, secret)}
}

// sharedSecret reports another seat of seat's address whose secret is
// secret too: only then must the address's emails name their POWER (the
// judge tells the seats apart by their secrets).
func sharedSecret(core Core, g *store.Game, seat store.Seat, secret string) bool {
	for _, s := range g.Seats {
		if s.Power != seat.Power && s.Address == seat.Address && core.Verify(s.SecretHash, secret) {
			return true
		}
	}
	return false
}

// start starts a waiting game: the seats still open stay vacant (the
// moderator holds them), the confirmed requests for them are told they
// lapsed, and the game's first segment opens (or, with a physical deck,
// waits for the draw), with its report. It is called once: when a JOIN
// takes the last open seat, or at the end of the commands of a
// moderator's email that filled the last seats or STARTed the game
// (cmdRun.commit).
func start(core Core, pub *publish.Publisher, tx *store.Tx, g *store.Game, now time.Time) error {
	for i := range g.Seats {
		seat := &g.Seats[i]
		if !seat.Open {
			continue
		}
		for _, jn := range seat.Joins {
			if jn.Confirmed.IsZero() {
				continue // nothing vouches for it: not mailed
			}
			n := letters.Lapsed{Game: g.ID, Power: seat.Power}
			if err := pub.NotifyText(tx, "", fmt.Sprintf("%s/lapsed/%s/%s", g.ID, seat.Power, jn.Address), jn.Address, n.Subject(), n.Text(), now); err != nil {
				return err
			}
		}
		lapse(g, seat, "", now)
		seat.Open = false
	}
	if err := tx.PutGame(g); err != nil {
		return err
	}
	if err := tx.Audit(g.ID, store.AuditEntry{Time: now, Actor: "judge", Action: "start",
		Detail: fmt.Sprintf("the game starts; players %s, vacant %s", letters.Powers(letters.Taken(g)), letters.OrNoneText(letters.Powers(vacantSeats(g))))}); err != nil {
		return err
	}
	s0, err := tx.State(g.ID, g.Version)
	if err != nil {
		return err
	}
	if adjudicator.AwaitsDraw(s0) {
		return pub.Publish(tx, g, g.Version, nil, s0, now, publish.Publication{})
	}
	return core.Advance(tx, g, s0, now, "started")
}

func vacantSeats(g *store.Game) []storm.Power {
	return g.SeatsWhere(func(s store.Seat) bool { return s.Vacant })
}

// lobbyCommand runs a moderator's START, APPROVE, DECLINE or APPROVAL.
func (r *cmdRun) lobbyCommand(c orders.Command) error {
	g := r.g
	if !g.Waiting() {
		return errors.New(letters.StartedNoSeat(g.ID))
	}
	switch c.Verb {
	case orders.CmdApproval:
		g.JoinApproval = c.Word == "on"
		line := letters.ApprovalText(g.JoinApproval)
		r.answers = append(r.answers, line)
		r.audit("approval", line)
		if !g.JoinApproval {
			// The requests confirmed and waiting: the first to confirm
			// takes each seat, as it would have without approval.
			for i := range g.Seats {
				if cs := confirmedJoins(&g.Seats[i]); g.Seats[i].Open && len(cs) > 0 {
					r.seatJoiner(&g.Seats[i], cs[0])
				}
			}
		}
		return nil
	case orders.CmdStart:
		left := g.OpenSeats()
		r.say(letters.GameStarted(left))
		r.audit("start", "started by the moderator; left vacant: "+letters.Powers(left))
		r.starting = startNow
		return nil
	}
	seat := g.Seat(c.Power)
	if seat == nil || !seat.Open {
		return errors.New(letters.SeatNotOpen(c.Power, g.OpenSeats()))
	}
	cs := confirmedJoins(seat)
	if c.Address != "" {
		cs = slices.DeleteFunc(cs, func(jn store.Join) bool { return jn.Address != c.Address })
		if len(cs) == 0 {
			return errors.New(letters.NotConfirmedBy(c.Address, c.Power))
		}
	}
	if len(cs) == 0 {
		return errors.New(letters.NobodyConfirmed(c.Power))
	}
	switch c.Verb {
	case orders.CmdApprove:
		r.seatJoiner(seat, cs[0])
	case orders.CmdDecline:
		var told []string
		for _, jn := range cs {
			told = append(told, jn.Address)
		}
		seat.Joins = slices.DeleteFunc(seat.Joins, func(jn store.Join) bool { return slices.Contains(told, jn.Address) })
		r.answers = append(r.answers, letters.DeclinedAnswer(c.Power, told))
		r.audit("decline", fmt.Sprintf("%s: declined %s", c.Power.Title(), strings.Join(told, ", ")))
		p := c.Power
		r.then(func() error {
			for _, a := range told {
				if err := declined(r.pub, r.tx, r.g, p, a, r.reason, r.key, r.now); err != nil {
					return err
				}
			}
			return nil
		})
	}
	return nil
}

// confirmedJoins are seat's confirmed requests, the first confirmed
// first.
func confirmedJoins(seat *store.Seat) []store.Join {
	var out []store.Join
	for _, jn := range seat.Joins {
		if !jn.Confirmed.IsZero() {
			out = append(out, jn)
		}
	}
	slices.SortStableFunc(out, func(a, b store.Join) int { return a.Confirmed.Compare(b.Confirmed) })
	return out
}

// seatJoiner seats the address of jn, a confirmed request, in seat (the
// moderator's APPROVE, or APPROVAL OFF): its welcome, the other
// confirmed requests told, and the game started with the email's last
// command if no seat is open any more.
func (r *cmdRun) seatJoiner(seat *store.Seat, jn store.Join) {
	g, p := r.g, seat.Power
	var others []string
	for _, o := range confirmedJoins(seat) {
		if o.Address != jn.Address {
			others = append(others, o.Address)
		}
	}
	id := publish.WelcomeID(g.ID, p) + "/" + publish.ShortHash(append([]byte(jn.Address), r.key...))
	w := takeSeat(r.core, r.pub, g, seat, jn, id, r.now)
	subject, body := w.Subject(), w.Approved() // the game as it is now: the email's later commands may start it
	r.answers = append(r.answers, letters.NowPlays(jn.Address, p))
	r.audit("approve", fmt.Sprintf("%s: %s seated", p.Title(), jn.Address))
	r.then(func() error {
		if err := r.pub.Notify(r.tx, id, jn.Address, subject, body, false, r.now); err != nil {
			return err
		}
		for _, a := range others {
			if err := declined(r.pub, r.tx, r.g, p, a, letters.OtherSeated, r.key, r.now); err != nil {
				return err
			}
		}
		return nil
	})
	r.starting = max(r.starting, startWhenFull)
}

// declined tells addr that its confirmed request for p's seat was turned
// down (key: the delivery key of the moderator's email).
func declined(pub *publish.Publisher, tx *store.Tx, g *store.Game, p storm.Power, addr, why string, key []byte, now time.Time) error {
	n := letters.Declined{Game: g.ID, Power: p, Why: why}
	return pub.NotifyText(tx, "", fmt.Sprintf("%s/declined/%s/%s", g.ID, p, publish.ShortHash(append([]byte(addr), key...))), addr, n.Subject(), n.Text(), now)
}

// When a moderator's email starts the game (cmdRun.starting): once every
// seat is taken, or now (START).
const (
	startWhenFull = 1
	startNow      = 2
)
