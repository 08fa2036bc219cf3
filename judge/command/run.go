package command

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
	"stormjudge/judge/deadline"
	"stormjudge/judge/letters"
	"stormjudge/judge/publish"
	"stormjudge/orders"
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
	core   Core
	pub    *publish.Publisher
	tx     *store.Tx
	g      *store.Game // the copy the commands change
	s      storm.State
	from   string // the sender's address, as it wrote it
	reply  *Reply
	key    []byte // the email's delivery key: names the mails it causes
	now    time.Time
	reason string
	// power: the power a player's command speaks for; secret: the
	// email's SECRET (a press must not carry it, pressTo); parent: the
	// message the email replies to (Email.Parent).
	power  storm.Power
	secret string
	parent string
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
	// (START) or once no seat is open, after their effects.
	starting int
	// fold, timed: the announcement reaches at once only the players
	// whose deadline it changes (folds, announce)
	fold, timed bool
}

func (r *cmdRun) then(f func() error) { r.effects = append(r.effects, f) }

// say announces line to the players under subject; the mail's subject
// names the commands' (letters.AnnouncementSubject).
func (r *cmdRun) say(subject, line string) {
	if !slices.Contains(r.subjects, subject) {
		r.subjects = append(r.subjects, subject)
	}
	r.announce = append(r.announce, line)
}

func (r *cmdRun) audit(action, detail string) {
	r.audits = append(r.audits, store.AuditEntry{Time: r.now, Actor: r.from, Action: action, Detail: detail})
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

// Email is an email whose commands run: its sender, what it says, whom
// it speaks for.
type Email struct {
	From string
	Sub  *orders.Submission
	// Power is the power a player's commands speak for; 0: the
	// moderator's.
	Power storm.Power
	// Moderator: the email spoke for the moderator.
	Moderator bool
	// Key is the email's delivery key: it names the mails the commands
	// cause.
	Key []byte
	// Unread: the parser refused some of its lines.
	Unread bool
	// Parent is the message the email replies to (its In-Reply-To, else
	// the last entry of its References): a PRESS alone answers the press
	// it names.
	Parent string
	// Verify checks the email's SECRET against a stored hash (the
	// judge's check, which counts the sender's failures).
	Verify func(hash, secret string) bool
}

// Reply is what the receipt of an email's commands says, and what they
// do once it is queued.
type Reply struct {
	// Errs refuse the email: nothing changes.
	Errs  []string
	Notes []string
	// Help answers the queries; Done says what the commands did.
	Help   string
	Done   []string
	Attach []store.Attachment
	// State is the open state the receipt names (nil: none, a game
	// waiting for players).
	State *storm.State
	// Later runs the accepted commands' effects, after the receipt is
	// queued (in the same transaction).
	Later func() error
	// Answered: the email only asked (STATUS, HISTORY ...); Command is
	// its first command, the receipt's subject tag.
	Answered bool
	Command  string
	// Commands: the receipt speaks of commands, not orders.
	Commands bool
	// Anonymous: nothing vouches for the sender (LIST, JOIN, OBSERVE):
	// the receipt echoes nothing of the email. Fixed is the whole
	// receipt in fixed words (Sensitive: it carries a secret); Footer
	// closes a refusal.
	Anonymous bool
	Fixed     string
	Sensitive bool
	Footer    string
	// Unverified: the email failed its secret; the receipt is this
	// fixed refusal.
	Unverified string
	// Fatal is a store error: the email's transaction is aborted.
	Fatal error
}

// Run runs e's commands on g (whose open state is s) for the moderator
// or a power's player, all or none: a refusal changes nothing.
func Run(core Core, pub *publish.Publisher, tx *store.Tx, g *store.Game, s storm.State, e Email, now time.Time) *Reply {
	sub, power := e.Sub, e.Power
	rep := &Reply{Commands: true}
	r := &cmdRun{core: core, pub: pub, tx: tx, g: cloneGame(g), s: s, from: e.From, reply: rep, key: e.Key, now: now, power: power, secret: sub.Envelope.Secret, parent: e.Parent, reason: sub.Reason()}
	if power == 0 && sub.HasCommand(orders.CmdRollback) && Count(sub) > 1 {
		rep.Errs = append(rep.Errs, letters.RollbackAlone)
		return rep
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
			rep.Errs = append(rep.Errs, letters.CommandRefused(c.Line, c.Verb, err.Error()))
			continue
		}
		if slices.Contains(orders.Queries, c.Verb) || c.Verb == orders.CmdReason {
			queries++
		}
	}
	if len(rep.Errs) > 0 {
		return rep
	}
	rep.Later = r.commit
	r.fold, r.timed = folds(sub, r.moved)
	if (r.moved || sub.HasCommand(orders.CmdTimezone)) && !sub.HasCommand(orders.CmdStatus) {
		// The deadline once, as the commands left it.
		zone := ""
		if seat := r.g.Seat(power); seat != nil && power != 0 {
			zone = seat.TimeZone
		} else if power == 0 {
			zone = r.g.Rules.Zone // the moderators' TIMEZONE
		}
		if dl := letters.DeadlineLine(r.g, zone); dl != "" {
			r.answers = append(r.answers, dl)
		}
	}
	rep.Help = strings.Join(r.answers, "\n\n")
	rep.Done = append(rep.Done, r.announce...)
	if r.moved {
		cal := pub.DeadlineCalendar(r.g, r.s, now)
		rep.Attach = append(rep.Attach, cal...)
		if e.Moderator && len(cal) > 0 {
			r.g.ModeratorHasEvent = true // its cancellation follows (publish.Publisher.Publish)
		}
	}
	rep.State = &r.s // after a ROLLBACK: the segment open again
	if g.Waiting() {
		rep.State = nil // no segment is open before the start
	}
	if queries == len(sub.Commands) {
		rep.Answered, rep.Command = true, sub.Commands[0].Verb
	}
	return rep
}

// Count counts sub's commands beyond REASON and WITHDRAW (which go with
// orders).
func Count(sub *orders.Submission) int {
	n := 0
	for _, c := range sub.Commands {
		if c.Verb != orders.CmdReason && c.Verb != orders.CmdWithdraw {
			n++
		}
	}
	return n
}

// commit runs the accepted commands' effects, the audit lines, the game
// record and the announcement.
func (r *cmdRun) commit() error {
	// The announcement goes first, before the mails the commands cause
	// (a rollback's sent-again reports follow the mail saying why): the
	// outbox delivers in the order mails are queued.
	if len(r.announce) > 0 {
		if err := announce(r.pub, r.tx, r.g, r.s, r.from, r.power, r.reason, r.subjects, r.announce, r.moved, r.fold, r.timed, r.now); err != nil {
			return err
		}
	}
	for _, e := range r.effects {
		if err := e(); err != nil {
			return err
		}
	}
	if r.starting == startNow || r.starting == startWhenFull && !r.g.Waiting() {
		if err := start(r.core, r.pub, r.tx, r.g, r.now); err != nil {
			return err
		}
	}
	for _, a := range r.audits {
		if r.reason != "" && !slices.Contains([]string{"status", "history", "orders shown", "resend", "export", "audit"}, a.Action) {
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

// Announce mails the players and moderators of g a public announcement:
// what was done (subjects: what each command did, once each; lines), by
// whom, why; with the deadline's calendar when it moved.
//
// The sender gets the receipt instead, which says the same (with the
// calendar when the deadline moved).
func Announce(pub *publish.Publisher, tx *store.Tx, g *store.Game, s storm.State, from string, power storm.Power, reason string, subjects, lines []string, moved bool, now time.Time) error {
	return announce(pub, tx, g, s, from, power, reason, subjects, lines, moved, false, false, now)
}

// foldable are the commands whose announcement reaches a player at once
// only when it changes what that player must do or when (fold, in
// announce); the others' goes to every player at once.
var foldable = []string{orders.CmdDeadline, orders.CmdExtend, orders.CmdPause, orders.CmdResume, orders.CmdAbsence}

// folds reports an email whose commands that change the game are all
// foldable, and whether they change the open segment's deadline
// (timed: it moved, or PAUSE or RESUME stopped or restarted it).
func folds(sub *orders.Submission, moved bool) (fold, timed bool) {
	fold = true
	for _, c := range sub.Commands {
		if c.Verb == orders.CmdReason || slices.Contains(orders.Queries, c.Verb) {
			continue
		}
		// ABSENCE MAX is a rule of the game, told to all as the others are.
		fold = fold && slices.Contains(foldable, c.Verb) && !(c.Verb == orders.CmdAbsence && c.Max) &&
			!(c.Verb == orders.CmdDeadline && c.Mode == "every") // a rule of the game (a schedule), told to all
		timed = timed || c.Verb == orders.CmdPause || c.Verb == orders.CmdResume
	}
	return fold, timed || moved
}

// announce is Announce; with fold, a player is mailed at once only when
// the announcement is about its own deadline (timed, and one of its
// powers orders in the open segment); the others in the digest have it
// folded into their next mail (publish.FoldFor). The moderators and the
// seats that chose MAIL EVERY SEGMENT get every one.
func announce(pub *publish.Publisher, tx *store.Tx, g *store.Game, s storm.State, from string, power storm.Power, reason string, subjects, lines []string, moved, fold, timed bool, now time.Time) error {
	g.Notices++
	from = strings.ToLower(from)
	var cal []store.Attachment
	if moved {
		cal = pub.DeadlineCalendar(g, s, now)
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
		if mod := slices.Contains(g.Moderators, addr); len(cal) > 0 && (mod || len(deadline.PowersAt(g, addr, req)) > 0) {
			att = cal
			g.ModeratorHasEvent = g.ModeratorHasEvent || mod
		}
		a := letters.Announcement{Game: g, State: s, From: from, Power: power, Lines: lines, Reason: reason, Zone: deadline.Zone(g, addr)}
		if fold && !(timed && len(deadline.PowersAt(g, addr, req)) > 0) && publish.FoldFor(g, addr, a.Folded()) {
			continue
		}
		id := fmt.Sprintf("%s/notice/%d/%s", g.ID, g.Notices, addr)
		if err := pub.NotifyText(tx, pub.ThreadRoot(g, addr), id, addr, letters.AnnouncementSubject(g.ID, subjects), a.Text(), now, att...); err != nil {
			return err
		}
	}
	return nil
}
