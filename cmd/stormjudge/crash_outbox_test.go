package main

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"

	"stormjudge/adjudicator/storm"
	"stormjudge/store"
)

// TestCrashReceiptsDoNotWait kills the sandbox daemon with SIGKILL while
// the SMTP server takes one of the game's first mails (a welcome or the
// first digest: the server has it, the outbox has not marked it sent),
// restarts it at once on the same data, and has every power mail its
// orders: the receipts' delay, from the order sent to the receipt in the
// power's INBOX, is logged, with the mail that was cut off. The interrupted
// mail is due at once after the restart, so no receipt waits for its
// backoff (10 s). STORMJUDGE_MEASURE_BIN runs another build instead (an
// older one, to measure it; the bound is then not asserted).
func TestCrashReceiptsDoNotWait(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the binary and runs it twice")
	}
	bin, own := os.Getenv("STORMJUDGE_MEASURE_BIN"), false
	if bin == "" {
		bin, own = buildBinary(t), true
	}
	dir := t.TempDir()
	imapAddr, smtpAddr := freeAddr(t), freeAddr(t)
	args := []string{"sandbox", "-data", dir, "-imap", imapAddr, "-smtp", smtpAddr, "-poll", "300ms", "-tick", "500ms", "-diplomacy=false", "-crisis=false"}
	p := startProc(t, bin, []string{"STORMJUDGE_CRASH_AT=outbox-sent:9"}, args...)
	select {
	case <-p.done:
		if ws, ok := p.cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != syscall.SIGKILL {
			t.Fatalf("daemon ended with %v, not by the crash hook; stderr:\n%s", p.err, p.stderr)
		}
	case <-time.After(60 * time.Second):
		t.Fatalf("crash point never reached; stderr:\n%s", p.stderr)
	}
	crashed := time.Now()
	q := startProc(t, bin, nil, args...)
	for start := time.Now(); !daemonRunning(q, imapAddr, smtpAddr); time.Sleep(50 * time.Millisecond) {
		select {
		case <-q.done: // it could not start (its port taken meanwhile?): say why
			t.Fatalf("the daemon did not start again: %v; stderr:\n%s", q.err, q.stderr)
		default:
		}
		if time.Since(start) > 60*time.Second {
			t.Fatalf("the daemon not up again after 60 s; stderr:\n%s", q.stderr)
		}
	}
	up := time.Since(crashed)

	var mu sync.Mutex
	delays := map[storm.Power]time.Duration{}
	var wg sync.WaitGroup
	for _, pw := range storm.Powers {
		id := fmt.Sprintf("<crash-receipt-%s@client.test>", pw)
		sent := time.Now()
		if err := sendPass(smtpAddr, pw, id, "orders"); err != nil {
			t.Fatalf("sending %s's orders: %v", pw, err)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			deadline := time.Now().Add(60 * time.Second)
			for time.Now().Before(deadline) {
				ms, err := readMailbox(imapAddr, pw.String()+"@sandbox.test", pw.String(), "INBOX", false)
				for _, m := range ms {
					if err == nil && m.kind() == "receipt" && m.InReplyTo == id {
						mu.Lock()
						delays[pw] = time.Since(sent)
						mu.Unlock()
						return
					}
				}
				time.Sleep(50 * time.Millisecond)
			}
		}()
	}
	wg.Wait()
	q.cmd.Process.Signal(syscall.SIGTERM)
	<-q.done

	// The mail the kill cut off: attempted before it and after the restart.
	db, err := store.Open(filepath.Join(dir, "stormjudge.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	cut := ""
	db.View(func(tx *store.Tx) error {
		ms, err := tx.Outbox()
		for _, m := range ms {
			if m.Attempts >= 2 {
				cut += fmt.Sprintf(" %s (to %s, %d attempts, sent %s after the kill)", m.ID, m.To[0], m.Attempts, m.Sent.Sub(crashed).Round(10*time.Millisecond))
			}
		}
		return err
	})
	var worst time.Duration
	line := ""
	for _, pw := range storm.Powers {
		d, ok := delays[pw]
		if !ok {
			t.Errorf("%s's receipt never came", pw)
			continue
		}
		worst = max(worst, d)
		line += fmt.Sprintf(" %s %s", pw, d.Round(10*time.Millisecond))
	}
	t.Logf("kill -9 while the server took mail 9; the daemon was up again %s after it; the mail cut off:%s", up.Round(10*time.Millisecond), cut)
	t.Logf("receipts' delay, from the orders sent to the receipt in the INBOX:%s; the longest %s (own build %v)", line, worst.Round(10*time.Millisecond), own)
	if own && worst >= 5*time.Second {
		t.Errorf("a receipt took %s after the restart: it waited behind the mail the kill cut off", worst)
	}
}
