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

	MarkSeen(message-id, raw) + PutOrders + Audit + Enqueue(receipt)

so a message is applied at most once (inbox idempotence: after a crash before
the commit nothing was applied and the message is fetched again; after the
commit MarkSeen/Seen skip it), and a receipt exists exactly when its orders do.

Adjudicating one segment is one Update:

	PutState(version+1, state, events) + PutGame(Version+1) + Enqueue(reports) + Audit

so a new state is never visible without its reports queued (transactional
outbox): the mailer sends what is committed, and a crash cannot lose or
duplicate a report.

The mailer moves the IMAP high-water mark (SetMailbox) only after the messages
below it are committed, and records each send attempt (RecordAttempt) in its
own Update before the network I/O, then MarkSent or MarkError after it.

Never start a transaction inside fn: a nested Update deadlocks (bbolt allows
one writer), and an Update inside a View can deadlock when the file must grow.
Keep View transactions short.

# Buckets

Keys are byte strings; "u64" is a big-endian uint64 (so key order is numeric
order); "time" is 12 bytes: Unix seconds with the sign bit flipped, then
nanoseconds (key order is time order, also for the zero time). Values are
JSON unless stated.

	games                         game ID -> Game
	game/<ID>/states              u64 version -> adjudicator.State
	game/<ID>/events              u64 version -> event log (adjudicator.MarshalEvents); absent = none
	game/<ID>/statehistory        u64 version + u64 seq -> ReplacedState (what a PutState overwrote)
	game/<ID>/orders              u64 version + power byte -> OrderRecord (the current submission;
	                              power byte 0: the moderator's draw, PutDraw/Draw)
	game/<ID>/orderhistory        u64 version + power byte + u64 seq -> OrderRecord (replaced submissions)
	inbox                         Message-ID -> time + raw RFC 5322 bytes (binary)
	mailboxes                     mailbox name -> u32 UIDVALIDITY + u32 last UID (binary)
	outbox                        mail ID -> Mail
	due                           time NextAttempt + time Created + mail ID -> empty (pending mails only)
	audit/<ID>                    u64 seq (bucket sequence, from 1) -> AuditEntry

Version 0 is the setup (adjudicator.NewGame); each adjudication adds one.
Every version is kept: a rollback lowers Game.Version (PutGame then moves the
orders of later versions to the order history), and re-adjudicating replaces
the later states, whose old values go to the state history. Nothing written is
deleted, except index entries (due) and current orders that move to a history.

The due index is maintained by every outbox write in the same transaction, so
Due and Pending read pending mails in NextAttempt, Created, ID order without
scanning sent ones.

# Invariants

Check verifies them (tests run it in t.Cleanup):

  - each game has the states of versions 0..Version;
  - current orders exist only for versions <= Version, under their own power;
  - seats name distinct powers and carry a non-empty secret hash;
  - a sent mail has a Sent time; a pending one has a NextAttempt and one due
    index entry; the due index holds nothing else;
  - states, events and orders belong to an existing game.

PutGame, PutOrders, Enqueue, RecordAttempt and MarkSent enforce the ones that
a single call can break; Check also catches those that span calls (a game
whose Version was raised without its state).

# Secrets

A seat stores HashSecret(secret): argon2id with a random salt, written as a
PHC string ("$argon2id$v=19$m=19456,t=2,p=1$salt$hash") so the parameters can
change without invalidating stored hashes. CheckSecret compares in constant
time.

# Files

Open takes an exclusive lock on the file and waits at most Options.Timeout
(default 1 s) for it, so a second daemon on the same file fails with an
error instead of hanging.
*/
package store
