// Package randomevent plays the random events and the purges: the deck and
// its draws (8.4, 9.1-9.14), the effects of a card as data applied to the
// state (8.5-8.7), events held in hand and played later (PLAY orders), the
// options an event opens, a physical deck's draws entered by the
// moderator (9), and the Great Purge (22). Every phase plays held events,
// so this package sits below the phases: they import it, it imports none
// of them. An event counted toward a civil war (25.3) is counted by track,
// which the diplomatic phase shares.
package randomevent
