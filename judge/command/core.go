package command

import (
	"time"

	"stormjudge/adjudicator/storm"
	"stormjudge/store"
)

// Core is what the commands need of the judge beyond the store, the mail
// (publish.Publisher) and the clock's rules (package deadline): its
// secrets and the two steps of its pipeline a command causes.
type Core interface {
	// Hash hashes a secret the judge made or was given, remembering it
	// as verified (a seat's first email costs no argon2id).
	Hash(secret string) string
	// Verify reports whether secret matches the stored hash.
	Verify(hash, secret string) bool
	// Advance resolves the open segment of g (whose state is s) without
	// orders and commits the result: a waiting game's start.
	Advance(tx *store.Tx, g *store.Game, s storm.State, now time.Time, why string) error
	// Computer makes the orders of the seats the computer plays that
	// must order in g's open segment (s) and have none (REPLACE ...
	// COMPUTER), and returns their powers.
	Computer(tx *store.Tx, g *store.Game, s storm.State, now time.Time) ([]storm.Power, error)
	// Export is g's export at version v (EXPORT).
	Export(tx *store.Tx, g *store.Game, v int) ([]byte, error)
	// LobbyCapHits is how many requests from strangers the lobby's
	// global cap left unanswered since the judge started, and when last
	// (guard.LobbyBudget.CapHits): the moderators' STATUS says it.
	LobbyCapHits() (int, time.Time)
}
