package main

import (
	"bytes"
	"encoding/json"
	"net"
	"net/smtp"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"stormjudge/adjudicator"
)

// buildBinary builds stormjudge once for the crash tests.
func buildBinary(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "stormjudge")
	cmd := exec.Command("go", "build", "-o", bin, ".")
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("go build: %v", err)
	}
	return bin
}

// lockedBuffer collects a child's stderr while the test may read it.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

type proc struct {
	cmd    *exec.Cmd
	stderr *lockedBuffer
	done   chan struct{} // closed when the process has ended; then err is set
	err    error
}

func startProc(t *testing.T, bin string, env []string, args ...string) *proc {
	t.Helper()
	p := &proc{cmd: exec.Command(bin, args...), stderr: &lockedBuffer{}, done: make(chan struct{})}
	p.cmd.Env = append(os.Environ(), env...)
	p.cmd.Stderr = p.stderr
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { p.err = p.cmd.Wait(); close(p.done) }()
	t.Cleanup(func() {
		p.cmd.Process.Kill()
		<-p.done
	})
	return p
}

// TestCrashRecovery kills the sandbox daemon with SIGKILL at several points
// of the mail loop — after a fetch was handled but before the message was
// moved, after an ingest committed, after an adjudication committed, after
// an outbox attempt was recorded, after the SMTP server accepted a mail —
// restarts it on the same data, and checks that no order was lost, no
// segment adjudicated twice and no mail delivered twice to anyone.
func TestCrashRecovery(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and runs it several times")
	}
	bin := buildBinary(t)
	// At game creation the outbox sends 16 mails (5 welcome, 6 public, 5
	// private); the counts below land on the orders' turn.
	points := []string{
		"inbox-fetched:3",
		"inbox-handled:3",
		"judge-ingested:5",
		"judge-adjudicated:1",
		"outbox-attempt-recorded:18",
		"outbox-sent:19",
		"outbox-sent:25",
	}
	for _, point := range points {
		t.Run(strings.ReplaceAll(point, ":", "_"), func(t *testing.T) {
			dir := t.TempDir()
			imapAddr, smtpAddr := freeAddr(t), freeAddr(t)
			args := []string{"sandbox", "-data", dir, "-imap", imapAddr, "-smtp", smtpAddr, "-poll", "300ms", "-tick", "500ms"}

			t0 := time.Now()
			p := startProc(t, bin, []string{"STORMJUDGE_CRASH_AT=" + point}, args...)
			waitFor(t, "sandbox up", 30*time.Second, func() bool { return dialable(imapAddr) && dialable(smtpAddr) })
			// The daemon (and with it the sandbox's SMTP server) may die
			// before all five orders are sent: those are sent after the
			// restart, as a player would.
			var unsent []adjudicator.Power
			for _, pw := range adjudicator.Powers {
				if len(unsent) > 0 || trySendOrder(smtpAddr, pw) != nil {
					unsent = append(unsent, pw)
				}
				time.Sleep(50 * time.Millisecond)
			}
			select {
			case <-p.done:
				err := p.err
				if ws, ok := p.cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != syscall.SIGKILL {
					t.Fatalf("daemon ended with %v, not by the crash hook; stderr:\n%s", err, p.stderr)
				}
			case <-time.After(60 * time.Second):
				t.Fatalf("crash point %s never reached; stderr:\n%s", point, p.stderr)
			}

			t.Logf("crashed at %s after %s", point, time.Since(t0))
			// Restart on the same data, without the crash hook.
			q := startProc(t, bin, nil, args...)
			waitFor(t, "sandbox up again", 30*time.Second, func() bool { return dialable(imapAddr) && dialable(smtpAddr) })
			for _, pw := range unsent {
				if err := trySendOrder(smtpAddr, pw); err != nil {
					t.Fatalf("sending %s's order after the restart: %v", pw, err)
				}
			}
			for _, pw := range adjudicator.Powers {
				waitFor(t, pw.String()+"'s mail after restart", 60*time.Second, func() bool {
					n := countKinds(powerInbox(t, imapAddr, pw))
					return n["receipt"] >= 1 && n["public"] >= 2 && n["private"] >= 2
				})
			}
			t.Logf("every power's mail in after %s", time.Since(t0))
			// Let the loops settle, then count: every mail exactly once.
			time.Sleep(2 * time.Second)
			for _, pw := range adjudicator.Powers {
				ms := powerInbox(t, imapAddr, pw)
				n := countKinds(ms)
				if n["welcome"] != 1 || n["receipt"] != 1 || n["public"] != 2 || n["private"] != 2 {
					t.Errorf("%s's inbox after the crash at %s: %v; want 1 welcome, 1 receipt, 2 public, 2 private", pw, point, n)
				}
				seen := map[string]bool{}
				for _, m := range ms {
					if seen[m.MessageID] {
						t.Errorf("%s received %s twice", pw, m.MessageID)
					}
					seen[m.MessageID] = true
				}
			}
			q.cmd.Process.Signal(syscall.SIGTERM)
			select {
			case <-q.done:
				if err := q.err; err != nil {
					t.Errorf("clean shutdown: %v; stderr:\n%s", err, q.stderr)
				}
			case <-time.After(30 * time.Second):
				t.Fatal("no clean shutdown on SIGTERM")
			}
			// The stored game: exactly one adjudication of the economic
			// segment (version 2), all five orders kept with it.
			out, err := exec.Command(bin, "game", "export", "-data", filepath.Join(dir, "stormjudge.db"), "-version", "1", "demo").Output()
			if err != nil {
				t.Fatalf("game export: %v", err)
			}
			var exp struct {
				Latest int                        `json:"latest_version"`
				Orders map[string]json.RawMessage `json:"orders"`
			}
			if err := json.Unmarshal(out, &exp); err != nil {
				t.Fatalf("export JSON: %v\n%s", err, out)
			}
			if exp.Latest != 2 || len(exp.Orders) != 5 {
				t.Errorf("after the crash at %s: latest version %d with %d orders at version 1; want 2 and 5", point, exp.Latest, len(exp.Orders))
			}
		})
	}
}

func dialable(addr string) bool {
	c, err := (&net.Dialer{Timeout: time.Second}).Dial("tcp", addr)
	if err != nil {
		return false
	}
	c.Close()
	return true
}

func trySendOrder(smtpAddr string, p adjudicator.Power) error {
	from := p.String() + "@sandbox.test"
	msg := "From: " + from + "\r\nTo: judge@sandbox.test\r\nSubject: orders\r\nMessage-ID: <crash-" + p.String() +
		"@client.test>\r\n\r\nGAME demo\r\nSECRET " + p.String() + "\r\nPASS\r\nEND\r\n"
	return smtp.SendMail(smtpAddr, nil, from, []string{"judge@sandbox.test"}, []byte(msg))
}
