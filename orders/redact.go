package orders

import (
	"bytes"
	"regexp"
	"strings"
	"unicode"
)

// redacted replaces what Redact removes.
const redacted = "[redacted]"

// secretWord finds the word "secret" in any case; Redact removes the rest
// of a line from it on.
var secretWord = regexp.MustCompile(`(?i)secret`)

// Redact returns the copy of an email that the judge keeps instead of the
// email itself (no secret at rest). It holds the header fields as
// received, except the MIME fields that described the original body, and
// as its only part the text the judge read (m.Body; nothing when m is nil
// or its body could not be read), in UTF-8. From both it removes:
//
//   - on every line (header fields, unfolded; order lines; quoted lines of
//     a reply to a welcome mail) that contains the word "secret" in any
//     case, or starts with a likely typo of it ("SECERT"), everything
//     after that word;
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
		} else if i, ok := misspeltSecret(line); ok {
			line = line[:i] + " " + redacted
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
	// Unfold the header first: a field's value may go on over
	// continuation lines, and a secret with it.
	var fields []string
	for _, l := range strings.Split(string(header), "\n") {
		l = strings.TrimRight(l, "\r")
		if l == "" {
			continue
		}
		if (l[0] == ' ' || l[0] == '\t') && len(fields) > 0 {
			fields[len(fields)-1] += " " + strings.TrimLeft(l, " \t")
			continue
		}
		fields = append(fields, l)
	}
	for _, f := range fields {
		name, _, _ := strings.Cut(f, ":")
		switch strings.ToLower(strings.TrimSpace(name)) {
		case "content-type", "content-transfer-encoding", "mime-version", "content-disposition":
			continue
		case "subject":
			if m != nil {
				// Decoded (RFC 2047), so that a secret in an encoded
				// word is seen; control characters are dropped.
				f = "Subject: " + strings.Join(strings.FieldsFunc(m.Subject, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }), " ")
			}
		}
		f = strings.ToValidUTF8(clean(f), "\uFFFD")
		if len(f) > 998 {
			f = strings.ToValidUTF8(f[:998], "")
		}
		b.WriteString(f + "\r\n")
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

// misspeltSecret finds a line whose first word (after quote marks) is a
// likely typo of SECRET ("SECERT", "SECRT:"): the parser refuses such a line
// as an unknown order, but its second word is a secret all the same. It
// returns the end of that word.
func misspeltSecret(line string) (int, bool) {
	rest := strings.TrimLeft(line, "> \t")
	start := len(line) - len(rest)
	word := rest
	if i := strings.IndexFunc(rest, func(r rune) bool { return unicode.IsSpace(r) || r == ':' }); i >= 0 {
		word = rest[:i]
	}
	if len(word) < 4 || Suggest(word, []string{kwSecret}) != kwSecret {
		return 0, false
	}
	return start + len(word), true
}

// headerEnd returns the index of the empty line that ends the header, or -1.
func headerEnd(raw []byte) int {
	i := bytes.Index(raw, []byte("\n\n"))
	if j := bytes.Index(raw, []byte("\r\n\r\n")); j >= 0 && (i < 0 || j < i) {
		return j
	}
	return i
}
