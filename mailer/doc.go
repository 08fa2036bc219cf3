// Package mailer moves mail between the judge and the outside world.
//
// Inbound, an [Inbox] watches one IMAP mailbox (IDLE when the server has it,
// polling otherwise), fetches each message by UID and hands the raw bytes to a
// [Handler]. Only after the Handler has committed the message durably does the
// Inbox record the UID in the store and move the message to the processed
// mailbox. The order matters for crash safety:
//
//	fetch -> Handler commits (dedupe by Message-ID) -> store: lastUID -> MOVE
//
// A crash before the Handler commits leaves the message in the inbox with a
// UID above lastUID: it is fetched and handled again. A crash after the
// Handler committed but before lastUID is stored makes the Handler see the
// message twice; its Message-ID dedupe makes that harmless. A crash after
// lastUID is stored but before the MOVE leaves a message with UID <= lastUID
// in the inbox: the next scan only moves it. When the server's UIDVALIDITY
// changes, UIDs mean nothing any more and the Inbox starts from UID 0 again,
// relying on the same dedupe. Mail is never deleted, only moved.
//
// Outbound, an [Outbox] drains the store's transactional outbox over SMTP,
// in the style of mjl-/mox's queue: each attempt is recorded, with the time
// of the next one, in its own transaction before any network I/O; the mail
// is marked sent only after the server accepted it. A crash between the two
// resends the mail later with the same Message-ID, which receivers and the
// judge's own inbox dedupe on.
//
// [Hook] and [Now] are fault and clock seams for tests.
package mailer

import "time"

// Hook, when not nil, is called at named points of the inbox and outbox
// loops so that crash tests can stop the process exactly there (by
// panicking, cancelling a context, or blocking). Points:
//
//	"inbox-fetched"           raw message fetched, before the Handler
//	"inbox-handled"           Handler returned nil, before the move
//	"inbox-moved"             message moved to the processed mailbox
//	"outbox-attempt-recorded" attempt committed, before SMTP
//	"outbox-sent"             server accepted the mail, before MarkSent
//	"outbox-marked"           MarkSent committed
//
// Set it before starting Run and reset it after Run returned: it is read
// without synchronisation.
var Hook func(point string)

// Now is the clock the outbox uses for due times and attempts. Tests replace
// it (before starting Run) to step through the backoff schedule.
var Now = time.Now

func hook(point string) {
	if h := Hook; h != nil {
		h(point)
	}
}
