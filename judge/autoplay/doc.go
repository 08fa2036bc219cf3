// Package autoplay is the judge's room for the seats the computer player
// plays (docs/orders.md "The computer player"): a seat the moderator gave
// to it (store.Seat.Computer) or one in civil disorder under NMR COMPUTER
// (store.Seat.Disorder). Their orders go through the same door as a
// player's email: computer.Decide writes order lines that orders.Parse
// reads and adjudicator.Validate checks; Orders stores them as the seat's
// order record (From store.ComputerFrom, Computer set), so that replay
// resolves the version alike, and audits them one entry a line with its
// reason (OrdersAction), for the moderators' AUDIT. A fault of the
// policy is no fault of the game: the seat is taken to PASS, the error
// audited and logged.
//
// The judge calls Orders in the transaction that opens a segment (its
// commit), the commands when a seat is given to the computer (REPLACE
// ... COMPUTER, through command.Core), and the judge's Adjudicate for a
// seat still without orders (a game resumed, a seat given to the
// computer by the operator's configuration, a seat fallen into civil
// disorder at the deadline, once its grace is over or the moderator
// forced the segment: Due), before it counts a missed deadline, so that
// a seat the computer plays is never counted as missing. A segment is
// then ready by the judge's usual path, all orders in: one segment an
// Adjudicate. The segments in which only the computer orders are
// adjudicated one after another at once, each in its own transaction,
// by the judge's Tick and after an email it ingests, up to judge.MaxRun
// in a row (the next Tick goes on): a game of computers alone, or one
// person against them, never waits for the clock between them, and the
// run is bounded.
//
// Civil disorder: FallIntoDisorder marks the seats that have missed the
// game's count of deadlines in a row (and the version of that miss,
// store.Seat.DisorderAt, which keeps its grace and which only a ROLLBACK
// that undoes it ends), TellDisorder tells their players
// (once, how to come back) and DisorderLead the report's readers; Reclaim
// gives a seat back to its player who wrote again.
package autoplay
