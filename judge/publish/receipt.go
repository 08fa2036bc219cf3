package publish

import (
	"regexp"
	"strings"

	"stormjudge/orders"
)

// ReceiptTag is the end of a receipt's subject: the game and what became
// of the email (what: "ACCEPTED", "NOT ACCEPTED", "HELP", a query's
// word), so the inbox shows it without opening the mail, e.g.
// "[demo: ACCEPTED]", "[demo: NOT ACCEPTED]", "[demo: HELP]".
func ReceiptTag(game, what string) string {
	if game == "" || len(game) > 32 {
		return "[" + what + "]"
	}
	return "[" + CleanSubject(game) + ": " + what + "]"
}

// receiptTagRE matches a receipt's tag at the end of a subject (a reply
// to a receipt): stripped so that tags do not pile up.
var receiptTagRE = regexp.MustCompile(`\s*\[([^\[\]]{1,40}: )?(ACCEPTED|NOT ACCEPTED|CHECKED|CHECKED, NOT ACCEPTED|HELP|LIST|JOIN|` + strings.Join(orders.Queries, "|") + `)\]\s*$`)

// StripReceiptTag strips a reply's prefixes and the receipts' tags off
// a subject.
func StripReceiptTag(s string) string {
	for {
		t := receiptTagRE.ReplaceAllString(s, "")
		if t == s {
			return strings.TrimSpace(stripReplyPrefixes(t))
		}
		s = t
	}
}

// MaxThreadID is the longest Message-ID a receipt copies into its
// In-Reply-To and References.
const MaxThreadID = 250

// threadable reports whether a received identifier may be copied into the
// receipt's threading headers: not empty, at most maxThreadID bytes, and
// printable ASCII only (RFC 5322 msg-id), so that no control character of
// the sender's reaches a header.
func threadable(id string) bool {
	if id == "" || len(id) > MaxThreadID {
		return false
	}
	for i := 0; i < len(id); i++ {
		if id[i] < 0x21 || id[i] > 0x7e {
			return false
		}
	}
	return true
}

// stripReplyPrefixes removes the reply markers that pile up when a
// player answers a receipt ("Re: Re: AW: orders" -> "orders"), so that a
// receipt's Subject has one "Re: ".
func stripReplyPrefixes(s string) string {
	for {
		t := strings.TrimSpace(s)
		l := strings.ToLower(t)
		cut := false
		for _, p := range []string{"re:", "aw:", "sv:", "antw:", "réf:", "ref:"} {
			if strings.HasPrefix(l, p) {
				t, cut = t[len(p):], true
				break
			}
		}
		if !cut {
			return t
		}
		s = t
	}
}

// CleanSubject makes a received Subject fit for the receipt's: control
// characters (CR, LF, ESC, C1 ...), zero-width characters and
// bidirectional marks become spaces, runs of white space one space, and it is cut at 200 bytes.
func CleanSubject(s string) string {
	s = strings.Map(func(r rune) rune {
		if orders.Invisible(r) || r == '\n' || r == '\t' { // controls, zero-width and bidirectional marks
			return ' '
		}
		return r
	}, s)
	s = strings.Join(strings.Fields(s), " ")
	return orders.Shorten(s, 200)
}

// Threading is what a receipt copies of the email it answers into its
// In-Reply-To and References: never an identifier that would make a
// header line too long to send (RFC 5322: 998 bytes a line), at most the
// last 10 References.
func Threading(messageID string, references []string) (inReplyTo string, refs []string) {
	for _, r := range append(append([]string(nil), references...), messageID) {
		if threadable(r) {
			refs = append(refs, r)
		}
	}
	if len(refs) > 10 {
		refs = refs[len(refs)-10:]
	}
	inReplyTo = messageID
	if !threadable(inReplyTo) {
		inReplyTo = ""
	}
	return inReplyTo, refs
}
