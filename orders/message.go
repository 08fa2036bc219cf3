package orders

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"mime"
	"stormjudge/internal/flowed"
	"strings"
	"unicode/utf8"

	"github.com/emersion/go-message"
	_ "github.com/emersion/go-message/charset" // registers ISO-8859-*, Windows-125x, ... with go-message
	"github.com/emersion/go-message/mail"
	"golang.org/x/text/encoding/charmap"
)

// MaxBody is the most text, in bytes after transfer decoding, that
// ReadMessage reads from the chosen body part. An order email is a few
// hundred bytes; a longer text is refused rather than read.
const MaxBody = 1 << 20

// Limits bound what ReadMessage accepts, so that a hostile or broken
// message costs little and gets a clear answer. The zero value of a field
// means its DefaultLimits value. docs/orders.md lists them for players.
type Limits struct {
	Size  int // the whole raw message, in bytes
	Parts int // MIME entities visited in total
	Depth int // nesting of multipart entities
}

// DefaultLimits fit any order email with room to spare: an order email is
// a few hundred bytes of text, perhaps with an HTML copy and a signature
// image.
var DefaultLimits = Limits{Size: 1 << 20, Parts: 100, Depth: 10}

// WithDefaults returns l with its zero fields set to DefaultLimits'.
func (l Limits) WithDefaults() Limits {
	if l.Size <= 0 {
		l.Size = DefaultLimits.Size
	}
	if l.Parts <= 0 {
		l.Parts = DefaultLimits.Parts
	}
	if l.Depth <= 0 {
		l.Depth = DefaultLimits.Depth
	}
	return l
}

// LimitError says which limit a message broke. ReadMessage returns it (with
// the Message's header fields filled in) so that the sender can be told.
type LimitError struct {
	What  string // "size", "parts", "depth" or "text"
	Limit int
}

func (e *LimitError) Error() string {
	switch e.What {
	case "size":
		return fmt.Sprintf("orders: message larger than %d bytes", e.Limit)
	case "parts":
		return fmt.Sprintf("orders: more than %d MIME parts", e.Limit)
	case "depth":
		return fmt.Sprintf("orders: MIME parts nested more than %d deep", e.Limit)
	}
	return fmt.Sprintf("orders: message text longer than %d bytes", e.Limit)
}

// maxHeader is how much of an oversized message is read for its header
// (to answer its sender): header fields beyond it are not seen.
const maxHeader = 256 << 10

// Message is what the judge needs of one received email: the threading and
// loop-detection headers and the text of the body.
//
// Message identifiers (MessageID, InReplyTo, References) are stored without
// their angle brackets, as go-message returns them.
type Message struct {
	MessageID  string   // Message-ID, without angle brackets
	InReplyTo  string   // first identifier of In-Reply-To, without angle brackets
	References []string // References, without angle brackets, oldest first
	From       string   // bare address of the first From mailbox, lower case
	Subject    string   // decoded (RFC 2047)

	// ReturnPath is the bare address of the Return-Path header, lower case;
	// empty for the null sender "<>" of bounces. HasReturnPath tells an
	// empty Return-Path (a bounce) from a missing one (a message read
	// straight from a client's submission, before any delivery).
	ReturnPath    string
	HasReturnPath bool

	AutoSubmitted string // Auto-Submitted (RFC 3834), as written
	Precedence    string // Precedence, as written
	ListID        string // List-Id (RFC 2919), as written
	// AutoHeader names the first vendor header of an automatic reply the
	// message carries (X-Autoreply, X-Autorespond,
	// X-Auto-Response-Suppress, List-Unsubscribe ...), "" for none.
	AutoHeader string
	// ReportType is the report-type of a multipart/report message
	// (RFC 6522: delivery-status, feedback-report (ARF) ...), "" for none.
	ReportType string

	// Body is the text of the message: the first text/plain part, or else
	// the first text/html part converted to text; UTF-8, lines ending in
	// "\n" only; a format=flowed part decoded (RFC 3676: a line the
	// client broke with soft breaks is one line).
	Body string
}

// ReadMessage reads a raw RFC 5322 message and returns its headers and text.
//
// It decodes MIME: nested multipart entities, base64 and quoted-printable
// transfer encodings, charsets (anything go-message/charset knows, among
// them UTF-8, ISO-8859-1 and Windows-1252; undeclared 8-bit text that is not
// UTF-8 is read as Windows-1252), RFC 2047 encoded headers, format=flowed
// text (RFC 3676, DelSp either way: a line the sender's client wrapped
// with soft breaks is read as one line), and HTML-only mail, which is
// converted to text.
//
// When the header could be read but the body could not (no text part, text
// longer than MaxBody), ReadMessage returns the Message with its headers
// filled in together with the error, so that the caller can still answer in
// the same thread or recognise automatic mail. When the header cannot be
// read, the Message is nil.
func ReadMessage(raw []byte) (*Message, error) { return DefaultLimits.Read(raw) }

// Read is ReadMessage under the limits l. A message larger than l.Size has
// only its header read (at most its first 256 KiB): the Message comes back
// with a *LimitError.
func (l Limits) Read(raw []byte) (*Message, error) {
	l = l.WithDefaults()
	var tooBig error
	if len(raw) > l.Size {
		tooBig = &LimitError{What: "size", Limit: l.Size}
		raw = raw[:min(len(raw), maxHeader)]
	}
	e, err := message.Read(bytes.NewReader(raw))
	if e == nil {
		if err == nil {
			err = errors.New("unreadable message")
		}
		// The error quotes the sender's header line: keep it on one line.
		return nil, fmt.Errorf("orders: reading message header: %s", Shorten(strings.Join(strings.Fields(err.Error()), " "), maxLineShown))
	}
	m := readHeader(mail.Header{Header: e.Header})
	if tooBig != nil {
		return m, tooBig
	}
	body, err := readBody(e, l)
	if err != nil {
		return m, err
	}
	m.Body = body
	return m, nil
}

// readHeader fills a Message from the header fields. Malformed fields do
// not fail the message: the raw value is used as well as it can be.
func readHeader(h mail.Header) *Message {
	m := &Message{
		AutoSubmitted: headerText(h, "Auto-Submitted"),
		Precedence:    headerText(h, "Precedence"),
		ListID:        headerText(h, "List-Id"),
	}
	for _, k := range autoHeaders {
		if strings.TrimSpace(h.Get(k)) != "" {
			m.AutoHeader = k
			break
		}
	}
	if t, params, err := h.ContentType(); err == nil && strings.EqualFold(t, "multipart/report") {
		m.ReportType = strings.ToLower(params["report-type"])
		if m.ReportType == "" {
			m.ReportType = "unknown"
		}
	}
	if id, err := h.MessageID(); err == nil {
		m.MessageID = id
	} else {
		m.MessageID = looseMsgIDs(h.Get("Message-Id"))[0]
	}
	if ids, err := h.MsgIDList("In-Reply-To"); err == nil && len(ids) > 0 {
		m.InReplyTo = ids[0]
	} else if err != nil {
		m.InReplyTo = looseMsgIDs(h.Get("In-Reply-To"))[0]
	}
	if ids, err := h.MsgIDList("References"); err == nil {
		m.References = ids
	} else {
		m.References = looseMsgIDs(h.Get("References"))
		if len(m.References) == 1 && m.References[0] == "" {
			m.References = nil
		}
	}
	if s, err := h.Subject(); err == nil {
		m.Subject = s
	} else {
		m.Subject = strings.TrimSpace(h.Get("Subject"))
	}
	m.Subject = strings.ToValidUTF8(m.Subject, "\uFFFD")
	if l, err := h.AddressList("From"); err == nil && len(l) > 0 {
		m.From = strings.ToLower(l[0].Address)
	} else {
		m.From = looseAddress(h.Get("From"))
	}
	if h.Has("Return-Path") {
		m.HasReturnPath = true
		m.ReturnPath = looseAddress(h.Get("Return-Path"))
	}
	return m
}

// headerText returns a field decoded (RFC 2047) and trimmed, or its raw
// trimmed value when it cannot be decoded.
func headerText(h mail.Header, key string) string {
	s, err := h.Text(key)
	if err != nil {
		s = h.Get(key)
	}
	return strings.ToValidUTF8(strings.TrimSpace(s), "\uFFFD")
}

// looseMsgIDs splits a malformed message-id list into identifiers without
// angle brackets. It always returns at least one element (maybe "").
func looseMsgIDs(v string) []string {
	fields := strings.FieldsFunc(v, func(r rune) bool {
		return r == ' ' || r == '\t' || r == ',' || r == '<' || r == '>' || r == '\r' || r == '\n'
	})
	if len(fields) == 0 {
		return []string{""}
	}
	for i, f := range fields {
		fields[i] = strings.ToValidUTF8(f, "\uFFFD")
	}
	return fields
}

// looseAddress extracts a bare address from a header value that net/mail
// could not parse (or from a Return-Path): the text inside the last angle
// brackets, or else the first word with an "@". "<>" gives "".
func looseAddress(v string) string {
	v = strings.TrimSpace(v)
	if i := strings.LastIndexByte(v, '<'); i >= 0 {
		rest := v[i+1:]
		if j := strings.IndexByte(rest, '>'); j >= 0 {
			return cleanAddress(rest[:j])
		}
		return cleanAddress(rest)
	}
	for _, f := range strings.Fields(v) {
		if strings.Contains(f, "@") {
			return cleanAddress(f)
		}
	}
	return cleanAddress(v)
}

func cleanAddress(s string) string {
	s = strings.Trim(strings.TrimSpace(s), "<>\"',;")
	return strings.ToLower(strings.ToValidUTF8(s, "\uFFFD"))
}

// part is a candidate body part found while walking the MIME tree.
type part struct {
	text       string
	html       bool
	attachment bool
}

// readBody walks the MIME tree of e and returns the text of the best part:
// the first inline text/plain, else the first inline text/html, else the
// first text part that is an attachment. An unknown charset or transfer
// encoding (which go-message reports but does not fail on) leaves a body
// undecoded, which decodeFallback then reads as well as it can.
func readBody(e *message.Entity, l Limits) (string, error) {
	w := walker{limits: l}
	if err := w.walk(e, 0); err != nil {
		return "", err
	}
	var best *part
	rank := func(p *part) int {
		switch {
		case !p.attachment && !p.html:
			return 0
		case !p.attachment:
			return 1
		case !p.html:
			return 2
		}
		return 3
	}
	for i := range w.parts {
		if best == nil || rank(&w.parts[i]) < rank(best) {
			best = &w.parts[i]
		}
	}
	if best == nil {
		return "", errors.New("orders: the message has no text part")
	}
	text := best.text
	if best.html {
		text = htmlText(text)
		if len(text) > MaxBody { // quote prefixes can lengthen the text
			return "", &LimitError{What: "text", Limit: MaxBody}
		}
	}
	return normalizeText(text), nil
}

type walker struct {
	limits  Limits
	visited int
	parts   []part
	// plain is set once an inline text/plain part is found: nothing after
	// it can win, so the walk reads no more bodies; it still counts the
	// parts and levels after it, so that the limits hold wherever the
	// orders are.
	plain bool
}

func (w *walker) walk(e *message.Entity, depth int) error {
	w.visited++
	if w.visited > w.limits.Parts {
		return &LimitError{What: "parts", Limit: w.limits.Parts}
	}
	if depth > w.limits.Depth {
		return &LimitError{What: "depth", Limit: w.limits.Depth}
	}
	if mr := e.MultipartReader(); mr != nil {
		for {
			p, err := mr.NextPart()
			if err == io.EOF {
				return nil
			}
			if p == nil {
				if err == nil {
					err = errors.New("empty part")
				}
				// A broken multipart body ends the walk; what was found
				// before the damage is still used.
				if len(w.parts) > 0 {
					return nil
				}
				return fmt.Errorf("orders: reading MIME part: %w", err)
			}
			if err := w.walk(p, depth+1); err != nil {
				return err
			}
		}
	}
	mediaType := contentType(e.Header)
	if w.plain || (mediaType != "text/plain" && mediaType != "text/html") {
		return nil
	}
	disp, _, _ := e.Header.ContentDisposition()
	p := part{html: mediaType == "text/html", attachment: strings.EqualFold(disp, "attachment")}
	// The MaxBody limit is checked before any charset conversion would
	// matter: go-message already decodes while we read.
	b, err := io.ReadAll(io.LimitReader(e.Body, MaxBody+1))
	if err != nil && len(b) == 0 {
		// A part broken from its start (truncated, bad base64) is passed
		// over; another part may still hold the text. A part broken in the
		// middle keeps what was read before the damage.
		return nil
	}
	if len(b) > MaxBody {
		return &LimitError{What: "text", Limit: MaxBody}
	}
	p.text = decodeFallback(b)
	if isFlowed, delSp := flowedParams(e.Header); isFlowed && !p.html {
		p.text = flowed.Decode(normalizeText(p.text), delSp) // RFC 3676: the client's soft breaks undone
	}
	w.parts = append(w.parts, p)
	if !p.html && !p.attachment {
		w.plain = true
	}
	return nil
}

// contentType returns the lower-case media type of h; a missing or
// unparsable Content-Type is text/plain (RFC 2045 section 5.2).
func contentType(h message.Header) string {
	v := h.Get("Content-Type")
	if strings.TrimSpace(v) == "" {
		return "text/plain"
	}
	t, _, err := mime.ParseMediaType(v)
	if err != nil {
		t, _, _ = strings.Cut(v, ";")
		t = strings.TrimSpace(t)
		if t == "" {
			return "text/plain"
		}
	}
	return strings.ToLower(t)
}

// decodeFallback makes UTF-8 text of a decoded body. go-message has already
// converted declared charsets; bytes that are still not UTF-8 (no charset
// declared, or one go-message does not know) are read as Windows-1252, the
// most common undeclared 8-bit charset in mail.
func decodeFallback(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	if s, err := charmap.Windows1252.NewDecoder().Bytes(b); err == nil {
		return string(s)
	}
	return strings.ToValidUTF8(string(b), "\uFFFD")
}

// normalizeText turns CRLF and lone CR into LF, drops a byte order mark and
// NUL bytes, and makes the text valid UTF-8.
func normalizeText(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	s = strings.TrimPrefix(s, "\uFEFF")
	s = strings.ReplaceAll(s, "\x00", "")
	return strings.ToValidUTF8(s, "\uFFFD")
}
