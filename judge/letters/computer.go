package letters

import (
	"fmt"

	"stormjudge/adjudicator/storm"
	"stormjudge/store"
)

// The computer player's seats (docs/orders.md "The computer player"):
// the moderator's SEAT ... COMPUTER and REPLACE ... COMPUTER, and civil
// disorder under NMR COMPUTER.

// ComputerAddress is how a seat the computer plays is shown where an
// address would be (STATUS, CREATE's receipt).
const ComputerAddress = "(the computer)"

// SeatAddress is seat's address as the moderators read it: the
// computer's mark for a seat the computer plays.
func SeatAddress(seat store.Seat) string {
	if seat.Computer {
		return ComputerAddress
	}
	return seat.Address
}

// computerPolicy words NMR COMPUTER after n misses in a row: before the
// deadline, once it passed, and to the player who missed.
func computerPolicy(n int) (before, after, yours string) {
	return fmt.Sprintf("powers that have not ordered by then are taken to PASS, and a seat that misses %s in a row is played by the computer until its player writes again", Deadlines(n)),
		fmt.Sprintf("they are taken to PASS, or played by the computer if they have missed %s in a row (NMR COMPUTER)", Deadlines(n)),
		fmt.Sprintf("you are taken to PASS; after %s missed in a row the computer plays your seat until you write again", Deadlines(n))
}

// Deadlines counts n deadlines: "1 deadline", "2 deadlines".
func Deadlines(n int) string {
	if n == 1 {
		return "1 deadline"
	}
	return fmt.Sprintf("%d deadlines", n)
}

// ComputerPlays announces a REPLACE <power> COMPUTER: the computer plays
// p from now on.
func ComputerPlays(p storm.Power) (subject, line string) {
	return p.Title() + " is played by the computer",
		fmt.Sprintf("%s is now played by the computer: its orders appear in the reports as any power's. The old secret no longer works.", p.Title())
}

// NowPlayedByComputer answers a REPLACE <power> COMPUTER.
func NowPlayedByComputer(p storm.Power, ordered bool) string {
	s := fmt.Sprintf("%s is now played by the computer. No mail goes to its seat; its orders and the reason of each are in the game's AUDIT.", p.Title())
	if ordered {
		s += " It has ordered for the open segment already."
	}
	return s
}

// ComputerOrdersStand: the orders the replaced player gave for the open
// segment stand; the computer orders only where none are in.
func ComputerOrdersStand(p storm.Power) string {
	return fmt.Sprintf("%s's orders for the open segment, given before the change, stand: the computer orders from the next segment on.", p.Title())
}

// AlreadyComputer refuses a REPLACE <power> COMPUTER of a seat the
// computer plays already.
func AlreadyComputer(p storm.Power) string {
	return fmt.Sprintf("%s is played by the computer already.", p.Title())
}

// ComputerOpenSeat refuses a REPLACE <power> COMPUTER of an open
// seat: the game waits for players, and the computer takes a seat at
// CREATE (SEAT <power> COMPUTER).
func ComputerOpenSeat(p storm.Power) string {
	return fmt.Sprintf("%s's seat is open: a seat waiting for players is given to the computer at CREATE (SEAT %s COMPUTER), or seated with REPLACE %s <address>.", p.Title(), p, p)
}

// InDisorder is the report's lead when p fell into civil disorder:
// it missed n deadlines in a row.
func InDisorder(p storm.Power, n int) string {
	return fmt.Sprintf("%s has missed %s in a row: the computer plays it until its player writes again.", p.Title(), Deadlines(n))
}

// Disorder tells the player at one address that the computer plays its
// powers now (civil disorder, NMR COMPUTER), and how to come back.
type Disorder struct {
	Game   *store.Game
	State  storm.State
	Powers []storm.Power
	Missed int
	Judge  string
}

var disorderText = parse("disorder", `The deadline of {{.State.Turn}}, {{.State.Segment.Title}}, in game {{.Game.ID}} passed without orders from {{powers .Powers}}: that is {{deadlines .Missed}} missed in a row, and the game's rule (NMR COMPUTER) gives the seat to the computer player. It orders for {{powers .Powers}} from now on, starting with this segment; the other players are told in the report.

The seat is still yours: an email for it to {{.Judge}} with your GAME, POWER and SECRET lines that the judge accepts (orders, PASS, or a command such as STATUS) gives it back to you at once; an email it refuses (its receipt says so) leaves the seat with the computer. Orders you send replace the computer's for the open segment.
{{signature}}`)

// Subject is the notice's subject.
func (d Disorder) Subject() string {
	return "[" + d.Game.ID + "] The computer plays " + Powers(d.Powers) + " until you write again"
}

// Text is the notice.
func (d Disorder) Text() string { return render(disorderText, d) }

// DisorderMissed is the moderators' line on the powers that fell into
// civil disorder at a deadline.
func DisorderMissed(ps []storm.Power) string {
	return fmt.Sprintf("Now played by the computer (civil disorder, NMR COMPUTER) until their players write again: %s.", Powers(ps))
}

// DisorderEnded is the receipt's note to a player back from civil
// disorder.
func DisorderEnded(p storm.Power) string {
	return fmt.Sprintf("You play %s again: the computer no longer orders for it. Orders it gave for the open segment stand until you send yours.", p.Title())
}

// DisorderEndedNotice tells the moderators that p's player came back
// from civil disorder (addr).
func DisorderEndedNotice(game string, p storm.Power, addr string) (subject, body string) {
	return "[" + game + "] " + p.Title() + "'s player is back",
		fmt.Sprintf("%s (%s) wrote again in game %s: the seat is its player's again and the computer no longer orders for it.\n%s", p.Title(), addr, game, Signature)
}

// ComputerSeatNote is STATUS's mark of a seat the computer orders for.
func ComputerSeatNote(seat store.Seat) string {
	switch {
	case seat.Computer:
		return " COMPUTER"
	case seat.Disorder:
		return " CIVIL DISORDER (the computer orders until its player writes)"
	}
	return ""
}

// ComputerCreated is CREATE's receipt line of a seat given to the
// computer.
func ComputerCreated(p storm.Power) string {
	return fmt.Sprintf("  %-8s the computer (no mail; its orders and reasons in AUDIT)", p.Title())
}

// ReplacedOrdersOf says whose orders for the open segment an email's
// replace (old: their record; moderator: the moderator sent it): the
// computer's, or ReplacedOrders.
func ReplacedOrdersOf(old store.OrderRecord, moderator bool) string {
	if old.Computer {
		return "These orders replace the ones the computer gave for this segment."
	}
	return ReplacedOrders(old.ByModerator != moderator, old.ByModerator)
}

// MessageToComputer refuses a MESSAGE to a seat the computer plays: it
// has no address and reads no mail.
func MessageToComputer(p storm.Power) string {
	return fmt.Sprintf("%s is played by the computer, which reads no mail: nothing was sent.", p.Title())
}

// StillDisorder is the note of a refused email's receipt to a player in
// civil disorder: the seat stays the computer's until an email of its
// player is accepted.
func StillDisorder(p storm.Power) string {
	return fmt.Sprintf("The computer still plays %s: an email the judge accepts (orders, PASS, or a command such as STATUS) gives it back to you; a refused one does not.", p.Title())
}

// DisorderUndone is the ROLLBACK's announcement when rolling back to
// version v undid the missed deadline that put ps in civil disorder:
// their players play them again.
func DisorderUndone(ps []storm.Power, v int) string {
	return fmt.Sprintf("The rollback to version %d undid the missed deadline that gave %s to the computer (civil disorder): the computer no longer orders for them, their players do.", v, Powers(ps))
}

// DisorderUndoneOwn is the line of p's notice, sent again after a
// rollback that undid the missed deadline which put p in civil disorder.
func DisorderUndoneOwn(p storm.Power) string {
	return fmt.Sprintf("You play %s again: the rollback undid the missed deadline that gave it to the computer.", p.Title())
}

// NotToComputer is the PRESS receipt's part on the powers the computer
// plays (ps): no press reaches them.
func NotToComputer(ps []storm.Power) string {
	return fmt.Sprintf("Not to %s: played by the computer, which reads no press.", Powers(ps))
}

// PressComputerOnly refuses a PRESS whose every recipient is played by
// the computer (ps).
func PressComputerOnly(ps []storm.Power) string {
	return fmt.Sprintf("nothing was sent: %s played by the computer, which reads no press", isAre(ps))
}

// isAre is "Italy is" or "Italy and France are".
func isAre(ps []storm.Power) string {
	if len(ps) == 1 {
		return Powers(ps) + " is"
	}
	return Powers(ps) + " are"
}
