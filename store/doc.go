/*
Package store keeps stormjudge's durable data in one bbolt file: games, their
versioned states and event logs, submitted orders, the inbox index, the
outbox of outgoing mail and the audit log.

bbolt stays behind this API: callers see DB, Tx and typed records, never a
bucket or a byte key.

# Transactions

All access goes through closure transactions: DB.Update for writes, DB.View for
reads. Every Tx method works inside Update; the read methods also work inside
View. Whatever fn writes becomes durable (fsync) together when Update returns
nil, or not at all when fn returns an error or panics. Two compositions matter:

Ingesting one email is one Update:

	MarkSeen(DeliveryKey, Delivery) + PutOrders + Audit + Enqueue(receipt)

so a message is applied at most once (inbox idempotence: after a crash before
the commit nothing was applied and the message is fetched again; after the
commit MarkSeen/Seen skip it), and a receipt exists exactly when its orders do.

A delivery is keyed by DeliveryKey: SHA-256 over the Message-ID and a hash
of the content without the trace header fields (Received, Delivered-To,
X-...). The key has a fixed length whatever the sender wrote (bbolt
refuses keys over 32 KiB), the same email offered twice has one key, and a
different email that reuses a Message-ID has another.

Adjudicating one segment is one Update:

	PutState(version+1, state, events) + PutGame(Version+1) + Enqueue(reports) + Audit

so a new state is never visible without its reports queued (transactional
outbox): the mailer sends what is committed, and a crash cannot lose or
duplicate a report.

The mailer moves the IMAP high-water mark (SetMailbox) only after the messages
below it are committed, and records each send attempt (RecordAttempt) in its
own Update before the network I/O, then MarkSent right after the server's 250
to DATA (or BDAT), or MarkError, or MarkFailed. MarkFailed is for a 5xx reply to RCPT
or DATA, or a mail given up (failing since FirstFailed for longer than the
give-up age); the mailer's OnFailed
callback (the judge's DeliveryFailed: seat flag, audit entry, notices to the
moderators) runs inside that same Update, so a failure is never committed
without the notices it causes.

Never start a transaction inside fn: a nested Update deadlocks (bbolt allows
one writer), and an Update inside a View can deadlock when the file must grow.
Keep View transactions short.

# Buckets

Keys are byte strings; "u64" is a big-endian uint64 (so key order is numeric
order); "time" is 12 bytes: Unix seconds with the sign bit flipped, then
nanoseconds (key order is time order, also for the zero time). Values are
JSON unless stated.

	games                         game ID -> Game
	game/<ID>/states              u64 version -> storm.State: a delta on version-1, or whole every 16th (delta.go)
	game/<ID>/events              u64 version -> event log (event.MarshalEvents); absent = none
	game/<ID>/statehistory        u64 version + u64 seq -> ReplacedState (what a PutState overwrote)
	game/<ID>/orders              u64 version + power byte -> OrderRecord (the current submission;
	                              power byte 0: the moderator's draw, PutDraw/Draw)
	game/<ID>/orderhistory        u64 version + power byte + u64 seq -> OrderRecord (replaced submissions)
	deliveries                    DeliveryKey (32 bytes) -> packed(Delivery JSON + "\n" + redacted copy)
	meta                          "schema" -> u64 layout version (4; Open refuses a newer one)
	counters                      name -> u64 (Count/Counter: "dropped", "dropped/<game>")
	mailboxes                     mailbox name -> u32 UIDVALIDITY + u32 last UID (binary)
	outbox                        mail ID -> packed(Mail JSON): the record alone, without Body, HTML, images' sources,
	                              References nor attachments' data ("apart": true while pending, its text in mailtext;
	                              a record stored before schema 4 holds its text inline until next written)
	mailtext                      mail ID -> packed(text JSON: Body, HTML, images' sources, References, attachments),
	                              pending mails only; a Sensitive mail's Body sealed (seal.go); deleted when it is sent or failed
	due                           time NextAttempt + time Created + mail ID -> empty (pending mails only)
	audit/<ID>                    u64 seq (bucket sequence, from 1) -> AuditEntry
	                              (<ID> "*": the judge's own log: strangers, quarantined mail)

"packed" values (states, events, state history, outbox mails, deliveries)
are zstd-compressed when that pays (blob.go: a value starting with the zstd
frame magic is compressed; any other is stored as written, so uncompressed
values of older files read unchanged). A state of about 48 KB of JSON takes
about 5 KB whole; most versions are stored as a delta on the version
before instead (delta.go: zstd with the previous state's JSON as a raw
dictionary, a few hundred bytes), every 16th whole, so a read decodes at
most 16 values. Replacing a version stores the next one whole first; a
rollback deletes newest first; the state history keeps whole states.

Measured on the longest recorded game (rec18: 340 versions to Spring
1950, diplomacy, crisis and a deck, every mail sent) compacted, a stored
version takes about 5 KB in all: states 1.0 KB, events 1.2 KB, orders
0.8 KB, outbox records 1.6 KB, audit 0.2 KB (pages of the file;
`go test ./judge -run TestStorageLongGame -storage.game rec18 -v`).
`stormjudge compact -n` prints the same table for any data file.

Version 0 is the setup (adjudicator.NewGame); each adjudication adds one.
Every version is kept: a rollback lowers Game.Version (PutGame then moves the
orders of later versions to the order history), and re-adjudicating replaces
the later states, whose old values go to the state history. Nothing written is
deleted, except index entries (due), current orders that move to a history,
expired copies of inbound mail (Retention) and the text of every mail once
sent or failed.

# Secrets at rest

No secret is kept in clear. Seats and the moderators' secret are stored as
argon2id hashes (below). An inbound email is never stored as received: its
Delivery keeps the SHA-256 of the original bytes (for audit: the sender's
copy can be proved to be the one handled) and a redacted copy made by the
judge (orders.Redact: the header and the text read, with the rest of every
line that mentions "secret" and every occurrence of the SECRET value
removed). The welcome mails that carry a secret are Sensitive: while one
waits to be sent its body is sealed (AES-256-GCM) under a key kept in its
own file beside the data file (<data>.key, mode 0600, made by Open; seal.go),
and once it is sent or has failed for good the body is dropped, as every
mail's is. A private notice is not sealed while it waits: what it
tells (a power's secret events) is in the stored state anyway. Back up
the key file with the data file: without it a waiting welcome is sent as
a notice that its secret is lost, nothing else is affected.

# Retention and compaction

A mail's text (Body, HTML), its images' sources, its References and its
attachments' data are kept only while it waits to be sent: MarkSent and
MarkFailed keep the record alone (Mail, keptRecord): ID, game, From, To,
Subject, Message-ID, In-Reply-To, times, attempts, the last error, the
attachments' names. The record is kept for good: Enqueue refuses a mail
ID used before (ErrExists), so a mail is never queued twice and a resend
after a crash carries the same Message-ID; the moderators' notice of a
failed mail names its subject (judge.DeliveryFailed). A report's or
notice's subject names the game, the power, the turn and the segment,
never what the notice tells; a receipt's echoes the subject the player
wrote.
What a player asks for again (RESEND, HISTORY) is rendered again from
the stored versions.

A redacted copy of mail to a game is kept while the game runs
(Game.Ended zero; the judge sets it when no power has orders to give any
more, at the end of the game, 33 and 34) and Retention.AfterEnd after it
ended (default 90 days); a copy of other mail (unknown games, automatic
mail) Retention.Other after it arrived (default 30 days). Mail from
strangers and unreadable mail keep no copy at all, only the record. ExpireCopies drops the copies due;
the record without its copy stays, so that the email is still recognised.
The daemon runs it at start and once a day. bbolt reuses freed pages but
never shrinks the file nor clears them: Compact (the `stormjudge compact`
command, daemon stopped) rewrites the file with only the live data, cuts
the new file to its high-water mark (bbolt grows a file by doubling to 16
MiB, then in 16 MiB steps, past what it holds) and uses it only if it is
smaller: compaction never makes the file larger. CompactFile reports the
bytes of every bucket before and after (Stats), and checks that every key
and value made it over before the old file goes.

# Schema

meta/schema says the layout. Open migrates an older file in one
transaction: schema 1 (no meta bucket) kept every raw inbound email,
SECRET lines included, in the bucket "inbox" keyed by Message-ID; Open
turns each into a Delivery without a copy (the store cannot parse mail to
redact it), deletes the bucket, seals a welcome waiting in the outbox,
compresses the stored states, and marks the file compaction-pending
(meta/compact-pending) in the same transaction. It then compacts the file
so that no freed page still holds a raw email, and clears the mark only
once the new file is in place: a compaction that was interrupted is done
at the next Open, and a file that cannot be compacted is not used.

Schema 2 kept the text of sent mail and every state whole: Open drops
the text of every sent or failed mail, stores the states as deltas, and
compacts the file the same way (so that no freed page keeps the text of
a private notice). Readers take both forms of a state.

# Files

<data> is the bbolt file; <data>.key the sealing key (seal.go);
<data>.lock the lock file. Open holds <data>.lock (flock: exclusive, or
shared for ReadOnly) until Close, and Compact holds it exclusively while
it writes <data>.compact and renames it over <data>: a process waiting to
open the store opens the data file only after the rename, never the old
file (bbolt's own lock is on the data file's inode, which Compact
replaces).

A pending mail's text is written once, by Enqueue, and deleted when the
mail leaves the outbox: recording attempts, errors and the sent time
rewrites the small record alone, and the mailer's scheduler reads the
records alone (PendingRecords) and a mail's text only to send it
(WithText).

The due index is maintained by every outbox write in the same transaction, so
Due and Pending read pending mails in NextAttempt, Created, ID order without
scanning sent ones. Failed mails leave the due index like sent ones and are
never attempted again. Reschedule moves a pending mail's NextAttempt without
counting an attempt; the mailer uses it to let a recipient's later mails
follow an earlier one that finally went out.

# Invariants

Check verifies them (tests run it in t.Cleanup):

  - each game has the states of versions 0..Version;
  - current orders exist only for versions <= Version, under their own power;
  - seats name distinct powers and carry a non-empty secret hash; a seat
    the computer plays (Seat.Computer) has no address and is neither open,
    vacant nor in civil disorder;
  - a mail is exactly one of pending (zero Sent and Failed; it has a
    NextAttempt and exactly one due index entry), sent (Sent set) or failed
    (Failed set; LastError holds the server's reply); a sent or failed
    Sensitive mail has lost its body; the due index holds nothing else;
  - a pending mail's text kept apart is in mailtext, which holds nothing
    else (no text of a sent or failed mail);
  - delivery records decode, have a 32-byte key, a time and a hash;
  - states, events and orders belong to an existing game.

PutGame, PutOrders, Enqueue, RecordAttempt and MarkSent enforce the ones that
a single call can break; Check also catches those that span calls (a game
whose Version was raised without its state).

# Secrets

A seat stores HashSecret(secret): argon2id with a random salt, written as a
PHC string ("$argon2id$v=19$m=19456,t=2,p=1$salt$hash") so the parameters can
change without invalidating stored hashes. CheckSecret compares in constant
time.

# Locking

Open takes the lock (above) and waits at most Options.Timeout (default
1 s) for it, so a second daemon on the same file fails with an error
instead of hanging.
*/
package store
