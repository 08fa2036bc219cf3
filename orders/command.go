package orders

import (
	"cmp"
	"fmt"
	"net/mail"
	"slices"
	"strconv"
	"strings"
	"time"

	"stormjudge/adjudicator/storm"
)

// Commands (docs/orders.md, "Commands"): lines that run the game rather
// than play it. A player's email gives either orders (or PASS, or HELP) or
// commands; a moderator's email gives either moderator orders (DRAW,
// PURGE, SET) or commands, with an optional REASON line. The parser checks
// each command's words (a duration, a date, a power, an address, a time
// zone); the judge checks them against the game.

// Command is one command line as understood.
type Command struct {
	Verb string // upper case: "STATUS", "REPLACE", ...
	Line int
	// The parsed arguments; which are set depends on Verb (commandWords).
	Power    storm.Power
	Address  string          // REPLACE, SEAT: lower case
	Duration time.Duration   // EXTEND, DURATION, EXTENSIONS, ABSENCE MAX, NMR ... GRACE
	List     []time.Duration // REMINDERS, longest first
	Word     string          // an option: DURATION's kind, NMR's policy, DECK's name, ON/OFF, TIMEZONE's zone; SEAT's "open" or "computer", REPLACE's "computer"
	Mode     string          // DECK: "file" or "physical"; DEADLINE: "every" (EVERY)
	None     bool            // DEADLINE NONE, ABSENCE NONE, REMINDERS NONE, DURATION ... NONE, DECK NONE
	Max      bool            // ABSENCE MAX
	At       time.Time       // DEADLINE: the civil time (coded in UTC; Word "UTC" when written so); ABSENCE: the first day (a civil date at 00:00 UTC)
	Until    time.Time       // ABSENCE: the last day (civil date)
	Versions []int           // RESEND; ROLLBACK and EXPORT: one
	// DEADLINE EVERY (Mode "every"): the weekdays (Every, SKIP's taken
	// out), the time of day (Clock, minutes after midnight), the zone
	// (Word, "" the moderators'), the dates skipped (Skip, civil dates);
	// None: EVERY NONE.
	Every  []time.Weekday
	Clock  int
	Skip   []time.Time
	Number uint64 // SEED; AUDIT: the entries asked for (0: the default); NMR COMPUTER: the misses in a row (0: the default)
	Text   string // REASON, BROADCAST, MESSAGE, PRESS TO; REPLACE's address: as written
	Game   string // OBSERVE STOP <game>: the game named on the line
	// PRESS. A player's PRESS TO: the powers it goes to (Press,
	// in the game's order, the sender left out by the judge) and whether
	// it is grey (Grey: unsigned). A moderator's PRESS: Word is the
	// setting ("mode", "blackout", "copy") and Kinds the value (the mode
	// "none", "white" or "grey"; the kinds of segment without press, none
	// for NONE; "on" or "off").
	Press []storm.Power
	Grey  bool
	Kinds []string
}

// Speaker says who may give a command.
type speaker uint8

const (
	byPlayer speaker = 1 << iota
	byModerator
	// byObserver: an email with GAME and no SECRET (OBSERVE); not in a
	// player's list of commands.
	byObserver
)

// commandWord is one entry of the command table.
type commandWord struct {
	word  string
	who   speaker
	forms []string // canonical forms, for hints and docs
	// modForms: the moderator's forms where they differ from the
	// players'; createOnly: a line of CREATE only (listed under it).
	modForms   []string
	createOnly bool
	parse      func(c *Command, l *line, moderator bool) *Error
}

// Command keywords.
const (
	CmdStatus     = "STATUS"
	CmdOrders     = "ORDERS"
	CmdHistory    = "HISTORY"
	CmdResend     = "RESEND"
	CmdTimezone   = "TIMEZONE"
	CmdMail       = "MAIL"
	CmdAbsence    = "ABSENCE"
	CmdExtend     = "EXTEND"
	CmdResign     = "RESIGN"
	CmdCreate     = "CREATE"
	CmdSeat       = "SEAT"
	CmdDeck       = "DECK"
	CmdSeed       = "SEED"
	CmdDiplomacy  = "DIPLOMACY"
	CmdCrisis     = "CRISIS"
	CmdDuration   = "DURATION"
	CmdReminders  = "REMINDERS"
	CmdNMR        = "NMR"
	CmdExtensions = "EXTENSIONS"
	CmdReplace    = "REPLACE"
	CmdForgive    = "FORGIVE"
	CmdWithdraw   = "WITHDRAW"
	CmdDeadline   = "DEADLINE"
	CmdPause      = "PAUSE"
	CmdResume     = "RESUME"
	CmdRollback   = "ROLLBACK"
	CmdBroadcast  = "BROADCAST"
	CmdExport     = "EXPORT"
	CmdAdjudicate = "ADJUDICATE"
	CmdReason     = "REASON"
	CmdPress      = "PRESS"
	CmdObserve    = "OBSERVE"
	CmdJoin       = "JOIN"
	CmdList       = "LIST"
	CmdStart      = "START"
	CmdApprove    = "APPROVE"
	CmdDecline    = "DECLINE"
	CmdApproval   = "APPROVAL"
	CmdAudit      = "AUDIT"
	CmdMessage    = "MESSAGE"
)

// CreateOptions are the commands that may follow CREATE (and only it,
// except the deadline rules, which a running game may change too).
var CreateOptions = []string{CmdSeat, CmdDeck, CmdSeed, CmdDiplomacy, CmdCrisis, CmdDuration, CmdReminders, CmdNMR, CmdExtensions, CmdAbsence, CmdPress, CmdObserve, CmdApproval, CmdTimezone, CmdDeadline}

// Queries are the commands that only ask: an email of them changes no
// game (its receipt is tagged with the first, "[demo: STATUS]").
var Queries = []string{CmdStatus, CmdOrders, CmdHistory, CmdResend, CmdExport, CmdAudit}

// SegmentKinds are the kinds of segment a game's deadline rules tell
// apart (DURATION), besides ALL.
var SegmentKinds = []string{"economic", "diplomacy", "crisis", "end"}

// NMRPolicies are what a missing power's orders become at the deadline.
var NMRPolicies = []string{"pass", "repeat", "wait", "computer"}

// MaxDisorderAfter bounds NMR COMPUTER's count of deadlines missed in a
// row.
const MaxDisorderAfter = 99

var commandWords = []*commandWord{
	{word: CmdPress, who: byPlayer | byModerator, forms: []string{
		"PRESS TO <power> [<power> ...], then your message on the following lines up to END: a message to those powers, signed with your power (AXIS, ALLIES or ALL name several)",
		"PRESS GREY TO <power> [<power> ...], then the message up to END: the same, unsigned (grey), where the game allows it",
		"PRESS alone (or PRESS GREY), in a reply to a press mail, then the message up to END: to the power that sent that press"},
		modForms: []string{"PRESS NONE|WHITE|GREY: no press, signed press only (the default), or grey press allowed too",
			"PRESS BLACKOUT ECONOMIC|DIPLOMACY|CRISIS|END [...]: the kinds of segment in which no press goes; PRESS BLACKOUT NONE",
			"PRESS COPY ON|OFF: whether the moderators get a copy of every press (naming the sender, also of grey press)"},
		parse: parsePress},
	{word: CmdObserve, who: byObserver | byModerator, forms: []string{
		"OBSERVE (with GAME, without SECRET): ask to follow the game's public reports, from an address the moderator allows or any address if the game is public; the answer's SECRET, sent back with OBSERVE, confirms it",
		"OBSERVE STOP <game>: no more reports"},
		modForms: []string{"OBSERVE ALLOW <address>: that address may observe the game (OBSERVE)",
			"OBSERVE DENY <address>: it may not, and no longer observes",
			"OBSERVE PUBLIC ON|OFF: any address may observe the game, or only those allowed"},
		parse: parseObserve},
	{word: CmdJoin, who: byObserver, forms: []string{
		"JOIN <game> <power> (without SECRET): ask for an open seat; the judge mails you a secret",
		"JOIN <game> <power> with SECRET <the secret mailed to you>: take the seat"},
		parse: parseJoin},
	{word: CmdList, who: byObserver, forms: []string{"LIST, alone in an email: the games with open seats"}, parse: noArgs},
	{word: CmdStart, who: byModerator, forms: []string{"START: a game waiting for players starts now, its open seats left vacant (you hold them)"}, parse: noArgs},
	{word: CmdApprove, who: byModerator, forms: []string{"APPROVE <power> [<address>]: seat the player who confirmed a request for that open seat first (or the one named)"}, parse: parsePowerMaybeAddress},
	{word: CmdDecline, who: byModerator, forms: []string{"DECLINE <power> [<address>]: turn down the players who confirmed a request for that open seat (or the one named)"}, parse: parsePowerMaybeAddress},
	{word: CmdApproval, who: byModerator, forms: []string{"APPROVAL ON|OFF: whether a player who JOINs an open seat waits for your APPROVE"}, parse: parseOnOff},
	{word: CmdStatus, who: byPlayer | byModerator, forms: []string{"STATUS"}, modForms: []string{"STATUS: the seats, missed deadlines, budgets, rules"}, parse: noArgs},
	{word: CmdOrders, who: byPlayer, forms: []string{"ORDERS"}, parse: noArgs},
	{word: CmdHistory, who: byPlayer | byModerator, forms: []string{"HISTORY: the versions, for RESEND"}, modForms: []string{"HISTORY: the versions, for ROLLBACK and EXPORT"}, parse: noArgs},
	{word: CmdResend, who: byPlayer, forms: []string{"RESEND <version> [<version> ...]"}, parse: parseVersions(1, 10)},
	{word: CmdTimezone, who: byPlayer | byModerator, forms: []string{"TIMEZONE <zone>, e.g. TIMEZONE Europe/Berlin or TIMEZONE UTC"},
		modForms: []string{"TIMEZONE <zone>: the moderators' time zone, in which DEADLINE's times are read, e.g. TIMEZONE Europe/London"}, parse: parseTimezone},
	{word: CmdMail, who: byPlayer | byModerator, forms: []string{"MAIL DIGEST: one mail when you must act, when the turn ends or when there is news for you (the default)", "MAIL EVERY SEGMENT: the report and your notice after every segment",
		"MAIL TEXT: your mail as text alone, without the picture and the HTML tables (a small mailbox); MAIL PICTURE puts them back"},
		modForms: []string{"MAIL DIGEST: the public report once a turn, when it ends", "MAIL EVERY SEGMENT: the public report after every segment (the moderators' default)"}, parse: parseMail},
	{word: CmdAbsence, who: byPlayer | byModerator, forms: []string{"ABSENCE <first day> <last day>, e.g. ABSENCE 2026-12-24 2027-01-02", "ABSENCE NONE"},
		modForms: []string{"ABSENCE MAX <duration>: how much absence each player may declare"}, parse: parseAbsence},
	{word: CmdExtend, who: byPlayer | byModerator, forms: []string{"EXTEND <duration>, e.g. EXTEND 12h or EXTEND 1d (from your extension budget)"},
		modForms: []string{"EXTEND <duration>: the open segment's deadline, e.g. EXTEND 12h"}, parse: parseOneDuration},
	{word: CmdResign, who: byPlayer, forms: []string{"RESIGN <your power>"}, parse: parseOnePower},
	{word: CmdCreate, who: byModerator, forms: []string{"CREATE"}, modForms: []string{"CREATE, with SEAT, DECK, SEED, DIPLOMACY, CRISIS and the deadline rules: a new game (with its new GAME id and your game master's SECRET)"}, parse: noArgs},
	{word: CmdSeat, who: byModerator, forms: []string{"SEAT <power> <address>", "SEAT <power> OPEN", "SEAT <power> COMPUTER"}, createOnly: true, parse: parseSeat},
	{word: CmdDeck, who: byModerator, forms: []string{"DECK <name> [FILE|PHYSICAL]", "DECK NONE"}, createOnly: true, parse: parseDeck},
	{word: CmdSeed, who: byModerator, forms: []string{"SEED <number>"}, createOnly: true, parse: parseSeed},
	{word: CmdDiplomacy, who: byModerator, forms: []string{"DIPLOMACY ON|OFF"}, createOnly: true, parse: parseOnOff},
	{word: CmdCrisis, who: byModerator, forms: []string{"CRISIS ON|OFF"}, createOnly: true, parse: parseOnOff},
	{word: CmdDuration, who: byModerator, forms: []string{"DURATION ALL|ECONOMIC|DIPLOMACY|CRISIS|END <duration>|NONE"}, parse: parseDurationRule},
	{word: CmdReminders, who: byModerator, forms: []string{"REMINDERS <duration> [<duration> ...], e.g. REMINDERS 24h 2h", "REMINDERS NONE"}, parse: parseReminders},
	{word: CmdNMR, who: byModerator, forms: []string{"NMR PASS|REPEAT|WAIT [GRACE <duration>]", "NMR COMPUTER [<misses in a row>] [GRACE <duration>]"}, parse: parseNMR},
	{word: CmdExtensions, who: byModerator, forms: []string{"EXTENSIONS <duration>: each player's extension budget"}, parse: parseOneDuration},
	{word: CmdReplace, who: byModerator, forms: []string{"REPLACE <power> <new address>", "REPLACE <power> COMPUTER"}, parse: parseReplace},
	{word: CmdWithdraw, who: byModerator, forms: []string{"WITHDRAW (with POWER: the power's submission for the open segment)"}, parse: noArgs},
	{word: CmdDeadline, who: byModerator, forms: []string{"DEADLINE <YYYY-MM-DD> <HH:MM> (in your TIMEZONE, else UTC)", "DEADLINE NONE",
		"DEADLINE EVERY <days> <HH:MM> [<zone>] [SKIP <days or YYYY-MM-DD> ...]: deadlines on a weekly calendar, e.g. DEADLINE EVERY MON WED FRI 20:00 Europe/London, DEADLINE EVERY DAY 20:00 SKIP SAT SUN 2026-12-25", "DEADLINE EVERY NONE"}, parse: parseDeadline},
	{word: CmdPause, who: byModerator, forms: []string{"PAUSE"}, parse: noArgs},
	{word: CmdResume, who: byModerator, forms: []string{"RESUME"}, parse: noArgs},
	{word: CmdRollback, who: byModerator, forms: []string{"ROLLBACK <version>"}, parse: parseVersions(1, 1)},
	{word: CmdForgive, who: byModerator, forms: []string{"FORGIVE <power>: its missed deadlines no longer count"}, parse: parseOnePower},
	{word: CmdBroadcast, who: byModerator, forms: []string{"BROADCAST, then the message on the following lines up to END"}, parse: noArgs},
	{word: CmdExport, who: byModerator, forms: []string{"EXPORT [<version>]"}, parse: parseVersions(0, 1)},
	{word: CmdAdjudicate, who: byModerator, forms: []string{"ADJUDICATE"}, parse: noArgs},
	{word: CmdAudit, who: byModerator, forms: []string{fmt.Sprintf("AUDIT [<n>]: the game's audit log, its last n entries (default %d, at most %d)", AuditDefault, AuditMax)}, parse: parseAudit},
	{word: CmdMessage, who: byModerator, forms: []string{"MESSAGE <power>, then the message on the following lines up to END: a private note to that power's player alone"}, parse: parseOnePower},
	{word: CmdReason, who: byModerator, forms: []string{"REASON <text>"}, parse: noArgs},
}

func lookupCommand(kw string) *commandWord {
	for _, w := range commandWords {
		if w.word == kw {
			return w
		}
	}
	return nil
}

// CommandForms lists the forms of every command a player (moderator
// false) or a moderator may give, for HELP.
func CommandForms(moderator bool) []string {
	var out []string
	want := byPlayer
	if moderator {
		want = byModerator
	}
	for _, w := range commandWords {
		switch {
		case w.who&want == 0 || moderator && w.createOnly:
		case moderator && w.modForms != nil:
			out = append(out, w.modForms...)
		default:
			out = append(out, w.forms...)
		}
	}
	return out
}

// CommandWords lists the keywords of the commands a player (moderator
// false) or a moderator may give, CREATE's own lines left out.
func CommandWords(moderator bool) []string {
	var out []string
	for _, w := range commandWords {
		if moderator && w.who&byModerator != 0 && !w.createOnly || !moderator && w.who&byPlayer != 0 {
			out = append(out, w.word)
		}
	}
	return out
}

func hintOf(w *commandWord) string {
	return strings.Join(append(append([]string(nil), w.forms...), w.modForms...), "; ")
}

func noArgs(c *Command, l *line, _ bool) *Error {
	if len(l.args()) > 0 && c.Verb != CmdReason && c.Verb != CmdBroadcast {
		return l.errorf("write "+c.Verb+" alone on its line", "%s takes no words after it", c.Verb)
	}
	return nil
}

// ParseDuration reads a duration as the commands write it: Go's form
// ("12h", "90m", "1h30m") or days ("2d", "1d12h"). At least a minute, at
// most a year.
func ParseDuration(s string) (time.Duration, error) {
	ls := strings.ToLower(s)
	var days int
	if i := strings.IndexByte(ls, 'd'); i > 0 {
		n, err := strconv.Atoi(ls[:i])
		if err != nil || n < 0 || n > 366 {
			return 0, fmt.Errorf("%s is not a duration from 1 minute to 366 days", quote(s))
		}
		days, ls = n, ls[i+1:]
	}
	var d time.Duration
	if ls != "" {
		var err error
		if d, err = time.ParseDuration(ls); err != nil || d < 0 {
			return 0, fmt.Errorf("%s is not a duration (write e.g. 12h, 90m, 2d or 1d12h)", quote(s))
		}
	}
	d += time.Duration(days) * 24 * time.Hour
	d = d.Truncate(time.Minute) // to the minute, as deadlines are
	if d < time.Minute || d > 366*24*time.Hour {
		return 0, fmt.Errorf("%s: a duration is from 1 minute to 366 days", quote(s))
	}
	return d, nil
}

func parseOneDuration(c *Command, l *line, _ bool) *Error {
	if len(l.args()) != 1 {
		return l.errorf("", "%s needs one duration", c.Verb)
	}
	d, err := ParseDuration(l.args()[0])
	if err != nil {
		return l.errorf("", "%s: %v", c.Verb, err)
	}
	c.Duration = d
	return nil
}

func parsePower(w string) (storm.Power, bool) { return storm.ParsePower(w) }

func parseOnePower(c *Command, l *line, _ bool) *Error {
	if len(l.args()) != 1 {
		return l.errorf("", "%s needs the power's name", c.Verb)
	}
	p, ok := parsePower(l.args()[0])
	if !ok {
		return l.errorf("", "unknown power %s%s", quote(l.args()[0]), didYouMean(l.args()[0], powerNames()))
	}
	c.Power = p
	return nil
}

// parseSeat reads CREATE's SEAT <power> <address>, SEAT <power> OPEN
// (Word "open"): a seat that waits for a player (JOIN), or SEAT <power>
// COMPUTER (Word "computer"): a seat the computer player plays.
func parseSeat(c *Command, l *line, m bool) *Error {
	if a := l.args(); len(a) == 2 && (strings.EqualFold(a[1], "OPEN") || strings.EqualFold(a[1], "COMPUTER")) {
		p, ok := parsePower(a[0])
		if !ok {
			return l.errorf("", "unknown power %s%s", quote(a[0]), didYouMean(a[0], powerNames()))
		}
		c.Power, c.Word = p, strings.ToLower(a[1])
		return nil
	}
	return parsePowerAddress(c, l, m)
}

// parseReplace reads REPLACE <power> <new address>, or REPLACE <power>
// COMPUTER (Word "computer"): the computer player takes the seat.
func parseReplace(c *Command, l *line, m bool) *Error {
	if a := l.args(); len(a) == 2 && strings.EqualFold(a[1], "COMPUTER") {
		p, ok := parsePower(a[0])
		if !ok {
			return l.errorf("", "unknown power %s%s", quote(a[0]), didYouMean(a[0], powerNames()))
		}
		c.Power, c.Word = p, "computer"
		return nil
	}
	return parsePowerAddress(c, l, m)
}

// parsePowerMaybeAddress reads APPROVE and DECLINE: a power, and an
// address or none.
func parsePowerMaybeAddress(c *Command, l *line, m bool) *Error {
	if len(l.args()) == 1 {
		return parseOnePower(c, l, m)
	}
	return parsePowerAddress(c, l, m)
}

func parsePowerAddress(c *Command, l *line, _ bool) *Error {
	if len(l.args()) != 2 {
		return l.errorf("", "%s needs a power and an email address", c.Verb)
	}
	p, ok := parsePower(l.args()[0])
	if !ok {
		return l.errorf("", "unknown power %s%s", quote(l.args()[0]), didYouMean(l.args()[0], powerNames()))
	}
	a, err := mail.ParseAddress(strings.Trim(l.args()[1], "<>"))
	if err != nil || !strings.Contains(a.Address, "@") || len(a.Address) > 254 {
		return l.errorf("", "%s is not an email address", quote(l.args()[1]))
	}
	c.Power, c.Address, c.Text = p, strings.ToLower(a.Address), l.args()[1]
	return nil
}

func parseTimezone(c *Command, l *line, _ bool) *Error {
	if len(l.args()) != 1 {
		return l.errorf("", "TIMEZONE needs one zone name")
	}
	name := l.args()[0]
	if strings.EqualFold(name, "UTC") || strings.EqualFold(name, "GMT") {
		name = "UTC"
	}
	if strings.EqualFold(name, "local") || strings.HasPrefix(name, "/") || strings.Contains(name, "..") || len(name) > 64 {
		return l.errorf("", "unknown time zone %s", quote(name))
	}
	if _, err := time.LoadLocation(name); err != nil {
		hint := "the IANA names: Region/City, e.g. Europe/Berlin, America/New_York"
		for _, region := range []string{"Europe", "America", "Asia", "Africa", "Australia", "Pacific", "Atlantic", "Indian"} {
			if !strings.Contains(name, "/") {
				if _, err := time.LoadLocation(region + "/" + name); err == nil {
					hint = "did you mean " + region + "/" + name + "?"
					break
				}
			}
		}
		return l.errorf(hint, "unknown time zone %s", quote(name))
	}
	c.Word = name
	return nil
}

// parseDate reads a civil date YYYY-MM-DD (00:00 UTC of that day).
func parseDate(s string) (time.Time, bool) {
	t, err := time.Parse("2006-01-02", s)
	return t, err == nil
}

func parseAbsence(c *Command, l *line, moderator bool) *Error {
	a := l.args()
	switch {
	case len(a) == 1 && strings.EqualFold(a[0], "NONE"):
		c.None = true
		return nil
	case len(a) == 2 && strings.EqualFold(a[0], "MAX"):
		if !moderator {
			return l.errorf("", "ABSENCE MAX is the moderator's rule; give your absence as ABSENCE <first day> <last day>")
		}
		d, err := ParseDuration(a[1])
		if err != nil {
			return l.errorf("", "ABSENCE MAX: %v", err)
		}
		c.Max, c.Duration = true, d
		return nil
	case len(a) == 2:
		from, ok1 := parseDate(a[0])
		to, ok2 := parseDate(a[1])
		if !ok1 || !ok2 {
			return l.errorf("", "ABSENCE needs two dates written YYYY-MM-DD")
		}
		if to.Before(from) {
			return l.errorf("", "ABSENCE: the last day %s is before the first %s", a[1], a[0])
		}
		c.At, c.Until = from, to
		return nil
	}
	return l.errorf("", "ABSENCE needs two dates, or NONE")
}

func parseDeck(c *Command, l *line, _ bool) *Error {
	a := l.args()
	if len(a) == 1 && strings.EqualFold(a[0], "NONE") {
		c.None = true
		return nil
	}
	if len(a) < 1 || len(a) > 2 {
		return l.errorf("", "DECK needs the name of a deck the operator offers, or NONE")
	}
	c.Word, c.Mode = strings.ToLower(a[0]), "file"
	if len(a) == 2 {
		switch strings.ToUpper(a[1]) {
		case "FILE":
		case "PHYSICAL":
			c.Mode = "physical"
		default:
			return l.errorf("", "DECK: %s is not FILE or PHYSICAL", quote(a[1]))
		}
	}
	return nil
}

func parseSeed(c *Command, l *line, _ bool) *Error {
	if len(l.args()) != 1 {
		return l.errorf("", "SEED needs one number")
	}
	n, err := strconv.ParseUint(l.args()[0], 10, 64)
	if err != nil || n == 0 {
		return l.errorf("", "SEED: %s is not a positive number", quote(l.args()[0]))
	}
	c.Number = n
	return nil
}

func parseOnOff(c *Command, l *line, _ bool) *Error {
	if len(l.args()) == 1 {
		switch strings.ToUpper(l.args()[0]) {
		case "ON", "YES", "TRUE":
			c.Word = "on"
			return nil
		case "OFF", "NO", "FALSE":
			c.Word = "off"
			return nil
		}
	}
	return l.errorf("", "%s needs ON or OFF", c.Verb)
}

func parseDurationRule(c *Command, l *line, _ bool) *Error {
	a := l.args()
	if len(a) != 2 {
		return l.errorf("", "DURATION needs a kind of segment and a duration")
	}
	kind := strings.ToLower(a[0])
	if kind != "all" && !slices.Contains(SegmentKinds, kind) {
		return l.errorf("", "DURATION: %s is not ALL, ECONOMIC, DIPLOMACY, CRISIS or END", quote(a[0]))
	}
	c.Word = kind
	if strings.EqualFold(a[1], "NONE") {
		c.None = true
		return nil
	}
	d, err := ParseDuration(a[1])
	if err != nil {
		return l.errorf("", "DURATION: %v", err)
	}
	c.Duration = d
	return nil
}

func parseReminders(c *Command, l *line, _ bool) *Error {
	a := l.args()
	if len(a) == 1 && strings.EqualFold(a[0], "NONE") {
		c.None = true
		return nil
	}
	if len(a) == 0 || len(a) > 5 {
		return l.errorf("", "REMINDERS needs one to five durations before the deadline, or NONE")
	}
	for _, s := range a {
		d, err := ParseDuration(s)
		if err != nil {
			return l.errorf("", "REMINDERS: %v", err)
		}
		if slices.Contains(c.List, d) {
			return l.errorf("", "REMINDERS: %s given twice", s)
		}
		c.List = append(c.List, d)
	}
	LongestFirst(c.List)
	return nil
}

// LongestFirst sorts reminder times longest first, as the rules keep
// them (REMINDERS and the config's reminders).
func LongestFirst(ds []time.Duration) {
	slices.SortFunc(ds, func(a, b time.Duration) int { return cmp.Compare(b, a) })
}

// parseNMR reads NMR <policy> [GRACE <duration>]; NMR COMPUTER may name
// the deadlines a seat may miss in a row before the computer plays it
// (Number; 0: the game's default).
func parseNMR(c *Command, l *line, _ bool) *Error {
	a := l.args()
	if len(a) > 0 && strings.EqualFold(a[0], "COMPUTER") && len(a) >= 2 && !strings.EqualFold(a[1], "GRACE") {
		n, err := strconv.Atoi(a[1])
		if err != nil || n < 1 || n > MaxDisorderAfter {
			return l.errorf("", "NMR COMPUTER: %s is not a count of deadlines missed in a row (1 to %d)", quote(a[1]), MaxDisorderAfter)
		}
		c.Number = uint64(n)
		a = append(a[:1:1], a[2:]...)
	}
	if len(a) != 1 && len(a) != 3 {
		return l.errorf("", "NMR needs PASS, REPEAT, WAIT or COMPUTER [<misses in a row>], and optionally GRACE <duration>")
	}
	pol := strings.ToLower(a[0])
	if !slices.Contains(NMRPolicies, pol) {
		return l.errorf("", "NMR: %s is not PASS, REPEAT, WAIT or COMPUTER", quote(a[0]))
	}
	c.Word = pol
	if len(a) == 3 {
		if !strings.EqualFold(a[1], "GRACE") {
			return l.errorf("", "NMR: expected GRACE, not %s", quote(a[1]))
		}
		if strings.EqualFold(a[2], "NONE") || a[2] == "0" {
			c.None = true // no grace
			return nil
		}
		d, err := ParseDuration(a[2])
		if err != nil {
			return l.errorf("", "NMR GRACE: %v", err)
		}
		c.Duration = d
	}
	return nil
}

func parseDeadline(c *Command, l *line, m bool) *Error {
	a := l.args()
	if len(a) > 0 && strings.EqualFold(a[0], "EVERY") {
		return parseEvery(c, l, m)
	}
	if len(a) == 1 && strings.EqualFold(a[0], "NONE") {
		c.None = true
		return nil
	}
	if len(a) == 3 && strings.EqualFold(a[2], "UTC") {
		a, c.Word = a[:2], "UTC"
	}
	if len(a) != 2 {
		return l.errorf("", "DEADLINE needs a date and a time (in your TIMEZONE, else UTC), e.g. DEADLINE 2026-12-01 18:00, or NONE")
	}
	if strings.HasSuffix(strings.ToUpper(a[1]), "UTC") {
		c.Word = "UTC"
	}
	t, err := time.Parse("2006-01-02 15:04", a[0]+" "+strings.TrimSuffix(strings.ToUpper(a[1]), "UTC"))
	if err != nil {
		return l.errorf("", "DEADLINE: %s %s is not a date and time (YYYY-MM-DD HH:MM)", quote(a[0]), quote(a[1]))
	}
	c.At = t.UTC()
	return nil
}

// weekdays are the days DEADLINE EVERY names, by their three letters.
var weekdays = map[string]time.Weekday{"SUN": time.Sunday, "MON": time.Monday, "TUE": time.Tuesday, "WED": time.Wednesday,
	"THU": time.Thursday, "FRI": time.Friday, "SAT": time.Saturday}

// parseEvery reads DEADLINE EVERY <days> <HH:MM> [<zone>] [SKIP <days or
// dates> ...], or DEADLINE EVERY NONE. The days are MON ... SUN, or DAY
// for all seven; SKIP's days are taken out of them, its dates kept.
func parseEvery(c *Command, l *line, _ bool) *Error {
	const form = "write e.g. DEADLINE EVERY MON WED FRI 20:00 Europe/London, or DEADLINE EVERY DAY 20:00 SKIP SAT SUN"
	a := l.args()[1:]
	c.Mode = "every"
	if len(a) == 1 && strings.EqualFold(a[0], "NONE") {
		c.None = true
		return nil
	}
	days := map[time.Weekday]bool{}
	i := 0
	for ; i < len(a); i++ {
		w := strings.ToUpper(a[i])
		if w == "DAY" {
			for _, d := range weekdays {
				days[d] = true
			}
			continue
		}
		d, ok := weekdays[strings.TrimSuffix(w, ",")]
		if !ok {
			break
		}
		days[d] = true
	}
	if len(days) == 0 {
		return l.errorf(form, "DEADLINE EVERY needs the days first (MON TUE WED THU FRI SAT SUN, or DAY)")
	}
	if i == len(a) {
		return l.errorf(form, "DEADLINE EVERY needs the time of day after the days (HH:MM)")
	}
	t, err := time.Parse("15:04", a[i])
	if err != nil {
		return l.errorf(form, "DEADLINE EVERY: %s is not a time of day (HH:MM)", quote(a[i]))
	}
	c.Clock = t.Hour()*60 + t.Minute()
	i++
	if i < len(a) && !strings.EqualFold(a[i], "SKIP") {
		z := &line{words: []string{CmdTimezone, a[i]}, n: l.n, text: l.text}
		if err := parseTimezone(c, z, false); err != nil {
			return err
		}
		i++
	}
	if i < len(a) {
		if !strings.EqualFold(a[i], "SKIP") || i+1 == len(a) {
			return l.errorf(form, "DEADLINE EVERY: %s after the time and zone; SKIP and the days or dates (YYYY-MM-DD) without a deadline may follow", quote(a[i]))
		}
		for _, w := range a[i+1:] {
			if d, ok := weekdays[strings.ToUpper(strings.TrimSuffix(w, ","))]; ok {
				delete(days, d)
				continue
			}
			t, err := time.Parse("2006-01-02", w)
			if err != nil {
				return l.errorf(form, "DEADLINE EVERY ... SKIP: %s is neither a day (MON ... SUN) nor a date (YYYY-MM-DD)", quote(w))
			}
			c.Skip = append(c.Skip, t)
		}
	}
	if len(days) == 0 {
		return l.errorf(form, "DEADLINE EVERY: SKIP leaves no day with a deadline")
	}
	for d := time.Sunday; d <= time.Saturday; d++ {
		if days[d] {
			c.Every = append(c.Every, d)
		}
	}
	return nil
}

func parseVersions(min, max int) func(c *Command, l *line, _ bool) *Error {
	return func(c *Command, l *line, _ bool) *Error {
		a := l.args()
		if len(a) < min || len(a) > max {
			if max == 1 && min == 1 {
				return l.errorf("", "%s needs one version number (HISTORY lists them)", c.Verb)
			}
			return l.errorf("", "%s takes %d to %d version numbers (HISTORY lists them)", c.Verb, min, max)
		}
		for _, s := range a {
			n, err := strconv.Atoi(strings.TrimPrefix(strings.ToLower(s), "v"))
			if err != nil || n < 0 || n > 1_000_000 {
				return l.errorf("", "%s: %s is not a version number (HISTORY lists them)", c.Verb, quote(s))
			}
			if slices.Contains(c.Versions, n) {
				return l.errorf("", "%s: version %d given twice", c.Verb, n)
			}
			c.Versions = append(c.Versions, n)
		}
		return nil
	}
}

// AUDIT's number of entries: by default, and at most (a receipt of
// bounded size).
const (
	AuditDefault = 50
	AuditMax     = 100
)

// parseAudit reads AUDIT [<n>]: Number the entries asked for (0: the
// default).
func parseAudit(c *Command, l *line, _ bool) *Error {
	a := l.args()
	if len(a) == 0 {
		return nil
	}
	n, err := strconv.Atoi(a[0])
	if len(a) > 1 || err != nil || n < 1 || n > AuditMax {
		return l.errorf("", "AUDIT takes a number of entries from 1 to %d, or nothing (the last %d)", AuditMax, AuditDefault)
	}
	c.Number = uint64(n)
	return nil
}

// restOfLine is the text of a line after its keyword, as written (for
// REASON and BROADCAST), at most n bytes.
func restOfLine(text string, n int) string {
	t := trim(text)
	i := strings.IndexFunc(t, isBlankRune)
	if i < 0 {
		return ""
	}
	return Shorten(trim(t[i:]), n)
}

func firstWord(t string) string {
	ws := fields(t)
	if len(ws) == 0 {
		return ""
	}
	return ws[0]
}

// maxBroadcast bounds a BROADCAST or PRESS message.
const maxBroadcast = 8000

// command reads a command line.
func (p *parser) command(w *commandWord, l *line, raw string) {
	c := Command{Verb: w.word, Line: l.n}
	if p.cmdAt == 0 {
		p.cmdAt = l.n
	}
	for _, o := range p.sub.Commands {
		if o.Verb == c.Verb && c.Verb != CmdSeat && c.Verb != CmdDuration && c.Verb != CmdApprove && c.Verb != CmdDecline && !((c.Verb == CmdPress || c.Verb == CmdObserve) && p.sub.Envelope.Moderator) {
			p.add(l.errorf("write "+c.Verb+" once", "%s given twice (first on line %d)", c.Verb, o.Line))
			return
		}
	}
	if err := w.parse(&c, l, p.sub.Envelope.Moderator); err != nil {
		if err.Hint == "" {
			err.Hint = hintOf(w)
		}
		p.add(err)
		return
	}
	switch c.Verb {
	case CmdJoin, CmdObserve:
		if err := p.joinGame(&c, l); err != nil {
			p.add(err)
			return
		}
	case CmdReason:
		c.Text = Visible(restOfLine(raw, 300))
		if c.Text == "" {
			p.add(l.errorf("e.g. REASON Italy's player asked for it", "REASON needs the reason"))
			return
		}
	case CmdBroadcast:
		c.Text = Visible(restOfLine(raw, maxBroadcast))
	}
	p.sub.Commands = append(p.sub.Commands, c)
	if c.Verb == CmdBroadcast || c.Verb == CmdMessage || c.Verb == CmdPress && !p.sub.Envelope.Moderator {
		p.broadcast = &p.sub.Commands[len(p.sub.Commands)-1] // the message follows, up to END
	}
}

// broadcastLine adds a line to the BROADCAST, MESSAGE or PRESS message.
func (p *parser) broadcastLine(t string) {
	b := p.broadcast
	if len(b.Text)+len(t)+1 > maxBroadcast {
		return
	}
	if b.Text != "" || t != "" {
		b.Text += "\n" + Visible(t)
		b.Text = strings.TrimLeft(b.Text, "\n")
	}
}

// checkCommands checks who gives the commands and what goes with them:
// the moderator's commands in a MODERATOR email, the players' in a
// power's; commands not with orders, PASS or HELP (the moderator's
// orders DRAW, PURGE and SET excepted... no: those go alone too, with
// REASON at most).
func (p *parser) checkCommands() {
	if len(p.sub.Commands) == 0 {
		return
	}
	env := p.sub.Envelope
	if p.broadcast != nil {
		p.broadcast.Text = strings.TrimSpace(p.broadcast.Text)
		if p.broadcast.Text == "" {
			v := p.broadcast.Verb
			p.add(&Error{Line: p.broadcast.Line, Msg: v + " without a message", Hint: "write the message on the lines after " + v + ", up to END"})
		}
	}
	for _, c := range p.sub.Commands {
		w := lookupCommand(c.Verb)
		switch {
		case w.who == byObserver && env.Moderator:
			p.add(&Error{Line: c.Line, Msg: c.Verb + " is sent without MODERATOR",
				Hint: "anyone may send it; a moderator opens seats with CREATE's SEAT <power> OPEN and seats a player with REPLACE"})
		case env.Moderator && env.PowerLine > 0:
			if c.Verb != CmdWithdraw && c.Verb != CmdReason {
				p.add(&Error{Line: c.Line, Msg: fmt.Sprintf("%s in an email for a power", c.Verb),
					Hint: "with MODERATOR and POWER an email enters that power's orders (or WITHDRAW, REASON); send " + c.Verb + " without POWER"})
			}
		case env.Moderator:
			if w.who&byModerator == 0 {
				p.add(&Error{Line: c.Line, Msg: fmt.Sprintf("%s is a player's command", c.Verb),
					Hint: "a player sends it with POWER and the power's SECRET"})
			} else if c.Verb == CmdWithdraw {
				p.add(&Error{Line: c.Line, Msg: "WITHDRAW needs the POWER whose submission to withdraw", Hint: "add POWER <name>"})
			}
		case w.who == byObserver:
			if c.Verb == CmdList && (env.Secret != "" || env.Power != "") {
				p.add(&Error{Line: c.Line, Msg: "LIST is sent alone, without POWER or SECRET", Hint: "send LIST in an email of its own"})
			}
		case w.who == byObserver|byModerator && !env.Moderator:
			// An observer's OBSERVE: alone, without a SECRET
			// (IsObserveRequest), or with the secret the judge mailed
			// to confirm it (IsObserveConfirmation); with a POWER it is
			// a player's email.
			if env.Secret != "" && (env.Power != "" || c.Word != "start") {
				p.add(&Error{Line: c.Line, Msg: c.Verb + " is an observer's command, sent without a SECRET",
					Hint: "a player gets the game's reports already; to observe another game, send GAME and OBSERVE alone"})
			}
		default:
			if w.who&byPlayer == 0 {
				p.add(&Error{Line: c.Line, Msg: fmt.Sprintf("%s is a moderator's command", c.Verb),
					Hint: "a moderator sends it with MODERATOR and the moderators' SECRET"})
			}
		}
	}
	onlyReason := true
	for _, c := range p.sub.Commands {
		if c.Verb != CmdReason && c.Verb != CmdWithdraw {
			onlyReason = false
		}
	}
	if p.sub.Help {
		p.add(&Error{Line: p.helpAt, Msg: "HELP together with commands", Hint: "send HELP in an email of its own"})
	}
	if (len(p.sub.Orders) > 0 || p.pass != 0) && !onlyReason {
		at := p.pass
		if len(p.sub.Orders) > 0 {
			at = p.sub.Orders[0].Line
		}
		p.add(&Error{Line: p.cmdAt, Msg: fmt.Sprintf("commands and orders in one email (orders from line %d)", at),
			Hint: "send commands (STATUS, EXTEND ...) in an email of their own, without orders or PASS"})
	}
}

// FormatDuration writes d as the commands read it, to the minute: "2d",
// "1d12h", "12h", "1h30m", "45m".
func FormatDuration(d time.Duration) string {
	if d < time.Minute {
		return "less than a minute"
	}
	d = d.Truncate(time.Minute)
	days := d / (24 * time.Hour)
	d -= days * 24 * time.Hour
	h, m := d/time.Hour, (d%time.Hour)/time.Minute
	var b strings.Builder
	if days > 0 {
		fmt.Fprintf(&b, "%dd", days)
	}
	if h > 0 {
		fmt.Fprintf(&b, "%dh", h)
	}
	if m > 0 {
		fmt.Fprintf(&b, "%dm", m)
	}
	return b.String()
}

// parsePress reads a player's PRESS [GREY] TO <recipients> (moderator
// false), or PRESS [GREY] alone (Word "reply": to the sender of the press
// the email replies to, which the judge knows from its In-Reply-To), or a
// moderator's PRESS setting. Recipients are power
// names, AXIS, ALLIES and ALL, each at most once: a name the parser does
// not know is an error, never a guess (the old judges' abbreviations
// sent press to powers nobody meant).
func parsePress(c *Command, l *line, moderator bool) *Error {
	a := l.args()
	if moderator {
		if len(a) == 0 {
			return l.errorf("", "PRESS needs NONE, WHITE, GREY, BLACKOUT or COPY")
		}
		switch w := strings.ToUpper(a[0]); w {
		case "NONE", "WHITE", "GREY", "GRAY":
			if len(a) > 1 {
				return l.errorf("", "write PRESS %s alone on its line", w)
			}
			c.Word, c.Kinds = "mode", []string{strings.ToLower(strings.ReplaceAll(w, "GRAY", "GREY"))}
		case "BLACKOUT":
			c.Word = "blackout"
			if len(a) == 2 && strings.EqualFold(a[1], "NONE") {
				return nil
			}
			if len(a) == 1 {
				return l.errorf("", "PRESS BLACKOUT needs kinds of segment, or NONE")
			}
			for _, k := range a[1:] {
				k = strings.ToLower(strings.TrimSuffix(k, ","))
				if !slices.Contains(SegmentKinds, k) {
					return l.errorf("", "PRESS BLACKOUT: %s is not ECONOMIC, DIPLOMACY, CRISIS or END", quote(k))
				}
				if !slices.Contains(c.Kinds, k) {
					c.Kinds = append(c.Kinds, k)
				}
			}
		case "COPY":
			if len(a) != 2 || !slices.Contains([]string{"ON", "OFF"}, strings.ToUpper(a[1])) {
				return l.errorf("", "PRESS COPY needs ON or OFF")
			}
			c.Word, c.Kinds = "copy", []string{strings.ToLower(a[1])}
		case "TO":
			return l.errorf("send the powers' press from their own seats; to all players, BROADCAST", "PRESS TO is a player's command")
		default:
			return l.errorf("", "PRESS: %s is not NONE, WHITE, GREY, BLACKOUT or COPY", quote(a[0]))
		}
		return nil
	}
	if len(a) > 0 && (strings.EqualFold(a[0], "GREY") || strings.EqualFold(a[0], "GRAY")) {
		c.Grey, a = true, a[1:]
	}
	if len(a) == 0 {
		c.Word = "reply" // to the sender of the press the email replies to
		return nil
	}
	if !strings.EqualFold(a[0], "TO") {
		return l.errorf("", "PRESS needs TO and the powers, e.g. PRESS TO ITALY")
	}
	var names []string
	for _, w := range a[1:] {
		for _, n := range strings.Split(w, ",") {
			if n = strings.TrimSpace(n); n != "" && !strings.EqualFold(n, "AND") {
				names = append(names, n)
			}
		}
	}
	if len(names) > 0 && (strings.EqualFold(names[len(names)-1], "GREY") || strings.EqualFold(names[len(names)-1], "GRAY")) {
		c.Grey, names = true, names[:len(names)-1] // PRESS TO ITALY GREY
	}
	if len(names) == 0 {
		return l.errorf("", "PRESS TO needs the powers it goes to")
	}
	to := map[storm.Power]bool{}
	seen := map[string]bool{}
	for _, n := range names {
		u := strings.ToUpper(n)
		if seen[u] {
			return l.errorf("", "PRESS TO names %s twice", quote(n))
		}
		seen[u] = true
		switch u {
		case "ALL", "EVERYONE", "EVERYBODY":
			for _, p := range storm.Powers {
				to[p] = true
			}
		case "AXIS":
			to[storm.Germany], to[storm.Italy] = true, true
		case "ALLIES", "ALLIED":
			to[storm.Britain], to[storm.France] = true, true
		default:
			p, ok := storm.ParsePower(n)
			if !ok {
				return l.errorf("name powers in full, or AXIS, ALLIES or ALL", "PRESS TO: %s is not a power", quote(n))
			}
			to[p] = true
		}
	}
	for _, p := range storm.Powers {
		if to[p] {
			c.Press = append(c.Press, p)
		}
	}
	return nil
}

// parseObserve reads OBSERVE and OBSERVE STOP (an observer's: Word
// "start" or "stop"; OBSERVE STOP <game>, the one line that stops an
// observer's reports, names the game on the line: Game) or a moderator's
// OBSERVE ALLOW|DENY <address> and OBSERVE PUBLIC ON|OFF (Word "allow",
// "deny", "public"; Address; Kinds "on" or "off").
func parseObserve(c *Command, l *line, moderator bool) *Error {
	a := l.args()
	if !moderator {
		switch {
		case len(a) == 0:
			c.Word = "start"
		case len(a) <= 2 && strings.EqualFold(a[0], "STOP"):
			c.Word = "stop"
			if len(a) == 2 {
				if len(a[1]) > maxGameID {
					return l.errorf("OBSERVE STOP <game>", "a game id has at most %d characters", maxGameID)
				}
				c.Game = a[1]
			}
		default:
			return l.errorf("OBSERVE, or OBSERVE STOP, with the game on its GAME line (or OBSERVE STOP <game> alone)", "OBSERVE takes STOP or nothing")
		}
		return nil
	}
	if len(a) == 2 {
		switch strings.ToUpper(a[0]) {
		case "ALLOW", "DENY":
			addr, err := mail.ParseAddress(a[1])
			if err != nil || addr.Name != "" {
				return l.errorf("", "OBSERVE %s: %s is not an email address", strings.ToUpper(a[0]), quote(a[1]))
			}
			c.Word, c.Address = strings.ToLower(a[0]), strings.ToLower(addr.Address)
			return nil
		case "PUBLIC":
			if w := strings.ToUpper(a[1]); w == "ON" || w == "OFF" {
				c.Word, c.Kinds = "public", []string{strings.ToLower(w)}
				return nil
			}
		}
	}
	return l.errorf("", "OBSERVE needs ALLOW <address>, DENY <address> or PUBLIC ON|OFF")
}

// IsObserveRequest reports an email whose commands are an observer's
// OBSERVE or OBSERVE STOP alone, without a SECRET line (an observer has
// none): it needs GAME only.
func (s *Submission) IsObserveRequest() bool {
	return !s.Envelope.Moderator && s.Envelope.Secret == "" && len(s.Commands) == 1 && s.Commands[0].Verb == CmdObserve &&
		len(s.Orders) == 0 && !s.Pass && !s.Help
}

// IsObserveConfirmation reports an email that confirms an OBSERVE
// request: OBSERVE alone with the SECRET the judge mailed to the address
// that asked, and no POWER (docs/orders.md "Observing a game").
func (s *Submission) IsObserveConfirmation() bool {
	return s.visitor(CmdObserve) && s.Envelope.Secret != "" && s.Envelope.Power == "" && s.Commands[0].Word == "start"
}

// parseMail reads MAIL DIGEST or MAIL EVERY SEGMENT (also MAIL EVERY,
// MAIL ALL): how often its sender's reports and notices come; or a
// player's MAIL TEXT or MAIL PICTURE (Word "text", "picture"): whether
// they come as text alone, without the picture (docs/orders.md "Mail
// delivery").
func parseMail(c *Command, l *line, moderator bool) *Error {
	switch strings.ToUpper(strings.Join(l.args(), " ")) {
	case "DIGEST", "BRIEF":
		c.Word = "digest"
		return nil
	case "EVERY SEGMENT", "EVERY", "ALL", "EVERY-SEGMENT", "EACH SEGMENT":
		c.Word = "every-segment"
		return nil
	case "TEXT", "TEXT ONLY", "PLAIN", "PLAIN TEXT", "NO PICTURE", "NO PICTURES":
		c.Word = "text"
	case "PICTURE", "PICTURES", "HTML":
		c.Word = "picture"
	default:
		return l.errorf("MAIL DIGEST, MAIL EVERY SEGMENT, MAIL TEXT or MAIL PICTURE", "MAIL needs DIGEST, EVERY SEGMENT, TEXT or PICTURE")
	}
	if moderator {
		return l.errorf("MAIL DIGEST or MAIL EVERY SEGMENT", "MAIL %s is a player's setting", strings.ToUpper(c.Word))
	}
	return nil
}
