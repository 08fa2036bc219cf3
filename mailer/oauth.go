package mailer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/textproto"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/wneessen/go-mail/smtp"
	"golang.org/x/oauth2"
)

// OAuth2 gives the access tokens of a mail account that logs in with
// OAuth2 (SASL OAUTHBEARER, RFC 7628, or XOAUTH2) instead of a password.
// It keeps the current access token and asks the token endpoint for a new
// one with the refresh token when the token is about to expire (within
// RefreshMargin) or when a server refused it ([OAuth2.Refused]). One
// OAuth2 may serve the inbox and the outbox together, from any goroutine.
type OAuth2 struct {
	// Config holds the client id, the client secret (may be empty: an
	// installed application) and Endpoint.TokenURL; Scopes are sent with
	// the refresh when not empty.
	Config oauth2.Config
	// RefreshToken returns the refresh token. It is called at every
	// refresh, so a token file written anew (stormjudge oauth login) is
	// read without a restart.
	RefreshToken func() (string, error)
	// SaveRefreshToken, when not nil, stores a new refresh token that the
	// endpoint returned in place of the old one (Microsoft's endpoint
	// rotates them). An error is logged; the old token is kept.
	SaveRefreshToken func(string) error
	// HTTPClient talks to the token endpoint; default a client with a 30s
	// timeout.
	HTTPClient *http.Client
	// RefreshMargin is how long before its expiry a token is refreshed;
	// default 2m.
	RefreshMargin time.Duration
	Logger        *slog.Logger // default slog.Default()

	mu  sync.Mutex
	tok *oauth2.Token
	// afterRefusal: the next refresh is for a refusal; refusedAt is when
	// the last such refresh was: a token refused again within
	// refusalHold of it is kept (the logins back off), so that a server
	// that keeps refusing good tokens does not make every due mail ask
	// the endpoint (a provider may lock an account that does).
	afterRefusal bool
	refusedAt    time.Time
}

// refusalHold is the least time between two refreshes for refusals.
const refusalHold = time.Minute

// Token returns an access token valid for at least RefreshMargin, asking
// the token endpoint for a new one when the one it has is older.
func (a *OAuth2) Token(ctx context.Context) (string, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	margin := a.RefreshMargin
	if margin <= 0 {
		margin = 2 * time.Minute
	}
	if a.tok != nil && (a.tok.Expiry.IsZero() || Now().Add(margin).Before(a.tok.Expiry)) {
		return a.tok.AccessToken, nil
	}
	rt, err := a.RefreshToken()
	if err != nil {
		return "", fmt.Errorf("oauth2: reading the refresh token: %w", err)
	}
	if rt == "" {
		return "", errors.New("oauth2: the refresh token is empty: run stormjudge oauth login")
	}
	hc := a.HTTPClient
	if hc == nil {
		hc = &http.Client{Timeout: 30 * time.Second}
	}
	ctx = context.WithValue(ctx, oauth2.HTTPClient, hc)
	// A token with only the refresh token is expired: Token refreshes.
	tok, err := a.Config.TokenSource(ctx, &oauth2.Token{RefreshToken: rt}).Token()
	if err != nil {
		return "", refreshError(a.Config.Endpoint.TokenURL, err)
	}
	if tok.AccessToken == "" {
		return "", fmt.Errorf("oauth2: the token endpoint %s returned no access token", a.Config.Endpoint.TokenURL)
	}
	a.tok = tok
	if a.afterRefusal {
		a.afterRefusal, a.refusedAt = false, Now()
	}
	a.logger().Info("oauth2 access token refreshed", "token_endpoint", a.Config.Endpoint.TokenURL,
		"expires", tok.Expiry.Format(time.RFC3339))
	if tok.RefreshToken != "" && tok.RefreshToken != rt && a.SaveRefreshToken != nil {
		if err := a.SaveRefreshToken(tok.RefreshToken); err != nil {
			a.logger().Error("oauth2: storing the new refresh token the endpoint returned; the old one is kept", "err", err)
		}
	}
	return tok.AccessToken, nil
}

// Refused tells that a server refused token: the next Token asks the
// endpoint for a new one (unless another caller already did), at most
// once a refusalHold: a token refused within refusalHold of the last
// refresh for a refusal is kept until then.
func (a *OAuth2) Refused(token string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.tok == nil || a.tok.AccessToken != token {
		return
	}
	if d := Now().Sub(a.refusedAt); !a.refusedAt.IsZero() && d >= 0 && d < refusalHold { // (a clock set back holds nothing)
		a.logger().Warn("oauth2: the server refused the token refreshed for its last refusal; no new refresh before a minute has passed",
			"token_endpoint", a.Config.Endpoint.TokenURL)
		return
	}
	a.tok, a.afterRefusal = nil, true
}

func (a *OAuth2) logger() *slog.Logger {
	if a.Logger != nil {
		return a.Logger
	}
	return slog.Default()
}

// refreshError says in words why the endpoint gave no token: a refresh
// token revoked or expired needs a new login, anything else is retried.
func refreshError(endpoint string, err error) error {
	var re *oauth2.RetrieveError
	if errors.As(err, &re) && re.ErrorCode == "invalid_grant" {
		return fmt.Errorf("oauth2: the token endpoint %s refused the refresh token (invalid_grant: revoked, expired or for another client): run stormjudge oauth login again: %w", endpoint, err)
	}
	return fmt.Errorf("oauth2: refreshing the access token at %s: %w", endpoint, err)
}

// Mechanism names of the two OAuth2 SASL mechanisms.
const (
	mechOAuthBearer = sasl.OAuthBearer // RFC 7628
	mechXOAuth2     = "XOAUTH2"        // Google's and Microsoft's, before RFC 7628
)

// oauthMechanism picks the mechanism from those the server offers:
// OAUTHBEARER, the standard one, before XOAUTH2.
func oauthMechanism(offered []string) (string, error) {
	has := func(m string) bool {
		return slices.ContainsFunc(offered, func(o string) bool { return strings.EqualFold(o, m) })
	}
	switch {
	case has(mechOAuthBearer):
		return mechOAuthBearer, nil
	case has(mechXOAuth2):
		return mechXOAuth2, nil
	}
	return "", fmt.Errorf("mailer: the server offers neither OAUTHBEARER nor XOAUTH2 (it offers %s)", strings.Join(offered, " "))
}

// oauthClient is a SASL client of either mechanism. A refusal comes as a
// challenge holding the server's JSON error: the client answers it as the
// mechanism asks (OAUTHBEARER: %x01, RFC 7628 3.2.3; XOAUTH2: an empty
// response), so that the server ends the exchange with its failure reply,
// and keeps the error for the log.
type oauthClient struct {
	mech    string
	user    string
	token   string
	refusal string // the server's JSON error, if it sent one
}

func (c *oauthClient) Start() (string, []byte, error) {
	if c.mech == mechOAuthBearer {
		return sasl.NewOAuthBearerClient(&sasl.OAuthBearerOptions{Username: c.user, Token: c.token}).Start()
	}
	return mechXOAuth2, []byte("user=" + c.user + "\x01auth=Bearer " + c.token + "\x01\x01"), nil
}

func (c *oauthClient) Next(challenge []byte) ([]byte, error) {
	var e sasl.OAuthBearerError
	if json.Unmarshal(challenge, &e) == nil && e.Status != "" {
		c.refusal = e.Status
	} else {
		c.refusal = string(challenge)
	}
	if c.mech == mechOAuthBearer {
		return []byte{0x01}, nil
	}
	return []byte{}, nil
}

// refusedError is the error of a login the server refused with an OAuth2
// token: the token is dropped, and the next try asks for a new one.
type refusedError struct {
	mech, status string
	err          error
}

func (e *refusedError) Error() string {
	s := "oauth2 " + e.mech + " login refused"
	if e.status != "" {
		s += " (token status " + e.status + ")"
	}
	return s + "; the access token is refreshed for the next try: " + e.err.Error()
}

func (e *refusedError) Unwrap() error { return e.err }

// smtpOAuth is go-mail's smtp.Auth for one connection's OAuth2 login:
// it picks the mechanism from those the server offers in its EHLO.
type smtpOAuth struct {
	ctx    context.Context
	tokens *OAuth2
	user   string
	sc     *oauthClient // nil until Start got a token
	done   bool         // the server accepted the login
}

func (a *smtpOAuth) Start(server *smtp.ServerInfo) (string, []byte, error) {
	mech, err := oauthMechanism(server.Auth)
	if err != nil {
		return "", nil, err
	}
	token, err := a.tokens.Token(a.ctx)
	if err != nil {
		return "", nil, err
	}
	a.sc = &oauthClient{mech: mech, user: a.user, token: token}
	return a.sc.Start()
}

func (a *smtpOAuth) Next(fromServer []byte, more bool) ([]byte, error) {
	if !more {
		a.done = true
		return nil, nil
	}
	return a.sc.Next(fromServer)
}

// refused returns err of a dial, as a refusedError when the server
// refused the token (which is then dropped). a may be nil (no OAuth2).
func (a *smtpOAuth) refused(err error) error {
	var te *textproto.Error
	if a == nil || a.sc == nil || a.done || !errors.As(err, &te) {
		return err
	}
	a.tokens.Refused(a.sc.token)
	return &refusedError{mech: a.sc.mech, status: a.sc.refusal, err: err}
}
