package letters

import (
	"fmt"
	"strings"
	"time"

	"stormjudge/adjudicator/storm"
	"stormjudge/orders"
	"stormjudge/store"
)

// List answers LIST: the games waiting for players, then the games under
// way that anyone may observe (a receipt: the receipt's signature ends
// it).
type List struct {
	Judge      string
	Games      []*store.Game
	Observable []*store.Game
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
{{with .Observable}}
Games under way that anyone may observe:

{{range .}}Game {{.ID}}
  Rules: {{rules .}}
  To follow its public reports: GAME {{.ID}} and OBSERVE, on two lines

{{end}}An OBSERVE email is answered with a secret; send it back with OBSERVE to follow the game. An observer gets the public report once a turn, never a player's notice or press, and stops with OBSERVE STOP <game> (docs/orders.md, "Observing a game").
{{end}}`)

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

// The words of the lobby's commands (LIST, JOIN, the moderator's START,
// APPROVE, DECLINE and APPROVAL) and of an observer's OBSERVE: answers,
// announcements and refusals (the receipt quotes the moderator's after
// "line N: VERB: ", CommandRefused). A JOIN's and an OBSERVE's are
// fixed words: nothing vouches for their sender.

// JoinFooter closes the refusal of a JOIN.
const JoinFooter = "LIST, alone in an email to the judge, lists the games that wait for players and their open seats."

// JoinUnread refuses a JOIN email with other lines.
const JoinUnread = "A JOIN email holds JOIN <game> <power> alone (with the SECRET the judge sent, to confirm); it was not read."

// NoOpenSeat refuses a JOIN for a game that takes no players.
func NoOpenSeat(game string) string {
	return fmt.Sprintf("Game %s has no open seat: it does not take players.", game)
}

// SeatGone refuses the confirmation of a JOIN for p's seat, taken or
// closed since.
func SeatGone(p storm.Power, game string) string {
	return fmt.Sprintf("%s's seat in game %s is not open any more: another player took it, or the game started.", p.Title(), game)
}

// SeatClosed refuses a JOIN for p's seat, which is not open (open: the
// seats that are).
func SeatClosed(p storm.Power, game string, open []storm.Power) string {
	return fmt.Sprintf("%s's seat in game %s is not open; the open seats: %s.", p.Title(), game, Powers(open))
}

// OneSeat refuses a JOIN from an address that holds or asked for
// another seat.
func OneSeat(game string) string {
	return fmt.Sprintf("This address holds or has asked for another seat in game %s: one seat an address by JOIN (the moderator may seat one player in several, with REPLACE).", game)
}

// SeatBusy refuses a JOIN for p's seat, for which several confirmed
// requests wait for the moderator (open: the open seats).
func SeatBusy(p storm.Power, game string, open []storm.Power) string {
	return fmt.Sprintf("Several players wait for the moderator's answer for %s's seat in game %s: ask again later, or for another seat (open: %s).", p.Title(), game, Powers(open))
}

// JoinUnverified refuses a JOIN's confirmation whose secret does not
// verify (expiry: how long a request holds).
func JoinUnverified(expiry time.Duration) string {
	return "The SECRET does not match the one sent for this seat, or this address did not ask for it (or asked more than " + Duration(expiry) + " ago)."
}

// StartedNoSeat refuses a moderator's lobby command in a game that has
// started.
func StartedNoSeat(game string) string {
	return fmt.Sprintf("game %s has no open seat: it has started", game)
}

// ApprovalText answers APPROVAL ON (on) or OFF.
func ApprovalText(on bool) string {
	if on {
		return "Players who JOIN an open seat wait for your APPROVE once they confirm (APPROVAL ON)."
	}
	return "Players who JOIN an open seat take it once they confirm (APPROVAL OFF)."
}

// GameStarted announces a START; left are the seats still open, now
// vacant.
func GameStarted(left []storm.Power) (subject, line string) {
	return "Game started", fmt.Sprintf("The game starts now; %s stay vacant, held by the moderator (REPLACE seats a player).", Powers(left))
}

// SeatNotOpen refuses an APPROVE or DECLINE for p's seat, which is not
// open.
func SeatNotOpen(p storm.Power, open []storm.Power) string {
	return fmt.Sprintf("%s's seat is not open; the open seats: %s", p.Title(), Powers(open))
}

// NotConfirmedBy refuses an APPROVE or DECLINE of addr, which has not
// confirmed a request for p's seat.
func NotConfirmedBy(addr string, p storm.Power) string {
	return fmt.Sprintf("%s has not confirmed a request for %s's seat", addr, p.Title())
}

// NobodyConfirmed refuses an APPROVE or DECLINE for p's seat, which no
// one has confirmed a request for.
func NobodyConfirmed(p storm.Power) string {
	return fmt.Sprintf("nobody has confirmed a request for %s's seat", p.Title())
}

// DeclinedAnswer answers a DECLINE of the addresses told for p's seat.
func DeclinedAnswer(p storm.Power, told []string) string {
	return fmt.Sprintf("Declined for %s: %s. The seat stays open.", p.Title(), strings.Join(told, ", "))
}

// NowPlays answers an APPROVE: addr plays p.
func NowPlays(addr string, p storm.Power) string {
	return fmt.Sprintf("%s now plays %s.", addr, p.Title())
}

// Why the others who confirmed a request for a seat are declined
// (Declined.Why) when a player takes it: approved, or seated by REPLACE.
const (
	OtherSeated     = "another player was seated"
	ModeratorSeated = "the moderator seated another player"
)

// The moderator's OBSERVE ALLOW, DENY and PUBLIC.

// ObserverAllowed: addr may observe (OBSERVE ALLOW).
func ObserverAllowed(addr string) string { return addr + " may observe the game (OBSERVE)." }

// ObserverDenied: addr may not (OBSERVE DENY).
func ObserverDenied(addr string) string {
	return addr + " may not observe the game, and no longer does."
}

// ObserversPublic: the game is public or not (OBSERVE PUBLIC).
func ObserversPublic(public bool) string {
	if public {
		return "The game is public: any address may observe it (its public reports only)."
	}
	return "The game is not public: only the addresses the moderator allows may observe it (the others no longer do)."
}

// ObserveDenied refuses an OBSERVE from an address that may not observe
// game.
func ObserveDenied(game string) string {
	return fmt.Sprintf("This address may not observe game %s: the moderator allows who may (OBSERVE ALLOW), or makes the game public.", game)
}

// ObserveUnread refuses an observer's email with other lines.
const ObserveUnread = "An observer's email holds the GAME line and OBSERVE (or OBSERVE STOP, or OBSERVE with the SECRET sent to confirm it) alone; it was not read."

// NotObserving refuses an OBSERVE STOP (at line) from an address that
// does not observe game.
func NotObserving(line int, game string) string {
	return fmt.Sprintf("line %d: OBSERVE STOP: you do not observe game %s.", line, game)
}

// ObserveStopped answers an OBSERVE STOP.
func ObserveStopped(game string) string {
	return fmt.Sprintf("You no longer observe game %s: no more reports come to you. OBSERVE, with GAME %s, asks again (the answer's secret confirms it).", game, game)
}

// ObserveWithdrawn answers an OBSERVE STOP from an address whose request
// is not confirmed yet.
func ObserveWithdrawn(game string) string {
	return fmt.Sprintf("Your request to observe game %s is withdrawn: its secret no longer works, and no report comes to you.", game)
}

// ObserveUnverified refuses an OBSERVE's confirmation whose secret does
// not verify (expiry: how long a request holds).
func ObserveUnverified(expiry time.Duration) string {
	return "The SECRET does not match the one sent to this address for this game, or this address did not ask to observe it (or asked more than " + Duration(expiry) + " ago)."
}

// StopLine is the one line that stops an observer's reports of game.
func StopLine(game string) string { return "OBSERVE STOP " + game }

// ObserverFooter closes every mail to an observer of game: how to stop.
func ObserverFooter(game string) string {
	return fmt.Sprintf("You observe game %s. To stop these reports, send the judge an email of the one line: %s", game, StopLine(game))
}

// ObserveRequest answers an OBSERVE request: a short confirmation in
// fixed words (nothing vouches for the sender: nothing of the request is
// quoted), with the secret that confirms it. Nothing more comes unless
// it is sent back.
type ObserveRequest struct {
	Game   string
	Secret string
	Judge  string
	// Expiry is how long the request stands.
	Expiry time.Duration
}

var observeRequestText = parse("observe request", `Someone, from this address, asked to observe game {{.Game}} of Gathering Storm, adjudicated by stormjudge: its public report once a turn.

To confirm, send this email to {{.Judge}}, the lines as they are (in a reply, write them above the quoted text):

  GAME {{.Game}}
  SECRET {{.Secret}}
  OBSERVE
  END

If you did not ask for this, ignore this email: no report comes to you, and the request lapses after {{dur .Expiry}}.
`)

// Text is the answer to the OBSERVE.
func (r ObserveRequest) Text() string { return render(observeRequestText, r) }

// LobbyCapped tells the moderators (STATUS) how often the hourly cap on
// the answers to strangers (LIST, JOIN, OBSERVE requests) left a request
// unanswered since the judge started, and when last.
func LobbyCapped(n int, last time.Time) string {
	return fmt.Sprintf("Requests from strangers (LIST, JOIN, OBSERVE) left unanswered by the judge's hourly cap since it started: %d, the last at %s. Addresses that play, moderate, observe or confirmed a JOIN are answered all the same.", n, last.UTC().Format("2006-01-02 15:04 UTC"))
}

// PlaysAlready refuses an OBSERVE (at line) from a player or moderator
// of game.
func PlaysAlready(line int, game string) string {
	return fmt.Sprintf("line %d: OBSERVE: you play or moderate game %s, and get its reports already.", line, game)
}

// ObservesAlready refuses an OBSERVE (at line) from an observer of game.
func ObservesAlready(line int, game string) string {
	return fmt.Sprintf("line %d: OBSERVE: you observe game %s already (the one line %s ends it).", line, game, StopLine(game))
}

// ObserveStarted answers an OBSERVE's confirmation.
func ObserveStarted(game string) string {
	return fmt.Sprintf("You observe game %s: its public report comes to you once a turn, when the turn ends, covering the turn's segments, and the game's latest report follows now. You get no player's private notice. The one line %s ends it.", game, StopLine(game))
}
