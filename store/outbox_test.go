package store

import (
	"encoding/json"
	"errors"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

func mail(id string, created time.Time) *Mail {
	return &Mail{ID: id, From: "judge@example.org", To: []string{"g@example.org"}, Subject: "Report " + id, Body: "body", Created: created}
}

func TestEnqueue(t *testing.T) {
	tests := []struct {
		name    string
		m       *Mail
		check   func(t *testing.T, m *Mail)
		wantErr string
	}{
		{
			name: "MessageID is derived from ID when empty",
			m:    mail("g1/v1/germany", t0),
			check: func(t *testing.T, m *Mail) {
				if !regexp.MustCompile(`^<[0-9a-f]{32}@stormjudge\.invalid>$`).MatchString(m.MessageID) || m.MessageID != MessageIDFor("g1/v1/germany") {
					t.Errorf("MessageID = %q", m.MessageID)
				}
				if MessageIDFor("g1/v1/britain") == m.MessageID {
					t.Error("different IDs give the same Message-ID")
				}
			},
		},
		{
			name: "explicit MessageID is kept",
			m:    &Mail{ID: "x", To: []string{"a@b"}, MessageID: "<own@example.org>", Created: t0},
			check: func(t *testing.T, m *Mail) {
				if m.MessageID != "<own@example.org>" {
					t.Errorf("MessageID = %q", m.MessageID)
				}
			},
		},
		{
			name: "NextAttempt defaults to Created",
			m:    mail("a", t0),
			check: func(t *testing.T, m *Mail) {
				if !m.NextAttempt.Equal(t0) || !m.Sent.IsZero() || m.Attempts != 0 {
					t.Errorf("mail = %+v", m)
				}
			},
		},
		{
			name: "explicit NextAttempt is kept",
			m:    &Mail{ID: "x", To: []string{"a@b"}, Created: t0, NextAttempt: t0.Add(time.Hour)},
			check: func(t *testing.T, m *Mail) {
				if !m.NextAttempt.Equal(t0.Add(time.Hour)) {
					t.Errorf("NextAttempt = %v", m.NextAttempt)
				}
			},
		},
		{
			name: "zero Created becomes the current time",
			m:    &Mail{ID: "x", To: []string{"a@b"}},
			check: func(t *testing.T, m *Mail) {
				if !m.Created.Equal(t0.Add(3*time.Hour)) || !m.NextAttempt.Equal(m.Created) {
					t.Errorf("Created %v, NextAttempt %v", m.Created, m.NextAttempt)
				}
			},
		},
		{name: "empty ID is rejected", m: &Mail{To: []string{"a@b"}, Created: t0}, wantErr: "empty mail ID"},
		{name: "no recipient is rejected", m: &Mail{ID: "x", Created: t0}, wantErr: "no recipients"},
		{name: "empty recipient is rejected", m: &Mail{ID: "x", To: []string{"a@b", ""}, Created: t0}, wantErr: "empty recipient"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			saved := now
			now = func() time.Time { return t0.Add(3 * time.Hour) }
			defer func() { now = saved }()
			db := openTest(t)
			err := db.Update(func(tx *Tx) error { return tx.Enqueue(tt.m) })
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Errorf("Enqueue err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			tt.check(t, tt.m)
			view(t, db, func(tx *Tx) error {
				got, err := tx.Mail(tt.m.ID)
				if err != nil {
					return err
				}
				tt.check(t, got)
				if jsonOf(t, got) != jsonOf(t, tt.m) {
					t.Errorf("stored %s\nwant   %s", jsonOf(t, got), jsonOf(t, tt.m))
				}
				return nil
			})
		})
	}
}

func TestEnqueueTwiceFailsWithErrExists(t *testing.T) {
	db := openTest(t)
	update(t, db, func(tx *Tx) error { return tx.Enqueue(mail("r1", t0)) })
	second := mail("r1", t0.Add(time.Hour))
	second.Subject = "changed"
	err := db.Update(func(tx *Tx) error { return tx.Enqueue(second) })
	if !errors.Is(err, ErrExists) {
		t.Fatalf("second Enqueue err = %v, want ErrExists", err)
	}
	view(t, db, func(tx *Tx) error {
		all, err := tx.Outbox()
		if err != nil || len(all) != 1 || all[0].Subject != "Report r1" {
			t.Errorf("Outbox = %+v, %v; want the first mail only", all, err)
		}
		return nil
	})
}

func ids(ms []*Mail) []string {
	out := []string{}
	for _, m := range ms {
		out = append(out, m.ID)
	}
	return out
}

func TestDue(t *testing.T) {
	db := openTest(t)
	// Enqueued out of order; "late" is scheduled later, "sent" is sent.
	update(t, db, func(tx *Tx) error {
		late := mail("late", t0)
		late.NextAttempt = t0.Add(time.Hour)
		return errors.Join(
			tx.Enqueue(mail("c", t0.Add(2*time.Minute))),
			tx.Enqueue(late),
			tx.Enqueue(mail("b2", t0.Add(time.Minute))),
			tx.Enqueue(mail("b1", t0.Add(time.Minute))),
			tx.Enqueue(mail("a", t0)),
			tx.Enqueue(mail("sent", t0)),
			tx.MarkSent("sent", t0.Add(time.Second)),
		)
	})
	tests := []struct {
		name  string
		now   time.Time
		limit int
		want  []string
	}{
		{"ordered by NextAttempt, then Created, then ID", t0.Add(time.Hour), 0, []string{"a", "b1", "b2", "c", "late"}},
		{"not yet due mails are left out", t0.Add(59 * time.Minute), 0, []string{"a", "b1", "b2", "c"}},
		{"NextAttempt equal to now is due", t0.Add(time.Minute), 0, []string{"a", "b1", "b2"}},
		{"limit caps the result", t0.Add(time.Hour), 2, []string{"a", "b1"}},
		{"nothing due before the first", t0.Add(-time.Nanosecond), 0, []string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			view(t, db, func(tx *Tx) error {
				got, err := tx.Due(tt.now, tt.limit)
				if err != nil {
					return err
				}
				if !slices.Equal(ids(got), tt.want) {
					t.Errorf("Due = %q, want %q", ids(got), tt.want)
				}
				return nil
			})
		})
	}
	view(t, db, func(tx *Tx) error {
		pending, err := tx.Pending()
		if err != nil {
			return err
		}
		if want := []string{"a", "b1", "b2", "c", "late"}; !slices.Equal(ids(pending), want) {
			t.Errorf("Pending = %q, want %q", ids(pending), want)
		}
		all, err := tx.Outbox()
		if err != nil {
			return err
		}
		if want := []string{"a", "late", "sent", "b1", "b2", "c"}; !slices.Equal(ids(all), want) {
			t.Errorf("Outbox = %q, want %q (by Created, then ID)", ids(all), want)
		}
		return nil
	})
}

func TestDelivery(t *testing.T) {
	type step struct {
		op      string // "attempt", "sent", "error", "failed"
		at      time.Time
		text    string
		wantErr string
	}
	tests := []struct {
		name      string
		steps     []step
		want      Mail // Attempts, NextAttempt, LastError, Sent, Failed compared
		wantDueAt []time.Time
	}{
		{
			name:  "recorded attempt counts and reschedules",
			steps: []step{{op: "attempt", at: t0.Add(5 * time.Minute)}},
			want:  Mail{Attempts: 1, NextAttempt: t0.Add(5 * time.Minute)},
		},
		{
			name:  "failed attempt keeps the error and stays pending",
			steps: []step{{op: "attempt", at: t0.Add(5 * time.Minute)}, {op: "error", text: "451 try later"}, {op: "attempt", at: t0.Add(30 * time.Minute)}},
			want:  Mail{Attempts: 2, NextAttempt: t0.Add(30 * time.Minute), LastError: "451 try later"},
		},
		{
			name:  "sent mail leaves the pending mails",
			steps: []step{{op: "attempt", at: t0.Add(5 * time.Minute)}, {op: "sent", at: t0.Add(time.Second)}},
			want:  Mail{Attempts: 1, NextAttempt: t0.Add(5 * time.Minute), Sent: t0.Add(time.Second)},
		},
		{
			name:  "marking sent twice keeps the first time",
			steps: []step{{op: "sent", at: t0.Add(time.Second)}, {op: "sent", at: t0.Add(time.Hour)}},
			want:  Mail{NextAttempt: t0, Sent: t0.Add(time.Second)},
		},
		{
			name:  "attempt after sent is refused",
			steps: []step{{op: "sent", at: t0.Add(time.Second)}, {op: "attempt", at: t0.Add(time.Hour), wantErr: "already sent"}},
			want:  Mail{NextAttempt: t0, Sent: t0.Add(time.Second)},
		},
		{
			name:  "zero next attempt is refused",
			steps: []step{{op: "attempt", wantErr: "zero next attempt"}},
			want:  Mail{NextAttempt: t0},
		},
		{
			name:  "zero sent time is refused",
			steps: []step{{op: "sent", wantErr: "zero time"}},
			want:  Mail{NextAttempt: t0},
		},
		{
			name:  "failed mail leaves the pending mails with the reply",
			steps: []step{{op: "attempt", at: t0.Add(5 * time.Minute)}, {op: "failed", at: t0.Add(time.Second), text: "550 5.1.1 no such user"}},
			want:  Mail{Attempts: 1, NextAttempt: t0.Add(5 * time.Minute), LastError: "550 5.1.1 no such user", Failed: t0.Add(time.Second)},
		},
		{
			name: "failing twice keeps the first time and reply",
			steps: []step{{op: "failed", at: t0.Add(time.Second), text: "550 first"},
				{op: "failed", at: t0.Add(time.Hour), text: "550 second"}},
			want: Mail{NextAttempt: t0, LastError: "550 first", Failed: t0.Add(time.Second)},
		},
		{
			name: "a failed mail is not attempted, sent or given another error",
			steps: []step{{op: "failed", at: t0.Add(time.Second), text: "550 gone"},
				{op: "attempt", at: t0.Add(time.Hour), wantErr: "already failed"},
				{op: "sent", at: t0.Add(time.Hour), wantErr: "already failed"},
				{op: "error", text: "451 later", wantErr: "already failed"}},
			want: Mail{NextAttempt: t0, LastError: "550 gone", Failed: t0.Add(time.Second)},
		},
		{
			name:  "a sent mail cannot fail",
			steps: []step{{op: "sent", at: t0.Add(time.Second)}, {op: "failed", at: t0.Add(time.Hour), text: "550 late", wantErr: "already sent"}},
			want:  Mail{NextAttempt: t0, Sent: t0.Add(time.Second)},
		},
		{
			name:  "failing needs a time and a reply",
			steps: []step{{op: "failed", text: "550 x", wantErr: "zero time"}, {op: "failed", at: t0, wantErr: "empty error"}},
			want:  Mail{NextAttempt: t0},
		},
		{
			name:  "reschedule moves the next attempt without counting one",
			steps: []step{{op: "attempt", at: t0.Add(time.Hour)}, {op: "reschedule", at: t0.Add(time.Minute)}},
			want:  Mail{Attempts: 1, NextAttempt: t0.Add(time.Minute)},
		},
		{
			name:  "reschedule of a sent mail is refused",
			steps: []step{{op: "sent", at: t0.Add(time.Second)}, {op: "reschedule", at: t0.Add(time.Minute), wantErr: "not pending"}},
			want:  Mail{NextAttempt: t0, Sent: t0.Add(time.Second)},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			db := openTest(t)
			update(t, db, func(tx *Tx) error { return tx.Enqueue(mail("m", t0)) })
			for _, s := range tt.steps {
				err := db.Update(func(tx *Tx) error {
					switch s.op {
					case "attempt":
						return tx.RecordAttempt("m", s.at)
					case "sent":
						return tx.MarkSent("m", s.at)
					case "failed":
						return tx.MarkFailed("m", s.text, s.at)
					case "reschedule":
						return tx.Reschedule("m", s.at)
					default:
						return tx.MarkError("m", s.text, t0)
					}
				})
				if s.wantErr == "" && err != nil || s.wantErr != "" && (err == nil || !strings.Contains(err.Error(), s.wantErr)) {
					t.Fatalf("%s: err = %v, want %q", s.op, err, s.wantErr)
				}
			}
			view(t, db, func(tx *Tx) error {
				m, err := tx.Mail("m")
				if err != nil {
					return err
				}
				if m.Attempts != tt.want.Attempts || !m.NextAttempt.Equal(tt.want.NextAttempt) || m.LastError != tt.want.LastError ||
					!m.Sent.Equal(tt.want.Sent) || !m.Failed.Equal(tt.want.Failed) {
					t.Errorf("mail = attempts %d, next %v, error %q, sent %v, failed %v; want %d, %v, %q, %v, %v",
						m.Attempts, m.NextAttempt, m.LastError, m.Sent, m.Failed,
						tt.want.Attempts, tt.want.NextAttempt, tt.want.LastError, tt.want.Sent, tt.want.Failed)
				}
				pending, err := tx.Pending()
				if err != nil {
					return err
				}
				if wantPending := tt.want.Pending(); (len(pending) == 1) != wantPending {
					t.Errorf("Pending = %q, want pending %v", ids(pending), wantPending)
				}
				due, err := tx.Due(tt.want.NextAttempt.Add(-time.Nanosecond), 0)
				if err != nil || len(due) != 0 {
					t.Errorf("Due before NextAttempt = %q, %v; want none", ids(due), err)
				}
				return nil
			})
		})
	}
}

func TestUnknownMailNotFound(t *testing.T) {
	db := openTest(t)
	ops := map[string]func(*Tx) error{
		"Mail":          func(tx *Tx) error { _, err := tx.Mail("nope"); return err },
		"RecordAttempt": func(tx *Tx) error { return tx.RecordAttempt("nope", t0) },
		"MarkSent":      func(tx *Tx) error { return tx.MarkSent("nope", t0) },
		"MarkError":     func(tx *Tx) error { return tx.MarkError("nope", "x", t0) },
		"MarkFailed":    func(tx *Tx) error { return tx.MarkFailed("nope", "550 x", t0) },
		"Reschedule":    func(tx *Tx) error { return tx.Reschedule("nope", t0) },
	}
	for name, op := range ops {
		if err := db.Update(op); !errors.Is(err, ErrNotFound) {
			t.Errorf("%s of unknown mail: err = %v, want ErrNotFound", name, err)
		}
	}
}

// TestMarkSentDropsBody: a mail keeps its body until it is sent (a resend
// after a crash still has it), then loses it, a mail carrying a secret as
// any other; the record stays.
func TestMarkSentDropsBody(t *testing.T) {
	db := openTest(t)
	secret := mail("welcome", t0)
	secret.Body, secret.Sensitive = "Your secret: hunter2\n", true
	plain := mail("report", t0)
	update(t, db, func(tx *Tx) error {
		if err := tx.Enqueue(secret); err != nil {
			return err
		}
		return tx.Enqueue(plain)
	})
	update(t, db, func(tx *Tx) error { return tx.RecordAttempt("welcome", t0.Add(time.Minute)) })
	view(t, db, func(tx *Tx) error {
		m, err := tx.Mail("welcome")
		if err != nil || !strings.Contains(m.Body, "hunter2") {
			t.Errorf("before sending: %v %q", err, m.Body)
		}
		return nil
	})
	update(t, db, func(tx *Tx) error {
		if err := tx.MarkSent("welcome", t0.Add(time.Second)); err != nil {
			return err
		}
		return tx.MarkSent("report", t0.Add(time.Second))
	})
	view(t, db, func(tx *Tx) error {
		m, _ := tx.Mail("welcome")
		if m.Body != "" || !m.Sensitive || m.Sent.IsZero() {
			t.Errorf("sent sensitive mail = %+v", m)
		}
		p, _ := tx.Mail("report")
		if p.Body != "" || p.Subject != "Report report" || p.MessageID != MessageIDFor("report") || p.Sent.IsZero() {
			t.Errorf("sent plain mail = %+v", p)
		}
		return nil
	})
}

// TestMarkFailedDropsBody: a welcome the server refused for good must not
// keep its secret either, nor any failed mail its text.
func TestMarkFailedDropsBody(t *testing.T) {
	db := openTest(t)
	secret := mail("welcome", t0)
	secret.Body, secret.Sensitive = "Your secret: hunter2\n", true
	plain := mail("report", t0)
	update(t, db, func(tx *Tx) error { return errors.Join(tx.Enqueue(secret), tx.Enqueue(plain)) })
	update(t, db, func(tx *Tx) error {
		return errors.Join(
			tx.MarkFailed("welcome", "550 5.1.1 no such user", t0.Add(time.Second)),
			tx.MarkFailed("report", "550 5.1.1 no such user", t0.Add(time.Second)))
	})
	view(t, db, func(tx *Tx) error {
		m, _ := tx.Mail("welcome")
		if m.Body != "" || m.Failed.IsZero() {
			t.Errorf("failed sensitive mail: body %q, failed %v", m.Body, m.Failed)
		}
		p, _ := tx.Mail("report")
		if p.Body != "" || p.LastError != "550 5.1.1 no such user" || p.Subject == "" {
			t.Errorf("failed plain mail = %+v", p)
		}
		pending, err := tx.Pending()
		if err != nil || len(pending) != 0 {
			t.Errorf("Pending = %q, %v; want none", ids(pending), err)
		}
		return nil
	})
}

// TestOutboxValuesCompressed: outbox values are stored zstd-compressed, and
// a value written before compression (plain JSON) is still read, updated
// and checked.
func TestOutboxValuesCompressed(t *testing.T) {
	db := openTest(t)
	big := mail("big", t0)
	big.Body = strings.Repeat("Germany converts 3 idle factories to civilian.\n", 50)
	update(t, db, func(tx *Tx) error { return tx.Enqueue(big) })
	if err := db.db.View(func(btx *bolt.Tx) error {
		v := btx.Bucket(bucketMailText).Get([]byte("big"))
		if !packed(v) || len(v) >= len(big.Body) {
			t.Errorf("stored text is %d bytes, packed %v; want compressed below the body's %d", len(v), packed(v), len(big.Body))
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}

	// A legacy value: plain JSON, as Enqueue wrote it before compression.
	legacy := mail("legacy", t0.Add(time.Minute))
	legacy.Body = strings.Repeat("old report line\n", 20)
	legacy.MessageID, legacy.NextAttempt = MessageIDFor("legacy"), legacy.Created
	if err := db.db.Update(func(btx *bolt.Tx) error {
		v, err := json.Marshal(legacy)
		if err != nil {
			return err
		}
		if err := btx.Bucket(bucketOutbox).Put([]byte("legacy"), v); err != nil {
			return err
		}
		return btx.Bucket(bucketDue).Put(dueKey(legacy), nil)
	}); err != nil {
		t.Fatal(err)
	}
	view(t, db, func(tx *Tx) error {
		m, err := tx.Mail("legacy")
		if err != nil || m.Body != legacy.Body {
			t.Errorf("legacy Mail = %v, %v", m, err)
		}
		all, err := tx.Outbox()
		if err != nil || !slices.Equal(ids(all), []string{"big", "legacy"}) {
			t.Errorf("Outbox = %q, %v", ids(all), err)
		}
		pending, err := tx.Pending()
		if err != nil || !slices.Equal(ids(pending), []string{"big", "legacy"}) {
			t.Errorf("Pending = %q, %v", ids(pending), err)
		}
		return Check(tx)
	})
	// Rewritten by any update, then compressed.
	update(t, db, func(tx *Tx) error { return tx.MarkSent("legacy", t0.Add(time.Hour)) })
	view(t, db, func(tx *Tx) error {
		m, err := tx.Mail("legacy")
		if err != nil || m.Body != "" || m.Subject != legacy.Subject || m.Sent.IsZero() {
			t.Errorf("legacy after MarkSent = %v, %v", m, err)
		}
		return nil
	})
	if err := db.db.View(func(btx *bolt.Tx) error {
		if v := btx.Bucket(bucketOutbox).Get([]byte("legacy")); !packed(v) {
			t.Errorf("rewritten legacy value not compressed: %q", v)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
}

// TestSentMailDropsItsHTML: the HTML is kept while the mail is pending
// and dropped once it was sent, with the text and the images' sources.
// Images are stored by their source alone, never as bytes, and a
// sensitive mail may carry neither HTML nor images.
func TestSentMailDropsItsHTML(t *testing.T) {
	db := openTest(t)
	m := mail("report", t0)
	m.HTML, m.Flowed = "<p>body</p>", true
	m.Inline = []Inline{{ContentID: "map@x", ContentType: "image/png", Name: "map.png", Source: "picture/demo/1/public/k"}}
	update(t, db, func(tx *Tx) error { return tx.Enqueue(m) })
	view(t, db, func(tx *Tx) error {
		got, _ := tx.Mail("report")
		if len(got.Inline) != 1 || got.Inline[0].Source != "picture/demo/1/public/k" || !got.Flowed || got.HTML != "<p>body</p>" {
			t.Errorf("pending: %+v", got)
		}
		return nil
	})
	update(t, db, func(tx *Tx) error { return tx.MarkSent("report", t0.Add(time.Second)) })
	view(t, db, func(tx *Tx) error {
		got, _ := tx.Mail("report")
		if len(got.Inline) != 0 || got.HTML != "" || got.Body != "" || !got.Flowed || got.Subject != "Report report" {
			t.Errorf("sent: %+v", got)
		}
		return nil
	})
	for name, bad := range map[string]*Mail{
		"bytes":     {ID: "b", To: []string{"x@y"}, Inline: []Inline{{ContentID: "a@x", ContentType: "image/png", Data: []byte("png"), Source: "s"}}},
		"no source": {ID: "c", To: []string{"x@y"}, Inline: []Inline{{ContentID: "a@x", ContentType: "image/png"}}},
		"sensitive": {ID: "d", To: []string{"x@y"}, Sensitive: true, HTML: "<p>secret</p>"},
	} {
		var err error
		_ = db.Update(func(tx *Tx) error { err = tx.Enqueue(bad); return err })
		if err == nil {
			t.Errorf("%s: queued", name)
		}
	}
}

// TestOutboxTextKeptApart (issue 24): a pending mail's text is stored
// apart from its record, written once by Enqueue: recording attempts and
// errors rewrites the small record alone, PendingRecords reads the
// records without the text, WithText adds it, and a mail that leaves the
// outbox leaves no text behind. A record written with its text inline
// (before) is read whole and moves its text apart when next written.
func TestOutboxTextKeptApart(t *testing.T) {
	db := openTest(t)
	m := mail("report", t0)
	m.Body = strings.Repeat("Germany converts 3 idle factories to civilian.\n", 50)
	m.HTML = "<p>" + m.Body + "</p>"
	m.References = []string{"root@example.org"}
	m.Attachments = []Attachment{{Name: "deadline.ics", ContentType: "text/calendar", Data: []byte("BEGIN:VCALENDAR")}}
	update(t, db, func(tx *Tx) error { return tx.Enqueue(m) })
	raw := func(bucket []byte) (v []byte) {
		t.Helper()
		if err := db.db.View(func(btx *bolt.Tx) error {
			v = slices.Clone(btx.Bucket(bucket).Get([]byte("report")))
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		return v
	}
	text, record := raw(bucketMailText), raw(bucketOutbox)
	if j, err := unpack(record); text == nil || err != nil || strings.Contains(string(j), "factories") || strings.Contains(string(j), "VCALENDAR") {
		t.Fatalf("record %s (%v), text %d bytes: want the text kept apart", j, err, len(text))
	}
	update(t, db, func(tx *Tx) error {
		return errors.Join(tx.RecordAttempt("report", t0.Add(time.Minute)),
			tx.MarkError("report", "421 try later", t0.Add(time.Second)))
	})
	if !slices.Equal(raw(bucketMailText), text) {
		t.Error("recording an attempt rewrote the text")
	}
	if slices.Equal(raw(bucketOutbox), record) {
		t.Error("recording an attempt left the record as it was")
	}
	view(t, db, func(tx *Tx) error {
		recs, err := tx.PendingRecords()
		if err != nil || len(recs) != 1 {
			t.Fatalf("PendingRecords = %q, %v", ids(recs), err)
		}
		r := recs[0]
		if r.Body != "" || r.HTML != "" || r.References != nil || r.Attempts != 1 || r.LastError != "421 try later" ||
			len(r.Attachments) != 1 || r.Attachments[0].Data != nil {
			t.Errorf("record = %+v; want no text, 1 attempt and its error", r)
		}
		full, err := tx.WithText(r)
		if err != nil || full.Body != m.Body || full.HTML != m.HTML || !slices.Equal(full.References, m.References) ||
			string(full.Attachments[0].Data) != "BEGIN:VCALENDAR" || full.Attempts != 1 {
			t.Errorf("WithText = %+v, %v", full, err)
		}
		whole, err := tx.Mail("report")
		if err != nil || whole.Body != m.Body || whole.HTML != m.HTML {
			t.Errorf("Mail = %+v, %v", whole, err)
		}
		return Check(tx)
	})
	update(t, db, func(tx *Tx) error { return tx.MarkSent("report", t0.Add(time.Hour)) })
	if raw(bucketMailText) != nil {
		t.Error("a sent mail's text stayed")
	}
	view(t, db, func(tx *Tx) error {
		if _, err := tx.WithText(&Mail{ID: "report"}); !errors.Is(err, ErrNotFound) {
			t.Errorf("WithText of a sent mail: %v, want ErrNotFound", err)
		}
		return Check(tx)
	})

	// A record with its text inline, as stored before.
	legacy := mail("legacy", t0)
	legacy.Body = "old report\n"
	legacy.MessageID, legacy.NextAttempt = MessageIDFor("legacy"), legacy.Created
	if err := db.db.Update(func(btx *bolt.Tx) error {
		v, err := json.Marshal(legacy)
		if err != nil {
			return err
		}
		return errors.Join(btx.Bucket(bucketOutbox).Put([]byte("legacy"), pack(v)), btx.Bucket(bucketDue).Put(dueKey(legacy), nil))
	}); err != nil {
		t.Fatal(err)
	}
	view(t, db, func(tx *Tx) error {
		recs, err := tx.PendingRecords()
		if err != nil || len(recs) != 1 || recs[0].Body != legacy.Body {
			t.Fatalf("PendingRecords of an inline record = %+v, %v", recs, err)
		}
		full, err := tx.WithText(recs[0])
		if err != nil || full.Body != legacy.Body {
			t.Errorf("WithText of an inline record = %+v, %v", full, err)
		}
		return Check(tx)
	})
	update(t, db, func(tx *Tx) error { return tx.RecordAttempt("legacy", t0.Add(time.Minute)) })
	view(t, db, func(tx *Tx) error {
		recs, err := tx.PendingRecords()
		if err != nil || len(recs) != 1 || recs[0].Body != "" || !recs[0].textApart {
			t.Errorf("after an attempt the inline record = %+v, %v; want its text apart", recs, err)
		}
		if m, err := tx.Mail("legacy"); err != nil || m.Body != legacy.Body {
			t.Errorf("Mail(legacy) = %+v, %v", m, err)
		}
		return Check(tx)
	})
}

// TestResumeInterrupted: an attempt recorded and never ended (the process
// died) is made due at once when the outbox starts again, twice in a row
// at most; a third interruption in a row leaves the mail its backoff. An
// attempt that ended with an error starts the count again; a mail whose
// attempt ended (sent, error) is not touched.
func TestResumeInterrupted(t *testing.T) {
	db := openTest(t)
	update(t, db, func(tx *Tx) error {
		for _, id := range []string{"crashed", "errored", "sent", "idle"} {
			if err := tx.Enqueue(mail(id, t0)); err != nil {
				return err
			}
		}
		for _, id := range []string{"crashed", "errored", "sent"} {
			if err := tx.RecordAttempt(id, t0.Add(10*time.Second)); err != nil {
				return err
			}
		}
		if err := tx.MarkError("errored", "451 later", t0); err != nil {
			return err
		}
		return tx.MarkSent("sent", t0)
	})
	resume := func(at time.Time) (due, backoff []string) {
		t.Helper()
		update(t, db, func(tx *Tx) error {
			var err error
			due, backoff, err = tx.ResumeInterrupted(at, 2)
			return err
		})
		return due, backoff
	}
	next := func(id string) (m *Mail) {
		t.Helper()
		view(t, db, func(tx *Tx) error {
			var err error
			m, err = tx.Mail(id)
			return err
		})
		return m
	}
	restart := t0.Add(time.Second)
	due, backoff := resume(restart)
	if !slices.Equal(due, []string{"crashed"}) || len(backoff) != 0 {
		t.Errorf("first restart: due %q, backoff %q; want the crashed mail due", due, backoff)
	}
	if m := next("crashed"); !m.NextAttempt.Equal(restart) || m.InFlight || m.Interrupted != 1 || m.Attempts != 1 {
		t.Errorf("crashed mail: next %v, in flight %v, interrupted %d, attempts %d; want due at the restart, 1, 1",
			m.NextAttempt, m.InFlight, m.Interrupted, m.Attempts)
	}
	if m := next("errored"); !m.NextAttempt.Equal(t0.Add(10*time.Second)) || m.InFlight {
		t.Errorf("errored mail: next %v, in flight %v; want its backoff kept", m.NextAttempt, m.InFlight)
	}
	if due, _ := resume(restart); len(due) != 0 {
		t.Errorf("a second start without an attempt resumed %q", due)
	}
	// Cut off twice more in a row: the third time it keeps its backoff.
	for i, want := range []bool{true, false} {
		at := restart.Add(time.Duration(i+1) * time.Minute)
		update(t, db, func(tx *Tx) error { return tx.RecordAttempt("crashed", at.Add(time.Hour)) })
		due, backoff := resume(at)
		if got := slices.Contains(due, "crashed"); got != want || slices.Contains(backoff, "crashed") == want {
			t.Errorf("interruption %d in a row: due %q, backoff %q; want due %v", i+2, due, backoff, want)
		}
	}
	if m := next("crashed"); m.Interrupted != 3 || !m.NextAttempt.Equal(restart.Add(2*time.Minute+time.Hour)) {
		t.Errorf("after three interruptions: interrupted %d, next %v; want 3 and the recorded backoff", m.Interrupted, m.NextAttempt)
	}
	// An attempt that ends with an error starts the count again.
	update(t, db, func(tx *Tx) error {
		if err := tx.RecordAttempt("crashed", t0.Add(2*time.Hour)); err != nil {
			return err
		}
		return tx.MarkError("crashed", "451 later", t0)
	})
	if m := next("crashed"); m.Interrupted != 0 || m.InFlight {
		t.Errorf("after an error: interrupted %d, in flight %v; want 0, false", m.Interrupted, m.InFlight)
	}
	view(t, db, Check)
}
