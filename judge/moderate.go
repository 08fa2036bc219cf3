package judge

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"time"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
	"stormjudge/judge/command"
	"stormjudge/judge/deadline"
	"stormjudge/judge/guard"
	"stormjudge/judge/letters"
	"stormjudge/judge/publish"
	"stormjudge/orders"
	"stormjudge/report"
	"stormjudge/store"
)

// Master is an address the operator lets create games by email (CREATE),
// with the hash of its secret.
type Master struct {
	Address    string
	SecretHash string
}

// isMaster reports whether addr may create games and secret is its own.
// The hash is checked only for a listed address.
func (j *Judge) isMaster(rc *receipt, addr, secret string) bool {
	addr = strings.ToLower(addr)
	for _, m := range j.opt.Masters {
		if strings.ToLower(m.Address) == addr {
			return secret != "" && rc.verify(m.SecretHash, secret)
		}
	}
	return false
}

// masterSecretOn reports a MODERATOR email of g, a game created by email
// (no seat the operator's configuration gave), that failed the
// moderators' secret and carries the sender's own game master's secret.
// Its check is not charged to the sender's budget: the moderators'
// check before it was, once.
func (j *Judge) masterSecretOn(g *store.Game, addr, secret string) bool {
	if secret == "" || slices.ContainsFunc(g.Seats, func(s store.Seat) bool { return s.ConfigAddress != "" }) {
		return false
	}
	addr = strings.ToLower(addr)
	for _, m := range j.opt.Masters {
		if strings.ToLower(m.Address) == addr {
			return verifySecret(m.SecretHash, secret)
		}
	}
	return false
}

func (j *Judge) listedMaster(addr string) bool {
	addr = strings.ToLower(addr)
	for _, m := range j.opt.Masters {
		if strings.ToLower(m.Address) == addr {
			return true
		}
	}
	return false
}

// create makes the game an email's CREATE block defines (docs/orders.md
// "Creating a game"): the sender, a game master the operator listed,
// moderates it; the players are seated and welcomed with their secrets;
// the moderators' secret goes to the sender.
func (j *Judge) create(tx *store.Tx, m *orders.Message, sub *orders.Submission, rc *receipt, res *Result, now time.Time) {
	env := sub.Envelope
	if !j.isMaster(rc, m.From, env.Secret) {
		rc.unverifiedBy(letters.MasterRefused(env.SecretPlaceholder))
		res.Outcome = Rejected
		return
	}
	if len(rc.errs) > 0 {
		res.Outcome = Rejected
		return
	}
	def := GameDef{ID: env.Game, Moderators: []string{strings.ToLower(m.From)}, Diplomacy: true, Crisis: true}
	bad := func(c orders.Command, why string) {
		rc.errs = append(rc.errs, letters.CommandRefused(c.Line, c.Verb, why))
	}
	g := &store.Game{} // collects the rules
	everyLine := 0     // a DEADLINE EVERY without its zone
	for _, c := range sub.Commands {
		switch c.Verb {
		case orders.CmdCreate, orders.CmdReason:
		case orders.CmdSeat:
			for _, sd := range def.Seats {
				if sd.Power == c.Power {
					bad(c, letters.SeatedTwice(c.Power))
				}
			}
			def.Seats = append(def.Seats, SeatDef{Power: c.Power, Address: c.Address, Open: c.Word == "open", Computer: c.Word == "computer"})
		case orders.CmdDeck:
			if c.None {
				def.Deck = nil
				continue
			}
			dk, ok := j.opt.Decks[c.Word]
			if !ok {
				bad(c, letters.NoDeck(c.Word, j.deckNames()))
				continue
			}
			def.Deck = dk
			def.PhysicalDeck = c.Mode == "physical"
		case orders.CmdSeed:
			def.Seed = c.Number
		case orders.CmdDiplomacy:
			def.Diplomacy = c.Word == "on"
		case orders.CmdCrisis:
			def.Crisis = c.Word == "on"
		case orders.CmdDuration, orders.CmdReminders, orders.CmdNMR, orders.CmdExtensions, orders.CmdAbsence:
			if c.Verb == orders.CmdAbsence && !c.Max {
				bad(c, letters.CreateAbsence)
				continue
			}
			if _, err := command.ApplyRule(g, c); err != nil {
				bad(c, err.Error())
			}
		case orders.CmdTimezone:
			g.Rules.Zone = c.Word
			if c.Word == "UTC" {
				g.Rules.Zone = ""
			}
		case orders.CmdDeadline:
			if c.Mode != "every" {
				bad(c, letters.CreateDeadline)
				continue
			}
			if _, err := command.ApplyRule(g, c); err != nil {
				bad(c, err.Error())
			}
			if c.Word == "" && g.Rules.Schedule != nil {
				everyLine = c.Line // in the moderators' zone, wherever TIMEZONE stands
			}
		case orders.CmdPress:
			command.PressRule(g, c)
		case orders.CmdObserve:
			command.ObserverRule(g, c)
		case orders.CmdApproval:
			def.JoinApproval = c.Word == "on"
		default:
			bad(c, letters.NotCreateLine)
		}
	}
	if everyLine > 0 && g.Rules.Schedule != nil {
		g.Rules.Schedule.Zone = cmp.Or(g.Rules.Zone, "UTC")
	}
	if len(rc.errs) == 0 {
		if d, ok := g.Rules.Durations["economic"]; ok && allSame(g.Rules.Durations) {
			def.SegmentDuration = d
		}
		def.Rules, def.Press, def.ObserverAllow, def.Public = g.Rules, g.Press, g.ObserverAllow, g.Public
		if err := def.Validate(); err != nil {
			rc.errs = append(rc.errs, strings.TrimPrefix(err.Error(), "judge: "))
		}
	}
	if len(rc.errs) > 0 {
		res.Outcome = Rejected
		return
	}
	secrets := map[storm.Power]string{}
	hashes := map[storm.Power]string{}
	for _, sd := range def.Seats {
		secrets[sd.Power] = guard.NewSecret()
		hashes[sd.Power] = hashSecret(secrets[sd.Power])
	}
	modSecret := guard.NewSecret()
	modHash := hashSecret(modSecret)
	rc.later = append(rc.later, func() error {
		return j.createGame(tx, def, secrets, hashes, modSecret, modHash, strings.ToLower(m.From), now)
	})
	res.Outcome, res.Moderator, rc.commands = Accepted, true, true
	created := letters.Created{Game: &store.Game{ID: def.ID, SegmentDuration: def.SegmentDuration, Rules: def.Rules, Press: def.Press},
		Approval: def.JoinApproval, Physical: def.PhysicalDeck, Deck: letters.DeckName(def.Deck), Diplomacy: def.Diplomacy, Crisis: def.Crisis}
	for _, sd := range def.Seats {
		created.Seats = append(created.Seats, letters.Seat{Power: sd.Power, Address: sd.Address, Open: sd.Open, Computer: sd.Computer})
	}
	rc.done = append(rc.done, created.Lines()...)
}

func allSame(m map[string]time.Duration) bool {
	var first time.Duration
	n := 0
	for _, d := range m {
		if n > 0 && d != first {
			return false
		}
		first = d
		n++
	}
	return n == len(orders.SegmentKinds)
}

func (j *Judge) deckNames() []string {
	var out []string
	for n := range j.opt.Decks {
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}

// moderatorHelp answers a moderator's HELP (letters.ModeratorHelp).
func moderatorHelp(tx *store.Tx, g *store.Game, s storm.State) string {
	h := letters.ModeratorHelp{Game: g, State: s, Who: whoOrders(s)}
	if miss, _, err := deadline.Waiting(tx, g, s); err == nil {
		h.Missing = miss
	}
	return h.Text()
}

// withdraw removes a power's submission for the open segment (the
// moderator's WITHDRAW with POWER).
func (j *Judge) withdraw(tx *store.Tx, g *store.Game, s storm.State, m *orders.Message, sub *orders.Submission, p storm.Power, rc *receipt, res *Result, now time.Time) error {
	if len(sub.Orders) > 0 || sub.Pass {
		rc.errs = append(rc.errs, letters.WithdrawAlone)
		res.Outcome = Rejected
		return nil
	}
	ok, err := tx.WithdrawOrders(g.ID, g.Version, p)
	if err != nil {
		return err
	}
	if !ok {
		rc.errs = append(rc.errs, letters.NothingToWithdraw(p, s.Segment))
		res.Outcome = Rejected
		return nil
	}
	reason := sub.Reason()
	if err := tx.Audit(g.ID, store.AuditEntry{Time: now, Actor: m.From, Action: "withdraw",
		Detail: fmt.Sprintf("%s's orders for %s %s withdrawn by the moderator%s", p.Title(), s.Turn, s.Segment, letters.Because(reason))}); err != nil {
		return err
	}
	subject, line := letters.Withdrawn(p, s.Segment)
	if err := command.Announce(j.pub, tx, g, s, m.From, 0, reason, []string{subject}, []string{line}, false, now); err != nil {
		return err
	}
	if err := tx.PutGame(g); err != nil {
		return err
	}
	// The power's player hears of it by the announcement (with the
	// reason), not by a copy of this receipt, which repeats the reason
	// (writeReason).
	rc.done = append(rc.done, line)
	rc.commands = true
	res.Outcome = Accepted
	return nil
}

// fix applies the moderator's SET orders: a new version of the game with
// the state fixed (adjudicator.ApplyFixes), the orders kept with that
// version like a draw (so replay redoes them), the powers' orders for the
// open segment carried over when they are still valid, and a report.
func (j *Judge) fix(tx *store.Tx, g *store.Game, s storm.State, m *orders.Message, sub *orders.Submission, rc *receipt, res *Result, now time.Time) error {
	for _, o := range sub.Orders {
		if o.Kind != storm.SetState {
			rc.errs = append(rc.errs, letters.SetAlone(o.Line))
			res.Outcome = Rejected
			return nil
		}
	}
	if adjudicator.AwaitsDraw(s) && !(len(sub.Orders) == 1 && strings.EqualFold(strings.Join(sub.Orders[0].Args, " "), storm.FixDeck+" "+storm.DeckFile)) {
		rc.errs = append(rc.errs, letters.SetAwaitsDraw)
		res.Outcome = Rejected
		return nil
	}
	if verrs := adjudicator.ValidateFixes(s, sub.Orders); len(verrs) > 0 {
		rc.refuse(sub.Orders, verrs)
		res.Outcome = Rejected
		return nil
	}
	next, evs, err := adjudicator.ApplyFixes(s, sub.Orders)
	if err != nil {
		rc.errs = append(rc.errs, err.Error())
		res.Outcome = Rejected
		return nil
	}
	recs, err := tx.Orders(g.ID, g.Version)
	if err != nil {
		return err
	}
	reason := sub.Reason()
	rec := store.OrderRecord{Orders: sub.Orders, MessageID: res.MessageID, From: m.From, Received: now, Reason: reason}
	if err := tx.PutDraw(g.ID, g.Version, rec); err != nil {
		return err
	}
	if err := tx.Audit(g.ID, store.AuditEntry{Time: now, Actor: m.From, Action: "set",
		Detail: strings.ReplaceAll(report.Orders(sub.Orders), "\n", "; ") + letters.Because(reason)}); err != nil {
		return err
	}
	// The same segment goes on: its deadline stays, and the powers'
	// orders come along when still valid.
	// (Those that stand are told by their notices: publish.VersionMail.)
	var dropped []string
	own := map[storm.Power][]string{}
	for _, p := range storm.Powers {
		r, ok := recs[p]
		if !ok || r.Pass && len(r.Orders) == 0 { // a PASS may come with standing orders
			continue
		}
		if errs := adjudicator.ValidateKept(next, p, r.Orders); len(errs) > 0 {
			dropped = append(dropped, p.Title())
			delete(recs, p)
			var why []string
			for _, e := range errs {
				why = append(why, e.Error())
			}
			own[p] = []string{letters.FixWithdrew(why)}
			continue
		}
		for _, w := range adjudicator.Warn(next, p, r.Orders) { // kept, but a standing order may not stand now
			own[p] = append(own[p], "After the fix, "+letters.Warning(w, true))
		}
	}
	v, err := putVersion(tx, g, next, evs)
	if err != nil {
		return err
	}
	if err := tx.PutGame(g); err != nil {
		return err
	}
	for _, p := range storm.Powers {
		if r, ok := recs[p]; ok {
			if err := tx.PutOrders(g.ID, v, r); err != nil {
				return err
			}
		}
	}
	if err := tx.Audit(g.ID, store.AuditEntry{Time: now, Actor: "judge", Action: "adjudicate",
		Detail: fmt.Sprintf("%s %s: the moderator's SET applied; version %d", s.Turn, s.Segment, v)}); err != nil {
		return err
	}
	// The fixes and the reason lead its mails from the SET's record
	// (publish.VersionMail), also in copies sent later.
	var lead []string
	if len(dropped) > 0 {
		lead = append(lead, letters.FixDropped(dropped))
	}
	if err := j.pub.Publish(tx, g, v, evs, next, now, publish.Publication{Lead: lead, Own: own}); err != nil {
		return err
	}
	if len(adjudicator.Required(next)) == 0 && !adjudicator.AwaitsDraw(next) && !next.Ended {
		// SET DECK FILE while the game waited for the draw: the judge
		// draws from the file now and goes on to the next segment
		// that needs orders.
		if err := j.advance(tx, g, next, nil, now, "after the moderator's SET DECK FILE"); err != nil {
			return err
		}
	}
	rc.accepted = sub.Orders
	rc.notes = append(rc.notes, letters.StateFixed)
	if len(dropped) > 0 {
		rc.notes = append(rc.notes, letters.FixDroppedNote(dropped))
	}
	res.Outcome = Accepted
	return nil
}
