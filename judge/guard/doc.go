// Package guard holds the judge's guards against abuse of its mailbox: the
// receipt brake against mail loops (Brake), the verified-secret cache that
// spares a right secret its second argon2id check (SecretCache), the
// per-address budget of failed argon2id checks (SecretBudget), the bound
// on the answers to requests anyone may send, LIST, JOIN and OBSERVE
// (LobbyBudget: per address, and in all for addresses that confirmed
// nothing), and the shape of the
// secrets the judge makes (NewSecret).
//
// The guards are pure: they decide from the values passed in (a brake
// record, the time, an address) and return, or change in the record they
// were given, what the judge is to record. They open no store transaction,
// write no audit line and render no mail: the judge (package judge) reads
// the records, calls the guards and stores what they return in its own
// transaction; the brake's summary is a letter (package letters).
//
// The cache and the budgets live in memory only: a restart forgets them,
// which costs at most one argon2id check per secret, and SecretBurst per
// address, again.
package guard
