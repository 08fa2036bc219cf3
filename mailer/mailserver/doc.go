// Package mailserver runs the sandbox's embedded mail servers: an IMAP server
// (go-imap v2 imapserver) and an SMTP server (go-smtp), both on loopback,
// without TLS and with plaintext authentication, so that a whole game of
// Gathering Storm can be played on one laptop with any mail client.
//
// Everything lives under Options.Dir and survives a restart, also after
// kill -9 or a power cut. A mailbox changes by appending a record to its
// journal with one fsync (journal.go: the record of a new message carries
// the message, so a delivery costs one fsync and O(1) writes, whatever the
// mailbox holds); every other file is written to a temporary file in the
// same directory, fsynced, renamed over its final name, and the directory
// is fsynced. The on-disk layout is:
//
//	Dir/
//	  lock                         flock(2)ed while a Server runs on Dir
//	  users.json                   {"version":1,"users":[{"address","password",
//	                               "joined"}]}; joined: made on first use
//	  delivered.log                one "recipient TAB sender TAB message-id TAB
//	                               content hash" line per delivery no longer
//	                               listed in an INBOX: duplicate suppression
//	                               (dedupe.go)
//	  mail/<address>/              one directory per user, named by the
//	                               lower-cased address (france@sandbox.test)
//	    user.json                  {"version":1,"lastUIDValidity":N}
//	    mailboxes/<uidvalidity>/   one directory per mailbox, named by its
//	                               UIDVALIDITY, which never changes
//	      index.json               the snapshot: name, uidValidity, uidNext,
//	                               subscribed, the journal's number and per
//	                               message: uid, internal date, flags, the
//	                               dedupe key of a delivery
//	      journal-<n>.log          the changes since the snapshot, one framed
//	                               record each (journal.go)
//	      <uid>.eml                the message as received, one file per UID
//
// A mailbox.json instead of index.json is a mailbox written before the
// journal: it is read as a snapshot and rewritten as index.json.
//
// Invariants and the order of writes that keeps them across a crash:
//
//   - UIDVALIDITY is allocated from user.json's lastUIDValidity, which is
//     saved before the mailbox directory appears; values are strictly
//     increasing and at least the Unix time of creation, so a deleted and
//     re-created mailbox (or a wiped Dir) never reuses one.
//   - A mailbox is created as mailboxes/tmp-<uidvalidity> and renamed into
//     place once its index.json is durable; a deleted mailbox is renamed to
//     mailboxes/deleted-<uidvalidity> before it is removed. Leftover tmp-* and
//     deleted-* directories are removed at start.
//   - index.json and its journal are the source of truth; a change is
//     reported to anyone only once its record is durable. A new message's
//     record holds the message, so its .eml needs no fsync of its own until
//     a checkpoint replaces the journal; an expunged message's record is
//     durable before its file is removed. At start, <uid>.eml files not
//     listed (a crash in between) are removed and those of the journal's
//     messages rewritten from it, so UIDs listed are exactly the messages a
//     client saw; a UID is never reused once a client saw it.
//   - Renaming a mailbox is a record in its journal: the directory name
//     and thus UIDVALIDITY and UIDs are unchanged.
//
// DELETE of a mailbox that other sessions have selected ends those sessions
// with BYE, as Dovecot does: they would otherwise wait on a mailbox where
// nothing arrives any more, while a new mailbox by the same name (with a
// new UIDVALIDITY) receives the mail. A client that reconnects finds it.
//
// An Open server (the sandbox's) accepts any address at its Domain: the
// first mail to a new address, or its first login with its local part as
// password, makes its account and INBOX (join.go), at most
// Options.MaxJoined (default 100) in all, counted across restarts; then
// new addresses are refused as unknown ones, so a flood of made-up
// recipients cannot fill Dir with mailboxes. Other domains are never
// relayed to.
//
// Options.CheckToken makes both servers take OAuth2 logins too
// (OAUTHBEARER, RFC 7628, and XOAUTH2), the token checked by the caller
// (a test's authorization server); without it only passwords log in.
//
// Passwords are stored in plain text in users.json (mode 0600): this is a
// sandbox with well-known demo passwords, not a mail host. Message bodies
// are also held in memory while the server runs.
//
// The IMAP backend is modelled on go-imap's imapmemserver (MIT licence,
// Copyright (c) 2013 The Go-IMAP Authors, (c) 2016 Proton Technologies AG,
// (c) 2023 Simon Ser); files adapted from it carry that notice.
package mailserver
