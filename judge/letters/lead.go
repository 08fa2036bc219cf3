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

// Standing tells a power, in its notice of a SET's version (open), its
// orders that stand.
func Standing(r store.OrderRecord) string {
	return "Your orders that stand: " + strings.ReplaceAll(report.Orders(r.Orders), "\n", "; ") + "."
}

// Vacant heads the notice of a vacant seat, which goes to the moderator
// holding it: the power's old secret no longer works.
func Vacant(p storm.Power) string {
	return fmt.Sprintf("%s's seat is vacant and you, the moderator, hold it: to order for it, send the lines MODERATOR and POWER %s with the moderators' secret (the seat's own secret no longer works), until REPLACE seats a new player.", p.Title(), p)
}

// Observing leads an observer's report: how to stop them.
func Observing(game string) string {
	return fmt.Sprintf("You observe game %s: OBSERVE STOP, with GAME %s, in an email to the judge ends these reports.", game, game)
}
