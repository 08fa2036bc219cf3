package orders

import (
	"mime"
	"strings"

	"github.com/emersion/go-message"
)

// flowedParams reports whether a text part's Content-Type says
// format=flowed (RFC 3676) and, if so, whether DelSp=yes.
func flowedParams(h message.Header) (flowed, delSp bool) {
	_, params, err := mime.ParseMediaType(h.Get("Content-Type"))
	if err != nil || !strings.EqualFold(params["format"], "flowed") {
		return false, false
	}
	return true, strings.EqualFold(params["delsp"], "yes")
}

// unflow decodes the format=flowed text of an email (RFC 3676), so that a
// paragraph a mail client wrapped with soft breaks is one line again: an
// order line a client wrapped is read whole, and a press or a BROADCAST
// keeps its author's paragraphs, not the client's wrapping. It removes
// each line's space-stuffing and joins a line ending in a space (a soft
// break) with the next line of the same quote depth, which then loses its
// quote marks and stuffing; with delSp (DelSp=yes) the space of the soft
// break is deleted too. The signature separator "-- " is never joined, nor
// joined to; a quoted line keeps its quote marks. Text is "\n"-separated.
func unflow(text string, delSp bool) string {
	final := strings.HasSuffix(text, "\n")
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	var b strings.Builder
	open, openDepth := false, 0 // the line before is flowed, at this depth
	for i, line := range lines {
		depth := len(line) - len(strings.TrimLeft(line, ">"))
		content := strings.TrimPrefix(line[depth:], " ")
		sig := content == "-- "
		if open && (depth != openDepth || sig) {
			b.WriteByte('\n') // another depth, or the separator, ends the paragraph
			open = false
		}
		flowed := !sig && strings.HasSuffix(content, " ")
		if flowed && delSp {
			content = content[:len(content)-1]
		}
		switch {
		case open:
			b.WriteString(content)
		case depth > 0:
			b.WriteString(line[:depth])
			if content != "" {
				b.WriteString(" " + content)
			}
		default:
			b.WriteString(content)
		}
		open, openDepth = flowed, depth
		if !open && (i < len(lines)-1 || final) {
			b.WriteByte('\n')
		}
	}
	if open && final {
		b.WriteByte('\n')
	}
	return b.String()
}
