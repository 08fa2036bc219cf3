package letters

import (
	"slices"
	"time"

	"stormjudge/adjudicator/storm"
	"stormjudge/orders"
	"stormjudge/store"
)

// Welcome is the mail that seats a player: game, power, secret, how to
// order. It and the answer to a JOIN are the only mails that ever carry
// a secret.
type Welcome struct {
	Game *store.Game
	Seat store.Seat
	// Secret is the seat's secret; empty for a player who took an open
	// seat and knows it from the answer to the JOIN.
	Secret string
	// Judge is the judge's address.
	Judge string
	// Shared: another seat of the address has the same secret, so its
	// emails must name their POWER.
	Shared bool
}

// Shown is the secret as the example email writes it.
func (w Welcome) Shown() string {
	if w.Secret == "" {
		return "<your secret>"
	}
	return w.Secret
}

// Commands are a player's command words.
func (w Welcome) Commands() []string { return orders.CommandWords(false) }

// Subject is the welcome's subject.
func (w Welcome) Subject() string { return welcomeSubject(w.Game.ID, w.Seat.Power.Title()) }

// welcomeSubject is the subject of the welcome to power's player in game.
func welcomeSubject(game, power string) string { return "[" + game + "] You play " + power }

var welcomeText = parse("welcome", `Welcome to game {{.Game.ID}} of Gathering Storm, adjudicated by stormjudge.

You play: {{.Seat.Power.Title}}
{{if .Secret}}Your secret: {{.Secret}}

{{else}}Your secret: the one the judge sent in answer to your JOIN

{{end}}Keep the secret to yourself: every order email must carry it. Send orders to {{.Judge}}. Each mail that asks for your orders ends with a block to copy into your reply, your secret in place of <your secret>: as it is, it changes nothing and settles your whole turn; put your orders in place of a PASS to act in that segment.

To do nothing this turn, for instance:

{{if .Shared}}  GAME {{.Game.ID}}
  POWER {{.Seat.Power}}
  SECRET {{.Shown}}
  PASS TURN
  END

This address plays another power with the same secret: write the POWER line in every email.

{{else}}  GAME {{.Game.ID}}
  SECRET {{.Shown}}
  PASS TURN
  END

{{end}}{{if .Game.EverySegment .Seat}}Each email gets a receipt. The report and your private notice follow each adjudication (MAIL DIGEST: one mail when you must act or the turn ends). HELP in place of the orders asks the judge what you may order at any time.
{{else}}Each email gets a receipt. You get mail when you must act, when the turn ends and when there is news for you (war, a crisis that concerns you, something for your eyes only), with the reports of the segments in between (MAIL EVERY SEGMENT: the report of every segment). HELP in place of the orders asks the judge what you may order at any time.
{{end}}
This game's rules: {{rules .Game}}
{{pressRules .Game.Press}}
{{if .Game.Moderators}}Moderated by {{join .Game.Moderators ", "}}.
{{end}}{{if .Game.Waiting}}
{{waiting .Game}}
{{end}}
Commands, in an email of their own: {{join .Commands ", "}} (HELP lists them with their forms; TIMEZONE Europe/Berlin, say, shows deadlines in your time).
{{signature}}`)

// Text is the welcome.
func (w Welcome) Text() string { return render(welcomeText, w) }

// Approved is the welcome of a player the moderator approved.
func (w Welcome) Approved() string {
	return "The moderator approved you: you play " + w.Seat.Power.Title() + " in game " + w.Game.ID + ".\n\n" + w.Text()
}

// ModeratorWelcome tells the moderators the game's moderator secret.
type ModeratorWelcome struct {
	Game   *store.Game
	Secret string
	// Physical: the game plays the printed cards, which the moderator
	// draws.
	Physical bool
	Judge    string
	// Master: the moderator is also a game master the operator lists,
	// who may create games (CREATE).
	Master bool
}

// Commands are the moderator's command words (CREATE makes another game,
// a game master's: not this one's; the welcome says it apart, Master).
func (w ModeratorWelcome) Commands() []string {
	return slices.DeleteFunc(orders.CommandWords(true), func(w string) bool { return w == orders.CmdCreate })
}

// Subject is the moderators' welcome's subject.
func (w ModeratorWelcome) Subject() string { return moderatorWelcomeSubject(w.Game.ID) }

// moderatorWelcomeSubject is the subject of the moderators' welcome of
// game.
func moderatorWelcomeSubject(game string) string { return "[" + game + "] You moderate this game" }

var moderatorWelcomeText = parse("moderator welcome", `You moderate game {{.Game.ID}} of Gathering Storm, adjudicated by stormjudge.

The moderators' secret: {{.Secret}}

Keep it to yourself: every moderator email must carry it, with a MODERATOR line instead of POWER. You receive every public report. Your commands: {{join .Commands ", "}}; with POWER, a power's orders; SET fixes the state. HELP (with GAME, MODERATOR and SECRET) lists their forms (docs/orders.md, "The moderator's commands").
{{if .Master}}
As a game master of this judge you may also create games: GAME with the new game's id, MODERATOR, your game master's SECRET and CREATE, then the game's definition (docs/orders.md, "Creating a game").
{{end}}{{if .Game.Waiting}}
The game waits for players for {{powers .Game.OpenSeats}} (open seats): anyone may find it with LIST and ask for a seat with JOIN. It starts when they are taken, or when you send START (the seats still open then stay vacant, held by you). You are told of each seat taken{{if .Game.JoinApproval}}, and asked to APPROVE each player{{end}}.
{{end}}{{if .Physical}}
This game plays the printed cards (physical-deck mode). At the start of each turn the judge asks you to draw them; reply to {{.Judge}}:

  GAME {{.Game.ID}}
  MODERATOR
  SECRET {{.Secret}}
  PURGE MILITARY
  DRAW 17 42 88 5 101 63
  END

PURGE names Russia's purge card, DRAW the random event cards in the order drawn (first the card turned face up). See docs/deck.md.
{{end}}{{signature}}`)

// Text is the moderators' welcome.
func (w ModeratorWelcome) Text() string { return render(moderatorWelcomeText, w) }

// JoinRequest answers a JOIN request: the secret, and the email that
// takes the seat with it (a receipt: the receipt's signature ends it).
type JoinRequest struct {
	Game   *store.Game
	Power  storm.Power
	Secret string
	Judge  string
	// Expiry is how long the request stands.
	Expiry time.Duration
}

var joinRequestText = parse("join request", `Someone, from this address, asked for {{.Power.Title}}'s seat in game {{.Game.ID}} of Gathering Storm, adjudicated by stormjudge.

To take the seat, send this email to {{.Judge}}, the lines as they are (in a reply, write them above the quoted text: lines starting with > are not read):

  GAME {{.Game.ID}}
  SECRET {{.Secret}}
  JOIN {{.Power}}
  END

The secret is then yours: every order email carries it. Keep it to yourself.
{{if .Game.JoinApproval}}The moderator approves each player in this game: once you have sent it, the moderator is asked, and you hear when they answer.
{{else}}The seat goes to the first player who sends this confirmation.
{{end}}The game starts when every seat is taken (open now: {{powers .Game.OpenSeats}}), or when the moderator starts it; the first report comes then.

This game's rules: {{rules .Game}}
{{pressRules .Game.Press}}

If you did not ask for this, ignore this email: nothing is done in your name, and the request lapses after {{dur .Expiry}}.
`)

// Text is the answer to the JOIN.
func (r JoinRequest) Text() string { return render(joinRequestText, r) }
