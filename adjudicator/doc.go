// Package adjudicator is the top of stormjudge's rules engine: the sequence
// of play (rule 7.31) over the phase packages below it. It asks who must
// order in the open segment (Required), checks a power's orders (Validate)
// and lists what it may order (Allowed), resolves a segment by dispatching
// to the phase that owns it (Resolve, ResolveDraw for a physical deck),
// keeps standing orders and conditional IF lines for later segments of the
// turn (standing.go), applies a moderator's fixes (ApplyFixes), derives
// the view every report is rendered from (Derive), previews a power's
// state after its orders (Preview), and simulates random games
// (SimulateGame). Where a phase needs what another owns (war's end of the
// game completes the crisis phase's conquests, economy's research options
// are checked by Validate), this package passes it down as a function
// value when it calls the phase: no package-level variable is wired.
//
// The engine does no I/O, reads no clock and owns no global random source:
// every random draw comes from the RNG stored in storm.State, so a game
// replays bit for bit from its orders. docs/architecture.md draws the
// packages and what each may import.
package adjudicator
