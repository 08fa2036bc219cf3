package mailserver

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// smtpBackend accepts mail for local users only (on an Open server any
// address at its domain, join.go): with AUTH (PLAIN or LOGIN,
// for any local user) or without it, like an MX on loopback, so that scripts
// can send without logging in. Nothing is relayed.
type smtpBackend struct {
	srv *Server
}

func (b *smtpBackend) NewSession(c *smtp.Conn) (smtp.Session, error) {
	return &smtpSession{srv: b.srv, conn: c}, nil
}

type smtpSession struct {
	srv      *Server
	conn     *smtp.Conn
	authUser string // address, "" if not authenticated
	from     string
	rcpts    []string
}

var (
	_ smtp.AuthSession = (*smtpSession)(nil)
)

func (s *smtpSession) AuthMechanisms() []string {
	return append([]string{sasl.Plain, sasl.Login}, s.srv.oauthMechanisms()...)
}

func (s *smtpSession) Auth(mech string) (sasl.Server, error) {
	switch mech {
	case sasl.Plain:
		return sasl.NewPlainServer(func(identity, username, password string) error {
			if identity != "" && !strings.EqualFold(identity, username) {
				return smtp.ErrAuthFailed
			}
			return s.authenticate(username, password)
		}), nil
	case sasl.Login:
		return &loginServer{authenticate: s.authenticate}, nil
	}
	if s.srv.offersOAuth(mech) {
		return s.oauthAuth(mech), nil
	}
	return nil, smtp.ErrAuthUnknownMechanism
}

// authenticate returns smtp.ErrAuthFailed (535 5.7.8) for bad credentials.
func (s *smtpSession) authenticate(username, password string) error {
	u := s.srv.loginUser(username, password)
	if u == nil {
		s.srv.log.Info("mailserver: SMTP auth failed", "user", username, "remote", s.remote())
		return smtp.ErrAuthFailed
	}
	s.authUser = u.address
	return nil
}

func (s *smtpSession) remote() string {
	return s.conn.Conn().RemoteAddr().String()
}

func (s *smtpSession) Mail(from string, opts *smtp.MailOptions) error {
	s.from = from
	s.rcpts = nil
	return nil
}

func (s *smtpSession) Rcpt(to string, opts *smtp.RcptOptions) error {
	u, err := s.srv.join(to)
	if u != nil {
		s.rcpts = append(s.rcpts, u.address)
		return nil
	}
	var refused *JoinRefusedError
	if err != nil && !errors.As(err, &refused) {
		s.srv.log.Error("mailserver: making a mailbox", "address", to, "err", err)
		return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "cannot make a mailbox now, try again later"}
	}
	if s.srv.opts.Open && strings.HasSuffix(refused.Address, "@"+s.srv.opts.Domain) {
		return &smtp.SMTPError{
			Code:         550,
			EnhancedCode: smtp.EnhancedCode{5, 1, 1},
			Message:      fmt.Sprintf("No such user: <%s> has no mailbox on %s: %s", to, s.srv.opts.Domain, refused.Reason),
		}
	}
	domain := ""
	if at := strings.LastIndexByte(to, '@'); at >= 0 {
		domain = strings.ToLower(to[at+1:])
	}
	if domain != "" && domain != s.srv.opts.Domain {
		return &smtp.SMTPError{
			Code:         550,
			EnhancedCode: smtp.EnhancedCode{5, 7, 1},
			Message:      fmt.Sprintf("Relaying denied: <%s> is not a local address, this sandbox only delivers to @%s", to, s.srv.opts.Domain),
		}
	}
	return &smtp.SMTPError{
		Code:         550,
		EnhancedCode: smtp.EnhancedCode{5, 1, 1},
		Message:      fmt.Sprintf("No such user: <%s> has no mailbox on %s", to, s.srv.opts.Domain),
	}
}

func (s *smtpSession) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err // *smtp.SMTPError 552 when over MaxMessageBytes
	}
	if len(s.rcpts) == 0 {
		return &smtp.SMTPError{Code: 554, EnhancedCode: smtp.EnhancedCode{5, 5, 1}, Message: "No valid recipients"}
	}
	with := "ESMTP"
	if s.authUser != "" {
		with = "ESMTPA"
	}
	host := s.remote()
	if h, _, ok := strings.Cut(host, "]:"); ok {
		host = h + "]"
	} else if i := strings.LastIndexByte(host, ':'); i >= 0 {
		host = host[:i]
	}
	forClause := ""
	if len(s.rcpts) == 1 {
		forClause = "\r\n\tfor <" + s.rcpts[0] + ">"
	}
	received := fmt.Sprintf("Received: from %s ([%s])\r\n\tby %s (stormjudge mailserver) with %s id %s%s;\r\n\t%s\r\n",
		s.conn.Hostname(), strings.Trim(host, "[]"), s.srv.opts.Domain, with, newID(), forClause, time.Now().Format(time.RFC1123Z))
	if err := s.srv.deliver(s.from, s.rcpts, raw, received); err != nil {
		var unknown *UnknownRecipientError
		if errors.As(err, &unknown) { // removed between RCPT and DATA
			return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: unknown.Error()}
		}
		s.srv.log.Error("mailserver: SMTP delivery failed", "err", err)
		return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: err.Error()}
	}
	return nil
}

func (s *smtpSession) Reset() {
	s.from = ""
	s.rcpts = nil
}

func (s *smtpSession) Logout() error { return nil }

// loginServer is the server side of the obsolete but widespread LOGIN SASL
// mechanism (draft-murchison-sasl-login), which go-sasl only has as a client:
// challenge "Username:", then "Password:".
type loginServer struct {
	authenticate func(username, password string) error
	state        int
	username     string
}

func (l *loginServer) Next(response []byte) (challenge []byte, done bool, err error) {
	switch l.state {
	case 0:
		if response == nil {
			l.state = 1
			return []byte("Username:"), false, nil
		}
		l.username = string(response)
		l.state = 2
		return []byte("Password:"), false, nil
	case 1:
		l.username = string(response)
		l.state = 2
		return []byte("Password:"), false, nil
	case 2:
		l.state = 3
		return nil, true, l.authenticate(l.username, string(response))
	}
	return nil, false, errors.New("mailserver: unexpected LOGIN response")
}
