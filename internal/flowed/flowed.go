// Package flowed is format=flowed text (RFC 3676) as every part of the
// judge reads it: Decode undoes a text's soft line breaks (the mailer's
// HTML of a flowed body, the orders of a player's client, the text-only
// players' mails), and OrderLine tells the lines a writer must never
// break (report's writer, the tests' checker).
package flowed

import "strings"

// Decode decodes format=flowed text: it removes the space-stuffing (one
// leading space, 4.4) of each line and joins every flowed line (one that
// ends in a space, 4.2) with the line after it, keeping the space, or,
// with delSp (DelSp=yes, 4.3), dropping it. The signature separator "-- "
// stays a line of its own (it is not flowed, and a flowed line before it
// ends there), and a flowed line followed by a line of another quote
// depth ends there too. Quoted lines (beginning with ">") keep their
// quote marks; a flowed quoted line is joined with the next line of the
// same depth, whose quote marks (and the one space that may follow them)
// are dropped. Line breaks ("\r\n" or "\n") are written as "\n"; a final
// line break is kept.
func Decode(text string, delSp bool) string {
	text = strings.ReplaceAll(text, "\r\n", "\n")
	if text == "" {
		return ""
	}
	final := strings.HasSuffix(text, "\n")
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	var b strings.Builder
	open, openDepth := false, 0 // the line before is flowed, at this depth
	for i, line := range lines {
		depth := len(line) - len(strings.TrimLeft(line, ">"))
		// Without the quote marks and the one space after them: the
		// space-stuffing, after quote marks also the customary space.
		content := strings.TrimPrefix(line[depth:], " ")
		sig := content == "-- "
		if open && (depth != openDepth || sig) {
			b.WriteByte('\n') // another depth, or the separator, ends the paragraph
			open = false
		}
		flowed := strings.HasSuffix(content, " ") && !sig
		switch {
		case open:
			b.WriteString(trimSp(content, flowed && delSp)) // the continuation, without its prefix
		case depth > 0:
			b.WriteString(trimSp(line, flowed && delSp)) // quote marks and all
		default:
			b.WriteString(trimSp(content, flowed && delSp)) // unstuffed
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

// trimSp drops the soft break's space when del.
func trimSp(s string, del bool) string {
	if del {
		return s[:len(s)-1]
	}
	return s
}

// OrderLine reports an order line as the judge writes one in an order
// block, a receipt or a notice: its first word two or more capitals (an
// order's or a command's keyword) and no lower-case letter before its
// note, if any (" (" or " #"): "DIPLOMATIC BULGARIA 2 (for Diplomacy:
// Axis, second round)", "  REFUSED LAY DOWN BATTLESHIP 3 (line 4)",
// "PASS   # Economic phase"; not "EAI from: ...", nor a command's form
// with its words ("PRESS TO <power> ..., then your message ..."). A
// writer never breaks it, however long: a player copies it whole.
func OrderLine(line string) bool {
	words := strings.Fields(line)
	if len(words) == 0 || len(words[0]) < 2 || strings.Trim(words[0], "ABCDEFGHIJKLMNOPQRSTUVWXYZ") != "" {
		return false
	}
	head := strings.TrimLeft(line, " ")
	if i := strings.Index(head, " ("); i >= 0 {
		head = head[:i]
	}
	if i := strings.Index(head, " #"); i >= 0 {
		head = head[:i]
	}
	return strings.ToUpper(head) == head
}
