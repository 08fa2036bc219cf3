package mailer

import (
	"cmp"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/textproto"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/wneessen/go-mail"
	"github.com/wneessen/go-mail/smtp"

	"stormjudge/store"
)

// SMTPOptions configures an [Outbox]. A nil *SMTPOptions means all defaults.
type SMTPOptions struct {
	// Hook, when not nil, is called at named points of the outbox loop so
	// that crash tests can stop the process exactly there (by panicking,
	// cancelling a context, or blocking). Points:
	//
	//	"outbox-attempt-recorded" attempt committed, before SMTP
	//	"outbox-sent"             server accepted the mail (250 to DATA or BDAT), before MarkSent
	//	"outbox-marked"           MarkSent committed
	//
	// The outbox calls it from its worker goroutines; a panic there ends
	// Run with that panic after the other workers stopped.
	Hook func(point string)
	Addr string // host:port of the submission server; default "127.0.0.1:25"
	// Username and Password for SMTP AUTH PLAIN; an empty Username means no
	// AUTH at all.
	Username, Password string
	// OAuth2, when not nil, logs in as Username with an OAuth2 access
	// token (AUTH OAUTHBEARER, or XOAUTH2 when the server offers only
	// that) instead of PLAIN with Password. A refused token is dropped;
	// the mail stays pending and is retried on its schedule, with a new
	// token (the login comes before MAIL FROM: nothing was sent).
	OAuth2 *OAuth2
	// TLS is "none" (the default), "starttls" (required, not opportunistic)
	// or "tls" (implicit TLS, usually port 465).
	TLS string
	// InsecureSkipVerify disables certificate verification (self-signed
	// test servers only).
	InsecureSkipVerify bool
	HelloName          string        // EHLO name; default: go-mail's (the host name)
	Timeout            time.Duration // per connection step; default 30s
	Logger             *slog.Logger  // default slog.Default()
	// NoChunking sends every mail with DATA even to a server that offers
	// CHUNKING (RFC 3030), which is otherwise used: BDAT sends the
	// message as it is, with no dot-stuffing.
	NoChunking bool
	// Workers is how many mails are sent at the same time, each worker
	// over its own connection; default DefaultWorkers. A server that
	// accepts a connection and never answers holds up one worker, not the
	// whole outbox.
	Workers int
	// GiveUpAfter is how long a mail may keep failing temporarily (4xx
	// replies to its RCPT or DATA), counted from its first failure
	// (store.Mail.FirstFailed), before it is given up: its next such
	// failure marks it failed like a permanent refusal. Failures that are
	// not about the mail (MAIL FROM, connecting, logging in, the network)
	// never give it up. Default DefaultGiveUpAfter.
	GiveUpAfter time.Duration
	// OnFailed, when not nil, is called with a mail that failed for good,
	// inside the transaction that marks it failed (store.Tx.MarkFailed),
	// so that what it writes (a notice to the moderators, a flag on a
	// seat) is committed together with the failure or not at all. An
	// error rolls both back: the mail stays pending and is retried on
	// its schedule.
	OnFailed func(tx *store.Tx, m *store.Mail) error
	// Inline, when not nil, draws an inline image stored by its Source
	// alone (store.Inline.Source), just before the mail is sent; the
	// judge's pictures are drawn so, off the transaction that queued the
	// mail. It is called for every mail that shows an image, from
	// several workers at once: a drawer whose image goes in several
	// mails keeps it (the judge keeps a version's pictures, drawn
	// together once). The drawing must be deterministic, so a resend is
	// the same message. An image that cannot be drawn is left out of the mail
	// (its HTML says in words what it showed) and the error logged.
	Inline func(source string) ([]byte, error)
}

const (
	// DefaultWorkers is the default of SMTPOptions.Workers.
	DefaultWorkers = 4
	// DefaultGiveUpAfter is the default of SMTPOptions.GiveUpAfter: five
	// days, as Postfix (maximal_queue_lifetime) and sendmail
	// (Timeout.queuereturn) bounce a message they could not deliver.
	DefaultGiveUpAfter = 5 * 24 * time.Hour
)

// retrySchedule is the delay before the next attempt after the n-th failed
// one (mjl-/mox's queue does the same): 10s, 1m, 2m, 4m, 8m, 16m, 1h, 2h,
// 4h, 8h, then every 8h until the mail is sent, refused permanently, or
// given up (SMTPOptions.GiveUpAfter). A receipt that arrives an hour late
// is still useful; one that never arrives is not. An attempt cut off by
// our own crash or shutdown does not wait for it: after a restart such a
// mail is due at once (resumeAtOnce).
var retrySchedule = [...]time.Duration{
	10 * time.Second,
	1 * time.Minute,
	2 * time.Minute,
	4 * time.Minute,
	8 * time.Minute,
	16 * time.Minute,
	1 * time.Hour,
	2 * time.Hour,
	4 * time.Hour,
	8 * time.Hour,
}

// resumeAtOnce is how many attempts in a row a crash may cut off and the
// mail still be tried at once after the restart (store.Tx.
// ResumeInterrupted); after that it keeps its backoff, so a mail whose
// sending is what kills the process (its picture cannot be drawn in the
// memory there is) lets the daemon live longer between its attempts.
const resumeAtOnce = 2

// backoff returns the delay after a mail's attempt number attempts+1, that
// is: attempts is how many attempts were made before this one.
func backoff(attempts int) time.Duration {
	if attempts < 0 {
		attempts = 0
	}
	if attempts >= len(retrySchedule) {
		return retrySchedule[len(retrySchedule)-1]
	}
	return retrySchedule[attempts]
}

const (
	// outboxRescan is the longest the outbox sleeps without a Kick. Mail
	// enqueued by another process, or due from attempts made before a
	// restart, is noticed within this time.
	outboxRescan = time.Minute
	// connIdle is how long a worker keeps its connection open waiting for
	// the next mail; then it says QUIT. Connections are not kept open
	// while the outbox is idle.
	connIdle = 2 * time.Second
)

// Outbox drains the store's outbox over SMTP. Create it with [NewOutbox] and
// run it with [Outbox.Run]; call [Outbox.Kick] after enqueueing mail.
type Outbox struct {
	opts SMTPOptions
	db   *store.DB
	log  *slog.Logger
	kick chan struct{}
	tls  *tls.Config
	// host and mailOpts make a client of one connection, with the
	// OAuth2 login of that connection (dialConn).
	host     string
	mailOpts []mail.Option
}

// withImages returns m with its images drawn from their sources (a copy:
// the store keeps only the sources, store.Inline). An image whose source
// is gone for good (store.ErrImageGone), or that no drawer can draw, is
// left out, and the HTML's <img> of it removed, so the reader sees no
// broken image (the HTML's tables say in words what it showed); any other
// drawing error is returned: the attempt fails and the mail is retried.
func (o *Outbox) withImages(m *store.Mail) (*store.Mail, error) {
	if len(m.Inline) == 0 {
		return m, nil
	}
	c := *m
	c.Inline = nil
	for _, in := range m.Inline {
		var err error
		if o.opts.Inline == nil {
			err = fmt.Errorf("%w: the outbox has no drawer", store.ErrImageGone)
		} else {
			in.Data, err = o.opts.Inline(in.Source)
		}
		switch {
		case err != nil && !errors.Is(err, store.ErrImageGone):
			return nil, fmt.Errorf("mailer: mail %s: drawing %s: %w", m.ID, in.Source, err)
		case err != nil || len(in.Data) == 0:
			o.log.Error("image left out of a mail", "mail", m.ID, "source", in.Source, "err", err)
			c.HTML = withoutImage(c.HTML, in.ContentID)
		default:
			c.Inline = append(c.Inline, in)
		}
	}
	return &c, nil
}

// withoutImage removes from page the <img> elements that show cid.
func withoutImage(page, cid string) string {
	ref := `src="cid:` + bareMsgID(cid) + `"`
	for {
		at := strings.Index(page, ref)
		if at < 0 {
			return page
		}
		start := strings.LastIndex(page[:at], "<img")
		end := strings.Index(page[at:], ">")
		if start < 0 || end < 0 {
			return strings.Replace(page, ref, `src=""`, 1)
		}
		page = page[:start] + page[at+end+1:]
	}
}

// NewOutbox returns an outbox that sends the mail of db through the server
// described by opts (nil: defaults).
func NewOutbox(opts *SMTPOptions, db *store.DB) *Outbox {
	o := &Outbox{db: db, kick: make(chan struct{}, 1)}
	if opts != nil {
		o.opts = *opts
	}
	if o.opts.Addr == "" {
		o.opts.Addr = "127.0.0.1:25"
	}
	if o.opts.TLS == "" {
		o.opts.TLS = "none"
	}
	if o.opts.Timeout <= 0 {
		o.opts.Timeout = 30 * time.Second
	}
	if o.opts.Workers <= 0 {
		o.opts.Workers = DefaultWorkers
	}
	if o.opts.GiveUpAfter <= 0 {
		o.opts.GiveUpAfter = DefaultGiveUpAfter
	}
	o.log = o.opts.Logger
	if o.log == nil {
		o.log = slog.Default()
	}
	o.log = o.log.With("component", "mailer.outbox", "smtp", o.opts.Addr)
	return o
}

// Kick makes Run look for due mail now. It never blocks.
func (o *Outbox) Kick() {
	select {
	case o.kick <- struct{}{}:
	default:
	}
}

// result is what a worker reports after one attempt.
type result struct {
	m    *store.Mail // the mail attempted, as dispatched
	rcpt string      // recipientKey of the mail
	line string      // lineKey of the mail
	// settled: the mail left the outbox (sent or failed for good); else it
	// is still pending, with a later NextAttempt.
	settled bool
	// recovered: sent after failed attempts (expedite the recipient's
	// later mails).
	recovered bool
	err       error // the store failed (the attempt may not have been made)
	p         any   // a panic of the attempt, re-raised by Run
}

// queue is the dispatcher's copy of the pending mail, in queue order
// (queuedBefore). Reading and decoding every pending mail for each
// dispatch would cost the square of a backlog (15,000 mails after creating
// 1,000 games); instead the copy is read once, mails that leave the outbox
// are crossed off as workers report them, and it is read again only when
// something else may have changed it: a Kick (new mail), a timer, a
// temporary failure (a new NextAttempt). Reads are at most one per
// minReload, however often the judge kicks.
type queue struct {
	mails []*store.Mail
	gone  map[string]bool // IDs settled since the copy was read
	// held: lines (lineKey) whose mail failed for now since the copy
	// was read: its new NextAttempt is in the store, not in the copy, so
	// the line's later mails (replies excepted) wait for the next read.
	held   map[string]bool
	stale  bool
	loaded time.Time
}

// minReload is the shortest time between two reads of the pending mail.
const minReload = 250 * time.Millisecond

// Run sends due mail until ctx is done, then returns nil. It returns an error
// only for an unusable configuration.
//
// Up to Workers mails are in flight at once, each worker with its own
// connection. A recipient's mails (by the first address of To) go out one
// at a time in the order they were queued (queuedBefore), with one
// exception: a mail that waits for its retry (its NextAttempt is ahead)
// holds back only the recipient's later mails of its own game (lineKey),
// and never a reply (a mail with In-Reply-To: a receipt). So a report
// never overtakes the receipt queued before it, even when the receipt
// waits for a retry, and a receipt never waits behind a report in
// backoff, nor a game's mail behind another game's.
//
// Each attempt is recorded in the store (with the time of the next one)
// before any network I/O; the mail is marked sent as soon as the server
// accepted its DATA, or failed when the server refused it permanently (or
// it was given up, GiveUpAfter), or its error is recorded. When ctx is
// done, open connections are closed at once, so Run returns promptly even
// while a server is silent; an attempt so interrupted stays recorded and
// the mail is due at once after a restart, and so is one cut off by a
// crash (store.Tx.ResumeInterrupted; resumeAtOnce times in a row at
// most). Run must be the only outbox of its store.
//
// A panic in a worker (a test's Hook simulating a crash) stops the other
// workers and is re-raised by Run.
func (o *Outbox) Run(ctx context.Context) error {
	client, err := o.newClient()
	if err != nil {
		return err
	}
	o.resume()
	wctx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobs := make(chan *store.Mail)
	// Buffered: a worker's result never waits for the dispatcher, at most
	// Workers attempts are outstanding.
	results := make(chan result, o.opts.Workers)
	var wg sync.WaitGroup
	for range o.opts.Workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			o.worker(wctx, client, jobs, results)
		}()
	}
	stop := func() {
		cancel()
		wg.Wait()
	}

	busy := map[string]bool{} // recipients with a mail in flight
	idle := o.opts.Workers
	q := &queue{stale: true}
	timer := time.NewTimer(0)
	defer timer.Stop()
	for {
		select {
		case <-ctx.Done():
			stop()
			return nil
		case <-o.kick:
			q.stale = true
		case <-timer.C:
			q.stale = true
		case r := <-results:
			idle++
			delete(busy, r.rcpt)
			if r.p != nil {
				stop()
				panic(r.p)
			}
			q.gone[r.m.ID] = true
			if !r.settled {
				// Its new NextAttempt is in the store, not in the copy.
				q.held[r.line] = true
				q.stale = true
			} else if r.recovered {
				o.expedite(q, r.m)
			}
		}
		next, ok := o.dispatch(ctx, jobs, busy, &idle, q)
		wait := outboxRescan
		if !ok {
			// The store failed; try again after a while, not in a loop.
			next = time.Time{}
		}
		if !next.IsZero() {
			if d := next.Sub(Now()); d < wait {
				wait = max(d, 0)
			}
		}
		if !timer.Stop() {
			select {
			case <-timer.C:
			default:
			}
		}
		timer.Reset(wait)
	}
}

// recipientKey names the recipient whose mails are kept in order: the first
// address of To.
func recipientKey(m *store.Mail) string {
	if len(m.To) == 0 {
		return ""
	}
	return strings.ToLower(strings.TrimSpace(m.To[0]))
}

// lineKey names the mails that keep their order even while one of them
// waits for a retry: one recipient's mails of one game (store.Mail.Game,
// "" for mail of none).
func lineKey(m *store.Mail) string { return recipientKey(m) + "\x00" + m.Game }

// isReply reports whether m answers an email: a receipt, marked
// Auto-Submitted: auto-replied (RFC 3834) whether or not the email it
// answers had a Message-ID to put in In-Reply-To (the judge marks every
// answer so, and nothing else). A reply never waits behind a mail in
// backoff: it answers its own email, and an answer an hour late is worth
// less than one out of order.
func isReply(m *store.Mail) bool { return m.AutoSubmitted == "auto-replied" }

// queuedBefore orders mails as they were queued: by the store's enqueue
// sequence; mails queued before it existed (Seq 0) come first, by Created,
// then ID.
func queuedBefore(a, b *store.Mail) int {
	if c := cmp.Compare(a.Seq, b.Seq); c != 0 {
		return c
	}
	if c := a.Created.Compare(b.Created); c != 0 {
		return c
	}
	return strings.Compare(a.ID, b.ID)
}

// dispatch hands due mail to idle workers, in queue order, one mail per
// recipient in flight. A mail waits while an earlier mail to its recipient
// is due or in flight (the order when nothing fails), and while an earlier
// mail of its line (lineKey) waits for its retry, unless it is a reply
// (isReply). It returns the earliest time a waiting mail becomes due (zero
// if none); ok is false when the store failed.
func (o *Outbox) dispatch(ctx context.Context, jobs chan<- *store.Mail, busy map[string]bool, idle *int, q *queue) (next time.Time, ok bool) {
	if *idle == 0 {
		return time.Time{}, true // a result wakes the loop
	}
	now := Now()
	if q.stale {
		if wait := q.loaded.Add(minReload); now.Before(wait) && len(q.mails) > len(q.gone) {
			// Read again soon; meanwhile serve the copy.
			next = wait
		} else {
			var pending []*store.Mail
			if err := o.db.View(func(tx *store.Tx) error {
				var err error
				pending, err = tx.PendingRecords() // the text is read by the attempt
				return err
			}); err != nil {
				o.log.Error("reading pending mail", "err", err)
				return time.Time{}, false
			}
			slices.SortStableFunc(pending, queuedBefore)
			q.mails, q.gone, q.held, q.stale, q.loaded = pending, map[string]bool{}, map[string]bool{}, false, now
		}
	}
	later := func(t time.Time) {
		if next.IsZero() || t.Before(next) {
			next = t
		}
	}
	// ahead: recipients with an earlier mail due or in flight; retrying:
	// lines with an earlier mail waiting for its retry.
	ahead, retrying := map[string]bool{}, map[string]bool{}
	for _, m := range q.mails {
		if q.gone[m.ID] {
			continue
		}
		k, line := recipientKey(m), lineKey(m)
		if ahead[k] {
			continue // waits for the recipient's earlier mail
		}
		if !isReply(m) && (retrying[line] || q.held[line]) {
			continue // waits for its line's earlier mail to be retried
		}
		if busy[k] {
			ahead[k] = true
			continue
		}
		if m.NextAttempt.After(now) {
			later(m.NextAttempt)
			retrying[line] = true
			continue
		}
		ahead[k] = true
		if *idle == 0 {
			continue // a result wakes the loop
		}
		select {
		case jobs <- m:
		case <-ctx.Done():
			return next, true
		}
		busy[k] = true
		*idle--
	}
	return next, true
}

// worker attempts the mails it receives on jobs, keeping its connection
// for the next one for up to connIdle.
func (o *Outbox) worker(ctx context.Context, client *mail.Client, jobs <-chan *store.Mail, results chan<- result) {
	var conn *smtpConn
	defer func() { conn.close() }()
	idle := time.NewTimer(connIdle)
	defer idle.Stop()
	for {
		var m *store.Mail
		if conn == nil {
			select {
			case <-ctx.Done():
				return
			case m = <-jobs:
			}
		} else {
			select {
			case <-ctx.Done():
				return
			case m = <-jobs:
			case <-idle.C:
				conn.quit(o.log)
				conn = nil
				continue
			}
		}
		r := result{m: m, rcpt: recipientKey(m), line: lineKey(m)}
		func() {
			defer func() {
				if p := recover(); p != nil {
					o.log.Error("outbox worker panicked", "mail", m.ID, "panic", p, "stack", string(debug.Stack()))
					r.p = p
				}
			}()
			r.settled, r.err = o.attempt(ctx, client, &conn, m)
			r.recovered = r.settled && r.err == nil && m.Attempts > 0
		}()
		results <- r
		if r.p != nil {
			return
		}
		if r.err != nil {
			// The store refused to record the attempt: sending anyway
			// would break "recorded before sent".
			o.log.Error("recording attempt", "mail", m.ID, "err", r.err)
		}
		idle.Reset(connIdle)
	}
}

// attempt makes one delivery attempt of m. settled reports that m left
// the outbox (sent, or failed for good). It returns an error only when the
// attempt could not be recorded (then nothing was sent).
func (o *Outbox) attempt(ctx context.Context, client *mail.Client, conn **smtpConn, m *store.Mail) (settled bool, _ error) {
	next := Now().Add(backoff(m.Attempts))
	// Batch: the workers' records share commits (store/batch.go). The
	// queue holds the records without their text: it is read here.
	var full *store.Mail
	if err := o.db.Batch(func(tx *store.Tx) error {
		var err error
		if full, err = tx.WithText(m); err != nil {
			return err
		}
		return tx.RecordAttempt(m.ID, next)
	}); err != nil {
		return false, err
	}
	o.hook("outbox-attempt-recorded")
	m = full

	log := o.log.With("mail", m.ID, "message-id", m.MessageID, "attempt", m.Attempts+1)
	err := ctx.Err()
	if err == nil {
		err = o.send(ctx, client, conn, m)
	} else {
		err = fmt.Errorf("mailer: not sent: %w", err)
	}
	if err == nil {
		return o.sent(log, m), nil
	}
	if ctx.Err() != nil {
		// Shutting down: the recorded attempt stands and the mail is
		// due at once after the restart, however old it is: the
		// shutdown says nothing about the mail.
		log.Info("attempt interrupted by shutdown; due again at the restart", "err", err)
		o.markInterrupted(log, m, err)
		return false, nil
	}
	reason := ""
	if permanent(err) {
		reason = "refused permanently"
	} else if age := Now().Sub(m.FirstFailed); perMail(err) && !m.FirstFailed.IsZero() && age >= o.opts.GiveUpAfter {
		reason = "given up"
		err = fmt.Errorf("mailer: given up after failing for %v: %w", age.Round(time.Minute), err)
	}
	if reason != "" {
		ferr := o.db.Update(func(tx *store.Tx) error {
			if err := tx.MarkFailed(m.ID, err.Error(), Now()); err != nil {
				return err
			}
			if o.opts.OnFailed == nil {
				return nil
			}
			failed, err := tx.Mail(m.ID)
			if err != nil {
				return err
			}
			return o.opts.OnFailed(tx, failed)
		})
		if ferr == nil {
			log.Warn("mail failed", "reason", reason, "to", m.To, "err", err)
			o.Kick() // OnFailed may have queued mail (the moderators' notices)
			return true, nil
		}
		log.Error("marking mail failed; it stays pending", "err", ferr)
	}
	log.Warn("sending failed", "err", err, "next", next)
	o.markError(log, m, err)
	return false, nil
}

// markInterrupted records the error of an attempt that a shutdown cut off
// and makes the mail due at once, for the next start.
func (o *Outbox) markInterrupted(log *slog.Logger, m *store.Mail, sendErr error) {
	if err := o.db.Batch(func(tx *store.Tx) error {
		now := Now()
		if err := tx.MarkError(m.ID, sendErr.Error(), now); err != nil {
			return err
		}
		return tx.Reschedule(m.ID, now)
	}); err != nil {
		// Still in flight in the store: the next start resumes it.
		log.Error("recording interrupted attempt", "err", err)
	}
}

// resume makes the mails whose attempts a crash cut off due at once
// (store.Tx.ResumeInterrupted), before any attempt of this run. A store
// that fails leaves them to their backoff.
func (o *Outbox) resume() {
	var due, kept []string
	if err := o.db.Update(func(tx *store.Tx) error {
		var err error
		due, kept, err = tx.ResumeInterrupted(Now(), resumeAtOnce)
		return err
	}); err != nil {
		o.log.Error("resuming attempts a crash interrupted; they keep their backoff", "err", err)
		return
	}
	if len(due) > 0 {
		o.log.Info("attempts a crash interrupted are due again at once", "mails", due)
	}
	if len(kept) > 0 {
		o.log.Warn("mails interrupted by a crash more than "+strconv.Itoa(resumeAtOnce)+" times in a row keep their backoff", "mails", kept)
	}
}

func (o *Outbox) markError(log *slog.Logger, m *store.Mail, sendErr error) {
	if err := o.db.Batch(func(tx *store.Tx) error {
		return tx.MarkError(m.ID, sendErr.Error(), Now())
	}); err != nil {
		log.Error("recording send error", "err", err)
	}
}

// sent records that the server accepted m. It runs right after the reply to
// DATA, before anything else touches the network: a crash between the
// server's acceptance and MarkSent's commit makes the mail go out again
// (doc.go, "Delivery guarantee"), so that window is kept short.
func (o *Outbox) sent(log *slog.Logger, m *store.Mail) (marked bool) {
	o.hook("outbox-sent")
	if err := o.db.Batch(func(tx *store.Tx) error {
		return tx.MarkSent(m.ID, Now())
	}); err != nil {
		// The server has the mail; it will be sent again on its
		// schedule, with the same Message-ID.
		log.Error("marking sent", "err", err)
		return false
	}
	o.hook("outbox-marked")
	log.Info("sent", "to", m.To)
	return true
}

// expedite makes the recipient's pending mails queued after m due now: m
// went out after failed attempts, and the mails that waited behind it may
// carry a later next attempt (made before they had to wait, e.g. by an
// older version, or before a restart). They then follow m in order at
// once instead of each waiting for its own backoff. It runs in the
// dispatcher, on its copy of the pending mail.
func (o *Outbox) expedite(q *queue, m *store.Mail) {
	now := Now()
	k := recipientKey(m)
	var later []*store.Mail
	for _, p := range q.mails {
		if !q.gone[p.ID] && recipientKey(p) == k && queuedBefore(m, p) < 0 && p.NextAttempt.After(now) {
			later = append(later, p)
		}
	}
	if len(later) == 0 {
		return
	}
	if err := o.db.Update(func(tx *store.Tx) error {
		for _, p := range later {
			if err := tx.Reschedule(p.ID, now); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		o.log.Error("rescheduling the recipient's later mail", "mail", m.ID, "err", err)
		q.stale = true
		return
	}
	for _, p := range later {
		c := *p
		c.NextAttempt = now
		*p = c
	}
}

// stageError is an error of one SMTP command of a mail transaction.
type stageError struct {
	stage string // "MAIL FROM", "RCPT TO <addr>", "DATA", "BDAT"
	err   error
}

func (e *stageError) Error() string { return "mailer: " + e.stage + ": " + e.err.Error() }
func (e *stageError) Unwrap() error { return e.err }

// permanent reports whether err is a permanent refusal of the mail: a 5xx
// reply to RCPT or DATA (RFC 5321, 4.2.1). 4xx replies, timeouts and
// network errors are temporary, and so is everything that is not about
// this mail: a reply to MAIL FROM (the judge's sender address), anything
// before the mail transaction (connecting, EHLO, STARTTLS, AUTH), and
// security or policy replies (enhanced status 5.7.x: authentication
// required, relay denied), which mean the judge is not set up to send;
// they would otherwise fail every queued mail at once.
//
// The transaction is driven here and not by go-mail's SendWithSMTPClient:
// its SendError.IsTemp looks only at the first character of the error
// text (a network error counts as not temporary), and it sends RSET after
// the server accepted the data, which widens the window in which a crash
// resends an accepted mail.
func permanent(err error) bool {
	te := perMailReply(err)
	return te != nil && te.Code >= 500 && te.Code <= 599 && !strings.HasPrefix(te.Msg, "5.7.")
}

// perMail reports whether err is the server's reply about this mail: to
// RCPT, DATA or BDAT. Only such failures count towards the give-up age; the
// others (MAIL FROM, connecting, logging in, the network) concern the
// judge's own sender, account or server, and a week-long outage of the
// judge must not fail every mail it queued.
func perMail(err error) bool { return perMailReply(err) != nil }

func perMailReply(err error) *textproto.Error {
	var se *stageError
	var te *textproto.Error
	if !errors.As(err, &se) || se.stage == "MAIL FROM" || !errors.As(se.err, &te) {
		return nil
	}
	return te
}

// send delivers m over *conn, dialing first when there is none (or the
// one kept from the last mail no longer answers NOOP). It returns nil as
// soon as the server accepted the data. After an error other than a reply
// to MAIL or RCPT the connection is dropped.
func (o *Outbox) send(ctx context.Context, client *mail.Client, conn **smtpConn, m *store.Mail) error {
	// The bytes of BuildMessage, so a resend is the same message. The
	// envelope is the mail's own: MAIL FROM is the From address (bounces
	// come back to the judge's mailbox), RCPT TO each To address, both
	// as <address>.
	full, err := o.withImages(m)
	if err != nil {
		return err
	}
	raw, from, rcpts, err := build(full)
	if err != nil {
		return err
	}
	if *conn != nil {
		if err := (*conn).c.Noop(); err != nil {
			o.log.Debug("kept smtp connection is gone; dialing again", "err", err)
			(*conn).close()
			*conn = nil
		}
	}
	if *conn == nil {
		c, err := o.dialConn(ctx, client)
		if err != nil {
			return fmt.Errorf("mailer: connecting to %s: %w", o.opts.Addr, err)
		}
		*conn = c
	}
	c := (*conn).c
	drop := func() {
		(*conn).close()
		*conn = nil
	}
	// A refused MAIL or RCPT leaves the connection usable after RSET.
	refused := func(stage string, err error) error {
		var te *textproto.Error
		if !errors.As(err, &te) || c.Reset() != nil {
			drop()
		}
		return &stageError{stage, err}
	}
	if err := c.UpdateDeadline(o.opts.Timeout); err != nil {
		drop()
		return fmt.Errorf("mailer: %w", err)
	}
	if err := c.Mail(from); err != nil {
		return refused("MAIL FROM", err)
	}
	for _, r := range rcpts {
		if err := c.Rcpt(r); err != nil {
			return refused("RCPT TO "+r, err)
		}
	}
	if ok, _ := c.Extension("CHUNKING"); ok && !o.opts.NoChunking {
		// RFC 3030: the message as it is, in one BDAT LAST, without
		// DATA's dot-stuffing of every line on both sides (a
		// report with its picture is over 100 KB, and both ends
		// stuffed and unstuffed it byte by byte). Its 250 is the
		// acceptance, as DATA's final one.
		if err := bdat(c, raw); err != nil {
			var te *textproto.Error
			if !errors.As(err, &te) {
				drop()
			}
			return &stageError{"BDAT", err}
		}
		return nil
	}
	w, err := c.Data()
	if err != nil {
		return refused("DATA", err)
	}
	if _, err := w.Write(raw); err != nil {
		drop()
		return &stageError{"DATA", err}
	}
	// Close sends the final "." and reads the server's reply: a 250 is
	// the acceptance, after which the mail is the server's.
	if err := w.Close(); err != nil {
		var te *textproto.Error
		if !errors.As(err, &te) {
			drop()
		}
		return &stageError{"DATA", err}
	}
	return nil
}

// bdat sends raw as one last chunk, BDAT <size> LAST (RFC 3030), and
// reads the server's reply: nil for a 250, a *textproto.Error for a
// refusal, any other error for a broken connection.
func bdat(c *smtp.Client, raw []byte) error {
	id, err := c.Text.Cmd("BDAT %d LAST", len(raw))
	if err != nil {
		return err
	}
	if _, err := c.Text.W.Write(raw); err != nil {
		return err
	}
	if err := c.Text.W.Flush(); err != nil {
		return err
	}
	c.Text.StartResponse(id)
	defer c.Text.EndResponse(id)
	_, _, err = c.Text.ReadResponse(250)
	return err
}

// smtpConn is a worker's SMTP connection. Closing it from another goroutine
// must not go through go-mail's smtp.Client, whose methods hold a mutex
// for the whole of a command and its reply: slot closes the network
// connection underneath, which ends a blocked read at once.
type smtpConn struct {
	c    *smtp.Client
	slot *connSlot
	stop func() bool // unregisters the close on ctx's end
}

// dialConn connects, says EHLO, and does STARTTLS and AUTH as configured.
// The connection is closed as soon as ctx is done, also while dialing.
func (o *Outbox) dialConn(ctx context.Context, client *mail.Client) (*smtpConn, error) {
	var auth *smtpOAuth
	if o.opts.OAuth2 != nil {
		// A client of its own: the login of this connection knows the
		// token it sent, to drop it when the server refuses it.
		auth = &smtpOAuth{ctx: ctx, tokens: o.opts.OAuth2, user: o.opts.Username}
		var err error
		if client, err = mail.NewClient(o.host, append(slices.Clone(o.mailOpts), mail.WithSMTPAuthCustom(auth))...); err != nil {
			return nil, fmt.Errorf("mailer: smtp client: %w", err)
		}
	}
	slot := new(connSlot)
	stop := context.AfterFunc(ctx, slot.close)
	c, err := client.DialToSMTPClientWithContext(context.WithValue(ctx, connSlotKey{}, slot))
	if err != nil {
		// go-mail leaves the connection open when EHLO, STARTTLS or
		// AUTH fail.
		stop()
		slot.close()
		return nil, auth.refused(err)
	}
	return &smtpConn{c: c, slot: slot, stop: stop}, nil
}

// quit ends the connection politely (QUIT); it is closed either way.
func (sc *smtpConn) quit(log *slog.Logger) {
	if sc == nil {
		return
	}
	if err := sc.c.Quit(); err != nil {
		log.Debug("closing smtp connection", "err", err)
	}
	sc.close()
}

// close closes the connection without a word to the server.
func (sc *smtpConn) close() {
	if sc == nil {
		return
	}
	sc.stop()
	sc.slot.close()
}

// connSlot holds the network connection of one dial, so that it can be
// closed from another goroutine (context.AfterFunc) at any time, also
// before go-mail returned the smtp.Client.
type connSlot struct {
	mu     sync.Mutex
	conn   net.Conn
	closed bool
}

type connSlotKey struct{}

func (s *connSlot) set(c net.Conn) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		c.Close()
		return
	}
	s.conn = c
}

func (s *connSlot) close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closed = true
	if s.conn != nil {
		s.conn.Close()
	}
}

// dial is the go-mail client's dial function: it puts the connection into
// the connSlot that dialConn passes in the context. It does the implicit
// TLS of "tls" itself (go-mail does not when given a dial function) and
// returns the *tls.Conn unwrapped, so that go-smtp's client knows the
// connection is encrypted.
func (o *Outbox) dial(ctx context.Context, network, addr string) (net.Conn, error) {
	d := &net.Dialer{}
	var c net.Conn
	var err error
	if o.opts.TLS == "tls" {
		c, err = (&tls.Dialer{NetDialer: d, Config: o.tls}).DialContext(ctx, network, addr)
	} else {
		c, err = d.DialContext(ctx, network, addr)
	}
	if err != nil {
		return nil, err
	}
	if s, ok := ctx.Value(connSlotKey{}).(*connSlot); ok {
		s.set(c)
	}
	return c, nil
}

// newClient validates the options and returns a go-mail client; it does not
// connect.
func (o *Outbox) newClient() (*mail.Client, error) {
	host, portStr, err := net.SplitHostPort(o.opts.Addr)
	if err != nil {
		return nil, fmt.Errorf("mailer: smtp address %q: %w", o.opts.Addr, err)
	}
	port, err := strconv.Atoi(portStr)
	if err != nil {
		return nil, fmt.Errorf("mailer: smtp address %q: bad port", o.opts.Addr)
	}
	o.tls = &tls.Config{
		ServerName:         host,
		InsecureSkipVerify: o.opts.InsecureSkipVerify,
		MinVersion:         tls.VersionTLS12,
	}
	opts := []mail.Option{
		mail.WithTimeout(o.opts.Timeout),
		mail.WithTLSConfig(o.tls),
		mail.WithDialContextFunc(o.dial),
	}
	plainAuth := mail.SMTPAuthPlain
	switch o.opts.TLS {
	case "none":
		// go-mail's default policy is TLSMandatory; a plain loopback server
		// needs NoTLS. PLAIN auth without TLS needs the NoEnc variant (the
		// encrypted one only allows localhost).
		opts = append(opts, mail.WithTLSPolicy(mail.NoTLS))
		plainAuth = mail.SMTPAuthPlainNoEnc
	case "starttls":
		opts = append(opts, mail.WithTLSPolicy(mail.TLSMandatory))
	case "tls":
		// The TLS handshake is dial's; WithSSL keeps go-mail from
		// trying STARTTLS on top.
		opts = append(opts, mail.WithSSL())
	default:
		return nil, fmt.Errorf("mailer: smtp TLS mode %q: want none, starttls or tls", o.opts.TLS)
	}
	if o.opts.Username != "" && o.opts.OAuth2 == nil {
		opts = append(opts, mail.WithSMTPAuth(plainAuth),
			mail.WithUsername(o.opts.Username), mail.WithPassword(o.opts.Password))
	}
	if o.opts.HelloName != "" {
		opts = append(opts, mail.WithHELO(o.opts.HelloName))
	}
	opts = append(opts, mail.WithPort(port)) // last: WithSSL must not pick a port
	o.host, o.mailOpts = host, opts
	c, err := mail.NewClient(host, opts...)
	if err != nil {
		return nil, fmt.Errorf("mailer: smtp client: %w", err)
	}
	return c, nil
}

// hook calls the crash tests' Hook at point, if there is one.
func (o *Outbox) hook(point string) {
	if h := o.opts.Hook; h != nil {
		h(point)
	}
}
