package command

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"

	"stormjudge/adjudicator/storm"
	"stormjudge/judge/deadline"
	"stormjudge/judge/letters"
	"stormjudge/judge/publish"
	"stormjudge/orders"
	"stormjudge/store"
)

// PressPerDay bounds a power's press in any 24 hours: enough for any
// negotiation, not for a flood of mail to the other players.
const PressPerDay = 40

// pressTo is a player's PRESS TO: checked against the game's rules, then
// (once the email's commands are all accepted) recorded and forwarded.
func (r *cmdRun) pressTo(c orders.Command) error {
	g, from := r.g, r.power
	rules := g.Press
	switch {
	case rules.Mode == "none":
		return errors.New(letters.NoPress)
	case c.Grey && rules.Mode != "grey":
		return errors.New(letters.SignedOnly)
	}
	if kind := deadline.Kind(r.s); slices.Contains(rules.Blackout, kind) && g.Ended.IsZero() {
		return errors.New(letters.PressBlackout(kind, r.s.Segment))
	}
	var answers *store.Press // the press a PRESS alone replies to
	if c.Word == "reply" {
		p, err := r.repliedPress()
		if err != nil {
			return err
		}
		answers, c.Press = p, []storm.Power{p.From}
	}
	var to, vacant, computer []storm.Power
	for _, p := range c.Press {
		switch {
		case p == from:
		case g.Seat(p) == nil || g.Seat(p).Vacant: // a resigned player gets no more mail
			vacant = append(vacant, p)
		case g.Seat(p).Computer: // no address, and the computer reads no press
			computer = append(computer, p)
		default:
			to = append(to, p)
		}
	}
	if len(to) == 0 {
		switch {
		case len(vacant) > 0:
			return errors.New(letters.NoPlayer(vacant))
		case len(computer) > 0:
			return errors.New(letters.PressComputerOnly(computer))
		}
		return errors.New(letters.PressOwnOnly)
	}
	log, err := r.tx.PressLog(g.ID)
	if err != nil {
		return err
	}
	var recent []time.Time
	for _, p := range log {
		if p.From == from && r.now.Sub(p.Sent) < 24*time.Hour {
			recent = append(recent, p.Sent)
		}
	}
	if len(recent) >= PressPerDay {
		next := recent[len(recent)-PressPerDay].Add(24 * time.Hour)
		return errors.New(letters.PressLimit(PressPerDay, next, g.Seat(from).TimeZone))
	}
	// The sender's own secret, whatever its shape (an order block pasted
	// in), and any secret secretIn finds. The refusal does not say whose:
	// a press must not be a way to try guesses at the moderators'.
	if holdsWord(c.Text, r.secret) || SecretIn(r.core, g, c.Text) != "" {
		return errors.New(letters.PressSecret)
	}
	p := &store.Press{Version: g.Version, From: from, To: to, Grey: c.Grey, Text: c.Text, Sent: r.now}
	r.then(func() error { return sendPress(r.pub, r.tx, g, r.s.Turn.String(), r.s.Segment.Title(), p, r.now) })
	line := letters.PressSent(from, to, vacant, computer, c.Grey, len([]rune(c.Text)), rules.Copy)
	if answers != nil {
		line = letters.PressReplied(answers.Seq) + " " + line
	}
	r.answers = append(r.answers, line)
	grey := ""
	if c.Grey {
		grey = ", grey"
	}
	r.audit("press", fmt.Sprintf("%s to %s%s, %d characters", from.Title(), letters.Powers(to), grey, len([]rune(c.Text))))
	return nil
}

// repliedPress is the press a player's PRESS alone answers: the one of
// this game whose mail to the player's power the email replies to. A
// reply to grey press is refused: its sender is not the player's to
// know, and the receipt and HISTORY would name it.
func (r *cmdRun) repliedPress() (*store.Press, error) {
	seq, ok := r.pub.PressOf(r.parent, r.g.ID, r.power)
	if !ok {
		return nil, errors.New(letters.PressReplyUnknown)
	}
	log, err := r.tx.PressLog(r.g.ID)
	if err != nil {
		return nil, err
	}
	for i := range log {
		if p := &log[i]; p.Seq == seq && slices.Contains(p.To, r.power) {
			if p.Grey {
				return nil, errors.New(letters.PressReplyGrey(seq))
			}
			return p, nil
		}
	}
	return nil, errors.New(letters.PressReplyUnknown)
}

// sendPress records p in g and queues its mails: one to each recipient's
// seat, and a copy to each moderator when the rules say so.
func sendPress(pub *publish.Publisher, tx *store.Tx, g *store.Game, turn, segment string, p *store.Press, now time.Time) error {
	if err := tx.AddPress(g.ID, p); err != nil {
		return err
	}
	for _, rcpt := range p.To {
		seat := g.Seat(rcpt)
		if seat.Computer {
			continue // the computer reads no press; the press log keeps it
		}
		l := letters.Press{Game: g.ID, Turn: turn, Segment: segment, Press: p}
		id := publish.PressID(g.ID, p.Seq, rcpt)
		if err := pub.NotifyText(tx, pub.ThreadRoot(g, seat.Address), id, seat.Address, l.Subject(), l.Text(), now); err != nil {
			return err
		}
	}
	if !g.Press.Copy {
		return nil
	}
	l := letters.Press{Game: g.ID, Turn: turn, Segment: segment, Press: p, Copy: true}
	return pub.ToModerators(tx, g, fmt.Sprintf("%s/press/%d/copy", g.ID, p.Seq), l.Subject(), l.Text(), now)
}

// holdsWord reports whether text holds secret as a word of its own, as
// written (secrets are case-sensitive): "SECRET x7Kq" or "(x7Kq)", not
// "x7Kqz". An empty secret is never held.
func holdsWord(text, secret string) bool {
	if secret == "" {
		return false
	}
	for _, w := range strings.FieldsFunc(text, func(c rune) bool { return unicode.IsSpace(c) || strings.ContainsRune(".,;:!?()[]{}\"'<>*=", c) }) {
		if w == secret {
			return true
		}
	}
	return false
}

// PressRule sets one of the game's press rules (a moderator's PRESS, also
// in CREATE) and says what the rules are now.
func PressRule(g *store.Game, c orders.Command) string {
	switch c.Word {
	case "mode":
		g.Press.Mode = c.Kinds[0]
		if g.Press.Mode == "white" {
			g.Press.Mode = "" // the default
		}
	case "blackout":
		g.Press.Blackout = slices.Clone(c.Kinds)
	case "copy":
		g.Press.Copy = c.Kinds[0] == "on"
	}
	return letters.PressRulesText(g.Press)
}
