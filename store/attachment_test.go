package store

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

// withAttachments is a report with a calendar file and a JSON file.
func withAttachments(id string) *Mail {
	m := mail(id, t0)
	m.Attachments = []Attachment{
		{Name: "deadline.ics", ContentType: "text/calendar; method=PUBLISH; charset=utf-8", Data: []byte("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n")},
		{Name: "view.json", ContentType: "application/json", Data: []byte(`{"turn":"Spring 1935"}`)},
	}
	return m
}

// TestAttachmentDataDroppedWhenMailLeaves: a pending mail keeps its
// attachments whole; once sent or failed, their data is dropped and their
// names and types stay, as the HTML is dropped and the text stays.
func TestAttachmentDataDroppedWhenMailLeaves(t *testing.T) {
	for _, leave := range []struct {
		name string
		fn   func(tx *Tx, id string) error
	}{
		{"MarkSent", func(tx *Tx, id string) error { return tx.MarkSent(id, t0.Add(time.Second)) }},
		{"MarkFailed", func(tx *Tx, id string) error {
			return tx.MarkFailed(id, "550 5.1.1 no such user", t0.Add(time.Second))
		}},
	} {
		t.Run(leave.name, func(t *testing.T) {
			db := openTest(t)
			m := withAttachments("report")
			want := withAttachments("report").Attachments
			update(t, db, func(tx *Tx) error { return tx.Enqueue(m) })
			update(t, db, func(tx *Tx) error { return tx.RecordAttempt("report", t0.Add(time.Minute)) })
			view(t, db, func(tx *Tx) error {
				got, err := tx.Mail("report")
				if err != nil {
					return err
				}
				if jsonOf(t, got.Attachments) != jsonOf(t, want) {
					t.Errorf("pending: attachments %s, want %s", jsonOf(t, got.Attachments), jsonOf(t, want))
				}
				return nil
			})
			update(t, db, func(tx *Tx) error { return leave.fn(tx, "report") })
			view(t, db, func(tx *Tx) error {
				got, err := tx.Mail("report")
				if err != nil {
					return err
				}
				if len(got.Attachments) != len(want) {
					t.Fatalf("left: %d attachments, want %d (names kept)", len(got.Attachments), len(want))
				}
				for i, a := range got.Attachments {
					if a.Data != nil || a.Name != want[i].Name || a.ContentType != want[i].ContentType {
						t.Errorf("left: attachment %d = %q %q %d bytes; want %q %q without data",
							i, a.Name, a.ContentType, len(a.Data), want[i].Name, want[i].ContentType)
					}
				}
				if got.Body != "" {
					t.Errorf("left: body %q kept", got.Body)
				}
				return nil
			})
			// The caller's mail is the caller's: dropping the data in the
			// store does not reach into it.
			if !bytes.Equal(m.Attachments[0].Data, want[0].Data) {
				t.Errorf("the enqueued mail's data changed: %q", m.Attachments[0].Data)
			}
		})
	}
}

func TestEnqueueRefusesBadAttachments(t *testing.T) {
	ics := "text/calendar; method=PUBLISH; charset=utf-8"
	tests := []struct {
		name    string
		att     []Attachment
		wantErr string // "" when accepted
	}{
		{"calendar and json", withAttachments("x").Attachments, ""},
		{"non-ASCII name", []Attachment{{Name: "Frühjahr 1935.ics", ContentType: ics, Data: []byte("x")}}, ""},
		{"empty file", []Attachment{{Name: "empty.txt", ContentType: "text/plain"}}, ""},
		{"exactly the limit", []Attachment{
			{Name: "a.bin", ContentType: "application/octet-stream", Data: make([]byte, MaxAttachmentBytes/2)},
			{Name: "b.bin", ContentType: "application/octet-stream", Data: make([]byte, MaxAttachmentBytes/2)},
		}, ""},
		{"no name", []Attachment{{ContentType: ics, Data: []byte("x")}}, "attachment without a name"},
		{"blank name", []Attachment{{Name: "  ", ContentType: ics, Data: []byte("x")}}, "attachment without a name"},
		{"CRLF in name", []Attachment{{Name: "a.ics\r\nBcc: x@y", ContentType: ics}}, "control character"},
		{"tab in name", []Attachment{{Name: "a\t.ics", ContentType: ics}}, "control character"},
		{"quote in name", []Attachment{{Name: `a".ics`, ContentType: ics}}, "quote, slash or backslash"},
		{"backslash in name", []Attachment{{Name: `a\.ics`, ContentType: ics}}, "quote, slash or backslash"},
		{"path as name", []Attachment{{Name: "../etc/passwd", ContentType: "text/plain"}}, "quote, slash or backslash"},
		{"name not UTF-8", []Attachment{{Name: "a\xff.ics", ContentType: ics}}, "not UTF-8"},
		{"name too long", []Attachment{{Name: strings.Repeat("a", 252) + ".ics", ContentType: ics}}, "name of 256 bytes"},
		{"no content type", []Attachment{{Name: "a.ics", Data: []byte("x")}}, `attachment "a.ics" without a content type`},
		{"content type without subtype", []Attachment{{Name: "a.ics", ContentType: "text"}}, "not type/subtype"},
		{"malformed content type", []Attachment{{Name: "a.ics", ContentType: "text/calendar; method"}}, `content type "text/calendar; method"`},
		{"CRLF in content type", []Attachment{{Name: "a.ics", ContentType: "text/plain\r\nX: y"}}, "control character"},
		{"multipart", []Attachment{{Name: "a.eml", ContentType: "multipart/mixed; boundary=x"}}, "cannot be attached in base64"},
		{"message", []Attachment{{Name: "a.eml", ContentType: "message/rfc822"}}, "cannot be attached in base64"},
		{"one byte over the limit, in two files", []Attachment{
			{Name: "a.bin", ContentType: "application/octet-stream", Data: make([]byte, MaxAttachmentBytes/2)},
			{Name: "b.bin", ContentType: "application/octet-stream", Data: make([]byte, MaxAttachmentBytes/2+1)},
		}, "attachments of 8388609 bytes, more than the 8388608 a mail may carry"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			db := openTest(t)
			m := mail("m", t0)
			m.Attachments = tt.att
			err := db.Update(func(tx *Tx) error { return tx.Enqueue(m) })
			if tt.wantErr == "" {
				if err != nil {
					t.Fatalf("Enqueue: %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) || !strings.HasPrefix(err.Error(), `store: enqueue "m": `) {
				t.Fatalf("Enqueue err = %v, want %q", err, tt.wantErr)
			}
			view(t, db, func(tx *Tx) error {
				if _, err := tx.Mail("m"); !errors.Is(err, ErrNotFound) {
					t.Errorf("refused mail stored: %v", err)
				}
				return nil
			})
		})
	}
}

// TestCheckFindsAttachmentDataLeft: a sent mail whose attachment data was
// kept (written around the API) is a violation Check names.
func TestCheckFindsAttachmentDataLeft(t *testing.T) {
	db := openPath(t, t.TempDir()+"/store.db")
	m := withAttachments("report")
	update(t, db, func(tx *Tx) error { return tx.Enqueue(m) })
	update(t, db, func(tx *Tx) error { return tx.MarkSent("report", t0.Add(time.Second)) })
	if err := db.View(Check); err != nil {
		t.Fatalf("Check after MarkSent: %v", err)
	}
	m.Sent = t0.Add(time.Second)
	if err := db.db.Update(func(btx *bolt.Tx) error {
		v, err := json.Marshal(m)
		if err != nil {
			return err
		}
		return btx.Bucket(bucketOutbox).Put([]byte("report"), v)
	}); err != nil {
		t.Fatal(err)
	}
	err := db.View(Check)
	if err == nil || !strings.Contains(err.Error(), `mail "report": left the outbox and kept the data of its attachment "deadline.ics"`) {
		t.Errorf("Check = %v, want the kept data named", err)
	}
}
