// Package mailtest starts real mail servers for tests of any package.
//
// StartDovecot runs Debian's Dovecot 2.3 (IMAP + LMTP) on loopback ports in a
// temporary directory and stops it when the test ends. Deliver with
// [Deliver] (LMTP, as an MTA would) and read over IMAP with the user names
// and passwords given.
package mailtest

import (
	"bytes"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/emersion/go-smtp"
)

// RequireDovecotEnv names the environment variable that turns a missing
// Dovecot from a skipped test into a failed one (set it in CI).
const RequireDovecotEnv = "STORMJUDGE_REQUIRE_DOVECOT"

// mailUID is the owner of the mail files: "nobody", as in
// shared/design/real-mail-servers.md.
const mailUID = 65534

// StartDovecot starts Dovecot with the given users (name -> password) and
// returns its IMAP and LMTP addresses on 127.0.0.1. Mail is stored as
// Maildir under a temporary directory owned by nobody. The server is killed
// when the test ends; its log is printed if the test failed.
//
// Without a dovecot binary the test is skipped, unless the environment
// variable STORMJUDGE_REQUIRE_DOVECOT is "1": then it fails. The root
// variant of the configuration is used, so the test must run as root
// (otherwise it is skipped or fails in the same way).
func StartDovecot(t testing.TB, users map[string]string) (imapAddr, lmtpAddr string) {
	t.Helper()
	d := StartDovecotWith(t, DovecotOptions{Users: users})
	return d.IMAPAddr, d.LMTPAddr
}

// DovecotOptions are StartDovecotWith's.
type DovecotOptions struct {
	Users map[string]string // name -> password, as for StartDovecot
	// OAuth2IntrospectionURL, when set, puts Dovecot's oauth2 passdb in
	// front of the passwords: the SASL mechanisms OAuth2Mechanisms
	// (default OAUTHBEARER and XOAUTH2) are offered besides PLAIN and
	// LOGIN, and Dovecot checks each token by asking this introspection
	// endpoint (RFC 7662, a POST of token=...): the token is good when
	// the answer says active true and its username is the user logging
	// in. A password still logs in as before.
	OAuth2IntrospectionURL string
	OAuth2Mechanisms       []string
	// SubmissionRelay, when set (host:port), also starts Dovecot's SMTP
	// submission service (Debian's dovecot-submissiond), which takes
	// AUTH like IMAP and relays what it accepts to this SMTP server
	// (a go-smtp one needs users with domains: dovecotSubmission).
	SubmissionRelay string
}

// Dovecot is where a started Dovecot listens, on 127.0.0.1.
type Dovecot struct {
	IMAPAddr, LMTPAddr string
	SubmissionAddr     string // "" without DovecotOptions.SubmissionRelay
}

// StartDovecotWith is StartDovecot with options: the oauth2 passdb, the
// submission service.
func StartDovecotWith(t testing.TB, o DovecotOptions) Dovecot {
	t.Helper()
	users := o.Users
	bin, err := exec.LookPath("dovecot")
	if err != nil {
		for _, p := range []string{"/usr/sbin/dovecot", "/usr/local/sbin/dovecot"} {
			if _, serr := os.Stat(p); serr == nil {
				bin, err = p, nil
				break
			}
		}
	}
	unavailable := func(format string, args ...any) {
		t.Helper()
		if os.Getenv(RequireDovecotEnv) == "1" {
			t.Fatalf("mailtest: "+format, args...)
		}
		t.Skipf("mailtest: "+format+" (set %s=1 to fail instead)", append(args, RequireDovecotEnv)...)
	}
	if err != nil {
		unavailable("dovecot not installed: %v", err)
	}
	if os.Geteuid() != 0 {
		unavailable("dovecot test config needs root (euid %d)", os.Geteuid())
	}
	if o.SubmissionRelay != "" {
		if _, err := os.Stat(filepath.Join(filepath.Dir(filepath.Dir(bin)), "lib", "dovecot", "submission")); err != nil {
			unavailable("dovecot's submission service not installed (dovecot-submissiond): %v", err)
		}
	}
	if len(users) == 0 {
		t.Fatal("mailtest: StartDovecot without users")
	}

	// A short path under /tmp: Dovecot's UNIX sockets live in base_dir and
	// sun_path is limited to 108 bytes. The mode lets nobody reach its mail.
	dir, err := os.MkdirTemp("", "dovecot")
	if err != nil {
		t.Fatalf("mailtest: %v", err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatalf("mailtest: %v", err)
	}
	for _, sub := range []string{"run", "state", "mail"} {
		if err := mkdirReadable(filepath.Join(dir, sub)); err != nil {
			t.Fatalf("mailtest: %v", err)
		}
	}
	if err := os.Chown(filepath.Join(dir, "mail"), mailUID, mailUID); err != nil {
		t.Fatalf("mailtest: %v", err)
	}

	// Users are looked up by local part (%n, the verified configuration)
	// when no name has a domain, by the full address (%u) when all do.
	format, withDomain := "%n", 0
	names := make([]string, 0, len(users))
	for name := range users {
		if strings.Contains(name, "@") {
			withDomain++
		}
		if name == "" || strings.ContainsAny(name, ":\n/") || strings.ContainsAny(users[name], ":\n") {
			t.Fatalf("mailtest: unusable user %q", name)
		}
		names = append(names, name)
	}
	sort.Strings(names)
	switch withDomain {
	case 0:
	case len(names):
		format = "%u"
	default:
		t.Fatal("mailtest: StartDovecot: either every user name has a domain or none")
	}
	var passwd strings.Builder
	for _, name := range names {
		fmt.Fprintf(&passwd, "%s:{PLAIN}%s::::::\n", name, users[name])
	}
	if err := writeReadable(filepath.Join(dir, "users"), []byte(passwd.String())); err != nil {
		t.Fatalf("mailtest: %v", err)
	}

	imapPort, lmtpPort := freePort(t), freePort(t)
	base, mechanisms := dovecotConf, ""
	if o.OAuth2IntrospectionURL != "" {
		mechs := o.OAuth2Mechanisms
		if len(mechs) == 0 {
			mechs = []string{"oauthbearer", "xoauth2"}
		}
		if err := writeReadable(filepath.Join(dir, "oauth2.conf.ext"), []byte(strings.NewReplacer(
			"$URL", o.OAuth2IntrospectionURL, "$FMT", format).Replace(dovecotOAuth2Ext))); err != nil {
			t.Fatalf("mailtest: %v", err)
		}
		// No fixed delay after a refused login (default 2s): the tests
		// refuse tokens on purpose. Dovecot's penalty for an address's
		// failures in a row still delays its next logins.
		base = strings.Replace(base, "passdb {", "auth_failure_delay = 0\n"+dovecotOAuth2Passdb+"passdb {", 1)
		mechanisms = " " + strings.ToLower(strings.Join(mechs, " "))
	}
	conf := strings.NewReplacer(
		"$D", dir,
		"$IMAP", fmt.Sprint(imapPort),
		"$LMTP", fmt.Sprint(lmtpPort),
		"$FMT", format,
		"$MECHS", mechanisms,
	).Replace(base)
	subPort := 0
	if o.SubmissionRelay != "" {
		host, port, err := net.SplitHostPort(o.SubmissionRelay)
		if err != nil {
			t.Fatalf("mailtest: submission relay %q: %v", o.SubmissionRelay, err)
		}
		subPort = freePort(t)
		conf = strings.Replace(conf, "protocols = imap lmtp", "protocols = imap lmtp submission", 1) +
			strings.NewReplacer("$SUB", fmt.Sprint(subPort), "$RHOST", host, "$RPORT", port).Replace(dovecotSubmission)
	}
	confPath := filepath.Join(dir, "dovecot.conf")
	if err := writeReadable(confPath, []byte(conf)); err != nil {
		t.Fatalf("mailtest: %v", err)
	}

	logBuf := &syncBuffer{}
	cmd := exec.Command(bin, "-F", "-c", confPath)
	cmd.Stdout = logBuf
	cmd.Stderr = logBuf
	// Its own process group, so that cleanup reaches every child Dovecot
	// started (imap-login, auth, lmtp ...) by this one group id.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Fatalf("mailtest: starting dovecot: %v", err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	t.Cleanup(func() {
		pgid := cmd.Process.Pid
		_ = syscall.Kill(-pgid, syscall.SIGTERM)
		select {
		case <-exited:
		case <-time.After(5 * time.Second):
			_ = syscall.Kill(-pgid, syscall.SIGKILL)
			<-exited
		}
		// Children that outlive the master for a moment.
		_ = syscall.Kill(-pgid, syscall.SIGKILL)
		if t.Failed() {
			t.Logf("dovecot log:\n%s", logBuf.String())
		}
	})

	d := Dovecot{IMAPAddr: fmt.Sprintf("127.0.0.1:%d", imapPort), LMTPAddr: fmt.Sprintf("127.0.0.1:%d", lmtpPort)}
	listening := []string{d.IMAPAddr, d.LMTPAddr}
	if subPort != 0 {
		d.SubmissionAddr = fmt.Sprintf("127.0.0.1:%d", subPort)
		listening = append(listening, d.SubmissionAddr)
	}
	deadline := time.Now().Add(15 * time.Second)
	for _, addr := range listening {
		for {
			c, err := net.DialTimeout("tcp", addr, time.Second)
			if err == nil {
				c.Close()
				break
			}
			select {
			case err := <-exited:
				t.Fatalf("mailtest: dovecot exited early (%v):\n%s", err, logBuf.String())
			default:
			}
			if time.Now().After(deadline) {
				t.Fatalf("mailtest: dovecot not listening on %s: %v\n%s", addr, err, logBuf.String())
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	return d
}

// Deliver hands raw to Dovecot's LMTP server at lmtpAddr for the local
// users to, as an MTA would.
func Deliver(lmtpAddr, from string, to []string, raw []byte) error {
	conn, err := net.DialTimeout("tcp", lmtpAddr, 5*time.Second)
	if err != nil {
		return fmt.Errorf("mailtest: lmtp dial: %w", err)
	}
	_ = conn.SetDeadline(time.Now().Add(30 * time.Second))
	c := smtp.NewClientLMTP(conn)
	defer c.Close()
	if err := c.Hello("localhost"); err != nil {
		return fmt.Errorf("mailtest: lmtp LHLO: %w", err)
	}
	if err := c.Mail(from, nil); err != nil {
		return fmt.Errorf("mailtest: lmtp MAIL: %w", err)
	}
	for _, rcpt := range to {
		if err := c.Rcpt(rcpt, nil); err != nil {
			return fmt.Errorf("mailtest: lmtp RCPT %s: %w", rcpt, err)
		}
	}
	w, err := c.Data()
	if err != nil {
		return fmt.Errorf("mailtest: lmtp DATA: %w", err)
	}
	if _, err := w.Write(raw); err != nil {
		return fmt.Errorf("mailtest: lmtp DATA: %w", err)
	}
	// Per-recipient failures come back as an smtp.LMTPDataError.
	if _, err := w.CloseWithLMTPResponse(); err != nil {
		return fmt.Errorf("mailtest: lmtp delivery: %w", err)
	}
	_ = conn.SetDeadline(time.Now().Add(10 * time.Second))
	return c.Quit()
}

// freePort returns a TCP port on 127.0.0.1 that was free a moment ago.
func freePort(t testing.TB) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("mailtest: %v", err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// dovecotConf is shared/design/real-mail-servers.md's root configuration.
// $D, $IMAP and $LMTP are replaced before writing: Dovecot expands no
// environment variables.
const dovecotConf = `protocols = imap lmtp
listen = 127.0.0.1
base_dir = $D/run
state_dir = $D/state
log_path = /dev/stderr
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login$MECHS
mail_location = maildir:$D/mail/$FMT
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=$FMT $D/users
}
userdb {
  driver = passwd-file
  args = username_format=$FMT $D/users
  default_fields = uid=65534 gid=65534 home=$D/mail/$FMT
}
service imap-login {
  inet_listener imap {
    port = $IMAP
  }
  inet_listener imaps {
    port = 0
  }
}
service lmtp {
  inet_listener lmtp {
    port = $LMTP
  }
}
protocol lmtp {
  auth_username_format = $FMT
}
`

// dovecotSubmission is the submission service (RFC 6409) on its own port,
// relaying to the test's SMTP server without logging in there. Dovecot
// names the user in MAIL FROM's AUTH= parameter, which go-smtp's server
// refuses unless it is an address: give the users domains.
const dovecotSubmission = `hostname = localhost
submission_relay_host = $RHOST
submission_relay_port = $RPORT
submission_relay_trusted = no
service submission-login {
  inet_listener submission {
    port = $SUB
  }
}
`

// dovecotOAuth2Passdb is the oauth2 passdb (Dovecot 2.3, built into its
// auth process), tried before the passwords: a token that it refuses
// fails the login, a password goes on to the passwd-file.
const dovecotOAuth2Passdb = `passdb {
  driver = oauth2
  mechanisms = xoauth2 oauthbearer
  args = $D/oauth2.conf.ext
}
`

// dovecotOAuth2Ext is the oauth2 passdb's own file: every token is asked
// of the introspection endpoint (no local validation, no cache).
const dovecotOAuth2Ext = `introspection_mode = post
introspection_url = $URL
force_introspection = yes
username_attribute = username
username_format = $FMT
active_attribute = active
active_value = true
timeout_msecs = 5000
`

// writeReadable writes a file Dovecot's own users must read: mode 0644
// set explicitly, whatever the process's umask (a daemon in a parallel
// test narrows it while it binds its control socket).
func writeReadable(path string, data []byte) error {
	if err := os.WriteFile(path, data, 0o644); err != nil {
		return err
	}
	return os.Chmod(path, 0o644)
}

// mkdirReadable is os.Mkdir with mode 0755 whatever the umask.
func mkdirReadable(path string) error {
	if err := os.Mkdir(path, 0o755); err != nil {
		return err
	}
	return os.Chmod(path, 0o755)
}
