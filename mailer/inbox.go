package mailer

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"

	"stormjudge/store"
)

// IMAPOptions configures an [Inbox]. A nil *IMAPOptions means all defaults.
type IMAPOptions struct {
	// Hook, when not nil, is called at named points of the inbox loop so
	// that crash tests can stop the process exactly there (by panicking,
	// cancelling a context, or blocking). Points:
	//
	//	"inbox-fetched"  raw message fetched, before the Handler
	//	"inbox-handled"  Handler returned nil, before the move
	//	"inbox-moved"    message moved to the processed mailbox
	Hook               func(point string)
	Addr               string // host:port; default "127.0.0.1:143"
	Username, Password string // LOGIN credentials
	// OAuth2, when not nil, logs in as Username with an OAuth2 access
	// token (AUTHENTICATE OAUTHBEARER, or XOAUTH2 when the server offers
	// only that) instead of LOGIN with Password. A refused token is
	// dropped and the session reconnects on its schedule with a new one.
	OAuth2 *OAuth2
	// TLS is "none" (the default), "starttls" or "tls" (implicit TLS,
	// usually port 993).
	TLS string
	// InsecureSkipVerify disables certificate verification (self-signed
	// test servers only).
	InsecureSkipVerify bool
	Mailbox            string // watched mailbox; default "INBOX"
	// ProcessedMailbox receives every handled message; default "Processed".
	// It is created when missing. Messages are moved there (MOVE, or COPY +
	// \Deleted + UID EXPUNGE on servers without MOVE), never deleted.
	ProcessedMailbox string
	// PollInterval is how often the mailbox is scanned when the server has
	// no IDLE (or DisableIDLE is set), and the safety re-scan under IDLE.
	// Default 30s.
	PollInterval time.Duration
	// KeepAlive bounds how long the connection may stay silent: after it,
	// IDLE is stopped, a NOOP sent and the mailbox re-scanned, so that a
	// dead (half-open) connection is noticed. Default 4m.
	KeepAlive time.Duration
	// CommandTimeout bounds every IMAP exchange (go-imap's client has no
	// read timeout while it waits for a response, so a server that vanished
	// without a FIN would otherwise block a command forever); when it
	// passes, the connection is closed and re-established. Default 2m.
	CommandTimeout time.Duration
	// DisableIDLE polls even when the server advertises IDLE (for servers
	// whose IDLE is broken behind some proxies).
	DisableIDLE bool
	Logger      *slog.Logger // default slog.Default()
}

// InboundMessage is one message fetched from the watched mailbox.
type InboundMessage struct {
	Mailbox     string // the watched mailbox's name
	UIDValidity uint32 // the mailbox's UIDVALIDITY when fetched
	UID         uint32
	Raw         []byte // the full RFC 5322 message, as stored on the server
	// Advance stores the mailbox's position past this message in tx. A
	// Handler that calls it inside the transaction that records the
	// message spares the inbox a commit of its own (one fsync
	// less a message); the inbox learns of it when tx commits. nil when
	// the position must stay (a message before this one failed).
	Advance func(tx *store.Tx) error
}

// Handler processes one inbound message. It must commit its effects durably
// (and remember the Message-ID, so that a second delivery of the same
// message changes nothing) before returning nil. An error leaves the message
// in the mailbox; it is offered again on a later scan.
type Handler func(ctx context.Context, m InboundMessage) error

// reconnectSchedule is the wait before reconnecting after the n-th failed
// connection in a row: 1s, 2s, 4s ... doubling up to 5m, then every 5m. A
// session that got as far as a full scan resets the count.
var reconnectSchedule = [...]time.Duration{
	1 * time.Second,
	2 * time.Second,
	4 * time.Second,
	8 * time.Second,
	16 * time.Second,
	32 * time.Second,
	64 * time.Second,
	128 * time.Second,
	256 * time.Second,
	5 * time.Minute,
}

// Inbox watches one IMAP mailbox and hands every message to a Handler. Create
// it with [NewInbox] and run it with [Inbox.Run].
type Inbox struct {
	opts IMAPOptions
	db   *store.DB
	h    Handler
	log  *slog.Logger
	poke chan struct{}
}

// NewInbox returns an inbox that reads the mailbox described by opts (nil:
// defaults), keeps its position in db and passes each message to h.
func NewInbox(opts *IMAPOptions, db *store.DB, h Handler) *Inbox {
	in := &Inbox{db: db, h: h, poke: make(chan struct{}, 1)}
	if opts != nil {
		in.opts = *opts
	}
	if in.opts.Addr == "" {
		in.opts.Addr = "127.0.0.1:143"
	}
	if in.opts.TLS == "" {
		in.opts.TLS = "none"
	}
	if in.opts.Mailbox == "" {
		in.opts.Mailbox = "INBOX"
	}
	if in.opts.ProcessedMailbox == "" {
		in.opts.ProcessedMailbox = "Processed"
	}
	if in.opts.PollInterval <= 0 {
		in.opts.PollInterval = 30 * time.Second
	}
	if in.opts.KeepAlive <= 0 {
		in.opts.KeepAlive = 4 * time.Minute
	}
	if in.opts.CommandTimeout <= 0 {
		in.opts.CommandTimeout = 2 * time.Minute
	}
	in.log = in.opts.Logger
	if in.log == nil {
		in.log = slog.Default()
	}
	in.log = in.log.With("component", "mailer.inbox", "imap", in.opts.Addr, "mailbox", in.opts.Mailbox)
	return in
}

// Poke makes Run scan the mailbox now. It never blocks.
func (in *Inbox) Poke() {
	select {
	case in.poke <- struct{}{}:
	default:
	}
}

// Run watches the mailbox until ctx is done, then returns nil. Lost
// connections are re-established with exponential backoff (go-imap's client
// never reconnects by itself). Run returns an error only for an unusable
// configuration.
func (in *Inbox) Run(ctx context.Context) error {
	switch in.opts.TLS {
	case "none", "starttls", "tls":
	default:
		return fmt.Errorf("mailer: imap TLS mode %q: want none, starttls or tls", in.opts.TLS)
	}
	if in.h == nil {
		return errors.New("mailer: inbox without a handler")
	}
	if strings.EqualFold(in.opts.Mailbox, in.opts.ProcessedMailbox) {
		return fmt.Errorf("mailer: processed mailbox %q is the watched mailbox", in.opts.ProcessedMailbox)
	}
	failures := 0
	for {
		healthy, err := in.session(ctx)
		if ctx.Err() != nil {
			return nil
		}
		if healthy {
			failures = 0
		}
		wait := reconnectSchedule[min(failures, len(reconnectSchedule)-1)]
		failures++
		in.log.Warn("imap connection lost", "err", err, "retry_in", wait)
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil
		case <-t.C:
		}
	}
}

// conn is one IMAP connection with what the Inbox learnt about it.
type conn struct {
	c           *imapclient.Client
	caps        imap.CapSet
	uidValidity uint32
	// events receives a token when the server reports new messages
	// (EXISTS); buffered, so the reader goroutine never blocks on it.
	events chan struct{}
}

// session runs one connection: login, scan, wait, scan ... until an error or
// ctx is done. healthy reports whether a full scan succeeded, which resets
// the reconnect backoff.
func (in *Inbox) session(ctx context.Context) (healthy bool, err error) {
	cn := &conn{events: make(chan struct{}, 1)}
	host, _, err := net.SplitHostPort(in.opts.Addr)
	if err != nil {
		return false, fmt.Errorf("mailer: imap address %q: %w", in.opts.Addr, err)
	}
	options := &imapclient.Options{
		TLSConfig: &tls.Config{
			ServerName:         host,
			InsecureSkipVerify: in.opts.InsecureSkipVerify,
			MinVersion:         tls.VersionTLS12,
		},
		Dialer: &net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second},
		UnilateralDataHandler: &imapclient.UnilateralDataHandler{
			// go-imap gotcha: this runs on the client's reader goroutine.
			// Blocking here, or calling a client method, deadlocks the
			// connection; only a non-blocking send is safe.
			Mailbox: func(d *imapclient.UnilateralDataMailbox) {
				if d.NumMessages != nil {
					select {
					case cn.events <- struct{}{}:
					default:
					}
				}
			},
		},
	}
	switch in.opts.TLS {
	case "tls":
		cn.c, err = imapclient.DialTLS(in.opts.Addr, options)
	case "starttls":
		cn.c, err = imapclient.DialStartTLS(in.opts.Addr, options)
	default:
		cn.c, err = imapclient.DialInsecure(in.opts.Addr, options)
	}
	if err != nil {
		return false, fmt.Errorf("mailer: imap dial %s: %w", in.opts.Addr, err)
	}
	defer cn.c.Close()
	// Closing the client unblocks whatever command is waiting; that is how
	// a cancelled ctx interrupts IDLE or a slow FETCH.
	stop := context.AfterFunc(ctx, func() { cn.c.Close() })
	defer stop()

	if err := in.login(ctx, cn); err != nil {
		return false, fmt.Errorf("mailer: imap login as %q: %w", in.opts.Username, err)
	}
	// After LOGIN the server may announce different capabilities (IDLE,
	// MOVE, UIDPLUS usually only appear once authenticated); Caps asks
	// again when the login response did not carry them.
	cn.caps = cn.c.Caps()
	if err := in.ensureMailbox(cn, in.opts.ProcessedMailbox); err != nil {
		return false, err
	}
	sel, err := in.selectMailbox(cn)
	if err != nil {
		return false, err
	}
	idle := !in.opts.DisableIDLE && cn.caps.Has(imap.CapIdle)
	in.log.Info("imap connected", "uidvalidity", cn.uidValidity, "messages", sel.NumMessages,
		"idle", idle, "move", cn.caps.Has(imap.CapMove), "uidplus", cn.caps.Has(imap.CapUIDPlus))

	for {
		if err := in.scan(ctx, cn); err != nil {
			return healthy, err
		}
		healthy = true
		newMail, err := in.wait(ctx, cn, idle)
		if err != nil {
			return healthy, err
		}
		if ctx.Err() != nil {
			return healthy, nil
		}
		if !newMail {
			if err := in.reselect(cn); err != nil {
				return healthy, err
			}
		}
	}
}

// login logs in with LOGIN, or with an OAuth2 token when OAuth2 is set.
func (in *Inbox) login(ctx context.Context, cn *conn) error {
	if in.opts.OAuth2 == nil {
		return in.do(cn, func() error { return cn.c.Login(in.opts.Username, in.opts.Password).Wait() })
	}
	mech, err := oauthMechanism(cn.c.Caps().AuthMechanisms())
	if err != nil {
		return err
	}
	token, err := in.opts.OAuth2.Token(ctx)
	if err != nil {
		return err
	}
	sc := &oauthClient{mech: mech, user: in.opts.Username, token: token}
	if err := in.do(cn, func() error { return cn.c.Authenticate(sc) }); err != nil {
		var ie *imap.Error
		if !errors.As(err, &ie) {
			return err // the connection, not the token
		}
		in.opts.OAuth2.Refused(token)
		return &refusedError{mech: mech, status: sc.refusal, err: err}
	}
	return nil
}

// selectMailbox selects the watched mailbox and remembers its UIDVALIDITY.
func (in *Inbox) selectMailbox(cn *conn) (*imap.SelectData, error) {
	var sel *imap.SelectData
	if err := in.do(cn, func() error {
		var err error
		sel, err = cn.c.Select(in.opts.Mailbox, nil).Wait()
		return err
	}); err != nil {
		return nil, fmt.Errorf("mailer: imap select %q: %w", in.opts.Mailbox, err)
	}
	if sel.UIDValidity == 0 {
		return nil, fmt.Errorf("mailer: imap select %q: server sent no UIDVALIDITY", in.opts.Mailbox)
	}
	cn.uidValidity = sel.UIDValidity
	return sel, nil
}

// reselect selects the watched mailbox again before a scan that the
// server did not ask for (poll, keepalive, Poke). An operator may delete the
// watched folder and create it again: the new folder has a new UIDVALIDITY,
// and the session still has the old one selected, where no new mail ever
// arrives. Some servers end such a session with BYE (the sandbox's
// mailserver; Dovecot, when it notices in time) and Run reconnects; others
// say nothing (go-imap's memserver; Dovecot when the folder comes back
// before it looked). STATUS is no help there: Dovecot answers STATUS on the
// selected mailbox from the selected, stale, view. A new SELECT opens the
// mailbox by its name now. When its UIDVALIDITY differs, scan, seeing the
// stored position's UIDVALIDITY differ too, starts again from the first
// message (the Handler's Message-ID dedupe makes a second offer harmless).
// A mailbox that is gone (deleted, not yet re-created) fails the SELECT and
// ends the session; Run reconnects with backoff until the folder is back.
func (in *Inbox) reselect(cn *conn) error {
	old := cn.uidValidity
	if _, err := in.selectMailbox(cn); err != nil {
		return err
	}
	if cn.uidValidity != old {
		in.log.Warn("watched mailbox re-created, new UIDVALIDITY", "old", old, "new", cn.uidValidity)
	}
	return nil
}

// do runs one IMAP exchange under CommandTimeout: when it is not done in
// time, the connection is closed, which fails the exchange.
func (in *Inbox) do(cn *conn, f func() error) error {
	var fired atomic.Bool
	t := time.AfterFunc(in.opts.CommandTimeout, func() {
		fired.Store(true)
		cn.c.Close()
	})
	err := f()
	t.Stop()
	if err != nil && fired.Load() {
		return fmt.Errorf("mailer: imap server silent for %v, connection closed: %w", in.opts.CommandTimeout, err)
	}
	return err
}

// ensureMailbox creates the mailbox name unless it exists.
func (in *Inbox) ensureMailbox(cn *conn, name string) error {
	var list []*imap.ListData
	if err := in.do(cn, func() error {
		var err error
		list, err = cn.c.List("", name, nil).Collect()
		return err
	}); err != nil {
		return fmt.Errorf("mailer: imap list %q: %w", name, err)
	}
	for _, l := range list {
		if l.Mailbox == name {
			return nil
		}
	}
	err := in.do(cn, func() error { return cn.c.Create(name, nil).Wait() })
	var imapErr *imap.Error
	if errors.As(err, &imapErr) && imapErr.Code == imap.ResponseCodeAlreadyExists {
		return nil // created by someone else meanwhile
	}
	if err != nil {
		return fmt.Errorf("mailer: imap create %q: %w", name, err)
	}
	in.log.Info("created mailbox", "name", name)
	return nil
}

// scan handles every message in the mailbox, oldest first.
func (in *Inbox) scan(ctx context.Context, cn *conn) error {
	name := in.opts.Mailbox
	var storedValidity, lastUID uint32
	if err := in.db.View(func(tx *store.Tx) error {
		var err error
		storedValidity, lastUID, err = tx.Mailbox(name)
		if errors.Is(err, store.ErrNotFound) {
			return nil
		}
		return err
	}); err != nil {
		return fmt.Errorf("mailer: reading mailbox position: %w", err)
	}
	if storedValidity != cn.uidValidity {
		// The UIDs we remember name other messages now (or nothing). Start
		// again from the first; the Handler's Message-ID dedupe makes a
		// second offer of an already handled message harmless.
		if storedValidity != 0 {
			in.log.Warn("UIDVALIDITY changed, rescanning the whole mailbox",
				"old", storedValidity, "new", cn.uidValidity, "last_uid", lastUID)
		}
		lastUID = 0
	}

	// Messages flagged \Deleted are skipped: they are on their way out
	// (and, on servers without MOVE or UIDPLUS, our own copies that could
	// not be expunged safely).
	var data *imap.SearchData
	if err := in.do(cn, func() error {
		var err error
		data, err = cn.c.UIDSearch(&imap.SearchCriteria{NotFlag: []imap.Flag{imap.FlagDeleted}}, nil).Wait()
		return err
	}); err != nil {
		return fmt.Errorf("mailer: imap uid search: %w", err)
	}
	uids := data.AllUIDs()
	slices.Sort(uids)

	// After a Handler error lastUID must stay below the failed message, or
	// a crash would make a later scan move it unhandled. Messages after it
	// are still handled and moved.
	blocked := false
	var handled []imap.UID // handled, not moved yet
	// Messages are fetched a batch at a time (fetchSome), ahead of their
	// handling: got holds the fetched ones not handled yet, tried every
	// UID a batch asked for (one it did not bring was expunged).
	got := map[imap.UID][]byte{}
	tried := map[imap.UID]bool{}
	for i, uid := range uids {
		if err := ctx.Err(); err != nil {
			return err
		}
		log := in.log.With("uid", uid)
		if uint32(uid) <= lastUID {
			// Handled before a crash or a failed move: only move it.
			log.Info("moving message handled earlier")
			if err := in.move(cn, uid); err != nil {
				return err
			}
			continue
		}
		if !tried[uid] {
			var next []imap.UID
			for _, u := range uids[i:] {
				if uint32(u) > lastUID && len(next) < fetchBatch {
					next = append(next, u)
				}
			}
			if err := in.fetchSome(cn, next, got, tried); err != nil {
				return err
			}
		}
		raw, ok := got[uid]
		delete(got, uid)
		if !ok {
			continue // expunged by someone else since the search
		}
		in.hook("inbox-fetched")
		m := InboundMessage{Mailbox: name, UIDValidity: cn.uidValidity, UID: uint32(uid), Raw: raw}
		advanced := false
		if !blocked {
			validity := cn.uidValidity
			m.Advance = func(tx *store.Tx) error {
				if err := tx.SetMailbox(name, validity, uint32(uid)); err != nil {
					return err
				}
				tx.OnCommit(func() { advanced = true })
				return nil
			}
		}
		if err := in.h(ctx, m); err != nil {
			log.Warn("handler failed, message left for a later scan", "err", err)
			blocked = true
			continue
		}
		if !blocked {
			if !advanced {
				if err := in.db.Update(func(tx *store.Tx) error {
					return tx.SetMailbox(name, cn.uidValidity, uint32(uid))
				}); err != nil {
					return fmt.Errorf("mailer: storing mailbox position: %w", err)
				}
			}
			lastUID = uint32(uid)
		}
		in.hook("inbox-handled")
		log.Info("message handled", "bytes", len(raw))
		// Handled messages are moved together (one command for many);
		// until then a crash leaves them in the mailbox, below
		// the stored position, and the next scan only moves them.
		handled = append(handled, uid)
		if len(handled) >= moveBatch {
			if err := in.moveHandled(cn, &handled); err != nil {
				return err
			}
		}
	}
	return in.moveHandled(cn, &handled)
}

// moveBatch is how many handled messages a scan moves with one command.
const moveBatch = 32

// moveHandled moves the messages of *uids to the processed mailbox and
// empties the list.
func (in *Inbox) moveHandled(cn *conn, uids *[]imap.UID) error {
	if len(*uids) == 0 {
		return nil
	}
	if err := in.moveSet(cn, imap.UIDSetNum(*uids...)); err != nil {
		return err
	}
	for range *uids {
		in.hook("inbox-moved")
	}
	*uids = (*uids)[:0]
	return nil
}

// fetchBatch is how many messages a scan fetches with one command, and
// fetchBatchBytes how large they may be together (a batch holds one
// message at least, whatever its size).
const (
	fetchBatch      = 16
	fetchBatchBytes = 4 << 20
)

// fetchSome fetches whole, into got, the first messages of uids that fit
// in a batch, and marks in tried every UID it asked for: one round trip
// for their sizes, one for their bodies, instead of one a message (issue
// 24: the judge's ingesting goroutine waited on the server for a third
// of its time). A message the server no longer has is tried and absent.
func (in *Inbox) fetchSome(cn *conn, uids []imap.UID, got map[imap.UID][]byte, tried map[imap.UID]bool) error {
	if len(uids) == 1 {
		raw, ok, err := in.fetch(cn, uids[0])
		if err != nil {
			return err
		}
		if ok {
			got[uids[0]] = raw
		}
		tried[uids[0]] = true
		return nil
	}
	sizes := map[imap.UID]int64{}
	if err := in.do(cn, func() error {
		msgs, err := cn.c.Fetch(imap.UIDSetNum(uids...), &imap.FetchOptions{UID: true, RFC822Size: true}).Collect()
		for _, m := range msgs {
			sizes[m.UID] = m.RFC822Size
		}
		return err
	}); err != nil {
		return fmt.Errorf("mailer: imap fetch sizes: %w", err)
	}
	var batch []imap.UID
	var total int64
	for _, u := range uids {
		s, ok := sizes[u]
		if len(batch) > 0 && ok && total+s > fetchBatchBytes {
			break
		}
		tried[u] = true
		if ok {
			batch = append(batch, u)
			total += s
		}
	}
	if len(batch) == 0 {
		return nil
	}
	return in.do(cn, func() error {
		cmd := cn.c.Fetch(imap.UIDSetNum(batch...), &imap.FetchOptions{
			UID:         true,
			BodySection: []*imap.FetchItemBodySection{{Peek: true}}, // as fetch: \Seen stays unset
		})
		defer cmd.Close() // consumed to the end, as fetch says
		for {
			msg := cmd.Next()
			if msg == nil {
				break
			}
			var uid imap.UID
			var raw []byte
			for {
				item := msg.Next()
				if item == nil {
					break
				}
				switch it := item.(type) {
				case imapclient.FetchItemDataUID:
					uid = it.UID
				case imapclient.FetchItemDataBodySection:
					if it.Literal == nil {
						continue
					}
					b, err := io.ReadAll(it.Literal) // read now: the next item discards it
					if err != nil {
						return fmt.Errorf("mailer: imap fetch: reading body: %w", err)
					}
					raw = b
				}
			}
			if uid != 0 && raw != nil {
				got[uid] = raw
			}
		}
		if err := cmd.Close(); err != nil {
			return fmt.Errorf("mailer: imap fetch %v: %w", batch, err)
		}
		return nil
	})
}

// fetch returns the full message uid. ok is false when the server has no
// such message any more.
func (in *Inbox) fetch(cn *conn, uid imap.UID) (raw []byte, ok bool, err error) {
	err = in.do(cn, func() error {
		cmd := cn.c.Fetch(imap.UIDSetNum(uid), &imap.FetchOptions{
			UID: true,
			// PEEK: fetching must not set \Seen; a human looking at the
			// mailbox sees what the judge has not handled yet.
			BodySection: []*imap.FetchItemBodySection{{Peek: true}},
		})
		// go-imap gotcha: Fetch must be consumed to the end (Close), or the
		// client's reader stalls and every later command hangs.
		defer cmd.Close()
		for {
			msg := cmd.Next()
			if msg == nil {
				break
			}
			for {
				item := msg.Next()
				if item == nil {
					break
				}
				body, isBody := item.(imapclient.FetchItemDataBodySection)
				if !isBody || body.Literal == nil {
					continue
				}
				// go-imap gotcha: the literal streams from the connection
				// and is discarded by the next Next(); read it fully now.
				b, err := io.ReadAll(body.Literal)
				if err != nil {
					return fmt.Errorf("mailer: imap fetch uid %d: reading body: %w", uid, err)
				}
				raw, ok = b, true
			}
		}
		if err := cmd.Close(); err != nil {
			return fmt.Errorf("mailer: imap fetch uid %d: %w", uid, err)
		}
		return nil
	})
	return raw, ok, err
}

// move puts message uid into the processed mailbox.
func (in *Inbox) move(cn *conn, uid imap.UID) error {
	return in.moveSet(cn, imap.UIDSetNum(uid))
}

// moveSet moves the messages of set as move does one.
func (in *Inbox) moveSet(cn *conn, set imap.UIDSet) error {
	dest := in.opts.ProcessedMailbox
	if cn.caps.Has(imap.CapMove) {
		return in.do(cn, func() error {
			if _, err := cn.c.Move(set, dest).Wait(); err != nil {
				return fmt.Errorf("mailer: imap move uid %v to %q: %w", set, dest, err)
			}
			return nil
		})
	}
	// go-imap gotcha: without MOVE, Client.Move falls back to COPY + STORE
	// \Deleted + EXPUNGE, and a plain EXPUNGE removes every message flagged
	// \Deleted, not only ours. So: UID EXPUNGE of exactly this UID when the
	// server has UIDPLUS, and otherwise no expunge at all (the copy stays
	// flagged \Deleted in the inbox, and scans skip it).
	return in.do(cn, func() error {
		if _, err := cn.c.Copy(set, dest).Wait(); err != nil {
			return fmt.Errorf("mailer: imap copy uid %v to %q: %w", set, dest, err)
		}
		if err := cn.c.Store(set, &imap.StoreFlags{
			Op: imap.StoreFlagsAdd, Silent: true, Flags: []imap.Flag{imap.FlagDeleted},
		}, nil).Close(); err != nil {
			return fmt.Errorf("mailer: imap store \\Deleted uid %v: %w", set, err)
		}
		if cn.caps.Has(imap.CapUIDPlus) {
			if err := cn.c.UIDExpunge(set).Close(); err != nil {
				return fmt.Errorf("mailer: imap uid expunge %v: %w", set, err)
			}
		}
		return nil
	})
}

// wait returns when the mailbox should be scanned again: the server
// reported new mail (newMail is true), Poke was called, PollInterval passed
// (a safety re-scan even under IDLE) or KeepAlive passed without a word on
// the connection (then a NOOP proves it alive first). It returns an error
// when the connection is gone.
func (in *Inbox) wait(ctx context.Context, cn *conn, useIdle bool) (newMail bool, err error) {
	var idleCmd *imapclient.IdleCommand
	if useIdle {
		// A NOOP first collects what the server queued while we were busy
		// (go-imap's own imapserver sends queued EXISTS only with the next
		// command's response, not when IDLE starts, so a message arriving
		// during our last MOVE would otherwise wait for the safety re-scan).
		if err := in.do(cn, func() error { return cn.c.Noop().Wait() }); err != nil {
			return false, fmt.Errorf("mailer: imap noop: %w", err)
		}
		select {
		case <-cn.events:
			return true, nil // new mail: scan again before idling
		default:
		}
		if err := in.do(cn, func() error {
			var err error
			// Idle blocks until the server's continuation; then no other
			// command may be sent until the IDLE is closed.
			idleCmd, err = cn.c.Idle()
			return err
		}); err != nil {
			return false, fmt.Errorf("mailer: imap idle: %w", err)
		}
	}
	poll := time.NewTimer(in.opts.PollInterval)
	defer poll.Stop()
	keep := time.NewTimer(in.opts.KeepAlive)
	defer keep.Stop()
	noop := false
	closed := false
	select {
	case <-ctx.Done():
	case <-cn.events:
		newMail = true
	case <-in.poke:
	case <-poll.C:
	case <-keep.C:
		// go-imap gotcha: IDLE does not notice a half-open TCP connection
		// (nothing is sent), and Closed() only fires once the OS gives up.
		// A command with a deadline does notice.
		noop = true
	case <-cn.c.Closed():
		closed = true
	}
	if closed {
		return false, errors.New("mailer: imap connection closed by the server")
	}
	if ctx.Err() != nil {
		return false, nil
	}
	if idleCmd != nil {
		if err := in.do(cn, func() error {
			if err := idleCmd.Close(); err != nil {
				return err
			}
			return idleCmd.Wait()
		}); err != nil {
			return false, fmt.Errorf("mailer: imap stopping idle: %w", err)
		}
	}
	if noop || !useIdle {
		// Without IDLE, NOOP is also how the server gets to report
		// new messages and expunges.
		if err := in.do(cn, func() error { return cn.c.Noop().Wait() }); err != nil {
			return false, fmt.Errorf("mailer: imap noop: %w", err)
		}
	}
	return newMail, nil
}

// hook calls the crash tests' Hook at point, if there is one.
func (in *Inbox) hook(point string) {
	if h := in.opts.Hook; h != nil {
		h(point)
	}
}
