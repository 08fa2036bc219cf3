// Package war adjudicates the war and the end of the game (32-34): the
// pre-emptive war segment with its threats and concessions (32.8, 32.83),
// the final research (33.2), the end of the game with the war's lines and
// the victory points (33, 34). The thresholds of 32.3-32.7 it reads are
// threshold's. It imports the ground, the tracks and threshold, never
// another phase; the Italian conquests completed at the end are the crisis
// phase's, passed down by package adjudicator when it calls
// ResolveEndOfGame.
package war
