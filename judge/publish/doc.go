// Package publish decides which mail of the judge goes to whom, and
// queues it: the reports and notices of a version (Publisher.Publish: a
// seat's digest or every segment's notice, the moderators' reports,
// once a turn for the digest's moderators and the observers), the mail
// IDs and Message-IDs they carry and the thread each reader's mail hangs
// under, the pictures they show (drawn once a version, on demand or
// ahead: Publisher.Inline) and the calendar of the deadline they attach.
//
// It owns the envelope of every mail the judge queues (Publisher.Enqueue,
// Notify, NotifyText): From, Message-ID from the outbox ID, thread. It
// does not own the words: the reports are the engine's (package report),
// every other mail is a letter (package letters); nor when a version is
// made, which is the judge's (package judge), whose transaction it
// writes in. It does not import the judge.
package publish
