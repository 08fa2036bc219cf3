// Package judge is the daemon's core between the mail loops and the rules
// engine: the pipeline an email and the clock go through. It ingests one
// raw email (Ingest: parse, the door that drops strangers unanswered, the
// quarantine of an email it cannot handle), authorizes it (speaker: a
// seat's or the moderators' secret), decides its path (decide, a router
// with one function per path: LIST, an email naming no game or an unknown
// one, CREATE, OBSERVE, JOIN, and a seat's or moderator's email: HELP,
// commands, SET, a draw, WITHDRAW, orders), stores the orders and queues
// the receipt in one transaction; it decides when a segment is ready to
// adjudicate (every required power submitted, or the deadline passed:
// Tick, Adjudicate), adjudicates and commits it (new state, event log,
// every report and notice in one transaction), and sends the reminders and
// the notices of a missed deadline. It replays a game's versions (Replay)
// and exports them (Export). It reads the clock only through Options.Now;
// the rules engine it calls reads none.
//
// It writes no mail's words (letters does), and of the readers it chooses
// only those of its own pipeline's mails: the receipt's sender and copies,
// the reminders' and the missed deadline's powers and moderators, the
// brake's summary; which reports and notices go to whom is publish's.
// Its rooms, which do not import it:
//
//   - guard: the receipt brake, the verified-secret cache, the wrong-secret
//     and the lobby's budgets; pure, the judge stores what they decide;
//   - letters: the words of every mail, as text/templates with their data;
//   - publish: which mail a reader gets (digest or every segment), its
//     envelope, IDs and thread, its pictures and calendar;
//   - command: the commands of the moderators, the players, the lobby and
//     the observers, through command.Core;
//   - deadline: the clock's rules for a game record, which the pipeline
//     and the commands share;
//   - autoplay: the seats the computer player plays and civil disorder:
//     their orders made, stored and audited as a player's, the seat
//     given back to a player who writes again;
//   - export: a game's documented JSON export (Export, the moderators'
//     EXPORT).
package judge
