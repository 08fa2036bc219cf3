package mailtest

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"
)

// OAuthServer is an OAuth2 authorization server on 127.0.0.1 for tests:
// the token endpoint (grants refresh_token, authorization_code with PKCE,
// RFC 7636, and the device code, RFC 8628), an authorization endpoint that
// approves at once (as if the user had clicked Allow) and a token
// introspection endpoint (RFC 7662) as Dovecot's oauth2 passdb asks it.
// The access tokens it issued are valid until they expire (ExpiresIn) or
// are revoked; a mail server in the test checks them with [OAuthServer.Valid]
// or through the introspection endpoint.
type OAuthServer struct {
	URL      string // base URL, http://127.0.0.1:port
	ClientID string // the only client it knows
	User     string // the account every grant is for

	mu         sync.Mutex
	expiresIn  time.Duration
	access     map[string]time.Time // access token -> expiry
	refresh    map[string]bool      // refresh tokens that work
	codes      map[string]string    // authorization code -> PKCE challenge
	devices    map[string]bool      // device codes, true once "approved"
	rotate     bool
	refreshes  int
	introspect int
}

// Paths of the endpoints under URL.
const (
	OAuthTokenPath      = "/token"
	OAuthAuthorizePath  = "/authorize"
	OAuthDevicePath     = "/devicecode"
	OAuthIntrospectPath = "/introspect"
)

// StartOAuthServer starts an authorization server for clientID that grants
// tokens for user; refreshToken is a refresh token it accepts from the
// start ("" none). It stops when the test ends.
func StartOAuthServer(t testing.TB, clientID, user, refreshToken string) *OAuthServer {
	t.Helper()
	s := &OAuthServer{ClientID: clientID, User: user, expiresIn: time.Hour,
		access: map[string]time.Time{}, refresh: map[string]bool{}, codes: map[string]string{}, devices: map[string]bool{}}
	if refreshToken != "" {
		s.refresh[refreshToken] = true
	}
	mux := http.NewServeMux()
	mux.HandleFunc(OAuthTokenPath, s.token)
	mux.HandleFunc(OAuthAuthorizePath, s.authorize)
	mux.HandleFunc(OAuthDevicePath, s.device)
	mux.HandleFunc(OAuthIntrospectPath, s.introspectToken)
	srv := httptest.NewServer(mux) // listens on 127.0.0.1
	t.Cleanup(srv.Close)
	s.URL = srv.URL
	return s
}

// SetExpiresIn sets the lifetime of the access tokens issued from now on.
func (s *OAuthServer) SetExpiresIn(d time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.expiresIn = d
}

// SetRotate makes every refresh return a new refresh token and revoke the
// old one (as Microsoft's endpoint rotates them).
func (s *OAuthServer) SetRotate(on bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.rotate = on
}

// RevokeAccess revokes every access token issued so far.
func (s *OAuthServer) RevokeAccess() {
	s.mu.Lock()
	defer s.mu.Unlock()
	clear(s.access)
}

// RevokeRefresh revokes a refresh token: a refresh with it then gets
// invalid_grant.
func (s *OAuthServer) RevokeRefresh(token string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.refresh, token)
}

// Valid reports whether token is an access token it issued that has not
// expired nor been revoked.
func (s *OAuthServer) Valid(token string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	exp, ok := s.access[token]
	return ok && time.Now().Before(exp)
}

// Refreshes is how many access tokens the refresh_token grant issued.
func (s *OAuthServer) Refreshes() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.refreshes
}

// Introspections is how many requests the introspection endpoint answered.
func (s *OAuthServer) Introspections() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.introspect
}

// RefreshTokenValid reports whether a refresh token still works.
func (s *OAuthServer) RefreshTokenValid(token string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.refresh[token]
}

func randomToken(prefix string) string {
	b := make([]byte, 12)
	rand.Read(b)
	return prefix + hex.EncodeToString(b)
}

// issueLocked issues an access token and a refresh token (when withRefresh).
func (s *OAuthServer) issueLocked(w http.ResponseWriter, withRefresh bool) {
	at := randomToken("at-")
	s.access[at] = time.Now().Add(s.expiresIn)
	resp := map[string]any{"access_token": at, "token_type": "Bearer", "expires_in": int(s.expiresIn / time.Second)}
	if withRefresh {
		rt := randomToken("rt-")
		s.refresh[rt] = true
		resp["refresh_token"] = rt
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(resp)
}

func oauthError(w http.ResponseWriter, status int, code string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]string{"error": code})
}

// clientID is the client of a token request: the form's client_id or
// HTTP basic authentication (which x/oauth2 tries first).
func clientID(r *http.Request) string {
	if id, _, ok := r.BasicAuth(); ok {
		id, _ = url.QueryUnescape(id)
		return id
	}
	return r.PostFormValue("client_id")
}

func (s *OAuthServer) token(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		oauthError(w, http.StatusMethodNotAllowed, "invalid_request")
		return
	}
	if clientID(r) != s.ClientID {
		oauthError(w, http.StatusUnauthorized, "invalid_client")
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	switch r.PostFormValue("grant_type") {
	case "refresh_token":
		rt := r.PostFormValue("refresh_token")
		if !s.refresh[rt] {
			oauthError(w, http.StatusBadRequest, "invalid_grant")
			return
		}
		s.refreshes++
		if s.rotate {
			delete(s.refresh, rt)
		}
		s.issueLocked(w, s.rotate)
	case "authorization_code":
		challenge, ok := s.codes[r.PostFormValue("code")]
		delete(s.codes, r.PostFormValue("code"))
		sum := sha256.Sum256([]byte(r.PostFormValue("code_verifier")))
		if !ok || base64.RawURLEncoding.EncodeToString(sum[:]) != challenge {
			oauthError(w, http.StatusBadRequest, "invalid_grant")
			return
		}
		s.issueLocked(w, true)
	case "urn:ietf:params:oauth:grant-type:device_code":
		approved, ok := s.devices[r.PostFormValue("device_code")]
		switch {
		case !ok:
			oauthError(w, http.StatusBadRequest, "invalid_grant")
		case !approved:
			// The first poll finds the user still typing the code; the
			// next one finds it approved.
			s.devices[r.PostFormValue("device_code")] = true
			oauthError(w, http.StatusBadRequest, "authorization_pending")
		default:
			delete(s.devices, r.PostFormValue("device_code"))
			s.issueLocked(w, true)
		}
	default:
		oauthError(w, http.StatusBadRequest, "unsupported_grant_type")
	}
}

// authorize approves at once: it redirects to redirect_uri with a code
// bound to the PKCE challenge (S256 only) and the state.
func (s *OAuthServer) authorize(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	redirect, err := url.Parse(q.Get("redirect_uri"))
	if err != nil || q.Get("client_id") != s.ClientID || q.Get("response_type") != "code" ||
		q.Get("code_challenge_method") != "S256" || q.Get("code_challenge") == "" ||
		redirect.Scheme != "http" || !strings.HasPrefix(redirect.Host, "127.0.0.1:") {
		http.Error(w, "bad authorization request", http.StatusBadRequest)
		return
	}
	code := randomToken("code-")
	s.mu.Lock()
	s.codes[code] = q.Get("code_challenge")
	s.mu.Unlock()
	v := redirect.Query()
	v.Set("code", code)
	v.Set("state", q.Get("state"))
	redirect.RawQuery = v.Encode()
	http.Redirect(w, r, redirect.String(), http.StatusFound)
}

// device starts a device authorization (RFC 8628 3.1).
func (s *OAuthServer) device(w http.ResponseWriter, r *http.Request) {
	if r.PostFormValue("client_id") != s.ClientID {
		oauthError(w, http.StatusUnauthorized, "invalid_client")
		return
	}
	dc := randomToken("dc-")
	s.mu.Lock()
	s.devices[dc] = false
	s.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"device_code": dc, "user_code": "WDJB-MJHT",
		"verification_uri": s.URL + "/device", "expires_in": 600, "interval": 1})
}

// introspectToken answers RFC 7662 introspection: the token is taken from
// the form (token=) or from the Authorization header, which is how
// Dovecot's oauth2 passdb sends it with introspection_mode = auth.
func (s *OAuthServer) introspectToken(w http.ResponseWriter, r *http.Request) {
	token := r.FormValue("token")
	if token == "" {
		token = r.URL.Query().Get("access_token")
	}
	if h := r.Header.Get("Authorization"); token == "" && len(h) > 7 && strings.EqualFold(h[:7], "bearer ") {
		token = h[7:]
	}
	s.mu.Lock()
	s.introspect++
	s.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	if !s.Valid(token) {
		// RFC 7662 2.2: an inactive token is a 200 with active false.
		json.NewEncoder(w).Encode(map[string]any{"active": false})
		return
	}
	json.NewEncoder(w).Encode(map[string]any{"active": true, "username": s.User, "email": s.User,
		"client_id": s.ClientID, "token_type": "Bearer"})
}
