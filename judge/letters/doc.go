// Package letters holds the words of every mail the judge writes itself:
// receipts, welcomes, reminders and missed deadlines, announcements, the
// lobby's answers, press, STATUS, HISTORY, HELP, the notice of a mail that
// could not be delivered and the receipt brake's summary. Each letter is a
// data struct and a text/template beside it, in the file of its kind, so
// that its wording is read and changed in one place; the lines several
// letters share (a game's rules, its deadline, who observes it), the lines
// of a receipt the judge's pipeline writes (refusal.go: why an email was
// not read or refused, the notes of accepted orders), the lines it adds
// to a report's lead (lead.go) and what the commands answer, announce and
// refuse (commands.go; the lobby's and an observer's in lobby.go, a
// press's in press.go) are functions and constants here too, and
// so are the one signature (Signature) and the one duration formatter
// (Duration, orders.FormatDuration: the form a player writes back in
// EXTEND or DURATION; OrNone is it with "none" below a minute). The game
// export's durations are Go's (time.Duration.String): data, not prose.
//
// The templates are string constants beside their data struct rather
// than embedded files: a letter's fields and its words are then read
// together, and a letter cannot name a template that is not there (the
// templates are parsed when the package loads; TestEveryLetterRenders
// executes each with its fields full and empty). Where a text is a loop with conditions a template would make
// unreadable (the rows of STATUS and HISTORY), a small Go function writes
// it, here too.
//
// A letter's text is mailed format=flowed (report.Flow; docs/architecture.md,
// "The text part"): a paragraph of prose is one line of its template,
// however long, which Flow wraps with soft breaks; a line break in a
// template ends a paragraph, a list's line or an order line, never a
// sentence (TestEveryLetterRenders checks each letter flowed).
//
// The package does not decide anything: which mail goes to whom, with
// which ID and thread, is the judge's (package judge); the reports and
// notices of a version are the engine's words (package report). A letter
// is given what it says, secrets included: only the welcomes and the
// answer to a JOIN carry one, and the judge seals those in the outbox.
// The package does not import the judge.
package letters
