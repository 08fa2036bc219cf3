package mailer

import (
	"bytes"
	"errors"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/emersion/go-message"

	"stormjudge/mailer/mailtest"
	"stormjudge/store"
)

// TestOutboxDrawsImagesBySource: an image stored by its source alone is
// drawn when the mail is sent (once for several mails: a public report's
// copies), sent as the mail's inline part, and never written to the
// store; an image that cannot be drawn is left out and the mail still
// goes.
func TestOutboxDrawsImagesBySource(t *testing.T) {
	srv := mailtest.StartSMTP(t, "", "")
	db := openStore(t)
	var calls atomic.Int32
	opts := outboxOptions(t, srv.Addr)
	opts.Inline = func(source string) ([]byte, error) {
		calls.Add(1)
		if source == "picture/demo/1/public" {
			return tinyPNG, nil
		}
		return nil, errors.New("no such version")
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
	if s := storedMail(t, db, "r1"); s.Inline[0].Data != nil || s.Inline[0].Source == "" {
		t.Fatalf("stored image: %+v", s.Inline)
	}
	runLoop(t, NewOutbox(opts, db).Run)
	eventually(t, "three mails sent", func() bool { return len(srv.Received()) == 3 })
	images := map[string]int{}
	for _, r := range srv.Received() {
		e, err := message.Read(bytes.NewReader(r.Data))
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		_ = e.Walk(func(_ []int, p *message.Entity, err error) error {
			if ct, _, _ := p.Header.ContentType(); strings.HasPrefix(ct, "image/") {
				n++
			}
			return err
		})
		images[r.To[0]] = n
	}
	if images["germany@example.test"] != 1 || images["italy@example.test"] != 1 || images["france@example.test"] != 0 {
		t.Errorf("images per mail: %v", images)
	}
	if n := calls.Load(); n != 2 {
		t.Errorf("drawn %d times, want 2 (once for the two copies, once failing)", n)
	}
}
