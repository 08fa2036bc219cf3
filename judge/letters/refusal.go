package letters

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"stormjudge/adjudicator/storm"
	"stormjudge/orders"
	"stormjudge/store"
)

// The lines of a receipt that the judge's pipeline writes: why an email
// was not read or refused, and the notes of accepted orders.

// The emails that never reach the check of a secret (Unread).
const (
	NoGame      = "This email names no game (a GAME line)"
	UnknownGame = "This email names a game this judge does not hold (its GAME line)"
	// UnreadFooter closes their refusal.
	UnreadFooter = "An email to the judge holds GAME <game>, SECRET <your secret> (from your welcome) and the orders or commands, e.g. PASS or STATUS; HELP, with GAME and SECRET, lists them. To find a game with open seats, send LIST alone."
)

// Unread refuses an email that never reached the check of a secret: why
// (NoGame, UnknownGame), and the sender's own games, to its own address.
func Unread(why string, own []string) string {
	msg := why + ", so it was not read. Nothing of it is quoted here: nothing in it proves who sent it."
	if len(own) > 0 {
		msg += " Your games here: " + strings.Join(own, ", ") + "."
	}
	return msg
}

// OwnGame names a game of the sender's (Unread): the powers it plays
// there, and moderator.
func OwnGame(game string, powers []storm.Power, moderator bool) string {
	var roles []string
	for _, p := range powers {
		roles = append(roles, p.Title())
	}
	if moderator {
		roles = append(roles, "moderator")
	}
	return fmt.Sprintf("%s (%s)", game, strings.Join(roles, ", "))
}

// The subject a receipt answers when it may not echo the email's own
// (none, or a forged one): an email with a secret, or an anonymous one
// (LIST, JOIN, OBSERVE).
const (
	YourOrders = "your orders"
	YourEmail  = "your email"
)

// The refusals of an email whose secret did not verify, in fixed words
// (anyone may have written it): they quote nothing of the email; they
// say where the secret is, by the subject of the mail that carries it
// (the game is the judge's own, one it holds), and who gives a new one.
// placeholder: the SECRET line was the placeholder <your secret> the
// judge's mails write (orders.Envelope.SecretPlaceholder).

// placeholderLeft opens the refusal of an email whose SECRET line is the
// placeholder: what goes in its place.
func placeholderLeft(what string) string {
	return "The SECRET line holds the placeholder <your secret>, as the judge's mails write it: put " + what + " in its place."
}

// SeatRefused refuses a seat's email; p is the power the sender's address
// holds in game (0: none, or several), whose welcome carries the secret.
func SeatRefused(game string, p storm.Power, placeholder bool) string {
	power := "<your power>"
	if p.Valid() {
		power = p.Title()
	}
	where := `your welcome mail, "` + welcomeSubject(game, power) + `" (for a seat taken with JOIN: in the judge's answer to your JOIN)`
	if placeholder {
		return placeholderLeft("your secret") + " It is in " + where + "."
	}
	return "The SECRET does not match, or this address may not order for that power in this game. Your secret is in " + where +
		"; if it is lost, the game's moderator can give you a new one."
}

// ModeratorRefused refuses a MODERATOR email of game.
func ModeratorRefused(game string, placeholder bool) string {
	where := `It is in the mail "` + moderatorWelcomeSubject(game) + `"`
	if placeholder {
		return placeholderLeft("the moderators' secret") + " " + where + "."
	}
	return "The SECRET does not match, or this address does not moderate this game. The moderators' secret is in the mail \"" +
		moderatorWelcomeSubject(game) + "\"; if it is lost, ask the judge's operator."
}

// MasterSecretOnGame refuses a MODERATOR email of game, created by
// email, that carried its sender's game master's secret.
func MasterSecretOnGame(game string) string {
	return "That SECRET is your game master's secret: it creates games (CREATE) but moderates none. Each game created by email has its own moderators' secret, mailed to its creator in \"" +
		moderatorWelcomeSubject(game) + "\"; send this game's MODERATOR emails with that one."
}

// MasterRefused refuses a CREATE (the game is the sender's: not named).
func MasterRefused(placeholder bool) string {
	if placeholder {
		return placeholderLeft("your game master's secret, the one the judge's operator gave you,")
	}
	return "The SECRET does not match, or this address may not create games here. A game master's secret is the one the judge's operator gave you; if it is lost, ask the operator."
}

// Throttled refuses an email whose secret was not checked: the sender's
// wrong secrets spent its budget; retry is when it gets a check back.
func Throttled(retry time.Time) string {
	return fmt.Sprintf("Too many emails from this address failed their SECRET lately: this one was not checked. Send it again after %s.",
		DeadlineText(retry, ""))
}

// Quarantined tells the sender of an email the judge could not handle.
const Quarantined = "The judge could not handle this email because of a fault of its own; it was set aside and the operator can see it in the log. Please send your orders again in a new email; if this happens again, tell your moderator."

// UnreadableBody tells a player why the email could not be read, with the
// limits (docs/orders.md).
func UnreadableBody(err error, lim orders.Limits) string {
	why := "it has no text the judge could read"
	var le *orders.LimitError
	if errors.As(err, &le) {
		switch le.What {
		case "size":
			why = fmt.Sprintf("it is larger than %s", sizeText(le.Limit))
		case "parts":
			why = fmt.Sprintf("it has more than %d MIME parts", le.Limit)
		case "depth":
			why = fmt.Sprintf("its MIME parts are nested more than %d deep", le.Limit)
		case "text":
			why = fmt.Sprintf("its text is longer than %s", sizeText(le.Limit))
		}
	}
	return fmt.Sprintf("Your email could not be read: %s. The judge reads emails of at most %s, %d MIME parts and %d levels of nesting, and takes the orders from the first plain-text part (or else the HTML part). Send the orders as plain text in the body, without attachments.",
		why, sizeText(lim.Size), lim.Parts, lim.Depth)
}

func sizeText(n int) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	if n >= 1<<10 && n%(1<<10) == 0 {
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// The refusals of what an email's envelope says.

// UnknownPower: its POWER line names no power.
func UnknownPower(line int, name string) string {
	return fmt.Sprintf("line %d: unknown power %q (germany, italy, britain, france or russia).", line, name)
}

// AddPowerLine: the address plays several powers, match with the one
// secret; AddPowerLineModerator: a moderator's email for a power.
func AddPowerLine(match []storm.Power) string {
	return "add a POWER line: this address plays " + Powers(match) + " with one secret."
}

const AddPowerLineModerator = "add a POWER line to order for a power as moderator."

// The refusals of a line of CREATE (the receipt quotes them after
// "line N: VERB: ", CommandRefused).

// SeatedTwice: a SEAT line names a power seated already.
func SeatedTwice(p storm.Power) string { return p.Title() + " is seated twice" }

// NoDeck: a DECK line names a deck the operator does not offer.
func NoDeck(name string, offered []string) string {
	if len(offered) == 0 {
		offered = []string{"none (DECK NONE)"}
	}
	return fmt.Sprintf("no deck %q here; the operator offers: %s", name, strings.Join(offered, ", "))
}

// DeckName names a game's deck file (nil: none).
func DeckName(d *storm.Deck) string {
	if d == nil {
		return "none"
	}
	return fmt.Sprintf("%q (%d cards)", d.Name, len(d.Cards))
}

// The refusals of a game's definition (judge.GameDef.Validate: a
// CREATE's, whose receipt quotes them, and the configuration's).

// BadGameID: id is not a game id.
func BadGameID(id string) string {
	return fmt.Sprintf("game id %q: use 1-32 letters, digits, '-' or '_'", id)
}

// SeatWithoutPower: a seat of game names no power.
func SeatWithoutPower(game string) string { return fmt.Sprintf("game %s: seat without a power", game) }

// PowerSeatedTwice: p is seated twice in game.
func PowerSeatedTwice(game string, p storm.Power) string {
	return fmt.Sprintf("game %s: %s seated twice", game, p)
}

// OpenSeatNeedsModerator: p's seat is open in a game without a
// moderator.
func OpenSeatNeedsModerator(game string, p storm.Power) string {
	return fmt.Sprintf("game %s: an open seat (%s) needs a moderator to hold it until a player joins", game, p)
}

// SeatNotAnAddress: p's seat has no email address.
func SeatNotAnAddress(game string, p storm.Power, addr string) string {
	return fmt.Sprintf("game %s: %s: address %q is not an email address", game, p, addr)
}

// PhysicalNeedsDeck: a physical deck without a deck file.
func PhysicalNeedsDeck(game string) string {
	return fmt.Sprintf("game %s: physical-deck mode needs a deck file (deck)", game)
}

// PhysicalNeedsModerator: a physical deck without a moderator to draw.
func PhysicalNeedsModerator(game string) string {
	return fmt.Sprintf("game %s: physical-deck mode needs a moderator to draw the cards", game)
}

// ModeratorNotAnAddress: a moderator of game is no email address.
func ModeratorNotAnAddress(game, addr string) string {
	return fmt.Sprintf("game %s: moderator %q is not an email address", game, addr)
}

// NotSeated: p has no seat in game; every power is played.
func NotSeated(game string, p storm.Power) string {
	return fmt.Sprintf("game %s: %s is not seated (2.21: every power is played; one address may hold several)", game, p)
}

const (
	// CreateAbsence: an ABSENCE line without MAX.
	CreateAbsence = "in CREATE, ABSENCE MAX <duration> sets the players' limit"
	// NotCreateLine: a line CREATE does not take.
	NotCreateLine = "not a line of CREATE (it takes SEAT, DECK, SEED, DIPLOMACY, CRISIS, DURATION, REMINDERS, NMR, EXTENSIONS, ABSENCE MAX, PRESS, OBSERVE, APPROVAL)"
)

// GameExists: a game master's CREATE of a game that exists.
func GameExists(line int, game string) string {
	return fmt.Sprintf("line %d: game %s exists already: CREATE needs a new game id.", line, game)
}

// NoSeat: the moderator's POWER line names a power without a seat.
func NoSeat(line int, p storm.Power, game string) string {
	return fmt.Sprintf("line %d: %s has no seat in game %s.", line, p.Title(), game)
}

// SecretInReason: the REASON holds whose secret.
func SecretInReason(whose string) string {
	return fmt.Sprintf("REASON: the reason holds %s secret; nothing was done.", whose)
}

// Stale refuses an email for a closed segment: its TURN line pins
// another (Pinned, at Line), or it replies to a mail of a closed segment
// (of version WasVersion, whose state is Was when it could be read;
// before a rollback: RolledBack). Open is the open segment of Game.
type Stale struct {
	Game       string
	Open       storm.State
	Line       int
	Pinned     string
	WasVersion int
	Was        *storm.State
	RolledBack bool
}

// Text is the refusal.
func (st Stale) Text() string {
	s := st.Open
	open := fmt.Sprintf("%s, %s", s.Turn, s.Segment.Title())
	switch {
	case st.Line > 0 && st.Pinned != "":
		return fmt.Sprintf("line %d: this email is for %s, but the open segment of game %s is %s: refused as stale. Send orders for the open segment (TURN %s %s, or no TURN line).",
			st.Line, st.Pinned, st.Game, open, s.Turn, s.Segment)
	case st.RolledBack:
		return fmt.Sprintf("This email replies to a judge's mail sent before the moderator rolled game %s back; the open segment is %s. It is refused as stale. To give the orders for the open segment, add the line TURN %s %s and send again.",
			st.Game, open, s.Turn, s.Segment)
	}
	was := fmt.Sprintf("version %d", st.WasVersion)
	if st.Was != nil {
		was = fmt.Sprintf("%s, %s", st.Was.Turn, st.Was.Segment.Title())
	}
	return fmt.Sprintf("This email replies to the judge's mail for %s, which is closed; the open segment of game %s is %s. It is refused as stale so that orders meant for a closed segment are not taken for the next one. To give them for the open segment, add the line TURN %s %s and send again.",
		was, st.Game, open, s.Turn, s.Segment)
}

// NoDraw refuses a moderator's draw when the game waits for none: its
// deck is the file's (physical false), it has none (noDeck), or the cards
// of the turn are drawn (who orders now).
func NoDraw(s storm.State, noDeck, physical bool, who string) string {
	why := "this game plays its random event deck from the file"
	if noDeck {
		why = "this game has no random event deck"
	} else if physical {
		why = fmt.Sprintf("the cards of %s are drawn; the open segment is %s, in which %s", s.Turn, s.Segment.Title(), who)
	}
	return "There is no draw to give now: " + why + "."
}

// NoOrdersNow: power has no orders to give in s, in which who.
func NoOrdersNow(p storm.Power, s storm.State, who string) string {
	return fmt.Sprintf("%s has no orders to give now: the open segment is %s (%s), in which %s.", p.Title(), s.Segment.Title(), s.Turn, who)
}

// The notes of a receipt for accepted orders or a draw.
const (
	DrawApplied   = "The cards are applied now; the report follows."
	StandingAdded = "These orders for later rounds are added to the orders you sent earlier."
	AllIn         = "All orders are in: the segment is adjudicated now; the report follows."
)

// StandingOnly: the orders are for later rounds only; the judge still
// waits for the power's orders for segment.
func StandingOnly(segment storm.Segment) string {
	return fmt.Sprintf("These are orders for later rounds only: the judge still waits for your orders (or PASS) for %s.", segment.Title())
}

// ReplacedOrders: the orders replace earlier ones for the segment; when
// the other side sent those, by whom (the moderator, or the power's
// player).
func ReplacedOrders(other bool, byModerator bool) string {
	if !other {
		return "These orders replace the ones you sent earlier for this segment."
	}
	if byModerator {
		return "These orders replace the ones sent earlier for this segment by the moderator."
	}
	return "These orders replace the ones sent earlier for this segment by the power's player."
}

// StillWaiting: the powers the segment still waits for.
func StillWaiting(miss []storm.Power) string {
	return fmt.Sprintf("Still waiting for: %s. You may send new orders until then; the last ones count.", Powers(miss))
}

// LateInGrace: orders after the deadline, in zone, in the grace.
func LateInGrace(deadline time.Time, zone string) string {
	return fmt.Sprintf("These orders came after the deadline (%s), in the grace: they are taken, and the miss still counts.", DeadlineText(deadline, zone))
}

// Created is what a game master's CREATE did, in the receipt's lines:
// the game, its seats (open ones for LIST and JOIN), the deck (name, as
// deckName writes it; physical: the moderator draws), the phases played
// and the rules.
type Created struct {
	Game               *store.Game
	Seats              []Seat
	Approval, Physical bool
	Deck               string
	Diplomacy, Crisis  bool
}

// Seat is a seat of a created game: its power and address, or Open,
// or Computer (the computer plays it).
type Seat struct {
	Power    storm.Power
	Address  string
	Open     bool
	Computer bool
}

// Lines are the receipt's lines.
func (c Created) Lines() []string {
	lines := []string{fmt.Sprintf("Game %s is created: the players are welcomed with their secrets, and the moderators' secret goes to you in a mail of its own.", c.Game.ID)}
	var open []storm.Power
	for _, sd := range c.Seats {
		if sd.Open {
			open = append(open, sd.Power)
			lines = append(lines, fmt.Sprintf("  %-8s OPEN (LIST shows it, JOIN takes it)", sd.Power.Title()))
			continue
		}
		if sd.Computer {
			lines = append(lines, ComputerCreated(sd.Power))
			continue
		}
		lines = append(lines, fmt.Sprintf("  %-8s %s", sd.Power.Title(), strings.ToLower(sd.Address)))
	}
	if len(open) > 0 {
		lines = append(lines, fmt.Sprintf("The game waits for players for %s (open seats): it starts when they are taken, or when you START it (the seats still open then stay vacant, held by you). Approval of each player: %s (APPROVAL ON|OFF).", Powers(open), onOff(c.Approval)))
	}
	physical := ""
	if c.Physical {
		physical = ", physical (you draw the cards)"
	}
	lines = append(lines, fmt.Sprintf("Deck: %s%s. Diplomacy %s, crisis %s.", c.Deck, physical, onOff(c.Diplomacy), onOff(c.Crisis)))
	lines = append(lines, "Rules: "+RulesText(c.Game))
	return append(lines, PressRulesText(c.Game.Press))
}

// The moderator's WITHDRAW and SET.
const (
	WithdrawAlone = "WITHDRAW goes without orders or PASS."
	SetAwaitsDraw = "The game waits for your draw of the cards: give the draw first, then SET (or SET DECK FILE alone, to have the judge draw from the deck file)."
	StateFixed    = "The state is fixed now; the report follows."
)

// NothingToWithdraw: p has no orders for segment.
func NothingToWithdraw(p storm.Power, segment storm.Segment) string {
	return fmt.Sprintf("%s has no orders for %s to withdraw.", p.Title(), segment.Title())
}

// Withdrawn announces the moderator's WITHDRAW of p's orders for
// segment.
func Withdrawn(p storm.Power, segment storm.Segment) (subject, line string) {
	return p.Title() + "'s orders withdrawn", fmt.Sprintf("The moderator withdrew %s's orders for %s: %s orders again (or the deadline's rule applies).", p.Title(), segment.Title(), p.Title())
}

// SetAlone: SET at line goes in an email of its own.
func SetAlone(line int) string {
	return fmt.Sprintf("line %d: SET goes in an email of its own, without DRAW or PURGE.", line)
}

// FixWithdrew tells a power its orders are no longer valid after a SET
// (why), in its notice.
func FixWithdrew(why []string) string {
	return "Your orders for this segment were withdrawn: after the fix they are no longer valid (" + strings.Join(why, "; ") + "). Send your orders again."
}

// FixDropped leads the mails of a SET's version: whose orders it
// withdrew; FixDroppedNote says so in the moderator's receipt.
func FixDropped(dropped []string) string {
	return "Orders no longer valid after the fix were withdrawn; these powers order again: " + strings.Join(dropped, ", ") + "."
}

func FixDroppedNote(dropped []string) string {
	return "These powers' orders are no longer valid after the fix and were withdrawn (they must order again): " + strings.Join(dropped, ", ") + "."
}
