package mailer

import (
	"context"
	"crypto/tls"
	"fmt"
	"log/slog"
	"net"
	"strconv"
	"time"

	"github.com/wneessen/go-mail"
	"github.com/wneessen/go-mail/smtp"

	"stormjudge/store"
)

// SMTPOptions configures an [Outbox]. A nil *SMTPOptions means all defaults.
type SMTPOptions struct {
	Addr string // host:port of the submission server; default "127.0.0.1:25"
	// Username and Password for SMTP AUTH PLAIN; an empty Username means no
	// AUTH at all.
	Username, Password string
	// TLS is "none" (the default), "starttls" (required, not opportunistic)
	// or "tls" (implicit TLS, usually port 465).
	TLS string
	// InsecureSkipVerify disables certificate verification (self-signed
	// test servers only).
	InsecureSkipVerify bool
	HelloName          string        // EHLO name; default: go-mail's (the host name)
	Timeout            time.Duration // per connection step; default 30s
	Logger             *slog.Logger  // default slog.Default()
}

// retrySchedule is the delay before the next attempt after the n-th failed
// one (mjl-/mox's queue does the same): 10s, 1m, 2m, 4m, 8m, 16m, 1h, 2h,
// 4h, 8h, then every 8h for as long as the mail stays in the outbox. A
// receipt that arrives an hour late is still useful; one that never arrives
// is not. The first step is short because the commonest "failure" is our own
// crash between recording an attempt and sending: after a restart such a
// mail goes out within seconds.
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
	// dueBatch is how many due mails one store read returns.
	dueBatch = 100
	// outboxRescan is the longest the outbox sleeps without a Kick. Mail
	// enqueued by another process, or due from attempts made before a
	// restart, is noticed within this time.
	outboxRescan = time.Minute
)

// Outbox drains the store's outbox over SMTP. Create it with [NewOutbox] and
// run it with [Outbox.Run]; call [Outbox.Kick] after enqueueing mail.
type Outbox struct {
	opts SMTPOptions
	db   *store.DB
	log  *slog.Logger
	kick chan struct{}
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

// Run sends due mail until ctx is done, then returns nil. It returns an error
// only for an unusable configuration. Each mail's attempt is recorded in the
// store (with the time of the next one) before it is sent; the mail is
// marked sent after the server accepted it, or its error is recorded.
func (o *Outbox) Run(ctx context.Context) error {
	client, err := o.newClient()
	if err != nil {
		return err
	}
	timer := time.NewTimer(0)
	defer timer.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-o.kick:
		case <-timer.C:
		}
		next, ok := o.drain(ctx, client)
		if !ok {
			// The store failed; try again after a while, not in a loop.
			next = Now().Add(outboxRescan)
		} else if first := o.firstPending(); !first.IsZero() && (next.IsZero() || first.Before(next)) {
			next = first
		}
		wait := outboxRescan
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

// firstPending returns the earliest NextAttempt of any unsent mail (zero
// when there is none or the store failed), so that mail scheduled before a
// restart is sent on time.
func (o *Outbox) firstPending() time.Time {
	var first time.Time
	err := o.db.View(func(tx *store.Tx) error {
		// The due index is ordered by NextAttempt: the first mail due by
		// the far future is the next one due at all.
		ms, err := tx.Due(Now().AddDate(100, 0, 0), 1)
		if err == nil && len(ms) > 0 {
			first = ms[0].NextAttempt
		}
		return err
	})
	if err != nil {
		o.log.Error("reading pending mail", "err", err)
	}
	return first
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
	opts := []mail.Option{
		mail.WithTimeout(o.opts.Timeout),
		mail.WithTLSConfig(&tls.Config{
			ServerName:         host,
			InsecureSkipVerify: o.opts.InsecureSkipVerify,
			MinVersion:         tls.VersionTLS12,
		}),
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
		opts = append(opts, mail.WithSSL())
	default:
		return nil, fmt.Errorf("mailer: smtp TLS mode %q: want none, starttls or tls", o.opts.TLS)
	}
	if o.opts.Username != "" {
		opts = append(opts, mail.WithSMTPAuth(plainAuth),
			mail.WithUsername(o.opts.Username), mail.WithPassword(o.opts.Password))
	}
	if o.opts.HelloName != "" {
		opts = append(opts, mail.WithHELO(o.opts.HelloName))
	}
	opts = append(opts, mail.WithPort(port)) // last: WithSSL must not pick a port
	c, err := mail.NewClient(host, opts...)
	if err != nil {
		return nil, fmt.Errorf("mailer: smtp client: %w", err)
	}
	return c, nil
}

// drain sends every mail due now. It returns the earliest next attempt it
// scheduled (zero if none); ok is false when the store failed.
func (o *Outbox) drain(ctx context.Context, client *mail.Client) (next time.Time, ok bool) {
	now := Now()
	later := func(t time.Time) {
		if next.IsZero() || t.Before(next) {
			next = t
		}
	}
	// One SMTP connection per drain, opened on the first due mail and
	// dropped after an error; never kept open while idle.
	var conn *smtp.Client
	defer func() {
		if conn != nil {
			if err := client.CloseWithSMTPClient(conn); err != nil {
				o.log.Debug("closing smtp connection", "err", err)
			}
		}
	}()
	for ctx.Err() == nil {
		var due []*store.Mail
		err := o.db.View(func(tx *store.Tx) error {
			var err error
			due, err = tx.Due(now, dueBatch)
			return err
		})
		if err != nil {
			o.log.Error("reading due mail", "err", err)
			return next, false
		}
		if len(due) == 0 {
			return next, true
		}
		for _, m := range due {
			if ctx.Err() != nil {
				return next, true
			}
			at, err := o.attempt(ctx, client, &conn, m)
			if err != nil {
				// The store refused to record the attempt: sending anyway
				// would break "recorded before sent". Try again later.
				o.log.Error("recording attempt", "mail", m.ID, "err", err)
				return next, false
			}
			if !at.IsZero() {
				later(at)
			}
		}
	}
	return next, true
}

// attempt makes one delivery attempt of m. It returns the time of the next
// attempt when this one failed (zero when sent), and an error only when the
// attempt could not be recorded (then nothing was sent).
func (o *Outbox) attempt(ctx context.Context, client *mail.Client, conn **smtp.Client, m *store.Mail) (time.Time, error) {
	next := Now().Add(backoff(m.Attempts))
	if err := o.db.Update(func(tx *store.Tx) error {
		return tx.RecordAttempt(m.ID, next)
	}); err != nil {
		return time.Time{}, err
	}
	hook("outbox-attempt-recorded")

	log := o.log.With("mail", m.ID, "message-id", m.MessageID, "attempt", m.Attempts+1)
	err := o.send(ctx, client, conn, m)
	if err != nil {
		log.Warn("sending failed", "err", err, "next", next)
		if err := o.db.Update(func(tx *store.Tx) error {
			return tx.MarkError(m.ID, err.Error())
		}); err != nil {
			log.Error("recording send error", "err", err)
		}
		return next, nil
	}
	hook("outbox-sent")
	if err := o.db.Update(func(tx *store.Tx) error {
		return tx.MarkSent(m.ID, Now())
	}); err != nil {
		// The server has the mail; it will be sent again at next, with
		// the same Message-ID.
		log.Error("marking sent", "err", err)
		return next, nil
	}
	hook("outbox-marked")
	log.Info("sent", "to", m.To)
	return time.Time{}, nil
}

// send delivers m over *conn, dialing first when there is no connection.
// After an error the connection is dropped.
func (o *Outbox) send(ctx context.Context, client *mail.Client, conn **smtp.Client, m *store.Mail) error {
	msg, err := newMsg(m)
	if err != nil {
		return err
	}
	if *conn == nil {
		c, err := client.DialToSMTPClientWithContext(ctx)
		if err != nil {
			return fmt.Errorf("mailer: connecting to %s: %w", o.opts.Addr, err)
		}
		*conn = c
	}
	if err := client.SendWithSMTPClient(*conn, msg); err != nil {
		if cerr := client.CloseWithSMTPClient(*conn); cerr != nil {
			o.log.Debug("closing smtp connection", "err", cerr)
		}
		*conn = nil
		return fmt.Errorf("mailer: sending to %s: %w", o.opts.Addr, err)
	}
	return nil
}
