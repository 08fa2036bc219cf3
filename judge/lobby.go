package judge

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"stormjudge/adjudicator/randomevent"
	"stormjudge/adjudicator/storm"
	"stormjudge/orders"
	"stormjudge/store"
)

// Open seats (issue 25, docs/orders.md "Open seats"). A game created with
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
	// lobbyAnswers: the LIST and JOIN requests answered in any hour,
	// all addresses together.
	lobbyAnswers = 30
	lobbyWindow  = time.Hour
	// maxJoins: the requests a seat keeps at once; joinExpiry: how long
	// an unconfirmed one is kept.
	maxJoins   = 3
	joinExpiry = 7 * 24 * time.Hour
)

// lobbyBudget counts the answers to LIST and JOIN requests from
// addresses the judge does not know (in memory: a restart forgets it).
type lobbyBudget struct {
	mu   sync.Mutex
	sent []time.Time
}

// take spends one answer at now, or reports that the hour's are spent.
func (b *lobbyBudget) take(now time.Time) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.sent = slices.DeleteFunc(b.sent, func(t time.Time) bool { return !t.After(now.Add(-lobbyWindow)) })
	if len(b.sent) >= lobbyAnswers {
		return false
	}
	b.sent = append(b.sent, now)
	return true
}

// mayLobby reports whether sub is a lobby email from a stranger that the
// judge answers: a LIST while a game waits for players, a JOIN for a game
// that waits, a JOIN's confirmation from an address that asked for that
// seat. Requests spend the lobby's budget.
func (j *Judge) mayLobby(tx *store.Tx, addr, game string, sub *orders.Submission, now time.Time) bool {
	if sub == nil {
		return false
	}
	switch {
	case sub.IsListRequest():
		gs, err := tx.Games()
		if err != nil || !slices.ContainsFunc(gs, (*store.Game).Waiting) {
			return false
		}
	case sub.IsJoinRequest():
		g, err := tx.Game(game)
		if err != nil || !g.Waiting() {
			return false
		}
	case sub.IsJoinConfirmation():
		g, err := tx.Game(game)
		if err != nil {
			return false
		}
		seat := g.Seat(sub.Commands[0].Power)
		return seat != nil && seat.Open && seat.Join(addr) != nil
	default:
		return false
	}
	if !j.lobby.take(now) {
		j.log.Warn("lobby request dropped: the hour's answers are spent", "from", orders.Shorten(addr, 100), "answers", lobbyAnswers)
		return false
	}
	return true
}

// list answers LIST: the games waiting for players.
func (j *Judge) list(tx *store.Tx, rc *receipt, res *Result) {
	rc.anonymous = true
	res.Outcome, res.Command = Answered, orders.CmdList
	gs, err := tx.Games()
	if err != nil {
		rc.fatal = err
		return
	}
	var b strings.Builder
	n := 0
	for _, g := range gs {
		if !g.Waiting() {
			continue
		}
		n++
		fmt.Fprintf(&b, "Game %s\n", g.ID)
		fmt.Fprintf(&b, "  Open seats: %s.\n", joinPowers(g.OpenSeats()))
		if taken := takenSeats(g); len(taken) > 0 {
			fmt.Fprintf(&b, "  Taken: %s.\n", joinPowers(taken))
		}
		fmt.Fprintf(&b, "  Rules: %s\n  %s\n", RulesText(g), PressRulesText(g.Press))
		if g.JoinApproval {
			b.WriteString("  The moderator approves each player.\n")
		}
		fmt.Fprintf(&b, "  To ask for a seat: JOIN %s %s\n\n", g.ID, strings.ToLower(g.OpenSeats()[0].String()))
	}
	if n == 0 {
		b.WriteString("No game here waits for players now.\n\n")
	}
	rc.text = "Games of Gathering Storm that wait for players at " + j.opt.Address + ":\n\n" + b.String() +
		"A JOIN email is answered with a secret; send it back with JOIN to take the seat (docs/orders.md, \"Open seats\").\n"
}

// takenSeats are g's seats that have a player.
func takenSeats(g *store.Game) []storm.Power {
	var out []storm.Power
	for _, s := range g.Seats {
		if !s.Vacant {
			out = append(out, s.Power)
		}
	}
	return out
}

// join answers a JOIN: a request (no secret) or its confirmation.
func (j *Judge) join(tx *store.Tx, g *store.Game, m *orders.Message, sub *orders.Submission, rc *receipt, res *Result, now time.Time) {
	c := sub.Commands[0]
	addr := strings.ToLower(m.From)
	res.Command = orders.CmdJoin
	rc.footer = "LIST, alone in an email to the judge, lists the games that wait for players and their open seats."
	confirm := sub.IsJoinConfirmation()
	if !confirm {
		rc.anonymous = true // nothing vouches for a request's sender
	}
	if len(rc.errs) > 0 {
		rc.errs = []string{"A JOIN email holds JOIN <game> <power> alone (with the SECRET the judge sent, to confirm); it was not read."}
		res.Outcome = Rejected
		return
	}
	seat := g.Seat(c.Power)
	if !g.Waiting() || seat == nil || !seat.Open {
		msg := fmt.Sprintf("Game %s has no open seat: it does not take players.", g.ID)
		if g.Waiting() {
			msg = fmt.Sprintf("%s's seat in game %s is not open; the open seats: %s.", c.Power.Title(), g.ID, joinPowers(g.OpenSeats()))
		}
		rc.errs = []string{msg}
		res.Outcome = Rejected
		return
	}
	if confirm {
		j.confirmJoin(tx, g, seat, m, sub, rc, res, now)
		return
	}
	seat.Joins = slices.DeleteFunc(seat.Joins, func(jn store.Join) bool {
		return jn.Address == addr || jn.Confirmed.IsZero() && now.Sub(jn.Asked) > joinExpiry
	})
	if len(seat.Joins) >= maxJoins {
		rc.errs = []string{fmt.Sprintf("Several players have asked for %s's seat in game %s lately: ask again in a few days, or for another seat (open: %s).", c.Power.Title(), g.ID, joinPowers(g.OpenSeats()))}
		res.Outcome = Rejected
		return
	}
	secret := newSecret()
	seat.Joins = append(seat.Joins, store.Join{Address: addr, SecretHash: hashSecret(secret), Asked: now})
	rc.sensitive = true
	rc.text = joinRequestText(g, c.Power, secret, j.opt.Address)
	res.Outcome = Accepted
	rc.later = append(rc.later, func() error {
		if err := tx.Audit(g.ID, store.AuditEntry{Time: now, Actor: addr, Action: "join request",
			Detail: fmt.Sprintf("%s asks for %s's seat; a secret was mailed to confirm it", addr, c.Power.Title())}); err != nil {
			return err
		}
		return tx.PutGame(g)
	})
}

// joinRequestText answers a JOIN request: the secret, and the email that
// takes the seat with it.
func joinRequestText(g *store.Game, p storm.Power, secret, judge string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Someone, from this address, asked for %s's seat in game %s of Gathering Storm, adjudicated by stormjudge.\n\n", p.Title(), g.ID)
	fmt.Fprintf(&b, "To take the seat, send this email to %s, the lines as they are:\n\n", judge)
	fmt.Fprintf(&b, "  GAME %s\n  SECRET %s\n  JOIN %s\n  END\n\n", g.ID, secret, p)
	b.WriteString("The secret is then yours: every order email carries it. Keep it to yourself.\n")
	if g.JoinApproval {
		b.WriteString("The moderator approves each player in this game: once you have sent it, the moderator is asked, and you hear when they answer.\n")
	} else {
		b.WriteString("The seat goes to the first player who sends this confirmation.\n")
	}
	fmt.Fprintf(&b, "The game starts when every seat is taken (open now: %s), or when the moderator starts it; the first report comes then.\n\n", joinPowers(g.OpenSeats()))
	fmt.Fprintf(&b, "This game's rules: %s\n%s\n", RulesText(g), PressRulesText(g.Press))
	if len(g.Moderators) > 0 {
		fmt.Fprintf(&b, "Moderated by %s.\n", strings.Join(g.Moderators, ", "))
	}
	fmt.Fprintf(&b, "\nIf you did not ask for this, ignore this email: nothing is done in your name, and the request lapses after %d days.\n", int(joinExpiry/(24*time.Hour)))
	return b.String()
}

// confirmJoin takes a JOIN's confirmation: the secret mailed to the
// address that asked. The address is seated, or, where the moderator
// approves players, waits for APPROVE.
func (j *Judge) confirmJoin(tx *store.Tx, g *store.Game, seat *store.Seat, m *orders.Message, sub *orders.Submission, rc *receipt, res *Result, now time.Time) {
	addr := strings.ToLower(m.From)
	jn := seat.Join(addr)
	if jn == nil || !rc.verify(jn.SecretHash, sub.Envelope.Secret) {
		rc.unverifiedBy("The SECRET does not match the one sent for this seat, or this address did not ask for it.")
		res.Outcome = Rejected
		return
	}
	res.Outcome, rc.commands = Accepted, true
	p := seat.Power
	if g.JoinApproval {
		if jn.Confirmed.IsZero() {
			jn.Confirmed = now
		}
		rc.text = fmt.Sprintf("Your request for %s's seat in game %s is confirmed. The moderator approves each player in this game and has been asked; you hear when they answer.\n", p.Title(), g.ID)
		rc.later = append(rc.later, func() error {
			if err := tx.Audit(g.ID, store.AuditEntry{Time: now, Actor: addr, Action: "join confirmed",
				Detail: fmt.Sprintf("%s confirmed the request for %s's seat; it waits for the moderator's APPROVE", addr, p.Title())}); err != nil {
				return err
			}
			if err := tx.PutGame(g); err != nil {
				return err
			}
			return j.askModerators(tx, g, p, addr, now)
		})
		return
	}
	welcome := "receipt/" + shortHash(rc.key)
	rc.text = j.takeSeat(g, seat, *jn, welcome)
	rc.later = append(rc.later, func() error {
		if err := tx.Audit(g.ID, store.AuditEntry{Time: now, Actor: addr, Action: "join",
			Detail: fmt.Sprintf("%s took %s's seat", addr, p.Title())}); err != nil {
			return err
		}
		return j.seated(tx, g, p, addr, now)
	})
}

// takeSeat seats jn's address in seat with jn's secret; welcome is the
// outbox ID of the mail that tells the player (the thread root of the
// player's mail). It returns that mail's text.
func (j *Judge) takeSeat(g *store.Game, seat *store.Seat, jn store.Join, welcome string) string {
	*seat = store.Seat{Power: seat.Power, Address: jn.Address, SecretHash: jn.SecretHash, Welcome: welcome, ConfigAddress: seat.ConfigAddress}
	return welcomeBody(g, *seat, "", j.opt.Address)
}

// seated follows a seat taken (JOIN, APPROVE): the game record, the
// moderators told, and the game started if no seat is open any more.
func (j *Judge) seated(tx *store.Tx, g *store.Game, p storm.Power, addr string, now time.Time) error {
	if err := tx.PutGame(g); err != nil {
		return err
	}
	line := fmt.Sprintf("%s took %s's seat in game %s.", addr, p.Title(), g.ID)
	if g.Waiting() {
		line += fmt.Sprintf(" Still open: %s (START starts the game with them vacant).", joinPowers(g.OpenSeats()))
	} else {
		line += " Every seat is taken: the game starts now."
	}
	for _, mod := range g.Moderators {
		id := fmt.Sprintf("%s/seated/%s/%s", g.ID, p, shortHash([]byte(addr+now.String())))
		if err := j.notifyText(tx, j.threadRoot(g, mod), id, mod, fmt.Sprintf("[%s] %s has a player", g.ID, p.Title()), line+"\n\n-- \nstormjudge, Gathering Storm adjudicator\n", now); err != nil {
			return err
		}
	}
	if g.Waiting() {
		return nil
	}
	return j.start(tx, g, now)
}

// askModerators asks g's moderators to approve addr's confirmed request
// for p's seat.
func (j *Judge) askModerators(tx *store.Tx, g *store.Game, p storm.Power, addr string, now time.Time) error {
	body := fmt.Sprintf("%s asks to play %s in game %s and has confirmed the request from that address.\n\nTo seat them, send (with GAME %s, MODERATOR and your SECRET):\n\n  APPROVE %s\n\nor, to turn the request down, DECLINE %s.\n\n-- \nstormjudge, Gathering Storm adjudicator\n",
		addr, p.Title(), g.ID, g.ID, p, p)
	for _, mod := range g.Moderators {
		id := fmt.Sprintf("%s/approve/%s/%s", g.ID, p, shortHash([]byte(addr+now.String())))
		if err := j.notifyText(tx, j.threadRoot(g, mod), id, mod, fmt.Sprintf("[%s] %s asks to play %s", g.ID, addr, p.Title()), body, now); err != nil {
			return err
		}
	}
	return nil
}

// start starts a waiting game: the seats still open stay vacant (the
// moderator holds them), the confirmed requests for them are told, and
// the game's first segment opens (or, with a physical deck, waits for
// the draw), with its report.
func (j *Judge) start(tx *store.Tx, g *store.Game, now time.Time) error {
	for i := range g.Seats {
		seat := &g.Seats[i]
		if !seat.Open {
			continue
		}
		for _, jn := range seat.Joins {
			if jn.Confirmed.IsZero() {
				continue // nothing vouches for it: not mailed
			}
			body := fmt.Sprintf("Game %s has started without a player for %s: the moderator holds the seat. Your request for it has lapsed.\n\n-- \nstormjudge, Gathering Storm adjudicator\n", g.ID, seat.Power.Title())
			if err := j.notifyText(tx, "", fmt.Sprintf("%s/lapsed/%s/%s", g.ID, seat.Power, jn.Address), jn.Address, fmt.Sprintf("[%s] Your request for %s has lapsed", g.ID, seat.Power.Title()), body, now); err != nil {
				return err
			}
		}
		seat.Open, seat.Joins = false, nil
	}
	if err := tx.PutGame(g); err != nil {
		return err
	}
	if err := tx.Audit(g.ID, store.AuditEntry{Time: now, Actor: "judge", Action: "start",
		Detail: fmt.Sprintf("the game starts; players %s, vacant %s", joinPowers(takenSeats(g)), orNoneText(joinPowers(vacantSeats(g))))}); err != nil {
		return err
	}
	s0, err := tx.State(g.ID, g.Version)
	if err != nil {
		return err
	}
	if randomevent.AwaitsDraw(s0) {
		return j.publish(tx, g, g.Version, nil, s0, now, publication{})
	}
	return j.advance(tx, g, s0, nil, now, "started")
}

func vacantSeats(g *store.Game) []storm.Power {
	var out []storm.Power
	for _, s := range g.Seats {
		if s.Vacant {
			out = append(out, s.Power)
		}
	}
	return out
}

func orNoneText(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// waitingText says that g waits for players, for a refusal or STATUS.
func waitingText(g *store.Game) string {
	return fmt.Sprintf("Game %s has not started: it waits for players for %s (open seats, listed by LIST and taken by JOIN). It starts when they are taken, or when the moderator starts it; the first report comes then.", g.ID, joinPowers(g.OpenSeats()))
}

// lobbyCommand runs a moderator's START, APPROVE, DECLINE or APPROVAL.
func (r *cmdRun) lobbyCommand(c orders.Command) error {
	g := r.g
	if c.Verb == orders.CmdApproval {
		g.JoinApproval = c.Word == "on"
		line := "Players who JOIN an open seat take it once they confirm (APPROVAL OFF)."
		if g.JoinApproval {
			line = "Players who JOIN an open seat wait for your APPROVE once they confirm (APPROVAL ON)."
		}
		r.answers = append(r.answers, line)
		r.audit("approval", line)
		return nil
	}
	if !g.Waiting() {
		return fmt.Errorf("game %s has no open seat: it has started", g.ID)
	}
	switch c.Verb {
	case orders.CmdStart:
		left := g.OpenSeats()
		r.say("Game started", fmt.Sprintf("The game starts now; %s stay vacant, held by the moderator (REPLACE seats a player).", joinPowers(left)))
		r.audit("start", "started by the moderator; left vacant: "+joinPowers(left))
		r.then(func() error { return r.j.start(r.tx, r.g, r.now) })
		return nil
	}
	seat := g.Seat(c.Power)
	if seat == nil || !seat.Open {
		return fmt.Errorf("%s's seat is not open; the open seats: %s", c.Power.Title(), joinPowers(g.OpenSeats()))
	}
	i := slices.IndexFunc(seat.Joins, func(jn store.Join) bool { return !jn.Confirmed.IsZero() })
	if i < 0 {
		return fmt.Errorf("nobody has confirmed a request for %s's seat", c.Power.Title())
	}
	switch c.Verb {
	case orders.CmdApprove:
		jn := seat.Joins[i]
		others := slices.DeleteFunc(slices.Clone(seat.Joins), func(o store.Join) bool { return o.Address == jn.Address || o.Confirmed.IsZero() })
		id := welcomeID(g.ID, c.Power) + "/" + shortHash(append([]byte(jn.Address+r.now.String()), r.key...))
		body := fmt.Sprintf("The moderator approved you: you play %s in game %s.\n\n", c.Power.Title(), g.ID) + r.j.takeSeat(g, seat, jn, id)
		r.answers = append(r.answers, fmt.Sprintf("%s now plays %s.", jn.Address, c.Power.Title()))
		r.audit("approve", fmt.Sprintf("%s: %s approved", c.Power.Title(), jn.Address))
		p := c.Power
		r.then(func() error {
			if err := r.j.notify(r.tx, id, jn.Address, fmt.Sprintf("[%s] You play %s", g.ID, p.Title()), body, false, r.now); err != nil {
				return err
			}
			for _, o := range others {
				if err := r.j.declined(r.tx, r.g, p, o.Address, "another player was approved", r.now); err != nil {
					return err
				}
			}
			if r.g.Waiting() {
				return nil
			}
			return r.j.start(r.tx, r.g, r.now)
		})
	case orders.CmdDecline:
		var told []string
		for _, jn := range seat.Joins {
			if !jn.Confirmed.IsZero() {
				told = append(told, jn.Address)
			}
		}
		seat.Joins = slices.DeleteFunc(seat.Joins, func(jn store.Join) bool { return !jn.Confirmed.IsZero() })
		r.answers = append(r.answers, fmt.Sprintf("Declined for %s: %s. The seat stays open.", c.Power.Title(), strings.Join(told, ", ")))
		r.audit("decline", fmt.Sprintf("%s: declined %s", c.Power.Title(), strings.Join(told, ", ")))
		p := c.Power
		r.then(func() error {
			for _, a := range told {
				if err := r.j.declined(r.tx, r.g, p, a, r.reason, r.now); err != nil {
					return err
				}
			}
			return nil
		})
	}
	return nil
}

// declined tells addr that its confirmed request for p's seat was turned
// down.
func (j *Judge) declined(tx *store.Tx, g *store.Game, p storm.Power, addr, why string, now time.Time) error {
	body := fmt.Sprintf("The moderator of game %s did not seat you for %s.", g.ID, p.Title())
	if why != "" {
		body += " Reason: " + why + "."
	}
	body += "\n\n-- \nstormjudge, Gathering Storm adjudicator\n"
	return j.notifyText(tx, "", fmt.Sprintf("%s/declined/%s/%s", g.ID, p, shortHash([]byte(addr+now.String()))), addr, fmt.Sprintf("[%s] Not seated for %s", g.ID, p.Title()), body, now)
}
