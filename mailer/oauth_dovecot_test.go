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
// inbox's IMAP login and the outbox's SMTP AUTH (Dovecot's submission
// service, relaying to the test's SMTP server) by OAUTHBEARER and by
// XOAUTH2, each the only one it offers, so that the client must pick it.
// A token Dovecot's endpoint no longer knows is refused; the inbox and the
// outbox say so, and the next try with a new token gets in: the message
// is handled once, the mail relayed once.
func TestOAuth2Dovecot(t *testing.T) {
	for _, mech := range []string{mechOAuthBearer, mechXOAuth2} {
		t.Run(mech, func(t *testing.T) {
			// Users with domains: Dovecot's submission names the user
			// in MAIL FROM's AUTH=, which the relay wants an address.
			const judge, germany = "judge@dovecot.test", "germany@dovecot.test"
			as := mailtest.StartOAuthServer(t, oauthClientID, judge, "rt-initial")
			relay := mailtest.StartSMTP(t, "", "")
			d := mailtest.StartDovecotWith(t, mailtest.DovecotOptions{
				Users:                  map[string]string{judge: "judgepw", germany: "germanypw"},
				OAuth2IntrospectionURL: as.URL + mailtest.OAuthIntrospectPath,
				OAuth2Mechanisms:       []string{mech},
				SubmissionRelay:        relay.Addr,
			})

			// IMAP, a revoked token: refused, in words.
			tokens := (&testTokens{refresh: "rt-initial"}).source(t, as)
			if _, err := tokens.Token(context.Background()); err != nil {
				t.Fatal(err)
			}
			as.RevokeAccess()
			db := openStore(t)
			_, err := NewInbox(&IMAPOptions{Addr: d.IMAPAddr, Username: judge, OAuth2: tokens, Logger: testLogger(t)},
				db, newRecorder(t).handle).session(context.Background())
			var re *refusedError
			if !errors.As(err, &re) || re.mech != mech || !strings.Contains(err.Error(), "refreshed for the next try") {
				t.Fatalf("IMAP login with a revoked token: %v; want a %s refusal", err, mech)
			}
			if as.Introspections() == 0 {
				t.Fatal("Dovecot never asked the introspection endpoint")
			}
			// The next login asks for a new token and gets in.
			if err := mailtest.Deliver(d.LMTPAddr, germany, []string{judge}, testMessage("dove-oauth@example.test")); err != nil {
				t.Fatal(err)
			}
			rec := newRecorder(t)
			runLoop(t, NewInbox(&IMAPOptions{Addr: d.IMAPAddr, Username: judge, OAuth2: tokens, Logger: testLogger(t)}, db, rec.handle).Run)
			eventually(t, "the message handled with a new token", func() bool { return rec.count() == 1 })
			if got := rec.IDs(); len(got) != 1 || got[0] != "dove-oauth@example.test" {
				t.Errorf("handled %v", got)
			}

			// SMTP, the token revoked again: the attempt is refused
			// before MAIL FROM, the mail waits its backoff, and the next
			// attempt relays it, once.
			as.RevokeAccess()
			clock := setFakeClock(t, created.Add(time.Minute))
			enqueue(t, db, testMail("out-1", germany, created))
			out := outboxOptions(t, d.SubmissionAddr)
			out.Username, out.OAuth2 = judge, tokens
			o := NewOutbox(out, db)
			runLoop(t, o.Run)
			eventually(t, "the refused attempt recorded", func() bool { return storedMail(t, db, "out-1").LastError != "" })
			if m := storedMail(t, db, "out-1"); !m.Sent.IsZero() || !strings.Contains(m.LastError, "oauth2 "+mech+" login refused") {
				t.Fatalf("after the refusal: sent %v, error %q", m.Sent, m.LastError)
			}
			clock.Advance(backoff(0))
			o.Kick()
			eventually(t, "the mail relayed with a new token", func() bool { return sent(t, db, "out-1") })
			if got := len(relay.Received()); got != 1 {
				t.Errorf("the relay received %d mails, want 1 (never lost, never doubled)", got)
			}
			if n := as.Refreshes(); n != 3 {
				t.Errorf("%d refreshes, want 3 (the first token, after each revocation)", n)
			}
		})
	}
}
