package orders

import (
	"strings"
)

// Open seats (docs/orders.md "Open seats"). A game created with
// SEAT <power> OPEN waits for players. Anyone may ask which games wait
// (LIST, an email of that one line) and ask for a seat (JOIN), without a
// SECRET: the judge mails the asker a secret, and the asker confirms by
// sending it back with JOIN. The moderator may approve each player
// (APPROVAL ON, APPROVE, DECLINE) and may START the game with the seats
// still open left vacant.

// parseJoin reads JOIN <power> (the game on the GAME line) or
// JOIN <game> <power> (the form, without a GAME line): Power,
// and Word the game when it is named on the line.
func parseJoin(c *Command, l *line, _ bool) *Error {
	a := l.args()
	if len(a) < 1 || len(a) > 2 {
		return l.errorf("JOIN <game> <power>, e.g. JOIN spring36 germany", "JOIN needs the game and the power")
	}
	if len(a) == 2 {
		if len(a[0]) > maxGameID {
			return l.errorf("JOIN <game> <power>", "a game id has at most %d characters", maxGameID)
		}
		c.Word = a[0]
	}
	p, ok := parsePower(a[len(a)-1])
	if !ok {
		return l.errorf("JOIN <game> <power>, e.g. JOIN spring36 germany", "unknown power %s%s", quote(a[len(a)-1]), didYouMean(a[len(a)-1], powerNames()))
	}
	c.Power = p
	return nil
}

// joinGame puts the game a JOIN line names into the envelope when the
// email has no GAME line, and refuses a JOIN that names another game
// than the GAME line.
//
// OBSERVE STOP <game> (Command.Game) is read the same way.
func (p *parser) joinGame(c *Command, l *line) *Error {
	named, form := c.Word, "JOIN <power> under the GAME line, or JOIN <game> <power> without one"
	if c.Verb == CmdObserve {
		named, form = c.Game, "OBSERVE STOP under the GAME line, or OBSERVE STOP <game> without one"
	}
	if named == "" {
		return nil
	}
	env := &p.sub.Envelope
	switch {
	case env.GameLine == 0:
		env.Game, env.GameLine = named, l.n
		p.first[kwGame] = l.n
	case !strings.EqualFold(env.Game, named):
		return l.errorf(form, "%s names game %s, the GAME line %s", c.Verb, quote(named), quote(env.Game))
	}
	return nil
}

// visitor reports an email of one visitor's command (OBSERVE, JOIN or
// LIST, named by verb) and nothing else: no MODERATOR line, no orders,
// no PASS, no HELP.
func (s *Submission) visitor(verb string) bool {
	return !s.Envelope.Moderator && len(s.Commands) == 1 && s.Commands[0].Verb == verb &&
		len(s.Orders) == 0 && !s.Pass && !s.Help
}

// IsListRequest reports an email that asks which games have open seats
// (LIST alone, without a SECRET; a GAME line is not needed).
func (s *Submission) IsListRequest() bool {
	return s.visitor(CmdList) && s.Envelope.Secret == "" && s.Envelope.Power == ""
}

// IsJoinRequest reports an email that asks for an open seat: JOIN alone,
// without a SECRET.
func (s *Submission) IsJoinRequest() bool {
	return s.visitor(CmdJoin) && s.Envelope.Secret == ""
}

// IsJoinConfirmation reports an email that confirms a JOIN: JOIN with the
// SECRET the judge mailed to the address that asked.
func (s *Submission) IsJoinConfirmation() bool {
	return s.visitor(CmdJoin) && s.Envelope.Secret != ""
}
