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
// seat still without orders (a game resumed, a seat fallen into civil
// disorder at the deadline, once its grace is over: Due). A segment is
// then ready by the judge's usual path, all orders in: one segment an
// Adjudicate, so a game of computers alone moves one segment a Tick and
// never loops.
//
// Civil disorder: FallIntoDisorder marks the seats that have missed the
// game's count of deadlines in a row, TellDisorder tells their players
// (once, how to come back) and DisorderLead the report's readers; Reclaim
// gives a seat back to its player who wrote again.
package autoplay
