package judge

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
	"stormjudge/judge/autoplay"
	"stormjudge/judge/command"
	"stormjudge/judge/export"
	"stormjudge/judge/letters"
	"stormjudge/judge/publish"
	"stormjudge/orders"
	"stormjudge/report"
	"stormjudge/store"
)

// Outcome says what became of one ingested email.
type Outcome string

const (
	Accepted    Outcome = "accepted"    // orders stored, receipt queued
	Rejected    Outcome = "rejected"    // nothing changed but the receipt
	Duplicate   Outcome = "duplicate"   // this delivery was handled before: nothing at all
	Ignored     Outcome = "ignored"     // automatic mail (bounce, auto-reply, list): recorded, never answered
	Unreadable  Outcome = "unreadable"  // no readable header or sender: recorded, nobody to answer
	Dropped     Outcome = "dropped"     // from an address that neither plays nor moderates here: recorded, counted, never answered
	Quarantined Outcome = "quarantined" // could not be handled (a fault of the judge): recorded once, the sender told if known
	Answered    Outcome = "answered"    // a HELP: nothing changed, the answer lists what the power may order
)

// Result of ingesting one email.
type Result struct {
	MessageID string
	Outcome   Outcome
	Game      string
	Power     storm.Power
	Moderator bool        // the email spoke for the game's moderator
	Receipt   *store.Mail // nil when no receipt is sent
	// ReceiptHeld: the receipt brake held the receipt (guard.Brake); a
	// summary answers the email later.
	ReceiptHeld bool
	// Command is what an Answered email asked (HELP, STATUS, ...): the
	// receipt's subject tag.
	Command string
}

var errDryRun = errors.New("judge: dry run")

// quarantineAfter is how many times in a row the handling of one email may
// fail before it is quarantined (recorded as handled, never retried): a
// failure that repeats is a fault of the judge, not of the moment.
const quarantineAfter = 3

// Ingest handles one raw email in one transaction: it is recorded in the
// inbox index (so it is never applied twice), its orders are stored if they
// are accepted, and its receipt is queued in the outbox. When the email
// completes a segment's orders, the segment is adjudicated in a second
// transaction right after.
//
// When the handling fails (a panic or a store error), the error is
// returned and the mailer offers the email again; the quarantineAfter-th
// failure in a row records it as quarantined instead (with an audit line
// and, when the sender is a player or a moderator, a receipt saying so),
// so that no email is retried in a loop.
func (j *Judge) Ingest(raw []byte) (*Result, error) {
	return j.IngestWith(raw, nil)
}

// IngestWith is Ingest, with within (when not nil) run in the
// transaction that records the email, after it is handled: the inbox
// stores its position there (mailer.InboundMessage.Advance), one commit
// for both.
func (j *Judge) IngestWith(raw []byte, within func(*store.Tx) error) (*Result, error) {
	var res *Result
	err := j.db.Update(func(tx *store.Tx) error {
		var err error
		if res, err = j.safeIngest(tx, raw); err != nil || within == nil {
			return err
		}
		return within(tx)
	})
	if err != nil {
		return j.failed(raw, err)
	}
	j.forget(raw)
	j.hook("judge-ingested")
	if res.Receipt != nil {
		j.kick()
	}
	if res.Outcome == Accepted {
		if _, err := j.adjudicateRun(res.Game); err != nil {
			// The orders are stored; the next Tick retries.
			j.log.Error("adjudicate after ingest", "game", orders.Shorten(res.Game, 64), "err", err)
		}
	}
	j.log.Info("email ingested", "message_id", orders.Shorten(res.MessageID, 100), "outcome", res.Outcome, "game", orders.Shorten(res.Game, 64))
	return res, nil
}

// safeIngest is ingest with a panic turned into an error: nothing a sender
// writes may crash the daemon.
func (j *Judge) safeIngest(tx *store.Tx, raw []byte) (res *Result, err error) {
	defer func() {
		if r := recover(); r != nil {
			j.log.Error("panic while ingesting an email", "panic", r, "stack", string(debug.Stack()))
			res, err = nil, fmt.Errorf("judge: panic while ingesting: %v", r)
		}
	}()
	return j.ingest(tx, raw)
}

// failed counts a failed handling of raw and quarantines it at the
// quarantineAfter-th failure in a row.
func (j *Judge) failed(raw []byte, cause error) (*Result, error) {
	sum := sha256.Sum256(raw)
	j.mu.Lock()
	if j.failures == nil {
		j.failures = map[[32]byte]int{}
	}
	j.failures[sum]++
	n := j.failures[sum]
	j.mu.Unlock()
	if n < quarantineAfter {
		return nil, cause
	}
	var res *Result
	err := j.db.Update(func(tx *store.Tx) error {
		var err error
		res, err = j.quarantine(tx, raw, cause)
		return err
	})
	if err != nil {
		// The store itself fails: leave the email for a later scan.
		return nil, errors.Join(cause, err)
	}
	j.forget(raw)
	if res.Receipt != nil {
		j.kick()
	}
	j.log.Error("email quarantined", "message_id", orders.Shorten(res.MessageID, 100), "failures", n, "err", cause)
	return res, nil
}

func (j *Judge) forget(raw []byte) {
	j.mu.Lock()
	defer j.mu.Unlock()
	if len(j.failures) > 0 {
		delete(j.failures, sha256.Sum256(raw))
	}
}

// quarantine records raw as handled without handling it: a delivery record
// (no copy), an audit line in the judge's own log, and a receipt to a
// sender who plays or moderates here.
func (j *Judge) quarantine(tx *store.Tx, raw []byte, cause error) (*Result, error) {
	now := j.opt.Now().UTC()
	m, _ := j.opt.Limits.Read(raw)
	id := messageID(m, raw)
	key := store.DeliveryKey(id, raw)
	res := &Result{MessageID: id, Outcome: Quarantined}
	if seen, err := tx.Seen(key); err != nil || seen {
		res.Outcome = Duplicate
		return res, err
	}
	d := store.Delivery{MessageID: id, Received: now, SHA256: store.RawHash(raw), Size: len(raw), Outcome: string(Quarantined)}
	if m != nil {
		d.From = m.From
	}
	if err := tx.MarkSeen(key, d); err != nil {
		return nil, err
	}
	if err := tx.Audit(judgeLog, store.AuditEntry{Time: now, Actor: "judge", Action: "quarantine",
		Detail: fmt.Sprintf("email %s (sha256 %s) from %q could not be handled: %s", orders.Shorten(id, 100), d.SHA256, orders.Shorten(d.From, 200), orders.Shorten(cause.Error(), 300))}); err != nil {
		return nil, err
	}
	if m == nil || m.From == "" || orders.IsAutomatic(m, j.opt.Address) || !j.knownSender(tx, m.From, "") {
		return res, nil
	}
	rc := receipt{msg: m}
	rc.errs = append(rc.errs, letters.Quarantined)
	return res, j.sendReceipt(tx, key, m, &rc, res, now)
}

// ingestFault, when set, is called at the start of every ingest: a seam
// for tests of the quarantine (it may panic or return an error).
var ingestFault func(raw []byte) error

// judgeLog is the audit log of what concerns no game (mail from strangers,
// quarantined mail): "*" is no valid game ID.
const judgeLog = "*"

// Check answers raw as Ingest would, without keeping anything: the
// transaction is rolled back. It is the offline order checker.
func (j *Judge) Check(raw []byte) (*Result, error) {
	var res *Result
	err := j.db.Update(func(tx *store.Tx) error {
		var err error
		res, err = j.safeIngest(tx, raw)
		if err != nil {
			return err
		}
		return errDryRun
	})
	if err != nil && !errors.Is(err, errDryRun) {
		return nil, err
	}
	return res, nil
}

func syntheticID(raw []byte) string {
	sum := sha256.Sum256(raw)
	return "sha256-" + hex.EncodeToString(sum[:16]) + "@stormjudge.invalid"
}

// messageID is the email's Message-ID, or one made from its bytes.
func messageID(m *orders.Message, raw []byte) string {
	if m != nil {
		if id := strings.TrimSpace(m.MessageID); id != "" {
			return id
		}
	}
	return syntheticID(raw)
}

// ingest handles raw in tx. The order of the checks matters: everything
// cheap (a readable header, automatic mail, a sender who plays or
// moderates here, a well-formed envelope naming an existing game) comes
// before the argon2id hash of a SECRET, so that mail from strangers costs
// no hashing and gets no answer (no backscatter).
func (j *Judge) ingest(tx *store.Tx, raw []byte) (*Result, error) {
	now := j.opt.Now().UTC()
	m, rerr := j.opt.Limits.Read(raw)
	id := messageID(m, raw)
	key := store.DeliveryKey(id, raw)
	res := &Result{MessageID: id}
	seen, err := tx.Seen(key)
	if err != nil {
		return nil, err
	}
	if seen {
		res.Outcome = Duplicate
		return res, nil
	}
	if ingestFault != nil {
		if err := ingestFault(raw); err != nil {
			return nil, err
		}
	}
	d := store.Delivery{MessageID: id, Received: now, SHA256: store.RawHash(raw), Size: len(raw)}
	var sub *orders.Submission
	var perr error
	if rerr == nil {
		sub, perr = orders.Parse(m.Body)
	}
	if sub != nil && sub.Envelope.Game != "" {
		// Game IDs that differ only in case are one game: the email
		// speaks of the game as the judge writes it (a CREATE of
		// "Demo" is refused when "demo" exists, GameExists).
		if g, err := tx.GameFold(sub.Envelope.Game); err == nil {
			sub.Envelope.Game = g.ID
		}
	}
	record := func() error {
		d.Outcome = string(res.Outcome)
		secret := ""
		if sub != nil {
			secret = sub.Envelope.Secret
		}
		switch res.Outcome {
		case Unreadable, Dropped:
			// Nothing worth keeping: no copy (a stranger's mail must not
			// grow the file; the record and its hash remain).
		default:
			d.Copy = orders.Redact(raw, m, secret)
		}
		return tx.MarkSeen(key, d)
	}
	if m == nil || m.From == "" {
		res.Outcome = Unreadable
		j.log.Warn("unreadable email", "message_id", orders.Shorten(id, 100), "err", rerr)
		return res, record()
	}
	d.From = m.From
	// RFC 3834: never answer bounces, auto-replies, lists or ourselves.
	if orders.IsAutomatic(m, j.opt.Address) {
		res.Outcome = Ignored
		return res, record()
	}
	named := ""
	if sub != nil {
		named = sub.Envelope.Game
	}
	if g, err := tx.Game(named); err == nil {
		d.Game = g.ID
	}
	if !j.knownSender(tx, m.From, d.Game) && !command.MayObserve(tx, m.From, d.Game, sub, now) && !command.MayLobby(tx, m.From, named, sub, now) {
		res.Outcome, res.Game = Dropped, d.Game
		if err := j.drop(tx, m, id, d.Game, now); err != nil {
			return nil, err
		}
		return res, record()
	}
	if command.LobbyRequest(sub) {
		// LIST, JOIN and OBSERVE requests are answered a bounded number
		// of times, to anyone (guard.LobbyBudget): a forged From: gets
		// no one a flood, and strangers' requests never spend the
		// answers owed to an address that confirmed something.
		from, confirmed := m.From, j.confirmed(tx, m.From)
		ok, capped := j.lobby.Allows(from, confirmed, now)
		if !ok {
			res.Outcome, res.Game = Ignored, d.Game
			if capped {
				tx.OnCommit(func() { j.lobby.Hit(now) })
				j.log.Warn("lobby request not answered: the hour's answers to strangers are spent", "from", orders.Shorten(from, 100))
			} else {
				j.log.Warn("lobby request not answered: the address's answers of the day are spent", "from", orders.Shorten(from, 100))
			}
			return res, record()
		}
		tx.OnCommit(func() { j.lobby.Spend(from, confirmed, now) })
	}
	rc := receipt{msg: m, key: key}
	if rerr != nil {
		rc.errs = append(rc.errs, letters.UnreadableBody(rerr, j.opt.Limits))
		res.Outcome = Rejected
	} else {
		rc.cacheOnly, rc.retry = j.budget.Exhausted(m.From, now)
		j.decide(tx, m, sub, perr, &rc, res, now)
		if rc.unverified != "" {
			// Charged once the email's record commits: an ingest that
			// fails and is tried again is not charged twice.
			from, wrong := m.From, rc.wrong
			tx.OnCommit(func() { j.budget.Spend(from, wrong, now) })
		}
	}
	if rc.fatal != nil {
		return nil, rc.fatal
	}
	if err := record(); err != nil {
		return nil, err
	}
	if err := j.sendReceipt(tx, key, m, &rc, res, now); err != nil {
		return nil, err
	}
	// What accepted commands do comes after the receipt: its mails (a
	// new game's first report, a report sent again, announcements) are
	// queued after it and reach the sender in that order.
	for _, f := range rc.later {
		if err := f(); err != nil {
			return nil, err
		}
	}
	return res, nil
}

// knownSender reports whether addr plays a power or moderates in some game
// (the game named first, as the likely one, then every game). Only they
// are ever answered.
func (j *Judge) knownSender(tx *store.Tx, addr, named string) bool {
	addr = strings.ToLower(addr)
	holds := func(g *store.Game) bool {
		if contains(g.Moderators, addr) {
			return true
		}
		for _, s := range g.Seats {
			if s.Address == addr && addr != "" {
				return true
			}
		}
		return false
	}
	if g, err := tx.Game(named); err == nil && holds(g) {
		return true
	}
	if j.listedMaster(addr) {
		return true
	}
	gs, err := tx.Games()
	if err != nil {
		return false
	}
	for _, g := range gs {
		if holds(g) {
			return true
		}
	}
	return false
}

// confirmed reports whether addr has confirmed something: it plays or
// moderates (knownSender), observes a game, or confirmed a JOIN (its
// request waits for the moderator). The lobby's global cap does not
// apply to it (guard.LobbyBudget).
func (j *Judge) confirmed(tx *store.Tx, addr string) bool {
	if j.knownSender(tx, addr, "") {
		return true
	}
	addr = strings.ToLower(addr)
	gs, err := tx.Games()
	if err != nil {
		return false
	}
	for _, g := range gs {
		if g.Observer(addr) != nil {
			return true
		}
		for _, s := range g.Seats {
			if jn := s.Join(addr); jn != nil && !jn.Confirmed.IsZero() {
				return true
			}
		}
	}
	return false
}

// drop records mail from a stranger: an audit line (in the game's log when
// it named an existing game, else in the judge's own) and the counters the
// operator reads in `game list` and `game show`. Nothing is mailed.
func (j *Judge) drop(tx *store.Tx, m *orders.Message, id, game string, now time.Time) error {
	log := judgeLog
	if game != "" {
		log = game
		if err := tx.Count("dropped/"+game, 1); err != nil {
			return err
		}
	}
	if err := tx.Count("dropped", 1); err != nil {
		return err
	}
	j.log.Info("email from a stranger dropped without an answer", "from", orders.Shorten(m.From, 100), "message_id", orders.Shorten(id, 100), "game", game)
	return tx.Audit(log, store.AuditEntry{Time: now, Actor: orders.Shorten(m.From, 200), Action: "dropped",
		Detail: fmt.Sprintf("email %s from an address that neither plays nor moderates here: not answered", orders.Shorten(id, 100))})
}

// receipt collects what the receipt says.
type receipt struct {
	msg      *orders.Message
	errs     []string // each a rendered error
	accepted []storm.Order
	// warnings: accepted orders that stand only if something happens
	// first (adjudicator.Warn), each rendered.
	warnings []string
	// committed: the tile points the diplomatic phase will take at its end
	// for this turn's counters (adjudicator.Committed), beyond after's.
	committed int
	notes     []string
	// disorder: a refused email of a player in civil disorder
	// (letters.Receipt.Disorder).
	disorder bool
	fatal    error // a store error: abort the transaction
	// read and refused: the orders of an email that failed validation,
	// and the reasons by order index.
	read    []storm.Order
	refused map[int][]string
	// after is the power as it would be after accepted orders.
	after *storm.PowerState
	// state is the game's open state when the email got that far: the
	// receipt names its turn and segment.
	state *storm.State
	// help is the answer to a HELP (what the power may order now) or to
	// commands (STATUS, HISTORY ...).
	help string
	// key is the email's delivery key (names the mails it causes).
	key []byte
	// done says what accepted commands did, one line each.
	done []string
	// commands: the email gave commands (the receipt says so), not orders.
	commands bool
	// later are the accepted commands' effects, run after the receipt is
	// queued (in the same transaction).
	later []func() error
	// unverified: the email failed its secret; the receipt is this fixed
	// refusal and quotes nothing of the email (unverifiedBy).
	unverified string
	// anonymous: an email no secret vouches for (an observer's OBSERVE):
	// its subject is not echoed either.
	anonymous bool
	// observer: the email was an observer's OBSERVE (no power speaks).
	observer bool
	// check: the email's CHECK line; its orders are checked, not stored
	// (takeOrders).
	check bool
	// text: the whole receipt, written by the lobby (LIST, JOIN) in
	// fixed words; sensitive: it carries a secret (a JOIN's), sealed in
	// the outbox as a welcome is.
	text      string
	sensitive bool
	// cacheOnly: the sender has spent its wrong-secret budget
	// (guard.SecretBudget): secrets are checked against the cache alone;
	// throttled: a secret was refused unchecked for that reason, and
	// retry is when the budget gives a check back; wrong counts the
	// argon2id checks that failed.
	cacheOnly, throttled bool
	retry                time.Time
	wrong                int
	// footer replaces the refusal's closing advice.
	footer string
	// reason is the email's REASON, repeated in an acceptance.
	reason string
	// attach are files the receipt carries (EXPORT's JSON).
	attach []store.Attachment
	// copyTo: a copy of the receipt goes to this address too (the
	// player of a power whose orders the moderator entered).
	copyTo string
}

// refuse records an email's orders and the validation errors that refuse
// them: nothing is stored, but the receipt says order by order what would
// be accepted and what not, and why.
func (rc *receipt) refuse(read []storm.Order, errs []storm.OrderError) {
	rc.read = read
	rc.refused = map[int][]string{}
	for _, e := range errs {
		rc.refused[e.Index] = append(rc.refused[e.Index], refusal(e))
		if e.Fix != nil {
			rc.refused[e.Index] = append(rc.refused[e.Index], "fix: "+letters.FixWords(*e.Fix))
		}
	}
}

// warn renders the warnings of a power's orders as stored (earlier
// emails' first, the email's own, sent, last; those kept in the state
// after them): an order of an earlier email is named as sent earlier,
// not by the line of this one.
func (rc *receipt) warn(ws []storm.OrderWarning, stored, sent int) {
	for _, w := range ws {
		rc.warnings = append(rc.warnings, letters.Warning(w, w.Index < stored-sent || w.Index >= stored))
	}
}

// refusal renders a validation error without the order itself (the
// receipt prints the order above it).
func refusal(e storm.OrderError) string {
	if e.Rule != "" {
		return "rule " + e.Rule + ": " + e.Msg
	}
	return e.Msg
}

// unread refuses an email that never reached the check of a secret (it
// names no game, or one the judge does not hold): anyone may have written
// it in the sender's name, so the receipt is a fixed text that quotes
// nothing of it, its subject neither, with why (what the
// judge found missing) and the sender's own games (the fix, to
// the sender's own address).
func unread(tx *store.Tx, m *orders.Message, rc *receipt, why string) {
	rc.anonymous = true
	rc.errs = []string{letters.Unread(why, gamesOf(tx, m.From))}
	rc.footer = letters.UnreadFooter
}

// stale refuses an email written for a segment that is closed:
// one whose TURN line names another turn or segment than the
// open one, or, without a TURN line, one that replies to a report or notice
// of an earlier version of the game (its In-Reply-To, or else its last
// References entry, is one of the judge's Message-IDs for that version).
// Such orders would otherwise be taken for the next segment, which the
// player did not mean.
func (j *Judge) stale(tx *store.Tx, g *store.Game, s storm.State, m *orders.Message, env orders.Envelope, rc *receipt) bool {
	if env.TurnLine > 0 && (env.Turn != s.Turn || env.Segment != "" && env.Segment != s.Segment) {
		pinned := env.Turn.String()
		if env.Segment != "" {
			pinned += " " + string(env.Segment)
		}
		rc.errs = append(rc.errs, letters.Stale{Game: g.ID, Open: s, Line: env.TurnLine, Pinned: pinned}.Text())
		return true
	}
	if env.Segment != "" {
		return false // pinned to the open segment
	}
	v, ep, ok := j.pub.VersionOf(replyParent(m), g.ID)
	if !ok || (v >= publish.OpenedAt(g) && ep == g.Rollbacks) {
		return false // a mail of the open segment, a SET's among them
	}
	if ep != g.Rollbacks {
		// A mail from before a rollback: its segment may be gone or
		// redone.
		rc.errs = append(rc.errs, letters.Stale{Game: g.ID, Open: s, RolledBack: true}.Text())
		return true
	}
	old, err := tx.State(g.ID, v)
	if env.TurnLine > 0 && (err != nil || old.Turn != s.Turn) {
		// The open turn is pinned and the reply is to an earlier turn's
		// mail: the player means the open turn. (A turn has several
		// segments, so a reply to an earlier segment of the same turn
		// stays stale without the segment on the TURN line.)
		return false
	}
	st := letters.Stale{Game: g.ID, Open: s, WasVersion: v}
	if err == nil {
		st.Was = &old
	}
	rc.errs = append(rc.errs, st.Text())
	return true
}

// replyParent is the message an email answers: its In-Reply-To, or else
// the last entry of its References.
func replyParent(m *orders.Message) string {
	if m.InReplyTo != "" || len(m.References) == 0 {
		return m.InReplyTo
	}
	return m.References[len(m.References)-1]
}

// authorizeModerator checks a MODERATOR email: it must come from a
// moderator of g and carry the moderators' secret. On failure it says so
// without revealing anything.
func authorizeModerator(g *store.Game, from string, env orders.Envelope, rc *receipt) bool {
	if !contains(g.Moderators, strings.ToLower(from)) || g.ModeratorSecretHash == "" || env.Secret == "" ||
		!rc.verify(g.ModeratorSecretHash, env.Secret) {
		rc.unverifiedBy(letters.ModeratorRefused(g.ID, env.SecretPlaceholder))
		return false
	}
	return true
}

// takeDraw takes a moderator's email for s: the physical deck's draw
// (adjudicator.ValidateDraw), accepted when the game waits for it and
// resolved right after (Adjudicate).
func takeDraw(tx *store.Tx, g *store.Game, s storm.State, m *orders.Message, sub *orders.Submission, rc *receipt, res *Result, now time.Time) {
	if !adjudicator.AwaitsDraw(s) {
		rc.errs = append(rc.errs, letters.NoDraw(s, s.Events == nil, s.Events != nil && s.Events.Physical, whoOrders(s)))
		res.Outcome = Rejected
		return
	}
	if verrs := adjudicator.ValidateDraw(s, sub.Orders); len(verrs) > 0 {
		rc.refuse(sub.Orders, verrs)
		res.Outcome = Rejected
		return
	}
	rec := store.OrderRecord{Orders: sub.Orders, MessageID: res.MessageID, From: m.From, Received: now}
	if err := tx.PutDraw(g.ID, g.Version, rec); err != nil {
		rc.fatal = err
		return
	}
	if err := tx.Audit(g.ID, store.AuditEntry{Time: now, Actor: m.From, Action: "draw",
		Detail: fmt.Sprintf("moderator's draw for %s: %s", s.Turn, strings.ReplaceAll(report.Orders(sub.Orders), "\n", "; "))}); err != nil {
		rc.fatal = err
		return
	}
	rc.accepted = sub.Orders
	rc.notes = append(rc.notes, letters.DrawApplied)
	res.Outcome = Accepted
}

// authorize finds the power an email speaks for and checks the secret and
// the sender's address. On failure it says so without revealing anything
// about the game, its seats or the secret.
func (j *Judge) authorize(g *store.Game, from string, env orders.Envelope, rc *receipt) (storm.Power, bool) {
	from = strings.ToLower(from)
	if from == "" { // it would match a computer's seat (no address)
		rc.unverifiedBy(letters.SeatRefused(g.ID, 0, env.SecretPlaceholder))
		return 0, false
	}
	moderator := contains(g.Moderators, from)
	// The refusal names the welcome that carries the secret: the one of
	// the seat the address holds, when it holds one.
	var own storm.Power
	for _, s := range g.Seats {
		if s.Address == from && !s.Open && !s.Vacant {
			if own != 0 {
				own = 0
				break
			}
			own = s.Power
		}
	}
	refused := letters.SeatRefused(g.ID, own, env.SecretPlaceholder)
	var power storm.Power
	if env.Power != "" {
		p, ok := storm.ParsePower(env.Power)
		if !ok {
			rc.errs = append(rc.errs, letters.UnknownPower(env.PowerLine, env.Power))
			return 0, false
		}
		power = p
	} else {
		var held []storm.Power
		for _, s := range g.Seats {
			if s.Address == from {
				held = append(held, s.Power)
			}
		}
		switch {
		case len(held) == 1:
			power = held[0]
		case len(held) > 1:
			// The secret tells the seats apart (each its own);
			// POWER is needed only when it does not.
			var match []storm.Power
			for _, p := range held {
				if s := g.Seat(p); env.Secret != "" && rc.verify(s.SecretHash, env.Secret) {
					match = append(match, p)
				}
			}
			switch len(match) {
			case 0:
				rc.unverifiedBy(refused)
				return 0, false
			case 1:
				return match[0], true
			}
			rc.errs = append(rc.errs, letters.AddPowerLine(match))
			return 0, false
		case moderator:
			rc.errs = append(rc.errs, letters.AddPowerLineModerator)
			return 0, false
		default:
			rc.unverifiedBy(refused)
			return 0, false
		}
	}
	var seat *store.Seat
	for i := range g.Seats {
		if g.Seats[i].Power == power {
			seat = &g.Seats[i]
		}
	}
	if seat == nil || (seat.Address != from && !moderator) || env.Secret == "" || !rc.verify(seat.SecretHash, env.Secret) {
		rc.unverifiedBy(refused)
		return 0, false
	}
	return power, true
}

// unverifiedBy refuses an email that failed its secret with msg: anyone
// can forge a sender, so its receipt quotes neither the
// subject nor a line of it (renderReceipt, sendReceipt).
//
// When a secret was refused unchecked (the sender's wrong-secret budget
// is spent, guard.SecretBudget), the refusal says so instead, and when to
// try again.
func (rc *receipt) unverifiedBy(msg string) {
	if rc.throttled {
		msg = letters.Throttled(rc.retry)
	}
	rc.unverified = msg
	rc.errs = append(rc.errs, msg)
}

func (j *Judge) sendReceipt(tx *store.Tx, key []byte, m *orders.Message, rc *receipt, res *Result, now time.Time) error {
	if rc.fatal != nil {
		return nil
	}
	subject := publish.StripReceiptTag(publish.CleanSubject(m.Subject)) // reply prefixes and earlier tags off
	if subject == "" || rc.unverified != "" || rc.anonymous {           // a forged subject is never echoed
		subject = letters.YourOrders
		if rc.anonymous {
			subject = letters.YourEmail
		}
	}
	subject = "Re: " + subject + " " + publish.ReceiptTag(res.Game, receiptWhat(res))
	inReplyTo, refs := publish.Threading(m.MessageID, m.References) // thread under the email
	game := ""
	if res.Game != "" {
		if _, err := tx.Game(res.Game); err == nil {
			game = res.Game
		}
	}
	if rc.unverified != "" { // only a game that exists is named (its id is the judge's, not the sender's)
		subject = "Re: " + letters.YourOrders + " " + publish.ReceiptTag(game, receiptWhat(&Result{Outcome: res.Outcome}))
	}
	heldSubject := ""
	if rc.unverified == "" && !rc.anonymous {
		heldSubject = publish.StripReceiptTag(publish.CleanSubject(m.Subject))
	}
	if res.Outcome == Rejected { // the receipt brake holds only refusals
		held, err := j.holdReceipt(tx, m.From, game, heldSubject, subject[strings.LastIndexByte(subject, '['):], now)
		if err != nil {
			return err
		}
		if held {
			res.ReceiptHeld = true
			return nil
		}
	}
	mail := &store.Mail{
		ID:            "receipt/" + publish.ShortHash(key),
		Game:          game,
		To:            []string{m.From},
		Subject:       subject,
		Body:          report.Flow(renderReceipt(rc, res)), // long lines wrapped, reflowable
		Flowed:        true,
		InReplyTo:     inReplyTo,
		References:    refs,
		AutoSubmitted: "auto-replied",
		Attachments:   rc.attach,
		Sensitive:     rc.sensitive,
	}
	if err := j.pub.Enqueue(tx, mail, now); err != nil {
		return err
	}
	res.Receipt = mail
	if rc.copyTo != "" && rc.copyTo != strings.ToLower(m.From) && res.Outcome == Accepted {
		// The moderator entered a power's orders: its player gets a copy.
		if err := j.pub.NotifyText(tx, "", mail.ID+"/copy", rc.copyTo, letters.EnteredSubject(game),
			letters.ModeratorCopy(strings.ToLower(m.From), renderReceipt(rc, res)), now); err != nil {
			return err
		}
	}
	return nil
}

// receiptWhat says in a receipt's subject what became of the email.
func receiptWhat(res *Result) string {
	switch {
	case res.Command == "CHECK" && res.Outcome == Answered:
		return "CHECKED"
	case res.Command == "CHECK":
		return "CHECKED, NOT ACCEPTED"
	}
	switch res.Outcome {
	case Accepted:
		return "ACCEPTED"
	case Answered:
		if res.Command != "" {
			return res.Command
		}
		return "HELP"
	}
	return "NOT ACCEPTED"
}

func renderReceipt(rc *receipt, res *Result) string {
	what := "HELP"
	if res.Command != "" {
		what = res.Command
	}
	outcome := string(res.Outcome)
	if rc.check && res.Outcome == Answered {
		outcome = string(Accepted) // the receipt of orders that would be accepted, marked as a check
	}
	return letters.Receipt{Unverified: rc.unverified, Fixed: rc.text, Outcome: outcome, What: what, Commands: rc.commands, Check: rc.check,
		Moderator: res.Moderator, Power: res.Power, Observer: rc.observer, Game: res.Game, State: rc.state, Help: rc.help, Done: rc.done, Notes: rc.notes,
		Reason: rc.reason, Accepted: rc.accepted, Warnings: rc.warnings, After: rc.after, Committed: rc.committed, Read: rc.read, Refused: rc.refused,
		Errs: rc.errs, Footer: rc.footer, Disorder: rc.disorder}.Text()
}

// whoOrders says who orders in the open segment of s.
func whoOrders(s storm.State) string {
	return letters.WhoOrders(adjudicator.AwaitsDraw(s), adjudicator.Required(s))
}

func contains[T comparable](xs []T, x T) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// gamesOf names the games addr plays or moderates, with its powers: "demo
// (Germany)", "spring (moderator)". The receipt of an email naming an
// unknown game lists them; it goes to addr alone.
func gamesOf(tx *store.Tx, addr string) []string {
	gs, err := tx.Games()
	if err != nil {
		return nil
	}
	var out []string
	for _, g := range gs {
		var powers []storm.Power
		for _, s := range g.Seats {
			if addr != "" && strings.EqualFold(s.Address, addr) {
				powers = append(powers, s.Power)
			}
		}
		if mod := slices.ContainsFunc(g.Moderators, func(m string) bool { return strings.EqualFold(m, addr) }); mod || len(powers) > 0 {
			out = append(out, letters.OwnGame(g.ID, powers, mod))
		}
	}
	return out
}

// welcome is the mail that seats a player in seat of g with secret (""
// for a player who took an open seat and knows it).
func (j *Judge) welcome(g *store.Game, seat store.Seat, secret string) letters.Welcome {
	return command.Welcome(core{j}, j.opt.Address, g, seat, secret)
}

// runCommands runs sub's commands for the moderator (power 0) or for
// power's player (command.Run), and fills the receipt. Refused: nothing
// changes.
func (j *Judge) runCommands(tx *store.Tx, g *store.Game, s storm.State, m *orders.Message, sub *orders.Submission, power storm.Power, rc *receipt, res *Result, now time.Time) {
	rep := command.Run(core{j}, j.pub, tx, g, s, command.Email{From: m.From, Sub: sub, Power: power, Moderator: res.Moderator, Key: rc.key, Parent: replyParent(m)}, now)
	j.reply(rc, res, rep)
	if len(rep.Errs) == 0 {
		rc.state = rep.State
	}
}

// core is the judge as the commands see it (command.Core).
type core struct{ j *Judge }

func (c core) Hash(secret string) string       { return hashSecret(secret) }
func (c core) Verify(hash, secret string) bool { return verifySecret(hash, secret) }
func (c core) Advance(tx *store.Tx, g *store.Game, s storm.State, now time.Time, why string) error {
	return c.j.advance(tx, g, s, nil, now, why)
}
func (c core) Computer(tx *store.Tx, g *store.Game, s storm.State, now time.Time) ([]storm.Power, error) {
	return autoplay.Orders(tx, g, s, now, c.j.log)
}
func (c core) Export(tx *store.Tx, g *store.Game, v int) ([]byte, error) {
	return export.Game(tx, g, v)
}
func (c core) LobbyCapHits() (int, time.Time) { return c.j.lobby.CapHits() }
