package textplayer

import (
	"bytes"
	"errors"
	"io"
	"mime"
	"stormjudge/internal/flowed"
	"strings"

	"github.com/emersion/go-message"
	_ "github.com/emersion/go-message/charset" // the charsets a mail client reads
)

// TextPart is what a text-only mail client shows of a raw mail: its
// subject and its first text/plain part (DecodePart). Every other part
// (the HTML, the pictures, the calendar) is left unread.
func TextPart(raw []byte) (subject, text string, err error) {
	e, err := message.Read(bytes.NewReader(raw))
	if err != nil && !message.IsUnknownCharset(err) && !message.IsUnknownEncoding(err) {
		return "", "", err
	}
	subject = e.Header.Get("Subject")
	if d, derr := new(mime.WordDecoder).DecodeHeader(subject); derr == nil {
		subject = d
	}
	found := false
	werr := e.Walk(func(_ []int, part *message.Entity, err error) error {
		if err != nil || found {
			return err
		}
		if ct, _, _ := part.Header.ContentType(); ct != "text/plain" && part.Header.Get("Content-Type") != "" {
			return nil
		}
		found = true
		text, err = decode(part)
		return err
	})
	if werr != nil {
		return subject, "", werr
	}
	if !found {
		return subject, "", errors.New("textplayer: the mail has no text/plain part")
	}
	return subject, text, nil
}

// DecodePart is the text of one MIME part given as its header (as IMAP's
// BODY[<part>.MIME] returns it) and its body (BODY[<part>]): transfer
// encoding and charset decoded and, when the part is format=flowed, its
// soft line breaks undone (RFC 3676, DelSp too).
func DecodePart(header, body []byte) (string, error) {
	raw := make([]byte, 0, len(header)+len(body)+2)
	raw = append(raw, header...)
	if !bytes.HasSuffix(raw, []byte("\n\n")) && !bytes.HasSuffix(raw, []byte("\r\n\r\n")) {
		raw = append(raw, "\r\n"...)
	}
	raw = append(raw, body...)
	e, err := message.Read(bytes.NewReader(raw))
	if err != nil && !message.IsUnknownCharset(err) && !message.IsUnknownEncoding(err) {
		return "", err
	}
	return decode(e)
}

func decode(part *message.Entity) (string, error) {
	b, err := io.ReadAll(part.Body)
	if err != nil {
		return "", err
	}
	text := string(b)
	if _, params, _ := part.Header.ContentType(); strings.EqualFold(params["format"], "flowed") {
		return flowed.Decode(text, strings.EqualFold(params["delsp"], "yes")), nil
	}
	return strings.ReplaceAll(text, "\r\n", "\n"), nil
}
