// Package command runs the commands of an email that passed its checks
// (docs/orders.md, "Commands"): the moderator's (moderatorCommands: one
// function per command), the players' (STATUS, ORDERS, HISTORY, PRESS,
// RESEND, MAIL, TIMEZONE, ABSENCE, EXTEND, RESIGN), the lobby's that a
// moderator gives (START, APPROVE, DECLINE, APPROVAL) and the rules a
// moderator sets, also in CREATE (PressRule, ObserverRule, ApplyRule).
// An email's commands are taken whole or not at all (Run); what they do
// to the store runs after the receipt is queued (Reply.Later).
//
// It reaches the judge through Core (secrets, a game's start, the
// export), never the judge itself; the mail goes through
// publish.Publisher, the words through package letters, the deadlines'
// arithmetic through package deadline. It does not decide whether an
// email is read at all, whom it speaks for, or whether its secret holds:
// that is the judge's (package judge), which calls Run and copies the
// Reply into the email's receipt. The lobby's answers to strangers (LIST,
// JOIN) and an observer's OBSERVE are the judge's ingest paths too: they
// answer mail that no secret vouches for.
package command
