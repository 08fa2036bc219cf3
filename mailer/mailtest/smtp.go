package mailtest

import (
	"errors"
	"io"
	"net"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// SMTP is a go-smtp server on loopback that records every message it
// accepts. It may require AUTH PLAIN, and refuse DATA (SetFail) or RCPT
// (SetRcptFail) as a test says: the real SMTP peer of the outbox tests.
type SMTP struct {
	Addr string // host:port it listens on
	// user/pass, when user is set, are required (AUTH PLAIN) before MAIL.
	user, pass string

	mu       sync.Mutex
	fail     func(n int) error // n-th DATA (from 0); an error rejects it
	datas    int
	received []Received
	// rcptFail, when it returns an error for an address, refuses RCPT TO
	// that address; rcpts counts the RCPT commands per address.
	rcptFail func(to string) error
	rcpts    map[string]int
	// bdats counts the BDAT commands clients sent (seen on the wire:
	// go-smtp's session does not tell BDAT from DATA).
	bdats int
}

// Received is one message the server accepted: its envelope and bytes.
type Received struct {
	From string
	To   []string
	Data []byte
}

// StartSMTP starts the server; it stops when the test ends. A non-empty
// user makes it require AUTH PLAIN with user and pass.
func StartSMTP(t testing.TB, user, pass string) *SMTP {
	t.Helper()
	s := &SMTP{user: user, pass: pass}
	srv := smtp.NewServer(s)
	srv.Domain = "localhost"
	srv.AllowInsecureAuth = true
	srv.ReadTimeout = 10 * time.Second
	srv.WriteTimeout = 10 * time.Second
	inner, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	l := &sniffListener{Listener: inner, s: s}
	s.Addr = l.Addr().String()
	go srv.Serve(l)
	t.Cleanup(func() { srv.Close() })
	return s
}

// SetFail makes the server answer the n-th DATA (from 0) with f's error,
// when f returns one.
func (s *SMTP) SetFail(f func(n int) error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.fail = f
}

// SetRcptFail makes the server refuse RCPT TO an address with f's error,
// when f returns one.
func (s *SMTP) SetRcptFail(f func(to string) error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.rcptFail = f
}

// Rcpts returns how many RCPT commands named the address.
func (s *SMTP) Rcpts(to string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.rcpts[to]
}

// Received returns the messages accepted so far, in order.
func (s *SMTP) Received() []Received {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.received)
}

// NewSession is go-smtp's Backend.
func (s *SMTP) NewSession(*smtp.Conn) (smtp.Session, error) {
	return &smtpSession{s: s}, nil
}

type smtpSession struct {
	s      *SMTP
	authed bool
	from   string
	to     []string
}

func (ss *smtpSession) AuthMechanisms() []string { return []string{sasl.Plain} }

func (ss *smtpSession) Auth(mech string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(identity, username, password string) error {
		if ss.s.user == "" || username != ss.s.user || password != ss.s.pass {
			return errors.New("invalid credentials")
		}
		ss.authed = true
		return nil
	}), nil
}

// Mail enforces AUTH: go-smtp's server does not by itself.
func (ss *smtpSession) Mail(from string, _ *smtp.MailOptions) error {
	if ss.s.user != "" && !ss.authed {
		return &smtp.SMTPError{Code: 530, EnhancedCode: smtp.EnhancedCode{5, 7, 0}, Message: "authentication required"}
	}
	ss.from = from
	return nil
}

func (ss *smtpSession) Rcpt(to string, _ *smtp.RcptOptions) error {
	s := ss.s
	s.mu.Lock()
	if s.rcpts == nil {
		s.rcpts = map[string]int{}
	}
	s.rcpts[to]++
	fail := s.rcptFail
	s.mu.Unlock()
	if fail != nil {
		if err := fail(to); err != nil {
			return err
		}
	}
	ss.to = append(ss.to, to)
	return nil
}

func (ss *smtpSession) Data(r io.Reader) error {
	b, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	s := ss.s
	s.mu.Lock()
	defer s.mu.Unlock()
	n := s.datas
	s.datas++
	if s.fail != nil {
		if err := s.fail(n); err != nil {
			return err
		}
	}
	s.received = append(s.received, Received{From: ss.from, To: slices.Clone(ss.to), Data: b})
	return nil
}

func (ss *smtpSession) Reset()        { ss.from, ss.to = "", nil }
func (ss *smtpSession) Logout() error { return nil }

// BDATs returns how many BDAT commands clients sent.
func (s *SMTP) BDATs() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.bdats
}

// sniffListener hands out connections that count the BDAT commands in
// what the client sends.
type sniffListener struct {
	net.Listener
	s *SMTP
}

func (l *sniffListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &sniffConn{Conn: c, s: l.s, line: true}, nil
}

// sniffConn counts the lines that begin "BDAT " in what it reads. A BDAT
// chunk's data may hold such a line too; the tests' messages do not.
type sniffConn struct {
	net.Conn
	s    *SMTP
	line bool   // the next byte begins a line
	head []byte // the start of the current line, up to 5 bytes
}

func (c *sniffConn) Read(b []byte) (int, error) {
	n, err := c.Conn.Read(b)
	for _, ch := range b[:n] {
		if c.line {
			c.head, c.line = c.head[:0], false
		}
		if len(c.head) < 5 {
			c.head = append(c.head, ch)
			if string(c.head) == "BDAT " {
				c.s.mu.Lock()
				c.s.bdats++
				c.s.mu.Unlock()
			}
		}
		c.line = ch == '\n'
	}
	return n, err
}
