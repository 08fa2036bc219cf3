package judge

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
	"stormjudge/judge/deadline"
	"stormjudge/judge/letters"
	"stormjudge/judge/publish"
	"stormjudge/orders"
	"stormjudge/report"
	"stormjudge/store"
)

// Commands (docs/orders.md, "Commands"): the moderator's and the players'
// commands. An email's commands are taken whole or not at all: each is
// checked against a copy of the game record as the commands before it
// left it, and what they do to the store (mails, audit lines, versions) is
// collected and run only when every one was accepted. Each accepted
// command is audited with its sender; one that changes the game is
// announced to the players in a public mail that names the command, the
// moderator and the REASON given.

// cmdRun is one email's run of commands.
type cmdRun struct {
	j      *Judge
	tx     *store.Tx
	g      *store.Game // the copy the commands change
	s      storm.State
	m      *orders.Message
	rc     *receipt
	key    []byte // the email's delivery key: names the mails it causes
	now    time.Time
	reason string
	// power: the power a player's command speaks for; secret: the
	// email's SECRET (a press must not carry it, press.go).
	power  storm.Power
	secret string
	// what the commands do once all are accepted, in order
	effects []func() error
	// audit lines, announcements (public paragraphs), answers (the
	// receipt's text for queries)
	audits   []store.AuditEntry
	announce []string
	subjects []string // of the announcements, each once
	answers  []string
	// moved: the deadline moved (the announcement carries the calendar);
	// cancelled: it was removed (the event is cancelled; a later one is
	// a new event)
	moved, cancelled bool
	// starting: the commands start a game waiting for players, now
	// (START) or once no seat is open (lobby.go), after their effects.
	starting int
}

func (r *cmdRun) then(f func() error) { r.effects = append(r.effects, f) }

// say announces line to the players under subject; the mail's subject
// names the first two commands' (subject).
func (r *cmdRun) say(subject, line string) {
	if !slices.Contains(r.subjects, subject) {
		r.subjects = append(r.subjects, subject)
	}
	r.announce = append(r.announce, line)
}

// subject is the announcement's subject: "Game resumed; Deadline
// extended", and ", and more" after two.
func (r *cmdRun) subject() string {
	s := strings.Join(r.subjects[:min(2, len(r.subjects))], "; ")
	if len(r.subjects) > 2 {
		s += ", and more"
	}
	return s
}

func (r *cmdRun) audit(action, detail string) {
	r.audits = append(r.audits, store.AuditEntry{Time: r.now, Actor: r.m.From, Action: action, Detail: detail})
}

// cloneGame deep-copies a game record (through JSON, as it is stored).
func cloneGame(g *store.Game) *store.Game {
	b, err := json.Marshal(g)
	if err != nil {
		panic(err) // a store.Game always marshals
	}
	c := new(store.Game)
	if err := json.Unmarshal(b, c); err != nil {
		panic(err)
	}
	return c
}

// runCommands runs sub's commands for the moderator (power 0) or for
// power's player, and fills the receipt. Refused: nothing changes.
func (j *Judge) runCommands(tx *store.Tx, g *store.Game, s storm.State, m *orders.Message, sub *orders.Submission, power storm.Power, key []byte, rc *receipt, res *Result, now time.Time) {
	r := &cmdRun{j: j, tx: tx, g: cloneGame(g), s: s, m: m, rc: rc, key: key, now: now, power: power, secret: sub.Envelope.Secret, reason: sub.Reason()}
	rc.commands = true
	if power == 0 && sub.HasCommand(orders.CmdRollback) && commandCount(sub) > 1 {
		rc.errs = append(rc.errs, "ROLLBACK goes in an email of its own (with REASON at most): the commands after it would apply to the game as it was before.")
		res.Outcome = Rejected
		return
	}
	queries := 0
	for _, c := range sub.Commands {
		var err error
		if power == 0 {
			err = r.moderator(c)
		} else {
			err = r.player(c)
		}
		if err != nil {
			rc.errs = append(rc.errs, fmt.Sprintf("line %d: %s: %v", c.Line, c.Verb, err))
			continue
		}
		if slices.Contains(orders.Queries, c.Verb) || c.Verb == orders.CmdReason {
			queries++
		}
	}
	if len(rc.errs) > 0 {
		res.Outcome = Rejected
		return
	}
	rc.later = append(rc.later, r.commit)
	if (r.moved || sub.HasCommand(orders.CmdTimezone)) && !sub.HasCommand(orders.CmdStatus) {
		// The deadline once, as the commands left it.
		zone := ""
		if seat := r.g.Seat(power); seat != nil {
			zone = seat.TimeZone
		}
		if dl := letters.DeadlineLine(r.g, zone); dl != "" {
			r.answers = append(r.answers, dl)
		}
	}
	rc.help = strings.Join(r.answers, "\n\n")
	rc.done = append(rc.done, r.announce...)
	if r.moved {
		cal := j.pub.DeadlineCalendar(r.g, r.s, now)
		rc.attach = append(rc.attach, cal...)
		if res.Moderator && len(cal) > 0 {
			r.g.ModeratorHasEvent = true // its cancellation follows (publish.Publisher.Publish)
		}
	}
	rc.state = &r.s // after a ROLLBACK: the segment open again
	if g.Waiting() {
		rc.state = nil // no segment is open before the start (lobby.go)
	}
	res.Outcome = Accepted
	if queries == len(sub.Commands) {
		res.Outcome = Answered
		res.Command = sub.Commands[0].Verb
	}
}

// commit runs the accepted commands' effects, the audit lines, the game
// record and the announcement.
func (r *cmdRun) commit() error {
	// The announcement goes first, before the mails the commands cause
	// (a rollback's sent-again reports follow the mail saying why, issue
	// 22): the outbox delivers in the order mails are queued.
	if len(r.announce) > 0 {
		if err := r.j.announce(r.tx, r.g, r.s, r.m.From, r.power, r.reason, r.subject(), r.announce, r.moved, r.now); err != nil {
			return err
		}
	}
	for _, e := range r.effects {
		if err := e(); err != nil {
			return err
		}
	}
	if r.starting == startNow || r.starting == startWhenFull && !r.g.Waiting() {
		if err := r.j.start(r.tx, r.g, r.now); err != nil {
			return err
		}
	}
	for _, a := range r.audits {
		if r.reason != "" && !slices.Contains([]string{"status", "history", "orders shown", "resend", "export"}, a.Action) {
			a.Detail += letters.Because(r.reason)
		}
		if err := r.tx.Audit(r.g.ID, a); err != nil {
			return err
		}
	}
	if r.cancelled && r.g.Deadline.IsZero() {
		r.g.CalendarCancels++
	}
	// The game record as the commands left it (unchanged by questions).
	return r.tx.PutGame(r.g)
}

// announce mails the players and moderators of g a public announcement:
// what was done, by whom, why; with the deadline's calendar when it moved.
//
// The sender gets the receipt instead, which says the same (with the
// calendar when the deadline moved).
func (j *Judge) announce(tx *store.Tx, g *store.Game, s storm.State, from string, power storm.Power, reason, subject string, lines []string, moved bool, now time.Time) error {
	g.Notices++
	from = strings.ToLower(from)
	var cal []store.Attachment
	if moved {
		cal = j.pub.DeadlineCalendar(g, s, now)
	}
	req := adjudicator.Required(s)
	for _, addr := range publish.Recipients(g) {
		if addr == from {
			continue
		}
		// The moved event goes to those who have it (the powers that
		// order) and to the moderators, whose copies of the report then
		// carry its cancellation (publish.Publisher.Publish).
		var att []store.Attachment
		if mod := contains(g.Moderators, addr); len(cal) > 0 && (mod || len(powersAt(g, addr, req)) > 0) {
			att = cal
			g.ModeratorHasEvent = g.ModeratorHasEvent || mod
		}
		a := letters.Announcement{Game: g, State: s, From: from, Power: power, Lines: lines, Reason: reason, Zone: deadline.Zone(g, addr)}
		id := fmt.Sprintf("%s/notice/%d/%s", g.ID, g.Notices, addr)
		if err := j.pub.NotifyText(tx, j.pub.ThreadRoot(g, addr), id, addr, fmt.Sprintf("[%s] %s", g.ID, subject), a.Text(), now, att...); err != nil {
			return err
		}
	}
	return nil
}

// ---- the moderator's commands

func (r *cmdRun) moderator(c orders.Command) error {
	g := r.g
	if g.Waiting() && slices.Contains([]string{orders.CmdDeadline, orders.CmdExtend, orders.CmdPause, orders.CmdResume, orders.CmdAdjudicate, orders.CmdRollback}, c.Verb) {
		return fmt.Errorf("the game has not started: it waits for players for %s (START starts it with those seats vacant)", letters.Powers(g.OpenSeats()))
	}
	switch c.Verb {
	case orders.CmdStart, orders.CmdApprove, orders.CmdDecline, orders.CmdApproval:
		return r.lobbyCommand(c) // lobby.go
	case orders.CmdReason:
		return nil
	case orders.CmdMail:
		addr := strings.ToLower(r.m.From)
		g.ModeratorDigest = slices.DeleteFunc(g.ModeratorDigest, func(a string) bool { return a == addr })
		if c.Word == store.MailDigest {
			g.ModeratorDigest = append(g.ModeratorDigest, addr)
			if g.ModeratorMailed == nil {
				g.ModeratorMailed = map[string]int{}
			}
			g.ModeratorMailed[addr] = g.Version // the digest covers what comes from now on
		}
		r.answers = append(r.answers, letters.MailAnswer(c.Word, true))
		r.audit("mail", fmt.Sprintf("moderator %s: mail %s", addr, c.Word))
		return nil
	case orders.CmdStatus:
		st, err := r.j.statusText(r.tx, g, r.s, 0, r.now)
		r.answers = append(r.answers, st)
		r.audit("status", "the moderator's STATUS answered")
		return err
	case orders.CmdHistory:
		h, err := r.j.historyText(r.tx, g, 0)
		r.answers = append(r.answers, h)
		r.audit("history", "the moderator's HISTORY answered")
		return err
	case orders.CmdPress:
		line := pressRule(g, c)
		r.say("Press rules", line)
		r.audit("press rules", line)
		return nil
	case orders.CmdObserve:
		line := observerRule(g, c)
		if c.Word == "public" {
			r.say("Observers", line) // the players learn who may read their reports
		} else {
			r.answers = append(r.answers, line)
		}
		r.audit("observers", line)
		return nil
	case orders.CmdExport:
		v := g.Version
		if len(c.Versions) == 1 {
			v = c.Versions[0]
		}
		if v > g.Version {
			return fmt.Errorf("there is no version %d: the game is at version %d", v, g.Version)
		}
		b, err := export(r.tx, g, v)
		if err != nil {
			return err
		}
		r.rc.attach = append(r.rc.attach, store.Attachment{Name: fmt.Sprintf("%s-v%d.json", g.ID, v), ContentType: "application/json", Data: b})
		r.answers = append(r.answers, fmt.Sprintf("The export of game %s at version %d is attached (%s-v%d.json, %d bytes; docs/state.md documents it).", g.ID, v, g.ID, v, len(b)))
		r.audit("export", fmt.Sprintf("version %d exported by email", v))
		return nil
	case orders.CmdDeadline:
		if g.Paused {
			return fmt.Errorf("the game is paused: RESUME it first (the deadline is then as far off as it was when paused)")
		}
		if len(adjudicator.Required(r.s)) == 0 {
			return fmt.Errorf("nobody orders in the open segment (%s)", whoOrders(r.s))
		}
		if c.None {
			if g.Deadline.IsZero() {
				return fmt.Errorf("the open segment has no deadline")
			}
			deadline.Move(g, time.Time{}, r.now)
			r.moved, r.cancelled = true, true
			r.say("Deadline removed", fmt.Sprintf("The deadline of %s was removed: the segment waits for every power's orders.", r.s.Segment.Title()))
			r.audit("deadline", "deadline removed")
			return nil
		}
		if !c.At.After(r.now) {
			return fmt.Errorf("%s is not in the future (the time is in UTC)", c.At.Format("2006-01-02 15:04"))
		}
		deadline.Move(g, c.At, r.now)
		r.moved = true
		r.say("Deadline set", fmt.Sprintf("The deadline of %s was set to %s.", r.s.Segment.Title(), letters.DeadlineText(g.Deadline, "")))
		if at := deadline.AfterAbsences(g, r.s, g.Deadline, false); !at.Equal(g.Deadline) {
			// The moderator's time stands; the moderator is told.
			r.answers = append(r.answers, fmt.Sprintf("Note: the deadline falls in a declared absence of a power that orders in %s (the absences would put it at %s); it stands as you set it.", r.s.Segment.Title(), letters.DeadlineText(at, "")))
		}
		r.audit("deadline", "deadline set to "+g.Deadline.Format(time.RFC3339))
		return nil
	case orders.CmdExtend:
		if g.Paused {
			return fmt.Errorf("the game is paused: RESUME it first")
		}
		if g.Deadline.IsZero() {
			return fmt.Errorf("the open segment has no deadline to extend; set one with DEADLINE")
		}
		deadline.Move(g, g.Deadline.Add(c.Duration), r.now)
		r.moved = true
		r.say("Deadline extended", fmt.Sprintf("The deadline of %s was extended by %s to %s.", r.s.Segment.Title(), orders.FormatDuration(c.Duration), letters.DeadlineText(g.Deadline, "")))
		r.audit("extend", fmt.Sprintf("deadline extended by %s to %s", orders.FormatDuration(c.Duration), g.Deadline.Format(time.RFC3339)))
		return nil
	case orders.CmdDuration, orders.CmdReminders, orders.CmdNMR, orders.CmdExtensions, orders.CmdAbsence:
		if c.Verb == orders.CmdAbsence && !c.Max {
			return fmt.Errorf("a moderator sets the game's limit, ABSENCE MAX <duration>; players declare their own absences")
		}
		line, err := applyRule(g, c)
		if err != nil {
			return err
		}
		r.say("Deadline rules changed", line)
		r.audit("rules", line)
		return nil
	case orders.CmdPause:
		if g.Paused {
			return fmt.Errorf("the game is paused already")
		}
		// The deadline is frozen; its calendar event stays as it was
		// (RESUME sends it moved). A pending ADJUDICATE waits too.
		g.Paused, g.PausedLeft, g.Forced = true, 0, false
		if !g.Deadline.IsZero() {
			// DeadlineSet + PausedLeft is the deadline as it was, the
			// time of its calendar event while paused.
			g.PausedLeft = max(g.Deadline.Sub(r.now), time.Minute)
			g.Deadline, g.DeadlineSet = time.Time{}, r.now
		}
		line := "The moderator PAUSED the game: no orders are taken and no deadline runs until it resumes."
		if g.PausedLeft > 0 {
			line += fmt.Sprintf(" The deadline will then be %s away, as it was now.", orders.FormatDuration(g.PausedLeft))
		}
		r.say("Game paused", line)
		r.audit("pause", fmt.Sprintf("paused; %s left of the deadline", letters.OrNone(g.PausedLeft)))
		return nil
	case orders.CmdResume:
		if !g.Paused {
			return fmt.Errorf("the game is not paused")
		}
		g.Paused = false
		line := "The moderator RESUMED the game: orders are taken again."
		if g.PausedLeft > 0 {
			// As far off as when paused, then past the absences of
			// the powers that order (one declared during the pause too).
			deadline.Move(g, deadline.AfterAbsences(g, r.s, deadline.CeilMinute(r.now.Add(g.PausedLeft)), true), r.now)
			g.PausedLeft = 0
			r.moved = true
			line += " The deadline is " + letters.DeadlineText(g.Deadline, "") + "."
		}
		r.say("Game resumed", line)
		r.audit("resume", line)
		return nil
	case orders.CmdAdjudicate:
		if g.Paused {
			return fmt.Errorf("the game is paused: RESUME it first")
		}
		if len(adjudicator.Required(r.s)) == 0 || adjudicator.AwaitsDraw(r.s) {
			return fmt.Errorf("there is nothing to adjudicate: %s", whoOrders(r.s))
		}
		g.Forced = true
		r.rc.notes = append(r.rc.notes, "The open segment is adjudicated now; powers without orders are taken to PASS (their standing orders and IF lines still apply). The report follows.")
		r.audit("adjudicate now", fmt.Sprintf("%s %s adjudicated on the moderator's order", r.s.Turn, r.s.Segment))
		return nil
	case orders.CmdBroadcast:
		if whose := secretIn(g, c.Text); whose != "" {
			return fmt.Errorf("the message holds %s secret; it was not sent", whose)
		}
		r.say("A message from the moderator", "A message from the moderator:\n\n"+c.Text)
		r.audit("broadcast", orders.Shorten(strings.ReplaceAll(c.Text, "\n", " / "), 300))
		return nil
	case orders.CmdReplace:
		return r.replace(c)
	case orders.CmdRollback:
		return r.rollback(c)
	}
	return fmt.Errorf("not a command for this email")
}

// secretIn says whose secret text holds, if any: "the moderators'" or
// "Italy's" ("" none), as a broadcast or a reason, which the players
// read, must not leak one. Each check costs a hash (about 20 ms).
//   - The moderators' secret (which the operator may have chosen, of any
//     shape): the first 100 distinct words of 6 to 64 characters.
//   - The seats' secrets, as the judge makes them (newSecret: 10
//     characters of secretAlphabet): every run of 10 of those characters
//     anywhere in the text ("key=vsw5vek6qj", "*vsw5vek6qj*"), each
//     against every seat. More than 30 such runs are not checked one by
//     one: the text is refused as if it held one (a decoy could hide a
//     secret among them). A player's secret the operator chose in the
//     configuration, of another shape, is not looked for.
func secretIn(g *store.Game, text string) string {
	seen := map[string]bool{}
	for _, w := range strings.FieldsFunc(text, func(c rune) bool { return unicode.IsSpace(c) || strings.ContainsRune(".,;:!?()\"'<>", c) }) {
		if len(w) < 6 || len(w) > 64 || seen[w] {
			continue
		}
		if seen[w] = true; len(seen) > 100 {
			break
		}
		if g.ModeratorSecretHash != "" && verifySecret(g.ModeratorSecretHash, w) {
			return "the moderators'"
		}
	}
	var runs []string
	for _, run := range strings.FieldsFunc(text, func(c rune) bool { return !strings.ContainsRune(secretAlphabet, c) }) {
		for k := 0; k+10 <= len(run); k++ {
			if w := run[k : k+10]; !slices.Contains(runs, w) {
				runs = append(runs, w)
			}
		}
	}
	if len(runs) > 30 {
		return "perhaps a player's (too many secret-like words to check)"
	}
	for _, w := range runs {
		for _, seat := range g.Seats {
			if !seat.Vacant && verifySecret(seat.SecretHash, w) {
				return seat.Power.Title() + "'s"
			}
		}
		if g.ModeratorSecretHash != "" && !seen[w] && verifySecret(g.ModeratorSecretHash, w) {
			return "the moderators'"
		}
	}
	return ""
}

// applyRule sets one of g's deadline rules and says so.
func applyRule(g *store.Game, c orders.Command) (string, error) {
	switch c.Verb {
	case orders.CmdDuration:
		kinds := []string{c.Word}
		if c.Word == "all" {
			kinds = orders.SegmentKinds
		}
		if g.Rules.Durations == nil {
			g.Rules.Durations = map[string]time.Duration{}
		}
		for _, k := range kinds {
			g.Rules.Durations[k] = c.Duration
		}
		what := "no deadline"
		if !c.None {
			what = orders.FormatDuration(c.Duration)
		}
		return fmt.Sprintf("Deadline rule: %s segments take %s from when they open (from the next segment on; the open one keeps its deadline).", strings.Join(kinds, ", "), what), nil
	case orders.CmdReminders:
		g.Rules.Reminders = c.List
		if c.None {
			return "Deadline rule: no reminders.", nil
		}
		var ls []string
		for _, d := range c.List {
			ls = append(ls, orders.FormatDuration(d))
		}
		return fmt.Sprintf("Deadline rule: the powers that have not ordered are reminded %s before the deadline.", strings.Join(ls, " and ")), nil
	case orders.CmdNMR:
		g.Rules.NMR = c.Word
		if c.None {
			g.Rules.Grace = 0
		} else if c.Duration > 0 {
			g.Rules.Grace = c.Duration
		}
		return "Deadline rule: at the deadline, " + letters.PolicyText(g) + ".", nil
	case orders.CmdExtensions:
		g.Rules.ExtensionBudget = c.Duration
		return fmt.Sprintf("Deadline rule: each player may extend deadlines by %s in all, with EXTEND.", orders.FormatDuration(c.Duration)), nil
	case orders.CmdAbsence:
		g.Rules.AbsenceMax = c.Duration
		return fmt.Sprintf("Deadline rule: each player may declare %s of absence in all, with ABSENCE; deadlines falling in one move to its end.", orders.FormatDuration(c.Duration)), nil
	}
	return "", fmt.Errorf("not a rule")
}

// replace seats a new player for a power: a new secret to the new
// address, the old one revoked, the old player told.
func (r *cmdRun) replace(c orders.Command) error {
	g := r.g
	seat := g.Seat(c.Power)
	if seat == nil {
		return fmt.Errorf("%s has no seat in game %s", c.Power.Title(), g.ID)
	}
	// The seat's own player: a new secret (one lost or given away), the
	// seat otherwise as it was.
	rekey := seat.Address == c.Address && !seat.Vacant
	old, wasVacant := seat.Address, seat.Vacant
	// An open seat of a game waiting for players (lobby.go): the
	// player takes it as a JOIN would; the requests for it lapse.
	waiting, opened, asked := g.Waiting(), seat.Open, seat.Joins
	if opened {
		lapse(g, seat, c.Address, r.now)
	}
	secret := newSecret()
	j, tx, now := r.j, r.tx, r.now
	gid := g.ID
	id := publish.WelcomeID(gid, c.Power) + "/" + shortHash(append([]byte(c.Address+now.String()), r.key...))
	if rekey {
		seat.SecretHash, seat.Welcome = hashSecret(secret), id
	} else {
		*seat = store.Seat{Power: seat.Power, Address: c.Address, SecretHash: hashSecret(secret), ExtensionUsed: seat.ExtensionUsed,
			Welcome: id, ConfigAddress: seat.ConfigAddress}
	}
	r.then(func() error {
		w := j.welcome(r.g, *r.g.Seat(c.Power), secret)
		return j.pub.Notify(tx, id, c.Address, w.Subject(), w.Text(), true, now)
	})
	if rekey {
		r.say(c.Power.Title()+"'s secret renewed", fmt.Sprintf("The moderator gave %s's player a new secret; the old one no longer works.", c.Power.Title()))
		r.answers = append(r.answers, fmt.Sprintf("The new secret was sent to %s.", c.Address))
		r.audit("replace", fmt.Sprintf("%s: %s keeps the seat; new secret sent, the old one revoked", c.Power.Title(), c.Address))
		return nil
	}
	// The new player gets the open segment's report and notice with the
	// welcome: where the game is and what to order. A game that has not
	// started has no report yet: its first comes when it starts.
	v := g.Version
	if !waiting {
		r.then(func() error {
			return j.resend(tx, r.g, c.Power, c.Address, []int{v}, r.key, now,
				fmt.Sprintf("You now play %s: this is the open segment's report and your notice (version %d); HISTORY and RESEND give the earlier ones.", c.Power.Title(), v))
		})
	}
	if !wasVacant && !contains(g.Moderators, old) {
		r.then(func() error {
			n := letters.Replaced{Game: gid, Power: c.Power, Reason: r.reason}
			return j.pub.NotifyText(tx, "", fmt.Sprintf("%s/replaced/%s/%s", gid, c.Power, shortHash(r.key)), old,
				n.Subject(), n.Text(), now)
		})
	}
	if wasVacant {
		r.say(c.Power.Title()+" has a new player", fmt.Sprintf("%s has a new player, in the seat the moderator held; the new player has been sent a secret.", c.Power.Title()))
	} else {
		r.say(c.Power.Title()+" has a new player", fmt.Sprintf("%s has a new player. The old secret no longer works; the new player has been sent one.", c.Power.Title()))
	}
	if waiting {
		r.answers = append(r.answers, fmt.Sprintf("%s is now played by %s: their welcome with the new secret is on its way.", c.Power.Title(), c.Address))
		p := c.Power
		r.then(func() error {
			for _, jn := range asked {
				if opened && !jn.Confirmed.IsZero() && jn.Address != c.Address {
					if err := j.declined(tx, r.g, p, jn.Address, "the moderator seated another player", r.key, now); err != nil {
						return err
					}
				}
			}
			return nil
		})
		r.starting = max(r.starting, startWhenFull)
	} else {
		r.answers = append(r.answers, fmt.Sprintf("%s is now played by %s: their welcome with the new secret, and the open segment's report and notice, are on their way.", c.Power.Title(), c.Address))
	}
	r.audit("replace", fmt.Sprintf("%s: %s -> %s; new secret sent, the old one revoked", c.Power.Title(), old, c.Address))
	return nil
}

// rollback makes an earlier version current again: the later versions
// are archived (store.Tx.Rollback), the restored version's reports and
// notices are sent again under new Message-IDs, and its segment takes
// orders afresh.
func (r *cmdRun) rollback(c orders.Command) error {
	g := r.g
	v := c.Versions[0]
	if v >= g.Version {
		return fmt.Errorf("the game is at version %d: roll back to an earlier one (HISTORY lists them)", g.Version)
	}
	target, events, err := publish.LoadVersion(r.tx, g.ID, v)
	if err != nil {
		return err
	}
	if len(adjudicator.Required(target)) == 0 && !adjudicator.AwaitsDraw(target) {
		// Version 0, the setup: nobody orders in it.
		return fmt.Errorf("nobody orders in version %d (%s, %s): roll back to a version that waits for orders or a draw (HISTORY lists them)", v, target.Turn, target.Segment.Title())
	}
	from := g.Version
	// The open segment's calendar event is cancelled with the notices
	// sent again (the restored segment's event is a new one: its UID
	// carries the rollback epoch).
	cc := r.j.pub.Closing(g, r.s, r.now)
	g.Version = v
	g.Rollbacks++
	g.Ended = time.Time{}
	deadline.Open(g, target, r.now)
	r.s = target
	line := fmt.Sprintf("The moderator ROLLED BACK the game from version %d to version %d: %s, %s, is open again. Every order given for it or later is withdrawn (kept in the history): send your orders again. Its report and notices follow again.", from, v, target.Turn, target.Segment.Title())
	if !g.Deadline.IsZero() {
		line += " Its new deadline: " + letters.DeadlineText(g.Deadline, "") + "."
		r.moved = true
	}
	r.say(fmt.Sprintf("Rolled back to version %d", v), line)
	archived := fmt.Sprintf("versions %d-%d", v+1, from)
	if from == v+1 {
		archived = fmt.Sprintf("version %d", from)
	}
	r.audit("rollback", fmt.Sprintf("rolled back from version %d to %d (%s %s); %s archived", from, v, target.Turn, target.Segment, archived))
	j, tx, now := r.j, r.tx, r.now
	r.then(func() error {
		if err := tx.Rollback(g.ID, v); err != nil {
			return err
		}
		return j.pub.Publish(tx, g, v, events, target, now, publish.Publication{Lead: []string{fmt.Sprintf("Sent again after the moderator's rollback from version %d.", from)}, Closed: cc, Resent: true})
	})
	return nil
}

// ---- the players' commands

func (r *cmdRun) player(c orders.Command) error {
	g := r.g
	p := r.power
	seat := g.Seat(p)
	switch c.Verb {
	case orders.CmdStatus:
		st, err := r.j.statusText(r.tx, g, r.s, p, r.now)
		r.answers = append(r.answers, st)
		r.audit("status", p.Title()+"'s STATUS answered")
		return err
	case orders.CmdOrders:
		recs, err := r.tx.Orders(g.ID, g.Version)
		if err != nil {
			return err
		}
		rec, ok := recs[p]
		var b strings.Builder
		fmt.Fprintf(&b, "Your orders for %s, %s (version %d):\n", r.s.Turn, r.s.Segment.Title(), g.Version)
		if !ok {
			b.WriteString("  none yet.\n")
		} else {
			for _, l := range strings.Split(report.Orders(rec.Orders), "\n") {
				b.WriteString("  " + l + "\n")
			}
			who := "you"
			if rec.ByModerator {
				who = "the moderator"
			}
			fmt.Fprintf(&b, "Sent by %s, received %s.\n", who, letters.DeadlineText(rec.Received, seat.TimeZone))
		}
		r.answers = append(r.answers, b.String())
		r.audit("orders shown", p.Title()+"'s ORDERS answered")
		return nil
	case orders.CmdHistory:
		h, err := r.j.historyText(r.tx, g, p)
		r.answers = append(r.answers, h)
		r.audit("history", p.Title()+"'s HISTORY answered")
		return err
	case orders.CmdPress:
		return r.pressTo(c)
	case orders.CmdResend:
		for _, v := range c.Versions {
			if v > g.Version {
				return fmt.Errorf("there is no version %d: the game is at version %d (HISTORY lists them)", v, g.Version)
			}
		}
		j, tx, now, addr, key := r.j, r.tx, r.now, seat.Address, r.key
		vs := c.Versions
		r.then(func() error { return j.resend(tx, g, p, addr, vs, key, now, "") })
		r.answers = append(r.answers, fmt.Sprintf("The public report and %s's private notice of version(s) %s are sent again to %s.", p.Title(), letters.Ints(vs), addr))
		r.audit("resend", fmt.Sprintf("%s: versions %s sent again to %s", p.Title(), letters.Ints(vs), addr))
		return nil
	case orders.CmdMail:
		for i := range g.Seats {
			if g.Seats[i].Address == seat.Address {
				g.Seats[i].Mail = c.Word
				g.Seats[i].Mailed = g.Version // a digest covers what comes from now on
			}
		}
		r.answers = append(r.answers, letters.MailAnswer(c.Word, false))
		r.audit("mail", fmt.Sprintf("%s: mail %s", p.Title(), c.Word))
		return nil
	case orders.CmdTimezone:
		zone, stored := c.Word, c.Word
		if zone == "UTC" {
			stored = "" // UTC alone
		}
		for i := range g.Seats {
			if g.Seats[i].Address == seat.Address {
				g.Seats[i].TimeZone = stored
			}
		}
		r.answers = append(r.answers, fmt.Sprintf("Your time zone is %s: deadlines are shown in it besides UTC.", zone))
		r.audit("timezone", fmt.Sprintf("%s: time zone %s", p.Title(), zone))
		return nil
	case orders.CmdAbsence:
		return r.absence(c, seat)
	case orders.CmdExtend:
		if g.Paused {
			return fmt.Errorf("the game is paused")
		}
		if g.Deadline.IsZero() {
			return fmt.Errorf("the open segment has no deadline")
		}
		if !slices.Contains(adjudicator.Required(r.s), p) {
			return fmt.Errorf("%s does not order in the open segment (%s)", p.Title(), whoOrders(r.s))
		}
		left := g.Rules.ExtensionBudget - seat.ExtensionUsed
		if g.Rules.ExtensionBudget == 0 {
			return fmt.Errorf("this game gives no extension budget (the moderator may extend a deadline)")
		}
		if c.Duration > left {
			return fmt.Errorf("%s is more than what is left of your extension budget: %s of %s", orders.FormatDuration(c.Duration), orders.FormatDuration(left), orders.FormatDuration(g.Rules.ExtensionBudget))
		}
		seat.ExtensionUsed += c.Duration
		deadline.Move(g, g.Deadline.Add(c.Duration), r.now)
		r.moved = true
		r.say("Deadline extended by "+p.Title(), fmt.Sprintf("%s's player extended the deadline of %s by %s, to %s.", p.Title(), r.s.Segment.Title(), orders.FormatDuration(c.Duration), letters.DeadlineText(g.Deadline, "")))
		r.answers = append(r.answers, fmt.Sprintf("Extended by %s; %s of your budget is left.", orders.FormatDuration(c.Duration), letters.OrNone(g.Rules.ExtensionBudget-seat.ExtensionUsed)))
		r.audit("extend", fmt.Sprintf("%s: deadline extended by %s to %s; budget used %s of %s", p.Title(), orders.FormatDuration(c.Duration), g.Deadline.Format(time.RFC3339), letters.OrNone(seat.ExtensionUsed), orders.FormatDuration(g.Rules.ExtensionBudget)))
		return nil
	case orders.CmdResign:
		if c.Power != p {
			return fmt.Errorf("to resign, name the power this email speaks for: RESIGN %s", p)
		}
		if len(g.Moderators) == 0 {
			return fmt.Errorf("this game has no moderator to hold the seat; ask the operator")
		}
		old := seat.Address
		mod := g.Moderators[0]
		waiting := g.Waiting()
		*seat = store.Seat{Power: p, Address: mod, SecretHash: store.HashSecret(newSecret()), Vacant: true, ExtensionUsed: seat.ExtensionUsed, Missed: seat.Missed,
			ConfigAddress: seat.ConfigAddress}
		if waiting { // the game has not started: the seat is open again (lobby.go)
			seat.Open = true
			r.say(p.Title()+"'s seat is open again", fmt.Sprintf("%s's player left before the game started: the seat is open again (JOIN).", p.Title()))
			r.answers = append(r.answers, fmt.Sprintf("You left %s in game %s before it started: your secret no longer works, and the seat is open again.", p.Title(), g.ID))
			r.audit("resign", fmt.Sprintf("%s: %s left before the start; the seat is open", p.Title(), old))
			return nil
		}
		r.say(p.Title()+"'s player resigned", fmt.Sprintf("%s's player resigned. The moderator holds the seat until a new player is found (REPLACE).", p.Title()))
		r.answers = append(r.answers, fmt.Sprintf("You resigned %s in game %s: your secret no longer works and no more mail for %s comes to %s. Thank you for playing.", p.Title(), g.ID, p.Title(), old))
		r.audit("resign", fmt.Sprintf("%s: %s resigned; the seat is held by %s", p.Title(), old, mod))
		return nil
	}
	return fmt.Errorf("not a command for this email")
}

// absence declares (or, NONE, cancels) the player's absence: dates in the
// player's time zone, from the first day's start to the last day's end.
func (r *cmdRun) absence(c orders.Command, seat *store.Seat) error {
	g, p := r.g, r.power
	if c.Max {
		return fmt.Errorf("ABSENCE MAX is the moderator's")
	}
	if c.None {
		// An absence that moved the open segment's deadline stands: the
		// deadline keeps the time it gave, and it counts against the
		// limit (declaring an absence and cancelling it is no free
		// extension).
		var kept []store.Absence
		var standing []string
		cancelled := 0
		for _, a := range seat.Absences {
			switch {
			case !a.Until.After(r.now): // past: kept, it was spent
				kept = append(kept, a)
			case a.MovedSegment != 0 && a.MovedSegment == publish.OpenedAt(g) && !g.Deadline.IsZero():
				kept = append(kept, a)
				standing = append(standing, letters.DeadlineText(a.From, seat.TimeZone)+" to "+letters.DeadlineText(a.Until, seat.TimeZone))
			case a.From.Before(r.now): // under way: ends now
				a.Until = deadline.CeilMinute(r.now)
				kept = append(kept, a)
				cancelled++
			default:
				cancelled++
			}
		}
		switch {
		case cancelled == 0 && len(standing) > 0:
			return fmt.Errorf("your absence from %s stands: it moved the deadline of %s, which keeps its time; nothing else to cancel", strings.Join(standing, "; "), r.s.Segment.Title())
		case cancelled == 0:
			return fmt.Errorf("you have no absence under way or to come to cancel")
		}
		seat.Absences = kept
		answer := "Your absences from now on are cancelled."
		if len(standing) > 0 {
			answer = fmt.Sprintf("Your other absences from now on are cancelled. This one stands, as it moved the deadline of %s (the deadline keeps its time, and the absence counts against the game's limit): %s.", r.s.Segment.Title(), strings.Join(standing, "; "))
		}
		r.say(p.Title()+"'s absence cancelled", fmt.Sprintf("%s's player cancelled the absences declared from now on (one that moved the open deadline stands; the deadline does not move).", p.Title()))
		r.answers = append(r.answers, answer)
		r.audit("absence", p.Title()+": absences cancelled")
		return nil
	}
	if g.Rules.AbsenceMax == 0 {
		return fmt.Errorf("this game allows no declared absences (the moderator sets it with ABSENCE MAX)")
	}
	loc := letters.Location(seat.TimeZone)
	from := time.Date(c.At.Year(), c.At.Month(), c.At.Day(), 0, 0, 0, 0, loc).UTC()
	until := time.Date(c.Until.Year(), c.Until.Month(), c.Until.Day()+1, 0, 0, 0, 0, loc).UTC()
	if !until.After(r.now) {
		return fmt.Errorf("the absence is over already")
	}
	if from.Before(r.now) {
		from = r.now.Truncate(time.Minute)
	}
	var used time.Duration
	for _, a := range seat.Absences {
		used += a.Until.Sub(a.From)
		if from.Before(a.Until) && a.From.Before(until) {
			return fmt.Errorf("it overlaps the absence declared from %s to %s", a.From.In(loc).Format("2006-01-02"), a.Until.In(loc).Add(-time.Minute).Format("2006-01-02"))
		}
	}
	if used+until.Sub(from) > g.Rules.AbsenceMax {
		return fmt.Errorf("%s of absence is more than what is left of the game's limit: %s of %s", orders.FormatDuration(until.Sub(from)), letters.OrNone(g.Rules.AbsenceMax-used), orders.FormatDuration(g.Rules.AbsenceMax))
	}
	seat.Absences = append(seat.Absences, store.Absence{From: from, Until: until})
	zone := "UTC"
	if seat.TimeZone != "" {
		zone = seat.TimeZone
	}
	line := fmt.Sprintf("%s's player will be away from %s to %s (days in %s; %s to %s): deadlines of segments in which %s orders that fall in that time move to its end.",
		p.Title(), c.At.Format("Mon 2 Jan 2006"), c.Until.Format("Mon 2 Jan 2006"), zone, letters.DeadlineText(from, ""), letters.DeadlineText(until, ""), p.Title())
	if !g.Deadline.IsZero() && !g.Paused {
		// Only the new absence moves the deadline (chained with those
		// after it): a deadline the moderator set in an earlier absence
		// stays as set.
		in := !g.Deadline.Before(from) && g.Deadline.Before(until)
		if at := deadline.AfterAbsences(g, r.s, g.Deadline, in); in && !at.Equal(g.Deadline) {
			deadline.Move(g, at, r.now)
			r.moved = true
			line += fmt.Sprintf(" The deadline of %s moves to %s.", r.s.Segment.Title(), letters.DeadlineText(g.Deadline, ""))
		}
	}
	r.say(p.Title()+"'s player away", line)
	r.answers = append(r.answers, fmt.Sprintf("Absence noted: %s to %s (%s); %s of the game's %s of absence is left.", letters.DeadlineText(from, seat.TimeZone), letters.DeadlineText(until, seat.TimeZone),
		orders.FormatDuration(until.Sub(from)), letters.OrNone(g.Rules.AbsenceMax-used-until.Sub(from)), orders.FormatDuration(g.Rules.AbsenceMax)))
	r.audit("absence", fmt.Sprintf("%s: away %s to %s", p.Title(), from.Format(time.RFC3339), until.Format(time.RFC3339)))
	return nil
}

// resend sends the public report and power p's private notice of the
// versions vs again, to the seat's address only.
//
// why heads each copy ("" a RESEND's note, and the subjects say "sent
// again"; a new player's welcome else, "for the new player"); the open
// version's copy states its deadline.
func (j *Judge) resend(tx *store.Tx, g *store.Game, p storm.Power, addr string, vs []int, key []byte, now time.Time, why string) error {
	seat := *g.Seat(p)
	for _, v := range vs {
		s, evs, err := publish.LoadVersion(tx, g.ID, v)
		if err != nil {
			return err
		}
		note, suffix := why, " (for the new player)"
		if note == "" {
			suffix = " (sent again)"
			note = fmt.Sprintf("A copy of version %d sent again on request (RESEND); any deadline it named may be past: STATUS tells the open segment.", v)
		}
		// The copies say what the version's mails said (publish.VersionMail);
		// the open version's notice carries the deadline's calendar for
		// a power that orders.
		vm, err := j.pub.VersionMail(tx, g, v, s, evs)
		if err != nil {
			return err
		}
		var cal []store.Attachment
		if v == g.Version && slices.Contains(adjudicator.Required(s), p) {
			cal = j.pub.DeadlineCalendar(g, s, now)
		}
		pub := vm.Public([]string{note})
		pub.Subject += suffix
		base := fmt.Sprintf("%s/resend/%s/v%d", g.ID, shortHash(key), v)
		if err := j.pub.NotifyMessage(tx, "", base+"/public", addr, pub, publish.PictureSource(g.ID, v, 0, vm.View), now); err != nil {
			return err
		}
		m := vm.Private(seat, []string{note}, nil)
		m.Subject += suffix
		if err := j.pub.NotifyMessage(tx, "", base+"/private", addr, m, publish.PictureSource(g.ID, v, p, vm.View), now, cal...); err != nil {
			return err
		}
	}
	return nil
}

// statusText is the answer to STATUS (letters.Status) for p (0: the
// moderator).
func (j *Judge) statusText(tx *store.Tx, g *store.Game, s storm.State, p storm.Power, now time.Time) (string, error) {
	miss, _, err := deadline.Waiting(tx, g, s)
	if err != nil {
		return "", err
	}
	return letters.Status{Game: g, State: s, Power: p, Now: now, AwaitsDraw: adjudicator.AwaitsDraw(s),
		Required: adjudicator.Required(s), Missing: miss}.Text(), nil
}

// historyText is the answer to HISTORY (letters.History): the game's
// last 40 versions, its rollbacks and the press power sent or received
// (0: the moderator).
func (j *Judge) historyText(tx *store.Tx, g *store.Game, power storm.Power) (string, error) {
	h := letters.History{Game: g, Moderator: power == 0}
	first := max(0, g.Version-39)
	var prev *storm.State
	if first > 0 {
		if p, err := tx.State(g.ID, first-1); err == nil {
			prev = &p
		}
	}
	for v := first; v <= g.Version; v++ {
		s, err := tx.State(g.ID, v)
		if err != nil {
			return "", err
		}
		d, err := publish.SetOf(tx, g.ID, v)
		if err != nil {
			return "", err
		}
		h.Versions = append(h.Versions, letters.Version{V: v, State: s, Set: d != nil, Prev: prev})
		prev = &s
	}
	if g.Rollbacks > 0 {
		log, err := tx.AuditLog(g.ID)
		if err != nil {
			return "", err
		}
		for _, e := range log {
			if e.Action == "rollback" {
				h.Rollbacks = append(h.Rollbacks, e)
			}
		}
	}
	plog, err := tx.PressLog(g.ID)
	if err != nil {
		return "", err
	}
	zone := ""
	if s := g.Seat(power); s != nil {
		zone = s.TimeZone
	}
	h.Press = letters.PressHistory(plog, power, zone)
	return h.Text(), nil
}
