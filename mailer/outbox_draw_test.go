package mailer

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/emersion/go-message"

	"stormjudge/mailer/mailtest"
	"stormjudge/store"
)

// TestOutboxDrawsImagesBySource: an image stored by its source alone is
// drawn when the mail is sent (the drawer is asked for every mail: keeping
// an image several mails show is its business, as the judge keeps a
// version's pictures), sent as the mail's inline part, and never written
// to the store; an image that cannot be drawn is left out and the mail
// still goes.
func TestOutboxDrawsImagesBySource(t *testing.T) {
	srv := mailtest.StartSMTP(t, "", "")
	db := openStore(t)
	var calls atomic.Int32
	opts := outboxOptions(t, srv.Addr)
	var passing atomic.Int32
	opts.Inline = func(source string) ([]byte, error) {
		calls.Add(1)
		time.Sleep(50 * time.Millisecond) // long enough for the workers to overlap
		switch source {
		case "picture/demo/1/public":
			return tinyPNG, nil
		case "picture/demo/2/public":
			if passing.Add(1) == 1 {
				return nil, errors.New("database busy") // passing: the attempt fails, the mail is retried
			}
			return tinyPNG, nil
		}
		return nil, fmt.Errorf("no such version: %w", store.ErrImageGone)
	}
	mk := func(id, to, source string) *store.Mail {
		return &store.Mail{ID: id, From: "judge@example.test", To: []string{to}, Subject: id, Body: "report\n",
			HTML:    `<p>report</p><img src="cid:picture@stormjudge" alt="the map">` + "\n",
			Inline:  []store.Inline{{ContentID: "picture@stormjudge", ContentType: "image/png", Name: "game.png", Source: source}},
			Created: created}
	}
	enqueue(t, db, mk("r1", "germany@example.test", "picture/demo/1/public"))
	enqueue(t, db, mk("r2", "italy@example.test", "picture/demo/1/public"))
	enqueue(t, db, mk("r3", "france@example.test", "picture/demo/9/public"))
	enqueue(t, db, mk("r4", "britain@example.test", "picture/demo/1/public"))
	enqueue(t, db, mk("r5", "russia@example.test", "picture/demo/2/public"))
	if s := storedMail(t, db, "r1"); s.Inline[0].Data != nil || s.Inline[0].Source == "" {
		t.Fatalf("stored image: %+v", s.Inline)
	}
	runLoop(t, NewOutbox(opts, db).Run)
	eventually(t, "four mails sent", func() bool { return len(srv.Received()) == 4 })
	eventually(t, "a passing drawing failure recorded as a failed attempt", func() bool {
		return strings.Contains(storedMail(t, db, "r5").LastError, "database busy")
	})
	if r5 := storedMail(t, db, "r5"); !r5.Sent.IsZero() || r5.Attempts != 1 {
		t.Errorf("a passing drawing failure: sent %v after %d attempts; want it pending, to retry on its schedule", r5.Sent, r5.Attempts)
	}
	images := map[string]int{}
	htmls := map[string]string{}
	for _, r := range srv.Received() {
		e, err := message.Read(bytes.NewReader(r.Data))
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		_ = e.Walk(func(_ []int, p *message.Entity, err error) error {
			ct, _, _ := p.Header.ContentType()
			if strings.HasPrefix(ct, "image/") {
				n++
			}
			if ct == "text/html" {
				b, _ := io.ReadAll(p.Body)
				htmls[r.To[0]] = string(b)
			}
			return err
		})
		images[r.To[0]] = n
	}
	if images["germany@example.test"] != 1 || images["italy@example.test"] != 1 || images["britain@example.test"] != 1 || images["france@example.test"] != 0 {
		t.Errorf("images per mail: %v", images)
	}
	if h := htmls["france@example.test"]; strings.Contains(h, "<img") || !strings.Contains(h, "<p>report</p>") {
		t.Errorf("the mail without its picture still shows it: %q", h)
	}
	if n := calls.Load(); n != 5 {
		t.Errorf("the drawer asked %d times, want 5 (once for each mail's attempt: three copies, one gone, one passing failure)", n)
	}
}
