package letters

import (
	"stormjudge/adjudicator/storm"
	"stormjudge/orders"
	"stormjudge/store"
)

// List answers LIST: the games waiting for players (a receipt: the
// receipt's signature ends it).
type List struct {
	Judge string
	Games []*store.Game
}

var listText = parse("list", `Games of Gathering Storm that wait for players at {{.Judge}}:

{{range .Games}}Game {{.ID}}
  Open seats: {{powers .OpenSeats}}.
{{with taken .}}  Taken: {{powers .}}.
{{end}}  Rules: {{rules .}}
  {{pressRules .Press}}
{{if .JoinApproval}}  The moderator approves each player.
{{end}}  To ask for a seat: JOIN {{.ID}} {{lower (index .OpenSeats 0).String}}

{{else}}No game here waits for players now.

{{end}}A JOIN email is answered with a secret; send it back with JOIN to take the seat (docs/orders.md, "Open seats").
`)

// Text is the list.
func (l List) Text() string { return render(listText, l) }

// Taken are g's seats that have a player.
func Taken(g *store.Game) []storm.Power {
	return g.SeatsWhere(func(s store.Seat) bool { return !s.Vacant })
}

// JoinAnswer is the receipt of a JOIN from an address whose request is
// confirmed: a request again (Request: it waits for the moderator's
// answer), or the confirmation where the moderator approves each player
// (Already: it was confirmed before).
type JoinAnswer struct {
	Game             string
	Power            storm.Power
	Request, Already bool
}

var joinAnswerText = parse("join answer", `Your request for {{.Power.Title}}'s seat in game {{.Game}} is confirmed
{{- if .Request}} already and waits for the moderator's answer.
{{- else if .Already}} already; the moderator has been asked, and you hear when they answer.
{{- else}}. The moderator approves each player in this game and has been asked; you hear when they answer.
{{- end}}
`)

// Text is the answer.
func (a JoinAnswer) Text() string { return render(joinAnswerText, a) }

// Seated tells the moderators that a player took a seat.
type Seated struct {
	Game    *store.Game
	Power   storm.Power
	Address string
}

var seatedText = parse("seated", `{{.Address}} took {{.Power.Title}}'s seat in game {{.Game.ID}}.
{{- if .Game.Waiting}} Still open: {{powers .Game.OpenSeats}} (START starts the game with them vacant).
{{- else}} Every seat is taken: the game starts now.{{end}}
{{signature}}`)

// Subject is the notice's subject.
func (s Seated) Subject() string { return "[" + s.Game.ID + "] " + s.Power.Title() + " has a player" }

// Text is the notice.
func (s Seated) Text() string { return render(seatedText, s) }

// AskApproval asks the moderators to approve a player's confirmed
// request for a seat.
type AskApproval struct {
	Game    string
	Power   storm.Power
	Address string
}

var askApprovalText = parse("ask approval", `{{.Address}} asks to play {{.Power.Title}} in game {{.Game}} and has confirmed the request from that address.

To seat them, send:

  GAME {{.Game}}
  MODERATOR
  SECRET <the game's moderators' secret>
  APPROVE {{.Power}}
  END

(the secret of the mail "[{{.Game}}] You moderate this game", not a game master's), or, to turn the requests for the seat down, DECLINE {{.Power}}.
{{signature}}`)

// Subject is the request's subject.
func (a AskApproval) Subject() string {
	return "[" + a.Game + "] " + orders.Shorten(a.Address, 100) + " asks to play " + a.Power.Title()
}

// Text is the request.
func (a AskApproval) Text() string { return render(askApprovalText, a) }

// Lapsed tells a player who confirmed a request for a seat that the game
// started without it.
type Lapsed struct {
	Game  string
	Power storm.Power
}

var lapsedText = parse("lapsed", `Game {{.Game}} has started without a player for {{.Power.Title}}: the moderator holds the seat. Your request for it has lapsed.
{{signature}}`)

// Subject is the notice's subject.
func (l Lapsed) Subject() string {
	return "[" + l.Game + "] Your request for " + l.Power.Title() + " has lapsed"
}

// Text is the notice.
func (l Lapsed) Text() string { return render(lapsedText, l) }

// Declined tells a player that the moderator turned its confirmed
// request for a seat down, and why.
type Declined struct {
	Game  string
	Power storm.Power
	Why   string
}

var declinedText = parse("declined", `The moderator of game {{.Game}} did not seat you for {{.Power.Title}}.{{if .Why}} Reason: {{.Why}}.{{end}}
{{signature}}`)

// Subject is the notice's subject.
func (d Declined) Subject() string { return "[" + d.Game + "] Not seated for " + d.Power.Title() }

// Text is the notice.
func (d Declined) Text() string { return render(declinedText, d) }
