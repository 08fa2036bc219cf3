package letters

import (
	"fmt"
	"strings"
	"time"

	"stormjudge/adjudicator/storm"
	"stormjudge/orders"
	"stormjudge/store"
)

// The lines several letters share: a game's rules, its deadline, who
// observes it, a seat's notes.

// RulesText sums up g's deadline rules in a sentence or two (the
// moderator's STATUS, the welcomes, the lobby, game show).
func RulesText(g *store.Game) string {
	var b strings.Builder
	if sc := ScheduleText(g.Rules.Schedule); sc != "" {
		fmt.Fprintf(&b, "deadlines on the schedule, %s, the first at least %s after a segment opens", sc, durationsText(g, "0"))
	} else {
		fmt.Fprintf(&b, "deadlines %s", durationsText(g, "no deadline"))
	}
	fmt.Fprintf(&b, "; at a deadline, %s", PolicyText(g))
	if len(g.Rules.Reminders) > 0 {
		var ls []string
		for _, d := range g.Rules.Reminders {
			ls = append(ls, Duration(d))
		}
		fmt.Fprintf(&b, "; reminders %s before", strings.Join(ls, " and "))
	} else {
		b.WriteString("; no reminders")
	}
	fmt.Fprintf(&b, "; each player's extension budget %s, absences at most %s.", OrNone(g.Rules.ExtensionBudget), OrNone(g.Rules.AbsenceMax))
	return b.String()
}

// durationsText words g's durations by kind of segment, none the word
// of a 0.
func durationsText(g *store.Game, none string) string {
	var parts []string
	for _, k := range orders.SegmentKinds {
		d, ok := g.Rules.Durations[k]
		if !ok {
			d = g.SegmentDuration
		}
		w := none
		if d > 0 {
			w = Duration(d)
		}
		parts = append(parts, k+" "+w)
	}
	return strings.Join(parts, ", ")
}

// nmrTexts say what each NMR policy does with a missing power's orders:
// before the deadline (in every deadline line), once it passed (to the
// moderators: after) and, in the mail to the player who missed, to that
// player (yours). No policy is "pass".
var nmrTexts = map[string]struct{ before, after, yours string }{
	"":       {"powers that have not ordered by then are taken to PASS", "they are taken to PASS", "you are taken to PASS"},
	"pass":   {"powers that have not ordered by then are taken to PASS", "they are taken to PASS", "you are taken to PASS"},
	"repeat": {"powers that have not ordered by then get their last orders for the same segment again when they are still valid, else PASS", "their last orders for the same segment are used again when still valid, else PASS", "your last orders for the same segment are used again when still valid, else PASS"},
	"wait":   {"if a power has not ordered by then, the game waits for the moderator", "the game waits for their orders or the moderator (NMR WAIT)", "the game waits for your orders or the moderator (NMR WAIT)"},
}

// PolicyText says what becomes of a missing power's orders in g.
func PolicyText(g *store.Game) string {
	what := nmrTexts[g.Rules.NMR].before
	if g.Rules.NMR == "computer" {
		what, _, _ = computerPolicy(g.Rules.Disorder())
	}
	if g.Rules.Grace > 0 {
		what += fmt.Sprintf(", after a grace of %s in which late orders are still taken", Duration(g.Rules.Grace))
	}
	return what
}

// PolicyNow says what happens now that g's deadline passed, times also
// in zone when given (a player's own).
func PolicyNow(g *store.Game, zone string) string {
	what := nmrTexts[g.Rules.NMR].after
	if g.Rules.NMR == "computer" {
		_, what, _ = computerPolicy(g.Rules.Disorder())
	}
	if g.Rules.Grace > 0 && g.Rules.NMR != "wait" {
		return fmt.Sprintf("late orders are still taken until %s; then %s", DeadlineText(g.Deadline.Add(g.Rules.Grace), zone), what)
	}
	return what
}

// PolicyToYou is PolicyNow worded to the player who missed the deadline
// ("your last orders", not "their").
func PolicyToYou(g *store.Game, zone string) string {
	what := nmrTexts[g.Rules.NMR].yours
	if g.Rules.NMR == "computer" {
		_, _, what = computerPolicy(g.Rules.Disorder())
	}
	if g.Rules.Grace > 0 && g.Rules.NMR != "wait" {
		return fmt.Sprintf("your late orders are still taken until %s; then %s", DeadlineText(g.Deadline.Add(g.Rules.Grace), zone), what)
	}
	return what
}

// DeadlineLine is the lead line of a report or notice for a reader in
// zone ("" the public report: UTC).
func DeadlineLine(g *store.Game, zone string) string {
	if g.Paused {
		return "The game is PAUSED by the moderator: no deadline runs until it resumes."
	}
	if g.Deadline.IsZero() {
		return ""
	}
	why := ""
	if g.DeadlineWhy != "" {
		why = ", " + g.DeadlineWhy
	}
	return "Deadline: " + DeadlineText(g.Deadline, zone) + why + " (" + PolicyText(g) + ")."
}

// PressRulesText says a game's press rules in a line.
func PressRulesText(r store.PressRules) string {
	var b strings.Builder
	switch r.Mode {
	case "none":
		return "Press: none (the powers cannot send each other press through the judge)."
	case "grey":
		b.WriteString("Press: signed or grey (unsigned)")
	default:
		b.WriteString("Press: signed only")
	}
	if len(r.Blackout) > 0 {
		fmt.Fprintf(&b, ", none during the %s segments", strings.Join(r.Blackout, ", "))
	}
	if r.Copy {
		b.WriteString("; the moderators get a copy of each")
	} else {
		b.WriteString("; the moderators get no copy")
	}
	b.WriteString(".")
	return b.String()
}

// WaitingText says that g waits for players, for a refusal or STATUS.
func WaitingText(g *store.Game) string {
	return fmt.Sprintf("Game %s has not started: it waits for players for %s (open seats, listed by LIST and taken by JOIN). It starts when they are taken, or when the moderator starts it; the first report comes then.", g.ID, Powers(g.OpenSeats()))
}

// observersText says who observes g: for the moderators, the addresses;
// for players, how many.
func observersText(g *store.Game, moderator bool) string {
	pub := ""
	if g.Public {
		pub = " The game is public: anyone may observe it."
	}
	if !moderator {
		return fmt.Sprintf("Observers: %d.%s", len(g.Observers), pub)
	}
	var addrs []string
	for _, o := range g.Observers {
		addrs = append(addrs, o.Address)
	}
	if len(addrs) == 0 {
		addrs = []string{"none"}
	}
	line := "Observers: " + strings.Join(addrs, ", ") + "."
	if len(g.ObserverAllow) > 0 {
		line += " Allowed to observe: " + strings.Join(g.ObserverAllow, ", ") + "."
	}
	return line + pub
}

// absences words seat's absences not over at now, "Tue 1 Dec 2026 00:00
// UTC to Tue 8 Dec 2026 00:00 UTC", with the times also in zone when given
// (the player's own STATUS).
func absences(seat *store.Seat, now time.Time, zone string) []string {
	var out []string
	for _, a := range seat.Absences {
		if a.Until.After(now) {
			out = append(out, Span(a.From, a.Until, zone))
		}
	}
	return out
}

// SeatNotes are the lines the moderator's STATUS and the operator's game
// show give under a seat: its time zone, its absences to come.
func SeatNotes(seat *store.Seat, now time.Time) []string {
	var out []string
	if seat.TimeZone != "" {
		out = append(out, "time zone "+seat.TimeZone)
	}
	for _, a := range absences(seat, now, "") {
		out = append(out, "absent "+a)
	}
	return out
}

// MailAnswer is the receipt's line for MAIL (a moderator's when mod).
func MailAnswer(word string, mod bool) string {
	switch {
	case word == "text":
		return "Mail: text only. Your reports and notices come as their text alone, without the picture and the HTML tables (MAIL PICTURE puts them back); RESEND still gives any report."
	case word == "picture":
		return "Mail: with the picture. Your reports and notices carry the picture and the HTML tables again (MAIL TEXT for the text alone)."
	case word == store.MailDigest && mod:
		return "Mail: the digest. You get the public report once a turn, when the turn ends, covering every segment since your last; STATUS and RESEND still give any report."
	case word == store.MailDigest:
		return "Mail: the digest. You get one mail when you must act, when the turn ends or when there is news for you (war, a crisis that concerns you, something for your eyes only), with the public reports of the segments in between; STATUS and RESEND still give any report."
	case mod:
		return "Mail: every segment. You get the public report after every segment."
	}
	return "Mail: every segment. You get the public report and your private notice after every segment."
}

// ScheduleText words a game's schedule of deadlines: "every Mon, Wed,
// Fri at 20:00 Europe/London (none on 2026-12-25)"; "" none.
func ScheduleText(sc *store.Schedule) string {
	if sc == nil {
		return ""
	}
	var days []string
	for _, d := range sc.Days {
		days = append(days, d.String()[:3])
	}
	if len(days) == 7 {
		days = []string{"day"}
	}
	zone := sc.Zone
	if zone == "" {
		zone = "UTC"
	}
	s := fmt.Sprintf("every %s at %02d:%02d %s", strings.Join(days, ", "), sc.Minute/60, sc.Minute%60, zone)
	if len(sc.Skip) > 0 {
		s += " (none on " + strings.Join(sc.Skip, ", ") + ")"
	}
	return s
}

// DeadlineWhy says why a deadline is where it is as it opens or
// resumes: on the schedule (ScheduleText, "" none), past the absences
// (AbsenceOf); "" neither.
func DeadlineWhy(schedule string, absences []string) string {
	ab := strings.Join(absences, ", then ")
	switch {
	case schedule != "" && ab != "":
		return fmt.Sprintf("on the game's schedule (%s), the first time after %s", schedule, ab)
	case schedule != "":
		return "on the game's schedule, " + schedule
	case ab != "":
		return "moved to the end of " + ab
	}
	return ""
}

// AbsenceOf names p's declared absence from from to until, for a mail
// that says why a deadline moved.
func AbsenceOf(p storm.Power, from, until time.Time) string {
	return fmt.Sprintf("%s's declared absence (%s)", p.Title(), Span(from, until, ""))
}
