package judge

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
	"stormjudge/judge/autoplay"
	"stormjudge/judge/command"
	"stormjudge/judge/deadline"
	"stormjudge/judge/letters"
	"stormjudge/orders"
	"stormjudge/report"
	"stormjudge/store"
)

// decide routes an email that passed the door (ingest) to its path and
// fills its receipt: the lobby's LIST, an email naming no game, and the
// paths of an email naming one (toGame).
func (j *Judge) decide(tx *store.Tx, m *orders.Message, sub *orders.Submission, perr error, rc *receipt, res *Result, now time.Time) {
	readErrors(rc, perr)
	switch {
	case sub == nil:
		res.Outcome = Rejected
	case sub.IsListRequest():
		j.reply(rc, res, command.List(j.pub, tx, m.From, now))
	case sub.Envelope.Game == "":
		unread(tx, m, rc, letters.NoGame)
		res.Outcome = Rejected
	default:
		j.toGame(tx, m, sub, rc, res, now)
	}
}

// readErrors puts the parser's errors in the receipt.
func readErrors(rc *receipt, perr error) {
	if perr == nil {
		return
	}
	var errs orders.Errors
	if errors.As(perr, &errs) {
		for _, e := range errs {
			rc.errs = append(rc.errs, strings.TrimPrefix(e.Error(), "orders: "))
			// A command's line refused: the refusal's advice is
			// a command's, not orders'.
			w, _, _ := strings.Cut(strings.ToUpper(strings.TrimSpace(e.Text)), " ")
			if slices.Contains(orders.CommandWords(false), w) || slices.Contains(orders.CommandWords(true), w) {
				rc.commands = true
			}
		}
	} else {
		rc.errs = append(rc.errs, perr.Error())
	}
}

// toGame routes an email naming a game: a game master's CREATE of a new
// one, a game the judge does not hold, an observer's OBSERVE, a JOIN,
// or the email of a moderator or a seat (seated).
func (j *Judge) toGame(tx *store.Tx, m *orders.Message, sub *orders.Submission, rc *receipt, res *Result, now time.Time) {
	env := sub.Envelope
	res.Game = env.Game
	g, err := tx.Game(env.Game)
	switch {
	case errors.Is(err, store.ErrNotFound) && env.Moderator && sub.HasCommand(orders.CmdCreate):
		j.create(tx, m, sub, rc, res, now)
	case errors.Is(err, store.ErrNotFound):
		unread(tx, m, rc, letters.UnknownGame)
		res.Game = "" // the sender's text: not in the receipt's subject either
		res.Outcome = Rejected
	case err != nil:
		rc.fatal = err
	case sub.IsObserveRequest() || sub.IsObserveConfirmation():
		rc.observer = true
		j.reply(rc, res, command.Observe(core{j}, j.pub, tx, g, anonymous(m, sub, rc), now))
	case sub.IsJoinRequest() || sub.IsJoinConfirmation():
		j.reply(rc, res, command.Join(core{j}, j.pub, tx, g, anonymous(m, sub, rc), now))
	default:
		j.seated(tx, g, m, sub, rc, res, now)
	}
}

// speaker authorizes the email for the moderator (with a POWER line: for
// that power) or for a seat, and says for which power (0: the
// moderator's own); false: refused, the receipt says why.
func (j *Judge) speaker(g *store.Game, m *orders.Message, sub *orders.Submission, rc *receipt, res *Result) (storm.Power, bool) {
	env := sub.Envelope
	var power storm.Power
	if env.Moderator {
		// A game master's CREATE of an existing game is told so; anyone
		// else's CREATE is a moderator's email like any other.
		master := sub.HasCommand(orders.CmdCreate) && j.isMaster(rc, m.From, env.Secret)
		if !master && !authorizeModerator(g, m.From, env, rc) {
			if !rc.throttled && !env.SecretPlaceholder && j.masterSecretOn(g, m.From, env.Secret) {
				// A game master's own secret, on a game created by
				// email: say which secret moderates it (the refusal
				// reveals nothing the sender does not know).
				rc.errs = slices.DeleteFunc(rc.errs, func(e string) bool { return e == rc.unverified })
				rc.unverifiedBy(letters.MasterSecretOnGame(g.ID))
			}
			return 0, false
		}
		res.Moderator = true
		if sub.HasCommand(orders.CmdCreate) {
			rc.errs = append(rc.errs, letters.GameExists(env.GameLine, g.ID))
			return 0, false
		}
		if env.Power != "" {
			// The moderator enters (or withdraws) a power's orders,
			// without its secret.
			power, _ = storm.ParsePower(env.Power)
			if g.Seat(power) == nil {
				rc.errs = append(rc.errs, letters.NoSeat(env.PowerLine, power, g.ID))
				return 0, false
			}
			res.Power = power
		}
	} else {
		var ok bool
		if power, ok = j.authorize(g, m.From, env, rc); !ok {
			return 0, false
		}
		res.Power = power
	}
	return power, true
}

// seated routes the email of a moderator or a seat, once authorized: a
// moderator's HELP, commands, a player's HELP, a refusal (the game waits
// for players, is paused, the email answers a closed segment, the game
// ended), the moderator's SET, draw or WITHDRAW, or orders.
func (j *Judge) seated(tx *store.Tx, g *store.Game, m *orders.Message, sub *orders.Submission, rc *receipt, res *Result, now time.Time) {
	env := sub.Envelope
	power, ok := j.speaker(g, m, sub, rc, res)
	if !ok {
		res.Outcome = Rejected
		return
	}
	defer stillDisorder(g, power, rc, res)
	if sub.Check {
		rc.check, res.Command = true, "CHECK"
	}
	if len(rc.errs) > 0 {
		// Parse errors: report them all, change nothing.
		res.Outcome = Rejected
		return
	}
	if rc.reason = sub.Reason(); rc.reason != "" {
		// The players read a REASON (announcements, reports, the audit
		// log): it must not carry a secret.
		if whose := command.SecretIn(core{j}, g, rc.reason); whose != "" {
			rc.errs = append(rc.errs, letters.SecretInReason(whose))
			res.Outcome = Rejected
			return
		}
	}
	s, err := tx.State(g.ID, g.Version)
	if err != nil {
		rc.fatal = err
		return
	}
	rc.state = &s
	if g.Waiting() {
		rc.state = nil // no segment is open before the start
	}
	switch {
	case sub.Help && res.Moderator && power == 0:
		rc.help = moderatorHelp(tx, g, s)
		res.Outcome, res.Command = Answered, "HELP"
	case command.Count(sub) > 0 && !(res.Moderator && power != 0):
		j.runCommands(tx, g, s, m, sub, power, rc, res, now)
	case sub.Help:
		rc.help = letters.PlayerHelp(report.Help(g.ID, power, adjudicator.Derive(s)), g)
		res.Outcome = Answered
	case g.Waiting():
		rc.errs = append(rc.errs, letters.WaitingText(g))
		rc.footer = letters.WaitingFooter(res.Moderator)
		res.Outcome = Rejected
	case g.Paused:
		rc.errs = append(rc.errs, letters.Paused)
		rc.footer = letters.PausedFooter
		res.Outcome = Rejected
	case j.stale(tx, g, s, m, env, rc):
		res.Outcome = Rejected
	case res.Moderator && power == 0 && len(sub.Orders) > 0 && sub.Orders[0].Kind == storm.SetState:
		rc.fatal = j.fix(tx, g, s, m, sub, rc, res, now)
	case res.Moderator && power == 0:
		takeDraw(tx, g, s, m, sub, rc, res, now)
	case res.Moderator && sub.HasCommand(orders.CmdWithdraw):
		rc.fatal = j.withdraw(tx, g, s, m, sub, power, rc, res, now)
	case s.Ended:
		rc.errs = append(rc.errs, letters.Ended(s))
		rc.footer = letters.EndedFooter
		res.Outcome = Rejected
	default:
		j.takeOrders(tx, g, s, m, sub, power, rc, res, now)
	}
	switch {
	case power == 0 || res.Moderator || rc.fatal != nil:
	case sub.HasCommand(orders.CmdResign):
		// The player leaves: the seat is the moderator's now, not back.
	case res.Outcome == Accepted || res.Outcome == Answered:
		if notes, later := autoplay.Back(j.pub, tx, g, power, m.From, now); later != nil { // its player is back
			rc.notes, rc.later = append(rc.notes, notes...), append(rc.later, later)
		}
	}
}

// stillDisorder marks the refusal of an email of power's player whose
// seat is in civil disorder: only an accepted email takes it back.
func stillDisorder(g *store.Game, power storm.Power, rc *receipt, res *Result) {
	if power != 0 && !res.Moderator && res.Outcome == Rejected && g.Seat(power) != nil && g.Seat(power).Disorder {
		rc.disorder = true
	}
}

// takeOrders takes a seat's orders (or the moderator's for a power) for
// the open segment of g, whose state is s: validated, stored (combined
// with standing orders sent before), audited, and told in the receipt.
func (j *Judge) takeOrders(tx *store.Tx, g *store.Game, s storm.State, m *orders.Message, sub *orders.Submission, power storm.Power, rc *receipt, res *Result, now time.Time) {
	if !adjudicator.MayOrder(s, power, sub.Orders) { // standing orders for later rounds are welcome (adjudicator/standing.go)
		rc.errs = append(rc.errs, letters.NoOrdersNow(power, s, whoOrders(s)))
		res.Outcome = Rejected
		return
	}
	if verrs := adjudicator.Validate(s, power, sub.Orders); len(verrs) > 0 {
		rc.refuse(sub.Orders, verrs)
		res.Outcome = Rejected
		return
	}
	prev, err := tx.Orders(g.ID, g.Version)
	if err != nil {
		rc.fatal = err
		return
	}
	old, replaced := prev[power]
	held := replaced // orders in before this email (a CHECK leaves them as they are)
	rec := store.OrderRecord{Power: power, Orders: sub.Orders, Pass: sub.Pass || len(sub.Orders) == 0,
		MessageID: res.MessageID, From: m.From, Received: now, ByModerator: res.Moderator}
	if replaced {
		rec.Orders, rec.Pass = adjudicator.CombineOrders(s, old.Orders, old.Pass, sub.Orders, rec.Pass)
		if adjudicator.OnlyStanding(s, sub.Orders) {
			replaced = false
			rc.notes = append(rc.notes, letters.StandingAdded)
		}
	}
	if adjudicator.OnlyStanding(s, sub.Orders) && contains(adjudicator.Required(s), power) && !rec.Pass && adjudicator.OnlyStanding(s, rec.Orders) {
		rc.notes = append(rc.notes, letters.StandingOnly(s.Segment))
	}
	if after, ok := adjudicator.Preview(s, power, rec.Orders); ok { // the orders kept, this email's with the earlier ones'
		rc.after = &after
		rc.committed = adjudicator.Committed(s, power, rec.Orders)
	}
	rc.warn(adjudicator.Warn(s, power, rec.Orders), len(rec.Orders), len(sub.Orders)) // what stands only if something happens first
	if sub.Check {
		// Checked, not stored: no order record, no audit line, no
		// adjudication; the receipt says what they would do.
		rc.accepted = sub.Orders
		rc.notes = append(slices.DeleteFunc(rc.notes, func(n string) bool { return n == letters.StandingAdded }), letters.CheckNotStored(held))
		res.Outcome = Answered
		return
	}
	if err := tx.PutOrders(g.ID, g.Version, rec); err != nil {
		rc.fatal = err
		return
	}
	action := "orders"
	if res.Moderator {
		action = "orders entered by the moderator"
		rc.copyTo = g.Seat(power).Address
	}
	if replaced {
		action = "orders replaced"
		rc.notes = append(rc.notes, letters.ReplacedOrdersOf(old, res.Moderator))
	}
	if err := tx.Audit(g.ID, store.AuditEntry{Time: now, Actor: m.From, Action: action,
		Detail: fmt.Sprintf("%s, %s %s: %s", power.Title(), s.Turn, s.Segment, strings.ReplaceAll(report.Orders(sub.Orders), "\n", "; "))}); err != nil {
		rc.fatal = err
		return
	}
	rc.accepted = sub.Orders
	if sub.Pass && len(sub.Orders) > 0 && !slices.ContainsFunc(sub.Orders, func(o storm.Order) bool { return o.For == storm.SegTurn }) {
		// PASS for the open segment with standing orders for later ones
		rc.accepted = append([]storm.Order{{Kind: storm.PassOrder, For: s.Segment}}, sub.Orders...)
	}
	prev[power] = rec
	miss := deadline.MissingPowers(s, prev)
	if len(miss) > 0 {
		rc.notes = append(rc.notes, letters.StillWaiting(miss))
	} else {
		rc.notes = append(rc.notes, letters.AllIn)
	}
	if !g.Deadline.IsZero() && !now.Before(g.Deadline) {
		rc.notes = append(rc.notes, letters.LateInGrace(g.Deadline, deadline.Zone(g, strings.ToLower(m.From))))
	} else if !g.Deadline.IsZero() && len(miss) > 0 {
		rc.notes = append(rc.notes, letters.DeadlineLine(g, deadline.Zone(g, strings.ToLower(m.From))))
	}
	res.Outcome = Accepted
}

// anonymous is an email no secret vouches for yet (OBSERVE, JOIN), as the
// commands see it.
func anonymous(m *orders.Message, sub *orders.Submission, rc *receipt) command.Email {
	return command.Email{From: m.From, Sub: sub, Key: rc.key, Unread: len(rc.errs) > 0, Verify: rc.verify}
}

// reply puts what a command's path said (command.Reply) into the
// email's receipt and result.
func (j *Judge) reply(rc *receipt, res *Result, rep *command.Reply) {
	if rep.Errs != nil {
		rc.errs = rep.Errs
	}
	rc.notes = append(rc.notes, rep.Notes...)
	rc.attach = append(rc.attach, rep.Attach...)
	rc.anonymous, rc.footer = rep.Anonymous, rep.Footer
	rc.commands = rc.commands || rep.Commands
	if rep.Command != "" {
		res.Command = rep.Command
	}
	switch {
	case rep.Fatal != nil:
		rc.fatal = rep.Fatal
	case rep.Unverified != "":
		rc.unverifiedBy(rep.Unverified)
		res.Outcome = Rejected
	case len(rep.Errs) > 0:
		res.Outcome = Rejected
	default:
		rc.text, rc.sensitive = rep.Fixed, rep.Sensitive
		if rep.Later != nil {
			rc.later = append(rc.later, rep.Later)
		}
		rc.help = rep.Help
		rc.done = append(rc.done, rep.Done...)
		res.Outcome = Accepted
		if rep.Answered {
			res.Outcome = Answered
		}
	}
}
