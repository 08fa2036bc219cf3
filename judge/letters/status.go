package letters

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"stormjudge/adjudicator/storm"
	"stormjudge/orders"
	"stormjudge/store"
)

// Status is the answer to STATUS: where the game is, who must order and
// who has (never what), the deadline; for the moderator (Power 0) also
// every seat's address, missed deadlines and budgets. A Go function
// writes it: its rows are a loop with conditions in every column.
type Status struct {
	Game  *store.Game
	State storm.State
	Power storm.Power
	Now   time.Time
	// AwaitsDraw: the segment waits for the moderator's draw; Required
	// order in it, Missing have not yet.
	AwaitsDraw        bool
	Required, Missing []storm.Power
}

// Text is the answer.
func (st Status) Text() string {
	g, s, p, now := st.Game, st.State, st.Power, st.Now
	var b strings.Builder
	zone := ""
	if seat := g.Seat(p); seat != nil {
		zone = seat.TimeZone
	}
	fmt.Fprintf(&b, "Game %s, version %d: %s, %s.\n", g.ID, g.Version, s.Turn, s.Segment.Title())
	switch {
	case s.Ended:
		b.WriteString("The game has ended; the final report gives the victory points.\n")
	case g.Waiting():
		b.WriteString(WaitingText(g) + "\n")
	case g.Paused:
		// DeadlineLine says it is paused.
		b.WriteString(DeadlineLine(g, zone))
		if g.PausedLeft > 0 {
			fmt.Fprintf(&b, " When it resumes, the deadline will be %s away.", Duration(g.PausedLeft))
		}
		b.WriteString("\n")
	default:
		if dl := DeadlineLine(g, zone); dl != "" {
			b.WriteString(dl + "\n")
		}
	}
	if st.AwaitsDraw {
		b.WriteString("Waiting for the moderator's draw of the cards.\n")
	} else if len(st.Required) > 0 {
		b.WriteString("\nWho orders in this segment:\n")
		for _, q := range st.Required {
			state := "orders in"
			if slices.Contains(st.Missing, q) {
				state = "not yet"
			}
			fmt.Fprintf(&b, "  %-8s %s\n", q.Title(), state)
		}
	}
	if p != 0 {
		seat := g.Seat(p)
		fmt.Fprintf(&b, "\nYou play %s.", p.Title())
		if g.EverySegment(*seat) {
			b.WriteString(" Mail: every segment (MAIL DIGEST for one mail when you must act or the turn ends).")
		} else {
			b.WriteString(" Mail: the digest (MAIL EVERY SEGMENT for the report of every segment).")
		}
		if seat.TextOnly {
			b.WriteString(" Mail as text only, without the picture (MAIL PICTURE puts it back).")
		}
		if zone != "" {
			fmt.Fprintf(&b, " Time zone: %s.", zone)
		}
		if g.Rules.ExtensionBudget > 0 {
			fmt.Fprintf(&b, " Extension budget left: %s of %s.", OrNone(g.Rules.ExtensionBudget-seat.ExtensionUsed), Duration(g.Rules.ExtensionBudget))
		}
		for _, a := range absences(seat, now, zone) {
			fmt.Fprintf(&b, "\nAbsence: %s.", a)
		}
		b.WriteString("\n" + observersText(g, false) + "\n")
		return b.String()
	}
	b.WriteString("\nSeats (moderators only):\n")
	for _, seat := range g.Seats {
		extra := ""
		switch {
		case seat.Open:
			extra = " OPEN (held by the moderator until a player joins)"
		case seat.Vacant:
			extra = " VACANT (held by the moderator)"
		}
		if seat.Undeliverable != "" {
			extra += " UNDELIVERABLE"
		}
		extra += ComputerSeatNote(seat)
		fmt.Fprintf(&b, "  %-8s %-28s missed %d, extension used %s%s\n", seat.Power.Title(), SeatAddress(seat), seat.Missed, OrNone(seat.ExtensionUsed), extra)
		for _, n := range SeatNotes(&seat, now) {
			fmt.Fprintf(&b, "           %s\n", n)
		}
		if since, _, ok := strings.Cut(seat.Undeliverable, " "); ok && !seat.Vacant {
			fmt.Fprintf(&b, "           mail to it undeliverable since %s: REPLACE %s <a working address>\n", since, seat.Power)
		}
		for _, jn := range seat.Joins {
			state := "asked " + DeadlineText(jn.Asked, "") + ", not confirmed"
			if !jn.Confirmed.IsZero() {
				state = "confirmed " + DeadlineText(jn.Confirmed, "") + ": APPROVE or DECLINE " + seat.Power.String()
			}
			fmt.Fprintf(&b, "           JOIN from %s: %s\n", jn.Address, state)
		}
	}
	if g.Waiting() {
		fmt.Fprintf(&b, "Approval of players who JOIN: %s (APPROVAL ON|OFF).\n", onOff(g.JoinApproval))
	}
	fmt.Fprintf(&b, "\nRules: %s\n%s\n%s\n", RulesText(g), PressRulesText(g.Press), observersText(g, true))
	return b.String()
}

// History lists the game's versions (the last 40), for RESEND and
// ROLLBACK, the rollbacks and the press (PressHistory).
type History struct {
	Game *store.Game
	// Moderator: the moderator's HISTORY (ROLLBACK), else a player's
	// (RESEND).
	Moderator bool
	// Versions are those listed, the first with the one before it when
	// there is one.
	Versions []Version
	// Rollbacks are the audit log's rollbacks, when the game had any.
	Rollbacks []store.AuditEntry
	Press     string
}

// Version is one line of HISTORY: the state, whether the moderator's SET
// made it, and the state before it (nil: the game's start, or not read).
type Version struct {
	V     int
	State storm.State
	Set   bool
	Prev  *storm.State
}

// historyWidth is the width of a line of the judge's mails: a longer
// line is reflowed, its spaces collapsed.
const historyWidth = 72

// Text is the list.
func (h History) Text() string {
	g := h.Game
	var b strings.Builder
	if h.Moderator {
		fmt.Fprintf(&b, "Versions of game %s (ROLLBACK <version> returns to one; EXPORT <version> attaches it):\n", g.ID)
	} else {
		fmt.Fprintf(&b, "Versions of game %s (RESEND <version> sends a version's report and your notice again):\n", g.ID)
	}
	if len(h.Versions) > 0 && h.Versions[0].V > 0 {
		fmt.Fprintf(&b, "  (versions 0-%d left out)\n", h.Versions[0].V-1)
	}
	// The version column is as wide as the widest version ("v9" and
	// "v120" alike), then two spaces: every line is a row of one table,
	// which no writer of the mail reflows (report.Flow keeps a row
	// whole), so that the turns line up whatever the numbers' widths.
	width := len("v0")
	for _, v := range h.Versions {
		width = max(width, len("v"+strconv.Itoa(v.V)))
	}
	for _, v := range h.Versions {
		// What made the version, so that two of one segment differ:
		// the segment resolved before it, or the same one asked again,
		// or the moderator's SET; the game's end, once it ended (33, 34):
		// then no segment is open.
		s, prev, made := v.State, v.Prev, ""
		switch {
		case v.Set:
			made = "(the moderator's SET)"
		case prev == nil:
			made = "(the game's start)"
		case s.Ended && prev.Turn == s.Turn && prev.Segment == s.Segment:
			made = "(the game ended: no segment is open)"
		case s.Ended:
			made = fmt.Sprintf("(after %s, %s: the game ended)", prev.Turn, prev.Segment.Title())
		case prev.Turn == s.Turn && prev.Segment == s.Segment:
			made = "(the same segment, asked again)"
		default:
			made = fmt.Sprintf("(after %s, %s)", prev.Turn, prev.Segment.Title())
		}
		if v.V == g.Version && !s.Ended {
			made += "  <- open"
		}
		head := fmt.Sprintf("  %-*s  %s, %s", width, "v"+strconv.Itoa(v.V), s.Turn, s.Segment.Title())
		if line := head + "  " + made; len(line) <= historyWidth {
			b.WriteString(line + "\n")
			continue
		}
		// Too long for a line of the mail, which would reflow it and
		// lose the column: what made the version goes on a line of its
		// own, under the turn.
		fmt.Fprintf(&b, "%s\n%s%s\n", head, strings.Repeat(" ", len("  ")+width+len("  ")), made)
	}
	if g.Rollbacks > 0 {
		// The versions a rollback archived are not in the list above:
		// say when, from where and to where.
		b.WriteString("Rolled back by the moderator (the later versions archived: RESEND gives only the ones above):\n")
		for _, e := range h.Rollbacks {
			fmt.Fprintf(&b, "  %s: %s\n", e.Time.UTC().Format("2006-01-02 15:04 UTC"), e.Detail)
		}
	}
	if h.Press != "" {
		b.WriteString("\n" + h.Press)
	}
	return b.String()
}

// WhoOrders says who orders in a segment: the moderator's draw, the
// required powers, or nobody.
func WhoOrders(awaitsDraw bool, required []storm.Power) string {
	if awaitsDraw {
		return "the moderator draws the cards"
	}
	if len(required) == 0 {
		return "nobody orders"
	}
	return Powers(required) + " order"
}

// ModeratorHelp answers a moderator's HELP: where the game is, the
// commands, and the orders.
type ModeratorHelp struct {
	Game  *store.Game
	State storm.State
	// Who orders (WhoOrders); Missing have not yet.
	Who     string
	Missing []storm.Power
}

// Forms are the moderator's commands with their forms.
func (ModeratorHelp) Forms() []string { return orders.CommandForms(true) }

var moderatorHelpText = parse("moderator help", `
{{- if .Game.Waiting}}{{waiting .Game}} START starts it now.
{{- else}}Game {{.Game.ID}}, version {{.Game.Version}}: {{.State.Turn}}, {{.State.Segment.Title}}; {{.Who}}.
{{- if .Missing}} Still to order: {{powers .Missing}}.{{end}}{{end}}

The moderator's commands (an email with GAME, MODERATOR, SECRET; several commands may go in one email, each on its line; REASON <text> says why, in the announcement):
{{range .Forms}}  {{.}}
{{end}}
The moderator's orders: DRAW and PURGE (a physical deck), SET (fixing the state; docs/orders.md).
To enter a power's orders: MODERATOR, POWER <power>, then the orders (or PASS, or WITHDRAW).
`)

// Text is the answer.
func (h ModeratorHelp) Text() string { return render(moderatorHelpText, h) }

var playerCommandsText = parse("player commands", `Commands (in an email of their own, with GAME and SECRET; docs/orders.md "Your own commands"):
{{range .}}  {{.}}
{{end}}`)

// playerCommands ends a player's HELP: the commands besides orders.
func playerCommands() string { return render(playerCommandsText, orders.CommandForms(false)) }
