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
// The watched folder can be replaced: an operator may delete it and create
// it again, with a new UIDVALIDITY, while the session still has the old one
// selected, where no mail will ever arrive. Some servers end such a session
// with BYE (Dovecot usually does, and so does the sandbox's mail server) and
// the Inbox reconnects; others say nothing, and Dovecot's STATUS on the
// selected folder reports its stale view. So before every scan the server
// did not ask for (the poll interval, the keepalive, Poke) the Inbox selects
// the folder again by name: a different UIDVALIDITY makes the scan start
// from the first message, and a folder that is gone fails the SELECT, so the
// Inbox reconnects with backoff until it is back. A replaced folder is
// noticed within one PollInterval, without a restart. Scans triggered by the
// server's own new-mail notice (EXISTS) skip the extra SELECT.
//
// The dispatcher keeps its own copy of the pending mail, read at most every
// 250 ms (on a Kick, a timer, or a temporary failure) and crossed off as
// workers report mails sent or failed, so a backlog of n mails drains in
// time linear in n (BenchmarkOutboxBacklog).
//
// Outbound, an [Outbox] drains the store's transactional outbox over SMTP,
// in the style of mjl-/mox's queue: each attempt is recorded, with the time
// of the next one, in its own transaction before any network I/O; the mail
// is marked sent right after the server accepted it. Up to
// SMTPOptions.Workers mails are in flight at once, each over its own
// connection, so a server that never answers holds up one worker, not every
// mail; a recipient's mails (the first To address) still go out one at a
// time in the order they were queued, except that a mail waiting for its
// retry holds back only the recipient's later mails of its own game, and
// never a reply (a receipt: a mail with In-Reply-To). So a report never
// overtakes the receipt queued before it, and a receipt never waits behind
// a report in backoff. A 5xx reply to RCPT or DATA (other
// than a 5.7.x policy reply) is final: the mail is marked failed and
// SMTPOptions.OnFailed (the judge flags the seat and tells the moderators)
// runs in the same transaction. 4xx replies to RCPT or DATA are retried on
// a backoff schedule until SMTPOptions.GiveUpAfter (default five days) has
// passed since the mail's first failure; its next failure then fails it the
// same way. Failures that are not about the mail (MAIL FROM, connecting,
// logging in, the network) are retried for ever.
//
// # OAuth2 logins
//
// An account that takes no password (Microsoft's, Gmail without app
// passwords) logs in with an access token: IMAPOptions.OAuth2 and
// SMTPOptions.OAuth2 hold an [OAuth2], which asks the token endpoint
// (golang.org/x/oauth2) for a token with the refresh token, keeps it,
// and asks again RefreshMargin before it expires and after a server
// refused it. The mechanism is the server's choice: OAUTHBEARER (RFC 7628)
// when it offers it, else XOAUTH2. A refused login is logged with the
// server's token status and retried like any failed login (the inbox's
// reconnect schedule, the mail's backoff) with a new token; it comes before
// MAIL FROM, so no mail is lost or sent twice. A refresh token the
// endpoint refuses (invalid_grant) says that a new login is needed.
//
// # Message format
//
// [BuildMessage] turns a store.Mail into the bytes the Outbox sends, and
// the Outbox sends exactly those (MAIL FROM the From address, RCPT TO each
// To address). Every mail is multipart/alternative: the text (Body;
// format=flowed when the mail is Flowed) and an HTML part (the mail's own,
// or [PlainHTML] of the text, a small document that shows it in a <pre>
// that wraps on a phone), both UTF-8 in quoted-printable. A mail with
// inline images is multipart/related around that, followed by one base64
// part per image, named by its Content-ID (cid: in the HTML). The
// multipart boundaries are derived from the Message-ID, so the bytes
// depend only on the mail and a resend after a crash is the same message;
// they begin with "=_", which quoted-printable and base64 never put at the
// start of a line, so no text can end a part early. internal/flowed's
// Decode reads a flowed text back as its paragraphs.
//
// # Delivery guarantee
//
// A committed mail is handed to the SMTP server at least once, unless it
// fails as above. It may be handed over more than once: when the process
// dies (or the store cannot commit) after the server replied 250 to the
// mail's data and before MarkSent is committed, and when the connection
// breaks after the data was sent but before the reply arrived (SMTP has no
// way to ask whether a message whose reply was lost was accepted). The
// mail is then sent again, byte for byte the same, so with the same
// Message-ID: at once when the outbox starts again after the crash (an
// attempt the process's end cut off is not the mail's failure; a mail cut
// off by crashes three times in a row keeps its backoff, in case sending
// it is what kills the process), on its retry schedule after a lost reply. Duplicates are dropped by Message-ID only
// where the receiving side does so (the judge's own inbox does; many mail
// servers and clients do not), so a player may see a mail twice. The first
// window is kept short: MarkSent is committed right after the 250 to DATA
// (or to BDAT LAST), before anything else is said to the server; it lasts one store commit
// (an fsync). Sent means accepted by the submission server, not delivered:
// a later bounce comes back to the judge's mailbox as an automatic message.
//
// [IMAPOptions.Hook] and [SMTPOptions.Hook] are fault seams for crash
// tests, [Now] the clock seam of the outbox's tests.
package mailer

import "time"

// Now is the clock the outbox uses for due times and attempts. Tests replace
// it (before starting Run) to step through the backoff schedule.
var Now = time.Now
