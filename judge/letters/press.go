package letters

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"stormjudge/adjudicator/storm"
	"stormjudge/orders"
	"stormjudge/store"
)

// Press is a press message as its recipients get it (or, Copy, as the
// moderators do): who sent it to whom, when in the game, the message as
// written, and a closing note. Grey press names neither its sender nor,
// to its recipients, the others it went to.
type Press struct {
	Game, Turn, Segment string
	Press               *store.Press
	// Copy: the moderators' copy (PRESS COPY ON), which names the sender
	// of grey press too.
	Copy bool
}

// Sender names who sent it.
func (p Press) Sender() string {
	if p.Press.Grey && !p.Copy {
		return "a power (grey press: the judge does not say which)"
	}
	return p.Press.From.Title()
}

// To names its recipients: grey press does not list them to them (to
// ALL, or to every other power, the one power missing would be its
// sender).
func (p Press) To() string {
	if p.Press.Grey && !p.Copy {
		return "you"
	}
	return Powers(p.Press.To)
}

// Note closes the message.
func (p Press) Note() string {
	if p.Copy {
		note := "A copy for the moderators (PRESS COPY ON)."
		if p.Press.Grey {
			note += " It is grey press: its recipients were not told that " + p.Press.From.Title() + " sent it."
		}
		return note
	}
	if p.Press.Grey {
		return "To answer, send the judge PRESS TO and the powers, with your GAME and SECRET lines."
	}
	return fmt.Sprintf("To answer %s, reply to this mail with your GAME and SECRET lines, a line PRESS and your message; to others, PRESS TO and the powers, e.g. PRESS TO %s.",
		p.Press.From.Title(), strings.ToUpper(p.Press.From.String()))
}

// Subject is the mail's subject.
func (p Press) Subject() string {
	switch {
	case p.Copy:
		return fmt.Sprintf("[%s] Press from %s to %s (a copy)", p.Game, p.Press.From.Title(), Powers(p.Press.To))
	case p.Press.Grey:
		return "[" + p.Game + "] Press from a power"
	}
	return "[" + p.Game + "] Press from " + p.Press.From.Title()
}

var pressText = parse("press", `Game {{.Game}}, {{.Turn}}, {{.Segment}}: press from {{.Sender}} to {{.To}}.

{{.Press.Text}}

-- 
{{.Note}}
{{name}}
`)

// Text is the mail.
func (p Press) Text() string { return render(pressText, p) }

// PressHistory lists the press a power sent or received (0: the
// moderators, all of it), newest last, at most the last 40, for HISTORY;
// zone is the reader's time zone. A Go loop: which names a grey line
// shows depends on who reads it.
func PressHistory(log []store.Press, power storm.Power, zone string) string {
	var mine []store.Press
	for _, p := range log {
		if power == 0 || p.From == power || slices.Contains(p.To, power) {
			mine = append(mine, p)
		}
	}
	if len(mine) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("Press")
	if power != 0 {
		b.WriteString(" you sent or received")
	}
	b.WriteString(" (each message's first line):\n")
	if len(mine) > 40 {
		fmt.Fprintf(&b, "  (%d earlier left out)\n", len(mine)-40)
		mine = mine[len(mine)-40:]
	}
	for _, p := range mine {
		from, to := p.From.Title(), Powers(p.To)
		if p.Grey && power != 0 && p.From != power {
			from, to = "a power (grey)", "you" // the list would name its sender by leaving it out
		} else if p.Grey {
			from += " (grey)"
		}
		first, _, _ := strings.Cut(p.Text, "\n")
		fmt.Fprintf(&b, "  #%-3d %s, v%d, from %s to %s: %s\n", p.Seq, DeadlineText(p.Sent, zone), p.Version, from, to, orders.Shorten(first, 60))
	}
	return b.String()
}

// The refusals of a player's PRESS TO (the receipt quotes them after
// "line N: PRESS: ", CommandRefused).
const (
	NoPress      = "this game has no press (the moderator's rule PRESS NONE)"
	SignedOnly   = "this game allows signed press only: send PRESS TO without GREY"
	PressOwnOnly = "the press names only your own power"
	PressSecret  = "the message holds a secret; it was not sent"
)

// The refusals of a PRESS alone that answers no press of the player's.
const PressReplyUnknown = "PRESS without TO answers a press: send it in a reply to the press mail, or name the powers (PRESS TO ITALY)"

// PressReplyGrey refuses a PRESS alone in a reply to grey press seq.
func PressReplyGrey(seq uint64) string {
	return fmt.Sprintf("press #%d is grey: the judge does not say who sent it, nor sends it your answer; name the powers (PRESS TO ...)", seq)
}

// PressReplied opens the receipt of a PRESS alone that answers press seq.
func PressReplied(seq uint64) string {
	return fmt.Sprintf("A reply to press #%d.", seq)
}

// PressBlackout refuses press during the segments of kind (the open one
// is segment).
func PressBlackout(kind string, segment storm.Segment) string {
	return fmt.Sprintf("no press during the %s segments (the moderator's rule PRESS BLACKOUT); press is possible again once the %s is over", kind, segment.Title())
}

// NoPlayer refuses press to powers without a player only.
func NoPlayer(ps []storm.Power) string {
	return fmt.Sprintf("%s has no player in this game", Powers(ps))
}

// PressLimit refuses press beyond perDay in 24 hours: the next may go
// from next (in zone).
func PressLimit(perDay int, next time.Time, zone string) string {
	return fmt.Sprintf("at most %d press a power in 24 hours; the next may go from %s", perDay, DeadlineText(next, zone))
}

// PressSent answers a PRESS TO: sent from to to, n characters, grey or
// signed; not to vacant (no player) nor to computer (the computer plays
// them); a copy to the moderators (copied).
func PressSent(from storm.Power, to, vacant, computer []storm.Power, grey bool, n int, copied bool) string {
	signed := "signed as " + from.Title()
	if grey {
		signed = "grey: they are not told who sent it"
	}
	line := fmt.Sprintf("Press sent to %s (%s, %d characters).", Powers(to), signed, n)
	if len(vacant) > 0 {
		line += fmt.Sprintf(" Not to %s: no player.", Powers(vacant))
	}
	if len(computer) > 0 {
		line += " " + NotToComputer(computer)
	}
	if copied {
		line += " The moderators get a copy, as this game's rules say."
	}
	return line
}
