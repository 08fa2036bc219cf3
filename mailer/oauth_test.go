package mailer

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/oauth2"

	"stormjudge/mailer/mailserver"
	"stormjudge/mailer/mailtest"
)

const (
	oauthClientID = "stormjudge-test"
	oauthJudge    = "judge@sandbox.test"
	oauthPlayer   = "germany@sandbox.test"
)

// startOAuthSandbox starts the fake authorization server and the sandbox's
// mail servers checking tokens against it, offering mechs (nil: both).
// The judge's account logs in with a token; the player's with a password.
func startOAuthSandbox(t *testing.T, mechs []string) (*mailtest.OAuthServer, *mailserver.Server) {
	t.Helper()
	as := mailtest.StartOAuthServer(t, oauthClientID, oauthJudge, "rt-initial")
	s, err := mailserver.Start(&mailserver.Options{
		Dir:             filepath.Join(t.TempDir(), "mail"),
		IMAPAddr:        "127.0.0.1:0",
		SMTPAddr:        "127.0.0.1:0",
		Logger:          slog.New(slog.NewTextHandler(io.Discard, nil)),
		CheckToken:      func(_, token string) bool { return as.Valid(token) },
		OAuthMechanisms: mechs,
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	for _, u := range []string{oauthJudge, oauthPlayer} {
		// The judge's password is never given to the daemon.
		if err := s.AddUser(u, "pw-"+u); err != nil {
			t.Fatal(err)
		}
	}
	return as, s
}

// testTokens is the judge's token source at as, with the refresh token in
// a variable (as the file or environment variable would hold it).
type testTokens struct {
	mu      sync.Mutex
	refresh string
	saved   []string
}

func (tt *testTokens) source(t *testing.T, as *mailtest.OAuthServer) *OAuth2 {
	return &OAuth2{
		Config: oauth2.Config{ClientID: oauthClientID, Endpoint: oauth2.Endpoint{TokenURL: as.URL + mailtest.OAuthTokenPath}},
		RefreshToken: func() (string, error) {
			tt.mu.Lock()
			defer tt.mu.Unlock()
			return tt.refresh, nil
		},
		SaveRefreshToken: func(rt string) error {
			tt.mu.Lock()
			defer tt.mu.Unlock()
			tt.refresh = rt
			tt.saved = append(tt.saved, rt)
			return nil
		},
		Logger: testLogger(t),
	}
}

// TestOAuth2SandboxInboxAndOutbox: the daemon's inbox and outbox log in to
// the sandbox's servers with an access token, by OAUTHBEARER when offered
// and by XOAUTH2 when that is all the server offers; a mail goes out over
// SMTP and one comes in over IMAP.
func TestOAuth2SandboxInboxAndOutbox(t *testing.T) {
	for _, mechs := range [][]string{nil, {mechOAuthBearer}, {mechXOAuth2}} {
		name := "both"
		if mechs != nil {
			name = mechs[0]
		}
		t.Run(name, func(t *testing.T) {
			as, s := startOAuthSandbox(t, mechs)
			tokens := (&testTokens{refresh: "rt-initial"}).source(t, as)
			db := openStore(t)
			enqueue(t, db, testMail("out-1", oauthPlayer, time.Now()))
			out := outboxOptions(t, s.SMTPAddr())
			out.Username, out.OAuth2 = oauthJudge, tokens
			runLoop(t, NewOutbox(out, db).Run)
			eventually(t, "the mail sent with a token", func() bool { return sent(t, db, "out-1") })
			if got := len(mailboxMessageIDs(t, s.IMAPAddr(), oauthPlayer, "pw-"+oauthPlayer, "INBOX")); got != 1 {
				t.Errorf("the player's INBOX holds %d messages, want 1", got)
			}

			if err := s.Deliver(oauthPlayer, []string{oauthJudge}, testMessage("in-1@example.test")); err != nil {
				t.Fatal(err)
			}
			rec := newRecorder(t)
			in := &IMAPOptions{Addr: s.IMAPAddr(), Username: oauthJudge, OAuth2: tokens, Logger: testLogger(t)}
			runLoop(t, NewInbox(in, db, rec.handle).Run)
			eventually(t, "the message read with a token", func() bool { return rec.count() == 1 })
			if n := as.Refreshes(); n != 1 {
				t.Errorf("%d refreshes, want 1 (the inbox and the outbox share the token)", n)
			}
		})
	}
}

// TestOAuth2MadeUpTokenRefused: a token the authorization server never
// issued is refused, with the RFC 7628 status, and dropped.
func TestOAuth2MadeUpTokenRefused(t *testing.T) {
	as, s := startOAuthSandbox(t, nil)
	db := openStore(t)
	bogus := &OAuth2{Config: oauth2.Config{ClientID: oauthClientID, Endpoint: oauth2.Endpoint{TokenURL: as.URL + mailtest.OAuthTokenPath}},
		RefreshToken: func() (string, error) { return "rt-initial", nil }}
	bogus.tok = &oauth2.Token{AccessToken: "at-made-up"}
	in := &IMAPOptions{Addr: s.IMAPAddr(), Username: oauthJudge, OAuth2: bogus, Logger: testLogger(t)}
	inbox := NewInbox(in, db, newRecorder(t).handle)
	_, err := inbox.session(context.Background())
	var re *refusedError
	if !errors.As(err, &re) || re.mech != mechOAuthBearer || re.status != "invalid_token" {
		t.Fatalf("session with a made-up token: %v; want an OAUTHBEARER refusal with status invalid_token", err)
	}
	if bogus.tok != nil {
		t.Error("the refused token is still cached")
	}
}

// TestOAuth2RevokedAccessTokenRetried: the access token the daemon holds
// is revoked. The outbox's login is refused before MAIL FROM, the mail
// stays pending with the refusal as its error, and the next attempt (its
// backoff) logs in with a new token and sends it once. The inbox reconnects
// with a new token too and handles its message once.
func TestOAuth2RevokedAccessTokenRetried(t *testing.T) {
	as, s := startOAuthSandbox(t, []string{mechXOAuth2})
	tokens := (&testTokens{refresh: "rt-initial"}).source(t, as)
	if _, err := tokens.Token(context.Background()); err != nil {
		t.Fatal(err)
	}
	as.RevokeAccess()

	clock := setFakeClock(t, created.Add(time.Minute))
	db := openStore(t)
	enqueue(t, db, testMail("out-1", oauthPlayer, created))
	out := outboxOptions(t, s.SMTPAddr())
	out.Username, out.OAuth2 = oauthJudge, tokens
	o := NewOutbox(out, db)
	runLoop(t, o.Run)
	eventually(t, "the refused attempt recorded", func() bool { return storedMail(t, db, "out-1").LastError != "" })
	m := storedMail(t, db, "out-1")
	if !m.Sent.IsZero() || !m.Failed.IsZero() || m.Attempts != 1 ||
		!strings.Contains(m.LastError, "oauth2 XOAUTH2 login refused") || !strings.Contains(m.LastError, "refreshed for the next try") {
		t.Fatalf("after the refusal: sent %v failed %v attempts %d error %q; want pending, 1 attempt, the refusal in words",
			m.Sent, m.Failed, m.Attempts, m.LastError)
	}
	clock.Advance(backoff(0))
	o.Kick()
	eventually(t, "the mail sent with a new token", func() bool { return sent(t, db, "out-1") })
	if got := storedMail(t, db, "out-1").Attempts; got != 2 {
		t.Errorf("%d attempts, want 2", got)
	}
	if got := len(mailboxMessageIDs(t, s.IMAPAddr(), oauthPlayer, "pw-"+oauthPlayer, "INBOX")); got != 1 {
		t.Errorf("the player's INBOX holds %d messages, want 1 (never lost, never doubled)", got)
	}

	clock.Advance(refusalHold) // a revocation a minute later: refreshed again at once
	as.RevokeAccess()
	if err := s.Deliver(oauthPlayer, []string{oauthJudge}, testMessage("in-1@example.test")); err != nil {
		t.Fatal(err)
	}
	rec := newRecorder(t)
	in := &IMAPOptions{Addr: s.IMAPAddr(), Username: oauthJudge, OAuth2: tokens, Logger: testLogger(t)}
	runLoop(t, NewInbox(in, db, rec.handle).Run)
	eventually(t, "the message read after a new token", func() bool { return rec.count() == 1 })
	if n := as.Refreshes(); n != 3 {
		t.Errorf("%d refreshes, want 3 (the first token, after each revocation)", n)
	}
}

// TestOAuth2RevokedRefreshTokenSaysLoginAgain: a refresh token the
// endpoint refuses (invalid_grant) gives an error that says what to do,
// and the outbox keeps the mail pending (it is no fault of the mail).
func TestOAuth2RevokedRefreshTokenSaysLoginAgain(t *testing.T) {
	as, s := startOAuthSandbox(t, nil)
	as.RevokeRefresh("rt-initial")
	tokens := (&testTokens{refresh: "rt-initial"}).source(t, as)
	_, err := tokens.Token(context.Background())
	var re *oauth2.RetrieveError
	if err == nil || !strings.Contains(err.Error(), "run stormjudge oauth login again") || !errors.As(err, &re) {
		t.Fatalf("Token with a revoked refresh token: %v; want invalid_grant and the way out", err)
	}
	db := openStore(t)
	enqueue(t, db, testMail("out-1", oauthPlayer, time.Now()))
	out := outboxOptions(t, s.SMTPAddr())
	out.Username, out.OAuth2 = oauthJudge, tokens
	runLoop(t, NewOutbox(out, db).Run)
	eventually(t, "the attempt recorded", func() bool { return storedMail(t, db, "out-1").LastError != "" })
	if m := storedMail(t, db, "out-1"); !m.Failed.IsZero() || !m.Sent.IsZero() || !strings.Contains(m.LastError, "oauth login again") {
		t.Errorf("mail: sent %v failed %v error %q; want pending with the way out", m.Sent, m.Failed, m.LastError)
	}
}

// TestOAuth2RefreshBeforeExpiry: the token is reused while it has more
// than RefreshMargin left, and refreshed once it has less, before the
// server would refuse it.
func TestOAuth2RefreshBeforeExpiry(t *testing.T) {
	as := mailtest.StartOAuthServer(t, oauthClientID, oauthJudge, "rt-initial")
	as.SetExpiresIn(10 * time.Minute)
	clock := setFakeClock(t, time.Now())
	tokens := (&testTokens{refresh: "rt-initial"}).source(t, as)
	ctx := context.Background()
	first, err := tokens.Token(ctx)
	if err != nil {
		t.Fatal(err)
	}
	clock.Advance(7 * time.Minute)
	if again, _ := tokens.Token(ctx); again != first || as.Refreshes() != 1 {
		t.Fatalf("7 minutes into a 10-minute token: got a new one (%d refreshes)", as.Refreshes())
	}
	clock.Advance(90 * time.Second) // 1m30s left, under the 2m margin
	next, err := tokens.Token(ctx)
	if err != nil || next == first || as.Refreshes() != 2 {
		t.Fatalf("1m30s before expiry: token %q (err %v), %d refreshes; want a new one", next, err, as.Refreshes())
	}
	if !as.Valid(next) {
		t.Error("the new token is not valid at the server")
	}
}

// TestOAuth2RotatedRefreshTokenSaved: an endpoint that rotates refresh
// tokens returns a new one at each refresh; it is saved, and the next
// refresh uses it (the old one no longer works).
func TestOAuth2RotatedRefreshTokenSaved(t *testing.T) {
	as := mailtest.StartOAuthServer(t, oauthClientID, oauthJudge, "rt-initial")
	as.SetRotate(true)
	tt := &testTokens{refresh: "rt-initial"}
	tokens := tt.source(t, as)
	tok, err := tokens.Token(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(tt.saved) != 1 || as.RefreshTokenValid("rt-initial") || !as.RefreshTokenValid(tt.saved[0]) {
		t.Fatalf("saved %q; want the one new refresh token, the old one revoked", tt.saved)
	}
	tokens.Refused(tok)
	if _, err := tokens.Token(context.Background()); err != nil || len(tt.saved) != 2 {
		t.Fatalf("refresh with the saved token: %v (saved %q)", err, tt.saved)
	}
}

// TestOAuth2MechanismOfferedChosen: OAUTHBEARER before XOAUTH2, whatever
// the order or case the server lists them in; neither is an error that
// names what the server offers.
func TestOAuth2MechanismOfferedChosen(t *testing.T) {
	for _, c := range []struct {
		offered []string
		want    string
	}{
		{[]string{"PLAIN", "XOAUTH2", "OAUTHBEARER"}, mechOAuthBearer},
		{[]string{"xoauth2", "PLAIN"}, mechXOAuth2},
		{[]string{"oauthbearer"}, mechOAuthBearer},
	} {
		if got, err := oauthMechanism(c.offered); err != nil || got != c.want {
			t.Errorf("offered %v: %q, %v; want %q", c.offered, got, err, c.want)
		}
	}
	if _, err := oauthMechanism([]string{"PLAIN", "LOGIN"}); err == nil || !strings.Contains(err.Error(), "PLAIN LOGIN") {
		t.Errorf("neither offered: %v", err)
	}
}

// TestOAuth2RefusedAgainWithinAMinuteKept: a server that refuses the
// token refreshed for its last refusal within a minute does not make the
// daemon ask the endpoint again before the minute is out (a provider may
// lock an account that asks for a token at every due mail).
func TestOAuth2RefusedAgainWithinAMinuteKept(t *testing.T) {
	as, _ := startOAuthSandbox(t, []string{mechXOAuth2})
	tokens := (&testTokens{refresh: "rt-initial"}).source(t, as)
	clock := setFakeClock(t, created.Add(time.Minute))
	first, err := tokens.Token(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	tokens.Refused(first)
	second, err := tokens.Token(context.Background())
	if err != nil || second == first {
		t.Fatalf("after a refusal: %q, %v; want a new token", second, err)
	}
	for range 10 { // refused again and again within the minute
		tokens.Refused(second)
		if tok, err := tokens.Token(context.Background()); err != nil || tok != second {
			t.Fatalf("refused again within the minute: %q, %v; want the same token kept", tok, err)
		}
	}
	if n := as.Refreshes(); n != 2 {
		t.Errorf("%d refreshes within the minute, want 2", n)
	}
	clock.Advance(refusalHold)
	tokens.Refused(second)
	if tok, err := tokens.Token(context.Background()); err != nil || tok == second {
		t.Errorf("a minute later: %q, %v; want a new token", tok, err)
	}
}
