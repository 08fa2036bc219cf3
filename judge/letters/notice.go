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

// Folded is the announcement as a paragraph of the reader's next mail,
// for a player it did not concern at once (a deadline that is not its
// own, another power's absence, a pause of a segment it does not order
// in); that mail gives the deadline as it then is.
func (a Announcement) Folded() string {
	s := "Announced since your last mail, by " + a.By() + ": " + strings.Join(a.Lines, " ")
	if a.Reason != "" {
		s += " (reason: " + a.Reason + ")"
	}
	return s
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
	// Computer: the moderator gave the seat to the computer player.
	Computer bool
}

var replacedText = parse("replaced", `The moderator of game {{.Game}} has {{if .Computer}}given {{.Power.Title}} to the computer player{{else}}seated another player for {{.Power.Title}}{{end}}.{{if .Reason}} Reason: {{.Reason}}.{{end}} Your secret no longer works; you will get no more mail for {{.Power.Title}} in this game.
{{signature}}`)

// Subject is the replaced player's notice's subject.
func (r Replaced) Subject() string { return "[" + r.Game + "] You no longer play " + r.Power.Title() }

// Text is the replaced player's notice.
func (r Replaced) Text() string { return render(replacedText, r) }

// EnteredSubject is the subject of the copy of a receipt a player gets
// when the moderator entered its orders.
func EnteredSubject(game string) string { return "[" + game + "] The moderator entered your orders" }

// Undeliverable tells the moderators that mail of their game to an
// address could not be delivered, and what to do: once for the address
// (publish.Publisher.DeliveryFailed), with the other mails to it still
// queued, which fail the same way unreported.
type Undeliverable struct {
	Game *store.Game
	Mail *store.Mail
	// Powers are the seats at the failed address.
	Powers []storm.Power
	// Queued are the other mails of the game to the address still
	// queued (at most MaxListed), More those beyond.
	Queued []*store.Mail
	More   int
}

// MaxListed bounds the other mails an undeliverable notice lists.
const MaxListed = 8

// When is when the mail was queued.
func (u Undeliverable) When() string { return u.Mail.Created.UTC().Format(time.RFC3339) }

// Reply is the mail server's reply, indented.
func (u Undeliverable) Reply() string { return strings.ReplaceAll(u.Mail.LastError, "\n", "\n  ") }

// Subject is the notice's subject.
func (u Undeliverable) Subject() string {
	s := "[" + u.Game.ID + "] Undeliverable mail to " + strings.Join(u.Mail.To, ", ")
	if len(u.Powers) > 0 {
		s += " (" + Powers(u.Powers) + "): REPLACE"
	}
	return s
}

var undeliverableText = parse("undeliverable", `The judge could not deliver a mail of game {{.Game.ID}} and has stopped trying.

  To:      {{join .Mail.To ", "}}
  Subject: {{.Mail.Subject}}
  Mail ID: {{.Mail.ID}}
  Queued:  {{.When}}

The mail server's reply:

  {{.Reply}}
{{if .Queued}}
Other mails to this address, still queued, will fail the same way (not reported again):

{{range .Queued}}  {{.Subject}} ({{.ID}})
{{end}}{{if .More}}  ({{.More}} more)
{{end}}{{end}}
{{if .Powers}}Seat with this address: {{powers .Powers}}. It is marked undeliverable (STATUS shows it). Until the address is fixed, that player receives no reports, notices or receipts; further mail to it that fails is not reported again.
{{if .Mail.Sensitive}}The mail carried the player's secret; it was not kept, so the player needs a new secret: REPLACE sends one.
{{end}}
How to fix it: find out the player's working address, then send the judge an email from your address:

  GAME {{.Game.ID}}
  MODERATOR
  SECRET <the game's moderators' secret>
{{range .Powers}}  REPLACE {{.}} <the working address>
{{end}}  END

The seat moves to the working address with a new secret, mailed there in a new welcome with the open segment's report and notice; the old secret stops working, and nothing more goes to the undeliverable address. The failed mails are not sent again.
{{else}}No seat of the game has this address (a moderator's, an observer's or someone who wrote to the judge), so no seat is marked. The failed mail is not sent again; further mail to this address that fails is not reported again.
{{end}}`)

// Text is the notice (unsigned), its seats in the order of play.
func (u Undeliverable) Text() string {
	u.Powers = slices.Sorted(slices.Values(u.Powers))
	return render(undeliverableText, u)
}
