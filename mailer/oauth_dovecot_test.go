package mailer

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"stormjudge/mailer/mailtest"
)

// TestOAuth2Dovecot: Debian's Dovecot 2.3, its oauth2 passdb asking the
// test's introspection endpoint on loopback about every token, takes the
// inbox's login by OAUTHBEARER and by XOAUTH2 (each the only one it
// offers, so the inbox must pick it). A revoked token is refused by
// Dovecot; the inbox says so, reconnects with a new token and handles the
// message once. (Debian's Dovecot has no SMTP submission service here:
// the outbox's OAuth2 login is tested against the sandbox's SMTP.)
func TestOAuth2Dovecot(t *testing.T) {
	for _, mech := range []string{mechOAuthBearer, mechXOAuth2} {
		t.Run(mech, func(t *testing.T) {
			as := mailtest.StartOAuthServer(t, oauthClientID, "judge", "rt-initial")
			imapAddr, lmtpAddr := mailtest.StartDovecotOAuth2(t, map[string]string{"judge": "judgepw", "germany": "germanypw"},
				as.URL+mailtest.OAuthIntrospectPath, mech)
			tokens := (&testTokens{refresh: "rt-initial"}).source(t, as)

			// A token Dovecot never saw issued: refused, in words.
			bogus := (&testTokens{refresh: "rt-initial"}).source(t, as)
			if _, err := bogus.Token(context.Background()); err != nil {
				t.Fatal(err)
			}
			as.RevokeAccess()
			inbox := NewInbox(&IMAPOptions{Addr: imapAddr, Username: "judge", OAuth2: bogus, Logger: testLogger(t)}, openStore(t), newRecorder(t).handle)
			_, err := inbox.session(context.Background())
			var re *refusedError
			if !errors.As(err, &re) || re.mech != mech || !strings.Contains(err.Error(), "refreshed for the next try") {
				t.Fatalf("login with a revoked token: %v; want a %s refusal", err, mech)
			}
			seen := as.Introspections()
			if seen == 0 {
				t.Fatal("Dovecot never asked the introspection endpoint")
			}

			// The inbox's own token, revoked before its first login:
			// refused, then a new one, and the message handled once.
			if _, err := tokens.Token(context.Background()); err != nil {
				t.Fatal(err)
			}
			as.RevokeAccess()
			raw := testMessage("dove-oauth@example.test")
			if err := mailtest.Deliver(lmtpAddr, "germany@dovecot.test", []string{"judge"}, raw); err != nil {
				t.Fatal(err)
			}
			rec := newRecorder(t)
			runLoop(t, NewInbox(&IMAPOptions{Addr: imapAddr, Username: "judge", OAuth2: tokens, Logger: testLogger(t)}, openStore(t), rec.handle).Run)
			// Dovecot delays the next login from an address after each
			// failure (its auth penalty: 4s, then 8s, here), and the
			// inbox waits its reconnect schedule on top.
			for deadline := time.Now().Add(30 * time.Second); rec.count() != 1; time.Sleep(50 * time.Millisecond) {
				if time.Now().After(deadline) {
					t.Fatal("timed out waiting for the message handled after a new token")
				}
			}
			if got := rec.IDs(); len(got) != 1 || got[0] != "dove-oauth@example.test" {
				t.Errorf("handled %v", got)
			}
			if n := as.Introspections(); n < seen+2 {
				t.Errorf("%d introspections after the first %d; want the refused and the accepted token asked", n, seen)
			}
			// Passwords still log in (the passwd-file after the oauth2 passdb).
			if ids := mailboxMessageIDs(t, imapAddr, "judge", "judgepw", "Processed"); len(ids) != 1 {
				t.Errorf("Processed holds %v", ids)
			}
		})
	}
}
