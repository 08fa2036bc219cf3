package letters

import (
	"time"

	"stormjudge/adjudicator/storm"
	"stormjudge/store"
)

// Reminder tells the player at one address that the judge still has no
// orders from its powers, some time before the deadline.
type Reminder struct {
	Game   *store.Game
	State  storm.State
	Powers []storm.Power
	// Zone is the player's time zone; Left the time to the deadline.
	Zone  string
	Left  time.Duration
	Judge string
}

var reminderText = parse("reminder", `Reminder: the judge has no orders from {{powers .Powers}} for {{.State.Turn}}, {{.State.Segment.Title}}, in game {{.Game.ID}}.

Deadline: {{deadline .Game.Deadline .Zone}}, in {{dur .Left}}{{with .Game.DeadlineWhy}} ({{.}}){{end}}.
{{upperFirst (policy .Game)}}.

Send your orders (or PASS) to {{.Judge}}; HELP lists what you may order now, STATUS where the game is.
{{signature}}`)

// Subject is the reminder's subject.
func (r Reminder) Subject() string {
	return "[" + r.Game.ID + "] Reminder: orders due in " + Duration(r.Left)
}

// Text is the reminder.
func (r Reminder) Text() string { return render(reminderText, r) }

// Missed tells the moderators that the deadline passed without orders
// from some powers: Seats are theirs, their misses counted.
type Missed struct {
	Game  *store.Game
	State storm.State
	Seats []store.Seat
	// Disorder are the powers the computer plays from now on (civil
	// disorder, NMR COMPUTER).
	Disorder []storm.Power
}

var missedText = parse("missed", `The deadline of {{.State.Turn}}, {{.State.Segment.Title}}, in game {{.Game.ID}} ({{deadline .Game.Deadline ""}}) passed without orders from:

{{range $i, $s := .Seats}}{{if $i}}
{{end}}  {{$s.Power.Title}} ({{$s.Address}}, missed {{$s.Missed}} so far){{end}}

{{upperFirst (policyNow .Game "")}}.{{with .Disorder}}
{{disorderMissed .}}{{end}}

You may enter their orders (MODERATOR, POWER, the orders), extend the deadline (EXTEND 12h), or adjudicate now (ADJUDICATE). STATUS shows every seat's missed deadlines.
{{signature}}`)

// Subject is the subject of the moderators' notice; missing are the
// powers without orders.
func (m Missed) Subject(missing []storm.Power) string {
	return "[" + m.Game.ID + "] Deadline missed by " + Powers(missing)
}

// Text is the moderators' notice.
func (m Missed) Text() string { return render(missedText, m) }

// Late tells the player at one address that the deadline passed without
// orders from its powers, and what happens now.
type Late struct {
	Game   *store.Game
	State  storm.State
	Powers []storm.Power
	Zone   string
}

var lateText = parse("late", `The deadline of {{.State.Turn}}, {{.State.Segment.Title}}, in game {{.Game.ID}} passed ({{deadline .Game.Deadline .Zone}}) and the judge has no orders from {{powers .Powers}}.

{{upperFirst (policyToYou .Game .Zone)}}.
{{signature}}`)

// Subject is the late player's notice's subject.
func (l Late) Subject() string { return "[" + l.Game.ID + "] Deadline passed without your orders" }

// Text is the late player's notice.
func (l Late) Text() string { return render(lateText, l) }
