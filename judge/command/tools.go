package command

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"stormjudge/judge/autoplay"
	"stormjudge/judge/letters"
	"stormjudge/judge/publish"
	"stormjudge/orders"
)

// ordersActions are the audit log's actions of a power's orders, whose
// detail is "<Power>, <turn> <segment>: <orders>".
var ordersActions = []string{"orders", "orders replaced", "orders entered by the moderator", autoplay.OrdersAction}

// modAudit is the moderator's AUDIT [n]: the game's audit log, its last n
// entries (orders.AuditDefault, at most orders.AuditMax). The log holds no
// secret (the judge writes none in it: a new secret is "sent", never
// given); the orders of the open segment show who sent them and when,
// not what they are, until it is adjudicated (a moderator may also play).
func (r *cmdRun) modAudit(c orders.Command) error {
	g := r.g
	n := orders.AuditDefault
	if c.Number > 0 {
		n = int(min(c.Number, orders.AuditMax))
	}
	log, err := r.tx.AuditLog(g.ID)
	if err != nil {
		return err
	}
	a := letters.AuditLog{Game: g.ID, Total: len(log)}
	open := fmt.Sprintf("%s %s", r.s.Turn, r.s.Segment)
	for _, e := range log[max(0, len(log)-n):] {
		if head, _, ok := strings.Cut(e.Detail, ": "); ok && slices.Contains(ordersActions, e.Action) && !r.s.Ended && strings.HasSuffix(head, ", "+open) {
			e.Detail = head + ": " + letters.OpenOrdersHidden
			a.Hidden = true
		}
		a.Entries = append(a.Entries, e)
	}
	r.answers = append(r.answers, a.Text())
	r.audit("audit", fmt.Sprintf("the moderator's AUDIT answered: %d entries", len(a.Entries)))
	return nil
}

// modMessage is the moderator's MESSAGE <power>: a private note to that
// power's player, mailed to its seat alone; its text (orders.Command.Text,
// bounded as a BROADCAST) is never read as orders or commands. A message
// holding a secret is refused, as a BROADCAST is.
func (r *cmdRun) modMessage(c orders.Command) error {
	g := r.g
	seat := g.Seat(c.Power)
	switch {
	case seat == nil:
		return errors.New(letters.SeatMissing(c.Power, g.ID))
	case seat.Vacant:
		return errors.New(letters.MessageToVacant(c.Power))
	case seat.Computer:
		return errors.New(letters.MessageToComputer(c.Power))
	}
	if holdsWord(c.Text, r.secret) {
		return errors.New(letters.SecretInMessage(letters.ModeratorsSecret))
	}
	if whose := SecretIn(r.core, g, c.Text); whose != "" {
		return errors.New(letters.SecretInMessage(whose))
	}
	p, addr, text := c.Power, seat.Address, c.Text
	n := len([]rune(text))
	pub, tx, now := r.pub, r.tx, r.now
	id := fmt.Sprintf("%s/message/%s/%s", g.ID, p, publish.ShortHash(r.key))
	m := letters.ModeratorMessage{Game: g.ID, Power: p, From: strings.ToLower(r.from), Message: text}
	r.then(func() error {
		return pub.NotifyText(tx, pub.ThreadRoot(r.g, addr), id, addr, m.Subject(), m.Text(), now)
	})
	r.answers = append(r.answers, letters.MessageSent(p, addr, n))
	r.audit("message", fmt.Sprintf("to %s at %s, %d characters", p.Title(), addr, n))
	return nil
}
