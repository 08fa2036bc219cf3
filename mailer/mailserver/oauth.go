package mailserver

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/emersion/go-imap/v2/imapserver"
	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// The OAuth2 SASL mechanisms, offered when Options.CheckToken is set.
const (
	mechOAuthBearer = sasl.OAuthBearer // RFC 7628
	mechXOAuth2     = "XOAUTH2"
)

// oauthMechanisms are the OAuth2 mechanisms the server offers (none
// without CheckToken).
func (s *Server) oauthMechanisms() []string {
	if s.opts.CheckToken == nil {
		return nil
	}
	if len(s.opts.OAuthMechanisms) > 0 {
		return s.opts.OAuthMechanisms
	}
	return []string{mechOAuthBearer, mechXOAuth2}
}

func (s *Server) offersOAuth(mech string) bool {
	for _, m := range s.oauthMechanisms() {
		if strings.EqualFold(m, mech) {
			return true
		}
	}
	return false
}

// checkToken returns the user a token logs in, or nil.
func (s *Server) checkToken(username, token string) *user {
	u := s.lookupUser(username)
	if u == nil || token == "" || !s.opts.CheckToken(u.address, token) {
		return nil
	}
	return u
}

// oauthServer is the server side of OAUTHBEARER and XOAUTH2. A refused
// token is answered with the JSON error as a challenge (RFC 7628 3.2.2;
// XOAUTH2 does the same), and the exchange ends with failed after the
// client's dummy response.
type oauthServer struct {
	mech   string
	login  func(username, token string) bool
	failed error // the protocol's failure, returned once the client answered
	done   bool
}

func (a *oauthServer) Next(response []byte) ([]byte, bool, error) {
	if a.done {
		return nil, true, a.failed
	}
	if response == nil {
		return []byte{}, false, nil // ask for the initial response
	}
	a.done = true
	user, token, ok := parseOAuth(a.mech, response)
	if ok && a.login(user, token) {
		return nil, true, nil
	}
	blob, _ := json.Marshal(sasl.OAuthBearerError{Status: "invalid_token", Schemes: "bearer"})
	return blob, false, nil
}

// parseOAuth reads the user and the bearer token of an initial response:
// OAUTHBEARER's "n,a=user,\x01auth=Bearer token\x01\x01" (the GS2 header
// must name the user) or XOAUTH2's "user=user\x01auth=Bearer token\x01\x01".
func parseOAuth(mech string, resp []byte) (user, token string, ok bool) {
	fields := bytes.Split(resp, []byte{0x01})
	if mech == mechOAuthBearer {
		gs2 := strings.SplitN(string(fields[0]), ",", 3)
		if len(gs2) < 2 || gs2[0] != "n" || !strings.HasPrefix(gs2[1], "a=") {
			return "", "", false
		}
		user = strings.TrimPrefix(gs2[1], "a=")
		fields = fields[1:]
	}
	for _, f := range fields {
		k, v, found := strings.Cut(string(f), "=")
		if !found {
			continue
		}
		switch strings.ToLower(k) {
		case "user":
			if mech == mechXOAuth2 {
				user = v
			}
		case "auth":
			if len(v) > 7 && strings.EqualFold(v[:7], "bearer ") {
				token = v[7:]
			}
		}
	}
	return user, token, user != "" && token != ""
}

// AuthenticateMechanisms is imapserver.SessionSASL: PLAIN (LOGIN is the
// command) and the OAuth2 ones.
func (s *imapSession) AuthenticateMechanisms() []string {
	return append([]string{sasl.Plain}, s.srv.oauthMechanisms()...)
}

func (s *imapSession) Authenticate(mech string) (sasl.Server, error) {
	switch {
	case mech == sasl.Plain:
		return sasl.NewPlainServer(func(identity, username, password string) error {
			if identity != "" && !strings.EqualFold(identity, username) {
				return imapserver.ErrAuthFailed
			}
			return s.Login(username, password)
		}), nil
	case s.srv.offersOAuth(mech):
		return &oauthServer{mech: mech, failed: imapserver.ErrAuthFailed, login: func(username, token string) bool {
			u := s.srv.checkToken(username, token)
			if u == nil {
				s.srv.log.Info("mailserver: IMAP OAuth2 login failed", "mech", mech, "user", username, "remote", s.remote)
				return false
			}
			s.user = u
			s.srv.log.Debug("mailserver: IMAP login", "mech", mech, "user", u.address, "remote", s.remote)
			return true
		}}, nil
	}
	return nil, imapserver.ErrAuthFailed
}

var _ imapserver.SessionSASL = (*imapSession)(nil)

// oauthAuth is the SMTP side of the OAuth2 mechanisms (smtpSession.Auth).
func (s *smtpSession) oauthAuth(mech string) sasl.Server {
	return &oauthServer{mech: mech, failed: smtp.ErrAuthFailed, login: func(username, token string) bool {
		u := s.srv.checkToken(username, token)
		if u == nil {
			s.srv.log.Info("mailserver: SMTP OAuth2 auth failed", "mech", mech, "user", username, "remote", s.remote())
			return false
		}
		s.authUser = u.address
		return true
	}}
}
