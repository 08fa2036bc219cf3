package letters

import (
	"fmt"
	"strings"
	"time"

	"stormjudge/adjudicator/storm"
	"stormjudge/report"
	"stormjudge/store"
)

// The words of the moderator's and the players' commands (package
// command): the answers the receipt carries, the announcements the
// players read (a subject and a paragraph: the functions that return
// both give them in that order) and the refusals the receipt quotes
// after "line N: VERB: " (CommandRefused), which begin in lower case.

// CommandRefused is how the receipt quotes the refusal (why) of a
// command, or of a line of CREATE.
func CommandRefused(line int, verb, why string) string {
	return fmt.Sprintf("line %d: %s: %s", line, verb, why)
}

// RollbackAlone refuses a ROLLBACK with other commands.
const RollbackAlone = "ROLLBACK goes in an email of its own (with REASON at most): the commands after it would apply to the game as it was before."

// The refusals that several commands share.
const (
	NotACommand    = "not a command for this email"
	GamePaused     = "the game is paused"
	NoDeadline     = "the open segment has no deadline"
	PausedFirst    = "the game is paused: RESUME it first"
	PausedDeadline = PausedFirst + " (the deadline is then as far off as it was when paused)"
)

// NotStarted refuses a command of a game in play in a game that waits
// for players for the open seats.
func NotStarted(open []storm.Power) string {
	return fmt.Sprintf("the game has not started: it waits for players for %s (START starts it with those seats vacant)", Powers(open))
}

// NoVersion refuses a version beyond the game's (at); a player is told
// where to find them (hint).
func NoVersion(v, at int, hint bool) string {
	s := fmt.Sprintf("there is no version %d: the game is at version %d", v, at)
	if hint {
		s += " (HISTORY lists them)"
	}
	return s
}

// NobodyOrders refuses a deadline for a segment nobody orders in (who:
// WhoOrders).
func NobodyOrders(who string) string {
	return fmt.Sprintf("nobody orders in the open segment (%s)", who)
}

// The moderator's commands.

// CreateDeadline refuses a DEADLINE <time> in CREATE.
const CreateDeadline = "a game being created has no segment open yet: give its schedule (DEADLINE EVERY) or durations (DURATION), and set a segment's deadline once the game runs"

// NotInFuture refuses a DEADLINE that is past (read in zone, the
// moderators' TIMEZONE; "" UTC).
func NotInFuture(at time.Time, zone string) string {
	if zone == "" {
		zone = "UTC"
	}
	return fmt.Sprintf("%s is not in the future (the time is read in %s)", at.In(Location(zone)).Format("2006-01-02 15:04"), zone)
}

// Why a deadline moved, for every mail that gives it (DeadlineLine).
const WhySet = "set by the moderator"

// WhyExtended: the deadline was extended by d by who's player ("" the
// moderator).
func WhyExtended(d time.Duration, who string) string {
	if who == "" {
		return "extended by " + Duration(d) + " by the moderator"
	}
	return fmt.Sprintf("extended by %s by %s's player", Duration(d), who)
}

// ModeratorZoneAnswer answers the moderator's TIMEZONE.
func ModeratorZoneAnswer(zone string) string {
	return fmt.Sprintf("The moderators' time zone is %s: DEADLINE's times are read in it, a DEADLINE EVERY that names no zone is in it, and your receipts give deadlines in it besides UTC.", zone)
}

// ScheduleRule: the deadlines on the schedule sc (nil: none).
func ScheduleRule(sc *store.Schedule) string {
	if sc == nil {
		return "Deadline rule: no schedule; each segment's deadline is its duration after it opens (from the next segment on; the open one keeps its deadline)."
	}
	return fmt.Sprintf("Deadline rule: deadlines on the schedule, %s: a segment's deadline is the first such time at least its duration after it opens, shown in each player's time zone (from the next segment on; the open one keeps its deadline).", ScheduleText(sc))
}

// The refusals of EXTEND, ABSENCE, PAUSE and RESUME by the moderator.
const (
	NoDeadlineToExtend = "the open segment has no deadline to extend; set one with DEADLINE"
	AbsenceIsPlayers   = "a moderator sets the game's limit, ABSENCE MAX <duration>; players declare their own absences"
	PausedAlready      = "the game is paused already"
	NotPaused          = "the game is not paused"
	NotARule           = "not a rule"
)

// NothingToAdjudicate refuses ADJUDICATE (who: WhoOrders).
func NothingToAdjudicate(who string) string {
	return "there is nothing to adjudicate: " + who
}

// SecretInMessage refuses a BROADCAST holding whose secret (SecretOf).
func SecretInMessage(whose string) string {
	return fmt.Sprintf("the message holds %s secret; it was not sent", whose)
}

// Whose secret a text holds (SecretInMessage, SecretInReason): the
// moderators', a seat's (SecretOf), or perhaps a player's when there
// were too many to check.
const (
	ModeratorsSecret = "the moderators'"
	UncheckedSecret  = "perhaps a player's (too many secret-like words to check)"
)

// SecretOf names p's secret.
func SecretOf(p storm.Power) string { return p.Title() + "'s" }

// SeatMissing refuses a REPLACE of a power without a seat.
func SeatMissing(p storm.Power, game string) string {
	return fmt.Sprintf("%s has no seat in game %s", p.Title(), game)
}

// RollbackNotEarlier refuses a ROLLBACK to the version the game is at
// or later.
func RollbackNotEarlier(at int) string {
	return fmt.Sprintf("the game is at version %d: roll back to an earlier one (HISTORY lists them)", at)
}

// RollbackNobodyOrders refuses a ROLLBACK to version v, whose state s
// nobody orders in.
func RollbackNobodyOrders(v int, s storm.State) string {
	return fmt.Sprintf("nobody orders in version %d (%s, %s): roll back to a version that waits for orders or a draw (HISTORY lists them)", v, s.Turn, s.Segment.Title())
}

// ExportFile names the file EXPORT attaches: game at version v.
func ExportFile(game string, v int) string { return fmt.Sprintf("%s-v%d.json", game, v) }

// ExportAttached answers EXPORT: the game at version v, n bytes.
func ExportAttached(game string, v, n int) string {
	return fmt.Sprintf("The export of game %s at version %d is attached (%s, %d bytes; docs/state.md documents it).", game, v, ExportFile(game, v), n)
}

// DeadlineRemoved announces a DEADLINE NONE.
func DeadlineRemoved(segment storm.Segment) (subject, line string) {
	return "Deadline removed", fmt.Sprintf("The deadline of %s was removed: the segment waits for every power's orders.", segment.Title())
}

// DeadlineSet announces a DEADLINE.
func DeadlineSet(segment storm.Segment, at time.Time) (subject, line string) {
	return "Deadline set", fmt.Sprintf("The deadline of %s was set to %s.", segment.Title(), DeadlineText(at, ""))
}

// DeadlineInAbsence tells the moderator that the deadline set falls in a
// declared absence (the absences would put it at).
func DeadlineInAbsence(segment storm.Segment, at time.Time) string {
	return fmt.Sprintf("Note: the deadline falls in a declared absence of a power that orders in %s (the absences would put it at %s); it stands as you set it.", segment.Title(), DeadlineText(at, ""))
}

// ExtendStillPast refuses the moderator's EXTEND of a deadline (was)
// that passed to a time (at) that is past too.
func ExtendStillPast(was, at time.Time) string {
	return fmt.Sprintf("the deadline passed at %s; extended so it would be %s, still past: set a new one with DEADLINE <YYYY-MM-DD> <HH:MM>", DeadlineText(was, ""), DeadlineText(at, ""))
}

// DeadlineExtended announces the moderator's EXTEND by d, to at.
func DeadlineExtended(segment storm.Segment, d time.Duration, at time.Time) (subject, line string) {
	return "Deadline extended", fmt.Sprintf("The deadline of %s was extended by %s to %s.", segment.Title(), Duration(d), DeadlineText(at, ""))
}

// The subjects of the announcements whose line is said elsewhere
// (the rules' lines: DurationRule ..., PressRulesText, ObserversPublic).
const (
	RulesChanged   = "Deadline rules changed"
	PressRulesSaid = "Press rules"
	ObserversSaid  = "Observers"
)

// The lines of a deadline rule set (DURATION, REMINDERS, NMR,
// EXTENSIONS, ABSENCE MAX).

// DurationRule: the kinds of segments take d (none: no deadline).
func DurationRule(kinds []string, d time.Duration, none bool) string {
	what := "no deadline"
	if !none {
		what = Duration(d)
	}
	return fmt.Sprintf("Deadline rule: %s segments take %s from when they open (from the next segment on; the open one keeps its deadline).", strings.Join(kinds, ", "), what)
}

// RemindersRule: reminders list before the deadline (none: none).
func RemindersRule(list []time.Duration, none bool) string {
	if none {
		return "Deadline rule: no reminders."
	}
	var ls []string
	for _, d := range list {
		ls = append(ls, Duration(d))
	}
	return fmt.Sprintf("Deadline rule: the powers that have not ordered are reminded %s before the deadline.", strings.Join(ls, " and "))
}

// NMRRule: what the deadline does to the powers without orders.
func NMRRule(g *store.Game) string {
	return "Deadline rule: at the deadline, " + PolicyText(g) + "."
}

// PolicyPassed says what a new NMR policy does to segment, whose
// deadline (at) passed without orders from miss: now (PolicyNow).
func PolicyPassed(segment storm.Segment, at time.Time, miss []storm.Power, now string) string {
	return fmt.Sprintf("The deadline of %s passed at %s without orders from %s: under this rule %s.", segment.Title(), DeadlineText(at, ""), Powers(miss), now)
}

// PolicyActsNow says that a new NMR policy settles segment, whose
// deadline (at) passed, at once: notes say what each missing power is
// taken to (MissedNote).
func PolicyActsNow(segment storm.Segment, at time.Time, notes []string) string {
	return fmt.Sprintf("The deadline of %s passed at %s, so this rule acts now, the segment adjudicated at once: %s. The report follows.", segment.Title(), DeadlineText(at, ""), strings.Join(notes, "; "))
}

// ExtensionsRule: each player's budget of EXTEND.
func ExtensionsRule(d time.Duration) string {
	return fmt.Sprintf("Deadline rule: each player may extend deadlines by %s in all, with EXTEND.", Duration(d))
}

// AbsenceMaxRule: each player's limit of ABSENCE.
func AbsenceMaxRule(d time.Duration) string {
	return fmt.Sprintf("Deadline rule: each player may declare %s of absence in all, with ABSENCE; deadlines falling in one move to its end.", Duration(d))
}

// GamePausedBy announces PAUSE; left is what was left of the deadline
// (0: none ran).
func GamePausedBy(left time.Duration) (subject, line string) {
	line = "The moderator PAUSED the game: no orders are taken and no deadline runs until it resumes."
	if left > 0 {
		line += fmt.Sprintf(" The deadline will then be %s away, as it was now.", Duration(left))
	}
	return "Game paused", line
}

// GameResumed announces RESUME; at is the deadline again (zero: none),
// was the time as far off as when paused, by the absences that moved it
// from there (AbsenceOf), if any, why it is at at (DeadlineWhy);
// scheduled: the game has a schedule.
func GameResumed(at, was time.Time, by []string, why string, scheduled bool) (subject, line string) {
	line = "The moderator RESUMED the game: orders are taken again."
	switch {
	case at.IsZero():
	case len(by) == 0 && !at.Equal(was): // the game's schedule (why)
		line += fmt.Sprintf(" The deadline is %s: as far off as when paused it would be %s; it is %s.", DeadlineText(at, ""), DeadlineText(was, ""), why)
	case len(by) == 0:
		line += " The deadline is " + DeadlineText(at, "") + ", as far off as when paused."
	default:
		end := "so it moved to its end"
		switch {
		case scheduled:
			end = "so it moved to the schedule's first time after it"
		case len(by) > 1:
			end = "so it moved past them"
		}
		line += fmt.Sprintf(" The deadline is %s: as far off as when paused it would be %s, in %s, %s.", DeadlineText(at, ""), DeadlineText(was, ""), strings.Join(by, ", then "), end)
	}
	return "Game resumed", line
}

// AdjudicateNow answers ADJUDICATE.
const AdjudicateNow = "The open segment is adjudicated now; powers without orders are taken to PASS (their standing orders and IF lines still apply). The report follows."

// Broadcast announces the moderator's BROADCAST of text.
func Broadcast(text string) (subject, line string) {
	return "A message from the moderator", "A message from the moderator:\n\n" + text
}

// SecretRenewed announces a REPLACE of a seat by its own player.
func SecretRenewed(p storm.Power) (subject, line string) {
	return p.Title() + "'s secret renewed", fmt.Sprintf("The moderator gave %s's player a new secret; the old one no longer works.", p.Title())
}

// NewSecretSent answers a REPLACE of a seat by its own player.
func NewSecretSent(addr string) string {
	return fmt.Sprintf("The new secret was sent to %s.", addr)
}

// NewPlayerCopy heads the copies of version v that a new player of p
// gets with the welcome.
func NewPlayerCopy(p storm.Power, v int) string {
	return fmt.Sprintf("You now play %s: this is the open segment's report and your notice (version %d); HISTORY and RESEND give the earlier ones.", p.Title(), v)
}

// NewPlayer announces a REPLACE: p has a new player (vacant: in the
// seat the moderator held).
func NewPlayer(p storm.Power, vacant bool) (subject, line string) {
	line = fmt.Sprintf("%s has a new player. The old secret no longer works; the new player has been sent one.", p.Title())
	if vacant {
		line = fmt.Sprintf("%s has a new player, in the seat the moderator held; the new player has been sent a secret.", p.Title())
	}
	return p.Title() + " has a new player", line
}

// NowPlayedBy answers a REPLACE: p is played by addr, the address as
// the judge writes to it (typed: as the moderator wrote it), shown on a
// line of its own so that a typo is seen before its first bounce
// (waiting: the game has not started, no report goes with the welcome).
func NowPlayedBy(p storm.Power, addr, typed string, waiting bool) string {
	what := "their welcome with the new secret, and the open segment's report and notice, are"
	if waiting {
		what = "their welcome with the new secret is"
	}
	s := fmt.Sprintf("%s is now played by the address below: %s on their way.\n\n  New address: %s\n\nThat is the address as the judge writes to it", p.Title(), what, addr)
	if typed != "" && typed != addr {
		s += " (you wrote " + typed + ")"
	}
	s += ": check it letter by letter, as a mistyped address shows only when its mail bounces."
	if _, domain, _ := strings.Cut(addr, "@"); !strings.Contains(domain, ".") {
		s += fmt.Sprintf(" Its domain, %s, has no dot: is it complete?", domain)
	}
	return s + fmt.Sprintf(" To correct it, REPLACE %s <the right address>.", p)
}

// NotToDeadAddress adds to a REPLACE's receipt that p's old player, at
// the undeliverable address old, was not told.
func NotToDeadAddress(p storm.Power, old string) string {
	return fmt.Sprintf("Nothing was sent to %s's old address %s: mail to it is undeliverable.", p.Title(), old)
}

// NewPlayerOrdersStand adds to a REPLACE's receipt that p's orders for
// the open segment, r, stand for the new player, who is told so.
func NewPlayerOrdersStand(p storm.Power, r store.OrderRecord) string {
	who := "its player's"
	if r.ByModerator {
		who = "the moderator's"
	}
	if r.Computer {
		who = "the computer's"
	}
	return fmt.Sprintf("%s's orders for the open segment, %s (%s), stand: the new player's notice says so, and they may replace them.",
		p.Title(), who, strings.ReplaceAll(report.Orders(r.Orders), "\n", "; "))
}

// RolledBack announces a ROLLBACK from version from to v, whose state s
// is open again; at is its new deadline (zero: none); again are the
// powers that must order in it (those with standing orders for it do
// not); forgiven whether misses of the undone segments were forgiven.
func RolledBack(from, v int, s storm.State, at time.Time, again []storm.Power, forgiven bool) (subject, line string) {
	line = fmt.Sprintf("The moderator ROLLED BACK the game from version %d to version %d: %s, %s, is open again. The orders given for it or later are withdrawn (kept in the history); standing orders sent before it (FOR) stay.", from, v, s.Turn, s.Segment.Title())
	if len(again) > 0 {
		line += " To order again: " + Powers(again) + "."
	} else {
		line += " No power orders in it again."
	}
	if forgiven {
		line += " The deadlines missed in the versions undone no longer count."
	}
	line += " Its report and notices follow again, each saying what became of that power's orders."
	if !at.IsZero() {
		line += " Its new deadline: " + DeadlineText(at, "") + "."
	}
	return fmt.Sprintf("Rolled back to version %d", v), line
}

// RollbackOwn tells power p, in its notice sent again after a rollback
// to segment seg, which of its orders were withdrawn (withdrawn, rendered;
// "" none), which standing orders stay (standing, rendered; "" none), and
// whether it must order again.
func RollbackOwn(seg storm.Segment, withdrawn, standing string, again bool) []string {
	var out []string
	if withdrawn != "" {
		out = append(out, fmt.Sprintf("Your orders for %s are withdrawn (kept in the history): %s.", seg.Title(), withdrawn))
	}
	if standing != "" {
		out = append(out, "Your standing orders stay: "+standing+".")
	}
	switch {
	case again:
		out = append(out, fmt.Sprintf("Send your orders for %s again.", seg.Title()))
	case withdrawn != "" || standing != "":
		out = append(out, fmt.Sprintf("You have nothing to send for %s.", seg.Title()))
	}
	return out
}

// ResentAfterRollback leads the reports sent again after a rollback
// from version from.
func ResentAfterRollback(from int) string {
	return fmt.Sprintf("Sent again after the moderator's rollback from version %d.", from)
}

// The players' commands.

// OrdersAnswer answers ORDERS: the power's orders for the open segment
// (Orders: their lines, report.Orders; none yet when Given is false),
// who sent them and when.
//
// NotOrdering: Power does not order in the open segment (Who does); Orders
// are then its standing orders for later segments, Given whether it sent
// some in this one (when: Received).
type OrdersAnswer struct {
	State       storm.State
	Version     int
	Given       bool
	Orders      []string
	ByModerator bool
	Received    time.Time
	Zone        string
	Power       storm.Power
	NotOrdering bool
	Who         string
}

var ordersAnswerText = parse("orders answer", `{{if .NotOrdering}}{{.Power.Title}} does not order in this segment ({{.State.Turn}}, {{.State.Segment.Title}}, version {{.Version}}: {{.Who}}); {{if .Orders}}its standing orders for later segments:
{{range .Orders}}  {{.}}
{{end}}{{if .Given}}The last sent by {{if .ByModerator}}the moderator{{else}}you{{end}}, received {{deadline .Received .Zone}}.
{{end}}{{else}}it has no standing orders for later segments.
{{end}}{{else}}Your orders for {{.State.Turn}}, {{.State.Segment.Title}} (version {{.Version}}):
{{if not .Given}}  none yet.
{{else}}{{range .Orders}}  {{.}}
{{end}}Sent by {{if .ByModerator}}the moderator{{else}}you{{end}}, received {{deadline .Received .Zone}}.
{{end}}{{end}}`)

// Text is the answer.
func (a OrdersAnswer) Text() string { return render(ordersAnswerText, a) }

// Resent answers RESEND: p's versions vs are sent again to addr.
func Resent(p storm.Power, vs []int, addr string) string {
	return fmt.Sprintf("The public report and %s's private notice of version(s) %s are sent again to %s.", p.Title(), Ints(vs), addr)
}

// ResendNote heads a copy of version v sent again on RESEND; the
// subjects of the copies end in ResentSuffix, or, for a new player
// (NewPlayerCopy), NewPlayerSuffix.
func ResendNote(v int) string {
	return fmt.Sprintf("A copy of version %d sent again on request (RESEND); any deadline it named may be past: STATUS tells the open segment.", v)
}

// The ends of the subjects of copies sent again (ResendNote).
const (
	ResentSuffix    = " (sent again)"
	NewPlayerSuffix = " (for the new player)"
)

// TimezoneAnswer answers TIMEZONE.
func TimezoneAnswer(zone string) string {
	return fmt.Sprintf("Your time zone is %s: deadlines are shown in it besides UTC.", zone)
}

// NotOrdering refuses a player's EXTEND in a segment p does not order
// in (who: WhoOrders).
func NotOrdering(p storm.Power, who string) string {
	return fmt.Sprintf("%s does not order in the open segment (%s)", p.Title(), who)
}

// NoExtensionBudget refuses a player's EXTEND in a game without a
// budget.
const NoExtensionBudget = "this game gives no extension budget (the moderator may extend a deadline)"

// OverExtensionBudget refuses an EXTEND by d of more than left of the
// budget.
func OverExtensionBudget(d, left, budget time.Duration) string {
	return fmt.Sprintf("%s is more than what is left of your extension budget: %s of %s", Duration(d), Duration(left), Duration(budget))
}

// PlayerExtended announces a player's EXTEND of p by d, to at.
func PlayerExtended(p storm.Power, segment storm.Segment, d time.Duration, at time.Time) (subject, line string) {
	return "Deadline extended by " + p.Title(), fmt.Sprintf("%s's player extended the deadline of %s by %s, to %s.", p.Title(), segment.Title(), Duration(d), DeadlineText(at, ""))
}

// ExtendTooLate refuses a player's EXTEND once the deadline of g's open
// segment passed, saying what happens instead, times also in zone.
func ExtendTooLate(g *store.Game, segment storm.Segment, zone string) string {
	now := PolicyNow(g, zone)
	if g.Rules.NMR == "wait" {
		now = "your orders are still taken until the moderator acts (NMR WAIT)"
	}
	return fmt.Sprintf("the deadline of %s passed at %s: an extension is asked before the deadline (nothing of your budget was spent). Now %s; the moderator may still give more time", segment.Title(), DeadlineText(g.Deadline, zone), now)
}

// ExtendedAnswer answers a player's EXTEND by d; left of the budget.
func ExtendedAnswer(d, left time.Duration) string {
	return fmt.Sprintf("Extended by %s; %s of your budget is left.", Duration(d), OrNone(left))
}

// ResignNamePower refuses a RESIGN that names another power than p.
func ResignNamePower(p storm.Power) string {
	return fmt.Sprintf("to resign, name the power this email speaks for: RESIGN %s", p)
}

// NoModeratorToHold refuses a RESIGN in a game without a moderator.
const NoModeratorToHold = "this game has no moderator to hold the seat; ask the operator"

// LeftBeforeStart announces that p's player resigned before the start.
func LeftBeforeStart(p storm.Power) (subject, line string) {
	return p.Title() + "'s seat is open again", fmt.Sprintf("%s's player left before the game started: the seat is open again (JOIN).", p.Title())
}

// LeftAnswer answers that RESIGN.
func LeftAnswer(p storm.Power, game string) string {
	return fmt.Sprintf("You left %s in game %s before it started: your secret no longer works, and the seat is open again.", p.Title(), game)
}

// Resigned announces that p's player resigned.
func Resigned(p storm.Power) (subject, line string) {
	return p.Title() + "'s player resigned", fmt.Sprintf("%s's player resigned. The moderator holds the seat until a new player is found (REPLACE).", p.Title())
}

// ResignedAnswer answers a RESIGN of p by addr.
func ResignedAnswer(p storm.Power, game, addr string) string {
	return fmt.Sprintf("You resigned %s in game %s: your secret no longer works and no more mail for %s comes to %s. Thank you for playing.", p.Title(), game, p.Title(), addr)
}

// The refusals of a player's ABSENCE.
const (
	AbsenceMaxIsModerators = "ABSENCE MAX is the moderator's"
	NoAbsenceToCancel      = "you have no absence under way or to come to cancel"
	NoAbsences             = "this game allows no declared absences (the moderator sets it with ABSENCE MAX)"
	AbsenceOver            = "the absence is over already"
)

// Span is an absence from from to until, in zone.
func Span(from, until time.Time, zone string) string {
	return DeadlineText(from, zone) + " to " + DeadlineText(until, zone)
}

// AbsenceStands refuses an ABSENCE NONE whose only absences (standing:
// Span) moved the deadline of segment.
func AbsenceStands(standing []string, segment storm.Segment) string {
	return fmt.Sprintf("your absence from %s stands: it moved the deadline of %s, which keeps its time; nothing else to cancel", strings.Join(standing, "; "), segment.Title())
}

// AbsencesCancelled announces an ABSENCE NONE of p's player.
func AbsencesCancelled(p storm.Power) (subject, line string) {
	return p.Title() + "'s absence cancelled", fmt.Sprintf("%s's player cancelled the absences declared from now on (one that moved the open deadline stands; the deadline does not move).", p.Title())
}

// CancelledAnswer answers an ABSENCE NONE; standing (Span) are the
// absences that moved the deadline of segment and stand.
func CancelledAnswer(standing []string, segment storm.Segment) string {
	if len(standing) == 0 {
		return "Your absences from now on are cancelled."
	}
	return fmt.Sprintf("Your other absences from now on are cancelled. This one stands, as it moved the deadline of %s (the deadline keeps its time, and the absence counts against the game's limit): %s.", segment.Title(), strings.Join(standing, "; "))
}

// AbsenceOverlaps refuses an absence that overlaps one declared from
// the day first to the day last.
func AbsenceOverlaps(first, last time.Time) string {
	return fmt.Sprintf("it overlaps the absence declared from %s to %s", first.Format("2006-01-02"), last.Format("2006-01-02"))
}

// OverAbsenceLimit refuses an absence of d, more than left of the
// game's limit max.
func OverAbsenceLimit(d, left, max time.Duration) string {
	return fmt.Sprintf("%s of absence is more than what is left of the game's limit: %s of %s", Duration(d), OrNone(left), Duration(max))
}

// Away announces a player's ABSENCE: the days First to Last in Zone,
// that is From to Until; Moved is the deadline of Segment the absence
// moved (zero: none).
type Away struct {
	Power       storm.Power
	First, Last time.Time
	Zone        string
	From, Until time.Time
	Segment     storm.Segment
	Moved       time.Time
}

// Subject is the announcement's subject.
func (a Away) Subject() string { return a.Power.Title() + "'s player away" }

// Text is the announcement's line.
func (a Away) Text() string {
	zone := a.Zone
	if zone == "" {
		zone = "UTC"
	}
	// The times in UTC, which each reader's announcement shows in the
	// reader's own zone too (Announcement, InZone).
	line := fmt.Sprintf("%s's player will be away from %s to %s (days in %s): from %s to %s. Deadlines of segments in which %s orders that fall in that time move to its end.",
		a.Power.Title(), a.First.Format("Mon 2 Jan 2006"), a.Last.Format("Mon 2 Jan 2006"), zone, DeadlineText(a.From, ""), DeadlineText(a.Until, ""), a.Power.Title())
	if !a.Moved.IsZero() {
		line += fmt.Sprintf(" The deadline of %s moves to %s.", a.Segment.Title(), DeadlineText(a.Moved, ""))
	}
	return line
}

// AbsenceNoted answers an ABSENCE from from to until, in zone; left of
// the game's limit max.
func AbsenceNoted(from, until time.Time, zone string, left, max time.Duration) string {
	return fmt.Sprintf("Absence noted: %s to %s (%s); %s of the game's %s of absence is left.", DeadlineText(from, zone), DeadlineText(until, zone),
		Duration(until.Sub(from)), OrNone(left), Duration(max))
}

// NothingToForgive refuses FORGIVE of a power with no missed deadline.
func NothingToForgive(p storm.Power) string {
	return fmt.Sprintf("%s has missed no deadline: nothing to forgive", p.Title())
}

// Forgiven answers FORGIVE: p's n missed deadlines no longer count.
func Forgiven(p storm.Power, n int) string {
	return fmt.Sprintf("%s's missed deadlines (%d) are forgiven: STATUS shows it with none, and its next miss counts as its first. Its player is told.", p.Title(), n)
}

// ForgivenNotice tells p's player that the moderator forgave its n
// missed deadlines, with the reason given.
func ForgivenNotice(game string, p storm.Power, n int, reason string) (subject, text string) {
	text = fmt.Sprintf("Game %s: the moderator forgave %s's missed deadlines (%d): they no longer count.\n", game, p.Title(), n)
	if reason != "" {
		text += "Reason: " + reason + "\n"
	}
	return fmt.Sprintf("Game %s: missed deadlines forgiven", game), text + Signature
}
