package store

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"mime"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Mail is an outgoing email in the outbox. It is durable before any attempt
// to send it. A mail is in exactly one of three states: pending (zero Sent
// and zero Failed: it has a NextAttempt and an entry in the due index), sent
// (Sent set by MarkSent) or failed (Failed set by MarkFailed: the server
// refused it permanently or the mailer gave up; no further attempts).
//
// Once a mail is sent or failed the store keeps only its record (keptRecord):
// ID, game, addresses, subject, Message-ID, times, attempts, error, the
// names of its attachments; not its text (Body, HTML), its images'
// sources nor its References. What a player may ask for again (RESEND,
// HISTORY) is rendered again from the stored versions, as pictures are.
// The record stays, so that Enqueue still refuses a mail ID used before
// and a mail is never queued twice.
type Mail struct {
	ID string `json:"id"` // unique, e.g. derived from game, version and recipient
	// Game is the game the mail belongs to ("" when none: a receipt to an
	// email that named no existing game). Delivery failures are reported
	// to this game's moderators.
	Game    string   `json:"game,omitempty"`
	From    string   `json:"from"`
	To      []string `json:"to"`
	Subject string   `json:"subject"`
	Body    string   `json:"body"`
	// Flowed marks a Body written as format=flowed text (RFC 3676): a line
	// that ends in a space continues on the next, so a phone can reflow
	// the paragraph; lines that begin with a space, ">" or "From " are
	// space-stuffed. Readers that ignore the parameter see the text as
	// written.
	Flowed bool `json:"flowed,omitempty"`
	// HTML is the text/html alternative of Body. When empty the mailer
	// derives a plain one from Body at send time (mailer.PlainHTML), so a
	// mail that carries a secret never stores it twice. It is dropped from
	// the store once the mail has left the outbox.
	HTML string `json:"html,omitempty"`
	// Inline are the images the HTML shows by Content-ID
	// (multipart/related), stored by Source alone: what to draw, which the
	// outbox has drawn when it sends (a report's picture, drawn from a
	// state version the store keeps; mailer.SMTPOptions.Inline). Image
	// bytes are never stored.
	Inline []Inline `json:"inline,omitempty"`

	// Attachments are files the mailer puts after the body
	// (multipart/mixed), e.g. a deadline's calendar file. Their data is
	// stored (in clear, also in a Sensitive mail: never attach a secret)
	// while the mail is pending, and dropped once it has left the outbox,
	// like the HTML; their names and types stay, a record of what was
	// attached. All together they carry at most MaxAttachmentBytes.
	Attachments []Attachment `json:"attachments,omitempty"`

	MessageID     string    `json:"messageId"`
	InReplyTo     string    `json:"inReplyTo,omitempty"`
	References    []string  `json:"references,omitempty"`
	AutoSubmitted string    `json:"autoSubmitted,omitempty"`
	Created       time.Time `json:"created"`
	// Seq numbers the mails in the order Enqueue queued them (from 1; 0
	// for mails queued before it existed): mails of one transaction share
	// a Created time, and a transaction may commit after another that
	// took its time later.
	Seq uint64 `json:"seq,omitempty"`
	// FirstFailed is the time of the first failed attempt (MarkError),
	// from which the mailer counts its give-up age; zero before any.
	FirstFailed time.Time `json:"firstFailed,omitzero"`
	Attempts    int       `json:"attempts,omitempty"`
	NextAttempt time.Time `json:"nextAttempt,omitzero"`
	// InFlight is set by RecordAttempt and cleared when the attempt's
	// end is recorded (MarkSent, MarkError, MarkFailed): a pending mail
	// found with it set when the outbox starts was being sent when the
	// process died (ResumeInterrupted).
	InFlight bool `json:"inFlight,omitempty"`
	// Interrupted counts the attempts in a row that the process's death
	// cut off (ResumeInterrupted); an attempt that ends with an error
	// (MarkError) sets it back to zero.
	Interrupted int       `json:"interrupted,omitempty"`
	LastError   string    `json:"lastError,omitempty"`
	Sent        time.Time `json:"sent,omitzero"`
	// Failed is when the mailer gave up on the mail (MarkFailed); LastError
	// then holds the server's reply or the last error.
	Failed time.Time `json:"failed,omitzero"`
	// Sensitive marks a mail that carries a secret (a player's welcome):
	// its body is stored sealed while it is pending and, as every mail's,
	// dropped once it is sent or failed (storedBody), so the data file
	// never holds the secret in clear. Secrets are otherwise stored only
	// hashed. (A private notice is not Sensitive: what it tells, secret
	// events included, is in the stored state anyway.)
	Sensitive bool `json:"sensitive,omitempty"`

	// textApart: the stored record keeps the text in bucketMailText
	// (putMail); set when read, never stored in the record itself.
	textApart bool
}

// storedMail is an outbox record as stored: the Mail, its text left out
// and kept apart (mailText) while it is pending, which Apart says. The
// outbox's scheduler reads and rewrites the small record alone: attempts,
// errors and the sent time never read or write the text again (issue
// 24). Records written before have their text inline (Apart false).
type storedMail struct {
	Mail
	Apart bool `json:"apart,omitempty"`
}

// mailText is the text of a pending mail, kept in bucketMailText under
// the mail's ID: what keptRecord drops.
type mailText struct {
	Body        string       `json:"body"`
	HTML        string       `json:"html,omitempty"`
	Inline      []Inline     `json:"inline,omitempty"`
	References  []string     `json:"references,omitempty"`
	Attachments []Attachment `json:"attachments,omitempty"`
}

// ErrImageGone is what a drawer of inline images (mailer.SMTPOptions.
// Inline) returns, wrapped, when an Inline.Source can never be drawn (it
// names a state that is gone or changed): the mail is then sent without
// the image. Any other error is passing: the attempt fails and is
// retried.
var ErrImageGone = errors.New("image source gone")

// Inline is an image shown by the HTML part of a mail (cid:ContentID).
type Inline struct {
	ContentID   string `json:"cid"`
	ContentType string `json:"type"` // e.g. image/png
	Name        string `json:"name"` // a file name for clients that save it
	// Data are the image's bytes in a mail being built for sending
	// (mailer.BuildMessage); never stored.
	Data []byte `json:"-"`
	// Source names what to draw, e.g. "picture/demo/3/germany/<key>"
	// (judge.Judge.Inline reads it).
	Source string `json:"source"`
}

// MaxAttachmentBytes bounds the data of a mail's attachments, all
// together (Enqueue refuses more): the outbox keeps it until the mail is
// sent, and base64 makes the message a third larger still.
const MaxAttachmentBytes = 8 << 20

// maxAttachmentName bounds an attachment's file name, in bytes: what
// common file systems take.
const maxAttachmentName = 255

// Attachment is a file attached to a mail (Content-Disposition:
// attachment).
type Attachment struct {
	// Name is the file name a mail client offers to save it under: not
	// blank, valid UTF-8 of at most 255 bytes, without control characters
	// (CR, LF, tab ...), quotes, backslashes or slashes. The mailer writes
	// a name that is not plain ASCII RFC 2231-encoded.
	Name string `json:"name"`
	// ContentType is its media type with parameters, e.g.
	// "text/calendar; method=PUBLISH; charset=utf-8"; not multipart/* or
	// message/* (the mailer writes every attachment in base64, which
	// those may not be).
	ContentType string `json:"contentType"`
	// Data are the file's bytes; nil once the mail has left the outbox.
	Data []byte `json:"data"`
}

// validate checks a's name and content type (not its data).
func (a *Attachment) validate() error {
	name := a.Name
	switch {
	case strings.TrimSpace(name) == "":
		return fmt.Errorf("attachment without a name")
	case len(name) > maxAttachmentName:
		return fmt.Errorf("attachment name of %d bytes, more than %d", len(name), maxAttachmentName)
	case !utf8.ValidString(name):
		return fmt.Errorf("attachment name %q is not UTF-8", name)
	case strings.ContainsFunc(name, unicode.IsControl):
		return fmt.Errorf("attachment name %q has a control character", name)
	case strings.ContainsAny(name, "\"/\\"):
		return fmt.Errorf("attachment name %q has a quote, slash or backslash", name)
	}
	if strings.TrimSpace(a.ContentType) == "" {
		return fmt.Errorf("attachment %q without a content type", name)
	}
	if strings.ContainsFunc(a.ContentType, unicode.IsControl) {
		return fmt.Errorf("attachment %q: content type %q has a control character", name, a.ContentType)
	}
	mt, _, err := mime.ParseMediaType(a.ContentType)
	if err != nil {
		return fmt.Errorf("attachment %q: content type %q: %v", name, a.ContentType, err)
	}
	top, sub, ok := strings.Cut(mt, "/")
	if !ok || top == "" || sub == "" {
		return fmt.Errorf("attachment %q: content type %q is not type/subtype", name, a.ContentType)
	}
	if top == "multipart" || top == "message" {
		return fmt.Errorf("attachment %q: content type %q cannot be attached in base64", name, a.ContentType)
	}
	return nil
}

// withoutData returns a copy of as without their data: what the store
// keeps of the attachments of a mail that has left the outbox.
func withoutData(as []Attachment) []Attachment {
	if as == nil {
		return nil
	}
	out := make([]Attachment, len(as))
	for i, a := range as {
		a.Data = nil
		out[i] = a
	}
	return out
}

// Pending reports whether m is neither sent nor failed: it waits for an
// attempt and is in the due index.
func (m *Mail) Pending() bool { return m.Sent.IsZero() && m.Failed.IsZero() }

// MessageIDFor returns the Message-ID Enqueue gives a mail with this ID and
// no MessageID: "<" + the first 16 bytes of SHA-256(id) in hex +
// "@stormjudge.invalid>". It is stable, so a resend after a crash carries the
// same Message-ID and recipients can drop the duplicate.
func MessageIDFor(id string) string {
	sum := sha256.Sum256([]byte(id))
	return "<" + hex.EncodeToString(sum[:16]) + "@stormjudge.invalid>"
}

func (m *Mail) validate() error {
	if m.ID == "" {
		return fmt.Errorf("empty ID")
	}
	if len(m.To) == 0 {
		return fmt.Errorf("no recipients")
	}
	if slices.Contains(m.To, "") {
		return fmt.Errorf("empty recipient")
	}
	if m.Sensitive && (m.HTML != "" || len(m.Inline) > 0) {
		// Only Body is sealed: an HTML copy would keep the secret in clear.
		return fmt.Errorf("a sensitive mail may not carry its own HTML part or images")
	}
	for _, in := range m.Inline {
		if in.Source == "" || len(in.Data) > 0 {
			return fmt.Errorf("an inline image is stored by its source alone, to be drawn when the mail is sent")
		}
	}
	size := 0
	for i := range m.Attachments {
		if err := m.Attachments[i].validate(); err != nil {
			return err
		}
		size += len(m.Attachments[i].Data)
	}
	if size > MaxAttachmentBytes {
		return fmt.Errorf("attachments of %d bytes, more than the %d a mail may carry (MaxAttachmentBytes)", size, MaxAttachmentBytes)
	}
	if m.MessageID == "" {
		return fmt.Errorf("empty Message-ID")
	}
	if m.Created.IsZero() {
		return fmt.Errorf("zero Created")
	}
	if !m.Sent.IsZero() && !m.Failed.IsZero() {
		return fmt.Errorf("both sent and failed")
	}
	if m.Pending() && m.NextAttempt.IsZero() {
		return fmt.Errorf("pending with zero NextAttempt")
	}
	if !m.Failed.IsZero() && m.LastError == "" {
		return fmt.Errorf("failed without an error")
	}
	if !m.Pending() && (m.Body != "" || m.HTML != "") {
		return fmt.Errorf("mail kept its text after it left the outbox")
	}
	if !m.Pending() && m.InFlight {
		return fmt.Errorf("mail left the outbox with its attempt in flight")
	}
	return nil
}

// keptRecord is what the store keeps of m once it is sent or failed: the
// record without the text, images or threading (Mail).
func keptRecord(m Mail) Mail {
	m.Body, m.HTML, m.Inline, m.References = "", "", nil, nil
	m.Attachments = withoutData(m.Attachments)
	return m
}

// dueKey orders the pending mails: NextAttempt, Created, ID.
func dueKey(m *Mail) []byte {
	k := append(timeKey(m.NextAttempt), timeKey(m.Created)...)
	return append(k, m.ID...)
}

// Enqueue adds m to the outbox. m.ID must be new (an error wrapping ErrExists
// otherwise: no mail is queued twice) and m.To non-empty. Enqueue fills in,
// on m itself: MessageID from the ID (MessageIDFor) when empty, Created with
// the current time when zero, NextAttempt with Created when zero.
func (tx *Tx) Enqueue(m *Mail) error {
	if err := tx.mustWrite("enqueue"); err != nil {
		return err
	}
	if m.ID == "" {
		return fmt.Errorf("store: enqueue: empty mail ID")
	}
	b, err := tx.wbucket(bucketOutbox)
	if err != nil {
		return fmt.Errorf("store: enqueue %q: %w", m.ID, err)
	}
	if b.Get([]byte(m.ID)) != nil {
		return fmt.Errorf("store: enqueue %q: %w", m.ID, ErrExists)
	}
	if m.MessageID == "" {
		m.MessageID = MessageIDFor(m.ID)
	}
	if m.Created.IsZero() {
		m.Created = now().UTC()
	}
	if m.NextAttempt.IsZero() {
		m.NextAttempt = m.Created
	}
	if !m.Pending() {
		return fmt.Errorf("store: enqueue %q: already sent or failed", m.ID)
	}
	if err := m.validate(); err != nil {
		return fmt.Errorf("store: enqueue %q: %w", m.ID, err)
	}
	if m.Seq, err = b.NextSequence(); err != nil {
		return fmt.Errorf("store: enqueue %q: %w", m.ID, err)
	}
	return tx.putMail(nil, m)
}

// putMail writes m and keeps the due index in step: old is the stored
// version (nil if new). The text of a pending mail is written (again)
// only when it is new or was stored inline: every other write keeps it
// (RecordAttempt, MarkError, Reschedule change the record alone). A mail
// that left the outbox loses its text (keptRecord).
func (tx *Tx) putMail(old, m *Mail) error {
	b, err := tx.wbucket(bucketOutbox)
	if err != nil {
		return fmt.Errorf("store: mail %q: %w", m.ID, err)
	}
	due, err := tx.wbucket(bucketDue)
	if err != nil {
		return fmt.Errorf("store: mail %q: %w", m.ID, err)
	}
	texts, err := tx.wbucket(bucketMailText)
	if err != nil {
		return fmt.Errorf("store: mail %q: %w", m.ID, err)
	}
	if old != nil && old.Pending() {
		if err := due.Delete(dueKey(old)); err != nil {
			return fmt.Errorf("store: mail %q: %w", m.ID, err)
		}
	}
	stored := storedMail{Mail: keptRecord(*m)}
	if m.Pending() {
		if err := due.Put(dueKey(m), nil); err != nil {
			return fmt.Errorf("store: mail %q: %w", m.ID, err)
		}
		stored.Apart = true
		if old == nil || !old.textApart || old == m {
			t := mailText{Body: tx.storedBody(m), HTML: m.HTML, Inline: m.Inline, References: m.References, Attachments: m.Attachments}
			// HTML's < > & as they are, not as \u003c ...: a third of
			// the bytes of a report's HTML to decode again.
			var v bytes.Buffer
			enc := json.NewEncoder(&v)
			enc.SetEscapeHTML(false)
			if err := enc.Encode(&t); err != nil {
				return fmt.Errorf("store: mail %q: %w", m.ID, err)
			}
			// Compressed (blob.go): a report's text is most of it.
			if err := texts.Put([]byte(m.ID), pack(v.Bytes())); err != nil {
				return fmt.Errorf("store: mail %q: %w", m.ID, err)
			}
		}
		m.textApart = true
	} else {
		// Sent or failed: the text is no longer needed (a resend
		// happens only while pending); the record stays.
		if err := texts.Delete([]byte(m.ID)); err != nil {
			return fmt.Errorf("store: mail %q: %w", m.ID, err)
		}
		m.textApart = false
	}
	v, err := json.Marshal(&stored)
	if err != nil {
		return fmt.Errorf("store: mail %q: %w", m.ID, err)
	}
	if err := b.Put([]byte(m.ID), pack(v)); err != nil {
		return fmt.Errorf("store: mail %q: %w", m.ID, err)
	}
	return nil
}

// Mail returns the outbox entry with this ID, or an error wrapping
// ErrNotFound.
func (tx *Tx) Mail(id string) (*Mail, error) { return tx.readMail(id, tx.decodeMail) }

// readMail reads mail id's stored value with decode.
func (tx *Tx) readMail(id string, decode func([]byte) (*Mail, error)) (*Mail, error) {
	b := tx.rbucket(bucketOutbox)
	var v []byte
	if b != nil && id != "" {
		v = b.Get([]byte(id))
	}
	if v == nil {
		return nil, fmt.Errorf("store: mail %q: %w", id, ErrNotFound)
	}
	m, err := decode(v)
	if err != nil {
		return nil, fmt.Errorf("store: mail %q: %w", id, err)
	}
	return m, nil
}

// storedBody is the body of pending mail m as putMail stores it. Only a
// Sensitive mail (a welcome: it carries a secret) differs: its body is
// sealed (seal.go). (Once it left the outbox, sent or failed, no mail
// keeps a body: keptRecord.)
func (tx *Tx) storedBody(m *Mail) string {
	switch {
	case !m.Sensitive:
		return m.Body
	case strings.HasPrefix(m.Body, sealPrefix) || tx.db == nil || tx.db.seal == nil:
		return m.Body
	}
	return tx.db.seal.seal(m.Body)
}

// decodeMail decodes a stored outbox value, with its text: zstd-compressed
// JSON, or plain JSON as written before outbox values were compressed.
func (tx *Tx) decodeMail(v []byte) (*Mail, error) {
	m, err := tx.decodeRecord(v)
	if err != nil || !m.textApart {
		return m, err
	}
	return m, tx.readText(m)
}

// decodeRecord decodes a stored outbox value without the text kept apart
// (a record stored with its text inline has it).
func (tx *Tx) decodeRecord(v []byte) (*Mail, error) {
	j, err := unpack(v)
	if err != nil {
		return nil, err
	}
	var s storedMail
	if err := json.Unmarshal(j, &s); err != nil {
		return nil, err
	}
	m := &s.Mail
	m.textApart = s.Apart
	m.Body = tx.openBody(m.Body)
	return m, nil
}

// readText sets the text of m, a record kept apart from it, from
// bucketMailText.
func (tx *Tx) readText(m *Mail) error {
	var v []byte
	if b := tx.rbucket(bucketMailText); b != nil {
		v = b.Get([]byte(m.ID))
	}
	if v == nil {
		return fmt.Errorf("the text of pending mail %q is missing", m.ID)
	}
	j, err := unpack(v)
	if err != nil {
		return err
	}
	var t mailText
	if err := json.Unmarshal(j, &t); err != nil {
		return err
	}
	m.Body, m.HTML, m.Inline, m.References, m.Attachments = tx.openBody(t.Body), t.HTML, t.Inline, t.References, t.Attachments
	return nil
}

// WithText returns a copy of m, a record PendingRecords returned, with
// its text as stored (an error wrapping ErrNotFound when the mail is gone
// or no longer pending: sent or failed meanwhile, it has none).
func (tx *Tx) WithText(m *Mail) (*Mail, error) {
	c := *m
	if !m.textApart {
		stored, err := tx.Mail(m.ID)
		if err != nil {
			return nil, err
		}
		if !stored.Pending() {
			return nil, fmt.Errorf("store: mail %q: no text, it left the outbox: %w", m.ID, ErrNotFound)
		}
		c.Body, c.HTML, c.Inline, c.References, c.Attachments = stored.Body, stored.HTML, stored.Inline, stored.References, stored.Attachments
		return &c, nil
	}
	if b := tx.rbucket(bucketMailText); b == nil || b.Get([]byte(m.ID)) == nil {
		return nil, fmt.Errorf("store: mail %q: no text: %w", m.ID, ErrNotFound)
	}
	if err := tx.readText(&c); err != nil {
		return nil, fmt.Errorf("store: mail %q: %w", m.ID, err)
	}
	return &c, nil
}

// Due returns up to limit pending mails whose NextAttempt is not after now,
// ordered by NextAttempt, then Created, then ID. A limit <= 0 means no limit.
func (tx *Tx) Due(now time.Time, limit int) ([]*Mail, error) {
	return tx.pending(&now, limit)
}

// Pending returns every pending mail (neither sent nor failed), in the order
// of Due.
func (tx *Tx) Pending() ([]*Mail, error) {
	return tx.pending(nil, 0)
}

// PendingRecords is Pending without the mails' text (Body, HTML, Inline,
// References, the attachments' data), which a pending mail keeps apart:
// what a scheduler needs, read without decoding every report. WithText
// reads a record's text.
func (tx *Tx) PendingRecords() ([]*Mail, error) {
	return tx.pendingAs(nil, 0, tx.recordOf)
}

// recordOf reads mail id's record without the text kept apart.
func (tx *Tx) recordOf(id string) (*Mail, error) { return tx.readMail(id, tx.decodeRecord) }

func (tx *Tx) pending(until *time.Time, limit int) ([]*Mail, error) {
	return tx.pendingAs(until, limit, tx.Mail)
}

func (tx *Tx) pendingAs(until *time.Time, limit int, read func(string) (*Mail, error)) ([]*Mail, error) {
	mails := []*Mail{}
	due := tx.rbucket(bucketDue)
	if due == nil {
		return mails, nil
	}
	var end []byte
	if until != nil {
		end = timeKey(*until)
	}
	c := due.Cursor()
	for k, _ := c.First(); k != nil; k, _ = c.Next() {
		if limit > 0 && len(mails) >= limit {
			break
		}
		if len(k) <= 2*timeKeyLen {
			return nil, fmt.Errorf("store: due index: malformed key %x", k)
		}
		if end != nil && bytes.Compare(k[:timeKeyLen], end) > 0 {
			break
		}
		m, err := read(string(k[2*timeKeyLen:]))
		if err != nil {
			return nil, fmt.Errorf("store: due index: %w", err)
		}
		mails = append(mails, m)
	}
	return mails, nil
}

// Outbox returns every mail, pending, sent or failed, ordered by Created,
// then ID.
func (tx *Tx) Outbox() ([]*Mail, error) {
	mails := []*Mail{}
	b := tx.rbucket(bucketOutbox)
	if b == nil {
		return mails, nil
	}
	err := b.ForEach(func(k, v []byte) error {
		m, err := tx.decodeMail(v)
		if err != nil {
			return fmt.Errorf("store: mail %q: %w", k, err)
		}
		mails = append(mails, m)
		return nil
	})
	if err != nil {
		return nil, err
	}
	slices.SortStableFunc(mails, func(a, b *Mail) int {
		if c := a.Created.Compare(b.Created); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
	return mails, nil
}

// RecordAttempt counts an attempt to send mail id and sets when to try next
// should it fail. Record it (and commit) before the network I/O, so that a
// crash mid-send still counts and backs off.
func (tx *Tx) RecordAttempt(id string, next time.Time) error {
	if err := tx.mustWrite("record attempt"); err != nil {
		return err
	}
	old, err := tx.recordOf(id)
	if err != nil {
		return fmt.Errorf("store: record attempt: %w", err)
	}
	if !old.Sent.IsZero() {
		return fmt.Errorf("store: record attempt %q: already sent at %v", id, old.Sent)
	}
	if !old.Failed.IsZero() {
		return fmt.Errorf("store: record attempt %q: already failed at %v", id, old.Failed)
	}
	if next.IsZero() {
		return fmt.Errorf("store: record attempt %q: zero next attempt", id)
	}
	m := *old
	m.Attempts++
	m.NextAttempt = next
	m.InFlight = true
	return tx.putMail(old, &m)
}

// ResumeInterrupted ends the attempts that were in flight when the process
// died (InFlight): call it when the outbox starts, before any attempt. Each
// such mail counts one more Interrupted attempt and, while that count is at
// most atOnce, is made due at now instead of waiting for the backoff its
// attempt recorded: a crash says nothing about the mail, so it goes out
// (again, with the same Message-ID) as soon as the outbox runs. A mail cut
// off more often than that in a row keeps its backoff: if sending it is
// what kills the process, the process lives between its attempts. It
// returns the IDs made due and those left to their backoff.
func (tx *Tx) ResumeInterrupted(now time.Time, atOnce int) (due, backoff []string, err error) {
	if err := tx.mustWrite("resume interrupted"); err != nil {
		return nil, nil, err
	}
	if now.IsZero() {
		return nil, nil, fmt.Errorf("store: resume interrupted: zero time")
	}
	pending, err := tx.PendingRecords()
	if err != nil {
		return nil, nil, err
	}
	for _, old := range pending {
		if !old.InFlight {
			continue
		}
		m := *old
		m.InFlight = false
		m.Interrupted++
		if m.Interrupted <= atOnce {
			if m.NextAttempt.After(now) {
				m.NextAttempt = now
			}
			due = append(due, m.ID)
		} else {
			backoff = append(backoff, m.ID)
		}
		if err := tx.putMail(old, &m); err != nil {
			return nil, nil, err
		}
	}
	return due, backoff, nil
}

// MarkSent records that mail id was accepted by the SMTP server at time at,
// removing it from the pending mails. Marking a sent mail again keeps the
// first time; a failed mail cannot be marked sent.
func (tx *Tx) MarkSent(id string, at time.Time) error {
	if err := tx.mustWrite("mark sent"); err != nil {
		return err
	}
	old, err := tx.recordOf(id)
	if err != nil {
		return fmt.Errorf("store: mark sent: %w", err)
	}
	if at.IsZero() {
		return fmt.Errorf("store: mark sent %q: zero time", id)
	}
	if !old.Sent.IsZero() {
		return nil
	}
	if !old.Failed.IsZero() {
		return fmt.Errorf("store: mark sent %q: already failed at %v", id, old.Failed)
	}
	m := *old
	m.Sent = at
	m.InFlight = false
	return tx.putMail(old, &m)
}

// MarkFailed records that mail id will not be sent: the server refused it
// permanently, or it stayed undeliverable for too long. errText (the
// server's reply, required) becomes LastError; the mail leaves the pending
// mails (no further attempts) and loses its text (keptRecord). Marking a failed mail again keeps the first time and reply; a
// sent mail cannot fail.
func (tx *Tx) MarkFailed(id, errText string, at time.Time) error {
	if err := tx.mustWrite("mark failed"); err != nil {
		return err
	}
	old, err := tx.recordOf(id)
	if err != nil {
		return fmt.Errorf("store: mark failed: %w", err)
	}
	if at.IsZero() {
		return fmt.Errorf("store: mark failed %q: zero time", id)
	}
	if errText == "" {
		return fmt.Errorf("store: mark failed %q: empty error", id)
	}
	if !old.Sent.IsZero() {
		return fmt.Errorf("store: mark failed %q: already sent at %v", id, old.Sent)
	}
	if !old.Failed.IsZero() {
		return nil
	}
	m := *old
	m.Failed = at
	m.LastError = errText
	m.InFlight = false
	return tx.putMail(old, &m)
}

// Reschedule sets when pending mail id is attempted next, without counting
// an attempt: the mailer makes a recipient's later mails due at once when
// an earlier one finally went out, so that they follow it in order.
func (tx *Tx) Reschedule(id string, next time.Time) error {
	if err := tx.mustWrite("reschedule"); err != nil {
		return err
	}
	old, err := tx.recordOf(id)
	if err != nil {
		return fmt.Errorf("store: reschedule: %w", err)
	}
	if !old.Pending() {
		return fmt.Errorf("store: reschedule %q: not pending", id)
	}
	if next.IsZero() {
		return fmt.Errorf("store: reschedule %q: zero time", id)
	}
	m := *old
	m.NextAttempt = next
	return tx.putMail(old, &m)
}

// MarkError records the error of the last attempt to send mail id, made at
// time at (the first such time is kept in FirstFailed); the attempt is no
// longer in flight, and the count of interrupted attempts starts again.
func (tx *Tx) MarkError(id, errText string, at time.Time) error {
	if err := tx.mustWrite("mark error"); err != nil {
		return err
	}
	old, err := tx.recordOf(id)
	if err != nil {
		return fmt.Errorf("store: mark error: %w", err)
	}
	if !old.Failed.IsZero() {
		// LastError of a failed mail is the reply it failed with.
		return fmt.Errorf("store: mark error %q: already failed at %v", id, old.Failed)
	}
	m := *old
	m.LastError = errText
	m.InFlight, m.Interrupted = false, 0
	if m.FirstFailed.IsZero() {
		m.FirstFailed = at
	}
	return tx.putMail(old, &m)
}
