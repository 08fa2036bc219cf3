package letters

import (
	"fmt"
	"strings"

	"stormjudge/adjudicator/storm"
	"stormjudge/orders"
	"stormjudge/store"
)

// AuditLog answers the moderator's AUDIT: the game's last entries, oldest
// first, each on a line of its own: its number, its time in UTC, who and
// what. Hidden says whose orders for the open segment are entries that
// name the sender and the time, not the orders (OpenOrdersHidden).
type AuditLog struct {
	Game    string
	Total   int
	Entries []store.AuditEntry
	Hidden  bool
}

// OpenOrdersHidden stands for the orders of an audit entry of the open
// segment, until it is adjudicated.
const OpenOrdersHidden = "(the open segment's orders: shown once it is adjudicated)"

// Text is the answer; an entry's actor and detail are shortened (80 and
// 300 characters), so that its size is bounded by the number of entries.
func (a AuditLog) Text() string {
	var b strings.Builder
	if len(a.Entries) == 0 {
		fmt.Fprintf(&b, "The audit log of game %s is empty.\n", a.Game)
		return b.String()
	}
	fmt.Fprintf(&b, "The audit log of game %s: the last %d of its %d entries, oldest first, times in UTC (AUDIT <n> gives up to %d).", a.Game, len(a.Entries), a.Total, orders.AuditMax)
	if a.Hidden {
		b.WriteString(" The orders of the open segment are not shown until it is adjudicated: who sent them and when are.")
	}
	b.WriteString("\n\n")
	for _, e := range a.Entries {
		line := fmt.Sprintf("  #%d %s  %s  %s", e.Seq, e.Time.UTC().Format("2006-01-02 15:04"), orders.Shorten(orders.Visible(e.Actor), 80), e.Action)
		if e.Detail != "" {
			line += ": " + orders.Shorten(orders.Visible(strings.ReplaceAll(e.Detail, "\n", " / ")), 300)
		}
		b.WriteString(line + "\n")
	}
	return b.String()
}

// ModeratorMessage is the moderator's MESSAGE to one power's player: text
// only, as the moderator wrote it, to that seat alone.
type ModeratorMessage struct {
	Game  string
	Power storm.Power
	// From is the moderator's address.
	From    string
	Message string
}

// Subject is the mail's subject.
func (m ModeratorMessage) Subject() string {
	return "[" + m.Game + "] A message from the moderator to " + m.Power.Title()
}

var moderatorMessageText = parse("moderator message", `Game {{.Game}}: a message from the moderator ({{.From}}) to you, {{.Power.Title}}'s player, alone.

{{.Message}}

-- 
To answer the moderator, write to {{.From}}: a reply to this mail goes to the judge, which reads orders and commands, not messages.
{{name}}
`)

// Text is the mail.
func (m ModeratorMessage) Text() string { return render(moderatorMessageText, m) }

// MessageSent answers a MESSAGE: n characters to p's player at addr.
func MessageSent(p storm.Power, addr string, n int) string {
	return fmt.Sprintf("Your message to %s (%d characters) is sent to %s's player, at %s, alone; no other player or moderator gets it.", p.Title(), n, p.Title(), addr)
}

// MessageToVacant refuses a MESSAGE to a seat without a player.
func MessageToVacant(p storm.Power) string {
	return fmt.Sprintf("%s's seat has no player (you hold it): there is nobody to send the message to; REPLACE seats one", p.Title())
}
