package orders

import (
	"bytes"
	"regexp"
	"strings"
)

// redacted replaces what Redact removes.
const redacted = "[redacted]"

// secretWord finds the word "secret" in any case; Redact removes the rest
// of a line from it on.
var secretWord = regexp.MustCompile(`(?i)secret`)

// Redact returns the copy of an email that the judge keeps instead of the
// email itself (issue 8: no secret at rest). It holds the header fields as
// received, except the MIME fields that described the original body, and
// as its only part the text the judge read (m.Body; nothing when m is nil
// or its body could not be read), in UTF-8. From both it removes:
//
//   - on every line (header fields, order lines, quoted lines of a reply
//     to a welcome mail) that contains the word "secret" in any case,
//     everything after that word;
//   - every occurrence, in any case, of each of secrets (the SECRET value
//     the email gave, which need not be right).
//
// A header field longer than 998 bytes is cut there. The result is a
// readable RFC 5322 message that never contains a secret the sender wrote
// on a SECRET line or that the judge sent in a welcome.
func Redact(raw []byte, m *Message, secrets ...string) []byte {
	var res []*regexp.Regexp
	for _, s := range secrets {
		if s = strings.TrimSpace(s); s != "" {
			res = append(res, regexp.MustCompile(`(?i)`+regexp.QuoteMeta(s)))
		}
	}
	clean := func(line string) string {
		if loc := secretWord.FindStringIndex(line); loc != nil {
			line = line[:loc[1]] + " " + redacted
		}
		for _, re := range res {
			line = re.ReplaceAllLiteralString(line, redacted)
		}
		return line
	}
	var b bytes.Buffer
	header := raw
	if i := headerEnd(raw); i >= 0 {
		header = raw[:i]
	}
	header = header[:min(len(header), maxHeader)]
	skip := false
	for _, l := range strings.Split(string(header), "\n") {
		l = strings.TrimRight(l, "\r")
		if l == "" {
			continue
		}
		if l[0] != ' ' && l[0] != '\t' {
			name, _, _ := strings.Cut(l, ":")
			switch strings.ToLower(strings.TrimSpace(name)) {
			case "content-type", "content-transfer-encoding", "mime-version", "content-disposition":
				skip = true
			default:
				skip = false
			}
		}
		if skip {
			continue
		}
		l = strings.ToValidUTF8(clean(l), "\uFFFD")
		if len(l) > 998 {
			l = strings.ToValidUTF8(l[:998], "")
		}
		b.WriteString(l + "\r\n")
	}
	b.WriteString("MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n")
	b.WriteString("X-Stormjudge-Copy: redacted (the text the judge read, secrets removed)\r\n\r\n")
	if m == nil || m.Body == "" {
		b.WriteString("[no text was read from this email]\r\n")
		return b.Bytes()
	}
	for _, l := range strings.Split(m.Body, "\n") {
		b.WriteString(clean(l) + "\r\n")
	}
	return b.Bytes()
}

// headerEnd returns the index of the empty line that ends the header, or -1.
func headerEnd(raw []byte) int {
	i := bytes.Index(raw, []byte("\n\n"))
	if j := bytes.Index(raw, []byte("\r\n\r\n")); j >= 0 && (i < 0 || j < i) {
		return j
	}
	return i
}
