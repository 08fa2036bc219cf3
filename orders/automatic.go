package orders

import "strings"

// IsAutomatic reports whether m was sent by a machine rather than a player,
// so that the judge neither answers it (which could start a mail loop) nor
// reads it as orders. Following RFC 3834 section 2 and common practice, a
// message is automatic when:
//
//   - its Return-Path is the null sender "<>" (a bounce; RFC 3834 and RFC
//     5321 section 4.5.5). A message without any Return-Path header, as read
//     straight from a client's submission, is not automatic;
//   - it has an Auto-Submitted field other than "no" (RFC 3834 section 5);
//   - its Precedence is bulk, junk, list or auto_reply;
//   - it has a List-Id (RFC 2919): mailing-list traffic;
//   - it is from ownAddress (our own mail coming back), compared without
//     regard to case;
//   - it is from, or its Return-Path is, MAILER-DAEMON or postmaster, or
//     its Return-Path is a list's owner-... or ...-request address.
//
// A nil message is treated as automatic: nothing answers it.
func IsAutomatic(m *Message, ownAddress string) bool {
	if m == nil {
		return true
	}
	if m.HasReturnPath && m.ReturnPath == "" {
		return true
	}
	if as := headerToken(m.AutoSubmitted); as != "" && as != "no" {
		return true
	}
	switch headerToken(m.Precedence) {
	case "bulk", "junk", "list", "auto_reply":
		return true
	}
	if strings.TrimSpace(m.ListID) != "" {
		return true
	}
	from := cleanAddress(m.From)
	if own := cleanAddress(ownAddress); own != "" && from == own {
		return true
	}
	if isDaemon(localPart(from)) {
		return true
	}
	rp := localPart(cleanAddress(m.ReturnPath))
	return isDaemon(rp) || strings.HasPrefix(rp, "owner-") || strings.HasSuffix(rp, "-request")
}

// headerToken is the first token of a structured field value, lower case:
// "auto-replied; owner-email=..." gives "auto-replied".
func headerToken(v string) string {
	t, _, _ := strings.Cut(v, ";")
	if i := strings.IndexByte(t, '('); i >= 0 { // a trailing comment
		t = t[:i]
	}
	return strings.ToLower(strings.TrimSpace(t))
}

// localPart is the part of an address before the last "@".
func localPart(addr string) string {
	if i := strings.LastIndexByte(addr, '@'); i >= 0 {
		return addr[:i]
	}
	return addr
}

func isDaemon(local string) bool {
	return local == "mailer-daemon" || local == "postmaster"
}
