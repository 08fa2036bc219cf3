package letters

import (
	"fmt"
	"strings"

	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
	"stormjudge/report"
	"stormjudge/store"
)

// The lines the judge adds to the lead of the engine's reports and
// notices (report.Extra).

// Because is "; reason: <reason>", or nothing without one.
func Because(reason string) string {
	if reason == "" {
		return ""
	}
	return "; reason: " + reason
}

// FixLead is the lead of every mail of a version the moderator's SET
// made (the fixes of evs, with the reason kept with the SET).
func FixLead(evs []event.Event, reason string) []string {
	lead := []string{"The moderator fixed the state (SET)" + Because(reason) + "."}
	for _, e := range evs {
		if f, ok := e.(event.StateFixed); ok && !f.Private {
			lead = append(lead, "- "+report.FixLine(f))
		}
	}
	return lead
}

// Standing tells a power, in its notice of the open version (a SET's, a
// copy sent again: a new player's, a RESEND; a seat in civil disorder,
// which the computer ordered for), its orders that stand, and whether
// the moderator or the computer gave them.
func Standing(r store.OrderRecord) string {
	by := ""
	if r.ByModerator {
		by = " (entered by the moderator)"
	}
	if r.Computer {
		by = " (given by the computer; orders you send replace them)"
	}
	return "Your orders that stand" + by + ": " + strings.ReplaceAll(report.Orders(r.Orders), "\n", "; ") + "."
}

// Vacant heads the notice of a vacant seat, which goes to the moderator
// holding it: the power's old secret no longer works.
func Vacant(p storm.Power) string {
	return fmt.Sprintf("%s's seat is vacant and you, the moderator, hold it: to order for it, send the lines MODERATOR and POWER %s with the moderators' secret (the seat's own secret no longer works), until REPLACE seats a new player.", p.Title(), p)
}

// Observing leads an observer's report; its last line says how to stop
// them (ObserverFooter).
func Observing(game string) string {
	return fmt.Sprintf("You observe game %s: its public report comes to you once a turn; the last line says how to stop it.", game)
}

// The refusals of an email the game does not take orders for now.
const (
	Paused       = "The moderator has paused this game: orders are not taken until it resumes."
	PausedFooter = "Send your orders again once the game resumes (the announcement will say so); STATUS tells where the game is."
)

// WaitingFooter closes the refusal of orders for a game that has not
// started: the moderator's (START) or a player's.
func WaitingFooter(moderator bool) string {
	if moderator {
		return "START starts the game now, the seats still open left vacant (held by you)."
	}
	return "Send your orders once the game has started: its first report will say what to order."
}

// Ended refuses orders for a game that has ended.
func Ended(s storm.State) string {
	what := "the game has ended"
	if s.War != nil {
		what = fmt.Sprintf("the game ended with the war of %s (rules 26.13, 33.11)", s.War.Turn)
	}
	return fmt.Sprintf("%s: no orders are taken any more. The final report gives the victory points (rule 34); the moderator can export the game's whole history.", UpperFirst(what))
}

// EndedFooter closes the refusal of orders sent after the game ended, in
// place of the advice to send them again.
const EndedFooter = "Nothing more can be ordered in this game; its commands (STATUS, HISTORY ...) still answer."

// PlayerHelp is a player's HELP: help (what the power may order now,
// report.Help) and the commands; while g is paused, said first; while g
// waits for players, that and the commands alone.
func PlayerHelp(help string, g *store.Game) string {
	if g.Waiting() {
		return WaitingText(g) + "\n\n" + playerCommands()
	}
	help += "\n\n" + playerCommands()
	if g.Paused {
		help = Paused + "\n\n" + help
	}
	return help
}

// The lead of an adjudicated version's mails: what the judge knows and
// the engine does not.

// Entered: the moderator entered p's orders for segment.
func Entered(p storm.Power, segment storm.Segment) string {
	return fmt.Sprintf("%s's orders for %s were entered by the moderator.", p.Title(), segment.Title())
}

// MissedNote says what became of missing power p's orders: PASS, or
// (NMR REPEAT) its orders of the turn repeated again ("" none).
func MissedNote(p storm.Power, repeated string) string {
	what := "taken to PASS"
	if repeated != "" {
		what = fmt.Sprintf("given its orders of %s again (NMR REPEAT)", repeated)
	}
	return p.Title() + ", " + what
}

// OrdersMissing: the powers without orders (MissedNote each), when the
// deadline passed or (forced) the moderator adjudicated before it.
func OrdersMissing(forced bool, notes []string) string {
	why := "missed the deadline"
	if forced {
		why = "no orders when the moderator adjudicated"
	}
	return fmt.Sprintf("Orders missing (%s): %s.", why, strings.Join(notes, "; "))
}

// OrderedLate: the powers that ordered after the deadline, in the grace.
func OrderedLate(late []storm.Power) string {
	return fmt.Sprintf("Ordered after the deadline, in the grace (the miss counts): %s.", Powers(late))
}
