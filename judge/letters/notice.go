package letters

import (
	"slices"
	"strings"
	"time"

	"stormjudge/adjudicator/storm"
	"stormjudge/store"
)

// Announcement tells the players and moderators what a command did, by
// whom and why (the sender gets the receipt instead).
type Announcement struct {
	Game  *store.Game
	State storm.State
	// From is the sender's address, Power the power it spoke for (0: the
	// moderator).
	From  string
	Power storm.Power
	// Lines say what was done; Reason is the email's REASON.
	Lines  []string
	Reason string
	// Zone is the reader's time zone, for the deadline.
	Zone string
}

// By names who did it.
func (a Announcement) By() string {
	if a.Power != 0 {
		return a.Power.Title() + "'s player"
	}
	return "the moderator (" + a.From + ")"
}

var announcementText = parse("announcement", `Game {{.Game.ID}}, {{.State.Turn}}, {{.State.Segment.Title}}: an announcement.

{{range .Lines}}{{.}}

{{end}}By {{.By}}.
{{if .Reason}}Reason: {{.Reason}}
{{end}}{{with deadlineLine .Game .Zone}}
{{.}}
{{end}}{{signature}}`)

// Text is the announcement.
func (a Announcement) Text() string {
	// The times of the lines in the reader's own zone too, beside UTC.
	lines := make([]string, len(a.Lines))
	for i, l := range a.Lines {
		lines[i] = InZone(l, a.Zone)
	}
	a.Lines = lines
	return render(announcementText, a)
}

// AnnouncementSubject is the subject of an announcement of game: what
// the first two commands did ("Game resumed; Deadline extended"), and
// ", and more" after two.
func AnnouncementSubject(game string, what []string) string {
	s := strings.Join(what[:min(2, len(what))], "; ")
	if len(what) > 2 {
		s += ", and more"
	}
	return "[" + game + "] " + s
}

// Replaced tells a player that the moderator seated another player for
// its power.
type Replaced struct {
	Game   string
	Power  storm.Power
	Reason string
}

var replacedText = parse("replaced", `The moderator of game {{.Game}} has seated another player for {{.Power.Title}}.{{if .Reason}} Reason: {{.Reason}}.{{end}} Your secret no longer works; you will get no more mail for {{.Power.Title}} in this game.
{{signature}}`)

// Subject is the replaced player's notice's subject.
func (r Replaced) Subject() string { return "[" + r.Game + "] You no longer play " + r.Power.Title() }

// Text is the replaced player's notice.
func (r Replaced) Text() string { return render(replacedText, r) }

// EnteredSubject is the subject of the copy of a receipt a player gets
// when the moderator entered its orders.
func EnteredSubject(game string) string { return "[" + game + "] The moderator entered your orders" }

// Undeliverable tells the moderators that a mail of their game could not
// be delivered, and what to do.
type Undeliverable struct {
	Game *store.Game
	Mail *store.Mail
	// Powers are the seats at the failed address, sorted by Text.
	Powers []string
}

// Queued is when the mail was queued.
func (u Undeliverable) Queued() string { return u.Mail.Created.UTC().Format(time.RFC3339) }

// Reply is the mail server's reply, indented.
func (u Undeliverable) Reply() string { return strings.ReplaceAll(u.Mail.LastError, "\n", "\n  ") }

// Subject is the notice's subject.
func (u Undeliverable) Subject() string {
	return "[" + u.Game.ID + "] Undeliverable mail to " + strings.Join(u.Mail.To, ", ")
}

var undeliverableText = parse("undeliverable", `The judge could not deliver a mail of game {{.Game.ID}} and has stopped trying.

  To:      {{join .Mail.To ", "}}
  Subject: {{.Mail.Subject}}
  Mail ID: {{.Mail.ID}}
  Queued:  {{.Queued}}

The mail server's reply:

  {{.Reply}}

{{if .Powers}}Seat with this address: {{join .Powers ", "}}. It is marked undeliverable (stormjudge game show {{.Game.ID}}). Until the address is fixed, that player receives no reports, notices or receipts.
{{end}}{{if .Mail.Sensitive}}The mail carried the player's secret; it was not kept, so the player needs a new secret.
{{end}}
How to fix it: find out the player's working address, and ask the judge's operator to correct the seat's address in the judge's configuration and restart the judge: the seat then moves to the new address with a new secret, mailed in a new welcome. (A moderator command to do this by email will come later.) The failed mail is not sent again.
`)

// Text is the notice (unsigned), its seats in the order of play.
func (u Undeliverable) Text() string {
	u.Powers = slices.Sorted(slices.Values(u.Powers))
	return render(undeliverableText, u)
}
