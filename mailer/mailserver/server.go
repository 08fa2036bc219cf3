package mailserver

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapserver"
	"github.com/emersion/go-smtp"

	"stormjudge/store"
)

// Defaults for Options.
const (
	DefaultIMAPAddr = "127.0.0.1:1143"
	DefaultSMTPAddr = "127.0.0.1:2525"
	DefaultDomain   = "sandbox.test"
)

// MaxMessageBytes is the largest message accepted by SMTP (SIZE) and IMAP
// (APPENDLIMIT): 10 MiB.
const MaxMessageBytes = 10 << 20

const usersFile = "users.json"

// Options configure Start. Only Dir is required.
type Options struct {
	Dir      string       // required; all state lives here
	IMAPAddr string       // default "127.0.0.1:1143"; "127.0.0.1:0" picks a free port
	SMTPAddr string       // default "127.0.0.1:2525"
	Domain   string       // default "sandbox.test": local recipients are <user>@Domain
	Logger   *slog.Logger // default slog.Default()
	// Open makes the server accept any address at Domain: an address
	// without an account gets one on the first mail to it (or its first
	// login), with its local part as password (newcomer@sandbox.test:
	// newcomer), so anyone can try the sandbox from an address of their
	// own. Mail to other domains is still refused (no relay).
	Open bool
	// MaxJoined bounds the accounts Open makes, in all and for good (they
	// are kept in users.json): default DefaultMaxJoined. Beyond it a new
	// address is refused as unknown, so a flood cannot fill the disk
	// with mailboxes.
	MaxJoined int
	// CheckToken, when not nil, makes IMAP and SMTP offer the OAuth2
	// mechanisms (OAUTHBEARER, RFC 7628, and XOAUTH2) besides the
	// password ones: a login with a token is accepted when the user
	// exists and CheckToken(address, token) is true (oauth.go).
	CheckToken func(address, token string) bool
	// OAuthMechanisms narrows the OAuth2 mechanisms offered (default
	// both), to test a client against a server that offers only one.
	OAuthMechanisms []string
}

// Server is a running pair of IMAP and SMTP servers over one Dir.
type Server struct {
	opts    Options
	log     *slog.Logger
	lock    *os.File
	imapSrv *imapserver.Server
	smtpSrv *smtp.Server
	imapLn  net.Listener
	smtpLn  net.Listener
	serveWG sync.WaitGroup

	mu    sync.Mutex // guards users and the writing of users.json
	users map[string]*user

	// dupMu guards delivered and the delivery log (dedupe.go).
	dupMu     sync.Mutex
	delivered map[string]bool // dupKey
	dupLog    *os.File

	// opMu, closed and ops let Close wait for writes in progress and refuse
	// new ones, so that after Close returns nothing touches Dir any more
	// (a new Server may already be running on it).
	opMu      sync.Mutex
	closed    bool
	ops       sync.WaitGroup
	closeOnce sync.Once
	closeErr  error
}

// ErrClosed is returned by methods of a closed Server.
var ErrClosed = errors.New("mailserver: server closed")

// UnknownRecipientError reports a recipient without a local mailbox.
type UnknownRecipientError struct {
	Address string
}

func (e *UnknownRecipientError) Error() string {
	return fmt.Sprintf("mailserver: no mailbox for %q", e.Address)
}

// usersJSON is the content of users.json.
type usersJSON struct {
	Version int         `json:"version"`
	Users   []userEntry `json:"users"`
}

type userEntry struct {
	Address  string `json:"address"`
	Password string `json:"password"`
	// Joined: the account was made on first use (Options.Open).
	Joined bool `json:"joined,omitempty"`
}

// Start loads Dir (creating it if needed), then listens on the IMAP and SMTP
// addresses. Close stops both.
func Start(opts *Options) (*Server, error) {
	if opts == nil || opts.Dir == "" {
		return nil, errors.New("mailserver: Options.Dir is required")
	}
	s := &Server{opts: *opts, users: make(map[string]*user)}
	if s.opts.IMAPAddr == "" {
		s.opts.IMAPAddr = DefaultIMAPAddr
	}
	if s.opts.SMTPAddr == "" {
		s.opts.SMTPAddr = DefaultSMTPAddr
	}
	if s.opts.Domain == "" {
		s.opts.Domain = DefaultDomain
	}
	s.opts.Domain = strings.ToLower(s.opts.Domain)
	s.log = s.opts.Logger
	if s.log == nil {
		s.log = slog.Default()
	}

	if err := os.MkdirAll(filepath.Join(s.opts.Dir, "mail"), 0o700); err != nil {
		return nil, fmt.Errorf("mailserver: %w", err)
	}
	lock, err := lockDir(filepath.Join(s.opts.Dir, "lock"))
	if err != nil {
		return nil, err
	}
	s.lock = lock
	ok := false
	defer func() {
		if !ok {
			s.shutdown()
		}
	}()

	if err := s.loadDeliveries(); err != nil {
		return nil, err
	}
	if err := s.load(); err != nil {
		return nil, err
	}

	s.imapLn, err = net.Listen("tcp", s.opts.IMAPAddr)
	if err != nil {
		return nil, fmt.Errorf("mailserver: IMAP: %w", err)
	}
	s.smtpLn, err = listenTracked("tcp", s.opts.SMTPAddr)
	if err != nil {
		return nil, fmt.Errorf("mailserver: SMTP: %w", err)
	}

	s.imapSrv = imapserver.New(&imapserver.Options{
		NewSession: func(c *imapserver.Conn) (imapserver.Session, *imapserver.GreetingData, error) {
			return &imapSession{srv: s, conn: c, remote: c.NetConn().RemoteAddr().String()}, nil, nil
		},
		Caps: imap.CapSet{
			imap.CapIMAP4rev1:    {},
			imap.CapNamespace:    {},
			imap.CapUIDPlus:      {},
			imap.CapMove:         {},
			imap.CapESearch:      {},
			imap.CapSearchRes:    {},
			imap.CapListExtended: {},
			imap.CapListStatus:   {},
			imap.CapStatusSize:   {},
			imap.CapAppendLimit:  {},
		},
		Logger:       slog.NewLogLogger(s.log.Handler(), slog.LevelWarn),
		InsecureAuth: true, // loopback only, no TLS
	})

	s.smtpSrv = smtp.NewServer(&smtpBackend{srv: s})
	s.smtpSrv.Domain = s.opts.Domain
	s.smtpSrv.MaxMessageBytes = MaxMessageBytes
	s.smtpSrv.MaxRecipients = 100
	s.smtpSrv.AllowInsecureAuth = true // loopback only, no TLS
	s.smtpSrv.ReadTimeout = 5 * time.Minute
	s.smtpSrv.WriteTimeout = time.Minute
	s.smtpSrv.ErrorLog = slog.NewLogLogger(s.log.Handler(), slog.LevelWarn)

	s.serveWG.Add(2)
	go func() {
		defer s.serveWG.Done()
		if err := s.imapSrv.Serve(s.imapLn); err != nil {
			s.log.Error("mailserver: IMAP server stopped", "err", err)
		}
	}()
	go func() {
		defer s.serveWG.Done()
		if err := s.smtpSrv.Serve(s.smtpLn); err != nil && !errors.Is(err, smtp.ErrServerClosed) {
			s.log.Error("mailserver: SMTP server stopped", "err", err)
		}
	}()
	ok = true
	s.log.Info("mailserver: listening", "imap", s.IMAPAddr(), "smtp", s.SMTPAddr(),
		"domain", s.opts.Domain, "dir", s.opts.Dir, "users", len(s.users))
	return s, nil
}

// load reads users.json and every user's mailboxes.
func (s *Server) load() error {
	if err := removeTempFiles(s.opts.Dir); err != nil {
		return err
	}
	var uj usersJSON
	if err := readJSON(filepath.Join(s.opts.Dir, usersFile), &uj); err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil
		}
		return err
	}
	for _, e := range uj.Users {
		addr, err := s.normalizeAddress(e.Address)
		if err != nil {
			return err
		}
		u, err := openUser(s, addr, e.Password)
		if err != nil {
			return err
		}
		u.joined = e.Joined
		s.users[addr] = u
	}
	return nil
}

// saveUsersLocked writes users.json. s.mu must be held.
func (s *Server) saveUsersLocked() error {
	uj := usersJSON{Version: 1, Users: []userEntry{}}
	for _, u := range s.users {
		u.pwMu.Lock()
		uj.Users = append(uj.Users, userEntry{Address: u.address, Password: u.password, Joined: u.joined})
		u.pwMu.Unlock()
	}
	sort.Slice(uj.Users, func(i, j int) bool { return uj.Users[i].Address < uj.Users[j].Address })
	return writeJSONAtomic(filepath.Join(s.opts.Dir, usersFile), &uj)
}

// begin registers a write to Dir; it fails once Close has started. Every
// begin is paired with end.
func (s *Server) begin() error {
	s.opMu.Lock()
	defer s.opMu.Unlock()
	if s.closed {
		return ErrClosed
	}
	s.ops.Add(1)
	return nil
}

func (s *Server) end() { s.ops.Done() }

// normalizeAddress lower-cases an address, strips angle brackets and adds
// @Domain to a bare local part. It refuses what cannot be a directory name.
func (s *Server) normalizeAddress(address string) (string, error) {
	a := strings.ToLower(strings.TrimSpace(address))
	a = strings.TrimSuffix(strings.TrimPrefix(a, "<"), ">")
	if !strings.Contains(a, "@") {
		a += "@" + s.opts.Domain
	}
	at := strings.LastIndexByte(a, '@')
	local, domain := a[:at], a[at+1:]
	if local == "" || domain == "" || strings.HasPrefix(a, ".") || strings.Contains(a, "..") ||
		strings.ContainsAny(a, "/\\\"<>()[],;: ") {
		return "", fmt.Errorf("mailserver: invalid address %q", address)
	}
	for _, r := range a {
		if r < 0x21 || r == 0x7f {
			return "", fmt.Errorf("mailserver: invalid address %q", address)
		}
	}
	return a, nil
}

// lookupUser finds a user by address or local part (case-insensitive).
func (s *Server) lookupUser(name string) *user {
	addr, err := s.normalizeAddress(name)
	if err != nil {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.users[addr]
}

// AddUser creates the account address (a bare local part gets @Domain) with
// an INBOX, or changes its password if it exists. The account is persisted
// before AddUser returns.
func (s *Server) AddUser(address, password string) error {
	addr, err := s.normalizeAddress(address)
	if err != nil {
		return err
	}
	if err := s.begin(); err != nil {
		return err
	}
	defer s.end()
	s.mu.Lock()
	defer s.mu.Unlock()
	if u := s.users[addr]; u != nil {
		u.pwMu.Lock()
		old := u.password
		u.password = password
		u.pwMu.Unlock()
		if old == password {
			return nil
		}
		if err := s.saveUsersLocked(); err != nil {
			u.pwMu.Lock()
			u.password = old
			u.pwMu.Unlock()
			return err
		}
		return nil
	}
	u, err := openUser(s, addr, password)
	if err != nil {
		return err
	}
	s.users[addr] = u
	if err := s.saveUsersLocked(); err != nil {
		delete(s.users, addr)
		return err
	}
	s.log.Info("mailserver: user added", "address", addr)
	return nil
}

// Users lists the addresses of all accounts, sorted.
func (s *Server) Users() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	l := make([]string, 0, len(s.users))
	for a := range s.users {
		l = append(l, a)
	}
	sort.Strings(l)
	return l
}

// Domain returns the local mail domain.
func (s *Server) Domain() string { return s.opts.Domain }

// IMAPAddr returns the address the IMAP server listens on (host:port).
func (s *Server) IMAPAddr() string { return s.imapLn.Addr().String() }

// SMTPAddr returns the address the SMTP server listens on (host:port).
func (s *Server) SMTPAddr() string { return s.smtpLn.Addr().String() }

// Deliver puts raw into the INBOX of every recipient, as the SMTP server
// does: with Return-Path: <from> (from may be empty, for bounces) and a
// Received: header prepended, bare LFs turned into CRLF, and IDLE clients
// notified. If any recipient is unknown, nothing is delivered and the error
// is an *UnknownRecipientError.
func (s *Server) Deliver(from string, to []string, raw []byte) error {
	return s.deliver(from, to, raw, fmt.Sprintf("Received: by %s (stormjudge mailserver) with local id %s;\r\n\t%s\r\n",
		s.opts.Domain, newID(), time.Now().Format(time.RFC1123Z)))
}

func (s *Server) deliver(from string, to []string, raw []byte, received string) error {
	if err := s.begin(); err != nil {
		return err
	}
	defer s.end()
	if len(to) == 0 {
		return errors.New("mailserver: no recipients")
	}
	var users []*user
	seen := make(map[*user]bool)
	for _, rcpt := range to {
		u, err := s.join(rcpt)
		var refused *JoinRefusedError
		if errors.As(err, &refused) {
			return &UnknownRecipientError{Address: rcpt}
		} else if err != nil {
			return err
		}
		if !seen[u] {
			seen[u] = true
			users = append(users, u)
		}
	}
	from = strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(from), "<"), ">")
	head := "Return-Path: <" + from + ">\r\n" + received
	body := normalizeCRLF(raw)
	msg := make([]byte, 0, len(head)+len(body))
	msg = append(append(msg, head...), body...)

	msgID := messageID(raw)
	var content [32]byte
	if msgID != "" { // without one, never suppressed
		content = store.ContentHash(raw)
	}
	var errs []error
	for _, u := range users {
		dup := ""
		if msgID != "" {
			dup = dupKey(u.address, from, msgID, content)
		}
		inbox, err := u.mailbox(inboxName)
		duplicate := false
		if err == nil {
			_, duplicate, err = inbox.deliverBytes(msg, &imap.AppendOptions{}, dup)
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("mailserver: delivery to %s: %w", u.address, err))
			continue
		}
		if duplicate {
			s.log.Info("mailserver: duplicate suppressed", "from", from, "to", u.address, "message-id", msgID)
			continue
		}
		s.log.Info("mailserver: delivered", "from", from, "to", u.address, "bytes", len(msg))
	}
	return errors.Join(errs...)
}

func newID() string {
	var b [8]byte
	if _, err := io.ReadFull(rand.Reader, b[:]); err != nil {
		return fmt.Sprint(time.Now().UnixNano())
	}
	return strings.ToUpper(hex.EncodeToString(b[:]))
}

// Close stops both servers, drops their connections, waits for writes in
// progress and releases Dir. After Close returns, nothing writes to Dir.
func (s *Server) Close() error {
	s.closeOnce.Do(func() { s.closeErr = s.shutdown() })
	return s.closeErr
}

func (s *Server) shutdown() error {
	var errs []error
	if s.imapSrv != nil {
		if err := s.imapSrv.Close(); err != nil && !errors.Is(err, net.ErrClosed) {
			errs = append(errs, fmt.Errorf("mailserver: IMAP: %w", err))
		}
	} else if s.imapLn != nil {
		s.imapLn.Close()
	}
	if s.smtpSrv != nil {
		if err := s.closeSMTP(); err != nil && !errors.Is(err, net.ErrClosed) {
			errs = append(errs, fmt.Errorf("mailserver: SMTP: %w", err))
		}
	}
	// go-smtp's and go-imap's Close only close listeners their Serve has
	// already registered: a Close right after Start could leave a Serve
	// goroutine blocked in Accept forever. Closing our listeners ourselves
	// makes every Serve return.
	if s.smtpLn != nil {
		s.smtpLn.Close()
	}
	if s.imapLn != nil {
		s.imapLn.Close()
	}
	s.serveWG.Wait()

	s.opMu.Lock()
	s.closed = true
	s.opMu.Unlock()
	s.ops.Wait()

	if s.dupLog != nil {
		s.dupLog.Close()
	}
	if s.lock != nil {
		if err := unlockDir(s.lock); err != nil {
			errs = append(errs, fmt.Errorf("mailserver: %w", err))
		}
	}
	return errors.Join(errs...)
}

// closeSMTP stops the SMTP server without go-smtp's Close: its
// Conn.Close clears a connection's BDAT pipe while the connection's own
// goroutine may still be copying a chunk into it (a data race in go-smtp
// v0.25). Shutdown lets the connections end by themselves (a client that
// went away ends its own at once); those still open after a second have
// their sockets closed under them, which ends their goroutines the same
// way, and Shutdown returns once every one has.
func (s *Server) closeSMTP() error {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	closeConns := func() {
		if t, ok := s.smtpLn.(*trackedListener); ok {
			t.closeConns()
		}
	}
	// A connection accepted as the listener closed may start after
	// Shutdown stopped waiting: its socket is closed once it returns.
	defer closeConns()
	done := make(chan error, 1)
	go func() { done <- s.smtpSrv.Shutdown(ctx) }()
	select {
	case err := <-done:
		return err
	case <-time.After(time.Second):
	}
	closeConns()
	select {
	case err := <-done:
		return err
	case <-time.After(10 * time.Second):
		return errors.New("connections still open 10s after their sockets were closed")
	}
}

// trackedListener is a listener that keeps the connections it accepted
// until they are closed (closeSMTP).
type trackedListener struct {
	net.Listener
	mu    sync.Mutex
	conns map[*trackedConn]bool
}

type trackedConn struct {
	net.Conn
	l *trackedListener
}

func listenTracked(network, addr string) (net.Listener, error) {
	ln, err := net.Listen(network, addr)
	if err != nil {
		return nil, err
	}
	return &trackedListener{Listener: ln, conns: map[*trackedConn]bool{}}, nil
}

func (l *trackedListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	tc := &trackedConn{Conn: c, l: l}
	l.mu.Lock()
	l.conns[tc] = true
	l.mu.Unlock()
	return tc, nil
}

func (c *trackedConn) Close() error {
	c.l.mu.Lock()
	delete(c.l.conns, c)
	c.l.mu.Unlock()
	return c.Conn.Close()
}

// closeConns closes the sockets of the connections still open.
func (l *trackedListener) closeConns() {
	l.mu.Lock()
	defer l.mu.Unlock()
	for c := range l.conns {
		c.Conn.Close()
	}
}
