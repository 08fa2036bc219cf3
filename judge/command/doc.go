// Package command runs the commands of an email (docs/orders.md,
// "Commands"): the moderator's and the players' (moderatorCommands and
// playerCommands: one function per command), the lobby's (LIST and JOIN from
// anyone, START, APPROVE, DECLINE, APPROVAL from the moderator), an
// observer's OBSERVE, and the rules a moderator sets, also in CREATE
// (PressRule, ObserverRule, ApplyRule). An email's commands are taken
// whole or not at all (Run); what they do to the store runs after the
// receipt is queued (Reply.Later).
//
// It reaches the judge through Core (secrets, a game's start, the
// export), never the judge itself; the mail goes through
// publish.Publisher, the words through package letters, the deadlines'
// arithmetic through package deadline. It does not decide whether an
// email is read at all, whom it speaks for, or whether its secret holds
// (a JOIN's confirmation is checked by Email.Verify, the judge's check):
// that is the judge's (package judge), which routes the email to Run,
// List, Join or Observe and copies the Reply into the email's receipt.
package command
