package judge

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"

	"stormjudge/adjudicator"
	"stormjudge/orders"
	"stormjudge/report"
	"stormjudge/store"
)

// Outcome says what became of one ingested email.
type Outcome string

const (
	Accepted   Outcome = "accepted"   // orders stored, receipt queued
	Rejected   Outcome = "rejected"   // nothing changed but the receipt
	Duplicate  Outcome = "duplicate"  // Message-ID seen before: nothing at all
	Ignored    Outcome = "ignored"    // automatic mail (bounce, auto-reply, list): recorded, never answered
	Unreadable Outcome = "unreadable" // not a parseable message and no address to answer
)

// Result of ingesting one email.
type Result struct {
	MessageID string
	Outcome   Outcome
	Game      string
	Power     adjudicator.Power
	Moderator bool        // the email spoke for the game's moderator
	Receipt   *store.Mail // nil when no receipt is sent
}

var errDryRun = errors.New("judge: dry run")

// Ingest handles one raw email in one transaction: it is recorded in the
// inbox index (so it is never applied twice), its orders are stored if they
// are accepted, and its receipt is queued in the outbox. When the email
// completes a segment's orders, the segment is adjudicated in a second
// transaction right after.
func (j *Judge) Ingest(raw []byte) (*Result, error) {
	var res *Result
	err := j.db.Update(func(tx *store.Tx) error {
		var err error
		res, err = j.ingest(tx, raw)
		return err
	})
	if err != nil {
		return nil, err
	}
	hook("judge-ingested")
	if res.Receipt != nil {
		j.kick()
	}
	if res.Outcome == Accepted {
		if _, err := j.Adjudicate(res.Game); err != nil {
			// The orders are stored; the next Tick retries.
			j.log.Error("adjudicate after ingest", "game", res.Game, "err", err)
		}
	}
	j.log.Info("email ingested", "message_id", res.MessageID, "outcome", res.Outcome, "game", res.Game)
	return res, nil
}

// Check answers raw as Ingest would, without keeping anything: the
// transaction is rolled back. It is the offline order checker.
func (j *Judge) Check(raw []byte) (*Result, error) {
	var res *Result
	err := j.db.Update(func(tx *store.Tx) error {
		var err error
		res, err = j.ingest(tx, raw)
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

// shortHash names a receipt by the message it answers: stable across a
// crash and short enough to keep the Message-ID header on one line.
func shortHash(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:10])
}

func syntheticID(raw []byte) string {
	sum := sha256.Sum256(raw)
	return "<sha256-" + hex.EncodeToString(sum[:16]) + "@stormjudge.invalid>"
}

func (j *Judge) ingest(tx *store.Tx, raw []byte) (*Result, error) {
	now := j.opt.Now().UTC()
	m, rerr := orders.ReadMessage(raw)
	id := ""
	if m != nil {
		id = strings.TrimSpace(m.MessageID)
	}
	if id == "" {
		id = syntheticID(raw)
	}
	res := &Result{MessageID: id}
	seen, err := tx.Seen(id)
	if err != nil {
		return nil, err
	}
	if seen {
		res.Outcome = Duplicate
		return res, nil
	}
	if err := tx.MarkSeen(id, raw, now); err != nil {
		return nil, err
	}
	if rerr != nil || m == nil || m.From == "" {
		res.Outcome = Unreadable
		j.log.Warn("unreadable email", "message_id", id, "err", rerr)
		return res, nil
	}
	// RFC 3834: never answer bounces, auto-replies, lists or ourselves.
	if orders.IsAutomatic(m, j.opt.Address) {
		res.Outcome = Ignored
		return res, nil
	}
	rc := receipt{msg: m}
	j.decide(tx, m, &rc, res, now)
	if err := j.sendReceipt(tx, m, &rc, res, now); err != nil {
		return nil, err
	}
	return res, rc.fatal
}

// receipt collects what the receipt says.
type receipt struct {
	msg      *orders.Message
	errs     []string // each a rendered error
	accepted []adjudicator.Order
	notes    []string
	fatal    error // a store error: abort the transaction
	// read and refused: the orders of an email that failed validation,
	// and the reasons by order index.
	read    []adjudicator.Order
	refused map[int][]string
	// after is the power as it would be after accepted orders.
	after *adjudicator.PowerState
}

// refuse records an email's orders and the validation errors that refuse
// them: nothing is stored, but the receipt says order by order what would
// be accepted and what not, and why.
func (rc *receipt) refuse(read []adjudicator.Order, errs []adjudicator.OrderError) {
	rc.read = read
	rc.refused = map[int][]string{}
	for _, e := range errs {
		rc.refused[e.Index] = append(rc.refused[e.Index], refusal(e))
	}
}

// refusal renders a validation error without the order itself (the
// receipt prints the order above it).
func refusal(e adjudicator.OrderError) string {
	if e.Rule != "" {
		return "rule " + e.Rule + ": " + e.Msg
	}
	return e.Msg
}

func (j *Judge) decide(tx *store.Tx, m *orders.Message, rc *receipt, res *Result, now time.Time) {
	sub, perr := orders.Parse(m.Body)
	if perr != nil {
		var errs orders.Errors
		if errors.As(perr, &errs) {
			for _, e := range errs {
				rc.errs = append(rc.errs, e.Error())
			}
		} else {
			rc.errs = append(rc.errs, perr.Error())
		}
	}
	if sub == nil {
		res.Outcome = Rejected
		return
	}
	env := sub.Envelope
	if env.Game == "" {
		res.Outcome = Rejected
		return
	}
	res.Game = env.Game
	g, err := tx.Game(env.Game)
	if errors.Is(err, store.ErrNotFound) {
		rc.errs = append(rc.errs, fmt.Sprintf("line %d: there is no game %q here.", env.GameLine, env.Game))
		res.Outcome = Rejected
		return
	} else if err != nil {
		rc.fatal = err
		return
	}
	var power adjudicator.Power
	if env.Moderator {
		if !authorizeModerator(g, m.From, env, rc) {
			res.Outcome = Rejected
			return
		}
		res.Moderator = true
	} else {
		var ok bool
		if power, ok = j.authorize(g, m.From, env, rc); !ok {
			res.Outcome = Rejected
			return
		}
		res.Power = power
	}
	if len(rc.errs) > 0 {
		// Parse errors: report them all, change nothing.
		res.Outcome = Rejected
		return
	}
	if g.Paused {
		rc.errs = append(rc.errs, "the moderator has paused this game; orders are not taken until it resumes.")
		res.Outcome = Rejected
		return
	}
	s, err := tx.State(g.ID, g.Version)
	if err != nil {
		rc.fatal = err
		return
	}
	if res.Moderator {
		takeDraw(tx, g, s, m, sub, rc, res, now)
		return
	}
	if !contains(adjudicator.Required(s), power) {
		rc.errs = append(rc.errs, fmt.Sprintf("%s has no orders to give now: the open segment is %s (%s), in which %s.",
			power.Title(), s.Segment.Title(), s.Turn, whoOrders(s)))
		res.Outcome = Rejected
		return
	}
	if verrs := adjudicator.Validate(s, power, sub.Orders); len(verrs) > 0 {
		rc.refuse(sub.Orders, verrs)
		res.Outcome = Rejected
		return
	}
	if after, ok := adjudicator.Preview(s, power, sub.Orders); ok {
		rc.after = &after
	}
	prev, err := tx.Orders(g.ID, g.Version)
	if err != nil {
		rc.fatal = err
		return
	}
	_, replaced := prev[power]
	rec := store.OrderRecord{Power: power, Orders: sub.Orders, Pass: sub.Pass || len(sub.Orders) == 0,
		MessageID: res.MessageID, From: m.From, Received: now}
	if err := tx.PutOrders(g.ID, g.Version, rec); err != nil {
		rc.fatal = err
		return
	}
	action := "orders"
	if replaced {
		action = "orders replaced"
		rc.notes = append(rc.notes, "These orders replace the ones you sent earlier for this segment.")
	}
	if err := tx.Audit(g.ID, store.AuditEntry{Time: now, Actor: m.From, Action: action,
		Detail: fmt.Sprintf("%s, %s %s: %s", power.Title(), s.Turn, s.Segment, strings.ReplaceAll(report.Orders(sub.Orders), "\n", "; "))}); err != nil {
		rc.fatal = err
		return
	}
	rc.accepted = sub.Orders
	prev[power] = rec
	if miss := missingPowers(adjudicator.Required(s), prev); len(miss) > 0 {
		rc.notes = append(rc.notes, fmt.Sprintf("Still waiting for: %s. You may send new orders until then; the last ones count.", joinPowers(miss)))
	} else {
		rc.notes = append(rc.notes, "All orders are in: the segment is adjudicated now; the report follows.")
	}
	if !g.Deadline.IsZero() {
		rc.notes = append(rc.notes, deadlineLine(g))
	}
	res.Outcome = Accepted
}

// authorizeModerator checks a MODERATOR email: it must come from a
// moderator of g and carry the moderators' secret. On failure it says so
// without revealing anything.
func authorizeModerator(g *store.Game, from string, env orders.Envelope, rc *receipt) bool {
	if !contains(g.Moderators, strings.ToLower(from)) || g.ModeratorSecretHash == "" || env.Secret == "" ||
		!store.CheckSecret(g.ModeratorSecretHash, env.Secret) {
		rc.errs = append(rc.errs, "not accepted: the SECRET does not match, or this address does not moderate this game. Nothing was changed.")
		return false
	}
	return true
}

// takeDraw takes a moderator's email for s: the physical deck's draw
// (adjudicator.ValidateDraw), accepted when the game waits for it and
// resolved right after (Adjudicate).
func takeDraw(tx *store.Tx, g *store.Game, s adjudicator.State, m *orders.Message, sub *orders.Submission, rc *receipt, res *Result, now time.Time) {
	if !adjudicator.AwaitsDraw(s) {
		why := "this game plays its random event deck from the file"
		if s.Events == nil {
			why = "this game has no random event deck"
		} else if s.Events.Physical {
			why = fmt.Sprintf("the cards of %s are drawn; the open segment is %s, in which %s", s.Turn, s.Segment.Title(), whoOrders(s))
		}
		rc.errs = append(rc.errs, "There is no draw to give now: "+why+".")
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
	rc.notes = append(rc.notes, "The cards are applied now; the report follows.")
	res.Outcome = Accepted
}

// authorize finds the power an email speaks for and checks the secret and
// the sender's address. On failure it says so without revealing anything
// about the game, its seats or the secret.
func (j *Judge) authorize(g *store.Game, from string, env orders.Envelope, rc *receipt) (adjudicator.Power, bool) {
	const refused = "not accepted: the SECRET does not match, or this address may not order for that power in this game. Nothing was changed."
	from = strings.ToLower(from)
	moderator := contains(g.Moderators, from)
	var power adjudicator.Power
	if env.Power != "" {
		p, ok := adjudicator.ParsePower(env.Power)
		if !ok {
			rc.errs = append(rc.errs, fmt.Sprintf("line %d: unknown power %q (germany, italy, britain, france or russia).", env.PowerLine, env.Power))
			return 0, false
		}
		power = p
	} else {
		var held []adjudicator.Power
		for _, s := range g.Seats {
			if s.Address == from {
				held = append(held, s.Power)
			}
		}
		switch {
		case len(held) == 1:
			power = held[0]
		case len(held) > 1:
			rc.errs = append(rc.errs, "add a POWER line: this address plays "+joinPowers(held)+".")
			return 0, false
		case moderator:
			rc.errs = append(rc.errs, "add a POWER line to order for a power as moderator.")
			return 0, false
		default:
			rc.errs = append(rc.errs, refused)
			return 0, false
		}
	}
	var seat *store.Seat
	for i := range g.Seats {
		if g.Seats[i].Power == power {
			seat = &g.Seats[i]
		}
	}
	if seat == nil || (seat.Address != from && !moderator) || env.Secret == "" || !store.CheckSecret(seat.SecretHash, env.Secret) {
		rc.errs = append(rc.errs, refused)
		return 0, false
	}
	return power, true
}

func (j *Judge) sendReceipt(tx *store.Tx, m *orders.Message, rc *receipt, res *Result, now time.Time) error {
	if rc.fatal != nil {
		return nil
	}
	subject := strings.TrimSpace(m.Subject)
	if subject == "" {
		subject = "your orders"
	}
	if !strings.HasPrefix(strings.ToLower(subject), "re:") {
		subject = "Re: " + subject
	}
	refs := append([]string(nil), m.References...)
	if m.MessageID != "" {
		refs = append(refs, m.MessageID)
	}
	mail := &store.Mail{
		ID:            "receipt/" + shortHash(res.MessageID),
		To:            []string{m.From},
		Subject:       subject,
		Body:          renderReceipt(rc, res),
		InReplyTo:     m.MessageID,
		References:    refs,
		AutoSubmitted: "auto-replied",
	}
	if err := j.enqueue(tx, mail, now); err != nil {
		return err
	}
	res.Receipt = mail
	return nil
}

func renderReceipt(rc *receipt, res *Result) string {
	var b strings.Builder
	if res.Outcome == Accepted {
		who := res.Power.Title()
		if res.Moderator {
			who = "the moderator"
		}
		fmt.Fprintf(&b, "Orders ACCEPTED for %s in game %s.\n\n", who, res.Game)
		b.WriteString("As understood:\n")
		for _, line := range strings.Split(report.Orders(rc.accepted), "\n") {
			b.WriteString("  " + line + "\n")
		}
		b.WriteString("\n")
		if a := rc.after; a != nil {
			avail := a.Available()
			fmt.Fprintf(&b, "If adjudicated as sent, %s keeps %d tile points\nand these activity counters for the rest of the turn:\n  %s\n\n",
				res.Power.Title(), a.TilePoints, avail)
			if a.ConstructionLeftover > 0 {
				fmt.Fprintf(&b, "Your BUILD counters give %d point(s) beyond the units' cost that no shipbuilding\norder spends (LEFTOVER n); they are paid and lost (rule 12.41A).\n\n", a.ConstructionLeftover)
			}
		}
		for _, n := range rc.notes {
			b.WriteString(n + "\n")
		}
	} else {
		b.WriteString("Your email was NOT accepted; nothing was changed.\n\n")
		if len(rc.read) > 0 {
			b.WriteString("Your orders, one by one:\n")
			for i, o := range rc.read {
				mark := "ok     "
				if len(rc.refused[i]) > 0 {
					mark = "REFUSED"
				}
				line := ""
				if o.Line > 0 {
					line = fmt.Sprintf(" (line %d)", o.Line)
				}
				fmt.Fprintf(&b, "  %s %s%s\n", mark, o.String(), line)
				for _, why := range rc.refused[i] {
					b.WriteString("          " + why + "\n")
				}
			}
			b.WriteString("\nThe orders marked ok would be accepted once the others are\nfixed or left out.\n\n")
		}
		for _, e := range rc.errs {
			b.WriteString(strings.TrimRight(e, "\n") + "\n\n")
		}
		b.WriteString("Send the corrected orders in a new email (the whole set:\nthe last accepted email for a segment is the one that counts).\nThe order language: see docs/orders.md of stormjudge.\n")
	}
	b.WriteString("\n-- \nstormjudge, Gathering Storm adjudicator\n")
	return b.String()
}

func whoOrders(s adjudicator.State) string {
	if adjudicator.AwaitsDraw(s) {
		return "the moderator draws the cards"
	}
	req := adjudicator.Required(s)
	if len(req) == 0 {
		return "nobody orders"
	}
	return joinPowers(req) + " order"
}

func contains[T comparable](xs []T, x T) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// moderatorWelcomeBody tells the moderators the game's moderator secret.
func moderatorWelcomeBody(g *store.Game, secret string, physical bool, judge string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "You moderate game %s of Gathering Storm, adjudicated by stormjudge.\n\n", g.ID)
	fmt.Fprintf(&b, "The moderators' secret: %s\n\n", secret)
	b.WriteString("Keep it to yourself: every moderator email must carry it, with a\nMODERATOR line instead of POWER. You receive every public report.\n")
	if physical {
		fmt.Fprintf(&b, "\nThis game plays the printed cards (physical-deck mode). At the start of\neach turn the judge asks you to draw them; reply to %s:\n\n", judge)
		fmt.Fprintf(&b, "  GAME %s\n  MODERATOR\n  SECRET %s\n  PURGE MILITARY\n  DRAW 17 42 88 5 101 63\n  END\n\n", g.ID, secret)
		b.WriteString("PURGE names Russia's purge card, DRAW the random event cards in the\norder drawn (first the card turned face up). See docs/deck.md.\n")
	}
	b.WriteString("\n-- \nstormjudge, Gathering Storm adjudicator\n")
	return b.String()
}

// welcomeBody is the mail that seats a player: game, power, secret, how to
// order. It is the only mail that ever carries a secret.
func welcomeBody(g *store.Game, seat store.Seat, secret, judge string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Welcome to game %s of Gathering Storm, adjudicated by stormjudge.\n\n", g.ID)
	fmt.Fprintf(&b, "You play: %s\n", seat.Power.Title())
	fmt.Fprintf(&b, "Your secret: %s\n\n", secret)
	b.WriteString("Keep the secret to yourself: every order email must carry it.\n")
	fmt.Fprintf(&b, "Send orders to %s, one email per segment:\n\n", judge)
	fmt.Fprintf(&b, "  GAME %s\n  POWER %s\n  SECRET %s\n  PASS\n  END\n\n", g.ID, seat.Power, secret)
	b.WriteString("Each email gets a receipt. Reports follow each adjudication;\nyour private notice says what you may order next.\n")
	b.WriteString("\n-- \nstormjudge, Gathering Storm adjudicator\n")
	return b.String()
}
