package mailer

import (
	"bytes"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"

	"stormjudge/mailer/mailtest"
	"stormjudge/store"
)

// TestInboxAgainstDovecot runs the inbox against the IMAP server players and
// operators actually use: Dovecot (MOVE, UIDPLUS, IDLE), with mail delivered
// over LMTP as an MTA would.
func TestInboxAgainstDovecot(t *testing.T) {
	imapAddr, lmtpAddr := mailtest.StartDovecot(t, map[string]string{"judge": "secret", "other": "pw"})
	deliver := func(id string) {
		t.Helper()
		if err := mailtest.Deliver(lmtpAddr, "germany@example.test", []string{"judge@example.test"}, testMessage(id)); err != nil {
			t.Fatal(err)
		}
	}
	before := ids("dovecot", 2)
	for _, id := range before {
		deliver(id)
	}
	db := openStore(t)
	rec := newRecorder(t)
	in := NewInbox(&IMAPOptions{
		Addr: imapAddr, Username: "judge", Password: "secret",
		PollInterval: time.Hour, // only IDLE (or the NOOP before it) brings the late message in
		Logger:       testLogger(t),
	}, db, rec.handle)
	l := runLoop(t, in.Run)
	eventually(t, "waiting messages handled", func() bool { return rec.count() == 2 })
	eventually(t, "waiting messages moved", func() bool {
		return slices.Equal(mailboxMessageIDs(t, imapAddr, "judge", "secret", "Processed"), before)
	})
	late := "dovecot-late@example.test"
	deliver(late)
	eventually(t, "message delivered while idling handled", func() bool { return rec.count() == 3 })
	want := append(slices.Clone(before), late)
	eventually(t, "all in Processed", func() bool {
		return slices.Equal(mailboxMessageIDs(t, imapAddr, "judge", "secret", "Processed"), want)
	})
	l.Stop()

	if got := rec.IDs(); !slices.Equal(got, want) {
		t.Errorf("handled %v, want each once: %v", got, want)
	}
	if n := mailboxSize(t, imapAddr, "judge", "secret", "INBOX"); n != 0 {
		t.Errorf("INBOX holds %d messages (deleted or not), want 0 after MOVE", n)
	}
	validity := selectUIDValidity(t, imapAddr, "judge", "secret", "INBOX")
	if v, last := mailboxPosition(t, db, "INBOX"); v != validity || last != 3 {
		t.Errorf("stored position (%d, %d), want (%d, 3)", v, last, validity)
	}
	// Another user's mailbox is untouched.
	if n := mailboxSize(t, imapAddr, "other", "pw", "INBOX"); n != 0 {
		t.Errorf("other user's INBOX has %d messages", n)
	}

	// A new Inbox on the same store after a restart handles nothing twice.
	deliver("dovecot-after-restart@example.test")
	l2 := runLoop(t, NewInbox(&IMAPOptions{Addr: imapAddr, Username: "judge", Password: "secret",
		Logger: testLogger(t)}, db, rec.handle).Run)
	eventually(t, "message after restart handled", func() bool { return rec.count() == 4 })
	l2.Stop()
	for _, id := range append(want, "dovecot-after-restart@example.test") {
		if n := rec.Tries(id); n != 1 {
			t.Errorf("%s handled %d times, want 1", id, n)
		}
	}
}

// TestOutboxToDovecotHTMLWithInlineImage sends a flowed mail with an HTML
// part and an inline image through the outbox, hands what the SMTP server
// received to Dovecot over LMTP (as the MTA behind the submission server
// would), and reads it back over IMAP: Dovecot's BODYSTRUCTURE shows
// multipart/related with multipart/alternative (text/plain;
// format=flowed, text/html) and the image by its Content-ID, and its
// BINARY fetches decode the text and the image to what the store holds.
func TestOutboxToDovecotHTMLWithInlineImage(t *testing.T) {
	imapAddr, lmtpAddr := mailtest.StartDovecot(t, map[string]string{"germany": "pw"})
	srv := mailtest.StartSMTP(t, "", "")
	db := openStore(t)
	const cid = "map-1935@stormjudge.invalid"
	m := &store.Mail{
		ID: "map-1935", From: "Stormjudge <judge@example.test>", To: []string{"germany@example.test"},
		Subject: "Frühjahr 1935: the map",
		Body:    "The map of Spring 1935 is in the HTML part of this mail; this line is \nflowed. \n From the judge.\n",
		Flowed:  true,
		HTML:    `<p>The map of Spring 1935:</p><img src="cid:` + cid + `" alt="map">` + "\n",
		Inline:  []store.Inline{{ContentID: "<" + cid + ">", ContentType: "image/png", Name: "map-1935.png", Source: "map/1935"}},
		Created: created,
	}
	enqueue(t, db, m)
	opts := outboxOptions(t, srv.Addr)
	opts.Inline = func(string) ([]byte, error) { return tinyPNG, nil }
	runLoop(t, NewOutbox(opts, db).Run)
	eventually(t, "mail sent", func() bool { return !storedMail(t, db, m.ID).Sent.IsZero() })
	rs := srv.Received()
	if len(rs) != 1 {
		t.Fatalf("server received %d messages, want 1", len(rs))
	}
	if err := mailtest.Deliver(lmtpAddr, rs[0].From, rs[0].To, rs[0].Data); err != nil {
		t.Fatal(err)
	}

	c, sel := examine(t, imapAddr, "germany", "pw", "INBOX")
	defer c.Close()
	if sel == nil || sel.NumMessages != 1 {
		t.Fatalf("INBOX: %+v, want 1 message", sel)
	}
	whole := &imap.FetchItemBodySection{Peek: true}
	text := &imap.FetchItemBinarySection{Part: []int{1, 1}, Peek: true}
	htm := &imap.FetchItemBinarySection{Part: []int{1, 2}, Peek: true}
	img := &imap.FetchItemBinarySection{Part: []int{2}, Peek: true}
	msgs, err := c.Fetch(imap.SeqSetNum(1), &imap.FetchOptions{
		BodyStructure: &imap.FetchItemBodyStructure{Extended: true},
		BodySection:   []*imap.FetchItemBodySection{whole},
		BinarySection: []*imap.FetchItemBinarySection{text, htm, img},
	}).Collect()
	if err != nil {
		t.Fatalf("fetch: %v", err)
	}
	if len(msgs) != 1 {
		t.Fatalf("fetched %d messages, want 1", len(msgs))
	}
	got := msgs[0]

	// The structure as Dovecot parsed it.
	rel, ok := got.BodyStructure.(*imap.BodyStructureMultiPart)
	if !ok || rel.MediaType() != "multipart/related" || len(rel.Children) != 2 {
		t.Fatalf("BODYSTRUCTURE %#v, want multipart/related with 2 parts", got.BodyStructure)
	}
	if rel.Extended == nil || !strings.EqualFold(rel.Extended.Params["type"], "multipart/alternative") {
		t.Errorf("multipart/related parameters %+v, want type=multipart/alternative", rel.Extended)
	}
	alt, ok := rel.Children[0].(*imap.BodyStructureMultiPart)
	if !ok || alt.MediaType() != "multipart/alternative" || len(alt.Children) != 2 {
		t.Fatalf("first part %#v, want multipart/alternative with 2 parts", rel.Children[0])
	}
	want := []struct{ mediaType, format string }{{"text/plain", "flowed"}, {"text/html", ""}}
	for i, w := range want {
		p, ok := alt.Children[i].(*imap.BodyStructureSinglePart)
		if !ok || p.MediaType() != w.mediaType || !strings.EqualFold(p.Params["charset"], "utf-8") ||
			!strings.EqualFold(p.Encoding, "quoted-printable") || !strings.EqualFold(p.Params["format"], w.format) {
			t.Errorf("alternative %d: %#v, want %s; charset=UTF-8, format=%q, quoted-printable", i+1, alt.Children[i], w.mediaType, w.format)
		}
	}
	image, ok := rel.Children[1].(*imap.BodyStructureSinglePart)
	if !ok || image.MediaType() != "image/png" || image.ID != "<"+cid+">" || !strings.EqualFold(image.Encoding, "base64") {
		t.Fatalf("second part %#v, want image/png, base64, ID <%s>", rel.Children[1], cid)
	}
	if d := image.Disposition(); d == nil || !strings.EqualFold(d.Value, "inline") || d.Params["filename"] != "map-1935.png" {
		t.Errorf("image disposition %+v, want inline; filename=map-1935.png", d)
	}

	// The parts as Dovecot decodes them (BINARY, RFC 3516).
	lf := func(b []byte) string { return strings.ReplaceAll(string(b), "\r\n", "\n") }
	if got := lf(got.FindBinarySection(text)); got != m.Body {
		t.Errorf("text part %q, want %q", got, m.Body)
	}
	if got := lf(got.FindBinarySection(htm)); got != m.HTML {
		t.Errorf("html part %q, want %q", got, m.HTML)
	}
	if !strings.Contains(m.HTML, "cid:"+strings.Trim(image.ID, "<>")) {
		t.Errorf("the HTML does not show the image %s", image.ID)
	}
	if data := got.FindBinarySection(img); !bytes.Equal(data, tinyPNG) {
		t.Errorf("image part is %d bytes %x, want the %d bytes sent", len(data), data, len(tinyPNG))
	}
	// And the whole message, as stored by Dovecot (with its Return-Path
	// and Delivered-To on top), parsed with go-message.
	drawn := *m // the mail as sent: its image drawn from its source
	drawn.Inline = []store.Inline{m.Inline[0]}
	drawn.Inline[0].Data = tinyPNG
	checkBody(t, &drawn, got.FindBodySection(whole))
	if err := c.Logout().Wait(); err != nil {
		t.Logf("logout: %v", err)
	}
}
