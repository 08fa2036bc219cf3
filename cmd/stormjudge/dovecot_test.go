package main

import (
	"context"
	"io"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-smtp"

	"stormjudge/adjudicator/storm"
	"stormjudge/mailer/mailtest"
)

// relay is a minimal MTA for the test: a go-smtp server on loopback that
// hands every message to Dovecot over LMTP, as Postfix or OpenSMTPD would.
type relay struct{ lmtp string }

func (r relay) NewSession(*smtp.Conn) (smtp.Session, error) { return &relaySession{lmtp: r.lmtp}, nil }

type relaySession struct {
	lmtp, from string
	to         []string
}

func (s *relaySession) Mail(from string, _ *smtp.MailOptions) error { s.from = from; return nil }
func (s *relaySession) Rcpt(to string, _ *smtp.RcptOptions) error {
	// Dovecot's users are bare names (judge, germany ...).
	s.to = append(s.to, strings.SplitN(to, "@", 2)[0])
	return nil
}
func (s *relaySession) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	return mailtest.Deliver(s.lmtp, s.from, s.to, raw)
}
func (s *relaySession) Reset()        { s.from, s.to = "", nil }
func (s *relaySession) Logout() error { return nil }

// TestDaemonAgainstDovecot runs the daemon against Debian's Dovecot (IMAP
// in) and an SMTP relay into Dovecot (mail out): orders delivered to the
// judge's Dovecot mailbox are answered, adjudicated and reported into the
// players' Dovecot mailboxes.
func TestDaemonAgainstDovecot(t *testing.T) {
	t.Parallel() // its own servers and data: waits overlap (issue 24, CI time)
	users := map[string]string{"judge": "judgepw", "gm": "gmpw"}
	for _, p := range storm.Powers {
		users[p.String()] = p.String() + "pw"
	}
	imapAddr, lmtpAddr := mailtest.StartDovecot(t, users)

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := smtp.NewServer(relay{lmtp: lmtpAddr})
	srv.Domain = "localhost"
	srv.AllowInsecureAuth = true
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { defer wg.Done(); srv.Serve(ln) }()
	t.Cleanup(func() { srv.Close(); wg.Wait() })

	cfg := &Config{
		Data: t.TempDir() + "/stormjudge.db", Address: "judge@dovecot.test", Tick: duration{time.Second},
		IMAP: IMAPConfig{Addr: imapAddr, Username: "judge", Password: "judgepw", TLS: "none", PollInterval: duration{time.Second}},
		SMTP: SMTPConfig{Addr: ln.Addr().String(), TLS: "none"},
	}
	cfg.Games = []GameConfig{economicGame("dove", "dovecot.test")} // every power is asked each turn
	startDaemon(t, cfg)

	inbox := func(p storm.Power) map[string]int {
		return countKinds(fetchAll(t, imapAddr, p.String(), p.String()+"pw", "INBOX"))
	}
	for _, p := range storm.Powers {
		waitFor(t, p.String()+"'s welcome in Dovecot", 30*time.Second, func() bool { return inbox(p)["welcome"] == 1 })
	}
	for _, p := range storm.Powers {
		raw := "From: " + p.String() + "@dovecot.test\r\nTo: judge@dovecot.test\r\nSubject: orders\r\nMessage-ID: <dove-" + p.String() +
			"@client.test>\r\n\r\nGAME dove\r\nSECRET s-" + p.String() + "\r\nPASS\r\nEND\r\n"
		if err := mailtest.Deliver(lmtpAddr, p.String()+"@dovecot.test", []string{"judge"}, []byte(raw)); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range storm.Powers {
		waitFor(t, p.String()+"'s receipt and reports in Dovecot", 60*time.Second, func() bool {
			n := inbox(p)
			return n["receipt"] == 1 && n["digest"] == 2 // the digest, the default delivery
		})
	}
	// Handled orders were moved to Processed in Dovecot, none left behind.
	waitFor(t, "judge's INBOX emptied into Processed", 30*time.Second, func() bool {
		inbox, err := readMailbox(imapAddr, "judge", "judgepw", "INBOX", false) // envelopes only: the judge moves them meanwhile
		return len(fetchAll(t, imapAddr, "judge", "judgepw", "Processed")) == 5 && err == nil && len(inbox) == 0
	})
}

// economicGame is a five-seat game of economic turns alone (no
// diplomacy, no crisis: every power is asked each turn), its players
// <power>@domain with the secrets s-<power>, its moderator gm@domain.
func economicGame(id, domain string) GameConfig {
	off := false
	g := GameConfig{ID: id, Moderators: []string{"gm@" + domain}, Seed: 42, Diplomacy: &off, Crisis: &off}
	for _, p := range storm.Powers {
		g.Seats = append(g.Seats, SeatConfig{Power: p.String(), Address: p.String() + "@" + domain, Secret: "s-" + p.String()})
	}
	return g
}

// startDaemon runs the daemon on cfg until the test ends, which then
// checks that it stopped cleanly.
func startDaemon(t *testing.T, cfg *Config) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- runDaemon(ctx, cfg, newLogger(io.Discard, "error"), nil) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("daemon: %v", err)
		}
	})
}
